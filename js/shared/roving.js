/**
 * One keyboard model for every activatable surface (the grid, a map, the tray): a single roving
 * tab stop (`tabindex="0"` on one item, `-1` on the rest), keys that move it, Enter/Space and
 * click that activate. Each surface says only how its keys move (`nextIndex`).
 */

/** The roving tab stop over a list of elements. */
export function createRovingFocus() {
  let items = [];
  let current = -1;
  let byDefault = false; // the stop is where `ensure` put it for want of a preferred item
  return {
    /** New items (after a rebuild): no tab stop until `set` or `ensure`. */
    reset(list) {
      items = list;
      current = -1;
      byDefault = false;
    },
    /** Move the tab stop to item `index` (and focus it when asked). */
    set(index, { focus = false } = {}) {
      if (index < 0 || index >= items.length) return;
      byDefault = false;
      if (current !== index) {
        if (items[current]) items[current].setAttribute("tabindex", "-1");
        items[index].setAttribute("tabindex", "0");
        current = index;
      }
      if (focus) items[index].focus();
    },
    /**
     * Give the surface a tab stop if it has none: the first item `prefer` picks, else the first.
     * A stop put on the first item only because nothing was preferred yet (a board drawn before
     * its first legal moves arrived) moves to the first preferred item once there is one, and
     * the focus with it if it was there: no key has moved it yet.
     */
    ensure(prefer) {
      if (items.length === 0 || (current >= 0 && !byDefault)) return;
      const first = items.findIndex(prefer);
      if (current >= 0 && first < 0) return;
      const focus = current >= 0 && items[current] === document.activeElement;
      this.set(first >= 0 ? first : 0, { focus });
      byDefault = first < 0;
    },
  };
}

const ACTIVATE = new Set(["Enter", " ", "Spacebar"]);

/**
 * Listen for keys and clicks on `container`; returns the function that stops listening.
 * @param {HTMLElement|SVGElement} container
 * @param {object} options
 * @param {(event: Event) => number} options.indexOf      the item an event is on, or -1
 * @param {(event: KeyboardEvent, index: number) => number|null} options.nextIndex  where a key
 *   moves the tab stop, or null for a key the surface does not use
 * @param {(index: number) => void} options.activate
 * @param {ReturnType<typeof createRovingFocus>} options.roving
 */
export function bindRovingKeys(container, { indexOf, nextIndex, activate, roving }) {
  function onKeyDown(event) {
    const index = indexOf(event);
    if (index < 0) return;
    if (ACTIVATE.has(event.key)) {
      event.preventDefault(); // no second activation from a native button's click
      if (!event.repeat) activate(index);
      return;
    }
    const next = nextIndex(event, index);
    if (next === null || next === undefined) return;
    event.preventDefault();
    roving.set(next, { focus: true });
  }

  function onClick(event) {
    const index = indexOf(event);
    if (index < 0) return;
    roving.set(index);
    activate(index);
  }

  container.addEventListener("keydown", onKeyDown);
  container.addEventListener("click", onClick);
  return () => {
    container.removeEventListener("keydown", onKeyDown);
    container.removeEventListener("click", onClick);
  };
}

/** Keys of a one-dimensional surface: Left/Up back, Right/Down on, Home/End; `wrap` at the ends. */
export function linearNext(event, index, count, { wrap = false } = {}) {
  switch (event.key) {
    case "ArrowRight":
    case "ArrowDown":
      return wrap ? (index + 1) % count : Math.min(count - 1, index + 1);
    case "ArrowLeft":
    case "ArrowUp":
      return wrap ? (index - 1 + count) % count : Math.max(0, index - 1);
    case "Home":
      return 0;
    case "End":
      return count - 1;
    default:
      return null;
  }
}

/**
 * Up and Down follow the layout drawn: the nearest item in the row above or below (by the
 * boxes on screen, so a tray wrapped into two rows of eight goes to the piece under this one).
 * Other keys, and a surface not laid out yet (no boxes), use `fallback`. Nothing that way: stay.
 * @param {KeyboardEvent} event
 * @param {number} index
 * @param {Element[]} items
 * @param {() => number|null} fallback
 */
export function spatialNext(event, index, items, fallback) {
  const down = event.key === "ArrowDown";
  if (!down && event.key !== "ArrowUp") return fallback();
  const boxes = items.map((el) => el.getBoundingClientRect());
  const from = boxes[index];
  const drawn = (box) => Boolean(box) && (box.width > 0 || box.height > 0);
  if (!drawn(from)) return fallback();
  const centre = (box) => [box.left + box.width / 2, box.top + box.height / 2];
  const [x, y] = centre(from);
  let best = index;
  let bestScore = Infinity;
  boxes.forEach((box, i) => {
    if (i === index || !drawn(box)) return;
    const [bx, by] = centre(box);
    const dy = down ? by - y : y - by;
    if (dy < from.height / 2) return; // same row, or the other way
    const score = dy + 2 * Math.abs(bx - x);
    if (score < bestScore) {
      bestScore = score;
      best = i;
    }
  });
  return best;
}
