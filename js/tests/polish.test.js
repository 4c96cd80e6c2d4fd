/**
 * What playing the games in JupyterLab found (issue #18): focus that must not drop, ids unique
 * on a page of several boards, keys that follow the layout drawn, hosts with a shadow root.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { createReviewBar } from "../shared/controls.js";
import { createTray } from "../shared/tray.js";
import { createCardLayer } from "../shared/cards.js";
import { press, resetPage } from "./mount.js";
import { multiStepState, reversiState } from "./fixtures.js";

let cleanups = [];
afterEach(() => {
  for (const cleanup of cleanups) cleanup();
  cleanups = [];
  resetPage(null);
});

describe("the review bar keeps keyboard focus", () => {
  const reviewAt = (ply) => ({ review: { ply, total: 10 }, labels: {} });

  for (const [key, ply, from] of [
    ["Home", 0, "review-prev"],
    ["End", 10, "review-next"],
  ]) {
    it(`after ${key} disables the focused button, focus stays in the bar and the arrows still step`, () => {
      const send = vi.fn();
      const bar = createReviewBar({ send });
      document.body.append(bar.element);
      bar.update(reviewAt(5));
      const button = bar.element.querySelector(`[data-action="${from}"]`);
      button.focus();
      press(button, key);
      expect(send).toHaveBeenLastCalledWith({ kind: "review", ply });
      bar.update(reviewAt(ply));
      const active = document.activeElement;
      expect(bar.element.contains(active)).toBe(true);
      expect(active.disabled).toBe(false);
      press(active, key === "Home" ? "ArrowRight" : "ArrowLeft");
      expect(send).toHaveBeenLastCalledWith({ kind: "review", ply: key === "Home" ? 1 : 9 });
    });
  }
});

describe("ids are unique on a page of several boards", () => {
  it("two bundles (two module instances) never hand out the same id", async () => {
    const one = await import("../shared/controls.js");
    vi.resetModules();
    const two = await import("../shared/controls.js");
    expect(two).not.toBe(one);
    const a = one.createSettingsPanel({ send: () => {} });
    const b = two.createSettingsPanel({ send: () => {} });
    document.body.append(a.element, b.element);
    const ids = [...document.querySelectorAll("[id]")].map((el) => el.id);
    expect(ids.length).toBeGreaterThan(1);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe("arrow keys follow the layout drawn", () => {
  it("ArrowDown in a tray drawn as two rows of eight goes to the piece below", () => {
    const tray = createTray({ onActivate: () => {} });
    document.body.append(tray.element);
    const ids = Array.from({ length: 16 }, (_, i) => `piece:${i}`);
    const state = multiStepState({ input: { targets: ids, selection: [], can_back: false, buttons: [] } });
    state.tray = {
      ...state.tray,
      items: ids.map((id, i) => ({ id, state: "available", aria: `piece ${i}` })),
      held: null,
    };
    tray.update(state);
    cleanups.push(tray.destroy);
    for (let i = 0; i < 16; i += 1) {
      const [row, col] = [Math.floor(i / 8), i % 8];
      tray.item(`piece:${i}`).getBoundingClientRect = () => ({ left: col * 40, top: row * 40, width: 36, height: 36, right: col * 40 + 36, bottom: row * 40 + 36 });
    }
    tray.item("piece:3").focus();
    press(tray.item("piece:3"), "ArrowDown");
    expect(document.activeElement.dataset.item).toBe("piece:11");
    press(document.activeElement, "ArrowDown"); // bottom row: stays
    expect(document.activeElement.dataset.item).toBe("piece:11");
    press(document.activeElement, "ArrowUp");
    expect(document.activeElement.dataset.item).toBe("piece:3");
    press(document.activeElement, "ArrowRight");
    expect(document.activeElement.dataset.item).toBe("piece:4");
  });
});

describe("a host that draws the widget in a shadow root (marimo)", () => {
  it("closing a card puts focus back on the board inside the shadow root", () => {
    const outer = document.createElement("div");
    document.body.append(outer);
    const shadow = outer.attachShadow({ mode: "open" });
    const root = document.createElement("div");
    shadow.append(root);
    const square = document.createElement("button");
    square.setAttribute("data-square", "a1");
    square.setAttribute("tabindex", "0");
    root.append(square);
    const layer = createCardLayer({ send: () => {}, root });
    root.append(layer.element);
    square.focus();
    layer.update(reversiState({ event: { id: 1, type: "info", text: "Hello" } }));
    const close = layer.element.querySelector(".bb-card button");
    expect(shadow.activeElement).toBe(close);
    close.click();
    expect(shadow.activeElement).toBe(square);
  });
});
