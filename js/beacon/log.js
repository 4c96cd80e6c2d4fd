/**
 * The round log under the map: one row per round with every field the article records (both
 * targets, start-of-round ownership, marker counts, resulting ownership, scores, win check).
 * Python sends the columns and rows already translated (`state.extra.log`).
 */
import { h, setAttr, setText } from "../shared/index.js";

/**
 * A cell whose text lists regions ("North Pass 1:0, South Pass 0:1") breaks only between the
 * items, each item kept on one line, so a narrow log reads item by item instead of mid-name.
 */
function cellChildren(text) {
  const parts = String(text).split(/(?<=[,;、；])\s*/);
  if (parts.length < 2) return [String(text)];
  const out = [];
  parts.forEach((part, i) => {
    out.push(h("span", { class: "bb-log-item", text: part }));
    if (i < parts.length - 1) out.push(" ");
  });
  return out;
}

export function createRoundLog() {
  const caption = h("caption", { class: "bb-log-caption" });
  const head = h("thead");
  const body = h("tbody");
  const table = h("table", { class: "bb-beacon-log" }, [caption, head, body]);
  // A narrow log scrolls sideways: a keyboard user can focus it and scroll with the arrows, and
  // a fade with an arrow on the side that has more says so to everyone.
  const scroller = h("div", { class: "bb-beacon-log-wrap", tabindex: "0", role: "region" }, [table]);
  const before = h("span", { class: "bb-log-more", "data-side": "start", "aria-hidden": "true", text: "‹" });
  const after = h("span", { class: "bb-log-more", "data-side": "end", "aria-hidden": "true", text: "›" });
  const element = h("div", { class: "bb-beacon-log-box" }, [scroller, before, after]);
  let key = "";

  /** Show the cue on each side that has more of the table to scroll to. */
  function cue() {
    const room = scroller.scrollWidth - scroller.clientWidth;
    before.hidden = !(room > 1 && scroller.scrollLeft > 1);
    after.hidden = !(room > 1 && scroller.scrollLeft < room - 1);
  }
  scroller.addEventListener("scroll", cue, { passive: true });
  const observer = typeof ResizeObserver === "function" ? new ResizeObserver(cue) : null;
  if (observer) observer.observe(scroller);

  return {
    element,
    update(state) {
      const log = (state.extra && state.extra.log) || { columns: [], rows: [] };
      const columns = log.columns || [];
      const rows = log.rows || [];
      setText(caption, log.caption || "");
      setAttr(scroller, "aria-label", log.caption || "Round log");
      const next = JSON.stringify([columns, rows, state.review && state.review.ply]);
      if (next === key) return;
      key = next;
      head.replaceChildren(h("tr", {}, columns.map((c) => h("th", { scope: "col", text: c }))));
      body.replaceChildren(
        ...rows.map((row, i) =>
          h(
            "tr",
            { "data-round": i + 1, class: state.review && i + 1 === state.review.ply ? "bb-current" : null },
            row.map((cell, j) => (j === 0 ? h("th", { scope: "row", text: cell }) : h("td", {}, cellChildren(cell)))),
          ),
        ),
      );
      element.hidden = rows.length === 0;
      cue();
    },
    destroy() {
      if (observer) observer.disconnect();
    },
  };
}
