"""The book's two editions, English and Japanese, in one site: every page has a twin.

The English book is the Jupyter Book project ``book/`` (the site's root); the Japanese one is
``book/ja/`` (the site's ``ja/``), a second project with ``language: ja`` that ``build.py`` builds
after the first, sharing ``_static``, ``_ext``, ``live``, ``lite`` and the kit. A page and its
twin have the same docname in both projects (``reversi/rules``), so the twin of
``reversi/rules.html`` is ``ja/reversi/rules.html`` and back. Both projects load this extension:

* a language switch at the top of every page, leading to the same page in the other language,
  and ``<link rel="alternate" hreflang>`` in the head (search engines, screen readers);
* ``<meta name="boardbook:book-root">``: the English site's root from this page, so the page
  script (``_static/exercises.js``) finds what both editions share (a chapter's exercise count);
* a page whose twin has no source fails the build (a Japanese page not yet translated is a
  placeholder with the ``{twin-pending}`` directive, which says so and links the English page);
* Japanese pages get ruby over the kanji a 12-year-old may not read yet, at their first use on
  each page (the words and readings are in ``book/ja/_readings.yml``).
"""

from __future__ import annotations

import posixpath
import re
from html import escape
from pathlib import Path
from typing import Any

from docutils import nodes

#: Each edition's folder in the site (and in ``book/``) and the words of its switch.
EDITIONS = {"en": "", "ja": "ja"}
#: What the switch says, in the language it leads to (so a reader finds their own language).
SWITCH = {"en": "English", "ja": "日本語"}
SWITCH_TITLE = {"en": "Read this page in English", "ja": "このページを日本語で読む"}
#: The landing page says it in a sentence.
LANDING_SWITCH = {
    "en": "This book in English",
    "ja": "この本は日本語でも読めます",
}
PENDING_TEXT = (
    "このページの日本語版はまだできていません。英語版で読めます："
    '<a href="{href}" hreflang="en" lang="en">{title}</a>'
)
READINGS = "_readings.yml"
#: Nodes whose text is not prose: no ruby inside them.
_NO_RUBY = ("literal", "literal_block", "raw", "comment", "math", "math_block", "FixedTextElement")


def shared(app: Any, path: str) -> str:
    """A file both editions load from the site root (``_live/``, ``_fonts/``), as a path
    Sphinx puts after ``_static/`` (``add_js_file``, ``add_css_file``)."""
    return "../" * (2 if EDITIONS[language(app)] else 1) + path


def language(app: Any) -> str:
    lang = app.config.language or "en"
    if lang not in EDITIONS:
        raise ValueError(f"the book has no {lang!r} edition (editions: {', '.join(EDITIONS)})")
    return str(lang)


def other(lang: str) -> str:
    return "ja" if lang == "en" else "en"


def book_dir(srcdir: Path, lang: str) -> Path:
    """``book/`` from a project's source folder."""
    return srcdir.parent if EDITIONS[lang] else srcdir


def twin_source(srcdir: Path, lang: str, docname: str) -> Path | None:
    """The source file of ``docname``'s twin in the other edition, or None."""
    book = book_dir(Path(srcdir), lang)
    folder = EDITIONS[other(lang)]
    base = book / folder / docname if folder else book / docname
    for suffix in (".md", ".ipynb"):
        if base.with_suffix(suffix).is_file():
            return base.with_suffix(suffix)
    return None


def to_book_root(docname: str, lang: str) -> str:
    """The English site root relative to the page ``docname`` of edition ``lang``."""
    return "../" * (docname.count("/") + (1 if EDITIONS[lang] else 0))


def twin_url(docname: str, lang: str) -> str:
    """The twin page's URL relative to the page ``docname`` of edition ``lang``."""
    folder = EDITIONS[other(lang)]
    target = posixpath.join(folder, f"{docname}.html") if folder else f"{docname}.html"
    return to_book_root(docname, lang) + target


def switch_html(docname: str, lang: str, landing: bool = False) -> str:
    to = other(lang)
    words = LANDING_SWITCH[to] if landing else SWITCH[to]
    return (
        f'<p class="bb-lang-switch{" bb-lang-switch-landing" if landing else ""}">'
        f'<a class="bb-lang-link" href="{escape(twin_url(docname, lang))}" hreflang="{to}" '
        f'lang="{to}" '
        f'title="{escape(SWITCH_TITLE[to])}">{escape(words)}</a></p>'
    )


# ------------------------------------------------------------------------------------ Sphinx


def _page_context(app: Any, pagename: str, templatename: str, context: dict, doctree: Any) -> None:
    lang = language(app)
    context["metatags"] = context.get("metatags", "") + (
        f'\n<meta name="boardbook:book-root" content="{to_book_root(pagename, lang) or "./"}">'
    )
    if doctree is None or "body" not in context:
        return  # the theme's own pages (search, index): no twin to switch to
    if twin_source(Path(app.srcdir), lang, pagename) is None:
        from sphinx.util import logging

        logging.getLogger(__name__).warning(
            "%s has no %s twin: add %s (a placeholder with {twin-pending} will do)",
            pagename,
            other(lang),
            posixpath.join(EDITIONS[other(lang)] or ".", f"{pagename}.md"),
        )
        return
    to = other(lang)
    context["metatags"] += (
        f'\n<link rel="alternate" hreflang="{to}" href="{escape(twin_url(pagename, lang))}">'
    )
    landing = pagename == app.config.root_doc
    context["body"] = switch_html(pagename, lang, landing) + context["body"]


