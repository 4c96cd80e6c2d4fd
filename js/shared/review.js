/**
 * The review panel, the same for every game: the move list as a player reads it (Python's
 * `move_words`, else the notation; numbered by ply, forced passes shown, the newest kept
 * in view; the notation itself is the Record panel's), the evaluation graph (`state.coach.graph`: one value per ply for
 * the first side, the turning points marked) and the turning points in words.
 *
 * A move (or a point of the graph, or a turning point) is a `{kind: "review", ply}` intent;
 * with focus in the panel, ←/→ step, Home/End jump, Escape returns to the live game. Python
 * decides what the board shows; this only draws and asks.
 */
import { h, label, setAttr, setText } from "./dom.js";
import { svgEl } from "./mapboard.js";
import { button } from "./controls.js";

const W = 320;
const H = 120;
const PAD = 6;

/** The ply the board shows: the reviewed one, else the live game's last. */
export function currentPly(state) {
  return state.review && typeof state.review.ply === "number" ? state.review.ply : Number(state.ply) || 0;
}

/** The ply a key asks for from `ply` (of `total`), or null for keys the panel leaves alone. */
export function plyForKey(key, ply, total) {
  const steps = { ArrowLeft: ply - 1, ArrowUp: ply - 1, ArrowRight: ply + 1, ArrowDown: ply + 1, Home: 0, End: total };
  if (!(key in steps)) return null;
  return Math.max(0, Math.min(total, steps[key]));
}

/**
 * Points of the graph's polyline(s): x per ply, y by value (0 in the middle, the largest
 * |value| at the edge); a null value breaks the line. Returns {segments, scale, x, y}.
 */
export function graphGeometry(values, range = 1) {
  const n = Math.max(1, values.length - 1);
  const finite = values.filter((v) => typeof v === "number" && Number.isFinite(v));
  const least = typeof range === "number" && range > 0 ? range : 1;
  const scale = Math.max(least, ...finite.map((v) => Math.abs(v)));
  const x = (ply) => PAD + ((W - 2 * PAD) * ply) / n;
  const y = (value) => H / 2 - ((H / 2 - PAD) * Math.max(-scale, Math.min(scale, value))) / scale;
  const segments = [];
  let current = [];
  values.forEach((value, ply) => {
    if (typeof value === "number" && Number.isFinite(value)) current.push([x(ply), y(value)]);
    else if (current.length) {
      segments.push(current);
      current = [];
    }
  });
  if (current.length) segments.push(current);
  return { segments, scale, x, y };
}

/** "+4", "−2", "0"; on a small scale (a result from −1 to +1) two decimals: "+0.50". */
function fmt(value, scale) {
  const n = scale <= 1 ? Math.round(value * 100) / 100 : Math.round(value);
  const text = scale <= 1 && n !== 0 ? Math.abs(n).toFixed(2) : String(Math.abs(n));
  return n > 0 ? `+${text}` : n < 0 ? `\u2212${text}` : "0";
}

/**
 * @param {object} options
 * @param {(msg: object) => void} options.send
 */
