/**
 * The status line (aria-live, so screen readers hear "Black to move", "White passed", …), the
 * notice beside it (a done thing, a refused click, a failure — `state.notice_kind` says which, and
 * each looks different; its own live line, so the whose-turn line is never replaced) and the busy indicator shown while the CPU thinks.
 */
import { h, label, setAttr, setText } from "./dom.js";

/** How a notice reads: a done thing ("Game loaded"), a refused request, a failure. */
const NOTICE_KINDS = new Set(["info", "refusal", "error"]);

export function createStatusLine() {
  const text = h("span", {
    class: "bb-status-text",
    role: "status",
    "aria-live": "polite",
    "aria-atomic": "true",
  });
  const notice = h("span", {
    class: "bb-notice",
    role: "alert",
    "aria-atomic": "true",
  });
  const busyText = h("span", { class: "bb-busy-text" });
  const busy = h("span", { class: "bb-busy", hidden: true }, [
    h("span", { class: "bb-spinner", "aria-hidden": "true" }),
    busyText,
  ]);
  const element = h("div", { class: "bb-statusbar" }, [text, busy, notice]);
  let held = false;
  let latest = null;

  return {
    element,
    /**
     * Keep the line as it is while `on` (a game's ending plays, so the result is not read out
     * before it is shown); releasing shows, and announces, the latest status.
     */
    hold(on) {
      held = Boolean(on);
      if (!held && latest) setText(text, latest.status);
    },
    update(state) {
      latest = state;
      if (!held) setText(text, state.status);
      const message = typeof state.notice === "string" ? state.notice : "";
      setText(notice, message);
      notice.hidden = message === "";
      // Snapshots from before `notice_kind` only ever carried refusals.
      const kind = NOTICE_KINDS.has(state.notice_kind) ? state.notice_kind : "refusal";
      notice.dataset.kind = kind;
      // A refusal or failure interrupts (alert); a done thing is said politely.
      setAttr(notice, "role", kind === "info" ? "status" : "alert");
      const isBusy = Boolean(state.busy);
      busy.hidden = !isBusy;
      setText(busyText, label(state, "thinking", "Thinking…"));
    },
  };
}
