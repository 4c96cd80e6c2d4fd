/**
 * Drawing of one Tower Gate square as a small SVG: stacked levels (higher = smaller and
 * lifted, with a darker side, so heights read in 3-D), each level's colour with a mark as well
 * (terracotta round dots, blue square dots: the workers' head shapes), domes, workers
 * (terracotta round heads, blue square heads), dotted circles on destinations and hatching on
 * build squares. The height badge and the × badge on towers the person cannot enter are HTML
 * over the picture, sized in screen pixels (at least 12 px however small the board) and above
 * the hatching.
 * Nothing here decides a rule: every flag comes from Python's square object and `state.input`.
 */

const NS = "http://www.w3.org/2000/svg";
const SIDES = new Set(["terracotta", "blue"]);

/** The side of a level or worker, or "" for anything unknown (never drawn as a colour). */
function side(value) {
  return SIDES.has(value) ? value : "";
}

function f(n) {
  return Number(n.toFixed(1));
}

/** Marks along a level's front band: round dots (terracotta) or small squares (blue). */
function levelMarks(colour, x, y, w, size) {
  const out = [];
  for (const k of [0.25, 0.5, 0.75]) {
    const cx = f(x + w * k);
    if (colour === "terracotta") out.push(`<circle class="bb-tg-mark" cx="${cx}" cy="${f(y)}" r="${f(size / 2)}"/>`);
    else out.push(`<rect class="bb-tg-mark" x="${f(cx - size / 2)}" y="${f(y - size / 2)}" width="${f(size)}" height="${f(size)}"/>`);
  }
  return out.join("");
}

/** A worker figure standing with its feet at (cx, base). */
function worker(colour, cx, base, ghost) {
  const s = 17;
  const body = `M${f(cx - s * 0.9)} ${f(base)} L${f(cx - s * 0.5)} ${f(base - s * 1.45)} L${f(cx + s * 0.5)} ${f(base - s * 1.45)} L${f(cx + s * 0.9)} ${f(base)} Z`;
  const hy = base - s * 2.0;
  const head =
    colour === "terracotta"
      ? `<circle class="bb-tg-head" cx="${f(cx)}" cy="${f(hy)}" r="${f(s * 0.58)}"/>`
      : `<rect class="bb-tg-head" x="${f(cx - s * 0.56)}" y="${f(hy - s * 0.56)}" width="${f(s * 1.12)}" height="${f(s * 1.12)}" rx="1.5"/>`;
  return (
    `<g class="bb-tg-worker${ghost ? " bb-tg-ghost" : ""}" data-side="${colour}">` +
    `<ellipse class="bb-tg-halo" cx="${f(cx)}" cy="${f(base)}" rx="${f(s * 1.1)}" ry="${f(s * 0.36)}"/>` +
    `<path class="bb-tg-body" d="${body}"/>${head}</g>`
  );
}

/**
 * The square's picture as SVG markup. `view`: {height, levels, dome, worker (side or ""),
 * ghost (side or ""), blocked, circle, ring, selected}.
 */
export function squareSvg(view, index) {
  const parts = [`<rect class="bb-tg-tile bb-tg-tile-${(Math.floor(index / 5) + index) % 2}" x="0" y="0" width="100" height="100"/>`];
  const levels = view.levels.slice(0, 3);
  let top = { x: 6, y: 6, w: 88 };
  // Level k: a top face, smaller and lifted the higher it is, over a darker front face that
  // carries the colour's marks (always visible: the next level up never covers it).
  const faces = levels.map((_, k) => {
    const inset = 8 + 10 * k;
    return { x: inset, y: inset - 8 * (k + 1) + 7, w: 100 - 2 * inset };
  });
  levels.forEach((colour, k) => {
    const face = faces[k];
    parts.push(`<rect class="bb-tg-side" data-colour="${colour}" x="${face.x}" y="${face.y + 8}" width="${face.w}" height="${face.w}" rx="3"/>`);
    parts.push(`<rect class="bb-tg-level" data-level="${k + 1}" data-colour="${colour}" x="${face.x}" y="${face.y}" width="${face.w}" height="${face.w}" rx="3"/>`);
    parts.push(`<g class="bb-tg-marks" data-colour="${colour}">${levelMarks(colour, face.x, face.y + face.w + 4, face.w, 5)}</g>`);
    top = face;
  });
  if (levels.length && !view.worker && !view.dome) {
    // The top level's colour once more, as a large shape in the middle of its face.
    const colour = levels[levels.length - 1];
    const cx = top.x + top.w / 2;
    const cy = top.y + top.w / 2;
    const r = Math.min(11, top.w / 4);
    parts.push(
      colour === "terracotta"
        ? `<circle class="bb-tg-emblem" data-colour="${colour}" cx="${f(cx)}" cy="${f(cy)}" r="${f(r)}"/>`
        : `<rect class="bb-tg-emblem" data-colour="${colour}" x="${f(cx - r)}" y="${f(cy - r)}" width="${f(2 * r)}" height="${f(2 * r)}" rx="1.5"/>`,
    );
  }
  if (view.dome) {
    const domeColour = side(view.levels[3]) || "blue";
    const cx = 50;
    const cy = top.y + top.w * 0.62;
    parts.push(`<path class="bb-tg-dome" data-colour="${domeColour}" d="M${cx - 20} ${f(cy)} A20 20 0 0 1 ${cx + 20} ${f(cy)} Z"/>`);
    parts.push(`<rect class="bb-tg-dome-rim" data-colour="${domeColour}" x="${cx - 23}" y="${f(cy)}" width="46" height="5" rx="2"/>`);
  }
  const base = top.y + top.w * 0.8;
  if (view.ghost) parts.push(worker(view.ghost, 50, base, true));
  if (view.worker) parts.push(worker(view.worker, 50, base, false));
  if (view.circle) {
    parts.push(`<circle class="bb-tg-circle-halo" cx="50" cy="50" r="33"/><circle class="bb-tg-circle" cx="50" cy="50" r="33"/>`);
  }
  if (view.ring) parts.push(`<circle class="bb-tg-ring" cx="50" cy="${f(base - 20)}" r="28"/>`);
  if (view.selected) {
    parts.push(`<rect class="bb-tg-selected-halo" x="4" y="4" width="92" height="92" rx="4"/><rect class="bb-tg-selected" x="4" y="4" width="92" height="92" rx="4"/>`);
  }
  return parts.join("");
}

