"""The built book as readers get it: every page loads offline, every board is a static SVG (the
play pages' live boards start from their picture: tests/book/test_live_boards.py), and every
internal link resolves.

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
            part.startswith("_") or "lite" in part for part in path.relative_to(html_dir).parts[:-1]
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


def board_squares(state: dict) -> list[str]:
    """The squares (or regions) a saved board part shows (js/PROTOCOL.md ``_board``)."""
    if "coords" in state:
        return list(state["coords"])
    board = state["board"]
    if "coords" in board:
        return list(board["coords"])
    return [region["id"] for region in board["regions"]]


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
            # The board travels in its own part of the state (js/PROTOCOL.md, "Parts").
            boards[model_id] = board_squares(states[model_id]["state"]["_board"])
    return boards


def test_every_page_in_the_table_of_contents_is_built(book_html: Path) -> None:
    import yaml

    toc = yaml.safe_load((book_html.parents[1] / "_toc.yml").read_text())
    files = [toc["root"]] + [
        chapter["file"] for part in toc["parts"] for chapter in part["chapters"]
    ]
    for required in (
        "intro",
        "reversi/rules",
        "reversi/worked-positions",
        "reversi/tips",
        "reversi/cpu-levels",
        "reversi/exercises",
        "reversi/play",
        "beacon/rules",
        "beacon/routes",
        "beacon/tips",
        "beacon/balance",
        "beacon/exercises",
        "beacon/play",
        "quads/rules",
        "quads/strategy",
        "quads/exercises",
        "quads/play",
        "towergate/rules",
        "towergate/tips",
        "towergate/blessings",
        "towergate/exercises",
        "towergate/play",
        "glossary",
        "teachers",
    ):
        assert required in files, required
    # Tips before the game theory, exercises at the end of each chapter, before the game.
    assert files.index("beacon/tips") < files.index("beacon/balance")
    assert files.index("towergate/tips") < files.index("towergate/blessings")
    for game in GAMES:
        assert files.index(f"{game}/exercises") + 1 == files.index(f"{game}/play")
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
            elif (
                parts.fragment
                and target.suffix == ".html"
                and tag == "a"
                and unquote(parts.fragment) not in parse_page(target).ids
            ):
                broken.append(f"{path.relative_to(book_html)}: <a> {url} (no such anchor)")
    assert not broken, "broken internal links:\n" + "\n".join(broken)


def test_pages_load_scripts_and_styles_only_from_the_site(book_html: Path) -> None:
    remote = []
    for path in book_pages(book_html):
        for tag, url in parse_page(path).links:
            if tag in {"script", "link", "img", "iframe"} and urlsplit(url).netloc:
                remote.append(f"{path.relative_to(book_html)}: <{tag}> {url}")
    assert not remote, "pages that need the internet:\n" + "\n".join(remote)


LESSON = re.compile(r'<figure class="bb-lesson[^"]*">(.*?)</figure>', re.DOTALL)


def is_play_page(name: str, html: str = "") -> bool:
    """Each chapter's "Play a full game" page (``<game>/play.html``, in either edition): a live
    board each (not a Japanese placeholder, ``html`` being the page, before its translation)."""
    return name.endswith("/play.html") and "bb-twin-pending" not in html


def test_every_lesson_board_is_a_captioned_svg_and_no_page_has_a_saved_widget(
    book_html: Path,
) -> None:
    """Boards on lesson pages are pictures with a caption; no page holds saved widget state
    (a saved board could only say "no longer connected"); each play page has one live board."""
    total = 0
    for path in book_pages(book_html):
        name = path.relative_to(book_html).as_posix()
        text = path.read_text(encoding="utf-8")
        boards = expected_boards(parse_page(path))
        assert not boards, f"{name}: a page shows a saved widget"
        if is_play_page(name, text):
            live = text.count('<div class="bb-live"')
            assert live == 1, f"{name}: one live board, got {live}"
        for figure in re.findall(
            r'<figure class="bb-lesson(?: bb-lesson-half)?">(.*?)</figure>', text, re.DOTALL
        ):
            assert "<svg" in figure, f"{name}: a lesson board without its SVG"
            caption = re.search(r"<figcaption>(.*?)</figcaption>", figure, re.DOTALL)
            assert caption and caption.group(1).strip(), f"{name}: a board without a caption"
            total += 1
    assert total >= 30, f"expected a board for every rule, tip and worked position, got {total}"


GAMES = ("reversi", "beacon", "quads", "towergate")
#: Squares (or regions) on each game's board: Reversi 8×8, Beacon Lines' 7 regions, Quads 4×4,
#: Tower Gate 5×5.
BOARD_SQUARES = {"reversi": 64, "beacon": 7, "quads": 16, "towergate": 25}
#: An answer that is not a square: a piece of Quads' tray ("piece 0" … "piece 15").
TRAY_ANSWER = re.compile(r"piece (?:[0-9]|1[0-5])")
EXERCISE = re.compile(
    r'<div class="bb-exercise".*?<div class="bb-ex-board">(.*?)</div>'
    r'.*?class="bb-ex-data">(.*?)</script>',
    re.DOTALL,
)


def exercise_answers(verdicts: dict[str, dict], game: str) -> bool:
    """A verdict for every square of the board, or (Quads) for every piece in the tray."""
    if len(verdicts) == BOARD_SQUARES[game]:
        return True
    return game == "quads" and all(TRAY_ANSWER.fullmatch(key) for key in verdicts)


def test_each_chapter_has_exercises_with_a_verdict_for_every_square(book_html: Path) -> None:
    for game in GAMES:
        name = f"{game}/exercises.html"
        text = (book_html / name).read_text(encoding="utf-8")
        boxes = EXERCISE.findall(text)
        assert 2 <= len(boxes) <= 4, f"{name}: {len(boxes)} exercises"
        for board, data in boxes:
            verdicts = json.loads(data.replace("<\\/", "</"))
            assert exercise_answers(verdicts, game), f"{name}: answers {sorted(verdicts)}"
            # Every answer is something the reader can click on the board (or in its tray).
            clickable = set(re.findall(r'data-square="([^"]+)"', board))
            assert set(verdicts) <= clickable, f"{name}: {set(verdicts) - clickable}"
            assert any(v["right"] for v in verdicts.values())
            assert all(v["reason"].strip() for v in verdicts.values())
        assert "_static/exercises.js" in text, name


def test_pages_speak_to_readers_not_to_builders(book_html: Path) -> None:
    """No build-speak, no position strings, no raw asserts on any page."""
    for path in book_pages(book_html):
        text = re.sub(r"<script.*?</script>", "", path.read_text(encoding="utf-8"), flags=re.DOTALL)
        name = path.relative_to(book_html).as_posix()
        assert "fails the build" not in text and "is asserted" not in text, name
        # (A live board's data-position attribute holds one for the widget; nobody reads it.)
        words = re.sub(r"<[^>]+>", " ", text)
        assert not re.search(r"[XO-]{64}", words), f"{name}: a 64-character position string"
        assert not re.search(r'<span class="k">assert</span>', text), f"{name}: an assert cell"
        leaked = re.findall(r"\{(?:glue|term|ref|doc)[:}][^<]{0,40}", text)
        assert not leaked, f"{name}: MyST left unrendered: {leaked}"


#: Text for the people who build the book, not for its readers: each pattern with what it
#: catches. Checked on the text a reader sees (scripts, styles and board pictures left out).
BUILDER_TEXT = {
    "a file path": re.compile(r"\b(?:book|docs|benchmarks|widgets|tests|js)/[\w./-]+"),
    "a source file name": re.compile(r"\.(?:py|json|md|yml|toml)\b"),  # also the ".md" button
    "a command": re.compile(r"\bpython (?:-m )?[\w./-]+|\bpip install\b|\bnpm run\b"),
    "the seed pages": re.compile(r"\b(?:the|a) seed\b|\bseed(?:'s|’s)|\bseed wrote", re.IGNORECASE),
    "a puzzle id": re.compile(r"\bnumber [a-z]{2}-\d+|\b(?:tg|qd)-\d+\b"),
    "a frozen build date": re.compile(r"built with the puzzle|puzzle of \d{4}-\d\d-\d\d"),
    "the repository's files": re.compile(r"repository(?:'s|’s) benchmark|which this page reads"),
    "a closing quote that opens": re.compile(r"(?:^|[\s(])”\w"),
}
#: The one page that tells adults how to install the package in their own notebooks (and its
#: Japanese twin).
COMMANDS_ALLOWED = {"under-the-hood/notebooks.html", "ja/under-the-hood/notebooks.html"}


def reader_text(html_text: str) -> str:
    """The words a reader sees on a page: no scripts, styles or board pictures, no tags."""
    import html as html_module

    text = re.sub(r"<(script|style|svg)\b.*?</\1>", " ", html_text, flags=re.DOTALL)
    text = re.sub(r"<[^>]+>", " ", text)
    return re.sub(r"\s+", " ", html_module.unescape(text))


def builder_text(name: str, text: str) -> list[str]:
    found = []
    for what, pattern in BUILDER_TEXT.items():
        if what == "a command" and name in COMMANDS_ALLOWED:
            continue
        for match in pattern.finditer(text):
            context = text[max(0, match.start() - 40) : match.end() + 40]
            found.append(f"{name}: {what}: …{context}…")
    return found


def test_builder_text_patterns_catch_what_the_issue_found() -> None:
    """The patterns fail on the sentences readers were shown before (issue 15)."""
    for sentence in (
        "the repository's benchmark, run once with python benchmarks/towergate_balance.py",
        "it writes book/towergate/balance.json, which this page reads",
        "the rules the repository ships (docs/RULES.md and the engine's docstring)",
        "As the seed wrote it, Leap also climbed",
        "This is the puzzle of 2026-12-02 (number tg-225, with Terracotta: mason)",
        "this page was built with the puzzle of 2026-12-02",
        "The board refuses a give before the placement (”you must place piece 7",
        "Download source file .md",
    ):
        assert builder_text("page", sentence), sentence
    assert not builder_text("page", "Black plays d3. “You must place piece 7” it says.")


def test_no_page_shows_builder_text(book_html: Path) -> None:
    found = []
    for path in book_pages(book_html):
        name = path.relative_to(book_html).as_posix()
        found += builder_text(name, reader_text(path.read_text(encoding="utf-8")))
    assert not found, "builder text on reader pages:\n" + "\n".join(found)


def test_the_header_offers_the_notebook_and_print_not_the_source(book_html: Path) -> None:
    page = (book_html / "quads" / "strategy.html").read_text(encoding="utf-8")
    assert "download-source-button" not in page and "_sources/" not in page
    menu = re.search(r'class="dropdown-menu".*?</ul>', page, re.DOTALL)
    assert menu and "lite/files/quads/strategy.ipynb" in menu.group(0)
    assert "window.print()" in menu.group(0)
    # One search box: the header's button, no second field in the sidebar (the theme's
    # top bar, hidden on this theme, keeps its own copy; the browser test counts what shows).
    sidebar = page.split('class="bd-sidebar-primary', 1)[1].split("<main", 1)[0]
    assert "search-button-field" not in sidebar and "searchbox" not in sidebar
    assert "search-button__button" in page


def test_glossary_covers_every_game(book_html: Path) -> None:
    glossary = (book_html / "glossary.html").read_text(encoding="utf-8")
    for term in (
        "corner",
        "X-square",
        "C-square",
        "mobility",
        "parity",
        "snapshot",
        "strict-majority",
        "piece",
        "attribute",
        "give",
        "winning-shape",
        "safe-piece",
        "worker",
        "height",
        "colour-majority",
        "dome",
        "blessing",
        "draw",
    ):
        assert f'id="term-{term}"' in glossary, term
    for game in ("Reversi", "Beacon Lines", "Quads", "Tower Gate"):
        assert f"{game} words" in glossary, game


#: Which chapters a glossary section's words belong to (its heading in glossary.md).
GLOSSARY_CHAPTERS = {
    "Reversi words": ("reversi",),
    "Beacon Lines words": ("beacon",),
    "Quads words": ("quads",),
    "Tower Gate words": ("towergate",),
    "Words for every game": ("reversi", "beacon", "quads", "towergate"),
}
#: Terms a section lists that are not written as such in prose ("v0 and v1" are two words).
UNWRITTEN_TERMS = {"v0 and v1"}
#: Endings a term takes in prose: corners, flipped, claims, bracketing.
ENDINGS = r"(?:s|es|ed|ing|d)?"


def glossary_terms() -> dict[str, list[str]]:
    """Section heading -> its terms, from the glossary's source."""
    text = (Path(__file__).resolve().parents[2] / "book" / "glossary.md").read_text("utf-8")
    sections = {}
    for section in text.split("\n## ")[1:]:
        name = section.split("\n", 1)[0]
        block = section.split("```{glossary}", 1)[1].split("```", 1)[0]
        sections[name] = [
            line.strip() for line in block.splitlines() if line.strip() and not line[0].isspace()
        ]
    return sections


