"""The Quads widget in a real JupyterLab: a give-and-place turn played by clicks and by keys
alone, and what Python then holds in ``w.history`` / ``w.position``. Each test opens its own
notebook (and kernel).

Page parts used here (js/quads.js, js/shared/): ``[data-square]`` squares with
``data-piece`` (the piece number, "" when empty), tray items ``[data-item="piece:N"]`` with
``data-state``, the held box ``.bb-held-item`` with ``data-held-item``, the status line
``.bb-status-text`` and the notice ``.bb-notice``.
"""

from __future__ import annotations

import re
from pathlib import Path

import boardbook
import pytest
from playwright.sync_api import expect

pytestmark = [pytest.mark.browser, pytest.mark.timeout(150)]

OPENING = "from boardbook import Quads\n"


@pytest.fixture(scope="module", autouse=True)
def quads_bundle() -> Path:
    bundle = Path(boardbook.__file__).parent / "static" / "quads.js"
    if not bundle.exists():
        pytest.fail(f"{bundle} is missing: build the front end with `cd js && npm run build`")
    return bundle


class Board:
    """The widget as it appears in one cell's output."""

    def __init__(self, output):
        self.root = output.locator(".bb-quads")
        self.status = self.root.locator(".bb-status-text")
        self.notice = self.root.locator(".bb-notice")
        self.held = self.root.locator(".bb-held-item")

    def square(self, coord: str):
        return self.root.locator(f'[data-square="{coord}"]')

    def item(self, piece: int):
        return self.root.locator(f'[data-item="piece:{piece}"]')

    def tab_stop(self, kind: str):
        """The one focusable element of the board ("square") or the tray ("item")."""
        return self.root.locator(f'[data-{kind}][tabindex="0"]')


def show_widget(open_notebook, setup: str, *later_cells: str):
    notebook = open_notebook([OPENING + setup, *later_cells])
    notebook.run_cell(0)
    board = Board(notebook.output(0))
    expect(board.square("A1")).to_be_visible()
    return notebook, board


def test_a_give_and_place_turn_by_clicks(open_notebook):
    notebook, board = show_widget(
        open_notebook,
        "w = Quads()\nw",
        "print('history', w.history, 'held', w.position.held, 'D2', w.position.piece_at('D2'))",
    )
    expect(board.status).to_contain_text("choose a piece to give")
    board.item(7).click()  # the opening give
    expect(board.status).to_contain_text("place piece 7 (small dark round solid)")
    expect(board.held).to_have_attribute("data-held-item", "piece:7")
    # A give before placing: the item is aria-disabled, but a click still reaches Python,
    # which refuses it with the rule (force: Playwright does not click aria-disabled items).
    board.item(3).click(force=True)
    expect(board.notice).to_contain_text("Place piece 7 first.")
    board.square("D2").click()
    expect(board.square("D2")).to_have_attribute("data-piece", "7")
    expect(board.status).to_contain_text("give your opponent a piece")
    board.item(3).click()
    expect(board.status).to_contain_text("place piece 3 (small light round solid)")
    expect(board.item(7)).to_have_attribute("data-state", "used")
    notebook.run_cell(1)
    expect(notebook.output(1)).to_contain_text("history [':7', 'D2:3'] held 3 D2 7")


def test_a_give_and_place_turn_by_keys_alone(open_notebook):
    notebook, board = show_widget(
        open_notebook,
        "w = Quads()\nw",
        "print('history', w.history, 'B2', w.position.piece_at('B2'))",
    )
    page = board.root.page
    tray = board.tab_stop("item")
    tray.focus()
    expect(tray).to_have_attribute("data-item", "piece:0")
    for _ in range(5):
        page.keyboard.press("ArrowRight")
    expect(board.item(5)).to_be_focused()
    page.keyboard.press("Enter")  # gives piece 5
    expect(board.status).to_contain_text("place piece 5")
    square = board.tab_stop("square")
    square.focus()
    expect(square).to_have_attribute("data-square", "A1")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowDown")
    expect(board.square("B2")).to_be_focused()
    page.keyboard.press("Space")  # places piece 5 on B2
    expect(board.square("B2")).to_have_attribute("data-piece", "5")
    board.tab_stop("item").focus()
    page.keyboard.press("End")
    expect(board.item(15)).to_be_focused()
    page.keyboard.press("Enter")  # gives piece 15
    expect(board.status).to_contain_text("place piece 15 (large dark round solid)")
    notebook.run_cell(1)
    expect(notebook.output(1)).to_contain_text("history [':5', 'B2:15'] B2 5")


def test_the_cpu_places_and_gives_back_off_the_kernel_thread(open_notebook):
    notebook, board = show_widget(
        open_notebook,
        'w = Quads(mode="cpu", level="careful", human="first")\nw',
        "print('history', len(w.history), 'held', w.position.held)",
    )
    board.item(0).click()
    expect(board.status).to_contain_text("You: place piece", timeout=30_000)
    expect(board.root.locator('[data-square][data-piece="0"]')).to_have_count(1)
    expect(board.held).to_have_attribute("data-held-item", re.compile(r"piece:\d+"))
    notebook.run_cell(1)
    expect(notebook.output(1)).to_contain_text("history 2 held")
