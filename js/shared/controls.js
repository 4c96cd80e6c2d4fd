/**
 * Buttons, the mode bar and the settings panel, driven by `state.options` and
 * `state.settings`. Every control only sends a `settings` intent; Python applies it and the
 * new snapshot redraws the controls.
 */
import { activeElementIn, h, label, setAttr, setText, uniqueId } from "./dom.js";

/** A plain button that sends an intent (or runs a callback) when pressed. */
export function button({ className = "", onClick, text = "", ...attrs }) {
  return h("button", { type: "button", class: `bb-button ${className}`.trim(), onClick, text, ...attrs });
}

const LANGUAGES = [
  ["en", "English"],
  ["ja", "日本語"],
];

/** Label keys for the boolean settings every game may show (others fall back to the key). */
const TOGGLE_LABELS = { show_dots: ["dots", "Show legal moves"], show_coords: ["coords", "Show coordinates"] };

/** Options only meaningful against the CPU (hidden in two-player mode). */
const CPU_ONLY = new Set(["level", "human", "pace"]);

const SELECT_LABELS = { level: ["level", "Level"], human: ["human", "You play"], pace: ["pace", "CPU pace"] };

/**
 * @param {object} options
 * @param {(msg: object) => void} options.send
 * @param {Iterable<string>} [options.cpuOnly]  option keys hidden unless mode is "cpu"
 */