class _ProseParser(HTMLParser):
    """The prose of a page's article (not headings, pictures, code, exercises or tables), each
    piece of text with the glossary term its link points to, if it is inside one."""

    SKIPPED = frozenset(
        {"h1", "h2", "h3", "h4", "h5", "h6", "figure", "svg", "pre", "code", "script", "style"}
        | {"button", "table", "details", "summary", "rt", "rp"}
    )
    VOID = frozenset({"br", "img", "hr", "input", "meta", "link", "wbr", "source"})

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[tuple[str, bool, str | None]] = []  # (tag, skipped, term)
        self.pieces: list[tuple[str, str | None]] = []
        self.depth = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in self.VOID:
            return
        attributes = dict(attrs)
        classes = attributes.get("class") or ""
        if tag == "article" and "bd-article" in classes:
            self.depth += 1
        skipped = tag in self.SKIPPED or "bb-exercise" in classes or "bb-live" in classes
        href = attributes.get("href") or ""
        term = href.split("#term-", 1)[1] if tag == "a" and "glossary.html#term-" in href else None
        self.stack.append((tag, skipped, term))

    def handle_endtag(self, tag: str) -> None:
        if tag in self.VOID:
            return
        while self.stack and self.stack.pop()[0] != tag:
            pass
        if tag == "article" and self.depth:
            self.depth -= 1

    def handle_data(self, data: str) -> None:
        if self.depth and not any(skipped for _, skipped, _ in self.stack):
            term = next((t for _, _, t in reversed(self.stack) if t), None)
            self.pieces.append((data, term))


