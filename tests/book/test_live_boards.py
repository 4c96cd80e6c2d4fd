"""Live boards on the book's own pages (book/live/): a reader presses Play and the game runs.

One built site (``book_html``, rebuilt only when stale) and one browser context for the module:
every Pyodide start costs seconds, so the browser tests are few and each checks a whole path a
reader takes. Every request that is not to 127.0.0.1 is aborted and counted, and every console
error fails the test that made it.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import html
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import pytest
from sizes import MARK_MINIMUMS, SMALL_MARKS, SMALL_TEXTS

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


@contextlib.contextmanager
def _local_context(chromium: Any, width: int, height: int) -> Iterator[Any]:
    """A browser profile that reaches the local site only (``outside``: what else was asked)."""
    context = chromium.new_context(viewport={"width": width, "height": height})
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


@pytest.fixture(scope="module")
def context(book_server: str, chromium: Any) -> Iterator[Any]:
    """One browser profile for the module (the runtime is cached after the first board)."""
    with _local_context(chromium, 1280, 1000) as context:
        yield context


@pytest.fixture(scope="module")
def phone(book_server: str, chromium: Any) -> Iterator[Any]:
    """A phone's profile: 390 px wide, the local site only."""
    with _local_context(chromium, 390, 844) as context:
        yield context


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


def press_play(page: Any, selector: str = ".bb-live") -> Any:
    """Press the Play button of the page's first live board (or the first that matches
    ``selector``); the live board once it takes a click."""
    box = page.locator(selector).first
    box.locator(".bb-live-play").click()
    page.wait_for_function(
        f"() => {{ const b = document.querySelector({json.dumps(selector)});"
        " return b.dataset.live === 'ready' || b.dataset.live === 'failed'; }",
        timeout=READY_MS,
    )
    assert box.get_attribute("data-live") == "ready", box.inner_text()
    return box.locator(".bb-live-board")


PUZZLE = '.bb-live[data-puzzle="today"]'


def model_of(selector: str) -> str:
    """JS for the live model of the first box that matches ``selector`` (boards are numbered
    by their place among the page's live boxes)."""
    return (
        "window.boardbookLive.boards[[...document.querySelectorAll('.bb-live')]"
        f".indexOf(document.querySelector({json.dumps(selector)}))]"
    )


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
    state = page.evaluate("window.boardbookLive.boards[0].snapshot()")
    assert state["history"][0] == square and len(state["history"]) == 2
    assert state["to_move"] == "black" and not state["busy"]
    board.locator('[data-action="undo"]').click()
    page.wait_for_function(
        "() => window.boardbookLive.boards[0].snapshot().history.length === 0",
        timeout=REPLY_MS,
    )
    assert discs(board) == 4


@pytest.mark.browser
def test_play_waits_for_its_script_so_an_early_click_is_never_lost(
    book_server: str, chromium: Any
) -> None:
    """On a slow first visit the page shows well before live.js runs: Play is disabled until
    the script has bound it (a click before that would be lost and the board never start),
    and works once it is enabled. A new profile: a first visit, with no service worker that
    would answer for the script."""
    held: list[Any] = []

    def hold(route: Any) -> None:
        held.append(route)

    with _local_context(chromium, 1280, 1000) as context:
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.route(lambda url: "/_live/live.js" in url, hold)
        page.goto(f"{book_server}/reversi/play.html", wait_until="commit")
        button = page.locator(".bb-live .bb-live-play").first
        button.wait_for(state="visible")
        page.wait_for_function("() => document.readyState !== 'loading'")  # parsed, script held
        assert held, "live.js was not requested"
        assert button.is_disabled()
        for route in held:
            route.continue_()
        page.wait_for_function("() => !document.querySelector('.bb-live-play').disabled")
        assert discs(press_play(page)) == 4
        assert errors == [] and context.outside == []


