// Live boards on the book's pages: "▶ Play here" turns a board's picture into the real game.
//
// A live board is a `.bb-live` element the page's cell wrote (book/live/liveboard.py):
// `data-game`, `data-settings` (the widget's keywords, JSON), optionally `data-puzzle="today"`
// (the daily puzzle of the reader's date in Japan, worked out here at read time) or
// `data-position` (play on from a lesson's position). One click on its button starts one Web
// Worker for the page (Pyodide running the boardbook widgets: _live/live-worker.js) and hands
// the game's own ESM bundle (_live/<game>.js, the file JupyterLab loads) a model with the
// anywidget interface it uses there: get, set, on, off, send, save_changes. Nothing here knows
// a rule of any game; the bundle draws, Python decides.
//
// Also kept here, in this browser: the device's record the widgets keep (games per level, the
// puzzle streak, one-time flags such as "the Tower Gate tutorial was seen": localStorage
// "boardbook.live.store", written by the worker's PageStore); a solved daily puzzle counts in
// the book's progress (window.boardbookProgress, _static/exercises.js); the student edition
// (?student=1, the `bb-student` class exercises.js sets) starts every board with hints locked.

const LIVE = new URL("./", import.meta.url);
const JST_MS = 9 * 60 * 60 * 1000;
const RECORD = "boardbook.live.store";

function readRecord() {
  try {
    return JSON.parse(window.localStorage.getItem(RECORD) || "null");
  } catch (error) {
    return null; // blocked or damaged: the boards start with a fresh record
  }
}

function keepRecord(data) {
  try {
    window.localStorage.setItem(RECORD, JSON.stringify(data));
  } catch (error) {
    /* storage blocked: the record lasts this visit */
  }
}

/** Today's date in Japan (the seeds' day: it changes at midnight Japan time), YYYY-MM-DD. */
export function japanDate(now = Date.now()) {
  return new Date(now + JST_MS).toISOString().slice(0, 10);
}

/** The synced traits a widget's state travels in (core/parts.py; js/shared/model.js). */
const STATE_PARTS = ["_turn", "_board", "_extra", "_coach", "_setup", "_texts"];

/** The anywidget model a bundle's render({model, el}) gets, backed by the worker's comm. */
export class LiveModel {
  constructor(commId, state, post) {
    this.commId = commId;
    this.state = { ...state };
    this.dirty = {};
    this.post = post;
    this.listeners = new Map();
    this.comm_live = true;
    this.widget_manager = {
      get_model: () => Promise.reject(new Error("a live board has no other widgets")),
    };
  }

  get(key) {
    return this.state[key];
  }

  /** The widget's whole snapshot, for this page's own reading (progress, tests): the keys of
   * every part the state travels in (js/PROTOCOL.md, "Parts"; the bundles merge them alike). */
  snapshot() {
    const whole = {};
    for (const name of STATE_PARTS) Object.assign(whole, this.state[name] || {});
    delete whole.rev;
    return whole;
  }

  set(key, value) {
    this.state[key] = value;
    this.dirty[key] = value;
    this.emit(`change:${key}`, this, value);
    this.emit("change", this);
  }

  save_changes() {
    const state = this.dirty;
    this.dirty = {};
    if (Object.keys(state).length === 0) return;
    this.post({ type: "msg", comm_id: this.commId, data: { method: "update", state, buffer_paths: [] } });
  }

  send(content) {
    this.post({ type: "msg", comm_id: this.commId, data: { method: "custom", content } });
  }

  on(name, callback, context) {
    if (!this.listeners.has(name)) this.listeners.set(name, []);
    this.listeners.get(name).push({ callback, context });
  }

  off(name, callback) {
    if (name === undefined || name === null) {
      this.listeners.clear();
      return;
    }
    const kept = (this.listeners.get(name) || []).filter((l) => callback && l.callback !== callback);
    this.listeners.set(name, kept);
  }

  emit(name, ...args) {
    for (const { callback, context } of [...(this.listeners.get(name) || [])]) {
      try {
        callback.apply(context === undefined ? this : context, args);
      } catch (error) {
        console.error("boardbook live:", error);
      }
    }
  }

  /** A comm message from Python: the traits it changed, or a custom message. One message
   * often changes several parts of the state (js/PROTOCOL.md, "Parts"): every trait is set
   * before any change event fires, as Backbone does in JupyterLab, so the view reads one whole
   * new state at the first event and the later ones bring nothing new. */
  receive(data) {
    if (data.method === "update" && data.state) {
      const changed = Object.keys(data.state);
      for (const key of changed) this.state[key] = data.state[key];
      for (const key of changed) this.emit(`change:${key}`, this, data.state[key]);
      if (changed.length) this.emit("change", this);
    } else if (data.method === "custom") {
      this.emit("msg:custom", data.content, []);
    }
    // "echo_update" repeats what this page set itself: nothing to redraw.
  }
}

// ------------------------------------------------------------------------------ the worker