/** What one square shows now, from Python's square object and the input being built. */
export function squareView(square, state, info) {
  const input = (state && state.input) || {};
  const selection = Array.isArray(input.selection) ? input.selection.map(String) : [];
  const step = typeof input.step === "string" ? input.step : "";
  const levels = Array.isArray(square.levels) ? square.levels.map(side).filter(Boolean) : [];
  const height = Number.isInteger(square.height) ? square.height : levels.length;
  const own = square.worker && typeof square.worker === "object" ? side(square.worker.side) : "";
  let shown = own;
  let ghost = "";
  // Preview of the move being built: the chosen worker stands on its destination.
  if (selection.length >= 2 && !state.review) {
    const grid = state.board && Array.isArray(state.board.squares) ? state.board.squares : [];
    const source = grid.find((sq) => sq && sq.id === selection[0]);
    const moving = source && source.worker ? side(source.worker.side) : "";
    if (info.id === selection[0] && moving) {
      shown = "";
      ghost = moving;
    } else if (info.id === selection[1] && moving) shown = moving;
  }
  const tower = square.dome === true || height >= 2;
  return {
    height,
    levels,
    dome: square.dome === true,
    worker: shown,
    ghost,
    blocked: tower && square.enterable === false && !own,
    circle: info.target && (step === "move" || step === "place"),
    hatch: info.target && (step === "build" || step === "mason" || step === "repaint"),
    ring: info.target && step === "worker",
    selected: Boolean(info.selected),
  };
}

/** The × of a tower nobody (or not this person) may enter: two strokes in a 20×20 box. */
const CROSS = '<svg viewBox="0 0 20 20" aria-hidden="true" focusable="false"><path d="M3 3L17 17M17 3L3 17"/></svg>';

/** A corner badge of the square (`markup` empty: none), drawn over the picture and hatching. */
function setBadge(el, className, markup) {
  let badge = el.querySelector(`:scope > .${className}`);
  if (!markup) {
    if (badge) badge.remove();
    return;
  }
  if (!badge) {
    badge = document.createElement("span");
    badge.className = className;
    badge.setAttribute("aria-hidden", "true");
    el.append(badge);
  }
  if (badge.innerHTML !== markup) badge.innerHTML = markup;
}

/** Paint a grid square: its SVG (rebuilt only when what it shows changed) and its flags. */
export function paintSquare(el, square, state, info) {
  const view = squareView(square, state, info);
  const key = JSON.stringify(view);
  if (el.dataset.tgKey === key) return;
  el.dataset.tgKey = key;
  paintView(el, view, info.index);
}

/** Draw a square's view into `el`: the picture, the corner badges, the flags CSS reads. */
function paintView(el, view, index) {
  let svg = el.querySelector("svg.bb-tg-square");
  if (!svg) {
    svg = document.createElementNS(NS, "svg");
    svg.setAttribute("class", "bb-tg-square");
    svg.setAttribute("viewBox", "0 0 100 100");
    svg.setAttribute("aria-hidden", "true");
    svg.setAttribute("focusable", "false");
    el.append(svg);
  }
  svg.innerHTML = squareSvg(view, index);
  setBadge(el, "bb-tg-badge", view.height > 0 ? (view.dome ? "4" : String(view.height)) : "");
  setBadge(el, "bb-tg-cross", view.blocked ? CROSS : "");
  el.dataset.height = String(view.height);
  el.dataset.worker = view.worker;
  el.classList.toggle("bb-tg-hatch", view.hatch);
  el.classList.toggle("bb-tg-blocked", view.blocked);
  el.classList.toggle("bb-tg-dotted", view.circle);
}

/**
 * A small picture of a few squares (a tutorial card's `picture`: `cols` and `squares`, each a
 * square's view as `squareView` makes it), drawn exactly like the board's squares.
 */
export function paintPicture(el, picture) {
  const key = JSON.stringify(picture.squares);
  if (el.dataset.tgKey === key) return;
  el.dataset.tgKey = key;
  el.style.setProperty("--bb-cols", String(picture.cols || 3));
  el.replaceChildren(
    ...picture.squares.map((view, index) => {
      const square = document.createElement("div");
      square.className = "bb-square bb-tg-mini-square";
      const shown = { height: 0, levels: [], dome: false, worker: "", ghost: "", blocked: false, circle: false, ring: false, selected: false, ...view };
      paintView(square, shown, index);
      return square;
    }),
  );
}
