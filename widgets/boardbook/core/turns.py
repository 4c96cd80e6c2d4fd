"""Whose turn it is, and how a move is built from inputs: the one place a match asks whether
the game is played in turns or by simultaneous secret choices (``GameSpec.hidden``).

``Seats`` says who plays which side in the current game (the sides alternate between games).
A ``TurnOrder`` holds the move being built (``selection``) and answers, for its kind of game,
who gives the next input, which inputs are legal, what the page may see, what one press of
"back" takes back and what a CPU's answer does:

- ``Sequential`` (Reversi, Quads, Tower Gate): the side to move gives the inputs of its move
  one after another (``("D2", "piece:7")``); a target that fits an earlier step re-chooses it.
- ``Simultaneous`` (Beacon Lines): each side locks in one secret input, ``selection[i]`` being
  ``sides[i]``'s; the move is played when every side has chosen. The targets never depend on
  the other side's choice, and the page sees only its own person's choice, so neither gives
  the secret away.

The match (``core.match``) plays the move a turn order completes; this module changes only
the selection.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import ClassVar, Generic

from .game import ForbiddenMoveError, MalformedMoveError, move_with_steps, next_steps
from .spec import GameSpec, M, Msg, P, short

__all__ = ["NotATarget", "Seats", "Sequential", "Simultaneous", "TurnOrder", "turn_order"]


@dataclass(frozen=True)
class Seats:
    """Who plays which side in one game: ``player1`` is the side that starts the first game
    and the second side the next (they alternate); ``human`` is the person's side against the
    CPU (the ``human`` setting, which may alternate too)."""

    sides: tuple[str, str]
    game_index: int
    human_setting: str

    def other(self, side: str) -> str:
        first, second = self.sides
        return second if side == first else first

    @property
    def player1(self) -> str:
        return self.sides[self.game_index % 2]

    @property
    def player2(self) -> str:
        return self.other(self.player1)

    @property
    def human(self) -> str:
        if self.human_setting == "alternate":
            return self.player1
        return self.human_setting

    @property
    def cpu(self) -> str:
        return self.other(self.human)


class NotATarget(Exception):
    """An input the move being built cannot take; ``message`` is the notice, or None for the
    game's own wording (``GameSpec.reject``)."""

    def __init__(self, message: Msg | None = None):
        super().__init__(message.key if message else "not a target")
        self.message = message


class TurnOrder(Generic[P, M]):
    """The move being built and whose input comes next (see the module docstring).

    ``person`` in the methods below is the person's side against the CPU, or None when two
    people play (each side is then a person).
    """

    #: Whether each side's input is a secret (``state.input.hidden``).
    hidden: ClassVar[bool] = False

    def __init__(self, spec: GameSpec[P, M]):
        self.spec = spec
        self.selection: list[str] = []
        self.clear()

    def clear(self) -> None:
        """Forget the move being built."""
        raise NotImplementedError

    def chooser(self, position: P, person: str | None) -> str | None:
        """The side whose input a person gives now (None: nobody, or only the CPU), in a game
        that is not over."""
        raise NotImplementedError

    def chosen(self) -> tuple[str, ...]:
        """The sides that have locked in a secret choice for this move."""
        return ()

    def shown(self, person: str | None) -> tuple[str, ...]:
        """The selection the page may see."""
        return tuple(self.selection)

    def has_own(self, person: str | None) -> bool:
        """Whether the move being built holds an input a person may take back."""
        return bool(self.selection)

    def take_back(self, person: str | None) -> None:
        """ "Back": drop the last input a person gave (``has_own`` is true)."""
        raise NotImplementedError

    def undo_choice(self, person: str | None) -> bool:
        """ "Undo" while a move is being built: True if it only cleared the choices."""
        return False

    def whole_move(self) -> None:
        """A whole move is about to be given at once (``Match.play``)."""

    def targets(self, side: str, legal: Sequence[M]) -> tuple[str, ...]:
        """Every legal next input of ``side``, in the engine's order."""
        raise NotImplementedError

    def add(
        self, side: str | None, target: str, targets: Sequence[str], legal: Sequence[M]
    ) -> tuple[str, ...] | None:
        """Add the input ``target`` of ``side`` (the chooser; ``targets`` are its legal next
        inputs now): the steps of the move to play if it may now be complete, else None;
        NotATarget if it cannot be added (the caller restores the selection)."""
        raise NotImplementedError

    def cpu_to_move(self, position: P, cpu: str) -> bool:
        """Whether the CPU (playing ``cpu``) gives the next input, in a game not over."""
        raise NotImplementedError

    def cpu_answer(
        self,
        result: object,
        cpu: str,
        legal: Callable[[], Sequence[M]],
        *,
        play: Callable[[object], None],
        complete: Callable[[tuple[str, ...]], None],
    ) -> None:
        """Take the CPU's ``result``: in turns, ``play`` it as a whole move; simultaneous
        choices lock in its input and ``complete`` the move once every side has chosen. An
        error if it is not one."""
        play(result)

    def mover(self, before: P) -> str | None:
        """The side a played move is shown as made by (``last_move.side``)."""
        return before.to_move

    def to_move(self, position: P) -> str | None:
        """``state.to_move`` while the game goes on."""
        return position.to_move


