"""Every public engine entry point, fed arbitrary values: a typed error that names the parameter,
or a correct answer, within a time bound (hypothesis, derandomized).

The entry points are every callable each game's ``rules``, ``ai`` and ``puzzles`` modules
export (``__all__``), the Position methods that take an argument, ``core.daily`` and the stats
stores' public methods; a test checks that the table below leaves none out. Each example keeps
every argument of one call valid but one, which gets an arbitrary value: None, bools, ints of
any size, NaN and infinities, text, bytes, lists, dicts, a list nested 10,000 deep, an object
whose ``repr`` raises, another game's position, a finished position. The call must then

- raise the project's ``ArgumentError`` family naming that parameter (``parameter``), or the
  game's typed move errors (``IllegalMoveError``) where the parameter is a move, or
- return an answer that the entry point's check accepts (a legal move of the position, the
  square it was asked for, perft figures from the literature, ...), and only for a value the
  parameter's documented domain holds, where the table states that domain,

and it must do so within :data:`DEADLINE_S` (each call runs in its own thread). Values that are
valid but ask for a long computation (a 1e300-second budget, a perft of depth 40) are left out.
"""

from __future__ import annotations

import datetime as dt
import inspect
import math
import random
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest
from boardbook import beacon, quads, reversi, towergate
from boardbook.beacon import ai as beacon_ai
from boardbook.beacon import rules as beacon_rules
from boardbook.core import daily
from boardbook.core.checks import ArgumentError
from boardbook.core.game import IllegalMoveError
from boardbook.core.stats import MemoryStatsStore, StatsStore
from boardbook.quads import ai as quads_ai
from boardbook.quads import puzzles as quads_puzzles
from boardbook.quads import rules as quads_rules
from boardbook.reversi import ai as reversi_ai
from boardbook.reversi import rules as reversi_rules
from boardbook.towergate import ai as towergate_ai
from boardbook.towergate import puzzles as towergate_puzzles
from boardbook.towergate import rules as towergate_rules
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

#: The longest any one call may take, valid or not (a hang fails the test instead of stalling).
DEADLINE_S = 10.0
#: Examples per entry point: about a hundred entry points, so the file runs in seconds.
EXAMPLES = 25


# -- the arbitrary values ---------------------------------------------------------------------
def _nested(depth: int) -> list[Any]:
    value: list[Any] = []
    for _ in range(depth):
        value = [value]
    return value


class BadRepr:
    """An object whose ``repr`` raises: an error message must not be built from it."""

    def __repr__(self) -> str:
        raise RuntimeError("repr refused")


class BadEq:
    """An object that cannot be compared or hashed."""

    def __eq__(self, other: object) -> bool:
        raise RuntimeError("eq refused")

    __hash__ = None  # type: ignore[assignment]


NESTED = _nested(10_000)


def _reversi_with(empties: int) -> reversi.Position:
    """A reversi position with ``empties`` empty squares, reached by a fixed random game."""
    rng = random.Random(empties)
    position = reversi.Position.start()
    while position.empties > empties:
        moves = position.legal_moves()
        if not moves:
            return _reversi_with(empties + 1)
        position = position.play(rng.choice(moves))
    return position if position.outcome is None else _reversi_with(empties + 1)


RP = reversi.Position.start()
R_LATE = _reversi_with(8)
R_OVER = reversi.Position.from_text(
    "XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOX O"
)
QP = quads.Position.start()
Q_LATE = quads_puzzles.PUZZLES[0].position


def _finished(position: Any) -> Any:
    """Where a fixed random game from ``position`` ends."""
    rng = random.Random(0)
    while position.outcome is None:
        position = position.play(rng.choice(position.legal_moves()))
    return position


Q_OVER = _finished(Q_LATE)
TP = towergate.Position.start()
T_LATE = towergate_puzzles.PUZZLES[0].position
T_OVER = _finished(T_LATE)
BP = beacon.Position.start()
B_ONE = BP.play(BP.legal_moves()[0])
B_OVER = _finished(BP)
POSITIONS = [RP, R_LATE, R_OVER, QP, Q_LATE, Q_OVER, TP, T_LATE, T_OVER, BP, B_ONE, B_OVER]

SPECIAL: list[Any] = [
    None, True, False, 0, 1, 2, 3, -1, 15, 16, 24, 25, 63, 64, 2**63, 2**70, -(2**70),
    0.0, -0.0, 0.01, 0.5, 1.5, -1.0, 1e308, math.nan, math.inf, -math.inf,
    "", " ", "x", "0", "a1", "A1", "d3", "h8", "C3", "pass", ":", ":7", "D2:7", "B4-C3^C4",
    "North Pass/South Pass", "Crossroads", "v1", "v0", "red", "blue", "terracotta", "black",
    "first", "random", "strong", "easy", "perfect", "equilibrium", "fixed", "free", "lp",
    "wind", "no", "yes", b"x", [], [1, 2], ["d3"], [None] * 16, (), (0, 0), (None, None), {},
    {"board": "x"}, {"game": "beacon"}, {"terracotta": "no"}, NESTED, BadRepr(), BadEq(),
    object(), random.Random(1), dt.date(2026, 12, 1), dt.datetime(2026, 12, 1, tzinfo=dt.UTC),
    *POSITIONS,
]  # fmt: skip

VALUES = st.one_of(
    st.sampled_from(SPECIAL),
    st.integers(min_value=-(10**6), max_value=10**6),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=8),
    st.lists(st.one_of(st.none(), st.integers(-2, 20)), max_size=17),
    st.dictionaries(
        st.text(max_size=4), st.one_of(st.none(), st.integers(), st.text()), max_size=3
    ),
)


