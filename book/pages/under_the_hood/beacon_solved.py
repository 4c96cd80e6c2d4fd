"""Solving Beacon Lines (``under-the-hood/beacon-solved``): the game solved by backward
induction over matrix games, for both rule sets, each time the book is made; its value, the
round-2 tables and what the Beacon bonus changes."""

from __future__ import annotations

from typing import Any

from boardbook.beacon import NEIGHBOURS, Position, ai, solve
from boardbook.beacon.analysis import (
    beacon_bonus_effect,
    equilibrium_results,
    exact_value,
    game_value,
)
from IPython.display import Markdown, display
from kit import say
from kit.beacon import beacon_decides, listing, side_name, to_markdown
from kit.twin import Twin

RULES = ("v0", "v1")
OPENING = "North Pass/South Pass"


def percent(p: float) -> str:
    """0.348 -> '35%' (probabilities from the solution, rounded for reading)."""
    return f"{p:.0%}"


def support(node: Any, side: str) -> list[str]:
    return [t for t, p in node.strategy(side).items() if p > 0]


def decisive(row: dict[str, Any]) -> float:
    rr = row["random_vs_random"]
    return float(rr["red"] + rr["blue"])


class Page(Twin):
    def __init__(self, lang: str) -> None:
        super().__init__(lang)
        self.method()
        self.answer()
        self.round_two()
        self.bonus()

    def result(self, value: float) -> str:
        """A final result for Red (+1, 0, −1) in words."""
        return {
            1.0: self.t(en="Red wins", ja="赤の勝ち"),
            0.0: self.t(en="draw", ja="引き分け"),
            -1.0: self.t(en="Blue wins", ja="青の勝ち"),
        }[value]

    def value_text(self, value: float) -> str:
        """A value for Red (+1 win, 0 draw, −1 loss) in words, with its exact fraction."""
        exact = exact_value(value)
        word = {
            1: self.t(en="a win for Red", ja="赤の勝ち"),
            0: self.t(en="a draw", ja="引き分け"),
            -1: self.t(en="a win for Blue", ja="青の勝ち"),
        }.get(exact)
        return (self.t(en=f"{exact} ({word})", ja=f"{exact}（{word}）")) if word else f"{exact}"

    # -- how the game is solved
    def method(self) -> None:
        states = {}
        for rules in RULES:
            ai.clear_cache()  # count each rule set's states on its own
            solve(Position.start(rules))
            states[rules] = ai.cache_stats()
        ai.clear_cache()
        say("states_v0", states["v0"]["states"])
        say("states_v1", states["v1"]["states"])
        say("matrix_v0", states["v0"]["matrix_games"])
        say("matrix_v1", states["v1"]["matrix_games"])

    # -- the answer: a draw under best play, in both rule sets
    def answer(self) -> None:
        values = {rules: game_value(rules) for rules in RULES}
        for rules in RULES:
            assert exact_value(values[rules]) == 0  # neither side can force a win
            assert equilibrium_results(rules) == {"draw"}  # best play by both: never a winner
        say("value_v0", self.value_text(values["v0"]))
        say("value_v1", self.value_text(values["v1"]))
        first = self.first = {rules: ai.solution(Position.start(rules)) for rules in RULES}
        first_round_values = {
            rules: {v for row in first[rules].matrix for v in row} for rules in RULES
        }
        assert first_round_values == {"v0": {0.0}, "v1": {0.0}}  # every opening is still a draw
        for rules in RULES:  # "mix them evenly"
            for side in ("red", "blue"):
                assert set(first[rules].strategy(side).values()) == {0.5}
        say("round_one_pairs", sum(len(row) for row in first["v1"].matrix))

    def strategy_table(self) -> None:
        rows = []
        for rules in RULES:
            for side in ("red", "blue"):
                mix = self.first[rules].strategy(side)
                rows.append(
                    {
                        self.t(en="Rules", ja="ルール"): rules,
                        self.t(en="Side", ja="陣営"): side_name(side, self.lang),
                        self.t(en="Round 1 strategy", ja="ラウンド1の戦略"): self.t(
                            en=", ", ja="、"
                        ).join(f"{t} {percent(p)}" for t, p in mix.items()),
                    }
                )
        display(Markdown(to_markdown(rows)))  # type: ignore[no-untyped-call]

    # -- where the Beacon bonus bites: round 2
    def round_two(self) -> None:
        node = self.node = {r: ai.solution(Position.start(r).play(OPENING)) for r in RULES}
        v1_red, v1_blue = support(node["v1"], "red"), support(node["v1"], "blue")
        assert v1_red == v1_blue == ["Beacon"]  # under v1 both must go to the Beacon
        v0, v1 = node["v0"], node["v1"]
        v0_red = support(v0, "red")
        assert len(v0_red) > 1 and v0.value == v1.value == 0
        # Under v0 every claim but staying on North Pass is safe; North Pass can lose.
        assert v0_red == [t for t in v0.red_targets if t != "North Pass"]
        assert all(
            min(row) == 0
            for t, row in zip(v0.red_targets, v0.matrix, strict=True)
            if t != "North Pass"
        )
        assert min(v0.matrix[v0.red_targets.index("North Pass")]) == -1
        wins = beacon_decides(v1)  # Red to the Beacon never loses; elsewhere it can
        beacon_col = v1.blue_targets.index("Beacon")
        assert max(row[beacon_col] for row in v1.matrix) == 0  # nor does Blue at the Beacon
        # Whoever leaves the Beacon to the other alone loses, on both sides.
        assert wins == [b for b in v1.blue_targets if b != "Beacon"]
        say("opening", f"`{OPENING}`")
        say("v0_red_support", listing(v0_red, self.lang))
        say("v0_red_count", len(v0_red))
        say("v1_beacon_wins_against", listing(wins, self.lang, word="or"))

    def matrix_table(self, rules: str) -> None:
        """A round's matrix game: Red's targets down, Blue's across, each cell its result."""
        node = self.node[rules]
        corner = self.t(en="Red ↓ / Blue →", ja="赤 ↓ / 青 →")
        rows = [
            {
                corner: red,
                **{blue: self.result(v) for blue, v in zip(node.blue_targets, row, strict=True)},
            }
            for red, row in zip(node.red_targets, node.matrix, strict=True)
        ]
        display(Markdown(to_markdown(rows)))  # type: ignore[no-untyped-call]

    # -- what the bonus changes
    def bonus(self) -> None:
        effect = self.effect = {row["rules"]: row for row in beacon_bonus_effect()}
        for rules in RULES:
            assert effect[rules]["draw"] == 1.0 and effect[rules]["expected_rounds"] == 3
        assert effect["v0"]["random_vs_random"]["ends_in_round"][2] == 0  # no v0 game ends early
        mirror = {
            "Red Home": "Blue Home",
            "Blue Home": "Red Home",
            "North Pass": "South Pass",
            "South Pass": "North Pass",
            "Crossroads": "Crossroads",
            "Beacon": "Beacon",
            "Depot": "Depot",
        }
        assert all(
            {mirror[n] for n in NEIGHBOURS[r]} == set(NEIGHBOURS[mirror[r]]) for r in NEIGHBOURS
        )
        assert decisive(effect["v1"]) > decisive(effect["v0"])
        assert effect["v1"]["equilibrium_vs_random"] > effect["v0"]["equilibrium_vs_random"]
        assert effect["v1"]["beacon_held_at_end"] < effect["v0"]["beacon_held_at_end"]
        assert exact_value(effect["v1"]["red_vs_script"]) == 1
        assert exact_value(effect["v0"]["red_vs_script"]) == 0
        say("held_v0", percent(effect["v0"]["beacon_held_at_end"]))
        say("held_v1", percent(effect["v1"]["beacon_held_at_end"]))
        say("cpu_v0", percent(effect["v0"]["equilibrium_vs_random"]))
        say("cpu_v1", percent(effect["v1"]["equilibrium_vs_random"]))
        say("decisive_v0", percent(decisive(effect["v0"])))
        say("decisive_v1", percent(decisive(effect["v1"])))
        say("short_v1", percent(effect["v1"]["random_vs_random"]["ends_in_round"][2]))

    def comparison_table(self) -> None:
        effect = self.effect
        outcomes = {"draw": self.result(0.0), "red": self.result(1.0), "blue": self.result(-1.0)}

        def row(en: str, ja: str, cell: Any) -> dict[str, str]:
            return {"": self.t(en=en, ja=ja), **{r: cell(effect[r]) for r in RULES}}

        def reachable(e: dict[str, Any]) -> str:
            found = e["equilibrium_results"]
            return self.t(en=", ".join(found), ja="、".join(outcomes[k] for k in found))

        def script(e: dict[str, Any]) -> str:
            forced = exact_value(e["red_vs_script"]) == 1
            return (
                self.t(en="forces a win", ja="必ず勝てる")
                if forced
                else self.t(en="only a draw", ja="引き分けまで")
            )

        rows = [
            row("Value for Red", "赤から見た値", lambda e: self.value_text(e["value"])),
            row("Results any best play can reach", "最善の遊び方で起こりうる結果", reachable),
            row(
                "Beacon held at the end, best play",
                "最善の遊び方で、最後に Beacon を持つ陣営がある",
                lambda e: percent(e["beacon_held_at_end"]),
            ),
            row("Red, knowing the article's Blue script", "記事の青のスクリプトを知る赤", script),
            row(
                "Best-play CPU (Red) beats a random Blue",
                "最善の遊び方のCPU（赤）が、ランダムな青に勝つ",
                lambda e: percent(e["equilibrium_vs_random"]),
            ),
            row(
                "Two random players: a side wins",
                "ランダムな2人：勝ち負けがつく",
                lambda e: percent(decisive(e)),
            ),
            row(
                "Two random players: over after round 2",
                "ランダムな2人：ラウンド2で終わる",
                lambda e: percent(e["random_vs_random"]["ends_in_round"][2]),
            ),
        ]
        display(Markdown(to_markdown(rows)))  # type: ignore[no-untyped-call]
