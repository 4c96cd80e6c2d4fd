/**
 * Snapshots shaped like js/PROTOCOL.md's `state`, for the unit tests and the screenshot page.
 * They are hand-written examples of what Python sends (tests/test_js_units.py checks their keys
 * against the real Python snapshots, so they cannot drift); the front end must draw any of them.
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
  yes: "Yes",
  no: "No",
  close: "Close",
  back: "Back",
  first: "First position",
  prev: "Previous move",
  next: "Next move",
  last: "Last move",
  exit_review: "Exit review",
  dots: "Show legal moves",
  coords: "Show coordinates",
  board: "Reversi board",
  black: "Black",
  white: "White",
  empty: "empty",
  target: "legal move",
  selected: "selected",
  last_move: "last move",
  deciding: "decided the game",
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
export function piecesFrom(rows) {
  const pieces = [];
  for (const row of rows) {
    for (const ch of row) pieces.push(ch === "X" ? "black" : ch === "O" ? "white" : null);
  }
  return pieces;
}

/** `state.board` of a Reversi position (rows from the top, a1 first as Python sends it). */
export function reversiBoard(rows) {
  const pieces = piecesFrom(rows);
  return {
    kind: "grid",
    rows: 8,
    cols: 8,
    coords: COORDS,
    squares: COORDS.map((id, index) => ({
      id,
      piece: pieces[index],
      aria: `${id}, ${pieces[index] === "black" ? "Black" : pieces[index] === "white" ? "White" : "empty"}`,
    })),
  };
}

function count(board, side) {
  return board.squares.filter((square) => square.piece === side).length;
}

/** The common part of a Reversi snapshot's `input`. */
export function reversiInput(targets, prompt = "Black to move") {
  return { targets, selection: [], prompt, step: "place", can_back: false, hidden: false, buttons: [] };
}

/** A v1-style move summary → v2 `last_move`. */
export function placed(square, flips, side = "white") {
  return { notation: square, side, squares: [square], marks: { flips }, forced: false };
}

/**
 * A full Reversi snapshot. `overrides` replaces any key (settings are merged); `board` may be
 * given as 8 row strings, `targets` replaces `input.targets`.
 */
export function reversiState(overrides = {}) {
  const { board: rows, settings, targets, input, ...rest } = overrides;
  const board = reversiBoard(
    rows || ["........", "........", "........", "...OX...", "...XO...", "........", "........", "........"],
  );
  const status = rest.status || "Black to move";
  return {
    protocol: 3,
    game: "reversi",
    status,
    notice: null,
    notice_kind: null,
    busy: false,
    to_move: "black",
    human_side: null,
    game_number: 1,
    history: [],
    ply: 0,
    can_undo: false,
    input: { ...reversiInput(targets || ["d3", "c4", "f5", "e6"], status), ...input },
    last_move: null,
    outcome: null,
    event: null,
    review: null,
    scoreboard: [
      { id: "player1", name: "Player 1", side: "black", count: count(board, "black"), wins: 0 },
      { id: "player2", name: "Player 2", side: "white", count: count(board, "white"), wins: 0 },
    ],
    settings: { mode: "two-player", level: "strong", human: "black", show_dots: true, show_coords: false, lang: "en", ...settings },
    options: OPTIONS_EN,
    labels: LABELS_EN,
    stats: {},
    board,
    tray: null,
    extra: { transcript: "" },
    coach: { available: true, mode: "off", hints: {}, depth: null, exact: false, pending: false, summary: "", thinking: null, expected: null, graph: null },
    record: { transcript: "", position: "", can_load: true },
    puzzle: null,
    ...rest,
  };
}

/** A middle-game position (white just played c6, flipping d5), consistent with the rules. */
export function middleGameState(overrides = {}) {
  const history = ["f5", "d6", "c3", "d3", "c4", "f4", "f6", "f3", "e6", "e7", "d7", "c6"];
  return reversiState({
    board: ["........", "........", "..XO.O..", "..XXOO..", "...OOX..", "..OXXX..", "...XO...", "........"],
    targets: ["c2", "d2", "e2", "f2", "e3", "g3", "g4", "b5", "c5", "b6", "f7", "d8", "e8", "f8"],
    history,
    ply: 12,
    can_undo: true,
    last_move: placed("c6", ["d5"]),
    extra: { transcript: history.join("") },
    ...overrides,
  });
}