export function createSettingsPanel({ send, cpuOnly = CPU_ONLY }) {
  const cpuOnlyKeys = new Set(cpuOnly);
  const modeGroup = h("div", { class: "bb-segmented", role: "group" });
  const selects = h("div", { class: "bb-selects" });
  const record = h("p", { class: "bb-record", hidden: true });
  const modeBar = h("div", { class: "bb-modebar" }, [modeGroup, selects, record]);

  const summary = h("summary", { class: "bb-settings-summary" });
  const toggles = h("div", { class: "bb-toggles" });
  const langId = uniqueId("bb-lang");
  const langLabel = h("label", { for: langId });
  const langSelect = h(
    "select",
    { id: langId, class: "bb-select", onChange: () => send({ kind: "settings", lang: langSelect.value }) },
    LANGUAGES.map(([value, text]) => h("option", { value, text })),
  );
  const details = h("details", { class: "bb-settings" }, [
    summary,
    h("div", { class: "bb-settings-body" }, [toggles, h("div", { class: "bb-field" }, [langLabel, langSelect])]),
  ]);
  const element = h("div", { class: "bb-controls" }, [modeBar, details]);

  let modeKey = "";
  let selectKey = "";
  let toggleKey = "";
  const selectEls = new Map();
  const toggleEls = new Map();

  function rebuildModes(state, modes) {
    modeGroup.replaceChildren(
      ...modes.map(([value, text]) =>
        button({
          className: "bb-mode",
          text,
          "data-mode": value,
          "aria-pressed": "false",
          onClick: () => send({ kind: "settings", mode: value }),
        }),
      ),
    );
  }

  function rebuildSelects(state, keys) {
    selects.replaceChildren();
    selectEls.clear();
    for (const key of keys) {
      const id = uniqueId(`bb-${key}`);
      const [labelKey, fallback] = SELECT_LABELS[key] || [key, key];
      const select = h(
        "select",
        {
          id,
          class: "bb-select",
          "data-setting": key,
          onChange: () => send({ kind: "settings", [key]: select.value }),
        },
        state.options[key].map(([value, text]) => h("option", { value, text })),
      );
      const text = h("label", { for: id, text: label(state, labelKey, fallback) });
      const field = h("div", { class: "bb-field", "data-field": key }, [text, select]);
      selectEls.set(key, { field, select, text, labelKey, fallback });
      selects.append(field);
    }
  }

  function rebuildToggles(state, keys) {
    toggles.replaceChildren();
    toggleEls.clear();
    for (const key of keys) {
      const input = h("input", {
        type: "checkbox",
        "data-setting": key,
        onChange: () => send({ kind: "settings", [key]: input.checked }),
      });
      const text = h("span");
      toggles.append(h("label", { class: "bb-toggle" }, [input, text]));
      toggleEls.set(key, { input, text });
    }
  }

  /** This device's record against the CPU at the chosen level (state.stats, per level). */
  function updateRecord(state, settings) {
    const stats = state.stats && settings.level ? state.stats[settings.level] : null;
    record.hidden = !stats || settings.mode !== "cpu";
    if (record.hidden) return;
    const levels = Array.isArray((state.options || {}).level) ? state.options.level : [];
    const levelName = (levels.find(([value]) => value === settings.level) || [settings.level, settings.level])[1];
    const template = label(state, "record", "{wins} won · {losses} lost · {draws} drawn");
    const counts = template.replace(/\{(wins|losses|draws)\}/g, (_, key) => String(stats[key] ?? 0));
    setText(record, `${label(state, "stats", "Record against the CPU")} (${levelName}): ${counts}`);
  }

  return {
    element,
    update(state) {
      const options = state.options || {};
      const settings = state.settings || {};
      const modes = Array.isArray(options.mode) ? options.mode : [];
      const nextModeKey = JSON.stringify(modes);
      if (nextModeKey !== modeKey) {
        modeKey = nextModeKey;
        rebuildModes(state, modes);
      }
      modeGroup.hidden = modes.length < 2;
      setAttr(modeGroup, "aria-label", label(state, "mode", "Mode"));
      for (const btn of modeGroup.children) {
        setAttr(btn, "aria-pressed", String(btn.dataset.mode === settings.mode));
      }

      const selectKeys = Object.keys(options).filter((key) => key !== "mode" && Array.isArray(options[key]));
      const nextSelectKey = JSON.stringify(selectKeys.map((key) => [key, options[key]]));
      if (nextSelectKey !== selectKey) {
        selectKey = nextSelectKey;
        rebuildSelects(state, selectKeys);
      }
      for (const [key, { field, select, text, labelKey, fallback }] of selectEls) {
        field.hidden = cpuOnlyKeys.has(key) && settings.mode !== "cpu";
        setText(text, label(state, labelKey, fallback));
        if (settings[key] !== undefined && select.value !== String(settings[key])) select.value = String(settings[key]);
      }

      const toggleKeys = Object.keys(settings).filter((key) => typeof settings[key] === "boolean");
      const nextToggleKey = toggleKeys.join(",");
      if (nextToggleKey !== toggleKey) {
        toggleKey = nextToggleKey;
        rebuildToggles(state, toggleKeys);
      }
      for (const [key, { input, text }] of toggleEls) {
        const [labelKey, fallback] = TOGGLE_LABELS[key] || [key, key];
        setText(text, label(state, labelKey, fallback));
        input.checked = Boolean(settings[key]);
      }

      updateRecord(state, settings);

      setText(summary, label(state, "settings", "Settings"));
      setText(langLabel, label(state, "language", "Language"));
      if (settings.lang && langSelect.value !== settings.lang) langSelect.value = settings.lang;
    },
  };
}

/**
 * The game's action row: undo (待った), restart (asks Python to confirm) and, once the game is
 * over, "new game". Every game shows the same three; `undoText(state, over)` lets a game name
 * its undo ("Undo and continue" after a Reversi result, "Undo last round" in Beacon Lines).
 * Undo is disabled when Python says there is nothing to take back (`state.can_undo === false`).
 */
export function createGameActions({ send, undoText, restartFallback = "Restart this game", hideRestartWhenOver = false }) {
  const undo = button({ className: "bb-undo", "data-action": "undo", onClick: () => send({ kind: "undo" }) });
  const restart = button({ className: "bb-restart", "data-action": "restart", onClick: () => send({ kind: "restart" }) });
  const newGame = button({ className: "bb-primary", "data-action": "new_game", onClick: () => send({ kind: "new_game" }) });
  const element = h("div", { class: "bb-actions" }, [undo, restart, newGame]);
  return {
    element,
    update(state) {
      const over = Boolean(state.outcome);
      setText(undo, undoText(state, over));
      setText(restart, label(state, "restart", restartFallback));
      setText(newGame, label(state, "new_game", "New game"));
      undo.disabled = state.can_undo === false;
      restart.hidden = hideRestartWhenOver && over;
      newGame.hidden = !over;
    },
  };
}

