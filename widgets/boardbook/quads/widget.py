"""``Quads``: the Quads board and piece tray as a notebook widget (docs/RULES.md, "Quads").

``Quads()`` is two players on one device with the game already running; ``Quads(mode="cpu",
level="perfect", human="second")`` plays the CPU (``human`` may be ``"alternate"``);
``Quads(squares=False)`` plays classic Quarto; ``Quads(position=...)`` starts every game from
a given position; ``Quads.puzzle()`` is today's daily puzzle against the perfect CPU. The game itself is ``quads.game.QuadsGame``; this class only connects it to
the notebook.
"""

from __future__ import annotations

from ..core.widget import GameWidget, SettingTrait, front_end
from .game import QuadsGame
from .rules import Move, Position

__all__ = ["Quads"]


class Quads(GameWidget[Position, Move]):
    """Quads (Quarto where 2×2 squares also win): two players on one device or the CPU."""

    spec_class = QuadsGame
    _esm, _css = front_end("quads", "Quads")

    squares = SettingTrait[bool]()
    """True (default): Quads, where 2×2 squares win too; False: classic Quarto (rows,
    columns and diagonals only). Changing it restarts the game."""