@pytest.mark.browser
def test_a_japanese_page_starts_its_board_in_japanese(page: Any, book_server: str) -> None:
    """The reader's texts around the board, and the board itself, speak the page's language."""
    page.goto(f"{book_server}/ja/reversi/play.html")
    box = page.locator(".bb-live").first
    assert box.locator(".bb-live-play").inner_text() == "▶ ここで遊ぶ"
    assert "インストールはいりません" in box.locator(".bb-live-status").inner_text()
    page.evaluate(
        """() => { window.seen = [];
            const box = document.querySelector('.bb-live');
            new MutationObserver(() => window.seen.push(
                box.querySelector('.bb-live-play').textContent,
                box.querySelector('.bb-live-status').textContent))
            .observe(box, {childList: true, characterData: true, subtree: true}); }"""
    )
    board = press_play(page)
    seen = page.evaluate("window.seen")
    assert "起動中…" in seen and any("ブラウザでPythonを起動" in text for text in seen), seen
    model = "window.boardbookLive.boards[0]"
    assert page.evaluate(f"{model}.get('lang')") == "ja"
    # The board's own words: its status line, its buttons, the squares' names.
    words = board.inner_text()
    assert "あなたの番です" in words and "待った" in words, words
    assert (
        board.locator("[role=grid], svg").first.get_attribute("aria-label")
        in (
            None,
            "リバーシの盤",
        )
        or "リバーシの盤" in board.inner_html()
    )


#: Each page with a live board a reader starts, and its box: the four play pages and the two
#: daily puzzles.
LIVE_BOXES = [(page, ".bb-live") for page in PLAY_PAGES] + [
    (page, PUZZLE) for page in sorted(PUZZLE_PAGES.values())
]


@pytest.mark.browser
@pytest.mark.parametrize(("path", "selector"), LIVE_BOXES)
def test_a_live_board_marks_and_texts_are_at_least_12_px_on_a_phone(
    phone: Any, book_server: str, path: str, selector: str
) -> None:
    """Issue #18 (items 6 and 15) on the book's pages: at 390 px, the picture a live board
    shows first and the board once started draw no text and no mark under 12 px."""
    page = phone.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        page.goto(f"{book_server}/{path}.html")
        box = page.locator(selector).first
        box.scroll_into_view_if_needed()
        picture = f"{selector} .bb-live-picture"
        # A daily puzzle's picture comes after the page: live.js fetches the reader's day's.
        page.locator(f"{picture} svg").first.wait_for()
        assert page.locator(f"{picture} svg").count() == 1
        assert page.evaluate(SMALL_TEXTS, picture) == []
        board = press_play(page, selector)
        width = board.evaluate("b => b.querySelector('.bb-root').getBoundingClientRect().width")
        assert 250 <= width <= 390, width
        scope = f"{selector} .bb-live-board"
        assert page.evaluate(SMALL_TEXTS, scope) == []
        measured, small = page.evaluate(SMALL_MARKS, [scope, MARK_MINIMUMS])
        assert measured > 0 and small == [], small
        assert errors == [] and phone.outside == [], (errors, phone.outside)
    finally:
        page.close()


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


def svg_titles(svg: str) -> list[str]:
    return [html.unescape(t) for t in re.findall(r"<title>(.*?)</title>", svg, re.DOTALL)]


def puzzle_svg(game: str, position: Any, lang: str = "en") -> str:
    import importlib

    draw = importlib.import_module(f"boardbook.{game}.svg").position_svg
    return str(draw(position) if lang == "en" else draw(position, lang=lang))


def test_the_two_test_days_have_different_puzzles() -> None:
    from boardbook.quads import daily_puzzle

    days = [dt.date(2027, 3, 1), dt.date(2027, 3, 2)]
    assert len({daily_puzzle(day).id for day in days}) == 2
    # ... and different pictures, so the test below tells them apart on the page.
    assert (
        len({tuple(svg_titles(puzzle_svg("quads", daily_puzzle(d).position))) for d in days}) == 2
    )


