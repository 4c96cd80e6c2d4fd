/** The Beacon Lines entry: the map through the kit's marks, the score line, chips, reveal, log. */
import { afterEach, describe, expect, it } from "vitest";
import widget from "../beacon.js";
import { mountEntry, press, resetPage } from "./mount.js";
import { BEACON_EDGES, BEACON_REGIONS, beaconAfterRound1, beaconState } from "./fixtures.js";

let model;
let host;
let cleanup;

function mount(state) {
  ({ model, host, cleanup } = mountEntry(widget, state));
}

const q = (selector) => host.querySelector(selector);
const qa = (selector) => [...host.querySelectorAll(selector)];
const region = (id) => q(`[data-square="${id}"]`);

afterEach(() => {
  resetPage(cleanup);
  cleanup = null;
});

describe("the map", () => {
  it("draws every region as a labelled button and every road", () => {
    mount(beaconState());
    const regions = qa(".bb-region[data-square]");
    expect(regions.map((el) => el.getAttribute("data-square"))).toEqual(BEACON_REGIONS.map(([id]) => id));
    for (const el of regions) {
      expect(el.getAttribute("role")).toBe("button");
      expect(el.getAttribute("aria-label")).toContain(el.getAttribute("data-square"));
    }
    expect(qa(".bb-road")).toHaveLength(BEACON_EDGES.length);
    expect(q(".bb-map-svg").getAttribute("aria-label")).toBe("Beacon Lines map");
    expect(q(".bb-map-svg").getAttribute("viewBox")).toBe("0 0 520 400");
    expect(region("North Pass").querySelector(".bb-region-name").textContent).toBe("North Pass");
    expect(region("North Pass").querySelector(".bb-region-detail").textContent).toBe("R 0 · B 0 · 1 pt");
  });

  it("marks the claimable regions as targets, in words too", () => {
    mount(beaconState());
    expect(qa(".bb-region.bb-target").map((el) => el.getAttribute("data-square"))).toEqual(["North Pass", "Crossroads"]);
    expect(region("North Pass").getAttribute("aria-label")).toBe("North Pass, R 0 · B 0 · 1 pt, neutral, legal move");
    expect(region("Beacon").getAttribute("aria-disabled")).toBe("true");
    expect(region("North Pass").hasAttribute("aria-disabled")).toBe(false);
  });

  it("sends an input for a clicked or pressed region", () => {
    mount(beaconState());
    region("North Pass").dispatchEvent(new MouseEvent("click", { bubbles: true }));
    const start = q('.bb-region[tabindex="0"]');
    expect(start.getAttribute("data-square")).toBe("North Pass");
    start.focus();
    press(start, "ArrowRight");
    expect(document.activeElement.getAttribute("data-square")).toBe("South Pass");
    press(document.activeElement, "ArrowRight");
    press(document.activeElement, "Enter");
    press(document.activeElement, "End");
    expect(document.activeElement.getAttribute("data-square")).toBe("Blue Home");
    press(document.activeElement, "ArrowRight"); // wraps around the map
    expect(document.activeElement.getAttribute("data-square")).toBe("Red Home");
    expect(model.sent).toEqual([
      { kind: "input", target: "North Pass" },
      { kind: "input", target: "Crossroads" },
    ]);
  });

  it("shows the last round: owners, claim badges and the last-move mark", () => {
    mount(beaconState());
    model.set("state", beaconAfterRound1());
    expect(region("North Pass").classList.contains("bb-owner-red")).toBe(true);
    expect(region("South Pass").classList.contains("bb-owner-blue")).toBe(true);
    expect(region("North Pass").querySelector(".bb-region-badge").textContent).toBe("◆ Red");
    expect(region("South Pass").querySelector(".bb-region-badge").textContent).toBe("◆ Blue");
    expect(qa(".bb-region.bb-last").map((el) => el.getAttribute("data-square"))).toEqual(["North Pass", "South Pass"]);
    expect(region("South Pass").getAttribute("aria-label")).toContain("last move");
    expect(region("South Pass").getAttribute("aria-label").startsWith("◆ Blue, South Pass, R 0 · B 1 · 1 pt")).toBe(true);
    expect(region("Beacon").getAttribute("aria-label")).not.toContain("◆");
    expect(qa(".bb-region.bb-target").map((el) => el.getAttribute("data-square"))).toEqual(["Crossroads", "Beacon", "Depot"]);
  });
});