# -- the entry points -------------------------------------------------------------------------
Check = Callable[[Any, dict[str, Any]], bool]


@dataclass(frozen=True)
class Door:
    """One entry point: ``call(**base)`` is a valid call; ``check(result, kwargs)`` says whether
    an answer is correct; ``domain[p](value)`` whether ``p`` must take ``value`` (a refusal of
    it is wrong, an acceptance of any other value too); ``slow[p](value)``: valid values left
    out because they ask for a long computation; ``moves``: parameters that are moves (the
    game's move errors answer them)."""

    name: str
    call: Callable[..., Any]
    base: dict[str, Any]
    check: Check = lambda result, kw: True
    domain: dict[str, Callable[[Any], bool]] = field(default_factory=dict)
    slow: dict[str, Callable[[Any], bool]] = field(default_factory=dict)
    moves: tuple[str, ...] = ()
    samples: dict[str, list[Any]] = field(default_factory=dict)
    together: tuple[str, ...] = ()  # checked against each other: an error may name any


def is_int(value: Any, low: int, high: int | None = None) -> bool:
    return (
        isinstance(value, int)
        and not isinstance(value, bool)
        and low <= value
        and (high is None or value <= high)
    )


def is_budget(value: Any) -> bool:
    return (
        isinstance(value, int | float)
        and not isinstance(value, bool)
        and math.isfinite(value)
        and value >= 0
    )


def long_budget(value: Any) -> bool:
    return is_budget(value) and value > 0.05


def is_bool(value: Any) -> bool:
    return isinstance(value, bool)


def one_of(*options: Any) -> Callable[[Any], bool]:
    return lambda value: any(type(value) is type(o) and value == o for o in options)


def positions_of(kind: type, *, live: bool = True) -> Callable[[Any], bool]:
    return lambda value: isinstance(value, kind) and (not live or value.outcome is None)


def legal_in(key: str) -> Check:
    return lambda result, kw: result in kw[key].legal_moves()


def _plays(position: Any, move: Any) -> bool:
    """Whether ``position.play(move)`` takes the move (what ``is_legal`` must say)."""
    try:
        position.play(move)
    except IllegalMoveError:
        return False
    return True


def drive(steps: Iterator[Any]) -> Any:
    """Run a ``*_steps`` generator to its end and return its result."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return done.value


def steps_of(function: Callable[..., Iterator[Any]]) -> Callable[..., Any]:
    def call(**kwargs: Any) -> Any:
        return drive(function(**kwargs))

    call.__signature__ = inspect.signature(function)  # type: ignore[attr-defined]
    return call


def square_doors(game: str, rules: Any, index: int, size: int) -> list[Door]:
    """A game's ``parse_square`` and ``square_name``: each undoes the other (any case)."""
    name = rules.square_name(index)
    return [
        Door(f"{game}.parse_square", rules.parse_square, {"text": name},
             lambda r, kw: rules.square_name(r).lower() == kw["text"].strip().lower(),
             moves=("text",)),
        Door(f"{game}.square_name", rules.square_name, {"index": index},
             lambda r, kw: rules.parse_square(r) == kw["index"],
             domain={"index": lambda v: is_int(v, 0, size - 1)}),
    ]  # fmt: skip


# Perft from the start position: Edax's and the literature's figures.
REVERSI_PERFT = [1, 4, 12, 56, 244, 1396, 8200]
REVERSI_POSITION = {"black": RP.black, "white": RP.white, "to_move": "black"}


