"""How fast a live board comes alive on the book's page, as a reader meets it.

    python benchmarks/book_live.py                      # the built book (book/_build/html)
    python benchmarks/book_live.py --site DIR --runs 3  # another build; several cold runs

Serves the built site on 127.0.0.1 (every other request aborted, so a CDN fetch would show
as a failure) and drives Debian's Chromium with an empty profile:

1. cold: the Reversi play page, click "▶ Play here", until the board takes a click (the live
   board is drawn with its legal squares: ``data-live="ready"``), timed from the click and from
   opening the page (as a reader meets it: the page loads, the reader presses Play at once),
   then a click on d3 until the page has Python's answer (the round trip through the worker);
2. the CPU's strong reply to that move, with a PerformanceObserver('longtask') on the page:
   the longest main-thread task while the worker thinks (none over 50 ms is reported as
   "< 50 ms", the observer's threshold);
3. warm: another play page (Quads) in the same profile, "▶ Play here" until it takes a click:
   the runtime and packages now come from the browser's cache (``live-sw.js``).

``--no-snapshot`` withholds the build's interpreter snapshot, so the worker starts Python and
imports the packages itself (its fallback), for comparison.

Prints wall-clock seconds (a reader's wait; the machine's load shows in them, so the load
average is printed too) and the bytes served per phase.
"""

from __future__ import annotations

import argparse
import functools
import os
import sys
import tempfile
import threading
import time
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, ClassVar
from urllib.parse import urlparse

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "browser"))

from labharness import CHROMIUM, CHROMIUM_ARGS

READY_MS = 180_000
#: Observe long tasks from the first script on (buffered entries are not kept otherwise).
LONGTASKS = """
window.__longtasks = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) window.__longtasks.push([entry.startTime, entry.duration]);
}).observe({ type: "longtask", buffered: true });
"""


class Handler(SimpleHTTPRequestHandler):
    """A static host: the built files, the right types, and a count of the bytes served."""

    served: ClassVar[list[int]] = [0]
    extensions_map: ClassVar[dict[str, str]] = {
        **SimpleHTTPRequestHandler.extensions_map,
        ".js": "text/javascript",
        ".mjs": "text/javascript",
        ".wasm": "application/wasm",
        ".json": "application/json",
        ".zip": "application/zip",
    }

    def copyfile(self, source: Any, outputfile: Any) -> None:
        data = source.read()
        self.served[0] += len(data)
        outputfile.write(data)

    def log_message(self, format: str, *args: object) -> None:
        pass


def serve(site: Path) -> tuple[ThreadingHTTPServer, str]:
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Handler, directory=str(site)))
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    return httpd, f"http://127.0.0.1:{httpd.server_address[1]}"


def guard(context: Any, outside: list[str]) -> None:
    def only_localhost(route: Any) -> None:
        url = route.request.url
        if urlparse(url).hostname == "127.0.0.1" or url.startswith(("data:", "blob:")):
            route.continue_()
        else:
            outside.append(url)
            route.abort()

    context.route("**/*", only_localhost)


def start_board(page: Any, url: str) -> tuple[float, float]:
    """Open ``url``, press Play on its first live board as soon as it shows; seconds until the
    board takes a click, from the click and from opening the page."""
    opened = time.monotonic()
    page.goto(url, wait_until="commit")
    page.locator(".bb-live-play").first.click()
    started = time.monotonic()
    page.locator('.bb-live[data-live="ready"] .bb-target').first.wait_for(timeout=READY_MS)
    ready = time.monotonic()
    return ready - started, ready - opened


