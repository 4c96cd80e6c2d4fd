"""A static SVG picture of a Tower Gate position (a pure function, like ``reversi.svg``).

Readable at a glance, in light and dark pages and without relying on colour:
- every level is a stepped, shadowed plate (higher = smaller and lifted), so heights read as
  stacks; the height is also written in the square's corner;
- a level's colour carries a mark too: terracotta levels have round dots, blue levels square
  dots (the same shapes as the workers' heads), so colour-blind players can tell them apart;
- a dome is a dark cap with a white rim; workers are figures (terracotta: round head, blue:
  square head) with a light outline;
- the board has its own opaque background and border, so the page colour does not matter.

Every square is a ``<g data-square="C3">`` whose ``<title>`` says it in words, so tests, screen
readers and the book's exercises find it (an ``aria-label`` on a ``<g>`` with no role is not
allowed). Every mark and text is at least 12 px when a phone shows the board at 320 px.
``colors=`` overrides any colour of ``COLORS`` by name: ``colors={"blue": "#2a5da8"}``.
``lang="ja"`` writes the picture's words (its name, each square's title, the legend line) in
Japanese, in the board's own words (``texts``), and marks a dome's badge 4 as the board does;
the default, English, draws "D" there.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING

from ..core import i18n
from ..core.game import SvgString, palette
from . import texts as _texts  # noqa: F401  (registers the board's words with i18n)
from .rules import COLUMNS, HEIGHT, SQUARES, parse_move

if TYPE_CHECKING:
    from .rules import Move, Position

__all__ = ["COLORS", "legend_lines", "legend_text", "position_svg"]

#: The picture's colours by name; ``position_svg(colors=...)`` overrides any of them. Each
#: side has its level (top, side face, marks) and its worker (fill, edge).
COLORS: Mapping[str, str] = {
    "background": "#efe8da",
    "border": "#4a3f35",  # the frame, the grid, the texts
    "tile": "#d9cdb6",  # the squares, in a checker of two
    "tile_alt": "#d2c5ab",
    "terracotta": "#c4623f",
    "terracotta_side": "#8c3f22",
    "terracotta_mark": "#fbe3d6",
    "terracotta_worker": "#e07a52",
    "terracotta_worker_edge": "#5a2210",
    "blue": "#3d6fb8",
    "blue_side": "#244a80",
    "blue_mark": "#dbe8fb",
    "blue_worker": "#5b8fe0",
    "blue_worker_edge": "#112a55",
    "dome": "#1f2a3a",
    "rim": "#ffffff",  # a level's edge, a worker's outline and halo, the height badge
    "last": "#e0b000",  # the last move's squares and its build
    "highlight": "#1a1a1a",  # the dotted ring of a highlighted square
}


def _f(value: float) -> str:
    return f"{value:.1f}".rstrip("0").rstrip(".")


def _marks(side: str, x: float, y: float, w: float, size: float, ink: Mapping[str, str]) -> str:
    """Two small marks along the front edge of a level: dots (terracotta) or squares (blue)."""
    mark = ink[f"{side}_mark"]
    out = []
    for k in (0.3, 0.7):
        cx = x + w * k
        if side == "terracotta":
            out.append(
                f'<circle cx="{_f(cx)}" cy="{_f(y)}" r="{_f(size / 2)}" fill="{mark}" '
                'class="bb-tg-mark"/>'
            )
        else:
            out.append(
                f'<rect x="{_f(cx - size / 2)}" y="{_f(y - size / 2)}" width="{_f(size)}" '
                f'height="{_f(size)}" fill="{mark}" class="bb-tg-mark"/>'
            )
    return "".join(out)


def _worker(side: str, cx: float, base: float, cell: float, ink: Mapping[str, str]) -> str:
    fill, edge, rim = ink[f"{side}_worker"], ink[f"{side}_worker_edge"], ink["rim"]
    s = cell * 0.2
    body = (
        f'<path d="M{_f(cx - s * 0.9)} {_f(base)} L{_f(cx - s * 0.55)} {_f(base - s * 1.5)} '
        f'L{_f(cx + s * 0.55)} {_f(base - s * 1.5)} L{_f(cx + s * 0.9)} {_f(base)} Z" '
        f'fill="{fill}" stroke="{edge}" stroke-width="{_f(cell * 0.03)}"/>'
    )
    hy = base - s * 2.05
    if side == "terracotta":
        head = (
            f'<circle cx="{_f(cx)}" cy="{_f(hy)}" r="{_f(s * 0.55)}" fill="{fill}" '
            f'stroke="{edge}" stroke-width="{_f(cell * 0.03)}"/>'
        )
    else:
        head = (
            f'<rect x="{_f(cx - s * 0.55)}" y="{_f(hy - s * 0.55)}" width="{_f(s * 1.1)}" '
            f'height="{_f(s * 1.1)}" fill="{fill}" stroke="{edge}" '
            f'stroke-width="{_f(cell * 0.03)}"/>'
        )
    halo = (
        f'<ellipse cx="{_f(cx)}" cy="{_f(base)}" rx="{_f(s * 1.15)}" ry="{_f(s * 0.38)}" '
        f'fill="{rim}" fill-opacity="0.85" stroke="{edge}" stroke-width="1"/>'
    )
    # a white outline under the figure keeps it apart from a level of its own colour
    outline = body.replace(f'stroke="{edge}"', f'stroke="{rim}"').replace(
        f'stroke-width="{_f(cell * 0.03)}"', f'stroke-width="{_f(cell * 0.09)}"'
    ) + head.replace(f'stroke="{edge}"', f'stroke="{rim}"').replace(
        f'stroke-width="{_f(cell * 0.03)}"', f'stroke-width="{_f(cell * 0.09)}"'
    )
    return f'<g class="bb-tg-worker" data-side="{side}">{halo}{outline}{body}{head}</g>'


def _side(side: str, lang: str) -> str:
    """A side as the picture names it: lower case in English ("terracotta to move")."""
    return side if lang == "en" else i18n.text(f"towergate.side.{side}", lang)


def _parts(position: Position, square: str, lang: str) -> list[str]:
    """What ``square`` holds, in words: its levels, then the worker standing there (if any)."""
    lg = position.legend(square)
    if lg["dome"]:
        levels = i18n.text("towergate.picture.dome", lang, square=square)
    elif lg["height"] == 0:
        levels = i18n.text("towergate.picture.flat", lang, square=square)
    else:
        levels = i18n.text(
            "towergate.legend",
            lang,
            square=square,
            height=lg["height"],
            terracotta=lg["terracotta"],
            blue=lg["blue"],
        )
    if not lg["worker"]:
        return [levels]
    return [levels, i18n.text("towergate.picture.worker", lang, side=_side(lg["worker"], lang))]


def _describe(position: Position, square: str, lang: str = "en") -> str:
    return i18n.text("towergate.picture.and", lang).join(_parts(position, square, lang))


def _entry(position: Position, square: str, lang: str) -> str | None:
    """Who may enter ``square``, for a tower of height 2 or 3 (None: anyone, or nobody ever)."""
    lg = position.legend(square)
    if not 2 <= lg["height"] <= 3:
        return None
    may = [s for s, ok in lg["enterable"].items() if ok]
    if may:
        return i18n.text("towergate.legend.only", lang, side=_side(may[0], lang))
    return i18n.text("towergate.legend.tie", lang)


def legend_text(position: Position, square: str, lang: str = "en") -> str:
    """The legend line for ``square``: height, levels per colour, who may enter."""
    square = position.legend(square)["square"]
    entry = _entry(position, square, lang)
    text = _describe(position, square, lang)
    return text if entry is None else text + i18n.text("towergate.picture.then", lang) + entry


def legend_lines(position: Position, square: str, lang: str = "en") -> list[str]:
    """The legend as the picture writes it under the board: the levels, then (on a second
    line, so that it fits the board's width) the worker and who may enter."""
    square = position.legend(square)["square"]
    levels, *rest = _parts(position, square, lang)
    entry = _entry(position, square, lang)
    if entry is not None:
        rest.append(entry)
    return [levels, *([i18n.text("towergate.picture.then", lang).join(rest)] if rest else [])]


def _state(position: Position, lang: str) -> str:
    """The position in a few words, for the picture's name."""
    status = position.outcome
    if status is None:
        side = _side(str(position.to_move), lang)
        return i18n.text("towergate.picture.to_move", lang, side=side, turn=position.turn)
    if status.winner:
        key = f"towergate.picture.won.{status.termination}"
        return i18n.text(key, lang, side=_side(status.winner, lang))
    return i18n.text("towergate.picture.draw", lang)


def position_svg(
    position: Position,
    *,
    size: int = 360,
    coordinates: bool = True,
    last_move: Move | str | None = None,
    highlight: Iterable[str] = (),
    legend: str | None = None,
    colors: Mapping[str, str] | None = None,
    lang: str = "en",
) -> SvgString:
    """Draw ``position``; ``highlight`` squares get a dotted ring, ``last_move`` its squares
    outlined, ``legend`` (a square) adds its legend line under the board. ``colors``
    overrides colours of ``COLORS`` by name (an unknown name raises ValueError); ``lang``
    ("en" or "ja") is the language of the picture's words."""
    i18n.text("towergate.name", lang)  # an unknown language raises ValueError here
    ink = palette(COLORS, colors)
    border = ink["border"]
    margin = round(size * 0.06) if coordinates else round(size * 0.02)
    cell = (size - 2 * margin) / 5
    lines = legend_lines(position, legend, lang) if legend else []
    font_legend = round(size * 0.1) * 0.4
    line_step = round(font_legend * 1.3)  # from one legend line to the next
    extra = round(size * 0.1) + line_step * (len(lines) - 1) if legend else 0
    height = size + extra
    board = i18n.text("towergate.board", lang) + i18n.text("towergate.picture.and", lang)
    parts = [
        (
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{size}" height="{height}" '
            f'viewBox="0 0 {size} {height}" role="img" class="bb-towergate-board" '
            f'aria-label="{board}{_state(position, lang)}">'
        ),
        (
            f'<rect x="0" y="0" width="{size}" height="{height}" rx="{_f(size * 0.02)}" '
            f'fill="{ink["background"]}" stroke="{border}" stroke-width="2"/>'
        ),
    ]
    lit = {s.upper() for s in highlight}
    last: set[str] = set()
    built = None
    if last_move is not None:
        m = parse_move(last_move)
        last = {s for s in (m.source, m.target) if s}
        built = m.build
    workers = {sq: side for side, squares in position.workers.items() for sq in squares}
    font = _f(cell * 0.22)
    dome_badge = "D" if lang == "en" else "4"  # the board's badge: a dome is height 4
    for i, name in enumerate(SQUARES):
        row, col = divmod(i, 5)
        x, y = margin + col * cell, margin + row * cell
        code = position._cells[i]
        h = HEIGHT[code]
        levels = position.levels(name)
        g = [
            f'<g data-square="{name}"><title>{_describe(position, name, lang)}</title>',
            (
                f'<rect x="{_f(x)}" y="{_f(y)}" width="{_f(cell)}" height="{_f(cell)}" '
                f'fill="{ink["tile_alt" if (row + col) % 2 else "tile"]}" stroke="{border}" '
                'stroke-width="1"/>'
            ),
        ]
        lift = cell * 0.06
        step = cell * 0.13
        for k, side in enumerate(levels[:3]):
            inset = cell * 0.05 + step * k
            lx, ly = x + inset, y + inset - lift * (k + 1)
            w = cell - 2 * inset
            g.append(
                f'<rect x="{_f(lx)}" y="{_f(ly + lift)}" width="{_f(w)}" height="{_f(w)}" '
                f'rx="{_f(cell * 0.03)}" fill="{ink[f"{side}_side"]}"/>'
            )
            g.append(
                f'<rect x="{_f(lx)}" y="{_f(ly)}" width="{_f(w)}" height="{_f(w)}" '
                f'rx="{_f(cell * 0.03)}" fill="{ink[side]}" stroke="{ink["rim"]}" '
                f'stroke-opacity="0.7" stroke-width="1" data-level="{k + 1}" '
                f'data-colour="{side}"/>'
            )
            # marks in the front band this level shows below the next one (or on its face)
            band_y = ly + w - (step + lift) / 2 if k < min(h, 3) - 1 else ly + w - cell * 0.08
            g.append(_marks(side, lx, band_y, w, cell * 0.075, ink))
        if h == 4:
            cx, cy = x + cell / 2, y + cell * 0.6 - lift * 3
            r = cell * 0.22
            side = levels[3]
            g.append(
                f'<path d="M{_f(cx - r)} {_f(cy)} A{_f(r)} {_f(r)} 0 0 1 {_f(cx + r)} {_f(cy)} Z" '
                f'fill="{ink["dome"]}" stroke="{ink[side]}" stroke-width="{_f(cell * 0.04)}" '
                f'class="bb-tg-dome"/>'
            )
        if h:
            bx, by = x + cell * 0.15, y + cell * 0.15
            g.append(
                f'<circle cx="{_f(bx)}" cy="{_f(by)}" r="{_f(cell * 0.13)}" fill="{ink["rim"]}" '
                f'stroke="{border}" stroke-width="1" class="bb-tg-badge"/>'
                f'<text x="{_f(bx)}" y="{_f(by + cell * 0.077)}" font-size="{font}" '
                f'text-anchor="middle" font-family="sans-serif" font-weight="bold" '
                f'fill="{border}">{dome_badge if h == 4 else h}</text>'
            )
        if name in workers:
            top = y + cell * 0.78 - lift * min(h, 3)
            g.append(_worker(workers[name], x + cell / 2, top, cell, ink))
        if name in last:
            g.append(
                f'<rect x="{_f(x + 2)}" y="{_f(y + 2)}" width="{_f(cell - 4)}" '
                f'height="{_f(cell - 4)}" fill="none" stroke="{ink["last"]}" stroke-width="3" '
                f'class="bb-tg-last"/>'
            )
        if name == built:
            g.append(
                f'<circle cx="{_f(x + cell * 0.86)}" cy="{_f(y + cell * 0.14)}" '
                f'r="{_f(cell * 0.11)}" fill="{ink["last"]}" stroke="{border}" '
                'class="bb-tg-built"/>'
            )
        if name in lit:
            g.append(
                f'<circle cx="{_f(x + cell / 2)}" cy="{_f(y + cell / 2)}" r="{_f(cell * 0.36)}" '
                f'fill="none" stroke="{ink["highlight"]}" stroke-width="2.5" stroke-dasharray="4 3" '
                f'class="bb-tg-highlight"/>'
            )
        g.append("</g>")
        parts.append("".join(g))
    if coordinates:
        for k in range(5):
            cx = margin + (k + 0.5) * cell
            parts.append(
                f'<text x="{_f(cx)}" y="{_f(margin * 0.75)}" font-size="{_f(margin * 0.7)}" '
                f'text-anchor="middle" font-family="sans-serif" fill="{border}">{COLUMNS[k]}</text>'
            )
            parts.append(
                f'<text x="{_f(margin * 0.5)}" y="{_f(margin + (k + 0.5) * cell + margin * 0.2)}" '
                f'font-size="{_f(margin * 0.7)}" text-anchor="middle" font-family="sans-serif" '
                f'fill="{border}">{k + 1}</text>'
            )
    family = "sans-serif" if lang == "en" else "'Noto Sans JP', sans-serif"
    for k, line in enumerate(lines):
        y = size + round(size * 0.1) * 0.45 + line_step * k
        parts.append(
            f'<text x="{_f(size / 2)}" y="{_f(y)}" font-size="{_f(font_legend)}" '
            f'text-anchor="middle" font-family="{family}" fill="{border}" '
            f'class="bb-tg-legend">{line}</text>'
        )
    parts.append("</svg>")
    return SvgString("".join(parts))
