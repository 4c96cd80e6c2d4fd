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
from typing import Any, TypeVar

__all__ = [
    "ArgumentError",
    "ArgumentTypeError",
    "boolean",
    "budget",
    "clock",
    "count",
    "engine_args",
    "index",
    "instance",
    "one_of",
    "random_source",
    "sequence",
    "short_repr",
    "strings",
    "text",
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
    """A public function got an argument it does not accept; ``parameter`` names it (a part of
    it as ``data['turn']``), ``accepts`` says what it takes, ``detail`` what is wrong when the
    value's type is right but its content is not."""

    def __init__(self, parameter: str, accepts: str, value: object, detail: str = ""):
        self.parameter = parameter
        self.accepts = accepts
        self.value = value
        self.detail = detail
        why = f" ({detail})" if detail else ""
        super().__init__(f"{parameter} must be {accepts}, got {short_repr(value)}{why}")

    def within(self, parameter: str) -> ArgumentError:
        """The same error about a part of ``parameter`` (``data['board']``), for a function
        that checks its argument by passing its parts to another."""
        return type(self)(f"{parameter}[{self.parameter!r}]", self.accepts, self.value, self.detail)


class ArgumentTypeError(ArgumentError, TypeError):
    """An argument of the wrong type (also a ``TypeError``)."""


def instance(name: str, value: T, kind: type[object], what: str) -> T:
    """``value`` if it is a ``kind`` (``what`` says it in words), else ArgumentTypeError."""
    if not isinstance(value, kind):
        raise ArgumentTypeError(name, what, value)
    return value


def boolean(name: str, value: object) -> bool:
    """True or False, nothing else: ``"no"``, 0 or None must not read as a choice."""
    if not isinstance(value, bool):
        raise ArgumentTypeError(name, "True or False", value)
    return value


def text(name: str, value: object, *, optional: bool = False, empty: bool = True) -> str | None:
    """A string (``empty=False``: not ""), or None when ``optional``."""
    if value is None and optional:
        return None
    accepts = "a non-empty string" if not empty else "a string"
    accepts += " or None" if optional else ""
    if not isinstance(value, str):
        raise ArgumentTypeError(name, accepts, value)
    if not empty and not value:
        raise ArgumentError(name, accepts, value)
    return value


def sequence(name: str, value: object, what: str) -> tuple[Any, ...]:
    """A list or tuple (not a string, a dict or an iterator) as a tuple; ``what`` says of what."""
    if isinstance(value, str) or not isinstance(value, list | tuple):
        raise ArgumentTypeError(name, f"a list of {what}", value)
    return tuple(value)


def strings(name: str, value: object, what: str) -> tuple[str, ...]:
    """A list or tuple of strings (``what`` says of what) as a tuple."""
    items = sequence(name, value, what)
    if not all(isinstance(item, str) for item in items):
        raise ArgumentTypeError(name, f"a list of {what}", value)
    return items


def clock(name: str, value: object) -> None:
    """A clock (a function of no arguments returning seconds, like ``time.monotonic``) or None."""
    if value is not None and not callable(value):
        raise ArgumentTypeError(name, "a clock function (like time.monotonic) or None", value)


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


def index(name: str, value: object, size: int) -> int:
    """An index into ``size`` things (a square, a piece): an int from 0 to ``size - 1``."""
    found = count(name, value, maximum=size - 1)
    assert found is not None
    return found


def one_of(name: str, value: object, options: Sequence[T]) -> T:
    """The option ``value`` is (of the same type, so 1 is not True; a value that cannot be
    compared is none of them), else an ``ArgumentError``."""
    for option in options:
        if type(value) is type(option) and _equal(value, option):
            return option
    words = ", ".join(repr(o) for o in options)
    kind = ArgumentError if isinstance(value, str) else ArgumentTypeError
    raise kind(name, f"one of {words}", value)


def _equal(value: object, option: object) -> bool:
    try:
        return bool(value == option)
    except Exception:  # noqa: BLE001 - a value that cannot be compared is not the option
        return False


def position(
    value: object, kind: type, what: str, *, name: str = "position", live: bool = False
) -> None:
    """A ``kind`` position (``what`` in words, e.g. "a reversi Position"); ``live``: one whose
    game is not over (there is a move to choose, a puzzle to solve)."""
    instance(name, value, kind, what)
    if live and getattr(value, "outcome", None) is not None:
        raise ArgumentError(name, f"{what} whose game is not over", value, "the game is over")


def engine_args(
    position_: object,
    kind: type,
    what: str,
    *,
    name: str = "position",
    levels: Sequence[str] | None = None,
    level: object = None,
    rng: object = None,
    time_budget: object = None,
    budget_optional: bool = True,
    live: bool = True,
) -> None:
    """The checks every search entry point starts with: the position (parameter ``name``) is
    a ``kind`` (``what`` in words, e.g. "a reversi Position") whose game is not over (unless
    ``live`` is False), ``level`` one of ``levels`` (when given), ``rng`` a ``random.Random``
    or None, ``time_budget`` a finite number of seconds (or None, when ``budget_optional``)."""
    position(position_, kind, what, name=name, live=live)
    if levels is not None:
        one_of("level", level, levels)
    if rng is not None:
        random_source("rng", rng)
    budget("time_budget", time_budget, optional=budget_optional)
