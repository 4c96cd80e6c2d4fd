/**
 * The shared kit's parts on their own and through a minimal game entry ("toy", built only on
 * createGameFrame + createBoardGrid, as a Quads or Tower Gate entry would be): marks, tray,
 * choice bar, back, prompt, notice, held forced card, result flow, keys that stop at the widget.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createBoardGrid, createGameFrame, createTray, mountView, STOPPED_KEY_EVENTS } from "../shared/index.js";
import { DISCONNECTED_CLASS, NO_ANSWER_MS } from "../shared/view.js";
import { mountEntry, press, resetPage } from "./mount.js";
import { finishedState, middleGameState, multiStepState, reversiState } from "./fixtures.js";

let model;
let host;
let cleanup;
let painted;

/** The smallest complete entry: the frame plus a grid whose painter records what it got. */
const toyEntry = {
  render({ model: m, el }) {
    return mountView({
      model: m,
      el,
      game: "toy",
      setup: ({ root, send }) => {
        const frame = createGameFrame({
          root,
          send,
          board: (activate) =>
            createBoardGrid({
              onActivate: activate,
              paintSquare: (squareEl, square, state, info) => painted.push({ id: info.id, square, info }),
            }),
          paintTrayItem: (itemEl, item) => {
            itemEl.textContent = item.id.replace("piece:", "#");
          },
        });
        return { update: (state, previous) => frame.update(state, previous), destroy: frame.destroy };
      },
    });
  },
};

function mount(state) {
  painted = [];
  ({ model, host, cleanup } = mountEntry(toyEntry, state));
}

const q = (selector) => host.querySelector(selector);
const qa = (selector) => [...host.querySelectorAll(selector)];
const square = (id) => q(`[data-square="${id}"]`);
const item = (id) => q(`[data-item="${id}"]`);

afterEach(() => {
  resetPage(cleanup);
  cleanup = null;
});

describe("grid marks", () => {
  beforeEach(() => mount(multiStepState()));

  it("marks targets, the selection, every last-move square and the deciding squares, each with words", () => {
    const marked = (cls) => qa(`.bb-square.${cls}`).map((el) => el.dataset.square);
    expect(marked("bb-target")).toEqual(["A2", "B2", "B1"]); // "mason" is a button, not a square
    expect(marked("bb-selected")).toEqual(["A1"]);
    expect(marked("bb-last").sort()).toEqual(["B3", "C2", "C3"]);
    expect(marked("bb-deciding")).toEqual([]);
    expect(square("A1").getAttribute("aria-label")).toBe("A1, blue worker, selected");
    expect(square("B2").getAttribute("aria-label")).toBe("B2, height 2, legal move");
    expect(square("C2").getAttribute("aria-label")).toBe("C2, height 0, last move");
    expect(square("C1").getAttribute("aria-label")).toBe("C1, height 0");

    model.set("state", multiStepState({ outcome: { ...finishedState().outcome, squares: ["A3", "B3", "C3"] }, input: { targets: [], selection: [], can_back: false } }));
    expect(marked("bb-deciding")).toEqual(["A3", "B3", "C3"]);
    expect(square("B3").getAttribute("aria-label")).toBe("B3, height 0, last move, decided the game");
    expect(marked("bb-target")).toEqual([]);
  });

  it("draws the marks visibly unless the game draws its own", () => {
    expect(q(".bb-grid").classList.contains("bb-kit-marks")).toBe(true);
    const own = createBoardGrid({ onActivate: () => {}, drawMarks: false });
    expect(own.grid.classList.contains("bb-kit-marks")).toBe(false);
  });

  it("gives the game's painter the structured square and its marks", () => {
    const b2 = painted.filter((p) => p.id === "B2").at(-1);
    expect(b2.square.height).toBe(2);
    expect(b2.info).toMatchObject({ target: true, selected: false, last: false, deciding: false });
    const a1 = painted.filter((p) => p.id === "A1").at(-1);
    expect(a1.square.worker).toEqual({ side: "blue", id: "blue1" });
    expect(a1.info.selected).toBe(true);
  });

  it("sends an input for any square: Python decides", () => {
    square("C1").click();
    square("B2").click();
    expect(model.sent).toEqual([
      { kind: "input", target: "C1" },
      { kind: "input", target: "B2" },
    ]);
  });
});

