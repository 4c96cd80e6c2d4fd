"""The Reversi widget in a real JupyterLab: what a person sees after clicking, and what Python
then holds in ``w.position``. Each test opens its own notebook (and kernel).

Page parts used here (js/reversi.js, js/shared/): ``[data-square]`` squares with
``data-piece``, the score bar chips ``.bb-score[data-side]`` with ``.bb-score-count``, the
status line ``.bb-status-text`` and the notice beside it ``.bb-notice``, the busy indicator
``.bb-busy``, the held card of a forced move (a pass) ``.bb-card-forced`` and the
``[data-action="undo"]`` button.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

pytestmark = [
    pytest.mark.browser,
    pytest.mark.timeout(120),
    pytest.mark.usefixtures("reversi_bundle"),
]

OPENING = "from boardbook import Reversi\nfrom boardbook.reversi import Position\n"

# Black e6, White f6, Black d3, White e7, Black e8, White d8, Black g6: White to move, and White's
# f8 leaves Black without a legal move while White still has one (the shortest such line a random
# search found that plays no X-square, so no one-time X-square hint card gets in the way).
BEFORE_FORCED_PASS = ["e6", "f6", "d3", "e7", "e8", "d8", "g6"]
MOVE_FORCING_PASS = "f8"

# A cell that reports whether the CPU is thinking as it starts, then keeps running (without
# holding the CPU) until the test creates the file "release" in the kernel's working directory.
CELL_RUNNING_WHILE_CPU_THINKS = """\
import pathlib, time
print('cell started, cpu busy:', w.busy, flush=True)
deadline = time.monotonic() + 60
while not pathlib.Path('release').exists() and time.monotonic() < deadline:
    time.sleep(0.05)
print('cell finished, history:', w.history)
"""


class Board:
    """The widget as it appears in one cell's output."""

    def __init__(self, output):
        self.root = output.locator(".bb-reversi")
        self.status = self.root.locator(".bb-status-text")
        self.notice = self.root.locator(".bb-notice")
        self.busy = self.root.locator(".bb-busy")
        self.pass_card = self.root.locator(".bb-card-forced")

    def square(self, coord: str):
        return self.root.locator(f'[data-square="{coord}"]')

    def count(self, side: str):
        return self.root.locator(f'.bb-score[data-side="{side}"] .bb-score-count')

    def discs(self):
        return self.root.locator('[data-piece="black"], [data-piece="white"]')

    def expect_score(self, black: int, white: int) -> None:
        expect(self.count("black")).to_have_text(str(black))
        expect(self.count("white")).to_have_text(str(white))

    def action(self, name: str):
        return self.root.locator(f'.bb-actions [data-action="{name}"]')


def show_widget(open_notebook, setup: str, *later_cells: str):
    """Open a notebook whose first cell shows the widget; run only that cell."""
    notebook = open_notebook([OPENING + setup, *later_cells])
    notebook.run_cell(0)
    board = Board(notebook.output(0))
    expect(board.square("d3")).to_be_visible()
    return notebook, board


def test_first_click_shows_four_to_one_on_page_and_in_python(open_notebook):
    notebook, board = show_widget(
        open_notebook, "w = Reversi()\nw", "print('counts', w.position.counts)"
    )
    board.expect_score(2, 2)
    board.square("d3").click()
    board.expect_score(4, 1)
    expect(board.square("d3")).to_have_attribute("data-piece", "black")
    expect(board.square("d4")).to_have_attribute("data-piece", "black")  # the flipped disc
    notebook.run_cell(1)
    expect(notebook.output(1)).to_contain_text("counts {'black': 4, 'white': 1}")


