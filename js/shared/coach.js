/**
 * The coach's parts, the same for every game (js/PROTOCOL.md, `state.coach`, `state.record`):
 *
 * - `createCoachBar`: the Hints toggle (absent when the teacher locked hints off), the analysis
 *   summary and its depth, the CPU's current line while it thinks, and the reply it expected.
 * - `paintHints`: the hint badges on board squares and tray items (`[data-square]`,
 *   `[data-item]`), told apart by shape as well as colour (best: filled with a ring and a star;
 *   good: outlined; bad: no outline, smaller), their words added to each `aria-label`.
 * - `createRecordPanel`: the transcript and the position string in read-only fields with Copy
 *   buttons (the clipboard when the page allows it, else the text is selected for Ctrl+C), and
 *   a Load field that sends `{kind: "load", text}`.
 *
 * Python computes every value and every word; nothing here judges a move.
 */
import { h, label, setAttr, setText, uniqueId } from "./dom.js";
import { button } from "./controls.js";
import { svgEl } from "./mapboard.js";

/** The coach part of a snapshot, with safe defaults for older or partial snapshots. */
export function coachOf(state) {
  const coach = (state && state.coach) || {};
  return {
    available: Boolean(coach.available),
    mode: typeof coach.mode === "string" ? coach.mode : "off",
    hints: coach.hints && typeof coach.hints === "object" ? coach.hints : {},
    depth: coach.depth ?? null,
    exact: Boolean(coach.exact),
    pending: Boolean(coach.pending),
    summary: typeof coach.summary === "string" ? coach.summary : "",
    thinking: coach.thinking || null,
    expected: coach.expected || null,
    graph: coach.graph || null,
  };
}

const TONES = new Set(["best", "good", "bad"]);

/**
 * Draw `state.coach.hints` on every `[data-square]` / `[data-item]` element under `root`:
 * a `.bb-hint` badge (`data-tone`), and ", hint +4, best move" after the element's label.
 * Call it after the board and tray have drawn the snapshot (they reset the labels).
 */
export function paintHints(root, state) {
  const { hints } = coachOf(state);
  const bestWord = label(state, "hint_best", "best move");
  const hintWord = label(state, "hint", "hint");
  for (const el of root.querySelectorAll("[data-square], [data-item]")) {
    const id = el.dataset.square ?? el.dataset.item;
    const hint = Object.prototype.hasOwnProperty.call(hints, id) ? hints[id] : null;
    if (typeof SVGElement !== "undefined" && el instanceof SVGElement) {
      paintSvgHint(el, hint);
      if (hint) addWords(el, hint, hintWord, bestWord);
      continue;
    }
    let badge = el.querySelector(":scope > .bb-hint");
    if (!hint) {
      if (badge) badge.remove();
      el.classList.remove("bb-has-hint");
      continue;
    }
    if (!badge) {
      badge = h("span", { class: "bb-hint", "aria-hidden": "true" });
      el.append(badge);
    }
    const tone = TONES.has(hint.tone) ? hint.tone : "good";
    setAttr(badge, "data-tone", tone);
    badge.classList.toggle("bb-hint-best", Boolean(hint.best));
    drawBadgeText(badge, hint);
    setAttr(badge, "title", hint.reason || null);
    el.classList.add("bb-has-hint");
    addWords(el, hint, hintWord, bestWord);
  }
}

/**
 * The badge's words: the star (best) and the value as two spans, so a square too small for
 * both on one line (a phone's Reversi board) stacks them, each still 12 px (board.css).
 */
function drawBadgeText(badge, hint) {
  const value = String(hint.text);
  const text = hint.best ? `★${value}` : value;
  if (badge.textContent === text) return;
  const parts = [h("span", { class: "bb-hint-value", text: value })];
  if (hint.best) parts.unshift(h("span", { class: "bb-hint-star", text: "★" }));
  badge.replaceChildren(...parts);
}