describe("tray", () => {
  const trayState = () => multiStepState({ input: { targets: ["piece:0", "piece:2"], selection: [], can_back: false, buttons: [] } });
  beforeEach(() => mount(trayState()));

  const tabStops = () => qa('.bb-tray-item[tabindex="0"]').map((el) => el.dataset.item);

  it("is a labelled toolbar of labelled items, with the held item shown apart", () => {
    const list = q(".bb-tray-items");
    expect(list.getAttribute("role")).toBe("toolbar");
    expect(list.getAttribute("aria-label")).toBe("Pieces to give");
    expect(qa(".bb-tray-item").map((el) => el.dataset.item)).toEqual(["piece:0", "piece:1", "piece:2", "piece:3"]);
    expect(item("piece:0").getAttribute("aria-label")).toBe("small light square hollow, legal move");
    expect(item("piece:1").getAttribute("aria-label")).toBe("small light square solid, already played");
    expect(item("piece:1").getAttribute("aria-disabled")).toBe("true");
    expect(item("piece:0").hasAttribute("aria-disabled")).toBe(false);
    expect(item("piece:3").getAttribute("aria-label")).toBe("large dark round solid, held");
    const held = q(".bb-held");
    expect(held.hidden).toBe(false);
    expect(held.querySelector(".bb-held-label").textContent).toBe("Your piece");
    expect(held.querySelector(".bb-held-item").getAttribute("aria-label")).toBe("Your piece: large dark round solid");
    expect(held.querySelector(".bb-held-item").textContent).toBe("#3");
  });

  it("has one tab stop, on the first activatable item, moved by arrows and Home/End", () => {
    expect(tabStops()).toEqual(["piece:0"]);
    item("piece:0").focus();
    press(item("piece:0"), "ArrowRight");
    expect(document.activeElement.dataset.item).toBe("piece:1");
    press(document.activeElement, "ArrowDown");
    expect(document.activeElement.dataset.item).toBe("piece:2");
    press(document.activeElement, "End");
    expect(document.activeElement.dataset.item).toBe("piece:3");
    press(document.activeElement, "ArrowRight"); // clamped at the end
    expect(document.activeElement.dataset.item).toBe("piece:3");
    press(document.activeElement, "Home");
    expect(document.activeElement.dataset.item).toBe("piece:0");
    press(document.activeElement, "ArrowLeft");
    expect(document.activeElement.dataset.item).toBe("piece:0");
    expect(tabStops()).toEqual(["piece:0"]);
  });

  it("activates with Enter, Space and click, once each", () => {
    item("piece:0").focus();
    const enter = press(item("piece:0"), "Enter");
    press(document.activeElement, "ArrowRight");
    press(document.activeElement, "ArrowRight");
    press(document.activeElement, " ");
    item("piece:1").click();
    expect(enter.defaultPrevented).toBe(true);
    expect(model.sent).toEqual([
      { kind: "input", target: "piece:0" },
      { kind: "input", target: "piece:2" },
      { kind: "input", target: "piece:1" },
    ]);
  });

  it("is hidden when the game has no tray", () => {
    model.set("state", reversiState());
    expect(q(".bb-tray").hidden).toBe(true);
  });

  it("works on its own, without the frame", () => {
    const got = [];
    const tray = createTray({ onActivate: (id) => got.push(id) });
    document.body.append(tray.element);
    tray.update(trayState());
    tray.item("piece:2").click();
    expect(got).toEqual(["piece:2"]);
    tray.destroy();
    tray.item("piece:2").click();
    expect(got).toEqual(["piece:2"]);
  });
});

describe("choice bar, back and prompt", () => {
  beforeEach(() => mount(multiStepState()));

  it("shows input.buttons; offered ones send an input, others are disabled", () => {
    const mason = q('[data-choice="mason"]');
    const repaint = q('[data-choice="repaint"]');
    expect(mason.textContent).toBe("Mason: build twice");
    expect(mason.disabled).toBe(false);
    expect(repaint.disabled).toBe(true);
    expect(q(".bb-choices").getAttribute("aria-label")).toBe("Choices");
    mason.click();
    expect(model.sent).toEqual([{ kind: "input", target: "mason" }]);
    model.set("state", multiStepState({ input: { selection: ["A1", "A2", "mason"], targets: ["B1"] } }));
    expect(q('[data-choice="mason"]').getAttribute("aria-pressed")).toBe("true");
    expect(q('[data-choice="mason"]').disabled).toBe(true);
  });

  it("shows a back control only when a step can be taken back, and sends back", () => {
    const back = q('[data-action="back"]');
    expect(back.hidden).toBe(false);
    expect(back.textContent).toBe("Back");
    back.click();
    expect(model.sent).toEqual([{ kind: "back" }]);
    model.set("state", multiStepState({ input: { can_back: false, selection: [] } }));
    expect(q('[data-action="back"]').hidden).toBe(true);
  });

  it("shows the prompt when it says more than the status line", () => {
    expect(q(".bb-prompt").textContent).toBe("Move the worker");
    expect(q(".bb-prompt").hidden).toBe(false);
    expect(q(".bb-root").dataset.step).toBe("move");
    model.set("state", reversiState());
    expect(q(".bb-prompt").hidden).toBe(true); // "Black to move" is already the status
    expect(q(".bb-inputbar").hidden).toBe(true);
  });
});

