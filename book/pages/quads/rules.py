"""Quads: the rules, step by step (``quads/rules``): the pieces, the 19 winning shapes, give
then place, a worked example, and the classic rules. Every claim is checked against the
engine and against ``quads.figures``' independent recount of the rules."""

from __future__ import annotations

from boardbook import IllegalMoveError
from boardbook.core import i18n
from boardbook.quads import SHAPES, Position, winning_shapes
from boardbook.quads.rules import SQUARE_NAMES
from kit import lesson, say
from kit.twin import Twin
from quads.figures import board, brute_shapes, brute_wins_at, pieces_chart, words

#: Piece 13 (large dark square solid) and piece 9 (large light square solid).
LDSS, LLSS = 13, 9


class Page(Twin):
    def __init__(self, lang: str) -> None:
        super().__init__(lang)
        self.the_pieces()
        self.the_shapes()
        self.give_then_place()
        self.worked_example()
        self.classic()

    def error(self, error: IllegalMoveError) -> str:
        """The board's refusal in this page's language (the widget's own words; quoted in
        「」, without its 。)."""
        if self.lang == "en":
            return error.reason
        return i18n.text(f"quads.err.{error.code}", self.lang, **error.details).rstrip("。")

    # -- the 16 pieces
    def the_pieces(self) -> None:
        pieces = list(range(16))
        # Each piece is one choice of four yes/no attributes, and every choice is there once.
        assert len({words(p) for p in pieces}) == 16 == 2**4
        for attribute in ("large", "dark", "round", "solid"):
            assert sum(attribute in words(p).split() for p in pieces) == 8
        say("n_pieces", len(pieces))
        say("half", len(pieces) // 2)

    def pieces_board(self) -> None:
        lesson(
            pieces_chart(lang=self.lang),
            self.t(
                en="The 16 pieces with their numbers: small pieces 0–7 in the top row, large "
                "ones 8–15 below.",
                ja="16個の駒と、その番号。上の段が小型の駒0〜7、下の段が大型の駒8〜15です。",
            ),
        )

    # -- the 19 winning shapes
    def the_shapes(self) -> None:
        kinds: dict[str, int] = {}
        for shape in SHAPES:
            kinds[shape.kind] = kinds.get(shape.kind, 0) + 1
        assert kinds == {"row": 4, "column": 4, "diagonal": 2, "square": 9}
        # the same 19 shapes, written out from coordinates
        assert sorted(sorted(s.squares) for s in SHAPES) == sorted(
            sorted(s) for s in brute_shapes()
        )
        assert len(winning_shapes(squares=False)) == 10 == len(brute_shapes(squares=False))
        for kind, n in kinds.items():
            say(f"n_{kind}", n)
        say("n_shapes", len(SHAPES))
        examples = {kind: next(s for s in SHAPES if s.kind == kind) for kind in kinds}
        examples["row"] = next(s for s in SHAPES if s.name == "row 2")
        examples["square"] = next(s for s in SHAPES if s.name == "square B2–C3")
        assert examples["column"].name == "column A"
        assert examples["diagonal"].name == "diagonal A1–D4"
        self.examples = examples
        self.empty = Position.start()

    def shape_boards(self) -> None:
        for kind, caption in (
            (
                "row",
                self.t(
                    en="A row: one of 4 (here row 2).",
                    ja="横の列：4本のうちの1本（ここでは2行目）。",
                ),
            ),
            (
                "column",
                self.t(
                    en="A column: one of 4 (here column A).",
                    ja="縦の列：4本のうちの1本（ここではA列）。",
                ),
            ),
            (
                "diagonal",
                self.t(
                    en="A diagonal: one of 2 (here A1 to D4).",
                    ja="斜めの列：2本のうちの1本（ここではA1からD4）。",
                ),
            ),
            (
                "square",
                self.t(
                    en="A 2×2 square: one of 9 (here B2 to C3). The squares may overlap.",
                    ja="2×2の正方形：9つのうちの1つ（ここではB2からC3）。"
                    "正方形どうしは重なってもかまいません。",
                ),
            ),
        ):
            lesson(
                board(
                    self.empty,
                    self.lang,
                    highlight=self.examples[kind].squares,
                    size=220,
                    tray=False,
                ),
                caption,
            )

    # -- give, then place
    def give_then_place(self) -> None:
        opening = self.opening = self.empty.play(":7")
        turn = self.turn = opening.play("D2:3")
        assert opening.held == 7 and opening.to_move == "second"
        assert turn.piece_at("D2") == 7 and turn.held == 3 and turn.to_move == "first"
        try:
            opening.play(":3")  # giving before placing
        except IllegalMoveError as error:
            say("must_place", self.error(error))
        else:
            raise AssertionError("a give before placing must be refused")
        try:
            turn.play("D2:5")  # a taken square
        except IllegalMoveError as error:
            say("taken", self.error(error))
        else:
            raise AssertionError("D2 is taken")
        say("p7", words(7, self.lang))
        say("p3", words(3, self.lang))

    def turn_boards(self) -> None:
        lesson(
            board(self.opening, self.lang, size=300),
            self.t(
                en="The opening give: the second player holds piece 7.",
                ja="最初に渡したところ：後手が駒7を受け取りました。",
            ),
        )
        lesson(
            board(self.turn, self.lang, last_move="D2:3", size=300),
            self.t(
                en="One turn later: 7 on D2, and the first player holds piece 3.",
                ja="1手番あと：駒7がD2に置かれ、先手が駒3を受け取りました。",
            ),
        )

    # -- a worked example: the dangerous piece and the safe one
    def worked_example(self) -> None:
        assert words(LDSS) == "large dark square solid"
        assert words(LLSS) == "large light square solid"
        cells: list[int | None] = [None] * 16
        for square, piece in {"A2": 7, "B2": 4, "C2": 6, "D1": 1, "A4": 3, "D4": 10}.items():
            cells[SQUARE_NAMES.index(square)] = piece
        # The first player has just placed and must give: show it as "the second player
        # holds X".
        given_dark = self.given_dark = Position(cells, LDSS)
        given_light = self.given_light = Position(cells, LLSS)
        row2 = [given_dark.piece_at(s) for s in ("A2", "B2", "C2")]
        attributes = ("large", "small", "dark", "light", "round", "square", "solid", "hollow")
        shared = [w for w in attributes if all(w in words(p).split() for p in row2)]
        assert shared == ["small", "dark"]  # row 2's three pieces share only these
        assert given_dark.winning_squares() == ("D2",) == tuple(brute_wins_at(given_dark, LDSS))
        assert given_light.winning_squares() == () == tuple(brute_wins_at(given_light, LLSS))
        win = self.win = given_dark.play("D2:")
        assert win.outcome is not None and win.outcome.winner == "second"
        assert set(win.outcome.squares) == {"A2", "B2", "C2", "D2"}
        assert win.outcome.details["attributes"] == ["dark"]
        say(
            "row2_words",
            self.t(en=", ", ja="、").join(
                self.t(en=f"{p} ({words(p)})", ja=f"駒{p}（{words(p, 'ja')}）") for p in row2
            ),
        )

    def dark_boards(self) -> None:
        lesson(
            board(self.given_dark, self.lang, highlight=("A2", "B2", "C2"), size=300),
            self.t(
                en="Giving piece 13 (large dark square solid) loses: row 2 already has three "
                "dark pieces.",
                ja="駒13（大型・ダーク・角型・中実）を渡すと負けます。2行目にはもうダークの駒が"
                "3つあります。",
            ),
        )
        lesson(
            board(self.win, self.lang, size=300),
            self.t(
                en="D2 completes row 2 with four dark pieces: the second player wins.",
                ja="D2に置くと、2行目にダークの駒が4つそろいます。後手の勝ちです。",
            ),
        )

    def light_board(self) -> None:
        lesson(
            board(self.given_light, self.lang, size=300),
            self.t(
                en="Giving piece 9 (large light square solid) is safe: it wins on no square.",
                ja="駒9（大型・ライト・角型・中実）なら安全です。どのマスに置いても勝てません。",
            ),
        )

    # -- classic Quarto and Quads
    def classic(self) -> None:
        classic = Position.start(squares=False)
        # fmt: off
        square_only = self.square_only = Position(
            [8, 9, None, None, 10, None, None, None, None, None, None, None,
             None, None, None, None], 11,
        )
        # fmt: on
        assert square_only.winning_squares() == ("B2",)
        as_classic = Position(square_only.board, 11, squares=False)
        assert as_classic.winning_squares() == () == tuple(brute_wins_at(as_classic, 11))
        say("classic_shapes", len(classic.winning_shapes))
        # The board's own name for the setting, as its settings show it.
        say("squares_setting", i18n.text("quads.squares_setting", self.lang))

    def classic_board(self) -> None:
        lesson(
            board(self.square_only, self.lang, highlight=("A1", "B1", "A2", "B2"), size=280),
            self.t(
                en="Piece 11 wins on B2 in Quads (four large pieces in the square A1–B2), but "
                "not in classic rules.",
                ja="駒11は、QuadsではB2で勝ちます（正方形A1–B2に大型の駒が4つ）。"
                "クラシックルールでは勝ちになりません。",
            ),
        )
