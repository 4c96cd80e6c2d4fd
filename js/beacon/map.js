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

/** A text's drawn length without any squeeze (0 when it cannot be measured: no layout). */
function naturalLength(text) {
  if (!text || typeof text.getComputedTextLength !== "function") return 0;
  text.removeAttribute("textLength");
  text.removeAttribute("lengthAdjust");
  try {
    return text.getComputedTextLength();
  } catch {
    return 0;
  }
}

/**
 * Keep a text inside its territory: where the font is wider than planned (a phone's larger
 * type, a wide system font), squeeze it to the region's text width instead of letting it spill.
 */
function fitText(text, maxWidth) {
  const length = naturalLength(text);
  if (length > maxWidth && maxWidth > 0) {
    text.setAttribute("textLength", String(maxWidth));
    text.setAttribute("lengthAdjust", "spacingAndGlyphs");
  }
}

/** Squeezing a name below this share of its width reads as squashed: it takes two lines. */
const SQUEEZE_LIMIT = 0.88;

/**
 * A region's name on one line, or on two ("Red" / "Home") when one line would have to be
 * squeezed hard (a phone's larger type in a Home's narrow keep).
 */
function fitName(text, maxWidth) {
  if (!text || !maxWidth || typeof text.getComputedTextLength !== "function") return;
  const words = text.dataset.label ?? text.textContent;
  text.dataset.label = words;
  if (text.textContent !== words || text.firstElementChild) text.textContent = words;
  const length = naturalLength(text);
  const space = words.lastIndexOf(" ");
  if (space < 0 || length * SQUEEZE_LIMIT <= maxWidth) {
    fitText(text, maxWidth);
    return;
  }
  const x = text.getAttribute("x");
  const lines = [words.slice(0, space), words.slice(space + 1)].map((part, i) => {
    const line = svgEl("tspan", { x, dy: i === 0 ? "-0.55em" : "1.1em" });
    line.textContent = part;
    return line;
  });
  text.replaceChildren(...lines);
  for (const line of lines) fitText(line, maxWidth);
}

/**
 * The landmark icon clear of the name: where the type is large (a phone), the icon is drawn a
 * little smaller and lifted until its foot is above the name's capitals.
 */
function fitIcon(group, region) {
  const icon = group.querySelector(".bb-region-icon");
  const name = group.querySelector(".bb-region-name");
  if (!icon || !name || !region.icon || typeof getComputedStyle !== "function") return;
  const x = Number(region.icon.x) || 0;
  const y = Number(region.icon.y) || 0;
  const size = parseFloat(getComputedStyle(name).fontSize) || 0;
  const scale = size > 20 ? 0.75 : 1;
  let lift = 0;
  try {
    const art = typeof icon.getBBox === "function" ? icon.getBBox() : null;
    const words = typeof name.getBBox === "function" ? name.getBBox() : null;
    if (art && art.height > 0 && words && words.height > 0) {
      const foot = y + scale * (art.y + art.height);
      lift = Math.max(0, foot - (words.y - 2)); // clear of the name's line box
    }
  } catch {
    lift = 0; // not laid out
  }
  const move = `translate(${x} ${(y - lift).toFixed(1)})${scale !== 1 ? ` scale(${scale})` : ""}`;
  if (icon.getAttribute("transform") !== move) icon.setAttribute("transform", move);
}

function fitRegionTexts(group, region) {
  const width = Number(region.text_width) || 0;
  fitName(group.querySelector(".bb-region-name"), width);
  fitText(group.querySelector(".bb-region-detail"), width);
  fitIcon(group, region);
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

/**
 * The claim badge's box around its text, the text's own drawn length where it can be measured:
 * one claim sits top right, both sides' claims (a tie) are centred; either way the whole badge
 * stays inside the map (a tie on the Depot, at the map's right edge, spilled off it).
 */
function placeBadge(group, region, tie) {
  const text = group.querySelector(".bb-region-badge");
  const box = group.querySelector(".bb-region-badge-box");
  const svg = group.ownerSVGElement;
  const view = svg && svg.viewBox && svg.viewBox.baseVal;
  const size = (typeof getComputedStyle === "function" && parseFloat(getComputedStyle(text).fontSize)) || 14;
  let drawn = 0;
  try {
    drawn = typeof text.getComputedTextLength === "function" ? text.getComputedTextLength() : 0;
  } catch {
    drawn = 0;
  }
  const width = Math.max(70, (drawn || 0.62 * size * text.textContent.length) + 1.2 * size);
  const height = 1.5 * size;
  let at = tie ? Number(region.x) || 0 : (region.badge_x ?? (Number(region.x) || 0));
  if (view && view.width > 0) at = Math.max(width / 2 + 3, Math.min(view.width - width / 2 - 3, at));
  const baseline = Number(text.getAttribute("y")) || 0;
  box.setAttribute("x", (at - width / 2).toFixed(1));
  box.setAttribute("width", width.toFixed(1));
  box.setAttribute("y", (baseline - 1.08 * size).toFixed(1));
  box.setAttribute("height", height.toFixed(1));
  box.setAttribute("rx", (height / 2).toFixed(1));
  text.setAttribute("x", at.toFixed(1));
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
  if (badge) placeBadge(group, region, claims.length > 1);
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
  let shownWidth = 0;
  const refit = () => {
    sizeTexts();
    for (const region of regions) {
      const group = board.region(region.id);
      if (group) {
        fitRegionTexts(group, region);
        const badge = group.querySelector(".bb-region-badge");
        if (badge && badge.textContent) placeBadge(group, region, badge.textContent.includes("·"));
        placeSvgHint(group); // the hint pill follows the texts' new size (no overlap)
      }
    }
  };
  /**
   * The type size in map units for what the map is drawn at: 12.5 px on screen or more (a
   * phone), no larger than needed (a larger type squeezes the names), never below the
   * desktop's 17 units. Without layout (no width measured) the CSS sizes stand.
   */
  function sizeTexts() {
    const canvas = board.canvas;
    const view = canvas.viewBox && canvas.viewBox.baseVal;
    const width = typeof canvas.getBoundingClientRect === "function" ? canvas.getBoundingClientRect().width : 0;
    if (!view || !(view.width > 0) || !(width > 0) || width === shownWidth) return;
    shownWidth = width;
    const unit = view.width / width; // map units per screen pixel
    canvas.style.setProperty("--bb-map-name", `${Math.max(17, 12.6 * unit).toFixed(1)}px`);
    canvas.style.setProperty("--bb-map-small", `${Math.max(15, 12.4 * unit).toFixed(1)}px`);
  }
  const observer = typeof ResizeObserver === "function" ? new ResizeObserver(refit) : null;
  if (observer) observer.observe(board.element);
  return {
    ...board,
    update(state) {
      sizeTexts();
      board.update(state);
      regions = (state && state.board && Array.isArray(state.board.regions) && state.board.regions) || [];
    },
    destroy() {
      if (observer) observer.disconnect();
      if (board.destroy) board.destroy();
    },
  };
}
