"""Reversi: rules engine (``rules``), CPU players (``ai``), a static SVG picture (``svg``), the
game as a match plays it (``game``) and the widget (``widget``).

``from boardbook.reversi import Position`` works without the widget stack; the widget lives in
``boardbook.reversi.widget`` and is imported only when asked for.
"""

from __future__ import annotations

from ..core.lazy import lazy_attributes
from .ai import (
    LEVELS,
    Analysis,
    Progress,
    analyse,
    analyse_steps,
    choose_move,
    search_steps,
    solve,
)
from .rules import (
    PASS,
    IllegalMoveError,
    Move,
    Outcome,
    Position,
    Termination,
    parse_move,
    parse_square,
    parse_transcript,
    perft,
    replay,
    square_name,
    to_transcript,
)
from .svg import board_svg, position_svg

_LAZY = {"Reversi": "boardbook.reversi.widget", "ReversiGame": "boardbook.reversi.game"}

__all__ = [
    "LEVELS",
    "PASS",
    "Analysis",
    "IllegalMoveError",
    "Move",
    "Outcome",
    "Position",
    "Progress",
    "Reversi",
    "ReversiGame",
    "Termination",
    "analyse",
    "analyse_steps",
    "board_svg",
    "choose_move",
    "parse_move",
    "parse_square",
    "parse_transcript",
    "perft",
    "position_svg",
    "replay",
    "search_steps",
    "solve",
    "square_name",
    "to_transcript",
]


__getattr__ = lazy_attributes(__name__, _LAZY)
