"""The CPU scheduler: results arrive off the caller's path, cancellation drops them, both modes."""

from __future__ import annotations

import asyncio
import threading
import time

import pytest
from boardbook.core import scheduler
from boardbook.core.scheduler import run_search, use_mode


def counting_steps(n, result="d3", log=None, gate=None):
    """A fake search: yields n times (optionally waiting on a gate), then returns result."""
    for i in range(n):
        if gate is not None:
            gate.wait(5)
        if log is not None:
            log.append(i)
        yield
    return result


def failing_steps():
    yield
    raise ZeroDivisionError("boom in the search")


def test_thread_mode_delivers_result_from_another_thread():
    got = {}
    done = threading.Event()

    def on_done(value):
        got["value"] = value
        got["thread"] = threading.current_thread()
        done.set()

    task = run_search(counting_steps(50), on_done, mode="thread")
    assert done.wait(5)
    assert task.join(5)
    assert got["value"] == "d3"
    assert got["thread"] is not threading.main_thread()
    assert task.done and not task.cancelled and task.result == "d3"


def test_thread_mode_caller_is_not_blocked_while_search_runs():
    gate = threading.Event()
    results = []
    task = run_search(counting_steps(3, gate=gate), results.append, mode="thread")
    # The search is stuck at its first step, yet we got control back.
    assert not task.done
    gate.set()
    assert task.join(5)
    assert results == ["d3"]


def test_cancelled_thread_task_never_calls_on_done_and_stops_advancing():
    gate = threading.Event()
    log, results = [], []
    task = run_search(counting_steps(1000, log=log, gate=gate), results.append, mode="thread")
    assert task.cancel()
    gate.set()
    assert task.join(5)
    assert results == []
    assert task.cancelled
    assert len(log) <= 1  # at most the step already in progress


def test_cancel_during_delay_prevents_the_search_from_starting():
    log, results = [], []
    task = run_search(counting_steps(5, log=log), results.append, delay=0.5, mode="thread")
    task.cancel()
    assert task.join(5)
    assert log == [] and results == []


def test_delay_holds_the_start():
    started = threading.Event()

    def steps():
        started.set()
        yield
        return "e6"

    results = []
    t0 = time.monotonic()
    task = run_search(steps(), results.append, delay=0.3, mode="thread")
    assert started.wait(5)
    # The delay is a lower bound (no upper bound asserted on a shared machine).
    assert time.monotonic() - t0 >= 0.29
    assert task.join(5) and results == ["e6"]


def test_errors_go_to_on_error_not_to_the_caller():
    errors, results = [], []
    task = run_search(failing_steps(), results.append, on_error=errors.append, mode="thread")
    assert task.join(5)
    assert results == []
    assert len(errors) == 1 and isinstance(errors[0], ZeroDivisionError)


def test_error_without_handler_is_warned_not_raised():
    def run_and_join():
        run_search(failing_steps(), lambda v: None, mode="thread").join(5)

    with pytest.warns(RuntimeWarning, match="boom in the search"):
        run_and_join()


def test_bad_arguments_are_rejected_clearly():
    with pytest.raises(ValueError, match="unknown scheduler mode"):
        run_search(counting_steps(1), print, mode="fibers")
    with pytest.raises(ValueError, match="delay"):
        run_search(counting_steps(1), print, delay=-1)
    with pytest.raises(ValueError, match="unknown scheduler mode"), use_mode("fibers"):
        pass


def test_default_mode_is_threads_on_cpython_and_use_mode_overrides():
    assert scheduler.default_mode() == "thread"
    with use_mode("slices"):
        assert scheduler.default_mode() == "slices"
    assert scheduler.default_mode() == "thread"


def test_slices_mode_runs_on_the_event_loop_thread_in_slices():
    async def main():
        ticks = 0
        loop_thread = threading.current_thread()
        seen_threads = set()
        got = []

        def steps():
            for _ in range(3000):
                seen_threads.add(threading.current_thread())
                yield
            return "c4"

        with use_mode("slices"):
            task = run_search(steps(), got.append)
        assert task.mode == "slices"
        # Other coroutines keep running while the search advances.
        while not task.done:
            ticks += 1
            await asyncio.sleep(0)
        return got, seen_threads, loop_thread, ticks, task

    got, seen_threads, loop_thread, ticks, task = asyncio.run(main())
    assert got == ["c4"]
    assert seen_threads == {loop_thread}
    assert ticks >= 1
    with pytest.raises(RuntimeError, match="slices"):
        scheduler.SearchTask(iter(()), print, None, "slices").join(0)
    assert task.join(0)  # a finished slices task does not block


def test_slices_mode_cancel_drops_result_and_closes_generator():
    async def main():
        closed = []
        got = []

        def steps():
            try:
                while True:
                    yield
            finally:
                closed.append(True)

        task = run_search(steps(), got.append, mode="slices")
        await asyncio.sleep(0.05)
        assert not task.done
        assert task.cancel()
        await asyncio.sleep(0.05)
        return got, closed, task

    got, closed, task = asyncio.run(main())
    assert got == [] and closed == [True] and task.done and task.cancelled


def test_slices_mode_honours_delay_and_errors():
    async def main():
        errors = []
        got = []
        task = run_search(counting_steps(3), got.append, delay=0.1, mode="slices")
        await asyncio.sleep(0)
        early = list(got)
        while not task.done:
            await asyncio.sleep(0.01)
        failing = run_search(failing_steps(), got.append, on_error=errors.append, mode="slices")
        while not failing.done:
            await asyncio.sleep(0.01)
        return early, got, errors

    early, got, errors = asyncio.run(main())
    assert early == [] and got == ["d3"]
    assert len(errors) == 1 and isinstance(errors[0], ZeroDivisionError)
