/**
 * Tiny DOM helpers. The kit builds its DOM once per view and then only patches it, so a
 * hyperscript-style `h()` is all it needs (no framework: bundles stay small and offline).
 */

/**
 * Create an element. `attrs` keys: `class`, `text`, `on<Event>` (listener), `dataset`,
 * `style` (object), everything else via setAttribute (null/false skip the attribute).
 * @returns {HTMLElement}
 */
export function h(tag, attrs = {}, children = []) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") el.className = value;
    else if (key === "text") el.textContent = value;
    else if (key === "dataset") Object.assign(el.dataset, value);
    else if (key === "style") Object.assign(el.style, value);
    else if (key.startsWith("on") && typeof value === "function") {
      el.addEventListener(key.slice(2).toLowerCase(), value);
    } else el.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of [].concat(children)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

/** Set an element's text only when it changed (keeps screen readers and layout calm). */
export function setText(el, text) {
  const value = text === null || text === undefined ? "" : String(text);
  if (el.textContent !== value) el.textContent = value;
}

/** Set or remove an attribute only when it changed. */
export function setAttr(el, name, value) {
  if (value === null || value === undefined || value === false) {
    if (el.hasAttribute(name)) el.removeAttribute(name);
    return;
  }
  const text = value === true ? "" : String(value);
  if (el.getAttribute(name) !== text) el.setAttribute(name, text);
}

/** "1 win" / "3 wins" / "3勝": a count of games won in the snapshot's language. */
export function winsText(state, n) {
  const count = Number.isFinite(Number(n)) ? Number(n) : 0;
  const one = count === 1;
  const template = label(state, one ? "wins_one" : "wins_many", one ? "{n} win" : "{n} wins");
  return template.replace("{n}", String(count));
}

/** A label from `state.labels`, falling back to a built-in English text. */
export function label(state, key, fallback) {
  const labels = (state && state.labels) || {};
  const value = labels[key];
  return typeof value === "string" && value !== "" ? value : fallback;
}

const ID_COUNTER = Symbol.for("boardbook.uniqueId");

/**
 * An id unique on the page. Each game is its own bundle (and a host may load a bundle once per
 * widget), so a module-level counter restarts; the counter lives on `globalThis` instead.
 */
export function uniqueId(prefix) {
  globalThis[ID_COUNTER] = (globalThis[ID_COUNTER] || 0) + 1;
  return `${prefix}-${globalThis[ID_COUNTER]}`;
}

/**
 * The focused element as seen from `el`'s tree: in a host that draws widgets in a shadow root
 * (marimo) the document only sees the shadow host, the shadow root knows the real one.
 */
export function activeElementIn(el) {
  const rootNode = typeof el.getRootNode === "function" ? el.getRootNode() : null;
  if (rootNode && "activeElement" in rootNode && rootNode !== el) return rootNode.activeElement;
  return el.ownerDocument ? el.ownerDocument.activeElement : null;
}
