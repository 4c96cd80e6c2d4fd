"""Live boards on the book's own pages (book/live/): a reader presses Play and the game runs.

One built site (``book_html``, rebuilt only when stale) and one browser context for the module:
every Pyodide start costs seconds, so the browser tests are few and each checks a whole path a
reader takes. Every request that is not to 127.0.0.1 is aborted and counted, and every console
error fails the test that made it.
"""

from __future__ import annotations

import datetime as dt
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import pytest

PLAY_PAGES = ("reversi/play", "quads/play", "towergate/play", "beacon/play")
PUZZLE_PAGES = {"quads": "quads/strategy", "towergate": "towergate/exercises"}
#: From Play to a board that takes a click: Pyodide's start (seconds on an idle machine, a
#: minute with both cores loaded by other work); a bound, not an expectation.
READY_MS = 240_000
REPLY_MS = 120_000


def live_boxes(html: str) -> list[dict[str, str]]:
    """The attributes of every live board of a built page."""
    boxes = []
    for tag in re.findall(r'<div class="bb-live"[^>]*>', html):
        boxes.append(dict(re.findall(r'([\w-]+)="([^"]*)"', tag)))
    return boxes


@pytest.mark.parametrize("page", PLAY_PAGES)
def test_play_page_shows_a_picture_and_play_here_not_a_dead_widget(
    book_html: Path, page: str
) -> None:
    html = (book_html / f"{page}.html").read_text(encoding="utf-8")
    (box,) = live_boxes(html)
    assert box["data-game"] == page.split("/")[0]
    json.loads(box["data-settings"].replace("&quot;", '"'))
    live = html[html.index('<div class="bb-live"') :]
    assert "<svg" in live[: live.index('class="bb-live-bar"')]  # the picture first
    assert "▶ Play here" in live
    # No saved widget (it could only ever show "no longer connected" and dead buttons).
    assert "application/vnd.jupyter.widget-state+json" not in html
    assert "application/vnd.jupyter.widget-view+json" not in html
    assert "no longer connected" not in html
    # The code a reader would run stays on the page; the notebook is the secondary link.
    assert "Open as a notebook" in html
    assert 'class="highlight-ipython3' in html


@pytest.mark.parametrize(("game", "page"), sorted(PUZZLE_PAGES.items()))
def test_daily_puzzle_is_left_to_the_readers_date(book_html: Path, game: str, page: str) -> None:
    html = (book_html / f"{page}.html").read_text(encoding="utf-8")
    boxes = [box for box in live_boxes(html) if box.get("data-puzzle") == "today"]
    assert [box["data-game"] for box in boxes] == [game]
    # Nothing of the build day's puzzle is frozen into the page.
    built = dt.date.today().isoformat()
    assert "this page was built with" not in html
    assert f"puzzle of {built}" not in html


# --------------------------------------------------------------------------------- browser


@pytest.fixture(scope="module")
def context(book_server: str, chromium: Any) -> Iterator[Any]:
    """One browser profile for the module (the runtime is cached after the first board)."""
    context = chromium.new_context(viewport={"width": 1280, "height": 1000})
    context.outside = []

    def only_localhost(route: Any) -> None:
        url = route.request.url
        if urlparse(url).hostname == "127.0.0.1" or url.startswith(("data:", "blob:")):
            route.continue_()
        else:
            context.outside.append(url)
            route.abort()

    context.route("**/*", only_localhost)
    try:
        yield context
    finally:
        context.close()


@pytest.fixture
def page(context: Any) -> Iterator[Any]:
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda error: page.errors.append(str(error)))
    page.on("console", lambda msg: msg.type == "error" and page.errors.append(msg.text))
    context.outside.clear()
    try:
        yield page
        assert page.errors == [], page.errors
        assert context.outside == [], context.outside
    finally:
        page.close()


