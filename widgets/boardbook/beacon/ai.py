"""Beacon Lines opponents and the exact equilibrium of the whole game.

The game is tiny (at most three rounds, at most five targets a side), so it is solved exactly:
backward induction over every reachable state, where each state's simultaneous choice is a
zero-sum matrix game whose entries are the children's values (win +1, draw 0, loss −1, from
Red's side). Each matrix game is solved by linear programming (``scipy.optimize.linprog`` with
HiGHS); scipy is imported only when a solve is needed, so the engine works without it, and
where scipy is missing (a bare Pyodide kernel) an exact pure-Python solver takes over: the same
values, and strategies with the same supports (the weights may differ slightly). States
are memoised by (rules, markers): the markers determine the round, the control and whether the
game is over.

Opponents (``LEVELS``; ``OPPONENTS`` is the older name), behind the one search entry point
every game has: ``search_steps(position, level, *, side, rng=None, time_budget=None)`` is a
generator that yields at least once and returns ``side``'s chosen target (both sides choose at
once, so the side is a keyword); ``choose_target(position, side, opponent)`` drains it.

- ``"script"``: the article's fixed Blue script, South Pass, Depot, Beacon (round 1, 2, 3).
  Red's script is its mirror image: North Pass, Depot, Beacon. Fallback rule: if the scripted
  target is not legal in the position (possible only after rounds the script did not play),
  the side claims the first legal target in the map table's order (North Pass, Crossroads,
  South Pass, Beacon, Depot).
- ``"random"``: a uniformly random legal target.
- ``"equilibrium"``: a target sampled from the side's equilibrium mixed strategy. Every level
  answers at once, whatever ``time_budget`` the caller gives: the equilibrium of every state of
  both rule sets is shipped beside this module (``equilibrium.json``, the exact solver's
  strategies, written by ``benchmarks/beacon_solve.py --write`` and checked against a fresh
  solve by the tests), because a first solve takes 0.2-0.8 s of CPU, several seconds of wall
  time on a loaded machine. A state this process has already solved (the coach solves as it
  goes) plays that node's strategy instead, so the CPU plays what the coach shows.
"""

from __future__ import annotations

import json
import math
import random
import threading
from collections.abc import Generator, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache, lru_cache
from importlib import resources
from itertools import combinations
from typing import Any

from ..core import checks
from ..core.game import run_to_end
from .rules import (
    BEACON,
    BLUE,
    DEPOT,
    NORTH_PASS,
    RED,
    SIDES,
    SOUTH_PASS,
    TARGETS,
    Markers,
    Position,
    add_markers,
    control_from_markers,
    outcome_after,
    targets_for,
)

__all__ = [
    "LEVELS",
    "OPPONENTS",
    "Node",
    "choose_target",
    "sample",
    "scripted_target",
    "search_steps",
    "solution",
    "solve",
    "solve_matrix_game",
]

LEVELS = ("equilibrium", "script", "random")
OPPONENTS = LEVELS
SCRIPTS: dict[str, tuple[str, ...]] = {
    BLUE: (SOUTH_PASS, DEPOT, BEACON),
    RED: (NORTH_PASS, DEPOT, BEACON),
}
#: Game results as values for Red.
RESULT_VALUE = {RED: 1.0, BLUE: -1.0, None: 0.0}

_TOLERANCE = 1e-9
#: How a matrix game is solved: LP when scipy imports ("auto"), LP, or the exact solver.
METHODS = ("auto", "lp", "exact")
#: The largest side of a matrix game the exact solver takes (it tries every support).
EXACT_MOST = 8


def _payoffs(matrix: object) -> list[list[float]]:
    """A payoff matrix: a non-empty list of equally long, non-empty rows of finite numbers."""
    accepts = "a non-empty rectangular payoff matrix (rows of finite numbers)"
    rows = checks.sequence("matrix", matrix, "rows of finite numbers")
    table: list[list[float]] = []
    for row in rows:
        cells = checks.sequence("matrix", row, "rows of finite numbers")
        if not cells or not all(
            isinstance(v, int | float) and not isinstance(v, bool) and math.isfinite(v)
            for v in cells
        ):
            raise checks.ArgumentError("matrix", accepts, matrix)
        table.append([float(v) for v in cells])
    if not table or any(len(row) != len(table[0]) for row in table):
        raise checks.ArgumentError("matrix", accepts, matrix)
    return table


