"""Quads CPU players, the exact solver and the coach's analysis (pure Python, runs in Pyodide).

The solver is negamax alpha-beta on bitboards. A node is "the side to move holds piece ``p``":
it places ``p`` and gives a piece. Per attribute value (8 of them: large, small, dark, …) a
16-bit mask of the squares holding such a piece; a 65536-entry table (built on first use) gives
the squares that would complete a shape whose other three squares are in the mask. So one lookup
per attribute value tells whether a piece wins somewhere, and 8 lookups after a placement give
the set of *deadly* pieces (those the opponent could win with at once). Only safe pieces are ever
given (a deadly give loses at once), a placement after which every remaining piece is deadly
loses ("every give loses"), and with two empty squares left any placement with a safe give is a
draw.

Values are absolute so that the transposition table needs no depth correction: a win is
``100 - E`` and a loss ``E - 100`` where ``E`` is the number of pieces on the board when the game
ends (an early win scores more, a late loss less badly), a draw 0. A window (-1, 1) answers
win/draw/loss as fast as a pure WDL search; the full window gives the exact distance. Keys of
the table are canonical forms under the board × attribute symmetries (``_Solver.key``) while
at most ``SYMMETRY_MAX_PLACED`` pieces are placed (later, raw positions): per board symmetry,
the pieces are XORed with the first piece in that symmetry's square order (which removes the 16
complements) and the four attribute columns are sorted (which removes the 24 permutations);
the key is the least over the board symmetries.

Measured (benchmarks/quads_solver.py, CPU time on the 2-core development machine): exact value
and distance from 10 empty squares in 0.08 s on average (0.14 s at most), from 11 in 0.8 s
(1.4 s at most), win/draw/loss from 12 in 10-60 s (drawn positions are the hard ones).

Scheduling contract (as in ``boardbook.reversi.ai``): ``search_steps`` and ``analyse_steps`` are
generators that yield ``None`` at least every few milliseconds of work and return their result;
the upper plies of a solve are generators, subtrees with few empty squares plain recursion.

``solve`` returns ``None`` when the time budget or node limit runs out (it never raises for
that). Time budgets are read on a ``clock`` argument: by default the wall clock
(``time.perf_counter``), because a player waits in wall time and a loaded machine gives the
process only part of a core; benchmarks pass ``time.process_time`` to compare in CPU time.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Generator
from dataclasses import dataclass, field
from typing import Any

from ..core import checks
from ..core.game import bits, run_to_end
from .rules import (
    ATTRIBUTES,
    BOARD_SYMMETRIES,
    CLASSIC_BOARD_SYMMETRIES,
    LINE_SHAPES,
    SHAPES,
    SQUARE_NAMES,
    Move,
    Position,
    Shape,
)

__all__ = [
    "DEFAULT_TIME_BUDGET",
    "LEVELS",
    "Analysis",
    "GiveVerdict",
    "MoveReview",
    "MoveValue",
    "Review",
    "Solution",
    "analyse",
    "analyse_steps",
    "choose_move",
    "give_verdicts",
    "review",
    "review_steps",
    "search_steps",
    "solve",
    "solve_steps",
    "wins_within",
]

#: The five CPU levels, weakest first.
LEVELS = ("random", "careful", "thoughtful", "clever", "perfect")
#: Seconds of thinking per level (wall-clock time per reply, whatever the machine's load).
DEFAULT_TIME_BUDGET = {
    "random": 0.0,
    "careful": 0.05,
    "thoughtful": 0.3,
    "clever": 1.0,
    "perfect": 2.0,
}

FULL = 0xFFFF
WIN = 100  # a win ending with E pieces on the board scores WIN - E (84..99), a loss E - WIN
_BITS = (1, 2, 4, 8)
# pieces having / lacking attribute bit b, as 16-bit piece sets
_WITH = tuple(sum(1 << p for p in range(16) if p & b) for b in _BITS)
_WITHOUT = tuple(FULL ^ w for w in _WITH)
PLAIN_EMPTIES = 7  # subtrees with at most this many empties run as plain recursion
TT_MIN_EMPTIES = 5  # no table below this many empties: the subtree is cheaper than the key
#: Canonical keys only while at most this many pieces are placed: later, symmetric twins of a
#: position almost never meet in one search (measured: the same node counts at 9-12 empties),
#: so the raw key is used (its popcount of ``occ`` keeps the two kinds of key apart).
SYMMETRY_MAX_PLACED = 5


def _pack(lo: int, hi: int) -> int:
    return (lo + 128) << 8 | (hi + 128)


def _unpack(entry: int) -> tuple[int, int]:
    return (entry >> 8) - 128, (entry & 255) - 128


_NO_BOUNDS = _pack(-WIN, WIN)


class _Stop(Exception):
    """The time budget or node limit ran out inside a search."""


def _popcount(x: int) -> int:
    return x.bit_count()


class _Geometry:
    """Per variant: the completion table and the board-symmetry lookup tables.

    ``table[m]`` is the set of squares that complete a shape whose other three squares are all
    in ``m`` (for every 16-bit ``m``); built on first use in about 0.1 s by an OR over subsets.
    """

    def __init__(self, shapes: tuple[Shape, ...], symmetries: tuple[tuple[int, ...], ...]):
        self.masks = tuple(s.mask for s in shapes)
        self._table: list[int] | None = None
        # per board symmetry, images of the low and high byte of a square mask
        self.sym = []
        for perm in symmetries:
            lo = [sum(1 << perm[i] for i in range(8) if m >> i & 1) for m in range(256)]
            hi = [sum(1 << perm[i + 8] for i in range(8) if m >> i & 1) for m in range(256)]
            self.sym.append((lo, hi))

    @property
    def table(self) -> list[int]:
        if self._table is None:
            run_to_end(self.table_steps())
        assert self._table is not None
        return self._table

    def table_steps(self) -> Generator[None, None, None]:
        """Build the table (if not yet built), yielding between slices of about 4k entries."""
        if self._table is not None:
            return
        f = [0] * 65536
        for shape in self.masks:
            for x in bits(shape):
                f[shape ^ (1 << x)] |= 1 << x
        for b in range(16):  # OR over subsets: f[m] |= f[m without bit b]
            step = 1 << b
            done = 0
            for start in range(0, 65536, 2 * step):
                top = start + step
                f[top : top + step] = [
                    hi | lo for hi, lo in zip(f[top : top + step], f[start:top], strict=True)
                ]
                done += step
                if done >= 4096:
                    done = 0
                    yield
        if self._table is None:
            self._table = f


_GEOMETRY = {
    True: _Geometry(SHAPES, BOARD_SYMMETRIES),
    False: _Geometry(LINE_SHAPES, CLASSIC_BOARD_SYMMETRIES),
}


def _masks_of(position: Position) -> tuple[int, int, int, int, int, int]:
    """(s0, s1, s2, s3, occ, avail): per attribute bit the squares whose piece has it, the
    occupied squares and the set of pieces neither placed nor held."""
    s = [0, 0, 0, 0]
    occ = 0
    for i, p in enumerate(position.board):
        if p is not None:
            occ |= 1 << i
            for k in range(4):
                if p >> k & 1:
                    s[k] |= 1 << i
    avail = sum(1 << p for p in position.available())
    return s[0], s[1], s[2], s[3], occ, avail


@dataclass(frozen=True)
class Solution:
    """The exact result for the side to move: ``value`` +1 win, 0 draw, -1 loss under perfect
    play; ``distance`` moves (plies) until the game ends; a ``move`` that achieves it (the
    fastest win, the slowest loss); ``nodes`` searched."""

    value: int
    distance: int
    move: Move | None
    nodes: int = 0
    score: int = 0


class _Solver:
    """One search: a transposition table, node counter and stop conditions, over one variant."""

    def __init__(
        self,
        squares: bool = True,
        *,
        symmetry: bool = True,
        deadline: float | None = None,
        node_limit: int | None = None,
        clock: Callable[[], float] = time.perf_counter,
    ):
        geo = _GEOMETRY[squares]
        self.clock = clock
        self.geo = geo
        self.symmetry = symmetry
        self.deadline = deadline
        self.node_limit = node_limit
        self.nodes = 0
        # entries pack the bounds (lo, hi) into one int, _pack(lo, hi): a dict of ints only is
        # never scanned by the garbage collector (tuples were: 20-50 ms pauses at 500k entries)
        self.tt: dict[int, int] = {}
        self.mid_tt: dict[int, int] = {}
        self._next_check = 2048
        self.neg = self._make_negamax()

    # ---------------------------------------------------------------- stop conditions

    def check(self) -> None:
        self._next_check = self.nodes + 2048
        if self.node_limit is not None and self.nodes > self.node_limit:
            raise _Stop
        if self.deadline is not None and self.clock() > self.deadline:
            raise _Stop

    def tick(self) -> None:
        """The deadline, checked at every yield too: on a loaded machine the wall time
        between two node-count checks can be long (the scheduler's waits fall there)."""
        if self.deadline is not None and self.clock() > self.deadline:
            raise _Stop

    # ---------------------------------------------------------------- keys

    def key(self, s0: int, s1: int, s2: int, s3: int, occ: int, held: int) -> int:
        """The table key: canonical under the symmetries, or the raw position without them."""
        if not self.symmetry or occ.bit_count() > SYMMETRY_MAX_PLACED:
            return occ | s0 << 16 | s1 << 32 | s2 << 48 | s3 << 64 | held << 80
        best_o = 1 << 17
        frames = []
        for lo, hi in self.geo.sym:
            o = lo[occ & 255] | hi[occ >> 8]
            if o < best_o:
                best_o = o
                frames = [(lo, hi)]
            elif o == best_o:
                frames.append((lo, hi))
        best = -1
        first = best_o & -best_o
        for lo, hi in frames:
            cols = []
            for k, s in enumerate((s0, s1, s2, s3)):
                t = lo[s & 255] | hi[s >> 8]
                h = held >> k & 1
                if first:
                    if t & first:
                        t ^= best_o
                        h ^= 1
                elif h:
                    h = 0
                cols.append(t | h << 16)
            cols.sort()
            k_ = best_o | cols[0] << 16 | cols[1] << 33 | cols[2] << 50 | cols[3] << 67
            if best < 0 or k_ < best:
                best = k_
        return best

    # ---------------------------------------------------------------- the plain recursion

    def _make_negamax(self) -> Callable[[int, int, int, int, int, int, int, int, int], int]:
        table = self.geo.table
        tt = self.tt
        key = self.key
        with0, with1, with2, with3 = _WITH
        wo0, wo1, wo2, wo3 = _WITHOUT
        solver = self

        def deadly_after(s0: int, s1: int, s2: int, s3: int, occ: int, empty: int) -> int:
            """Pieces that would win at once on this board (placed on some empty square)."""
            d = 0
            if table[s0] & empty:
                d = with0
            if table[occ ^ s0] & empty:
                d |= wo0
            if table[s1] & empty:
                d |= with1
            if table[occ ^ s1] & empty:
                d |= wo1
            if table[s2] & empty:
                d |= with2
            if table[occ ^ s2] & empty:
                d |= wo2
            if table[s3] & empty:
                d |= with3
            if table[occ ^ s3] & empty:
                d |= wo3
            return d

        self.deadly_after = deadly_after

        def neg(
            s0: int, s1: int, s2: int, s3: int, occ: int, avail: int, p: int, alpha: int, beta: int
        ) -> int:
            """Value for the side holding the safe piece ``p`` (it cannot win at once)."""
            solver.nodes += 1
            if solver.nodes >= solver._next_check:
                solver.check()
            empty = FULL ^ occ
            n = empty.bit_count()
            placed = 16 - n
            if n == 1:
                return 0  # the last piece fills the board without a win
            k = -1
            if n >= TT_MIN_EMPTIES:
                k = key(s0, s1, s2, s3, occ, p)
                entry = tt.get(k)
                if entry is not None:
                    lo, hi = (entry >> 8) - 128, (entry & 255) - 128
                    if lo >= beta or lo == hi:
                        return lo
                    if hi <= alpha:
                        return hi
                    alpha = max(alpha, lo)
                    beta = min(beta, hi)
            alpha0 = alpha
            lose_now = placed + 2 - WIN  # the opponent wins with the next placement
            best = -WIN
            b0, b1, b2, b3 = p & 1, p & 2, p & 4, p & 8
            # first pass: placements, their safe gives; losing placements are skipped
            children = []
            e = empty
            while e:
                bit = e & -e
                e ^= bit
                t0 = s0 | bit if b0 else s0
                t1 = s1 | bit if b1 else s1
                t2 = s2 | bit if b2 else s2
                t3 = s3 | bit if b3 else s3
                o2 = occ | bit
                e2 = empty ^ bit
                d = 0
                if table[t0] & e2:
                    d = with0
                if table[o2 ^ t0] & e2:
                    d |= wo0
                if table[t1] & e2:
                    d |= with1
                if table[o2 ^ t1] & e2:
                    d |= wo1
                if table[t2] & e2:
                    d |= with2
                if table[o2 ^ t2] & e2:
                    d |= wo2
                if table[t3] & e2:
                    d |= with3
                if table[o2 ^ t3] & e2:
                    d |= wo3
                safe = avail & ~d
                if safe:
                    if n == 2:
                        return 0  # the opponent places the last piece, a safe one: a draw
                    c = safe.bit_count()
                    children.append((c, t0, t1, t2, t3, o2, safe))
            if not children:
                best = lose_now
            elif n == 2:
                best = 0  # the opponent places the last piece and cannot win with a safe one
            else:
                # fewest safe gives first: the opponent's choices are narrowest there
                children.sort(key=_first)
                for _, t0, t1, t2, t3, o2, safe in children:
                    g = safe
                    while g:
                        qb = g & -g
                        g ^= qb
                        v = -neg(t0, t1, t2, t3, o2, avail ^ qb, qb.bit_length() - 1, -beta, -alpha)
                        if v > best:
                            best = v
                            if v > alpha:
                                alpha = v
                                if alpha >= beta:
                                    break
                    if alpha >= beta:
                        break
                best = max(best, lose_now)
            if k >= 0:
                entry = tt.get(k)
                lo, hi = (
                    ((entry >> 8) - 128, (entry & 255) - 128) if entry is not None else (-WIN, WIN)
                )
                if best <= alpha0:
                    hi = min(hi, best)
                elif best >= beta:
                    lo = max(lo, best)
                else:
                    lo = hi = best
                tt[k] = (lo + 128) << 8 | (hi + 128)
            return best

        return neg

    # ---------------------------------------------------------------- generator upper plies

    def children(
        self, s0: int, s1: int, s2: int, s3: int, occ: int, avail: int, p: int
    ) -> list[tuple[int, int, int, int, int, int, int, int]]:
        """(index, t0, t1, t2, t3, occ, safe gives, all gives) for every placement of ``p``
        that does not win (the caller checks wins first)."""
        out = []
        empty = FULL ^ occ
        for i in bits(empty):
            bit = 1 << i
            t0 = s0 | bit if p & 1 else s0
            t1 = s1 | bit if p & 2 else s1
            t2 = s2 | bit if p & 4 else s2
            t3 = s3 | bit if p & 8 else s3
            o2 = occ | bit
            safe = avail & ~self.deadly_after(t0, t1, t2, t3, o2, empty ^ bit)
            out.append((i, t0, t1, t2, t3, o2, safe, avail))
        return out

    def wins_at_once(self, s0: int, s1: int, s2: int, s3: int, occ: int, p: int) -> int:
        """Empty squares where ``p`` wins at once."""
        table = self.geo.table
        found = 0
        for k, s in enumerate((s0, s1, s2, s3)):
            found |= table[s if p >> k & 1 else occ ^ s]
        return found & (FULL ^ occ)

    def neg_steps(
        self,
        s0: int,
        s1: int,
        s2: int,
        s3: int,
        occ: int,
        avail: int,
        p: int,
        alpha: int,
        beta: int,
    ) -> Generator[None, None, int]:
        """``neg`` with yields: the same value, for subtrees too big to run without a yield."""
        empty = FULL ^ occ
        n = empty.bit_count()
        if n <= PLAIN_EMPTIES:
            return self.neg(s0, s1, s2, s3, occ, avail, p, alpha, beta)
        self.nodes += 1
        placed = 16 - n
        k = self.key(s0, s1, s2, s3, occ, p)
        entry = self.tt.get(k)
        if entry is not None:
            lo, hi = _unpack(entry)
            if lo >= beta or lo == hi:
                return lo
            if hi <= alpha:
                return hi
            alpha, beta = max(alpha, lo), min(beta, hi)
        alpha0 = alpha
        lose_now = placed + 2 - WIN
        best = -WIN
        # fewest safe gives first, as in ``neg``
        pairs: list[tuple[int, int, int, int, int, int, int]] = []
        for _, t0, t1, t2, t3, o2, safe, _ in self.children(s0, s1, s2, s3, occ, avail, p):
            pairs.extend((safe.bit_count(), t0, t1, t2, t3, o2, q) for q in bits(safe))
        pairs.sort(key=_first)
        for _, t0, t1, t2, t3, o2, q in pairs:
            v = -(
                yield from self.neg_steps(t0, t1, t2, t3, o2, avail & ~(1 << q), q, -beta, -alpha)
            )
            yield
            self.tick()
            if v > best:
                best = v
                if v > alpha:
                    alpha = v
                    if alpha >= beta:
                        break
        best = max(best, lose_now)
        lo, hi = _unpack(self.tt.get(k, _NO_BOUNDS))
        if best <= alpha0:
            hi = min(hi, best)
        elif best >= beta:
            lo = max(lo, best)
        else:
            lo = hi = best
        self.tt[k] = _pack(lo, hi)
        return best

    # ---------------------------------------------------------------- depth-limited search

    def mid_plain(
        self,
        s0: int,
        s1: int,
        s2: int,
        s3: int,
        occ: int,
        avail: int,
        p: int,
        depth: int,
        alpha: int,
        beta: int,
    ) -> int:
        """Depth-limited value for the side holding the safe piece ``p``: exact wins and losses
        inside the horizon, else a small estimate (``_estimate``) at depth 0."""
        self.nodes += 1
        if self.nodes >= self._next_check:
            self.check()
        empty = FULL ^ occ
        n = empty.bit_count()
        if n == 1:
            return 0
        if depth <= 0:
            return self.estimate(s0, s1, s2, s3, occ, avail)
        placed = 16 - n
        lose_now = placed + 2 - WIN
        best = lose_now
        deadly_after = self.deadly_after
        e = empty
        while e:
            bit = e & -e
            e ^= bit
            t0 = s0 | bit if p & 1 else s0
            t1 = s1 | bit if p & 2 else s1
            t2 = s2 | bit if p & 4 else s2
            t3 = s3 | bit if p & 8 else s3
            o2 = occ | bit
            safe = avail & ~deadly_after(t0, t1, t2, t3, o2, empty ^ bit)
            if not safe:
                continue
            if n == 2:
                v = 0
                if v > best:
                    best = v
                    alpha = max(alpha, v)
                    if alpha >= beta:
                        return best
                continue
            g = safe
            while g:
                qb = g & -g
                g ^= qb
                v = -self.mid_plain(
                    t0, t1, t2, t3, o2, avail ^ qb, qb.bit_length() - 1, depth - 1, -beta, -alpha
                )
                if v > best:
                    best = v
                    if v > alpha:
                        alpha = v
                        if alpha >= beta:
                            return best
        return best

    def estimate(self, s0: int, s1: int, s2: int, s3: int, occ: int, avail: int) -> int:
        """A small score (|score| < 20, far from any win) for the side about to place: the
        share of remaining pieces that are still safe to give. Few safe pieces mean the end is
        near and the side that runs out of safe gives first loses."""
        empty = FULL ^ occ
        safe = (avail & ~self.deadly_after(s0, s1, s2, s3, occ, empty)).bit_count()
        total = avail.bit_count() or 1
        return (10 * safe) // total - 5

    def mid_steps(
        self,
        s0: int,
        s1: int,
        s2: int,
        s3: int,
        occ: int,
        avail: int,
        p: int,
        depth: int,
        alpha: int,
        beta: int,
    ) -> Generator[None, None, int]:
        """``mid_plain`` with yields in the upper plies."""
        if depth <= 1:
            return self.mid_plain(s0, s1, s2, s3, occ, avail, p, depth, alpha, beta)
        self.nodes += 1
        empty = FULL ^ occ
        n = empty.bit_count()
        if n <= 1:
            return 0
        k = self.key(s0, s1, s2, s3, occ, p) * 32 + depth
        entry = self.mid_tt.get(k)
        if entry is not None:
            lo, hi = _unpack(entry)
            if lo >= beta or lo == hi:
                return lo
            if hi <= alpha:
                return hi
            alpha, beta = max(alpha, lo), min(beta, hi)
        alpha0 = alpha
        placed = 16 - n
        best = placed + 2 - WIN
        kids = [c for c in self.children(s0, s1, s2, s3, occ, avail, p) if c[6]]
        kids.sort(key=lambda c: c[6].bit_count())
        done = False
        for _, t0, t1, t2, t3, o2, safe, _ in kids:
            for q in bits(safe):
                if n == 2:
                    v = 0
                else:
                    v = -(
                        yield from self.mid_steps(
                            t0, t1, t2, t3, o2, avail & ~(1 << q), q, depth - 1, -beta, -alpha
                        )
                    )
                    yield
                    self.tick()
                if v > best:
                    best = v
                    if v > alpha:
                        alpha = v
                        if alpha >= beta:
                            done = True
                            break
            if done:
                break
        lo, hi = _unpack(self.mid_tt.get(k, _NO_BOUNDS))
        if best <= alpha0:
            hi = min(hi, best)
        elif best >= beta:
            lo = max(lo, best)
        else:
            lo = hi = best
        self.mid_tt[k] = _pack(lo, hi)
        return best

    # ---------------------------------------------------------------- root

    def move_scores(
        self,
        position: Position,
        alpha: int,
        beta: int,
        *,
        first_only: bool = False,
        depth: int | None = None,
        narrow: bool = False,
    ) -> Generator[None, None, list[tuple[Move, int]]]:
        """Scores (from the side to move) of the legal moves, each searched with the window
        (alpha, beta): exact inside it, a bound outside it. ``first_only``: stop at the first
        move that reaches ``beta``. ``depth``: a depth-limited search (plies after the move)
        instead of the exact one. ``narrow``: raise alpha to the best score so far (only the
        best move's score is then exact; the others are upper bounds)."""

        def child(
            t0: int, t1: int, t2: int, t3: int, o2: int, av: int, q: int
        ) -> Generator[None, None, int]:
            if depth is None:
                return (yield from self.neg_steps(t0, t1, t2, t3, o2, av, q, -beta, -alpha))
            return (yield from self.mid_steps(t0, t1, t2, t3, o2, av, q, depth, -beta, -alpha))

        s0, s1, s2, s3, occ, avail = _masks_of(position)
        placed = position.placed
        results: list[tuple[Move, int]] = []
        held = position.held
        if held is None:  # the opening give: every piece, the opponent holding it
            for q in range(16):
                v = -(yield from child(s0, s1, s2, s3, occ, avail & ~(1 << q), q))
                results.append((Move(None, q), v))
                yield
                self.tick()
                if first_only and v >= beta:
                    break
                if narrow and v > alpha:
                    alpha = max(alpha, min(v - 1, beta - 1))
            return results
        wins = self.wins_at_once(s0, s1, s2, s3, occ, held)
        for i in bits(wins):
            results.append((Move(SQUARE_NAMES[i], None), WIN - placed - 1))
            if first_only:
                return results
        for i, t0, t1, t2, t3, o2, safe, _ in self.children(s0, s1, s2, s3, occ, avail, held):
            if wins >> i & 1:
                continue
            name = SQUARE_NAMES[i]
            if not avail:  # the last piece fills the board
                results.append((Move(name, None), 0))
                continue
            for q in bits(avail):
                if not safe >> q & 1:
                    v = placed + 2 - WIN
                elif placed == 14:
                    v = 0
                else:
                    v = -(yield from child(t0, t1, t2, t3, o2, avail & ~(1 << q), q))
                    yield
                    self.tick()
                results.append((Move(name, q), v))
                if first_only and v >= beta:
                    return results
                if narrow and v > alpha:
                    alpha = max(alpha, min(v - 1, beta - 1))
        return results


def _first(item: tuple[int, ...]) -> int:
    return item[0]


def _sign(score: int) -> int:
    return (score > 0) - (score < 0)


def _distance(position: Position, score: int) -> int:
    """Plies from ``position`` to the end of a game that ends with score ``score``."""
    end = WIN - abs(score) if score else 16
    return end - position.placed + (position.held is None)


def solve_steps(
    position: Position,
    *,
    time_budget: float | None = None,
    node_limit: int | None = None,
    symmetry: bool = True,
    exact_distance: bool = True,
    stats: dict[str, Any] | None = None,
    clock: Callable[[], float] | None = None,
) -> Generator[None, None, Solution | None]:
    """``solve`` as a generator that yields regularly (for the scheduler)."""
    checks.engine_args(position, Position, "a quads Position", time_budget=time_budget)
    checks.count("node_limit", node_limit, minimum=1, optional=True)
    checks.boolean("symmetry", symmetry)
    checks.boolean("exact_distance", exact_distance)
    if stats is not None:
        checks.instance("stats", stats, dict, "a dict (it receives the counts) or None")
    checks.clock("clock", clock)
    yield from _GEOMETRY[position.squares].table_steps()
    clock = clock or time.perf_counter
    deadline = None if time_budget is None else clock() + time_budget
    solver = _Solver(
        position.squares, symmetry=symmetry, deadline=deadline, node_limit=node_limit, clock=clock
    )
    try:
        # 1. win / draw / loss with a null window: a win or loss cuts off at once
        scores = yield from solver.move_scores(position, -1, 1, first_only=True)
        best_move, best = max(scores, key=lambda ms: ms[1])
        value = _sign(best)
        if exact_distance and value != 0:
            # 2. the exact distance among the moves that keep the value
            lo, hi = (0, WIN) if value > 0 else (-WIN, 0)
            scores = yield from solver.move_scores(position, lo, hi)
            best_move, best = max(scores, key=lambda ms: ms[1])
    except _Stop:
        if stats is not None:
            stats["nodes"] = solver.nodes
        return None
    if stats is not None:
        stats["nodes"] = solver.nodes
        stats["table"] = len(solver.tt)
    if value == 0:
        best = 0
    return Solution(value, _distance(position, best), best_move, solver.nodes, best)


def solve(
    position: Position,
    *,
    time_budget: float | None = None,
    node_limit: int | None = None,
    symmetry: bool = True,
    exact_distance: bool = True,
    stats: dict[str, Any] | None = None,
    clock: Callable[[], float] | None = None,
) -> Solution | None:
    """The exact value of ``position`` for the side to move, its distance and a best move.

    Returns ``None`` if ``time_budget`` (seconds on ``clock``, by default the wall clock) or
    ``node_limit`` runs out first.
    ``exact_distance=False`` only settles win/draw/loss (faster; ``distance`` is then that of
    the returned move's line as far as the null-window search knows it, not necessarily the
    shortest). ``symmetry=False`` keys the table on raw positions (for benchmarks).
    """
    solution: Solution | None = run_to_end(
        solve_steps(
            position,
            time_budget=time_budget,
            node_limit=node_limit,
            symmetry=symmetry,
            exact_distance=exact_distance,
            stats=stats,
            clock=clock,
        )
    )
    return solution


# --------------------------------------------------------------------------- CPU levels


def _immediate_wins(position: Position) -> list[Move]:
    return (
        [
            m
            for m in position.legal_moves()
            if m.give is None
            and m.square is not None
            and position.wins_at(m.index or 0, position.held or 0)
        ]
        if position.held is not None
        else []
    )


def _safe_moves(position: Position) -> list[Move]:
    """Moves whose give the opponent cannot win with at once (all moves at the opening)."""
    if position.held is None:
        return position.legal_moves()
    s0, s1, s2, s3, occ, avail = _masks_of(position)
    solver = _Solver(position.squares)
    safe_by_square = {
        i: safe
        for i, _, _, _, _, _, safe, _ in solver.children(s0, s1, s2, s3, occ, avail, position.held)
    }
    return [
        m
        for m in position.legal_moves()
        if m.give is None or safe_by_square[m.index or 0] >> m.give & 1
    ]


def budget_for(level: str, time_budget: float | None = None) -> float:
    """The level's thinking time in seconds (``time_budget`` overrides the default)."""
    checks.one_of("level", level, LEVELS)
    budget = checks.budget("time_budget", time_budget)
    return DEFAULT_TIME_BUDGET[level] if budget is None else budget


#: Per level: (the most empty squares it always solves exactly, the deepest look-ahead in
#: plies before that, the most empties it tries to solve exactly within its budget).
_LEVEL_PLAN = {
    "thoughtful": (5, 2, 5),
    "clever": (7, 3, 8),
    "perfect": (10, 6, 13),
}


def _pick(scored: list[tuple[Move, int]], rng: random.Random) -> Move:
    best = max(v for _, v in scored)
    return rng.choice([m for m, v in scored if v == best])


def search_steps(
    position: Position,
    level: str,
    *,
    rng: random.Random | None = None,
    time_budget: float | None = None,
    clock: Callable[[], float] | None = None,
) -> Generator[None, None, Move]:
    """Choose a move for ``level``, yielding ``None`` regularly; the move is the return value.

    ``time_budget`` (seconds, default ``DEFAULT_TIME_BUDGET[level]``) is read on ``clock``:
    by default the wall clock, what the player waits (benchmarks pass ``time.process_time``).

    - ``random``: any legal move, but an immediate win is never missed.
    - ``careful``: as random, and never gives a piece the opponent wins with at once when a
      safe one exists.
    - ``thoughtful`` / ``clever``: iterative-deepening alpha-beta (2 / 3 plies) valuing the
      share of safe pieces left (``_Solver.estimate``), exact at <= 5 / <= 7 empty squares
      (clever also tries an exact solve at 8 within its budget).
    - ``perfect``: exact (fastest win, slowest loss) at <= 10 empties whatever the budget and up
      to 13 if the solver finishes within the budget; deeper search before that. In a drawn
      position it keeps the draw with the move that leaves the fewest safe replies (the most
      chances for the opponent to go wrong).
    Ties are broken with ``rng``.
    """
    checks.engine_args(
        position, Position, "a quads Position", levels=LEVELS, level=level, rng=rng,
        time_budget=time_budget,
    )  # fmt: skip
    checks.clock("clock", clock)
    budget = budget_for(level, time_budget)
    rng = rng if rng is not None else random.Random()
    moves = position.legal_moves()
    if len(moves) == 1:
        return moves[0]
    wins = _immediate_wins(position)
    if wins:
        return rng.choice(wins)
    if level == "random":
        return rng.choice(moves)
    clock = clock or time.perf_counter
    start = clock()  # the one-time table build (first move of a session) counts too
    yield from _GEOMETRY[position.squares].table_steps()
    safe = _safe_moves(position)
    yield
    if level == "careful":
        return rng.choice(safe or moves)
    if not safe:  # every move loses at once: give what is least obvious
        return rng.choice(moves)
    exact_at, max_depth, try_exact = _LEVEL_PLAN[level]
    empties = position.empties
    if empties <= exact_at:
        solution = yield from solve_steps(position)
        assert solution is not None and solution.move is not None
        if solution.value != 0 or level != "perfect":
            return solution.move
        left = budget - (clock() - start)
        drawing = yield from _drawing_moves(position, left, clock)
        return _trap(position, drawing, rng) if drawing else solution.move
    choice = rng.choice(safe)
    # iterative deepening, each iteration within the budget
    solver = _Solver(
        position.squares,
        deadline=start + budget * (0.4 if empties <= try_exact else 1.0),
        clock=clock,
    )
    for depth in range(1, max_depth + 1):
        try:
            scored = yield from solver.move_scores(
                position, -WIN, WIN, depth=depth - 1, narrow=True
            )
        except _Stop:
            break
        choice = _pick(scored, rng)
        if max(v for _, v in scored) >= WIN - 16:  # a forced win within the horizon
            break
    if empties <= try_exact:
        left = budget - (clock() - start)
        solution = yield from solve_steps(
            position, time_budget=max(left, 0.0), exact_distance=False, clock=clock
        )
        if solution is not None and solution.move is not None:
            if solution.value != 0:  # the fastest win / slowest loss, if there is time for it
                left = budget - (clock() - start)
                exact = yield from solve_steps(position, time_budget=max(left, 0.0), clock=clock)
                return (exact or solution).move or solution.move
            # a draw: any drawing move is perfect; pick the one that leaves fewest safe replies
            left = budget - (clock() - start)
            drawing = yield from _drawing_moves(position, left, clock)
            return _trap(position, drawing, rng) if drawing else solution.move
    return choice


def _trap(position: Position, drawing: list[Move], rng: random.Random) -> Move:
    """Among moves that keep the draw, the one leaving the opponent fewest moves that do not
    lose at once: the most chances to go wrong (ties at random)."""

    def replies(move: Move) -> int:
        child = position.play(move)
        return 0 if child.outcome is not None else len(_safe_moves(child))

    scored = [(replies(m), rng.random(), m) for m in drawing]
    return min(scored, key=lambda t: (t[0], t[1]))[2]


def _drawing_moves(
    position: Position, budget: float, clock: Callable[[], float]
) -> Generator[None, None, list[Move]]:
    """The moves that keep a drawn position drawn ([] if the budget runs out first)."""
    solver = _Solver(position.squares, deadline=clock() + max(budget, 0.0), clock=clock)
    try:
        scored = yield from solver.move_scores(position, -1, 1)
    except _Stop:
        return []
    return [m for m, v in scored if v == 0]


def choose_move(
    position: Position,
    level: str,
    *,
    rng: random.Random | None = None,
    time_budget: float | None = None,
    clock: Callable[[], float] | None = None,
) -> Move:
    """Run ``search_steps`` to the end (for scripts and tests; widgets use the scheduler)."""
    move: Move = run_to_end(
        search_steps(position, level, rng=rng, time_budget=time_budget, clock=clock)
    )
    return move


# --------------------------------------------------------------------------- puzzles


def wins_within(position: Position, moves: int, *, node_limit: int | None = None) -> bool:
    """Whether the side to move forces a win within ``moves`` of its own moves against every
    defence (exhaustive; ``moves=1``: a winning placement now). Raises ``ValueError`` if the
    game is over or ``node_limit`` nodes were not enough to decide."""
    checks.position(position, Position, "a quads Position", live=True)
    checks.count("moves", moves)
    checks.count("node_limit", node_limit, minimum=1, optional=True)
    if moves < 1:
        return False
    solver = _Solver(position.squares, node_limit=node_limit)
    memo: dict[tuple[int, int], bool] = {}
    s0, s1, s2, s3, occ, avail = _masks_of(position)

    def attack(s0: int, s1: int, s2: int, s3: int, occ: int, avail: int, p: int, k: int) -> bool:
        """The side holding ``p`` wins within ``k`` own moves."""
        solver.nodes += 1
        if solver.nodes >= solver._next_check:
            solver.check()
        if solver.wins_at_once(s0, s1, s2, s3, occ, p):
            return True
        if k <= 1 or (FULL ^ occ).bit_count() <= 2:
            return False
        mk = (solver.key(s0, s1, s2, s3, occ, p), k)
        known = memo.get(mk)
        if known is not None:
            return known
        result = False
        for _, t0, t1, t2, t3, o2, safe, _ in solver.children(s0, s1, s2, s3, occ, avail, p):
            for q in bits(safe):
                if defend(t0, t1, t2, t3, o2, avail & ~(1 << q), q, k - 1):
                    result = True
                    break
            if result:
                break
        memo[mk] = result
        return result

    def defend(s0: int, s1: int, s2: int, s3: int, occ: int, avail: int, q: int, k: int) -> bool:
        """Every reply of the side holding the safe piece ``q`` leaves a win within ``k``."""
        for _, t0, t1, t2, t3, o2, safe, _ in solver.children(s0, s1, s2, s3, occ, avail, q):
            if not avail:
                return False  # the board fills: a draw
            for r in bits(safe):  # unsafe gives lose at once; only safe ones need a proof
                if not attack(t0, t1, t2, t3, o2, avail & ~(1 << r), r, k):
                    return False
        return True

    try:
        if position.held is None:  # the opening give: some piece must leave no defence
            return moves >= 2 and any(
                defend(s0, s1, s2, s3, occ, avail & ~(1 << q), q, moves - 1) for q in bits(avail)
            )
        return attack(s0, s1, s2, s3, occ, avail, position.held, moves)
    except _Stop:
        raise ValueError(f"wins_within: undecided after {node_limit} nodes") from None


# --------------------------------------------------------------------------- the coach


@dataclass(frozen=True)
class MoveValue:
    """A move's value for the side playing it: ``value`` +1/0/-1 (exact) or the sign of an
    estimate (``exact`` False, then ``estimate`` is the search's score, |estimate| < 20 unless
    a forced result was seen within the horizon); ``distance`` plies to the end when known."""

    move: Move
    value: int
    exact: bool
    distance: int | None = None
    estimate: int = 0


@dataclass(frozen=True)
class GiveVerdict:
    """What giving ``piece`` after a placement does: ``verdict`` is ``"safe"``,
    ``"loses_at_once"`` (the opponent completes a shape with it: ``reasons`` lists
    ``{"shape", "square", "attribute", "count"}``, e.g. ``{"shape": "row 2", "square": "D2",
    "attribute": "dark", "count": 3}``) or ``"loses_by_force"`` (no immediate win, but the
    solver proves the opponent wins); ``exact`` False when "safe" is only an estimate."""

    piece: int
    verdict: str
    exact: bool
    reasons: tuple[dict[str, Any], ...] = ()


@dataclass(frozen=True)
class Analysis:
    """The coach's view of a position: every legal move's value, the best value per empty
    square (``squares``), and per placement square (``None`` at the opening give) a verdict for
    every piece that could be given (``gives``). ``exact`` is True when every value is exact."""

    position: Position
    moves: tuple[MoveValue, ...]
    squares: dict[str, MoveValue] = field(default_factory=dict)
    gives: dict[str | None, dict[int, GiveVerdict]] = field(default_factory=dict)
    exact: bool = True

    def value_of(self, move: Move | str) -> MoveValue:
        text = str(move if isinstance(move, Move) else self.position.check(move))
        for mv in self.moves:
            if str(mv.move) == text:
                return mv
        raise KeyError(f"{text} is not a legal move here")


def _attribute_word(bit: int, has: bool) -> str:
    for b, yes, no in ATTRIBUTES:
        if b == bit:
            return yes if has else no
    raise ValueError(bit)


def give_reasons(position: Position, square: str | None, piece: int) -> tuple[dict[str, Any], ...]:
    """Why giving ``piece`` after placing the held piece on ``square`` loses at once: each
    shape the opponent could complete with it, the square, and the attribute shared by the
    three pieces already there (``()`` if the give is safe from an immediate loss)."""
    board = list(position.board)
    if square is not None:
        board[SQUARE_NAMES.index(square)] = position.held
    reasons = []
    for shape in position.winning_shapes:
        idx = [SQUARE_NAMES.index(s) for s in shape.squares]
        empty = [i for i in idx if board[i] is None]
        if len(empty) != 1:
            continue
        three = [board[i] for i in idx if board[i] is not None]
        for bit, yes, no in ATTRIBUTES:
            for word, want in ((yes, True), (no, False)):
                if (
                    all(bool(p is not None and p & bit) == want for p in three)
                    and bool(piece & bit) == want
                ):
                    reasons.append(
                        {
                            "shape": shape.name,
                            "square": SQUARE_NAMES[empty[0]],
                            "attribute": word,
                            "count": 3,
                        }
                    )
    return tuple(reasons)


def give_verdicts(position: Position, square: str | None = None) -> dict[int, GiveVerdict]:
    """Immediate verdicts (no search) for every piece that could be given after placing the
    held piece on ``square`` (None at the opening give): "loses_at_once" with its reasons, else
    "safe" (not exact: only an immediate check)."""
    checks.position(position, Position, "a quads Position")
    if square is not None and (not isinstance(square, str) or square not in SQUARE_NAMES):
        raise checks.ArgumentError("square", "a square name (A1..D4) or None", square)
    out = {}
    for piece in position.available():
        reasons = give_reasons(position, square, piece)
        if reasons:
            out[piece] = GiveVerdict(piece, "loses_at_once", True, reasons)
        else:
            out[piece] = GiveVerdict(piece, "safe", False)
    return out


def analyse_steps(
    position: Position,
    *,
    time_budget: float | None = 2.0,
    clock: Callable[[], float] | None = None,
) -> Generator[None, None, Analysis]:
    """Value every legal move (exact win/draw/loss where the solver finishes within the
    budget, else a depth-limited estimate), yielding regularly; see ``Analysis``. The
    budget is required: an early position has no exact value within any reasonable time."""
    checks.engine_args(
        position, Position, "a quads Position", time_budget=time_budget, budget_optional=False
    )
    checks.clock("clock", clock)
    yield from _GEOMETRY[position.squares].table_steps()
    clock = clock or time.perf_counter
    start = clock()
    deadline = None if time_budget is None else start + time_budget
    exact = True
    solver = _Solver(position.squares, deadline=deadline, clock=clock)
    scored: list[tuple[Move, int]]
    try:
        scored = yield from solver.move_scores(position, -1, 1)
    except _Stop:
        exact = False
        # estimates: a shallow search with its own short budget
        left = 0.25 if time_budget is None else max(0.05, time_budget * 0.25)
        solver = _Solver(position.squares, deadline=clock() + left, clock=clock)
        try:
            scored = yield from solver.move_scores(position, -WIN, WIN, depth=1)
        except _Stop:
            scored = yield from _Solver(position.squares).move_scores(position, -WIN, WIN, depth=0)
    values = []
    for move, v in scored:
        sure = exact or abs(v) >= WIN - 16
        dist = _distance(position, v) if sure and v and abs(v) >= WIN - 16 else None
        if sure and v == 0 and exact:
            dist = position.empties
        values.append(MoveValue(move, _sign(v) if sure else 0, sure, dist, v))
    squares: dict[str, MoveValue] = {}
    for mv in values:
        if mv.move.square is not None:
            old = squares.get(mv.move.square)
            if old is None or (mv.value, mv.estimate) > (old.value, old.estimate):
                squares[mv.move.square] = mv
    gives: dict[str | None, dict[int, GiveVerdict]] = {}
    by_move = {str(mv.move): mv for mv in values}
    targets: list[str | None] = [None]
    if position.held is not None:
        # placements that end the game have nothing to give
        targets = [
            s for s in sorted(squares, key=SQUARE_NAMES.index) if squares[s].move.give is not None
        ]
    for sq in targets:
        verdicts = {}
        for piece in position.available():
            reasons = give_reasons(position, sq, piece)
            verdicts[piece] = GiveVerdict(
                piece, "loses_at_once" if reasons else "safe", bool(reasons), reasons
            )
            yield
        for piece, verdict in verdicts.items():
            given = by_move.get(f"{sq or ''}:{piece}")
            if verdict.verdict == "safe" and given is not None and given.exact:
                if given.value < 0:
                    verdicts[piece] = GiveVerdict(piece, "loses_by_force", True)
                else:
                    verdicts[piece] = GiveVerdict(piece, "safe", True)
        gives[sq] = verdicts
        yield
    return Analysis(position, tuple(values), squares, gives, exact)


def analyse(position: Position, *, time_budget: float | None = 2.0) -> Analysis:
    """Run ``analyse_steps`` to the end."""
    result: Analysis = run_to_end(analyse_steps(position, time_budget=time_budget))
    return result


# --------------------------------------------------------------------------- the review


@dataclass(frozen=True)
class MoveReview:
    """One move of a finished (or unfinished) game: the value for ``side`` before it
    (``before``) and after it (``after``, the value of the move itself), both +1/0/-1 or None
    where the solver did not finish within the budget; ``mistake`` when the move lost value,
    or moved from a position the solver could not settle into a proven loss."""

    ply: int
    move: Move
    side: str
    before: int | None
    after: int | None

    @property
    def mistake(self) -> bool:
        if self.after is None:
            return False
        if self.before is None:
            return self.after < 0
        return self.after < self.before


@dataclass(frozen=True)
class Review:
    """Every move's value and the turning point: the index (into ``moves``) of the last move
    that changed the game's value, after which the result was settled (None if none did, or
    if the values are not known there)."""

    moves: tuple[MoveReview, ...]
    turning_point: int | None


def review_steps(
    start: Position, moves: list[Move | str], *, time_budget: float = 0.5
) -> Generator[None, None, Review]:
    """Value each move of a game played from ``start`` (exact within ``time_budget``
    seconds per position, else unknown), yielding regularly; see ``Review``."""
    checks.engine_args(
        start, Position, "a quads Position", name="start", time_budget=time_budget,
        budget_optional=False, live=False,
    )  # fmt: skip
    moves = list(checks.sequence("moves", moves, "moves"))
    positions = [start]
    parsed = []
    for m in moves:
        move = positions[-1].check(m)
        parsed.append(move)
        positions.append(positions[-1].play(move))
    values: list[int | None] = []  # the value of each position for its side to move
    for pos in positions:
        if pos.outcome is not None:
            values.append(None)
            continue
        sol = yield from solve_steps(pos, time_budget=time_budget, exact_distance=False)
        values.append(None if sol is None else sol.value)
    reviews = []
    for i, move in enumerate(parsed):
        before_pos, after_pos = positions[i], positions[i + 1]
        side = before_pos.to_move
        assert side is not None
        if after_pos.outcome is not None:
            after: int | None = 1 if after_pos.outcome.winner == side else 0
        else:
            v = values[i + 1]
            after = None if v is None else -v
        reviews.append(MoveReview(i + 1, move, side, values[i], after))
    turning = None
    for i, r in enumerate(reviews):
        if r.mistake:
            turning = i
    return Review(tuple(reviews), turning)


def review(start: Position, moves: list[Move | str], *, time_budget: float = 0.5) -> Review:
    """Run ``review_steps`` to the end."""
    result: Review = run_to_end(review_steps(start, moves, time_budget=time_budget))
    return result
