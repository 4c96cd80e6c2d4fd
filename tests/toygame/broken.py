"""Slide with one mistake each: the mistakes a new game's author made that broke users, kept
so that ``tests/test_contract.py`` proves its contract rejects every one of them."""

from __future__ import annotations

import random
from collections.abc import Generator
from dataclasses import replace
from typing import ClassVar

from boardbook.core import i18n
from boardbook.core.game import (
    ForbiddenMoveError,
    GameOverError,
    IllegalMoveError,
    MalformedMoveError,
    Outcome,
)
from boardbook.core.spec import View

from . import Move, Position, SlideGame


class InPlacePosition(Position):
    """``play()`` changes the position itself and returns it: every record entry is then the
    same object, so undo and review break silently."""

    def play(self, move: object) -> InPlacePosition:
        after = super().play(move)
        for name in ("cells", "side", "ply"):
            object.__setattr__(self, name, getattr(after, name))
        return self


class InPlace(SlideGame):
    def start(self, settings: object) -> Position:
        return InPlacePosition()


class WrongRows(SlideGame):
    """The board declares 2 rows for 9 squares (Connect Four: 7 rows for 42): a blank page."""

    def board(self, view: View[Position]) -> dict[str, object]:
        return {**super().board(view), "rows": 2}


class UpperCaseIds(SlideGame):
    """The board names its squares "A1"…, the moves' steps "a1"…: nothing can be clicked."""

    def board(self, view: View[Position]) -> dict[str, object]:
        board = super().board(view)
        squares = [{**sq, "id": sq["id"].upper()} for sq in board["squares"]]  # type: ignore[attr-defined]
        return {**board, "coords": [sq["id"] for sq in squares], "squares": squares}


class NoStepName(SlideGame):
    def step_name(self, position: Position, selection: tuple[str, ...]) -> str:
        return None  # type: ignore[return-value]


class DrawsThePosition(SlideGame):
    """The board hook draws ``view.position``: a review shows the current board."""

    def board(self, view: View[Position]) -> dict[str, object]:
        return super().board(View(**{**vars(view), "shown": view.position}))


class WrongCounts(SlideGame):
    def counts(self, position: Position) -> dict[str, int]:
        return {side.upper(): position.cells.count(side) for side in ("x", "o")}


class IllegalCpu(SlideGame):
    """The CPU returns a move that is not legal (a slide at the start)."""

    def search(
        self, position: Position, level: str, *, side: str, rng: random.Random, time_budget: float
    ) -> Generator[object, None, Move | str]:
        yield
        return Move("b1", "a1")


class FailingCpu(SlideGame):
    def search(
        self, position: Position, level: str, *, side: str, rng: random.Random, time_budget: float
    ) -> Generator[object, None, Move | str]:
        yield
        raise RuntimeError("the evaluation table is missing")


class MutePosition(Position):
    """Refuses an occupied square with an error code no text was written for."""

    def play(self, move: object) -> MutePosition:
        try:
            after = super().play(move)
        except ForbiddenMoveError as error:
            if error.code != "not_legal":
                raise
            raise ForbiddenMoveError(error.move, error.reason, code="blocked") from None
        return MutePosition(after.cells, after.side, after.ply)


i18n.register(  # Slide's texts under its own name, without O's name, a level's or an error's
    {
        lang: {
            key.replace("slide.", "slidemute."): text
            for key in i18n.keys(lang)
            if key.startswith("slide.")
            and key not in ("slide.o", "slide.level.win", "slide.err.not_legal")
            for text in [i18n.text(key, lang)]
        }
        for lang in i18n.LANGS
    }
)


class MissingTexts(SlideGame):
    """O's name, the "win" level's name and the "blocked" error have no text: raw keys."""

    name = "slidemute"

    def start(self, settings: object) -> Position:
        return MutePosition()


class BaseErrorPosition(Position):
    """Refuses what ``loose`` covers with the base ``IllegalMoveError`` (the same code): a
    caller's ``except MalformedMoveError`` or ``except ForbiddenMoveError`` misses it."""

    loose: ClassVar[type[IllegalMoveError]]

    def play(self, move: object) -> BaseErrorPosition:
        try:
            after = super().play(move)
        except GameOverError:
            raise
        except self.loose as error:
            raise IllegalMoveError(error.move, error.reason, code=error.code) from None
        return type(self)(after.cells, after.side, after.ply)


class BaseMalformedPosition(BaseErrorPosition):
    loose = MalformedMoveError


class BaseForbiddenPosition(BaseErrorPosition):
    loose = ForbiddenMoveError


class BaseMalformed(SlideGame):
    def start(self, settings: object) -> Position:
        return BaseMalformedPosition()


class BaseForbidden(SlideGame):
    def start(self, settings: object) -> Position:
        return BaseForbiddenPosition()


class StringEndPosition(Position):
    """Ends with a bare string key: no enum names the game's ways to end, so nothing says
    which texts it needs."""

    @property
    def outcome(self) -> Outcome | None:
        outcome = super().outcome
        if outcome is None:
            return None
        return replace(outcome, termination=str(outcome.termination))  # type: ignore[arg-type]

    def play(self, move: object) -> StringEndPosition:
        after = super().play(move)
        return StringEndPosition(after.cells, after.side, after.ply)


class StringEnd(SlideGame):
    def start(self, settings: object) -> Position:
        return StringEndPosition()


class UndeclaredCoach(SlideGame):
    """A coach's hooks without ``CoachHooks`` (no ``coach_final``, ``coach_unit``, …): the
    core finds no coach and the hints never appear."""

    def coach_steps(self, position: Position, *, time_budget: float) -> None:
        return None

    def coach_advice(self, view: object, analysis: object) -> object:
        return None


#: Each broken game and a word of the contract's message that names its mistake.
BROKEN = {
    "in_place": (InPlace, "returned the same object"),
    "wrong_rows": (WrongRows, "rows"),
    "upper_case_ids": (UpperCaseIds, "cannot choose"),
    "no_step_name": (NoStepName, "step"),
    "draws_the_position": (DrawsThePosition, "view.shown"),
    "wrong_counts": (WrongCounts, "counts"),
    "illegal_cpu": (IllegalCpu, "CPU"),
    "failing_cpu": (FailingCpu, "CPU"),
    "missing_texts": (MissingTexts, "text"),
    "base_malformed": (BaseMalformed, "must raise MalformedMoveError"),
    "base_forbidden": (BaseForbidden, "must raise ForbiddenMoveError"),
    "undeclared_coach": (UndeclaredCoach, "CoachHooks"),
    "string_termination": (StringEnd, "Termination"),
}
