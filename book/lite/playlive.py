""" "Play live": links from the book's pages to their live copies in the JupyterLite site.

One module, two users, so they agree on which pages are notebooks and where their live copies
are: ``book/build_lite.py`` (which converts those pages into the lite site's notebooks) and
Sphinx, where this module is an extension (``sphinx: local_extensions: {playlive: lite/}`` in
``book/_config.yml``). The extension provides a ``{play-live}`` directive, a short "Play live"
box for the pages where there is something to play (the "Play a full game" pages; the long
explanation is on the intro, once), and puts two small links at the foot of every notebook
page: open it as a live notebook, or download it as a real ``.ipynb``.
"""

from __future__ import annotations

import html
import re
from pathlib import Path
from typing import Any, ClassVar

#: The lite site's folder inside the built HTML (``book/_build/html/lite/``).
LITE_SUBDIR = "lite"

#: The JupyterLite app that opens one notebook without the full JupyterLab chrome.
LITE_APP = "notebooks/index.html"

#: Folders of the book source that never hold pages.
SKIPPED_DIRS = frozenset(
    {"_build", "_vendor", "_static", "lite", "live", "node_modules", "site_js"}
)

_FRONT_MATTER = re.compile(r"\A---\s*\n(.*?)\n---\s*\n", re.DOTALL)

#: What a first start downloads (MB): measured by tests/lite/test_lite_browser.py, which
#: fails when the real figure leaves the range the note's wording covers.
DOWNLOAD_MB = 28

#: What the reader is told next to a "Play live" link: short (the intro explains the rest).
#: The first start takes about 10 s on an idle desktop, about a minute on a slow machine.
NOTE_TEXT = (
    "Python starts in your browser: nothing to install. The first start takes up to a minute "
    f"(about {DOWNLOAD_MB} MB). Then choose <b>Run &rsaquo; Run All Cells</b> and play."
)
#: The words of this module's boxes and links on a page of each edition (its language).
WORDS = {
    "en": {
        "note": NOTE_TEXT,
        "label": "▶ Play live",
        "links": "This page as a notebook: ",
        "open": "open it live",
        "download": "download it (.ipynb)",
    },
    "ja": {
        "note": (
            "Pythonがブラウザの中で動きます。インストールはいりません。初回の起動には1分ほど"
            f"かかります（約{DOWNLOAD_MB} MB）。開いたら <b>Run &rsaquo; Run All Cells</b> を"
            "選んで遊びましょう。"
        ),
        "label": "▶ ノートブックで遊ぶ",
        "links": "このページをノートブックで：",
        "open": "ブラウザで開く",
        "download": "ダウンロード（.ipynb）",
    },
}


def is_notebook_source(path: Path) -> bool:
    """True for an ``.ipynb`` page or a MyST markdown notebook (front matter with a kernel)."""
    if path.suffix == ".ipynb":
        return True
    if path.suffix != ".md":
        return False
    try:
        head = path.read_text(encoding="utf-8")[:4000]
    except OSError:
        return False
    match = _FRONT_MATTER.match(head)
    return (
        bool(match)
        and re.search(r"^(kernelspec|jupytext)\s*:", match.group(1), re.MULTILINE) is not None
    )


def notebook_pages(book_dir: Path) -> list[Path]:
    """Every notebook page under ``book_dir`` (sorted), skipping build and vendor folders."""
    pages = []
    for path in sorted(book_dir.rglob("*")):
        parts = path.relative_to(book_dir).parts
        if any(part in SKIPPED_DIRS or part.startswith(".") for part in parts[:-1]):
            continue
        if path.is_file() and not path.name.startswith((".", "_")) and is_notebook_source(path):
            pages.append(path)
    return pages


def lite_notebook_path(docname: str, edition: str = "") -> str:
    """The notebook's path inside the lite site's contents for the page ``docname`` of an
    edition (``""``: the English book; ``"ja"``: the Japanese one, in the lite site's ``ja/``)."""
    return f"{edition}/{docname}.ipynb" if edition else f"{docname}.ipynb"


