"""Beacon Lines tips for beginners (``beacon/tips``): five ideas, each read off the solved game
and checked on it."""

from __future__ import annotations

from boardbook.beacon import NEIGHBOURS, Position, ai
from boardbook.beacon.rules import BEACON_POINTS
from kit import before_after, lesson, say
from kit.beacon import beacon_decides, listing, score_text
from kit.twin import Twin


class Page(Twin):
    def __init__(self, lang: str) -> None:
        super().__init__(lang)
        self.start = Position.start("v1")
        self.after_passes = self.start.play("North Pass/South Pass")
        self.round_one()
        self.round_two()
        self.staying()
        self.roads()
        self.mixing()

    # -- 1. round 1 is not the big decision
    def round_one(self) -> None:
        first = self.first = ai.solution(self.start)
        assert all(value == 0 for row in first.matrix for value in row)  # every opening: a draw
        say("first_red", listing(first.red_targets, self.lang))

    # -- 2. in round 2, go for the Beacon
    def round_two(self) -> None:
        second = self.second = ai.solution(self.after_passes)
        beacon_decides(second)  # at the Beacon Red never loses; elsewhere, Blue alone there wins
        win = self.after_passes.play("Beacon/Depot")
        assert win.outcome is not None and win.outcome.winner == "red"
        say("win_score", score_text(win, self.lang))
        say("beacon_points", BEACON_POINTS["v1"])

    def beacon_board(self) -> None:
        before_after(
            self.after_passes,
            "Beacon/Depot",
            self.t(
                en="Round 2: Red claims the Beacon alone and wins.",
                ja="ラウンド2：赤だけが Beacon を主張して、勝ちます。",
            ),
            lang=self.lang,
        )

    # -- 3. do not just stay where you are
    def staying(self) -> None:
        second = self.second
        stay_row = second.red_targets.index("North Pass")
        assert max(second.matrix[stay_row]) <= 0 and min(second.matrix[stay_row]) == -1
        say("stay_losses", sum(1 for v in second.matrix[stay_row] if v == -1))
        say("blue_choices", len(second.blue_targets))

    # -- 4. keep a road to what you hold
    def roads(self) -> None:
        cut = self.cut = Position.from_route(["Crossroads/South Pass", "Beacon/Crossroads"])
        assert cut.control["Beacon"] == "red"
        assert not any(cut.control[n] == "red" for n in NEIGHBOURS["Beacon"])
        assert "Beacon" not in cut.legal_targets("red")

    def road_board(self) -> None:
        lesson(
            self.cut,
            self.t(
                en="Red holds the Beacon, but no road: Red may claim only the gold regions.",
                ja="赤は Beacon を持っていますが、道がありません。赤が主張できるのは金色の地域だけです。",
            ),
            highlight=self.cut.legal_targets("red"),
            lang=self.lang,
        )

    # -- 5. do not be easy to guess
    def mixing(self) -> None:
        mix = self.first.strategy("red")
        assert len([p for p in mix.values() if p > 0]) > 1  # best play mixes between choices
        say(
            "mix",
            self.t(
                en=listing(f"{name} {p:.0%}" for name, p in mix.items()),
                ja="、".join(f"{name} を{p:.0%}" for name, p in mix.items()),
            ),
        )
