"""boardbook: four abstract strategy games as clickable boards in Jupyter notebooks.

Engines import without the widget stack (``from boardbook.reversi import Position`` does not
load anywidget); the widget classes below are imported lazily on first use. The games are
listed once, in ``boardbook.core.registry``.
"""

from __future__ import annotations

from .core.game import (
    ForbiddenMoveError,
    GameOverError,
    IllegalMoveError,
    MalformedMoveError,
    NotNowError,
    Outcome,
    RefusedError,
    SettingError,
)
from .core.lazy import lazy_attributes
from .core.registry import widget_modules

__version__ = "0.1.0"

_WIDGETS = widget_modules()

__all__ = [  # noqa: PLE0604 - the widget names come from the registry
    "ForbiddenMoveError",
    "GameOverError",
    "IllegalMoveError",
    "MalformedMoveError",
    "NotNowError",
    "Outcome",
    "RefusedError",
    "SettingError",
    "__version__",
    *sorted(_WIDGETS),
]


__getattr__ = lazy_attributes(__name__, _WIDGETS)


def __dir__() -> list[str]:
    return sorted({*globals(), *_WIDGETS})
