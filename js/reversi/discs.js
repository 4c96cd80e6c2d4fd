/** Drawing of one Reversi square (disc, legal-move dot, last-move mark) and flip timing. */
import { setAttr } from "../shared/dom.js";

const ANIMATIONS = ["bb-place", "bb-flip-to-white", "bb-flip-to-black"];

/** The piece on a square object ("black", "white" or "" when empty). */
export function pieceOf(square) {
  return square && typeof square.piece === "string" ? square.piece : "";
}

/**
 * Build the square's inner parts once, then only toggle attributes. The kit has already set the
 * mark classes (`bb-target` shows the dot, `bb-last` the mark) and the aria-label.
 */
export function paintSquare(el, square, state = {}, info = {}) {
  let disc = el.firstChild;
  if (!disc) {
    disc = document.createElement("span");
    disc.className = "bb-disc";
    disc.setAttribute("aria-hidden", "true");
    const dot = document.createElement("span");
    dot.className = "bb-dot";
    dot.setAttribute("aria-hidden", "true");
    const mark = document.createElement("span");
    mark.className = "bb-mark";
    mark.setAttribute("aria-hidden", "true");
    // A finished animation must not keep its last frame (fill-mode "both" would pin the old
    // colour after an undo), so the class goes as soon as it has played.
    const ended = () => {
      disc.classList.remove(...ANIMATIONS);
      disc.bbAnimating = false; // the next move's animation starts without a restart
    };
    disc.addEventListener("animationend", ended);
    disc.addEventListener("animationcancel", ended);
    el.append(disc, dot, mark);
  }
  const piece = pieceOf(square);
  if (el.dataset.piece !== piece) {
    el.dataset.piece = piece;
    disc.classList.remove(...ANIMATIONS, "bb-glow");
  }
  // A legal square previews the disc of the side to move under the pointer or the focus.
  setAttr(el, "data-preview", info.target && state.to_move ? state.to_move : null);
}

/** The square ids of a grid board, row-major. */
export function boardIds(board) {
  return Array.isArray(board.coords) ? board.coords.map(String) : board.squares.map((sq) => String(sq.id));
}

/**
 * Delay per flipped square, nearest first: discs at the same distance from the new disc turn
 * together, the next ring one stagger later. Distances come from the board's geometry; an
 * unknown square keeps its place in the flips order.
 * @param {object} board  `state.board` (kind "grid")
 * @param {{square: string, flips: string[]}} move
 * @returns {Array<[string, number]>}
 */
export function flipDelays(board, move, staggerMs) {
  const flips = Array.isArray(move.flips) ? move.flips : [];
  const ids = boardIds(board);
  const cols = board.cols;
  const origin = ids.indexOf(move.square);
  return flips.map((id, order) => {
    const index = ids.indexOf(id);
    if (origin < 0 || index < 0) return [id, order * staggerMs];
    const distance = Math.max(
      Math.abs(Math.floor(index / cols) - Math.floor(origin / cols)),
      Math.abs((index % cols) - (origin % cols)),
    );
    return [id, Math.max(0, distance - 1) * staggerMs];
  });
}
