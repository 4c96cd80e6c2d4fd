"""boardbook: four abstract strategy games as clickable boards in Jupyter notebooks.

Engines import without the widget stack (``from boardbook.reversi import Position`` does not
load anywidget); the widget classes below are imported lazily on first use.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

from .core.game import IllegalMoveError, Outcome

__version__ = "0.1.0"

_WIDGETS = {
    "Reversi": "boardbook.reversi.widget",
    "BeaconLines": "boardbook.beacon.widget",
}

__all__ = ["BeaconLines", "IllegalMoveError", "Outcome", "Reversi", "__version__"]


def __getattr__(name: str) -> Any:
    if name in _WIDGETS:
        return getattr(import_module(_WIDGETS[name]), name)
    raise AttributeError(f"module 'boardbook' has no attribute {name!r}")