def prose_with_links(page: Path) -> tuple[str, list[tuple[int, int, str | None]]]:
    """A page's prose as one string, and the (start, end, glossary term or None) of each
    piece of it: what the first-use tests (English and Japanese) look a word up in."""
    parser = _ProseParser()
    parser.feed(page.read_text(encoding="utf-8"))
    text, spans, at = "", [], 0
    for piece, term in parser.pieces:
        spans.append((at, at + len(piece), term))
        text += piece
        at += len(piece)
    return text, spans


def unlinked_first_uses(page: Path, terms: list[str]) -> list[str]:
    """Each term whose first use in the page's prose is not a glossary link (to it, or to the
    entry of the sense it has there, as "level" for a CPU level)."""
    text, spans = prose_with_links(page)
    missing = []
    for term in terms:
        flags = 0 if term[0].isupper() and " " not in term else re.IGNORECASE  # "Home"
        found = re.search(rf"\b{re.escape(term)}{ENDINGS}\b", text, flags)
        if found is None:
            continue
        link = next((t for start, end, t in spans if start <= found.start() < end), None)
        if link is None:
            context = " ".join(text[max(0, found.start() - 40) : found.end() + 20].split())
            missing.append(f"{term!r} in “…{context}…”")
    return missing


def test_glossary_words_are_linked_at_their_first_use_on_every_page(book_html: Path) -> None:
    sections = glossary_terms()
    assert set(sections) == set(GLOSSARY_CHAPTERS)
    problems = []
    for section, terms in sections.items():
        for chapter in GLOSSARY_CHAPTERS[section]:
            words = [t for t in terms if t not in UNWRITTEN_TERMS]
            if chapter in ("reversi", "beacon"):
                words = [t for t in words if t != "daily puzzle"]  # no daily puzzle there
            for page in sorted((book_html / chapter).glob("*.html")):
                problems += [
                    f"{chapter}/{page.name}: {m}" for m in unlinked_first_uses(page, words)
                ]
    assert problems == [], "\n".join(problems)