function addWords(el, hint, hintWord, bestWord) {
  const base = el.getAttribute("aria-label") || "";
  const words = `${hintWord} ${hint.text}${hint.best ? `, ${bestWord}` : ""}`;
  if (!base.includes(words)) setAttr(el, "aria-label", base ? `${base}, ${words}` : words);
}

/** Screen pixels per SVG unit of the map drawing `el` (1 when it cannot be measured). */
function svgScale(el) {
  const svg = el.ownerSVGElement;
  const view = svg && svg.viewBox && svg.viewBox.baseVal;
  const shown = svg && typeof svg.getBoundingClientRect === "function" ? svg.getBoundingClientRect().width : 0;
  return view && view.width > 0 && shown > 0 ? shown / view.width : 1;
}

/** A region's own box in its SVG's units, or null when it cannot be measured (not laid out). */
function boxOf(node) {
  if (!node || typeof node.getBBox !== "function") return null;
  let box;
  try {
    box = node.getBBox();
  } catch (error) {
    return null;
  }
  if (!box || !(box.width > 0) || !(box.height > 0)) return null; // hidden or empty
  const move = node.transform && node.transform.baseVal && node.transform.baseVal.consolidate && node.transform.baseVal.consolidate();
  const dx = move ? move.matrix.e : 0;
  const dy = move ? move.matrix.f : 0;
  return { x: box.x + dx, y: box.y + dy, width: box.width, height: box.height };
}

/** A placed pill's rect from its attributes (its group has no transform). */
function rectOf(rect) {
  const box = ["x", "y", "width", "height"].map((name) => Number(rect.getAttribute(name)));
  return box.every(Number.isFinite) && box[2] > 0 ? { x: box[0], y: box[1], width: box[2], height: box[3] } : null;
}

function overlaps(a, b, pad = 2) {
  return a.x < b.x + b.width + pad && b.x < a.x + a.width + pad && a.y < b.y + b.height + pad && b.y < a.y + a.height + pad;
}

/** Points along the map's visible roads and bridges (not under a region), with the clearance a
 * pill keeps from each, in map units: what a pill must never cover. */
function roadPoints(svg) {
  const regions = [...svg.querySelectorAll("[data-square] > .bb-region-shape")].filter((shape) => typeof shape.isPointInFill === "function");
  const points = [];
  const under = (x, y) => {
    const point = svg.createSVGPoint ? svg.createSVGPoint() : { x, y };
    point.x = x;
    point.y = y;
    return regions.some((shape) => shape.isPointInFill(point));
  };
  for (const [selector, clear] of [[".bb-road", 7], [".bb-bridge-parapet", 13]]) {
    for (const path of svg.querySelectorAll(selector)) {
      if (typeof path.getTotalLength !== "function") continue;
      let total = 0;
      try {
        total = path.getTotalLength();
      } catch (error) {
        continue;
      }
      for (let at = 0; at <= total; at += 5) {
        const { x, y } = path.getPointAtLength(at);
        if (selector === ".bb-road" && under(x, y)) continue; // hidden by a region: free
        points.push({ x, y, clear });
      }
    }
  }
  return points;
}

/**
 * Place (or re-place, after a resize changed the type size) the hint pill of map region `el`:
 * the spot nearest the region's points line (right of it first) where the pill covers none of
 * the region's texts, tokens, icon or claim badge, no other region, no road or bridge, and stays
 * inside the map; where no spot is free, the one that covers least. Without layout (jsdom) the
 * bottom right corner of the region.
 */
