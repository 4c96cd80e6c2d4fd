"""Beacon Lines: the design article's 7-region simultaneous territory game.

``Position`` is the engine (pure Python, no dependencies); ``solve`` finds the equilibrium of
the whole game by backward induction (needs scipy, imported only when called); ``search_steps``
is the CPU (``LEVELS``); ``game.BeaconGame`` is the game as a match plays it. The widget,
``boardbook.BeaconLines``, is imported lazily.
"""

from __future__ import annotations

from ..core.lazy import lazy_attributes
from .ai import LEVELS, choose_target, search_steps, solve
from .rules import (
    BLUE,
    EDGES,
    NEIGHBOURS,
    RED,
    REGIONS,
    TARGETS,
    Move,
    Position,
    RoundRecord,
    Termination,
)

_LAZY = {"BeaconLines": "boardbook.beacon.widget", "BeaconGame": "boardbook.beacon.game"}

__all__ = [
    "BLUE",
    "EDGES",
    "LEVELS",
    "NEIGHBOURS",
    "RED",
    "REGIONS",
    "TARGETS",
    "BeaconGame",
    "BeaconLines",
    "Move",
    "Position",
    "RoundRecord",
    "Termination",
    "choose_target",
    "search_steps",
    "solve",
]


__getattr__ = lazy_attributes(__name__, _LAZY)
