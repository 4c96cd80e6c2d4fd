"""Exercises (``reversi/exercises``): three positions, a verdict for every square of each."""

from __future__ import annotations

from collections.abc import Callable

from boardbook.reversi import PASS, Position, replay
from kit import exercise, say, squares
from kit.reversi import all_squares, lines_flipped, side_name
from kit.twin import Twin

CORNERS = ("a1", "h1", "a8", "h8")
Verdict = tuple[bool, str]


def moves_of(position: Position) -> list[str]:
    return [str(m) for m in position.legal_moves() if m != PASS]


class Page(Twin):
    def __init__(self, lang: str) -> None:
        super().__init__(lang)
        self.three_directions()
        self.corner_gift()
        self.few_replies()

    def verdicts(self, position: Position, judge: Callable[[str], Verdict]) -> dict[str, Verdict]:
        """A verdict for every square: taken, not a legal move, or ``judge(move)`` for a move."""
        legal = moves_of(position)
        other = "white" if position.to_move == "black" else "black"
        out = {}
        for square in all_squares():
            if position.piece_at(square):
                out[square] = (
                    False,
                    self.t(
                        en=f"{square} already has a disc on it.",
                        ja=f"{square}にはもう石があります。",
                    ),
                )
            elif square not in legal:
                out[square] = (
                    False,
                    self.t(
                        en=f"{square} is not a legal move: it brackets no {other} disc.",
                        ja=f"{square}には打てません：{side_name(other, 'ja')}の石を1つもはさめません。",
                    ),
                )
            else:
                out[square] = judge(square)
        return out

    def directions(self, position: Position, move: str) -> tuple[int, str]:
        groups = lines_flipped(position, move, self.lang)
        n = len(groups)
        return n, self.t(
            en=f"{n} direction{'s' if n != 1 else ''} ({', '.join(groups)})",
            ja=f"{n}方向（{'・'.join(groups)}）",
        )

    # -- three directions at once
    def three_directions(self) -> None:
        three = self.three = replay("f5 f6 e6 f4 g6 d7 c3 c5 d3 g4 c6 c4 e8 g7 f3 c7")[-1]
        assert three.to_move == "black"
        counts = {m: len(lines_flipped(three, m)) for m in moves_of(three)}
        three_answer = [m for m, n in counts.items() if n >= 3]
        assert three_answer == ["b5"] and counts["b5"] == 3  # exactly one move, three lines
        say("three_moves", len(counts))

    def judge_three(self, move: str) -> Verdict:
        n, text = self.directions(self.three, move)
        flips = squares(self.three.flips(move), self.lang)
        if n >= 3:
            return True, self.t(
                en=f"{move} flips in {text}: {flips}.", ja=f"{move}は{text}で返します：{flips}。"
            )
        return False, self.t(
            en=f"{move} flips in {text} only.", ja=f"{move}で返るのは{text}だけです。"
        )

    def three_exercise(self) -> None:
        three, lang = self.three, self.lang
        lines = lines_flipped(three, "b5", lang)
        flips = squares(three.flips("b5"), lang)
        exercise(
            three,
            self.t(
                en="Black to move. Find the move that flips discs in three directions.",
                ja="黒の番。3つの方向の石を返す手を見つけよう。",
            ),
            self.verdicts(three, self.judge_three),
            hint=self.t(
                en=f"Look on the left side. From the right square, lines go {', '.join(lines)}.",
                ja=f"盤の左側を見てみよう。正しいマスからは、{'・'.join(lines)}に列がのびています。",
            ),
            answer=self.t(
                en=f"b5. It flips {flips}: {len(lines)} lines in one move.",
                ja=f"b5。{flips}を返します。1手で{len(lines)}列です。",
            ),
            answer_board=three.play("b5"),
            answer_caption=self.t(en="After b5.", ja="b5のあと。"),
            lang=lang,
        )

    # -- do not give away a corner
    def corner_gift(self) -> None:
        gift = self.gift = replay("f5 f6 e6 d6 c7 d7 e7 g5 f4 d3 h5 g6 c5 b6 a5 a7 h6")[-1]
        assert gift.to_move == "white"
        assert not any(c in moves_of(gift) for c in CORNERS)  # White cannot take a corner itself
        gives = self.gives = {
            m: [c for c in CORNERS if c in moves_of(gift.play(m))] for m in moves_of(gift)
        }
        bad = self.bad = [m for m, corners in gives.items() if corners]
        assert bad == ["h7"] and gives["h7"] == ["h8"]
        say("gift_moves", len(gives))

    def judge_gift(self, move: str) -> Verdict:
        if self.gives[move]:
            corner = self.gives[move][0]
            return True, self.t(
                en=f"After {move}, Black can take the corner {corner}.",
                ja=f"{move}のあと、黒は隅の{corner}を取れます。",
            )
        return False, self.t(
            en=f"After {move}, Black still cannot reach any corner. This move is safe.",
            ja=f"{move}のあとも、黒はどの隅にも打てません。この手は安全です。",
        )

    def gift_exercise(self) -> None:
        gift, bad = self.gift, self.bad[0]
        corner = self.gives[bad][0]
        exercise(
            gift,
            self.t(
                en="White to move. Which White move would let Black take a corner?",
                ja="白の番。黒に隅を取らせてしまう白の手はどれ？",
            ),
            self.verdicts(gift, self.judge_gift),
            hint=self.t(
                en="Look at the squares next to the corners (the C-squares and X-squares).",
                ja="隅のとなりのマス（C打ちとX打ちのマス）を見てみよう。",
            ),
            answer=self.t(
                en=f"{bad}. It is a C-square next to the empty corner {corner}. After {bad}, "
                f"Black plays {corner}.",
                ja=f"{bad}。空いている隅{corner}のとなりのC打ちのマスです。{bad}のあと、"
                f"黒は{corner}に打ちます。",
            ),
            answer_board=gift.play(bad),
            answer_caption=self.t(
                en=f"After White's {bad}: Black can now play the corner {corner}.",
                ja=f"白の{bad}のあと：黒は隅の{corner}に打てるようになりました。",
            ),
            lang=self.lang,
        )

    # -- leave your opponent few moves
    def few_replies(self) -> None:
        game = "f5 f6 e6 f4 g6 d7 c3 c5 d3 g4 c6 c4 e8 g7 f3 c7 h4 b2"
        mob = self.mob = replay(game)[-1]
        assert mob.to_move == "black"
        left = self.left = {m: len(moves_of(mob.play(m))) for m in moves_of(mob)}
        fewest = self.fewest = min(left.values())
        quiet = self.quiet = [m for m, n in left.items() if n == fewest]
        assert quiet == ["f7"]
        assert sorted(left.values())[1] - fewest >= 3  # clearly the fewest
        say("mob_moves", len(left))
        say("mob_fewest", fewest)

    def judge_mob(self, move: str) -> Verdict:
        n = self.left[move]
        if n == self.fewest:
            return True, self.t(
                en=f"After {move}, White has only {n} moves, the fewest possible.",
                ja=f"{move}のあと、白が打てるのは{n}か所だけ。これがいちばん少ない手です。",
            )
        return False, self.t(
            en=f"After {move}, White has {n} moves. Another move leaves fewer.",
            ja=f"{move}のあと、白は{n}か所に打てます。もっと少なくできる手があります。",
        )

    def mob_exercise(self) -> None:
        mob, quiet, fewest = self.mob, self.quiet[0], self.fewest
        exercise(
            mob,
            self.t(
                en="Black to move. Which move leaves White the fewest replies?",
                ja="黒の番。白の置ける場所がいちばん少なくなる手はどれ？",
            ),
            self.verdicts(mob, self.judge_mob),
            hint=self.t(
                en="Flipping many discs gives White new places to play. Look for a quiet move.",
                ja="たくさん返すと、白に新しい打ち場所をあげてしまいます。静かな手をさがそう。",
            ),
            answer=self.t(
                en=f"{quiet}. White then has only {fewest} moves; every other move leaves more.",
                ja=f"{quiet}。白が打てるのは{fewest}か所だけになります。ほかの手ではもっと残ります。",
            ),
            answer_board=mob.play(quiet),
            answer_caption=self.t(
                en=f"After {quiet}: White has {fewest} moves (the dots).",
                ja=f"{quiet}のあと：白が打てるのは{fewest}か所（点）。",
            ),
            lang=self.lang,
        )