export function placeSvgHint(el) {
  const badge = el && el.querySelector(":scope > .bb-hint-svg");
  if (!badge) return;
  const rect = badge.querySelector("rect");
  const label = badge.querySelector("text");
  const text = badge.dataset.text || "";
  // At least 12 px on screen however far a narrow notebook scales the map down.
  const size = Math.max(15, Math.min(26, 12.2 / svgScale(el)));
  label.style.fontSize = `${size.toFixed(1)}px`;
  let drawn = 0;
  try {
    drawn = typeof label.getComputedTextLength === "function" ? label.getComputedTextLength() : 0;
  } catch (error) {
    drawn = 0; // not laid out: the estimate below
  }
  // The text's own drawn length where it can be measured (a star and "%" are wide).
  const width = 0.7 * size + Math.max(0.56 * size * [...text].length, drawn || 0);
  const height = 1.4 * size;
  // Where no one-line pill fits clear of everything (the Beacon between its roads on a
  // phone), the star goes above the value: a narrower, taller pill.
  const star = text.startsWith("★") && text.length > 1;
  let valueWidth = 0.56 * size * (text.length - 1);
  try {
    if (star && drawn && typeof label.getSubStringLength === "function") valueWidth = label.getSubStringLength(1, text.length - 1);
  } catch (error) {
    // the estimate
  }
  const layouts = [{ lines: 1, width, height }];
  if (star) layouts.push({ lines: 2, width: 0.7 * size + Math.max(valueWidth, size), height: 2.45 * size });
  badge.style.display = "none"; // measure the region without it
  const region = boxOf(el);
  // What a pill covers, and what covering it costs: a text, a token, a claim badge or another
  // region is never worth it; the region's own landmark picture (decoration) is, before a road
  // (one point per 5 units of road covered).
  const parts = [[".bb-region-name", 100], [".bb-region-detail", 100], [".bb-region-tokens", 100], [".bb-region-icon", 3], [".bb-region-badge-box", 100]];
  const obstacles = [];
  for (const [selector, weight] of parts) {
    const part = el.querySelector(`:scope > ${selector}`);
    const box = part && part.style.display !== "none" ? boxOf(part) : null;
    if (box) obstacles.push({ ...box, weight });
  }
  const svg = el.ownerSVGElement;
  if (svg) {
    // Every other region: its territory, and what is drawn beyond it (a lifted icon, a claim
    // badge, its own hint pill).
    const outer = [".bb-region-shape", ".bb-region-icon", ".bb-region-badge-box", ".bb-hint-svg > rect"];
    for (const other of svg.querySelectorAll("[data-square]")) {
      if (other === el || other.parentNode !== el.parentNode) continue;
      for (const selector of outer) {
        // A region drawn without a shape of its own counts as its whole group.
        const part = other.querySelector(`:scope > ${selector}`) || (selector === ".bb-region-shape" ? other : null);
        if (!part || part.style.display === "none" || (part.parentElement && part.parentElement.style.display === "none")) continue;
        const box = part.tagName.toLowerCase() === "rect" && part.closest(".bb-hint-svg") ? rectOf(part) : boxOf(part);
        if (box) obstacles.push({ ...box, weight: 100 });
      }
    }
  }
  badge.style.display = "";
  let place = null;
  if (region && obstacles.length > 0) {
    const roads = svg ? roadPoints(svg) : [];
    for (const layout of layouts) {
      const spot = bestSpot(el, region, obstacles, roads, layout.width, layout.height);
      if (spot && (!place || spot.cover < place.cover)) place = { ...spot, layout };
      if (place && place.cover === 0) break;
    }
  }
  const layout = place ? place.layout : layouts[0];
  const [cx, cy] = place ? place.at : region ? [region.x + region.width - width / 2 + 6, region.y + region.height - height / 3] : [width / 2, height / 2];
  setAttr(rect, "x", (cx - layout.width / 2).toFixed(1));
  setAttr(rect, "y", (cy - layout.height / 2).toFixed(1));
  setAttr(rect, "width", layout.width.toFixed(1));
  setAttr(rect, "height", layout.height.toFixed(1));
  setAttr(rect, "rx", (Math.min(layout.width, layout.height) / 2).toFixed(1));
  if (layout.lines === 2) {
    const lines = [text.slice(0, 1), text.slice(1)].map((part, i) => {
      const line = svgEl("tspan", { x: cx.toFixed(1), y: (cy + (i === 0 ? -0.25 : 0.9) * size).toFixed(1) });
      line.textContent = part;
      return line;
    });
    label.replaceChildren(...lines);
  } else {
    if (label.firstElementChild || label.textContent !== text) label.textContent = text;
    setAttr(label, "x", cx.toFixed(1));
    setAttr(label, "y", (cy + 0.35 * size).toFixed(1));
  }
  placeTail(el, badge, { x: cx - layout.width / 2, y: cy - layout.height / 2, width: layout.width, height: layout.height }, size);
}