def test_the_first_use_check_sees_an_unlinked_word(tmp_path: Path) -> None:
    page = tmp_path / "page.html"
    page.write_text(
        '<article class="bd-article"><h1>Corners</h1><p>Take the corners. A '
        '<a href="../glossary.html#term-corner">corner</a> is safe.</p></article>'
    )
    assert len(unlinked_first_uses(page, ["corner"])) == 1
    page.write_text(
        '<article class="bd-article"><h1>Corners</h1><p>Take the '
        '<a href="../glossary.html#term-corner">corners</a>. A corner is safe.</p></article>'
    )
    assert unlinked_first_uses(page, ["corner", "edge"]) == []


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
            lambda msg: (
                msg.type == "error" and problems.append(f"{current[0]}: console error: {msg.text}")
            ),
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
            lambda resp: (
                resp.status >= 400
                and problems.append(f"{current[0]}: HTTP {resp.status}: {resp.url}")
            ),
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
        # A play page shows its board's picture with "Play here" on screen, the picture in print.
        page.goto(f"{book_server}/reversi/play.html", wait_until="networkidle")
        visible = "els => els.filter(e => e.getClientRects().length > 0).length"
        screen = page.eval_on_selector_all(".bb-live-picture svg", visible)
        screen_buttons = page.eval_on_selector_all(".bb-live-play", visible)
        screen_notes = page.eval_on_selector_all(".bb-playlive", visible)
        page.emulate_media(media="print")
        printed_svgs = page.eval_on_selector_all(".bb-live-picture svg", visible)
        printed_buttons = page.eval_on_selector_all(".bb-live-play", visible)
    finally:
        context.close()
    assert not problems, "\n".join(problems)
    assert rendered == 0  # no saved widget anywhere
    assert screen == screen_buttons == screen_notes == 1
    assert printed_svgs == 1 and printed_buttons == 0


