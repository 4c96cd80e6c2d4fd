/**
 * The four marks the kit draws on any board kind (grid squares, map regions, tray items):
 * legal target, selected, last move and deciding. Each is a class (CSS gives it a shape, not only
 * a colour, so it reads without colour vision) and words appended to the element's aria-label.
 */
import { label, setAttr } from "./dom.js";

/** [mark, class, label key, English fallback], in the order their words are read. */
export const MARKS = [
  ["selected", "bb-selected", "selected", "selected"],
  ["target", "bb-target", "target", "legal move"],
  ["last", "bb-last", "last_move", "last move"],
  ["deciding", "bb-deciding", "deciding", "decided the game"],
];

function ids(list) {
  return new Set(Array.isArray(list) ? list.map(String) : []);
}

/** The ids each mark applies to in this snapshot. */
export function readMarks(state) {
  const input = (state && state.input) || {};
  // The deciding shape belongs to the final position: a review of an earlier one shows none.
  const review = state && state.review;
  const atEnd = !review || review.ply >= review.total;
  return {
    target: ids(input.targets),
    selected: ids(input.selection),
    last: ids(state && state.last_move ? state.last_move.squares : []),
    deciding: ids(state && state.outcome && atEnd ? state.outcome.squares : []),
  };
}

/** Which marks apply to one id: {target, selected, last, deciding} booleans. */
export function marksOf(marks, id) {
  const key = String(id);
  return {
    target: marks.target.has(key),
    selected: marks.selected.has(key),
    last: marks.last.has(key),
    deciding: marks.deciding.has(key),
  };
}

/** "d3, empty" + ", legal move, last move": Python's contents, then the kit's mark words. */
export function markedLabel(state, base, flags) {
  const parts = [base];
  for (const [mark, , key, fallback] of MARKS) {
    if (flags[mark]) parts.push(label(state, key, fallback));
  }
  return parts.filter((part) => part !== "" && part !== null && part !== undefined).join(", ");
}

/** Put the mark classes and the labelled aria-label on an element; returns the flags. */
export function applyMarks(el, state, marks, id, base) {
  const flags = marksOf(marks, id);
  for (const [mark, className] of MARKS) el.classList.toggle(className, flags[mark]);
  setAttr(el, "aria-label", markedLabel(state, base, flags));
  return flags;
}
