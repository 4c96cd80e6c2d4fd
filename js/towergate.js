/**
 * Tower Gate board widget (anywidget entry). The kit (js/shared/) draws the snapshot
 * (js/PROTOCOL.md) and sends intents: the prompt, the Mason/Repaint choice bar, 「戻る」 (back),
 * undo/restart/review, the settings (level, both blessings, setup) and the result card. This
 * entry adds only Tower Gate's own drawing: the towers (js/towergate/towers.js), the legend
 * under the board, the blessings line, the 「竣工」 stamp, the tutorial and the settings card
 * that a new `TowerGate()` opens on (「対局を始める」).
 * It never checks a rule: targets, texts and results all come from Python.
 */
import "./shared/board.css";
import "./towergate/towergate.css";
import { createBoardGrid, createGameFrame, h, mountView, prefersReducedMotion, setText } from "./shared/index.js";
import { paintSquare } from "./towergate/towers.js";
import { createInfoBar, createLegend, createSettingsCard, createStamp, createTutorial } from "./towergate/panel.js";

/** How long the stamp shows before the result card (ms). */
export const STAMP_MS = 1100;

function setupTowerGate({ root, send }) {
  const info = createInfoBar();
  const legend = createLegend();
  const stamp = createStamp();
  const tutorial = createTutorial({ root });
  let grid = null;
  let lastState = null;
  let stamping = false;
  const settingsCard = createSettingsCard({ root, send, onStart: () => tutorial.hold(false) });

  const again = h("button", {
    type: "button",
    class: "bb-button bb-tg-again",
    "data-action": "tutorial",
    onClick: () => tutorial.open(),
  });
  const footer = h("div", { class: "bb-tg-footer" }, [again]);

  /** The stamp, then the result card (the kit's flow waits for `done`). */
  function stampIntro(state, done) {
    if (!(state.extra && state.extra.stamp) || prefersReducedMotion()) {
      done();
      return null;
    }
    stamping = true;
    stamp.update(state);
    stamp.element.classList.add("bb-tg-stamping");
    const timer = setTimeout(() => {
      stamping = false;
      stamp.element.classList.remove("bb-tg-stamping");
      done();
    }, STAMP_MS);
    return () => {
      clearTimeout(timer);
      stamping = false;
      stamp.element.classList.remove("bb-tg-stamping");
    };
  }

  const frame = createGameFrame({
    root,
    send,
    header: [info.element],
    footer: [legend.element, footer],
    board: (activate) => {
      grid = createBoardGrid({
        className: "bb-towergate-grid",
        paintSquare,
        onActivate: (id) => {
          legend.show(id);
          const state = lastState || {};
          // Over or reviewing, a square only shows its legend (there is nothing to play).
          if (state.review || state.outcome) return;
          activate(id);
        },
      });
      grid.grid.addEventListener("focusin", (event) => {
        const square = event.target instanceof Element ? event.target.closest("[data-square]") : null;
        if (square && square.matches(":focus-visible")) legend.show(square.dataset.square);
      });
      return grid;
    },
    intro: stampIntro,
  });
  // The stamp, the tutorial and the settings card lie over the squares (the grid's cell in
  // the board frame).
  grid.element.append(stamp.element, tutorial.element, settingsCard.element);
  for (const overlay of [stamp.element, tutorial.element, settingsCard.element]) overlay.classList.add("bb-overlay");

  return {
    update(state, previous) {
      lastState = state;
      info.update(state);
      frame.update(state, previous);
      legend.update(state);
      if (!stamping) stamp.update(state);
      settingsCard.update(state);
      tutorial.hold(settingsCard.isOpen);
      tutorial.update(state);
      // The notice that only repeats the legend is not shown twice.
      const notice = root.querySelector(".bb-notice");
      if (notice && state.notice && state.notice === legend.text()) notice.hidden = true;
      setText(again, (state.extra && state.extra.tutorial && state.extra.tutorial.again) || "Run the tutorial again");
      root.classList.toggle("bb-tg-setup", Boolean(state.extra && state.extra.in_setup));
    },
    destroy: frame.destroy,
  };
}

// Only a default export: anywidget warns that a named `render` export is deprecated.
export default {
  render({ model, el }) {
    return mountView({ model, el, game: "towergate", setup: setupTowerGate });
  },
};
