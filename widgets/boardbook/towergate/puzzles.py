"""Tower Gate's daily puzzle 「本日の課題」: "win within 2 moves", one per date in Japan.

The bank (``puzzles.json``, made by ``benchmarks/towergate_puzzles.py`` from CPU games with a
fixed seed) holds only positions that :func:`verify` proves: the side to move either wins with
its first move, or has a first move after which *every* reply is met by a winning second move.
A winning move climbs onto height 3, or leaves the opponent without a legal move (RULES.md).

``verify`` is written on the public ``Position`` API only (``legal_moves``/``play``/
``outcome``), independently of the CPU search that found the puzzles.

Each entry has ``moves`` (1 or 2: the fewest own moves that win), a ``theme`` (the main idea),
``tags`` (every idea found in it) and a ``solution`` (one winning first move):
- ``one_move``: the first move wins (a climb onto height 3, or a trap); a minority of the bank.
- ``two_moves``: no first move wins at once; one forces the win on the second move.
- ``double_threat``: the first move makes two climbs to height 3 that one reply cannot stop.
- ``colour``: after the first move an opponent worker could reach a height-2/3 tower by height
  but the colour rule keeps it out (a tie or a minority) — colour-majority insight.
- ``dome``: the first move builds a dome (on height 3).
- ``trap``: the win leaves the opponent with no legal move.
- ``blessing_wind`` / ``blessing_mason`` / ``blessing_repaint`` / ``blessing_leap``: the win
  uses the side to move's blessing (a Wind two-step, a Mason double build, a Repaint, a Leap).
"""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Sequence
from functools import cache
from importlib import resources
from typing import Any

from ..core import checks
from ..core.daily import DailyPuzzle, japan_date, pick
from .rules import Move, Position, parse_move

__all__ = ["PUZZLES", "Puzzle", "daily_puzzle", "load_bank", "verify"]

GAME = "towergate"


#: The most own moves :func:`verify` searches (each one multiplies the work by ~1,000).
VERIFY_MOST = 4


def verify(position: Position, moves: int = 2, *, first: str | Move | None = None) -> bool:
    """Whether the side to move wins within ``moves`` of its own moves against every defence.

    Exhaustive: every reply of the opponent is tried. ``first`` (a candidate first move) is
    only tried first, to make verifying a known solution fast; it does not change the answer.
    A finished game is not a puzzle (False). ``moves`` is at most :data:`VERIFY_MOST`:
    deeper is beyond an exhaustive search.
    """
    checks.instance("position", position, Position, "a towergate Position")
    checks.count("moves", moves, maximum=VERIFY_MOST)
    if first is not None:
        parse_move(first)  # a malformed hint is said now, not deep in the search
    if position.outcome is not None or position.in_setup or moves < 1:
        return False
    side = position.to_move
    assert side is not None
    return _wins_within(position, side, moves, first)


def _wins_within(pos: Position, side: str, n: int, first: str | Move | None = None) -> bool:
    if pos.winning_moves():
        return True
    candidates = pos.legal_moves()
    if first is not None:
        hint = parse_move(first)
        if hint in candidates:
            candidates.remove(hint)
            candidates.insert(0, hint)
    for move in candidates:
        after = pos.play(move)
        outcome = after.outcome
        if outcome is not None:
            if outcome.winner == side:
                return True
            continue
        if n == 1:
            continue
        if all(_defence_fails(after.play(reply), side, n - 1) for reply in after.legal_moves()):
            return True
    return False


def _defence_fails(pos: Position, side: str, n: int) -> bool:
    outcome = pos.outcome
    if outcome is not None:
        return outcome.winner == side
    return _wins_within(pos, side, n)


# --------------------------------------------------------------------------- the bank


class Puzzle(dict[str, Any]):
    """A bank entry: ``id``, ``theme``, ``moves``, ``tags``, ``position`` (text),
    ``solution``."""

    @property
    def position(self) -> Position:
        return Position.from_text(self["position"])


@cache
def load_bank() -> tuple[Puzzle, ...]:
    """The shipped bank (``puzzles.json`` next to this module)."""
    text = resources.files(__package__).joinpath("puzzles.json").read_text(encoding="utf-8")
    data = json.loads(text)
    return tuple(Puzzle(entry) for entry in data["puzzles"])


def _bank() -> Sequence[Puzzle]:
    return load_bank()


class _LazyBank(Sequence[Puzzle]):
    """``PUZZLES``: the bank, read from disk on first use."""

    def __len__(self) -> int:
        return len(_bank())

    def __getitem__(self, index: Any) -> Any:
        return _bank()[index]

    def __repr__(self) -> str:
        return f"<Tower Gate puzzle bank: {len(self)} puzzles>"


PUZZLES: Sequence[Puzzle] = _LazyBank()


def daily_puzzle(date: dt.date | None = None) -> DailyPuzzle[Position]:
    """The puzzle for ``date`` (today in Japan when None): the same for everyone that day."""
    entry = pick(_bank(), date, salt=GAME)
    return DailyPuzzle(
        date=date if date is not None else japan_date(),
        game=GAME,
        position=entry.position,
        moves=2,
        id=entry["id"],
        title=f"towergate.theme.{entry['theme']}",
    )