def reversi_doors() -> list[Door]:
    rp, live = reversi.Position, positions_of(reversi.Position)
    budgets = {"time_budget": long_budget}
    return [
        Door("reversi.Move", reversi_rules.Move, {"value": 19}, lambda r, kw: str(r) in
             ("pass", reversi_rules.square_name(kw["value"]) if is_int(kw["value"], 0, 63)
              else str(kw["value"]).strip().lower()), moves=("value",)),
        Door("reversi.parse_move", reversi_rules.parse_move, {"text": "d3"},
             lambda r, kw: isinstance(r, reversi_rules.Move), moves=("text",)),
        *square_doors("reversi", reversi_rules, 19, 64),
        Door("reversi.perft", reversi_rules.perft, {"position": RP, "depth": 3},
             lambda r, kw: kw["position"] != RP or r == REVERSI_PERFT[kw["depth"]],
             domain={"depth": lambda v: is_int(v, 0, 128),
                     "position": lambda v: isinstance(v, rp)},
             slow={"depth": lambda v: is_int(v, 7), "position": lambda v: True}),
        Door("reversi.replay", reversi_rules.replay, {"transcript": "f5d6", "start": None},
             lambda r, kw: isinstance(r, list) and all(isinstance(p, rp) for p in r),
             moves=("transcript", "start"),
             domain={"start": lambda v: v is None or isinstance(v, rp)}),
        Door("reversi.parse_transcript", reversi_rules.parse_transcript,
             {"transcript": "f5d6", "start": None},
             lambda r, kw: all(isinstance(m, reversi_rules.Move) for m in r),
             moves=("transcript", "start"),
             domain={"start": lambda v: v is None or isinstance(v, rp)}),
        Door("reversi.to_transcript", reversi_rules.to_transcript, {"moves": ["f5", "d6"]},
             lambda r, kw: isinstance(r, str), moves=("moves",)),
        Door("reversi.Position", rp, dict(REVERSI_POSITION),
             lambda r, kw: rp.from_json(r.to_json()) == r,
             domain={"to_move": one_of("black", "white")}, together=("black", "white")),
        Door("reversi.Position.start", rp.start, {}, lambda r, kw: r == RP),
        Door("reversi.Position.from_text", rp.from_text, {"text": RP.to_text()},
             lambda r, kw: rp.from_text(r.to_text()) == r),
        Door("reversi.Position.from_json", rp.from_json, {"data": RP.to_json()},
             lambda r, kw: rp.from_json(r.to_json()) == r),
        Door("reversi.Position.play", RP.play, {"move": "d3"},
             lambda r, kw: r in [RP.play(m) for m in RP.legal_moves()], moves=("move",)),
        Door("reversi.Position.is_legal", RP.is_legal, {"move": "d3"},
             lambda r, kw: r is _plays(RP, kw["move"]), moves=("move",)),
        Door("reversi.Position.flips", RP.flips, {"move": "d3"},
             lambda r, kw: isinstance(r, list), moves=("move",)),
        Door("reversi.Position.piece_at", RP.piece_at, {"square": "d4"},
             lambda r, kw: r in ("", "black", "white"), moves=("square",)),
        Door("reversi.analyse", reversi_ai.analyse, {"position": RP, "time_budget": 0.01},
             lambda r, kw: set(r.values) == {str(m) for m in kw["position"].legal_moves()},
             domain={"position": live, "time_budget": lambda v: v is None or is_budget(v)},
             slow={**budgets, "time_budget": lambda v: v is None or long_budget(v)}),
        Door("reversi.analyse_steps", steps_of(reversi_ai.analyse_steps),
             {"position": RP, "time_budget": 0.01},
             lambda r, kw: set(r.values) == {str(m) for m in kw["position"].legal_moves()},
             domain={"position": live, "time_budget": lambda v: v is None or is_budget(v)},
             slow={"time_budget": lambda v: v is None or long_budget(v)}),
        Door("reversi.choose_move", reversi_ai.choose_move,
             {"position": RP, "level": "strong", "rng": random.Random(1), "time_budget": 0.01},
             legal_in("position"), slow=budgets,
             domain={"position": live, "level": one_of(*reversi_ai.LEVELS),
                     "time_budget": is_budget}),
        Door("reversi.search_steps", steps_of(reversi_ai.search_steps),
             {"position": RP, "level": "strong", "rng": None, "time_budget": 0.01},
             legal_in("position"), slow=budgets,
             domain={"position": live, "level": one_of(*reversi_ai.LEVELS),
                     "time_budget": is_budget}),
        Door("reversi.solve", reversi_ai.solve,
             {"position": R_LATE, "empties_to_winner": False, "stats": None},
             lambda r, kw: isinstance(r[0], int) and (r[1] is None) == (
                 kw["position"].outcome is not None),
             domain={"empties_to_winner": is_bool, "position": lambda v: isinstance(v, rp),
                     "stats": lambda v: v is None or isinstance(v, dict)},
             slow={"position": lambda v: isinstance(v, rp) and v.empties > 12}),
        Door("reversi.exact_empties_for", reversi_ai.exact_empties_for, {"time_budget": 1.0},
             lambda r, kw: is_int(r, 0, 64), domain={"time_budget": is_budget}),
    ]  # fmt: skip


