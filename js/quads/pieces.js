/**
 * Drawing of one Quads piece, the same picture on the board, in the tray and in the held box.
 * Every attribute has its own visual channel, none of them colour alone:
 *   size          large pieces fill most of the cell, small ones about half;
 *   dark / light  dark pieces are a deep fill with a diagonal stripe pattern and a pale outline,
 *                 light ones a pale plain fill with a dark outline (lightness contrast AND texture);
 *   round/square  circle or rounded square outline;
 *   solid/hollow  hollow pieces have a hole (a ringed disc of the board colour) in the top.
 * The words are Python's (`aria`); this module draws only and never reads a rule.
 */
import { uniqueId } from "../shared/dom.js";

const SVG_NS = "http://www.w3.org/2000/svg";

function svg(tag, attrs) {
  const el = document.createElementNS(SVG_NS, tag);
  for (const [key, value] of Object.entries(attrs)) el.setAttribute(key, String(value));
  return el;
}

/** The four attributes of a square's or item's `piece` object, or null for no piece. */
export function pieceOf(value) {
  if (!value || typeof value !== "object" || typeof value.value !== "number") return null;
  return {
    value: value.value,
    large: Boolean(value.large),
    dark: Boolean(value.dark),
    round: Boolean(value.round),
    solid: Boolean(value.solid),
  };
}

/** A stable key of what is drawn (so a square is only redrawn when its piece changes). */
export function pieceKey(piece) {
  return piece ? String(piece.value) : "";
}

/** The piece as an SVG (viewBox 100×100), decorative: the square or item carries the words. */
export function pieceSvg(piece) {
  const root = svg("svg", { viewBox: "0 0 100 100", class: "bb-q-piece", "aria-hidden": "true", focusable: "false" });
  root.dataset.large = String(piece.large);
  root.dataset.dark = String(piece.dark);
  root.dataset.round = String(piece.round);
  root.dataset.solid = String(piece.solid);
  const r = piece.large ? 41 : 25;
  let fill = "var(--bb-q-light)";
  if (piece.dark) {
    // Unique on the page, not per module: each widget may evaluate its own copy of the bundle.
    const id = `bb-${uniqueId("q-stripes")}`;
    const defs = svg("defs", {});
    const pattern = svg("pattern", { id, width: 8, height: 8, patternUnits: "userSpaceOnUse", patternTransform: "rotate(45)" });
    pattern.append(svg("rect", { width: 8, height: 8, class: "bb-q-dark-fill" }), svg("rect", { width: 3, height: 8, class: "bb-q-dark-stripe" }));
    defs.append(pattern);
    root.append(defs);
    fill = `url(#${id})`;
  }
  const body = piece.round
    ? svg("circle", { cx: 50, cy: 50, r, class: "bb-q-body" })
    : svg("rect", { x: 50 - r * 0.89, y: 50 - r * 0.89, width: r * 1.78, height: r * 1.78, rx: r * 0.18, class: "bb-q-body" });
  body.setAttribute("fill", fill);
  root.append(body);
  // A wide hole, so hollow and solid tell apart on a phone's small tray pieces too.
  if (!piece.solid) root.append(svg("circle", { cx: 50, cy: 50, r: r * 0.5, class: "bb-q-hole" }));
  return root;
}

/**
 * Draw `value` (a `piece` object or null) into `el`, replacing what was there only when the
 * piece changed. `el.dataset.piece` holds the piece number ("" when empty) for CSS and tests.
 */
export function paintPiece(el, value, { pending = false } = {}) {
  const piece = pieceOf(value);
  const key = pieceKey(piece);
  let holder = el.querySelector(":scope > .bb-q-holder");
  if (!holder) {
    holder = document.createElement("span");
    holder.className = "bb-q-holder";
    holder.setAttribute("aria-hidden", "true");
    el.append(holder);
  }
  if (el.dataset.piece !== key) {
    el.dataset.piece = key;
    holder.replaceChildren(...(piece ? [pieceSvg(piece)] : []));
  }
  el.classList.toggle("bb-q-pending", Boolean(piece && pending));
}
