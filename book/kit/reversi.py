"""Reversi for the book: positions from pictures, lesson marks for a move, exercise verdicts."""

from __future__ import annotations

import itertools
import random
from typing import Any

from boardbook.reversi import PASS, Position
from boardbook.reversi.rules import parse_move

from .shared import once

__all__ = [
    "DIRECTION_NAMES",
    "all_squares",
    "bracket_lines",
    "diagram",
    "ended_by",
    "level_games",
    "lines_flipped",
    "move_marks",
    "result_caption",
    "score",
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


def lines_flipped(position: Position, move: str) -> dict[str, list[str]]:
    """The squares ``move`` flips, grouped by direction name (nearest first)."""
    groups: dict[str, list[str]] = {}
    for square in position.flips(move):
        groups.setdefault(DIRECTION_NAMES[_step(move, square)], []).append(square)
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


def score(position: Position) -> str:
    """``"4–1"`` (Black first)."""
    return f"{position.counts['black']}–{position.counts['white']}"


def move_marks(position: Position, move: Any) -> tuple[dict[str, Any], dict[str, Any], str, str]:
    """Marks and captions for a before/after pair of ``move`` (``kit.before_after`` calls it)."""
    name = str(move)
    side = position.to_move.capitalize()
    if name == str(PASS):
        after = position.play(PASS)
        return {}, {}, f"Before: {side} has no move", f"{side} passes: {after.to_move} to move"
    flipped = position.flips(name)
    lines = bracket_lines(position, name)
    after = position.play(name)
    count = len(flipped)
    return (
        {"squares": [name], "flips": flipped, "lines": lines},
        {"move": name, "flips": flipped, "legal": False},
        f"Before: {side} to play {name}",
        f"After {name}: {count} disc{'s' if count != 1 else ''} flipped, {score(after)}",
    )


def result_caption(position: Position) -> str:
    """A finished game's result in words, for the caption under its final board."""
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