def _to_site_root(docname: str, edition: str) -> str:
    return "../" * (docname.count("/") + (1 if edition else 0))


def live_url(docname: str, edition: str = "") -> str:
    """The link from the built page ``docname`` (``reversi/play`` → ``reversi/play.html``)."""
    to_root = _to_site_root(docname, edition)
    return f"{to_root}{LITE_SUBDIR}/{LITE_APP}?path={lite_notebook_path(docname, edition)}"


def download_url(docname: str, edition: str = "") -> str:
    """The page's notebook file in the lite site (``reversi/play`` → ``…/files/reversi/play.ipynb``)."""
    to_root = _to_site_root(docname, edition)
    return f"{to_root}{LITE_SUBDIR}/files/{lite_notebook_path(docname, edition)}"


def links_html(docname: str, edition: str = "", lang: str = "en") -> str:
    """The small links at the foot of every notebook page."""
    name = lite_notebook_path(docname).rsplit("/", 1)[-1]
    words = WORDS[lang]
    return (
        f'<p class="bb-notebook-links">{words["links"]}'
        f'<a href="{html.escape(live_url(docname, edition))}" target="_blank" rel="noopener">'
        f"{words['open']}</a> · "
        f'<a href="{html.escape(download_url(docname, edition))}" download="{html.escape(name)}">'
        f"{words['download']}</a></p>"
    )


def note_html(
    docname: str, text: str = NOTE_TEXT, label: str = "▶ Play live", edition: str = ""
) -> str:
    """The "Play live" note: a button-like link and what the reader should expect."""
    return (
        '<div class="bb-playlive admonition tip" role="note">'
        f'<a class="bb-playlive-link" href="{html.escape(live_url(docname, edition))}" '
        f'target="_blank" rel="noopener">{html.escape(label)}</a> '
        f'<span class="bb-playlive-text">{text}</span></div>'
    )


# ------------------------------------------------------------------------------------ Sphinx


def edition_of(app: Any) -> tuple[str, str]:
    """The edition a Sphinx project builds: (its folder in the site, its language)."""
    from editions import EDITIONS, language

    lang = language(app)
    return EDITIONS[lang], lang


def _is_notebook_page(app: Any, pagename: str) -> bool:
    if pagename not in app.env.all_docs:
        return False
    return is_notebook_source(Path(app.env.doc2path(pagename)))


def _add_note(app: Any, pagename: str, templatename: str, context: dict, doctree: Any) -> None:
    if doctree is None or not app.config.playlive_note or "body" not in context:
        return
    if _is_notebook_page(app, pagename):
        edition, lang = edition_of(app)
        context["body"] = context["body"] + links_html(pagename, edition, lang)


def setup(app: Any) -> dict[str, Any]:
    from docutils import nodes
    from docutils.parsers.rst import Directive, directives

    class PlayLive(Directive):
        """``{play-live}`` [label]: a "Play live" link to this page's live copy, here."""

        optional_arguments = 1
        final_argument_whitespace = True
        option_spec: ClassVar[dict[str, Any]] = {"text": directives.unchanged}

        def run(self) -> list[Any]:
            env = self.state.document.settings.env
            edition, lang = edition_of(env.app)
            words = WORDS[lang]
            label = self.arguments[0] if self.arguments else words["label"]
            text = html.escape(self.options["text"]) if "text" in self.options else words["note"]
            box = note_html(env.docname, text, label, edition)
            return [nodes.raw("", box, format="html")]

    app.add_config_value("playlive_note", True, "html")
    app.add_directive("play-live", PlayLive)
    app.connect("html-page-context", _add_note)
    app.connect("builder-inited", _add_css)
    return {"parallel_read_safe": True, "parallel_write_safe": True, "version": "1"}


def _add_css(app: Any) -> None:
    static = str(Path(__file__).parent / "sphinx_static")
    if static not in app.config.html_static_path:
        app.config.html_static_path.append(static)
    app.add_css_file("playlive.css")
