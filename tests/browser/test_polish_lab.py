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


def test_moves_from_python_update_the_live_board_without_drawing_it_again(open_notebook):
    # Issue #18, item 24: where no page draws the board, each move updates the notebook's saved
    # picture (tests/test_hosts.py); JupyterLab draws it, and an updated output would be drawn
    # again from scratch (a second board, the first left behind, the focus lost). Run All: the
    # moves' cells run before the page has drawn the board and could say so.
    notebook = open_notebook(
        [
            "from boardbook import Reversi\nw = Reversi()\nw",
            "w.play(str(w.position.legal_moves()[0]))",
            "w.play(str(w.position.legal_moves()[0]))",
        ]
    )
    notebook.page.evaluate(
        """() => {
            window.bbBoardsDrawn = 0;
            new MutationObserver((records) => {
                for (const record of records) {
                    for (const node of record.addedNodes) {
                        if (node.nodeType !== 1) continue;
                        if (node.matches('.bb-root') || node.querySelector('.bb-root')) {
                            window.bbBoardsDrawn += 1;
                        }
                    }
                }
            }).observe(document.body, { childList: true, subtree: true });
        }"""
    )
    notebook.run_all()
    output = notebook.output(0)
    expect(output.locator(".bb-status-text")).to_have_text("Black to move", timeout=60_000)
    notebook.wait_for_idle_kernel()
    notebook.page.wait_for_timeout(1000)  # an updated output would have been drawn by now
    expect(output.locator(".bb-root")).to_have_count(1)
    assert notebook.page.evaluate("window.bbBoardsDrawn") == 1
