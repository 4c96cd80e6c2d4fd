"""Tower Gate: the rules, step by step (``towergate/rules``): one position per rule, each
checked by the engine and by the brute-force rules of ``towergate/figures.py``."""

from __future__ import annotations

from boardbook.core import i18n
from boardbook.core.game import ForbiddenMoveError
from boardbook.towergate import TURN_LIMIT, Position
from kit import say, squares
from towergate.figures import (
    brute_builds,
    brute_can_enter,
    brute_destinations,
    neighbours,
    position,
)

from pages.towergate import TowerGatePage


def targets_of(pos: Position, worker: str) -> set[str]:
    """The engine's destinations for the worker on ``worker``."""
    return {m.target for m in pos.legal_moves() if m.source == worker}


class Page(TowerGatePage):
    def __init__(self, lang: str) -> None:
        super().__init__(lang)
        self.the_start()
        self.a_turn()
        self.climbing()
        self.colours()
        self.domes()
        self.vacated_square()
        self.two_wins()
        self.the_draw()

    # -- the start
    def the_start(self) -> None:
        start = self.start = Position.start("fixed")
        assert start.workers == {"terracotta": ("B4", "D4"), "blue": ("B2", "D2")}
        assert start.to_move == "terracotta" and start.turn == 0
        free = Position.start("free")
        assert free.in_setup and len(free.legal_moves()) == 25
        say("free_first", len(free.legal_moves()))

    def start_board(self) -> None:
        self.show(
            self.start,
            self.t(
                en="The fixed setup: terracotta on B4 and D4, blue on B2 and D2. Terracotta moves "
                "first.",
                ja="対称の固定配置：テラコッタはB4とD4、青はB2とD2。テラコッタから動きます。",
            ),
        )

    # -- a turn: move, then build
    def a_turn(self) -> None:
        start = self.start
        moves_b4 = self.moves_b4 = targets_of(start, "B4")
        assert moves_b4 == brute_destinations(start, "B4") == neighbours("B4")
        builds_c3 = {m.build for m in start.legal_moves() if m.source == "B4" and m.target == "C3"}
        assert builds_c3 == brute_builds(start, "B4", "C3")
        assert "B4" in builds_c3  # the square just left counts
        turn1 = self.turn1 = start.play("B4-C3^C4")
        assert turn1.levels("C4") == ("terracotta",) and turn1.worker_at("C3") == "terracotta"
        say("b4_moves", len(moves_b4))
        say("c3_builds", len(builds_c3))
        say("c3_build_list", squares(sorted(builds_c3), self.lang))

    def turn_boards(self) -> None:
        self.show(
            self.start,
            self.t(
                en="The worker on B4 may move to any ringed square.",
                ja="B4の駒は、点線の円が付いたマスのどこへでも動けます。",
            ),
            highlight=sorted(self.moves_b4),
        )
        self.show(
            self.turn1,
            self.t(
                en="It moved to C3 and built a terracotta level on C4 (written B4-C3^C4).",
                ja="C3へ移動して、C4にテラコッタの段を1段積みました（B4-C3^C4と書きます）。",
            ),
            last_move="B4-C3^C4",
        )

    # -- climbing: up one level, down any number
    def climbing(self) -> None:
        climb = self.climb = position(
            [". . . . .", ". tt ttt . .", ". . t . .", ". b . bb .", ". . . . ."],
            terracotta=["C3", "E5"],
            blue=["A1", "E1"],
        )
        assert climb.height("C3") == 1
        reach = self.reach = targets_of(climb, "C3")
        assert reach == brute_destinations(climb, "C3")
        assert "B2" in reach and "C2" not in reach  # height 2 is one up; height 3 is two up
        assert "D4" not in reach  # height 2, but both levels blue (the colour rule below)
        say("climb_reach", squares(sorted(reach), self.lang))

    def climb_board(self) -> None:
        self.show(
            self.climb,
            self.t(
                en="The worker on C3 (height 1) may move to the ringed squares: B2 is one level "
                "up, C2 is two.",
                ja="C3の駒（高さ1）は、円が付いたマスへ動けます。B2は1段上、C2は2段上です。",
            ),
            highlight=sorted(self.reach),
        )

    # -- colour majority, and ties
    def colours(self) -> None:
        colours = self.colour_position = position(
            [". . . . .", ". tt tb bb .", ". . t . .", ". . . . .", ". . b . ."],
            terracotta=["C3", "A5"],
            blue=["C5", "E1"],
        )
        for square, levels in (
            ("B2", ("terracotta",) * 2),
            ("C2", ("terracotta", "blue")),
            ("D2", ("blue",) * 2),
        ):
            assert colours.levels(square) == levels
            for side in ("terracotta", "blue"):
                assert colours.can_enter(side, square) == brute_can_enter(levels, side)
        assert colours.can_enter("terracotta", "B2") and not colours.can_enter("blue", "B2")
        assert not colours.can_enter("terracotta", "C2") and not colours.can_enter("blue", "C2")
        assert colours.can_enter("blue", "D2") and not colours.can_enter("terracotta", "D2")
        try:
            colours.play("C3-C2^C3")
        except ForbiddenMoveError as error:
            assert error.code == "colour_tie"
            # The board's own words for it (the widget shows the same text).
            reason = i18n.text(f"towergate.err.{error.code}", "ja", **error.details)
            say("tie_reason", self.t(en=error.reason, ja=reason.rstrip("。")))
        else:
            raise AssertionError("a tie must keep everyone out")
        assert targets_of(colours, "C3") & {"B2", "C2", "D2"} == {"B2"}

    def colour_board(self) -> None:
        self.show(
            self.colour_position,
            self.t(
                en="B2 is terracotta's, D2 is blue's, C2 is a tie that nobody may enter; the "
                "lines under the board are C2's legend.",
                ja="B2はテラコッタのもの、D2は青のもの、C2は同数でだれも入れません。"
                "盤の下の2行は、C2の凡例です。",
            ),
            highlight=["B2"],
            legend="C2",
        )

    # -- domes
    def domes(self) -> None:
        before_dome = position(
            [". . . . .", ". . . . .", ". ttb . . .", ". . t . .", ". . . . ."],
            terracotta=["C4", "E5"],
            blue=["A1", "E1"],
        )
        assert before_dome.height("B3") == 3
        domed = self.domed = before_dome.play("C4-C3^B3")
        assert domed.dome("B3") and domed.height("B3") == 4
        assert "B3" not in {m.target for m in domed.legal_moves()}
        try:
            domed.play("A1-A2^B3")
        except ForbiddenMoveError as error:
            assert error.code == "build_dome"
        else:
            raise AssertionError("nothing is built on a dome")

    def dome_board(self) -> None:
        self.show(
            self.domed,
            self.t(
                en="Building on B3 (height 3) made a dome: nobody may enter it any more.",
                ja="B3（高さ3）に積んだので、ドームになりました。もうだれも入れません。",
            ),
            last_move="C4-C3^B3",
        )

    # -- building on the square you just left
    def vacated_square(self) -> None:
        vacated = self.vacated = self.start.play("B4-C3^B4")
        assert vacated.levels("B4") == ("terracotta",) and vacated.worker_at("B4") is None

    def vacated_board(self) -> None:
        self.show(
            self.vacated,
            self.t(
                en="B4-C3^B4: the worker built on the square it just left.",
                ja="B4-C3^B4：駒は、いま離れたばかりのマスに積みました。",
            ),
            last_move="B4-C3^B4",
        )

    # -- two ways to win
    def two_wins(self) -> None:
        win = self.win = position(
            [". . . . .", ". . . . .", ". . ttb . .", ". tt . . .", ". . . . ."],
            terracotta=["B4", "E5"],
            blue=["A1", "E1"],
        )
        assert [str(m) for m in win.winning_moves()] == ["B4-C3"]
        won = win.play("B4-C3")
        assert won.outcome is not None
        assert won.outcome.winner == "terracotta"
        assert won.outcome.termination == "reached_third_level"

        trap = position(
            [". . ttt . .", "tttt tttt tttt . .", ". . . t .", ". . . . .", ". . . . ."],
            terracotta=["D3", "E5"],
            blue=["A1", "B1"],
            turn=10,
        )
        assert trap.outcome is None and trap.to_move == "terracotta"
        trapped = self.trapped = trap.play("D3-D2^C1")
        assert trapped.dome("C1")
        assert trapped.outcome is not None
        assert trapped.outcome.winner == "terracotta"
        assert trapped.outcome.termination == "no_legal_move"
        for worker in ("A1", "B1"):
            assert brute_destinations(trapped, worker) == set()
        assert sum(trapped.dome(s) for s in ("A2", "B2", "C2", "C1")) == 4

    def win_board(self) -> None:
        self.show(
            self.win,
            self.t(
                en="Terracotta to move: B4-C3 climbs onto height 3 and wins at once.",
                ja="テラコッタの番：B4-C3で高さ3に登り、その場で勝ちです。",
            ),
            highlight=["C3"],
        )

    def trap_board(self) -> None:
        self.show(
            self.trapped,
            self.t(
                en="D3-D2^C1 domes C1: blue's workers on A1 and B1 have no move, so terracotta "
                "wins.",
                ja="D3-D2^C1でC1がドームになりました。A1とB1の青の駒は動けないので、"
                "テラコッタの勝ちです。",
            ),
            last_move="D3-D2^C1",
        )

    # -- the draw
    def the_draw(self) -> None:
        late = position(
            [". . . . .", ". . . . .", ". . . . .", ". . . . .", ". . . . ."],
            terracotta=["A1", "E5"],
            blue=["A5", "E1"],
            turn=TURN_LIMIT - 1,
        )
        assert late.to_move == "blue"
        endings = [late.play(m).outcome for m in late.legal_moves()]
        assert {o.termination for o in endings if o is not None} == {"turn_limit"}
        assert all(o is not None and o.winner is None for o in endings)
        say("turn_limit", TURN_LIMIT)
