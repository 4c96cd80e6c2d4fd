/** Drawing of one Reversi square (disc, legal-move dot, last-move mark) and flip timing. */

const ANIMATIONS = ["bb-place", "bb-flip-to-white", "bb-flip-to-black"];

/** Build the square's inner parts once, then only toggle attributes. */
export function paintSquare(square, { cell, legal, lastMove }) {
  let disc = square.firstChild;
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
    disc.addEventListener("animationend", () => disc.classList.remove(...ANIMATIONS));
    square.append(disc, dot, mark);
  }
  if (square.dataset.piece !== cell) {
    square.dataset.piece = cell;
    disc.classList.remove(...ANIMATIONS, "bb-glow");
  }
  square.classList.toggle("bb-legal", legal);
  square.classList.toggle("bb-last", lastMove);
}

/**
 * Delay per flipped square, nearest first: discs at the same distance from the new disc turn
 * together, the next ring one stagger later. Distances come from `state.coords` geometry;
 * an unknown square keeps its place in `last_move.flips` order.
 * @returns {Array<[string, number]>}
 */
export function flipDelays(state, move, staggerMs) {
  const flips = Array.isArray(move.flips) ? move.flips : [];
  const cols = state.cols;
  const origin = state.coords.indexOf(move.square);
  return flips.map((coord, order) => {
    const index = state.coords.indexOf(coord);
    if (origin < 0 || index < 0) return [coord, order * staggerMs];
    const distance = Math.max(
      Math.abs(Math.floor(index / cols) - Math.floor(origin / cols)),
      Math.abs((index % cols) - (origin % cols)),
    );
    return [coord, Math.max(0, distance - 1) * staggerMs];
  });
}