describe("around the map", () => {
  it("shows both scores, the round and who is still choosing", () => {
    mount(beaconState());
    const scores = qa(".bb-beacon-score").map((el) => el.textContent);
    expect(scores).toEqual(["You (Red): 0 (wins 0)", "CPU (Blue): 0 (wins 0)"]);
    expect(q(".bb-beacon-round").textContent).toBe("Round 1 of 3");
    expect(q('.bb-beacon-score[data-side="red"]').classList.contains("bb-active")).toBe(true);
    expect(q('.bb-beacon-score[data-side="blue"]').classList.contains("bb-active")).toBe(false);
    expect(qa(".bb-choice-chip").map((el) => [el.dataset.side, el.textContent, el.classList.contains("bb-locked")])).toEqual([
      ["red", "Red: choosing", false],
      ["blue", "Blue: locked in", true],
    ]);
    expect(q('[role="status"]').textContent).toContain("Red, choose a target");
  });

  it("fills the round log and hides it before the first round", () => {
    mount(beaconState());
    expect(q(".bb-beacon-log-wrap").hidden).toBe(true);
    model.set("state", beaconAfterRound1());
    expect(q(".bb-beacon-log-wrap").hidden).toBe(false);
    expect(qa(".bb-beacon-log thead th")).toHaveLength(8);
    const row = qa(".bb-beacon-log tbody tr");
    expect(row).toHaveLength(1);
    expect(row[0].textContent).toContain("2–2");
    expect(q(".bb-beacon-log caption").textContent).toBe("Round log");
  });

  it("names undo for rounds and sends it", () => {
    mount(beaconAfterRound1());
    const undo = q('[data-action="undo"]');
    expect(undo.textContent).toBe("Undo last round");
    expect(undo.disabled).toBe(false);
    undo.click();
    expect(model.sent).toEqual([{ kind: "undo" }]);
  });

  it("shows the result with the round undo, and a restart question in front of it", () => {
    const over = beaconAfterRound1({
      input: { targets: [], selection: [], prompt: "", step: "", can_back: false, hidden: true, buttons: [] },
      outcome: { winner: "red", termination: "score_lead", scores: { red: 4, blue: 3 }, squares: [], details: {}, title: "You win!", detail: "4–3", why: "" },
      extra: { ...beaconAfterRound1().extra, choice: { sides: [] } },
    });
    mount(over);
    const card = q(".bb-card-result");
    expect(card.textContent).toContain("You win!");
    expect(card.querySelector('[data-action="undo_continue"]').textContent).toBe("Undo last round");
    expect(qa(".bb-choice-chip")).toHaveLength(0);
    q('[data-action="restart"]').click();
    expect(model.sent).toEqual([{ kind: "restart" }]);
    model.set("state", { ...over, event: { id: 3, type: "confirm", text: "Restart? It will not be counted." } });
    expect(q(".bb-card-confirm")).not.toBeNull();
    expect(q(".bb-card-result")).toBeNull();
  });

  it("steps through rounds in the review and marks the shown round in the log", () => {
    mount(beaconAfterRound1({ review: { ply: 1, total: 2 } }));
    expect(q(".bb-review-position").textContent).toBe("1 / 2");
    expect(q('[data-action="review-next"]').getAttribute("aria-label")).toBe("Next round");
    expect(q(".bb-beacon-log tr.bb-current").dataset.round).toBe("1");
  });

  it("cleans up: no listeners, no DOM", () => {
    mount(beaconState());
    cleanup();
    cleanup = null;
    expect(model.listenerCount()).toBe(0);
    expect(host.querySelector(".bb-root")).toBeNull();
  });
});
