/**
 * The tray: an activatable surface outside the board (Quads' pieces to give), drawn from
 * `state.tray`, with the "held" item shown apart. Operable exactly like the board: one roving
 * tab stop, arrows (Left/Up back, Right/Down on) and Home/End move focus, Enter/Space and click
 * activate, every item has `data-item="<id>"` and an `aria-label` with the kit's mark words.
 * Activating an item only reports it; Python decides what it means.
 */
import { h, label, setAttr, setText } from "./dom.js";
import { applyMarks, readMarks } from "./marks.js";
import { bindRovingKeys, createRovingFocus, linearNext, spatialNext } from "./roving.js";

/** The words for an item's own state ("held", "used"), appended after Python's description. */
const STATE_WORDS = { held: ["held", "held"], used: ["used", "already played"] };

function itemLabel(state, item) {
  const base = typeof item.aria === "string" && item.aria !== "" ? item.aria : String(item.id);
  const words = STATE_WORDS[item.state];
  return words ? `${base}, ${label(state, words[0], words[1])}` : base;
}

/**
 * @param {object} options
 * @param {(id: string) => void} options.onActivate
 * @param {(el: HTMLElement, item: object, state: object, info: object) => void} [options.paintItem]
 *   game drawing of one item (also used for the held item); `info` has the mark flags
 */
export function createTray({ onActivate, paintItem = () => {} }) {
  const heading = h("span", { class: "bb-tray-label" });
  const list = h("div", { class: "bb-tray-items", role: "toolbar" });
  const heldLabel = h("span", { class: "bb-held-label" });
  const heldItem = h("div", { class: "bb-held-item", role: "img" });
  const held = h("div", { class: "bb-held", hidden: true, "aria-live": "polite" }, [heldLabel, heldItem]);
  const element = h("div", { class: "bb-tray", hidden: true }, [held, h("div", { class: "bb-tray-body" }, [heading, list])]);

  let items = [];
  let layoutKey = "";
  const roving = createRovingFocus();

  function build(tray) {
    list.replaceChildren();
    items = tray.items.map((item, index) => {
      const el = h("button", {
        type: "button",
        class: "bb-tray-item",
        tabindex: "-1",
        "data-item": item.id,
        "data-index": index,
      });
      list.append(el);
      return el;
    });
    roving.reset(items);
  }

  function update(state) {
    const tray = state.tray && Array.isArray(state.tray.items) ? state.tray : null;
    element.hidden = !tray;
    if (!tray) return;
    const key = tray.items.map((item) => item.id).join(",");
    if (key !== layoutKey) {
      layoutKey = key;
      build(tray);
    }
    const trayName = tray.label || label(state, "tray", "Pieces");
    setText(heading, trayName);
    setAttr(list, "aria-label", trayName);
    const marks = readMarks(state);
    tray.items.forEach((item, index) => {
      const el = items[index];
      el.dataset.state = item.state || "available";
      const flags = applyMarks(el, state, marks, item.id, itemLabel(state, item));
      setAttr(el, "aria-disabled", flags.target ? null : "true");
      paintItem(el, item, state, { index, id: String(item.id), ...flags });
    });
    roving.ensure((el) => marks.target.has(el.dataset.item));

    const heldInfo = tray.held && tray.held.item !== undefined && tray.held.item !== null ? tray.held : null;
    held.hidden = !heldInfo;
    if (heldInfo) {
      const item = tray.items.find((it) => String(it.id) === String(heldInfo.item)) || { id: heldInfo.item };
      setText(heldLabel, heldInfo.label || label(state, "held", "held"));
      setAttr(heldItem, "aria-label", `${heldInfo.label || label(state, "held", "held")}: ${item.aria || item.id}`);
      heldItem.dataset.heldItem = String(item.id);
      paintItem(heldItem, item, state, { index: -1, id: String(item.id), held: true, target: false, selected: false, last: false, deciding: false });
    }
  }

  const unbind = bindRovingKeys(list, {
    roving,
    indexOf(event) {
      const el = event.target instanceof Element ? event.target.closest("[data-item]") : null;
      return el && list.contains(el) ? Number(el.dataset.index) : -1;
    },
    nextIndex: (event, index) => spatialNext(event, index, items, () => linearNext(event, index, items.length)),
    activate: (index) => onActivate(items[index].dataset.item),
  });

  return {
    element,
    update,
    /** The item element for an id, or undefined. */
    item(id) {
      return items.find((el) => el.dataset.item === String(id));
    },
    destroy: unbind,
  };
}
