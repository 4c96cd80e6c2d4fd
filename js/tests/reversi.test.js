import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import widget from "../reversi.js";
import { mountEntry, press, resetPage } from "./mount.js";
import { finishedState, middleGameState, placed, reversiState } from "./fixtures.js";
import { flipDelays } from "../reversi/discs.js";
import { STATE_TRAITS } from "../shared/model.js";

let model;
let host;
let cleanup;

function mount(state) {
  ({ model, host, cleanup } = mountEntry(widget, state));
}

const q = (selector) => host.querySelector(selector);
const qa = (selector) => [...host.querySelectorAll(selector)];
const square = (coord) => q(`[data-square="${coord}"]`);
const action = (name) => q(`[data-action="${name}"]`);
const cardTexts = () => qa(".bb-card").map((card) => card.textContent);

afterEach(() => {
  resetPage(cleanup);
  cleanup = null;
});

describe("rendering the snapshot", () => {
  beforeEach(() => mount(reversiState()));

  it("draws every square with data-square, its piece and an aria-label", () => {
    expect(qa("[data-square]")).toHaveLength(64);
    for (const cell of qa("[data-square]")) expect(cell.getAttribute("aria-label")).toBeTruthy();
    expect(square("d4").dataset.piece).toBe("white");
    expect(square("e4").dataset.piece).toBe("black");
    expect(square("a1").dataset.piece).toBe("");
    expect(qa(".bb-square.bb-target").map((cell) => cell.dataset.square).sort()).toEqual(["c4", "d3", "e6", "f5"]);
  });

  it("shows state.status in a polite live region", () => {
    const status = q('[aria-live="polite"][role="status"]');
    expect(status.textContent).toBe("Black to move");
  });

  it("puts the score above the board and undo below it", () => {
    const children = [...host.querySelector(".bb-root").children];
    const scoreAt = children.findIndex((el) => el.classList.contains("bb-scorebar"));
    const boardAt = children.findIndex((el) => el.contains(q('[role="grid"]')));
    const undoAt = children.findIndex((el) => el.contains(action("undo")));
    expect(scoreAt).toBeLessThan(boardAt);
    expect(boardAt).toBeLessThan(undoAt);
    expect(qa(".bb-score-count").map((el) => el.textContent)).toEqual(["2", "2"]);
    expect(qa(".bb-score-name").map((el) => el.textContent)).toEqual(["Player 1", "Player 2"]);
    expect(q(".bb-score.bb-active").dataset.side).toBe("black");
    expect(action("undo").textContent).toBe("Undo");
  });

  it("sets the lang attribute and the dots class from the settings", () => {
    const root = q(".bb-root");
    expect(root.getAttribute("lang")).toBe("en");
    expect(root.classList.contains("bb-show-dots")).toBe(true);
    model.set("state", reversiState({ settings: { lang: "ja", show_dots: false } }));
    expect(root.getAttribute("lang")).toBe("ja");
    expect(root.classList.contains("bb-show-dots")).toBe(false);
  });

  it("redraws on change:state", () => {
    model.set("state", middleGameState({ status: "Black to move (2)" }));
    expect(q('[role="status"]').textContent).toBe("Black to move (2)");
    expect(square("c6").dataset.piece).toBe("white");
    expect(square("c6").classList.contains("bb-last")).toBe(true);
    expect(qa(".bb-score-count").map((el) => el.textContent)).toEqual(["8", "8"]);
    expect(square("c6").getAttribute("aria-label")).toBe("c6, White, last move");
  });

  it("marks each legal square with the disc a move there would place, and no other square", () => {
    // The hover/focus preview (reversi.css) reads it from the square, not from the widget.
    expect(square("d3").getAttribute("data-preview")).toBe("black");
    expect(square("a1").hasAttribute("data-preview")).toBe(false);
    model.set("state", reversiState({ to_move: "white", targets: ["c3"] }));
    expect(square("c3").getAttribute("data-preview")).toBe("white");
    expect(square("d3").hasAttribute("data-preview")).toBe(false);
    model.set("state", reversiState({ busy: true, targets: [] })); // the CPU thinks: no preview
    expect(qa("[data-preview]")).toHaveLength(0);
  });

  it("shows a thinking indicator while busy", () => {
    expect(q(".bb-busy").hidden).toBe(true);
    model.set("state", reversiState({ busy: true, targets: [] }));
    expect(q(".bb-busy").hidden).toBe(false);
    expect(q(".bb-busy").textContent).toContain("Thinking…");
    expect(q(".bb-root").classList.contains("bb-is-busy")).toBe(true);
  });
});

