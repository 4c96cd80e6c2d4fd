/**
 * The coach's kit parts (js/shared/coach.js, js/shared/review.js) on their own and inside the
 * Reversi entry: hint badges and their words, the Hints toggle and the teacher's lock, the
 * CPU's line, the review panel (numbered moves, passes, keys, the graph, turning points) and
 * the Record panel (copy with and without the clipboard, load).
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import reversi from "../reversi.js";
import { coachOf, copyField, createCoachBar, createRecordPanel, paintHints } from "../shared/coach.js";
import { createReviewPanel, graphGeometry, plyForKey } from "../shared/review.js";
import { middleGameState, reversiState } from "./fixtures.js";
import { mountEntry, press, resetPage } from "./mount.js";

let cleanup = null;
afterEach(() => {
  resetPage(cleanup);
  cleanup = null;
});

const HINTS = {
  d3: { text: "+4", tone: "best", best: true, reason: "Best move: final disc difference +4 (exact)." },
  c4: { text: "+1", tone: "good", best: false, reason: "Final disc difference +1." },
  f5: { text: "\u221210", tone: "bad", best: false, reason: "Final disc difference −10." },
};

function coach(overrides = {}) {
  return {
    available: true,
    mode: "on",
    hints: HINTS,
    depth: 8,
    exact: false,
    pending: true,
    summary: "Best: d3 (+4; estimate, 8 moves deep)",
    thinking: null,
    expected: null,
    graph: null,
    ...overrides,
  };
}

function mounted(state) {
  const view = mountEntry(reversi, state);
  cleanup = view.cleanup;
  return view;
}

describe("hints on the board", () => {
  it("draws each hint on its square with its tone, stresses the best, and says it in words", () => {
    const { host } = mounted(reversiState({ coach: coach() }));
    const badge = (id) => host.querySelector(`[data-square="${id}"] .bb-hint`);
    expect(badge("d3").textContent).toBe("★+4");
    expect(badge("d3").dataset.tone).toBe("best");
    expect(badge("c4").textContent).toBe("+1");
    expect(badge("f5").dataset.tone).toBe("bad");
    expect(badge("e6")).toBeNull(); // a legal square with no value yet has no badge
    const d3 = host.querySelector('[data-square="d3"]');
    expect(d3.getAttribute("aria-label")).toMatch(/^d3, empty, legal move, hint \+4, best move$/);
    expect(badge("d3").getAttribute("title")).toContain("exact");
  });

  it("removes the badges when hints go off, and does not repeat the words on redraw", () => {
    const { host, model } = mounted(reversiState({ coach: coach() }));
    model.set("state", reversiState({ coach: coach(), notice: "again" }));
    const label = host.querySelector('[data-square="d3"]').getAttribute("aria-label");
    expect(label.match(/hint /g)).toHaveLength(1);
    model.set("state", reversiState({ coach: coach({ mode: "off", hints: {} }) }));
    expect(host.querySelectorAll(".bb-hint")).toHaveLength(0);
    expect(host.querySelector('[data-square="d3"]').getAttribute("aria-label")).not.toMatch(/hint/);
  });

  it("paints tray items as well as squares", () => {
    const root = document.createElement("div");
    root.innerHTML = '<button data-item="piece:7" aria-label="small dark"></button>';
    paintHints(root, { coach: coach({ hints: { "piece:7": { text: "safe", tone: "good" } } }), labels: {} });
    expect(root.querySelector(".bb-hint").textContent).toBe("safe");
    expect(root.querySelector("[data-item]").getAttribute("aria-label")).toBe("small dark, hint safe");
  });

  it("places a map region's hint pill clear of its points line, its name and the next region", () => {
    const NS = "http://www.w3.org/2000/svg";
    const svg = document.createElementNS(NS, "svg");
    const make = (tag, attrs, box) => {
      const el = document.createElementNS(NS, tag);
      for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
      el.getBBox = () => box;
      return el;
    };
    // North Pass at (218, 72); its "1 pt" line right of centre would run into a neighbour here.
    const region = make("g", { "data-square": "North Pass" }, { x: 154, y: 18, width: 128, height: 108 });
    const name = make("text", { class: "bb-region-name" }, { x: 170, y: 52, width: 96, height: 18 });
    const detail = make("text", { class: "bb-region-detail" }, { x: 196, y: 104, width: 44, height: 18 });
    region.append(name, detail);
    const neighbour = make("g", { "data-square": "Beacon" }, { x: 246, y: 90, width: 128, height: 60 });
    svg.append(region, neighbour);
    const root = document.createElement("div");
    root.append(svg);
    paintHints(root, { coach: coach({ hints: { "North Pass": { text: "50 %", tone: "best", best: true } } }), labels: {} });
    const pill = region.querySelector(".bb-hint-svg rect");
    const box = ["x", "y", "width", "height"].map((k) => Number(pill.getAttribute(k)));
    const clash = (b) => box[0] < b.x + b.width && b.x < box[0] + box[2] && box[1] < b.y + b.height && b.y < box[1] + box[3];
    expect(box[2]).toBeGreaterThan(0);
    for (const part of [name, detail, neighbour]) expect(clash(part.getBBox())).toBe(false);
    expect(region.querySelector(".bb-hint-svg text").textContent).toBe("★50 %");
  });

  it("reads a snapshot without a coach part as no coach", () => {
    expect(coachOf({})).toMatchObject({ available: false, mode: "off", hints: {} });
  });
});

describe("the coach bar", () => {
  it("toggles hints through a settings intent and shows the summary while the analysis runs", () => {
    const { host, model } = mounted(reversiState({ coach: coach({ mode: "off", hints: {} }) }));
    const toggle = host.querySelector('[data-action="hints"]');
    expect(toggle.hidden).toBe(false);
    expect(toggle.getAttribute("aria-pressed")).toBe("false");
    toggle.click();
    expect(model.sent.at(-1)).toEqual({ kind: "settings", hints: "on" });
    model.set("state", reversiState({ coach: coach() }));
    expect(toggle.getAttribute("aria-pressed")).toBe("true");
    expect(host.querySelector(".bb-coach-summary").textContent).toContain("Best: d3");
    expect(host.querySelector(".bb-coach-pending").hidden).toBe(false);
    toggle.click();
    expect(model.sent.at(-1)).toEqual({ kind: "settings", hints: "off" });
  });

  it("has no toggle at all when a teacher locked hints off", () => {
    const { host } = mounted(reversiState({ coach: coach({ mode: "locked-off", hints: {}, summary: "" }) }));
    expect(host.querySelector('[data-action="hints"]').hidden).toBe(true);
    expect(host.querySelectorAll(".bb-hint")).toHaveLength(0);
  });

  it("is absent for a game without a coach", () => {
    const { host } = mounted(reversiState({ coach: coach({ available: false }) }));
    expect(host.querySelector(".bb-coach").hidden).toBe(true);
  });

  it("shows the CPU's line while it thinks, then the reply it expected", () => {
    const bar = createCoachBar({ send: vi.fn() });
    const thinking = { depth: 9, line: ["d3", "c4"], text: "Depth 9: expects d3 c4 (about +2 for White)" };
    bar.update({ busy: true, coach: coach({ thinking }), labels: {} });
    expect(bar.element.querySelector(".bb-coach-thinking").textContent).toBe(thinking.text);
    const expected = { move: "d3", reply: "c4", text: "After d3 the CPU expects you to reply c4." };
    bar.update({ busy: false, coach: coach({ thinking, expected }), labels: {} });
    expect(bar.element.querySelector(".bb-coach-thinking").hidden).toBe(true);
    expect(bar.element.querySelector(".bb-coach-expected").textContent).toBe(expected.text);
  });
});

describe("the review panel", () => {
  const history = ["f5", "d6", "c3", "pass", "c4"];
  const graph = {
    values: [0, 1, -2, -2, 6, 4],
    side: "black",
    label: "Evaluation for Black",
    unit: "final disc difference",
    turning: [{ ply: 4, text: "move 4, pass let Black take the a1 corner" }],
    pending: false,
  };
  const state = (extra = {}) => ({ history, ply: 5, review: null, labels: {}, coach: coach({ graph }), ...extra });

  it("numbers every move, shows passes, and marks the shown one", () => {
    const panel = createReviewPanel({ send: vi.fn() });
    panel.update(state({ review: { ply: 2, total: 5 } }));
    const moves = [...panel.element.querySelectorAll(".bb-move")];
    expect(moves.map((m) => m.textContent)).toEqual(["1. f5", "2. d6", "3. c3", "4. pass", "5. c4"]);
    expect(moves[3].classList.contains("bb-move-pass")).toBe(true);
    expect(moves[1].getAttribute("aria-current")).toBe("step");
    expect(moves.filter((m) => m.tabIndex === 0)).toHaveLength(1);
  });

  it("draws only what changed: a new move appends its item, an undo takes the last away", () => {
    const panel = createReviewPanel({ send: vi.fn() });
    panel.update(state());
    const first = panel.element.querySelector(".bb-move");
    panel.update(state({ history: [...history, "e6"], ply: 6 }));
    const items = [...panel.element.querySelectorAll(".bb-move")];
    expect(items.map((m) => m.textContent).at(-1)).toBe("6. e6");
    expect(items[0]).toBe(first); // the earlier moves are the same elements
    expect(items.at(-1).classList.contains("bb-current")).toBe(true);
    panel.update(state({ history: history.slice(0, 4), ply: 4 }));
    expect([...panel.element.querySelectorAll(".bb-move")].map((m) => m.textContent)).toEqual(["1. f5", "2. d6", "3. c3", "4. pass"]);
    expect(panel.element.querySelector(".bb-move")).toBe(first);
    panel.update(state({ history: ["d3"], ply: 1 })); // another game: redrawn from its first move
    expect([...panel.element.querySelectorAll(".bb-move")].map((m) => m.textContent)).toEqual(["1. d3"]);
  });

  it("shows each move in Python's words (state.move_words), else its notation", () => {
    const panel = createReviewPanel({ send: vi.fn() });
    const words = ["gives piece 3", "piece 3 on A1, gives piece 5"];
    panel.update({ ...state(), history: [":3", "A1:5"], move_words: words, extra: { move_words: ["not read"] } });
    const moves = [...panel.element.querySelectorAll(".bb-move")].map((m) => m.textContent);
    expect(moves).toEqual(["1. gives piece 3", "2. piece 3 on A1, gives piece 5"]);
    panel.update({ ...state(), move_words: ["f5", "d6", "c3", "パス", "c4"] });
    expect([...panel.element.querySelectorAll(".bb-move")].map((m) => m.textContent)).toEqual(["1. f5", "2. d6", "3. c3", "4. パス", "5. c4"]);
    expect(panel.element.querySelectorAll(".bb-move-pass")).toHaveLength(1);
    panel.update(state()); // no words: the notation
    expect(panel.element.querySelector(".bb-move-pass").textContent).toBe("4. pass");
  });

  it("asks for a move's position on click, steps with the arrows, jumps with Home/End, leaves with Escape", () => {
    const send = vi.fn();
    const panel = createReviewPanel({ send });
    document.body.append(panel.element);
    panel.update(state({ review: { ply: 2, total: 5 } }));
    panel.element.querySelectorAll(".bb-move")[4].click();
    expect(send).toHaveBeenLastCalledWith({ kind: "review", ply: 5 });
    panel.update(state({ review: { ply: 2, total: 5 }, notice: "busy" })); // refused: back at 2
    const item = panel.element.querySelector(".bb-move");
    press(item, "ArrowRight");
    expect(send).toHaveBeenLastCalledWith({ kind: "review", ply: 3 });
    press(item, "ArrowLeft"); // from 3, the ply just asked for
    expect(send).toHaveBeenLastCalledWith({ kind: "review", ply: 2 });
    press(item, "Home");
    expect(send).toHaveBeenLastCalledWith({ kind: "review", ply: 0 });
    press(item, "End");
    expect(send).toHaveBeenLastCalledWith({ kind: "review", ply: 5 });
    expect(press(item, "Escape").defaultPrevented).toBe(true);
    expect(send).toHaveBeenLastCalledWith({ kind: "review", ply: null });
  });

  it("steps from the ply last asked for when keys come faster than the board", () => {
    const send = vi.fn();
    const panel = createReviewPanel({ send });
    panel.update(state({ review: { ply: 3, total: 5 } }));
    const item = panel.element.querySelector(".bb-move");
    press(item, "ArrowLeft");
    press(item, "ArrowLeft");
    expect(send.mock.calls.map(([msg]) => msg.ply)).toEqual([2, 1]);
    panel.update(state({ review: { ply: 1, total: 5 } }));
    press(item, "ArrowRight");
    expect(send).toHaveBeenLastCalledWith({ kind: "review", ply: 2 });
  });

  it("from the live game, the left arrow opens the review one move back", () => {
    const send = vi.fn();
    const panel = createReviewPanel({ send });
    panel.update(state());
    press(panel.element.querySelector(".bb-move"), "ArrowLeft");
    expect(send).toHaveBeenLastCalledWith({ kind: "review", ply: 4 });
  });

  it("draws the graph with its turning points and lists them in words", () => {
    const send = vi.fn();
    const panel = createReviewPanel({ send });
    panel.update(state({ review: { ply: 4, total: 5 } }));
    const svg = panel.element.querySelector("svg.bb-graph");
    expect(panel.element.querySelector(".bb-graph-wrap").hidden).toBe(false);
    expect(svg.querySelectorAll(".bb-graph-line")).toHaveLength(1);
    const turn = panel.element.querySelector(".bb-graph-turn");
    expect(turn.getAttribute("data-ply")).toBe("4");
    expect(svg.getAttribute("aria-label")).toContain("Evaluation for Black");
    const listed = panel.element.querySelector(".bb-turn");
    expect(listed.textContent).toBe("1. move 4, pass let Black take the a1 corner");
    listed.click();
    expect(send).toHaveBeenLastCalledWith({ kind: "review", ply: 4 });
  });

  it("puts a turning point's number inside the graph near its top and bottom edges", () => {
    const panel = createReviewPanel({ send: vi.fn() });
    const values = [0, 6, -6, -6, 2, 0, 0];
    // Point 1 at the top edge, point 2 at the bottom: alternation alone would clip both.
    const turning = [
      { ply: 1, text: "move 1" },
      { ply: 2, text: "move 2" },
      { ply: 5, text: "move 5" },
    ];
    panel.update(state({ history: [...history, "d3"], ply: 6, coach: coach({ graph: { ...graph, values, turning } }) }));
    const below = [...panel.element.querySelectorAll(".bb-graph-turn")].map((el) => el.classList.contains("bb-below"));
    // top: the number below; bottom: above; the middle one alternates (third: above).
    expect(below).toEqual([true, false, false]);
  });

  it("breaks the line where a ply is not valued yet and hides an empty graph", () => {
    const { segments } = graphGeometry([0, 2, null, null, 1, 3]);
    expect(segments.map((s) => s.length)).toEqual([2, 2]);
    const panel = createReviewPanel({ send: vi.fn() });
    panel.update(state({ coach: coach({ graph: { ...graph, values: [null, null, null, null, null, null] } }) }));
    expect(panel.element.querySelector(".bb-graph-wrap").hidden).toBe(true);
    panel.update({ history: [], labels: {} });
    expect(panel.element.hidden).toBe(true);
  });

  it("during a game draws the plies valued so far and extends the graph with the next move", () => {
    const panel = createReviewPanel({ send: vi.fn() });
    const live = { ...graph, turning: [], pending: true };
    panel.update({
      history: ["f5", "d6", "c3"], ply: 3, review: { ply: 1, total: 3 }, outcome: null, labels: {},
      coach: coach({ graph: { ...live, values: [0, 1, null, null] } }),
    });
    const svg = panel.element.querySelector("svg.bb-graph");
    expect(panel.element.querySelector(".bb-graph-wrap").hidden).toBe(false);
    let lines = [...svg.querySelectorAll(".bb-graph-line")];
    expect(lines.map((l) => l.getAttribute("points").split(" ").length)).toEqual([2]);
    expect(panel.element.querySelector(".bb-graph-caption").textContent).toContain("Valuing the moves");
    expect(svg.getAttribute("aria-label")).toContain("3 moves");
    // The next move: one more ply, every ply valued, the line reaches the right edge.
    panel.update({
      history: ["f5", "d6", "c3", "d3"], ply: 4, review: null, outcome: null, labels: {},
      coach: coach({ graph: { ...live, values: [0, 1, -2, 0, 3], pending: false } }),
    });
    lines = [...svg.querySelectorAll(".bb-graph-line")];
    const points = lines[0].getAttribute("points").split(" ");
    expect(lines).toHaveLength(1);
    expect(points).toHaveLength(5);
    const { x } = graphGeometry([0, 1, -2, 0, 3]);
    expect(Number(points[4].split(",")[0])).toBeCloseTo(x(4), 1);
    expect(panel.element.querySelector(".bb-graph-caption").textContent).not.toContain("Valuing");
    expect(svg.getAttribute("aria-label")).toContain("4 moves");
    const cursor = svg.querySelector(".bb-graph-cursor");
    expect(Number(cursor.getAttribute("x1"))).toBeCloseTo(x(4), 1); // the live game's last ply
  });

  it("keeps a value above the middle for the side it is for", () => {
    const { y, scale } = graphGeometry([0, 8, -8]);
    expect(scale).toBe(8);
    expect(graphGeometry([0, 0.5], 1).scale).toBe(1); // a result's whole range
    expect(graphGeometry([0, 2], 8).scale).toBe(8); // an even opening is not a swing
    expect(y(8)).toBeLessThan(y(0));
    expect(y(-8)).toBeGreaterThan(y(0));
    expect(plyForKey("ArrowRight", 5, 5)).toBe(5);
    expect(plyForKey("a", 2, 5)).toBeNull();
  });

  it("appears in the Reversi entry once a move is played", () => {
    const { host } = mounted(middleGameState({ coach: coach({ hints: {} }) }));
    const panel = host.querySelector(".bb-review-panel");
    expect(panel.hidden).toBe(false);
    expect(panel.querySelectorAll(".bb-move")).toHaveLength(12);
  });
});

describe("the Record panel", () => {
  const record = { transcript: "f5d6c3", position: "-".repeat(27) + "OX------XO" + "-".repeat(27) + " X", can_load: true };

  it("shows the transcript and the position string read-only", () => {
    const panel = createRecordPanel({ send: vi.fn() });
    panel.update({ record, labels: {}, ply: 3 });
    const fields = panel.element.querySelectorAll("input[readonly]");
    expect([...fields].map((f) => f.value)).toEqual([record.transcript, record.position]);
  });

  it("copies through the clipboard when the page allows it", async () => {
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal("navigator", { clipboard: { writeText } });
    const panel = createRecordPanel({ send: vi.fn() });
    document.body.append(panel.element);
    panel.update({ record, labels: {}, ply: 3 });
    panel.element.querySelector('[data-action="copy-transcript"]').click();
    await vi.waitFor(() => expect(writeText).toHaveBeenCalledWith("f5d6c3"));
  });

  it("selects the text for Ctrl+C when the clipboard is refused", async () => {
    vi.stubGlobal("navigator", { clipboard: { writeText: () => Promise.reject(new Error("denied")) } });
    const field = document.createElement("input");
    field.value = "f5d6";
    document.body.append(field);
    expect(await copyField(field)).toBe(false);
    expect(document.activeElement).toBe(field);
    expect(field.selectionStart).toBe(0);
    expect(field.selectionEnd).toBe(4);
  });

  it("sends a pasted transcript on Load (and on Enter), and keeps it if Python refuses it", () => {
    const send = vi.fn();
    const panel = createRecordPanel({ send });
    panel.update({ record, labels: {}, ply: 3, notice: null });
    const field = panel.element.querySelector('[data-record="load"]');
    field.value = "  f5d6c3d3 ";
    panel.element.querySelector('[data-action="load"]').click();
    expect(send).toHaveBeenLastCalledWith({ kind: "load", text: "f5d6c3d3" });
    panel.update({ record, labels: {}, ply: 3, notice: "That is not a game record: move 4" });
    expect(field.value).toBe("  f5d6c3d3 ");
    press(field, "Enter");
    expect(send).toHaveBeenCalledTimes(2);
    panel.update({ record: { ...record, transcript: "f5d6c3d3" }, labels: {}, ply: 4, notice: "Game loaded: 4 moves." });
    expect(field.value).toBe("");
  });

  it("while closed is not redrawn on each move, and shows the latest record when opened", () => {
    const panel = createRecordPanel({ send: vi.fn() });
    panel.update({ record, labels: {}, ply: 3 });
    const transcript = panel.element.querySelector('[data-record="transcript"]');
    let writes = 0;
    const real = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value");
    Object.defineProperty(transcript, "value", {
      configurable: true,
      get() {
        return real.get.call(this);
      },
      set(v) {
        writes += 1;
        real.set.call(this, v);
      },
    });
    for (const moves of ["f5d6c3d3", "f5d6c3d3c4", "f5d6c3d3c4f4"]) panel.update({ record: { ...record, transcript: moves }, labels: {}, ply: moves.length / 2 });
    expect(writes).toBe(0);
    panel.element.open = true;
    panel.element.dispatchEvent(new Event("toggle"));
    expect(transcript.value).toBe("f5d6c3d3c4f4");
    panel.update({ record: { ...record, transcript: "f5d6c3d3c4f4e3" }, labels: {}, ply: 7 });
    expect(transcript.value).toBe("f5d6c3d3c4f4e3"); // open: redrawn with every move
  });

  it("hides the Load field for a game that cannot read transcripts", () => {
    const panel = createRecordPanel({ send: vi.fn() });
    panel.update({ record: { ...record, can_load: false, position: "" }, labels: {} });
    expect(panel.element.querySelector('[data-row="load"]').hidden).toBe(true);
    expect(panel.element.querySelector('[data-row="position"]').hidden).toBe(true);
  });
});
