"""A reader opens a live notebook of the lite site in Chromium, runs it and plays a move.

The built site is served from 127.0.0.1 only and every other request is aborted, so a CDN fetch
anywhere (Pyodide, wheels, widget front end) fails the test. The CPU's reply can only come from
boardbook running in the page's Pyodide kernel, through the scheduler's event-loop slices.
"""

from __future__ import annotations

import functools
import re
import threading
from collections.abc import Iterator
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import ClassVar
from urllib.parse import urlparse

import pytest
from conftest import playlive

pytestmark = pytest.mark.browser

#: Kernel start (Pyodide download + IPython import): ~10 s on an idle machine, 80 s measured
#: with both cores loaded by other work; the waits are bounds, not expectations.
KERNEL_READY_MS = 240_000
#: From "run all" to a rendered board: %pip install of boardbook and its dependencies.
BOARD_READY_MS = 120_000
#: From the click to the CPU's reply (the "strong" level thinks ~1 s, slower in Pyodide).
REPLY_MS = 60_000


class _Handler(SimpleHTTPRequestHandler):
    #: (path, bytes) of every response body served, to check the note's download figure.
    served: ClassVar[list[tuple[str, int]]] = []

    extensions_map: ClassVar[dict[str, str]] = {
        **SimpleHTTPRequestHandler.extensions_map,
        ".js": "text/javascript",
        ".mjs": "text/javascript",
        ".wasm": "application/wasm",
        ".json": "application/json",
        ".whl": "application/octet-stream",
    }

    def copyfile(self, source, outputfile) -> None:
        data = source.read()
        self.served.append((self.path, len(data)))
        outputfile.write(data)

    def log_message(self, format: str, *args: object) -> None:
        pass


@pytest.fixture(scope="module")
def server(lite_site: Path) -> Iterator[str]:
    httpd = ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(_Handler, directory=str(lite_site))
    )
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}"
    finally:
        httpd.shutdown()
        httpd.server_close()


@pytest.fixture
def page(server: str, chromium: object) -> Iterator[object]:
    # the session's Chromium (tests/conftest.py), a fresh context per test
    context = chromium.new_context(viewport={"width": 1280, "height": 1000})
    outside: list[str] = []

    def only_localhost(route: object) -> None:
        url = route.request.url
        if urlparse(url).hostname == "127.0.0.1" or url.startswith(("data:", "blob:")):
            route.continue_()
        else:
            outside.append(url)
            route.abort()

    context.route("**/*", only_localhost)
    page = context.new_page()
    page.outside_requests = outside
    page.page_errors = []
    page.on("pageerror", lambda error: page.page_errors.append(str(error)))
    page.console_errors = []
    page.on("console", lambda msg: msg.type == "error" and page.console_errors.append(msg.text))
    page.failed_responses = []
    page.on(
        "response",
        lambda response: (
            response.status >= 400
            and page.failed_responses.append(f"{response.status} {response.url}")
        ),
    )
    try:
        yield page
    finally:
        context.close()


def open_and_run_all(page: object, server: str, notebook: str) -> None:
    """Open a live notebook, wait for its kernel, then Run All (as the reader is told to)."""
    page.goto(f"{server}/notebooks/index.html?path={notebook}")
    # Running cells before the kernel is idle pops a kernel dialog: wait for it first.
    page.wait_for_function(
        """() => {
          const panel = window.jupyterapp && window.jupyterapp.shell.currentWidget;
          const kernel = panel && panel.sessionContext && panel.sessionContext.session
            && panel.sessionContext.session.kernel;
          return !!(panel && panel.context && panel.context.isReady && kernel && kernel.status === "idle");
        }""",
        timeout=KERNEL_READY_MS,
    )
    page.evaluate("window.jupyterapp.commands.execute('notebook:run-all-cells')")


def assert_clean(page: object) -> None:
    """Nothing left 127.0.0.1, nothing failed, nothing threw or logged an error."""
    assert page.outside_requests == [], f"requests left 127.0.0.1: {page.outside_requests}"
    assert page.page_errors == [], f"uncaught errors on the page: {page.page_errors}"
    assert page.failed_responses == [], f"failed requests: {page.failed_responses}"
    assert page.console_errors == [], f"console errors: {page.console_errors}"


@pytest.mark.timeout(900)
def test_reader_plays_a_move_on_a_live_board(page: object, server: str) -> None:
    from playwright.sync_api import expect

    _Handler.served.clear()
    open_and_run_all(page, server, "play-reversi.ipynb")

    d3 = page.locator('[data-square="d3"]')
    expect(d3).to_be_visible(timeout=BOARD_READY_MS)
    squares = page.locator("[data-square]")
    expect(squares).to_have_count(64)
    discs = page.locator('[data-square][data-piece="black"], [data-square][data-piece="white"]')
    expect(discs).to_have_count(4)
    # A legal square says so to screen readers (the reader-facing contract, not a CSS class).
    expect(d3).to_have_attribute("aria-label", re.compile(r"legal move"))

    d3.click()
    expect(d3).to_have_attribute("data-piece", "black", timeout=REPLY_MS)
    # The CPU (White) replies on its own: a sixth disc, and Black has legal moves again.
    expect(discs).to_have_count(6, timeout=REPLY_MS)
    legal = page.locator('[data-square][aria-label*="legal move"]')
    expect(legal.first).to_be_visible(timeout=REPLY_MS)
    white_after = page.locator('[data-square][data-piece="white"]').count()
    assert white_after >= 2  # White placed one disc and flipped at least one

    # The book's "Play live" note states what a first start downloads: keep it true.
    served_mb = sum(size for _, size in _Handler.served) / 1e6
    assert 0.75 * playlive.DOWNLOAD_MB <= served_mb <= 1.15 * playlive.DOWNLOAD_MB, (
        f"a first start downloaded {served_mb:.1f} MB; the note says about "
        f"{playlive.DOWNLOAD_MB} MB (book/lite/playlive.py DOWNLOAD_MB)"
    )

    assert_clean(page)


#: Every code cell has run (an execution count) and none left an error output.
_RUN_REPORT = """() => {
  const panel = window.jupyterapp.shell.currentWidget;
  const kernel = panel.sessionContext.session && panel.sessionContext.session.kernel;
  const cells = [...panel.content.model.cells].filter((c) => c.type === "code");
  const errors = cells.flatMap((c) => c.outputs.toJSON())
    .filter((o) => o.output_type === "error").map((o) => `${o.ename}: ${o.evalue}`);
  return {idle: !!kernel && kernel.status === "idle", code: cells.length,
          ran: cells.filter((c) => c.executionCount !== null).length, errors};
}"""


@pytest.mark.timeout(900)
def test_the_beacon_play_page_runs_live(page: object, server: str) -> None:
    """The Beacon Lines "Play a full game" page, opened live: its cells run and the map shows."""
    from playwright.sync_api import expect

    open_and_run_all(page, server, playlive.lite_notebook_path("beacon/play"))
    page.wait_for_function(
        f"() => {{ const r = ({_RUN_REPORT})(); return r.errors.length > 0 "
        "|| (r.idle && r.ran === r.code); }",
        timeout=BOARD_READY_MS,
    )
    report = page.evaluate(_RUN_REPORT)
    assert report["errors"] == [], f"beacon/play: cells failed live: {report['errors']}"
    assert report["ran"] == report["code"] > 1
    expect(page.locator("[data-square]").first).to_be_visible(timeout=BOARD_READY_MS)
    assert page.locator("[data-square]").count() % 7 == 0  # whole maps only
    assert_clean(page)
