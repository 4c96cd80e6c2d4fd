"""Tower Gate's daily puzzle: the bank is large, varied and proven; the calendar is stable."""

from __future__ import annotations

import datetime as dt
import itertools
from collections import Counter

from boardbook.core.daily import DailyPuzzle
from boardbook.towergate import PUZZLES, Position, daily_puzzle, verify

SQ = [f"{c}{r}" for r in range(1, 6) for c in "ABCDE"]


def test_bank_size_distinct_and_small() -> None:
    assert len(PUZZLES) >= 366
    assert len({p["position"] for p in PUZZLES}) == len(PUZZLES)
    assert len({p["id"] for p in PUZZLES}) == len(PUZZLES)


def test_every_puzzle_verifies_against_every_defence() -> None:
    # exhaustive and without the stored solution as a hint (a few seconds of CPU in all)
    for puzzle in PUZZLES:
        assert verify(puzzle.position), puzzle["id"]


def test_stored_solutions_are_legal_and_work() -> None:
    for puzzle in PUZZLES:
        pos = puzzle.position
        after = pos.play(puzzle["solution"])
        if after.outcome is not None:
            assert after.outcome.winner == pos.to_move, puzzle["id"]
        else:  # every reply is answered by a winning move
            assert all(verify(after.play(r), 1) for r in after.legal_moves()), puzzle["id"]


def test_not_won_already_and_a_mix_of_one_and_two_movers() -> None:
    kinds = Counter()
    for puzzle in PUZZLES:
        pos = puzzle.position
        assert pos.outcome is None and not pos.in_setup and pos.turn < 90
        one = verify(pos, 1)
        assert one == (puzzle["moves"] == 1), puzzle["id"]
        kinds[one] += 1
    assert kinds[False] >= 2 * kinds[True] > 0  # most need two moves


def test_themes_are_varied() -> None:
    tags = Counter(t for p in PUZZLES for t in p["tags"])
    assert tags["colour"] >= 30
    assert tags["dome"] >= 5
    assert sum(n for t, n in tags.items() if t.startswith("blessing_")) >= 30
    assert len({p["theme"] for p in PUZZLES}) >= 6


def position(levels: dict[str, str], terracotta: list[str], blue: list[str]) -> Position:
    lv = {sq: "" for sq in SQ}
    lv.update(levels)
    return Position.from_json(
        {"levels": [lv[sq] for sq in SQ], "workers": {"terracotta": terracotta, "blue": blue}}
    )


def test_verify_tries_every_defence() -> None:
    # terracotta stands on height 2 in the corner A5, next to B5 (two terracotta levels): it
    # steps onto B5 and builds A5 to an own height 3, or builds B5 up. With blue far away
    # nothing stops that; a blue worker on A3 reaches A4/B4 and domes either tower, so the
    # same ideas are no longer a forced win.
    far = position({"A5": "tt", "B5": "tt"}, ["A5", "E5"], ["D1", "E1"])
    near = position({"A5": "tt", "B5": "tt"}, ["A5", "E5"], ["A3", "E1"])
    assert verify(far) and not verify(far, 1)
    assert not verify(near)


def test_a_broken_puzzle_fails() -> None:
    broken = 0
    for puzzle in PUZZLES[:40]:
        data = puzzle.position.to_json()
        flat = Position.from_json({**data, "levels": ["" for _ in SQ], "mason_used": {}})
        assert not verify(flat), puzzle["id"]  # no tower, no trap: nothing to win in 2
        broken += 1
    assert broken == 40
    finished = next(p.position for p in PUZZLES if p.position.winning_moves())
    assert not verify(finished.play(finished.winning_moves()[0]))  # a finished game


def test_one_move_short_is_not_enough() -> None:
    twos = [p for p in PUZZLES if p["moves"] == 2]
    assert twos and all(not verify(p.position, 1) for p in twos[:50])


def test_same_date_same_puzzle_and_consecutive_dates_differ() -> None:
    day = dt.date(2027, 3, 14)
    a, b = daily_puzzle(day), daily_puzzle(day)
    assert isinstance(a, DailyPuzzle)
    assert a.id == b.id and a.position == b.position and a.moves == 2
    assert a.game == "towergate" and a.date == day
    ids = [daily_puzzle(day + dt.timedelta(days=n)).id for n in range(400)]
    assert all(x != y for x, y in itertools.pairwise(ids))
    assert len(set(ids[: len(PUZZLES)])) == min(400, len(PUZZLES))  # a whole cycle, no repeats
    assert daily_puzzle().position.to_move is not None  # today in Japan
