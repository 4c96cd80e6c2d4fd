"""The engine contract every game shares (docs/RULES.md, "One engine interface").

The match, the widgets, the CPU players, the book and the tests rely only on what is defined
here, so the four games can be treated alike. Each game's ``rules.Position`` is an immutable
value with ``start()``, ``to_move``, ``legal_moves()``, ``play()``, ``outcome``, ``to_json()`` /
``from_json()`` and ``_repr_svg_()``; ``GamePosition`` spells that out for type checkers.

Errors are typed by cause, like python-chess, one class per cause a caller can meet:

- ``MalformedMoveError``: text or a value that is not a move at all (``"z9"``, ``2.5``);
- ``ForbiddenMoveError``: a well-formed move that a rule forbids here (an occupied square);
- ``GameOverError`` (a ``ForbiddenMoveError``): any move once the game has ended;
- ``NotNowError``: a move the match cannot take now (the CPU is thinking, a review is open,
  it is the CPU's turn, the board was closed);
- ``RefusedError``: another request that cannot be carried out now (nothing to undo);
- ``SettingError``: a setting given a value it cannot take, or may not take now (hints locked
  off by a teacher, the daily puzzle's fixed level).

The move errors are ``IllegalMoveError`` and all of them are ``ValueError``; each carries a
stable ``code`` plus ``details`` so that a widget picks a translated text by code and never
parses the English ``reason``.

Also here, the few helpers every engine shares, so no game keeps its own copy:
``SvgPosition`` (``svg()`` and ``_repr_svg_`` drawn by the game's ``svg`` module),
``run_to_end`` (a search generator run on this thread) and ``bits`` (a bitboard's squares).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Generator, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import TYPE_CHECKING, Any, Protocol, Self, TypeVar, cast, runtime_checkable

from .checks import short_repr

if TYPE_CHECKING:
    from .spec import Msg  # core.spec imports this module

__all__ = [
    "ForbiddenMoveError",
    "GameOverError",
    "GamePosition",
    "IllegalMoveError",
    "M",
    "MalformedMoveError",
    "NotNowError",
    "Outcome",
    "P",
    "RefusedError",
    "SettingError",
    "SteppedMove",
    "SvgPosition",
    "SvgString",
    "Termination",
    "bits",
    "move_with_steps",
    "next_steps",
    "palette",
    "run_to_end",
]


class IllegalMoveError(ValueError):
    """A move that cannot be played in the position: the message names the move and the reason.

    ``code`` is a stable, machine-readable key (``"occupied"``, ``"no_bracket"``, …) that a
    widget maps to a translated text (``<game>.err.<code>``), formatted with ``details``.
    ``reason`` is the same in English words, for people reading a traceback.
    """

    default_code = "illegal"

    def __init__(
        self,
        move: object,
        reason: str,
        *,
        code: str | None = None,
        details: Mapping[str, object] | None = None,
    ):
        self.move = move
        self.reason = reason
        self.code = code or self.default_code
        self.details: dict[str, object] = dict(details or {})
        # short_repr: a list nested thousands deep must not raise RecursionError here.
        super().__init__(f"illegal move {short_repr(move)}: {reason}")


class MalformedMoveError(IllegalMoveError):
    """Text or a value that is not a move in this game's notation (``"z9"``, ``19``, ``None``)."""

    default_code = "malformed"


class ForbiddenMoveError(IllegalMoveError):
    """A well-formed move that a rule forbids here (an occupied square, the game is over, …)."""

    default_code = "forbidden"


class GameOverError(ForbiddenMoveError):
    """Any move after the game has ended (``code="game_over"``; a finished daily puzzle:
    ``"puzzle_over"``)."""

    default_code = "game_over"


class NotNowError(IllegalMoveError):
    """A move the match cannot take at this moment, whatever the move: the CPU is thinking
    (``code="busy"``), a review is open (``"reviewing"``), it is the CPU's turn
    (``"not_your_turn"``) or the board was closed (``"closed"``)."""

    default_code = "not_now"


class RefusedError(ValueError):
    """A request other than a move or a setting that cannot be carried out now (nothing to
    undo, a review ply out of range, a transcript that does not read); ``code`` is the key of
    the translated notice (``"err.nothing_to_undo"``)."""

    def __init__(self, reason: str, code: str):
        super().__init__(reason)
        self.code = code


class SettingError(ValueError):
    """A setting given a value it cannot take, or may not take now (constructor, attribute or
    ``settings`` intent). ``message`` is the reason as a translatable core ``Msg`` when there
    is one (the widget shows it as the notice)."""

    def __init__(self, reason: str, message: Msg | None = None):
        super().__init__(reason)
        self.message = message


