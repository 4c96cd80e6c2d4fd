"""Live boards on the book's pages: the cell helper that writes one, and the Sphinx hook.

A page's hidden cell calls :func:`live_board`; it shows the board's picture (the static SVG of
its start, so the page reads and prints without any script) with a "▶ Play here" button under
it. On the built page, ``_live/live.js`` (loaded by this module as a Sphinx extension) starts
the real widget in the reader's browser on that click: see ``book/live/README.md``.

Two import names, one file: Sphinx loads it as the extension ``liveboard``
(``local_extensions: {liveboard: live/}`` in ``_config.yml``), pages import it as
``live.liveboard`` (the book build puts ``book/`` on the kernel's path).
"""

from __future__ import annotations

import json
from html import escape
from typing import Any

__all__ = ["READER_TEXTS", "live_board", "play_on", "setup"]

#: What a live board says to the reader, in the page's language (the board itself speaks it
#: too: a Japanese page starts its widget with ``lang="ja"``).
READER_TEXTS = {
    "en": {
        "play": "▶ Play here",
        # A lesson position the reader may play on from.
        "play_on": "▶ Play on from here",
        # What the reader reads next to the button before pressing it.
        "ready": "The game starts on this page: Python runs in your browser, nothing to install.",
        # While Python starts (the first board of a visit downloads the runtime, later ones
        # do not).
        "starting": "Starting Python in your browser… (the first time takes a few seconds)",
        "starting_label": "Starting…",
        "failed": "The board could not start",
    },
    "ja": {
        "play": "▶ ここで遊ぶ",
        "play_on": "▶ この局面から遊ぶ",
        "ready": "このページの上で対局が始まります。Pythonがブラウザの中で動くので、"
        "インストールはいりません。",
        "starting": "ブラウザでPythonを起動しています…（初回は数秒かかります）",
        "starting_label": "起動中…",
        "failed": "盤を起動できませんでした",
    },
}

GAMES = ("reversi", "quads", "towergate", "beacon")


def check_settings(game: str, settings: dict[str, Any], position: str | None = None) -> None:
    """Refuse at build time what the widget would refuse in the reader's browser: an unknown
    keyword, a value a setting does not take, a position that does not parse."""
    from boardbook.core.registry import widget_class

    cls = widget_class(game)
    aliases = dict(cls._aliases)
    spec_keywords: dict[str, Any] = {}
    for name, value in settings.items():
        name = aliases.get(name, name)
        if name in cls._table:
            cls._table[name].check(value)
        elif name in cls._spec_keywords:
            spec_keywords[name] = value
        else:
            raise ValueError(f"{cls.__name__} has no setting {name!r}")
    if position is not None:
        spec_keywords["position"] = position
    cls.spec_class(**spec_keywords)  # the game's own checks (a position that does not parse)


def live_board_html(
    svg: str,
    caption: str,
    *,
    game: str,
    settings: dict[str, Any] | None = None,
    puzzle: bool = False,
    position: str | None = None,
    label: str | None = None,
    lang: str = "en",
) -> str:
    """The ``.bb-live`` box: the picture, the button, and where the live board will go.

    ``lang`` is the page's language: the reader's texts, and the widget's ``lang`` setting.
    """
    words = READER_TEXTS[lang]
    if lang != "en":
        settings = {**(settings or {}), "lang": lang}
    if game not in GAMES:
        raise ValueError(f"unknown game {game!r}; the games are {', '.join(GAMES)}")
    if not caption.strip():
        raise ValueError("every live board needs a caption")
    if puzzle and position:
        raise ValueError("a live board is the daily puzzle or a position, not both")
    check_settings(game, settings or {}, position)
    attributes = {
        "class": "bb-live",
        "data-game": game,
        "data-settings": json.dumps(settings or {}, separators=(",", ":")),
        "data-starting": words["starting"],
        "data-starting-label": words["starting_label"],
        "data-failed": words["failed"],
    }
    if puzzle:
        attributes["data-puzzle"] = "today"
    if position:
        attributes["data-position"] = position
    attrs = " ".join(f'{name}="{escape(value)}"' for name, value in attributes.items())
    picture = (
        f'<figure class="bb-lesson bb-live-picture"><div class="bb-lesson-board">{svg}</div>'
        f"<figcaption>{escape(caption)}</figcaption></figure>"
    )
    if puzzle:
        # The reader's day is known in the browser only: live.js fills in the date, and the
        # picture and heading of that day's puzzle from the build's map (``daily.py``).
        picture = (
            '<figure class="bb-lesson bb-live-picture bb-live-puzzle-intro">'
            f'<p class="bb-live-puzzle-day">{escape(caption)} <span class="bb-live-date"></span>'
            "</p>"
            '<div class="bb-lesson-board bb-live-puzzle-board" hidden></div>'
            '<figcaption class="bb-live-puzzle-title" hidden></figcaption></figure>'
        )
    return (
        f"<div {attrs}>{picture}"
        '<div class="bb-live-bar">'
        # Disabled until live.js has bound it: a click before that would be lost, and the board
        # would never start (a slow first visit shows the page well before its scripts run).
        f'<button type="button" class="bb-live-play" disabled>{escape(label or words["play"])}'
        "</button> "
        '<span class="bb-live-status" role="status" aria-live="polite">'
        f"{escape(words['ready'])}"
        "</span></div>"
        '<div class="bb-live-board" hidden></div></div>'
    )