def quads_doors() -> list[Door]:
    qp, live = quads.Position, positions_of(quads.Position)
    late_move = str(Q_LATE.legal_moves()[0])
    first_move = str(QP.legal_moves()[0])
    time = {"time_budget": long_budget}
    solved = lambda r, kw: r is None or isinstance(r, quads_ai.Solution)
    return [
        Door("quads.Move", quads_rules.Move, {"square": "A1", "give": 3},
             lambda r, kw: (r.square, r.give) == (kw["square"], kw["give"]),
             moves=("square", "give")),
        Door("quads.Move.parse", quads_rules.Move.parse, {"text": "D2:7"},
             lambda r, kw: isinstance(r, quads_rules.Move), moves=("text",)),
        Door("quads.parse_move", quads_rules.parse_move, {"text": "D2:7"},
             lambda r, kw: isinstance(r, quads_rules.Move), moves=("text",)),
        *square_doors("quads", quads_rules, 7, 16),
        Door("quads.describe_piece", quads_rules.describe_piece, {"piece": 7},
             lambda r, kw: len(r) == 4, domain={"piece": lambda v: is_int(v, 0, 15)}),
        Door("quads.shared_attributes", quads_rules.shared_attributes, {"pieces": [0, 1, 2, 3]},
             lambda r, kw: isinstance(r, tuple)),
        Door("quads.winning_shapes", quads_rules.winning_shapes, {"squares": True},
             lambda r, kw: len(r) == (19 if kw["squares"] else 10), domain={"squares": is_bool}),
        Door("quads.board_symmetries", quads_rules.board_symmetries, {"squares": True},
             lambda r, kw: all(sorted(m) == list(range(16)) for m in r),
             domain={"squares": is_bool}),
        Door("quads.Position", qp, {"board": [None] * 16, "held": None, "squares": True},
             lambda r, kw: qp.from_json(r.to_json()) == r,
             domain={"squares": is_bool, "held": lambda v: v is None or is_int(v, 0, 15)},
             together=("board", "held", "squares")),
        Door("quads.Position.start", qp.start, {"squares": True},
             lambda r, kw: r.squares is kw["squares"], domain={"squares": is_bool}),
        Door("quads.Position.from_text", qp.from_text, {"text": Q_LATE.to_text()},
             lambda r, kw: qp.from_text(r.to_text()) == r),
        Door("quads.Position.from_json", qp.from_json, {"data": Q_LATE.to_json()},
             lambda r, kw: qp.from_json(r.to_json()) == r),
        Door("quads.Position.play", Q_LATE.play, {"move": late_move},
             lambda r, kw: r in [Q_LATE.play(m) for m in Q_LATE.legal_moves()], moves=("move",)),
        Door("quads.Position.check", Q_LATE.check, {"move": late_move},
             lambda r, kw: r in Q_LATE.legal_moves(), moves=("move",)),
        Door("quads.Position.is_legal", Q_LATE.is_legal, {"move": late_move},
             lambda r, kw: r is _plays(Q_LATE, kw["move"]), moves=("move",)),
        Door("quads.Position.piece_at", Q_LATE.piece_at, {"square": "A1"},
             lambda r, kw: r is None or is_int(r, 0, 15), moves=("square",)),
        Door("quads.Position.wins_at", QP.play(first_move).wins_at, {"index": 0, "piece": 3},
             lambda r, kw: isinstance(r, bool),
             domain={"index": lambda v: is_int(v, 0, 15), "piece": lambda v: is_int(v, 0, 15)}),
        Door("quads.Position.winning_squares", Q_LATE.winning_squares, {"piece": None},
             lambda r, kw: isinstance(r, tuple),
             domain={"piece": lambda v: v is None or is_int(v, 0, 15)}),
        Door("quads.Position.next_steps", Q_LATE.next_steps, {"prefix": ()},
             lambda r, kw: isinstance(r, tuple), moves=("prefix",)),
        Door("quads.Position.move_from_steps", Q_LATE.move_from_steps,
             {"steps": Q_LATE.legal_moves()[0].steps},
             lambda r, kw: r is None or r in Q_LATE.legal_moves(), moves=("steps",)),
        Door("quads.Position.transform", Q_LATE.transform,
             {"board_map": list(range(16)), "piece_map": list(range(16))},
             lambda r, kw: isinstance(r, qp)),
        Door("quads.analyse", quads_ai.analyse, {"position": Q_LATE, "time_budget": 0.01},
             lambda r, kw: {m.move for m in r.moves} <= set(kw["position"].legal_moves()),
             domain={"position": live, "time_budget": is_budget}, slow=time),
        Door("quads.analyse_steps", steps_of(quads_ai.analyse_steps),
             {"position": Q_LATE, "time_budget": 0.01, "clock": None},
             lambda r, kw: {m.move for m in r.moves} <= set(kw["position"].legal_moves()),
             domain={"position": live, "time_budget": is_budget}, slow=time),
        Door("quads.choose_move", quads_ai.choose_move,
             {"position": Q_LATE, "level": "clever", "rng": random.Random(1),
              "time_budget": 0.01, "clock": None},
             legal_in("position"), domain={"position": live, "level": one_of(*quads_ai.LEVELS)},
             slow={"time_budget": lambda v: v is None or long_budget(v)}),
        Door("quads.search_steps", steps_of(quads_ai.search_steps),
             {"position": Q_LATE, "level": "clever", "rng": None, "time_budget": 0.01,
              "clock": None},
             legal_in("position"), domain={"position": live, "level": one_of(*quads_ai.LEVELS)},
             slow={"time_budget": lambda v: v is None or long_budget(v)}),
        Door("quads.give_verdicts", quads_ai.give_verdicts,
             {"position": QP.play(first_move), "square": None},
             lambda r, kw: isinstance(r, dict),
             domain={"position": lambda v: isinstance(v, qp)}),
        Door("quads.review", quads_ai.review,
             {"start": Q_LATE, "moves": [late_move], "time_budget": 0.01},
             lambda r, kw: len(r.moves) == len(kw["moves"]), moves=("moves", "start"),
             domain={"start": live, "time_budget": is_budget}, slow=time),
        Door("quads.review_steps", steps_of(quads_ai.review_steps),
             {"start": Q_LATE, "moves": [late_move], "time_budget": 0.01},
             lambda r, kw: len(r.moves) == len(kw["moves"]), moves=("moves", "start"),
             domain={"start": live, "time_budget": is_budget}, slow=time),
        Door("quads.solve", quads_ai.solve,
             {"position": Q_LATE, "time_budget": 0.05, "node_limit": 2000, "symmetry": True,
              "exact_distance": True, "stats": None, "clock": None}, solved,
             domain={"position": live, "symmetry": is_bool, "exact_distance": is_bool,
                     "stats": lambda v: v is None or isinstance(v, dict),
                     "node_limit": lambda v: v is None or is_int(v, 1)},
             slow={"time_budget": lambda v: v is None or long_budget(v),
                   "node_limit": lambda v: v is None or is_int(v, 10**5)}),
        Door("quads.solve_steps", steps_of(quads_ai.solve_steps),
             {"position": Q_LATE, "time_budget": 0.05, "node_limit": 2000, "symmetry": True,
              "exact_distance": True, "stats": None, "clock": None}, solved,
             domain={"position": live, "symmetry": is_bool, "exact_distance": is_bool},
             slow={"time_budget": lambda v: v is None or long_budget(v),
                   "node_limit": lambda v: v is None or is_int(v, 10**5)}),
        Door("quads.wins_within", quads_ai.wins_within,
             {"position": Q_LATE, "moves": 1, "node_limit": 20000},
             lambda r, kw: isinstance(r, bool),
             domain={"position": live, "moves": lambda v: is_int(v, 0)},
             slow={"moves": lambda v: is_int(v, 3), "node_limit": lambda v: v is None or v > 10**5,
                   "position": lambda v: True}),
        Door("quads.verify", quads_puzzles.verify, {"puzzle_position": Q_LATE, "moves": 1},
             lambda r, kw: isinstance(r, bool), domain={"moves": lambda v: is_int(v, 0)},
             slow={"moves": lambda v: is_int(v, 3), "puzzle_position": lambda v: True}),
        Door("quads.daily_puzzle", quads_puzzles.daily_puzzle, {"date": dt.date(2026, 12, 1)},
             lambda r, kw: kw["date"] is None or r.date == kw["date"],
             domain={"date": lambda v: v is None or type(v) is dt.date}),
        Door("quads.load_bank", quads_puzzles.load_bank, {}, lambda r, kw: len(r) > 0),
    ]  # fmt: skip