/** The scoreboard must match the board, so finished states are built from their squares. */
export function finishedState(overrides = {}) {
  return reversiState({
    board: ["XXXXXXXX", "XXXXXXOX", "XXOXXOOX", "XXXOXOOX", "XXOOXXOX", "XOXOOXOX", "XOOOOOXX", "XXXXOOOO"],
    targets: [],
    input: { prompt: "" },
    to_move: null,
    status: "Black wins 41–23",
    history: new Array(60).fill("a1"),
    ply: 60,
    can_undo: true,
    last_move: placed("h8", ["g8", "f8"], "black"),
    outcome: {
      winner: "black",
      termination: "board_full",
      scores: { black: 41, white: 23 },
      squares: [],
      details: {},
      title: "Player 1 (Black) wins",
      detail: "41 – 23 · the board is full",
      why: "Why: took all four corners and three full edges",
    },
    ...overrides,
  });
}

// ---------------------------------------------------------------- Beacon Lines

export const BEACON_REGIONS = [
  ["Red Home", 70, 200, "home", "red"],
  ["North Pass", 190, 90, "middle", null],
  ["South Pass", 190, 310, "middle", null],
  ["Crossroads", 260, 200, "objective", null],
  ["Beacon", 330, 90, "objective", null],
  ["Depot", 330, 310, "objective", null],
  ["Blue Home", 450, 200, "home", "blue"],
];

export const BEACON_EDGES = [
  ["Red Home", "North Pass"],
  ["Red Home", "South Pass"],
  ["Red Home", "Crossroads"],
  ["North Pass", "Beacon"],
  ["North Pass", "Depot"],
  ["South Pass", "Depot"],
  ["South Pass", "Beacon"],
  ["Crossroads", "Beacon"],
  ["Crossroads", "Depot"],
  ["Blue Home", "Crossroads"],
];

export const BEACON_LABELS = {
  ...LABELS_EN,
  board: "Beacon Lines map",
  undo: "Undo last round",
  undo_continue: "Undo last round",
  restart: "Restart",
  red: "Red",
  blue: "Blue",
  prev: "Previous round",
  next: "Next round",
};

/** A Beacon Lines snapshot; `owners` maps region → side, `targets` the claimable regions. */
export function beaconState(overrides = {}) {
  const { owners = {}, targets = ["North Pass", "Crossroads"], settings, extra, ...rest } = overrides;
  const regions = BEACON_REGIONS.map(([id, x, y, kind, home]) => {
    const owner = home || owners[id] || null;
    const markers = kind === "home" ? null : { red: owner === "red" ? 1 : 0, blue: owner === "blue" ? 1 : 0 };
    const detail = markers ? `R ${markers.red} · B ${markers.blue} · 1 pt` : "home";
    return {
      id,
      label: id,
      x,
      y,
      // The shared drawing data (beacon/layout.py): outline, icon, text rows, badge place.
      shape: `M${x - 55} ${y - 45}h110v90h-110Z`,
      icon: { name: kind === "home" ? "flag" : "pass", x: x - 30, y: y - 34, stroke: "M-8 12V-14", fill: "M-8 -14L12 -8L-8 -2Z" },
      name_y: y - 6,
      tokens_y: y + 18,
      detail_y: y + 46,
      badge_x: x + 30,
      badge_y: y - 50,
      text_width: 100,
      kind,
      owner,
      markers,
      points: 1,
      detail,
      aria: `${id}, ${detail}, ${owner ? `held by ${owner === "red" ? "Red" : "Blue"}` : "neutral"}`,
    };
  });
  return {
    protocol: 3,
    game: "beacon",
    status: "Round 1: Red, choose a target. Blue (CPU) has locked in its choice.",
    notice: null,
    notice_kind: null,
    busy: false,
    to_move: null,
    human_side: "red",
    game_number: 1,
    history: [],
    ply: 0,
    can_undo: false,
    input: { targets, selection: [], prompt: "Choose a target", step: "choose", can_back: false, hidden: true, buttons: [] },
    last_move: null,
    outcome: null,
    event: null,
    review: null,
    scoreboard: [
      { id: "human", name: "You", side: "red", count: 0, wins: 0 },
      { id: "cpu", name: "CPU", side: "blue", count: 0, wins: 0 },
    ],
    settings: { mode: "cpu", level: "script", human: "red", rules: "v1", lang: "en", ...settings },
    options: { mode: OPTIONS_EN.mode, level: [["script", "Script"], ["equilibrium", "Equilibrium"]], rules: [["v0", "v0"], ["v1", "v1"]] },
    labels: BEACON_LABELS,
    stats: {},
    board: {
      kind: "map",
      width: 520,
      height: 400,
      node_w: 118,
      node_h: 58,
      regions,
      edges: BEACON_EDGES,
      roads: BEACON_EDGES.map(([a, b]) => ({ edge: [a, b], d: `M0 0L10 10`, bridge: false })),
      bridges: [],
    },
    tray: null,
    extra: {
      scores: { red: 0, blue: 0 },
      round: 0,
      max_rounds: 3,
      round_text: "Round 1 of 3",
      rules: "v1",
      choice: { sides: [{ side: "red", locked: false, text: "Red: choosing" }, { side: "blue", locked: true, text: "Blue: locked in" }] },
      reveal: null,
      log: { caption: "Round log", columns: ["Round", "Red", "Blue", "Start", "Markers", "Result", "Score", "Win check"], rows: [] },
      route: [],
      ...extra,
    },
    move_words: [],
    coach: { available: true, mode: "off", hints: {}, depth: null, exact: false, pending: false, summary: "", thinking: null, expected: null, graph: null },
    record: { transcript: "", position: "", can_load: true },
    puzzle: null,
    ...rest,
  };
}

