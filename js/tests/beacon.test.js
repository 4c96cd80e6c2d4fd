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

  it("puts the tab stop on a claimable region once the first targets arrive", () => {
    // A live board is drawn before Python's first legal moves (the book's boards): the stop
    // first falls on the map's first region and must not stay there.
    mount(beaconState({ targets: [] }));
    expect(q('.bb-region[tabindex="0"]').getAttribute("data-square")).toBe("Red Home");
    region("Red Home").focus(); // as the book does after Play: the focus goes along
    model.set("state", beaconState());
    expect(q('.bb-region[tabindex="0"]').getAttribute("data-square")).toBe("North Pass");
    expect(document.activeElement.getAttribute("data-square")).toBe("North Pass");
    region("South Pass").focus(); // a stop the reader chose stays where it is
    press(document.activeElement, "ArrowRight");
    model.set("state", beaconState());
    expect(q('.bb-region[tabindex="0"]').getAttribute("data-square")).not.toBe("North Pass");
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

describe("the map a player reads", () => {
  const withGeometry = (state) => {
    // The shared geometry Python sends (layout.py): outlines, icons, text rows, roads, a bridge.
    const regions = state.board.regions.map((r) => ({
      ...r,
      shape: `M${r.x - 50} ${r.y - 40}h100v80h-100Z`,
      icon: { name: r.kind === "home" ? "flag" : "pass", x: r.x - 30, y: r.y - 34, stroke: "M0 0V-10", fill: "M0 -10L8 -6L0 -2Z" },
      name_y: r.y - 6,
      tokens_y: r.y + 18,
      detail_y: r.y + 46,
      badge_x: r.x + 30,
      badge_y: r.y - 50,
      text_width: 100,
    }));
    const roads = state.board.edges.map(([a, b], i) => ({ edge: [a, b], d: `M0 ${i}L10 ${i}`, bridge: i === state.board.edges.length - 1 }));
    return { ...state, board: { ...state.board, regions, roads, bridges: [{ d: "M1 1L5 5", x: 3, y: 3, angle: 45 }] } };
  };

  it("draws each region's markers as tokens you can count: red circles, blue squares", () => {
    const state = withGeometry(beaconAfterRound1());
    state.board.regions = state.board.regions.map((r) => (r.id === "Crossroads" ? { ...r, markers: { red: 2, blue: 3 } } : r));
    mount(state);
    const tokens = (id, side) => region(id).querySelectorAll(`.bb-token[data-side="${side}"]`);
    expect([tokens("Crossroads", "red").length, tokens("Crossroads", "blue").length]).toEqual([2, 3]);
    expect([...tokens("Crossroads", "red")].every((el) => el.tagName === "circle")).toBe(true);
    expect([...tokens("Crossroads", "blue")].every((el) => el.tagName === "rect")).toBe(true);
    expect([tokens("North Pass", "red").length, tokens("North Pass", "blue").length]).toEqual([1, 0]);
    expect(region("Red Home").querySelectorAll(".bb-token")).toHaveLength(0);
    // Tokens are pictures of what aria already says: hidden from screen readers.
    expect(region("Crossroads").querySelector(".bb-region-tokens").getAttribute("aria-hidden")).toBe("true");
  });

  it("shows ownership by pattern as well as colour, and Home flags", () => {
    mount(withGeometry(beaconAfterRound1()));
    const fill = (id) => region(id).querySelector(".bb-region-pattern").getAttribute("fill");
    expect(fill("North Pass")).toMatch(/^url\(#bb-pat-red-\d+\)$/);
    expect(fill("South Pass")).toMatch(/^url\(#bb-pat-blue-\d+\)$/);
    expect(fill("Crossroads")).toBe("none");
    for (const id of [fill("North Pass"), fill("South Pass")]) {
      expect(q(id.slice(4, -1))).not.toBeNull(); // the pattern exists in this map's <defs>
    }
    expect(region("Red Home").querySelector(".bb-icon-flag .bb-icon-fill")).not.toBeNull();
    expect(region("Blue Home").querySelector(".bb-icon-flag")).not.toBeNull();
  });

  it("draws exactly one road per edge, as paths, and the bridge over the crossing", () => {
    mount(withGeometry(beaconState()));
    const roads = qa(".bb-road");
    expect(roads).toHaveLength(BEACON_EDGES.length);
    expect(roads.every((el) => el.tagName === "path")).toBe(true);
    expect(roads.map((el) => el.getAttribute("data-edge")).sort()).toEqual(BEACON_EDGES.map(([a, b]) => `${a}|${b}`).sort());
    expect(qa(".bb-road-casing")).toHaveLength(1); // only the bridged road
    expect(qa(".bb-bridge-deck")).toHaveLength(1);
  });

  it("glows the legal targets before a choice", () => {
    mount(withGeometry(beaconState()));
    const glowing = qa(".bb-region.bb-target .bb-region-glow").map((el) => el.closest("[data-square]").getAttribute("data-square"));
    expect(glowing).toEqual(["North Pass", "Crossroads"]);
  });

  it("keeps two maps' patterns apart on one page", () => {
    mount(withGeometry(beaconAfterRound1()));
    const first = q(".bb-region-pattern").getAttribute("data-red");
    const other = mountEntry(widget, withGeometry(beaconAfterRound1()));
    expect(other.host.querySelector(".bb-region-pattern").getAttribute("data-red")).not.toBe(first);
    other.cleanup();
  });
});

describe("around the map", () => {
  it("shows both scores, the round and who is still choosing", () => {
    mount(beaconState());
    // Points first, by side ("Red 0 · Blue 0"); games won apart, so 4 points never read as 4 wins.
    expect(q(".bb-beacon-points").textContent).toBe("Red 0·Blue 0");
    expect(qa(".bb-beacon-score").map((el) => el.textContent)).toEqual(["Red 0", "Blue 0"]);
    expect(qa(".bb-beacon-games").map((el) => el.textContent)).toEqual(["You (Red): 0 wins", "CPU (Blue): 0 wins"]);
    expect(q(".bb-beacon-round").textContent).toBe("Round 1 of 3");
    expect(q('.bb-beacon-score[data-side="red"]').classList.contains("bb-active")).toBe(true);
    expect(q('.bb-beacon-score[data-side="blue"]').classList.contains("bb-active")).toBe(false);
    expect(qa(".bb-choice-chip").map((el) => [el.dataset.side, el.textContent, el.classList.contains("bb-locked")])).toEqual([
      ["red", "Red: choosing", false],
      ["blue", "Blue: locked in", true],
    ]);
    expect(q('.bb-status-text[role="status"]').textContent).toContain("Red, choose a target");
  });

  it("writes games won the Japanese way", () => {
    const ja = beaconState({ settings: { lang: "ja" } });
    ja.labels = { ...ja.labels, red: "赤", blue: "青", wins_one: "{n}勝", wins_many: "{n}勝" };
    ja.scoreboard = [
      { id: "human", name: "あなた", side: "red", count: 0, wins: 1 },
      { id: "cpu", name: "CPU", side: "blue", count: 0, wins: 0 },
    ];
    mount(ja);
    expect(qa(".bb-beacon-games").map((el) => el.textContent)).toEqual(["あなた（赤）：1勝", "CPU（青）：0勝"]);
  });

  it("fills the round log and hides it before the first round", () => {
    mount(beaconState());
    expect(q(".bb-beacon-log-box").hidden).toBe(true);
    model.set("state", beaconAfterRound1());
    expect(q(".bb-beacon-log-box").hidden).toBe(false);
    expect(qa(".bb-beacon-log thead th")).toHaveLength(8);
    const row = qa(".bb-beacon-log tbody tr");
    expect(row).toHaveLength(1);
    expect(row[0].textContent).toContain("2–2");
    // A list of regions breaks only between its items.
    const markers = [...row[0].querySelectorAll("td")][3];
    expect([...markers.querySelectorAll(".bb-log-item")].map((el) => el.textContent)).toEqual(["North Pass 1:0,", "South Pass 0:1"]);
    expect(markers.textContent).toBe("North Pass 1:0, South Pass 0:1");
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
