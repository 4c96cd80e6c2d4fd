/**
 * The accessible board grid shared by every game.
 *
 * ARIA grid pattern: `role="grid"` > `role="row"` > `role="gridcell"`, one roving tab stop,
 * arrow keys / Home / End / Ctrl+Home / Ctrl+End / PageUp / PageDown move focus, Enter and Space
 * activate. Every square carries `data-square="<coord>"` and an `aria-label`. The grid only
 * reports which square was activated; what that means is decided in Python.
 */
import { h, label, setAttr } from "./dom.js";

const COORD_PATTERN = /^([A-Za-z]+)(\d+)$/;

/** Split "d3" / "B4" into its column letters and row number (for the edge labels). */
export function splitCoord(coord) {
  const match = COORD_PATTERN.exec(String(coord));
  return match ? { col: match[1], row: match[2] } : { col: String(coord), row: "" };
}

/** The default per-square label: "d3, empty, legal move" (texts from state.labels). */
export function squareLabel(state, index) {
  if (Array.isArray(state.aria) && typeof state.aria[index] === "string") return state.aria[index];
  const coord = state.coords[index];
  const cell = (state.cells && state.cells[index]) || "";
  const parts = [coord, cell === "" ? label(state, "empty", "empty") : label(state, cell, cell)];
  if (Array.isArray(state.legal) && state.legal.includes(coord)) {
    parts.push(label(state, "legal", "legal move"));
  }
  if (state.last_move && state.last_move.square === coord) {
    parts.push(label(state, "last_move", "last move"));
  }
  return parts.join(", ");
}

/**
 * @param {object} options
 * @param {(coord: string, index: number) => void} options.onActivate  click / Enter / Space
 * @param {(square: HTMLElement, info: object) => void} [options.paintSquare]  game drawing
 * @param {string} [options.className]  extra class on the grid element
 */
