"""``TowerGate``: the clickable Tower Gate board (docs/RULES.md, "Tower Gate").

``TowerGate()`` plays the CPU (``level="easy"|"normal"|"strong"``, ``human="terracotta"``,
``"blue"`` or ``"alternate"``); ``mode="two-player"`` is two players on one device. ``setup``
is ``"fixed"`` or ``"free"``; ``blessing_terracotta``/``blessing_blue`` are ``"none"``,
``"wind"``, ``"mason"``, ``"repaint"`` or ``"leap"``; ``position=`` starts every game from a
given position; ``TowerGate.puzzle()`` is today's 「本日の課題」 against the strong CPU (the
shared daily puzzle layer, ``core.puzzle``). The game itself is ``towergate.game.TowerGateGame``;
this class only connects it to the notebook.
"""

from __future__ import annotations

from ..core.widget import GameWidget, front_end
from .game import TowerGateGame

__all__ = ["TowerGate"]


class TowerGate(GameWidget):
    """Tower Gate on a 5×5 board, against the CPU or two players on one device."""

    spec_class = TowerGateGame
    _esm, _css = front_end("towergate", "Tower Gate")