@pytest.mark.parametrize("game", sorted(PUZZLE_PAGES))
def test_the_site_knows_each_days_puzzle_for_a_year_ahead(book_html: Path, game: str) -> None:
    """The build's date map (the page cannot repeat Python's shuffle) agrees with the game."""
    from boardbook.core.daily import japan_date
    from boardbook.core.registry import widget_class

    daily = book_html / "_live" / "daily"
    data = json.loads((daily / f"{game}.json").read_text(encoding="utf-8"))
    first, last = (dt.date.fromisoformat(data[k]) for k in ("first", "last"))
    built = dt.date.fromtimestamp((daily / f"{game}.json").stat().st_mtime)
    assert first <= japan_date() and first <= built - dt.timedelta(days=28)
    assert last >= built + dt.timedelta(days=365)
    spec = widget_class(game).spec_class()
    for offset in range(0, (last - first).days + 1, 7):
        day = first + dt.timedelta(days=offset)
        puzzle = spec.daily_puzzle(day)
        assert data["days"][day.isoformat()] == puzzle.id
        assert data["moves"][puzzle.id] == puzzle.moves
        svg = (daily / game / f"{puzzle.id}.svg").read_text(encoding="utf-8")
        assert svg_titles(svg) == svg_titles(puzzle_svg(game, puzzle.position))
        for lang in set(data["langs"]) - {"en"}:  # the same picture, in the page's words
            svg = (daily / game / f"{puzzle.id}.{lang}.svg").read_text(encoding="utf-8")
            assert svg_titles(svg) == svg_titles(puzzle_svg(game, puzzle.position, lang))
    if game == "quads":  # its drawing speaks Japanese (quads/svg.py's lang)
        assert "ja" in data["langs"]


@pytest.mark.browser
def test_a_day_outside_the_built_dates_shows_the_date_and_play_only(
    page: Any, book_server: str
) -> None:
    millis = int(dt.datetime(2040, 6, 1, 3, tzinfo=dt.UTC).timestamp() * 1000)
    page.add_init_script(FAKE_NOW % millis)
    page.goto(f"{book_server}/{PUZZLE_PAGES['towergate']}.html")
    box = page.locator('.bb-live[data-puzzle="today"]')
    assert box.locator(".bb-live-date").inner_text() == "2040-06-01"
    page.wait_for_load_state("networkidle")
    assert box.locator(".bb-live-puzzle-board").is_hidden()
    assert box.locator(".bb-live-puzzle-board svg").count() == 0
    assert box.locator(".bb-live-play").is_visible()


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
    expected = daily_puzzle(dt.date.fromisoformat(japan))
    # Before Play: that day's position (every square as the game's own picture names it) and
    # the heading the widget will show.
    picture = box.locator(".bb-live-puzzle-board svg")
    picture.wait_for()
    assert box.get_attribute("data-puzzle-id") == expected.id
    shown = picture.evaluate("svg => [...svg.querySelectorAll('title')].map(t => t.textContent)")
    assert shown == svg_titles(puzzle_svg("quads", expected.position))
    heading = box.locator(".bb-live-puzzle-title").inner_text()
    press_play(page, PUZZLE)
    puzzle = page.evaluate(f"{model_of(PUZZLE)}.snapshot().puzzle")
    assert (puzzle["date"], puzzle["id"]) == (japan, expected.id)
    assert heading == puzzle["title"]
    assert puzzle["result"] == "playing"
    assert page.locator(".bb-live-board [data-square].bb-target").count() > 0


@pytest.mark.browser
def test_a_japanese_puzzle_box_shows_the_days_picture_in_japanese(
    page: Any, book_server: str
) -> None:
    """Before Play, a screen reader on the Japanese page hears the picture in Japanese."""
    from boardbook.core import i18n
    from boardbook.core import puzzle as _puzzle  # noqa: F401 - registers the puzzle texts
    from boardbook.quads import daily_puzzle

    millis = int(dt.datetime.fromisoformat("2027-03-01T15:01:00+00:00").timestamp() * 1000)
    page.add_init_script(FAKE_NOW % millis)
    page.goto(f"{book_server}/ja/{PUZZLE_PAGES['quads']}.html")
    box = page.locator('.bb-live[data-puzzle="today"]')
    picture = box.locator(".bb-live-puzzle-board svg")
    picture.wait_for()
    expected = daily_puzzle(dt.date(2027, 3, 2))
    assert box.get_attribute("data-puzzle-id") == expected.id
    shown = picture.evaluate("svg => [...svg.querySelectorAll('title')].map(t => t.textContent)")
    assert shown == svg_titles(puzzle_svg("quads", expected.position, "ja"))
    assert picture.get_attribute("aria-label").startswith(i18n.text("quads.board", "ja"))
    key = "puzzle.title_one" if expected.moves == 1 else "puzzle.title"
    assert box.locator(".bb-live-puzzle-title").inner_text() == i18n.text(
        key, "ja", n=expected.moves
    )


