/**
 * Beacon Lines' drawing of the map (`state.board`, kind "map"): each region's box, name, marker
 * line and claim badge, and its owner's tint. The kit's map board (js/shared/mapboard.js) lays
 * out the roads, makes every region a keyboard-reachable button and draws the marks (legal
 * target, selection, last round); this module only paints what is Beacon's own.
 */
import { createMapBoard, setText, svgEl } from "../shared/index.js";

function buildRegion(group, region, board) {
  const w = board.node_w || 118;
  const hgt = board.node_h || 58;
  const shape = svgEl("rect", {
    class: "bb-region-shape",
    x: region.x - w / 2,
    y: region.y - hgt / 2,
    width: w,
    height: hgt,
    rx: region.kind === "objective" ? hgt / 2 : 8,
  });
  const name = svgEl("text", { class: "bb-region-name", x: region.x, y: region.y - 6, "text-anchor": "middle" });
  name.textContent = region.label || region.id;
  const detail = svgEl("text", { class: "bb-region-detail", x: region.x, y: region.y + 14, "text-anchor": "middle" });
  const badge = svgEl("text", { class: "bb-region-badge", x: region.x, y: region.y - hgt / 2 - 6, "text-anchor": "middle" });
  // Reading order = the accessible name's order (badge, name, detail), with spaces between the
  // texts so the region's text content reads as words, as its aria-label does.
  group.append(shape, badge, document.createTextNode(" "), name, document.createTextNode(" "), detail);
}

function paintRegion(group, region, state) {
  const reveal = (state.extra && state.extra.reveal) || {};
  const id = String(region.id);
  group.classList.toggle("bb-owner-red", region.owner === "red");
  group.classList.toggle("bb-owner-blue", region.owner === "blue");
  group.classList.toggle("bb-neutral", !region.owner);
  group.classList.toggle("bb-claim-red", reveal.red === id);
  group.classList.toggle("bb-claim-blue", reveal.blue === id);
  setText(group.querySelector(".bb-region-detail"), region.detail || "");
  const claims = [];
  if (reveal.red === id) claims.push(reveal.red_label || "◆ Red");
  if (reveal.blue === id) claims.push(reveal.blue_label || "◆ Blue");
  const badge = claims.join(" · ");
  setText(group.querySelector(".bb-region-badge"), badge);
  // The badge is visible text, read first like it is drawn (above the box): the accessible name
  // then holds every visible text in order (speech-input users name what they see).
  if (badge) group.setAttribute("aria-label", `${badge}, ${group.getAttribute("aria-label")}`);
}

/** @param {{onActivate: (id: string) => void}} options */
export function createMap({ onActivate }) {
  return createMapBoard({ onActivate, buildRegion, paintRegion, className: "bb-beacon-svg" });
}
