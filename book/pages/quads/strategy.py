"""Strategy: count the safe pieces (``quads/strategy``): a whole game of the Careful level
against itself, the safe gives turn by turn (each count checked by brute force), a position to
play on from, and the daily puzzle."""

from __future__ import annotations

from boardbook.core import i18n
from boardbook.quads import Move, Position
from kit import lesson, say
from kit.twin import Twin
from live.liveboard import live_board, play_on
from quads.figures import board, brute_safe, careful_game, words

#: One turn of the chart: (ply, the giver, the move, how many pieces it could give, the safe ones).
Row = tuple[int, str, Move, int, list[int]]


def safe_after(before: Position, move: Move) -> tuple[int, list[int]] | None:
    """The safe gives after ``before``'s placement in ``move`` (engine), checked by brute force."""
    after = before.play(move)
    if after.outcome is not None:
        return None
    choices = sorted((*after.available(), move.give))
    safe = [p for p in choices if not after.winning_squares(p)]
    assert safe == brute_safe(before, move.square), (before, move)
    return len(choices), safe


class Page(Twin):
    def __init__(self, lang: str) -> None:
        super().__init__(lang)
        # The first game of the Careful level against itself that one side wins, from seed 0
        # on. Careful never gives a winning piece while a safe one is left, so its losses all
        # come from running out of safe pieces.
        for seed in range(100):
            game = careful_game(seed)
            outcome = game[-1].outcome
            if outcome is not None and outcome.winner is not None and len(game) > 12:
                break
        self.game = game
        rows: list[Row] = []
        for ply in range(1, len(game) - 1):
            before, after = game[ply], game[ply + 1]
            move = next(m for m in before.legal_moves() if before.play(m) == after)
            counted = safe_after(before, move)
            if counted is not None:
                rows.append((ply, before.to_move, move, *counted))
        self.rows = rows
        self.last_ply, loser, _, last_choices, last_safe = rows[-1]
        assert last_safe == []  # the losing give had no safe choice
        first_tight = self.first_tight = next(r for r in rows if len(r[4]) < r[3])
        assert all(len(r[4]) == r[3] for r in rows if r[0] < first_tight[0])
        winner = game[-1].outcome.winner  # type: ignore[union-attr]
        say("game_seed", seed)
        say("game_turns", len(game) - 1)
        say("first_tight_turn", first_tight[0] + 1)
        say("first_tight_choices", first_tight[3])
        say("first_tight_safe", len(first_tight[4]))
        say("last_choices", last_choices)
        say("loser", self.side(loser))
        say("winner", self.side(winner))

    def side(self, side: str) -> str:
        """``"first"`` / 先手 (the board's word)."""
        return self.t(en=side, ja=i18n.text(f"quads.{side}", "ja"))

    def turn(self, n: int) -> str:
        return self.t(en=f"turn {n}", ja=f"{n}手目")

    def safe_chart(self) -> str:
        """One line per turn: a box per piece the giver could give, filled when it is safe."""
        rows = self.rows
        cell, gap, left, line = 15, 4, 64, 22
        width = left + max(r[3] for r in rows) * (cell + gap)
        label = self.t(en="Safe pieces, turn by turn", ja="安全な駒の数（手番ごと）")
        height = line * len(rows) + 4
        parts = [
            (
                f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
                f'width="{width}" height="{height}" role="img" class="bb-safe-chart" '
                f'aria-label="{label}" font-family="system-ui, sans-serif" font-size="13">'
            )
        ]
        for i, (ply, _side, _move, n, safe) in enumerate(rows):
            y = 2 + i * line
            parts.append(
                f'<text x="0" y="{y + 13}" fill="#222" class="bb-chart-text">'
                f"{self.turn(ply + 1)}</text>"
            )
            for k in range(n):
                x = left + k * (cell + gap)
                look = (
                    'fill="#b8860b" class="bb-chart-safe"'
                    if k < len(safe)
                    else 'fill="none" stroke="#666" stroke-width="1.5" class="bb-chart-unsafe"'
                )
                parts.append(
                    f'<rect x="{x}" y="{y}" width="{cell}" height="{cell}" rx="3" {look}/>'
                )
        return "".join(parts) + "</svg>"

    def chart(self) -> None:
        lesson(
            self.safe_chart(),
            self.t(
                en="Each line is one turn: a box for every piece the player could give. Gold "
                "boxes are safe; hollow ones would let the opponent win at once.",
                ja="1行が1手番です。渡せる駒1つにつき、四角が1つあります。金色の四角は安全な駒、"
                "中が空いた四角は、渡すと相手がすぐに勝てる駒です。",
            ),
        )

    def end_board(self) -> None:
        end = self.game[-2]
        assert end.held is not None
        squares = end.winning_squares()
        lesson(
            board(end, self.lang, size=300),
            self.t(
                en=f"Turn {self.last_ply + 2}: the {end.to_move} player holds piece {end.held} "
                f"({words(end.held)}), and it wins on {', '.join(squares)}.",
                ja=f"{self.last_ply + 2}手目：{self.side(end.to_move)}が受け取ったのは駒"
                f"{end.held}（{words(end.held, 'ja')}）で、{'・'.join(squares)}に置けば勝ちです。",
            ),
        )

    def tight_board(self) -> None:
        tight = self.game[self.first_tight[0]]
        assert tight.held is not None and tight.outcome is None
        n = self.first_tight[0] + 1
        play_on(
            tight,
            self.t(
                en=f"Turn {n}: the {tight.to_move} player holds piece {tight.held} "
                f"({words(tight.held)}). Place it, then give a piece that does not hand over "
                "a win.",
                ja=f"{n}手目：{self.side(tight.to_move)}が駒{tight.held}"
                f"（{words(tight.held, 'ja')}）を受け取ったところです。これを置いてから、"
                "相手に勝ちをあげない駒を渡しましょう。",
            ),
            board=board(tight, self.lang, size=300),
            settings={"mode": "cpu", "level": "thoughtful", "human": tight.to_move},
            lang=self.lang,
        )

    def puzzle(self) -> None:
        live_board(
            None,
            self.t(
                en="Today's puzzle, for the date in Japan:",
                ja="今日のデイリーパズル（日本の日付で）：",
            ),
            game="quads",
            puzzle=True,
            lang=self.lang,
        )