# ------------------------------------------------------------------ the other games, a move each

STATE = "window.boardbookLive.boards[{board}].snapshot()"


def play_one_move(page: Any, board: int = 0) -> dict[str, Any]:
    """Make the person's next move by clicking the first target Python offers, step by step
    (a Tower Gate move is a worker, a destination and a build); the state once it is played."""
    state = STATE.format(board=board)
    before = page.evaluate(f"{state}.history.length")
    for _ in range(8):
        page.wait_for_function(
            f"() => {{ const s = {state}; return s.history.length > {before}"
            " || (!s.busy && s.input.targets.length > 0); }",
            timeout=REPLY_MS,
        )
        if page.evaluate(f"{state}.history.length") > before:
            return dict(page.evaluate(state))
        step = page.evaluate(f"JSON.stringify([{state}.input.selection, {state}.input.step])")
        target = page.evaluate(f"{state}.input.targets[0]")
        page.locator(f'.bb-live-board [data-square="{target}"]').first.click()
        page.wait_for_function(
            f"() => {{ const s = {state}; return s.history.length > {before}"
            f" || JSON.stringify([s.input.selection, s.input.step]) !== {json.dumps(step)}; }}",
            timeout=REPLY_MS,
        )
    raise AssertionError(f"no move was played: {page.evaluate(state)}")


def tutorial_open(page: Any) -> bool:
    return bool(page.locator(".bb-live-board .bb-tg-tutorial").is_visible())


@pytest.mark.browser
@pytest.mark.parametrize("path", ["reversi/play", "quads/play", "beacon/play"])
def test_the_keyboard_starts_on_a_first_move_the_reader_may_make(
    page: Any, book_server: str, path: str
) -> None:
    # After Play, Enter makes a move at once: the focus is on a legal target (Quads: an item of
    # the tray to give), not on the board's first square or region.
    # Beacon's map can be drawn before its first legal moves arrive: the focus then starts on
    # the first region and moves to the first target when they come (js/shared/roving.js), so
    # wait for that rather than read the focus at the instant the board is ready.
    page.goto(f"{book_server}/{path}.html")
    press_play(page)
    on_target = (
        "() => { const el = document.activeElement;"
        " return el.classList.contains('bb-target') && !!el.closest('.bb-live-board'); }"
    )
    from playwright.sync_api import TimeoutError as WaitedInVain

    with contextlib.suppress(WaitedInVain):  # the assertion below says where the focus is
        page.wait_for_function(on_target, timeout=REPLY_MS)
    focused = page.evaluate(
        "() => { const el = document.activeElement;"
        " return { target: el.classList.contains('bb-target'),"
        " inside: !!el.closest('.bb-live-board'),"
        " name: el.getAttribute('aria-label') || el.dataset.square || el.dataset.item }; }"
    )
    assert focused["inside"] and focused["target"], focused
    state = STATE.format(board=0)
    page.evaluate(f"() => {{ window.bbBefore = JSON.stringify({state}.history); }}")
    page.keyboard.press("Enter")  # the move is played (Quads: the piece is given)
    page.wait_for_function(
        f"() => JSON.stringify({state}.history) !== window.bbBefore", timeout=REPLY_MS
    )


@pytest.mark.browser
def test_tower_gate_board_plays_and_its_tutorial_is_seen_once(page: Any, book_server: str) -> None:
    page.goto(f"{book_server}/towergate/play.html")
    page.evaluate("localStorage.removeItem('boardbook.live.store')")
    page.reload()
    press_play(page)
    # A first visit: the tutorial cards open over the board; the reader reads them to the end.
    assert tutorial_open(page)
    while tutorial_open(page):
        page.locator('.bb-live-board [data-action="tutorial-next"]').click()
    state = play_one_move(page)
    assert len(state["history"]) >= 1
    assert state["history"][0].startswith(("B4-", "D4-"))  # a terracotta worker moved
    page.wait_for_function("() => localStorage.getItem('boardbook.live.store') !== null")
    # The next visit remembers that the tutorial was seen (the worker's record is the page's).
    page.reload()
    press_play(page)
    state = page.evaluate(STATE.format(board=0))
    assert state["extra"]["tutorial"]["first_use"] is False
    assert not tutorial_open(page)