def test_cpu_reply_arrives_while_a_cell_still_runs(open_notebook, lab_server):
    """The CPU thinks off the kernel's main thread: a cell runs (and prints) while the page shows
    the busy state, and the CPU's reply reaches the page before that cell has finished.

    ``think_time=2.5`` (default 1 s) keeps the CPU busy long enough for the cell to start on a
    loaded machine; it changes only the strong level's time budget.
    """
    notebook, board = show_widget(
        open_notebook,
        'w = Reversi(mode="cpu", level="strong", human="black", think_time=2.5)\nw',
        CELL_RUNNING_WHILE_CPU_THINKS,
    )
    board.square("d3").click()
    expect(board.busy).to_be_visible()
    notebook.run_cell(1)
    expect(notebook.output(1)).to_contain_text("cell started, cpu busy: True")
    expect(board.busy).to_be_visible()  # the cell's output arrived while the CPU still thought

    expect(board.busy).to_be_hidden(timeout=30_000)
    expect(board.discs()).to_have_count(6)  # 4 at the start, Black's disc, White's reply
    expect(notebook.cell(1).locator(".jp-InputPrompt")).to_contain_text("[*]")  # still running

    (lab_server.root_dir / "release").touch()
    expect(notebook.output(1)).to_contain_text(
        re.compile(r"cell finished, history: \['d3', '[a-h][1-8]'\]")
    )
    expect(board.status).to_contain_text("Black")


def test_forced_pass_shows_the_pass_card_then_the_status_line(open_notebook):
    moves = "".join(f"w.play({move!r})\n" for move in BEFORE_FORCED_PASS)
    notebook, board = show_widget(
        open_notebook,
        f"w = Reversi()\n{moves}w",
        "print('to move', w.position.to_move, 'history', w.history[-2:])",
    )
    board.square(MOVE_FORCING_PASS).click()
    expect(board.pass_card).to_be_visible()
    expect(board.pass_card).to_contain_text("Black has no legal move and passes")
    expect(board.pass_card).to_be_hidden()  # held 1.2 s, then gone by itself
    expect(board.status).to_contain_text("Black passed")
    notebook.run_cell(1)
    expect(notebook.output(1)).to_contain_text("to move white history ['f8', 'pass']")


def test_undo_restores_board_and_position(open_notebook):
    notebook, board = show_widget(
        open_notebook, "w = Reversi()\nw", "print('back at start:', w.position == Position.start())"
    )
    board.square("d3").click()
    board.expect_score(4, 1)
    board.action("undo").click()
    board.expect_score(2, 2)
    expect(board.square("d3")).to_have_attribute("data-piece", "")
    expect(board.square("d4")).to_have_attribute("data-piece", "white")
    notebook.run_cell(1)
    expect(notebook.output(1)).to_contain_text("back at start: True")


def test_illegal_empty_square_explains_beside_the_status_line(open_notebook):
    """The notice says why; the status line beside it still says whose turn it is."""
    notebook, board = show_widget(
        open_notebook, "w = Reversi()\nw", "w.lang = 'ja'", "print('counts', w.position.counts)"
    )
    board.square("a1").click()
    expect(board.notice).to_have_text("You can't bracket any of your opponent's discs here")
    expect(board.status).to_have_text("Black to move")
    notebook.run_cell(1)
    expect(board.status).not_to_have_text("Black to move")  # now in Japanese
    board.square("h8").click()
    expect(board.notice).to_have_text("ここでは相手の石をはさめません")
    board.expect_score(2, 2)
    notebook.run_cell(2)
    expect(notebook.output(2)).to_contain_text("counts {'black': 2, 'white': 2}")


def test_keyboard_arrows_and_enter_play_a_move(open_notebook, lab):
    notebook, board = show_widget(open_notebook, "w = Reversi()\nw", "print('history', w.history)")
    page = lab.page
    tab_stop = board.root.locator('[data-square][tabindex="0"]')
    expect(tab_stop).to_have_count(1)
    tab_stop.focus()
    start = tab_stop.get_attribute("data-square")

    # Walk from wherever the tab stop is to f5 with arrow keys; focus must follow each step.
    column_steps = ord("f") - ord(start[0])
    row_steps = 5 - int(start[1])
    keys = ["ArrowRight" if column_steps > 0 else "ArrowLeft"] * abs(column_steps)
    keys += ["ArrowDown" if row_steps > 0 else "ArrowUp"] * abs(row_steps)
    keys = keys or ["ArrowLeft", "ArrowRight"]  # already on f5: still prove the arrows move focus
    for key in keys:
        page.keyboard.press(key)
    expect(board.square("f5")).to_be_focused()

    page.keyboard.press("Enter")
    board.expect_score(4, 1)
    expect(board.square("f5")).to_have_attribute("data-piece", "black")
    expect(board.square("e5")).to_have_attribute("data-piece", "black")
    notebook.run_cell(1)
    expect(notebook.output(1)).to_contain_text("history ['f5']")


