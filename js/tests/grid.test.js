import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createBoardGrid } from "../shared/grid.js";
import { COORDS, multiStepState, reversiState } from "./fixtures.js";
import { press } from "./mount.js";


describe("board grid", () => {
  let grid;
  let activated;

  beforeEach(() => {
    activated = [];
    grid = createBoardGrid({ onActivate: (coord) => activated.push(coord) });
    document.body.append(grid.element);
    grid.update(reversiState());
  });

  afterEach(() => {
    grid.destroy();
    document.body.replaceChildren();
  });

  const tabbable = () => [...document.querySelectorAll('[role="gridcell"][tabindex="0"]')];

  it("is a grid of rows of gridcells, one per coordinate, each labelled", () => {
    const root = document.querySelector('[role="grid"]');
    expect(root.getAttribute("aria-label")).toBe("Reversi board");
    const rows = root.querySelectorAll(':scope > [role="row"]');
    expect(rows).toHaveLength(8);
    for (const row of rows) expect(row.querySelectorAll('[role="gridcell"]')).toHaveLength(8);
    const cells = [...root.querySelectorAll('[role="gridcell"]')];
    expect(cells.map((cell) => cell.dataset.square)).toEqual(COORDS);
    for (const cell of cells) expect(cell.getAttribute("aria-label")).toMatch(/^[a-h][1-8], /);
    expect(document.querySelector('[data-square="d3"]').getAttribute("aria-label")).toBe("d3, empty, legal move");
    expect(document.querySelector('[data-square="d4"]').getAttribute("aria-label")).toBe("d4, White");
    expect(document.querySelector('[data-square="a1"]').getAttribute("aria-label")).toBe("a1, empty");
  });

  it("builds its label from the square's own description, and falls back to id and piece", () => {
    const state = reversiState();
    const squares = state.board.squares.map((sq) => ({ ...sq, aria: `square ${sq.id}` }));
    grid.update({ ...state, board: { ...state.board, squares } });
    expect(document.querySelector('[data-square="h8"]').getAttribute("aria-label")).toBe("square h8");
    const bare = state.board.squares.map(({ aria, ...sq }) => sq);
    grid.update({ ...state, board: { ...state.board, squares: bare } });
    expect(document.querySelector('[data-square="d4"]').getAttribute("aria-label")).toBe("d4, White");
    expect(document.querySelector('[data-square="d3"]').getAttribute("aria-label")).toBe("d3, empty, legal move");
  });

  it("needs no top-level coords: square ids come from the squares", () => {
    const state = multiStepState();
    const { coords, ...board } = state.board;
    grid.update({ ...state, board });
    const ids = [...document.querySelectorAll('[role="gridcell"]')].map((cell) => cell.dataset.square);
    expect(ids).toEqual(["A3", "B3", "C3", "A2", "B2", "C2", "A1", "B1", "C1"]);
    expect(document.querySelectorAll('[role="row"]')).toHaveLength(3);
  });

  it("has exactly one tab stop, starting on the first legal square", () => {
    expect(tabbable().map((cell) => cell.dataset.square)).toEqual(["d3"]);
  });

  it("moves the tab stop and focus with the arrow keys, clamped at the edges", () => {
    const start = document.querySelector('[data-square="d3"]');
    start.focus();
    press(start, "ArrowRight");
    expect(document.activeElement.dataset.square).toBe("e3");
    press(document.activeElement, "ArrowDown");
    expect(document.activeElement.dataset.square).toBe("e4");
    press(document.activeElement, "ArrowLeft");
    press(document.activeElement, "ArrowUp");
    press(document.activeElement, "ArrowUp");
    expect(document.activeElement.dataset.square).toBe("d2");
    expect(tabbable().map((cell) => cell.dataset.square)).toEqual(["d2"]);
    press(document.activeElement, "ArrowUp");
    const edge = press(document.activeElement, "ArrowUp");
    expect(document.activeElement.dataset.square).toBe("d1");
    expect(edge.defaultPrevented).toBe(true);
    expect(tabbable()).toHaveLength(1);
  });

  it("jumps with Home/End (row) and Ctrl+Home/Ctrl+End (board)", () => {
    const start = document.querySelector('[data-square="d3"]');
    start.focus();
    press(start, "End");
    expect(document.activeElement.dataset.square).toBe("h3");
    press(document.activeElement, "Home");
    expect(document.activeElement.dataset.square).toBe("a3");
    press(document.activeElement, "End", "keydown", { ctrlKey: true });
    expect(document.activeElement.dataset.square).toBe("h8");
    press(document.activeElement, "Home", "keydown", { ctrlKey: true });
    expect(document.activeElement.dataset.square).toBe("a1");
    expect(tabbable()).toHaveLength(1);
  });

  it("activates the focused square with Enter and Space, and on click", () => {
    const start = document.querySelector('[data-square="d3"]');
    start.focus();
    press(start, "ArrowLeft");
    const enter = press(document.activeElement, "Enter");
    press(document.activeElement, " ");
    document.querySelector('[data-square="a8"]').click();
    expect(activated).toEqual(["c3", "c3", "a8"]);
    expect(enter.defaultPrevented).toBe(true);
    expect(tabbable().map((cell) => cell.dataset.square)).toEqual(["a8"]);
  });

  it("keeps the tab stop where it is when the state is redrawn", () => {
    const start = document.querySelector('[data-square="d3"]');
    start.focus();
    press(start, "ArrowDown");
    grid.update(reversiState({ targets: ["a1"] }));
    expect(tabbable().map((cell) => cell.dataset.square)).toEqual(["d4"]);
  });

  it("shows the edge coordinates only when settings.show_coords is on", () => {
    expect(grid.element.classList.contains("bb-show-coords")).toBe(false);
    grid.update(reversiState({ settings: { show_coords: true } }));
    expect(grid.element.classList.contains("bb-show-coords")).toBe(true);
    const letters = [...grid.element.querySelectorAll(".bb-coords-cols span")].map((s) => s.textContent);
    const numbers = [...grid.element.querySelectorAll(".bb-coords-rows span")].map((s) => s.textContent);
    expect(letters.join("")).toBe("abcdefgh");
    expect(numbers.join("")).toBe("12345678");
  });

  it("says the marks in the person's language", () => {
    const state = reversiState({ labels: { ...reversiState().labels, target: "置ける" } });
    const squares = state.board.squares.map((sq) => ({ ...sq, aria: sq.id === "d3" ? "d3、空き" : sq.aria }));
    grid.update({ ...state, board: { ...state.board, squares } });
    expect(document.querySelector('[data-square="d3"]').getAttribute("aria-label")).toBe("d3、空き, 置ける");
  });

  it("stops listening after destroy", () => {
    grid.destroy();
    const square = document.querySelector('[data-square="a1"]');
    square.click();
    press(square, "Enter");
    expect(activated).toEqual([]);
  });
});
