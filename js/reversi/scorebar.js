/**
 * The score above the board: both players in a fixed order (only the disc icons swap sides
 * between games), current disc counts, games won, and a marker on the side to move.
 */
import { h, label, setAttr, setText, winsText } from "../shared/index.js";

export function createScoreBar() {
  const element = h("div", { class: "bb-scorebar", role: "group" });
  let entries = [];
  let shownCounts = null;
  let shownWins = null;
  let lastState = null;

  function build(count) {
    element.replaceChildren();
    entries = [];
    for (let i = 0; i < count; i += 1) {
      const icon = h("span", { class: "bb-score-disc", role: "img" });
      const name = h("span", { class: "bb-score-name" });
      const wins = h("span", { class: "bb-score-wins" });
      const discs = h("span", { class: "bb-score-count" });
      const chip = h("div", { class: "bb-score", "data-player": i }, [
        icon,
        h("span", { class: "bb-score-who" }, [name, wins]),
        discs,
      ]);
      entries.push({ chip, icon, name, wins, discs });
      element.append(chip);
    }
  }

  function draw() {
    const state = lastState;
    const board = Array.isArray(state.scoreboard) ? state.scoreboard : [];
    if (board.length !== entries.length) build(board.length);
    setAttr(element, "aria-label", label(state, "score", "Score"));
    board.forEach((player, i) => {
      const { chip, icon, name, wins, discs } = entries[i];
      const active = Boolean(state.to_move) && player.side === state.to_move && !state.review;
      chip.dataset.side = player.side;
      chip.classList.toggle("bb-active", active);
      setAttr(chip, "aria-current", active ? "true" : null);
      setAttr(icon, "aria-label", label(state, player.side, player.side));
      setText(name, player.name);
      // "1 win" / "3 wins" / "3勝" (singular and plural from Python's labels).
      const won = shownWins && player.side in shownWins ? shownWins[player.side] : player.wins;
      setText(wins, winsText(state, won ?? 0));
      const count = shownCounts && player.side in shownCounts ? shownCounts[player.side] : player.count;
      setText(discs, count);
      discs.classList.toggle("bb-counting", Boolean(shownCounts));
    });
  }

  return {
    element,
    update(state) {
      lastState = state;
      draw();
    },
    /**
     * Override the displayed disc counts (and games won) while the ending is counted
     * (null: the real ones).
     */
    showCounts(counts, wins = null) {
      shownCounts = counts ? { ...counts } : null;
      shownWins = counts && wins ? { ...wins } : null;
      if (lastState) draw();
    },
  };
}
