"""How the three CPU levels play (``reversi/cpu-levels``): each level's description checked
against every move of short games between the levels (played once per build, so the "Under
the hood" page and both editions speak of the same games)."""

from __future__ import annotations

from typing import Any

from boardbook.core import i18n
from boardbook.reversi import PASS
from boardbook.reversi._patterns import fitted_on
from boardbook.reversi.ai import EXACT_EMPTIES, LEVELS, solve
from kit import lesson, say
from kit.reversi import LEVEL_GAMES_PER_COLOUR, level_games, result_caption, side_name
from kit.twin import Twin

NAMES = {"beginner": "Beginner", "corner": "Corner-seeker", "strong": "Strong"}
CORNERS = {"a1", "h1", "a8", "h8"}
# Each corner with its X-square and C-squares.
CORNER_ZONES = {
    "a1": ("b2", {"b1", "a2"}),
    "h1": ("g2", {"g1", "h2"}),
    "a8": ("b7", {"a7", "b8"}),
    "h8": ("g7", {"g8", "h7"}),
}
#: After how many plies the middle game's disc count is taken.
MIDGAME = 30


def at_midgame(game: dict[str, Any]) -> dict[str, int]:
    """Disc counts after MIDGAME plies (or at the end of a shorter game)."""
    counts: dict[str, int] = game["positions"][min(MIDGAME, len(game["positions"]) - 1)].counts
    return counts


def strong_comeback(game: dict[str, Any]) -> tuple[str, str] | None:
    """(the strong level's side, the other side) when Strong won from behind at MIDGAME."""
    strong = (
        "black" if game["black"] == "strong" else "white" if game["white"] == "strong" else None
    )
    other = "white" if strong == "black" else "black"
    final, middle = game["positions"][-1], at_midgame(game)
    if strong and final.outcome.winner == strong and middle[strong] < middle[other]:
        return strong, other
    return None


