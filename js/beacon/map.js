/**
 * The Beacon Lines map: regions as named nodes, roads as straight edges, drawn in SVG from
 * `state.map` (Python sends the layout, so the book's static picture and this board agree).
 * Every region is a keyboard-reachable button carrying `data-square` and an aria-label.
 */
import { h, setAttr, setText } from "../shared/index.js";

const SVG = "http://www.w3.org/2000/svg";

function svg(tag, attrs = {}) {
  const el = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value !== null && value !== undefined) el.setAttribute(key, String(value));
  }
  return el;
}

/**
 * @param {object} options
 * @param {(region: string) => void} options.onActivate  a region was clicked or pressed
 */
export function createMap({ onActivate }) {
  const canvas = svg("svg", { class: "bb-beacon-svg", role: "group", "data-lm-suppress-shortcuts": "true" });
  const edgeLayer = svg("g", { class: "bb-edges", "aria-hidden": "true" });
  const nodeLayer = svg("g", { class: "bb-nodes" });
  canvas.append(edgeLayer, nodeLayer);
  const element = h("div", { class: "bb-beacon-map" });
  element.append(canvas);

  let layoutKey = "";
  let focusIndex = 0;
  const nodes = new Map(); // name -> {group, shape, name, detail, badge}
  let order = [];

  function build(map) {
    edgeLayer.replaceChildren();
    nodeLayer.replaceChildren();
    nodes.clear();
    const where = Object.fromEntries(map.regions.map((r) => [r.name, r]));
    canvas.setAttribute("viewBox", `0 0 ${map.width} ${map.height}`);
    for (const [a, b] of map.edges) {
      edgeLayer.append(
        svg("line", { class: "bb-road", x1: where[a].x, y1: where[a].y, x2: where[b].x, y2: where[b].y, "data-edge": `${a}|${b}` }),
      );
    }
    const w = map.node_w;
    const hgt = map.node_h;
    order = map.regions.map((r) => r.name);
    for (const region of map.regions) {
      const group = svg("g", {
        class: `bb-region bb-kind-${region.kind}`,
        "data-square": region.name,
        role: "button",
        tabindex: "-1",
      });
      const shape = svg("rect", {
        class: "bb-region-shape",
        x: region.x - w / 2,
        y: region.y - hgt / 2,
        width: w,
        height: hgt,
        rx: region.kind === "objective" ? hgt / 2 : 8,
      });
      const name = svg("text", { class: "bb-region-name", x: region.x, y: region.y - 6, "text-anchor": "middle" });
      name.textContent = region.label || region.name;
      const detail = svg("text", { class: "bb-region-detail", x: region.x, y: region.y + 14, "text-anchor": "middle" });
      const badge = svg("text", { class: "bb-region-badge", x: region.x, y: region.y - hgt / 2 - 6, "text-anchor": "middle" });
      group.append(shape, name, detail, badge);
      group.addEventListener("click", () => onActivate(region.name));
      group.addEventListener("keydown", (event) => onKey(event, region.name));
      nodes.set(region.name, { group, name, detail, badge });
      nodeLayer.append(group);
    }
  }

  function focusRegion(index) {
    focusIndex = (index + order.length) % order.length;
    order.forEach((name, i) => nodes.get(name).group.setAttribute("tabindex", i === focusIndex ? "0" : "-1"));
    nodes.get(order[focusIndex]).group.focus();
  }

  function onKey(event, name) {
    const index = order.indexOf(name);
    if (event.key === "ArrowRight" || event.key === "ArrowDown") {
      event.preventDefault();
      focusRegion(index + 1);
    } else if (event.key === "ArrowLeft" || event.key === "ArrowUp") {
      event.preventDefault();
      focusRegion(index - 1);
    } else if (event.key === "Home" || event.key === "End") {
      event.preventDefault();
      focusRegion(event.key === "Home" ? 0 : order.length - 1);
    } else if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      onActivate(name);
    }
  }

  return {
    element,
    update(state) {
      const map = state.map;
      if (!map || !Array.isArray(map.regions)) return;
      const key = JSON.stringify([map.width, map.height, map.edges, map.regions.map((r) => [r.name, r.x, r.y, r.label])]);
      if (key !== layoutKey) {
        layoutKey = key;
        build(map);
      }
      setAttr(canvas, "aria-label", (state.labels && state.labels.board) || "Beacon Lines map");
      const legal = new Set(state.legal || []);
      const reveal = state.reveal || {};
      for (const [i, region] of map.regions.entries()) {
        const node = nodes.get(region.name);
        if (!node) continue;
        const { group, detail, badge } = node;
        group.classList.toggle("bb-owner-red", region.owner === "red");
        group.classList.toggle("bb-owner-blue", region.owner === "blue");
        group.classList.toggle("bb-neutral", !region.owner);
        group.classList.toggle("bb-legal", legal.has(region.name));
        group.classList.toggle("bb-claim-red", reveal.red === region.name);
        group.classList.toggle("bb-claim-blue", reveal.blue === region.name);
        setAttr(group, "aria-label", region.aria || region.name);
        setAttr(group, "aria-disabled", legal.has(region.name) ? null : "true");
        setText(detail, region.detail || "");
        const claims = [];
        if (reveal.red === region.name) claims.push(reveal.red_label || "◆ Red");
        if (reveal.blue === region.name) claims.push(reveal.blue_label || "◆ Blue");
        setText(badge, claims.join(" · "));
        if (i === focusIndex) group.setAttribute("tabindex", "0");
      }
    },
  };
}