export function createBoardGrid({ onActivate, paintSquare = () => {}, className = "" }) {
  const grid = h("div", {
    class: `bb-grid ${className}`.trim(),
    role: "grid",
    "data-lm-suppress-shortcuts": "true",
  });
  const colLabels = h("div", { class: "bb-coords bb-coords-cols", "aria-hidden": "true" });
  const rowLabels = h("div", { class: "bb-coords bb-coords-rows", "aria-hidden": "true" });
  const frame = h("div", { class: "bb-board-frame", "data-lm-suppress-shortcuts": "true" }, [
    h("div", { class: "bb-coords-corner", "aria-hidden": "true" }),
    colLabels,
    rowLabels,
    grid,
  ]);

  let squares = [];
  let rows = 0;
  let cols = 0;
  let coordsKey = "";
  let focusIndex = -1;

  function build(state) {
    rows = state.rows;
    cols = state.cols;
    coordsKey = state.coords.join(",");
    grid.replaceChildren();
    colLabels.replaceChildren();
    rowLabels.replaceChildren();
    squares = [];
    grid.style.setProperty("--bb-cols", String(cols));
    grid.style.setProperty("--bb-rows", String(rows));
    frame.style.setProperty("--bb-cols", String(cols));
    frame.style.setProperty("--bb-rows", String(rows));
    setAttr(grid, "aria-rowcount", rows);
    setAttr(grid, "aria-colcount", cols);
    for (let r = 0; r < rows; r += 1) {
      const row = h("div", { class: "bb-row", role: "row" });
      for (let c = 0; c < cols; c += 1) {
        const index = r * cols + c;
        const coord = state.coords[index];
        const square = h("div", {
          class: "bb-square",
          role: "gridcell",
          tabindex: "-1",
          "data-square": coord,
          "data-index": index,
        });
        squares.push(square);
        row.append(square);
      }
      grid.append(row);
      rowLabels.append(h("span", { text: splitCoord(state.coords[r * cols]).row }));
    }
    for (let c = 0; c < cols; c += 1) {
      colLabels.append(h("span", { text: splitCoord(state.coords[c]).col }));
    }
    focusIndex = -1;
  }

  function setRoving(index, { focus = false } = {}) {
    if (index < 0 || index >= squares.length) return;
    if (focusIndex !== index) {
      if (squares[focusIndex]) squares[focusIndex].setAttribute("tabindex", "-1");
      squares[index].setAttribute("tabindex", "0");
      focusIndex = index;
    }
    if (focus) squares[index].focus();
  }

  function update(state) {
    if (!state || !Array.isArray(state.coords) || !state.rows || !state.cols) return;
    if (state.rows !== rows || state.cols !== cols || state.coords.join(",") !== coordsKey) {
      build(state);
    }
    setAttr(grid, "aria-label", label(state, "board", "Game board"));
    const legal = new Set(Array.isArray(state.legal) ? state.legal : []);
    const lastSquare = state.last_move ? state.last_move.square : null;
    squares.forEach((square, index) => {
      const coord = state.coords[index];
      setAttr(square, "aria-label", squareLabel(state, index));
      paintSquare(square, {
        index,
        coord,
        cell: (state.cells && state.cells[index]) || "",
        legal: legal.has(coord),
        lastMove: coord === lastSquare,
        state,
      });
    });
    if (focusIndex < 0) {
      // First tab stop: the first legal square if any (where the person most likely goes).
      const firstLegal = squares.findIndex((_, i) => legal.has(state.coords[i]));
      setRoving(firstLegal >= 0 ? firstLegal : 0);
    }
    const showCoords = Boolean(state.settings && state.settings.show_coords);
    frame.classList.toggle("bb-show-coords", showCoords);
  }

  function targetIndex(event) {
    const square = event.target instanceof Element ? event.target.closest("[data-square]") : null;
    if (!square || !grid.contains(square)) return -1;
    return Number(square.dataset.index);
  }

  function onKeyDown(event) {
    const index = targetIndex(event);
    if (index < 0) return;
    const r = Math.floor(index / cols);
    const c = index % cols;
    let next = -1;
    switch (event.key) {
      case "ArrowRight": next = c < cols - 1 ? index + 1 : index; break;
      case "ArrowLeft": next = c > 0 ? index - 1 : index; break;
      case "ArrowDown": next = r < rows - 1 ? index + cols : index; break;
      case "ArrowUp": next = r > 0 ? index - cols : index; break;
      case "Home": next = event.ctrlKey ? 0 : r * cols; break;
      case "End": next = event.ctrlKey ? squares.length - 1 : r * cols + cols - 1; break;
      case "PageUp": next = c; break;
      case "PageDown": next = (rows - 1) * cols + c; break;
      case "Enter":
      case " ":
      case "Spacebar":
        event.preventDefault();
        event.stopPropagation();
        if (!event.repeat) onActivate(squares[index].dataset.square, index);
        return;
      default:
        return;
    }
    event.preventDefault();
    event.stopPropagation();
    setRoving(next, { focus: true });
  }

  function onClick(event) {
    const index = targetIndex(event);
    if (index < 0) return;
    setRoving(index);
    onActivate(squares[index].dataset.square, index);
  }

  grid.addEventListener("keydown", onKeyDown);
  grid.addEventListener("click", onClick);

  return {
    element: frame,
    grid,
    /** Redraw every square from a state snapshot. */
    update,
    /** The square element for a coordinate (for animations), or undefined. */
    square(coord) {
      return squares.find((sq) => sq.dataset.square === coord);
    },
    squares() {
      return squares.slice();
    },
    /** Lay an element (the card layer) exactly over the squares, not over the edge labels. */
    attachOverlay(el) {
      el.classList.add("bb-overlay");
      frame.append(el);
    },
    /** Move the roving tab stop (and focus) to a coordinate. */
    focusSquare(coord) {
      const index = squares.findIndex((sq) => sq.dataset.square === coord);
      setRoving(index, { focus: true });
    },
    destroy() {
      grid.removeEventListener("keydown", onKeyDown);
      grid.removeEventListener("click", onClick);
    },
  };
}
