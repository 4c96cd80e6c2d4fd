// Loaded after require.js and before @jupyter-widgets/html-manager's embed-amd.js (see
// nb_ipywidgets_js in _config.yml). Points require.js at the anywidget front end this site
// serves itself, so boards render from their saved state with no CDN.
(function () {
  var script = document.currentScript;
  var src = script.src.split("?")[0];
  var base = src.slice(0, src.lastIndexOf("/") + 1);
  window.require.config({
    paths: {
      anywidget: base + "anywidget/index",
      // Lets the manager's bundle find its icon fonts (webpack derives its public path from
      // the module's URL), which build.py puts in html-manager/dist/.
      "@jupyter-widgets/html-manager": base + "html-manager",
    },
  });
  // The widget manager falls back to the CDN named by the last `data-jupyter-widgets-cdn`
  // attribute for modules require.js cannot load; name this site instead, so a missing file
  // shows up as a local 404 rather than a silent download from the internet.
  script.setAttribute("data-jupyter-widgets-cdn", base + "npm/");
  window.__jupyter_widgets_assets_path__ = base + "html-manager/dist/";
})();