def readings(srcdir: Path) -> dict[str, str]:
    """``book/ja/_readings.yml``: word -> its reading in kana."""
    import yaml

    path = Path(srcdir) / READINGS
    data = yaml.safe_load(path.read_text(encoding="utf-8")) if path.is_file() else {}
    return {str(word): str(reading) for word, reading in (data or {}).items()}


def page_title(source: Path) -> str:
    """A page's title: its first ``# `` heading."""
    found = re.search(r"^# (.+)$", source.read_text(encoding="utf-8"), re.MULTILINE)
    return found.group(1).strip() if found else source.stem


class ruby(nodes.Inline, nodes.TextElement):
    """A word with its reading above it. Only the word is text: the search index sees 隅,
    not 隅すみ, and finds it as a word of its own."""


def _visit_ruby(translator: Any, node: Any) -> None:
    translator.body.append("<ruby>")


def _depart_ruby(translator: Any, node: Any) -> None:
    translator.body.append(f"<rt>{escape(node['reading'])}</rt></ruby>")


def _skip_ruby(translator: Any, node: Any) -> None:
    pass  # other builders: the word alone


def add_ruby(doctree: Any, readings: dict[str, str]) -> None:
    """Ruby over each word of ``readings`` at its first use on the page (in reading order)."""
    if not readings:
        return
    words = sorted(readings, key=len, reverse=True)  # 盤面 before 盤
    pattern = re.compile("|".join(re.escape(word) for word in words))
    seen: set[str] = set()

    def skipped(node: Any) -> bool:
        parent = node.parent
        while parent is not None:
            if type(parent).__name__ in _NO_RUBY or isinstance(parent, nodes.FixedTextElement):
                return True
            parent = parent.parent
        return False

    for text in list(doctree.findall(nodes.Text)):
        if skipped(text):
            continue
        value = str(text)
        pieces: list[Any] = []
        at = 0
        for match in pattern.finditer(value):
            word = match.group(0)
            if word in seen:
                continue
            seen.add(word)
            pieces.append(nodes.Text(value[at : match.start()]))
            pieces.append(ruby(word, word, reading=readings[word]))
            at = match.end()
        if pieces:
            pieces.append(nodes.Text(value[at:]))
            text.parent.replace(text, [p for p in pieces if not isinstance(p, nodes.Text) or p])


def _doctree_resolved(app: Any, doctree: Any, docname: str) -> None:
    if language(app) == "ja":
        add_ruby(doctree, readings(Path(app.srcdir)))


#: One kanji is a word (隅, 辺, 駒, 盤); one kana is not (を, は, の).
_KANJI = re.compile(r"^[\u3400-\u4dbf\u4e00-\u9fff]$")


def _japanese_search() -> None:
    """Sphinx's Japanese search (its TinySegmenter splitter) drops every one-character word,
    so a reader could not find 隅 or 辺; keep a single kanji, which is a word of its own."""
    from sphinx import search
    from sphinx.search.ja import SearchJapanese

    class BookJapanese(SearchJapanese):
        def word_filter(self, stemmed_word: str) -> bool:
            return len(stemmed_word) > 1 or bool(_KANJI.match(stemmed_word))

    search.languages["ja"] = BookJapanese


def setup(app: Any) -> dict[str, Any]:
    from docutils.parsers.rst import Directive

    if language(app) == "ja":
        _japanese_search()

    class TwinPending(Directive):
        """``{twin-pending}``: this Japanese page is not translated yet; read the English one."""

        def run(self) -> list[Any]:
            env = self.state.document.settings.env
            lang = language(env.app)
            source = twin_source(Path(env.srcdir), lang, env.docname)
            title = page_title(source) if source else "English"
            text = PENDING_TEXT.format(
                href=escape(twin_url(env.docname, lang)), title=escape(title)
            )
            html = f'<div class="bb-twin-pending admonition note"><p>{text}</p></div>'
            return [nodes.raw("", html, format="html")]

    app.add_directive("twin-pending", TwinPending)
    app.add_node(
        ruby,
        html=(_visit_ruby, _depart_ruby),
        latex=(_skip_ruby, _skip_ruby),
        text=(_skip_ruby, _skip_ruby),
    )
    # Noto Sans JP from the site itself (build.py vendors it from npm into _vendor/_fonts/),
    # split by unicode-range: a page downloads only the parts of the font its text uses.
    app.add_css_file(shared(app, "_fonts/noto-sans-jp.css"))
    app.connect("doctree-resolved", _doctree_resolved)
    app.connect("html-page-context", _page_context)
    return {"parallel_read_safe": True, "parallel_write_safe": True, "version": "1"}
