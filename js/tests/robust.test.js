/**
 * A snapshot missing any one key (an older or newer Python, a game that does not send it) must
 * never break a view: each entry draws every fixture with each top-level key, and each key of
 * `input`, `board` and `extra`, left out in turn, and then the whole snapshot again.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import reversi from "../reversi.js";
import beacon from "../beacon.js";
import { createBoardGrid, createGameFrame, mountView } from "../shared/index.js";
import { beaconAfterRound1, finishedState, middleGameState, multiStepState } from "./fixtures.js";
import { mountEntry, resetPage } from "./mount.js";

const toy = {
  render: ({ model, el }) =>
    mountView({
      model,
      el,
      game: "toy",
      setup: ({ root, send }) => {
        const frame = createGameFrame({ root, send, board: (activate) => createBoardGrid({ onActivate: activate }) });
        return { update: (s, p) => frame.update(s, p), destroy: frame.destroy };
      },
    }),
};

const CASES = [
  ["reversi", reversi, middleGameState({ event: { id: 1, type: "hint", text: "tip" } })],
  ["reversi finished", reversi, finishedState()],
  ["beacon", beacon, beaconAfterRound1()],
  ["toy", toy, multiStepState()],
];

function without(state, path) {
  const [part, key] = path;
  if (key === undefined) {
    const { [part]: _, ...rest } = state;
    return rest;
  }
  const { [key]: __, ...inner } = state[part] || {};
  return { ...state, [part]: inner };
}

let cleanup = null;
let consoleError;
beforeEach(() => {
  consoleError = vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(() => {
  const reported = consoleError.mock.calls.map((call) => String(call[1] || call[0]));
  consoleError.mockRestore();
  resetPage(cleanup);
  cleanup = null;
  expect(reported).toEqual([]); // a view that could not draw says so on the console
});

describe.each(CASES)("%s", (_name, entry, full) => {
  const paths = [
    ...Object.keys(full).map((key) => [key]),
    ...["input", "board", "extra"].flatMap((part) => Object.keys(full[part] || {}).map((key) => [part, key])),
  ];

  it.each(paths.map((path) => [path.join("."), path]))("draws without %s", (_label, path) => {
    const view = mountEntry(entry, without(full, path));
    cleanup = view.cleanup;
    view.model.set("state", full);
    view.model.set("state", without(full, path));
    expect(view.host.querySelector(".bb-root")).not.toBeNull();
  });

  it("draws an empty snapshot and a null board", () => {
    const view = mountEntry(entry, {});
    cleanup = view.cleanup;
    view.model.set("state", { ...full, board: null, input: null, extra: null, tray: null });
    view.model.set("state", full);
    expect(view.host.querySelectorAll("[data-square]").length).toBeGreaterThan(0);
  });
});
