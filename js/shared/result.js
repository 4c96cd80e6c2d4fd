/**
 * One result-card flow for every game: when `state.outcome` is set (and no review is open), the
 * result card shows Python's title, detail and "why" line with the three ways on (review from
 * the start, undo = 待って続ける, next game). It waits for held cards and for the game's own
 * ending (`intro`, e.g. Reversi's counting) when the game ends in front of this view; once the
 * person closes it (or opens the review) the same result is not shown again, and a game that
 * goes on (undo) forgets that.
 */
import { label } from "./dom.js";

/**
 * Identifies one result of one game: the game, the ply, who won, how and the scores. Not its
 * words, so a result closed in English stays closed after switching to Japanese.
 */
export function resultKey(state) {
  const o = state.outcome;
  const scores = JSON.stringify(o.scores ?? null);
  const squares = JSON.stringify(o.squares ?? null);
  return `${state.game_number ?? ""}|${state.ply}|${o.winner}|${o.termination || ""}|${scores}|${squares}`;
}

/** The number of moves played (the review's last position). */
function lastPly(state) {
  if (Number.isInteger(state.ply) && state.ply >= 0) return state.ply;
  return Array.isArray(state.history) ? state.history.length : 0;
}

function isPuzzle(state) {
  return Boolean(state.puzzle && typeof state.puzzle === "object" && !Array.isArray(state.puzzle));
}

/** The result card's contents (for `cards.showResult`). */
export function resultCard(state, { key, undoText, remember }) {
  const o = state.outcome;
  return {
    key,
    title: o.title || "",
    detail: o.detail || "",
    why: o.why || "",
    closeText: label(state, "close", "Close"),
    onClose: () => remember(key),
    actions: [
      // A player opens the review to look back from where the game ended (and steps back
      // with ‹ or ←), as game apps do: it opens on the last move, not on the empty start.
      { name: "review", text: label(state, "review", "Review"), intent: { kind: "review", ply: lastPly(state) }, onClick: () => remember(key) },
      // The daily puzzle (state.puzzle): a finished attempt is tried again, not undone.
      ...(isPuzzle(state)
        ? [{ name: "puzzle_again", text: label(state, "puzzle.try_again", "Try again"), intent: { kind: "restart", confirmed: true }, primary: true }]
        : [
            { name: "undo_continue", text: undoText, intent: { kind: "undo" } },
            { name: "new_game", text: label(state, "new_game", "New game"), intent: { kind: "new_game" }, primary: true },
          ]),
    ],
  };
}

/**
 * @param {object} options
 * @param {ReturnType<import("./cards.js").createCardLayer>} options.cards
 * @param {(state: object) => string} [options.undoText]   the card's undo button text
 * @param {(state: object, done: () => void, context: {delayMs: number, previous: object}) => (() => void)} [options.intro]
 *   the game's own ending, run when the game ends in view; calls `done()` when finished and
 *   returns a function that stops it early (undo, review, a new game)
 */
export function createResultFlow({ cards, undoText = (state) => label(state, "undo_continue", "Undo and continue"), intro = null }) {
  const closed = new Set();
  let state = null;
  let introKey = null;
  let stopIntro = null; // the intro's cleanup, kept after it finished (its marks stay until then)
  let introActive = false;

  function cancelIntro() {
    const stop = stopIntro;
    stopIntro = null;
    introKey = null;
    introActive = false;
    if (stop) stop();
  }

  function maybeShow() {
    if (!state || !state.outcome || state.review || introActive || cards.hasCard()) return;
    const key = resultKey(state);
    if (closed.has(key)) return;
    cards.showResult(resultCard(state, { key, undoText: undoText(state), remember: (k) => closed.add(k) }));
  }

  cards.onIdle(maybeShow);

  return {
    /** Call after the board and the event cards have been updated. */
    update(next, previous, { delayMs = 0 } = {}) {
      state = next;
      const over = Boolean(state.outcome);
      if (!over || state.review) {
        cancelIntro();
        cards.hideResult();
        if (!over) closed.clear();
        return;
      }
      const key = resultKey(state);
      if (introKey !== key && cards.resultKey() !== key) {
        cancelIntro();
        const justEnded = Boolean(previous && !previous.outcome && !previous.review);
        if (justEnded && intro) {
          introKey = key;
          introActive = true;
          let finished = false;
          const stop = intro(
            state,
            () => {
              finished = true;
              if (introKey !== key) return;
              introActive = false;
              maybeShow();
            },
            { delayMs, previous },
          );
          stopIntro = typeof stop === "function" ? stop : null;
          if (finished) introActive = false;
        }
      }
      maybeShow();
    },
    /** True while the game's own ending plays. */
    introRunning() {
      return introActive;
    },
    maybeShow,
    destroy() {
      cancelIntro();
    },
  };
}
