"""``TowerGate``: the clickable Tower Gate board (docs/RULES.md, "Tower Gate").

``TowerGate()`` plays the CPU and opens, as the original page does, on a settings card (the
level, both blessings, the setup) with 「対局を始める」 (``w.start()``, or a first move, from
Python): nobody moves before, the CPU neither. Given any of those as keywords, the game starts
at once. The CPU: ``level="easy"|"normal"|"strong"``, ``human="terracotta"``,
``"blue"`` or ``"alternate"``); ``mode="two-player"`` is two players on one device. ``setup``
is ``"fixed"`` or ``"free"``; ``blessing_terracotta``/``blessing_blue`` are ``"none"``,
``"wind"``, ``"mason"``, ``"repaint"`` or ``"leap"``; ``blessings`` is ``"balanced"`` (the
measured limits) or ``"as-written"`` (the original page's wording); ``position=`` starts every
game from a given position; ``TowerGate.puzzle()`` is today's 「本日の課題」 against the strong
CPU (the shared daily puzzle layer, ``core.puzzle``). The game itself is
``towergate.game.TowerGateGame``; this class only connects it to the notebook.
"""

from __future__ import annotations

from ..core.widget import GameWidget, SettingTrait, front_end
from .game import TowerGateGame
from .rules import Move, Position

__all__ = ["TowerGate"]


class TowerGate(GameWidget[Position, Move]):
    """Tower Gate on a 5×5 board, against the CPU or two players on one device."""

    spec_class = TowerGateGame
    _esm, _css = front_end("towergate", "Tower Gate")

    setup = SettingTrait[str]()
    """``"fixed"`` (default: terracotta on B4 and D4, blue on B2 and D2) or ``"free"`` (the
    workers are placed by alternate clicks). Changing it restarts the game."""
    blessing_terracotta = SettingTrait[str]()
    """Terracotta's blessing (加護): ``"none"``, ``"wind"``, ``"mason"``, ``"repaint"`` or
    ``"leap"``. Changing it restarts the game."""
    blessing_blue = SettingTrait[str]()
    """Blue's blessing (加護), with the same choices as ``blessing_terracotta``."""
    blessings = SettingTrait[str]()
    """The blessings' limits: ``"balanced"`` (default: the limits measured in CPU self-play,
    docs/RULES.md) or ``"as-written"`` (the original page's wording: Wind's two squares and
    Leap's 1→3 climb may win, Mason builds on heights 0-2, Repaint changes heights 1-3).
    Changing it restarts the game."""
