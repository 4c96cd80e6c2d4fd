/**
 * Beacon Lines' drawing of the map (`state.board`, kind "map"), from the geometry Python shares
 * with the book's static picture (widgets/boardbook/beacon/layout.py): each region's territory
 * outline, its landmark icon (the Homes' flags, the passes' peaks, the Beacon's tower), its name,
 * its marker tokens (red circles, blue squares: counted by shape, not colour alone), what it
 * scores, and the claim badge of the round on show. Ownership is a tint AND a pattern (red
 * stripes, blue dots), so it reads without colour vision too.
 *
 * The kit's map board (js/shared/mapboard.js) draws the roads (exactly the adjacency table's
 * edges, one of them on a bridge), makes every region a keyboard-reachable button and draws the
 * marks (legal target, selection, last round); this module only paints what is Beacon's own.
 */
import { createMapBoard, setText, svgEl, uniqueId } from "../shared/index.js";
import { placeSvgHint } from "../shared/coach.js";

/** The <defs> of one map: ownership patterns with ids unique on the page. */
function patterns(suffix) {
  const defs = svgEl("defs");
  const stripes = svgEl("pattern", { id: `bb-pat-red-${suffix}`, width: 12, height: 12, patternUnits: "userSpaceOnUse", patternTransform: "rotate(45)" });
  stripes.append(svgEl("rect", { class: "bb-pat-red", x: 0, y: 0, width: 5, height: 12 }));
  const dots = svgEl("pattern", { id: `bb-pat-blue-${suffix}`, width: 12, height: 12, patternUnits: "userSpaceOnUse" });
  dots.append(svgEl("circle", { class: "bb-pat-blue", cx: 6, cy: 6, r: 2.4 }));
  defs.append(stripes, dots);
  return defs;
}

function buildRegion(group, region, board, suffix) {
  const x = Number(region.x) || 0;
  const y = Number(region.y) || 0;
  const outline = typeof region.shape === "string" ? region.shape : null;
  const w = board.node_w || 118;
  const hgt = board.node_h || 58;
  // Without a shared outline (an older snapshot): a plain box.
  const shapeAttrs = outline ? { d: outline } : { d: `M${x - w / 2} ${y - hgt / 2}h${w}v${hgt}h${-w}Z` };
  const glow = svgEl("path", { class: "bb-region-glow", ...shapeAttrs, "aria-hidden": "true" });
  const shape = svgEl("path", { class: "bb-region-shape", ...shapeAttrs });
  const pattern = svgEl("path", { class: "bb-region-pattern", ...shapeAttrs, "data-red": `url(#bb-pat-red-${suffix})`, "data-blue": `url(#bb-pat-blue-${suffix})` });
  const icon = svgEl("g", { class: `bb-region-icon bb-icon-${(region.icon && region.icon.name) || "none"}`, "aria-hidden": "true" });
  if (region.icon) {
    icon.setAttribute("transform", `translate(${Number(region.icon.x) || x} ${Number(region.icon.y) || y - 38})`);
    if (region.icon.fill) icon.append(svgEl("path", { class: "bb-icon-fill", d: region.icon.fill }));
    if (region.icon.stroke) icon.append(svgEl("path", { class: "bb-icon-stroke", d: region.icon.stroke }));
  }
  const name = svgEl("text", { class: "bb-region-name", x, y: region.name_y ?? y - 6, "text-anchor": "middle" });
  name.textContent = region.label || region.id;
  const tokens = svgEl("g", { class: "bb-region-tokens", "aria-hidden": "true" });
  const detail = svgEl("text", { class: "bb-region-detail", x, y: region.detail_y ?? y + 46, "text-anchor": "middle" });
  const badgeX = region.badge_x ?? x;
  const badgeY = region.badge_y ?? y - hgt / 2 - 4;
  const badgeBox = svgEl("rect", { class: "bb-region-badge-box", x: badgeX - 40, y: badgeY - 17, width: 80, height: 26, rx: 13, "aria-hidden": "true" });
  const badge = svgEl("text", { class: "bb-region-badge", x: badgeX, y: badgeY + 3, "text-anchor": "middle" });
  // Reading order = the accessible name's order (badge, name, detail), with spaces between the
  // texts so the region's text content reads as words, as its aria-label does.
  group.append(glow, shape, pattern, icon, tokens, badgeBox, badge, document.createTextNode(" "), name, document.createTextNode(" "), detail);
}

/**
 * Keep a text inside its territory: where the font is wider than planned (a phone's larger
 * type, a wide system font), squeeze it to the region's text width instead of letting it spill.
 */
function fitText(text, maxWidth) {
  if (!text || !maxWidth || typeof text.getComputedTextLength !== "function") return;
  text.removeAttribute("textLength");
  text.removeAttribute("lengthAdjust");
  let length = 0;
  try {
    length = text.getComputedTextLength();
  } catch {
    return;
  }
  if (length > maxWidth) {
    text.setAttribute("textLength", String(maxWidth));
    text.setAttribute("lengthAdjust", "spacingAndGlyphs");
  }
}