describe("notice", () => {
  beforeEach(() => mount(reversiState()));

  it("shows the notice beside the status line, never instead of it", () => {
    const notice = q(".bb-notice");
    expect(notice.hidden).toBe(true);
    model.set("state", reversiState({ notice: "You can't bracket any disc there." }));
    expect(q('[role="status"]').textContent).toBe("Black to move");
    expect(notice.hidden).toBe(false);
    expect(notice.textContent).toBe("You can't bracket any disc there.");
    expect(notice.getAttribute("role")).toBe("alert");
    model.set("state", reversiState());
    expect(notice.hidden).toBe(true);
  });
});

describe("held forced card", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    mount(multiStepState());
  });

  const forced = (id, hold_ms = 1000) => ({ id, type: "forced", text: `forced #${id}`, hold_ms });

  it("blocks squares, tray items, choices and back while held, then lets them through", () => {
    model.set("state", multiStepState({ event: forced(1) }));
    expect(q(".bb-card-forced").textContent).toBe("forced #1");
    square("B2").click();
    press(square("B2"), "Enter");
    item("piece:0").click();
    q('[data-choice="mason"]').click();
    q('[data-action="back"]').click();
    expect(model.sent).toEqual([]);
    vi.advanceTimersByTime(1000);
    expect(q(".bb-card-forced")).toBeNull();
    expect(model.sent).toEqual([{ kind: "dismiss", id: 1 }]);
    square("B2").click();
    q('[data-action="back"]').click();
    expect(model.sent.slice(1)).toEqual([{ kind: "input", target: "B2" }, { kind: "back" }]);
  });

  it("queues what arrives meanwhile and shows it in turn", () => {
    model.set("state", multiStepState({ event: forced(2) }));
    model.set("state", multiStepState({ event: { id: 3, type: "info", text: "note" } }));
    expect(qa(".bb-card").map((c) => c.className)).toEqual(["bb-card bb-card-forced"]);
    vi.advanceTimersByTime(1000);
    expect(q(".bb-card-info").textContent).toContain("note");
  });

  it("does not hold a view that opens after the forced move", () => {
    cleanup();
    document.body.replaceChildren();
    mount(multiStepState({ event: forced(4) }));
    expect(q(".bb-card")).toBeNull();
    square("B2").click();
    expect(model.sent).toEqual([{ kind: "input", target: "B2" }]);
  });
});

describe("result flow", () => {
  it("waits for a held card, then shows the result once", () => {
    vi.useFakeTimers();
    mount(middleGameState());
    model.set("state", finishedState({ event: { id: 5, type: "forced", text: "White passes", hold_ms: 800 } }));
    expect(q(".bb-card-result")).toBeNull();
    vi.advanceTimersByTime(800);
    expect(q(".bb-card-result").textContent).toContain("Player 1 (Black) wins");
    q(".bb-card-result .bb-card-close").click();
    model.set("state", finishedState({ status: "again" }));
    expect(q(".bb-card-result")).toBeNull();
  });

  it("puts a restart question in front of the result, and brings the result back on No", () => {
    mount(finishedState());
    expect(q(".bb-card-result")).not.toBeNull();
    model.set("state", finishedState({ event: { id: 6, type: "confirm", text: "Restart this game?" } }));
    expect(q(".bb-card-result")).toBeNull();
    expect(q(".bb-card-confirm").textContent).toContain("Restart this game?");
    [...q(".bb-card-confirm").querySelectorAll("button")].find((b) => b.textContent === "No").click();
    expect(model.sent).toEqual([{ kind: "dismiss", id: 6 }]);
    expect(q(".bb-card-result")).not.toBeNull();
  });

  it("forgets a closed result when the game goes on (undo), so the next end shows again", () => {
    mount(finishedState());
    q(".bb-card-result .bb-card-close").click();
    model.set("state", middleGameState());
    model.set("state", finishedState());
    expect(q(".bb-card-result")).not.toBeNull();
  });
});

describe("a snapshot the view cannot draw", () => {
  it("is reported and does not stop the next ones", () => {
    const spy = vi.spyOn(console, "error").mockImplementation(() => {});
    mount(multiStepState());
    painted = null; // the painter now throws
    model.set("state", multiStepState({ status: "first" }));
    expect(spy).toHaveBeenCalledTimes(1);
    painted = [];
    model.set("state", multiStepState({ status: "second" }));
    expect(q('[role="status"]').textContent).toBe("second");
    spy.mockRestore();
  });
});

