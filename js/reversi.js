/**
 * Reversi board widget (anywidget entry). Draws the Python snapshot (js/PROTOCOL.md) and
 * sends intents; it never checks a rule: every square click goes to Python, which answers.
 */
import "./shared/board.css";
import "./reversi/reversi.css";
import {
  createBoardGrid,
  createCardLayer,
  createGameActions,
  createReviewBar,
  createSettingsPanel,
  resultCard,
  createStatusLine,
  h,
  label,
  mountView,
  prefersReducedMotion,
  setAttr,
  setText,
} from "./shared/index.js";
import { createScoreBar } from "./reversi/scorebar.js";
import { flipDelays, paintSquare } from "./reversi/discs.js";

/** Milliseconds between two rings of flips (nearest first). */
export const FLIP_STAGGER_MS = 90;
/** Counting at the end: at most this long for all discs, then the result card. */
const COUNT_TOTAL_MS = 1600;
const COUNT_PAUSE_MS = 450;
/** Durations of the CSS animations in js/reversi/reversi.css. */
const FLIP_MS = 360;
const PLACE_MS = 220;

/** The ply the board shows: the review position while reviewing, else the game's end. */
function shownPly(state) {
  return state.review ? state.review.ply : state.ply;
}

function resultKey(state) {
  const o = state.outcome;
  return `${state.ply}|${o.winner}|${o.title || ""}|${o.detail || ""}`;
}

