"""Two positions that explain the rules (``reversi/worked-positions``): a move that brackets
three lines without a chain reaction, and a game that ends with passes and empty squares."""

from __future__ import annotations

from boardbook.reversi import parse_transcript, replay
from kit import before_after, lesson, say, squares
from kit.reversi import all_squares, diagram, ended_by, lines_flipped, result_caption
from kit.twin import Twin


class Page(Twin):
    def __init__(self, lang: str) -> None:
        super().__init__(lang)
        self.position_one()
        self.position_two()

    # -- position 1: one move, three lines, no chain reaction
    def position_one(self) -> None:
        one = self.one = diagram(
            """
            . . . . . . . .
            . . . . . . . .
            . . . X . . X .
            . X O O . O . .
            . . . O O O X .
            . . O . O X . .
            . . . . . . . .
            . . . . . . . .
            """,
            "black",
        )
        move = self.move = "d6"
        groups = lines_flipped(one, move)
        after = one.play(move)
        assert groups == {"up": ["d5", "d4"], "up and right": ["e5", "f4"], "right": ["e6"]}
        # c6 touches d6 but the line left of d6 ends on an empty b6: not bracketed.
        assert one.piece_at("c6") == "white" and one.piece_at("b6") == ""
        assert after.piece_at("c6") == "white"
        # Flipped discs do not chain: d4 (now black) brackets c4 against b4, e5 brackets f5
        # against g5, yet c4 and f5 stay white.
        for flipped, middle, far in (("d4", "c4", "b4"), ("e5", "f5", "g5")):
            assert after.piece_at(flipped) == after.piece_at(far) == "black"
            assert one.piece_at(middle) == after.piece_at(middle) == "white"
        say("one_move", move)
        say("one_lines", len(groups))
        say("one_flips", len(one.flips(move)))
        named = lines_flipped(one, move, self.lang)
        say(
            "one_groups",
            self.t(
                en="; ".join(f"{name}: {squares(s)}" for name, s in named.items()),
                ja="／".join(f"{name}：{squares(s, 'ja')}" for name, s in named.items()),
            ),
        )
        black, white = one.counts["black"], one.counts["white"]
        say("one_before", self.t(en=f"{black} black to {white} white", ja=f"黒{black}対白{white}"))
        black, white = after.counts["black"], after.counts["white"]
        say("one_after", self.t(en=f"{black} to {white}", ja=f"{black}対{white}"))

    def one_board(self) -> None:
        before_after(
            self.one,
            self.move,
            self.t(
                en="d6 brackets three lines (gold) and flips five discs (gold rings).",
                ja="d6は3つの列をはさみ（金色）、5個の石を返します（金色の輪）。",
            ),
            lang=self.lang,
        )

    # -- position 2: a forced pass, and a game that ends with empty squares
    def position_two(self) -> None:
        game = (
            "f5d6c5f4f3g4e3g5d7c4d3e6e7f2g6b5h6f8c7c3g1c8d8f6b6h4b8f1a5h7e2d2h8a6e8a7a8f7g7c6"
            "b4a4b3b2h5h1d1g3a3c1g2h2b7e1g8a1h3"
        )
        moves = [str(m) for m in parse_transcript(game)]
        positions = replay(game)
        assert moves[-4:] == ["pass", "a1", "pass", "h3"]
        two = self.two = positions[-5]
        empty = self.empty = [sq for sq in all_squares() if not two.piece_at(sq)]
        assert two.to_move == "white" and [str(m) for m in two.legal_moves()] == ["pass"]
        black_options = [str(m) for m in two.play("pass").legal_moves()]
        assert "a1" in black_options and len(black_options) > 1
        after_a1 = two.play("pass").play("a1")
        assert [str(m) for m in after_a1.legal_moves()] == ["pass"]  # White must pass again
        end = self.end = after_a1.play("pass").play("h3")
        left = [sq for sq in empty if not end.piece_at(sq)]
        assert end.outcome is not None and ended_by(end) == "no_legal_moves"
        assert all(  # neither side can use any empty square
            not type(end)(end.black, end.white, side).legal_moves() for side in ("black", "white")
        )
        assert end.outcome.winner == "black" and end.outcome.scores == end.counts
        assert end.counts["black"] + end.counts["white"] + len(left) == 64
        lang = self.lang
        say("two_moves", len(positions) - 5)
        say("two_transcript", " ".join(m for m in moves[: len(positions) - 5] if m != "pass"))
        say("two_empty", squares(empty, lang))
        say("two_empty_count", len(empty))
        say("two_black_options", squares(black_options, lang))
        say("two_left", squares(left, lang))
        say("two_left_count", len(left))
        say("two_black", end.counts["black"])
        say("two_white", end.counts["white"])
        say("two_black_with_empties", end.counts["black"] + len(left))

    def two_board(self) -> None:
        n = len(self.empty)
        lesson(
            self.two,
            self.t(
                en=f"White to move, {n} empty squares, no legal move for White: White must pass.",
                ja=f"白の番。空きマスは{n}個。白には置けるマスがないので、白はパスです。",
            ),
            lang=self.lang,
        )

    def corner_board(self) -> None:
        before_after(
            self.two.play("pass"),
            "a1",
            self.t(
                en="After White's pass, Black takes the corner a1.",
                ja="白のパスのあと、黒が隅のa1を取ります。",
            ),
            lang=self.lang,
        )

    def end_board(self) -> None:
        lesson(
            self.end,
            result_caption(self.end, self.lang),
            last_move="h3",
            legal=False,
            lang=self.lang,
        )
