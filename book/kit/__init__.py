"""Helpers the book's pages import in their hidden cells (they are not part of boardbook).

Why they exist: every number a page states comes from the engine at build time (``say`` glues
it into the prose), and every board on a page is a lesson picture drawn from the engine's SVG
(``lesson``, ``before_after``), not a live widget: a static page cannot answer clicks, so it
shows no control. Exercises (``exercise``) answer clicks from verdicts computed here.
"""

from __future__ import annotations

from .glue import GLUE_PREFIX, board_words, say, squares
from .lesson import before_after, exercise, lesson, print_only

__all__ = [
    "GLUE_PREFIX",
    "before_after",
    "board_words",
    "exercise",
    "lesson",
    "print_only",
    "say",
    "squares",
]
