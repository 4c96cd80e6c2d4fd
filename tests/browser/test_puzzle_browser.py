"""Today's Quads puzzle solved by clicks in a real JupyterLab, the banner showing the result,
the streak and the share text (js/shared/puzzle.js, core.puzzle).

The solution is read from the exact solver in the kernel (``boardbook.quads.solve``) before each
of the person's moves, after the perfect CPU's defence. The kernel keeps its record in a fresh
temporary ``BOARDBOOK_DATA_DIR``, so the streak starts at 0 and is 1 after the solve.
"""

from __future__ import annotations

import os
import re
import tempfile
from pathlib import Path

import boardbook
import pytest
from playwright.sync_api import expect

pytestmark = [pytest.mark.browser, pytest.mark.timeout(240)]

SETUP = (
    "import os, tempfile\n"
    "os.environ['BOARDBOOK_DATA_DIR'] = tempfile.mkdtemp()\n"
    "from boardbook import Quads\n"
    "w = Quads.puzzle()\n"
    "w"
)
# After the CPU has defended: the solver's move for the person, as the inputs to click.
NEXT = (
    "w.wait(90)\n"
    "from boardbook.quads import solve\n"
    "print('ply', len(w.history), 'steps', *solve(w.position).move.steps, 'end')"
)
CHECK = (
    "from boardbook.core.stats import open_store\n"
    "(row,) = open_store().puzzle_history('quads')\n"
    "print('recorded', row['solved'], row['moves'], open_store().puzzle_streak('quads', row['date']))"
)


@pytest.fixture(scope="module", autouse=True)
def quads_bundle() -> Path:
    bundle = Path(boardbook.__file__).parent / "static" / "quads.js"
    if not bundle.exists():
        pytest.fail(f"{bundle} is missing: build the front end with `cd js && npm run build`")
    return bundle


def test_todays_quads_puzzle_solved_by_clicks_shows_the_streak_and_share_text(open_notebook):
    notebook = open_notebook([SETUP, NEXT, CHECK])
    notebook.run_cell(0)
    root = notebook.output(0).locator(".bb-quads")
    banner = root.locator(".bb-puzzle")
    expect(banner).to_be_visible()
    expect(banner.locator(".bb-puzzle-title")).to_contain_text("Today's puzzle · win")
    expect(banner.locator('[data-puzzle="streak"]')).to_have_text("Streak: 0 days")
    expect(banner).to_have_attribute("data-result", "playing")
    ply = 0
    for _ in range(4):  # a puzzle states at most a few moves; the loop ends on the solve
        notebook.run_cell(1)
        output = notebook.output(1)
        expect(output).to_contain_text(re.compile(rf"ply {ply} steps .* end"), timeout=90_000)
        steps = re.search(r"steps (.*) end", output.inner_text()).group(1).split()
        square, *give = steps
        root.locator(f'[data-square="{square}"]').click()
        for item in give:
            root.locator(f'[data-item="{item}"]').click()
        expect(root.locator(f'[data-square="{square}"]')).not_to_have_attribute("data-piece", "")
        if banner.get_attribute("data-result") == "solved" or not give:
            break
        ply += 2  # the person's move and the CPU's defence
        expect(root.locator(".bb-status-text")).to_contain_text("You:", timeout=90_000)
    expect(banner).to_have_attribute("data-result", "solved", timeout=30_000)
    result = banner.locator('[data-puzzle="result"]')
    expect(result).to_have_attribute("aria-live", "polite")
    expect(result).to_contain_text(re.compile(r"Solved in \d moves? \(\d+:\d\d\)"))
    expect(banner.locator('[data-puzzle="streak"]')).to_have_text("Streak: 1 day")
    share = banner.locator('[data-puzzle="share"]')
    expect(share).to_have_value(re.compile(r"^boardbook Quads daily \d{4}-\d\d-\d\d: solved in"))
    expect(share).to_have_value(re.compile(r"streak 1 🔥$"))
    again = banner.locator('[data-action="puzzle-again"]')
    expect(again).to_be_visible()
    again.focus()  # keyboard-operable: a real button
    expect(again).to_be_focused()
    notebook.run_cell(2)
    expect(notebook.output(2)).to_contain_text(re.compile(r"recorded True \d 1"))
    copy = banner.locator('[data-action="copy-share"]')
    copy.click()  # the clipboard if the page may, else the text is selected for Ctrl+C
    expect(copy.or_(share)).to_have_count(2)
    page = root.page
    page.wait_for_function(
        "() => document.activeElement?.dataset?.puzzle === 'share'"
        " || document.querySelector('[data-action=copy-share]')?.textContent === 'Copied'"
    )
    fits_at_phone_width_in_both_themes(lab_page=page, banner=banner)


