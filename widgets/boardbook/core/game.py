"""The engine interface every game shares (RULES.md, "One engine interface").

Widgets, CPU players, the book and the tests only rely on what is defined here, so the four
games can be treated alike. Each game's ``rules.Position`` is an immutable value with
``start()``, ``to_move``, ``legal_moves()``, ``play()``, ``outcome``, ``to_json()`` /
``from_json()`` and ``_repr_svg_()``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable


class IllegalMoveError(ValueError):
    """A move that is malformed or not legal in the position; the message names both."""

    def __init__(self, move: object, reason: str):
        self.move = move
        self.reason = reason
        super().__init__(f"illegal move {move!r}: {reason}")


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended: ``winner`` is a side name, or ``None`` for a draw."""

    winner: str | None
    reason: str
    scores: dict[str, int] | None = None

    def to_json(self) -> dict[str, Any]:
        return {"winner": self.winner, "reason": self.reason, "scores": self.scores}


class SvgString(str):
    """An SVG document that notebooks, GitHub and nbconvert render as a picture."""

    def _repr_svg_(self) -> str:
        return str(self)


@runtime_checkable
class GamePosition(Protocol):
    """The structural type of every game's ``Position``."""

    @property
    def to_move(self) -> str | None: ...

    @property
    def outcome(self) -> Outcome | None: ...

    def legal_moves(self) -> Sequence[Any]: ...

    def play(self, move: Any) -> GamePosition: ...

    def to_json(self) -> dict[str, Any]: ...

    def _repr_svg_(self) -> str: ...
