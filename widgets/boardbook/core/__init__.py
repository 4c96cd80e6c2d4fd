"""Shared machinery of all games: engine interface, scheduling, stats, texts, widget base.

Importing this package must stay cheap and must not import the widget stack (anywidget),
so engines can be used on their own (and in Pyodide).
"""

from .game import GamePosition, IllegalMoveError, Outcome, SvgString

__all__ = ["GamePosition", "IllegalMoveError", "Outcome", "SvgString"]
