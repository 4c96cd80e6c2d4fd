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
  let focusIndex = -1;
  let order = [];
  const groups = new Map();

  function build(board) {
    edgeLayer.replaceChildren();
    nodeLayer.replaceChildren();
    groups.clear();
    const where = Object.fromEntries(board.regions.map((r) => [String(r.id), r]));
    canvas.setAttribute("viewBox", `0 0 ${board.width} ${board.height}`);
    for (const [a, b] of board.edges || []) {
      if (!where[a] || !where[b]) continue;
      edgeLayer.append(
        svgEl("line", { class: "bb-road", x1: where[a].x, y1: where[a].y, x2: where[b].x, y2: where[b].y, "data-edge": `${a}|${b}` }),
      );
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
    focusIndex = -1;
  }

  function setRoving(index, { focus = false } = {}) {
    if (index < 0 || index >= order.length) return;
    if (focusIndex !== index) {
      const old = groups.get(order[focusIndex]);
      if (old) old.setAttribute("tabindex", "-1");
      groups.get(order[index]).setAttribute("tabindex", "0");
      focusIndex = index;
    }
    if (focus) groups.get(order[index]).focus();
  }

  function indexOf(event) {
    const el = event.target instanceof Element ? event.target.closest("[data-square]") : null;
    return el && nodeLayer.contains(el) ? order.indexOf(el.getAttribute("data-square")) : -1;
  }

  function onKeyDown(event) {
    const index = indexOf(event);
    if (index < 0) return;
    let next = -1;
    switch (event.key) {
      case "ArrowRight":
      case "ArrowDown": next = (index + 1) % order.length; break;
      case "ArrowLeft":
      case "ArrowUp": next = (index - 1 + order.length) % order.length; break;
      case "Home": next = 0; break;
      case "End": next = order.length - 1; break;
      case "Enter":
      case " ":
      case "Spacebar":
        event.preventDefault();
        if (!event.repeat) onActivate(order[index]);
        return;
      default:
        return;
    }
    event.preventDefault();
    setRoving(next, { focus: true });
  }

  function onClick(event) {
    const index = indexOf(event);
    if (index < 0) return;
    setRoving(index);
    onActivate(order[index]);
  }

  nodeLayer.addEventListener("keydown", onKeyDown);
  nodeLayer.addEventListener("click", onClick);

  return {
    element,
    canvas,
    update(state) {
      const board = mapOf(state);
      element.hidden = !board;
      if (!board) return;
      const key = JSON.stringify([board.width, board.height, board.edges, board.regions.map((r) => [r.id, r.x, r.y, r.kind, r.label])]);
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
      if (focusIndex < 0) {
        const first = order.findIndex((id) => marks.target.has(id));
        setRoving(first >= 0 ? first : 0);
      }
    },
    /** The region element for an id, or undefined. */
    region(id) {
      return groups.get(String(id));
    },
    destroy() {
      nodeLayer.removeEventListener("keydown", onKeyDown);
      nodeLayer.removeEventListener("click", onClick);
    },
  };
}
