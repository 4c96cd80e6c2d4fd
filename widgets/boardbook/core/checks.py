"""Argument checks at the door of every public engine entry point, shared by the four games.

A bad argument must fail at once with a typed error that names the parameter and what it
accepts, never hang (a NaN deadline), overflow deep inside a search, or be read as something
else (``"no"`` as True). :class:`ArgumentError` is a ``ValueError``; :class:`ArgumentTypeError`
is both an ``ArgumentError`` and a ``TypeError``, so callers may catch either family.
"""

from __future__ import annotations

import math
import reprlib
from collections.abc import Sequence
from typing import TypeVar

__all__ = [
    "ArgumentError",
    "ArgumentTypeError",
    "budget",
    "count",
    "engine_args",
    "instance",
    "one_of",
    "random_source",
    "short_repr",
]

T = TypeVar("T")

_REPR = reprlib.Repr()
_REPR.maxlevel = 3
_REPR.maxstring = 40
_REPR.maxother = 40


def short_repr(value: object) -> str:
    """``repr`` cut short, safe on any value (a list nested 10,000 deep, a huge string)."""
    try:
        return _REPR.repr(value)
    except Exception:  # noqa: BLE001 - a broken __repr__ must not hide the real error
        return f"<{type(value).__name__}>"


class ArgumentError(ValueError):
    """A public function got an argument it does not accept; ``parameter`` names it."""

    def __init__(self, parameter: str, accepts: str, value: object):
        self.parameter = parameter
        self.accepts = accepts
        super().__init__(f"{parameter} must be {accepts}, got {short_repr(value)}")


class ArgumentTypeError(ArgumentError, TypeError):
    """An argument of the wrong type (also a ``TypeError``)."""


def instance(name: str, value: T, kind: type[object], what: str) -> T:
    """``value`` if it is a ``kind`` (``what`` says it in words), else ArgumentTypeError."""
    if not isinstance(value, kind):
        raise ArgumentTypeError(name, what, value)
    return value


def random_source(name: str, value: object) -> None:
    """A ``random.Random`` (or anything with its ``random()`` and ``choice()``)."""
    if not callable(getattr(value, "random", None)):
        raise ArgumentTypeError(name, "a random.Random", value)


def budget(name: str, value: object, *, optional: bool = True) -> float | None:
    """A thinking time in seconds: a finite number, 0 or more (None: the default)."""
    if value is None and optional:
        return None
    accepts = "a finite number of seconds, 0 or more" + (" (or None)" if optional else "")
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ArgumentTypeError(name, accepts, value)
    if not math.isfinite(value) or value < 0:
        raise ArgumentError(name, accepts, value)
    return float(value)


def count(
    name: str,
    value: object,
    *,
    minimum: int = 0,
    maximum: int | None = None,
    optional: bool = False,
) -> int | None:
    """A whole number (an ``int``, not a bool or a float like 1.5) within bounds."""
    if value is None and optional:
        return None
    top = f" and at most {maximum}" if maximum is not None else ""
    accepts = f"an int, at least {minimum}{top}" + (" (or None)" if optional else "")
    if isinstance(value, bool) or not isinstance(value, int):
        raise ArgumentTypeError(name, accepts, value)
    if value < minimum or (maximum is not None and value > maximum):
        raise ArgumentError(name, accepts, value)
    return value


def one_of(name: str, value: object, options: Sequence[T]) -> T:
    """The option ``value`` is (compared by equality, strings only for text), else an
    ``ArgumentError``."""
    for option in options:
        if type(value) is type(option) and value == option:
            return option
    words = ", ".join(repr(o) for o in options)
    kind = ArgumentError if isinstance(value, str) else ArgumentTypeError
    raise kind(name, f"one of {words}", value)


def engine_args(
    position: object,
    kind: type,
    what: str,
    *,
    level: object = None,
    rng: object = None,
    time_budget: object = None,
    budget_optional: bool = True,
) -> None:
    """The checks every search entry point starts with: ``position`` is a ``kind`` (``what``
    in words, e.g. "a reversi Position"), ``level`` (when given) a string, ``rng`` a
    ``random.Random`` or None, ``time_budget`` a finite number of seconds or None. Each game
    still checks which level names it knows."""
    instance("position", position, kind, what)
    if level is not None and not isinstance(level, str):
        raise ArgumentTypeError("level", "a level name (a string)", level)
    if rng is not None:
        random_source("rng", rng)
    budget("time_budget", time_budget, optional=budget_optional)
