/**
 * Quads board widget (anywidget entry). The kit (js/shared/) draws the snapshot
 * (js/PROTOCOL.md): the grid, the tray of pieces with the held piece apart, the prompt, undo,
 * review, settings and cards. This entry adds only Quads' own drawing: the pieces (four
 * attributes that read at a glance, js/quads/pieces.js), the players bar and the variant line.
 * It never checks a rule: a move is two inputs (a square, then `piece:N`) that Python judges.
 */
import "./shared/board.css";
import "./quads/quads.css";
import { createBoardGrid, createGameFrame, h, label, mountView, prefersReducedMotion, setAttr, setText, winsText } from "./shared/index.js";
import { paintPiece } from "./quads/pieces.js";

export { paintPiece, pieceOf, pieceSvg } from "./quads/pieces.js";

/** The length of the set-down animation in js/quads/quads.css (ms). */
const DROP_MS = 240;

/** The players above the board: both in a fixed order, games won, a marker on the side to move. */
export function createPlayersBar() {
  const element = h("div", { class: "bb-q-players", role: "group" });
  const variant = h("div", { class: "bb-q-variant" });
  const wrapper = h("div", { class: "bb-q-header" }, [element, variant]);
  let chips = [];

  function update(state) {
    const board = Array.isArray(state.scoreboard) ? state.scoreboard : [];
    if (board.length !== chips.length) {
      element.replaceChildren();
      chips = board.map((_, i) => {
        const name = h("span", { class: "bb-q-name" });
        const side = h("span", { class: "bb-q-side" });
        const wins = h("span", { class: "bb-q-wins" });
        // Side and wins share a line that may wrap (a narrow chip never spills).
        const meta = h("span", { class: "bb-q-meta" }, [side, " ", wins]);
        const chip = h("div", { class: "bb-q-player", "data-player": i }, [name, " ", meta]);
        element.append(chip);
        return { chip, name, side, wins };
      });
    }
    setAttr(element, "aria-label", label(state, "score", "Score"));
    board.forEach((player, i) => {
      const { chip, name, side, wins } = chips[i];
      const active = Boolean(state.to_move) && player.side === state.to_move && !state.review;
      chip.dataset.side = String(player.side);
      chip.classList.toggle("bb-active", active);
      setAttr(chip, "aria-current", active ? "true" : null);
      setText(name, player.name);
      setText(side, label(state, player.side, player.side));
      setText(wins, winsText(state, player.wins ?? 0));
    });
    const extra = state.extra || {};
    setText(variant, typeof extra.variant === "string" ? extra.variant : "");
  }

  return { element: wrapper, update };
}

function paintSquare(el, square) {
  paintPiece(el, square ? square.piece : null, { pending: Boolean(square && square.pending) });
}

function paintTrayItem(el, item) {
  paintPiece(el, item ? item.piece : null);
  if (item && typeof item.aria === "string") setAttr(el, "title", item.aria);
}

/**
 * The square whose piece was just set down (the last move, one ply on, in the live game), or
 * null: the entry animates only that one, never a whole board that arrives at once.
 */
export function droppedSquare(state, previous) {
  if (!previous || state.review || previous.review) return null;
  if (state.ply !== previous.ply + 1) return null;
  const move = state.last_move;
  return move && Array.isArray(move.squares) && move.squares.length > 0 ? String(move.squares[0]) : null;
}

function setupQuads({ root, send }) {
  const players = createPlayersBar();
  let grid = null;
  const frame = createGameFrame({
    root,
    send,
    header: [players.element],
    board: (activate) => {
      grid = createBoardGrid({ className: "bb-quads-grid", drawMarks: false, paintSquare, onActivate: activate });
      return grid;
    },
    paintTrayItem,
  });
  return {
    update(state, previous) {
      players.update(state);
      const input = state.input || {};
      root.dataset.step = typeof input.step === "string" ? input.step : "";
      root.classList.toggle("bb-q-classic", Boolean(state.extra && state.extra.squares === false));
      frame.update(state, previous, () => {
        const id = droppedSquare(state, previous);
        const square = id && grid ? grid.square(id) : null;
        const holder = square && square.querySelector(".bb-q-holder");
        if (!holder || prefersReducedMotion()) return { delayMs: 0 };
        holder.classList.remove("bb-q-drop");
        void holder.offsetWidth; // restart the animation when the class was already there
        holder.classList.add("bb-q-drop");
        return { delayMs: DROP_MS };
      });
    },
    destroy: frame.destroy,
  };
}

// Only a default export: anywidget warns that a named `render` export is deprecated.
export default {
  render({ model, el }) {
    return mountView({ model, el, game: "quads", setup: setupQuads });
  },
};
