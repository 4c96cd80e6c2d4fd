"""Snapshot v1 of boardbook.towergate.ai (commit 5eb0d0b: the make/unmake search with the
TT, history ordering and the hand-made evaluation), absolute imports, for match comparisons.

Tower Gate CPU players: やさしい easy, ふつう normal, つよい strong, and the coach's analysis.

All levels share one search on a mutable copy of the position (square codes and the tables of
``rules``), with make/unmake and Zobrist hashing, because building a ``Position`` per node would
be several times slower in pure Python.

- strong: iterative-deepening negamax alpha-beta with a transposition table, the TT move and
  history ordering, up to ``MAX_DEPTH["strong"]`` plies (the seed's "up to 5 moves ahead"; more
  only in narrow positions within the budget). Every node first asks "can the side to move
  climb onto height 3 now?", so a depth-d search sees wins one ply beyond d.
- normal: the same search to 2 plies.
- easy: never *absurd*, otherwise often not best. Absurd means (1) missing an immediate win,
  or (2) a move after which the opponent can climb to height 3 at once, when some other move
  avoids that. Among the moves left it picks at random, weighted towards the 1-ply evaluation.

Evaluation (for the side to move; it cannot win at once, or the search would have said so):
worker heights; per worker, the neighbours it may enter (mobility, with a heavy penalty at 0)
and those one level up it may climb given the colour rule (colour majority = who can climb
which tower); the opponent's threats to step onto an enterable height 3 (one is dangerous, two
different squares are nearly lost); own-majority height-2 and height-3 towers next to own
workers. Domes count through all of these (nobody enters them).

Scheduling contract: ``search_steps`` and ``analyse_steps`` are generators that yield ``None``
after every child of every node with two or more plies to go, i.e. every few milliseconds of
work (``benchmarks/towergate_search.py`` measures the longest gap), and return their result.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Generator
from dataclasses import dataclass, field
from typing import Any

from boardbook.towergate.rules import (
    ADJ,
    BUILD,
    BUILT,
    ENTER,
    MASON,
    MASONED,
    PLACE,
    REPAINT,
    REPAINTED,
    SIDES,
    SQUARES,
    TURN_LIMIT,
    WIN,
    WIND,
    Move,
    Position,
)

__all__ = [
    "DEFAULT_BUDGET",
    "LEVELS",
    "MAX_DEPTH",
    "Analysis",
    "analyse",
    "analyse_steps",
    "choose_move",
    "evaluate",
    "search_steps",
]

LEVELS = ("easy", "normal", "strong")
#: Default time budget per move (seconds of wall-clock time), by level.
DEFAULT_BUDGET = {"easy": 0.2, "normal": 0.5, "strong": 1.0}
#: Deepest iteration per level (plies; each ply is a whole move-and-build turn).
MAX_DEPTH = {"easy": 1, "normal": 2, "strong": 5}

WIN_SCORE = 100_000
_WIN_BOUND = WIN_SCORE - 1000
_EXACT, _LOWER, _UPPER = 0, 1, 2
_BLESS_CODE = {None: 0, "wind": 1, "mason": 2, "repaint": 3, "leap": 4}

_rng = random.Random(20261201)
_ZC = tuple(tuple(_rng.getrandbits(64) for _ in range(128)) for _ in range(25))
_ZW = tuple(tuple(_rng.getrandbits(64) for _ in range(25)) for _ in range(2))
_ZSIDE = _rng.getrandbits(64)
_ZMASON = (_rng.getrandbits(64), _rng.getrandbits(64))
del _rng

# Evaluation weights.
_HEIGHT_VALUE = (0, 12, 40, 0, 0)
_MOBILITY = 3
_STUCK = 60
_CLIMB = 10
_THREAT_ONE = 90
_THREAT_TWO = 900
_OWN_TOWER = 6


class _Timeout(Exception):
    """The budget ran out inside a search; the caller uses the last complete iteration."""


class _Board:
    """A mutable copy of a position for the search: codes, workers, side, Mason, hash."""

    __slots__ = ("bless", "cells", "hash", "mason_left", "rules", "side", "turn", "workers")

    def __init__(self, pos: Position):
        self.cells = list(pos._cells)
        self.workers = list(pos._workers[0]) + list(pos._workers[1])
        self.side = pos._side
        self.turn = pos._turn
        self.bless = (_BLESS_CODE[pos._blessings[0]], _BLESS_CODE[pos._blessings[1]])
        # the position's blessing limits (the rules' module tables of commit 5eb0d0b became
        # a value every position carries; the same limits are read from it)
        self.rules = pos._rules
        # the once-a-game blessing (Mason; Leap when so balanced) is still available
        self.mason_left = [
            self.bless[n] in ((2, 4) if self.rules.leap_once else (2,)) and not pos._used[n]
            for n in (0, 1)
        ]
        h = 0
        for i, c in enumerate(self.cells):
            h ^= _ZC[i][c]
        for n, w in enumerate(self.workers):
            h ^= _ZW[n >> 1][w]
        if self.side:
            h ^= _ZSIDE
        for n in (0, 1):
            if self.mason_left[n]:
                h ^= _ZMASON[n]
        self.hash = h

    # ---- move generation (keys as Move._key: src | target << 5 | build << 10 | kind << 15)

    def moves(self, side: int) -> list[int]:
        cells = self.cells
        workers = self.workers
        occ = set(workers)
        enter = ENTER[side]
        bless = self.bless[side]
        climb = self.rules.climb[self.leap_ready(side)]
        leap_vacated = bless == 4 and self.rules.leap_build_vacated
        mason = self.mason_left[side] and bless == 2
        repaint = bless == 3
        out: list[int] = []
        for src in (workers[2 * side], workers[2 * side + 1]):
            hs = cells[src] & 7
            targets = [
                t
                for t in ADJ[src]
                if t not in occ and enter[cells[t]] and climb[hs * 5 + (cells[t] & 7)]
            ]
            if bless == 1:
                wind_top = self.rules.wind_top
                for mid, t in WIND[src]:
                    cm = cells[mid]
                    hm = cm & 7
                    if (
                        hm <= hs + 1
                        and mid not in occ
                        and enter[cm]
                        and t not in occ
                        and enter[cells[t]]
                        and cells[t] & 7 <= hm + 1
                        and cells[t] & 7 <= wind_top
                    ):
                        targets.append(t)
            for t in targets:
                base = src | t << 5
                if cells[t] & 7 == 3:
                    out.append(base | 31 << 10 | WIN << 15)
                    continue
                if leap_vacated and (cells[t] & 7) - hs == 2:
                    out.append(base | src << 10 | BUILD << 15)  # after a Leap: the square left
                    continue
                for b in ADJ[t]:
                    if (b == src or b not in occ) and cells[b] & 7 < 4:
                        out.append(base | b << 10 | BUILD << 15)
                        if mason and self.rules.mason_ok[cells[b] & 7]:
                            out.append(base | b << 10 | MASON << 15)
                        if repaint and self.rules.repaintable[side][cells[b]]:
                            out.append(base | b << 10 | REPAINT << 15)
        return out

    def win_move(self, side: int) -> int:
        """The key of a move onto height 3 for ``side``, or -1."""
        cells = self.cells
        workers = self.workers
        enter = ENTER[side]
        bless = self.bless[side]
        # climb[1][8]: a Leap from height 1 onto height 3
        low = 1 if self.rules.climb[1][8] and self.leap_ready(side) else 2
        wind_wins = bless == 1 and self.rules.wind_top >= 3
        for src in (workers[2 * side], workers[2 * side + 1]):
            hs = cells[src] & 7
            if hs >= low:
                for t in ADJ[src]:
                    c = cells[t]
                    if c & 7 == 3 and enter[c] and t not in workers:
                        return src | t << 5 | 31 << 10 | WIN << 15
            if wind_wins and hs >= 1:
                for mid, t in WIND[src]:
                    cm, ct = cells[mid], cells[t]
                    if (
                        ct & 7 == 3
                        and 2 <= cm & 7 <= hs + 1
                        and enter[ct]
                        and enter[cm]
                        and mid not in workers
                        and t not in workers
                    ):
                        return src | t << 5 | 31 << 10 | WIN << 15
        return -1

    def has_move(self, side: int) -> bool:
        """Whether ``side`` has any legal turn (a worker with an enterable neighbour)."""
        cells = self.cells
        workers = self.workers
        enter = ENTER[side]
        climb = self.rules.climb[self.leap_ready(side)]
        for src in (workers[2 * side], workers[2 * side + 1]):
            hs = cells[src] & 7
            for t in ADJ[src]:
                if t not in workers and enter[cells[t]] and climb[hs * 5 + (cells[t] & 7)]:
                    return True  # the vacated square is always buildable
        return False

    def leap_ready(self, side: int) -> bool:
        """Whether ``side`` may climb two levels now (Leap, once a game when so balanced)."""
        return self.bless[side] == 4 and (self.mason_left[side] or not self.rules.leap_once)

    def make(self, key: int) -> tuple[int, int, int, int, bool]:
        """Play a non-winning turn; returns what ``unmake`` needs."""
        side = self.side
        src, t, b, kind = key & 31, key >> 5 & 31, key >> 10 & 31, key >> 15
        workers = self.workers
        cells = self.cells
        wi = 2 * side if workers[2 * side] == src else 2 * side + 1
        workers[wi] = t
        h = self.hash ^ _ZW[side][src] ^ _ZW[side][t] ^ _ZSIDE
        spent = False
        if kind == MASON or (
            self.bless[side] == 4
            and self.mason_left[side]
            and (cells[t] & 7) - (cells[src] & 7) == 2
        ):
            spent = True  # the once-a-game blessing is used now
            self.mason_left[side] = False
            h ^= _ZMASON[side]
        old = cells[b]
        if kind == BUILD:
            new = BUILT[side][old]
        elif kind == MASON:
            new = MASONED[side][old]
        else:
            new = REPAINTED[side][old]
        cells[b] = new
        self.hash = h ^ _ZC[b][old] ^ _ZC[b][new]
        self.side = 1 - side
        self.turn += 1
        return wi, src, b, old, spent

    def unmake(self, key: int, undo: tuple[int, int, int, int, bool]) -> None:
        wi, src, b, old, spent = undo
        self.side = side = 1 - self.side
        self.turn -= 1
        t = self.workers[wi]
        self.workers[wi] = src
        new = self.cells[b]
        self.cells[b] = old
        h = self.hash ^ _ZW[side][src] ^ _ZW[side][t] ^ _ZSIDE ^ _ZC[b][old] ^ _ZC[b][new]
        if spent:
            self.mason_left[side] = True
            h ^= _ZMASON[side]
        self.hash = h

    # ---- evaluation

    def evaluate(self) -> int:
        """Heuristic value for the side to move (see the module docstring)."""
        cells = self.cells
        workers = self.workers
        side = self.side
        score = 0
        for s in (0, 1):
            enter = ENTER[s]
            other = ENTER[1 - s]
            climb = self.rules.climb[self.leap_ready(s)]
            v = 0
            threats: set[int] = set()
            for p in (workers[2 * s], workers[2 * s + 1]):
                h = cells[p] & 7
                v += _HEIGHT_VALUE[h]
                mob = 0
                for t in ADJ[p]:
                    c = cells[t]
                    ht = c & 7
                    if t in workers or not climb[h * 5 + ht] or not enter[c]:
                        continue
                    mob += 1
                    if ht > h:
                        v += _CLIMB
                        if ht == 3:
                            threats.add(t)
                    if ht >= 2 and not other[c]:
                        v += _OWN_TOWER
                v += _MOBILITY * mob if mob else -_STUCK
            if s == side:
                score += v
            else:
                score -= v
                if threats:
                    score -= _THREAT_TWO if len(threats) > 1 else _THREAT_ONE
        return score


def evaluate(position: Position) -> int:
    """The static evaluation of ``position`` for its side to move (in setup: 0)."""
    if position.in_setup or position.outcome is not None:
        return 0
    return _Board(position).evaluate()


@dataclass
class _Stats:
    nodes: int = 0
    depth: int = 0
    value: int = 0
    best: int = -1
    max_gap: float = 0.0


class _Search:
    """One search: board, transposition table, history, deadline."""

    def __init__(self, pos: Position, deadline: float | None = None):
        self.board = _Board(pos)
        self.deadline = deadline
        self.tt: dict[int, tuple[int, int, int, int]] = {}
        self.history: dict[int, int] = {}
        self.stats = _Stats()

    def _check_time(self) -> None:
        if self.deadline is not None and time.perf_counter() > self.deadline:
            raise _Timeout

    def _ordered(self, moves: list[int], hint: int) -> list[int]:
        hist = self.history
        cells = self.board.cells
        scored = []
        for m in moves:
            if m == hint:
                k = 1 << 30
            else:
                k = hist.get(m & 0x7FFF, 0) + 4 * (cells[m >> 5 & 31] & 7) - 2 * (cells[m & 31] & 7)
            scored.append((k, m))
        scored.sort(key=lambda x: -x[0])
        return [m for _, m in scored]

    def _probe(self, depth: int, alpha: int, beta: int, ply: int) -> tuple[int | None, int]:
        entry = self.tt.get(self.board.hash)
        if entry is None:
            return None, -1
        d, value, flag, best = entry
        if d >= depth:
            if value > _WIN_BOUND:
                value -= ply
            elif value < -_WIN_BOUND:
                value += ply
            if (
                flag == _EXACT
                or (flag == _LOWER and value >= beta)
                or (flag == _UPPER and value <= alpha)
            ):
                return value, best
        return None, best

    def _store(self, depth: int, value: int, alpha0: int, beta: int, best: int, ply: int) -> None:
        flag = _UPPER if value <= alpha0 else _LOWER if value >= beta else _EXACT
        stored = (
            value + ply if value > _WIN_BOUND else value - ply if value < -_WIN_BOUND else value
        )
        self.tt[self.board.hash] = (depth, stored, flag, best)

    def _leafish(self, ply: int) -> int | None:
        """Terminal checks shared by both searches: turn limit, a win now, no move."""
        board = self.board
        if board.turn >= TURN_LIMIT:
            return 0
        if board.win_move(board.side) >= 0:
            return WIN_SCORE - ply - 1
        return None

    def plain(self, depth: int, alpha: int, beta: int, ply: int) -> int:
        """Negamax for shallow subtrees (no yields; at most one ply of children)."""
        self.stats.nodes += 1
        board = self.board
        done = self._leafish(ply)
        if done is not None:
            return done
        if depth <= 0:
            return board.evaluate()
        moves = board.moves(board.side)
        if not moves:
            return -(WIN_SCORE - ply)
        best = -WIN_SCORE - 1
        for m in moves:
            undo = board.make(m)
            self.stats.nodes += 1
            if board.turn >= TURN_LIMIT:
                v = 0
            elif board.win_move(board.side) >= 0:
                v = -(WIN_SCORE - ply - 2)
            elif not board.has_move(board.side):
                v = WIN_SCORE - ply - 1
            else:
                v = -board.evaluate()
            board.unmake(m, undo)
            if v > best:
                best = v
                if v > alpha:
                    alpha = v
                    if v >= beta:
                        break
        return best

    def steps(self, depth: int, alpha: int, beta: int, ply: int) -> Generator[None, None, int]:
        """Negamax alpha-beta with the TT for depth >= 2, yielding after each child."""
        if depth <= 1:
            return self.plain(depth, alpha, beta, ply)
        self.stats.nodes += 1
        board = self.board
        done = self._leafish(ply)
        if done is not None:
            return done
        value, hint = self._probe(depth, alpha, beta, ply)
        if value is not None:
            return value
        moves = board.moves(board.side)
        if not moves:
            return -(WIN_SCORE - ply)
        self._check_time()
        alpha0 = alpha
        best, best_move = -WIN_SCORE - 1, moves[0]
        for m in self._ordered(moves, hint):
            undo = board.make(m)
            v = -(yield from self.steps(depth - 1, -beta, -alpha, ply + 1))
            board.unmake(m, undo)
            yield
            if v > best:
                best, best_move = v, m
                if v > alpha:
                    alpha = v
                    if v >= beta:
                        key = m & 0x7FFF
                        self.history[key] = self.history.get(key, 0) + depth * depth
                        break
        self._store(depth, best, alpha0, beta, best_move, ply)
        return best

    def root(
        self, moves: list[int], max_depth: int, rng: random.Random
    ) -> Generator[None, None, tuple[int, int]]:
        """Iterative deepening over ``moves``; returns (best key, value)."""
        board = self.board
        order = list(moves)
        rng.shuffle(order)  # equal moves are chosen at random, not always the first
        best, best_value = order[0], -WIN_SCORE
        for depth in range(1, max_depth + 1):
            alpha, beta = -WIN_SCORE - 1, WIN_SCORE + 1
            iter_best, iter_value = None, -WIN_SCORE - 1
            scores: dict[int, int] = {}
            try:
                for m in order:
                    undo = board.make(m)
                    try:
                        v = -(yield from self.steps(depth - 1, -beta, -alpha, 1))
                    finally:
                        board.unmake(m, undo)
                    scores[m] = v
                    yield
                    if v > iter_value:
                        iter_best, iter_value = m, v
                        alpha = max(alpha, v)
            except _Timeout:
                # keep a partial iteration only if its best beats the previous iteration's
                # best searched to this depth (the previous best is searched first)
                if iter_best is not None and order and scores.get(order[0]) is not None:
                    best, best_value = iter_best, iter_value
                break
            assert iter_best is not None
            best, best_value = iter_best, iter_value
            self.stats.depth = depth
            # previous best first, then the rest by this iteration's score (stable for ties)
            order.sort(key=lambda m: -scores.get(m, -WIN_SCORE - 1))
            if abs(best_value) > _WIN_BOUND:
                break  # a forced result: deeper search cannot change it
        self.stats.value = best_value
        self.stats.best = best
        return best, best_value


# --------------------------------------------------------------------------- placements

_CENTRAL = tuple(sum(1 for _ in ADJ[i]) for i in range(25))


def _placement(position: Position, level: str, rng: random.Random) -> Move:
    """A sensible placement: room to move (central squares), near the opponent's workers,
    not next to the own first worker (two workers cover more of the board)."""
    occupied = set(position._workers[0]) | set(position._workers[1])
    side = position._side
    own, opp = position._workers[side], position._workers[1 - side]
    scored = []
    for i in range(25):
        if i in occupied:
            continue
        r, c = divmod(i, 5)
        score = 3 * _CENTRAL[i] - (abs(r - 2) + abs(c - 2))
        for o in opp:
            if i in ADJ[o] or max(abs(r - o // 5), abs(c - o % 5)) == 2:
                score += 2
        for o in own:
            if i in ADJ[o]:
                score -= 3
        scored.append((score, i))
    if level == "easy":
        choices = [i for s, i in scored if s >= max(s for s, _ in scored) - 6]
    else:
        top = max(s for s, _ in scored)
        choices = [i for s, i in scored if s == top]
    return Move(None, rng.choice(choices), None, PLACE)


# --------------------------------------------------------------------------- levels


def _safe_moves(board: _Board, moves: list[int]) -> list[int]:
    """The moves after which the opponent cannot climb onto height 3 at once."""
    safe = []
    for m in moves:
        undo = board.make(m)
        if board.win_move(board.side) < 0:
            safe.append(m)
        board.unmake(m, undo)
    return safe


def _easy(position: Position, rng: random.Random) -> Move:
    board = _Board(position)
    moves = board.moves(board.side)
    wins = [m for m in moves if m >> 15 == WIN]
    if wins:
        return Move._from_key(rng.choice(wins))
    candidates = _safe_moves(board, moves) or moves
    scored = []
    for m in candidates:
        undo = board.make(m)
        if not board.has_move(board.side):
            v = WIN_SCORE
        else:
            v = -board.evaluate()
        board.unmake(m, undo)
        scored.append((v, m))
    if any(v == WIN_SCORE for v, _ in scored):
        return Move._from_key(rng.choice([m for v, m in scored if v == WIN_SCORE]))
    # softmax over the evaluation: usually a good move, often not the best one
    top = max(v for v, _ in scored)
    weights = [math.exp(max(-30.0, (v - top) / 25.0)) for v, _ in scored]
    return Move._from_key(rng.choices([m for _, m in scored], weights)[0])


def search_steps(
    position: Position,
    level: str,
    *,
    rng: random.Random | None = None,
    time_budget: float | None = None,
    max_depth: int | None = None,
    stats: dict[str, Any] | None = None,
) -> Generator[None, None, Move]:
    """Choose a move for ``level``, yielding ``None`` regularly; the move is the return value.

    ``time_budget`` (seconds) defaults to ``DEFAULT_BUDGET[level]``; ``max_depth`` to
    ``MAX_DEPTH[level]`` (benchmarks fix it, with a large budget, for repeatable games).
    ``stats``, if given, receives ``nodes``, ``depth`` (last complete iteration) and ``value``.
    """
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}; expected one of {', '.join(LEVELS)}")
    moves = position.legal_moves()
    if not moves:
        raise ValueError("the game is over: there is no move to choose")
    rng = rng if rng is not None else random.Random()
    if position.in_setup:
        return _placement(position, level, rng)
    if len(moves) == 1:
        return moves[0]
    if level == "easy":
        return _easy(position, rng)
    budget = DEFAULT_BUDGET[level] if time_budget is None else time_budget
    depth = MAX_DEPTH[level] if max_depth is None else max_depth
    search = _Search(position, deadline=time.perf_counter() + budget)
    board = search.board
    wins = [m._key for m in moves if m.is_win]
    if wins:
        return Move._from_key(rng.choice(wins))
    keys = [m._key for m in moves]
    best, _ = yield from search.root(keys, depth, rng)
    if stats is not None:
        stats.update(nodes=search.stats.nodes, depth=search.stats.depth, value=search.stats.value)
    del board
    return Move._from_key(best)


def _run(steps: Generator[None, None, Any]) -> Any:
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return done.value


def choose_move(
    position: Position,
    level: str,
    *,
    rng: random.Random | None = None,
    time_budget: float | None = None,
    max_depth: int | None = None,
) -> Move:
    """Run ``search_steps`` to the end (for scripts and tests; widgets use the scheduler)."""
    move: Move = _run(
        search_steps(position, level, rng=rng, time_budget=time_budget, max_depth=max_depth)
    )
    return move


# --------------------------------------------------------------------------- the coach


@dataclass(frozen=True)
class Analysis:
    """The coach's view of a position: a value for every legal move, and why.

    ``values`` maps each move's notation to its value for the side to move, in [-1, 1] (1: a
    forced win, -1: a forced loss; in between a squashed evaluation). ``best`` and ``worst``
    are notations; ``best_reason``/``worst_reason`` are ``{"kind": …, …}`` dicts that a widget
    turns into a sentence with ``towergate.reason.<kind>`` texts (fields: ``side``,
    ``square``, ``build``, ``height``).
    """

    side: str
    values: dict[str, float]
    best: str
    worst: str
    best_reason: dict[str, Any]
    worst_reason: dict[str, Any]
    depth: int = 1
    moves: tuple[Move, ...] = field(default=())

    def target_values(self, source: str) -> dict[str, float]:
        """Per destination of the worker on ``source``: its best move's value (for shading)."""
        out: dict[str, float] = {}
        for m in self.moves:
            if m.source == source.upper():
                v = self.values[str(m)]
                out[m.target] = max(out.get(m.target, -2.0), v)
        return out

    def build_values(self, source: str, target: str) -> dict[str, float]:
        """Per build square after ``source``→``target``: the best value (any action)."""
        out: dict[str, float] = {}
        for m in self.moves:
            if m.source == source.upper() and m.target == target.upper() and m.build:
                v = self.values[str(m)]
                out[m.build] = max(out.get(m.build, -2.0), v)
        return out


