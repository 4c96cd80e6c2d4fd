"""The optional hooks of a game, in small protocols: a game's spec implements the ones it has.

``GameSpec`` (core/spec.py) holds what every game gives (the start, the CPU, the board and the
words around it). What only some games have is a protocol here, generic over the game's own
types, so mypy checks that a game's hooks agree with each other (the analysis its coach
computes is the one its advice reads):

* ``CoachHooks[P, M, A]``: the coach (core/coach.py): hints, the CPU's thoughts, the review
  graph; ``A`` is the game's analysis.
* ``PositionTextHooks[P]``: a string that opens the position elsewhere (the Record panel).
* ``TranscriptHooks[M]``: a pasted transcript read back (the Load field), and the moves the
  first game starts with.
* ``PuzzleHooks[P]``: the daily puzzle (core/puzzle.py).

A game subclasses the protocols it implements beside ``GameSpec``, which gives it their
defaults; the core asks ``isinstance(spec, CoachHooks)`` (the functions below) and offers the
feature only then::

    class ReversiGame(
        GameSpec[Position, Move],
        CoachHooks[Position, Move, Analysis],
        PositionTextHooks[Position],
        TranscriptHooks[Move],
    ): ...
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Generator, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Protocol, TypeVar, runtime_checkable

from .coach import Advice, ReviewPoint, Thinking
from .game import GamePosition
from .spec import GameSpec, M, P, View

if TYPE_CHECKING:
    from .daily import DailyPuzzle

__all__ = [
    "CoachHooks",
    "PositionTextHooks",
    "PuzzleHooks",
    "TranscriptHooks",
    "coach_hooks",
    "position_text_hooks",
    "puzzle_hooks",
    "transcript_hooks",
]

# Each protocol's type variables as the protocol uses them (mypy checks the variance): a hook
# that only takes a position accepts any wider one, a hook that returns moves may return narrower.
P_contra = TypeVar("P_contra", bound=GamePosition[object], contravariant=True)
M_contra = TypeVar("M_contra", contravariant=True)
M_co = TypeVar("M_co", covariant=True)
P_co = TypeVar("P_co", bound=GamePosition[object], covariant=True)
A = TypeVar("A")


@runtime_checkable
class CoachHooks(Protocol[P, M_contra, A]):
    """The coach (docs/adding-a-game.md, "The coach"): ``A`` is what the game's analysis of a
    position is (Reversi's ``ai.Analysis``: a value per move, depth, exactness)."""

    #: The review graph's smallest half-height, in the game's unit (Reversi 8 discs, Beacon
    #: Lines 1, the whole range of a result); the graph grows to fit larger values.
    coach_range: ClassVar[float] = 1.0

    def coach_steps(
        self, position: P, *, time_budget: float
    ) -> Generator[A | None, None, A] | None:
        """The strong CPU's analysis of ``position`` for the side (or sides) to choose: a
        generator like ``search`` that yields ``None`` regularly and a partial analysis each
        time it refines, and returns the final one; None: nothing to analyse (game over)."""
        ...

    def coach_advice(self, view: View[P], analysis: A) -> Advice:
        """The hints an analysis of ``view.position`` gives: one ``Hint`` per target."""
        ...

    def coach_review(self, before: P, move: M_contra, after: P, analysis: A) -> ReviewPoint:
        """One move of the review, from ``coach_steps``'s final analysis of ``before``."""
        ...

    def coach_final(self, position: P) -> float | None:
        """The value of a finished ``position`` for ``sides[0]`` (the graph's last point)."""
        return None

    def coach_unit(self, lang: str) -> str:
        """What the review graph's values count ("discs", "expected result")."""
        return ""

    def coach_thinking(self, position: P, progress: object, lang: str) -> Thinking | None:
        """A CPU search's yielded progress (what ``search`` yields) as the depth and the line
        it expects; None: this progress says neither."""
        return None


@runtime_checkable
class PositionTextHooks(Protocol[P_contra]):
    """The Record panel's position: a string that opens it elsewhere."""

    def position_text(self, position: P_contra) -> str:
        """A string ``position=`` accepts (``Reversi(position=...)``) for ``position``."""
        ...


@runtime_checkable
class TranscriptHooks(Protocol[M_co]):
    """The Record panel's Load field: a transcript (as ``GameSpec.transcript`` writes it)
    read back into moves, and the moves a first game starts with."""

    def read_transcript(self, text: str) -> Sequence[M_co]:
        """The moves of a pasted transcript, from the start (the match plays them and names
        the first that is not legal); ValueError or IllegalMoveError naming the problem."""
        ...

    def opening(self) -> Sequence[M_co]:
        """Moves the first game starts with (``Reversi(moves="f5d6")``): loaded, not recorded."""
        return ()


@runtime_checkable
class PuzzleHooks(Protocol[P_co]):
    """The daily puzzle (core/puzzle.py): ``Widget.puzzle()``."""

    #: The level that defends the puzzle; "" = the last of ``GameSpec.levels``.
    puzzle_level: ClassVar[str] = ""

    def daily_puzzle(self, date: dt.date | None) -> DailyPuzzle[P_co]:
        """The puzzle of ``date`` (None: today in Japan, ``core.daily.japan_date``); its
        position must be one ``position=`` accepts."""
        ...


# The core's questions. The coach's analysis is ``Any`` to the core: it passes what a game's
# ``coach_steps`` returned to its ``coach_advice`` and never looks inside it.
def coach_hooks(spec: GameSpec[P, M]) -> CoachHooks[P, M, Any] | None:
    """``spec``'s coach, or None: the game has none."""
    return spec if isinstance(spec, CoachHooks) else None


def position_text_hooks(spec: GameSpec[P, M]) -> PositionTextHooks[P] | None:
    return spec if isinstance(spec, PositionTextHooks) else None


def transcript_hooks(spec: GameSpec[P, M]) -> TranscriptHooks[M] | None:
    return spec if isinstance(spec, TranscriptHooks) else None


def puzzle_hooks(spec: GameSpec[P, M]) -> PuzzleHooks[P] | None:
    return spec if isinstance(spec, PuzzleHooks) else None
