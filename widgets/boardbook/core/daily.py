"""The daily puzzle calendar shared by every game: one puzzle per date in Japan.

The seed sites change their puzzle at midnight Japan time, so everyone sees the same position at
the same moment wherever they are (docs/RULES.md). Japan has no daylight saving time, so a fixed
UTC+9 offset is exact and needs no time-zone database (Pyodide ships none by default).

A game ships a bank of verified puzzles; :func:`bank_index` maps a date to one of them with a
fixed pseudo-random permutation, so consecutive days differ in kind but every install agrees.
"""

from __future__ import annotations

import datetime as dt
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from . import checks
from .checks import ArgumentError, ArgumentTypeError

__all__ = ["JST", "DailyPuzzle", "bank_index", "japan_date", "pick"]

JST = dt.timezone(dt.timedelta(hours=9), "JST")
#: Day 0 of the calendar; the permutation repeats every ``len(bank)`` days from here.
EPOCH = dt.date(2026, 1, 1)
#: The largest bank :func:`bank_index` permutes (a day's pick shuffles the whole bank).
BANK_MOST = 100_000

PositionT_co = TypeVar("PositionT_co", covariant=True)
ItemT = TypeVar("ItemT")


def japan_date(now: dt.datetime | None = None) -> dt.date:
    """Today's date in Japan (``now`` must be timezone-aware when given)."""
    moment = now if now is not None else dt.datetime.now(dt.UTC)
    accepts = "a timezone-aware datetime.datetime or None"
    if not isinstance(moment, dt.datetime):
        raise ArgumentTypeError("now", accepts, now)
    if moment.utcoffset() is None:
        raise ArgumentError("now", accepts, now, "it has no time zone")
    return moment.astimezone(JST).date()


def bank_index(date: dt.date, size: int, *, salt: str = "") -> int:
    """The bank entry for ``date``: a fixed permutation of ``range(size)``, cycled by day.

    ``salt`` (the game's name) gives each game its own order.
    """
    _check_date(date)
    checks.count("size", size, minimum=1, maximum=BANK_MOST)
    checks.text("salt", salt)
    day = (date - EPOCH).days
    cycle, offset = divmod(day, size)
    order = list(range(size))
    random.Random(f"boardbook-daily:{salt}:{cycle}").shuffle(order)
    return order[offset]


def _check_date(date: object) -> None:
    # A datetime is a date too, but its day depends on its time zone, not on Japan's.
    if not isinstance(date, dt.date) or isinstance(date, dt.datetime):
        raise ArgumentTypeError("date", "a datetime.date (the date in Japan) or None", date)


def pick(bank: Sequence[ItemT], date: dt.date | None = None, *, salt: str = "") -> ItemT:
    """The bank entry for ``date`` (today in Japan when omitted)."""
    if isinstance(bank, str) or not isinstance(bank, Sequence):
        raise ArgumentTypeError("bank", "a sequence of puzzles", bank)
    if not bank:
        raise ArgumentError("bank", "a sequence of puzzles", bank, "it is empty")
    day = date if date is not None else japan_date()
    return bank[bank_index(day, len(bank), salt=salt)]


@dataclass(frozen=True)
class DailyPuzzle(Generic[PositionT_co]):
    """One day's puzzle: the side to move in ``position`` forces a win within ``moves`` of
    its own moves against every defence (checked by the game's solver before it is offered)."""

    date: dt.date
    game: str
    position: PositionT_co
    moves: int
    id: str
    title: str = ""