/** After round 1 (North Pass against South Pass, 2–2). */
export function beaconAfterRound1(overrides = {}) {
  return beaconState({
    owners: { "North Pass": "red", "South Pass": "blue" },
    targets: ["Beacon", "Depot", "Crossroads"],
    history: ["North Pass/South Pass"],
    ply: 1,
    can_undo: true,
    last_move: {
      notation: "North Pass/South Pass",
      side: null,
      squares: ["North Pass", "South Pass"],
      marks: { red: ["North Pass"], blue: ["South Pass"] },
      forced: false,
    },
    extra: {
      scores: { red: 2, blue: 2 },
      round: 1,
      round_text: "Round 2 of 3",
      reveal: { round: 1, red: "North Pass", blue: "South Pass", red_label: "◆ Red", blue_label: "◆ Blue" },
      log: {
        caption: "Round log",
        columns: ["Round", "Red", "Blue", "Start", "Markers", "Result", "Score", "Win check"],
        rows: [["1", "North Pass", "South Pass", "none", "North Pass 1:0, South Pass 0:1", "North Pass: Red; South Pass: Blue", "2–2", "no"]],
      },
      route: ["North Pass/South Pass"],
    },
    move_words: ["Red: North Pass, Blue: South Pass"],
    ...overrides,
  });
}

// ---------------------------------------------------------------- a multi-input grid game

/**
 * A 3 × 3 board with a worker, structured squares, a tray, choice buttons and a partial
 * selection: the shape Tower Gate and Quads snapshots take (game "toy" in the tests).
 */
export function multiStepState(overrides = {}) {
  const ids = ["A3", "B3", "C3", "A2", "B2", "C2", "A1", "B1", "C1"];
  const { input, ...rest } = overrides;
  return {
    ...reversiState(),
    game: "toy",
    status: "Blue to move",
    to_move: "blue",
    labels: { ...LABELS_EN, board: "Toy board", held: "held", used: "already played", tray: "Pieces" },
    settings: { mode: "two-player", lang: "en" },
    options: { mode: OPTIONS_EN.mode },
    scoreboard: [],
    board: {
      kind: "grid",
      rows: 3,
      cols: 3,
      coords: ids,
      squares: ids.map((id) => ({
        id,
        height: id === "B2" ? 2 : 0,
        worker: id === "A1" ? { side: "blue", id: "blue1" } : null,
        aria: id === "A1" ? `${id}, blue worker` : `${id}, height ${id === "B2" ? 2 : 0}`,
      })),
    },
    input: {
      targets: ["A2", "B2", "B1", "mason"],
      selection: ["A1"],
      prompt: "Move the worker",
      step: "move",
      can_back: true,
      hidden: false,
      buttons: [
        { id: "mason", label: "Mason: build twice" },
        { id: "repaint", label: "Repaint" },
      ],
      ...input,
    },
    last_move: { notation: "C3-C2", side: "red", squares: ["C3", "C2", "B3"], marks: {}, forced: false },
    tray: {
      label: "Pieces to give",
      items: [
        { id: "piece:0", state: "available", aria: "small light square hollow" },
        { id: "piece:1", state: "used", aria: "small light square solid" },
        { id: "piece:2", state: "available", aria: "small light round hollow" },
        { id: "piece:3", state: "held", aria: "large dark round solid" },
      ],
      held: { label: "Your piece", item: "piece:3" },
    },
    extra: {},
    ...rest,
  };
}