AXE = Path(__file__).resolve().parents[2] / "js" / "node_modules" / "axe-core" / "axe.min.js"
AXE_JS = """async (el) => {
  const result = await axe.run(el);
  return result.violations.map((v) => [v.id, v.impact, v.nodes.map((n) => n.target.join(" "))]);
}"""
SHOTS = Path(os.environ.get("TMPDIR", tempfile.gettempdir())) / "puzzle-shots"
PHONE_LAYOUT_JS = """() => {
  const shell = window.jupyterapp.shell;
  shell.collapseLeft(); shell.collapseRight(); shell.mode = "single-document";
}"""
DESK_LAYOUT_JS = """() => { window.jupyterapp.shell.mode = "multiple-document"; }"""
# Whether the banner overflows sideways, and its text and background colours.
MEASURE_JS = """(el) => {
  const style = getComputedStyle(el);
  const edge = el.getBoundingClientRect().right + 1;
  const out = [...el.querySelectorAll('*')]
    .filter((c) => c.getClientRects().length && c.getBoundingClientRect().right > edge)
    .map((c) => `${c.tagName}.${c.className} ${Math.round(c.getBoundingClientRect().right)}`);
  if (el.scrollWidth > el.clientWidth + 1) out.push(`scroll ${el.scrollWidth} > ${el.clientWidth}`);
  return {overflow: out.join('; '), width: el.clientWidth, fg: style.color, bg: style.backgroundColor};
}"""


def theme(page, name: str) -> None:
    light = "true" if name.endswith("Light") else "false"
    page.evaluate(
        f"window.jupyterapp.commands.execute('apputils:change-theme', {{theme: '{name}'}})"
    )
    page.wait_for_function(f"document.body.dataset.jpThemeLight === '{light}'")


def fits_at_phone_width_in_both_themes(*, lab_page, banner) -> None:
    """At 390 px (the notebook alone) in JupyterLab Light and Dark: nothing sticks out of the
    banner, its text differs from its background, and the share row and Try again show."""
    lab_page.add_script_tag(content=AXE.read_text(encoding="utf-8"))
    try:
        lab_page.set_viewport_size({"width": 390, "height": 1200})
        lab_page.evaluate(PHONE_LAYOUT_JS)
        seen = []
        for name in ("JupyterLab Light", "JupyterLab Dark"):
            theme(lab_page, name)
            lab_page.wait_for_timeout(300)
            banner.scroll_into_view_if_needed()
            measured = banner.evaluate(MEASURE_JS)
            assert not measured["overflow"], f"{name}: overflow at 390 px: {measured}"
            assert measured["fg"] != measured["bg"], name
            seen.append(measured["bg"])
            SHOTS.mkdir(exist_ok=True)  # a look, not a test
            lab_page.screenshot(path=str(SHOTS / f"puzzle-{name.split()[-1].lower()}-390.png"))
            expect(banner.locator('[data-action="copy-share"]')).to_be_visible()
            expect(banner.locator('[data-action="puzzle-again"]')).to_be_visible()
            violations = banner.evaluate(AXE_JS)
            assert violations == [], f"{name}: axe on the banner: {violations}"
        assert seen[0] != seen[1], "the banner follows the theme (light and dark differ)"
    finally:
        lab_page.evaluate(DESK_LAYOUT_JS)
        lab_page.set_viewport_size({"width": 1280, "height": 1000})
        theme(lab_page, "JupyterLab Light")


def test_tower_gates_puzzle_shows_the_banner_in_japanese(open_notebook):
    setup = SETUP.replace("Quads", "TowerGate").replace("puzzle()", "puzzle(lang='ja')")
    notebook = open_notebook([setup])
    notebook.run_cell(0)
    banner = notebook.output(0).locator(".bb-towergate .bb-puzzle")
    expect(banner).to_be_visible()
    expect(banner.locator(".bb-puzzle-title")).to_have_text("本日の課題・2手以内で勝て")
    expect(banner.locator('[data-puzzle="left"]')).to_have_text("残り2手")
    expect(banner.locator('[data-puzzle="streak"]')).to_have_text("連続0日")
    expect(banner.locator('[data-action="puzzle-again"]')).to_be_hidden()
