"""Suite-wide test plumbing: one Chromium for every real-browser test, and those tests last.

Playwright's sync API keeps an event loop running in the main thread while it is started, and
only one instance may run at a time; so every browser test shares the session's instance, and
they run after all other tests (some of which start their own asyncio loop).
"""

from __future__ import annotations

import sys
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from boardbook.core.stats import FILENAME, StatsStore, open_store

# The browser harness (Chromium path and flags, JupyterLab server) lives in tests/browser/.
sys.path.insert(0, str(Path(__file__).resolve().parent / "browser"))
from labharness import launch_chromium


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    items.sort(key=lambda item: item.get_closest_marker("browser") is not None)


@pytest.fixture(scope="session")
def chromium() -> Iterator[Any]:
    """Debian's Chromium driven by Playwright, shared by every browser test."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = launch_chromium(playwright)  # a missing Chromium fails loudly, never skips
        try:
            yield browser
        finally:
            browser.close()


@pytest.fixture
def stats_file() -> Callable[[Path], StatsStore]:
    """The stats file in a data folder as another program reads it, once the writes the
    boards of this test queued (on the store they share) have reached it."""

    def read(folder: Path) -> StatsStore:
        shared = open_store(folder / FILENAME)
        assert not isinstance(shared, StatsStore) or shared.flush(10)
        return StatsStore(folder / FILENAME)

    return read


def call_within(seconds: float, call: Callable[[], Any]) -> Any:
    """``call()``'s result (or its exception, raised here), failing the test if it takes
    longer than ``seconds``: it runs in a daemon thread, so a call that hangs fails its test
    and cannot keep the test run from ending."""
    box: dict[str, Any] = {}

    def run() -> None:
        try:
            box["ok"] = call()
        except BaseException as exc:  # noqa: BLE001 - raised again below
            box["error"] = exc

    worker = threading.Thread(target=run, daemon=True)
    worker.start()
    worker.join(seconds)
    if worker.is_alive():
        pytest.fail(f"no answer within {seconds} s: it hangs on this input")
    if "error" in box:
        raise box["error"]
    return box["ok"]


@pytest.fixture(scope="session")
def within() -> Callable[[float, Callable[[], Any]], Any]:
    """:func:`call_within`, for a test that must not hang."""
    return call_within
