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
import { h, label, setAttr, setText } from "./dom.js";
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
    setText(badge, hint.best ? `★${hint.text}` : String(hint.text));
    setAttr(badge, "title", hint.reason || null);
    el.classList.add("bb-has-hint");
    addWords(el, hint, hintWord, bestWord);
  }
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

/** A map region (an SVG group): the badge is a pill on the bottom right corner of its drawing. */
function paintSvgHint(el, hint) {
  let badge = el.querySelector(":scope > .bb-hint-svg");
  if (!hint) {
    if (badge) badge.remove();
    el.classList.remove("bb-has-hint");
    return;
  }
  if (badge) badge.remove(); // measure the region without it
  let box = { x: 0, y: 0, width: 0, height: 0 };
  try {
    if (typeof el.getBBox === "function") box = el.getBBox();
  } catch (error) {
    // Not laid out yet (a hidden view): the badge sits at the group's origin.
  }
  const text = hint.best ? `★${hint.text}` : String(hint.text);
  // At least 12 px on screen however far a narrow notebook scales the map down.
  const size = Math.max(15, Math.min(26, 12 / svgScale(el)));
  const width = 0.7 * size + 0.56 * size * [...text].length;
  const height = 1.5 * size;
  // The bottom right corner: clear of the name, the icon, the points and the reveal badge.
  const cx = box.x + box.width - width / 2 + 6;
  const cy = box.y + box.height - height / 3;
  badge = svgEl("g", { class: "bb-hint-svg", "data-tone": TONES.has(hint.tone) ? hint.tone : "good", "aria-hidden": "true" });
  badge.append(svgEl("rect", { x: cx - width / 2, y: cy - height / 2, width, height, rx: height / 2 }));
  const label = svgEl("text", { x: cx, y: cy + 0.35 * size, "text-anchor": "middle", style: `font-size: ${size.toFixed(1)}px` });
  label.textContent = text;
  badge.append(label);
  if (hint.reason) {
    const title = svgEl("title");
    title.textContent = hint.reason;
    badge.append(title);
  }
  el.append(badge);
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

let uid = 0;

/**
 * The Record panel: a closed `<details>` with the transcript, the position string (each with
 * Copy) and a Load field.
 * @param {object} options
 * @param {(msg: object) => void} options.send
 */
export function createRecordPanel({ send }) {
  const n = (uid += 1);
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
  return {
    element,
    update(state) {
      const record = state.record;
      element.hidden = !record;
      if (!record) return;
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
    },
  };
}
