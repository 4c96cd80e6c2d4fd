"""Beacon Lines in a real JupyterLab (Chromium): click the map, then read Python's state.

Reuses the browser harness of tests/browser (``labharness``: one server, one page, one notebook
and kernel per test). Needs the built front end and Chromium, like the other browser tests.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
STATIC = HERE.parent / "widgets" / "boardbook" / "static"

pytestmark = [pytest.mark.browser, pytest.mark.timeout(180)]


@pytest.fixture(scope="module")
def lab() -> Iterator:
    if not (STATIC / "beacon.js").is_file():
        pytest.fail(f"{STATIC / 'beacon.js'} is missing: run `cd js && npm install && npm run build`")
    sys.path.insert(0, str(HERE / "browser"))
    try:
        from labharness import Lab, LabServer, launch_chromium
    finally:
        sys.path.remove(str(HERE / "browser"))
    from playwright.sync_api import sync_playwright

    with LabServer() as server, sync_playwright() as playwright:
        browser = launch_chromium(playwright)
        page = browser.new_page(viewport={"width": 1280, "height": 1000})
        page.set_default_timeout(30_000)
        try:
            yield Lab(page, server).load()
        finally:
            browser.close()


def test_clicking_the_map_plays_rounds_in_python(lab):
    from playwright.sync_api import expect

    notebook = lab.open_notebook("beacon-lab.ipynb", [
        "from boardbook import BeaconLines\nw = BeaconLines(opponent='script', rules='v1')\nw",
        "print('route', w.position.route, 'scores', w.position.scores)",
    ])
    try:
        notebook.run_cell(0)
        board = notebook.output(0).locator(".bb-beacon")
        legal = board.locator(".bb-region.bb-legal")
        expect(legal).to_have_count(2, timeout=30_000)
        expect(board.locator(".bb-region[data-square]")).to_have_count(7)
        expect(board.locator(".bb-status-text")).to_contain_text("locked in its choice")
        board.locator('[data-square="North Pass"]').click()
        expect(board.locator(".bb-beacon-log tbody tr")).to_have_count(1)
        expect(board.locator('[data-square="North Pass"]')).to_have_class(
            re.compile(r"\bbb-owner-red\b"))
        board.locator('[data-square="Beacon"]').click()
        expect(board.locator(".bb-card-result")).to_contain_text("You win!")
        notebook.run_cell(1)
        expect(notebook.output(1)).to_contain_text(
            "route ['North Pass/South Pass', 'Beacon/Depot'] scores {'red': 4, 'blue': 3}")
        assert lab.page_errors == []
    finally:
        notebook.close()
