"""The built book as readers get it: every page loads offline, every board renders from its
saved widget state and has a static SVG form, and every internal link resolves.

The site is built by book/build.py (fixture `book_html`), which also fails on cell errors and on
any warning not on its documented list.
"""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

WIDGET_STATE = "application/vnd.jupyter.widget-state+json"
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
REDIRECT = re.compile(r'http-equiv="Refresh" content="0; url=([^"]+)"', re.IGNORECASE)


def book_pages(html_dir: Path) -> list[Path]:
    """Every page of the book proper (not Sphinx's asset dirs, not the JupyterLite app)."""
    return sorted(
        path
        for path in html_dir.rglob("*.html")
        if not any(
            part.startswith("_") or "lite" in part
            for part in path.relative_to(html_dir).parts[:-1]
        )
    )


class _PageParser(HTMLParser):
    """Collects links, element ids and the widget scripts of one page."""

    def __init__(self) -> None:
        super().__init__()
        self.links: list[tuple[str, str]] = []  # (tag, url)
        self.ids: set[str] = set()
        self.scripts: list[tuple[str | None, str]] = []  # (type, body)
        self._script_type: str | None = None
        self._in_script = False
        self._body: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = dict(attrs)
        if attributes.get("id"):
            self.ids.add(attributes["id"])
        for name in ("href", "src"):
            if attributes.get(name) and tag in {"a", "link", "script", "img", "iframe"}:
                self.links.append((tag, attributes[name]))
        if tag == "script":
            self._in_script, self._script_type, self._body = True, attributes.get("type"), []

    def handle_data(self, data: str) -> None:
        if self._in_script:
            self._body.append(data)

    def handle_endtag(self, tag: str) -> None:
        if tag == "script" and self._in_script:
            self.scripts.append((self._script_type, "".join(self._body)))
            self._in_script = False


def parse_page(path: Path) -> _PageParser:
    parser = _PageParser()
    parser.feed(path.read_text(encoding="utf-8"))
    return parser


def expected_boards(page: _PageParser) -> dict[str, list[str]]:
    """model id -> the square names its board must show, from the page's saved widget state."""
    states: dict[str, dict] = {}
    for script_type, body in page.scripts:
        if script_type == WIDGET_STATE:
            states.update(json.loads(body)["state"])
    boards = {}
    for script_type, body in page.scripts:
        if script_type == WIDGET_VIEW:
            model_id = json.loads(body)["model_id"]
            assert model_id in states, f"view of model {model_id} has no saved state"
            boards[model_id] = list(states[model_id]["state"]["state"]["coords"])
    return boards


def test_every_page_in_the_table_of_contents_is_built(book_html: Path) -> None:
    import yaml

    toc = yaml.safe_load((book_html.parents[1] / "_toc.yml").read_text())
    files = [toc["root"]] + [
        chapter["file"] for part in toc["parts"] for chapter in part["chapters"]
    ]
    for required in ("intro", "reversi/rules", "reversi/worked-positions", "reversi/tips",
                     "reversi/cpu-levels", "reversi/play"):
        assert required in files
    built = {path.relative_to(book_html).as_posix() for path in book_pages(book_html)}
    assert {f"{name}.html" for name in files} <= built


def test_internal_links_resolve(book_html: Path) -> None:
    broken = []
    for path in book_pages(book_html):
        page = parse_page(path)
        for tag, url in page.links:
            parts = urlsplit(url)
            if parts.scheme or parts.netloc:
                continue  # external links are not fetched (and no page needs one to render)
            target = path if not parts.path else (path.parent / unquote(parts.path)).resolve()
            if target.is_dir():
                target = target / "index.html"
            if not target.is_file():
                broken.append(f"{path.relative_to(book_html)}: <{tag}> {url}")
            elif parts.fragment and target.suffix == ".html" and tag == "a":
                if unquote(parts.fragment) not in parse_page(target).ids:
                    broken.append(f"{path.relative_to(book_html)}: <a> {url} (no such anchor)")
    assert not broken, "broken internal links:\n" + "\n".join(broken)


def test_pages_load_scripts_and_styles_only_from_the_site(book_html: Path) -> None:
    remote = []
    for path in book_pages(book_html):
        for tag, url in parse_page(path).links:
            if tag in {"script", "link", "img", "iframe"} and urlsplit(url).netloc:
                remote.append(f"{path.relative_to(book_html)}: <{tag}> {url}")
    assert not remote, "pages that need the internet:\n" + "\n".join(remote)


