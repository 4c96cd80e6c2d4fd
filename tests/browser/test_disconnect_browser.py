"""A board whose kernel is gone says so, in a real JupyterLab (kit behaviour, every game).

After a kernel restart the old output stays on the page; before this fix it looked alive and
silently ignored clicks. JupyterLab's widget manager marks the model's comm as not live on a
restart, and the kit shows "This board is no longer connected: run the cell again."
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

pytestmark = [
    pytest.mark.browser,
    pytest.mark.timeout(180),
    pytest.mark.usefixtures("reversi_bundle", "beacon_bundle"),
]

RESTART = "await panel.sessionContext.session.kernel.restart();"


@pytest.mark.parametrize(
    ("setup", "target"),
    [
        ("from boardbook import Reversi\nw = Reversi()\nw", "d3"),
        ("from boardbook import BeaconLines\nw = BeaconLines(opponent='script')\nw", "North Pass"),
    ],
    ids=["reversi", "beacon"],
)
def test_a_board_whose_kernel_restarted_says_run_the_cell_again(open_notebook, setup, target):
    notebook = open_notebook([setup])
    notebook.run_cell(0)
    output = notebook.output(0)
    square = output.locator(f'[data-square="{target}"]')
    expect(square).to_be_visible()
    offline = output.locator(".bb-offline")
    expect(offline).to_be_hidden()
    # A live board answers a click (and the answer clears any waiting), so no message.
    output.locator(".bb-status-text").wait_for()

    notebook._eval(RESTART)
    notebook.wait_for_idle_kernel()
    # The board may already be greyed out (JupyterLab marks the comm dead on the restart, and
    # the kit then disables the squares), or it finds out on the next click: either way it
    # says so. The click is dispatched, as a disabled square takes no pointer action.
    square.dispatch_event("click")
    expect(offline).to_be_visible()
    expect(offline).to_have_text("This board is no longer connected: run the cell again.")
    # Running the cell again gives a live board, without the message.
    notebook.run_cell(0)
    expect(output.locator(".bb-offline")).to_be_hidden()
    expect(output.locator(f'[data-square="{target}"]')).to_be_visible()