class Sequential(TurnOrder[P, M]):
    """The side to move gives its move's inputs one after another."""

    def clear(self) -> None:
        self.selection = []

    def chooser(self, position: P, person: str | None) -> str | None:
        side = position.to_move
        if side is None or (person is not None and side != person):
            return None
        return side

    def take_back(self, person: str | None) -> None:
        self.selection.pop()

    def whole_move(self) -> None:
        self.selection = []

    def targets(self, side: str, legal: Sequence[M]) -> tuple[str, ...]:
        return next_steps(legal, self.selection, self.spec.steps)

    def add(
        self, side: str | None, target: str, targets: Sequence[str], legal: Sequence[M]
    ) -> tuple[str, ...] | None:
        if target not in targets:
            # Re-choose: a target that fits an earlier step starts again from there.
            for n in range(len(self.selection) - 1, -1, -1):
                prefix = tuple(self.selection[:n])
                if target in next_steps(legal, prefix, self.spec.steps):
                    self.selection = list(prefix)
                    break
            else:
                raise NotATarget()
        self.selection.append(target)
        return tuple(self.selection)

    def cpu_to_move(self, position: P, cpu: str) -> bool:
        return position.to_move == cpu


class Simultaneous(TurnOrder[P, M]):
    """Each side locks in one secret input (``selection[i]`` is ``sides[i]``'s, "" until
    chosen); the move is played when all have chosen."""

    hidden = True

    def _index(self, side: str) -> int:
        return self.spec.sides.index(side)

    def clear(self) -> None:
        self.selection = [""] * len(self.spec.sides)

    def _open(self) -> list[str]:
        return [s for s, c in zip(self.spec.sides, self.selection, strict=True) if not c]

    def chooser(self, position: P, person: str | None) -> str | None:
        open_sides = self._open()
        if person is not None:
            return person if person in open_sides else None
        return open_sides[0] if open_sides else None

    def chosen(self) -> tuple[str, ...]:
        return tuple(s for s, c in zip(self.spec.sides, self.selection, strict=True) if c)

    def shown(self, person: str | None) -> tuple[str, ...]:
        if person is None:
            return ()
        own = self.selection[self._index(person)]
        return (own,) if own else ()

    def has_own(self, person: str | None) -> bool:
        if person is not None:
            return bool(self.selection[self._index(person)])
        return any(self.selection)

    def take_back(self, person: str | None) -> None:
        # Two players: the side that chose last; against the CPU: the person's own choice.
        side = person if person is not None else self.chosen()[-1]
        self.selection[self._index(side)] = ""

    def undo_choice(self, person: str | None) -> bool:
        if person is None and self.has_own(person):
            self.clear()
            return True
        return False

    def targets(self, side: str, legal: Sequence[M]) -> tuple[str, ...]:
        # Never filtered by the other side's secret choice: the targets must not reveal it.
        index = self._index(side)
        seen: dict[str, None] = {}
        for move in legal:
            seen.setdefault(self.spec.steps(move)[index])
        return tuple(seen)

    def _whole(self) -> tuple[str, ...] | None:
        """The steps of the move once every side has chosen, else None."""
        return tuple(self.selection) if all(self.selection) else None

    def add(
        self, side: str | None, target: str, targets: Sequence[str], legal: Sequence[M]
    ) -> tuple[str, ...] | None:
        assert side is not None  # a person chooses now (the match checked)
        if target not in targets:
            raise NotATarget()
        self.selection[self._index(side)] = target
        steps = self._whole()
        if steps is not None and move_with_steps(legal, steps, self.spec.steps) is None:
            # The secret choices do not make a legal move together.
            raise NotATarget(Msg("err.not_a_target", {"target": short(target)}))
        return steps

    def cpu_to_move(self, position: P, cpu: str) -> bool:
        return not self.selection[self._index(cpu)]

    def cpu_answer(
        self,
        result: object,
        cpu: str,
        legal: Callable[[], Sequence[M]],
        *,
        play: Callable[[object], None],
        complete: Callable[[tuple[str, ...]], None],
    ) -> None:
        if not isinstance(result, str):
            raise MalformedMoveError(result, "the CPU must return its input")
        index = self._index(cpu)
        self.selection[index] = result
        steps = self._whole()
        if steps is None:
            return
        if move_with_steps(legal(), steps, self.spec.steps) is None:
            self.selection[index] = ""
            raise ForbiddenMoveError(result, "not a legal choice here")
        complete(steps)

    def mover(self, before: P) -> str | None:
        return None

    def to_move(self, position: P) -> str | None:
        return None


def turn_order(spec: GameSpec[P, M]) -> TurnOrder[P, M]:
    """The turn order of ``spec``'s game."""
    return Simultaneous(spec) if spec.hidden else Sequential(spec)
