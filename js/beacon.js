/**
 * Beacon Lines widget (anywidget entry). The kit (js/shared/) draws the common snapshot and the
 * map's marks; this entry adds Beacon's own parts from `state.extra` (js/PROTOCOL.md): the score
 * line, the choice chips, the region drawing with the reveal, and the round log. It never
 * checks a rule and never sees a hidden choice: Python keeps a locked-in choice to itself until
 * both sides have chosen, then reveals both in one snapshot.
 */
import "./shared/board.css";
import "./beacon/beacon.css";
import { createGameFrame, h, label, mountView, setAttr, setText } from "./shared/index.js";
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
      const extra = state.extra || {};
      const scores = extra.scores || { red: 0, blue: 0 };
      const board = Object.fromEntries((state.scoreboard || []).map((p) => [p.side, p]));
      for (const [el, side] of [
        [red, "red"],
        [blue, "blue"],
      ]) {
        const player = board[side] || {};
        const sideName = label(state, side, side);
        const name = player.name && player.name !== sideName ? `${player.name} (${sideName})` : sideName;
        const wins = player.wins !== undefined ? ` (${label(state, "wins", "wins")} ${player.wins})` : "";
        setText(el, `${name}: ${scores[side] ?? 0}${wins}`);
        // Simultaneous choices: nobody "has the move"; a chip shows who still chooses.
        const choosing = ((extra.choice && extra.choice.sides) || []).some((c) => c.side === side && !c.locked);
        el.classList.toggle("bb-active", choosing && !state.review && !state.outcome);
      }
      setText(middle, extra.round_text || `${extra.round ?? 0} / ${extra.max_rounds ?? ""}`);
      setAttr(element, "aria-label", label(state, "score", "Score"));
    },
  };
}

function createChoicePanel() {
  const element = h("div", { class: "bb-beacon-choice", "aria-live": "polite" });
  return {
    element,
    update(state) {
      const choice = (state.extra && state.extra.choice) || {};
      const items = (choice.sides || []).map((entry) =>
        h("span", { class: `bb-choice-chip${entry.locked ? " bb-locked" : ""}`, "data-side": entry.side, text: entry.text }),
      );
      element.replaceChildren(...items);
      element.hidden = items.length === 0;
    },
  };
}

function setupBeacon({ root, send }) {
  const scoreLine = createScoreLine();
  const choice = createChoicePanel();
  const log = createRoundLog();
  const frame = createGameFrame({
    root,
    send,
    header: [scoreLine.element, choice.element],
    footer: [log.element],
    board: (activate) => createMap({ onActivate: activate }),
    boardClass: "bb-beacon-wrap",
    restartFallback: "Restart",
    undoText: (state) => label(state, "undo", "Undo last round"),
    resultUndoText: (state) => label(state, "undo", "Undo last round"),
    reviewUnit: "round",
  });
  return {
    update(state, previous) {
      scoreLine.update(state);
      choice.update(state);
      log.update(state);
      frame.update(state, previous);
    },
    destroy: frame.destroy,
  };
}

export default {
  render({ model, el }) {
    return mountView({ model, el, game: "beacon", setup: setupBeacon });
  },
};