def test_undo_while_the_cpu_thinks_cancels_its_reply(open_notebook):
    """待った during the CPU's search goes back to the human's turn; the late reply never lands."""
    notebook, board = show_widget(
        open_notebook,
        'w = Reversi(mode="cpu", level="strong", human="black", think_time=1.5)\nw',
        # Outlast the cancelled search before looking (a sleep in the kernel, not an assertion).
        "import time\ntime.sleep(w.think_time + 1)\nprint('after the search:', w.history, w.busy)",
    )
    board.square("d3").click()
    expect(board.busy).to_be_visible()
    board.action("undo").click()
    expect(board.busy).to_be_hidden()
    expect(board.discs()).to_have_count(4)
    expect(board.square("d3")).to_have_attribute("data-piece", "")
    notebook.run_cell(1)
    expect(notebook.output(1)).to_contain_text("after the search: [] False")
    expect(board.discs()).to_have_count(4)
    expect(board.busy).to_be_hidden()


def test_mode_bar_sets_cpu_mode_and_level(open_notebook):
    """The UI's mode bar sets the same settings as the keywords; the CPU then answers a move."""
    notebook, board = show_widget(
        open_notebook, "w = Reversi()\nw", "print('settings', w.mode, w.level, w.human)"
    )
    cpu_button = board.root.locator('.bb-modebar [data-mode="cpu"]')
    cpu_button.click()
    expect(cpu_button).to_have_attribute("aria-pressed", "true")
    level = board.root.locator('select[data-setting="level"]')
    expect(level).to_be_visible()  # level and side only show against the CPU
    level.select_option("beginner")
    expect(level).to_have_value("beginner")
    notebook.run_cell(1)
    expect(notebook.output(1)).to_contain_text("settings cpu beginner black")

    board.square("d3").click()
    expect(board.discs()).to_have_count(6)  # Black's move and the beginner's reply
    expect(board.busy).to_be_hidden()


# Black d3, White c3, Black b3, White d2, Black e1, White d6, Black d7, White e3: Black's f4 then
# wipes White out (13-0), the shortest game a search found that plays no X-square.
BEFORE_WIPE_OUT = ["d3", "c3", "b3", "d2", "e1", "d6", "d7", "e3"]
MOVE_WIPING_OUT = "f4"


def test_game_end_shows_result_card_and_undo_and_continue_takes_it_back(open_notebook):
    moves = "".join(f"w.play({move!r})\n" for move in BEFORE_WIPE_OUT)
    notebook, board = show_widget(
        open_notebook,
        f"w = Reversi()\n{moves}w",
        "print('outcome', w.position.outcome)",
        "print('outcome', w.position.outcome, 'history', len(w.history))",
    )
    board.square(MOVE_WIPING_OUT).click()
    result = board.root.locator(".bb-card-result")
    expect(result).to_be_visible()  # after the discs have been counted
    expect(result.locator(".bb-card-title")).to_have_text("Player 1 wins (Black)")
    expect(result.locator(".bb-card-detail")).to_contain_text("13–0")
    expect(result.locator(".bb-card-detail")).to_contain_text("White has no discs left")
    expect(result.locator(".bb-card-why")).not_to_be_empty()
    board.expect_score(13, 0)
    notebook.run_cell(1)
    expect(notebook.output(1)).to_contain_text(
        "winner='black', termination=<Termination.WIPED_OUT: 'wiped_out'>"
    )

    result.locator('[data-action="undo_continue"]').click()  # 待って続ける
    expect(result).to_be_hidden()
    expect(board.square(MOVE_WIPING_OUT)).to_have_attribute("data-piece", "")
    board.expect_score(9, 3)
    notebook.run_cell(2)
    expect(notebook.output(2)).to_contain_text("outcome None history 8")


