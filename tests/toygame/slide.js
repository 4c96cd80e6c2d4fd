/**
 * Slide's front end (anywidget entry): the whole JS a game needs when the kit draws the rest.
 *
 * The kit (js/shared/, js/PROTOCOL.md) draws the snapshot: the grid from `state.board`, the
 * legal targets, the prompt, undo, review, settings, cards and the result. The entry adds only
 * what is the game's own: here, a letter on each occupied square. It never checks a rule: a
 * click sends `{kind: "input", target}` and Python answers with a new `state`.
 *
 * A real game's entry is `js/<name>.js` (built by `npm run build` to
 * widgets/boardbook/static/<name>.js and .css); the toy game's lives here and is built by
 * tests/browser/test_toygame_browser.py. An entry must import a CSS file: the build targets
 * expect a .css.
 */
import "../../js/shared/board.css";
import "./slide.css";
import { createBoardGrid, createGameFrame, mountView } from "../../js/shared/index.js";

/** Draw one square of `state.board.squares` (`{id, piece, aria}`, tests/toygame/__init__.py). */
function paintSquare(el, square) {
  const piece = square && typeof square.piece === "string" ? square.piece : "";
  el.dataset.piece = piece;
  el.textContent = piece.toUpperCase();
  if (square && typeof square.aria === "string") el.setAttribute("aria-label", square.aria);
}

function setupSlide({ root, send }) {
  const frame = createGameFrame({
    root,
    send,
    board: (activate) => createBoardGrid({ className: "bb-slide-grid", paintSquare, onActivate: activate }),
  });
  return {
    update(state, previous) {
      frame.update(state, previous);
    },
    destroy: frame.destroy,
  };
}

// Only a default export: anywidget warns that a named `render` export is deprecated.
export default {
  render({ model, el }) {
    return mountView({ model, el, game: "slide", setup: setupSlide });
  },
};
