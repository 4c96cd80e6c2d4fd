import { afterEach, describe, expect, it } from "vitest";
import widget, { droppedSquare, pieceOf, pieceSvg } from "../quads.js";
import { mountEntry, press, resetPage } from "./mount.js";
// Real Python snapshots (js/tests/visual/quads_states.py writes them from the engine).
import states from "./visual/quads-states.json";

let model;
let host;
let cleanup;

const clone = (state) => JSON.parse(JSON.stringify(state));
function mount(state) {
  ({ model, host, cleanup } = mountEntry(widget, clone(state)));
}
const q = (selector) => host.querySelector(selector);
const qa = (selector) => [...host.querySelectorAll(selector)];
const square = (id) => q(`[data-square="${id}"]`);
const item = (n) => q(`[data-item="piece:${n}"]`);
const inputs = () => model.sent.filter((m) => m.kind === "input").map((m) => m.target);

afterEach(() => {
  resetPage(cleanup);
  cleanup = null;
});

describe("pieces", () => {
  it("draws each of the four attributes by its own shape, not by colour alone", () => {
    const svgOf = (value) =>
      pieceSvg(pieceOf({ value, large: !!(value & 8), dark: !!(value & 4), round: !!(value & 2), solid: !!(value & 1) }));
    const big = svgOf(15);
    const small = svgOf(7);
    expect(Number(big.querySelector("circle").getAttribute("r"))).toBeGreaterThan(Number(small.querySelector("circle").getAttribute("r")) * 1.4);
    // dark: a stripe pattern (texture), light: none
    expect(svgOf(4).querySelector("pattern")).not.toBeNull();
    expect(svgOf(0).querySelector("pattern")).toBeNull();
    // round: a circle body; square: a rect body
    expect(svgOf(2).querySelector(".bb-q-body").tagName).toBe("circle");
    expect(svgOf(0).querySelector(".bb-q-body").tagName).toBe("rect");
    // hollow: a hole; solid: none
    expect(svgOf(0).querySelector(".bb-q-hole")).not.toBeNull();
    expect(svgOf(1).querySelector(".bb-q-hole")).toBeNull();
    // two dark pieces never share a pattern id (one page holds many boards)
    expect(svgOf(4).querySelector("pattern").id).not.toBe(svgOf(4).querySelector("pattern").id);
  });

  it("ignores anything that is not a piece object", () => {
    expect(pieceOf(null)).toBeNull();
    expect(pieceOf("white")).toBeNull();
    expect(pieceOf({})).toBeNull();
  });
});

describe("the opening give", () => {
  it("draws a 4×4 board with words for every square and the 16 pieces in the tray", () => {
    mount(states.opening);
    expect(qa("[data-square]")).toHaveLength(16);
    expect(square("A1").getAttribute("aria-label")).toBe("A1, empty");
    expect(qa("[data-item]")).toHaveLength(16);
    expect(item(15).getAttribute("aria-label")).toContain("large dark round solid");
    expect(item(0).getAttribute("aria-label")).toContain("small light square hollow");
    expect(q(".bb-held").hidden).toBe(true);
    expect(host.textContent).toContain("choose a piece to give");
  });

  it("gives a piece by click and by keys, never deciding a rule itself", () => {
    mount(states.opening);
    item(7).click();
    expect(inputs()).toEqual(["piece:7"]);
    const first = q('[data-item][tabindex="0"]'); // the last item used keeps the tab stop
    first.focus();
    press(first, "ArrowRight");
    expect(first.dataset.item).toBe("piece:7");
    expect(document.activeElement.dataset.item).toBe("piece:8");
    press(document.activeElement, "Enter");
    expect(inputs()).toEqual(["piece:7", "piece:8"]);
    // a board square is not a target now: still reported, Python answers with a notice
    square("B2").click();
    expect(inputs()).toEqual(["piece:7", "piece:8", "B2"]);
  });
});

