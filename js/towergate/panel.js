/**
 * Tower Gate's own parts around the kit's frame: the blessings and turn line above the board,
 * the legend under it (the last square clicked or focused: Python's legend text and a small
 * stack of its levels, bottom to top, each with its colour's mark), the 「竣工」 stamp, the
 * first-use tutorial cards and the buttons to start and to run the tutorial again. Every text
 * comes from the snapshot (`state.extra`, `state.labels`, each square's `legend`).
 */
import { activeElementIn, h, label, setAttr, setText } from "../shared/index.js";
import { paintPicture } from "./towers.js";

const SIDES = new Set(["terracotta", "blue"]);

/** The blessings of both sides and the turn count. */
export function createInfoBar() {
  const blessings = h("div", { class: "bb-tg-blessings" });
  const turn = h("span", { class: "bb-tg-turn" });
  const element = h("div", { class: "bb-tg-info" }, [blessings, turn]);
  let key = "";
  return {
    element,
    update(state) {
      const extra = state.extra || {};
      const list = Array.isArray(extra.blessings) ? extra.blessings : [];
      const next = JSON.stringify(list.map((b) => [b.side, b.text, b.about, b.used]));
      if (next !== key) {
        key = next;
        blessings.replaceChildren(
          ...list.map((b) =>
            h("span", {
              class: `bb-tg-blessing${b.used ? " bb-tg-used" : ""}`,
              "data-side": SIDES.has(b.side) ? b.side : "",
              "data-blessing": b.id || "none",
              title: b.about || null,
              text: b.text || "",
            }),
          ),
        );
      }
      setText(turn, extra.turn_text || "");
    },
  };
}

/** The legend under the board: what the last activated (or focused) square holds. */
export function createLegend() {
  const title = h("span", { class: "bb-tg-legend-title" });
  const text = h("span", { class: "bb-tg-legend-text" });
  const stack = h("span", { class: "bb-tg-legend-stack", "aria-hidden": "true" });
  const element = h("div", { class: "bb-tg-legend", "aria-live": "polite" }, [title, stack, text]);
  let squareId = null;
  let lastState = null;

  function find(state, id) {
    const squares = state && state.board && Array.isArray(state.board.squares) ? state.board.squares : [];
    return squares.find((sq) => sq && sq.id === id) || null;
  }

  function draw() {
    const state = lastState || {};
    setText(title, `${label(state, "legend", "Legend")}:`);
    const square = squareId ? find(state, squareId) : null;
    element.dataset.legendSquare = square ? square.id : "";
    if (!square) {
      setText(text, label(state, "legend_hint", "Click any square to see its height and levels."));
      stack.replaceChildren();
      return;
    }
    setText(text, typeof square.legend === "string" ? square.legend : String(square.id));
    const levels = Array.isArray(square.levels) ? square.levels.filter((s) => SIDES.has(s)) : [];
    stack.replaceChildren(
      ...levels.map((colour, k) =>
        h("span", {
          class: `bb-tg-chip${square.dome && k === 3 ? " bb-tg-chip-dome" : ""}`,
          "data-colour": colour,
          text: colour === "terracotta" ? "●" : "■",
        }),
      ),
    );
  }

  return {
    element,
    /** Show square `id` (a click, Enter or focus on it). */
    show(id) {
      squareId = id;
      draw();
    },
    get square() {
      return squareId;
    },
    /** The legend text now shown (the notice equal to it is not repeated). */
    text() {
      return squareId ? text.textContent : "";
    },
    update(state) {
      lastState = state;
      draw();
    },
  };
}

/** The 「竣工」 stamp over the board (a win: `extra.stamp`). */
export function createStamp() {
  const element = h("div", { class: "bb-tg-stamp", "aria-hidden": "true", hidden: true });
  return {
    element,
    update(state, { allowed = true } = {}) {
      const stamp = state.extra && typeof state.extra.stamp === "string" ? state.extra.stamp : "";
      const show = Boolean(stamp) && Boolean(state.outcome) && !state.review && allowed;
      setText(element, stamp);
      element.hidden = !show;
    },
  };
}