def press_play(page: Any) -> Any:
    """Press the page's first "▶ Play here"; the live board once it takes a click."""
    box = page.locator(".bb-live").first
    box.locator(".bb-live-play").click()
    page.wait_for_function(
        "() => { const b = document.querySelector('.bb-live');"
        " return b.dataset.live === 'ready' || b.dataset.live === 'failed'; }",
        timeout=READY_MS,
    )
    assert box.get_attribute("data-live") == "ready", box.inner_text()
    return box.locator(".bb-live-board")


def discs(board: Any) -> int:
    return int(
        board.evaluate("b => b.querySelectorAll('[data-piece=black], [data-piece=white]').length")
    )


@pytest.mark.browser
def test_reversi_board_comes_alive_plays_replies_and_undoes(page: Any, book_server: str) -> None:
    page.goto(f"{book_server}/reversi/play.html")
    picture = page.locator(".bb-live .bb-live-picture")
    assert picture.locator("svg").count() == 1
    board = press_play(page)
    assert picture.is_hidden()
    assert discs(board) == 4
    legal = board.locator("[data-square].bb-target")
    assert legal.count() == 4  # Black's four opening moves, offered by Python
    square = legal.first.get_attribute("data-square")
    legal.first.click()
    # The move lands (5 discs), then the strong CPU replies in the worker: Black to move again.
    page.wait_for_function(
        "() => document.querySelectorAll('.bb-live-board [data-piece=black], .bb-live-board [data-piece=white]').length >= 6"
        " && document.querySelector('.bb-live-board [data-square].bb-target')",
        timeout=REPLY_MS,
    )
    state = page.evaluate("window.boardbookLive.boards[0].get('_turn')")
    assert state["history"][0] == square and len(state["history"]) == 2
    assert state["to_move"] == "black" and not state["busy"]
    board.locator('[data-action="undo"]').click()
    page.wait_for_function(
        "() => window.boardbookLive.boards[0].get('_turn').history.length === 0",
        timeout=REPLY_MS,
    )
    assert discs(board) == 4


#: A fixed "now" for the page (the worker gets the date from the page, never its own clock).
FAKE_NOW = """
(() => {
  const RealDate = Date;
  const offset = %d - RealDate.now();
  class FakeDate extends RealDate {
    constructor(...args) { if (args.length) super(...args); else super(RealDate.now() + offset); }
    static now() { return RealDate.now() + offset; }
  }
  globalThis.Date = FakeDate;
})();
"""


def test_the_two_test_days_have_different_puzzles() -> None:
    from boardbook.quads import daily_puzzle

    days = [dt.date(2027, 3, 1), dt.date(2027, 3, 2)]
    assert len({daily_puzzle(day).id for day in days}) == 2


@pytest.mark.browser
@pytest.mark.parametrize(
    ("now", "japan"),
    [
        # One minute before and after midnight in Japan: the same UTC day, two puzzle days.
        ("2027-03-01T14:59:00+00:00", "2027-03-01"),
        ("2027-03-01T15:01:00+00:00", "2027-03-02"),
    ],
)
def test_quads_puzzle_is_the_one_of_the_readers_day_in_japan(
    page: Any, book_server: str, now: str, japan: str
) -> None:
    from boardbook.quads import daily_puzzle

    millis = int(dt.datetime.fromisoformat(now).timestamp() * 1000)
    page.add_init_script(FAKE_NOW % millis)
    page.goto(f"{book_server}/{PUZZLE_PAGES['quads']}.html")
    box = page.locator('.bb-live[data-puzzle="today"]')
    assert box.locator(".bb-live-date").inner_text() == japan
    press_play(page)
    puzzle = page.evaluate("window.boardbookLive.boards[0].get('_turn').puzzle")
    expected = daily_puzzle(dt.date.fromisoformat(japan))
    assert (puzzle["date"], puzzle["id"]) == (japan, expected.id)
    assert puzzle["result"] == "playing"
    assert page.locator(".bb-live-board [data-square].bb-target").count() > 0
