"""A loaded machine for tests of wall-clock budgets (every game's engine promises the player an
answer within its budget in wall time, however busy the machine is)."""

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
    interval, under that load), counting the time a sleep overran: on a busy machine the
    driver itself may wake late, and no engine can answer sooner than it is resumed."""
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
            took = now - last
            time.sleep(took)  # away as long as the slice took
            last = time.perf_counter()
            overrun = max(0.0, last - now - took)  # how late the driver woke
            gap = max(gap, took + overrun)
    finally:
        stop.set()
        sibling.join()


Search = Generator[Any, None, Any]


def _start(steps: Search | Callable[[], Search]) -> Search:
    """A search, given as itself or as the function that starts it."""
    return steps if isinstance(steps, Generator) else steps()


def check_wall_budget(steps: Search | Callable[[], Search], budget: float) -> Any:
    """Drive ``steps`` loaded; assert it thought for its whole budget (so the check is about
    the clock, not luck) and answered within it, give or take a slice and its wait. Returns
    the search's result."""
    result, wall, gap = drive_loaded(_start(steps))
    assert result is not None
    assert wall >= budget * 0.9, (wall, gap)
    assert wall < budget * 1.5 + 3 * gap, (wall, gap)
    return result


def check_answers_at_once(steps: Search | Callable[[], Search], budget: float) -> None:
    """A level that needs no thinking time (a lookup) answers well within ``budget``."""
    result, wall, gap = drive_loaded(_start(steps))
    assert result is not None
    assert wall < budget, (wall, gap)
