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
"#e8d9b0"}``. ``lang="ja"`` writes those words in Japanese (the widget's, ``texts.py``), for a
screen reader on a Japanese page; the picture itself draws no words, only the coordinates.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING

from ..core import i18n
from ..core.game import SvgString, palette
from .rules import COLUMNS, SQUARE_NAMES, describe_piece, parse_move
from .texts import piece_label

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


def _words(piece: int, lang: str) -> str:
    """A piece in words: "large dark round solid" / "大型・ダーク・丸型・中実の駒"."""
    return " ".join(describe_piece(piece)) if lang == "en" else piece_label(piece, lang)


def _status(position: Position, lang: str) -> str:
    """What the board's aria-label says after its name: whose turn, to do what, or the end."""
    side = position.to_move
    o = position.outcome
    if lang == "en":
        if o is not None:
            return f"{o.winner} player won" if o.winner else "draw, the board is full"
        if position.held is None:
            return f"{side} player to give a piece"
        return f"{side} player to place {_words(position.held, lang)}"
    if o is not None:
        if o.winner is None:
            return i18n.text("quads.termination.board_full", lang)
        return f"{i18n.text(f'quads.{o.winner}', lang)}の勝ち"
    who = i18n.text(f"quads.{side}", lang)
    if position.held is None:
        return i18n.text("quads.status.give", lang, side=who)
    return i18n.text("quads.status.place", lang, side=who, words=_words(position.held, lang))


def piece_svg(
    piece: int,
    cx: float,
    cy: float,
    cell: float,
    *,
    label: str | None = None,
    colors: Mapping[str, str] = COLORS,
    lang: str = "en",
) -> str:
    """One piece centred on (cx, cy) in a square of side ``cell``, in ``colors`` (a whole
    palette: ``position_svg`` passes its own); its words (``label``, or the piece's) in
    ``lang``."""
    large = bool(piece & 8)
    dark = bool(piece & 4)
    round_ = bool(piece & 2)
    solid = bool(piece & 1)
    r = cell * (0.41 if large else 0.28)
    fill = "url(#bb-quads-dark)" if dark else colors["light"]
    stroke = colors["dark_edge"] if dark else colors["light_edge"]
    width = max(1.5, cell * 0.035)
    aria = label if label is not None else _words(piece, lang)
    number = (
        f"(piece {piece})"
        if lang == "en"
        else f"（{i18n.text('quads.piece_short', lang, piece=piece)}）"
    )
    parts = [f'<g class="bb-quads-piece" data-piece="{piece}" role="img" aria-label="{aria}">']
    parts.append(
        f"<title>{aria} {number}</title>" if lang == "en" else f"<title>{aria}{number}</title>"
    )
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
    lang: str = "en",
) -> SvgString:
    """Draw ``position``: the board (``size`` px wide), the held piece and the tray.

    ``highlight`` squares get a thick yellow frame (by default the completed shape of a won
    game); ``last_move`` marks its square with a blue corner tab. ``colors`` overrides colours
    of ``COLORS`` by name (an unknown name raises ValueError). ``lang`` is the language of the
    words a screen reader says (the board's label, each square's and piece's).
    """
    en = lang == "en"
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
    status = _status(position, lang)
    if en:
        variant = "" if position.squares else ", classic rules"
        name = f"Quads board{variant}: "
    else:
        variant = "" if position.squares else "（クラシックルール）"
        name = f"{i18n.text('quads.board', lang)}{variant}、"
    parts = [
        (
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{size}" height="{_f(height)}" '
            f'viewBox="0 0 {size} {_f(height)}" role="img" class="bb-quads-board" '
            f'aria-label="{name}{status}">'
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
        words = ("empty" if en else "空き") if piece is None else _words(piece, lang)
        label = f"{name}: {words}" if en else f"{name}：{words}"
        parts.append(
            f'<rect data-square="{name}" x="{_f(x)}" y="{_f(y)}" width="{_f(cell)}" '
            f'height="{_f(cell)}" fill="{ink["board"]}" stroke="{ink["grid"]}" stroke-width="1.5">'
            f"<title>{label}</title></rect>"
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
                    piece, x + cell / 2, y + cell / 2, cell, label=label, colors=ink, lang=lang
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
        f'<g class="bb-quads-held"><title>{"piece to place" if en else i18n.text("quads.held", lang)}</title>'
        f'<rect x="{_f(hx)}" y="{_f(hy)}" '
        f'width="{_f(held_w)}" height="{_f(2 * tray_cell)}" rx="4" fill="{ink["board"]}" '
        f'stroke="{ink["highlight"]}" stroke-width="2.5"/>'
    )
    if position.held is not None:
        words = _words(position.held, lang)
        parts.append(
            piece_svg(
                position.held,
                hx + held_w / 2,
                hy + tray_cell,
                held_w * 0.9,
                label=f"to place: {words}" if en else f"{i18n.text('quads.held', lang)}：{words}",
                colors=ink,
                lang=lang,
            )
        )
    parts.append("</g>")
    available = set(position.available())
    tx = margin + held_w + tray_cell * 0.0
    tray_words = "pieces left to give" if en else i18n.text("quads.tray", lang)
    parts.append(f'<g class="bb-quads-tray"><title>{tray_words}</title>')
    for p in range(16):
        row, col = divmod(p, 8)
        x, y = tx + col * tray_cell, tray_top + row * tray_cell
        parts.append(
            f'<rect x="{_f(x + 1)}" y="{_f(y + 1)}" width="{_f(tray_cell - 2)}" '
            f'height="{_f(tray_cell - 2)}" rx="3" fill="{ink["board"]}" opacity="0.55"/>'
        )
        if p in available:
            parts.append(
                piece_svg(p, x + tray_cell / 2, y + tray_cell / 2, tray_cell, colors=ink, lang=lang)
            )
    parts.append("</g></svg>")
    return SvgString("".join(parts))
