/**
 * Beacon Lines widget (anywidget entry). The kit (js/shared/) draws the common snapshot and the
 * map's marks; this entry adds Beacon's own parts from `state.extra` (js/PROTOCOL.md): the score
 * line, the choice chips, the region drawing with the reveal, and the round log. It never
 * checks a rule and never sees a hidden choice: Python keeps a locked-in choice to itself until
 * both sides have chosen, then reveals both in one snapshot.
 */
import "./shared/board.css";
import "./beacon/beacon.css";
import { createGameFrame, h, label, mountView, setAttr, setText, winsText } from "./shared/index.js";
import { createMap } from "./beacon/map.js";
import { createRoundLog } from "./beacon/log.js";

/**
 * The header: the points as one line that never wraps ("● Red 4 · ■ Blue 2", the side still
 * choosing underlined), and below it, smaller, the round and each player's games won
 * ("You (Red): 1 win"), so a point total never reads as a win count.
 */
function createScoreLine() {
  const side = (name) => {
    const mark = h("span", { class: "bb-score-mark", "aria-hidden": "true" });
    const title = h("span", { class: "bb-score-name" });
    const points = h("span", { class: "bb-score-points" });
    return { element: h("span", { class: "bb-beacon-score", "data-side": name }, [mark, title, " ", points]), title, points };
  };
  const red = side("red");
  const blue = side("blue");
  const points = h("div", { class: "bb-beacon-points" }, [red.element, h("span", { class: "bb-score-sep", "aria-hidden": "true", text: "·" }), blue.element]);
  const round = h("span", { class: "bb-beacon-round" });
  const games = { red: h("span", { class: "bb-beacon-games", "data-side": "red" }), blue: h("span", { class: "bb-beacon-games", "data-side": "blue" }) };
  const meta = h("div", { class: "bb-beacon-meta" }, [round, games.red, games.blue]);
  const element = h("div", { class: "bb-beacon-scoreline", role: "group" }, [points, meta]);
  return {
    element,
    update(state) {
      const extra = state.extra || {};
      const scores = extra.scores || { red: 0, blue: 0 };
      const board = Object.fromEntries((state.scoreboard || []).map((p) => [p.side, p]));
      const choosingSides = ((extra.choice && extra.choice.sides) || []).filter((c) => !c.locked).map((c) => c.side);
      for (const [entry, name] of [
        [red, "red"],
        [blue, "blue"],
      ]) {
        const sideName = label(state, name, name === "red" ? "Red" : "Blue");
        setText(entry.title, sideName);
        setText(entry.points, String(scores[name] ?? 0));
        // Simultaneous choices: nobody "has the move"; the underline shows who still chooses.
        const choosing = choosingSides.includes(name) && !state.review && !state.outcome;
        entry.element.classList.toggle("bb-active", choosing);
        const player = board[name];
        // Japanese takes full-width brackets and colon: 「あなた（赤）：1勝」.
        const ja = (state.settings && state.settings.lang) === "ja";
        const [open, close, colon] = ja ? ["（", "）", "："] : [" (", ")", ": "];
        const who = player && player.name && player.name !== sideName ? `${player.name}${open}${sideName}${close}` : sideName;
        setText(games[name], player ? `${who}${colon}${winsText(state, player.wins ?? 0)}` : "");
        games[name].hidden = !player;
      }
      setText(round, extra.round_text || `${extra.round ?? 0} / ${extra.max_rounds ?? ""}`);
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
    destroy() {
      log.destroy();
      frame.destroy();
    },
  };
}

export default {
  render({ model, el }) {
    return mountView({ model, el, game: "beacon", setup: setupBeacon });
  },
};