def _theme(page, scheme: str) -> None:
    """The site's own light/dark switch (pydata theme), as a reader's toggle sets it."""
    page.evaluate(
        "(mode) => { document.documentElement.dataset.theme = mode;"
        " document.documentElement.dataset.mode = mode; }",
        scheme,
    )


@pytest.mark.browser
def test_no_page_is_wider_than_a_phone_in_light_or_dark(
    book_html: Path, book_server: str, chromium
) -> None:
    """At 390 px nothing sticks out: wide tables scroll in their own box, boards shrink."""
    wide = []
    context = chromium.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=1)
    try:
        page = context.new_page()
        for path in book_pages(book_html):
            name = path.relative_to(book_html).as_posix()
            if REDIRECT.search(path.read_text(encoding="utf-8")):
                continue
            page.goto(f"{book_server}/{name}", wait_until="load")
            for scheme in ("light", "dark"):
                _theme(page, scheme)
                width = page.evaluate("document.documentElement.scrollWidth")
                if width > 390:
                    culprit = page.evaluate(
                        """() => [...document.querySelectorAll('body *')]
                            .filter(e => e.getBoundingClientRect().right > 391)
                            .slice(-1).map(e => e.tagName + '.' + e.className)[0]"""
                    )
                    wide.append(f"{name} ({scheme}): {width} px, e.g. {culprit}")
    finally:
        context.close()
    assert not wide, "pages wider than a 390 px phone:\n" + "\n".join(wide)


@pytest.mark.browser
def test_boards_sit_on_the_page_colour_in_dark_mode(
    book_html: Path, book_server: str, chromium
) -> None:
    """No light band beside a board in dark mode, and the coordinates follow the text colour."""
    context = chromium.new_context(viewport={"width": 1280, "height": 900}, color_scheme="dark")
    try:
        page = context.new_page()
        light = []
        for name in ("reversi/play.html", "reversi/rules.html", "beacon/routes.html"):
            page.goto(f"{book_server}/{name}", wait_until="load")
            _theme(page, "dark")
            light += page.evaluate(
                """(name) => {
                  const lum = (c) => { const m = c.match(/[\\d.]+/g) || [];
                    if (m.length > 3 && +m[3] === 0) return 0;
                    return (0.2126 * m[0] + 0.7152 * m[1] + 0.0722 * m[2]) / 255; };
                  const out = [];
                  for (const el of document.querySelectorAll(
                      '.cell_output, .cell_output .output, .widget-subarea, .bb-lesson')) {
                    const bg = getComputedStyle(el).backgroundColor;
                    if (lum(bg) > 0.5) out.push(`${name}: ${el.className} has ${bg}`);
                  }
                  for (const t of document.querySelectorAll('.bb-coord')) {
                    if (lum(getComputedStyle(t).fill) < 0.5) { out.push(`${name}: dark coordinates`); break; }
                  }
                  return out; }""",
                name,
            )
    finally:
        context.close()
    assert not light, "\n".join(light)