# -- matrix games -------------------------------------------------------------------------------
@lru_cache(maxsize=1)
def lp_available() -> bool:
    """True when scipy's LP solver can be imported (else the exact pure-Python solver is used)."""
    try:
        import scipy.optimize  # type: ignore[import-untyped,unused-ignore]  # noqa: F401
    except ImportError:
        return False
    return True


def solve_matrix_game(
    matrix: Sequence[Sequence[float]],
    method: str = "auto",
) -> tuple[float, tuple[float, ...], tuple[float, ...]]:
    """Value and optimal mixed strategies of a zero-sum game; rows maximise, columns minimise.

    ``method``: ``"lp"`` (scipy's HiGHS), ``"exact"`` (pure Python, for small games; used where
    scipy is missing, e.g. a Pyodide kernel without it) or ``"auto"`` (LP when available).

    The value comes from the row player's maximin LP (maximise v subject to x·A_j >= v for
    every column j). Optimal strategies are rarely unique here (many results are draws), so each
    side gets its *maximal-support* optimal strategy: every choice that some optimal strategy
    uses gets positive probability (the average of one optimal solution per such choice). The
    CPU is therefore unexploitable and as unpredictable as optimal play allows, and the book's
    figures do not hinge on which vertex an LP solver happened to return.
    """
    checks.one_of("method", method, METHODS)
    table = _payoffs(matrix)
    rows, cols = len(table), len(table[0])
    if method == "auto":
        method = _DEFAULT_METHOD[0]
    exact = method == "exact" or (method == "auto" and not lp_available())
    if exact and max(rows, cols) > EXACT_MOST:
        accepts = f"at most {EXACT_MOST} rows and columns for the exact method"
        raise checks.ArgumentError("matrix", accepts, matrix, f"{rows} x {cols}")
    flat = [v for row in table for v in row]
    if max(flat) - min(flat) <= _TOLERANCE:  # every choice is worth the same
        return _clean_value(flat[0]), _uniform(rows), _uniform(cols)
    if exact:
        return _solve_exact(table)
    value, row_strategy = _maximal_support_maximin(table)
    # The column player maximises the negated transposed game.
    _, col_strategy = _maximal_support_maximin(
        [[-table[i][j] for i in range(rows)] for j in range(cols)]
    )
    return _clean_value(value), row_strategy, col_strategy


def _maximal_support_maximin(payoff: list[list[float]]) -> tuple[float, tuple[float, ...]]:
    # lazy: the engine must import without scipy
    from scipy.optimize import linprog  # type: ignore[import-untyped,unused-ignore]

    n, m = len(payoff), len(payoff[0])
    # variables x_0..x_{n-1}, v
    guarantee = [[-payoff[i][j] for i in range(n)] + [1.0] for j in range(m)]  # v - x·A_j <= 0
    simplex = {"A_eq": [[1.0] * n + [0.0]], "b_eq": [1.0]}
    bounds = [(0, None)] * n + [(None, None)]

    def run(c: list[float], a_ub: list[list[float]], b_ub: list[float]) -> list[float]:
        res = linprog(c, A_ub=a_ub, b_ub=b_ub, bounds=bounds, method="highs", **simplex)
        if res.status != 0:  # pragma: no cover - these LPs are always feasible and bounded
            raise RuntimeError(f"linprog failed on a matrix game: {res.message}")
        return [float(p) for p in res.x]

    first = run([0.0] * n + [-1.0], guarantee, [0.0] * m)
    value = first[-1]
    # Keep the value fixed (v = value) and push each unused choice as high as it can go.
    optimal_only = [row[:n] + [0.0] for row in guarantee]
    bound = [-(value - _TOLERANCE)] * m
    solutions = [first[:n]]
    for i in range(n):
        if any(s[i] > _TOLERANCE for s in solutions):
            continue
        c = [0.0] * (n + 1)
        c[i] = -1.0
        candidate = run(c, optimal_only, bound)[:n]
        if candidate[i] > _TOLERANCE:
            solutions.append(candidate)
    mixed = [sum(s[i] for s in solutions) / len(solutions) for i in range(n)]
    return value, _clean(mixed)


