"""``Reversi``: the clickable Reversi board (docs/RULES.md, "Play page behaviour").

``Reversi()`` is two players on one device with the game already running;
``Reversi(mode="cpu", level="strong", human="black")`` plays the CPU (``human`` may be
``"alternate"``: the human takes black in odd games, white in even ones);
``Reversi(position=...)`` starts every game from a given position. The game itself is
``reversi.game.ReversiGame``; this class only connects it to the notebook.
"""

from __future__ import annotations

from ..core.widget import GameWidget, SettingTrait, front_end
from .game import CORNERS, X_HINT_FLAG, X_SQUARES, ReversiGame, why_reason
from .rules import Move, Position

__all__ = ["CORNERS", "X_HINT_FLAG", "X_SQUARES", "Reversi", "why_reason"]


class Reversi(GameWidget[Position, Move]):
    """Reversi on an 8×8 board, two players on one device or against the CPU."""

    spec_class = ReversiGame
    _esm, _css = front_end("reversi", "Reversi")

    show_dots = SettingTrait[bool]()
    """Mark the legal squares with dots (default True)."""
    show_coords = SettingTrait[bool]()
    """Show a-h and 1-8 beside the board (default False)."""