describe("intents", () => {
  beforeEach(() => mount(reversiState()));

  it("sends play for Enter on the focused square", () => {
    const start = q('[role="gridcell"][tabindex="0"]');
    start.focus();
    press(start, "ArrowRight");
    press(document.activeElement, "Enter");
    expect(model.sent).toEqual([{ kind: "input", target: "e3" }]);
  });

  it("sends clicks on any square, legal or not, busy or not: Python decides", () => {
    square("a1").click();
    model.set("state", reversiState({ busy: true, targets: [] }));
    square("d3").click();
    expect(model.sent).toEqual([
      { kind: "input", target: "a1" },
      { kind: "input", target: "d3" },
    ]);
  });

  it("sends undo and restart from the buttons below the board; undo is off with nothing to undo", () => {
    expect(action("undo").disabled).toBe(true);
    model.set("state", middleGameState());
    expect(action("undo").disabled).toBe(false);
    action("undo").click();
    action("restart").click();
    expect(model.sent).toEqual([{ kind: "undo" }, { kind: "restart" }]);
  });

  it("switches modes and CPU options through settings intents", () => {
    const cpu = q('[data-mode="cpu"]');
    expect(q('[data-mode="two-player"]').getAttribute("aria-pressed")).toBe("true");
    expect(q('[data-field="level"]').hidden).toBe(true);
    cpu.click();
    expect(model.sent).toEqual([{ kind: "settings", mode: "cpu" }]);
    model.set("state", reversiState({ settings: { mode: "cpu" } }));
    expect(cpu.getAttribute("aria-pressed")).toBe("true");
    expect(q('[data-field="level"]').hidden).toBe(false);
    const level = q('select[data-setting="level"]');
    expect(level.value).toBe("strong");
    level.value = "corner";
    level.dispatchEvent(new Event("change", { bubbles: true }));
    const human = q('select[data-setting="human"]');
    human.value = "alternate";
    human.dispatchEvent(new Event("change", { bubbles: true }));
    expect(model.sent.slice(1)).toEqual([
      { kind: "settings", level: "corner" },
      { kind: "settings", human: "alternate" },
    ]);
  });

  it("toggles dots, coordinates and language", () => {
    const dots = q('input[data-setting="show_dots"]');
    const coords = q('input[data-setting="show_coords"]');
    expect(dots.checked).toBe(true);
    expect(coords.checked).toBe(false);
    dots.click();
    coords.click();
    const lang = q(".bb-settings select");
    lang.value = "ja";
    lang.dispatchEvent(new Event("change", { bubbles: true }));
    expect(model.sent).toEqual([
      { kind: "settings", show_dots: false },
      { kind: "settings", show_coords: true },
      { kind: "settings", lang: "ja" },
    ]);
  });
});

