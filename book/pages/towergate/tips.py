"""Four tips (``towergate/tips``): tie the opponent's tower, grow your own, dome the danger,
keep room to move; each shown on a position, checked, and the engine's choice named."""

from __future__ import annotations

import random

from boardbook.towergate import choose_move
from kit import say, squares
from live.liveboard import play_on
from towergate.figures import board, brute_can_enter, brute_destinations, position

from pages.towergate import TowerGatePage


class Page(TowerGatePage):
    def __init__(self, lang: str) -> None:
        super().__init__(lang)
        self.tie_tower()
        self.grow_tower()
        self.dome_danger()
        self.keep_room()

    # -- 1. tie your opponent's tower
    def tie_tower(self) -> None:
        tie = position(
            [". . . . .", ". . . . .", ". . b . .", ". . . b .", ". . . . ."],
            terracotta=["C4", "A5"],
            blue=["D4", "E1"],
        )
        assert tie.levels("C3") == ("blue",) and tie.to_move == "terracotta"
        tied = self.tied = tie.play("C4-B4^C3")
        assert tied.levels("C3") == ("blue", "terracotta")
        assert not tied.can_enter("blue", "C3") and not tied.can_enter("terracotta", "C3")
        assert not brute_can_enter(tied.levels("C3"), "blue")
        # Had blue built there instead, C3 would be blue's: two blue levels.
        grown = tie.play("A5-A4^A3").play("D4-D3^C3")
        assert grown.levels("C3") == ("blue", "blue") and grown.can_enter("blue", "C3")

    def tie_board(self) -> None:
        self.show(
            self.tied,
            self.t(
                en="C4-B4^C3: one blue and one terracotta level make a tie. Nobody may climb C3.",
                ja="C4-B4^C3：青の段とテラコッタの段が1つずつで同数です。C3にはだれも登れません。",
            ),
            last_move="C4-B4^C3",
            legend="C3",
        )

    # -- 2. grow your own tower, stand on it, and threaten height 3
    def grow_tower(self) -> None:
        grow = position(
            [". . . . .", ". . . . b", ". . tt . .", ". tt t . .", ". . . . ."],
            terracotta=["C4", "A1"],
            blue=["E2", "E5"],
        )
        threat = self.threat = grow.play("C4-B4^C3")
        assert threat.height("B4") == 2 and threat.levels("C3") == ("terracotta",) * 3
        assert threat.to_move == "blue"
        # Every blue reply that leaves C3 open loses at once; the only defence is a dome on C3.
        defences = [m for m in threat.legal_moves() if not threat.play(m).winning_moves()]
        assert defences and all(m.build == "C3" for m in defences)
        say("replies", len(threat.legal_moves()))
        say("defences", len(defences))

    def threat_board(self) -> None:
        self.show(
            self.threat,
            self.t(
                en="C4-B4^C3: terracotta stands on height 2 next to its own height 3 and "
                "threatens to win.",
                ja="C4-B4^C3：テラコッタは高さ2に立ち、となりに自分の色の高さ3があります。"
                "次の手で登って勝つねらいです。",
            ),
            last_move="C4-B4^C3",
            highlight=["C3"],
        )

    # -- 3. dome the tower your opponent is about to climb
    def dome_danger(self) -> None:
        danger = self.danger = position(
            [". . . . .", ". . . bb .", ". . . bbt .", ". . . . t", ". . . . ."],
            terracotta=["E4", "A5"],
            blue=["D2", "A1"],
            turn=10,
        )
        assert danger.to_move == "terracotta" and danger.can_enter("blue", "D3")
        loses = [m for m in danger.legal_moves() if danger.play(m).winning_moves()]
        saves = [m for m in danger.legal_moves() if not danger.play(m).winning_moves()]
        assert saves and all(m.build == "D3" for m in saves)
        assert all(m.build != "D3" for m in loses)
        pick = choose_move(danger, "normal", rng=random.Random(1))
        assert pick.build == "D3" and danger.play(pick).dome("D3")
        say("tip3_pick", str(pick))
        say("tip3_losing", len(loses))

    def danger_board(self) -> None:
        play_on(
            self.danger,
            self.t(
                en="Terracotta to move: blue threatens D2-D3. Only a dome on D3 saves the game.",
                ja="テラコッタの番：青はD2-D3をねらっています。負けないためには、"
                "D3をドームにするしかありません。",
            ),
            board=board(self.danger, highlight=["D3"], legend="D3", lang=self.lang),
            settings={"mode": "cpu", "level": "normal", "human": "terracotta"},
            lang=self.lang,
        )

    # -- 4. keep room to move
    def keep_room(self) -> None:
        boxed = position(
            [". . . . .", ". . . . .", ". . . . .", "tttt tttt . . .", ". . tt . b"],
            terracotta=["A5", "B5"],
            blue=["D4", "E5"],
            turn=11,
        )
        assert boxed.to_move == "blue"
        room = {w: brute_destinations(boxed, w) for w in ("A5", "B5")}
        assert room == {"A5": set(), "B5": {"C4"}}
        finish = self.finish = choose_move(boxed, "normal", rng=random.Random(1))
        after = self.after = boxed.play(finish)
        assert after.outcome is not None and after.outcome.winner == "blue"
        assert after.outcome.termination == "no_legal_move"
        say("tip4_move", str(finish))
        say("tip4_room", squares(sorted(set().union(*room.values())), self.lang))

    def boxed_board(self) -> None:
        finish = self.finish
        self.show(
            self.after,
            self.t(
                en=f"{finish}: terracotta's workers on A5 and B5 have no move left. Blue wins.",
                ja=f"{finish}：A5とB5のテラコッタの駒は、もう動けません。青の勝ちです。",
            ),
            last_move=finish,
        )
