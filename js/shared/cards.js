/**
 * Overlay cards over the board: forced (a move made for a side: held `hold_ms`, then hidden by
 * itself), hint (close), confirm (yes/no), info (close), and the result card.
 * `state.event` cards are shown once per event id per view.
 *
 * Only a held forced card blocks input: both players must see the forced move before play goes
 * on. Events arriving while one is held wait in the queue and are shown in turn. A question or
 * a hint arriving over the result card shows in front of it (the result comes back after).
 */
import { activeElementIn, h, label } from "./dom.js";

const DEFAULT_HOLD_MS = 1200;

/**
 * @param {object} options
 * @param {(msg: object) => void} options.send    model.send
 * @param {HTMLElement} options.root              the widget root (focus only moves inside it)
 * @param {() => void} [options.onIdle]           called when no event card is open any more
 */
export function createCardLayer({ send, root, onIdle = null }) {
  const element = h("div", { class: "bb-cards" });
  const seenIds = new Set();
  const queue = [];
  const idleListeners = onIdle ? [onIdle] : [];
  let current = null; // {type, id, el, timer}
  let result = null; // {el, key}
  let lastState = null;
  let firstUpdate = true;

  function focusWasInside() {
    const active = activeElementIn(root);
    return Boolean(active && root.contains(active));
  }

  function mount(cardEl, { focus } = {}) {
    const hadFocus = focusWasInside();
    element.append(cardEl);
    element.classList.add("bb-cards-open");
    if (focus && hadFocus) {
      const target = cardEl.querySelector("button");
      if (target) target.focus();
    }
  }

  function unmount(cardEl) {
    const hadFocus = cardEl.contains(activeElementIn(root));
    cardEl.remove();
    if (!element.firstChild) element.classList.remove("bb-cards-open");
    if (hadFocus) {
      const square = root.querySelector('[data-square][tabindex="0"]');
      if (square) square.focus();
    }
  }

  function closeCurrent({ dismiss }) {
    if (!current) return;
    const { id, el, timer } = current;
    if (timer) clearTimeout(timer);
    current = null;
    unmount(el);
    if (dismiss) send({ kind: "dismiss", id });
  }

  function card(type, children, { role = "dialog", labelText } = {}) {
    return h(
      "div",
      {
        class: `bb-card bb-card-${type}`,
        role,
        "aria-modal": role === "dialog" ? "false" : null,
        "aria-label": labelText || null,
      },
      children,
    );
  }

  function closeButton(state, { primary = true } = {}) {
    return h("button", {
      type: "button",
      class: `bb-button${primary ? " bb-primary" : ""}`,
      text: label(state, "close", "Close"),
      onClick: () => {
        closeCurrent({ dismiss: true });
        next();
      },
    });
  }

  function showEvent(event) {
    const state = lastState || {};
    const text = String(event.text || "");
    if (event.type === "forced") {
      const el = card("forced", [h("p", { class: "bb-card-text", text })], { role: "alert" });
      const hold = Number.isFinite(event.hold_ms) && event.hold_ms >= 0 ? event.hold_ms : DEFAULT_HOLD_MS;
      current = { type: "forced", id: event.id, el, timer: null };
      current.timer = setTimeout(() => {
        closeCurrent({ dismiss: true });
        next();
      }, hold);
      mount(el);
      return;
    }
    hideResultCard(); // a question must never wait, unseen, behind the result card
    if (event.type === "confirm") {
      const yes = h("button", {
        type: "button",
        class: "bb-button bb-primary",
        text: label(state, "yes", "Yes"),
        onClick: () => {
          const intent = event.yes && typeof event.yes === "object" ? event.yes : { kind: "restart", confirmed: true };
          closeCurrent({ dismiss: false });
          send(intent);
          next();
        },
      });
      const no = h("button", {
        type: "button",
        class: "bb-button",
        text: label(state, "no", "No"),
        onClick: () => {
          closeCurrent({ dismiss: true });
          next();
        },
      });
      const el = card("confirm", [h("p", { class: "bb-card-text", text }), h("div", { class: "bb-card-buttons" }, [yes, no])], {
        labelText: text,
      });
      current = { type: "confirm", id: event.id, el, timer: null };
      mount(el, { focus: true });
      return;
    }
    // "hint", "info" and any future informational type: text + close.
    const type = event.type === "hint" ? "hint" : "info";
    const el = card(type, [h("p", { class: "bb-card-text", text }), h("div", { class: "bb-card-buttons" }, [closeButton(state)])], {
      labelText: text,
    });
    current = { type: event.type, id: event.id, el, timer: null };
    mount(el, { focus: true });
  }

  function next() {
    if (current && current.type === "forced") return; // held: wait for its timer
    const event = queue.shift();
    if (event) {
      closeCurrent({ dismiss: false });
      showEvent(event);
    } else if (!current) {
      for (const listener of idleListeners) listener();
    }
  }

  function hideResultCard() {
    if (!result) return;
    const { el } = result;
    result = null;
    unmount(el);
  }

  return {
    element,
    /** Call `listener` whenever the last event card has gone (the result card may show then). */
    onIdle(listener) {
      idleListeners.push(listener);
    },
    /** Show `state.event` if this view has not shown its id yet. */
    update(state) {
      lastState = state;
      const opening = firstUpdate;
      firstUpdate = false;
      const event = state.event;
      if (!event || typeof event !== "object" || event.id === undefined || event.id === null) return;
      if (seenIds.has(event.id)) return;
      seenIds.add(event.id);
      // A forced move announces a moment: a view that opens later (re-display, reload) must not
      // replay it, nor hold the board; the status line still says what happened.
      if (opening && event.type === "forced") return;
      if (current && current.type === "forced") {
        queue.push(event); // consecutive forced moves: each is announced in turn
        return;
      }
      closeCurrent({ dismiss: false });
      showEvent(event);
    },
    /** True while a forced card is held: input is ignored meanwhile. */
    isBlocking() {
      return Boolean(current && current.type === "forced");
    },
    /** True while a forced card is held or events wait (the result card waits for them). */
    isHolding() {
      return Boolean(current && current.type === "forced") || queue.length > 0;
    },
    /** True while any event card (forced, hint, confirm, info) is open. */
    hasCard() {
      return Boolean(current) || queue.length > 0;
    },
    /**
     * Show the result card. `actions` is a list of {name, text, intent?|onClick?, primary?}.
     * `key` identifies the result, so re-showing the same one is a no-op.
     */
    showResult({ key, title, detail, why, actions, closeText, onClose }) {
      // The same result in other words (the language changed): redrawn in place.
      const words = JSON.stringify([title, detail, why, closeText, actions.map((action) => action.text)]);
      if (result && result.key === key && result.words === words) return;
      hideResultCard();
      const buttons = actions.map((action) =>
        h("button", {
          type: "button",
          class: `bb-button${action.primary ? " bb-primary" : ""}`,
          text: action.text,
          "data-action": action.name || null,
          onClick: () => {
            if (action.onClick) action.onClick();
            if (action.intent) send(action.intent);
          },
        }),
      );
      const close = h("button", {
        type: "button",
        class: "bb-card-close",
        "aria-label": closeText,
        title: closeText,
        text: "×",
        onClick: () => {
          hideResultCard();
          if (onClose) onClose();
        },
      });
      const el = card(
        "result",
        [
          close,
          h("h3", { class: "bb-card-title", text: title || "" }),
          detail ? h("p", { class: "bb-card-detail", text: detail }) : null,
          why ? h("p", { class: "bb-card-why", text: why }) : null,
          h("div", { class: "bb-card-buttons" }, buttons),
        ],
        { labelText: title || "" },
      );
      result = { key, el, words };
      mount(el, { focus: true });
    },
    hideResult: hideResultCard,
    resultKey() {
      return result ? result.key : null;
    },
    destroy() {
      if (current && current.timer) clearTimeout(current.timer);
      current = null;
      queue.length = 0;
      idleListeners.length = 0;
      element.replaceChildren();
    },
  };
}