def towergate_doors() -> list[Door]:
    tp, live = towergate.Position, positions_of(towergate.Position)
    move = str(TP.legal_moves()[0])
    time = {"time_budget": lambda v: v is None or long_budget(v)}
    return [
        Door("towergate.Move", towergate_rules.Move,
             {"source": 3, "target": 8, "build": 9, "kind": 1},
             lambda r, kw: isinstance(r, towergate_rules.Move), moves=("source", "target",
                                                                       "build", "kind")),
        Door("towergate.parse_move", towergate_rules.parse_move, {"text": move},
             lambda r, kw: isinstance(r, towergate_rules.Move), moves=("text",)),
        *square_doors("towergate", towergate_rules, 17, 25),
        Door("towergate.replay", towergate_rules.replay, {"moves": [move], "start": None},
             lambda r, kw: all(isinstance(p, tp) for p in r), moves=("moves", "start"),
             domain={"start": lambda v: v is None or isinstance(v, tp)}),
        Door("towergate.Position", tp,
             {"cells": (0,) * 25, "workers": ((16, 18), (6, 8)), "turn": 0,
              "blessings": (None, None), "mason_used": (False, False),
              "rules": towergate_rules.AS_WRITTEN},
             lambda r, kw: tp.from_json(r.to_json()) == r,
             domain={"rules": lambda v: isinstance(v, towergate_rules.Rules)},
             together=("cells", "workers", "turn", "blessings", "mason_used", "rules")),
        Door("towergate.Position.start", tp.start,
             {"setup": "fixed", "blessings": None, "rules": "as-written"},
             lambda r, kw: r.turn == 0 and tp.from_text(r.to_text()) == r,
             domain={"setup": one_of("fixed", "free")},
             samples={"rules": ["balanced", "wind_top=3", "leap_top=3;leap_once=1",
                                "wind_top=4", "mason_heights=9", {"wind_top": 3},
                                {"leap_top": True}, {"house": 1}, towergate_rules.BALANCED]}),
        Door("towergate.Rules", towergate_rules.Rules,
             {"leap_top": 3, "leap_once": False, "leap_build_vacated": False, "wind_top": 3,
              "mason_heights": (0, 1, 2), "repaint_heights": (1, 2, 3), "repaint_own": True},
             lambda r, kw: towergate_rules.Rules.read(r.to_text()) == r,
             domain={"leap_top": lambda v: is_int(v, 2, 3), "wind_top": lambda v: is_int(v, 0, 3),
                     "leap_once": is_bool, "leap_build_vacated": is_bool,
                     "repaint_own": is_bool}),
        Door("towergate.Position.from_text", tp.from_text, {"text": T_LATE.to_text()},
             lambda r, kw: tp.from_text(r.to_text()) == r),
        Door("towergate.Position.from_json", tp.from_json, {"data": T_LATE.to_json()},
             lambda r, kw: tp.from_json(r.to_json()) == r),
        Door("towergate.Position.play", TP.play, {"move": move},
             lambda r, kw: r in [TP.play(m) for m in TP.legal_moves()], moves=("move",)),
        Door("towergate.Position.is_legal", TP.is_legal, {"move": move},
             lambda r, kw: r is _plays(TP, kw["move"]), moves=("move",)),
        Door("towergate.Position.blessing", TP.blessing, {"side": "blue"},
             lambda r, kw: r is None, domain={"side": one_of("terracotta", "blue")}),
        Door("towergate.Position.can_enter", TP.can_enter, {"side": "blue", "square": "C3"},
             lambda r, kw: r is True, moves=("square",),
             domain={"side": one_of("terracotta", "blue")}),
        Door("towergate.Position.dome", TP.dome, {"square": "C3"}, lambda r, kw: r is False,
             moves=("square",)),
        Door("towergate.Position.height", TP.height, {"square": "C3"}, lambda r, kw: r == 0,
             moves=("square",)),
        Door("towergate.Position.legend", TP.legend, {"square": "C3"},
             lambda r, kw: r["height"] == 0, moves=("square",)),
        Door("towergate.Position.levels", TP.levels, {"square": "C3"}, lambda r, kw: r == (),
             moves=("square",)),
        Door("towergate.Position.worker_at", TP.worker_at, {"square": "B4"},
             lambda r, kw: r in (None, "terracotta", "blue"), moves=("square",)),
        Door("towergate.Position.next_steps", TP.next_steps, {"steps": ()},
             lambda r, kw: isinstance(r, list), moves=("steps",)),
        Door("towergate.Position.move_for_steps", TP.move_for_steps,
             {"steps": TP.legal_moves()[0].steps},
             lambda r, kw: r is None or r in TP.legal_moves(), moves=("steps",)),
        Door("towergate.analyse", towergate_ai.analyse,
             {"position": T_LATE, "time_budget": 0.05, "depth": 1},
             lambda r, kw: set(r.values) <= {str(m) for m in kw["position"].legal_moves()},
             domain={"position": live, "depth": lambda v: is_int(v, 1, towergate_ai.MAX_DEPTH[
                 "strong"])}, slow={**time, "depth": lambda v: is_int(v, 3)}),
        Door("towergate.analyse_steps", steps_of(towergate_ai.analyse_steps),
             {"position": T_LATE, "time_budget": 0.05, "depth": 1, "clock": None},
             lambda r, kw: set(r.values) <= {str(m) for m in kw["position"].legal_moves()},
             domain={"position": live}, slow={**time, "depth": lambda v: is_int(v, 3)}),
        Door("towergate.choose_move", towergate_ai.choose_move,
             {"position": T_LATE, "level": "strong", "rng": random.Random(1),
              "time_budget": 0.05, "max_depth": 2, "clock": None, "memory": None},
             legal_in("position"),
             domain={"position": live, "level": one_of(*towergate_ai.LEVELS),
                     "max_depth": lambda v: v is None or is_int(v, 1)},
             slow={**time, "max_depth": lambda v: v is None or is_int(v, 3)}),
        Door("towergate.search_steps", steps_of(towergate_ai.search_steps),
             {"position": T_LATE, "level": "strong", "rng": None, "time_budget": 0.05,
              "max_depth": 2, "stats": None, "clock": None, "memory": None},
             legal_in("position"),
             domain={"position": live, "level": one_of(*towergate_ai.LEVELS),
                     "max_depth": lambda v: v is None or is_int(v, 1)},
             slow={**time, "max_depth": lambda v: v is None or is_int(v, 3)}),
        Door("towergate.evaluate", towergate_ai.evaluate, {"position": T_LATE},
             lambda r, kw: is_int(r, -(10**9)),
             domain={"position": lambda v: isinstance(v, tp)}),
        Door("towergate.SearchMemory", towergate_ai.SearchMemory, {}, lambda r, kw: True),
        Door("towergate.verify", towergate_puzzles.verify,
             {"position": T_LATE, "moves": 1, "first": None}, lambda r, kw: isinstance(r, bool),
             domain={"moves": lambda v: is_int(v, 0, towergate_puzzles.VERIFY_MOST)},
             slow={"moves": lambda v: is_int(v, 2), "position": lambda v: True},
             moves=("first",)),
        Door("towergate.daily_puzzle", towergate_puzzles.daily_puzzle,
             {"date": dt.date(2026, 12, 1)},
             lambda r, kw: kw["date"] is None or r.date == kw["date"],
             domain={"date": lambda v: v is None or type(v) is dt.date}),
        Door("towergate.load_bank", towergate_puzzles.load_bank, {}, lambda r, kw: len(r) > 0),
    ]  # fmt: skip