/**
 * Step through a finished or replayed game: « ‹ position › » and a button to leave (arrow keys
 * and Home/End work too while the bar has focus). Shown only while `state.review` is set; each
 * step is a `{kind: "review", ply}` intent, so Python decides what the board shows.
 */
export function createReviewBar({ send, unit = "move" }) {
  let review = null;
  const go = (ply) => review && send({ kind: "review", ply });
  const position = h("span", { class: "bb-review-position", "aria-live": "polite" });
  const first = button({ "data-action": "review-first", text: "«", onClick: () => go(0) });
  const prev = button({ "data-action": "review-prev", text: "‹", onClick: () => go(Math.max(0, review.ply - 1)) });
  const next = button({ "data-action": "review-next", text: "›", onClick: () => go(Math.min(review.total, review.ply + 1)) });
  const last = button({ "data-action": "review-last", text: "»", onClick: () => go(review.total) });
  const exit = button({ "data-action": "review-exit", onClick: () => send({ kind: "review", ply: null }) });
  const element = h("div", { class: "bb-review", hidden: true }, [first, prev, position, next, last, exit]);
  // With focus anywhere in the bar, the arrow keys step and Home/End jump (as on a board).
  element.addEventListener("keydown", (event) => {
    if (!review) return;
    const steps = { ArrowLeft: review.ply - 1, ArrowRight: review.ply + 1, Home: 0, End: review.total };
    if (!(event.key in steps)) return;
    event.preventDefault();
    const ply = Math.max(0, Math.min(review.total, steps[event.key]));
    if (ply !== review.ply) go(ply);
  });
  const fallbacks = {
    first: "First position",
    prev: `Previous ${unit}`,
    next: `Next ${unit}`,
    last: `Last ${unit}`,
  };
  return {
    element,
    update(state) {
      const opening = !review && Boolean(state.review);
      review = state.review || null;
      element.hidden = !review;
      if (!review) return;
      if (opening) {
        // Opened from a card (gone now; focus went back to the board): focus moves into the
        // bar, so ← and → step at once. Focus elsewhere (a move list, the page) is left alone.
        setTimeout(() => {
          const doc = element.ownerDocument;
          const active = activeElementIn(element) || doc.activeElement;
          const root = element.closest(".bb-root");
          const lost = !active || active === doc.body || !active.isConnected;
          const board = root && root.querySelector(".bb-board-wrap");
          const onBoard = Boolean(board && active && board.contains(active));
          if (review && !element.hidden && (lost || onBoard)) {
            (prev.disabled ? exit : prev).focus({ preventScroll: true });
          }
        }, 0);
      }
      setText(position, `${review.ply} / ${review.total}`);
      for (const [el, key] of [[first, "first"], [prev, "prev"], [next, "next"], [last, "last"]]) {
        setAttr(el, "aria-label", label(state, key, fallbacks[key]));
        setAttr(el, "title", label(state, key, fallbacks[key]));
      }
      // A focused button about to be disabled (« after Home, » after End) would drop focus to
      // the page and the arrows would stop working: focus moves to the step back or on instead.
      const active = activeElementIn(element);
      const focused = active && element.contains(active) ? active : null;
      first.disabled = prev.disabled = review.ply <= 0;
      next.disabled = last.disabled = review.ply >= review.total;
      if (focused && focused.disabled) {
        const target = [prev, next, exit].find((el) => !el.disabled && !el.hidden);
        if (target) target.focus({ preventScroll: true });
      }
      setText(exit, label(state, "exit_review", label(state, "close", "Close")));
    },
  };
}
