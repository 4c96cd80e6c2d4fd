/**
 * Overlay cards over the board: pass (held, then hidden by itself), hint (close), confirm
 * (yes/no) and the result card. `state.event` cards are shown once per event id per view.
 *
 * Only a held pass card blocks board input: both players must see the pass before play goes
 * on. Everything else still reaches Python, which answers with a status message.
 */
import { h, label } from "./dom.js";

const DEFAULT_HOLD_MS = 1200;

/**
 * @param {object} options
 * @param {(msg: object) => void} options.send    model.send
 * @param {HTMLElement} options.root              the widget root (focus only moves inside it)
 * @param {() => void} [options.onIdle]           called when a held card is gone
 */
export function createCardLayer({ send, root, onIdle = () => {} }) {
  const element = h("div", { class: "bb-cards" });
  const seenIds = new Set();
  const passQueue = [];
  let current = null; // {type, id, el, timer}
  let result = null; // {el, key}
  let lastState = null;
  let firstUpdate = true;

  function focusWasInside() {
    const active = root.ownerDocument.activeElement;
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
    const hadFocus = cardEl.contains(root.ownerDocument.activeElement);
    cardEl.remove();
    if (!element.firstChild) element.classList.remove("bb-cards-open");
    if (hadFocus) {
      const square = root.querySelector('.bb-square[tabindex="0"]');
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

  function showEvent(event) {
    const state = lastState || {};
    const text = String(event.text || "");
    if (event.type === "pass") {
      const el = card("pass", [h("p", { class: "bb-card-text", text })], { role: "alert" });
      const hold = Number.isFinite(event.hold_ms) && event.hold_ms >= 0 ? event.hold_ms : DEFAULT_HOLD_MS;
      current = { type: "pass", id: event.id, el, timer: null };
      current.timer = setTimeout(() => {
        closeCurrent({ dismiss: true });
        next();
      }, hold);
      mount(el);
      return;
    }
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
    // "hint" and any future informational type: text + close.
    const close = h("button", {
      type: "button",
      class: "bb-button bb-primary",
      text: label(state, "close", "Close"),
      onClick: () => {
        closeCurrent({ dismiss: true });
        next();
      },
    });
    const el = card(event.type === "hint" ? "hint" : "info", [h("p", { class: "bb-card-text", text }), h("div", { class: "bb-card-buttons" }, [close])], {
      labelText: text,
    });
    current = { type: event.type, id: event.id, el, timer: null };
    mount(el, { focus: true });
  }

  function next() {
    if (current && current.type === "pass") return; // held: wait for its timer
    const event = passQueue.shift();
    if (event) {
      closeCurrent({ dismiss: false });
      showEvent(event);
    } else {
      onIdle();
    }
  }

  return {
    element,
    /** Show `state.event` if this view has not shown its id yet. */
    update(state) {
      lastState = state;
      const opening = firstUpdate;
      firstUpdate = false;
      const event = state.event;
      if (!event || typeof event !== "object" || event.id === undefined || event.id === null) return;
      if (seenIds.has(event.id)) return;
      seenIds.add(event.id);
      // A pass announces a moment: a view that opens later (re-display, reload) must not replay
      // it, nor hold the board; the status line still says who passed.
      if (opening && event.type === "pass") return;
      if (current && current.type === "pass") {
        passQueue.push(event); // consecutive passes: each is announced in turn
        return;
      }
      closeCurrent({ dismiss: false });
      showEvent(event);
    },
    /** True while a pass card is held: board input is ignored meanwhile. */
    isBlocking() {
      return Boolean(current && current.type === "pass");
    },
    /** True while a pass card is held or queued (the result card waits for it). */
    isHolding() {
      return Boolean(current && current.type === "pass") || passQueue.length > 0;
    },
    /**
     * Show the result card. `actions` is a list of {text, intent?|onClick?, primary?}.
     * `key` identifies the result, so re-showing the same one is a no-op.
     */
    showResult({ key, title, detail, why, actions, closeText, onClose }) {
      if (result && result.key === key) return;
      this.hideResult();
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
          this.hideResult();
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
      result = { key, el };
      mount(el, { focus: true });
    },
    hideResult() {
      if (!result) return;
      const { el } = result;
      result = null;
      unmount(el);
    },
    resultKey() {
      return result ? result.key : null;
    },
    destroy() {
      if (current && current.timer) clearTimeout(current.timer);
      current = null;
      passQueue.length = 0;
      element.replaceChildren();
    },
  };
}

/**
 * What every game's result card shows: Python's title, detail and "why" line, and the three ways
 * on (review from the start, undo = 待って続ける, next game). `remember(key)` is called when the
 * card is closed or the review is chosen, so the view does not show the same result again.
 */
export function resultCard(state, { key, undoText, remember }) {
  const o = state.outcome;
  return {
    key,
    title: o.title || "",
    detail: o.detail || "",
    why: o.why || "",
    closeText: label(state, "close", "Close"),
    onClose: () => remember(key),
    actions: [
      { name: "review", text: label(state, "review", "Review"), intent: { kind: "review", ply: 0 }, onClick: () => remember(key) },
      { name: "undo_continue", text: undoText, intent: { kind: "undo" } },
      { name: "new_game", text: label(state, "new_game", "New game"), intent: { kind: "new_game" }, primary: true },
    ],
  };
}
