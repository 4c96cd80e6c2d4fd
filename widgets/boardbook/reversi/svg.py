"""A static SVG picture of a Reversi position (python-chess style: a pure function).

Used by ``Position._repr_svg_`` so boards show in notebooks, the book, GitHub and nbconvert
without a kernel or the widget. Every square is a ``<rect>`` carrying ``data-square`` and a
``<title>`` in words ("d4: white disc"), so tests, screen readers and the book's exercises find
squares the same way as in the widget.

Lesson marks (``marks=``) let a static picture explain a move: the square played, the lines it
brackets and the discs that flip (docs/RULES.md, "Placing a disc"). Coordinates use
``currentColor`` and no page-coloured background, so the picture reads on light and dark pages.
``colors=`` overrides any colour of ``COLORS`` by name: ``colors={"board": "#3a6ea5"}``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from html import escape
from typing import TYPE_CHECKING, Any

from ..core.game import SvgString, palette
from .rules import COLUMNS, PASS, parse_move, parse_square, square_name

if TYPE_CHECKING:
    from .rules import Move, Position

__all__ = ["BOARD_COLOUR", "COLORS", "MARK_COLOUR", "board_svg", "position_svg"]

#: The picture's colours by name; ``position_svg(colors=...)`` overrides any of them.
COLORS: Mapping[str, str] = {
    "board": "#2e7d4f",  # the squares
    "line": "#1b4d31",  # the grid
    "black": "#111111",  # a black disc (and a legal-move dot for Black), its edge
    "black_edge": "#000000",
    "white": "#f4f4f4",  # a white disc (and a dot for White), its edge
    "white_edge": "#555555",
    "mark": "#ffb300",  # lesson marks; gold: visible on the board and on both discs
    "spot": "#e53935",  # the last move's spot, the ring of the move shown
    "ink_light": "#ffffff",  # a label (or the spot's rim) on a black disc or the board
    "ink_dark": "#111111",  # the same on a white disc
}
BOARD_COLOUR = COLORS["board"]
MARK_COLOUR = COLORS["mark"]
#: Radius of the legal-move dots and the last-move spot, in squares: 0.36 of a square across,
#: at least 12 px when a phone (390 px wide) shows the board at about 320 px.
SPOT = 0.18


def _fmt(value: float) -> str:
    return f"{value:.2f}".rstrip("0").rstrip(".")


def _index(square: Any) -> int:
    return parse_square(str(square))


def position_svg(
    pos: Position,
    *,
    size: int = 360,
    coordinates: bool = True,
    legal: bool = True,
    last_move: Move | str | None = None,
    marks: Mapping[str, Any] | None = None,
    label: str | None = None,
    colors: Mapping[str, str] | None = None,
) -> SvgString:
    """Draw ``pos``: discs, legal-move dots (``legal``), a last-move spot, a1-h8 labels, marks.

    ``marks`` (all optional): ``"move"`` a square ringed as the move shown; ``"flips"`` squares
    whose discs flip (ringed); ``"lines"`` ``(from, to)`` square pairs drawn as bracket lines;
    ``"squares"`` squares outlined (e.g. the X-squares); ``"labels"`` ``{square: text}``;
    ``"legal": False`` leaves out the dots (an "after" picture is about the move, not the next).
    ``label`` replaces the default ``aria-label``. ``colors`` overrides colours of ``COLORS``
    by name (an unknown name raises ValueError).
    """
    ink = palette(COLORS, colors)
    marks = marks or {}
    margin = round(size * 0.07) if coordinates else 0
    cell = (size - 2 * margin) / 8
    aria = label or f"Reversi board, {pos.to_move} to move"
    parts = [
        (
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{size}" height="{size}" '
            f'viewBox="0 0 {size} {size}" role="img" aria-label="{escape(aria)}" '
            'class="bb-reversi-board">'
        ),
    ]
    cells = pos.cells()
    legal_squares: set[int] = set()
    if marks.get("legal", legal):
        legal_squares = {int(m) for m in pos.legal_moves() if m != PASS}
    last = None
    if last_move is not None:
        move = parse_move(last_move)
        last = None if move == PASS else int(move)
    ringed = {_index(s) for s in marks.get("flips", ())}
    played = _index(marks["move"]) if marks.get("move") else None
    outlined = {_index(s) for s in marks.get("squares", ())}
    labels = {_index(s): str(t) for s, t in dict(marks.get("labels", {})).items()}

    def centre(i: int) -> tuple[float, float]:
        row, col = divmod(i, 8)
        return margin + (col + 0.5) * cell, margin + (row + 0.5) * cell

    for i in range(64):
        row, col = divmod(i, 8)
        x, y = margin + col * cell, margin + row * cell
        what = f"{cells[i]} disc" if cells[i] else "empty"
        if i in legal_squares:
            what += ", a legal move"
        parts.append(
            f'<rect data-square="{square_name(i)}" x="{_fmt(x)}" y="{_fmt(y)}" '
            f'width="{_fmt(cell)}" height="{_fmt(cell)}" fill="{ink["board"]}" '
            f'stroke="{ink["line"]}" stroke-width="1"><title>{square_name(i)}: {what}</title>'
            "</rect>"
        )
        cx, cy = (_fmt(v) for v in centre(i))
        if cells[i]:
            fill, stroke = ink[cells[i]], ink[f"{cells[i]}_edge"]
            parts.append(
                f'<circle cx="{cx}" cy="{cy}" r="{_fmt(cell * 0.4)}" fill="{fill}" '
                f'stroke="{stroke}" stroke-width="1" class="bb-disc bb-{cells[i]}"/>'
            )
            if i == last:
                rim = ink["ink_light"] if cells[i] == "black" else ink["ink_dark"]
                parts.append(
                    f'<circle cx="{cx}" cy="{cy}" r="{_fmt(cell * SPOT)}" fill="{ink["spot"]}" '
                    f'stroke="{rim}" stroke-width="0.5" class="bb-last-move"/>'
                )
        elif i in legal_squares:
            parts.append(
                f'<circle cx="{cx}" cy="{cy}" r="{_fmt(cell * SPOT)}" '
                f'fill="{ink[pos.to_move or "black"]}" fill-opacity="0.45" class="bb-legal"/>'
            )
    parts += _lines(marks.get("lines", ()), centre, cell, ink["mark"])
    for i in sorted(outlined):
        row, col = divmod(i, 8)
        inset = cell * 0.06
        parts.append(
            f'<rect x="{_fmt(margin + col * cell + inset)}" y="{_fmt(margin + row * cell + inset)}" '
            f'width="{_fmt(cell - 2 * inset)}" height="{_fmt(cell - 2 * inset)}" fill="none" '
            f'stroke="{ink["mark"]}" stroke-width="{_fmt(cell * 0.07)}" stroke-dasharray="4 3" '
            f'class="bb-mark-square" data-mark="{square_name(i)}"/>'
        )
    for i in sorted(ringed):
        cx, cy = (_fmt(v) for v in centre(i))
        parts.append(
            f'<circle cx="{cx}" cy="{cy}" r="{_fmt(cell * 0.44)}" fill="none" '
            f'stroke="{ink["mark"]}" stroke-width="{_fmt(cell * 0.09)}" '
            f'class="bb-mark-flip" data-mark="{square_name(i)}"/>'
        )
    if played is not None:
        cx, cy = (_fmt(v) for v in centre(played))
        parts.append(
            f'<circle cx="{cx}" cy="{cy}" r="{_fmt(cell * 0.46)}" fill="none" '
            f'stroke="{ink["spot"]}" stroke-width="{_fmt(cell * 0.1)}" '
            f'class="bb-mark-move" data-mark="{square_name(played)}"/>'
        )
    for i, label_text in sorted(labels.items()):
        lx, ly = centre(i)
        text_ink = ink["ink_dark"] if cells[i] == "white" else ink["ink_light"]
        parts.append(
            f'<text x="{_fmt(lx)}" y="{_fmt(ly)}" font-size="{_fmt(cell * 0.42)}" '
            f'font-weight="700" text-anchor="middle" dominant-baseline="central" '
            f'font-family="sans-serif" fill="{text_ink}" class="bb-mark-label">'
            f"{escape(label_text)}</text>"
        )
    if coordinates:
        font = _fmt(margin * 0.62)
        for k in range(8):
            middle = _fmt(margin + (k + 0.5) * cell)
            for edge in (margin / 2, size - margin / 2):
                spots = ((middle, _fmt(edge), COLUMNS[k]), (_fmt(edge), middle, str(k + 1)))
                for tx, ty, name in spots:
                    parts.append(
                        f'<text x="{tx}" y="{ty}" font-size="{font}" text-anchor="middle" '
                        'dominant-baseline="central" font-family="sans-serif" '
                        f'fill="currentColor" class="bb-coord">{name}</text>'
                    )
    parts.append("</svg>")
    return SvgString("".join(parts))


def _lines(pairs: Iterable[Sequence[str]], centre: Any, cell: float, colour: str) -> list[str]:
    """Bracket lines from the move to the disc at the far end, under the rings."""
    out = []
    for start, end in pairs:
        (x1, y1), (x2, y2) = centre(_index(start)), centre(_index(end))
        out.append(
            f'<line x1="{_fmt(x1)}" y1="{_fmt(y1)}" x2="{_fmt(x2)}" y2="{_fmt(y2)}" '
            f'stroke="{colour}" stroke-width="{_fmt(cell * 0.14)}" stroke-linecap="round" '
            f'stroke-opacity="0.8" class="bb-mark-line" data-mark="{start}-{end}"/>'
        )
    return out


#: The name it had before every game's picture function was called ``position_svg``.
board_svg = position_svg