/**
 * A pill that does not lie on its own region (on a phone it may have to sit between two) gets
 * a tail, as a speech bubble has: from the pill's edge into the region at the point of its
 * outline nearest to the pill, so that whose value it is needs no guessing. `size` is the
 * pill's type size (the tail's scale). Without layout (jsdom), none.
 */
function placeTail(el, badge, pill, size) {
  let tail = badge.querySelector(":scope > .bb-hint-tail");
  const shape = el.querySelector(":scope > .bb-region-shape");
  const target = shape ? leaderTarget(el.ownerSVGElement, shape, pill) : null;
  if (!target) {
    if (tail) tail.remove();
    return;
  }
  if (!tail) {
    tail = svgEl("polygon", { class: "bb-hint-tail" });
    badge.prepend(tail); // under the pill, which hides its base
  }
  const [tx, ty] = target;
  const cx = pill.x + pill.width / 2;
  const cy = pill.y + pill.height / 2;
  const length = Math.hypot(tx - cx, ty - cy) || 1;
  const [ux, uy] = [(tx - cx) / length, (ty - cy) / length];
  const apex = [tx + ux * 0.8 * size, ty + uy * 0.8 * size];
  const half = 0.42 * size;
  const base = [
    [cx - uy * half, cy + ux * half],
    [cx + uy * half, cy - ux * half],
  ];
  setAttr(tail, "points", [base[0], apex, base[1]].map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(" "));
}

/** The point of `shape`'s outline nearest to `pill`, or null when the pill lies on the shape
 * (or nothing can be measured). */
function leaderTarget(svg, shape, pill) {
  if (!svg || typeof shape.isPointInFill !== "function" || typeof shape.getTotalLength !== "function") return null;
  const point = svg.createSVGPoint();
  for (let x = pill.x + 2; x < pill.x + pill.width - 1; x += 3) {
    for (let y = pill.y + 2; y < pill.y + pill.height - 1; y += 3) {
      point.x = x;
      point.y = y;
      if (shape.isPointInFill(point)) return null;
    }
  }
  let total = 0;
  try {
    total = shape.getTotalLength();
  } catch (error) {
    return null;
  }
  let best = null;
  for (let at = 0; at <= total; at += 2) {
    const { x, y } = shape.getPointAtLength(at);
    const dx = Math.max(pill.x - x, 0, x - pill.x - pill.width);
    const dy = Math.max(pill.y - y, 0, y - pill.y - pill.height);
    const distance = Math.hypot(dx, dy);
    if (!best || distance < best.distance) best = { distance, at: [x, y] };
  }
  return best ? best.at : null;
}

/** The spot of least cover for a pill of this size near region `el`: {at: [x, y], cover}. */
function bestSpot(el, region, obstacles, roads, width, height) {
  const svg = el.ownerSVGElement;
  const view = svg && svg.viewBox && svg.viewBox.baseVal;
  const detail = boxOf(el.querySelector(":scope > .bb-region-detail"));
  // The preferred spot: just right of the points line (where the pill has always been).
  const anchor = detail ? [detail.x + detail.width + 4 + width / 2, detail.y + detail.height / 2] : [region.x + region.width / 2, region.y + region.height];
  const inView = (x, y) => !view || !(view.width > 0) || (x - width / 2 >= 2 && y - height / 2 >= 2 && x + width / 2 <= view.width - 2 && y + height / 2 <= view.height - 2);
  let best = null;
  const step = 4;
  for (let x = region.x - width; x <= region.x + region.width + width; x += step) {
    for (let y = region.y - height; y <= region.y + region.height + height; y += step) {
      if (!inView(x, y)) continue;
      const pill = { x: x - width / 2, y: y - height / 2, width, height };
      let cover = 0;
      for (const box of obstacles) if (overlaps(pill, box)) cover += box.weight;
      for (const p of roads) {
        if (p.x > pill.x - p.clear && p.x < pill.x + width + p.clear && p.y > pill.y - p.clear && p.y < pill.y + height + p.clear) cover += 1;
      }
      const cost = cover * 1000 + Math.hypot(x - anchor[0], y - anchor[1]);
      if (!best || cost < best.cost) best = { cost, cover, at: [x, y] };
    }
  }
  return best;
}