class Page(Twin):
    def __init__(self, lang: str) -> None:
        super().__init__(lang)
        assert LEVELS == ("beginner", "corner", "strong")
        # How many self-play games the strong level's evaluation was fitted to.
        say("selfplay_games", f"{fitted_on()['games']:,}")
        self.games = level_games()
        self.descriptions()
        self.results()
        self.disc_count()

    def name(self, level: str) -> str:
        """A level's name as the board shows it (Strong / 「つよい」: a name in Japanese prose
        is quoted, or つよい would read as "strong")."""
        return self.t(en=NAMES[level], ja=f"「{i18n.text(f'reversi.level.{level}', 'ja')}」")

    # -- what each level does, checked against every move of the games
    def descriptions(self) -> None:
        checked = {level: 0 for level in LEVELS}
        for game in self.games:
            for level, position, move in game["moves"]:
                if move == PASS:
                    continue
                legal = position.legal_moves()
                if level == "beginner":
                    most = max(len(position.flips(m)) for m in legal)
                    assert len(position.flips(move)) == most, (position, move)
                elif level == "corner":
                    names = {str(m) for m in legal}
                    if CORNERS & names:
                        assert str(move) in CORNERS, (position, move)
                    empty = [c for c in CORNERS if not position.piece_at(c)]
                    x_risky = {CORNER_ZONES[c][0] for c in empty}
                    c_risky = set().union(*(CORNER_ZONES[c][1] for c in empty))
                    if str(move) in x_risky:  # only when every move was an X-square
                        assert names <= x_risky, (position, move)
                    elif str(move) in c_risky:  # only when every move was an X- or C-square
                        assert names <= x_risky | c_risky, (position, move)
                checked[level] += 1
        # The strong level's endgame: in two games, each of its moves at EXACT_EMPTIES or fewer
        # empty squares keeps the best final result the position allows.
        endgame_checks = 0
        for level, position, move in self.games[-1]["moves"] + self.games[-2]["moves"]:
            if level == "strong" and move != PASS and position.empties <= EXACT_EMPTIES:
                best, _ = solve(position)
                assert -solve(position.play(move))[0] == best, (position, move)
                endgame_checks += 1
        assert endgame_checks > 0
        say("exact_empties", EXACT_EMPTIES)
        say("beginner_moves", checked["beginner"])
        say("corner_moves", checked["corner"])
        say("endgame_checks", endgame_checks)

    # -- who beats whom
    def results(self) -> None:
        results: dict[tuple[str, str], list[int]] = {}
        for game in self.games:
            winner = game["positions"][-1].outcome.winner
            for side, other in (("black", "white"), ("white", "black")):
                record = results.setdefault((game[side], game[other]), [0, 0, 0])
                record[0 if winner == side else 1 if winner == other else 2] += 1
        strong_record = [
            sum(results[("strong", o)][i] for o in ("beginner", "corner")) for i in range(3)
        ]
        corner_vs_beginner = results[("corner", "beginner")]
        say("games_played", len(self.games))
        say("per_pairing", 2 * LEVEL_GAMES_PER_COLOUR)
        say("strong_won", strong_record[0])
        say("strong_games", sum(strong_record))
        say("corner_won", corner_vs_beginner[0])
        say("corner_games", sum(corner_vs_beginner[:3]))

    # -- the disc count is not the score to watch
    def disc_count(self) -> None:
        decided = [g for g in self.games if g["positions"][-1].outcome.winner is not None]
        behind = 0
        for game in decided:
            winner = game["positions"][-1].outcome.winner
            loser = "white" if winner == "black" else "black"
            middle = at_midgame(game)
            behind += middle[winner] < middle[loser]
        say("midgame", MIDGAME)
        say("behind", behind)
        say("decided", len(decided))
        # One strong-level win that was behind on discs in the middle game, to show.
        self.example = next((g for g in decided if strong_comeback(g)), None)
        if self.example is None:
            say(
                "example_text",
                self.t(
                    en="None of the games this time had a Strong win from behind.",
                    ja="今回の対局には、「つよい」が逆転勝ちしたものはありませんでした。",
                ),
            )
            say("example_end", "")
            return
        comeback = strong_comeback(self.example)
        assert comeback is not None
        strong, other = self.strong, self.other = comeback
        self.middle_position = self.example["positions"][MIDGAME]
        self.final_position = self.example["positions"][-1]
        middle, final = self.middle_position.counts, self.final_position.counts
        assert middle[strong] < middle[other] and self.final_position.outcome.winner == strong
        opponent = self.name(self.example[other])
        say(
            "example_text",
            self.t(
                en=f"Here is one of these games: Strong played {strong} against {opponent}. "
                f"After move {MIDGAME}, Strong had only {middle[strong]} discs against "
                f"{middle[other]}.",
                ja=f"これらの対局の1つを見てみましょう。「つよい」が{side_name(strong, 'ja')}を"
                f"持ち、{opponent}と対戦しました。{MIDGAME}手目のあと、「つよい」の石は"
                f"{middle[strong]}個、相手は{middle[other]}個でした。",
            ),
        )
        say(
            "example_end",
            self.t(
                en=f"Strong still won, {final[strong]} to {final[other]}.",
                ja=f"それでも「つよい」が{final[strong]}対{final[other]}で勝ちました。",
            ),
        )

    def middle_board(self) -> None:
        if self.example is None:
            return
        middle, strong, other = self.middle_position.counts, self.strong, self.other
        mover = self.middle_position.to_move
        lesson(
            self.middle_position,
            self.t(
                en=f"After move {MIDGAME}: Strong ({strong}) is behind, {middle[strong]} discs "
                f"to {middle[other]}. {mover.capitalize()} to move.",
                ja=f"{MIDGAME}手目のあと：「つよい」（{side_name(strong, 'ja')}）は"
                f"{middle[strong]}個対{middle[other]}個で負けている。"
                f"{side_name(mover, 'ja')}の番。",
            ),
            lang=self.lang,
        )

    def final_board(self) -> None:
        if self.example is None:
            return
        lesson(
            self.final_position,
            self.t(en="The end of the same game. ", ja="同じ対局の終わり。")
            + result_caption(self.final_position, self.lang),
            legal=False,
            lang=self.lang,
        )
