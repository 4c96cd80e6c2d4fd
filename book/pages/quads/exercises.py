"""Exercises (``quads/exercises``): two safe gives and one winning square, found in games of
the Careful level against itself, with a verdict for every piece or square (each checked by
brute force and by the engine's ``give_reasons``)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from boardbook.quads import Position
from boardbook.quads.ai import give_reasons
from boardbook.quads.rules import SQUARE_NAMES
from boardbook.quads.texts import attribute_label, shape_label
from kit import exercise, say
from kit.twin import Twin
from quads.figures import board, brute_safe, brute_wins_at, careful_game, clickable_tray, words

Verdict = tuple[bool, str]


def safe_give_puzzles(
    seeds: Iterable[int], want_safe: int = 1, min_choices: int = 5
) -> Iterator[tuple[Position, str, list[int]]]:
    """(position, square, safe) from Careful games: placing the held piece on ``square`` wins
    nothing and leaves exactly ``want_safe`` safe gives among at least ``min_choices``."""
    for seed in seeds:
        for position in careful_game(seed)[2:-1]:
            for square in SQUARE_NAMES:
                if position.piece_at(square) is not None or square in position.winning_squares():
                    continue
                safe = brute_safe(position, square)
                if len(safe) == want_safe and len(position.available()) >= min_choices:
                    yield position, square, safe
                    break


def one_winning_square(seeds: Iterable[int]) -> tuple[Position, str]:
    for seed in seeds:
        for position in careful_game(seed)[3:-1]:
            wins = position.winning_squares()
            if len(wins) == 1 and position.placed >= 6:
                assert position.held is not None
                assert list(wins) == brute_wins_at(position, position.held)
                return position, wins[0]
    raise AssertionError("no position with exactly one winning square")


class Page(Twin):
    def __init__(self, lang: str) -> None:
        super().__init__(lang)
        self.only_one()
        self.another_one()
        self.where_it_wins()

    def piece(self, piece: int) -> str:
        """``piece 13 (large dark square solid)`` / ``駒13（大型・ダーク・角型・中実）``."""
        return self.t(en=f"piece {piece} ({words(piece)})", ja=f"駒{piece}（{words(piece, 'ja')}）")

    def why_not(self, position: Position, square: str, piece: int) -> str:
        """Why giving ``piece`` after placing on ``square`` loses at once, in words."""
        reasons = give_reasons(position, square, piece)
        if self.lang == "en":
            return "; ".join(
                f"your opponent wins with it on {r['square']} "
                f"({shape_label(r['shape'])} already has three {r['attribute']} pieces)"
                for r in reasons
            )
        return "。また、".join(
            f"相手は{r['square']}に置いて勝ちます（{shape_label(r['shape'], 'ja')}にはもう"
            f"{attribute_label(r['attribute'], 'ja')}の駒が3つあります）"
            for r in reasons
        )

    def give_verdicts_for(self, position: Position, square: str) -> dict[str, Verdict]:
        safe = brute_safe(position, square)
        verdicts = {}
        for piece in position.available():
            if piece in safe:
                assert not give_reasons(position, square, piece)
                verdicts[f"piece {piece}"] = (
                    True,
                    self.t(
                        en=f"Piece {piece} ({words(piece)}) is safe: it completes no shape "
                        "anywhere.",
                        ja=f"{self.piece(piece)}は安全です。どこに置いても、形は完成しません。",
                    ),
                )
            else:
                reason = self.why_not(position, square, piece)
                assert reason
                verdicts[f"piece {piece}"] = (
                    False,
                    self.t(
                        en=f"Piece {piece} ({words(piece)}) loses: {reason}.",
                        ja=f"{self.piece(piece)}を渡すと負けます。{reason}。",
                    ),
                )
        return verdicts

    # -- only one safe piece
    def only_one(self) -> None:
        one = safe_give_puzzles(range(200))
        first, square, safe = next(one)
        assert len(safe) == 1 and first.held is not None
        self.first, self.first_square, self.first_safe = first, square, safe
        self.first_verdicts = self.give_verdicts_for(first, square)
        assert sum(right for right, _ in self.first_verdicts.values()) == 1
        say("ex1_held", self.piece(first.held))
        say("ex1_square", square)
        say("ex1_choices", len(first.available()))

    def first_exercise(self) -> None:
        first, square, safe = self.first, self.first_square, self.first_safe[0]
        exercise(
            clickable_tray(
                board(first, self.lang, highlight=(square,), size=440), first.available()
            ),
            self.t(
                en="Which piece can you give without letting your opponent win at once?",
                ja="相手がすぐに勝てないように渡せる駒はどれ？",
            ),
            self.first_verdicts,
            hint=self.t(
                en="After your placement, look for shapes with three pieces that share an "
                "attribute: every piece with that attribute is unsafe.",
                ja="駒を置いたあと、1つの特性を共有する駒が3つ並んだ形をさがそう。"
                "その特性をもつ駒は、どれも安全ではありません。",
            ),
            answer=self.t(
                en=f"Piece {safe} ({words(safe)}): it completes no shape anywhere.",
                ja=f"{self.piece(safe)}。どこに置いても、形は完成しません。",
            ),
            lang=self.lang,
        )

    # -- another one, later in a game
    def another_one(self) -> None:
        second, square, safe = next(
            (p, s, safe)
            for p, s, safe in safe_give_puzzles(range(200, 400), min_choices=4)
            if p.placed > self.first.placed
        )
        assert second.held is not None
        self.second, self.second_square, self.second_safe = second, square, safe
        self.second_verdicts = self.give_verdicts_for(second, square)
        say("ex2_held", self.piece(second.held))
        say("ex2_square", square)

    def second_exercise(self) -> None:
        second, square, safe = self.second, self.second_square, self.second_safe[0]
        exercise(
            clickable_tray(
                board(second, self.lang, highlight=(square,), size=440), second.available()
            ),
            self.t(en="Which piece is safe to give?", ja="渡しても安全な駒はどれ？"),
            self.second_verdicts,
            hint=self.t(
                en="Check each row, column, diagonal and 2×2 square that has exactly one empty "
                "square.",
                ja="空きマスがちょうど1つだけの横の列、縦の列、斜めの列、2×2の正方形を、"
                "1つずつ確かめよう。",
            ),
            answer=self.t(en=f"Piece {safe} ({words(safe)}).", ja=f"{self.piece(safe)}。"),
            lang=self.lang,
        )

    # -- where does it win?
    def where_it_wins(self) -> None:
        where, square = one_winning_square(range(400, 600))
        assert where.held is not None
        outcome = where.play(f"{square}:").outcome
        assert outcome is not None
        self.where, self.where_square = where, square
        verdicts: dict[str, Verdict] = {}
        for name in SQUARE_NAMES:
            if where.piece_at(name) is not None:
                verdicts[name] = (
                    False,
                    self.t(en=f"{name} is taken.", ja=f"{name}にはもう駒があります。"),
                )
            elif name == square:
                attributes = outcome.details["attributes"]
                shared = self.t(
                    en=" and ".join(attributes),
                    ja="・".join(attribute_label(a, "ja") for a in attributes),
                )
                verdicts[name] = (
                    True,
                    self.t(
                        en=f"{name} completes four {shared} pieces.",
                        ja=f"{name}に置くと、{shared}の駒が4つそろいます。",
                    ),
                )
            else:
                verdicts[name] = (
                    False,
                    self.t(
                        en=f"Piece {where.held} on {name} completes no shape.",
                        ja=f"駒{where.held}を{name}に置いても、形は完成しません。",
                    ),
                )
        self.where_verdicts = verdicts
        say("ex3_held", self.piece(where.held))

    def third_exercise(self) -> None:
        where, square = self.where, self.where_square
        exercise(
            board(where, self.lang, size=440),
            self.t(en="Where does your piece win?", ja="受け取った駒は、どこに置けば勝てる？"),
            self.where_verdicts,
            hint=self.t(
                en="For each attribute of your piece, look for a shape with three pieces that "
                "share it.",
                ja="受け取った駒の特性を1つずつ取り上げて、その特性を共有する駒が3つ並んだ形を"
                "さがそう。",
            ),
            answer=self.t(en=f"{square}: ", ja=f"{square}。") + self.where_verdicts[square][1],
            answer_board=board(where.play(f"{square}:"), self.lang, size=300),
            answer_caption=self.t(
                en=f"Piece {where.held} on {square} wins.",
                ja=f"駒{where.held}を{square}に置いて勝ち。",
            ),
            lang=self.lang,
        )
