"""Quads (Quarto where 2×2 squares also win): rules (``rules``), solver and CPU levels (``ai``),
daily puzzles (``puzzles``), texts (``texts``) and a static SVG picture (``svg``).

``from boardbook.quads import Position`` works without the widget stack; the widget lives in
``boardbook.quads.widget`` and is imported only when asked for.
"""

from __future__ import annotations

from ..core.lazy import lazy_attributes
from . import texts as texts
from .ai import (
    DEFAULT_TIME_BUDGET,
    LEVELS,
    Analysis,
    GiveVerdict,
    MoveReview,
    MoveValue,
    Review,
    Solution,
    analyse,
    analyse_steps,
    choose_move,
    give_verdicts,
    review,
    review_steps,
    search_steps,
    solve,
    solve_steps,
    wins_within,
)
from .puzzles import PUZZLES, daily_puzzle, verify
from .rules import (
    ATTRIBUTE_SYMMETRIES,
    SHAPES,
    SIDES,
    ForbiddenMoveError,
    IllegalMoveError,
    MalformedMoveError,
    Move,
    Outcome,
    Position,
    Shape,
    Termination,
    board_symmetries,
    describe_piece,
    parse_move,
    parse_square,
    square_name,
    winning_shapes,
)
from .svg import position_svg

_LAZY = {"Quads": "boardbook.quads.widget", "QuadsGame": "boardbook.quads.game"}

__all__ = [
    "ATTRIBUTE_SYMMETRIES",
    "DEFAULT_TIME_BUDGET",
    "LEVELS",
    "PUZZLES",
    "SHAPES",
    "SIDES",
    "Analysis",
    "ForbiddenMoveError",
    "GiveVerdict",
    "IllegalMoveError",
    "MalformedMoveError",
    "Move",
    "MoveReview",
    "MoveValue",
    "Outcome",
    "Position",
    "Review",
    "Shape",
    "Solution",
    "Termination",
    "analyse",
    "analyse_steps",
    "board_symmetries",
    "choose_move",
    "daily_puzzle",
    "describe_piece",
    "give_verdicts",
    "parse_move",
    "parse_square",
    "position_svg",
    "review",
    "review_steps",
    "search_steps",
    "solve",
    "solve_steps",
    "square_name",
    "verify",
    "winning_shapes",
    "wins_within",
]


__getattr__ = lazy_attributes(__name__, _LAZY)