def _solve_exact(table: list[list[float]]) -> tuple[float, tuple[float, ...], tuple[float, ...]]:
    """The game solved exactly in rationals by enumerating extreme optimal strategies.

    Shapley and Snow: every extreme optimal strategy solves a square subsystem "x·A_j = v for
    the columns j in J, sum x = 1, x zero outside I" for some |I| = |J|. Among all such
    candidates with x >= 0, the best guarantee is the value; the maximal-support strategy is the
    average of all optimal ones (a point inside the optimal set, so every usable choice gets
    positive weight). Cost grows fast with size; these games are at most 5×5.
    """
    exact = [[Fraction(v).limit_denominator(10**6) for v in row] for row in table]
    value, rows = _exact_maximin(exact)
    _, cols = _exact_maximin(
        [[-exact[i][j] for i in range(len(exact))] for j in range(len(exact[0]))]
    )
    return _clean_value(float(value)), rows, cols


def _exact_maximin(payoff: list[list[Fraction]]) -> tuple[Fraction, tuple[float, ...]]:
    n, m = len(payoff), len(payoff[0])
    candidates: dict[tuple[Fraction, ...], Fraction] = {}
    for k in range(1, min(n, m) + 1):
        for rows in combinations(range(n), k):
            for cols in combinations(range(m), k):
                system = [[payoff[i][j] for i in rows] + [Fraction(-1), Fraction(0)] for j in cols]
                system.append([Fraction(1)] * k + [Fraction(0), Fraction(1)])
                solved = _gauss_jordan(system)
                if solved is None or any(p < 0 for p in solved[:k]):
                    continue
                x: list[Fraction] = [Fraction(0)] * n
                for p, i in zip(solved, rows):
                    x[i] = p
                key = tuple(x)
                if key not in candidates:
                    candidates[key] = min(
                        sum((x[i] * payoff[i][j] for i in range(n)), Fraction(0)) for j in range(m)
                    )
    value = max(candidates.values())
    optimal = [x for x, guarantee in candidates.items() if guarantee == value]
    mixed = [float(sum(x[i] for x in optimal) / len(optimal)) for i in range(n)]
    return value, _clean(mixed)


def _gauss_jordan(system: list[list[Fraction]]) -> list[Fraction] | None:
    """Solve an augmented square system exactly; None when it is singular."""
    rows = [row[:] for row in system]
    size = len(rows)
    for col in range(size):
        pivot = next((r for r in range(col, size) if rows[r][col] != 0), None)
        if pivot is None:
            return None
        rows[col], rows[pivot] = rows[pivot], rows[col]
        head = rows[col][col]
        rows[col] = [v / head for v in rows[col]]
        for r in range(size):
            if r != col and rows[r][col] != 0:
                factor = rows[r][col]
                rows[r] = [a - factor * b for a, b in zip(rows[r], rows[col])]
    return [row[-1] for row in rows]


def _uniform(size: int) -> tuple[float, ...]:
    return tuple(1.0 / size for _ in range(size))


def _clean(strategy: list[float]) -> tuple[float, ...]:
    kept = [p if p > _TOLERANCE else 0.0 for p in strategy]
    total = sum(kept)
    return tuple(p / total for p in kept)


def _clean_value(value: float) -> float:
    nearest = round(value * 1e9) / 1e9
    return 0.0 if nearest == 0 else nearest


# -- backward induction -------------------------------------------------------------------------
@dataclass(frozen=True)
class Node:
    """One solved state: its value for Red and, if the game goes on, the matrix game there."""

    value: float
    red_targets: tuple[str, ...] = ()
    blue_targets: tuple[str, ...] = ()
    red_strategy: tuple[float, ...] = ()
    blue_strategy: tuple[float, ...] = ()
    matrix: tuple[tuple[float, ...], ...] = ()

    @property
    def terminal(self) -> bool:
        return not self.red_targets

    def strategy(self, side: str) -> dict[str, float]:
        """``side``'s equilibrium mixed strategy, target → probability (zeros included)."""
        targets, probs = (
            (self.red_targets, self.red_strategy)
            if side == RED
            else (self.blue_targets, self.blue_strategy)
        )
        return dict(zip(targets, probs))