@pytest.mark.browser
def test_beacon_board_plays_a_round_against_the_cpu(page: Any, book_server: str) -> None:
    page.goto(f"{book_server}/beacon/play.html")
    press_play(page)
    state = play_one_move(page)
    assert len(state["history"]) == 1  # both secret choices, revealed together: one round
    assert state["extra"]["round"] >= 1


@pytest.mark.browser
def test_tower_gate_puzzle_starts_on_its_page(page: Any, book_server: str) -> None:
    page.goto(f"{book_server}/{PUZZLE_PAGES['towergate']}.html")
    box = page.locator('.bb-live[data-puzzle="today"]')
    japan = box.locator(".bb-live-date").inner_text()
    press_play(page, PUZZLE)
    state = page.evaluate(f"{model_of(PUZZLE)}.snapshot()")
    assert state["puzzle"]["date"] == japan and state["puzzle"]["result"] == "playing"
    assert state["settings"]["hints"] == "locked-off"
    assert page.locator(".bb-live-board [data-square].bb-target").count() > 0


# ------------------------------------------------------------ progress and the student edition


def one_move_quads_day() -> tuple[dt.date, str, str]:
    """A day whose Quads puzzle is won by one placement: (date, puzzle id, the winning square)."""
    from boardbook.quads import daily_puzzle

    for offset in range(400):
        day = dt.date(2027, 3, 1) + dt.timedelta(days=offset)
        puzzle = daily_puzzle(day)
        if puzzle.moves == 1:
            return day, puzzle.id, puzzle.position.winning_squares()[0]
    raise AssertionError("no one-move Quads puzzle in 400 days")


@pytest.mark.browser
def test_a_puzzle_solved_on_the_page_counts_in_the_progress(page: Any, book_server: str) -> None:
    day, puzzle_id, square = one_move_quads_day()
    # Noon in Japan on that day.
    millis = int(dt.datetime(day.year, day.month, day.day, 3, tzinfo=dt.UTC).timestamp() * 1000)
    page.add_init_script(FAKE_NOW % millis)
    page.goto(f"{book_server}/{PUZZLE_PAGES['quads']}.html")
    page.evaluate("localStorage.removeItem('boardbook.progress')")
    page.reload()
    line = page.locator(".bb-progress-chapter")
    assert "0 puzzles solved" in line.inner_text()
    press_play(page, PUZZLE)
    state = f"{model_of(PUZZLE)}.snapshot()"
    assert page.evaluate(state)["puzzle"]["id"] == puzzle_id
    page.locator(f'{PUZZLE} .bb-live-board [data-square="{square}"]').click()
    page.wait_for_function(f"() => {state}.puzzle.result === 'solved'", timeout=REPLY_MS)
    page.wait_for_function(
        "() => document.querySelector('.bb-progress-chapter').textContent.includes('1 puzzle solved')"
    )
    page.reload()
    assert "1 puzzle solved" in page.locator(".bb-progress-chapter").inner_text()
    assert page.evaluate("window.boardbookProgress.solved('puzzle', 'quads')") == [day.isoformat()]


@pytest.mark.browser
def test_the_student_edition_starts_live_boards_with_hints_locked(
    page: Any, book_server: str
) -> None:
    try:
        page.goto(f"{book_server}/reversi/play.html?student=1")
        press_play(page)
        state = page.evaluate(STATE.format(board=0))
        assert state["settings"]["hints"] == "locked-off"
        assert state["coach"]["mode"] == "locked-off"
        assert page.locator('.bb-live-board [data-action="hints"]').is_hidden()
        # The widget refuses to switch them on (as a teacher's lock does in a notebook).
        page.evaluate("window.boardbookLive.boards[0].send({kind: 'settings', hints: 'on'})")
        page.wait_for_function(f"() => {STATE.format(board=0)}.notice")
        assert page.evaluate(STATE.format(board=0))["coach"]["mode"] == "locked-off"
        # The flag is remembered: the same board on another visit, without ?student=1.
        page.goto(f"{book_server}/reversi/play.html")
        press_play(page)
        assert page.evaluate(STATE.format(board=0))["settings"]["hints"] == "locked-off"
    finally:
        page.goto(f"{book_server}/reversi/play.html?student=0")
    press_play(page)
    assert page.evaluate(STATE.format(board=0))["settings"]["hints"] == "off"