describe("event cards", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    mount(middleGameState());
  });

  const passEvent = (id, hold_ms = 1200) => ({ id, type: "forced", text: `pass #${id}`, hold_ms });

  it("holds the pass card, ignores board input meanwhile, then hides it and reports", () => {
    model.set("state", middleGameState({ event: passEvent(1) }));
    expect(cardTexts()).toEqual(["pass #1"]);
    square("c2").click();
    press(square("c2"), "Enter");
    expect(model.sent).toEqual([]);
    vi.advanceTimersByTime(1199);
    expect(cardTexts()).toEqual(["pass #1"]);
    vi.advanceTimersByTime(1);
    expect(cardTexts()).toEqual([]);
    expect(model.sent).toEqual([{ kind: "dismiss", id: 1 }]);
    square("c2").click();
    expect(model.sent.at(-1)).toEqual({ kind: "input", target: "c2" });
  });

  it("does not replay a pass that happened before the view opened", () => {
    cleanup();
    document.body.replaceChildren();
    mount(middleGameState({ event: passEvent(10) }));
    expect(cardTexts()).toEqual([]);
    square("c2").click();
    expect(model.sent).toEqual([{ kind: "input", target: "c2" }]);
  });

  it("still shows a hint or a question that was pending when the view opened", () => {
    cleanup();
    document.body.replaceChildren();
    mount(middleGameState({ event: { id: 11, type: "hint", text: "X-squares give corners away" } }));
    expect(cardTexts()[0]).toContain("X-squares give corners away");
  });

  it("shows each event id once per view", () => {
    const state = middleGameState({ event: passEvent(2, 100) });
    model.set("state", state);
    vi.advanceTimersByTime(100);
    model.set("state", { ...state, status: "redrawn" });
    expect(cardTexts()).toEqual([]);
    model.set("state", middleGameState({ event: passEvent(3, 100) }));
    expect(cardTexts()).toEqual(["pass #3"]);
  });

  it("announces consecutive passes one after the other", () => {
    model.set("state", middleGameState({ event: passEvent(4) }));
    model.set("state", middleGameState({ event: passEvent(5) }));
    expect(cardTexts()).toEqual(["pass #4"]);
    vi.advanceTimersByTime(1200);
    expect(cardTexts()).toEqual(["pass #5"]);
    vi.advanceTimersByTime(1200);
    expect(cardTexts()).toEqual([]);
  });

  it("asks before restarting: yes sends the confirmed restart, no dismisses", () => {
    model.set("state", middleGameState({ event: { id: 6, type: "confirm", text: "Restart?" } }));
    expect(q(".bb-card-confirm").textContent).toContain("Restart?");
    [...q(".bb-card-confirm").querySelectorAll("button")].find((b) => b.textContent === "Yes").click();
    expect(model.sent).toEqual([{ kind: "restart", confirmed: true }]);
    expect(q(".bb-card")).toBeNull();
    model.set("state", middleGameState({ event: { id: 7, type: "confirm", text: "Restart?" } }));
    [...q(".bb-card-confirm").querySelectorAll("button")].find((b) => b.textContent === "No").click();
    expect(model.sent.at(-1)).toEqual({ kind: "dismiss", id: 7 });
    expect(q(".bb-card")).toBeNull();
  });

  it("shows the one-time hint until it is closed", () => {
    model.set("state", middleGameState({ event: { id: 8, type: "hint", text: "X-squares give corners away" } }));
    vi.advanceTimersByTime(10000);
    expect(cardTexts()[0]).toContain("X-squares give corners away");
    square("c2").click(); // a hint does not block play
    q(".bb-card-hint button").click();
    expect(model.sent).toEqual([
      { kind: "input", target: "c2" },
      { kind: "dismiss", id: 8 },
    ]);
    expect(q(".bb-card")).toBeNull();
  });
});

