"""Beacon Lines in a real JupyterLab (Chromium): click the map, then read Python's state.

Shares the session's JupyterLab server and page (tests/browser/conftest.py); page errors and
console errors fail the test there.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

pytestmark = [pytest.mark.browser, pytest.mark.timeout(180)]


def test_clicking_the_map_plays_rounds_in_python(open_notebook, beacon_bundle):
    notebook = open_notebook(
        [
            "from boardbook import BeaconLines\nw = BeaconLines(opponent='script', rules='v1')\nw",
            "print('route', w.position.route, 'scores', w.position.scores)",
        ]
    )
    notebook.run_cell(0)
    board = notebook.output(0).locator(".bb-beacon")
    legal = board.locator(".bb-region.bb-target")
    expect(legal).to_have_count(2, timeout=30_000)
    expect(board.locator(".bb-region[data-square]")).to_have_count(7)
    expect(board.locator(".bb-status-text")).to_contain_text("locked in its choice")
    board.locator('[data-square="North Pass"]').click()
    expect(board.locator(".bb-beacon-log tbody tr")).to_have_count(1)
    expect(board.locator('[data-square="North Pass"]')).to_have_class(
        re.compile(r"\bbb-owner-red\b")
    )
    board.locator('[data-square="Beacon"]').click()
    result = board.locator(".bb-card-result")
    expect(result).to_contain_text("You win!")
    # Restart after the end asks in front of the result card (it used to wait unseen behind it).
    board.locator('.bb-actions [data-action="restart"]').click()
    confirm = board.locator(".bb-card-confirm")
    expect(confirm).to_be_visible()
    expect(result).to_have_count(0)
    confirm.get_by_role("button", name="No").click()
    expect(result).to_be_visible()
    notebook.run_cell(1)
    expect(notebook.output(1)).to_contain_text(
        "route ['North Pass/South Pass', 'Beacon/Depot'] scores {'red': 4, 'blue': 3}"
    )
