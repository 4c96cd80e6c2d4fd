"""Shared machinery of all games: the engine contract (``game``), the hooks (``spec``), the
match (``match``), scheduling, stats, texts, the registry and the widget transport.

Importing this package must stay cheap and must not import the widget stack (anywidget),
so engines can be used on their own (and in Pyodide).
"""

from .game import GamePosition, IllegalMoveError, Outcome, SvgString

__all__ = ["GamePosition", "IllegalMoveError", "Outcome", "SvgString"]
