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


def squares(names: Iterable[Any]) -> str:
    """``["d5", "d4"]`` -> ``"d5, d4"`` (for prose)."""
    return ", ".join(str(name) for name in names)
