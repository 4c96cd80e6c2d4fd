"""Quads daily puzzles: a bank of verified "win within N of your moves" positions.

The bank (``puzzles.json`` next to this module) is made by ``benchmarks/quads_puzzles.py`` from
seeded playouts; every entry was checked by :func:`verify` (the solver's exhaustive
``wins_within``) against every defence, and for the stated number of moves to be the least.
Each entry is ``[position text, moves, shape kinds]``: the position in ``Position.from_text``
form (the side to move holds a piece), the number of own moves within which it forces a win, and
the kinds of shape ("row", "column", "diagonal", "square") that the solver's main line (fastest
win against the slowest defence) completes.

``daily_puzzle(date)`` picks one entry per calendar date in Japan (``core.daily``), the same on
every install; ids are ``quads-<index>`` so a stored result survives a re-ordering of the days.
"""

from __future__ import annotations

import datetime as dt
import json
from functools import cache
from importlib import resources
from typing import NamedTuple

from ..core import checks
from ..core.daily import DailyPuzzle, bank_index, japan_date
from .ai import wins_within
from .rules import Position

__all__ = ["PUZZLES", "Puzzle", "daily_puzzle", "load_bank", "verify"]

GAME = "quads"


class Puzzle(NamedTuple):
    """One bank entry: the position, the number of own moves and the main line's shape kinds."""

    position: Position
    moves: int
    kinds: tuple[str, ...]
    id: str


def verify(puzzle_position: Position, moves: int) -> bool:
    """Whether the side to move forces a win within ``moves`` of its own moves against every
    defence (exhaustive search; False for a finished game or ``moves < 1``)."""
    checks.instance("puzzle_position", puzzle_position, Position, "a quads Position")
    checks.count("moves", moves)
    if puzzle_position.outcome is not None or moves < 1:
        return False
    return wins_within(puzzle_position, moves)


@cache
def load_bank() -> tuple[Puzzle, ...]:
    """The shipped bank, parsed and checked for shape (not re-solved: see ``verify``)."""
    raw = resources.files(__package__).joinpath("puzzles.json").read_text(encoding="utf-8")
    data = json.loads(raw)
    if data.get("version") != 1:
        raise ValueError(f"unknown Quads puzzle bank version {data.get('version')!r}")
    bank = []
    for index, (text, moves, kinds) in enumerate(data["puzzles"]):
        pos = Position.from_text(text)
        if pos.held is None or pos.outcome is not None:
            raise ValueError(f"puzzle {index}: the side to move must hold a piece")
        bank.append(
            Puzzle(pos, int(moves), tuple(kinds.split(",")) if kinds else (), f"quads-{index:03d}")
        )
    return tuple(bank)


PUZZLES = load_bank()


def _title(p: Puzzle) -> str:
    plural = "move" if p.moves == 1 else "moves"
    return f"Win within {p.moves} {plural} ({p.position.placed} pieces on the board)"


def daily_puzzle(date: dt.date | None = None) -> DailyPuzzle[Position]:
    """Today's puzzle (the date in Japan when ``date`` is None): ``.position``, ``.moves``."""
    day = date if date is not None else japan_date()
    puzzle = PUZZLES[bank_index(day, len(PUZZLES), salt=GAME)]
    return DailyPuzzle(day, GAME, puzzle.position, puzzle.moves, puzzle.id, _title(puzzle))