def cpu_reply(page: Any) -> tuple[float, float, float]:
    """Play d3 against the strong CPU: (seconds until the page has Python's answer to the
    click, seconds until the CPU's reply, longest main-thread task meanwhile in ms)."""
    state = "window.boardbookLive.boards[0].snapshot()"
    page.evaluate("window.__longtasks = []")
    started = time.monotonic()
    t0 = page.evaluate("performance.now()")
    page.locator('.bb-live-board [data-square="d3"]').click()
    page.wait_for_function(f"() => {state}.history.length >= 1", timeout=READY_MS)
    answered = time.monotonic() - started
    page.wait_for_function(f"() => {state}.history.length >= 2 && !{state}.busy", timeout=READY_MS)
    replied = time.monotonic() - started
    tasks = page.evaluate(f"window.__longtasks.filter(([start]) => start >= {t0})")
    longest = max((duration for _, duration in tasks), default=0.0)
    return answered, replied, longest


def run(site: Path, warm_page: str, snapshot: bool = True) -> dict[str, Any]:
    from playwright.sync_api import sync_playwright

    httpd, base = serve(site)
    outside: list[str] = []
    result: dict[str, Any] = {}
    try:
        with sync_playwright() as playwright, tempfile.TemporaryDirectory() as profile:
            context = playwright.chromium.launch_persistent_context(
                profile,
                executable_path=CHROMIUM,
                args=CHROMIUM_ARGS,
                headless=True,
                viewport={"width": 1280, "height": 1000},
            )
            guard(context, outside)
            if not snapshot:  # the worker then starts Python and imports everything itself
                context.route("**/_live/snapshot.gz", lambda route: route.abort())
            context.add_init_script(LONGTASKS)
            page = context.new_page()
            Handler.served[0] = 0
            result["cold_s"], result["cold_open_s"] = start_board(page, f"{base}/reversi/play.html")
            result["cold_mb"] = Handler.served[0] / 1e6
            result["cold_worker"] = page.evaluate(
                "(window.boardbookLive.timings.find((t) => t.worker) || {}).worker"
            )
            result["move_s"], result["reply_s"], result["longest_task_ms"] = cpu_reply(page)
            page.close()
            page = context.new_page()
            Handler.served[0] = 0
            result["warm_s"], result["warm_open_s"] = start_board(page, f"{base}/{warm_page}")
            result["warm_mb"] = Handler.served[0] / 1e6
            result["warm_worker"] = page.evaluate(
                "(window.boardbookLive.timings.find((t) => t.worker) || {}).worker"
            )
            context.close()
    finally:
        httpd.shutdown()
        httpd.server_close()
    result["outside_requests"] = outside
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, default=ROOT / "book" / "_build" / "html")
    parser.add_argument("--warm-page", default="quads/play.html")
    parser.add_argument("--runs", type=int, default=1, help="cold + warm runs, each a new profile")
    parser.add_argument(
        "--no-snapshot",
        action="store_true",
        help="withhold the interpreter snapshot (the worker's fallback start), for comparison",
    )
    args = parser.parse_args(argv)
    if not (args.site / "_live" / "live.js").is_file():
        print(f"{args.site} has no live boards: build the book (python book/build.py)")
        return 2
    print(f"site {args.site}, load average {' '.join(f'{x:.1f}' for x in os.getloadavg())}")
    for index in range(args.runs):
        r = run(args.site, args.warm_page, snapshot=not args.no_snapshot)
        longest = r["longest_task_ms"]
        print(
            f"run {index + 1}: cold first board {r['cold_s']:.1f} s from Play, "
            f"{r['cold_open_s']:.1f} s from opening the page ({r['cold_mb']:.1f} MB served; "
            f"worker {r['cold_worker']}) · click answered {r['move_s']:.2f} s · "
            f"strong CPU reply {r['reply_s']:.1f} s · longest main-thread task during it "
            + (f"{longest:.0f} ms" if longest else "< 50 ms")
            + f" · warm second board ({args.warm_page}) {r['warm_s']:.1f} s from Play, "
            f"{r['warm_open_s']:.1f} s from opening the page "
            f"({r['warm_mb']:.2f} MB served; worker {r['warm_worker']})"
        )
        if r["outside_requests"]:
            print(f"  outside requests (aborted): {r['outside_requests']}")
    print(f"load average after {' '.join(f'{x:.1f}' for x in os.getloadavg())}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
