"""A static SVG picture of a Quads position (a pure function, like python-chess's ``svg``).

Every attribute reads at a glance and without colour vision: size by size (large pieces fill
most of the square, small ones about half), dark/light by lightness contrast *and* a stripe
pattern on dark pieces, round/square by outline, solid/hollow by a hole in the top. The board
and the tray sit on their own wood-coloured panel, so the picture reads the same on light and
dark pages. The held piece (the one the side to move must place) is drawn apart, left of the
tray of pieces still to be given. Squares carry ``data-square`` and pieces ``data-piece``;
every piece has an ``aria-label`` in words ("B3: large dark round solid"), the held box and the
tray a ``<title>``. ``tray=False`` leaves out the held box and the tray (a board that shows
only shapes). ``colors=`` overrides any colour of ``COLORS`` by name: ``colors={"board":
"#e8d9b0"}``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING

from ..core.game import SvgString, palette
from .rules import COLUMNS, SQUARE_NAMES, describe_piece, parse_move

if TYPE_CHECKING:
    from .rules import Move, Position

__all__ = ["COLORS", "piece_svg", "position_svg"]

#: The picture's colours by name; ``position_svg(colors=...)`` overrides any of them.
COLORS: Mapping[str, str] = {
    "panel": "#7a5634",  # frame and tray background
    "board": "#d9b77e",  # the squares (and a hollow piece's hole)
    "grid": "#5c3d20",
    "label": "#fbf3e4",  # the coordinates
    "dark": "#262b38",  # a dark piece: fill, outline, stripe
    "dark_edge": "#eef0f4",
    "dark_stripe": "#4a5266",
    "light": "#fbf0d6",  # a light piece: fill, outline
    "light_edge": "#3b2a14",
    "highlight": "#ffd23f",  # the completed shape's frames, the held box
    "last": "#1f6fd1",  # the last move's corner tab
}
PANEL = COLORS["panel"]
BOARD = COLORS["board"]


def _f(value: float) -> str:
    return f"{value:.1f}".rstrip("0").rstrip(".")


def piece_svg(
    piece: int,
    cx: float,
    cy: float,
    cell: float,
    *,
    label: str | None = None,
    colors: Mapping[str, str] = COLORS,
) -> str:
    """One piece centred on (cx, cy) in a square of side ``cell``, in ``colors`` (a whole
    palette: ``position_svg`` passes its own)."""
    large = bool(piece & 8)
    dark = bool(piece & 4)
    round_ = bool(piece & 2)
    solid = bool(piece & 1)
    r = cell * (0.41 if large else 0.28)
    fill = "url(#bb-quads-dark)" if dark else colors["light"]
    stroke = colors["dark_edge"] if dark else colors["light_edge"]
    width = max(1.5, cell * 0.035)
    words = " ".join(describe_piece(piece))
    aria = label if label is not None else words
    parts = [f'<g class="bb-quads-piece" data-piece="{piece}" role="img" aria-label="{aria}">']
    parts.append(f"<title>{aria} (piece {piece})</title>")
    if round_:
        parts.append(
            f'<circle cx="{_f(cx)}" cy="{_f(cy)}" r="{_f(r)}" fill="{fill}" '
            f'stroke="{stroke}" stroke-width="{_f(width)}"/>'
        )
    else:
        side = r * 1.78
        parts.append(
            f'<rect x="{_f(cx - side / 2)}" y="{_f(cy - side / 2)}" width="{_f(side)}" '
            f'height="{_f(side)}" rx="{_f(side * 0.1)}" fill="{fill}" stroke="{stroke}" '
            f'stroke-width="{_f(width)}"/>'
        )
    if not solid:  # the hole: board colour, ringed
        parts.append(
            f'<circle cx="{_f(cx)}" cy="{_f(cy)}" r="{_f(r * 0.42)}" fill="{colors["board"]}" '
            f'stroke="{stroke}" stroke-width="{_f(width)}"/>'
        )
    parts.append("</g>")
    return "".join(parts)


def position_svg(
    position: Position,
    *,
    size: int = 360,
    coordinates: bool = True,
    last_move: Move | str | None = None,
    highlight: Iterable[str] = (),
    tray: bool = True,
    colors: Mapping[str, str] | None = None,
) -> SvgString:
    """Draw ``position``: the board (``size`` px wide), the held piece and the tray.

    ``highlight`` squares get a thick yellow frame (by default the completed shape of a won
    game); ``last_move`` marks its square with a blue corner tab. ``colors`` overrides colours
    of ``COLORS`` by name (an unknown name raises ValueError).
    """
    ink = palette(COLORS, colors)
    margin = round(size * 0.07) if coordinates else round(size * 0.03)
    cell = (size - 2 * margin) / 4
    tray_cell = (size - 2 * margin) / 9.5  # held box 1.5 wide, then 8 slots
    tray_top = size
    height = size + 2 * tray_cell + margin if tray else size
    lit = {s.upper() for s in highlight}
    if not lit and position.outcome is not None:
        lit = set(position.outcome.squares)
    last = None
    if last_move is not None:
        last = parse_move(last_move).square
    side = position.to_move
    if position.outcome is not None:
        o = position.outcome
        status = f"{o.winner} player won" if o.winner else "draw, the board is full"
    elif position.held is None:
        status = f"{side} player to give a piece"
    else:
        status = f"{side} player to place {' '.join(describe_piece(position.held))}"
    variant = "" if position.squares else ", classic rules"
    parts = [
        (
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{size}" height="{_f(height)}" '
            f'viewBox="0 0 {size} {_f(height)}" role="img" class="bb-quads-board" '
            f'aria-label="Quads board{variant}: {status}">'
        ),
        "<defs>",
        (
            '<pattern id="bb-quads-dark" width="6" height="6" patternUnits="userSpaceOnUse" '
            'patternTransform="rotate(45)">'
            f'<rect width="6" height="6" fill="{ink["dark"]}"/>'
            f'<rect width="2" height="6" fill="{ink["dark_stripe"]}"/></pattern>'
        ),
        "</defs>",
        f'<rect x="0" y="0" width="{size}" height="{_f(height)}" rx="{_f(margin * 0.4)}" fill="{ink["panel"]}"/>',
    ]
    font = _f(max(12.0, margin * 0.7))
    for i in range(16):
        row, col = divmod(i, 4)
        x, y = margin + col * cell, margin + row * cell
        name = SQUARE_NAMES[i]
        piece = position.board[i]
        words = "empty" if piece is None else " ".join(describe_piece(piece))
        parts.append(
            f'<rect data-square="{name}" x="{_f(x)}" y="{_f(y)}" width="{_f(cell)}" '
            f'height="{_f(cell)}" fill="{ink["board"]}" stroke="{ink["grid"]}" stroke-width="1.5">'
            f"<title>{name}: {words}</title></rect>"
        )
        if name == last:
            tab = cell * 0.2
            parts.append(
                f'<path d="M{_f(x)} {_f(y)}h{_f(tab)}L{_f(x)} {_f(y + tab)}z" fill="{ink["last"]}" '
                'aria-hidden="true"/>'
            )
        if piece is not None:
            parts.append(
                piece_svg(
                    piece, x + cell / 2, y + cell / 2, cell, label=f"{name}: {words}", colors=ink
                )
            )
    for i in range(16):  # frames last, so neighbours do not cover them
        if SQUARE_NAMES[i] in lit:
            row, col = divmod(i, 4)
            inset = cell * 0.05
            parts.append(
                f'<rect x="{_f(margin + col * cell + inset)}" y="{_f(margin + row * cell + inset)}" '
                f'width="{_f(cell - 2 * inset)}" height="{_f(cell - 2 * inset)}" fill="none" '
                f'stroke="{ink["highlight"]}" stroke-width="{_f(cell * 0.08)}" '
                f'stroke-dasharray="{_f(cell * 0.22)} {_f(cell * 0.08)}" aria-hidden="true"/>'
            )
    if coordinates:
        for c in range(4):
            parts.append(
                f'<text x="{_f(margin + (c + 0.5) * cell)}" y="{_f(margin * 0.72)}" '
                f'font-size="{font}" font-family="sans-serif" text-anchor="middle" '
                f'fill="{ink["label"]}" aria-hidden="true">{COLUMNS[c]}</text>'
            )
        for r in range(4):
            parts.append(
                f'<text x="{_f(margin * 0.5)}" y="{_f(margin + (r + 0.5) * cell)}" '
                f'font-size="{font}" font-family="sans-serif" text-anchor="middle" '
                f'dominant-baseline="central" fill="{ink["label"]}" aria-hidden="true">'
                f"{r + 1}</text>"
            )
    if not tray:
        parts.append("</svg>")
        return SvgString("".join(parts))
    # the held piece, apart, then the tray: 16 slots in piece order, empty once used
    hx, hy = margin, tray_top
    held_w = tray_cell * 1.5
    parts.append(
        f'<g class="bb-quads-held"><title>piece to place</title><rect x="{_f(hx)}" y="{_f(hy)}" '
        f'width="{_f(held_w)}" height="{_f(2 * tray_cell)}" rx="4" fill="{ink["board"]}" '
        f'stroke="{ink["highlight"]}" stroke-width="2.5"/>'
    )
    if position.held is not None:
        words = " ".join(describe_piece(position.held))
        parts.append(
            piece_svg(
                position.held,
                hx + held_w / 2,
                hy + tray_cell,
                held_w * 0.9,
                label=f"to place: {words}",
                colors=ink,
            )
        )
    parts.append("</g>")
    available = set(position.available())
    tx = margin + held_w + tray_cell * 0.0
    parts.append('<g class="bb-quads-tray"><title>pieces left to give</title>')
    for p in range(16):
        row, col = divmod(p, 8)
        x, y = tx + col * tray_cell, tray_top + row * tray_cell
        parts.append(
            f'<rect x="{_f(x + 1)}" y="{_f(y + 1)}" width="{_f(tray_cell - 2)}" '
            f'height="{_f(tray_cell - 2)}" rx="3" fill="{ink["board"]}" opacity="0.55"/>'
        )
        if p in available:
            parts.append(piece_svg(p, x + tray_cell / 2, y + tray_cell / 2, tray_cell, colors=ink))
    parts.append("</g></svg>")
    return SvgString("".join(parts))
