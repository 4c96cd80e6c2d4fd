/**
 * The accessible board grid for `state.board.kind === "grid"`, shared by every grid game.
 *
 * ARIA grid pattern: `role="grid"` > `role="row"` > `role="gridcell"`, one roving tab stop,
 * arrow keys / Home / End / Ctrl+Home / Ctrl+End / PageUp / PageDown move focus, Enter and Space
 * activate. Every square carries `data-square="<id>"` and an `aria-label` (Python's contents plus
 * the kit's mark words). The kit marks legal targets, the selection, the last move's squares and
 * the deciding squares (js/shared/marks.js); the game's `paintSquare(el, square, state, info)`
 * draws the square's own contents from its structured object. The grid only reports which
 * square was activated; what that means is decided in Python.
 */
import { h, label, setAttr } from "./dom.js";
import { applyMarks, readMarks } from "./marks.js";
import { bindRovingKeys, createRovingFocus } from "./roving.js";

const COORD_PATTERN = /^([A-Za-z]+)(\d+)$/;

/** Split "d3" / "B4" into its column letters and row number (for the edge labels). */
export function splitCoord(coord) {
  const match = COORD_PATTERN.exec(String(coord));
  return match ? { col: match[1], row: match[2] } : { col: String(coord), row: "" };
}

/** The grid part of a snapshot, or null when the board is some other kind. */
export function gridOf(state) {
  const board = state && state.board;
  if (!board || board.kind !== "grid" || !Array.isArray(board.squares)) return null;
  if (!(board.rows > 0 && board.cols > 0) || board.squares.length !== board.rows * board.cols) return null;
  return board;
}

/** The id of square `index` (`coords` when sent, else the square's own `id`). */
function squareId(board, index) {
  if (Array.isArray(board.coords) && board.coords[index] !== undefined) return String(board.coords[index]);
  const square = board.squares[index];
  return square && square.id !== undefined ? String(square.id) : String(index);
}

/** A square's contents in words: Python's `aria`, else "d3, empty" / "d4, white". */
export function squareContents(state, board, index) {
  const square = board.squares[index] || {};
  if (typeof square.aria === "string" && square.aria !== "") return square.aria;
  const id = squareId(board, index);
  const piece = square.piece;
  const what = piece === null || piece === undefined || piece === "" ? label(state, "empty", "empty") : typeof piece === "string" ? label(state, piece, piece) : "";
  return [id, what].filter(Boolean).join(", ");
}

/**
 * @param {object} options
 * @param {(id: string, index: number) => void} options.onActivate  click / Enter / Space
 * @param {(el: HTMLElement, square: object, state: object, info: object) => void} [options.paintSquare]
 *   game drawing; `info` is {index, id, target, selected, last, deciding}
 * @param {string} [options.className]  extra class on the grid element
 * @param {boolean} [options.drawMarks]  false when the game draws the marks itself (the classes
 *   and the aria words are set either way)
 */
export function createBoardGrid({ onActivate, paintSquare = () => {}, className = "", drawMarks = true }) {
  const grid = h("div", { class: `bb-grid ${drawMarks ? "bb-kit-marks " : ""}${className}`.trim(), role: "grid" });
  const colLabels = h("div", { class: "bb-coords bb-coords-cols", "aria-hidden": "true" });
  const rowLabels = h("div", { class: "bb-coords bb-coords-rows", "aria-hidden": "true" });
  const frame = h("div", { class: "bb-board-frame" }, [
    h("div", { class: "bb-coords-corner", "aria-hidden": "true" }),
    colLabels,
    rowLabels,
    grid,
  ]);

  let squares = [];
  let rows = 0;
  let cols = 0;
  let layoutKey = "";
  const roving = createRovingFocus();

  function build(board) {
    rows = board.rows;
    cols = board.cols;
    grid.replaceChildren();
    colLabels.replaceChildren();
    rowLabels.replaceChildren();
    squares = [];
    for (const el of [grid, frame]) {
      el.style.setProperty("--bb-cols", String(cols));
      el.style.setProperty("--bb-rows", String(rows));
    }
    setAttr(grid, "aria-rowcount", rows);
    setAttr(grid, "aria-colcount", cols);
    for (let r = 0; r < rows; r += 1) {
      const row = h("div", { class: "bb-row", role: "row" });
      for (let c = 0; c < cols; c += 1) {
        const index = r * cols + c;
        const square = h("div", {
          class: "bb-square",
          role: "gridcell",
          tabindex: "-1",
          "data-square": squareId(board, index),
          "data-index": index,
        });
        squares.push(square);
        row.append(square);
      }
      grid.append(row);
      rowLabels.append(h("span", { text: splitCoord(squareId(board, r * cols)).row }));
    }
    for (let c = 0; c < cols; c += 1) {
      colLabels.append(h("span", { text: splitCoord(squareId(board, c)).col }));
    }
    roving.reset(squares);
  }

  function update(state) {
    const board = gridOf(state);
    frame.hidden = !board;
    if (!board) return;
    const ids = board.squares.map((_, index) => squareId(board, index));
    const key = `${board.rows}x${board.cols}:${ids.join(",")}`;
    if (key !== layoutKey) {
      layoutKey = key;
      build(board);
    }
    setAttr(grid, "aria-label", label(state, "board", "Game board"));
    const marks = readMarks(state);
    squares.forEach((el, index) => {
      const flags = applyMarks(el, state, marks, ids[index], squareContents(state, board, index));
      paintSquare(el, board.squares[index] || {}, state, { index, id: ids[index], ...flags });
    });
    // First tab stop: the first legal target if any (where the person most likely goes).
    roving.ensure((el) => marks.target.has(el.dataset.square));
    frame.classList.toggle("bb-show-coords", Boolean(state.settings && state.settings.show_coords));
  }

  /** Arrows (clamped at the edges), Home/End (row), Ctrl+Home/End (board), PageUp/Down (column). */
  function nextIndex(event, index) {
    const r = Math.floor(index / cols);
    const c = index % cols;
    switch (event.key) {
      case "ArrowRight": return c < cols - 1 ? index + 1 : index;
      case "ArrowLeft": return c > 0 ? index - 1 : index;
      case "ArrowDown": return r < rows - 1 ? index + cols : index;
      case "ArrowUp": return r > 0 ? index - cols : index;
      case "Home": return event.ctrlKey ? 0 : r * cols;
      case "End": return event.ctrlKey ? squares.length - 1 : r * cols + cols - 1;
      case "PageUp": return c;
      case "PageDown": return (rows - 1) * cols + c;
      default: return null;
    }
  }

  const unbind = bindRovingKeys(grid, {
    roving,
    nextIndex,
    indexOf(event) {
      const square = event.target instanceof Element ? event.target.closest("[data-square]") : null;
      return square && grid.contains(square) ? Number(square.dataset.index) : -1;
    },
    activate: (index) => onActivate(squares[index].dataset.square, index),
  });

  return {
    element: frame,
    grid,
    /** Redraw every square from a state snapshot. */
    update,
    /** The square element for an id (for animations), or undefined. */
    square(id) {
      return squares.find((sq) => sq.dataset.square === id);
    },
    squares() {
      return squares.slice();
    },
    /** Lay an element (the card layer) exactly over the squares, not over the edge labels. */
    attachOverlay(el) {
      el.classList.add("bb-overlay");
      frame.append(el);
    },
    /** Move the roving tab stop (and focus) to a square id. */
    focusSquare(id) {
      roving.set(squares.findIndex((sq) => sq.dataset.square === id), { focus: true });
    },
    destroy: unbind,
  };
}
