"""Beginner tips (``reversi/tips``): corners, X- and C-squares, mobility and edges, each shown
on a position and checked."""

from __future__ import annotations

from boardbook.reversi import PASS, Position, replay
from kit import before_after, lesson, say, squares
from kit.reversi import diagram, side_name
from kit.twin import Twin
from live.liveboard import play_on


def as_side(position: Position, side: str) -> Position:
    """The same discs with ``side`` to move (to ask what that side could play)."""
    return Position(position.black, position.white, side)


def replies(position: Position) -> list[object]:
    return [m for m in position.legal_moves() if m != PASS]


def on_board(row: int, col: int) -> bool:
    return 0 <= row < 8 and 0 <= col < 8


class Page(Twin):
    def __init__(self, lang: str) -> None:
        super().__init__(lang)
        self.corners()
        self.x_squares()
        self.c_squares()
        self.mobility()
        self.edges()

    # -- corners can never be flipped
    def corners(self) -> None:
        corner = self.corner = diagram(
            """
            X O O . . . . .
            O O . . . . . .
            O . O . . . . .
            . . . X O . . .
            . . . O X . . .
            . . . . . . . .
            . . . . . . . .
            . . . . . . . .
            """,
            "white",
        )
        white_moves = self.white_moves = [str(m) for m in corner.legal_moves()]
        assert white_moves and all(corner.play(m).piece_at("a1") == "black" for m in white_moves)
        # The reason: in each of the 8 directions from a corner, one side is off the board, so
        # no line can have the corner disc in its middle.
        for row, col in ((0, 0), (0, 7), (7, 0), (7, 7)):
            for dr in (-1, 0, 1):
                for dc in (-1, 0, 1):
                    if (dr, dc) != (0, 0):
                        assert not (on_board(row + dr, col + dc) and on_board(row - dr, col - dc))
        say("corner_white_moves", len(white_moves))

    def corner_board(self) -> None:
        n = len(self.white_moves)
        lesson(
            self.corner,
            self.t(
                en=f"White to move ({n} dots). No White move can flip Black's corner a1 (gold).",
                ja=f"白の番（点は{n}か所）。白がどこに打っても、黒の隅a1（金色）は返せません。",
            ),
            marks={"squares": ["a1"]},
            lang=self.lang,
        )

    # -- avoid the X-squares
    def x_squares(self) -> None:
        x_square = self.x_square = diagram(
            """
            . . . . . . . .
            . . . . . . . .
            . . X . O . . .
            . . . O X . . .
            . . . X X O . .
            . . . . . O . .
            . . . . . . . .
            . . . . . . . .
            """,
            "white",
        )
        assert not as_side(x_square, "black").is_legal("a1")  # before: Black cannot reach a1
        assert x_square.is_legal("b2") and x_square.flips("b2") == ["c3"]
        after_b2 = self.after_b2 = x_square.play("b2")
        assert after_b2.is_legal("a1")  # after White's b2, Black takes the corner
        assert [after_b2.piece_at(s) for s in ("b2", "c3", "d4", "e5")] == ["white"] * 3 + ["black"]
        corner_flips = after_b2.flips("a1")
        assert corner_flips == ["b2", "c3", "d4"]
        after_a1 = after_b2.play("a1")
        assert after_a1.counts["white"] > 0 and after_a1.outcome is None  # the game goes on
        say("x_flips", squares(corner_flips, self.lang))
        say("x_white_moves", len(x_square.legal_moves()))

    def x_square_board(self) -> None:
        before_after(
            self.x_square,
            "b2",
            self.t(en="White plays the X-square b2.", ja="白がX打ちのb2に打ちます。"),
            lang=self.lang,
        )

    def x_corner_board(self) -> None:
        before_after(
            self.after_b2,
            "a1",
            self.t(
                en="Black answers with a1: the corner, for good.",
                ja="黒はa1で応えます：この隅はずっと黒のものです。",
            ),
            lang=self.lang,
        )

    # -- be careful with the C-squares
    def c_squares(self) -> None:
        c_square = self.c_square = diagram(
            """
            . . X O X . . .
            . . . X . . . .
            . . . X . . . .
            . . . X O . . .
            . . . O X . . .
            . . . . . . . .
            . . . . . . . .
            . . . . . . . .
            """,
            "white",
        )
        assert not as_side(c_square, "black").is_legal("a1")
        assert c_square.flips("b1") == ["c1"]
        after_b1 = self.after_b1 = c_square.play("b1")
        assert [after_b1.piece_at(s) for s in ("b1", "c1", "d1", "e1")] == ["white"] * 3 + ["black"]
        assert after_b1.is_legal("a1") and after_b1.flips("a1") == ["b1", "c1", "d1"]
        say("c_flips", squares(after_b1.flips("a1"), self.lang))

    def c_square_board(self) -> None:
        before_after(
            self.c_square,
            "b1",
            self.t(en="White plays the C-square b1.", ja="白がC打ちのb1に打ちます。"),
            lang=self.lang,
        )

    def c_corner_board(self) -> None:
        before_after(
            self.after_b1,
            "a1",
            self.t(
                en="Black takes the corner a1 along the edge.",
                ja="黒が辺にそって隅のa1を取ります。",
            ),
            lang=self.lang,
        )

    # -- fewer moves for the opponent beat more discs for you
    def mobility(self) -> None:
        mobility = self.mobility_position = replay("f5d6c5f6d3g5g7e7f8d8h5f4e3b4b6h4f7")[-1]
        options = self.options = {
            str(m): (len(mobility.flips(m)), len(replies(mobility.play(m))))
            for m in mobility.legal_moves()
        }
        greedy = self.greedy = max(options, key=lambda m: options[m][0])
        quiet = self.quiet = min(options, key=lambda m: options[m][1])
        assert options[greedy][0] == max(f for f, _ in options.values())  # flips the most
        assert options[quiet][1] == min(r for _, r in options.values())  # fewest replies
        assert options[greedy][0] > options[quiet][0]
        assert options[greedy][1] > 2 * options[quiet][1]
        say(
            "mob_side",
            self.t(en=mobility.to_move.capitalize(), ja=side_name(mobility.to_move, "ja")),
        )
        say("mob_options", len(options))
        say("greedy", greedy)
        say("greedy_flips", options[greedy][0])
        say("greedy_replies", options[greedy][1])
        say("quiet", quiet)
        say("quiet_flips", options[quiet][0])
        say("quiet_replies", options[quiet][1])

    def mobility_board(self) -> None:
        """The mobility position, to play on from as the side to move against Corner-seeker."""
        mobility, options = self.mobility_position, self.options
        greedy, quiet = self.greedy, self.quiet
        side = mobility.to_move
        play_on(
            mobility,
            self.t(
                en=f"{side.capitalize()} to move. A = {greedy} flips {options[greedy][0]}, "
                f"leaves {options[greedy][1]} replies. B = {quiet} flips {options[quiet][0]}, "
                f"leaves {options[quiet][1]}.",
                ja=f"{side_name(side, 'ja')}の番。A＝{greedy}は{options[greedy][0]}個返し、"
                f"相手に{options[greedy][1]}か所残す。B＝{quiet}は{options[quiet][0]}個返し、"
                f"{options[quiet][1]}か所残す。",
            ),
            settings={"mode": "cpu", "level": "corner", "human": side},
            marks={"labels": {greedy: "A", quiet: "B"}, "squares": [greedy, quiet]},
            legal=False,
            lang=self.lang,
        )

    # -- edges are fairly stable, until a whole edge flips
    def edges(self) -> None:
        edge = self.edge = diagram(
            """
            X O O O O O O .
            . . . . . . . .
            . . . . . . . .
            . . . X O . . .
            . . . O X . . .
            . . . . . . . .
            . . . . . . . .
            . . . . . . . .
            """,
            "black",
        )
        edge_flips = edge.flips("h1")
        assert edge_flips == ["g1", "f1", "e1", "d1", "c1", "b1"]
        assert all(edge.play("h1").piece_at(f"{c}1") == "black" for c in "abcdefgh")
        say("edge_count", len(edge_flips))
        # An edge disc (not a corner) can only be in the middle of a line along its edge.
        edge_squares = [(r, c) for r in (0, 7) for c in range(1, 7)]
        edge_squares += [(r, c) for c in (0, 7) for r in range(1, 7)]
        for row, col in edge_squares:
            for dr in (-1, 0, 1):
                for dc in (-1, 0, 1):
                    inside = on_board(row + dr, col + dc) and on_board(row - dr, col - dc)
                    if (dr, dc) != (0, 0) and inside:
                        assert (dr == 0) if row in (0, 7) else (dc == 0)

    def edge_board(self) -> None:
        before_after(
            self.edge,
            "h1",
            self.t(
                en="One move at the end of the edge flips the whole row.",
                ja="辺のはしの1手で、その行がまるごと返ります。",
            ),
            lang=self.lang,
        )
