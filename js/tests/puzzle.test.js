/**
 * The daily puzzle banner (shared/puzzle.js): hidden outside a puzzle, the title, moves left,
 * the live result, the streak, the share text with Copy, Try again as a confirmed restart, and
 * the banner inside a whole game view (Reversi's entry stands in: the frame is shared).
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import reversi from "../reversi.js";
import { createPuzzleBanner, puzzleOf } from "../shared/puzzle.js";
import { resultCard } from "../shared/result.js";
import { reversiState } from "./fixtures.js";
import { mountEntry, resetPage } from "./mount.js";

const PLAYING = {
  date: "2026-12-01",
  id: "q-7",
  title: "Today's puzzle · win within 2 moves",
  theme: "the last safe give",
  side: "first",
  moves_allowed: 2,
  moves_used: 0,
  moves_left: 2,
  moves_left_text: "Moves left: 2",
  attempt: 1,
  result: "playing",
  result_text: "",
  seconds: null,
  time: "",
  assisted: false,
  counted: true,
  note: "",
  streak: 2,
  streak_text: "Streak: 2 days",
  share: "",
};
const SHARE = "boardbook Quads daily 2026-12-01: solved in 2 moves, 0:41 — streak 3 🔥";
const SOLVED = {
  ...PLAYING,
  moves_used: 2,
  moves_left: 0,
  moves_left_text: "Moves left: 0",
  result: "solved",
  result_text: "Solved in 2 moves (0:41)",
  seconds: 41.2,
  time: "0:41",
  streak: 3,
  streak_text: "Streak: 3 days",
  share: SHARE,
};
const LABELS = { "puzzle.try_again": "Try again", "puzzle.copy": "Copy", "puzzle.copied": "Copied", "puzzle.share": "Share text" };

function banner() {
  const send = vi.fn();
  const view = createPuzzleBanner({ send });
  document.body.append(view.element);
  return { send, view, el: view.element, q: (sel) => view.element.querySelector(sel) };
}

let cleanup = null;
afterEach(() => {
  resetPage(cleanup);
  cleanup = null;
});

describe("puzzle banner", () => {
  it("is hidden when the snapshot has no puzzle part (or a malformed one)", () => {
    const { view, el } = banner();
    for (const state of [{}, { puzzle: null }, { puzzle: [] }, { puzzle: "x" }, null]) {
      view.update(state || {});
      expect(el.hidden).toBe(true);
    }
    expect(puzzleOf({ puzzle: PLAYING })).toBe(PLAYING);
  });

  it("shows the title, the theme, the moves left and the streak while playing", () => {
    const { view, el, q } = banner();
    view.update({ puzzle: PLAYING, labels: LABELS });
    expect(el.hidden).toBe(false);
    expect(el.getAttribute("aria-labelledby")).toBe(q(".bb-puzzle-title").id);
    expect(q(".bb-puzzle-title").textContent).toBe("Today's puzzle · win within 2 moves");
    expect(q(".bb-puzzle-theme").textContent).toBe("the last safe give");
    expect(q('[data-puzzle="left"]').textContent).toBe("Moves left: 2");
    expect(q('[data-puzzle="streak"]').textContent).toBe("Streak: 2 days");
    expect(q('[data-puzzle="result"]').textContent).toBe("");
    expect(q(".bb-puzzle-share-row").hidden).toBe(true);
    expect(q('[data-action="puzzle-again"]').hidden).toBe(true);
  });

  it("announces the result in a polite live region and offers the share text", () => {
    const { view, el, q } = banner();
    view.update({ puzzle: PLAYING, labels: LABELS });
    view.update({ puzzle: SOLVED, labels: LABELS });
    const result = q('[data-puzzle="result"]');
    expect(result.getAttribute("aria-atomic")).toBe("true");
    expect(result.getAttribute("aria-live")).toBe("polite");
    expect(result.textContent).toBe("Solved in 2 moves (0:41)");
    expect(el.dataset.result).toBe("solved");
    expect(q('[data-puzzle="left"]').hidden).toBe(true);
    expect(q('[data-puzzle="streak"]').textContent).toBe("Streak: 3 days");
    const field = q('[data-puzzle="share"]');
    expect(field.value).toBe(SHARE);
    expect(field.readOnly).toBe(true);
    expect(q(`label[for="${field.id}"]`).textContent).toBe("Share text");
    expect(field.value).not.toMatch(/https?:/);
  });

  it("copies the share text to the clipboard and says so", async () => {
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal("navigator", { clipboard: { writeText } });
    const { view, q } = banner();
    view.update({ puzzle: SOLVED, labels: LABELS });
    const copy = q('[data-action="copy-share"]');
    expect(copy.tagName).toBe("BUTTON"); // keyboard-operable: Tab, Enter, Space
    expect(copy.textContent).toBe("Copy");
    copy.click();
    await vi.waitFor(() => expect(copy.textContent).toBe("Copied"));
    expect(writeText).toHaveBeenCalledWith(SHARE);
    view.destroy();
  });

  it("offers a post on X with the share text filled in, beside Copy (issue #18, item 21)", () => {
    const { view, q } = banner();
    view.update({ puzzle: SOLVED, labels: { ...LABELS, "puzzle.post_x": "Xで共有" } });
    const post = q('[data-action="post-x"]');
    expect(post.tagName).toBe("A"); // a link: Tab and Enter open it
    expect(post.textContent).toBe("Xで共有");
    const url = new URL(post.getAttribute("href"));
    expect(url.origin + url.pathname).toBe("https://x.com/intent/post");
    expect(url.searchParams.get("text")).toBe(SHARE); // the whole text, emoji and dash intact
    expect(post.getAttribute("rel")).toContain("noopener");
    expect(post.previousElementSibling).toBe(q('[data-action="copy-share"]'));
    view.update({ puzzle: PLAYING, labels: LABELS });
    expect(post.hasAttribute("href")).toBe(false); // nothing to share before the end
  });

  it("selects the text for Ctrl+C when the page may not use the clipboard", async () => {
    vi.stubGlobal("navigator", {});
    const { view, q } = banner();
    view.update({ puzzle: SOLVED, labels: LABELS });
    q('[data-action="copy-share"]').click();
    const field = q('[data-puzzle="share"]');
    await vi.waitFor(() => expect(document.activeElement).toBe(field));
    expect(q('[data-action="copy-share"]').textContent).toBe("Copy");
  });

  it("tries again with a confirmed restart once the attempt is over", () => {
    const { send, view, q } = banner();
    const failed = { ...PLAYING, result: "failed", result_text: "Not solved: the CPU won. Try again?", share: "x" };
    view.update({ puzzle: failed, labels: { ...LABELS, "puzzle.try_again": "もう一度" } });
    const again = q('[data-action="puzzle-again"]');
    expect(again.hidden).toBe(false);
    expect(again.textContent).toBe("もう一度");
    again.click();
    expect(send).toHaveBeenCalledWith({ kind: "restart", confirmed: true });
  });

  it("shows a note (undo used) and marks an assisted attempt", () => {
    const { view, el, q } = banner();
    view.update({ puzzle: { ...PLAYING, assisted: true, note: "Undo used: this attempt will not count for the streak" } });
    expect(el.dataset.assisted).toBe("true");
    expect(q('[data-puzzle="note"]').hidden).toBe(false);
    view.update({ puzzle: PLAYING });
    expect(el.dataset.assisted).toBeUndefined();
    expect(q('[data-puzzle="note"]').hidden).toBe(true);
  });

  it("makes the result card offer Try again instead of undo and a new game", () => {
    const outcome = { winner: "black", termination: "x", title: "You win!", detail: "", why: "" };
    const names = (state) => resultCard(state, { key: "k", undoText: "Undo and continue", remember: () => {} }).actions.map((a) => a.name);
    expect(names({ outcome })).toEqual(["review", "undo_continue", "new_game"]);
    const card = resultCard({ outcome, puzzle: SOLVED, labels: LABELS }, { key: "k", undoText: "", remember: () => {} });
    expect(card.actions.map((a) => a.name)).toEqual(["review", "puzzle_again"]);
    expect(card.actions[1]).toMatchObject({ text: "Try again", intent: { kind: "restart", confirmed: true }, primary: true });
  });

  it("is part of every game view, above the board, and only in a puzzle", () => {
    const mounted = mountEntry(reversi, reversiState());
    cleanup = mounted.cleanup;
    const section = mounted.host.querySelector(".bb-puzzle");
    expect(section).not.toBeNull();
    expect(section.hidden).toBe(true);
    mounted.model.set("state", reversiState({ puzzle: SOLVED, labels: { ...reversiState().labels, ...LABELS } }));
    expect(section.hidden).toBe(false);
    const order = [...mounted.host.querySelectorAll(".bb-puzzle, .bb-board-wrap")].map((e) => e.className);
    expect(order[0]).toContain("bb-puzzle");
    expect(section.querySelector('[data-puzzle="result"]').textContent).toBe("Solved in 2 moves (0:41)");
  });
});