def _squash(v: int) -> float:
    if v > _WIN_BOUND:
        return 1.0
    if v < -_WIN_BOUND:
        return -1.0
    return round(math.tanh(v / 300.0) * 0.95, 3)


def _reason(board: _Board, key: int, value: int) -> dict[str, Any]:
    """Plain-language data for why ``key`` is good or bad (board before the move)."""
    side = board.side
    me, opp = SIDES[side], SIDES[1 - side]
    src, t, b, kind = key & 31, key >> 5 & 31, key >> 10 & 31, key >> 15
    cells = board.cells
    if kind == WIN:
        return {"kind": "wins_now", "side": me, "square": SQUARES[t]}
    opp_threat_before = board.win_move(1 - side)
    undo = board.make(key)
    try:
        reply_win = board.win_move(board.side)
        if reply_win >= 0:
            square = SQUARES[reply_win >> 5 & 31]
            if (reply_win >> 5 & 31) == b:
                return {"kind": "lets_climb", "side": opp, "square": square, "build": SQUARES[b]}
            return {"kind": "allows_climb", "side": opp, "square": square}
        if not board.has_move(board.side):
            return {"kind": "traps", "side": opp, "square": SQUARES[t]}
        if value < -_WIN_BOUND:
            return {"kind": "loses_by_force", "side": me, "square": SQUARES[t]}
        if opp_threat_before >= 0:
            blocked = SQUARES[opp_threat_before >> 5 & 31]
            return {"kind": "blocks_climb", "side": opp, "square": blocked}
        if value > _WIN_BOUND:
            return {"kind": "wins_by_force", "side": me, "square": SQUARES[t]}
        if kind == REPAINT:
            return {"kind": "repaints", "side": me, "square": SQUARES[b]}
        new = cells[b]
        h = new & 7
        if h == 4:
            return {"kind": "domes", "side": me, "square": SQUARES[b]}
        if h >= 2 and not ENTER[0][new] and not ENTER[1][new]:
            return {"kind": "ties_tower", "side": me, "square": SQUARES[b], "height": h}
        if h >= 2 and ENTER[side][new]:
            return {"kind": "grows_tower", "side": me, "square": SQUARES[b], "height": h}
        if not board.has_move(1 - board.side) or all(
            not any(
                u not in board.workers
                and ENTER[side][cells[u]]
                and cells[u] & 7 <= (cells[board.workers[w]] & 7) + 1
                for u in ADJ[board.workers[w]]
            )
            for w in (2 * side, 2 * side + 1)
        ):
            return {"kind": "boxed_in", "side": me, "square": SQUARES[t]}
        if (cells[t] & 7) > (cells[src] & 7):
            return {"kind": "climbs", "side": me, "square": SQUARES[t], "height": cells[t] & 7}
        return {"kind": "positional", "side": me, "square": SQUARES[t]}
    finally:
        board.unmake(key, undo)


