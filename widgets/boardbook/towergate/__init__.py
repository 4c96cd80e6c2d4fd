"""Tower Gate: rules engine (``rules``), CPU players and coach (``ai``), SVG picture (``svg``),
texts (``texts``) and the daily puzzle bank (``puzzles``).

``from boardbook.towergate import Position`` works without the widget stack; the widget lives in
``boardbook.towergate.widget`` and is imported only when asked for.

For a widget: ``pos.next_steps(steps)`` lists the inputs that may follow the clicks so far
(squares, or the ``"mason"``/``"repaint"`` option buttons) and ``pos.move_for_steps(steps)``
gives the finished move; ``pos.can_enter(side, square)`` says where the × marks go and
``pos.legend(square)`` what the legend shows; ``search_steps``/``analyse_steps`` run under
the scheduler; errors carry ``code``/``details`` for ``towergate.err.<code>`` texts.
"""

from __future__ import annotations

from ..core.lazy import lazy_attributes
from . import texts as texts
from .ai import DEFAULT_BUDGET, LEVELS, Analysis, analyse, analyse_steps, choose_move, search_steps
from .puzzles import PUZZLES, daily_puzzle, verify
from .rules import (
    AS_WRITTEN,
    BALANCED,
    BLESSINGS,
    RULE_SETS,
    SIDES,
    SQUARES,
    TURN_LIMIT,
    ForbiddenMoveError,
    IllegalMoveError,
    MalformedMoveError,
    Move,
    Outcome,
    Position,
    Rules,
    Termination,
    parse_move,
    parse_square,
    replay,
    square_name,
)
from .svg import position_svg

_LAZY = {"TowerGate": "boardbook.towergate.widget", "TowerGateGame": "boardbook.towergate.game"}

__all__ = [
    "AS_WRITTEN",
    "BALANCED",
    "BLESSINGS",
    "DEFAULT_BUDGET",
    "LEVELS",
    "PUZZLES",
    "RULE_SETS",
    "SIDES",
    "SQUARES",
    "TURN_LIMIT",
    "Analysis",
    "ForbiddenMoveError",
    "IllegalMoveError",
    "MalformedMoveError",
    "Move",
    "Outcome",
    "Position",
    "Rules",
    "Termination",
    "analyse",
    "analyse_steps",
    "choose_move",
    "daily_puzzle",
    "parse_move",
    "parse_square",
    "position_svg",
    "replay",
    "search_steps",
    "square_name",
    "verify",
]


__getattr__ = lazy_attributes(__name__, _LAZY)
