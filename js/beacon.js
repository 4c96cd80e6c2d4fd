/**
 * Beacon Lines widget (anywidget entry). Draws the Python snapshot (js/PROTOCOL.md plus the
 * Beacon keys `map`, `scores`, `round`, `choice`, `reveal`, `log`) and sends intents. It never
 * checks a rule and never sees a hidden choice: Python keeps a locked-in choice to itself until
 * both sides have chosen, then reveals both in one snapshot.
 */
import "./shared/board.css";
import "./beacon/beacon.css";
import {
  createCardLayer,
  createGameActions,
  createReviewBar,
  createSettingsPanel,
  resultCard,
  createStatusLine,
  h,
  label,
  mountView,
  setAttr,
  setText,
} from "./shared/index.js";
import { createMap } from "./beacon/map.js";
import { createRoundLog } from "./beacon/log.js";

function createScoreLine() {
  const red = h("span", { class: "bb-beacon-score", "data-side": "red" });
  const blue = h("span", { class: "bb-beacon-score", "data-side": "blue" });
  const middle = h("span", { class: "bb-beacon-round" });
  const element = h("div", { class: "bb-beacon-scoreline", role: "group" }, [red, middle, blue]);
  return {
    element,
    update(state) {
      const scores = state.scores || { red: 0, blue: 0 };
      const board = Object.fromEntries((state.scoreboard || []).map((p) => [p.side, p]));
      for (const [el, side] of [
        [red, "red"],
        [blue, "blue"],
      ]) {
        const player = board[side] || {};
        const sideName = label(state, side, side);
        const name = player.name && player.name !== sideName ? `${player.name} (${sideName})` : sideName;
        const wins = player.wins !== undefined ? ` (${label(state, "wins", "wins")} ${player.wins})` : "";
        setText(el, `${name}: ${scores[side]}${wins}`);
        el.classList.toggle("bb-active", state.to_move === side && !state.review);
      }
      setText(middle, state.round_text || `${state.round} / ${state.max_rounds}`);
      setAttr(element, "aria-label", label(state, "score", "Score"));
    },
  };
}

function createChoicePanel() {
  const element = h("div", { class: "bb-beacon-choice", "aria-live": "polite" });
  return {
    element,
    update(state) {
      const choice = state.choice || {};
      const items = (choice.sides || []).map((entry) =>
        h("span", { class: `bb-choice-chip${entry.locked ? " bb-locked" : ""}`, "data-side": entry.side, text: entry.text }),
      );
      element.replaceChildren(...items);
      element.hidden = items.length === 0;
    },
  };
}

function setupBeacon({ root, send }) {
  let state = null;
  const closedResults = new Set();

  const scoreLine = createScoreLine();
  const choice = createChoicePanel();
  const cards = createCardLayer({ send, root, onIdle: () => maybeShowResult() });
  const map = createMap({ onActivate: (square) => send({ kind: "play", square }) });
  const boardWrap = h("div", { class: "bb-board-wrap bb-beacon-wrap" }, [map.element, cards.element]);
  const status = createStatusLine();
  const log = createRoundLog();

  const actions = createGameActions({
    send,
    restartFallback: "Restart",
    undoText: (state) => label(state, "undo", "Undo last round"),
  });
  const reviewBar = createReviewBar({ send, unit: "round" });

  const settings = createSettingsPanel({ send, cpuOnly: ["level", "human"] });
  root.append(scoreLine.element, choice.element, boardWrap, status.element, reviewBar.element, actions.element, log.element, settings.element);

  function resultKey() {
    const o = state.outcome;
    return `${state.ply}|${o.winner}|${o.title || ""}|${o.detail || ""}`;
  }

  function maybeShowResult() {
    if (!state || !state.outcome || state.review || cards.isHolding()) return;
    const key = resultKey();
    if (closedResults.has(key)) return;
    const undoText = label(state, "undo", "Undo last round");
    cards.showResult(resultCard(state, { key, undoText, remember: (k) => closedResults.add(k) }));
  }

  function update(next) {
    state = next;
    setAttr(root, "data-to-move", state.to_move || null);
    root.classList.toggle("bb-reviewing", Boolean(state.review));
    scoreLine.update(state);
    choice.update(state);
    map.update(state);
    status.update(state);
    log.update(state);
    settings.update(state);

    const over = Boolean(state.outcome);
    actions.update(state);
    const review = state.review;
    reviewBar.update(state);

    if (!over || review) {
      cards.hideResult();
      if (!over) closedResults.clear();
    }
    cards.update(state);
    if (over && !review) maybeShowResult();
  }

  return {
    update,
    destroy() {
      cards.destroy();
    },
  };
}

function render({ model, el }) {
  return mountView({ model, el, game: "beacon", setup: setupBeacon });
}

export default { render };