def beacon_doors() -> list[Door]:
    bp, live = beacon.Position, positions_of(beacon.Position)
    sides = one_of("red", "blue")
    return [
        Door("beacon.Move", beacon_rules.Move, {"red": "Crossroads", "blue": "Beacon"},
             lambda r, kw: (r.red, r.blue) == (kw["red"], kw["blue"]),
             domain={"red": one_of(*beacon_rules.REGIONS), "blue": one_of(*beacon_rules.REGIONS)}),
        Door("beacon.Move.parse", beacon_rules.Move.parse, {"notation": "Crossroads/Beacon"},
             lambda r, kw: isinstance(r, beacon_rules.Move), moves=("notation",)),
        Door("beacon.region_name", beacon_rules.region_name, {"text": "crossroads"},
             lambda r, kw: r in beacon_rules.REGIONS),
        Door("beacon.Position", bp, {"rules": "v1", "moves": B_ONE.moves,
             "marker_counts": B_ONE.marker_counts, "records": B_ONE.records,
             "outcome": B_ONE.outcome},
             lambda r, kw: r == bp.from_route(r.route, rules=r.rules) and r.records ==
             bp.from_route(r.route, rules=r.rules).records,
             domain={"rules": one_of("v1", "v0")},
             together=("rules", "moves", "marker_counts", "records", "outcome")),
        Door("beacon.Position.start", bp.start, {"rules": "v1"}, lambda r, kw: r.round == 0,
             domain={"rules": one_of("v1", "v0")}),
        Door("beacon.Position.from_route", bp.from_route, {"route": B_OVER.route, "rules": "v1"},
             lambda r, kw: r.route == [str(beacon_rules.Move.parse(m)) for m in kw["route"]],
             moves=("route",), domain={"rules": one_of("v1", "v0")}),
        Door("beacon.Position.from_json", bp.from_json, {"data": B_ONE.to_json()},
             lambda r, kw: bp.from_json(r.to_json()) == r, moves=("data",)),
        Door("beacon.Position.play", BP.play, {"move": str(BP.legal_moves()[0])},
             lambda r, kw: r in [BP.play(m) for m in BP.legal_moves()], moves=("move",)),
        Door("beacon.Position.legal_targets", BP.legal_targets, {"side": "red"},
             lambda r, kw: set(r) <= set(beacon_rules.TARGETS), domain={"side": sides}),
        Door("beacon.Position.with_rules", B_ONE.with_rules, {"rules": "v0"},
             lambda r, kw: r.rules == kw["rules"], domain={"rules": one_of("v1", "v0")}),
        Door("beacon.choose_target", beacon_ai.choose_target,
             {"position": B_ONE, "side": "red", "opponent": "random", "rng": random.Random(1)},
             lambda r, kw: r in kw["position"].legal_targets(kw["side"]),
             domain={"position": live, "side": sides,
                     "opponent": one_of(*beacon_ai.OPPONENTS)}),
        Door("beacon.search_steps", steps_of(beacon_ai.search_steps),
             {"position": B_ONE, "level": "random", "side": "blue", "rng": None,
              "time_budget": None},
             lambda r, kw: r in kw["position"].legal_targets(kw["side"]),
             domain={"position": live, "side": sides, "level": one_of(*beacon_ai.OPPONENTS)}),
        Door("beacon.scripted_target", beacon_ai.scripted_target,
             {"position": B_ONE, "side": "red"},
             lambda r, kw: r in kw["position"].legal_targets(kw["side"]),
             domain={"position": live, "side": sides}),
        Door("beacon.solve", beacon_ai.solve, {"position": B_ONE},
             lambda r, kw: -10 <= r[0] <= 10, domain={"position": lambda v: isinstance(v, bp)}),
        Door("beacon.solution", beacon_ai.solution, {"position": B_ONE},
             lambda r, kw: isinstance(r, beacon_ai.Node),
             domain={"position": lambda v: isinstance(v, bp)}),
        Door("beacon.sample", beacon_ai.sample,
             {"strategy": {"Beacon": 0.5, "Depot": 0.5}, "rng": random.Random(1)},
             lambda r, kw: r in kw["strategy"] and kw["strategy"][r] > 0),
        Door("beacon.solve_matrix_game", beacon_ai.solve_matrix_game,
             {"matrix": [[1.0, -1.0], [-1.0, 1.0]], "method": "auto"},
             lambda r, kw: math.isfinite(r[0]),
             domain={"method": one_of("auto", "lp", "exact")}),
    ]  # fmt: skip