/** A map region (an SVG group): the badge is a pill placed clear of the region's drawing. */
function paintSvgHint(el, hint) {
  let badge = el.querySelector(":scope > .bb-hint-svg");
  if (badge) badge.remove();
  if (!hint) {
    el.classList.remove("bb-has-hint");
    return;
  }
  const text = hint.best ? `★${hint.text}` : String(hint.text);
  badge = svgEl("g", { class: "bb-hint-svg", "data-tone": TONES.has(hint.tone) ? hint.tone : "good", "data-text": text, "aria-hidden": "true" });
  badge.append(svgEl("rect", {}));
  const label = svgEl("text", { "text-anchor": "middle" });
  label.textContent = text;
  badge.append(label);
  if (hint.reason) {
    const title = svgEl("title");
    title.textContent = hint.reason;
    badge.append(title);
  }
  el.append(badge);
  placeSvgHint(el);
  el.classList.add("bb-has-hint");
}

/**
 * @param {object} options
 * @param {(msg: object) => void} options.send
 */
export function createCoachBar({ send }) {
  let mode = "off";
  const toggle = button({
    className: "bb-hint-toggle",
    "data-action": "hints",
    "aria-pressed": "false",
    onClick: () => send({ kind: "settings", hints: mode === "on" ? "off" : "on" }),
  });
  const summary = h("span", { class: "bb-coach-summary", "aria-live": "polite" });
  const spinner = h("span", { class: "bb-coach-pending", hidden: true });
  const thinking = h("p", { class: "bb-coach-thinking", hidden: true, "aria-live": "polite" });
  const expected = h("p", { class: "bb-coach-expected", hidden: true });
  const row = h("div", { class: "bb-coach-row" }, [toggle, summary, spinner]);
  const element = h("div", { class: "bb-coach", hidden: true }, [row, thinking, expected]);
  return {
    element,
    update(state) {
      const coach = coachOf(state);
      mode = coach.mode;
      setText(toggle, label(state, "hints", "Hints"));
      element.hidden = !coach.available;
      if (!coach.available) return;
      const locked = mode === "locked-off";
      toggle.hidden = locked;
      setAttr(toggle, "aria-pressed", String(mode === "on"));
      setAttr(toggle, "title", label(state, "hints_on", "Show hints"));
      const showSummary = mode === "on" && !state.review;
      setText(summary, showSummary ? coach.summary : "");
      spinner.hidden = !(showSummary && coach.pending);
      setText(spinner, coach.pending ? label(state, "coach.analysing", "Analysing…") : "");
      row.hidden = locked && !coach.summary;
      const think = coach.thinking;
      thinking.hidden = !(state.busy && think && think.text);
      setText(thinking, thinking.hidden ? "" : think.text);
      const exp = coach.expected;
      expected.hidden = !(exp && exp.text);
      setText(expected, expected.hidden ? "" : exp.text);
    },
  };
}