def test_every_board_also_has_its_svg_form(book_html: Path) -> None:
    """Print and text-only renderers show the static SVG that follows each widget."""
    total = 0
    for path in book_pages(book_html):
        text = path.read_text(encoding="utf-8")
        boards = expected_boards(parse_page(path))
        total += len(boards)
        svgs = re.findall(r'<div class="bb-board-svg">\s*<svg.*?</svg>', text, flags=re.DOTALL)
        assert len(svgs) >= len(boards), f"{path.name}: {len(boards)} boards, {len(svgs)} SVGs"
        sizes = {len(squares) for squares in boards.values()}
        for svg in svgs:  # the SVG draws every square (or region) the board has
            assert len(re.findall(r"data-square=", svg)) in sizes, path.name
    assert total >= 10, f"expected a board for every rule, tip and worked position, got {total}"


@pytest.mark.browser
def test_every_page_renders_its_boards_offline_without_errors(
    book_html: Path, book_server: str, chromium
) -> None:
    problems: list[str] = []
    rendered = 0
    context = chromium.new_context()
    try:

        def only_this_site(route) -> None:
            if urlsplit(route.request.url).hostname == "127.0.0.1":
                route.continue_()
            else:
                problems.append(f"request to the internet: {route.request.url}")
                route.abort()

        context.route("**/*", only_this_site)
        page = context.new_page()
        current = [""]
        page.on(
            "console",
            lambda msg: msg.type == "error"
            and problems.append(f"{current[0]}: console error: {msg.text}"),
        )
        page.on("pageerror", lambda exc: problems.append(f"{current[0]}: page error: {exc}"))
        def failed(request) -> None:
            # Chromium cancels some font loads itself (net::ERR_ABORTED) when a stylesheet is
            # re-inserted; that is only harmless for a file the site does have.
            served = book_html / unquote(urlsplit(request.url).path).lstrip("/")
            if request.failure == "net::ERR_ABORTED" and served.is_file():
                return
            problems.append(f"{current[0]}: failed request: {request.url} ({request.failure})")

        page.on("requestfailed", failed)
        page.on(
            "response",
            lambda resp: resp.status >= 400
            and problems.append(f"{current[0]}: HTTP {resp.status}: {resp.url}"),
        )
        for path in book_pages(book_html):
            name = path.relative_to(book_html).as_posix()
            current[0] = name
            boards = expected_boards(parse_page(path))
            redirect = REDIRECT.search(path.read_text(encoding="utf-8"))
            page.goto(f"{book_server}/{name}", wait_until="load")
            if redirect:  # e.g. index.html -> intro.html: check that it lands
                page.wait_for_url(f"**/{redirect.group(1)}")
                page.wait_for_load_state("load")
                continue
            if boards:
                # embed-amd inserts one .widget-subarea per saved view, then the view renders.
                page.wait_for_function(
                    """(n) => {
                        const areas = document.querySelectorAll('.widget-subarea');
                        return areas.length === n
                            && [...areas].every(a => a.querySelector('[data-square]'));
                    }""",
                    arg=len(boards),
                    timeout=20_000,
                )
            shown = page.eval_on_selector_all(
                ".widget-subarea",
                "areas => areas.map(a => [...a.querySelectorAll('[data-square]')]"
                ".map(s => s.dataset.square))",
            )
            expected = sorted(sorted(squares) for squares in boards.values())
            if sorted(sorted(squares) for squares in shown) != expected:
                problems.append(f"{name}: boards show {shown}, saved state has {expected}")
            rendered += len(shown)
        # On screen each rendered widget replaces its SVG; in print the SVG is the board.
        page.goto(f"{book_server}/reversi/rules.html", wait_until="networkidle")
        page.wait_for_selector(".widget-subarea [data-square]")
        visible = "els => els.filter(e => e.getClientRects().length > 0).length"
        screen = page.eval_on_selector_all(".bb-board-svg", visible)
        page.emulate_media(media="print")
        printed_svgs = page.eval_on_selector_all(".bb-board-svg", visible)
        printed_widgets = page.eval_on_selector_all(".widget-subarea", visible)
    finally:
        context.close()
    assert not problems, "\n".join(problems)
    assert rendered >= 10
    assert screen == 0 and printed_widgets == 0
    assert printed_svgs == len(expected_boards(parse_page(book_html / "reversi" / "rules.html")))
