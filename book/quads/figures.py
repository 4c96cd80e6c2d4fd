"""Pictures and independent checks for the Quads chapter (imported by its pages' hidden cells).

Boards are ``boardbook.quads.svg.position_svg`` pictures; the piece chart and the exercise
boards add only what a chapter needs (every piece with its number, tray pieces that answer a
click). ``brute_*`` recompute the rules from RULES.md's words (rows, columns, diagonals, 2×2
squares; four pieces sharing one of four bits), so a page's claims are checked by something
other than the engine that produced them.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable, Sequence

from boardbook.quads import Position, describe_piece, search_steps
from boardbook.quads.svg import BOARD, PANEL, piece_svg, position_svg
from boardbook.quads.texts import attribute_label

__all__ = [
    "board",
    "brute_safe",
    "brute_shapes",
    "brute_wins_at",
    "careful_game",
    "clickable_tray",
    "pieces_chart",
    "words",
]

_STRIPES = (
    '<defs><pattern id="bb-quads-dark" width="6" height="6" patternUnits="userSpaceOnUse" '
    'patternTransform="rotate(45)"><rect width="6" height="6" fill="#262b38"/>'
    '<rect width="2" height="6" fill="#4a5266"/></pattern></defs>'
)


def words(piece: int, lang: str = "en") -> str:
    """``13 -> "large dark square solid"`` / ``"大型・ダーク・角型・中実"`` (the attributes
    only, for a piece already named: 駒13（大型・ダーク・角型・中実）; the widget's
    ``texts.piece_label`` adds の駒 for a piece named by its words alone)."""
    if lang == "en":
        return " ".join(describe_piece(piece))
    return "・".join(attribute_label(word, lang) for word in describe_piece(piece))


def board(position: Position, lang: str = "en", **options: object) -> str:
    """The board picture (a string, as ``kit.lesson`` takes it), its words in ``lang``."""
    return str(position_svg(position, lang=lang, **options))  # type: ignore[arg-type]


def pieces_chart(
    pieces: Sequence[int] = tuple(range(16)), cols: int = 8, cell: int = 58, lang: str = "en"
) -> str:
    """Every piece in ``pieces`` with its number under it, on the board's wood."""
    rows = (len(pieces) + cols - 1) // cols
    width, height = cols * cell + 8, rows * (cell + 22) + 8
    name = f"The {len(pieces)} pieces: " if lang == "en" else f"{len(pieces)}個の駒："
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" role="img" aria-label="{name}'
        + ("; " if lang == "en" else "、").join(
            f"{p}: {words(p)}" if lang == "en" else f"{p}：{words(p, lang)}" for p in pieces
        )
        + '">',
        _STRIPES,
        f'<rect width="{width}" height="{height}" rx="8" fill="{PANEL}"/>',
    ]
    for i, p in enumerate(pieces):
        row, col = divmod(i, cols)
        x, y = 4 + col * cell, 4 + row * (cell + 22)
        parts.append(
            f'<rect x="{x + 2}" y="{y + 2}" width="{cell - 4}" height="{cell - 4}" rx="4" '
            f'fill="{BOARD}"/>'
        )
        parts.append(
            piece_svg(p, x + cell / 2, y + cell / 2, cell, label=words(p, lang), lang=lang)
        )
        parts.append(
            # 17 units: 12 px when a phone shows the 472-unit chart 342 px wide
            f'<text x="{x + cell / 2}" y="{y + cell + 16}" font-size="17" fill="#fbf3e4" '
            f'font-family="sans-serif" text-anchor="middle" aria-hidden="true">{p}</text>'
        )
    parts.append("</svg>")
    return "".join(parts)


def clickable_tray(svg: str, pieces: Iterable[int]) -> str:
    """``svg`` with the tray's pieces in ``pieces`` made exercise answers (``data-square``
    ``"piece N"``; the book's exercise script answers a click on them)."""
    wanted = {int(p) for p in pieces}
    head, sep, tray = svg.partition('class="bb-quads-tray"')

    def mark(match: re.Match[str]) -> str:
        piece = int(match.group(1))
        if piece not in wanted:
            return match.group(0)
        return f'data-square="piece {piece}" data-piece="{piece}"'

    return head + sep + re.sub(r'data-piece="(\d+)"', mark, tray)


# ---------------------------------------------------------------- the rules, independently
def _name(row: int, col: int) -> str:
    return "ABCD"[col] + str(row + 1)


def brute_shapes(squares: bool = True) -> list[list[str]]:
    """The winning shapes, written out from coordinates (RULES.md)."""
    shapes = [[_name(r, c) for c in range(4)] for r in range(4)]
    shapes += [[_name(r, c) for r in range(4)] for c in range(4)]
    shapes += [[_name(i, i) for i in range(4)], [_name(i, 3 - i) for i in range(4)]]
    if squares:
        shapes += [
            [_name(r, c), _name(r, c + 1), _name(r + 1, c), _name(r + 1, c + 1)]
            for r in range(3)
            for c in range(3)
        ]
    return shapes


def _cells(position: Position) -> dict[str, int]:
    return {_name(i // 4, i % 4): p for i, p in enumerate(position.board) if p is not None}


def brute_wins_at(position: Position, piece: int) -> list[str]:
    """The empty squares where ``piece`` completes a shape of four pieces sharing a bit."""
    cells = _cells(position)
    out = []
    for square in (_name(r, c) for r in range(4) for c in range(4)):
        if square in cells:
            continue
        trial = {**cells, square: piece}
        for shape in brute_shapes(position.squares):
            if square in shape and all(s in trial for s in shape):
                four = [trial[s] for s in shape]
                if any(
                    all(p & b for p in four) or not any(p & b for p in four) for b in (1, 2, 4, 8)
                ):
                    out.append(square)
                    break
    return out


def brute_safe(position: Position, square: str) -> list[int]:
    """The pieces that are safe to give (no square wins with them) after placing the held
    piece on ``square``."""
    assert position.held is not None
    cells = list(position.board)
    cells[int(square[1]) * 4 - 4 + "ABCD".index(square[0])] = position.held
    left = [p for p in range(16) if p not in cells]
    placed = Position(cells, left[0], squares=position.squares) if left else None
    return [p for p in left if placed is not None and not brute_wins_at(placed, p)]


def careful_game(seed: int, squares: bool = True) -> list[Position]:
    """A whole game of the Careful level against itself (no time budget: the same every
    build for a seed): the positions from the start to the end."""
    rng = random.Random(seed)
    positions = [Position.start(squares=squares)]
    while positions[-1].outcome is None:
        steps = search_steps(positions[-1], "careful", rng=rng)
        try:
            while True:
                next(steps)
        except StopIteration as stop:
            positions.append(positions[-1].play(stop.value))
    return positions
