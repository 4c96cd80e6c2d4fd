"""Lazy attributes for a package ``__init__``: the widget classes load anywidget, so a package
names them without importing them until first use (``from boardbook import Reversi``)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from importlib import import_module
from typing import Any

__all__ = ["lazy_attributes"]


def lazy_attributes(package: str, names: Mapping[str, str]) -> Callable[[str], Any]:
    """A module ``__getattr__`` that imports ``names[name]`` (a module path) on first use.

    Usage: ``__getattr__ = lazy_attributes(__name__, {"Reversi": "boardbook.reversi.widget"})``.
    """

    def __getattr__(name: str) -> Any:
        if name in names:
            return getattr(import_module(names[name]), name)
        raise AttributeError(f"module {package!r} has no attribute {name!r}")

    return __getattr__
