"""Is Beacon Lines fair? (``beacon/balance``): the solved game in plain words, a draw with best
play under both rule sets, the fight for the Beacon in round 2, what the bonus changes."""

from __future__ import annotations

from boardbook.beacon import Position, ai
from boardbook.beacon.analysis import (
    beacon_bonus_effect,
    equilibrium_results,
    exact_value,
    game_value,
)
from kit import before_after, say
from kit.beacon import beacon_decides
from kit.twin import Twin

RULES = ("v0", "v1")


class Page(Twin):
    def __init__(self, lang: str) -> None:
        super().__init__(lang)
        self.perfect_play()
        self.round_two()
        self.bonus()

    def in_ten(self, share: float) -> str:
        """0.386 -> 'about 4 games in 10' (plain words for a share of games)."""
        n = round(share * 10)
        return self.t(en=f"about {n} games in 10", ja=f"10局中およそ{n}局")

    # -- with perfect play, every game is a draw
    def perfect_play(self) -> None:
        for rules in RULES:
            assert exact_value(game_value(rules)) == 0  # neither side can force a win
            assert equilibrium_results(rules) == {"draw"}  # best play by both: never a winner
        first = {rules: ai.solution(Position.start(rules)) for rules in RULES}
        assert all({v for row in first[r].matrix for v in row} == {0.0} for r in RULES)
        say("round_one_pairs", sum(len(row) for row in first["v1"].matrix))

    # -- round 2 is the fight for the Beacon
    def round_two(self) -> None:
        passes = self.passes = Position.start("v1").play("North Pass/South Pass")
        node = ai.solution(passes)
        beacon_decides(node)  # at the Beacon Red never loses; elsewhere, Blue alone there wins
        assert [t for t, p in node.strategy("red").items() if p > 0] == ["Beacon"]
        outcome = passes.play("Beacon/Depot").outcome
        assert outcome is not None and outcome.winner == "red"

    def lost_board(self) -> None:
        before_after(
            self.passes,
            "Beacon/Depot",
            self.t(
                en="Red takes the Beacon alone, Blue the Depot: Red wins after round 2.",
                ja="赤だけが Beacon を、青が Depot を取ります。赤はラウンド2のあとで勝ちます。",
            ),
            lang=self.lang,
        )

    # -- why have a Beacon bonus, then?
    def bonus(self) -> None:
        effect = {row["rules"]: row for row in beacon_bonus_effect()}
        decisive = {
            r: effect[r]["random_vs_random"]["red"] + effect[r]["random_vs_random"]["blue"]
            for r in RULES
        }
        assert decisive["v1"] > decisive["v0"]
        assert round(decisive["v1"] * 10) > round(decisive["v0"] * 10)
        assert exact_value(effect["v1"]["red_vs_script"]) == 1
        assert exact_value(effect["v0"]["red_vs_script"]) == 0
        say("decisive_v0", self.in_ten(decisive["v0"]))
        say("decisive_v1", self.in_ten(decisive["v1"]))
        say("cpu_v1", self.in_ten(effect["v1"]["equilibrium_vs_random"]))
        assert round(effect["v1"]["equilibrium_vs_random"] * 10) >= 7