describe("keys never reach the host", () => {
  beforeEach(() => mount(multiStepState({ event: { id: 7, type: "hint", text: "a tip" } })));

  it("stops every key event inside the widget, and marks the root for JupyterLab", () => {
    const root = q(".bb-root");
    expect(root.hasAttribute("data-lm-suppress-shortcuts")).toBe(true);
    const reached = [];
    const listener = (event) => reached.push(`${event.type}:${event.key}`);
    for (const type of STOPPED_KEY_EVENTS) document.addEventListener(type, listener);
    const targets = [square("C1"), item("piece:0"), q('[data-choice="mason"]'), q('[data-action="undo"]'), q(".bb-card-hint button")];
    for (const target of targets) {
      for (const key of ["a", "b", "d", "m", "Escape", "ArrowUp"]) {
        for (const type of STOPPED_KEY_EVENTS) press(target, key, type);
      }
    }
    expect(reached).toEqual([]);
    // Outside the widget, keys still bubble as usual.
    press(document.body, "a");
    expect(reached).toEqual(["keydown:a"]);
    for (const type of STOPPED_KEY_EVENTS) document.removeEventListener(type, listener);
  });

  it("still lets the board's own keys work", () => {
    square("C1").focus();
    press(square("C1"), "ArrowUp");
    expect(document.activeElement.dataset.square).toBe("C2");
  });

  it("lets keys through again after cleanup", () => {
    const root = q(".bb-root");
    cleanup();
    cleanup = null;
    host.append(root);
    let reached = 0;
    document.addEventListener("keydown", () => (reached += 1), { once: true });
    press(root, "a");
    expect(reached).toBe(1);
  });
});

describe("a board whose kernel is gone", () => {
  const offline = () => host.querySelector(".bb-offline");

  it("says so when JupyterLab marks the comm as not live (kernel restart)", () => {
    mount(reversiState());
    expect(offline().hidden).toBe(true);
    // What @jupyter-widgets/base does on a restart: the class on the view, then the event.
    host.classList.add(DISCONNECTED_CLASS);
    model.trigger("comm_live_update");
    expect(offline().hidden).toBe(false);
    expect(offline().getAttribute("role")).toBe("alert");
    expect(offline().textContent).toBe("This board is no longer connected: run the cell again.");
    expect(host.querySelector(".bb-root").classList.contains("bb-disconnected")).toBe(true);
  });

  it("reads comm_live off the view anywidget gives as the listener's context (JupyterLab)", () => {
    mount(reversiState());
    const view = { model: { comm_live: true } };
    model.trigger("comm_live_update", view);
    expect(offline().hidden).toBe(true);
    view.model.comm_live = false; // the kernel restarted: ManagerBase.disconnect()
    model.trigger("comm_live_update", view);
    expect(offline().hidden).toBe(false);
    expect(offline().textContent).toBe("This board is no longer connected: run the cell again.");
    host.querySelector('[data-square="d3"]').click(); // a click does not make it look alive again
    expect(offline().hidden).toBe(false);
  });

  it("says the kernel is not answering when an intent gets no answer, and clears on one", () => {
    vi.useFakeTimers();
    mount(reversiState());
    model.set("answered", 0);
    host.querySelector('[data-square="d3"]').click();
    expect(model.sent).toHaveLength(1);
    vi.advanceTimersByTime(NO_ANSWER_MS - 100);
    expect(offline().hidden).toBe(true);
    vi.advanceTimersByTime(200);
    expect(offline().hidden).toBe(false);
    expect(offline().textContent).toContain("not answering");
    model.set("answered", 1); // a late answer: the kernel is there after all
    expect(offline().hidden).toBe(true);
  });

  it("waits quietly when every intent is answered in time", () => {
    vi.useFakeTimers();
    mount(reversiState());
    model.set("answered", 0);
    host.querySelector('[data-square="d3"]').click();
    vi.advanceTimersByTime(500);
    model.set("answered", 1);
    vi.advanceTimersByTime(NO_ANSWER_MS * 2);
    expect(offline().hidden).toBe(true);
  });

  it("shows the translated text from the snapshot's labels", () => {
    const state = reversiState();
    state.labels = { ...state.labels, disconnected: "この盤はカーネルとの接続が切れています。" };
    mount(state);
    host.classList.add(DISCONNECTED_CLASS);
    model.trigger("comm_live_update");
    expect(offline().textContent).toBe("この盤はカーネルとの接続が切れています。");
  });
});
