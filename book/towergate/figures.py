"""Pictures and independent checks for the Tower Gate chapter (imported by its pages' hidden
cells).

Positions are written as five rows of five cells, each cell the colours of its levels bottom to
top (``t`` terracotta, ``b`` blue, ``.`` for none), e.g. ``"tt . b . tbtb"``. Boards are
``boardbook.towergate.svg.position_svg`` pictures. ``brute_*`` recompute the rules from
RULES.md's sentences (8 neighbours, up one level at most, strict colour majority on heights 2
and 3, never onto a worker or a dome, builds next to the moved worker), so a page's claims are
checked by something other than the engine that produced them.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from boardbook.core import i18n
from boardbook.towergate import BLESSINGS, SQUARES, Position, rules
from boardbook.towergate.svg import position_svg

__all__ = [
    "balance_run",
    "board",
    "brute_builds",
    "brute_can_enter",
    "brute_destinations",
    "neighbours",
    "position",
    "side_name",
]

COLUMNS = "ABCDE"


def position(
    rows: Iterable[str],
    terracotta: Iterable[str],
    blue: Iterable[str],
    *,
    turn: int = 0,
    blessings: Mapping[str, str | None] | None = None,
) -> Position:
    """A position from five rows of cells (see the module docstring) and the workers."""
    levels = []
    for row in rows:
        cells = row.split()
        if len(cells) != 5:
            raise ValueError(f"a row has five cells: {row!r}")
        levels += ["" if cell == "." else cell for cell in cells]
    return Position.from_json(
        {
            "levels": levels,
            "workers": {"terracotta": list(terracotta), "blue": list(blue)},
            "turn": turn,
            "blessings": dict(blessings or {}),
        }
    )


def board(pos: Position, *, highlight: Iterable[str] = (), **options: object) -> str:
    """The picture of ``pos`` (``highlight``: squares with a dotted ring)."""
    return str(position_svg(pos, highlight=tuple(highlight), **options))  # type: ignore[arg-type]


def neighbours(square: str) -> set[str]:
    """The 8 (or fewer, at the edge) squares around ``square``."""
    col, row = COLUMNS.index(square[0]), int(square[1])
    return {
        f"{COLUMNS[c]}{r}"
        for c in range(col - 1, col + 2)
        for r in range(row - 1, row + 2)
        if 0 <= c < 5 and 1 <= r <= 5 and (c, r) != (col, row)
    }


def brute_can_enter(levels: tuple[str, ...], side: str) -> bool:
    """RULES.md: heights 0 and 1 anyone; 2 and 3 a strict majority of one's colour; a dome never."""
    if len(levels) >= 4:
        return False
    if len(levels) <= 1:
        return True
    own = sum(1 for colour in levels if colour == side)
    return own > len(levels) - own


def brute_destinations(pos: Position, worker: str) -> set[str]:
    """Where the worker on ``worker`` may move (no blessing): from the rules' sentences."""
    side = pos.worker_at(worker)
    assert side is not None
    occupied = {w for ws in pos.workers.values() for w in ws}
    here = len(pos.levels(worker))
    return {
        sq
        for sq in neighbours(worker)
        if sq not in occupied
        and len(pos.levels(sq)) <= here + 1
        and brute_can_enter(pos.levels(sq), side)
    }


def brute_builds(pos: Position, source: str, target: str) -> set[str]:
    """Where a worker that moved from ``source`` to ``target`` may build (the vacated included)."""
    occupied = {w for ws in pos.workers.values() for w in ws} - {source}
    return {sq for sq in neighbours(target) if sq not in occupied and len(pos.levels(sq)) < 4}


def side_name(side: str | None, lang: str = "en") -> str:
    """A side as the board names it (``None``: nobody), in ``lang``."""
    if side is None:
        return "nobody" if lang == "en" else "だれも"
    return i18n.text(f"towergate.side.{side}", lang)


assert len(SQUARES) == 25


def balance_run() -> dict[str, Any]:
    """The blessing balance run (``balance.json`` beside this module, written by the repository's
    balance benchmark), checked against the rules shipped today and against itself.

    The "Under the hood" page re-plays part of it game by game; every page reads it from here.
    """
    run: dict[str, Any] = json.loads(Path(__file__).with_name("balance.json").read_text("utf-8"))
    limits = rules.BALANCED.limits()
    assert run["limits"] == limits, "the balance run used other limits than the rules ship"
    games = run["games_per_pairing"]
    assert games == 2 * run["setups"] and set(run["vs_none"]) == set(BLESSINGS)
    for row in run["vs_none"].values():
        assert len(row["results"]) == row["games"] == games
        assert math.isclose(sum(row["results"]) / games, row["score"])
    assert set(run["pairs"]) == set(BLESSINGS)
    return run