@pytest.mark.browser
def test_exercises_answer_by_click_and_by_key_without_a_kernel(
    book_html: Path, book_server: str, chromium
) -> None:
    errors: list[str] = []
    context = chromium.new_context(viewport={"width": 1280, "height": 900})
    try:
        page = context.new_page()
        page.on("console", lambda m: m.type == "error" and errors.append(f"{m.text} {m.location}"))
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.on("response", lambda r: r.status >= 400 and errors.append(f"{r.status} {r.url}"))
        for game in GAMES:
            name = f"{game}/exercises.html"
            page.goto(f"{book_server}/{name}", wait_until="load")
            box = page.locator(".bb-exercise").first
            page.wait_for_selector(".bb-exercise.bb-ex-ready")
            data = json.loads(box.locator("script.bb-ex-data").text_content())
            assert exercise_answers(data, game), f"{name}: answers {sorted(data)}"
            right = next(sq for sq, v in data.items() if v["right"])
            # A wrong square under a disc (or a region's name, a piece, a tower): the click
            # must reach it anyway.
            wrong = next(
                sq
                for sq, v in data.items()
                if not v["right"] and ("already has a disc" in v["reason"] or game != "reversi")
            )
            feedback = box.locator(".bb-ex-feedback")
            assert feedback.get_attribute("aria-live") == "polite"
            box.locator(f'.bb-ex-board [data-square="{wrong}"]').click()
            assert feedback.text_content().startswith("Not this one.")
            assert data[wrong]["reason"] in feedback.text_content()
            # Keyboard: Tab reaches the squares (each is focusable), Enter answers.
            box.locator(f'.bb-ex-board [data-square="{right}"]').click()  # under a legal dot
            assert feedback.text_content().startswith("Right!")
            box.locator(f'.bb-ex-board [data-square="{wrong}"]').click()
            box.locator(f'.bb-ex-board [data-square="{right}"]').focus()
            assert page.evaluate("document.activeElement.getAttribute('data-square')") == right
            page.keyboard.press("Enter")
            assert feedback.text_content().startswith("Right!")
            assert (
                box.locator(f'.bb-ex-board [data-square="{right}"]').get_attribute("tabindex")
                == "0"
            )
            # Hint and answer are hidden until asked for.
            assert not box.locator(".bb-ex-answer").is_visible()
            box.locator(".bb-ex-hint-button").click()
            assert box.locator(".bb-ex-hint").is_visible()
            box.locator(".bb-ex-answer-button").press("Enter")
            assert box.locator(".bb-ex-answer").is_visible()
            # In print, the question comes with its answer below it, and no buttons.
            page.goto(f"{book_server}/{name}", wait_until="load")
            page.emulate_media(media="print")
            assert page.locator(".bb-exercise").first.locator(".bb-ex-answer").is_visible()
            assert not page.locator(".bb-ex-buttons").first.is_visible()
            page.emulate_media(media="screen")
    finally:
        context.close()
    assert not errors, errors


def test_the_landing_page_invites_to_every_game(book_html: Path) -> None:
    """A picture of each game and its ways in; the book as it is, not "coming later"."""
    page = (book_html / "intro.html").read_text(encoding="utf-8")
    assert "Coming later" not in page
    cards = re.findall(r'<section class="bb-card".*?</section>', page, re.DOTALL)
    assert len(cards) == len(GAMES) and all("<svg" in card for card in cards)
    for game in GAMES:
        assert f'href="{game}/play.html"' in page and f'href="{game}/rules.html"' in page
    assert '<div class="bb-progress" data-scope="book"></div>' in page  # filled by the JS


#: Chapter pages that keep the plain conclusion, and the appendix page with the method.
UNDER_THE_HOOD = {
    "reversi/cpu-levels.html": "under-the-hood/reversi-levels.html",
    "beacon/balance.html": "under-the-hood/beacon-solved.html",
    "beacon/routes.html": "under-the-hood/beacon-checklist.html",
    "towergate/blessings.html": "under-the-hood/blessing-balance.html",
}


