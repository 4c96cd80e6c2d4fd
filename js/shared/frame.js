/**
 * Everything a game view shares, composed once: the board (the entry builds it, the frame gives
 * it the activation callback), the tray, the status and notice lines, the prompt with the choice
 * bar and the back control, the review bar, the action row, the settings panel, the event cards
 * and the result flow. A game entry passes its own drawing (board painter, extra parts above or
 * below) and gets `{update, destroy}` back for `mountView`'s `setup`.
 *
 * While a forced card is held, every input (squares, tray items, choices, back) is ignored: both
 * players must see the forced move first. Everything else reaches Python, which answers.
 */
import { h, label } from "./dom.js";
import { createCardLayer } from "./cards.js";
import { createCoachBar, createRecordPanel, paintHints } from "./coach.js";
import { createGameActions, createReviewBar, createSettingsPanel } from "./controls.js";
import { createInputBar } from "./inputbar.js";
import { createPuzzleBanner } from "./puzzle.js";
import { createResultFlow } from "./result.js";
import { createReviewPanel } from "./review.js";
import { createStatusLine } from "./status.js";
import { createTray } from "./tray.js";

/**
 * @param {object} options
 * @param {HTMLElement} options.root
 * @param {(msg: object) => void} options.send
 * @param {(activate: (id: string) => void) => {element: HTMLElement, update: Function, attachOverlay?: Function, destroy?: Function}} options.board
 * @param {HTMLElement[]} [options.header]   parts above the board (score bar, …)
 * @param {HTMLElement[]} [options.footer]   parts below the action row (a round log, …)
 * @param {Function} [options.paintTrayItem] the game's drawing of one tray item
 * @param {(state: object, over: boolean) => string} [options.undoText]  the undo button's text
 * @param {(state: object) => string} [options.resultUndoText]           the result card's
 * @param {string} [options.restartFallback]
 * @param {boolean} [options.hideRestartWhenOver]
 * @param {string} [options.reviewUnit]      "move" or "round" (review button fallbacks)
 * @param {Function} [options.intro]         the game's own ending (see createResultFlow)
 * @param {string} [options.boardClass]      extra class on the board wrapper
 */
export function createGameFrame({
  root,
  send,
  board: makeBoard,
  header = [],
  footer = [],
  paintTrayItem,
  undoText = (state, over) => (over ? label(state, "undo_continue", "Undo and continue") : label(state, "undo", "Undo")),
  resultUndoText = (state) => label(state, "undo_continue", "Undo and continue"),
  restartFallback,
  hideRestartWhenOver = false,
  reviewUnit = "move",
  intro = null,
  boardClass = "",
}) {
  const cards = createCardLayer({ send, root });
  const input = (target) => {
    if (cards.isBlocking()) return; // the forced card holds the game for its time
    send({ kind: "input", target });
  };
  const board = makeBoard(input);
  const tray = createTray({ onActivate: input, paintItem: paintTrayItem });
  const status = createStatusLine();
  const inputBar = createInputBar({
    onInput: input,
    onBack: () => {
      if (!cards.isBlocking()) send({ kind: "back" });
    },
  });
  const reviewBar = createReviewBar({ send, unit: reviewUnit });
  const actions = createGameActions({ send, undoText, restartFallback, hideRestartWhenOver });
  const settings = createSettingsPanel({ send });
  // The daily puzzle's banner (state.puzzle; hidden in every other game).
  const puzzle = createPuzzleBanner({ send });
  // The coach (state.coach, state.record): hints bar, review panel and Record panel.
  const coachBar = createCoachBar({ send });
  const reviewPanel = createReviewPanel({ send });
  const recordPanel = createRecordPanel({ send });
  // Map hint badges are sized for the map's drawn width: redraw them when the page resizes.
  let hinted = null;
  let resizeFrame = 0;
  const onResize = () => {
    if (resizeFrame || !hinted || typeof requestAnimationFrame !== "function") return;
    resizeFrame = requestAnimationFrame(() => {
      resizeFrame = 0;
      paintHints(boardWrap, hinted);
    });
  };
  if (typeof window !== "undefined") window.addEventListener("resize", onResize);
  // While the game's own ending plays, the status line keeps its last text: the result is
  // announced with the result card, not before it.
  const heldIntro =
    intro &&
    ((state, done, context) => {
      status.hold(true);
      const stop = intro(
        state,
        () => {
          status.hold(false);
          done();
        },
        context,
      );
      return () => {
        status.hold(false);
        if (stop) stop();
      };
    });
  const flow = createResultFlow({ cards, undoText: resultUndoText, intro: heldIntro });

  const boardWrap = h("div", { class: `bb-board-wrap ${boardClass}`.trim() }, [board.element]);
  if (board.attachOverlay) board.attachOverlay(cards.element);
  else boardWrap.append(cards.element);

  root.append(
    puzzle.element,
    ...header,
    boardWrap,
    tray.element,
    status.element,
    // The move's own controls (choices, back) right under the status line, then the coach.
    inputBar.element,
    coachBar.element,
    reviewBar.element,
    actions.element,
    reviewPanel.element,
    ...footer,
    recordPanel.element,
    settings.element,
  );

  return {
    board,
    cards,
    tray,
    flow,
    /** Send an input as the board does (ignored while a forced card is held). */
    input,
    /**
     * Redraw the shared parts. `afterBoard(state, previous)` runs once the board is drawn (start
     * animations there) and may return `{delayMs}`: how long the result waits for them.
     */
    update(state, previous, afterBoard = null) {
      root.classList.toggle("bb-reviewing", Boolean(state.review));
      if (state.to_move) root.setAttribute("data-to-move", state.to_move);
      else root.removeAttribute("data-to-move");
      if (state.input && state.input.step) root.setAttribute("data-step", state.input.step);
      else root.removeAttribute("data-step");
      board.update(state);
      tray.update(state);
      paintHints(boardWrap, state);
      paintHints(tray.element, state);
      hinted = state;
      coachBar.update(state);
      reviewPanel.update(state);
      recordPanel.update(state);
      inputBar.update(state);
      reviewBar.update(state);
      actions.update(state);
      settings.update(state);
      puzzle.update(state);
      const timing = (afterBoard && afterBoard(state, previous)) || {};
      cards.update(state);
      flow.update(state, previous, timing);
      status.update(state); // after the flow: an ending that starts now holds the old line
    },
    destroy() {
      if (typeof window !== "undefined") window.removeEventListener("resize", onResize);
      if (resizeFrame && typeof cancelAnimationFrame === "function") cancelAnimationFrame(resizeFrame);
      flow.destroy();
      puzzle.destroy();
      cards.destroy();
      tray.destroy();
      if (board.destroy) board.destroy();
    },
  };
}
