/**
 * Glue between an anywidget model and a game view: builds the root once, redraws from
 * `model.get("state")` on every `change:state`, and returns the cleanup anywidget calls when
 * the view goes away (listeners off, timers cleared, DOM removed).
 *
 * Keys never reach the host: every key event inside the widget stops at its root, and the root
 * carries `data-lm-suppress-shortcuts`, so JupyterLab's command-mode shortcuts (`a`, `b`,
 * `d d`, `m`, …) cannot fire while a square, a tray item, a button or a card has focus.
 */
import { h } from "./dom.js";

/** True when the person asked the system for less motion (animations are skipped). */
export function prefersReducedMotion(win = globalThis.window) {
  return Boolean(win && win.matchMedia && win.matchMedia("(prefers-reduced-motion: reduce)").matches);
}

/** Key events that must not bubble out of the widget to the notebook's shortcut handler. */
export const STOPPED_KEY_EVENTS = ["keydown", "keyup", "keypress"];

function stopKey(event) {
  event.stopPropagation();
}

/**
 * @param {object} options
 * @param {object} options.model   the anywidget model (get/on/off/send)
 * @param {HTMLElement} options.el the element anywidget gives the view
 * @param {string} options.game    game name: root class `bb-<game>`
 * @param {(ctx: {root: HTMLElement, send: Function}) => {update: Function, destroy?: Function}} options.setup
 */
export function mountView({ model, el, game, setup }) {
  const root = h("div", { class: `bb-root bb-${game}`, "data-lm-suppress-shortcuts": "true" });
  for (const type of STOPPED_KEY_EVENTS) root.addEventListener(type, stopKey);
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
    if (!state || typeof state !== "object" || Array.isArray(state)) return;
    const lang = (state.settings && state.settings.lang) || model.get("lang") || "en";
    root.setAttribute("lang", lang);
    root.classList.toggle("bb-is-busy", Boolean(state.busy));
    try {
      view.update(state, previous);
    } catch (error) {
      // One snapshot the view cannot draw must not stop the next ones (the page reports it).
      console.error("boardbook: could not draw the state", error);
    }
    previous = state;
  };

  model.on("change:state", redraw);
  redraw();

  return () => {
    model.off("change:state", redraw);
    if (view.destroy) view.destroy();
    for (const type of STOPPED_KEY_EVENTS) root.removeEventListener(type, stopKey);
    root.remove();
    el.classList.remove("bb-host");
  };
}