function setupReversi({ root, send }) {
  let state = null;
  let countTimer = null;
  let countingKey = null;
  const closedResults = new Set();

  const scoreBar = createScoreBar();
  const cards = createCardLayer({ send, root, onIdle: () => maybeShowResult() });
  const grid = createBoardGrid({
    className: "bb-reversi-grid",
    paintSquare,
    onActivate: (square) => {
      if (cards.isBlocking()) return; // the pass card holds the board for its time
      send({ kind: "play", square });
    },
  });
  grid.attachOverlay(cards.element);
  const boardWrap = h("div", { class: "bb-board-wrap" }, [grid.element]);
  const status = createStatusLine();

  const actions = createGameActions({
    send,
    hideRestartWhenOver: true,
    undoText: (state, over) => (over ? label(state, "undo_continue", "Undo and continue") : label(state, "undo", "Undo")),
  });
  const reviewBar = createReviewBar({ send, unit: "move" });

  const settings = createSettingsPanel({ send });
  root.append(scoreBar.element, boardWrap, status.element, reviewBar.element, actions.element, settings.element);

  function stopCounting() {
    if (countTimer) clearInterval(countTimer);
    countTimer = null;
    countingKey = null;
    for (const disc of root.querySelectorAll(".bb-disc.bb-glow")) disc.classList.remove("bb-glow");
    scoreBar.showCounts(null);
  }

  function maybeShowResult() {
    if (!state || !state.outcome || state.review || countTimer || cards.isHolding()) return;
    const key = resultKey(state);
    if (closedResults.has(key)) return;
    const undoText = label(state, "undo_continue", "Undo and continue");
    cards.showResult(resultCard(state, { key, undoText, remember: (k) => closedResults.add(k) }));
  }

  /**
   * The counted ending: after the last move's flips have played (`afterMs`), discs glow one by
   * one (black, then white) while the score counts up; then the result card.
   */
  function startCounting(afterMs = 0) {
    const sides = (state.scoreboard || []).map((entry) => entry.side);
    const order = [];
    for (const side of sides) {
      state.cells.forEach((cell, index) => {
        if (cell === side) order.push({ side, index });
      });
    }
    if (order.length === 0 || prefersReducedMotion()) {
      maybeShowResult();
      return;
    }
    const counts = Object.fromEntries(sides.map((side) => [side, 0]));
    const squares = grid.squares();
    const step = Math.max(12, Math.min(60, Math.floor(COUNT_TOTAL_MS / order.length)));
    let position = -Math.ceil(afterMs / step);
    countingKey = resultKey(state);
    countTimer = setInterval(() => {
      if (position < 0) {
        position += 1;
        return;
      }
      if (position < order.length) {
        const { side, index } = order[position];
        const disc = squares[index] && squares[index].querySelector(".bb-disc");
        if (disc) disc.classList.add("bb-glow");
        counts[side] += 1;
        scoreBar.showCounts(counts);
        position += 1;
        return;
      }
      if (position >= order.length + Math.ceil(COUNT_PAUSE_MS / step)) {
        clearInterval(countTimer);
        countTimer = null;
        scoreBar.showCounts(null);
        maybeShowResult();
        return;
      }
      position += 1;
    }, step);
  }

  /**
   * The move to animate between two snapshots, or null. Normally `last_move` (one ply on);
   * when a pass follows in the same snapshot (the human's move, then the opponent's forced
   * pass), `last_move` is the pass, so the move is read off the two boards instead: the one
   * newly filled square and the discs that changed colour. Drawing only, no rule involved.
   */
  function moveToAnimate(previous) {
    if (!previous || Boolean(previous.review) !== Boolean(state.review)) return null;
    const steps = shownPly(state) - shownPly(previous);
    if (steps < 1 || steps > 2) return null;
    const move = state.last_move;
    if (steps === 1 && move && move.square) return { square: move.square, flips: move.flips || [] };
    if (!Array.isArray(previous.cells) || previous.cells.length !== state.cells.length) return null;
    const filled = [];
    const flips = [];
    state.cells.forEach((cell, index) => {
      const before = previous.cells[index];
      if (before === "" && cell !== "") filled.push(state.coords[index]);
      else if (before !== "" && cell !== "" && before !== cell) flips.push(state.coords[index]);
    });
    return filled.length === 1 ? { square: filled[0], flips } : null;
  }

  /** Start the place/flip animations; returns how long they take (ms). */
  function animateMove(move) {
    if (prefersReducedMotion()) return 0;
    let longest = PLACE_MS;
    const placed = grid.square(move.square);
    if (placed) restartAnimation(placed.querySelector(".bb-disc"), "bb-place", 0);
    for (const [coord, delay] of flipDelays(state, move, FLIP_STAGGER_MS)) {
      const square = grid.square(coord);
      const disc = square && square.querySelector(".bb-disc");
      if (!disc) continue;
      const to = square.dataset.piece;
      restartAnimation(disc, to === "white" ? "bb-flip-to-white" : "bb-flip-to-black", delay);
      longest = Math.max(longest, delay + FLIP_MS);
    }
    return longest;
  }

  function restartAnimation(el, className, delayMs) {
    if (!el) return;
    el.classList.remove("bb-place", "bb-flip-to-white", "bb-flip-to-black");
    el.style.setProperty("--bb-delay", `${delayMs}ms`);
    void el.offsetWidth; // restart the CSS animation even when the class was already there
    el.classList.add(className);
  }

  function update(next, previous) {
    state = next;
    const settingsState = state.settings || {};
    root.classList.toggle("bb-show-dots", settingsState.show_dots !== false);
    setAttr(root, "data-to-move", state.to_move || null);
    root.classList.toggle("bb-reviewing", Boolean(state.review));

    scoreBar.update(state);
    grid.update(state);
    status.update(state);
    settings.update(state);

    const over = Boolean(state.outcome);
    actions.update(state);
    const review = state.review;
    reviewBar.update(state);

    const move = moveToAnimate(previous);
    const animationMs = move ? animateMove(move) : 0;

    // Game end: count first (only when the end happens in front of this view), then the card.
    if (!over || review) {
      if (countTimer || countingKey) stopCounting();
      cards.hideResult();
      if (!over) closedResults.clear();
    } else if (countingKey !== resultKey(state) && cards.resultKey() !== resultKey(state)) {
      const justEnded = previous && !previous.outcome && !previous.review;
      if (countTimer) stopCounting();
      if (justEnded) startCounting(animationMs);
      else maybeShowResult();
    }

    cards.update(state);
    if (over && !review && !countTimer) maybeShowResult();
  }

  return {
    update,
    destroy() {
      if (countTimer) clearInterval(countTimer);
      countTimer = null;
      cards.destroy();
      grid.destroy();
    },
  };
}

// Only a default export: anywidget warns that a named `render` export is deprecated.
export default {
  render({ model, el }) {
    return mountView({ model, el, game: "reversi", setup: setupReversi });
  },
};