#: The method ``"auto"`` means for the backward induction ("auto": LP when scipy imports).
_DEFAULT_METHOD = ["auto"]
_MEMO: dict[tuple[str, Markers], Node] = {}
_MEMO_LOCK = threading.Lock()


def use_method(method: str) -> None:
    """Solve every matrix game of the induction with ``method`` ("auto", "lp" or "exact");
    forgets the solved states, which were solved the other way."""
    checks.one_of("method", method, METHODS)
    _DEFAULT_METHOD[0] = method
    clear_cache()


def clear_cache() -> None:
    """Forget every solved state (the benchmark times a cold solve)."""
    with _MEMO_LOCK:
        _MEMO.clear()


def cache_stats() -> dict[str, int]:
    """How many states are solved: all, terminal, and those that needed a matrix game."""
    with _MEMO_LOCK:
        nodes = list(_MEMO.values())
    terminal = sum(node.terminal for node in nodes)
    return {"states": len(nodes), "terminal": terminal, "matrix_games": len(nodes) - terminal}


def solve_state(rules: str, markers: Markers) -> Node:
    """The solved node for a state given by its rules and markers (memoised)."""
    return run_to_end(solve_steps(rules, markers))


def solve_steps(rules: str, markers: Markers) -> Generator[None, None, Node]:
    """:func:`solve_state` as a generator that yields after every matrix game it solves, so a
    search (or the coach) stops within one LP solve of being cancelled."""
    return (yield from _induction(rules, markers, _MEMO, "auto"))


def _induction(
    rules: str, markers: Markers, memo: dict[tuple[str, Markers], Node], method: str
) -> Generator[None, None, Node]:
    """Backward induction into ``memo``, each matrix game solved by ``method``."""
    key = (rules, markers)
    node = memo.get(key)
    if node is not None:
        return node
    played = sum(red for red, _ in markers)
    outcome = outcome_after(markers, played, rules) if played else None
    if outcome is not None:
        node = Node(RESULT_VALUE[outcome.winner])
    else:
        control = control_from_markers(markers)
        red_targets, blue_targets = targets_for(control, RED), targets_for(control, BLUE)
        rows = []
        for r in red_targets:
            row = []
            for b in blue_targets:
                child = yield from _induction(rules, add_markers(markers, r, b), memo, method)
                row.append(child.value)
            rows.append(tuple(row))
        matrix = tuple(rows)
        value, red_strategy, blue_strategy = solve_matrix_game(matrix, method)
        node = Node(value, red_targets, blue_targets, red_strategy, blue_strategy, matrix)
        yield
    with _MEMO_LOCK:
        memo[key] = node
    return node


# -- the shipped equilibrium ---------------------------------------------------------------------
#: The file beside this module that holds every state's equilibrium strategies.
TABLE_FILE = "equilibrium.json"
#: The rule sets the table covers (``rules.RULES``' names).
TABLE_RULES = ("v0", "v1")


def markers_key(markers: Markers) -> str:
    """A state's markers as the table's key: per target in table order, red then blue,
    e.g. ``"20.01.00.00.01"``."""
    return ".".join(f"{red}{blue}" for red, blue in markers)


def equilibrium_table() -> dict[str, Any]:
    """Every state of both rule sets that is not over, solved now by the exact pure-Python
    solver (its own memo: the process's solved states are left as they are), as
    ``equilibrium.json`` holds it: ``{"method", "states": {rules: {markers_key: {"value",
    "red": {target: p}, "blue": {target: p}}}}}``."""
    states: dict[str, dict[str, Any]] = {}
    for rules in TABLE_RULES:
        memo: dict[tuple[str, Markers], Node] = {}
        run_to_end(_induction(rules, Position.start(rules).marker_counts, memo, "exact"))
        states[rules] = {
            markers_key(markers): {
                "value": node.value,
                "red": node.strategy(RED),
                "blue": node.strategy(BLUE),
            }
            for (_, markers), node in sorted(memo.items())
            if not node.terminal
        }
    return {"method": "exact", "states": states}


@cache
def _shipped() -> dict[tuple[str, str], Mapping[str, Mapping[str, float]]]:
    """The shipped table, read once: (rules, markers key) -> {"red": …, "blue": …}."""
    text = resources.files(__package__).joinpath(TABLE_FILE).read_text(encoding="utf-8")
    data = json.loads(text)
    return {
        (rules, key): entry
        for rules, table in data["states"].items()
        for key, entry in table.items()
    }