describe("game end", () => {
  it("shows the result card at once when the view opens on a finished game", () => {
    mount(finishedState());
    const card = q(".bb-card-result");
    expect(card.textContent).toContain("Player 1 (Black) wins");
    expect(card.textContent).toContain("41 – 23");
    expect(card.textContent).toContain("Why: took all four corners");
    expect(action("undo").textContent).toBe("Undo and continue");
    expect(action("restart").hidden).toBe(true);
    expect(action("new_game").hidden).toBe(false);
  });

  it("counts the discs one by one before the result card when the game ends in view", () => {
    vi.useFakeTimers();
    mount(middleGameState());
    model.set("state", finishedState({ ply: 13 }));
    expect(q(".bb-card-result")).toBeNull();
    vi.advanceTimersByTime(300); // the last move's flips play first
    expect(qa(".bb-disc.bb-glow")).toHaveLength(0);
    vi.advanceTimersByTime(400);
    const glowing = qa(".bb-disc.bb-glow").length;
    expect(glowing).toBeGreaterThan(0);
    expect(glowing).toBeLessThan(64);
    const shown = qa(".bb-score-count").map((el) => Number(el.textContent));
    expect(shown[0] + shown[1]).toBe(glowing); // the score counts up with the glow
    vi.advanceTimersByTime(5000);
    expect(qa(".bb-disc.bb-glow")).toHaveLength(64);
    expect(qa(".bb-score-count").map((el) => el.textContent)).toEqual(["41", "23"]);
    expect(q(".bb-card-result")).not.toBeNull();
  });

  it("shows neither the final score nor the new win while the last move's flips play", () => {
    vi.useFakeTimers();
    mount(middleGameState());
    const won = finishedState({ ply: 13 });
    won.scoreboard = won.scoreboard.map((p) => (p.side === "black" ? { ...p, wins: 1 } : p));
    model.set("state", won);
    for (const wait of [0, 250]) {
      vi.advanceTimersByTime(wait);
      expect(qa(".bb-score-count").map((el) => el.textContent)).toEqual(["8", "8"]);
      expect(qa(".bb-score-wins").map((el) => el.textContent)).toEqual(["0 wins", "0 wins"]);
    }
    vi.advanceTimersByTime(5000);
    expect(qa(".bb-score-count").map((el) => el.textContent)).toEqual(["41", "23"]);
  });

  it("keeps the status line and the games won as they were until the count is done", () => {
    vi.useFakeTimers();
    mount(middleGameState());
    const won = finishedState({ ply: 13 });
    won.scoreboard = won.scoreboard.map((p) => (p.side === "black" ? { ...p, wins: 1 } : p));
    model.set("state", won);
    vi.advanceTimersByTime(700);
    expect(q('[role="status"]').textContent).toBe("Black to move");
    expect(qa(".bb-score-wins").map((el) => el.textContent)).toEqual(["0 wins", "0 wins"]);
    vi.advanceTimersByTime(5000);
    expect(q(".bb-card-result")).not.toBeNull();
    expect(q('[role="status"]').textContent).toBe("Black wins 41–23");
    expect(qa(".bb-score-wins").map((el) => el.textContent)).toEqual(["1 win", "0 wins"]);
  });

  it("says 1 win, 2 wins and 1勝 from the snapshot's labels", () => {
    const state = reversiState();
    state.scoreboard = state.scoreboard.map((p, i) => ({ ...p, wins: i + 1 }));
    mount(state);
    expect(qa(".bb-score-wins").map((el) => el.textContent)).toEqual(["1 win", "2 wins"]);
    const ja = { ...state, labels: { ...state.labels, wins_one: "{n}勝", wins_many: "{n}勝" } };
    model.set("state", ja);
    expect(qa(".bb-score-wins").map((el) => el.textContent)).toEqual(["1勝", "2勝"]);
  });

  it("a closed result card stays closed after switching language, an open one changes words", () => {
    const japanese = (state) => ({
      ...state,
      settings: { ...state.settings, lang: "ja" },
      labels: { ...state.labels, close: "閉じる" },
      outcome: { ...state.outcome, title: "プレイヤー1（黒）の勝ち", detail: "41 – 23・盤が埋まりました" },
    });
    mount(finishedState());
    model.set("state", japanese(finishedState()));
    expect(q(".bb-card-result .bb-card-title").textContent).toBe("プレイヤー1（黒）の勝ち");
    expect(q(".bb-card-result .bb-card-close").getAttribute("aria-label")).toBe("閉じる");
    q(".bb-card-result .bb-card-close").click();
    expect(q(".bb-card-result")).toBeNull();
    model.set("state", finishedState());
    expect(q(".bb-card-result")).toBeNull();
    model.set("state", japanese(finishedState()));
    expect(q(".bb-card-result")).toBeNull();
  });

  it("sends review, undo-and-continue and new game from the result card", () => {
    mount(finishedState());
    const card = () => q(".bb-card-result");
    card().querySelector('[data-action="undo_continue"]').click();
    card().querySelector('[data-action="new_game"]').click();
    card().querySelector('[data-action="review"]').click();
    // The review opens where the game ended (60 moves), not at the empty start.
    expect(model.sent).toEqual([{ kind: "undo" }, { kind: "new_game" }, { kind: "review", ply: 60 }]);
  });

  it("keeps the result card closed once closed, and hides it while reviewing", () => {
    mount(finishedState());
    q(".bb-card-result .bb-card-close").click();
    expect(q(".bb-card-result")).toBeNull();
    model.set("state", finishedState({ status: "again" }));
    expect(q(".bb-card-result")).toBeNull();
    action("new_game").click();
    expect(model.sent).toEqual([{ kind: "new_game" }]);
  });

  it("steps through the review and leaves it", () => {
    mount(finishedState({ review: { ply: 12, total: 60 } }));
    expect(q(".bb-card-result")).toBeNull();
    expect(q(".bb-review").hidden).toBe(false);
    expect(q(".bb-review-position").textContent).toBe("12 / 60");
    action("review-prev").click();
    action("review-next").click();
    action("review-exit").click();
    expect(model.sent).toEqual([
      { kind: "review", ply: 11 },
      { kind: "review", ply: 13 },
      { kind: "review", ply: null },
    ]);
    model.set("state", finishedState({ review: { ply: 0, total: 60 } }));
    expect(action("review-prev").disabled).toBe(true);
    model.set("state", finishedState());
    expect(q(".bb-review").hidden).toBe(true);
  });
});

