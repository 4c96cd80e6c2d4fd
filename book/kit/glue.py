"""Glue: numbers computed by the engine, shown in a page's prose with ``{glue:md}`name```."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from IPython.display import display

#: myst-nb's glue format: a hidden output whose mime types carry this prefix and whose metadata
#: names the value. Written here rather than via ``myst_nb.glue``, whose first call imports
#: Sphinx (3-6 s per page) and which is missing where a page runs live (JupyterLite).
#: ``book/build_lite.py`` reads the same outputs to put the numbers into the live copies.
GLUE_PREFIX = "application/papermill.record/"


def say(name: str, value: Any) -> Any:
    """Glue ``value`` as inline Markdown for ``{glue:md}`name``` in the page's prose."""
    display(  # type: ignore[no-untyped-call]
        {GLUE_PREFIX + "text/markdown": str(value), GLUE_PREFIX + "text/plain": str(value)},
        raw=True,
        metadata={"scrapbook": {"name": name, "mime_prefix": GLUE_PREFIX}},
    )
    return value


def squares(names: Iterable[Any], lang: str = "en") -> str:
    """``["d5", "d4"]`` -> ``"d5, d4"`` (for prose; ``"d5、d4"`` in Japanese)."""
    return ("、" if lang == "ja" else ", ").join(str(name) for name in names)


def board_words(game: str, lang: str = "en", **settings: Any) -> dict[str, Any]:
    """The words a board shows (its ``labels``, and each setting's ``options`` as
    ``{value: label}``), so the prose names a button or a level as the reader sees it.

    Read from the game's match, not from a widget: a widget made in a page's kernel would be
    saved into the page, where it can only show "no longer connected".
    """
    from boardbook.core.match import Match
    from boardbook.core.registry import widget_class
    from boardbook.core.stats import MemoryStatsStore

    spec = widget_class(game).spec_class()
    shown = Match(spec, settings=settings, store=MemoryStatsStore()).snapshot(lang)
    options = {name: dict(pairs) for name, pairs in shown["options"].items()}
    return {"labels": dict(shown["labels"]), "options": options}