TODAY = dt.date(2026, 12, 1)


def daily_doors() -> list[Door]:
    return [
        Door("daily.japan_date", daily.japan_date, {"now": None},
             lambda r, kw: type(r) is dt.date),
        Door("daily.bank_index", daily.bank_index, {"date": TODAY, "size": 10, "salt": "x"},
             lambda r, kw: 0 <= r < kw["size"], slow={"size": lambda v: is_int(v, 10**4)},
             domain={"date": lambda v: type(v) is dt.date,
                     "size": lambda v: is_int(v, 1, daily.BANK_MOST),
                     "salt": lambda v: isinstance(v, str)}),
        Door("daily.pick", daily.pick, {"bank": [1, 2, 3], "date": TODAY, "salt": "x"},
             lambda r, kw: r in kw["bank"],
             domain={"date": lambda v: v is None or type(v) is dt.date,
                     "salt": lambda v: isinstance(v, str)}),
    ]  # fmt: skip


GAME = {"game": "reversi", "mode": "cpu", "winner": "black", "scores": {"black": 40},
        "moves": "f5", "reason": "board_full", "level": "strong", "human": "black",
        "players": None, "result": "win"}  # fmt: skip
PUZZLE = {"game": "quads", "date": TODAY, "puzzle_id": "q1", "solved": True, "moves": 2,
          "seconds": 3.5}  # fmt: skip


def store_doors(name: str, make: Callable[[], Any]) -> list[Door]:
    text = lambda v: isinstance(v, str) and v != ""
    maybe = lambda v: v is None or isinstance(v, str)
    doors = [
        Door(f"{name}.record_game", lambda **kw: make().record_game(**kw), dict(GAME),
             lambda r, kw: is_int(r, -(2**63), 2**63),
             domain={"game": text, "mode": text, "winner": maybe, "moves": lambda v: isinstance(
                 v, str), "reason": lambda v: isinstance(v, str), "level": maybe,
                 "human": maybe, "result": lambda v: v is None or v in ("win", "loss", "draw")}),
        Door(f"{name}.delete_game", lambda **kw: make().delete_game(**kw), {"game_id": 1},
             lambda r, kw: isinstance(r, bool),
             domain={"game_id": lambda v: is_int(v, -(2**63), 2**63 - 1)}),
        Door(f"{name}.games", lambda **kw: make().games(**kw), {"game": None},
             lambda r, kw: isinstance(r, list), domain={"game": lambda v: v is None or text(v)}),
        Door(f"{name}.summary", lambda **kw: make().summary(**kw),
             {"game": "reversi", "level": None}, lambda r, kw: set(r) == {"wins", "losses",
                                                                          "draws"},
             domain={"game": text, "level": maybe}),
        Door(f"{name}.summary_by_level", lambda **kw: make().summary_by_level(**kw),
             {"game": "reversi", "levels": ("strong",)}, lambda r, kw: isinstance(r, dict)),
        Door(f"{name}.get_flag", lambda **kw: make().get_flag(**kw),
             {"key": "seen", "default": None}, lambda r, kw: True, domain={"key": text}),
        Door(f"{name}.set_flag", lambda **kw: make().set_flag(**kw), {"key": "seen", "value": 1},
             lambda r, kw: r is None, domain={"key": text}),
        Door(f"{name}.record_puzzle", lambda **kw: make().record_puzzle(**kw), dict(PUZZLE),
             lambda r, kw: r["date"] == kw["date"],
             domain={"game": text, "date": lambda v: type(v) is dt.date, "puzzle_id": text,
                     "solved": is_bool, "moves": lambda v: is_int(v, 0),
                     "seconds": is_budget}),
        Door(f"{name}.puzzle_history", lambda **kw: make().puzzle_history(**kw),
             {"game": "quads"}, lambda r, kw: isinstance(r, list), domain={"game": text}),
        Door(f"{name}.puzzle_streak", lambda **kw: make().puzzle_streak(**kw),
             {"game": "quads", "today": TODAY}, lambda r, kw: is_int(r, 0),
             domain={"game": text, "today": lambda v: type(v) is dt.date}),
    ]  # fmt: skip
    if name == "stats":
        doors.append(
            Door("stats.flush", lambda **kw: make().flush(**kw), {"timeout": 1.0},
                 lambda r, kw: isinstance(r, bool),
                 domain={"timeout": lambda v: v is None or is_budget(v)},
                 slow={"timeout": lambda v: v is None or long_budget(v)})
        )  # fmt: skip
    return doors