/**
 * The tutorial: a few cards over the board, each with a small picture of what it explains
 * (`card.picture`, drawn like the board's squares), a visible Close (×) and Skip. Open by
 * itself on first use (`extra.tutorial.first_use`) until closed; `open()` runs it again.
 */
export function createTutorial({ root }) {
  const heading = h("h3", { class: "bb-tg-tutorial-title" });
  const count = h("span", { class: "bb-tg-tutorial-count" });
  const picture = h("div", { class: "bb-tg-mini", role: "img" });
  const body = h("p", { class: "bb-card-text bb-tg-tutorial-text" });
  const closeButton = h("button", { type: "button", class: "bb-card-close", "data-action": "tutorial-close", text: "×", onClick: () => close() });
  const prev = h("button", { type: "button", class: "bb-button", "data-action": "tutorial-prev", onClick: () => go(-1) });
  const skip = h("button", { type: "button", class: "bb-button bb-tg-skip", "data-action": "tutorial-skip", onClick: () => close() });
  const next = h("button", { type: "button", class: "bb-button bb-primary", "data-action": "tutorial-next", onClick: () => go(1) });
  const card = h("div", { class: "bb-card bb-card-info bb-tg-tutorial-card", role: "dialog", "aria-modal": "false" }, [
    closeButton,
    count,
    heading,
    picture,
    body,
    h("div", { class: "bb-card-buttons" }, [prev, skip, next]),
  ]);
  const element = h("div", { class: "bb-cards bb-tg-tutorial", hidden: true }, [card]);
  element.addEventListener("keydown", (event) => {
    if (event.key === "Escape") {
      event.preventDefault();
      close();
    }
  });
  let page = 0;
  let open = false;
  let closedFirstUse = false;
  let held = false; // the settings card comes first
  let auto = false; // opened by itself for a first use (closes when play has begun)
  let lastState = null;

  function cards() {
    const tutorial = (lastState && lastState.extra && lastState.extra.tutorial) || {};
    return Array.isArray(tutorial.cards) ? tutorial.cards : [];
  }

  function draw() {
    const tutorial = (lastState && lastState.extra && lastState.extra.tutorial) || {};
    const list = cards();
    element.hidden = !open || held || list.length === 0;
    element.classList.toggle("bb-cards-open", !element.hidden);
    if (element.hidden) return;
    page = Math.max(0, Math.min(page, list.length - 1));
    const current = list[page] || {};
    setText(heading, current.title || "");
    setText(body, current.text || "");
    setText(count, `${page + 1} / ${list.length}`);
    const art = current.picture && Array.isArray(current.picture.squares) ? current.picture : null;
    picture.hidden = !art;
    if (art) {
      paintPicture(picture, art);
      setAttr(picture, "aria-label", art.alt || null);
    }
    card.setAttribute("aria-label", tutorial.title || "Tutorial");
    const closeText = tutorial.close || label(lastState, "close", "Close");
    setAttr(closeButton, "aria-label", closeText);
    setAttr(closeButton, "title", closeText);
    setText(prev, tutorial.prev || "Previous");
    prev.disabled = page === 0;
    setText(skip, tutorial.skip || "Skip");
    const last = page === list.length - 1;
    skip.hidden = last; // on the last card, the primary button closes it
    setText(next, last ? tutorial.done || "Play" : tutorial.next || "Next");
  }

  function go(step) {
    const list = cards();
    if (step > 0 && page >= list.length - 1) {
      close();
      return;
    }
    page += step;
    draw();
    if (!next.disabled) next.focus();
  }

  function close() {
    const hadFocus = element.contains(activeElementIn(root));
    open = false;
    auto = false;
    closedFirstUse = true;
    draw();
    if (hadFocus) {
      const square = root.querySelector('[data-square][tabindex="0"]');
      if (square) square.focus();
    }
  }

  return {
    element,
    get isOpen() {
      return open && !held;
    },
    open({ focus = true } = {}) {
      open = true;
      auto = false;
      page = 0;
      draw();
      if (focus) next.focus();
    },
    close,
    /** Keep the cards back while another card (the settings) is over the board; released,
     * an open tutorial takes the focus (returns true). */
    hold(value) {
      const was = held;
      held = Boolean(value);
      draw();
      if (was && !held && open) {
        next.focus();
        return true;
      }
      return false;
    },
    update(state) {
      lastState = state;
      const tutorial = (state.extra && state.extra.tutorial) || {};
      if (tutorial.first_use && !closedFirstUse && !open && !state.outcome) {
        open = true;
        auto = true;
        page = 0;
      }
      if (!tutorial.first_use && open && auto) {
        open = false; // the first move has been played: the cards have done their work
        auto = false;
      }
      draw();
    },
  };
}