def analyse_steps(
    position: Position, *, time_budget: float | None = None, depth: int = 2
) -> Generator[None, None, Analysis]:
    """Value every legal move (a ``depth``-ply search below each), yielding regularly.

    With the default depth 2 the coach sees the opponent's best reply and its own next climb,
    so "this lets blue climb to height 3" and "this wins by force next turn" are found. When
    ``time_budget`` runs out, the remaining moves keep a 1-ply value.
    """
    moves = position.legal_moves()
    if not moves:
        raise ValueError("the game is over: there is nothing to analyse")
    side = SIDES[position._side]
    if position.in_setup:
        values = {str(m): 0.0 for m in moves}
        first = str(moves[0])
        neutral = {"kind": "placement", "side": side, "square": first}
        return Analysis(side, values, first, first, neutral, neutral, 0, tuple(moves))
    deadline = None if time_budget is None else time.perf_counter() + time_budget
    search = _Search(position, deadline=deadline)
    board = search.board
    raw: dict[int, int] = {}
    for m in moves:
        key = m._key
        if m.is_win:
            raw[key] = WIN_SCORE
            continue
        undo = board.make(key)
        try:
            raw[key] = -search.plain(0, -WIN_SCORE - 1, WIN_SCORE + 1, 1)
        finally:
            board.unmake(key, undo)
    yield
    reached = 1
    if depth >= 2:
        try:
            for m in moves:
                key = m._key
                if m.is_win or abs(raw[key]) > _WIN_BOUND:
                    continue
                undo = board.make(key)
                try:
                    v = yield from search.steps(depth - 1, -WIN_SCORE - 1, WIN_SCORE + 1, 1)
                finally:
                    board.unmake(key, undo)
                raw[key] = -v
                yield
            reached = depth
        except _Timeout:
            pass
    order = sorted(moves, key=lambda m: -raw[m._key])
    best, worst = order[0], order[-1]
    return Analysis(
        side=side,
        values={str(m): _squash(raw[m._key]) for m in moves},
        best=str(best),
        worst=str(worst),
        best_reason=_reason(board, best._key, raw[best._key]),
        worst_reason=_reason(board, worst._key, raw[worst._key]),
        depth=reached,
        moves=tuple(moves),
    )


def analyse(position: Position, *, time_budget: float | None = None, depth: int = 2) -> Analysis:
    """Run ``analyse_steps`` to the end."""
    result: Analysis = _run(analyse_steps(position, time_budget=time_budget, depth=depth))
    return result
