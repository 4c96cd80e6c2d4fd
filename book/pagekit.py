"""Helpers the book's pages import in their hidden first cell.

Why they exist: every board on a page must render from saved widget state *and* have a static
SVG form (print, text-only renderers, readers without JavaScript), and every number the text
states must come from the engine at build time (``say`` glues it into the prose).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from boardbook import Reversi
from boardbook.reversi import Position
from IPython.display import display


def diagram(rows: str, to_move: str) -> Position:
    """A position from an 8-line picture (row 1 first; ``X`` black, ``O`` white, ``.`` empty).

    Pages write their worked positions this way so the source reads like the board.
    """
    lines = [line.replace(" ", "") for line in rows.strip().splitlines()]
    if len(lines) != 8 or any(len(line) != 8 for line in lines):
        raise ValueError(f"a diagram needs 8 rows of 8 squares, got {lines!r}")
    side = {"black": "X", "white": "O"}[to_move]
    return Position.from_text("".join(lines).replace(".", "-") + " " + side)


def board(
    start: Position | None = None,
    moves: Iterable[str] = (),
    *,
    svg_size: int = 320,
    **options: Any,
) -> None:
    """Show a Reversi board: the widget (saved with the page) followed by its SVG form.

    ``moves`` are played on the widget from ``start`` (default: the opening), so the board
    shows the last move and its flips; a forced pass is played and announced by the widget.
    The SVG sits in ``div.bb-board-svg``: the page CSS shows it in print and whenever the
    widget has not rendered.
    """
    widget = Reversi(position=start or Position.start(), **options)
    for move in moves:
        widget.play(move)
    display(widget)
    played = [m for m in widget.history if m != "pass"]
    svg = widget.position.svg(size=svg_size, last_move=played[-1] if played else None)
    display(
        {
            "text/html": f'<div class="bb-board-svg">{svg}</div>',
            "image/svg+xml": str(svg),
        },
        raw=True,
    )
    # Nothing returned: a cell ending in board(...) must not display the widget a second time.


#: myst-nb's glue format: a hidden output whose mime types carry this prefix and whose metadata
#: names the value. Written here rather than via ``myst_nb.glue``, whose first call imports
#: Sphinx (3-6 s per page) and which is missing where a page runs live (JupyterLite).
GLUE_PREFIX = "application/papermill.record/"


def say(name: str, value: Any) -> Any:
    """Glue ``value`` as inline Markdown for ``{glue:md}`name``` in the page's prose."""
    display(
        {GLUE_PREFIX + "text/markdown": str(value), GLUE_PREFIX + "text/plain": str(value)},
        raw=True,
        metadata={"scrapbook": {"name": name, "mime_prefix": GLUE_PREFIX}},
    )
    return value


def squares(names: Iterable[Any]) -> str:
    """``["d5", "d4"]`` -> ``"d5, d4"`` (for prose)."""
    return ", ".join(str(name) for name in names)
