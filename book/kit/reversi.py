"""Reversi for the book: positions from pictures, lesson marks for a move, exercise verdicts."""

from __future__ import annotations

import itertools
import random
import re
from typing import Any

import boardbook.reversi.texts  # noqa: F401  (registers the board's words with i18n)
from boardbook.core import i18n
from boardbook.reversi import PASS, Position
from boardbook.reversi.rules import parse_move

from .shared import once

__all__ = [
    "DIRECTION_NAMES",
    "DIRECTION_NAMES_JA",
    "all_squares",
    "bracket_lines",
    "diagram",
    "ended_by",
    "level_games",
    "lines_flipped",
    "localise_svg",
    "move_marks",
    "result_caption",
    "score",
    "side_name",
]

#: Directions as (row step, column step), named for a reader looking at the board.
DIRECTION_NAMES = {
    (-1, 0): "up",
    (-1, 1): "up and right",
    (0, 1): "right",
    (1, 1): "down and right",
    (1, 0): "down",
    (1, -1): "down and left",
    (0, -1): "left",
    (-1, -1): "up and left",
}
DIRECTION_NAMES_JA = {
    (-1, 0): "上",
    (-1, 1): "右上",
    (0, 1): "右",
    (1, 1): "右下",
    (1, 0): "下",
    (1, -1): "左下",
    (0, -1): "左",
    (-1, -1): "左上",
}


def side_name(side: str, lang: str = "en") -> str:
    """``"black"`` -> ``"Black"`` / ``"黒"`` (the board's own words)."""
    return i18n.text(f"reversi.{side}", lang)


def all_squares() -> list[str]:
    """a1, b1, ... h8 (row by row)."""
    return [f"{c}{r}" for r in range(1, 9) for c in "abcdefgh"]


def diagram(rows: str, to_move: str) -> Position:
    """A position from an 8-line picture (row 1 first; ``X`` black, ``O`` white, ``.`` empty).

    Pages write their positions this way so the source reads like the board.
    """
    lines = [line.replace(" ", "") for line in rows.strip().splitlines()]
    if len(lines) != 8 or any(len(line) != 8 for line in lines):
        raise ValueError(f"a diagram needs 8 rows of 8 squares, got {lines!r}")
    side = {"black": "X", "white": "O"}[to_move]
    return Position.from_text("".join(lines).replace(".", "-") + " " + side)


def _step(move: str, square: str) -> tuple[int, int]:
    dc, dr = ord(square[0]) - ord(move[0]), int(square[1:]) - int(move[1:])
    size = max(abs(dr), abs(dc))
    return dr // size, dc // size


_ARIA = re.compile(r'aria-label="Reversi board, (black|white) to move"')
_TITLE = re.compile(r"<title>([a-h][1-8]): (black disc|white disc|empty)(, a legal move)?</title>")
_TITLE_JA = {"black disc": "黒の石", "white disc": "白の石", "empty": "空き"}


def localise_svg(svg: str, lang: str) -> str:
    """The board's words (its name, each square's ``<title>``) in ``lang``: what a screen reader
    says on a Japanese page. (The pictures are the engine's; ``reversi/svg.py`` writes English.)"""
    if lang != "ja":
        return svg
    board = i18n.text("reversi.board", "ja")
    svg = _ARIA.sub(lambda m: f'aria-label="{board}、{side_name(m.group(1), "ja")}の番"', svg)
    return _TITLE.sub(
        lambda m: (
            f"<title>{m.group(1)}：{_TITLE_JA[m.group(2)]}"
            + ("、置けるマス" if m.group(3) else "")
            + "</title>"
        ),
        svg,
    )


def lines_flipped(position: Position, move: str, lang: str = "en") -> dict[str, list[str]]:
    """The squares ``move`` flips, grouped by direction name (nearest first)."""
    names = DIRECTION_NAMES_JA if lang == "ja" else DIRECTION_NAMES
    groups: dict[str, list[str]] = {}
    for square in position.flips(move):
        groups.setdefault(names[_step(move, square)], []).append(square)
    return groups


def bracket_lines(position: Position, move: str) -> list[tuple[str, str]]:
    """For each bracketed line: (the move, the mover's disc at its far end)."""
    ends = []
    for name, flipped in lines_flipped(position, move).items():
        dr, dc = next(step for step, n in DIRECTION_NAMES.items() if n == name)
        far = flipped[-1]
        end = f"{chr(ord(far[0]) + dc)}{int(far[1:]) + dr}"
        ends.append((move, end))
    return ends


def score(position: Position, lang: str = "en") -> str:
    """``"4–1"`` / ``"4対1"`` (Black first)."""
    between = "対" if lang == "ja" else "–"
    return f"{position.counts['black']}{between}{position.counts['white']}"