describe("flip animation", () => {
  const afterMove = () =>
    middleGameState({
      board: ["........", "........", "..XO.O..", "..XXOO..", "...OOX..", "..OXXX..", "...XXX..", "........"],
      last_move: placed("f7", ["e7"], "black"),
      ply: 13,
      history: [...middleGameState().history, "f7"],
    });

  it("flips discs nearest first, one ring per stagger", () => {
    mount(reversiState({ board: ["........", "........", "........", "XOOO....", "........", "........", "........", "........"], ply: 0 }));
    model.set(
      "state",
      reversiState({
        board: ["........", "........", "........", "XXXXX...", "........", "........", "........", "........"],
        ply: 1,
        last_move: placed("e4", ["d4", "c4", "b4"], "black"),
      }),
    );
    const delays = ["d4", "c4", "b4"].map((coord) => square(coord).querySelector(".bb-disc"));
    for (const disc of delays) expect(disc.classList.contains("bb-flip-to-black")).toBe(true);
    expect(delays.map((disc) => disc.style.getPropertyValue("--bb-delay"))).toEqual(["0ms", "90ms", "180ms"]);
    expect(square("e4").querySelector(".bb-disc").classList.contains("bb-place")).toBe(true);
  });

  it("starts a move's animations without forcing a layout per disc (one at most, none when idle)", () => {
    const start = ["........", "........", "........", "XOOO....", "........", "........", "........", "........"];
    mount(reversiState({ board: start, ply: 0 }));
    let layouts = 0;
    const real = Object.getOwnPropertyDescriptor(HTMLElement.prototype, "offsetWidth");
    Object.defineProperty(HTMLElement.prototype, "offsetWidth", {
      configurable: true,
      get() {
        layouts += 1;
        return real.get.call(this);
      },
    });
    try {
      const black = ["........", "........", "........", "XXXXX...", "........", "........", "........", "........"];
      model.set("state", reversiState({ board: black, ply: 1, last_move: placed("e4", ["d4", "c4", "b4"], "black") }));
      expect(qa(".bb-flip-to-black")).toHaveLength(3);
      expect(layouts).toBe(0); // nothing was animating: the classes alone start the animations
      // The same discs again while still animating (no animationend yet): one shared restart.
      const white = ["........", "........", "........", "XOOOOO..", "........", "........", "........", "........"];
      model.set("state", reversiState({ board: white, ply: 2, last_move: placed("f4", ["e4", "d4", "c4", "b4"], "white") }));
      expect(qa(".bb-flip-to-white")).toHaveLength(4);
      expect(layouts).toBe(1);
    } finally {
      Object.defineProperty(HTMLElement.prototype, "offsetWidth", real);
    }
  });

  it("turns discs at the same distance together, whatever direction they lie in", () => {
    const move = { square: "d4", flips: ["c4", "e4", "e5", "b4", "f6"] };
    expect(flipDelays(reversiState().board, move, 100)).toEqual([
      ["c4", 0],
      ["e4", 0],
      ["e5", 0],
      ["b4", 100],
      ["f6", 100],
    ]);
  });

  it("does not animate when the person prefers reduced motion", () => {
    vi.stubGlobal("matchMedia", (query) => ({ matches: query.includes("reduce"), media: query }));
    mount(middleGameState());
    model.set("state", afterMove());
    expect(qa(".bb-flip-to-black, .bb-flip-to-white, .bb-place")).toHaveLength(0);
  });

  it("does not animate jumps of several moves (undo, review)", () => {
    mount(middleGameState());
    model.set("state", afterMove());
    expect(qa(".bb-flip-to-black")).toHaveLength(1);
    model.set("state", middleGameState()); // undo: the flipped disc turns back, unanimated
    expect(qa(".bb-flip-to-black, .bb-flip-to-white, .bb-place")).toHaveLength(0);
    model.set("state", reversiState({ ply: 0 }));
    model.set("state", afterMove()); // 13 plies at once
    expect(qa(".bb-flip-to-black, .bb-flip-to-white, .bb-place")).toHaveLength(0);
  });
});