_FILE_STORE: list[StatsStore] = []


def _file_store() -> StatsStore:
    if not _FILE_STORE:
        import tempfile
        from pathlib import Path

        _FILE_STORE.append(StatsStore(Path(tempfile.mkdtemp()) / "stats.sqlite3"))
    return _FILE_STORE[0]


DOORS = [
    *reversi_doors(),
    *quads_doors(),
    *towergate_doors(),
    *beacon_doors(),
    *daily_doors(),
    *store_doors("stats", _file_store),
    *store_doors("memory", MemoryStatsStore),
]


# -- running one call with a deadline -----------------------------------------------------------
def _outcome(within: Any, call: Callable[[], Any]) -> tuple[str, Any]:
    """``("ok", result)`` or ``("error", exception)``; fails if the call takes too long."""
    try:
        return "ok", within(DEADLINE_S, call)
    except pytest.fail.Exception:
        raise
    except BaseException as exc:  # noqa: BLE001 - judged by the test
        return "error", exc


def _names(door: Door) -> list[str]:
    return list(door.base)


@pytest.mark.parametrize("door", DOORS, ids=[d.name for d in DOORS])
@settings(
    max_examples=EXAMPLES,
    derandomize=True,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow],
)
@given(data=st.data())
def test_an_arbitrary_argument_gets_a_typed_error_naming_it_or_a_correct_answer(door, data, within):
    names = _names(door)
    if not names:
        status, value = _outcome(within, lambda: door.call())
        assert status == "ok" and door.check(value, {}), value
        return
    name = data.draw(st.sampled_from(names), label="parameter")
    pool = VALUES if name not in door.samples else st.one_of(VALUES, st.sampled_from(
        door.samples[name]))  # fmt: skip
    value = data.draw(pool, label="value")
    slow = door.slow.get(name)
    assume(slow is None or not _safely(slow, value))
    kwargs = dict(door.base, **{name: value})
    status, result = _outcome(within, lambda: door.call(**kwargs))
    in_domain = door.domain.get(name)
    if status == "error":
        error = result
        if isinstance(error, ArgumentError):
            named = {name, *door.together} if name in door.together else {name}
            assert error.parameter.split("[")[0] in named, (
                f"{door.name}({name}=...) names {error.parameter!r}: {error}"
            )
            assert len(str(error)) < 400
        elif isinstance(error, IllegalMoveError):
            assert name in door.moves, f"{door.name}({name}=...): a move error: {error!r}"
            return  # a move (or the moves from a start) that the rules refuse
        else:
            raise AssertionError(
                f"{door.name}({name}={_shown(value)}): untyped {type(error).__name__}: {error}"
            ) from error
        if in_domain is not None:
            assert not _safely(in_domain, value), f"{door.name} refused a valid {name}: {error}"
        return
    if in_domain is not None:
        assert _safely(in_domain, value), f"{door.name} accepted {name}={_shown(value)}"
    assert door.check(result, kwargs), f"{door.name}({name}={_shown(value)}) -> {result!r}"


def _safely(predicate: Callable[[Any], bool], value: Any) -> bool:
    try:
        return bool(predicate(value))
    except Exception:  # noqa: BLE001 - a value the predicate cannot judge is not in its domain
        return False


def _shown(value: Any) -> str:
    from boardbook.core.checks import short_repr

    return short_repr(value)


# -- the table covers every export ---------------------------------------------------------------
#: Exports that are not entry points: values the engines return or raise, and the bitboard
#: kernels (ints in, ints out, run per node of a search; ``Position`` is their checked door).
NOT_DOORS = {
    "Outcome", "Termination", "IllegalMoveError", "MalformedMoveError", "ForbiddenMoveError", "GameOverError",
    "Analysis", "Progress", "GiveVerdict", "MoveReview", "MoveValue", "Review", "Solution",
    "Shape", "Puzzle", "RoundRecord", "DailyPuzzle", "Node", "legal_mask", "flip_mask", "evaluate",
}  # fmt: skip
MODULES = [
    ("reversi", reversi_rules), ("reversi", reversi_ai), ("quads", quads_rules),
    ("quads", quads_ai), ("quads", quads_puzzles), ("towergate", towergate_rules),
    ("towergate", towergate_ai), ("towergate", towergate_puzzles), ("beacon", beacon_rules),
    ("beacon", beacon_ai), ("daily", daily),
]  # fmt: skip


def test_every_exported_callable_is_an_entry_point_above():
    covered = {d.name for d in DOORS}
    missing = []
    for game, module in MODULES:
        for name in module.__all__:
            thing = getattr(module, name)
            if (
                not callable(thing)
                or name in NOT_DOORS
                and not (game == "towergate" and name == "evaluate")
            ):
                continue
            if f"{game}.{name}" not in covered:
                missing.append(f"{game}.{name}")
            if inspect.isclass(thing) and name == "Position":
                for method, _ in inspect.getmembers(thing, callable):
                    if method.startswith("_") or f"{game}.Position.{method}" in covered:
                        continue
                    taking = [
                        p for p in inspect.signature(getattr(thing, method)).parameters
                        if p not in ("self", "cls", "options")
                    ]  # fmt: skip
                    if taking or method == "start":
                        missing.append(f"{game}.Position.{method}")
    assert missing == []


def test_no_docstring_of_an_entry_point_shows_a_placeholder():
    # A plain docstring is not an f-string: "{VERIFY_MOST}" would reach help() as it is.
    placeholder = re.compile(r"\{[A-Z_][A-Z0-9_]*\}")
    shown = [d.name for d in DOORS if placeholder.search(inspect.getdoc(d.call) or "")]
    assert shown == []
