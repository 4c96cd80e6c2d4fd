"""``BeaconLines``: the clickable Beacon Lines map (docs/RULES.md, Beacon Lines; js/PROTOCOL.md).

``BeaconLines()`` plays the CPU (the human is Red, as in the article) with the equilibrium
opponent under rules v1; ``BeaconLines(mode="two-player", rules="v0")`` is two players on one
device; ``opponent`` (another name for ``level``) is ``"equilibrium"``, ``"script"`` (the
article's Blue) or ``"random"``. The game itself is ``beacon.game.BeaconGame``: both sides
choose at once, which the match models as a game of hidden choices.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..core.widget import GameWidget, SettingTrait, front_end
from .game import BeaconGame
from .rules import Move, Position

__all__ = ["BeaconLines"]


class BeaconLines(GameWidget[Position, Move]):
    """Beacon Lines on its 7-region map: against the CPU or two players on one device."""

    spec_class = BeaconGame
    _esm, _css = front_end("beacon", "Beacon Lines")

    rules = SettingTrait[str]()
    """``"v1"`` (default: the Beacon scores 2 points) or ``"v0"`` (1 point). Changing it
    restarts the game."""

    @property
    def opponent(self) -> str:
        """The CPU opponent: "equilibrium", "script" or "random" (the same as ``level``)."""
        return str(self.match.level)

    @opponent.setter
    def opponent(self, value: str) -> None:
        self.level = value

    @property
    def pending(self) -> tuple[str, ...]:
        """The sides that have locked in a (hidden) choice for the current round."""
        return self.match.chosen

    def replay(self, route: Iterable[object], rules: str | None = None) -> None:
        """Load ``route`` (rounds as "Red/Blue") and show it from round 0.

        Step with ``w.review(n)`` or the board's ‹ › buttons; ``w.review(None)`` leaves the
        replay at its last round, where play can go on. A replayed game is not recorded.
        """
        route = list(route)
        rules = str(self.match.settings["rules"]) if rules is None else rules
        self._table["rules"].check(rules)
        Position.from_route(route, rules=rules)  # raises before anything changes
        if rules != self.match.settings["rules"]:
            self.rules = rules
        self.match.load(route, review=0)
        self._publish()