let worker = null;
const waiting = new Map(); // board id -> {resolve, reject}
const models = new Map(); // comm id -> LiveModel
let workerFailure = null;

function post(message) {
  worker.postMessage(message);
}

let starting = null;

/** The page's worker, started once: when the reader points at Play (the runtime then loads
 * while the hand moves to click) or at the click. It waits for the cache (live-sw.js) to
 * control the page first, a moment at most, so the first board's downloads are kept. */
function startWorker() {
  if (!starting) starting = cacheReady.then(makeWorker);
  return starting;
}

function makeWorker() {
  worker = new Worker(new URL("live-worker.js", LIVE), { type: "module", name: "boardbook-live" });
  const kept = readRecord();
  if (kept) post({ type: "store", data: kept });
  worker.onmessage = ({ data }) => {
    if (data.type === "comm_msg") {
      const model = models.get(data.comm_id);
      if (model) model.receive(data.data);
    } else if (data.type === "store") {
      keepRecord(data.data);
    } else if (data.type === "board") {
      const pending = waiting.get(data.board);
      waiting.delete(data.board);
      if (pending) pending.resolve(data);
    } else if (data.type === "ready") {
      window.boardbookLive.timings.push({ worker: data.timings });
    } else if (data.type === "error") {
      const pending = waiting.get(data.board);
      waiting.delete(data.board);
      if (pending) pending.reject(new Error(data.message));
      else console.error("boardbook live:", data.message, data.traceback || "");
    } else if (data.type === "failed") {
      workerFailure = new Error(data.message);
      for (const pending of waiting.values()) pending.reject(workerFailure);
      waiting.clear();
    }
  };
  worker.onerror = (event) => {
    event.preventDefault();
    workerFailure = new Error(event.message || "the worker could not start");
    for (const pending of waiting.values()) pending.reject(workerFailure);
    waiting.clear();
  };
}

async function createBoard(message) {
  await startWorker();
  if (workerFailure) throw workerFailure;
  return new Promise((resolve, reject) => {
    waiting.set(message.board, { resolve, reject });
    post(message);
  });
}

// ------------------------------------------------------------------------- the game bundles

const bundles = new Map();

function loadBundle(game) {
  if (!bundles.has(game)) {
    const css = document.createElement("link");
    css.rel = "stylesheet";
    css.href = new URL(`${game}.css`, LIVE).href;
    document.head.append(css);
    const loaded = new Promise((resolve, reject) => {
      css.onload = resolve;
      css.onerror = () => reject(new Error(`${game}.css did not load`));
    });
    bundles.set(game, Promise.all([import(new URL(`${game}.js`, LIVE).href), loaded]).then(([module]) => module));
  }
  return bundles.get(game);
}

async function widgetOf(module) {
  let widget = module.default;
  if (typeof widget === "function") widget = await widget();
  return widget;
}

// ------------------------------------------------------------------------------ the boards

function say(box, text) {
  const status = box.querySelector(".bb-live-status");
  if (status) status.textContent = text;
}

/** Whether this page is the student edition (exercises.js marks <html> before the body). */
function studentEdition() {
  return document.documentElement.classList.contains("bb-student");
}

/** A solved daily puzzle counts in the reader's progress (not one solved with undo, which the
 * widget does not count for the streak either). The chapter is the game's. */
function countSolvedPuzzle(model, game) {
  const check = () => {
    const puzzle = model.snapshot().puzzle;
    if (!puzzle || puzzle.result !== "solved" || puzzle.assisted) return;
    if (window.boardbookProgress) window.boardbookProgress.record("puzzle", puzzle.date, game);
  };
  model.on("change:_turn", check); // the part that carries the puzzle
  check();
}

async function play(box, index) {
  const button = box.querySelector(".bb-live-play");
  const game = box.dataset.game;
  const settings = JSON.parse(box.dataset.settings || "{}");
  const message = { type: "create", board: String(index), game, settings };
  if (box.dataset.puzzle === "today") message.puzzle = box.dataset.date || japanDate();
  // A daily puzzle has hints locked off already (they would show the answer).
  else if (studentEdition()) settings.hints = "locked-off";
  if (box.dataset.position) message.position = box.dataset.position;
  performance.mark(`bb-live-play-${index}`);
  const label = button.textContent;
  button.disabled = true;
  button.textContent = box.dataset.startingLabel || "Starting…";
  box.dataset.live = "starting";
  box.setAttribute("aria-busy", "true");
  say(box, box.dataset.starting || "Starting Python in your browser…");
  try {
    const [module, made] = await Promise.all([loadBundle(game), createBoard(message)]);
    const model = new LiveModel(made.comm_id, made.state, post);
    models.set(made.comm_id, model);
    window.boardbookLive.boards[index] = model;
    if (message.puzzle) countSolvedPuzzle(model, game);
    const host = box.querySelector(".bb-live-board");
    host.hidden = false;
    const widget = await widgetOf(module);
    if (widget.initialize) await widget.initialize({ model });
    await widget.render({ model, el: host });
    box.querySelector(".bb-live-picture").hidden = true;
    box.querySelector(".bb-live-bar").hidden = true;
    box.dataset.live = "ready";
    box.removeAttribute("aria-busy");
    performance.mark(`bb-live-ready-${index}`);
    const measure = performance.measure(`bb-live-${index}`, `bb-live-play-${index}`, `bb-live-ready-${index}`);
    window.boardbookLive.timings.push({ board: index, game, seconds: measure.duration / 1000 });
    // The keyboard starts where the first move is: a tab stop that is a legal target (the
    // tray, in Quads' opening give), else the board's own tab stop.
    const first = host.querySelector('.bb-target[tabindex="0"]') || host.querySelector('[tabindex="0"]');
    if (first) first.focus({ preventScroll: true });
  } catch (error) {
    box.dataset.live = "failed";
    box.removeAttribute("aria-busy");
    button.disabled = false;
    button.textContent = label;
    say(box, `${box.dataset.failed || "The board could not start"}: ${error.message}`);
    console.error("boardbook live:", error);
  }
}

