"""The Beacon Lines map's geometry, shared by the static picture (``svg.py``) and the live
board (``game.py`` sends it in ``state.board``), so a book page and the widget agree.

Homes sit on the west, the three middle regions in a column, and the two objectives on the
east side (as the design article draws them).
"""

from __future__ import annotations

from .rules import BEACON, BLUE_HOME, CROSSROADS, DEPOT, NORTH_PASS, RED_HOME, SOUTH_PASS

__all__ = ["HEIGHT", "LAYOUT", "NODE_H", "NODE_W", "WIDTH"]

WIDTH, HEIGHT = 520, 400
#: The live board's region boxes (the static picture draws larger ones).
NODE_W, NODE_H = 118, 58

#: Centre of each region's node in a 520×400 drawing.
LAYOUT: dict[str, tuple[int, int]] = {
    RED_HOME: (75, 115),
    BLUE_HOME: (75, 305),
    NORTH_PASS: (260, 70),
    CROSSROADS: (260, 210),
    SOUTH_PASS: (260, 350),
    BEACON: (445, 140),
    DEPOT: (445, 280),
}
