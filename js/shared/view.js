/**
 * Glue between an anywidget model and a game view: builds the root once, redraws from
 * `model.get("state")` on every `change:state`, and returns the cleanup anywidget calls when
 * the view goes away (listeners off, timers cleared, DOM removed).
 */
import { h } from "./dom.js";

/** True when the person asked the system for less motion (animations are skipped). */
export function prefersReducedMotion(win = globalThis.window) {
  return Boolean(win && win.matchMedia && win.matchMedia("(prefers-reduced-motion: reduce)").matches);
}

/**
 * @param {object} options
 * @param {object} options.model   the anywidget model (get/on/off/send)
 * @param {HTMLElement} options.el the element anywidget gives the view
 * @param {string} options.game    game name: root class `bb-<game>`
 * @param {(ctx: {root: HTMLElement, send: Function}) => {update: Function, destroy?: Function}} options.setup
 */
export function mountView({ model, el, game, setup }) {
  const root = h("div", { class: `bb-root bb-${game}` });
  el.classList.add("bb-host");
  el.append(root);

  const send = (message) => {
    try {
      model.send(message);
    } catch (error) {
      // A closed comm (kernel restarted) must not break the page; the board just stops talking.
      console.warn("boardbook: could not send", message, error);
    }
  };

  const view = setup({ root, send });
  let previous = null;

  const redraw = () => {
    const state = model.get("state");
    if (!state || typeof state !== "object" || !Array.isArray(state.coords)) return;
    const lang = (state.settings && state.settings.lang) || model.get("lang") || "en";
    root.setAttribute("lang", lang);
    root.classList.toggle("bb-is-busy", Boolean(state.busy));
    view.update(state, previous);
    previous = state;
  };

  model.on("change:state", redraw);
  redraw();

  return () => {
    model.off("change:state", redraw);
    if (view.destroy) view.destroy();
    root.remove();
    el.classList.remove("bb-host");
  };
}
