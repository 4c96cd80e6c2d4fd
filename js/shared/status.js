/**
 * The status line (aria-live, so screen readers hear "Black to move", "White passed", …) and
 * the busy indicator shown while the CPU thinks.
 */
import { h, label, setText } from "./dom.js";

export function createStatusLine() {
  const text = h("span", {
    class: "bb-status-text",
    role: "status",
    "aria-live": "polite",
    "aria-atomic": "true",
  });
  const busyText = h("span", { class: "bb-busy-text" });
  const busy = h("span", { class: "bb-busy", hidden: true }, [
    h("span", { class: "bb-spinner", "aria-hidden": "true" }),
    busyText,
  ]);
  const element = h("div", { class: "bb-statusbar" }, [text, busy]);

  return {
    element,
    update(state) {
      setText(text, state.status);
      const isBusy = Boolean(state.busy);
      busy.hidden = !isBusy;
      setText(busyText, label(state, "thinking", "Thinking…"));
    },
  };
}
