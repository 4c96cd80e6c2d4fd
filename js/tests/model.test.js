/**
 * The state from the model's parts (js/shared/model.js, PROTOCOL.md "Parts"): one state per
 * comm message however the host announces its parts, never a mix of two publications, and a
 * part that did not change kept as it was.
 */
import { afterEach, describe, expect, it } from "vitest";
import { REVISIONS, STATE_PARTS, readState } from "../shared/model.js";
import { mountView } from "../shared/view.js";
import { createFakeModel } from "./fake-model.js";

/** What Python sends for a state at publication `rev`: every part, as core/parts.py cuts it. */
function wire(rev, { status = "Black to move", board = "b0", coach = "c0", lang = "en" } = {}) {
  return {
    _turn: { rev, status, input: { targets: [] } },
    _board: { rev, board: { kind: "grid", label: board }, tray: null },
    _extra: { rev, extra: {} },
    _coach: { rev, coach: { summary: coach } },
    _setup: { rev, protocol: 3, game: "toy", settings: { lang } },
    _texts: { rev, labels: { undo: lang === "ja" ? "待った" : "Undo" }, options: {} },
    [REVISIONS]: Object.fromEntries(STATE_PARTS.map((name) => [name, rev])),
  };
}

/** Mount a view that records every state it is asked to draw. */
function mount(traits) {
  const model = createFakeModel(traits);
  const drawn = [];
  const el = document.createElement("div");
  document.body.append(el);
  const cleanup = mountView({ model, el, game: "toy", setup: () => ({ update: (state) => drawn.push(state) }) });
  return { model, drawn, cleanup };
}

/** marimo's order: each trait set and announced before the next is set. */
function oneByOne(model, changes) {
  for (const [name, value] of Object.entries(changes)) model.update({ [name]: value });
}

let view = null;
afterEach(() => {
  if (view) view.cleanup();
  view = null;
  document.body.replaceChildren();
});

describe("readState", () => {
  it("merges the parts' keys and leaves their revisions out", () => {
    const model = createFakeModel(wire(1));
    const state = readState(model);
    expect(state.status).toBe("Black to move");
    expect(state.labels.undo).toBe("Undo");
    expect(state.coach.summary).toBe("c0");
    expect(state).not.toHaveProperty("rev");
  });

  it("is null while a part is behind the revision _revs names, or before any part", () => {
    const model = createFakeModel(wire(1));
    model.update({ [REVISIONS]: { ...wire(1)[REVISIONS], _turn: 2 } });
    expect(readState(model)).toBeNull();
    expect(readState(createFakeModel({}))).toBeNull();
  });
});

describe("mountView on parts", () => {
  it("draws once when a message sets several parts before announcing them (Backbone)", () => {
    view = mount(wire(1));
    const next = wire(2, { status: "White to move", board: "b1" });
    const changes = { _turn: next._turn, _board: next._board, [REVISIONS]: { ...wire(1)[REVISIONS], _turn: 2, _board: 2 } };
    view.model.update(changes);
    expect(view.drawn).toHaveLength(2);
    expect(view.drawn[1].status).toBe("White to move");
    expect(view.drawn[1].board.label).toBe("b1");
  });

  it("draws once, with every part new, when the parts arrive one by one (marimo)", () => {
    view = mount(wire(1));
    const next = wire(2, { status: "White to move", board: "b1", coach: "c1" });
    const revs = { ...wire(1)[REVISIONS], _turn: 2, _board: 2, _coach: 2 };
    // _revs first: the old parts are behind it until the last one has come.
    oneByOne(view.model, { [REVISIONS]: revs, _coach: next._coach, _turn: next._turn, _board: next._board });
    expect(view.drawn).toHaveLength(2);
    expect([view.drawn[1].status, view.drawn[1].board.label, view.drawn[1].coach.summary]).toEqual(["White to move", "b1", "c1"]);
    // _revs last: the new parts wait for it.
    const third = wire(3, { status: "Black to move", board: "b2" });
    oneByOne(view.model, { _turn: third._turn, _board: third._board, [REVISIONS]: { ...revs, _turn: 3, _board: 3 } });
    expect(view.drawn).toHaveLength(3);
    expect([view.drawn[2].status, view.drawn[2].board.label]).toEqual(["Black to move", "b2"]);
  });

  it("redraws a lone coach part and keeps every other part as it was", () => {
    view = mount(wire(1));
    view.model.update({ _coach: { rev: 2, coach: { summary: "deeper" } }, [REVISIONS]: { ...wire(1)[REVISIONS], _coach: 2 } });
    expect(view.drawn).toHaveLength(2);
    const [before, after] = view.drawn;
    expect(after.coach.summary).toBe("deeper");
    expect(after.board).toBe(before.board); // the same object: the part was not sent again
    expect(after.labels).toBe(before.labels);
  });

  it("draws the new language's texts with the rest of the state", () => {
    view = mount(wire(1));
    view.model.update(wire(2, { lang: "ja" }));
    expect(view.drawn.at(-1).labels.undo).toBe("待った");
    expect(document.querySelector(".bb-root").getAttribute("lang")).toBe("ja");
  });

  it("does not draw again for an event that brings nothing new", () => {
    view = mount(wire(1));
    view.model.update({ _turn: view.model.get("_turn") });
    expect(view.drawn).toHaveLength(1);
  });
});

describe("a page that draws the board says so", () => {
  /** A view mounted on a model whose save_changes records what it sends. */
  function mountCounting(traits) {
    const model = createFakeModel(traits);
    const saved = [];
    model.save_changes = () => saved.push(model.get("_drawn"));
    const el = document.createElement("div");
    document.body.append(el);
    const cleanup = mountView({ model, el, game: "toy", setup: () => ({ update() {} }) });
    return { model, saved, cleanup };
  }

  it("sets _drawn and sends it once, so Python leaves the saved picture alone", () => {
    const first = mountCounting({ ...wire(1), _drawn: false });
    expect(first.model.get("_drawn")).toBe(true);
    expect(first.saved).toEqual([true]);
    first.cleanup();
    const again = mountCounting({ ...wire(1), _drawn: true }); // a second view: already told
    expect(again.saved).toEqual([]);
    again.cleanup();
  });

  it("tells nothing where there is no kernel to tell", () => {
    const model = createFakeModel({ ...wire(1), _drawn: false });
    model.save_changes = () => {
      throw new Error("Syncing error: no comm channel defined");
    };
    const el = document.createElement("div");
    document.body.append(el);
    expect(() => mountView({ model, el, game: "toy", setup: () => ({ update() {} }) })()).not.toThrow();
  });
});
