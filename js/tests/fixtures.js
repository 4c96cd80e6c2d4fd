/**
 * Snapshots shaped like js/PROTOCOL.md's `state`, for the unit tests and the screenshot page.
 * They are hand-written examples of what Python sends; the front end must draw any of them.
 */

export const COORDS = [];
for (let row = 1; row <= 8; row += 1) {
  for (const col of "abcdefgh") COORDS.push(`${col}${row}`);
}

export const LABELS_EN = {
  undo: "Undo",
  undo_continue: "Undo and continue",
  restart: "Restart this game",
  new_game: "New game",
  review: "Review",
  settings: "Settings",
  thinking: "Thinking…",
  confirm_restart: "Restart this game? It will not be counted.",
  yes: "Yes",
  no: "No",
  close: "Close",
  prev: "Previous move",
  next: "Next move",
  exit_review: "Exit review",
  dots: "Show legal moves",
  coords: "Show coordinates",
  board: "Reversi board",
  black: "Black",
  white: "White",
  empty: "empty",
  legal: "legal move",
  wins: "wins",
  level: "Level",
  human: "You play",
  language: "Language",
  score: "Score",
};

export const OPTIONS_EN = {
  mode: [["two-player", "2 players"], ["cpu", "CPU"]],
  level: [["beginner", "Beginner"], ["corner", "Corner-seeker"], ["strong", "Strong"]],
  human: [["black", "Black"], ["white", "White"], ["alternate", "Alternate"]],
};

/** Board rows from the top as 8 strings of "X" (black), "O" (white), "." (empty). */
export function cellsFrom(rows) {
  const cells = [];
  for (const row of rows) {
    for (const ch of row) cells.push(ch === "X" ? "black" : ch === "O" ? "white" : "");
  }
  return cells;
}

function count(cells, side) {
  return cells.filter((cell) => cell === side).length;
}

/** A full snapshot; `overrides` replaces any key (settings are merged). */
export function reversiState(overrides = {}) {
  const rows = overrides.board || [
    "........",
    "........",
    "........",
    "...OX...",
    "...XO...",
    "........",
    "........",
    "........",
  ];
  const cells = cellsFrom(rows);
  const { board, settings, ...rest } = overrides;
  return {
    game: "reversi",
    rows: 8,
    cols: 8,
    coords: COORDS,
    cells,
    legal: ["d3", "c4", "f5", "e6"],
    to_move: "black",
    status: "Black to move",
    busy: false,
    outcome: null,
    history: [],
    ply: 0,
    last_move: null,
    event: null,
    review: null,
    scoreboard: [
      { name: "Player 1", side: "black", count: count(cells, "black"), wins: 0 },
      { name: "Player 2", side: "white", count: count(cells, "white"), wins: 0 },
    ],
    settings: { mode: "two-player", level: "strong", human: "black", show_dots: true, show_coords: false, lang: "en", ...settings },
    options: OPTIONS_EN,
    labels: LABELS_EN,
    ...rest,
  };
}

/** A middle-game position (white just played c6, flipping d5), consistent with the rules. */
export function middleGameState(overrides = {}) {
  return reversiState({
    board: [
      "........",
      "........",
      "..XO.O..",
      "..XXOO..",
      "...OOX..",
      "..OXXX..",
      "...XO...",
      "........",
    ],
    legal: ["c2", "d2", "e2", "f2", "e3", "g3", "g4", "b5", "c5", "b6", "f7", "d8", "e8", "f8"],
    to_move: "black",
    status: "Black to move",
    history: ["f5", "d6", "c3", "d3", "c4", "f4", "f6", "f3", "e6", "e7", "d7", "c6"],
    ply: 12,
    last_move: { square: "c6", flips: ["d5"] },
    ...overrides,
  });
}

/** The scoreboard must match the board, so finished states are built from their cells. */
export function finishedState(overrides = {}) {
  const board = [
    "XXXXXXXX",
    "XXXXXXOX",
    "XXOXXOOX",
    "XXXOXOOX",
    "XXOOXXOX",
    "XOXOOXOX",
    "XOOOOOXX",
    "XXXXOOOO",
  ];
  return reversiState({
    board,
    legal: [],
    to_move: null,
    status: "Black wins 41–23",
    history: new Array(60).fill("a1"),
    ply: 60,
    last_move: { square: "h8", flips: ["g8", "f8"] },
    outcome: {
      winner: "black",
      reason: "board full",
      scores: { black: 41, white: 23 },
      title: "Player 1 (Black) wins",
      detail: "41 – 23 · the board is full",
      why: "Why: took all four corners and three full edges",
    },
    ...overrides,
  });
}
