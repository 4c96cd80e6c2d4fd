"""Searches driven as on a loaded machine (a helper for the tests of every game's CPU: a budget
is a wall-clock promise to the player, so each level is checked against the wall clock while
the process gets about half a core)."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Generator
from typing import Any


def drive_loaded(steps: Generator[Any, None, Any]) -> tuple[Any, float, float]:
    """Run a search as a loaded machine would: a busy sibling thread competes for the
    interpreter, and after every slice of work the driver is away as long again (the
    process gets about half a core, as with other processes on the machine). Returns the
    result, the wall seconds and the longest wall gap between two yields (one yield
    interval, under that load)."""
    stop = threading.Event()

    def busy() -> None:
        x = 0
        while not stop.is_set():
            x += 1

    sibling = threading.Thread(target=busy, daemon=True)
    sibling.start()
    try:
        begin = last = time.perf_counter()
        gap = 0.0
        while True:
            try:
                next(steps)
            except StopIteration as done:
                end = time.perf_counter()
                return done.value, end - begin, max(gap, end - last)
            now = time.perf_counter()
            gap = max(gap, now - last)
            time.sleep(now - last)  # away as long as the slice took
            last = time.perf_counter()
    finally:
        stop.set()
        sibling.join()


def check_wall_budget(make: Callable[[], Generator[Any, None, Any]], budget: float) -> None:
    result, wall, gap = drive_loaded(make())
    assert result is not None
    # it thought for its whole budget (so the check below is about the clock, not luck) ...
    assert wall >= budget * 0.9
    # ... and answered within it, give or take a slice and its wait
    assert wall < budget * 1.5 + 3 * gap, (wall, gap)


def check_answers_at_once(make: Callable[[], Generator[Any, None, Any]], budget: float) -> None:
    """A level that needs no thinking time (a lookup) answers well within ``budget``."""
    result, wall, gap = drive_loaded(make())
    assert result is not None
    assert wall < budget, (wall, gap)
