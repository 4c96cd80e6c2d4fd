"""Exercises and today's puzzle (``towergate/exercises``): three positions with a verdict for
every square, from the brute-force rules as well as the engine, and the live daily puzzle."""

from __future__ import annotations

from boardbook.towergate import SQUARES, Position
from boardbook.towergate.puzzles import load_bank
from kit import exercise, say
from kit.twin import Twin
from live.liveboard import live_board
from towergate.figures import board, brute_can_enter, brute_destinations, position, side_name

Verdict = tuple[bool, str]


class Page(Twin):
    def __init__(self, lang: str) -> None:
        super().__init__(lang)
        self.climbing()
        self.colours()
        self.defend()
        bank_moves = sorted({p["moves"] for p in load_bank()})
        say(
            "puzzle_moves",
            self.t(
                en=" or ".join(map(str, bank_moves)), ja="か".join(f"{n}手" for n in bank_moves)
            ),
        )

    def verdict(self, right: bool, *, en: str, ja: str) -> Verdict:
        """A square's verdict: right or not, and why (in the page's language)."""
        return right, self.t(en=en, ja=ja)

    def describe(self, pos: Position, square: str) -> str:
        """A square's height and levels per colour, in words."""
        levels = pos.levels(square)
        if len(levels) >= 4:
            return self.t(en=f"{square} is a dome", ja=f"{square}はドーム")
        t = sum(c == "terracotta" for c in levels)
        b = len(levels) - t
        return self.t(
            en=f"{square} is height {len(levels)} ({t} terracotta, {b} blue)",
            ja=f"{square}は高さ{len(levels)}（テラコッタ{t}段・青{b}段）",
        )

    def ask(self, pos: Position, question: str, verdicts: dict[str, Verdict], **texts: str) -> None:
        exercise(board(pos, lang=self.lang), question, verdicts, lang=self.lang, **texts)

    # -- climbing
    def climbing(self) -> None:
        climb = self.climb = position(
            [". . . . .", ". tt ttt . .", ". . t . .", ". b . bb .", ". . . . ."],
            terracotta=["C3", "E5"],
            blue=["A1", "E1"],
        )
        reach = brute_destinations(climb, "C3")
        assert reach == {m.target for m in climb.legal_moves() if m.source == "C3"}
        up = {sq for sq in reach if climb.height(sq) == 2}
        assert up == {"B2"}
        verdicts: dict[str, Verdict] = {}
        for sq in SQUARES:
            it = self.describe(climb, sq)
            if sq in up:
                verdicts[sq] = self.verdict(
                    True,
                    en=f"{it}, one level up, and both levels are terracotta.",
                    ja=f"{it}で1段上、しかも2段ともテラコッタです。",
                )
            elif sq in reach:
                verdicts[sq] = self.verdict(
                    False,
                    en=f"{it}: the worker may go there, but not up to height 2.",
                    ja=f"{it}：そこへは動けますが、高さ2に登ることにはなりません。",
                )
            elif sq == "C3":
                verdicts[sq] = self.verdict(
                    False, en="That is the worker itself.", ja="そこは駒が立っているマスです。"
                )
            elif sq not in {"B2", "C2", "D2", "B3", "D3", "B4", "C4", "D4"}:
                verdicts[sq] = self.verdict(
                    False, en=f"{sq} is not next to C3.", ja=f"{sq}はC3のとなりではありません。"
                )
            elif climb.height(sq) == 3:
                verdicts[sq] = self.verdict(
                    False,
                    en=f"{it}: two levels up, one too many.",
                    ja=f"{it}：2段上なので、1段多すぎます。",
                )
            else:
                verdicts[sq] = self.verdict(
                    False,
                    en=f"{it}: terracotta does not have more levels there.",
                    ja=f"{it}：テラコッタの段のほうが多いわけではありません。",
                )
        self.climb_verdicts = verdicts

    def climb_exercise(self) -> None:
        self.ask(
            self.climb,
            self.t(
                en="The terracotta worker on C3 stands on height 1. Click the square where it can "
                "climb up to height 2.",
                ja="C3のテラコッタの駒は、高さ1に立っています。この駒が高さ2に登れるマスを"
                "クリックしよう。",
            ),
            self.climb_verdicts,
            hint=self.t(
                en="Up one level at most, and on height 2 your colour needs more levels than the "
                "other.",
                ja="登れるのは1段まで。高さ2では、自分の色の段が相手の色より多くなければ"
                "なりません。",
            ),
            answer=self.t(
                en="B2: height 2 with two terracotta levels. C2 is two levels up, D4 is blue's.",
                ja="B2：テラコッタの段が2つの高さ2です。C2は2段上、D4は青のものです。",
            ),
        )

    # -- colours
    def colours(self) -> None:
        colours = self.colour_position = position(
            [". . . . .", ". tb bb tbt .", ". . t . .", ". . . . .", ". . b . ."],
            terracotta=["C3", "A5"],
            blue=["C5", "E1"],
        )
        towers = [sq for sq in SQUARES if colours.height(sq) >= 2]
        open_towers = {sq for sq in towers if colours.can_enter("terracotta", sq)}
        brute = {sq for sq in towers if brute_can_enter(colours.levels(sq), "terracotta")}
        assert open_towers == brute == {"D2"}
        verdicts: dict[str, Verdict] = {}
        for sq in SQUARES:
            it = self.describe(colours, sq)
            if sq in open_towers:
                verdicts[sq] = self.verdict(
                    True,
                    en=f"{it}. Terracotta has more levels there.",
                    ja=f"{it}。テラコッタの段のほうが多いです。",
                )
            elif sq in towers:
                who = [s for s in ("terracotta", "blue") if colours.can_enter(s, sq)]
                if who:
                    en = f"only {side_name(who[0])} may enter."
                    ja = f"{side_name(who[0], 'ja')}だけが入れます。"
                else:
                    en, ja = "a tie, nobody may enter.", "同数なので、だれも入れません。"
                verdicts[sq] = self.verdict(False, en=f"{it}: {en}", ja=f"{it}：{ja}")
            else:
                verdicts[sq] = self.verdict(
                    False,
                    en=f"{it}: not a tower of height 2 or 3.",
                    ja=f"{it}：高さ2か3の塔ではありません。",
                )
        self.colour_verdicts = verdicts

    def colour_exercise(self) -> None:
        self.ask(
            self.colour_position,
            self.t(
                en="Which tower of height 2 or 3 may terracotta enter?",
                ja="テラコッタが入れる高さ2か3の塔はどれ？",
            ),
            self.colour_verdicts,
            hint=self.t(
                en="Count the levels of each colour. Equal means nobody.",
                ja="色ごとに段を数えよう。同数なら、だれも入れません。",
            ),
            answer=self.t(
                en="D2: height 3 with two terracotta levels and one blue. B2 is a tie, C2 is "
                "blue's.",
                ja="D2：テラコッタ2段と青1段の高さ3です。B2は同数、C2は青のものです。",
            ),
        )

    # -- defend
    def defend(self) -> None:
        danger = self.danger = position(
            [". . . . .", ". . . bb .", ". . . bbt .", ". . . . t", ". . . . ."],
            terracotta=["E4", "A5"],
            blue=["D2", "A1"],
            turn=10,
        )
        safe_builds = {m.build for m in danger.legal_moves() if not danger.play(m).winning_moves()}
        assert safe_builds == {"D3"}
        all_builds = {m.build for m in danger.legal_moves() if m.build}
        verdicts: dict[str, Verdict] = {}
        for sq in SQUARES:
            if sq in safe_builds:
                verdicts[sq] = self.verdict(
                    True,
                    en="A level on height 3 is a dome, and blue can no longer climb D3.",
                    ja="高さ3に積むとドームになり、青はもうD3に登れません。",
                )
            elif sq in all_builds:
                verdicts[sq] = self.verdict(
                    False,
                    en=f"Terracotta may build on {sq}, but then blue climbs D2-D3 and wins.",
                    ja=f"テラコッタは{sq}に積めますが、そのあと青がD2-D3と登って勝ちます。",
                )
            else:
                verdicts[sq] = self.verdict(
                    False,
                    en=f"Terracotta cannot build on {sq} this turn.",
                    ja=f"この手番では、テラコッタは{sq}に積めません。",
                )
        self.defend_verdicts = verdicts

    def defend_exercise(self) -> None:
        self.ask(
            self.danger,
            self.t(
                en="Terracotta to move. Blue threatens to win next turn. Where must terracotta "
                "build?",
                ja="テラコッタの番です。青は次の手で勝とうとしています。テラコッタはどこに"
                "積まなければならないでしょう？",
            ),
            self.defend_verdicts,
            hint=self.t(
                en="Which height-3 tower can blue's worker on D2 enter?",
                ja="D2の青の駒が入れる高さ3の塔はどれかな？",
            ),
            answer=self.t(
                en="On D3: it becomes a dome. Any other build lets blue climb D2-D3.",
                ja="D3です。積むとドームになります。ほかのマスに積むと、青がD2-D3と登れてしまいます。",
            ),
        )

    # -- today's puzzle
    def puzzle_board(self) -> None:
        live_board(
            None,
            self.t(en="Today's puzzle, for the date in Japan:", ja="日本の日付での本日の課題："),
            game="towergate",
            puzzle=True,
            lang=self.lang,
        )
