"""Exercises (``beacon/exercises``): three rounds to choose, a verdict for every region of each."""

from __future__ import annotations

from collections.abc import Callable

from boardbook.beacon import REGIONS, Position
from boardbook.beacon.rules import HOMES
from kit import exercise, say
from kit.beacon import score_text, side_name
from kit.twin import Twin

Verdict = tuple[bool, str]


class Page(Twin):
    def __init__(self, lang: str) -> None:
        super().__init__(lang)
        self.start = Position.start("v1")
        self.both_sides()
        self.red_claim()
        self.break_tie()

    def verdicts(
        self, position: Position, side: str, judge: Callable[[str], Verdict]
    ) -> dict[str, Verdict]:
        """A verdict for every region: a Home, out of reach, or ``judge(region)``."""
        reach = position.legal_targets(side)
        name = side_name(side, self.lang)
        out = {}
        for region in REGIONS:
            if region in HOMES.values():
                out[region] = (
                    False,
                    self.t(
                        en=f"{region} is a Home. Nobody can claim a Home.",
                        ja=f"{region} は本拠地です。本拠地はだれも主張できません。",
                    ),
                )
            elif region not in reach:
                out[region] = (
                    False,
                    self.t(
                        en=f"{name} cannot claim {region}: it is not next to a region {name} holds.",
                        ja=f"{name}は {region} を主張できません。{name}の持っている地域のとなりではありません。",
                    ),
                )
            else:
                out[region] = judge(region)
        return out

    # -- where can both sides go?
    def both_sides(self) -> None:
        start = self.start
        self.red, self.blue = start.legal_targets("red"), start.legal_targets("blue")
        both = [r for r in self.red if r in self.blue]
        assert both == ["Crossroads"]

    def judge_both(self, region: str) -> Verdict:
        if region in self.blue:
            return True, self.t(
                en=f"{region} is next to both Homes, so both sides can claim it in round 1.",
                ja=f"{region} は両方の本拠地のとなりなので、ラウンド1で両者とも主張できます。",
            )
        return False, self.t(
            en=f"Only Red can reach {region} in round 1. Blue's Home does not touch it.",
            ja=f"ラウンド1で {region} に届くのは赤だけです。青の本拠地はとなりではありません。",
        )

    def both_verdicts(self) -> dict[str, Verdict]:
        out = self.verdicts(self.start, "red", self.judge_both)
        for region in self.blue:
            if region not in self.red:
                out[region] = (
                    False,
                    self.t(
                        en=f"Only Blue can reach {region} in round 1.",
                        ja=f"ラウンド1で {region} に届くのは青だけです。",
                    ),
                )
        return out

    def both_exercise(self) -> None:
        exercise(
            self.start,
            self.t(
                en="Round 1. Which region can both Red and Blue claim?",
                ja="ラウンド1。赤と青の両方が主張できる地域はどれ？",
            ),
            self.both_verdicts(),
            hint=self.t(
                en="A side may only claim a region next to a region it holds. At the start, that is only its Home.",
                ja="主張できるのは、自分の持っている地域のとなりだけです。はじめに持っているのは本拠地だけです。",
            ),
            answer=self.t(
                en="The Crossroads. It is the only region next to both Homes.",
                ja="Crossroads。両方の本拠地のとなりにある地域は、ここだけです。",
            ),
            lang=self.lang,
        )

    # -- which region should Red claim?
    def red_claim(self) -> None:
        after_passes = self.after_passes = self.start.play("North Pass/South Pass")
        blue_choice = self.blue_choice = "Depot"
        results = self.results = {
            r: after_passes.play(f"{r}/{blue_choice}") for r in after_passes.legal_targets("red")
        }
        winning = self.winning = [
            r for r, p in results.items() if p.outcome is not None and p.outcome.winner == "red"
        ]
        assert winning == ["Beacon"]
        say("blue_choice", blue_choice)

    def judge_claim(self, region: str) -> Verdict:
        after = self.results[region]
        score = score_text(after, self.lang)
        if region in self.winning:
            return True, self.t(
                en=f"Red takes the {region} alone and wins {score} at once.",
                ja=f"赤だけが {region} を取り、その場で{score}で勝ちます。",
            )
        if after.control[region] == "red":
            held = self.t(en=f"Red holds {region}", ja=f"赤は {region} を持っています")
        else:
            held = self.t(en=f"{region} is not Red's", ja=f"{region} は赤のものになりません")
        return False, self.t(
            en=f"{held}, and the score is {score}. Red does not win yet.",
            ja=f"{held}。点数は{score}で、赤はまだ勝てません。",
        )

    def claim_exercise(self) -> None:
        blue_choice, won = self.blue_choice, self.results["Beacon"]
        red, blue = won.scores["red"], won.scores["blue"]
        exercise(
            self.after_passes,
            self.t(
                en=f"Round 2 (rules v1). Blue will claim the {blue_choice}. Which region should Red claim to win right now?",
                ja=f"ラウンド2（ルールv1）。青は {blue_choice} を主張します。赤がすぐに勝つには、どの地域を主張すればよい？",
            ),
            self.verdicts(self.after_passes, "red", self.judge_claim),
            hint=self.t(
                en="Which region is worth 2 points? Can Red reach it from North Pass?",
                ja="2点の地域はどれでしょう？ 赤は North Pass からそこに届きますか？",
            ),
            answer=self.t(
                en=f"The Beacon. Red holds it alone: {red} points to Blue's {blue}, so Red wins.",
                ja=f"Beacon。赤だけがそこを持つので、赤{red}点、青{blue}点で、赤の勝ちです。",
            ),
            answer_board=won,
            answer_caption=self.t(
                en=f"After Beacon/{blue_choice}: Red wins {score_text(won)}.",
                ja=f"Beacon/{blue_choice} のあと：赤が{score_text(won, 'ja')}で勝ち。",
            ),
            highlight=self.after_passes.legal_targets("red"),
            lang=self.lang,
        )

    # -- break the tie
    def break_tie(self) -> None:
        tied = self.tied = self.start.play("Crossroads/Crossroads")
        assert tied.control["Crossroads"] is None
        blue_next = self.blue_next = "South Pass"
        takes = self.takes = {r: tied.play(f"{r}/{blue_next}") for r in tied.legal_targets("red")}
        right = self.right = [r for r, p in takes.items() if p.control["Crossroads"] == "red"]
        assert right == ["Crossroads"]

    def judge_tie(self, region: str) -> Verdict:
        after = self.takes[region]
        if region in self.right:
            count = after.markers["Crossroads"]
            red, blue = count["red"], count["blue"]
            return True, self.t(
                en=f"The Crossroads now has {red} red markers to {blue} blue: Red holds it.",
                ja=f"Crossroads のマーカーは赤{red}個、青{blue}個になります。赤のものです。",
            )
        score = score_text(after, self.lang)
        return False, self.t(
            en=f"The Crossroads stays tied, so nobody holds it. The score is {score}.",
            ja=f"Crossroads は同数のままなので、だれのものでもありません。点数は{score}です。",
        )

    def tie_exercise(self) -> None:
        tied, blue_next = self.tied, self.blue_next
        won = self.takes["Crossroads"].markers["Crossroads"]
        red, blue = won["red"], won["blue"]
        exercise(
            tied,
            self.t(
                en="Round 2. Blue claims South Pass. Which claim makes the Crossroads Red's?",
                ja="ラウンド2。青は South Pass を主張します。Crossroads を赤のものにするには、どこを主張する？",
            ),
            self.verdicts(tied, "red", self.judge_tie),
            hint=self.t(
                en="A region belongs to the side with strictly more markers on it.",
                ja="地域は、その上のマーカーが相手より多い陣営のものになります。同じ数ではだめです。",
            ),
            answer=self.t(
                en=f"The Crossroads itself. A second red marker makes {red} to {blue}, a strict majority.",
                ja=f"Crossroads そのもの。赤のマーカーが2つ目になり、{red}対{blue}で厳密な過半数です。",
            ),
            answer_board=self.takes["Crossroads"],
            answer_caption=self.t(
                en=f"After Crossroads/{blue_next}: the Crossroads is Red's, {red} markers to {blue}.",
                ja=f"Crossroads/{blue_next} のあと：Crossroads は赤のもの、マーカーは{red}対{blue}。",
            ),
            highlight=tied.legal_targets("red"),
            lang=self.lang,
        )