# Contrast of an element's text against the first opaque background behind it (WCAG formula).
CONTRAST_JS = """(el) => {
  const rgb = (c) => (c.match(/[\\d.]+/g) || []).map(Number);
  const lum = ([r, g, b]) => {
    const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
  };
  let node = el, bg = null;
  while (node && node.nodeType === 1) {
    const c = rgb(getComputedStyle(node).backgroundColor);
    if (c.length >= 3 && (c.length < 4 || c[3] > 0.95)) { bg = c; break; }
    node = node.parentElement;
  }
  const fg = lum(rgb(getComputedStyle(el).color));
  const back = lum(bg || [255, 255, 255]);
  return [(Math.max(fg, back) + 0.05) / (Math.min(fg, back) + 0.05), back];
}"""


@pytest.mark.parametrize("theme", ["JupyterLab Dark", "JupyterLab Light"])
def test_texts_stay_readable_in_light_and_dark_themes(open_notebook, lab, theme):
    """The board follows JupyterLab's theme (--jp-* variables): dark behind its texts in the dark
    theme, light in the light one, and its status line, player names and buttons keep at least
    WCAG AA contrast (4.5:1) on that background."""
    page = lab.page
    light = "true" if theme.endswith("Light") else "false"
    try:
        page.evaluate(
            f"window.jupyterapp.commands.execute('apputils:change-theme', {{theme: '{theme}'}})"
        )
        page.wait_for_function(f"document.body.dataset.jpThemeLight === '{light}'")
        _notebook, board = show_widget(open_notebook, "w = Reversi()\nw")
        board.square("c3").click()  # an illegal square: the notice explains
        expect(board.notice).to_contain_text("bracket")
        for element in [
            board.status,
            board.notice,
            board.root.locator(".bb-score").first,
            board.action("undo"),
            board.action("restart"),
        ]:
            ratio, background = element.evaluate(CONTRAST_JS)
            assert ratio >= 4.5, f"{theme}: contrast {ratio:.2f} of {element}"
            assert (background > 0.5) == (light == "true"), f"{theme}: background {background:.2f}"
    finally:
        page.evaluate(
            "window.jupyterapp.commands.execute('apputils:change-theme', {theme: 'JupyterLab Light'})"
        )
        page.wait_for_function("document.body.dataset.jpThemeLight === 'true'")


CELL_TYPES_JS = """
const cells = panel.content.model.cells;
return Array.from({length: cells.length}, (_, i) => cells.get(i).type);
"""


def test_keys_on_the_board_never_reach_notebook_shortcuts(open_notebook, lab):
    """With a square, the Undo button or a card focused, JupyterLab's command-mode shortcuts
    (a/b insert a cell, d d deletes one, m makes it Markdown) do nothing: the keys stop at the
    widget. The same keys on the notebook itself still work (so the check can fail)."""
    notebook, board = show_widget(open_notebook, "w = Reversi()\nw", "x = 1")
    page = lab.page
    before = notebook._eval(CELL_TYPES_JS)
    assert before == ["code", "code"]

    def press_shortcuts() -> None:
        for key in ["a", "b", "d", "d", "m"]:
            page.keyboard.press(key)

    notebook._eval("panel.content.mode = 'command';")
    board.square("a1").focus()
    expect(board.square("a1")).to_be_focused()
    press_shortcuts()
    assert notebook._eval(CELL_TYPES_JS) == before
    page.keyboard.press("Enter")  # a1 is illegal: only a notice, the board stays
    expect(board.notice).not_to_be_empty()
    board.action("restart").focus()
    press_shortcuts()
    confirm = board.root.locator(".bb-card-confirm")
    board.action("restart").click()
    expect(confirm).to_be_visible()
    confirm.locator("button").first.focus()
    press_shortcuts()
    assert notebook._eval(CELL_TYPES_JS) == before
    expect(notebook.cell(0).locator(".bb-reversi")).to_be_visible()

    # Control: the same shortcut on the notebook (command mode, cell focused) inserts a cell.
    notebook._eval("panel.content.mode = 'command'; panel.content.activeCellIndex = 1;")
    notebook.cell(1).focus()
    page.keyboard.press("b")
    page.wait_for_function(
        "(id) => [...window.jupyterapp.shell.widgets('main')].find((w) => w.id === id)"
        ".content.model.cells.length === 3",
        arg=notebook.panel_id,
    )
