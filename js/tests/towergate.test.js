/**
 * js/towergate.js on real Python snapshots (js/tests/visual/towergate_states.py writes them):
 * the towers, their marks and the × badges as Python describes each square, the step marks
 * (rings, dotted circles, hatching), the legend, the choice bar, back, keys, the tutorial and
 * the stamp. The entry never decides a rule, so every expectation is read off the snapshot.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import widget, { STAMP_MS } from "../towergate.js";
import { squareView } from "../towergate/towers.js";
import { mountEntry, press, resetPage } from "./mount.js";
import states from "./visual/towergate-states.json";

let model;
let host;
let cleanup;

const copy = (state) => JSON.parse(JSON.stringify(state));
function mount(state) {
  ({ model, host, cleanup } = mountEntry(widget, copy(state)));
}
const q = (selector) => host.querySelector(selector);
const qa = (selector) => [...host.querySelectorAll(selector)];
const cell = (id) => q(`[data-square="${id}"]`);
const byId = (state, id) => state.board.squares.find((sq) => sq.id === id);

afterEach(() => {
  resetPage(cleanup);
  cleanup = null;
});

describe("the towers as Python describes them", () => {
  it("draws every square with its levels, their marks, domes and workers", () => {
    const state = states.middle;
    mount(state);
    expect(qa("[data-square]")).toHaveLength(25);
    let domes = 0;
    for (const square of state.board.squares) {
      const el = cell(square.id);
      expect(el.getAttribute("aria-label").startsWith(square.aria)).toBe(true);
      const levels = [...el.querySelectorAll(".bb-tg-level")];
      expect(levels.map((lv) => lv.dataset.colour)).toEqual(square.levels.slice(0, 3));
      // Colour is never alone: terracotta levels carry round marks, blue ones square marks.
      for (const group of el.querySelectorAll(".bb-tg-marks")) {
        const shape = group.dataset.colour === "terracotta" ? "circle" : "rect";
        expect(group.querySelectorAll(shape).length).toBe(3);
        expect(group.children.length).toBe(3);
      }
      expect(Boolean(el.querySelector(".bb-tg-dome"))).toBe(square.dome);
      domes += square.dome ? 1 : 0;
      const badge = el.querySelector(".bb-tg-badge");
      expect(badge ? Number(badge.textContent) : 0).toBe(square.height);
      const worker = el.querySelector(".bb-tg-worker:not(.bb-tg-ghost)");
      expect(worker ? worker.dataset.side : null).toBe(square.worker ? square.worker.side : null);
      const tower = square.dome || square.height >= 2;
      expect(Boolean(el.querySelector(".bb-tg-cross"))).toBe(tower && !square.enterable && !square.worker);
    }
    expect(domes).toBeGreaterThan(0);
  });

  it("gives terracotta workers round heads and blue workers square heads", () => {
    mount(states.opening);
    expect(cell("B4").querySelector(".bb-tg-head").tagName).toBe("circle");
    expect(cell("B2").querySelector(".bb-tg-head").tagName).toBe("rect");
  });
});

describe("the marks of each step", () => {
  it("rings the workers that may move, and only them", () => {
    mount(states.opening);
    const ringed = qa("[data-square]").filter((el) => el.querySelector(".bb-tg-ring")).map((el) => el.dataset.square);
    expect(ringed.sort()).toEqual([...states.opening.input.targets].sort());
  });

  it("puts dotted circles on the destinations and shows the chosen worker selected", () => {
    mount(states.move);
    const dotted = qa("[data-square]").filter((el) => el.querySelector(".bb-tg-circle")).map((el) => el.dataset.square);
    expect(dotted.sort()).toEqual([...states.move.input.targets].sort());
    expect(cell("B4").classList.contains("bb-selected")).toBe(true);
    expect(qa(".bb-tg-hatch")).toHaveLength(0);
  });

  it("hatches the build squares and previews the worker on its destination", () => {
    const state = states.build;
    mount(state);
    const squares = state.input.targets.filter((t) => byId(state, t));
    expect(qa(".bb-tg-hatch").map((el) => el.dataset.square).sort()).toEqual(squares.sort());
    expect(cell("C3").querySelector(".bb-tg-worker:not(.bb-tg-ghost)").dataset.side).toBe("terracotta");
    expect(cell("B4").querySelector(".bb-tg-ghost")).not.toBeNull();
    expect(qa(".bb-tg-circle")).toHaveLength(0);
  });

  it("puts dotted circles on the empty squares during a free setup", () => {
    mount(states.place);
    expect(qa(".bb-tg-circle")).toHaveLength(states.place.input.targets.length);
    expect(cell("C3").querySelector(".bb-tg-circle")).toBeNull();
  });

  it("computes the view of a square from the snapshot only", () => {
    const state = states.build;
    const view = squareView(byId(state, "C4"), state, { id: "C4", target: true });
    expect(view.hatch).toBe(true);
    expect(view.circle).toBe(false);
    const ghost = squareView(byId(state, "B4"), state, { id: "B4", target: true });
    expect(ghost.ghost).toBe("terracotta");
    expect(ghost.worker).toBe("");
  });
});

describe("inputs", () => {
  it("sends a click as an input and shows the square's legend under the board", () => {
    const state = states.middle_move;
    mount(state);
    const tower = state.board.squares.find((sq) => sq.height >= 2 && !sq.worker);
    cell(tower.id).click();
    expect(model.sent.at(-1)).toEqual({ kind: "input", target: tower.id });
    const legend = q(".bb-tg-legend");
    expect(legend.dataset.legendSquare).toBe(tower.id);
    expect(legend.textContent).toContain(tower.legend);
    expect(legend.querySelectorAll(".bb-tg-chip")).toHaveLength(tower.levels.length);
    // Python answers with the same legend as the notice: it is not shown twice.
    model.set("state", { ...copy(state), notice: tower.legend });
    expect(q(".bb-notice").hidden).toBe(true);
    model.set("state", { ...copy(state), notice: "E5 is not next to C3." });
    expect(q(".bb-notice").hidden).toBe(false);
  });

  it("only shows the legend, without sending, while reviewing", () => {
    mount({ ...copy(states.middle), review: { ply: 3, total: 18 }, input: { ...states.middle.input, targets: [] } });
    const before = model.sent.length;
    cell("C3").click();
    expect(model.sent.length).toBe(before);
    expect(q(".bb-tg-legend").dataset.legendSquare).toBe("C3");
  });

  it("plays by keys: Tab stop on a target, arrows, Enter", () => {
    mount(states.opening);
    const stop = q('[data-square][tabindex="0"]');
    expect(states.opening.input.targets).toContain(stop.dataset.square);
    stop.focus();
    press(stop, "ArrowRight");
    const next = host.ownerDocument.activeElement;
    expect(next.dataset.square).not.toBe(stop.dataset.square);
    press(next, "Enter");
    expect(model.sent.at(-1)).toEqual({ kind: "input", target: next.dataset.square });
  });

  it("offers Mason as a button in the choice bar and back as the kit's back", () => {
    mount(states.build);
    const mason = q('[data-choice="mason"]');
    expect(mason.textContent).toBe("Mason: build two levels");
    mason.click();
    expect(model.sent.at(-1)).toEqual({ kind: "input", target: "mason" });
    q('[data-action="back"]').click();
    expect(model.sent.at(-1)).toEqual({ kind: "back" });
  });

  it("shows the blessings and the turn above the board", () => {
    mount(states.build);
    const chips = qa(".bb-tg-blessing");
    expect(chips.map((el) => el.dataset.blessing)).toEqual(["mason", "repaint"]);
    expect(q(".bb-tg-turn").textContent).toBe(states.build.extra.turn_text);
  });
});

describe("tutorial, start and stamp", () => {
  it("opens the tutorial on first use, steps through its cards and runs it again", () => {
    mount(states.tutorial);
    const cards = states.tutorial.extra.tutorial.cards;
    const tutorial = q(".bb-tg-tutorial");
    expect(tutorial.hidden).toBe(false);
    expect(tutorial.textContent).toContain(cards[0].title);
    for (let i = 1; i < cards.length; i += 1) {
      q('[data-action="tutorial-next"]').click();
      expect(tutorial.textContent).toContain(cards[i].text);
    }
    expect(q('[data-action="tutorial-next"]').textContent).toBe(states.tutorial.extra.tutorial.done);
    q('[data-action="tutorial-next"]').click();
    expect(tutorial.hidden).toBe(true);
    model.set("state", copy(states.tutorial)); // a new snapshot does not reopen it
    expect(tutorial.hidden).toBe(true);
    q('[data-action="tutorial"]').click();
    expect(tutorial.hidden).toBe(false);
    press(q('[data-action="tutorial-next"]'), "Escape");
    expect(tutorial.hidden).toBe(true);
  });

  it("does not open the tutorial once this device has played", () => {
    mount(states.opening);
    expect(q(".bb-tg-tutorial").hidden).toBe(true);
    expect(q('[data-action="tutorial"]').textContent).toBe(states.opening.extra.tutorial.again);
  });

  it("opens a new TowerGate() on the settings card: the settings, Start (the start intent), the board inert until then", () => {
    const state = copy(states.opening);
    state.extra.settings_card = { title: "対局の設定", text: "選んで押します。", start: "対局を始める" };
    mount(state);
    const card = q(".bb-tg-settings");
    expect(card.hidden).toBe(false);
    expect(card.querySelector(".bb-card-title").textContent).toBe("対局の設定");
    // The kit's own settings controls, on the card: a change is the usual settings intent.
    expect(card.querySelector(".bb-modebar")).not.toBeNull();
    expect(card.querySelectorAll("select").length).toBeGreaterThan(0);
    expect(q(".bb-grid").inert).toBe(true);
    const start = card.querySelector('[data-action="start"]');
    expect(start.textContent).toBe("対局を始める");
    start.click();
    expect(model.sent.at(-1)).toEqual({ kind: "start" });
    expect(card.hidden).toBe(true);
    expect(card.querySelector(".bb-modebar")).toBeNull(); // back under the board
    expect(host.querySelector(".bb-controls .bb-modebar")).not.toBeNull();
    expect(q(".bb-grid").inert).toBe(false);
    expect(host.ownerDocument.activeElement.dataset.square).toBeTruthy();
    model.set("state", copy(state)); // a later snapshot does not bring it back
    expect(card.hidden).toBe(true);
  });

  it("starts at once when the settings were given (no card, no Start)", () => {
    mount(states.opening);
    expect(q(".bb-tg-settings").hidden).toBe(true);
    expect(qa('[data-action="start"]').every((el) => el.closest("[hidden]"))).toBe(true);
    expect(q(".bb-grid").inert).toBe(false);
  });

  it("shows each tutorial card's picture, and a visible Skip and Close", () => {
    mount(states.tutorial);
    const cards = states.tutorial.extra.tutorial.cards;
    const tutorial = q(".bb-tg-tutorial");
    const picture = tutorial.querySelector(".bb-tg-mini");
    expect(picture.hidden).toBe(false);
    expect(picture.getAttribute("role")).toBe("img");
    expect(picture.getAttribute("aria-label")).toBe(cards[0].picture.alt);
    expect(picture.querySelectorAll(".bb-square svg")).toHaveLength(cards[0].picture.squares.length);
    q('[data-action="tutorial-next"]').click(); // card 2: a worker moved, hatched build squares
    expect(picture.querySelectorAll(".bb-tg-hatch").length).toBeGreaterThan(0);
    expect(picture.querySelectorAll(".bb-tg-worker").length).toBeGreaterThan(0);
    const skip = q('[data-action="tutorial-skip"]');
    const close = q('[data-action="tutorial-close"]');
    expect(skip.hidden).toBe(false);
    expect(skip.textContent).toBe(states.tutorial.extra.tutorial.skip);
    expect(close.getAttribute("aria-label")).toBe(states.tutorial.extra.tutorial.close);
    skip.click();
    expect(tutorial.hidden).toBe(true);
    q('[data-action="tutorial"]').click();
    expect(tutorial.hidden).toBe(false);
    q('[data-action="tutorial-close"]').click();
    expect(tutorial.hidden).toBe(true);
  });

  it("stamps a win before the result card and keeps the stamp on the board", () => {
    vi.useFakeTimers();
    mount(states.middle);
    model.set("state", copy(states.won_ja));
    const stamp = q(".bb-tg-stamp");
    expect(stamp.hidden).toBe(false);
    expect(stamp.textContent).toBe("竣工");
    expect(q(".bb-card-result")).toBeNull();
    vi.advanceTimersByTime(STAMP_MS + 50);
    expect(qa(".bb-card").some((el) => el.textContent.includes(states.won_ja.outcome.title))).toBe(true);
    expect(stamp.hidden).toBe(false);
  });
});

describe("a snapshot missing any key", () => {
  const full = states.build;
  const paths = [
    ...Object.keys(full).map((key) => [key]),
    ...["input", "board", "extra"].flatMap((part) => Object.keys(full[part] || {}).map((key) => [part, key])),
    ...Object.keys(full.extra.tutorial).map((key) => ["tutorial", key]),
  ];
  function without(state, [part, key]) {
    const copied = copy(state);
    if (key === undefined) delete copied[part];
    else if (part === "tutorial") delete copied.extra.tutorial[key];
    else if (copied[part]) delete copied[part][key];
    return copied;
  }
  it.each(paths.map((path) => [path.join("."), path]))("still draws without %s", (_name, path) => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    mount(states.middle);
    expect(() => model.set("state", without(full, path))).not.toThrow();
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
  });
});

it("draws an empty snapshot, then null parts, then a real one", () => {
  const errors = vi.spyOn(console, "error").mockImplementation(() => {});
  mount({});
  model.set("state", { ...copy(states.build), board: null, input: null, extra: null, tray: null });
  model.set("state", copy(states.build));
  expect(qa("[data-square]")).toHaveLength(25);
  expect(errors).not.toHaveBeenCalled();
  errors.mockRestore();
});

it("frames the chosen worker and destination", () => {
  mount(states.build);
  const framed = qa("[data-square]").filter((el) => el.querySelector(".bb-tg-selected")).map((el) => el.dataset.square);
  expect(framed.sort()).toEqual([...states.build.input.selection].filter((id) => byId(states.build, id)).sort());
});
