"""What a player sees in a real JupyterLab (issue #18): all four games on one page.

Page parts used here: each widget's root ``.bb-root``, every element with an ``id``.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

pytestmark = [pytest.mark.browser, pytest.mark.timeout(240)]

ALL_GAMES = (
    "from boardbook import BeaconLines, Quads, Reversi, TowerGate\n"
    "boards = [Reversi(), Quads(), Quads(), TowerGate(), BeaconLines(), Reversi()]\n"
    "for board in boards:\n"
    "    display(board)"
)


def test_ids_are_unique_on_a_page_of_all_four_games(open_notebook):
    # Every label points at its own field and every pattern fill at its own board's pattern
    # only when no id repeats on the page; anywidget may evaluate a bundle once per widget, so
    # a counter kept in a module starts again for each board.
    notebook = open_notebook([ALL_GAMES])
    notebook.run_cell(0)
    roots = notebook.output(0).locator(".bb-root")
    expect(roots).to_have_count(6, timeout=60_000)
    # Quads' tray shows every piece, the dark ones filled with a striped pattern.
    expect(notebook.output(0).locator(".bb-quads pattern").first).to_be_attached()
    ids = notebook.page.evaluate(
        "() => [...document.querySelectorAll('.bb-root [id]')].map((el) => el.id)"
    )
    repeated = sorted({i for i in ids if ids.count(i) > 1})
    assert len(ids) > 20 and repeated == [], repeated
    # Each widget's pattern fills point at a pattern inside that widget.
    strays = notebook.page.evaluate(
        """() => [...document.querySelectorAll('.bb-root [fill^="url(#"]')].filter((el) => {
            const id = el.getAttribute('fill').slice(5, -1);
            return !el.closest('.bb-root').querySelector('[id="' + id + '"]');
        }).length"""
    )
    assert strays == 0