def move_marks(
    position: Position, move: Any, lang: str = "en"
) -> tuple[dict[str, Any], dict[str, Any], str, str]:
    """Marks and captions for a before/after pair of ``move`` (``kit.before_after`` calls it)."""
    name = str(move)
    side = side_name(position.to_move, lang)
    if name == str(PASS):
        after = position.play(PASS)
        if lang == "ja":
            nxt = side_name(after.to_move, lang)
            return {}, {}, f"{side}は置ける場所がない", f"{side}はパス：{nxt}の番"
        return {}, {}, f"Before: {side} has no move", f"{side} passes: {after.to_move} to move"
    flipped = position.flips(name)
    lines = bracket_lines(position, name)
    after = position.play(name)
    count = len(flipped)
    marks = (
        {"squares": [name], "flips": flipped, "lines": lines},
        {"move": name, "flips": flipped, "legal": False},
    )
    if lang == "ja":
        return (
            *marks,
            f"{side}が{name}に打つ前",
            f"{name}のあと：{count}個返って{score(after, lang)}",
        )
    return (
        *marks,
        f"Before: {side} to play {name}",
        f"After {name}: {count} disc{'s' if count != 1 else ''} flipped, {score(after)}",
    )


def result_caption(position: Position, lang: str = "en") -> str:
    """A finished game's result in words, for the caption under its final board."""
    if lang == "ja":
        return _result_caption_ja(position)
    outcome = position.outcome
    if outcome is None:
        return f"{position.to_move.capitalize()} to move. Black {score(position)} White."
    counts = position.counts
    empties = position.empties
    left = f", {empties} empty square{'s' if empties != 1 else ''} left" if empties else ""
    if outcome.winner is None:
        return f"Game over: a draw, {score(position)}{left}."
    return f"Game over: {outcome.winner.capitalize()} wins {counts[outcome.winner]}–" + (
        f"{counts['white' if outcome.winner == 'black' else 'black']}{left}."
    )


def _result_caption_ja(position: Position) -> str:
    outcome = position.outcome
    if outcome is None:
        return f"{side_name(position.to_move, 'ja')}の番。黒{score(position, 'ja')}白。"
    counts = position.counts
    left = f"（空きマス{position.empties}）" if position.empties else ""
    if outcome.winner is None:
        return f"終局：{score(position, 'ja')}で引き分け{left}。"
    loser = "white" if outcome.winner == "black" else "black"
    winner = side_name(outcome.winner, "ja")
    return f"終局：{counts[outcome.winner]}対{counts[loser]}で{winner}の勝ち{left}。"


def ended_by(position: Position) -> str | None:
    """How the game ended as a snake_case key (``"wiped_out"``, ``"no_legal_moves"``, …).

    Accepts the engine's older spaced wording too, so a page does not depend on which one the
    installed engine uses.
    """
    outcome = position.outcome
    return None if outcome is None else outcome.termination.replace(" ", "_")


#: How long the Strong level thinks a move in the book's level games (seconds; on the board it
#: thinks longer, so its results are understated), and how many games each pair plays per colour.
LEVEL_THINK = 0.05
LEVEL_GAMES_PER_COLOUR = 2


def _play_level_games() -> list[dict[str, Any]]:
    from boardbook.reversi.ai import LEVELS, choose_move

    games = []
    pairs = zip(itertools.combinations(LEVELS, 2), itertools.count(1))
    for (a, b), seed in pairs:
        for game in range(LEVEL_GAMES_PER_COLOUR):
            for black, white in ((a, b), (b, a)):
                rng = random.Random(seed * 100 + game)
                position, moves = Position.start(), []
                while position.outcome is None:
                    level = black if position.to_move == "black" else white
                    move = choose_move(position, level, rng=rng, time_budget=LEVEL_THINK)
                    moves.append(str(move))
                    position = position.play(move)
                games.append({"black": black, "white": white, "moves": moves})
    return games


def level_games() -> list[dict[str, Any]]:
    """Short games between every pair of CPU levels, each level black half of the time.

    Played once per book build (``kit.shared.once``), so the chapter page and its "Under the
    hood" page speak of the same games. Each game: ``black``, ``white`` (levels), ``positions``
    (start to end) and ``moves`` as ``(level, position before, move)``.
    """
    games = []
    for record in once("reversi_level_games", _play_level_games):
        position, positions, moves = Position.start(), [Position.start()], []
        for move in record["moves"]:
            level = record["black"] if position.to_move == "black" else record["white"]
            played = parse_move(move)
            moves.append((level, position, played))
            position = position.play(played)
            positions.append(position)
        games.append({**record, "positions": positions, "moves": moves})
    return games