export function createReviewPanel({ send }) {
  let state = {};
  // The ply last asked for, until a snapshot shows it: quick key presses step from there, not
  // from a board that has not caught up yet.
  let wanted = null;
  let wantedAt = 0;
  const go = (ply) => {
    wanted = ply;
    wantedAt = Date.now();
    send({ kind: "review", ply });
  };
  const shownOrWanted = () => (wanted !== null && Date.now() - wantedAt < 2000 ? wanted : currentPly(state));
  const heading = h("h3", { class: "bb-review-heading" });
  const moves = h("ol", { class: "bb-movelist", role: "list" });
  const graph = svgEl("svg", { class: "bb-graph", viewBox: `0 0 ${W} ${H}`, role: "img", preserveAspectRatio: "none" });
  const graphCaption = h("p", { class: "bb-graph-caption" });
  // Turning-point markers are HTML over the stretched SVG, so they keep their shape.
  const markers = h("div", { class: "bb-graph-markers", "aria-hidden": "true" });
  const graphBox = h("div", { class: "bb-graph-box" }, [graph, markers]);
  const graphWrap = h("figure", { class: "bb-graph-wrap", hidden: true }, [graphBox, graphCaption]);
  const turningHeading = h("h4", { class: "bb-turning-heading" });
  const turning = h("ul", { class: "bb-turning" });
  const turningWrap = h("div", { class: "bb-turning-wrap", hidden: true }, [turningHeading, turning]);
  const element = h("section", { class: "bb-review-panel", hidden: true }, [heading, moves, graphWrap, turningWrap]);

  element.addEventListener("keydown", (event) => {
    const total = Array.isArray(state.history) ? state.history.length : 0;
    if (event.key === "Escape" && state.review) {
      event.preventDefault();
      go(null);
      return;
    }
    if (event.target && event.target.tagName === "INPUT") return;
    const from = shownOrWanted();
    const ply = plyForKey(event.key, from, total);
    if (ply === null) return;
    event.preventDefault();
    if (ply !== from || !state.review) go(ply);
  });
  graph.addEventListener("click", (event) => {
    const total = Array.isArray(state.history) ? state.history.length : 0;
    const box = graph.getBoundingClientRect();
    if (!box.width || !total) return;
    const ratio = (event.clientX - box.left) / box.width;
    const ply = Math.round(((ratio * W - PAD) / (W - 2 * PAD)) * total);
    go(Math.max(0, Math.min(total, ply)));
  });

  let listed = []; // the text of each item in the list, as drawn
  let scrollFrame = 0;
  function moveItem(notation, said, ply) {
    const item = button({
      className: "bb-move",
      "data-ply": ply,
      text: `${ply}. ${said}`,
      onClick: () => go(ply),
    });
    if (notation === "pass") item.classList.add("bb-move-pass");
    return h("li", {}, [item]);
  }

  function drawMoves() {
    const history = Array.isArray(state.history) ? state.history : [];
    const words = Array.isArray(state.move_words) ? state.move_words : [];
    const texts = history.map((notation, index) => {
      const said = typeof words[index] === "string" && words[index] ? words[index] : notation;
      return `${notation}\u0000${said}`;
    });
    // Only what changed is redrawn: a new move appends its item, an undo removes the last
    // (a whole new list at every move would lay out every earlier move again).
    let kept = 0;
    while (kept < listed.length && kept < texts.length && listed[kept] === texts[kept]) kept += 1;
    const grew = texts.length > listed.length;
    while (moves.children.length > kept) moves.lastChild.remove();
    for (let index = kept; index < texts.length; index += 1) {
      const [notation, said] = texts[index].split("\u0000");
      moves.append(moveItem(notation, said, index + 1));
    }
    listed = texts;
    // A new move in the live game: the list shows it, scrolled once the move is painted (the
    // page is laid out by then, so reading the list's height costs nothing and the board's
    // update is never held up by it; only the list scrolls, never the notebook).
    if (grew && !state.review && typeof requestAnimationFrame === "function") {
      cancelAnimationFrame(scrollFrame);
      scrollFrame = requestAnimationFrame(() => {
        scrollFrame = 0;
        setTimeout(() => {
          moves.scrollTop = moves.scrollHeight;
        }, 0);
      });
    }
    const shown = currentPly(state);
    for (const item of moves.querySelectorAll(".bb-move")) {
      const current = Number(item.dataset.ply) === shown;
      item.classList.toggle("bb-current", current);
      setAttr(item, "aria-current", current ? "step" : null);
      setAttr(item, "tabindex", current || (shown === 0 && item.dataset.ply === "1") ? "0" : "-1");
    }
    const currentItem = moves.querySelector(".bb-current");
    if (currentItem && state.review && typeof currentItem.scrollIntoView === "function") {
      currentItem.scrollIntoView({ block: "nearest", inline: "nearest" });
    }
  }

  function drawGraph() {
    const g = (state.coach && state.coach.graph) || null;
    const values = g && Array.isArray(g.values) ? g.values : [];
    graphWrap.hidden = !g || values.length < 2 || !values.some((v) => typeof v === "number");
    graph.replaceChildren();
    markers.replaceChildren();
    if (graphWrap.hidden) {
      turningWrap.hidden = true;
      return;
    }
    const { segments, scale, x, y } = graphGeometry(values, g.range);
    // The side the values are for is above the middle line; a band shades its half.
    graph.append(svgEl("rect", { class: "bb-graph-ahead", x: 0, y: 0, width: W, height: H / 2 }));
    graph.append(svgEl("line", { class: "bb-graph-zero", x1: 0, x2: W, y1: H / 2, y2: H / 2 }));
    for (const segment of segments) {
      const points = segment.map(([px, py]) => `${px.toFixed(1)},${py.toFixed(1)}`).join(" ");
      const area = `${segment[0][0].toFixed(1)},${H / 2} ${points} ${segment[segment.length - 1][0].toFixed(1)},${H / 2}`;
      graph.append(svgEl("polygon", { class: "bb-graph-area", points: area }));
      graph.append(svgEl("polyline", { class: "bb-graph-line", points }));
    }
    const shown = currentPly(state);
    graph.append(svgEl("line", { class: "bb-graph-cursor", x1: x(shown), x2: x(shown), y1: 0, y2: H }));
    const turns = Array.isArray(g.turning) ? g.turning : [];
    turns.forEach((turn, index) => {
      const value = values[turn.ply];
      if (typeof value !== "number") return;
      // A diamond with its number: a shape, not a colour, marks a turning point. Numbers
      // alternate above and below so neighbouring points stay readable, except near an edge
      // of the graph, where the number goes inside (never clipped at the top or the bottom).
      const top = y(value) / H;
      const below = top < 0.3 ? true : top > 0.7 ? false : index % 2 === 1;
      const marker = h("span", {
        class: `bb-graph-turn${below ? " bb-below" : ""}`,
        "data-ply": turn.ply,
        style: { left: `${((100 * x(turn.ply)) / W).toFixed(2)}%`, top: `${((100 * y(value)) / H).toFixed(2)}%` },
      }, [h("span", { class: "bb-graph-diamond" }), h("span", { class: "bb-graph-turn-label", text: String(index + 1) })]);
      markers.append(marker);
    });
    const side = label(state, g.side, g.side || "");
    const now = values[shown];
    const valueText = typeof now === "number" ? fmt(now, scale) : "";
    setAttr(graph, "aria-label", `${g.label || "Evaluation"}${g.unit ? ` (${g.unit})` : ""}: ${values.length - 1} ${label(state, "coach.moves", "moves")}${valueText ? `, ${valueText}` : ""}`);
    const pending = g.pending ? ` · ${label(state, "coach.review_pending", "Valuing the moves…")}` : "";
    setText(graphCaption, `${g.label || side}${g.unit ? ` · ${g.unit}` : ""} · ±${Math.round(scale)}${valueText ? ` · ${valueText}` : ""}${pending}`);

    turningWrap.hidden = turns.length === 0;
    setText(turningHeading, label(state, "coach.turning_points", "Turning points"));
    turning.replaceChildren(
      ...turns.map((turn, index) =>
        h("li", {}, [
          button({
            className: "bb-turn",
            "data-ply": turn.ply,
            text: `${index + 1}. ${turn.text}`,
            onClick: () => go(turn.ply),
          }),
        ]),
      ),
    );
  }

  return {
    element,
    update(next) {
      state = next || {};
      if (!state.review || state.review.ply === wanted || state.notice) wanted = null;
      const history = Array.isArray(state.history) ? state.history : [];
      element.hidden = history.length === 0;
      if (element.hidden) return;
      setText(heading, label(state, "coach.moves", "Moves"));
      setAttr(moves, "aria-label", label(state, "coach.moves", "Moves"));
      drawMoves();
      drawGraph();
    },
  };
}
