"""A tiny complete game for the core's tests and the "Adding a game" guide.

**Slide** on a 3×3 board: X and O take turns. While a side has fewer than three marks, a move
places one on an empty square (one input: ``"b2"``). With three on the board, a move slides one
mark to an orthogonally adjacent empty square (two inputs: ``"a1"``, then ``"b1"``; notation
``"a1-b1"``). A side that cannot slide must skip (a forced move, ``"skip"``). Three in a row
wins (``"line"``, the line's squares decide); after 24 plies it is a draw (``"move_limit"``).

It is outside the public registry. Its front end, ``slide.js`` (with ``slide.css``) beside this
file, is a complete JS entry on the shared kit; tests/browser/test_toygame_browser.py builds
it with esbuild and plays it in Chromium. Installed, the widget shows the core's fallback view
(the package ships no ``static/slide.js``).
"""

from __future__ import annotations

import random
from collections.abc import Generator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from boardbook.core import i18n
from boardbook.core.game import (
    ForbiddenMoveError,
    GameOverError,
    MalformedMoveError,
    Outcome,
    SvgString,
    Termination,
)
from boardbook.core.spec import Forced, GameSpec, Marks, Msg, View
from boardbook.core.widget import GameWidget, front_end

SIDES = ("x", "o")
SQUARES = tuple(f"{c}{r}" for r in "123" for c in "abc")
LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))
MAX_PLIES = 24


class SlideTermination(Termination):
    """How a Slide game ends (texts ``slide.termination.<key>``)."""

    LINE = "line"  # three in a row
    MOVE_LIMIT = "move_limit"  # MAX_PLIES without a line: a draw


def neighbours(i: int) -> list[int]:
    row, col = divmod(i, 3)
    out = [(row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1)]
    return [r * 3 + c for r, c in out if 0 <= r < 3 and 0 <= c < 3]


@dataclass(frozen=True)
class Move:
    """``to`` alone places; ``frm`` and ``to`` slide; neither is the forced skip."""

    to: str = ""
    frm: str = ""

    @property
    def steps(self) -> tuple[str, ...]:
        if not self.to:
            return ("skip",)
        return (self.frm, self.to) if self.frm else (self.to,)

    def __str__(self) -> str:
        return "-".join(self.steps)

    @classmethod
    def parse(cls, text: object) -> Move:
        if isinstance(text, Move):
            return text
        if not isinstance(text, str):
            raise MalformedMoveError(text, "a move is written 'b2', 'a1-b1' or 'skip'")
        parts = text.strip().lower().split("-")
        if parts == ["skip"]:
            return cls()
        if len(parts) > 2 or any(p not in SQUARES for p in parts):
            raise MalformedMoveError(text, "a move is written 'b2', 'a1-b1' or 'skip'")
        return cls(parts[-1], parts[0] if len(parts) == 2 else "")