def test_measurements_are_under_the_hood_and_chapters_keep_plain_words(book_html: Path) -> None:
    for chapter, appendix in UNDER_THE_HOOD.items():
        page = (book_html / chapter).read_text(encoding="utf-8")
        assert f'href="../{appendix}' in page, f"{chapter} does not link {appendix}"
        words = reader_text(page)
        for technical in ("95 %", "standard error", "linear programming", "margin"):
            assert technical not in words, f"{chapter}: {technical!r} belongs under the hood"
        if chapter != "beacon/routes.html":  # the article's round logs are its content
            article = page.split('class="bd-article"', 1)[-1].split("</article>")[0]
            assert "<table" not in article, f"{chapter}: a data table in a chapter page"
        method = reader_text((book_html / appendix).read_text(encoding="utf-8"))
        assert len(method) > 1500, appendix
    blessings = reader_text((book_html / "towergate/blessings.html").read_text(encoding="utf-8"))
    assert re.search(
        r"Every blessing won between \d and \d games in 10 against no blessing", blessings
    )
    solved = reader_text((book_html / "under-the-hood/beacon-solved.html").read_text("utf-8"))
    assert "Linear programming" in solved and "mixed strategy" in solved
    margins = reader_text((book_html / "under-the-hood/blessing-balance.html").read_text("utf-8"))
    assert "95 % margin" in margins and "standard error" in margins


@pytest.mark.browser
def test_one_search_box_and_a_download_menu_a_reader_can_use(
    book_html: Path, book_server: str, chromium
) -> None:
    """At desktop and phone widths one search box shows; the download menu's notebook exists."""
    context = chromium.new_context(viewport={"width": 1280, "height": 800})
    try:
        page = context.new_page()
        page.goto(f"{book_server}/quads/strategy.html", wait_until="load")
        shown = """() => [...document.querySelectorAll(
            '.search-button-field, .search-button, form.bd-search, .search-field')]
            .filter(e => e.getClientRects().length && getComputedStyle(e).visibility !== 'hidden')
            .length"""
        assert page.evaluate(shown) == 1
        page.set_viewport_size({"width": 390, "height": 844})
        assert page.evaluate(shown) == 1
        page.set_viewport_size({"width": 1280, "height": 800})
        page.click(".dropdown-download-buttons > button")
        items = page.locator(".dropdown-download-buttons .dropdown-menu").inner_text()
        assert "Notebook (.ipynb)" in items and "Print or PDF" in items and ".md" not in items
        href = page.eval_on_selector(".dropdown-download-buttons a", "a => a.href")
        assert page.request.get(href).status == 200
    finally:
        context.close()


def test_the_teachers_guide_gives_each_chapter_its_lesson_and_the_hints_lock(
    book_html: Path,
) -> None:
    page = (book_html / "teachers.html").read_text(encoding="utf-8")
    article = page[page.index('<article class="bd-article"') :]
    article = article[: article.index("</article>")]
    text = " ".join(re.sub(r"<[^>]+>", " ", article).split())
    chapters = ["Reversi", "Beacon Lines", "Quads", "Tower Gate"]
    headings = re.findall(r"<h2[^>]*>(.*?)</h2>", article, re.DOTALL)
    names = [" ".join(re.sub(r"<[^>]+>", " ", h).replace("#", "").split()) for h in headings]
    assert [n for n in names if n in chapters] == chapters, names
    # Each chapter's part, from its heading to the next: what to teach, do, set and discuss.
    parts = re.split(r"<h2[^>]*>", article)
    for name in chapters:
        (part,) = [
            p
            for p in parts
            if re.sub(r"<[^>]+>", " ", p.split("</h2>")[0]).strip().startswith(name)
        ]
        for section in (
            "Students learn",
            "20-minute activity",
            "Exercises to set",
            "Questions to discuss",
        ):
            assert section in part, (name, section)
        assert re.search(r'href="[^"]*exercises\.html', part), name  # the exercises it sets
    # How to lock hints in a notebook, and the student edition's link.
    assert 'hints="locked-off"' in text.replace("&quot;", '"')
    assert "?student=1" in article and "?student=0" in article
    # The landing page's third way in leads here.
    intro = (book_html / "intro.html").read_text(encoding="utf-8")
    assert re.search(r'<a [^>]*href="teachers\.html"', intro)