/** The build's map of the daily puzzles (book/live/daily.py): which date has which puzzle. */
const dailyMaps = new Map();

function dailyMap(game) {
  if (!dailyMaps.has(game)) {
    const url = new URL(`daily/${game}.json`, LIVE);
    dailyMaps.set(game, fetch(url).then((response) => (response.ok ? response.json() : null)).catch(() => null));
  }
  return dailyMaps.get(game);
}

/** A puzzle box before Play: the reader's date in Japan, then that day's picture and heading
 * (none outside the dates the build drew: the date and Play are enough). */
async function describePuzzle(box) {
  if (box.dataset.puzzle !== "today") return;
  const date = japanDate();
  box.dataset.date = date;
  const when = box.querySelector(".bb-live-date");
  if (when) when.textContent = date;
  const map = await dailyMap(box.dataset.game);
  const id = map && map.days && map.days[date];
  if (!id || box.dataset.live) return;
  // The picture's words in the page's language, where the build drew them (daily.py).
  const lang = document.documentElement.lang === "ja" ? "ja" : "en";
  const name = lang !== "en" && (map.langs || []).includes(lang) ? `${id}.${lang}.svg` : `${id}.svg`;
  const response = await fetch(new URL(`daily/${box.dataset.game}/${name}`, LIVE)).catch(() => null);
  if (!response || !response.ok || box.dataset.live) return;
  const picture = box.querySelector(".bb-live-puzzle-board");
  const heading = box.querySelector(".bb-live-puzzle-title");
  if (!picture) return;
  picture.innerHTML = await response.text();
  picture.hidden = false;
  const titles = map.titles && map.titles[map.moves && map.moves[id]];
  if (heading && titles) {
    heading.textContent = titles[lang] || titles.en;
    heading.hidden = false;
  }
  box.dataset.puzzleId = id;
}

/** Resolves once live-sw.js controls the page (or at once where there is no cache, or after
 * CACHE_WAIT_MS: a board never waits long for it). */
let cacheReady = Promise.resolve();
const CACHE_WAIT_MS = 1500;

function registerCache() {
  // The runtime and the wheels stay in the browser after the first board (live-sw.js), so a
  // second board, on any page, starts without downloading them again. A worker started before
  // the cache controls the page would fetch around it and leave nothing cached.
  if (!("serviceWorker" in navigator) || !window.isSecureContext) return;
  const script = new URL("../live-sw.js", import.meta.url);
  const registered = navigator.serviceWorker
    .register(script, { scope: new URL("../", import.meta.url).pathname })
    .catch((error) => {
      console.warn("boardbook live: no offline cache", error);
    });
  cacheReady = new Promise((resolve) => {
    if (navigator.serviceWorker.controller) return resolve();
    navigator.serviceWorker.addEventListener("controllerchange", () => resolve(), { once: true });
    registered.then((registration) => {
      if (!registration) resolve();
    });
    setTimeout(resolve, CACHE_WAIT_MS);
  });
}

function init() {
  // What a curious reader (or a test) can look at: each board's model, the start-up times.
  window.boardbookLive = window.boardbookLive || { timings: [], boards: {}, japanDate };
  const boxes = [...document.querySelectorAll(".bb-live")];
  if (!boxes.length) return;
  registerCache();
  boxes.forEach((box, index) => {
    describePuzzle(box);
    const button = box.querySelector(".bb-live-play");
    if (!button) return;
    button.addEventListener("click", () => play(box, index));
    button.disabled = false; // the page renders it disabled until this listener exists
    // A pointer on Play (a mouse over it, a finger down) starts the runtime before the click.
    for (const name of ["pointerenter", "pointerdown"]) {
      button.addEventListener(name, () => startWorker(), { once: true, passive: true });
    }
  });
}

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
else init();
