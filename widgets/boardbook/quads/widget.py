"""``Quads``: the Quads board and piece tray as a notebook widget (docs/RULES.md, "Quads").

``Quads()`` is two players on one device with the game already running; ``Quads(mode="cpu",
level="perfect", human="second")`` plays the CPU (``human`` may be ``"alternate"``);
``Quads(squares=False)`` plays classic Quarto; ``Quads(position=...)`` starts every game from
a given position; ``Quads.puzzle()`` is today's daily puzzle against the perfect CPU. The game itself is ``quads.game.QuadsGame``; this class only connects it to
the notebook.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from ..core.widget import GameWidget, front_end
from .game import QuadsGame
from .puzzles import daily_puzzle

__all__ = ["Quads"]


class Quads(GameWidget):
    """Quads (Quarto where 2×2 squares also win): two players on one device or the CPU."""

    spec_class = QuadsGame
    _esm, _css = front_end("quads", "Quads")

    @classmethod
    def puzzle(cls, date: dt.date | None = None, **settings: Any) -> Quads:
        """The daily puzzle of ``date`` (default: today in Japan) to play against the perfect
        CPU, which defends with its best reply: you are the side to move and win within
        ``boardbook.quads.daily_puzzle(date).moves`` of your moves. ``settings`` are the usual
        keywords (``lang="ja"``, …)."""
        today = daily_puzzle(date)
        position = today.position
        options: dict[str, Any] = {"mode": "cpu", "level": "perfect", **settings}
        options["human"] = position.to_move
        return cls(position=position, **options)
