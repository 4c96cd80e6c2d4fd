/** What every entry's test needs: mount an entry on a fake model, press keys, clean up. */
import { vi } from "vitest";
import { createFakeModel } from "./fake-model.js";

/** Render `entry` (an anywidget module's default export) on a fresh fake model. */
export function mountEntry(entry, state) {
  const model = createFakeModel({ state, lang: "en" });
  const host = document.createElement("div");
  document.body.append(host);
  const cleanup = entry.render({ model, el: host });
  return { model, host, cleanup };
}

/** Dispatch a bubbling, cancelable key event; returns it (to check defaultPrevented). */
export function press(target, key, type = "keydown", extra = {}) {
  const event = new KeyboardEvent(type, { key, bubbles: true, cancelable: true, ...extra });
  target.dispatchEvent(event);
  return event;
}

/** afterEach: run the view's cleanup if the test did not, empty the page, real timers again. */
export function resetPage(cleanup) {
  if (cleanup) cleanup();
  document.body.replaceChildren();
  vi.useRealTimers();
  vi.unstubAllGlobals();
}
