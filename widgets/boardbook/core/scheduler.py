"""The one place that decides how a CPU search runs, so the kernel stays responsive.

A CPU player is a generator (``search_steps``) that yields regularly and finally *returns* its
move. :func:`run_search` advances such a generator away from the code that asked for it:

* ``"thread"`` mode (CPython): a daemon thread advances the generator and checks a cancel flag
  at every yield, so a notebook cell can run while the CPU thinks.
* ``"slices"`` mode (Pyodide, ``sys.platform == "emscripten"``, which has no threads): the
  generator is advanced for a short slice of time on the asyncio event loop, then the next
  slice is scheduled with ``loop.call_soon``, so the browser's event loop keeps breathing.

Both modes share one interface: ``task = run_search(steps, on_done, on_error, delay)`` returns a
:class:`SearchTask` with ``.cancel()`` and ``.done``. A task cancelled before it delivers never
calls ``on_done``. Every value the generator yields that is not ``None`` (Reversi's ``Progress``,
a coach's partial analysis) goes to ``on_progress`` as it comes, until the task is cancelled. Callers that publish the result from ``on_done`` should still compare a
generation counter under their own lock (see ``core.widget``), because ``cancel()`` cannot stop
an ``on_done`` that has already begun.
"""

from __future__ import annotations

import asyncio
import atexit
import logging
import sys
import threading
import time
import warnings
from collections.abc import Callable, Generator, Iterator
from contextlib import contextmanager
from typing import Generic, Literal, TypeVar

Mode = Literal["thread", "slices"]
MODES: tuple[Mode, ...] = ("thread", "slices")

#: How long one slice advances the generator in ``"slices"`` mode (seconds).
SLICE_SECONDS = 0.015

#: How long an exiting Python waits for cancelled searches to reach their next yield.
EXIT_JOIN_S = 5.0

_log = logging.getLogger("boardbook.scheduler")
_forced_mode: Mode | None = None


def default_mode() -> Mode:
    """The mode :func:`run_search` uses: forced by :func:`use_mode`, else by platform."""
    if _forced_mode is not None:
        return _forced_mode
    return "slices" if sys.platform == "emscripten" else "thread"


@contextmanager
def use_mode(mode: Mode) -> Iterator[None]:
    """Force a scheduling mode inside a ``with`` block (tests run both paths on CPython)."""
    global _forced_mode
    if mode not in MODES:
        raise ValueError(f"unknown scheduler mode {mode!r}; expected one of {MODES}")
    previous, _forced_mode = _forced_mode, mode
    try:
        yield
    finally:
        _forced_mode = previous


#: What a search yields besides None (its progress; None gives the loop back) and returns.
Y = TypeVar("Y")
R = TypeVar("R")


class Task:
    """What a caller holds of one running search: ``cancel()`` it, check ``done``; the same
    whatever the search yields and returns (``SearchTask`` has its ``result``)."""

    def __init__(self, mode: Mode):
        self.mode = mode
        self._lock = threading.Lock()
        self._cancelled = False
        self._delivering = False
        self._finished = threading.Event()
        self._exited = threading.Event()  # thread mode: the thread is past the generator
        self.error: BaseException | None = None

    @property
    def done(self) -> bool:
        """True once the task will never call anything again (finished, failed or cancelled)."""
        return self._finished.is_set()

    @property
    def cancelled(self) -> bool:
        return self._cancelled

    def cancel(self) -> bool:
        """Stop the search and drop its result; False if ``on_done`` had already started."""
        with self._lock:
            if self._delivering:
                return False
            self._cancelled = True
        if self.mode == "slices":
            # Nothing else will advance the generator; close it now.
            self._close()
        return True

    def join(self, timeout: float | None = None) -> bool:
        """Block until the task is done (thread mode only); True if it is."""
        if self.mode == "slices" and not self.done:
            raise RuntimeError(
                "cannot block on a search running in slices on this event loop; "
                "await it instead (e.g. poll task.done with asyncio.sleep)"
            )
        return self._finished.wait(timeout)

    def _close(self) -> None:
        self._finished.set()