class Termination(StrEnum):
    """How a game ended, as python-chess names it (``chess.Termination.CHECKMATE``).

    Each game's ``rules`` module names every way its games end in a subclass
    (``reversi.Termination.BOARD_FULL``, ``towergate.Termination.TURN_LIMIT``). A member is
    its key as a string too (``Termination.BOARD_FULL == "board_full"``), so the JSON state,
    the stored results and the texts (``<game>.termination.<key>``, one per member in every
    language: tests/test_contract.py) read it as before.
    """


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended.

    ``winner`` is a side name, or ``None`` for a draw. ``termination`` is one of the game's
    ``Termination`` members (``"board_full"``, ``"wiped_out"``, ``"shape_completed"``, …),
    which widgets translate; ``scores`` the final tally where the game has one; ``squares``
    the squares that decided it (a completed shape), for highlighting; ``details`` values for
    the translated sentence.
    """

    winner: str | None
    termination: Termination
    scores: dict[str, int] | None = None
    squares: tuple[str, ...] = ()
    details: dict[str, Any] = field(default_factory=dict)

    @property
    def reason(self) -> str:
        """The termination key (the name older code used)."""
        return str(self.termination)

    def to_json(self) -> dict[str, object]:
        return {
            "winner": self.winner,
            "termination": str(self.termination),
            "scores": self.scores,
            "squares": list(self.squares),
            "details": dict(self.details),
        }


class SvgString(str):
    """An SVG document that notebooks, GitHub and nbconvert render as a picture."""

    def _repr_svg_(self) -> str:
        return str(self)


class SvgPosition:
    """A game's ``Position`` base: ``svg(**options)`` draws it with ``position_svg`` of the
    ``svg`` module beside its ``rules`` module, and notebooks show that picture.

    The drawing is imported when first asked for, not at import: ``<game>.svg`` imports
    ``<game>.rules`` (the square names, the move parser), so ``rules`` cannot import it back,
    and the rules stay usable without ever loading it.
    """

    __slots__ = ()

    def svg(self, **options: object) -> SvgString:
        package = type(self).__module__.rpartition(".")[0]
        drawing = importlib.import_module(".svg", package)
        picture: SvgString = drawing.position_svg(self, **options)
        return picture

    def _repr_svg_(self) -> str:
        return str(self.svg())


MoveT = TypeVar("MoveT")
T = TypeVar("T")
MoveT_co = TypeVar("MoveT_co", covariant=True)


@runtime_checkable
class GamePosition(Protocol[MoveT_co]):
    """The structural type of every game's ``Position`` (generic over its move type).

    ``to_move`` is ``None`` when the game is over, or, in a game of simultaneous choices
    (Beacon Lines), always.
    """

    @property
    def to_move(self) -> str | None: ...

    @property
    def outcome(self) -> Outcome | None: ...

    def legal_moves(self) -> Sequence[MoveT_co]: ...

    def play(self, move: Any) -> Self: ...

    def to_json(self) -> dict[str, object]: ...

    def _repr_svg_(self) -> str: ...


class SteppedMove(Protocol):
    """A move that says which inputs make it (``("d3",)``, ``("D2", "piece:7")``)."""

    @property
    def steps(self) -> tuple[str, ...]: ...


#: A game's position and move types, as the core's generic classes name them
#: (``GameSpec[P, M]``, ``Match[P, M]``).
P = TypeVar("P", bound=GamePosition[object])
M = TypeVar("M", bound=SteppedMove)


def _own_steps(move: object) -> tuple[str, ...]:
    return tuple(cast(SteppedMove, move).steps)


def next_steps(
    moves: Iterable[MoveT],
    prefix: Sequence[str] = (),
    steps_of: Callable[[MoveT], tuple[str, ...]] = _own_steps,
) -> tuple[str, ...]:
    """The inputs that may follow ``prefix`` in some move of ``moves``, in order of first
    appearance; ``()`` when ``prefix`` is already a whole move or starts none.

    The one place that turns a game's legal moves (each with its ``steps``, the inputs a person
    gives for it) into the next clickable targets: the match and the engines' own helpers use it.
    """
    head = tuple(prefix)
    depth = len(head)
    seen: dict[str, None] = {}
    for move in moves:
        steps = steps_of(move)
        if len(steps) > depth and steps[:depth] == head:
            seen.setdefault(steps[depth])
    return tuple(seen)


def move_with_steps(
    moves: Iterable[MoveT],
    steps: Sequence[str],
    steps_of: Callable[[MoveT], tuple[str, ...]] = _own_steps,
) -> MoveT | None:
    """The move of ``moves`` whose steps are exactly ``steps``, or None."""
    wanted = tuple(steps)
    return next((move for move in moves if steps_of(move) == wanted), None)


# ==================================================================== helpers the engines share
def run_to_end(steps: Generator[object, None, T]) -> T:
    """Run a search generator (a ``search_steps``, ``analyse_steps``, …) to its end on this
    thread and return what it returns: the blocking form of a search that ``core.scheduler``
    otherwise runs off the kernel thread."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            result: T = done.value
            return result


def palette(defaults: Mapping[str, str], colors: Mapping[str, str] | None) -> dict[str, str]:
    """A picture's colours: a game's ``COLORS`` with ``colors`` over them (the ``colors=`` of
    every ``position_svg``, as python-chess's ``chess.svg.board(colors=...)``). A name the
    picture does not have, or a value that is no colour string, raises ValueError: a typo
    must not be ignored."""
    chosen = dict(colors or {})
    unknown = sorted(set(chosen) - set(defaults))
    if unknown:
        raise ValueError(
            f"unknown colour name(s) {', '.join(map(repr, unknown))}; "
            f"the picture's colours are {', '.join(map(repr, defaults))}"
        )
    for name, value in chosen.items():
        if not isinstance(value, str) or not value or any(c in value for c in _NOT_IN_COLOUR):
            raise ValueError(f"colour {name!r} must be a CSS colour string, got {value!r}")
    return {**defaults, **chosen}


#: Characters no CSS colour has, that would break out of an SVG attribute.
_NOT_IN_COLOUR = frozenset('"<>&')


def bits(mask: int) -> list[int]:
    """The indices of the set bits of ``mask``, lowest first: a bitboard's squares."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out
