"""The Tower Gate widget in a real JupyterLab: a placement and a move-and-build turn played by
clicks and by keys alone, and what Python then holds in ``w.history`` / ``w.position``. Each
test opens its own notebook (and kernel).

Page parts used here (js/towergate.js, js/shared/): ``[data-square]`` squares with
``data-worker`` (the side standing there, "" when none) and ``data-height``, the hatched build
squares ``.bb-tg-hatch``, the dotted destinations ``.bb-tg-dotted``, the legend
``.bb-tg-legend``, the tutorial ``.bb-tg-tutorial`` with ``[data-action="tutorial-next"]``, the
status line ``.bb-status-text``.
"""

from __future__ import annotations

import re
from pathlib import Path

import boardbook
import pytest
from playwright.sync_api import expect

pytestmark = [pytest.mark.browser, pytest.mark.timeout(150)]

OPENING = "from boardbook import TowerGate\n"
COLUMNS = "ABCDE"


@pytest.fixture(scope="module", autouse=True)
def towergate_bundle() -> Path:
    bundle = Path(boardbook.__file__).parent / "static" / "towergate.js"
    if not bundle.exists():
        pytest.fail(f"{bundle} is missing: build the front end with `cd js && npm run build`")
    return bundle


class Board:
    """The widget as it appears in one cell's output."""

    def __init__(self, output):
        self.root = output.locator(".bb-towergate")
        self.status = self.root.locator(".bb-status-text")
        self.legend = self.root.locator(".bb-tg-legend")
        self.tutorial = self.root.locator(".bb-tg-tutorial")

    def square(self, name: str):
        return self.root.locator(f'[data-square="{name}"]')

    def close_tutorial(self) -> None:
        """The first-use tutorial lies over the board: page through it to the end."""
        next_button = self.root.locator('[data-action="tutorial-next"]')
        for _ in range(6):
            if not self.tutorial.is_visible():
                return
            next_button.click()
        expect(self.tutorial).to_be_hidden()


def show_widget(open_notebook, setup: str, *later_cells: str):
    notebook = open_notebook([OPENING + setup, *later_cells])
    notebook.run_cell(0)
    board = Board(notebook.output(0))
    expect(board.square("C3")).to_be_visible()
    board.root.page.wait_for_timeout(300)  # the tutorial (first use) opens with the first state
    board.close_tutorial()
    return notebook, board


def test_placements_and_a_move_and_build_turn_by_clicks(open_notebook):
    notebook, board = show_widget(
        open_notebook,
        'w = TowerGate(mode="two-player", setup="free")\nw',
        "print('history', w.history, 'C4', w.position.levels('C4'))",
    )
    expect(board.status).to_contain_text("place a worker")
    # Alternate placements, terracotta first; each is drawn before the next click, as a
    # player sees it.
    for name, side in (("B4", "terracotta"), ("B2", "blue"), ("D4", "terracotta"), ("D2", "blue")):
        board.square(name).click()
        expect(board.square(name)).to_have_attribute("data-worker", side)
    expect(board.status).to_contain_text("choose a worker")

    board.square("B4").click()
    expect(board.root.locator(".bb-tg-dotted")).to_have_count(8)  # every neighbour of B4 is free
    board.square("C3").click()
    expect(board.square("C3")).to_have_attribute("data-worker", "terracotta")  # the preview
    expect(board.square("C4")).to_have_class(re.compile(r"\bbb-tg-hatch\b"))
    board.square("C4").click()
    expect(board.square("C4")).to_have_attribute("data-height", "1")
    expect(board.square("B4")).to_have_attribute("data-worker", "")
    expect(board.status).to_contain_text("Blue")
    board.square("A1").click()  # not a target: its legend under the board, no error
    expect(board.legend).to_contain_text("A1: height 0")
    notebook.run_cell(1)
    expect(notebook.output(1)).to_contain_text(
        "history ['B4', 'B2', 'D4', 'D2', 'B4-C3^C4'] C4 ('terracotta',)"
    )


def test_a_placement_and_a_turn_by_keys_alone(open_notebook, lab):
    notebook, board = show_widget(
        open_notebook,
        'w = TowerGate(mode="two-player", setup="free")\nw',
        "print('history', w.history)",
    )
    page = lab.page
    tab_stop = board.root.locator('[data-square][tabindex="0"]')
    expect(tab_stop).to_have_count(1)
    tab_stop.focus()
    where = [tab_stop.get_attribute("data-square")]

    def walk_to(name: str) -> None:
        here = where[0]
        cols = COLUMNS.index(name[0]) - COLUMNS.index(here[0])
        rows = int(name[1]) - int(here[1])
        for key in ["ArrowRight" if cols > 0 else "ArrowLeft"] * abs(cols) + [
            "ArrowDown" if rows > 0 else "ArrowUp"
        ] * abs(rows):
            page.keyboard.press(key)
        expect(board.square(name)).to_be_focused()
        where[0] = name

    for name in ("B4", "B2", "D4", "D2"):  # the four placements
        walk_to(name)
        page.keyboard.press("Enter")
        expect(board.square(name)).not_to_have_attribute("data-worker", "")
    for name in ("D4", "D3", "C3"):  # worker, destination, build square
        walk_to(name)
        page.keyboard.press("Enter")
    expect(board.square("C3")).to_have_attribute("data-height", "1")
    expect(board.square("D3")).to_have_attribute("data-worker", "terracotta")
    notebook.run_cell(1)
    expect(notebook.output(1)).to_contain_text("history ['B4', 'B2', 'D4', 'D2', 'D4-D3^C3']")