# ------------------------------------------------------------------------- play on from here

#: Lesson pages with a position a reader can play on from (one a chapter at least).
PLAY_ON_PAGES = {
    "reversi": "reversi/tips",
    "quads": "quads/strategy",
    "towergate": "towergate/tips",
}


@pytest.mark.parametrize(("game", "page"), sorted(PLAY_ON_PAGES.items()))
def test_lesson_positions_offer_play_on_from_here(book_html: Path, game: str, page: str) -> None:
    import importlib

    html_text = (book_html / f"{page}.html").read_text(encoding="utf-8")
    boxes = [box for box in live_boxes(html_text) if "data-position" in box]
    assert boxes, f"{page} has no position to play on from"
    rules = importlib.import_module(f"boardbook.{game}")
    for box in boxes:
        assert box["data-game"] == game
        position = rules.Position.from_text(html.unescape(box["data-position"]))
        assert position.outcome is None
        settings = json.loads(html.unescape(box["data-settings"]))
        assert settings["mode"] == "cpu" and settings["human"] == position.to_move
    assert "▶ Play on from here" in html_text


def test_the_beacon_routes_can_be_tried_against_the_script(book_html: Path) -> None:
    html_text = (book_html / "beacon/routes.html").read_text(encoding="utf-8")
    (box,) = live_boxes(html_text)
    assert json.loads(html.unescape(box["data-settings"]))["opponent"] == "script"


@pytest.mark.browser
def test_a_reversi_lesson_position_plays_on_on_its_page(page: Any, book_server: str) -> None:
    from boardbook.reversi import Position

    page.goto(f"{book_server}/{PLAY_ON_PAGES['reversi']}.html")
    box = page.locator(".bb-live[data-position]")
    position = Position.from_text(box.get_attribute("data-position"))
    board = press_play(page, ".bb-live[data-position]")
    index = page.evaluate(
        "[...document.querySelectorAll('.bb-live')].indexOf(document.querySelector('.bb-live[data-position]'))"
    )
    state = page.evaluate(STATE.format(board=index))
    # The game goes on from the lesson's position, with the reader on the side to move.
    assert state["history"] == [] and state["to_move"] == position.to_move
    assert state["human_side"] == position.to_move
    assert discs(board) == position.counts["black"] + position.counts["white"]
    state = play_one_move(page, index)
    page.wait_for_function(
        f"() => {{ const s = {STATE.format(board=index)}; return s.history.length >= 2 && !s.busy; }}",
        timeout=REPLY_MS,
    )  # the CPU replied
    assert page.evaluate(STATE.format(board=index))["to_move"] == position.to_move


#: The runtime's large files: a second board must take them from the browser's cache.
RUNTIME_FILES = ("pyodide.asm.wasm", "python_stdlib.zip", "packages.tar.gz", "snapshot.gz")


@pytest.mark.browser
def test_a_second_board_on_another_page_downloads_no_runtime(
    book_server: str, chromium: Any
) -> None:
    """Even when the reader presses Play the moment the first page shows (before the cache's
    service worker controls it), the runtime is kept for the next page."""
    context = chromium.new_context(viewport={"width": 1280, "height": 1000})
    fetched: list[tuple[str, bool]] = []

    def seen(response: Any) -> None:
        name = response.url.rsplit("/", 1)[-1]
        if name in RUNTIME_FILES:
            fetched.append((name, bool(response.from_service_worker)))

    context.on("response", seen)
    try:
        page = context.new_page()
        # The quickest reader: Play pressed as the page's scripts have run.
        page.add_init_script(
            "document.addEventListener('DOMContentLoaded', () =>"
            " document.querySelector('.bb-live-play').click())"
        )
        page.goto(f"{book_server}/reversi/play.html")
        page.wait_for_function(
            "() => ['ready', 'failed'].includes(document.querySelector('.bb-live').dataset.live)",
            timeout=READY_MS,
        )
        assert {name for name, _ in fetched} == set(RUNTIME_FILES)
        fetched.clear()
        second = context.new_page()
        second.goto(f"{book_server}/quads/play.html")
        press_play(second)
        assert {name for name, _ in fetched} == set(RUNTIME_FILES)
        assert all(from_cache for _, from_cache in fetched), fetched
    finally:
        context.close()
