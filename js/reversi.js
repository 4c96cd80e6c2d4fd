/**
 * Reversi board widget (anywidget entry). The kit (js/shared/) draws the snapshot
 * (js/PROTOCOL.md) and sends intents; this entry adds only Reversi's own drawing: the discs,
 * the score bar, the flips (nearest first) and the counted ending. It never checks a rule.
 */
import "./shared/board.css";
import "./reversi/reversi.css";
import { createBoardGrid, createGameFrame, gridOf, mountView, prefersReducedMotion } from "./shared/index.js";
import { createScoreBar } from "./reversi/scorebar.js";
import { boardIds, flipDelays, paintSquare, pieceOf } from "./reversi/discs.js";

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

/**
 * The move to animate between two snapshots, or null. Normally `last_move` (one ply on); when
 * a forced pass follows in the same snapshot (the human's move, then the opponent's pass),
 * `last_move` is the pass, so the move is read off the two boards instead: the one newly filled
 * square and the discs that changed colour. Drawing only, no rule involved.
 */
export function moveToAnimate(state, previous) {
  if (!previous || Boolean(previous.review) !== Boolean(state.review)) return null;
  const steps = shownPly(state) - shownPly(previous);
  if (steps < 1 || steps > 2) return null;
  const move = state.last_move;
  if (steps === 1 && move && !move.forced && Array.isArray(move.squares) && move.squares.length > 0) {
    return { square: move.squares[0], flips: (move.marks && move.marks.flips) || [] };
  }
  const before = gridOf(previous);
  const after = gridOf(state);
  if (!before || !after || before.squares.length !== after.squares.length) return null;
  const ids = boardIds(after);
  const filled = [];
  const flips = [];
  after.squares.forEach((square, index) => {
    const was = pieceOf(before.squares[index]);
    const now = pieceOf(square);
    if (was === "" && now !== "") filled.push(ids[index]);
    else if (was !== "" && now !== "" && was !== now) flips.push(ids[index]);
  });
  return filled.length === 1 ? { square: filled[0], flips } : null;
}

const ANIMATION_CLASSES = ["bb-place", "bb-flip-to-white", "bb-flip-to-black"];

/**
 * Start the CSS animations of one move: `jobs` is a list of [disc, class, delay ms]. A disc
 * whose last animation has ended (its class removed, see discs.js) starts by just getting the
 * class. Only a disc still animating needs a restart, which takes a layout in between; those
 * share ONE forced layout, never one per disc (a page-wide layout in JupyterLab costs ms).
 */
function startAnimations(jobs) {
  const again = jobs.filter(([disc]) => disc.bbAnimating);
  if (again.length > 0) {
    for (const [disc] of again) disc.classList.remove(...ANIMATION_CLASSES);
    void again[0][0].offsetWidth; // one reflow restarts them all
  }
  for (const [disc, className, delayMs] of jobs) {
    disc.style.setProperty("--bb-delay", `${delayMs}ms`);
    disc.classList.add(className);
    disc.bbAnimating = true; // until animationend (discs.js)
  }
}

function setupReversi({ root, send }) {
  const scoreBar = createScoreBar();
  let grid = null;

  /** Start the place/flip animations; returns how long they take (ms). */
  function animateMove(state, move) {
    if (prefersReducedMotion()) return 0;
    let longest = PLACE_MS;
    const jobs = [];
    const placed = grid.square(move.square);
    const placedDisc = placed && placed.querySelector(".bb-disc");
    if (placedDisc) jobs.push([placedDisc, "bb-place", 0]);
    for (const [id, delay] of flipDelays(state.board, move, FLIP_STAGGER_MS)) {
      const square = grid.square(id);
      const disc = square && square.querySelector(".bb-disc");
      if (!disc) continue;
      jobs.push([disc, square.dataset.piece === "white" ? "bb-flip-to-white" : "bb-flip-to-black", delay]);
      longest = Math.max(longest, delay + FLIP_MS);
    }
    startAnimations(jobs);
    return longest;
  }

  /**
   * The counted ending: after the last move's flips have played (`delayMs`), discs glow one by
   * one (black, then white) while the score counts up; then `done()` (the result card).
   */
  function countDiscs(state, done, { delayMs, previous }) {
    // The games won stay as they were until the count is done (the result is not given away).
    const winsBefore = Object.fromEntries(((previous && previous.scoreboard) || []).map((p) => [p.side, p.wins]));
    const sides = (state.scoreboard || []).map((entry) => entry.side);
    const squares = grid.squares();
    const order = [];
    const board = gridOf(state);
    for (const side of sides) {
      (board ? board.squares : []).forEach((square, index) => {
        if (pieceOf(square) === side) order.push({ side, index });
      });
    }
    if (order.length === 0 || prefersReducedMotion()) {
      done();
      return null;
    }
    // While the last move's flips play, the bar shows the score before that move: neither the
    // final count nor the new win shows before the counting.
    const countsBefore = Object.fromEntries(((previous && previous.scoreboard) || []).map((p) => [p.side, p.count]));
    scoreBar.showCounts(countsBefore, winsBefore);
    const counts = Object.fromEntries(sides.map((side) => [side, 0]));
    const step = Math.max(12, Math.min(60, Math.floor(COUNT_TOTAL_MS / order.length)));
    let position = -Math.ceil(delayMs / step);
    root.classList.add("bb-counting");
    let timer = setInterval(() => {
      if (position < 0) {
        position += 1;
        return;
      }
      if (position < order.length) {
        const { side, index } = order[position];
        const disc = squares[index] && squares[index].querySelector(".bb-disc");
        if (disc) disc.classList.add("bb-glow");
        counts[side] += 1;
        scoreBar.showCounts(counts, winsBefore);
        position += 1;
        return;
      }
      if (position >= order.length + Math.ceil(COUNT_PAUSE_MS / step)) {
        clearInterval(timer);
        timer = null;
        scoreBar.showCounts(null);
        root.classList.remove("bb-counting");
        done();
        return;
      }
      position += 1;
    }, step);
    return () => {
      if (timer) clearInterval(timer);
      timer = null;
      root.classList.remove("bb-counting");
      for (const disc of root.querySelectorAll(".bb-disc.bb-glow")) disc.classList.remove("bb-glow");
      scoreBar.showCounts(null);
    };
  }

  const frame = createGameFrame({
    root,
    send,
    header: [scoreBar.element],
    board: (activate) => {
      grid = createBoardGrid({ className: "bb-reversi-grid", drawMarks: false, paintSquare, onActivate: activate });
      return grid;
    },
    hideRestartWhenOver: true,
    intro: countDiscs,
  });

  return {
    update(state, previous) {
      root.classList.toggle("bb-show-dots", !state.settings || state.settings.show_dots !== false);
      scoreBar.update(state);
      frame.update(state, previous, () => {
        const move = moveToAnimate(state, previous);
        return { delayMs: move ? animateMove(state, move) : 0 };
      });
    },
    destroy: frame.destroy,
  };
}

// Only a default export: anywidget warns that a named `render` export is deprecated.
export default {
  render({ model, el }) {
    return mountView({ model, el, game: "reversi", setup: setupReversi });
  },
};