@dataclass(frozen=True)
class Position:
    cells: tuple[str, ...] = ("",) * 9
    side: str = "x"
    ply: int = 0

    @property
    def to_move(self) -> str | None:
        return None if self.outcome is not None else self.side

    @property
    def outcome(self) -> Outcome | None:
        for line in LINES:
            owners = {self.cells[i] for i in line}
            if len(owners) == 1 and "" not in owners:
                (winner,) = owners
                line_squares = tuple(SQUARES[i] for i in line)
                return Outcome(winner, SlideTermination.LINE, squares=line_squares)
        if self.ply >= MAX_PLIES:
            return Outcome(None, SlideTermination.MOVE_LIMIT)
        return None

    def legal_moves(self) -> list[Move]:
        if self.outcome is not None:
            return []
        own = [i for i, c in enumerate(self.cells) if c == self.side]
        if len(own) < 3:
            return [Move(SQUARES[i]) for i, c in enumerate(self.cells) if not c]
        slides = [
            Move(SQUARES[j], SQUARES[i]) for i in own for j in neighbours(i) if not self.cells[j]
        ]
        return slides or [Move()]

    def play(self, move: object) -> Position:
        parsed = Move.parse(move)
        if self.outcome is not None:
            raise GameOverError(str(parsed), "the game is over")
        if parsed not in self.legal_moves():
            raise ForbiddenMoveError(
                str(parsed),
                "not a legal move here",
                code="not_legal",
                details={"move": str(parsed)},
            )
        cells = list(self.cells)
        if parsed.frm:
            cells[SQUARES.index(parsed.frm)] = ""
        if parsed.to:
            cells[SQUARES.index(parsed.to)] = self.side
        return Position(tuple(cells), "o" if self.side == "x" else "x", self.ply + 1)

    def to_json(self) -> dict[str, Any]:
        return {
            "cells": "".join(c or "-" for c in self.cells),
            "to_move": self.side,
            "ply": self.ply,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Position:
        cells, side, ply = data.get("cells"), data.get("to_move"), data.get("ply", 0)
        if not isinstance(cells, str) or len(cells) != 9 or set(cells) - set("xo-"):
            raise ValueError("cells must be 9 characters of x, o and -")
        if side not in SIDES or not isinstance(ply, int) or ply < 0:
            raise ValueError("to_move must be 'x' or 'o' and ply a count")
        return cls(tuple("" if c == "-" else c for c in cells), side, ply)

    def _repr_svg_(self) -> str:
        marks = "".join(
            f'<text x="{i % 3 * 20 + 10}" y="{i // 3 * 20 + 15}" data-square="{SQUARES[i]}">{c}</text>'
            for i, c in enumerate(self.cells)
            if c
        )
        return SvgString(
            f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 60 60">{marks}</svg>'
        )


def search_steps(
    position: Position,
    level: str,
    *,
    rng: random.Random | None = None,
    time_budget: float | None = None,
) -> Generator[None, None, Move]:
    """ "first": the first legal move; "win": a winning move if there is one, else random."""
    rng = rng or random.Random()
    moves = position.legal_moves()
    yield
    if level == "win":
        for move in moves:
            outcome = position.play(move).outcome
            if outcome is not None and outcome.winner == position.side:
                return move
            yield
        return rng.choice(moves)
    return moves[0]


i18n.register(
    {
        "en": {
            "slide.x": "X",
            "slide.o": "O",
            "slide.board": "Slide board",
            "slide.skip_card": "{side} cannot slide and skips",
            "slide.skipped": "{side} skipped",
            "slide.termination.line": "three in a row",
            "slide.termination.move_limit": "24 moves without a line",
            "slide.err.not_legal": "{move} is not a legal move here.",
            "slide.level.first": "First move",
            "slide.level.win": "Wins when it can",
        },
        "ja": {
            "slide.x": "X",
            "slide.o": "O",
            "slide.board": "スライドの盤",
            "slide.skip_card": "{side}は動かせないので休み",
            "slide.skipped": "{side}は休みました",
            "slide.termination.line": "3つ並びました",
            "slide.termination.move_limit": "24手で並びませんでした",
            "slide.err.not_legal": "{move} はここでは指せません。",
            "slide.level.first": "最初の手",
            "slide.level.win": "勝てるときは勝つ",
        },
    }
)


class SlideGame(GameSpec[Position, Move]):
    """The hooks: start, search, board (required); forced, marks, counts (optional)."""

    name = "slide"
    title = "Slide"
    sides = SIDES
    levels = ("first", "win")
    default_level = "win"
    cpu_reply_delay_s = 0.0
    forced_hold_s = 0.0

    def __init__(self, *, start: Position | None = None):
        """``start``: the position every game starts from (default: the empty board)."""
        self.setup = start or Position()

    def start(self, settings: Mapping[str, object]) -> Position:
        return self.setup

    def search(
        self, position: Position, level: str, *, side: str, rng: random.Random, time_budget: float
    ) -> Generator[object, None, Move | str]:
        return (yield from search_steps(position, level, rng=rng, time_budget=time_budget))

    def parse(self, position: Position, move: object) -> Move:
        parsed = Move.parse(move)
        position.play(parsed)
        return parsed

    def forced(self, position: Position) -> Forced[Move] | None:
        if position.legal_moves() != [Move()]:
            return None
        side = {"side": position.side}
        return Forced(
            Move(), Msg("slide.skip_card", side, ("side",)), Msg("slide.skipped", side, ("side",))
        )

    def marks(self, before: Position, move: Move, after: Position) -> Marks:
        return Marks(tuple(s for s in (move.frm, move.to) if s))

    def counts(self, position: Position) -> dict[str, int]:
        return {side: position.cells.count(side) for side in SIDES}

    def step_name(self, position: Position, selection: tuple[str, ...]) -> str:
        return "to" if selection else "pick"

    def board(self, view: View[Position]) -> dict[str, object]:
        empty = i18n.text("empty", view.lang)
        squares = [
            {"id": sq, "piece": c or None, "aria": f"{sq}, {view.side(c) if c else empty}"}
            for sq, c in zip(SQUARES, view.shown.cells)
        ]
        return {"kind": "grid", "rows": 3, "cols": 3, "coords": list(SQUARES), "squares": squares}


class Slide(GameWidget[Position, Move]):
    """The toy game as a widget (its JS entry is tests/toygame/slide.js, not shipped)."""

    spec_class = SlideGame
    _esm, _css = front_end("slide", "Slide")


def random_game(
    rng: random.Random, start: Position | None = None
) -> tuple[list[Position], Sequence[Move]]:
    positions, moves = [start or Position()], []
    while positions[-1].outcome is None:
        move = rng.choice(positions[-1].legal_moves())
        moves.append(move)
        positions.append(positions[-1].play(move))
    return positions, moves
