/**
 * Glue between an anywidget model and a game view: builds the root once, redraws from the
 * state the model's parts make (./model.js) whenever a message brings a new one, and returns
 * the cleanup anywidget calls when the view goes away (listeners off, timers cleared, DOM
 * removed).
 *
 * Keys never reach the host: every key event inside the widget stops at its root, and the root
 * carries `data-lm-suppress-shortcuts`, so JupyterLab's command-mode shortcuts (`a`, `b`,
 * `d d`, `m`, …) cannot fire while a square, a tray item, a button or a card has focus.
 *
 * A board whose kernel is gone says so instead of looking alive. JupyterLab's widget manager
 * marks every model `comm_live = false` when the kernel restarts (ManagerBase.disconnect),
 * which triggers `comm_live_update` on the model. anywidget's `model.on` passes the event
 * through and registers the listener with the view as its context, so the listener reads
 * `this.model.comm_live` (the proxy itself hides it). Some hosts also put
 * `jupyter-widgets-disconnected` on the view's element (DOMWidgetView._comm_live_update).
 * Hosts that never mark it (or a kernel that died) are caught by the answer counter: Python
 * bumps the synced `answered` trait after every intent, even one that changes nothing.
 */
import { h, label, setAttr, setText } from "./dom.js";
import { STATE_TRAITS, readState, stateReader } from "./model.js";

/** How long an intent may go unanswered before the board says the kernel is not answering. */
export const NO_ANSWER_MS = 6000;
/** The class JupyterLab's widget views carry while their model's comm is not live. */
export const DISCONNECTED_CLASS = "jupyter-widgets-disconnected";

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
/**
 * Tell Python that a page draws this board (`_drawn`): it then leaves the notebook's saved
 * picture alone, since an updated output would be drawn again from scratch. A page with no
 * kernel (a saved notebook's widget state) cannot tell, and needs not.
 */
export function markDrawn(model) {
  try {
    if (model.get("_drawn") === false) {
      model.set("_drawn", true);
      model.save_changes();
    }
  } catch (error) {
    // no kernel to tell
  }
}

export function mountView({ model, el, game, setup }) {
  const root = h("div", { class: `bb-root bb-${game}`, "data-lm-suppress-shortcuts": "true" });
  for (const type of STOPPED_KEY_EVENTS) root.addEventListener(type, stopKey);
  el.classList.add("bb-host");
  el.append(root);

  const offline = h("div", { class: "bb-offline", role: "alert", hidden: true });
  let commGone = false;
  let unanswered = false;
  let waiting = null;
  const showOffline = () => {
    const state = readState(model) || {};
    let text = "";
    if (commGone) text = label(state, "disconnected", "This board is no longer connected: run the cell again.");
    else if (unanswered) text = label(state, "no_answer", "The kernel is not answering. If it was restarted, run the cell again.");
    setText(offline, text);
    offline.hidden = !text;
    root.classList.toggle("bb-disconnected", commGone);
  };
  let commLive = null; // the model's comm_live as last reported (null: never reported)
  const checkComm = () => {
    const marked = el.classList.contains(DISCONNECTED_CLASS) || Boolean(el.closest && el.closest(`.${DISCONNECTED_CLASS}`));
    const gone = commLive === false || marked;
    if (gone !== commGone) {
      commGone = gone;
      showOffline();
    }
  };
  const answered = () => {
    clearTimeout(waiting);
    waiting = null;
    if (unanswered) {
      unanswered = false;
      showOffline();
    }
  };
  // Backbone calls a listener with the context anywidget registered it under: the view, whose
  // `model.comm_live` says whether the comm still reaches a kernel (the proxy hides it).
  function onCommLive() {
    const real = this && this.model;
    if (real && typeof real.comm_live === "boolean") commLive = real.comm_live;
    checkComm();
    setTimeout(checkComm, 0);
  }

  const send = (message) => {
    // Only a kernel that syncs `answered` can be timed (an older one answers unchanged
    // intents with no sync at all).
    if (waiting === null && model.get("answered") !== undefined) {
      waiting = setTimeout(() => {
        waiting = null;
        unanswered = true;
        checkComm();
        showOffline();
      }, NO_ANSWER_MS);
    }
    checkComm();
    try {
      model.send(message);
    } catch (error) {
      // A closed comm (kernel restarted) must not break the page; the board just stops talking.
      console.warn("boardbook: could not send", message, error);
    }
  };

  const view = setup({ root, send });
  root.prepend(offline);
  let previous = null;
  const nextState = stateReader(model);

  const redraw = () => {
    const state = nextState();
    if (!state) return;
    const lang = (state.settings && state.settings.lang) || model.get("lang") || "en";
    // Set only when it changes: setting `lang` again restyles the whole board (:lang()).
    setAttr(root, "lang", lang);
    root.classList.toggle("bb-is-busy", Boolean(state.busy));
    try {
      view.update(state, previous);
    } catch (error) {
      // One snapshot the view cannot draw must not stop the next ones (the page reports it).
      console.error("boardbook: could not draw the state", error);
    }
    previous = state;
  };

  const onState = () => {
    answered();
    redraw();
  };
  for (const name of STATE_TRAITS) model.on(`change:${name}`, onState);
  model.on("change:answered", answered);
  model.on("comm_live_update", onCommLive);
  redraw();
  checkComm();
  markDrawn(model);

  return () => {
    for (const name of STATE_TRAITS) model.off(`change:${name}`, onState);
    model.off("change:answered", answered);
    model.off("comm_live_update", onCommLive);
    clearTimeout(waiting);
    if (view.destroy) view.destroy();
    for (const type of STOPPED_KEY_EVENTS) root.removeEventListener(type, stopKey);
    root.remove();
    el.classList.remove("bb-host");
  };
}
