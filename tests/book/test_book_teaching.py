"""The built book for a class and for every reader, in Chromium: the student edition (no hints,
no answers, on screen or on paper), progress kept in the browser, axe-core on every page, one
Tab stop per exercise board with arrow keys inside, and board marks readable on a phone.

The page script is book/_static/exercises.js; the teacher's guide (book/teachers.md) tells
teachers how to use all of it.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest
from test_book_site import REDIRECT, book_pages, is_play_page

ROOT = Path(__file__).resolve().parents[2]
AXE = ROOT / "js" / "node_modules" / "axe-core" / "axe.min.js"

pytestmark = pytest.mark.browser


@pytest.fixture
def context(chromium):
    context = chromium.new_context(viewport={"width": 1280, "height": 900})
    yield context
    context.close()


def _open(page, url: str) -> None:
    page.goto(url, wait_until="load")
    if page.locator(".bb-exercise").count():
        page.wait_for_selector(".bb-exercise.bb-ex-ready")


def _visible(page, selector: str) -> int:
    return page.eval_on_selector_all(
        selector, "els => els.filter(e => e.getClientRects().length > 0).length"
    )


def test_the_student_edition_hides_hints_and_answers_on_screen_and_on_paper(
    book_server: str, context
) -> None:
    page = context.new_page()
    _open(page, f"{book_server}/reversi/exercises.html")
    assert _visible(page, ".bb-ex-buttons") == 3  # the full edition
    page.emulate_media(media="print")
    assert _visible(page, ".bb-ex-answer") == 3  # the teacher's copy prints every answer
    assert "teacher's copy" in page.locator(".bb-print-header").inner_text()
    page.emulate_media(media="screen")

    # The link a teacher hands out; the browser remembers it on the next pages.
    _open(page, f"{book_server}/reversi/exercises.html?student=1")
    for url in (
        "reversi/exercises.html?student=1",
        "beacon/exercises.html",
        "quads/exercises.html",
        "towergate/exercises.html",
    ):
        _open(page, f"{book_server}/{url}")
        boxes = page.locator(".bb-exercise").count()
        assert boxes >= 3, url
        assert _visible(page, ".bb-ex-buttons, .bb-ex-hint, .bb-ex-answer") == 0, url
        assert page.locator(".bb-student-note").is_visible(), url
        # Still an exercise: a click is answered, with the reason.
        data = json.loads(page.locator("script.bb-ex-data").first.text_content())
        right = next(square for square, verdict in data.items() if verdict["right"])
        page.locator(f'.bb-exercise >> nth=0 >> .bb-ex-board [data-square="{right}"]').click()
        assert page.locator(".bb-ex-feedback").first.inner_text().startswith("Right!")
        # On paper: the worksheet, with a name line and no answers.
        page.emulate_media(media="print")
        assert _visible(page, ".bb-ex-buttons, .bb-ex-hint, .bb-ex-answer") == 0, url
        assert _visible(page, ".bb-ex-board svg") == boxes
        assert "Name:" in page.locator(".bb-print-header").inner_text()
        page.emulate_media(media="screen")
    # And back to the full edition.
    _open(page, f"{book_server}/reversi/exercises.html?student=0")
    assert _visible(page, ".bb-ex-buttons") == 3 and not page.locator(".bb-student-note").count()


def _chapter_line(page) -> str:
    return page.locator(".bb-progress-chapter").inner_text()


def test_progress_is_kept_across_a_reload_and_can_be_reset(book_server: str, context) -> None:
    page = context.new_page()
    _open(page, f"{book_server}/reversi/exercises.html")
    assert "0 of 3 exercises solved" in _chapter_line(page)
    box = page.locator(".bb-exercise").first
    data = json.loads(box.locator("script.bb-ex-data").text_content())
    right = next(square for square, verdict in data.items() if verdict["right"])
    wrong = next(square for square, verdict in data.items() if not verdict["right"])
    box.locator(f'.bb-ex-board [data-square="{wrong}"]').click()
    assert "0 of 3 exercises solved" in _chapter_line(page)  # a wrong answer is not progress
    box.locator(f'.bb-ex-board [data-square="{right}"]').click()
    assert "1 of 3 exercises solved" in _chapter_line(page)
    # A right square after "Show the answer" does not count.
    second = page.locator(".bb-exercise").nth(1)
    data2 = json.loads(second.locator("script.bb-ex-data").text_content())
    right2 = next(square for square, verdict in data2.items() if verdict["right"])
    second.locator(".bb-ex-answer-button").click()
    second.locator(f'.bb-ex-board [data-square="{right2}"]').click()
    assert "1 of 3 exercises solved" in _chapter_line(page)

    page.reload(wait_until="load")
    page.wait_for_selector(".bb-exercise.bb-ex-ready")
    assert "1 of 3 exercises solved" in _chapter_line(page)
    assert page.locator(".bb-exercise").first.locator(".bb-ex-solved-badge").is_visible()
    # Every page of the chapter shows it, and the puzzles the live boards record.
    _open(page, f"{book_server}/reversi/rules.html")
    assert "1 of 3 exercises solved" in _chapter_line(page)
    _open(page, f"{book_server}/towergate/rules.html")
    record = "(args) => window.boardbookProgress.record(...args)"
    assert page.evaluate(record, ["puzzle", "tg-7", "towergate"]) is True
    assert page.evaluate(record, ["puzzle", "tg-7", "towergate"]) is False  # once only
    assert "1 puzzle solved" in _chapter_line(page)
    with pytest.raises(Exception, match="kind must be"):
        page.evaluate(record, ["trophy", "x", "towergate"])
    # The landing page's box (data-scope="book") lists every chapter.
    page.evaluate(
        """() => { const box = document.createElement('div');
            box.className = 'bb-progress'; box.dataset.scope = 'book'; box.id = 'book-box';
            document.querySelector('article').append(box);
            window.dispatchEvent(new CustomEvent('boardbook:progress')); }"""
    )
    book = page.locator("#book-box").inner_text()
    assert "Reversi: 1 of 3 exercises solved" in book
    assert "Tower Gate:" in book and "1 puzzle solved" in book

    # Reset asks first; "Cancel" keeps everything.
    page.once("dialog", lambda dialog: dialog.dismiss())
    page.locator("#book-box .bb-progress-reset").click()
    assert "Reversi: 1 of 3 exercises solved" in page.locator("#book-box").inner_text()
    page.once("dialog", lambda dialog: dialog.accept())
    page.locator("#book-box .bb-progress-reset").click()
    assert "Reversi: 0 of 3 exercises solved" in page.locator("#book-box").inner_text()
    page.reload(wait_until="load")
    assert "0 puzzles solved" in _chapter_line(page)


def test_an_exercise_board_is_one_tab_stop_with_arrow_keys_inside(
    book_server: str, context
) -> None:
    page = context.new_page()
    _open(page, f"{book_server}/reversi/exercises.html")
    boards = page.locator(".bb-ex-board").count()
    # Tab through the whole page: each board is reached exactly once.
    page.locator("body").focus()
    stops: list[str] = []
    for _ in range(200):
        page.keyboard.press("Tab")
        where = page.evaluate(
            """() => { const e = document.activeElement;
                const box = e.closest('.bb-ex-board');
                return box ? 'board ' + [...document.querySelectorAll('.bb-ex-board')].indexOf(box)
                    : e.tagName + (e.className ? '.' + e.className : ''); }"""
        )
        if stops and where == stops[0]:
            break
        stops.append(where)
    on_boards = [stop for stop in stops if stop.startswith("board")]
    assert on_boards == [f"board {i}" for i in range(boards)], on_boards
    assert len(stops) < 80, f"{len(stops)} Tab stops on the exercises page"

    # Inside a board: a grid of gridcells; the arrows move, Enter answers.
    box = page.locator(".bb-exercise").first
    svg = box.locator(".bb-ex-board svg")
    assert svg.get_attribute("role") == "grid"
    assert box.locator("[role=row]").count() == 8
    assert box.locator("[role=row] > [role=gridcell]").count() == 64
    box.locator('[tabindex="0"]').focus()
    active = "document.activeElement.getAttribute('data-square')"
    start = page.evaluate(active)
    assert start == "a1"  # the first square in reading order
    page.keyboard.press("ArrowRight")
    assert page.evaluate(active) == "b1"
    page.keyboard.press("ArrowDown")
    assert page.evaluate(active) == "b2"
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowUp")
    assert page.evaluate(active) == "a1"
    page.keyboard.press("ArrowUp")  # at the edge it stays
    assert page.evaluate(active) == "a1"
    page.keyboard.press("End")
    assert page.evaluate(active) == "h8"
    page.keyboard.press("Enter")
    assert box.locator(".bb-ex-feedback").inner_text().startswith(("Right!", "Not this one."))
    assert box.locator('[tabindex="0"]').count() == 1
    page.keyboard.press("Tab")  # out of the board, to its Hint button
    assert page.evaluate("document.activeElement.className") == "bb-ex-hint-button"

    # A map (Beacon Lines) or a tray (Quads): a group of buttons, the arrows move too.
    for game, first in (("beacon", "Red Home"), ("quads", None)):
        _open(page, f"{book_server}/{game}/exercises.html")
        box = page.locator(".bb-exercise").first
        assert box.locator(".bb-ex-board svg").get_attribute("role") == "group"
        assert box.locator('[tabindex="0"]').count() == 1
        box.locator('[tabindex="0"]').focus()
        before = page.evaluate(active)
        if first:
            assert before == first
        page.keyboard.press("ArrowRight")
        assert page.evaluate(active) != before
        assert page.evaluate("document.activeElement.getAttribute('role')") == "button"


def _axe_source() -> str:
    if not AXE.is_file():  # a node_modules from before axe-core was a dev dependency
        npm = shutil.which("npm")
        assert npm, "npm is needed to install axe-core (js/package.json)"
        subprocess.run([npm, "install", "--no-audit", "--no-fund"], cwd=AXE.parents[2], check=True)
    return AXE.read_text(encoding="utf-8")


@pytest.mark.timeout(1200)  # axe takes 2-8 s a page on 2 shared cores, both editions
@pytest.mark.parametrize(("scheme", "rules"), [("light", None), ("dark", ["color-contrast"])])
def test_axe_finds_nothing_serious_on_any_page(
    book_html: Path, book_server: str, chromium, scheme: str, rules: list[str] | None
) -> None:
    """Every rule on every page of both editions (book_pages: the English book and ja/) in
    light mode; in dark mode, what changes with it: colours."""
    axe = _axe_source()
    found: list[str] = []
    context = chromium.new_context(viewport={"width": 1280, "height": 900}, color_scheme=scheme)
    page = context.new_page()
    try:
        for path in book_pages(book_html):
            name = path.relative_to(book_html).as_posix()
            text = path.read_text(encoding="utf-8")
            if REDIRECT.search(text):
                continue
            _open(page, f"{book_server}/{name}")
            if is_play_page(name, text):  # the live board's picture and its Play button
                page.wait_for_selector(".bb-live .bb-live-play", timeout=30_000)
            page.wait_for_function(f"document.documentElement.dataset.theme === '{scheme}'")
            page.add_script_tag(content=axe)
            # A board whose kernel is gone is greyed on purpose, so nobody clicks it (no page
            # saves one now that play pages are live; kept so a saved widget cannot fail it).
            violations = page.evaluate(
                """async (rules) => (await axe.run({exclude: [
                        ['.bb-disconnected .bb-board-wrap'], ['.bb-disconnected .bb-tray']]},
                        rules ? {runOnly: {type: 'rule', values: rules}} : {}))
                    .violations
                    .filter(v => v.impact === 'serious' || v.impact === 'critical')
                    .map(v => v.id + ' (' + v.nodes.length + '): '
                        + v.nodes.slice(0, 2).map(n => n.target.join(' ')).join(', '))""",
                rules,
            )
            found += [f"{name} ({scheme}): {v}" for v in violations]
    finally:
        context.close()
    assert not found, "\n".join(found)


#: Every mark and text on a book board, measured on screen: a text by its font size, a mark by
#: the smaller side of its box (a piece, a worker, a badge or an icon as a whole figure).
#: Strokes (rings, frames, roads, bracket lines) have no size of their own and are left out, and
#: so are Tower Gate's level marks (.bb-tg-mark): the small dots or squares in the band each
#: level shows under the next, a second cue beside the level's colour, its height badge and the
#: square's words (they fit no larger in the band; the widget draws the same).
MARK_SIZES = """() => {
  const FIGURES = '.bb-quads-piece, .bb-tg-worker, .bb-map-icon, .bb-mark-claim';
  const small = [];
  const boards = document.querySelectorAll('.bb-lesson-board svg, .bb-ex-board svg');
  for (const svg of boards) {
    if (!svg.getClientRects().length) continue;
    const page = svg.getBoundingClientRect();
    for (const el of svg.querySelectorAll('circle, rect, ellipse, path, polygon, text, ' + FIGURES)) {
      if (el.closest('defs, .bb-tg-mark') || !el.getClientRects().length) continue;
      if (el.parentElement.closest(FIGURES)) continue;  // measured with its figure
      const style = getComputedStyle(el);
      let size;
      if (el.tagName === 'text') {
        size = parseFloat(style.fontSize) * el.getScreenCTM().a;
      } else {
        if (!el.matches(FIGURES) && style.fill === 'none') continue;
        const box = el.getBoundingClientRect();
        if (box.width >= page.width * 0.9) continue;  // the board's own background
        size = Math.min(box.width, box.height);
      }
      if (size < 11.95) small.push(
        (el.getAttribute('class') || el.tagName) + ' ' + size.toFixed(1) + ' px');
    }
  }
  return [boards.length, small];
}"""


def test_every_board_mark_and_text_is_at_least_12_px_on_a_phone(
    book_html: Path, book_server: str, chromium
) -> None:
    context = chromium.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=1)
    page = context.new_page()
    small: dict[str, set[str]] = {}
    measured = 0
    try:
        for path in book_pages(book_html):
            name = path.relative_to(book_html).as_posix()
            if REDIRECT.search(path.read_text(encoding="utf-8")) or "<svg" not in path.read_text(
                encoding="utf-8"
            ):
                continue
            _open(page, f"{book_server}/{name}")
            boards, marks = page.evaluate(MARK_SIZES)
            measured += boards
            if marks:
                small[name] = set(marks)
    finally:
        context.close()
    assert measured >= 40
    assert not small, "\n".join(f"{name}: {sorted(marks)[:6]}" for name, marks in small.items())