describe("flip animation across a forced pass", () => {
  it("animates the human's move when the opponent's pass arrives in the same snapshot", () => {
    mount(reversiState({ board: ["........", "........", "........", "XOOO....", "........", "........", "........", "........"], ply: 4 }));
    model.set(
      "state",
      reversiState({
        board: ["........", "........", "........", "XXXXX...", "........", "........", "........", "........"],
        ply: 6, // the move and the pass
        last_move: { notation: "pass", side: "white", squares: [], marks: {}, forced: true },
        event: { id: 1, type: "forced", text: "White passes", hold_ms: 1200 },
      }),
    );
    const discs = ["d4", "c4", "b4"].map((coord) => square(coord).querySelector(".bb-disc"));
    for (const disc of discs) expect(disc.classList.contains("bb-flip-to-black")).toBe(true);
    expect(discs.map((disc) => disc.style.getPropertyValue("--bb-delay"))).toEqual(["0ms", "90ms", "180ms"]);
    expect(square("e4").querySelector(".bb-disc").classList.contains("bb-place")).toBe(true);
  });

  it("animates one step forward in the review, not a step back", () => {
    const before = middleGameState({ review: { ply: 12, total: 20 } });
    mount(before);
    const after = middleGameState({
      board: ["........", "........", "..XO.O..", "..XXOO..", "...OOX..", "..OXXX..", "...XXX..", "........"],
      review: { ply: 13, total: 20 },
      last_move: placed("f7", ["e7"], "black"),
    });
    model.set("state", after);
    expect(qa(".bb-flip-to-black")).toHaveLength(1);
    model.set("state", before);
    expect(qa(".bb-flip-to-black, .bb-flip-to-white, .bb-place")).toHaveLength(0);
  });
});

describe("CPU mode", () => {
  it("shows this device's record at the chosen level", () => {
    const stats = {
      beginner: { wins: 3, losses: 0, draws: 0 },
      corner: { wins: 1, losses: 2, draws: 1 },
      strong: { wins: 0, losses: 4, draws: 0 },
    };
    mount(reversiState({ stats }));
    expect(q(".bb-record").hidden).toBe(true); // two players: no CPU record
    model.set("state", reversiState({ stats, settings: { mode: "cpu", level: "corner" } }));
    expect(q(".bb-record").hidden).toBe(false);
    expect(q(".bb-record").textContent).toBe("Record against the CPU (Corner-seeker): 1 won · 2 lost · 1 drawn");
  });

  it("steps the review with the arrow keys and Home/End while the bar has focus", () => {
    mount(finishedState({ review: { ply: 12, total: 60 } }));
    const next = action("review-next");
    next.focus();
    press(next, "ArrowLeft");
    press(next, "ArrowRight");
    press(next, "End");
    press(next, "Home");
    expect(model.sent).toEqual([
      { kind: "review", ply: 11 },
      { kind: "review", ply: 13 },
      { kind: "review", ply: 60 },
      { kind: "review", ply: 0 },
    ]);
    model.set("state", finishedState({ review: { ply: 0, total: 60 } }));
    press(next, "ArrowLeft"); // already at the start: nothing to send
    expect(model.sent).toHaveLength(4);
  });

  it("puts focus in the review bar when the review opens from the result card", () => {
    vi.useFakeTimers();
    mount(finishedState());
    q('.bb-card-result [data-action="review"]').focus();
    model.set("state", finishedState({ review: { ply: 60, total: 60 } }));
    vi.advanceTimersByTime(10);
    expect(document.activeElement.getAttribute("data-action")).toBe("review-prev");
    press(document.activeElement, "ArrowLeft");
    expect(model.sent).toEqual([{ kind: "review", ply: 59 }]);
  });

  it("jumps to the first and last position of the review", () => {
    mount(finishedState({ review: { ply: 12, total: 60 } }));
    action("review-first").click();
    action("review-last").click();
    expect(model.sent).toEqual([
      { kind: "review", ply: 0 },
      { kind: "review", ply: 60 },
    ]);
  });
});

describe("cleanup", () => {
  it("removes listeners, timers and DOM", () => {
    vi.useFakeTimers();
    mount(middleGameState());
    for (const part of STATE_TRAITS) expect(model.listenerCount(`change:${part}`)).toBe(1);
    model.set("state", middleGameState({ event: { id: 9, type: "forced", text: "pass", hold_ms: 500 } }));
    cleanup();
    cleanup = null;
    expect(model.listenerCount()).toBe(0);
    expect(host.querySelector(".bb-root")).toBeNull();
    vi.advanceTimersByTime(2000);
    model.set("state", reversiState());
    expect(model.sent).toEqual([]);
  });
});