def shipped_strategy(position: Position, side: str) -> dict[str, float] | None:
    """``side``'s equilibrium strategy at ``position`` from the shipped table (None for a state
    it does not hold: only a finished game)."""
    entry = _shipped().get((position.rules, markers_key(position.marker_counts)))
    return None if entry is None else dict(entry[side])


def solution(position: Position) -> Node:
    """The solved node of ``position`` (value, both strategies and the payoff matrix)."""
    checks.position(position, Position, "a beacon Position")
    return solve_state(position.rules, position.marker_counts)


def solve(position: Position) -> tuple[float, dict[str, float], dict[str, float]]:
    """``(value, red_strategy, blue_strategy)`` at ``position`` under equilibrium play.

    ``value`` is Red's expected result (+1 win, 0 draw, −1 loss); each strategy maps the side's
    legal targets to probabilities. A finished game has its result as value and empty strategies.
    """
    node = solution(position)
    return node.value, node.strategy(RED), node.strategy(BLUE)


# -- opponents ----------------------------------------------------------------------------------
def scripted_target(position: Position, side: str) -> str:
    """The scripted target for this round, or the fallback rule's target if it is illegal."""
    checks.position(position, Position, "a beacon Position", live=True)
    checks.one_of("side", side, SIDES)
    legal = position.legal_targets(side)
    script = SCRIPTS[side]
    planned = script[position.round] if position.round < len(script) else None
    return planned if planned in legal else legal[0]


def sample(strategy: Mapping[str, float], rng: random.Random) -> str:
    """One target drawn from a mixed strategy (targets in table order, so seeds reproduce)."""
    accepts = "a mapping of targets to probabilities (finite, 0 or more, not all 0)"
    checks.instance("strategy", strategy, Mapping, accepts)
    checks.random_source("rng", rng)
    for target, weight in strategy.items():
        number = isinstance(weight, int | float) and not isinstance(weight, bool)
        if not (
            isinstance(target, str) and target in TARGETS and number and 0 <= weight < math.inf
        ):
            raise checks.ArgumentError("strategy", accepts, strategy)
    choices = [(t, strategy[t]) for t in TARGETS if strategy.get(t, 0.0) > 0.0]
    if not choices:
        raise checks.ArgumentError("strategy", accepts, strategy, "nothing to sample")
    draw = rng.random() * sum(p for _, p in choices)
    for target, probability in choices:
        draw -= probability
        if draw < 0:
            return target
    return choices[-1][0]


def search_steps(
    position: Position,
    level: str,
    *,
    side: str,
    rng: random.Random | None = None,
    time_budget: float | None = None,
) -> Generator[None, None, str]:
    """Choose ``side``'s target as the opponent ``level`` would; yields at least once.

    Every level answers at once (module docstring), so any ``time_budget`` is kept: the
    equilibrium is this process's solved node of the state, else the shipped table's.
    """
    checks.engine_args(
        position, Position, "a beacon Position", levels=LEVELS, level=level, rng=rng,
        time_budget=time_budget,
    )  # fmt: skip
    checks.one_of("side", side, SIDES)
    opponent = level
    rng = rng if rng is not None else random.Random()
    yield
    if opponent == "script":
        return scripted_target(position, side)
    if opponent == "random":
        return rng.choice(position.legal_targets(side))
    node = _MEMO.get((position.rules, position.marker_counts))
    strategy = node.strategy(side) if node is not None else shipped_strategy(position, side)
    if strategy is None:  # pragma: no cover - the table holds every state of a game
        # Yields after every matrix game solved, so a cancel stops it within one LP solve.
        node = yield from solve_steps(position.rules, position.marker_counts)
        strategy = node.strategy(side)
    return sample(strategy, rng)


def choose_target(
    position: Position, side: str, opponent: str, *, rng: random.Random | None = None
) -> str:
    """Run :func:`search_steps` to the end and return its target."""
    checks.position(position, Position, "a beacon Position", live=True)
    checks.one_of("side", side, SIDES)
    checks.one_of("opponent", opponent, OPPONENTS)
    return run_to_end(search_steps(position, opponent, side=side, rng=rng))