function fitRegionTexts(group, region) {
  const width = Number(region.text_width) || 0;
  fitText(group.querySelector(".bb-region-name"), width);
  fitText(group.querySelector(".bb-region-detail"), width);
}

/** Marker tokens (red circles, then a gap, then blue squares), centred at (x, y). */
function drawTokens(layer, markers, x, y) {
  const red = Math.max(0, Math.min(9, Number(markers && markers.red) || 0));
  const blue = Math.max(0, Math.min(9, Number(markers && markers.blue) || 0));
  const step = 22;
  const gap = red && blue ? 12 : 0;
  const width = step * Math.max(red + blue - 1, 0) + gap;
  const left = x - width / 2;
  const items = [];
  for (let i = 0; i < red + blue; i += 1) {
    const cx = left + i * step + (i >= red ? gap : 0);
    items.push(
      i < red
        ? svgEl("circle", { class: "bb-token", "data-side": "red", cx, cy: y, r: 9 })
        : svgEl("rect", { class: "bb-token", "data-side": "blue", x: cx - 8, y: y - 8, width: 16, height: 16, rx: 2 }),
    );
  }
  layer.replaceChildren(...items);
}

function paintRegion(group, region, state) {
  const reveal = (state.extra && state.extra.reveal) || {};
  const id = String(region.id);
  group.classList.toggle("bb-owner-red", region.owner === "red");
  group.classList.toggle("bb-owner-blue", region.owner === "blue");
  group.classList.toggle("bb-neutral", !region.owner);
  group.classList.toggle("bb-claim-red", reveal.red === id);
  group.classList.toggle("bb-claim-blue", reveal.blue === id);
  const pattern = group.querySelector(".bb-region-pattern");
  if (pattern) {
    const fill = region.owner === "red" ? pattern.getAttribute("data-red") : region.owner === "blue" ? pattern.getAttribute("data-blue") : "none";
    if (pattern.getAttribute("fill") !== fill) pattern.setAttribute("fill", fill);
  }
  const y = Number(region.y) || 0;
  drawTokens(group.querySelector(".bb-region-tokens"), region.markers, Number(region.x) || 0, region.tokens_y ?? y + 18);
  setText(group.querySelector(".bb-region-detail"), region.detail || "");
  const claims = [];
  if (reveal.red === id) claims.push(reveal.red_label || "◆ Red");
  if (reveal.blue === id) claims.push(reveal.blue_label || "◆ Blue");
  const badge = claims.join(" · ");
  const badgeText = group.querySelector(".bb-region-badge");
  setText(badgeText, badge);
  const box = group.querySelector(".bb-region-badge-box");
  box.style.display = badge ? "" : "none";
  if (badge) {
    // One claim sits top right; both sides' claims (a tie) need the whole width: centred.
    const width = Math.max(70, badge.length * 13 + 18);
    const at = claims.length > 1 ? Number(region.x) || 0 : (region.badge_x ?? (Number(region.x) || 0));
    box.setAttribute("x", String(at - width / 2));
    box.setAttribute("width", String(width));
    badgeText.setAttribute("x", String(at));
  }
  fitRegionTexts(group, region);
  // The badge is visible text, read first like it is drawn (above the box): the accessible name
  // then holds every visible text in order (speech-input users name what they see).
  if (badge) group.setAttribute("aria-label", `${badge}, ${group.getAttribute("aria-label")}`);
}

/** @param {{onActivate: (id: string) => void}} options */
export function createMap({ onActivate }) {
  const suffix = uniqueId("map").slice("map-".length);
  const board = createMapBoard({
    onActivate,
    buildRegion: (group, region, data) => buildRegion(group, region, data, suffix),
    paintRegion,
    className: "bb-beacon-svg",
  });
  // The ground under the roads (the bridge's casing is drawn in its colour) and the patterns.
  const ground = svgEl("rect", { class: "bb-map-ground", x: 0, y: 0, width: "100%", height: "100%", rx: 14, "aria-hidden": "true" });
  board.canvas.prepend(patterns(suffix), ground);
  // The type size follows the board's width (a container query): refit the texts when it
  // changes, not only on the next snapshot.
  let regions = [];
  const refit = () => {
    for (const region of regions) {
      const group = board.region(region.id);
      if (group) {
        fitRegionTexts(group, region);
        placeSvgHint(group); // the hint pill follows the texts' new size (no overlap)
      }
    }
  };
  const observer = typeof ResizeObserver === "function" ? new ResizeObserver(refit) : null;
  if (observer) observer.observe(board.element);
  return {
    ...board,
    update(state) {
      board.update(state);
      regions = (state && state.board && Array.isArray(state.board.regions) && state.board.regions) || [];
    },
    destroy() {
      if (observer) observer.disconnect();
      if (board.destroy) board.destroy();
    },
  };
}