/**
 * The settings card of a new `TowerGate()` (`extra.settings_card`, sent while the match is
 * not started), as the original page begins: the kit's mode bar (the CPU's level, both
 * blessings, the setup; each change is a settings intent as usual) moved onto a card over the
 * board, and 「対局を始める」. The board is inert under it, and nobody moves. Start sends
 * `{kind: "start"}` (the game begins: a CPU that plays first moves then), puts the settings
 * back under the board and gives it the focus (`onStart` returns true when it gave the focus
 * elsewhere: a first use's tutorial).
 */
export function createSettingsCard({ root, send, onStart }) {
  const heading = h("h3", { class: "bb-card-title" });
  const text = h("p", { class: "bb-tg-settings-text" });
  const slot = h("div", { class: "bb-tg-settings-slot" });
  const start = h("button", { type: "button", class: "bb-button bb-primary bb-tg-start", "data-action": "start", onClick: () => finish() });
  const card = h("div", { class: "bb-card bb-card-info bb-tg-settings-card", role: "dialog", "aria-modal": "false" }, [
    heading,
    text,
    slot,
    h("div", { class: "bb-card-buttons" }, [start]),
  ]);
  const element = h("div", { class: "bb-cards bb-tg-settings", hidden: true }, [card]);
  let started = false;
  let home = null; // where the mode bar lives when the card is closed

  function board() {
    return root.querySelector(".bb-board-wrap .bb-grid");
  }

  function show(open) {
    element.hidden = !open;
    element.classList.toggle("bb-cards-open", open);
    const grid = board();
    if (grid) grid.inert = open;
    const bar = root.querySelector(".bb-modebar");
    if (open && bar && bar.parentNode !== slot) {
      home = { parent: bar.parentNode, next: bar.nextSibling };
      slot.append(bar);
    } else if (!open && bar && bar.parentNode === slot && home) {
      home.parent.insertBefore(bar, home.next);
      home = null;
    }
  }

  function finish() {
    started = true;
    send({ kind: "start" });
    show(false);
    if (onStart()) return; // the tutorial's first card took the focus
    const square = root.querySelector('[data-square][tabindex="0"]');
    if (square) square.focus();
  }

  return {
    element,
    get isOpen() {
      return !element.hidden;
    },
    update(state) {
      const ask = state.extra && state.extra.settings_card;
      // Python keeps sending the card until the game starts; once Start is pressed here it
      // stays closed while that answer is on its way.
      const open = !started && Boolean(ask) && !state.outcome && !state.review;
      if (ask) {
        setText(heading, ask.title || "");
        setText(text, ask.text || "");
        setText(start, ask.start || label(state, "start", "Start the game"));
        card.setAttribute("aria-label", ask.title || "");
      }
      const wasOpen = !element.hidden;
      show(open);
      if (open && !wasOpen) start.focus({ preventScroll: true });
    },
  };
}
