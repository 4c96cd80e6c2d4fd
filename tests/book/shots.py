"""Screenshots of the built book, to look at as readers would: every page (or some), at 1280 and
390 px wide, light and dark, whole pages, with Debian's Chromium.

    python tests/book/shots.py                        # every page -> /tmp/book-shots/
    python tests/book/shots.py quads/strategy intro   # some pages
    python tests/book/shots.py --play reversi/play    # press each page's "▶ Play here" first

Files are named ``<page>-<width>-<theme>-<part>.png`` (``quads-strategy-390-dark-2.png``): a
long page is cut into parts of at most ``--part`` px, so each picture stays readable when
opened. ``--element SELECTOR`` takes only the first element that matches (a board, a box). Not a
test: a person opens the pictures and judges them (nothing cut off, faint, crowded or ugly).
"""

from __future__ import annotations

import argparse
import functools
import sys
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import ClassVar

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests" / "browser"))

from labharness import CHROMIUM, CHROMIUM_ARGS

WIDTHS = (1280, 390)
THEMES = ("light", "dark")


class Handler(SimpleHTTPRequestHandler):
    extensions_map: ClassVar[dict[str, str]] = {
        **SimpleHTTPRequestHandler.extensions_map,
        ".js": "text/javascript",
        ".mjs": "text/javascript",
        ".wasm": "application/wasm",
    }

    def log_message(self, format: str, *args: object) -> None:
        pass


def pages(site: Path) -> list[str]:
    """Every page of the book (not the notebook copies or the theme's own pages)."""
    skip = {"genindex", "search", "lite"}
    return sorted(
        p.relative_to(site).with_suffix("").as_posix()
        for p in site.rglob("*.html")
        if not skip.intersection(p.relative_to(site).with_suffix("").parts)
        and not p.relative_to(site).parts[0].startswith("_")
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("pages", nargs="*", help="pages such as quads/strategy (default: all)")
    parser.add_argument("--site", type=Path, default=ROOT / "book" / "_build" / "html")
    parser.add_argument("--out", type=Path, default=Path("/tmp/book-shots"))
    parser.add_argument("--width", type=int, action="append", help="default: 1280 and 390")
    parser.add_argument("--theme", choices=THEMES, action="append", help="default: both")
    parser.add_argument("--play", action="store_true", help='press "▶ Play here" first')
    parser.add_argument("--query", default="", help="added to each URL, e.g. ?student=1")
    parser.add_argument("--part", type=int, default=1600, help="the height of one picture (px)")
    parser.add_argument("--element", help="a CSS selector: only that element, not the page")
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    chosen = args.pages or pages(args.site)
    missing = [name for name in chosen if not (args.site / f"{name}.html").is_file()]
    if missing:  # a picture of a 404 page would pass unnoticed among the others
        parser.error(f"no such page in {args.site}: {', '.join(missing)}")
    args.out.mkdir(parents=True, exist_ok=True)
    handler = functools.partial(Handler, directory=str(args.site))
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{httpd.server_address[1]}"
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            for theme in args.theme or THEMES:
                for width in args.width or WIDTHS:
                    context = browser.new_context(
                        viewport={"width": width, "height": 900},
                        color_scheme=theme,  # type: ignore[arg-type]
                        device_scale_factor=1,
                    )
                    context.add_init_script(f"localStorage.setItem('theme', '{theme}');")
                    page = context.new_page()
                    for name in chosen:
                        page.goto(f"{base}/{name}.html{args.query}")
                        page.wait_for_load_state("networkidle")
                        if args.play and page.locator(".bb-live-play").count():
                            page.locator(".bb-live-play").first.click()
                            page.wait_for_function(
                                "() => ['ready', 'failed'].includes("
                                "document.querySelector('.bb-live').dataset.live)",
                                timeout=240_000,
                            )
                            page.wait_for_timeout(800)
                        stem = f"{name.replace('/', '-')}-{width}-{theme}"
                        if args.element:
                            shot = args.out / f"{stem}-element.png"
                            page.locator(args.element).first.screenshot(path=str(shot))
                            print(shot, flush=True)
                            continue
                        # Play scrolls the board into view; a whole-page picture taken from
                        # there draws the sticky header and sidebar over the page's middle.
                        page.evaluate("window.scrollTo(0, 0)")
                        page.wait_for_timeout(200)
                        height = page.evaluate("document.documentElement.scrollHeight")
                        for part, top in enumerate(range(0, height, args.part), start=1):
                            shot = args.out / f"{stem}-{part}.png"
                            clip = {
                                "x": 0,
                                "y": top,
                                "width": width,
                                "height": min(args.part, height - top),
                            }
                            page.screenshot(path=str(shot), full_page=True, clip=clip)
                            print(shot, flush=True)
                    context.close()
            browser.close()
    finally:
        httpd.shutdown()
        httpd.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