def live_board(
    board: Any,
    caption: str,
    *,
    game: str,
    settings: dict[str, Any] | None = None,
    puzzle: bool = False,
    position: str | None = None,
    label: str | None = None,
    lang: str = "en",
    **svg_options: Any,
) -> None:
    """Show a live board: ``board`` (a position or an SVG string) as its picture until the
    reader presses Play, then the game itself (``game``'s widget with ``settings``, or the
    daily puzzle of the reader's date with ``puzzle=True``, or starting from ``position``, a
    position's text form), in the page's language ``lang``.

    The notebook copies of the pages (``build_lite.py``) leave it out: there, the page's own
    code cell makes the board.
    """
    from kit.lesson import picture

    svg = "" if puzzle else picture(board, lang=lang, **svg_options)
    html = live_board_html(
        svg,
        caption,
        game=game,
        settings=settings,
        puzzle=puzzle,
        position=position,
        label=label,
        lang=lang,
    )
    # An empty Markdown form: the live notebook copy shows the widget itself, not this box.
    _display(html, caption, "")


def play_on(
    position: Any,
    caption: str,
    *,
    settings: dict[str, Any] | None = None,
    board: str | None = None,
    label: str | None = None,
    lang: str = "en",
    **svg_options: Any,
) -> None:
    """A lesson position the reader can play on from: its picture, as ``kit.lesson`` shows it
    (``board``, an SVG, or drawn from ``position`` with ``svg_options``), and a button that
    starts the game from exactly this position (``settings``: the widget's keywords, e.g. the
    CPU's level and the reader's side).

    The notebook copy of the page keeps the picture (there is no code cell for this board).
    """
    from kit.lesson import _game, _img, picture

    svg = board if board is not None else picture(position, lang=lang, **svg_options)
    html = live_board_html(
        svg,
        caption,
        game=_game(position),
        settings=settings,
        position=position.to_text(),
        label=label or READER_TEXTS[lang]["play_on"],
        lang=lang,
    )
    _display(html, caption, f"{_img(svg, caption)}\n\n*{escape(caption)}*")


def _display(html: str, caption: str, markdown: str) -> None:
    from IPython.display import display

    display(  # type: ignore[no-untyped-call]
        {"text/html": html, "text/plain": f"[live board: {caption}]", "text/markdown": markdown},
        raw=True,
    )


# ------------------------------------------------------------------------------------ Sphinx


def setup(app: Any) -> dict[str, Any]:
    """Load the bridge and its styles on every page (it does nothing where there is no board).

    The files live in the site's ``_live/`` (staged by ``stage.py`` into ``book/_vendor``,
    which Sphinx copies to the site root), not ``_static/``: Jupyter Book adds every script of
    ``_static/`` to every page as a classic script. Both editions load the same files
    (``editions.shared``: the Japanese site is one folder down).
    """
    from editions import shared

    app.add_js_file(shared(app, "_live/live.js"), type="module")
    app.add_css_file(shared(app, "_live/live.css"))
    return {"parallel_read_safe": True, "parallel_write_safe": True, "version": "1"}
