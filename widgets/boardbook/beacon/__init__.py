"""Beacon Lines: the design article's 7-region simultaneous territory game.

``Position`` is the engine (pure Python, no dependencies); ``solve`` finds the equilibrium of
the whole game by backward induction (needs scipy, imported only when called). The widget,
``boardbook.BeaconLines``, is imported lazily by the top-level package.
"""

from .ai import solve
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
)

__all__ = [
    "BLUE",
    "EDGES",
    "NEIGHBOURS",
    "RED",
    "REGIONS",
    "TARGETS",
    "Move",
    "Position",
    "RoundRecord",
    "solve",
]