class SearchTask(Task, Generic[Y, R]):
    """A running search that yields ``Y`` and returns ``R`` (``on_done(result)``)."""

    def __init__(
        self,
        steps: Generator[Y | None, None, R],
        on_done: Callable[[R], object],
        on_error: Callable[[BaseException], object] | None,
        mode: Mode,
        on_progress: Callable[[Y], object] | None = None,
    ):
        super().__init__(mode)
        self._steps = steps
        self._on_done = on_done
        self._on_error = on_error
        self._on_progress = on_progress
        self.result: R | None = None

    # -- shared machinery -----------------------------------------------------------------
    def _advance(self) -> bool:
        """Advance the generator one step; True when it has finished (or was cancelled)."""
        if self._cancelled:
            self._close()
            return True
        try:
            value = next(self._steps)
        except StopIteration as stop:
            self._deliver(stop.value)
            return True
        except BaseException as exc:  # noqa: BLE001 - any failure goes to on_error
            self._fail(exc)
            return True
        if value is not None and self._on_progress is not None and not self._cancelled:
            try:
                self._on_progress(value)
            except Exception:  # noqa: BLE001 - a failing progress view must not stop the search
                _log.exception("boardbook: on_progress failed")
        return False

    def _deliver(self, result: R) -> None:
        with self._lock:
            if self._cancelled:
                self._finished.set()
                return
            self._delivering = True
        self.result = result
        try:
            self._on_done(result)
        except BaseException as exc:  # noqa: BLE001
            self._report(exc)
        finally:
            self._finished.set()

    def _fail(self, exc: BaseException) -> None:
        self.error = exc
        if not self._cancelled:
            self._report(exc)
        self._finished.set()

    def _report(self, exc: BaseException) -> None:
        if self._on_error is not None:
            try:
                self._on_error(exc)
                return
            except BaseException as inner:  # noqa: BLE001
                exc = inner
        _log.error("CPU search failed", exc_info=exc)
        warnings.warn(f"boardbook: CPU search failed: {exc!r}", RuntimeWarning, stacklevel=2)

    def _close(self) -> None:
        try:
            self._steps.close()
        except Exception:  # noqa: BLE001 - a generator failing to close is not our caller's problem
            _log.debug("search generator raised while closing", exc_info=True)
        super()._close()


def run_search(
    steps: Generator[Y | None, None, R],
    on_done: Callable[[R], object],
    on_error: Callable[[BaseException], object] | None = None,
    delay: float = 0.0,
    *,
    mode: Mode | None = None,
    on_progress: Callable[[Y], object] | None = None,
) -> SearchTask[Y, R]:
    """Advance ``steps`` to its return value off the caller's path, then call ``on_done(value)``.

    ``on_progress(value)`` receives every non-``None`` value the generator yields (on the
    thread that advances it; its failures are logged, never stop the search).

    ``delay`` (seconds) holds the start, e.g. so a pass card stays up before the CPU replies.
    ``on_error(exc)`` receives any exception from the generator or from ``on_done``; without it
    the error is logged and warned, never raised into the kernel.
    """
    mode = mode or default_mode()
    if mode not in MODES:
        raise ValueError(f"unknown scheduler mode {mode!r}; expected one of {MODES}")
    if delay < 0:
        raise ValueError(f"delay must be >= 0 seconds, got {delay!r}")
    task = SearchTask(steps, on_done, on_error, mode, on_progress)
    if mode == "thread":
        _start_thread(task, delay)
    else:
        _start_slices(task, delay)
    return task


#: Searches running in threads, cancelled and waited for when Python exits.
_RUNNING: set[Task] = set()
_RUNNING_LOCK = threading.Lock()


@atexit.register
def _stop_at_exit() -> None:
    """Cancel every running search and wait (at most :data:`EXIT_JOIN_S`) until each has left
    its generator: a daemon thread still inside native code (scipy's HiGHS LP solver) when the
    interpreter finalises aborts the whole process ("terminate called without an active
    exception", exit 134)."""
    with _RUNNING_LOCK:
        tasks = list(_RUNNING)
    for task in tasks:
        task._cancelled = True
    deadline = time.monotonic() + EXIT_JOIN_S
    for task in tasks:
        task._exited.wait(max(0.0, deadline - time.monotonic()))


def _start_thread(task: SearchTask[Y, R], delay: float) -> None:
    def work() -> None:
        try:
            run()
        finally:
            with _RUNNING_LOCK:
                _RUNNING.discard(task)
            task._exited.set()

    def run() -> None:
        if delay:
            deadline = time.monotonic() + delay
            while not task._cancelled:
                left = deadline - time.monotonic()
                if left <= 0:
                    break
                time.sleep(min(left, 0.02))
        while not task._advance():
            pass

    with _RUNNING_LOCK:
        _RUNNING.add(task)
    threading.Thread(target=work, name="boardbook-cpu", daemon=True).start()


def _event_loop() -> asyncio.AbstractEventLoop:
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        pass
    # Pyodide's WebLoop is the current loop without "running" in the asyncio sense.
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        try:
            return asyncio.get_event_loop()
        except RuntimeError as exc:
            raise RuntimeError(
                "slices mode needs an asyncio event loop (Pyodide's, or a running one)"
            ) from exc


def _start_slices(task: SearchTask[Y, R], delay: float) -> None:
    loop = _event_loop()

    def slice_() -> None:
        deadline = time.perf_counter() + SLICE_SECONDS
        while time.perf_counter() < deadline:
            if task._advance():
                return
        loop.call_soon(slice_)

    if delay:
        loop.call_later(delay, slice_)
    else:
        loop.call_soon(slice_)
