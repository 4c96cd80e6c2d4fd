"""Reversi: the rules, step by step (``reversi/rules``): one position per rule, each checked."""

from __future__ import annotations

from boardbook import IllegalMoveError
from boardbook.core import i18n
from boardbook.reversi import Position, parse_transcript, replay
from kit import before_after, lesson, say, squares
from kit.reversi import diagram, ended_by, result_caption, score, side_name
from kit.twin import Twin


def canonical(position: Position) -> str:
    """The smallest board string over the 8 symmetries of the square."""
    rows = [position.board_string()[8 * r : 8 * r + 8] for r in range(8)]
    images = []
    for _ in range(4):
        rows = ["".join(row[c] for row in reversed(rows)) for c in range(8)]  # rotate 90°
        images += ["".join(rows), "".join(row[::-1] for row in rows)]
    return min(images)


class Page(Twin):
    def __init__(self, lang: str) -> None:
        super().__init__(lang)
        self.start_position()
        self.placing()
        self.several_directions()
        self.no_chains()
        self.passing()
        self.the_end()
        self.scoring()

    # -- the start
    def start_position(self) -> None:
        start = self.start = Position.start()
        assert start.to_move == "black"
        assert start.counts == {"black": 2, "white": 2}
        assert {start.piece_at(s) for s in ("d4", "e5")} == {"white"}
        assert {start.piece_at(s) for s in ("e4", "d5")} == {"black"}
        assert len({canonical(start.play(m)) for m in start.legal_moves()}) == 1
        say("start_moves", len(start.legal_moves()))
        say("start_move_list", squares(start.legal_moves(), self.lang))

    def start_board(self) -> None:
        n = len(self.start.legal_moves())
        lesson(
            self.start,
            self.t(
                en=f"The start. Black to move; the dots are Black's {n} legal moves.",
                ja=f"はじめの形。黒の番で、点は黒が打てる{n}か所のマスです。",
            ),
            lang=self.lang,
        )

    # -- placing a disc: bracket, then flip
    def placing(self) -> None:
        start = self.start
        after_f5 = start.play("f5")
        assert start.flips("f5") == ["e5"]
        assert after_f5.counts == {"black": 4, "white": 1}
        say("f5_flips", squares(start.flips("f5"), self.lang))
        try:
            start.play("c3")  # touches d4 diagonally, but e5 is white: nothing bracketed
        except IllegalMoveError as error:
            # The board's own words for it, in the page's language.
            words = i18n.text(f"reversi.err.{error.code}", "ja", **error.details)
            say("illegal_reason", self.t(en=error.reason, ja=words))
        else:
            raise AssertionError("c3 should not be legal from the start")
        say("f5_score", score(after_f5, self.lang))

    def placing_board(self) -> None:
        before_after(
            self.start,
            "f5",
            self.t(
                en="Black's f5 brackets e5 against e4 (gold line); e5 flips (gold ring).",
                ja="黒のf5は、e4とのあいだでe5をはさみます（金色の線）。e5が返ります（金色の輪）。",
            ),
            lang=self.lang,
        )

    # -- bracketing in several directions at once
    def several_directions(self) -> None:
        several = self.several = diagram(
            """
            . . . . . . . .
            . . . X . . . .
            . . . O . . . .
            . . . . O O X .
            . . O O . . . .
            . . . X . . . .
            . . . . . . . .
            . . . . . . . .
            """,
            "black",
        )
        several_flips = several.flips("d4")
        assert sorted(several_flips) == ["d3", "d5", "e4", "f4"]
        assert several.play("d4").piece_at("c5") == "white"  # next to d4, but b6 is not black
        assert several.piece_at("b6") == ""
        say("several_flips", squares(several_flips, self.lang))
        say("several_count", len(several_flips))

    def several_board(self) -> None:
        before_after(
            self.several,
            "d4",
            self.t(
                en="One move, three lines: up, right and down. c5 stays white.",
                ja="1手で3列：上、右、下。c5は白のままです。",
            ),
            lang=self.lang,
        )

    # -- no chain flips
    def no_chains(self) -> None:
        chain = self.chain = diagram(
            """
            . . . . . . . .
            . . . . . . . .
            . . . . . . . .
            . . . O X . . .
            . . . O . . . .
            . . . X . . . .
            . . . . . . . .
            . . . . . . . .
            """,
            "black",
        )
        after_chain = chain.play("c4")
        assert chain.flips("c4") == ["d4"]
        # d5 now sits between two black discs (d4 and d6), yet stays white: flips do not chain.
        assert after_chain.piece_at("d4") == after_chain.piece_at("d6") == "black"
        assert after_chain.piece_at("d5") == "white"

    def chain_board(self) -> None:
        before_after(
            self.chain,
            "c4",
            self.t(
                en="c4 flips d4 only. d5 stays white: flips do not set off more flips.",
                ja="c4で返るのはd4だけ。d5は白のまま：返った石がさらに石を返すことはありません。",
            ),
            lang=self.lang,
        )

    # -- passing
    def passing(self) -> None:
        self.pass_game = pass_game = ["e6", "f6", "d3", "e7", "e8", "d8", "g6", "f8"]
        must_pass = self.must_pass = replay(pass_game)[-1]
        assert must_pass.to_move == "black"
        assert [str(m) for m in must_pass.legal_moves()] == ["pass"]
        after_pass = must_pass.play("pass")
        assert after_pass.to_move == "white" and "pass" not in map(str, after_pass.legal_moves())
        say("pass_game", " ".join(pass_game))
        say("pass_moves", len(pass_game))
        say("pass_empties", must_pass.empties)
        say("pass_white_moves", len(after_pass.legal_moves()))
        # What the board's pass card says (the Japanese page quotes it).
        say(
            "pass_card",
            i18n.text("reversi.pass_card", self.lang, side=side_name("black", self.lang)),
        )

    def pass_board(self) -> None:
        n = self.must_pass.empties
        lesson(
            self.must_pass,
            self.t(
                en=f"Black to move, with {n} empty squares but no legal move: Black must pass.",
                ja=f"黒の番。空きマスは{n}個ありますが、置けるマスがないので黒はパスです。",
            ),
            last_move=self.pass_game[-1],
            lang=self.lang,
        )

    # -- the end, possibly with empty squares left
    def the_end(self) -> None:
        self.wipe_game = wipe_game = ["f5", "f4", "g3", "e6", "d7", "c6", "c4", "c5", "b5"]
        wiped = self.wiped = replay(wipe_game)[-1]
        assert wiped.outcome is not None and ended_by(wiped) == "wiped_out"
        assert wiped.counts["white"] == 0 and wiped.outcome.winner == "black"
        assert replay(wipe_game)[-2].outcome is None
        say("wipe_game", " ".join(wipe_game))
        say("wipe_black", wiped.counts["black"])
        say("wipe_empties", wiped.empties)

    def wipe_board(self) -> None:
        lesson(
            self.wiped,
            result_caption(self.wiped, self.lang),
            last_move=self.wipe_game[-1],
            legal=False,
            lang=self.lang,
        )

    # -- scoring: count the discs, nothing else
    def scoring(self) -> None:
        blocked_game = (
            "c4c5b6b3b4c3e6a7c2f6d3b2a3e7b1c1d6d7c6a1a6e3d8b5f5f7a4g5f8e8e2a5g4f1e1g8g1f3h8b7"
            "g7a2d2d1g2h1g6h6g3h4h7f4h3f2h5"
        )
        self.blocked_moves = [str(m) for m in parse_transcript(blocked_game)]
        blocked = self.blocked = replay(blocked_game)[-1]
        assert blocked.outcome is not None and ended_by(blocked) == "no_legal_moves"
        assert blocked.empties > 0 and min(blocked.counts.values()) > 0
        winner, loser = sorted(blocked.counts, key=blocked.counts.__getitem__, reverse=True)
        assert blocked.outcome.winner == winner
        assert blocked.outcome.scores == blocked.counts  # empties are given to nobody
        say("blocked_moves", len(replay(blocked_game)) - 1)
        say("blocked_empties", blocked.empties)
        say("blocked_winner", self.t(en=winner.capitalize(), ja=side_name(winner, "ja")))
        say("blocked_win", blocked.counts[winner])
        say("blocked_lose", blocked.counts[loser])
        black = self.wiped.counts["black"]
        say("wipe_score", self.t(en=f"{black} to 0", ja=f"{black}対0"))

    def blocked_board(self) -> None:
        lesson(
            self.blocked,
            result_caption(self.blocked, self.lang),
            last_move=self.blocked_moves[-1],
            legal=False,
            lang=self.lang,
        )
