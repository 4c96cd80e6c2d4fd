"""Play a full game (``beacon/play``): the live board against the equilibrium CPU, and how
often a player who knows everything about that CPU could beat it (never)."""

from __future__ import annotations

from boardbook.beacon import Position, ai
from boardbook.beacon.analysis import best_response_value
from kit import say
from kit.twin import Twin
from live.liveboard import live_board


def best_winning_chance(position: Position) -> float:
    """Red's best chance of winning against the CPU's equilibrium mix (Blue), searching every
    choice of Red's: what a player who knows everything about the CPU could reach."""
    if position.outcome is not None:
        return 1.0 if position.outcome.winner == "red" else 0.0
    mix = ai.solution(position).strategy("blue")
    return max(
        sum(
            p * best_winning_chance(position.play(f"{mine}/{theirs}"))
            for theirs, p in mix.items()
            if p > 0
        )
        for mine in position.legal_targets("red")
    )


class Page(Twin):
    def __init__(self, lang: str) -> None:
        super().__init__(lang)
        chances = {rules: best_winning_chance(Position.start(rules)) for rules in ("v0", "v1")}
        assert chances == {"v0": 0.0, "v1": 0.0}
        assert best_response_value("v1", "red", "script") == 1.0  # the script: beaten every time
        say("best_chance", f"{max(chances.values()):.0%}")

    def board(self) -> None:
        start = Position.start("v1")
        live_board(
            start,
            self.t(
                en="The start: Red may claim the gold regions.",
                ja="はじめの地図：赤は金色の地域を主張できます。",
            ),
            game="beacon",
            settings={"mode": "cpu", "opponent": "equilibrium", "rules": "v1"},
            highlight=start.legal_targets("red"),
            lang=self.lang,
        )