/** Copy `field`'s text: the clipboard when allowed, else select it (then Ctrl+C works). */
export async function copyField(field) {
  const text = field.value;
  try {
    if (typeof navigator !== "undefined" && navigator.clipboard && navigator.clipboard.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch (error) {
    // Not allowed here (an insecure page, a sandboxed frame): fall back to selecting.
  }
  field.focus();
  field.select();
  return false;
}

/**
 * The Record panel: a closed `<details>` with the transcript, the position string (each with
 * Copy) and a Load field.
 * @param {object} options
 * @param {(msg: object) => void} options.send
 */
export function createRecordPanel({ send }) {
  const n = uniqueId("record").slice("record-".length);
  const summary = h("summary");
  const rows = [];
  function copyRow(key, fallback) {
    const id = `bb-record-${key}-${n}`;
    const text = h("label", { for: id });
    const field = h("input", { id, type: "text", readonly: true, class: "bb-record-field", "data-record": key, spellcheck: "false" });
    const copy = button({ className: "bb-copy", "data-action": `copy-${key}` });
    copy.addEventListener("click", async () => {
      const copied = await copyField(field);
      if (copied) {
        copy.dataset.copied = "true";
        setTimeout(() => delete copy.dataset.copied, 1500);
      }
      rowState.lastCopied = copied ? key : "";
      setText(copy, copied ? rowState.copiedText : rowState.copyText);
      if (copied) setTimeout(() => setText(copy, rowState.copyText), 1500);
    });
    const row = h("div", { class: "bb-record-row", "data-row": key }, [text, h("div", { class: "bb-record-line" }, [field, copy])]);
    rows.push({ key, fallback, text, field, copy, row });
    return row;
  }
  const rowState = { copyText: "Copy", copiedText: "Copied", lastCopied: "" };
  const loadId = `bb-record-load-${n}`;
  const loadLabel = h("label", { for: loadId });
  const loadField = h("input", { id: loadId, type: "text", class: "bb-record-field", "data-record": "load", spellcheck: "false", autocomplete: "off" });
  const load = button({
    className: "bb-load",
    "data-action": "load",
    onClick: () => {
      const text = loadField.value.trim();
      if (!text) return;
      pendingFrom = shownTranscript;
      send({ kind: "load", text });
    },
  });
  loadField.addEventListener("keydown", (event) => {
    if (event.key === "Enter") {
      event.preventDefault();
      load.click();
    }
  });
  const loadRow = h("div", { class: "bb-record-row", "data-row": "load" }, [loadLabel, h("div", { class: "bb-record-line" }, [loadField, load])]);
  const element = h("details", { class: "bb-record-panel" }, [
    summary,
    h("div", { class: "bb-record-body" }, [copyRow("transcript", "Transcript"), copyRow("position", "Position"), loadRow]),
  ]);
  let shownTranscript = "";
  let pendingFrom = null; // the transcript when Load was pressed, until Python answers
  // A closed panel is not redrawn on every move (its fields and labels cost ms per click):
  // it catches up with the latest snapshot when it opens.
  let latest = null;
  let drawnFor = null;
  element.addEventListener("toggle", () => {
    if (element.open && latest && drawnFor !== latest) draw(latest);
  });
  function draw(state) {
    drawnFor = state;
    const record = state.record;
    setText(summary, label(state, "coach.record", "Record"));
    rowState.copyText = label(state, "coach.copy", "Copy");
    rowState.copiedText = label(state, "coach.copied", "Copied");
    for (const row of rows) {
      setText(row.text, label(state, `coach.${row.key}`, row.fallback));
      const value = String(record[row.key] || "");
      if (row.field.value !== value) row.field.value = value;
      row.row.hidden = row.key === "position" && !value;
      if (!row.copy.dataset.copied) setText(row.copy, rowState.copyText);
    }
    loadRow.hidden = !record.can_load;
    setText(loadLabel, label(state, "coach.load_field", "Paste a transcript"));
    setText(load, label(state, "coach.load", "Load"));
    // A load that replaced the game clears the field; a refused one (a notice) keeps it.
    const transcript = String(record.transcript || "");
    if (pendingFrom !== null && (transcript !== pendingFrom || state.notice)) {
      if (!state.notice || transcript !== pendingFrom) loadField.value = "";
      pendingFrom = null;
    }
    shownTranscript = transcript;
  }
  return {
    element,
    update(state) {
      latest = state;
      element.hidden = !state.record;
      if (!state.record) return;
      // Closed and nothing waiting on an answer to Load: the summary is all that shows.
      setText(summary, label(state, "coach.record", "Record"));
      if (!element.open && pendingFrom === null && drawnFor !== null) return;
      draw(state);
    },
  };
}
