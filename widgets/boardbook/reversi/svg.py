"""A static SVG picture of a Reversi position (python-chess style: a pure function).

Used by ``Position._repr_svg_`` so boards show in notebooks, the book, GitHub and nbconvert
without a kernel or the widget. Every square is a ``<rect>`` carrying ``data-square`` so tests
and readers can find squares the same way as in the widget.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core.game import SvgString
from .rules import COLUMNS, PASS, parse_move, square_name

if TYPE_CHECKING:
    from .rules import Move, Position

BOARD_COLOUR = "#2e7d4f"
LINE_COLOUR = "#1b4d31"
DISC_COLOURS = {"black": ("#111111", "#000000"), "white": ("#f4f4f4", "#555555")}


def board_svg(
    pos: Position,
    *,
    size: int = 360,
    coordinates: bool = True,
    legal: bool = True,
    last_move: Move | str | None = None,
) -> SvgString:
    """Draw ``pos``: discs, legal-move dots (``legal``), a last-move mark and a1-h8 labels."""
    margin = round(size * 0.06) if coordinates else 0
    cell = (size - 2 * margin) / 8
    parts = [
        (
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{size}" height="{size}" '
            f'viewBox="0 0 {size} {size}" role="img" aria-label="Reversi board, '
            f'{pos.to_move} to move" class="bb-reversi-board">'
        ),
        f'<rect x="0" y="0" width="{size}" height="{size}" fill="#f7f3e8"/>',
    ]
    cells = pos.cells()
    legal_squares = set()
    if legal:
        legal_squares = {int(m) for m in pos.legal_moves() if m != PASS}
    last = None
    if last_move is not None:
        move = parse_move(last_move)
        last = None if move == PASS else int(move)

    def fmt(value: float) -> str:
        return f"{value:.2f}".rstrip("0").rstrip(".")

    for i in range(64):
        row, col = divmod(i, 8)
        x, y = margin + col * cell, margin + row * cell
        parts.append(
            f'<rect data-square="{square_name(i)}" x="{fmt(x)}" y="{fmt(y)}" '
            f'width="{fmt(cell)}" height="{fmt(cell)}" fill="{BOARD_COLOUR}" '
            f'stroke="{LINE_COLOUR}" stroke-width="1"/>'
        )
        cx, cy = fmt(x + cell / 2), fmt(y + cell / 2)
        if cells[i]:
            fill, stroke = DISC_COLOURS[cells[i]]
            parts.append(
                f'<circle cx="{cx}" cy="{cy}" r="{fmt(cell * 0.4)}" fill="{fill}" '
                f'stroke="{stroke}" stroke-width="1" class="bb-disc bb-{cells[i]}"/>'
            )
            if i == last:
                mark = "#ffffff" if cells[i] == "black" else "#111111"
                parts.append(
                    f'<circle cx="{cx}" cy="{cy}" r="{fmt(cell * 0.08)}" fill="#d9534f" '
                    f'stroke="{mark}" stroke-width="0.5" class="bb-last-move"/>'
                )
        elif i in legal_squares:
            parts.append(
                f'<circle cx="{cx}" cy="{cy}" r="{fmt(cell * 0.1)}" '
                f'fill="{DISC_COLOURS[pos.to_move][0]}" fill-opacity="0.45" class="bb-legal"/>'
            )
    if coordinates:
        font = fmt(margin * 0.6)
        for k in range(8):
            centre = fmt(margin + (k + 0.5) * cell)
            for edge in (margin / 2, size - margin / 2):
                parts.append(
                    f'<text x="{centre}" y="{fmt(edge)}" font-size="{font}" '
                    f'text-anchor="middle" dominant-baseline="central" '
                    f'font-family="sans-serif" fill="#333">{COLUMNS[k]}</text>'
                )
                parts.append(
                    f'<text x="{fmt(edge)}" y="{centre}" font-size="{font}" '
                    f'text-anchor="middle" dominant-baseline="central" '
                    f'font-family="sans-serif" fill="#333">{k + 1}</text>'
                )
    parts.append("</svg>")
    return SvgString("".join(parts))
