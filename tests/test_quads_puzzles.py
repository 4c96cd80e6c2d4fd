"""The Quads daily-puzzle bank: size, variety, verification (exhaustive), and the calendar."""

from __future__ import annotations

import datetime as dt
import itertools
import random

import pytest
from boardbook.core.daily import DailyPuzzle, japan_date
from boardbook.quads import PUZZLES, Position, ai, daily_puzzle, solve, verify


def _key(pos: Position) -> int:
    s0, s1, s2, s3, occ, _ = ai._masks_of(pos)
    return ai._Solver(pos.squares).key(s0, s1, s2, s3, occ, pos.held)  # type: ignore[arg-type]


def test_bank_has_at_least_366_distinct_puzzles() -> None:
    assert len(PUZZLES) >= 366
    assert len({_key(p.position) for p in PUZZLES}) == len(PUZZLES)  # not even symmetric copies
    assert len({p.id for p in PUZZLES}) == len(PUZZLES)


def test_bank_is_varied() -> None:
    assert {p.moves for p in PUZZLES} == {1, 2, 3}
    pieces = {p.position.placed for p in PUZZLES}
    assert len(pieces) >= 6
    kinds = {k for p in PUZZLES for k in p.kinds}
    assert {"square", "row", "column", "diagonal"} <= kinds
    for p in PUZZLES:
        assert p.position.held is not None and p.position.outcome is None and p.position.squares


@pytest.mark.parametrize("index", random.Random(366).sample(range(366), 25))
def test_sampled_puzzles_verify_and_are_not_won_sooner(index: int) -> None:
    puzzle = PUZZLES[index]
    assert verify(puzzle.position, puzzle.moves)
    assert puzzle.moves == 1 or not verify(puzzle.position, puzzle.moves - 1)
    sol = solve(puzzle.position)  # the independent solver agrees: a win within 2N-1 plies
    assert sol is not None and sol.value == 1 and sol.distance <= 2 * puzzle.moves - 1


def test_every_puzzle_verifies() -> None:
    failed = [p.id for p in PUZZLES if not verify(p.position, p.moves)]
    assert failed == []


def test_a_broken_puzzle_fails_verification() -> None:
    puzzle = next(p for p in PUZZLES if p.moves == 2)
    assert not verify(puzzle.position, 1)  # claims a win sooner than there is
    # the same boards, but the side to move holds another piece: whenever the solver says
    # that leaves no win within 5 plies, the puzzle claim "within 3 moves" must fail
    broken = 0
    for puzzle in PUZZLES[:12]:
        pos = puzzle.position
        for piece in pos.available():
            other = Position(pos.board, piece, squares=pos.squares)
            sol = solve(other)
            assert sol is not None
            if not (sol.value == 1 and sol.distance <= 5):
                assert not verify(other, 3)
                broken += 1
    assert broken > 5
    won = next(p.position for p in PUZZLES if p.moves == 1)
    end = won.play(won.winning_squares()[0] + ":")
    assert not verify(end, 1)  # a finished game is no puzzle


def test_same_date_same_puzzle_and_consecutive_dates_differ() -> None:
    day = dt.date(2026, 12, 1)
    assert daily_puzzle(day) == daily_puzzle(day)
    start = dt.date(2026, 1, 1)  # the calendar's day 0
    ids = [daily_puzzle(start + dt.timedelta(days=i)).id for i in range(3 * len(PUZZLES))]
    assert all(a != b for a, b in itertools.pairwise(ids))
    assert len(set(ids[:366])) == 366  # the first year without a repeat


def test_daily_puzzle_defaults_to_today_in_japan() -> None:
    before = japan_date()
    today = daily_puzzle()
    assert isinstance(today, DailyPuzzle) and today.game == "quads"
    assert today.date in (before, japan_date())
    assert verify(today.position, today.moves)
    assert today.title and str(today.moves) in today.title
