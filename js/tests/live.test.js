/**
 * The book's page bridge (book/live/static/live.js) as the kit's model: one comm message that
 * changes several parts of the state is drawn once, whole; a part it did not change is kept.
 */
import { afterEach, describe, expect, it } from "vitest";
import { LiveModel } from "../../book/live/static/live.js";
import { REVISIONS, STATE_PARTS } from "../shared/model.js";
import { mountView } from "../shared/view.js";

function traits(rev, status) {
  const parts = {
    _turn: { rev, status },
    _board: { rev, board: { kind: "grid", n: rev } },
    _extra: { rev, extra: {} },
    _coach: { rev, coach: {} },
    _setup: { rev, settings: { lang: "en" } },
    _texts: { rev, labels: {} },
  };
  return { ...parts, [REVISIONS]: Object.fromEntries(STATE_PARTS.map((name) => [name, rev])) };
}

afterEach(() => document.body.replaceChildren());

describe("LiveModel", () => {
  it("applies a message's parts together and the view draws the new state once", () => {
    const posted = [];
    const model = new LiveModel("c1", { ...traits(1, "Black to move"), answered: 0 }, (m) => posted.push(m));
    const el = document.createElement("div");
    document.body.append(el);
    const drawn = [];
    const cleanup = mountView({ model, el, game: "toy", setup: () => ({ update: (state) => drawn.push(state) }) });
    const next = traits(2, "White to move");
    model.receive({
      method: "update",
      state: { _turn: next._turn, _board: next._board, [REVISIONS]: { ...traits(1)[REVISIONS], _turn: 2, _board: 2 } },
    });
    expect(drawn).toHaveLength(2);
    expect(drawn[1].status).toBe("White to move");
    expect(drawn[1].board.n).toBe(2);
    expect(drawn[1].labels).toBe(drawn[0].labels);
    model.receive({ method: "update", state: { answered: 1 } });
    expect(drawn).toHaveLength(2);
    cleanup();
    expect(posted).toEqual([]);
  });
});
