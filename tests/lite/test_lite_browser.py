"""A reader opens a live notebook of the lite site in Chromium, runs it and plays a move.

The built site is served from 127.0.0.1 only and every other request is aborted, so a CDN fetch
anywhere (Pyodide, wheels, widget front end) fails the test. The CPU's reply can only come from
boardbook running in the page's Pyodide kernel, through the scheduler's event-loop slices.
"""

from __future__ import annotations

import functools
import os
import re
import threading
from collections.abc import Iterator
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import urlparse

import pytest
from conftest import playlive

pytestmark = pytest.mark.browser

CHROMIUM = os.environ.get("BOARDBOOK_CHROMIUM", "/usr/lib/chromium/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking",
    "--disable-component-update", "--no-first-run", "--disable-extensions",
]
#: Kernel start (Pyodide download + IPython import): ~10 s on an idle machine, 80 s measured
#: with both cores loaded by other work; the waits are bounds, not expectations.
KERNEL_READY_MS = 240_000
#: From "run all" to a rendered board: %pip install of boardbook and its dependencies.
BOARD_READY_MS = 120_000
#: From the click to the CPU's reply (the "strong" level thinks ~1 s, slower in Pyodide).
REPLY_MS = 60_000


class _Handler(SimpleHTTPRequestHandler):
    #: (path, bytes) of every response body served, to check the note's download figure.
    served: list[tuple[str, int]] = []

    extensions_map = {
        **SimpleHTTPRequestHandler.extensions_map,
        ".js": "text/javascript",
        ".mjs": "text/javascript",
        ".wasm": "application/wasm",
        ".json": "application/json",
        ".whl": "application/octet-stream",
    }

    def copyfile(self, source, outputfile) -> None:  # noqa: ANN001 - http.server's signature
        data = source.read()
        self.served.append((self.path, len(data)))
        outputfile.write(data)

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 - quiet server
        pass


@pytest.fixture(scope="module")
def server(lite_site: Path) -> Iterator[str]:
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Handler,
                                                                     directory=str(lite_site)))
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}"
    finally:
        httpd.shutdown()
        httpd.server_close()


@pytest.fixture
def page(server: str) -> Iterator[object]:
    playwright_api = pytest.importorskip("playwright.sync_api")
    if not Path(CHROMIUM).exists():
        pytest.fail(f"Chromium not found at {CHROMIUM} (apt-get install -y chromium)")
    with playwright_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS,
                                             headless=True)
        context = browser.new_context(viewport={"width": 1280, "height": 1000})
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
        page.on("console", lambda msg: msg.type == "error"
                and page.console_errors.append(msg.text))
        page.failed_responses = []
        page.on("response", lambda response: response.status >= 400
                and page.failed_responses.append(f"{response.status} {response.url}"))
        try:
            yield page
        finally:
            context.close()
            browser.close()


@pytest.mark.timeout(900)
def test_reader_plays_a_move_on_a_live_board(page: object, server: str) -> None:
    from playwright.sync_api import expect

    _Handler.served.clear()
    page.goto(f"{server}/notebooks/index.html?path=play-reversi.ipynb")
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

    d3 = page.locator('[data-square="d3"]')
    expect(d3).to_be_visible(timeout=BOARD_READY_MS)
    squares = page.locator("[data-square]")
    expect(squares).to_have_count(64)
    discs = page.locator('[data-square][data-piece="black"], [data-square][data-piece="white"]')
    expect(discs).to_have_count(4)
    expect(d3).to_have_class(re.compile(r"\bbb-legal\b"))

    d3.click()
    expect(d3).to_have_attribute("data-piece", "black", timeout=REPLY_MS)
    # The CPU (White) replies on its own: a sixth disc, and Black has legal moves again.
    expect(discs).to_have_count(6, timeout=REPLY_MS)
    expect(page.locator("[data-square].bb-legal").first).to_be_visible(timeout=REPLY_MS)
    white_after = page.locator('[data-square][data-piece="white"]').count()
    assert white_after >= 2  # White placed one disc and flipped at least one

    # The book's "Play live" note states what a first start downloads: keep it true.
    served_mb = sum(size for _, size in _Handler.served) / 1e6
    assert 0.75 * playlive.DOWNLOAD_MB <= served_mb <= 1.15 * playlive.DOWNLOAD_MB, (
        f"a first start downloaded {served_mb:.1f} MB; the note says about "
        f"{playlive.DOWNLOAD_MB} MB (book/lite/playlive.py DOWNLOAD_MB)")

    assert page.outside_requests == [], f"requests left 127.0.0.1: {page.outside_requests}"
    assert page.page_errors == [], f"uncaught errors on the page: {page.page_errors}"
    assert page.failed_responses == [], f"failed requests: {page.failed_responses}"
    assert page.console_errors == [], f"console errors: {page.console_errors}"
