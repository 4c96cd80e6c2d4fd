"""How the Reversi levels were compared (``under-the-hood/reversi-levels``): every pairing's
record over the games the chapter page ``reversi/cpu-levels`` also counts (played once per
build)."""

from __future__ import annotations

from boardbook.core import i18n
from boardbook.reversi.ai import LEVELS
from IPython.display import Markdown, display
from kit import say
from kit.reversi import LEVEL_GAMES_PER_COLOUR, LEVEL_THINK, level_games
from kit.twin import Twin

NAMES = {"beginner": "Beginner", "corner": "Corner-seeker", "strong": "Strong"}


class Page(Twin):
    def __init__(self, lang: str) -> None:
        super().__init__(lang)
        games = level_games()  # the same games as the chapter page, played once per build
        assert len(games) == len(LEVELS) * (len(LEVELS) - 1) * LEVEL_GAMES_PER_COLOUR
        results: dict[tuple[str, str], list[int]] = {}
        for game in games:
            final = game["positions"][-1]
            winner = final.outcome.winner
            for side, other in (("black", "white"), ("white", "black")):
                record = results.setdefault((game[side], game[other]), [0, 0, 0, 0])
                record[0 if winner == side else 1 if winner == other else 2] += 1
                record[3] += final.counts[side] - final.counts[other]
        self.results = results
        say("per_pairing", 2 * LEVEL_GAMES_PER_COLOUR)
        say("per_colour", LEVEL_GAMES_PER_COLOUR)
        say("games_played", len(games))
        say("think_ms", round(LEVEL_THINK * 1000))

    def name(self, level: str) -> str:
        """A level's name as the board shows it (Strong / つよい)."""
        return self.t(en=NAMES[level], ja=i18n.text(f"reversi.level.{level}", "ja"))

    def table(self) -> None:
        head = self.t(
            en="| level | opponent | wins | losses | draws | average disc margin |",
            ja="| 強さ | 相手 | 勝ち | 負け | 引き分け | 平均の石の差 |",
        )
        rows = [head, "|---|---|---|---|---|---|"]
        for (level, opponent), (won, lost, drawn, margin) in sorted(self.results.items()):
            played = won + lost + drawn
            assert played == 2 * LEVEL_GAMES_PER_COLOUR
            rows.append(
                f"| {self.name(level)} | {self.name(opponent)} | {won} | {lost} | {drawn} "
                f"| {margin / played:+.1f} |"
            )
        display(Markdown("\n".join(rows)))  # type: ignore[no-untyped-call]
