/**
 * Real Python snapshots (BB_PY_SNAPSHOTS, written by tests/test_js_units.py) against the
 * hand-written fixtures: the same keys at every level the front end reads, and each snapshot
 * drawn by its game's entry. A key Python renames or drops fails here, not in a notebook.
 */
import { readFileSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import reversi from "../../reversi.js";
import beacon from "../../beacon.js";
import quads from "../../quads.js";
import towergate from "../../towergate.js";
import { createFakeModel } from "../fake-model.js";
import { REVISIONS, STATE_PARTS, readState } from "../../shared/model.js";
import { beaconAfterRound1, beaconState, finishedState, middleGameState, reversiState } from "../fixtures.js";
// Quads' and Tower Gate's fixtures are saved Python snapshots (js/tests/visual/*_states.py).
import qs from "../visual/quads-states.json";
import tg from "../visual/towergate-states.json";

const path = process.env.BB_PY_SNAPSHOTS;
if (!path) throw new Error("BB_PY_SNAPSHOTS is not set: run this through tests/test_js_units.py");
const snapshots = JSON.parse(readFileSync(path, "utf8"));

const ALL_CASES = {
  reversi_start: [reversiState(), reversi],
  reversi_middle: [middleGameState(), reversi],
  reversi_finished: [finishedState(), reversi],
  beacon_start: [beaconState(), beacon],
  beacon_round1: [beaconAfterRound1(), beacon],
  quads_opening: [qs.opening, quads],
  quads_place: [qs.place, quads],
  quads_give: [qs.give, quads],
  quads_won: [qs.won, quads],
  quads_wonja: [qs.won_ja, quads],
  towergate_tutorial: [tg.tutorial, towergate],
  towergate_opening: [tg.opening, towergate],
  towergate_move: [tg.move, towergate],
  towergate_build: [tg.build, towergate],
  towergate_place: [tg.place, towergate],
};
// One game per run: every case of each game present in the file must be there.
const games = new Set(Object.keys(snapshots).map((name) => name.split("_")[0]));
const CASES = Object.fromEntries(Object.entries(ALL_CASES).filter(([name]) => games.has(name.split("_")[0])));
if (Object.keys(CASES).length === 0) throw new Error(`no known snapshot in ${path}`);

const keys = (value) => (value && typeof value === "object" && !Array.isArray(value) ? Object.keys(value).sort() : null);

/** The key sets the front end relies on, part by part. */
function shape(state) {
  const first = (list) => (Array.isArray(list) && list.length ? list[0] : null);
  const board = state.board || {};
  return {
    top: keys(state),
    input: keys(state.input),
    board: keys(board),
    square: keys(first(board.squares) || first(board.regions)),
    scoreboard: keys(first(state.scoreboard)),
    last_move: keys(state.last_move),
    outcome: keys(state.outcome),
    extra: keys(state.extra),
    tray: keys(state.tray),
  };
}

let cleanup = null;
afterEach(() => {
  if (cleanup) cleanup();
  cleanup = null;
  document.body.replaceChildren();
});

describe.each(Object.keys(CASES))("%s", (name) => {
  const [fixture, entry] = CASES[name];

  it("was written by Python", () => {
    expect(Object.keys(snapshots)).toContain(name);
    expect(snapshots[name].protocol).toBe(3);
  });

  it("has the fixture's keys at every level", () => {
    const real = shape(snapshots[name]);
    const hand = shape(fixture);
    // Settings and labels grow with every game; the fixtures need only the ones the kit reads.
    for (const key of Object.keys(fixture.settings)) expect(snapshots[name].settings).toHaveProperty(key);
    for (const key of ["back", "close", "yes", "no", "target", "last_move", "selected", "deciding", "board", "undo"]) {
      expect(snapshots[name].labels).toHaveProperty(key);
    }
    expect(real).toEqual(hand);
    const event = snapshots[name].event;
    if (event) {
      expect(Object.keys(event)).toEqual(expect.arrayContaining(["id", "type", "text"]));
      expect(["forced", "hint", "confirm", "info"]).toContain(event.type);
    }
  });

  it("is drawn by its entry: every square, its marks and the status", () => {
    const state = snapshots[name];
    const model = createFakeModel({ state, lang: "en" });
    const host = document.createElement("div");
    document.body.append(host);
    cleanup = entry.render({ model, el: host });
    const board = state.board;
    const items = board.kind === "grid" ? board.squares : board.regions;
    const drawn = [...host.querySelectorAll("[data-square]")];
    expect(drawn.map((el) => el.getAttribute("data-square"))).toEqual(items.map((sq) => String(sq.id)));
    const targets = drawn.filter((el) => el.classList.contains("bb-target")).map((el) => el.getAttribute("data-square"));
    const ids = new Set(items.map((sq) => String(sq.id)));
    expect(new Set(targets)).toEqual(new Set(state.input.targets.filter((t) => ids.has(String(t)))));
    // Targets that are not squares: a tray item (Quads' pieces) or a button of the choice bar.
    for (const target of state.input.targets.filter((t) => !ids.has(String(t)))) {
      const control = [...host.querySelectorAll("[data-item], [data-choice]")].find(
        (el) => (el.dataset.item ?? el.dataset.choice) === String(target),
      );
      expect(control, `target ${target}`).toBeTruthy();
    }
    for (const el of drawn) {
      const own = items.find((sq) => String(sq.id) === el.getAttribute("data-square")).aria;
      expect(el.getAttribute("aria-label")).toContain(own); // Python's words, the kit's around them
    }
    expect(host.querySelector('[role="status"]').textContent).toBe(state.status);
    if (board.kind === "grid") {
      for (const el of drawn) {
        const square = items.find((sq) => sq.id === el.dataset.square);
        if (entry === towergate) {
          // The worker's side (a chosen worker is drawn on its destination, so only unchosen).
          if (!(state.input.selection || []).length) expect(el.dataset.worker).toBe(square.piece || "");
        } else {
          // Reversi: the disc's colour; Quads: the piece's number.
          const piece = square.piece && typeof square.piece === "object" ? String(square.piece.value) : square.piece || "";
          expect(el.dataset.piece).toBe(piece);
        }
      }
    }
    if (board.kind === "map") {
      // PROTOCOL: a region's aria begins with its visible texts, label then detail.
      for (const region of items) {
        const visible = [region.label || region.id, region.detail].filter(Boolean).join(", ");
        expect(region.aria.startsWith(visible)).toBe(true);
      }
    }
    const event = state.event && state.event.type !== "forced" ? state.event : null; // forced: not replayed
    if (event) expect(host.querySelector(".bb-card").textContent).toContain(event.text);
    else if (state.outcome) expect(host.querySelector(".bb-card-result").textContent).toContain(state.outcome.title);
  });
});

// What a widget really sends (tests/test_js_units.py `_wire`): the parts of the state a page
// opening it gets, then the parts each click changed, then a change of language.
const ENTRIES = { reversi, beacon, quads, towergate };
const WIRES = Object.keys(snapshots).filter((name) => name.endsWith("_wire"));

describe.each(WIRES)("%s", (name) => {
  const wire = snapshots[name];
  const entry = ENTRIES[name.split("_")[0]];

  it("comes in the parts the kit reads", () => {
    expect(Object.keys(wire.initial).sort()).toEqual([...STATE_PARTS, REVISIONS].sort());
    // A message that brings a part brings the revisions with it (a setting trait may come alone).
    const parts = wire.updates.filter((update) => STATE_PARTS.some((part) => part in update));
    expect(parts.length).toBeGreaterThan(0);
    for (const update of parts) expect(Object.keys(update)).toContain(REVISIONS);
  });

  it.each(["together", "one by one"])("is drawn whole when a message's parts are set %s", (how) => {
    const model = createFakeModel(wire.initial);
    const host = document.createElement("div");
    document.body.append(host);
    cleanup = entry.render({ model, el: host });
    for (const update of wire.updates) {
      if (how === "together") model.update(update);
      else for (const [trait, value] of Object.entries(update)) model.update({ [trait]: value });
      const state = readState(model);
      expect(state).not.toBeNull();
      expect(host.querySelector('[role="status"]').textContent).toBe(state.status);
    }
    expect(readState(model)).toEqual(wire.state);
    expect(host.querySelector(".bb-root").getAttribute("lang")).toBe("ja");
  });
});