describe("place, then give", () => {
  it("shows the held piece apart with its words and marks every empty square", () => {
    mount(states.place);
    const held = q(".bb-held");
    expect(held.hidden).toBe(false);
    expect(q(".bb-held-item").getAttribute("aria-label")).toContain("small dark round solid");
    expect(q(".bb-held-item").dataset.piece).toBe("7");
    expect(item(7).dataset.state).toBe("held");
    expect(qa(".bb-square.bb-target")).toHaveLength(16);
    expect(square("D2").getAttribute("aria-label")).toContain("D2, empty");
    expect(host.textContent).toContain("place piece 7 (small dark round solid)");
  });

  it("places by keys on the board: arrows move, Enter chooses the square", () => {
    mount(states.place);
    const start = q('[data-square][tabindex="0"]');
    start.focus();
    press(start, "ArrowRight");
    press(document.activeElement, "ArrowDown");
    expect(document.activeElement.dataset.square).toBe("B2");
    press(document.activeElement, " ");
    expect(inputs()).toEqual(["B2"]);
  });

  it("draws the chosen square with the piece set down, the held box emptied and Back offered", () => {
    mount(states.give);
    expect(square("D2").dataset.piece).toBe("7");
    expect(square("D2").classList.contains("bb-q-pending")).toBe(true);
    expect(square("D2").classList.contains("bb-selected")).toBe(true);
    expect(q(".bb-held").hidden).toBe(true);
    expect(item(7).dataset.state).toBe("used");
    expect(item(7).getAttribute("aria-disabled")).toBe("true");
    expect(item(3).getAttribute("aria-disabled")).toBeNull();
    expect(host.textContent).toContain("give your opponent a piece");
    expect(host.dataset.step || q(".bb-root").dataset.step).toBe("give");
  });

  it("shows Python's notice beside the prompt, never instead of it", () => {
    mount(states.notice);
    expect(host.textContent).toContain("Piece 7 is already on D2.");
    expect(host.textContent).toContain("give your opponent a piece");
  });
});

describe("the end", () => {
  it("marks the completed shape and names the shared attributes", () => {
    mount(states.won);
    const deciding = qa(".bb-square.bb-deciding").map((el) => el.dataset.square).sort();
    expect(deciding).toEqual([...states.won.outcome.squares].sort());
    for (const id of deciding) expect(square(id).getAttribute("aria-label")).toContain("decided the game");
    expect(host.textContent).toContain("four large light pieces");
    expect(qa(".bb-square.bb-target")).toHaveLength(0);
    expect(qa('[data-item]:not([aria-disabled="true"])')).toHaveLength(0);
  });

  it("shows the winning shape only on the final position of the review", () => {
    const shape = [...states.won.outcome.squares].sort();
    const total = states.won.ply;
    mount({ ...clone(states.won), review: { ply: total - 1, total } });
    expect(qa(".bb-square.bb-deciding")).toHaveLength(0);
    for (const id of shape) expect(square(id).getAttribute("aria-label")).not.toContain("decided the game");
    model.set("state", { ...clone(states.won), review: { ply: total, total } });
    expect(qa(".bb-square.bb-deciding").map((el) => el.dataset.square).sort()).toEqual(shape);
  });

  it("updates the players bar: who is to move and games won", () => {
    mount(states.place);
    expect(q(".bb-q-player.bb-active").textContent).toContain("Second player");
    model.set("state", clone(states.won));
    expect(q(".bb-q-player.bb-active")).toBeNull();
    expect(q('.bb-q-player[data-side="second"]').textContent).toContain("1 win");
    expect(q('.bb-q-player[data-side="second"]').textContent).not.toContain("1 wins");
  });
});

describe("the set-down animation", () => {
  it("is for the square of the move just made, never for a board that arrives whole", () => {
    const after = clone(states.middle);
    const before = { ...clone(states.middle), ply: after.ply - 1 };
    expect(droppedSquare(after, before)).toBe(after.last_move.squares[0]);
    expect(droppedSquare(after, null)).toBeNull();
    expect(droppedSquare(after, { ...before, ply: after.ply - 3 })).toBeNull();
    expect(droppedSquare({ ...after, review: { ply: 2, total: 5 } }, before)).toBeNull();
  });

  it("marks the dropped piece when the move arrives in view", () => {
    const after = clone(states.middle);
    mount({ ...clone(states.middle), ply: after.ply - 1 });
    model.set("state", after);
    const square = q(`[data-square="${after.last_move.squares[0]}"]`);
    expect(square.querySelector(".bb-q-holder").classList.contains("bb-q-drop")).toBe(true);
  });
});
