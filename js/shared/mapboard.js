/**
 * The board for `state.board.kind === "map"`: regions at (x, y) joined by roads, in one SVG.
 * The kit owns what every map board shares: the roads, one keyboard-reachable button per region
 * (`data-square="<id>"`, a roving tab stop, arrows/Home/End, Enter/Space/click), and the same
 * marks as the grid (legal targets, the selection, the last move, the deciding regions) with
 * their words in each region's `aria-label`. The game draws a region's shape and texts
 * (`buildRegion` once, `paintRegion` on every snapshot).
 */
import { h, label, setAttr } from "./dom.js";
import { applyMarks, readMarks } from "./marks.js";
import { bindRovingKeys, createRovingFocus, linearNext, spatialNext } from "./roving.js";

const SVG = "http://www.w3.org/2000/svg";

/** An SVG element with attributes (null/undefined skipped). */
export function svgEl(tag, attrs = {}) {
  const el = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value !== null && value !== undefined) el.setAttribute(key, String(value));
  }
  return el;
}

/** The map part of a snapshot, or null when the board is some other kind. */
export function mapOf(state) {
  const board = state && state.board;
  return board && board.kind === "map" && Array.isArray(board.regions) ? board : null;
}

/**
 * @param {object} options
 * @param {(id: string) => void} options.onActivate
 * @param {(group: SVGGElement, region: object, board: object) => void} [options.buildRegion]
 * @param {(group: SVGGElement, region: object, state: object, info: object) => void} [options.paintRegion]
 * @param {string} [options.className]
 */
export function createMapBoard({ onActivate, buildRegion = () => {}, paintRegion = () => {}, className = "" }) {
  const canvas = svgEl("svg", { class: `bb-map-svg ${className}`.trim(), role: "group" });
  const edgeLayer = svgEl("g", { class: "bb-edges", "aria-hidden": "true" });
  const nodeLayer = svgEl("g", { class: "bb-nodes" });
  canvas.append(edgeLayer, nodeLayer);
  const element = h("div", { class: "bb-map" });
  element.append(canvas);

  let layoutKey = "";
  const roving = createRovingFocus();
  let order = [];
  const groups = new Map();

  function build(board) {
    edgeLayer.replaceChildren();
    nodeLayer.replaceChildren();
    groups.clear();
    const where = Object.fromEntries(board.regions.map((r) => [String(r.id), r]));
    canvas.setAttribute("viewBox", `0 0 ${board.width} ${board.height}`);
    // `roads` (optional) draws each edge as a path, in order (later roads on top); a road with
    // `bridge: true` gets a casing of the ground colour first, so a road it crosses visibly
    // stops under it, and each of `bridges` draws a deck with parapets. Without `roads`, each
    // edge is a straight line. Either way there is one `.bb-road` per edge and no other.
    const roads = Array.isArray(board.roads) ? board.roads.filter((r) => r && Array.isArray(r.edge) && typeof r.d === "string") : [];
    if (roads.length) {
      for (const road of roads) {
        const [a, b] = road.edge;
        if (!where[a] || !where[b]) continue;
        if (road.bridge) edgeLayer.append(svgEl("path", { class: "bb-road-casing", d: road.d }));
        edgeLayer.append(svgEl("path", { class: "bb-road", d: road.d, "data-edge": `${a}|${b}` }));
      }
      for (const bridge of Array.isArray(board.bridges) ? board.bridges : []) {
        if (!bridge || typeof bridge.d !== "string") continue;
        edgeLayer.append(svgEl("path", { class: "bb-bridge-parapet", d: bridge.d }), svgEl("path", { class: "bb-bridge-deck", d: bridge.d }));
      }
    } else {
      for (const [a, b] of board.edges || []) {
        if (!where[a] || !where[b]) continue;
        edgeLayer.append(
          svgEl("line", { class: "bb-road", x1: where[a].x, y1: where[a].y, x2: where[b].x, y2: where[b].y, "data-edge": `${a}|${b}` }),
        );
      }
    }
    order = board.regions.map((r) => String(r.id));
    for (const region of board.regions) {
      const group = svgEl("g", {
        class: `bb-region bb-kind-${region.kind || "region"}`,
        "data-square": region.id,
        role: "button",
        tabindex: "-1",
      });
      buildRegion(group, region, board);
      groups.set(String(region.id), group);
      nodeLayer.append(group);
    }
    roving.reset(order.map((id) => groups.get(id)));
  }

  const unbind = bindRovingKeys(nodeLayer, {
    roving,
    indexOf(event) {
      const el = event.target instanceof Element ? event.target.closest("[data-square]") : null;
      return el && nodeLayer.contains(el) ? order.indexOf(el.getAttribute("data-square")) : -1;
    },
    // Left and Right walk the regions in order and wrap around; Up and Down go to the nearest
    // region above or below on the map as drawn.
    nextIndex: (event, index) =>
      spatialNext(event, index, order.map((id) => groups.get(id)), () => linearNext(event, index, order.length, { wrap: true })),
    activate: (index) => onActivate(order[index]),
  });

  return {
    element,
    canvas,
    update(state) {
      const board = mapOf(state);
      element.hidden = !board;
      if (!board) return;
      const key = JSON.stringify([board.width, board.height, board.edges, board.roads, board.regions.map((r) => [r.id, r.x, r.y, r.kind, r.label, r.shape])]);
      if (key !== layoutKey) {
        layoutKey = key;
        build(board);
      }
      setAttr(canvas, "aria-label", label(state, "board", "Map"));
      const marks = readMarks(state);
      for (const region of board.regions) {
        const id = String(region.id);
        const group = groups.get(id);
        if (!group) continue;
        const flags = applyMarks(group, state, marks, id, region.aria || region.label || id);
        setAttr(group, "aria-disabled", flags.target ? null : "true");
        paintRegion(group, region, state, { id, ...flags });
      }
      roving.ensure((el) => marks.target.has(el.getAttribute("data-square")));
    },
    /** The region element for an id, or undefined. */
    region(id) {
      return groups.get(String(id));
    },
    destroy: unbind,
  };
}
