"""Snapshot v2 of boardbook.towergate.ai (commit 11c3717: the bitboard search with PVS, LMR,
killers and the kept table, keyed by the rules and blessings), absolute imports, for match
comparisons (the search before the issue #16 speed work of the towergate branch).

Tower Gate CPU players: やさしい easy, ふつう normal, つよい strong, and the coach's analysis.

All levels share one search on a mutable copy of the position (square codes and the tables of
``rules``, plus bitboards over the 25 squares), with make/unmake and Zobrist hashing, because
building a ``Position`` per node would be several times slower in pure Python.

- strong: iterative-deepening negamax alpha-beta (PVS: null windows after the first move)
  with a transposition table kept between the moves of a game (``SearchMemory``), the TT
  move, two killer moves per ply and history ordering, and late-move reductions for quiet
  moves (no climb, a build on height 0-1) late in the order, up to ``MAX_DEPTH["strong"]``
  plies (the seed's "up to 5 moves ahead"). Every node first asks "can the side to move
  climb onto height 3 now?", so a depth-d search sees wins one ply beyond d. At one ply to
  go the TT move and killers are tried before the move list is built, and each leaf is
  valued in one pass over bitboards without making the move (``_child``).
- normal: the same search to 2 plies.
- easy: never *absurd*, otherwise often not best. Absurd means (1) missing an immediate win,
  or (2) a move after which the opponent can climb to height 3 at once, when some other move
  avoids that. Among the moves left it picks at random, weighted towards the 1-ply evaluation.

Budgets are wall-clock seconds by default (what the player waits, however loaded the
machine); ``clock=time.process_time`` makes them CPU seconds (benchmarks). Measured with
``benchmarks/towergate_depth.py`` (see benchmarks/README.md).

Evaluation (for the side to move; it cannot win at once, or the search would have said so):
worker heights; per worker, the neighbours it may enter (mobility, with a heavy penalty at 0)
and those one level up it may climb given the colour rule (colour majority = who can climb
which tower); the opponent's threats to step onto an enterable height 3 (one is dangerous, two
different squares are nearly lost); own-majority height-2 and height-3 towers next to own
workers. Domes count through all of these (nobody enters them). Per worker these are
``bit_count``s of its reach (enterable, unoccupied, climbable neighbours) as a bitboard.

Scheduling contract: ``search_steps`` and ``analyse_steps`` are generators that yield ``None``
after every child of every node with two or more plies to go, i.e. every few milliseconds of
work (``benchmarks/towergate_search.py`` measures the longest gap), and return their result.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Generator
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from boardbook.core import checks
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
    Rules,
)

__all__ = [
    "DEFAULT_BUDGET",
    "LEVELS",
    "MAX_DEPTH",
    "Analysis",
    "SearchMemory",
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
#: Per side and blessing code: the blessings change the moves, so they are part of the key.
_ZBLESS = tuple(tuple(_rng.getrandbits(64) for _ in range(5)) for _ in range(2))
del _rng

# Evaluation weights.
_HEIGHT_VALUE = (0, 12, 40, 0, 0)
_MOBILITY = 3
_STUCK = 60
_CLIMB = 10
_THREAT_ONE = 90
_THREAT_TWO = 900
_OWN_TOWER = 6
#: Late-move reductions start after this many moves of a node (TT move and killers first).
_LMR_AFTER = 4


class _Timeout(Exception):
    """The budget ran out inside a search; the caller uses the last complete iteration."""


#: Per square, the bitboard of its neighbours (bit i = square i).
_ADJM = tuple(sum(1 << t for t in ADJ[i]) for i in range(25))
_ALL = (1 << 25) - 1
#: Per code, bit 0: terracotta may enter, bit 1: blue may enter.
_ENTBITS = tuple(ENTER[0][c] | ENTER[1][c] << 1 for c in range(128))


@cache
def _tops(rules: Rules) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """_tops(rules)[leap_ready][height]: the highest level a worker there may step onto."""
    climb = rules.climb
    return tuple(  # type: ignore[return-value]
        tuple(max(k for k in range(4) if climb[lr][h * 5 + k]) for h in range(4)) for lr in (0, 1)
    )


@cache
def _rules_key(rules: Rules) -> int:
    """A Zobrist key per rule set (seeded by its text, so the same in every process): two
    games under different rules never share a table entry."""
    return random.Random(rules.to_text()).getrandbits(64)


class _Board:
    """A mutable copy of a position for the search: codes, workers, side, Mason, hash, and
    bitboards over the 25 squares (``hm[k]``: height exactly k; ``ent[s]``: squares side s
    may enter by colour and domes), so that reach, mobility and threats are a few ``&`` and
    ``bit_count`` calls instead of loops over neighbours."""

    __slots__ = (
        "bless",
        "cells",
        "ent",
        "hash",
        "hm",
        "leap_once",
        "leap_vacated",
        "mason_left",
        "rules",
        "side",
        "tops",
        "turn",
        "wind_wins",
        "workers",
    )

    def __init__(self, pos: Position):
        self.cells = list(pos._cells)
        self.workers = list(pos._workers[0]) + list(pos._workers[1])
        self.side = pos._side
        self.turn = pos._turn
        self.bless = (_BLESS_CODE[pos._blessings[0]], _BLESS_CODE[pos._blessings[1]])
        # the position's blessing limits (a value it carries: never module state)
        self.rules = rules = pos._rules
        self.leap_once = rules.leap_once
        self.leap_vacated = rules.leap_build_vacated
        # the once-a-game blessing (Mason; Leap when so balanced) is still available
        self.mason_left = [
            self.bless[n] in ((2, 4) if rules.leap_once else (2,)) and not pos._used[n]
            for n in (0, 1)
        ]
        self.tops = _tops(rules)
        self.wind_wins = tuple(self.bless[n] == 1 and rules.wind_top >= 3 for n in (0, 1))
        # the rules and both blessings: constant in a game, so two games differing only in
        # them never share a table entry (the table is kept across games)
        h = _rules_key(rules) ^ _ZBLESS[0][self.bless[0]] ^ _ZBLESS[1][self.bless[1]]
        hm = [0] * 5
        ent = [0, 0]
        for i, c in enumerate(self.cells):
            h ^= _ZC[i][c]
            hm[c & 7] |= 1 << i
            e = _ENTBITS[c]
            if e & 1:
                ent[0] |= 1 << i
            if e & 2:
                ent[1] |= 1 << i
        self.hm = hm
        self.ent = ent
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
        """Every turn of ``side`` (climbs first: a cut comes sooner; the set is the rules')."""
        cells = self.cells
        workers = self.workers
        w0, w1, w2, w3 = workers
        occ = 1 << w0 | 1 << w1 | 1 << w2 | 1 << w3
        hm = self.hm
        h0 = hm[0]
        le = (h0, h0 | hm[1], h0 | hm[1] | hm[2], h0 | hm[1] | hm[2] | hm[3])
        top = self.tops[self.leap_ready(side)]
        free = self.ent[side] & ~occ
        bless = self.bless[side]
        leap_vacated = bless == 4 and self.leap_vacated
        mason = self.mason_left[side] and bless == 2
        repaint = bless == 3
        unbuilt = ~hm[4] & _ALL
        out: list[int] = []
        for src in (workers[2 * side], workers[2 * side + 1]):
            hs = cells[src] & 7
            reach = _ADJM[src] & free & le[top[hs]]
            targets = [t for t in ADJ[src] if reach >> t & 1]
            if bless == 1:
                wind_top = self.rules.wind_top
                for mid, t in WIND[src]:
                    hm_ = cells[mid] & 7
                    ht = cells[t] & 7
                    if (
                        free >> mid & 1
                        and hm_ <= hs + 1
                        and free >> t & 1
                        and ht <= hm_ + 1
                        and ht <= wind_top
                    ):
                        targets.append(t)
            if len(targets) > 1:
                targets.sort(key=lambda t: -(cells[t] & 7))
            buildable = unbuilt & ~(occ & ~(1 << src))
            mason_ok, repaintable = self.rules.mason_ok, self.rules.repaintable[side]
            for t in targets:
                base = src | t << 5
                if cells[t] & 7 == 3:
                    out.append(base | 31 << 10 | WIN << 15)
                    continue
                if leap_vacated and (cells[t] & 7) - hs == 2:
                    out.append(base | src << 10 | BUILD << 15)  # after a Leap: the square left
                    continue
                for b in ADJ[t]:
                    if buildable >> b & 1:
                        out.append(base | b << 10 | BUILD << 15)
                        if mason and mason_ok[cells[b] & 7]:
                            out.append(base | b << 10 | MASON << 15)
                        if repaint and repaintable[cells[b]]:
                            out.append(base | b << 10 | REPAINT << 15)
        return out

    def legal(self, key: int) -> bool:
        """Whether ``key`` is a legal non-winning one-square turn of the side to move (a
        killer or TT move from another node, tried before the move list is built)."""
        side = self.side
        src, t, b, kind = key & 31, key >> 5 & 31, key >> 10 & 31, key >> 15
        workers = self.workers
        if key < 0 or (src != workers[2 * side] and src != workers[2 * side + 1]):
            return False
        if not _ADJM[src] >> t & 1 or kind == WIN or t in workers:
            return False  # Wind's two-square moves come with the move list
        cells = self.cells
        c, hs = cells[t], cells[src] & 7
        ht = c & 7
        if ht == 3 or not ENTER[side][c] or ht > self.tops[self.leap_ready(side)][hs]:
            return False
        bless = self.bless[side]
        if bless == 4 and self.leap_vacated and ht - hs == 2:
            return b == src and kind == BUILD
        if not _ADJM[t] >> b & 1 or (b != src and b in workers) or cells[b] & 7 == 4:
            return False
        if kind == BUILD:
            return True
        if kind == MASON:
            return bless == 2 and self.mason_left[side] and self.rules.mason_ok[cells[b] & 7]
        return kind == REPAINT and bless == 3 and self.rules.repaintable[side][cells[b]]

    def _reach(self, side: int) -> tuple[int, int]:
        """The squares each worker of ``side`` may step onto (one-square steps)."""
        cells = self.cells
        workers = self.workers
        w0, w1, w2, w3 = workers
        hm = self.hm
        h0 = hm[0]
        le = (h0, h0 | hm[1], h0 | hm[1] | hm[2], h0 | hm[1] | hm[2] | hm[3])
        top = self.tops[self.leap_ready(side)]
        free = self.ent[side] & ~(1 << w0 | 1 << w1 | 1 << w2 | 1 << w3)
        a, b = workers[2 * side], workers[2 * side + 1]
        return (
            _ADJM[a] & free & le[top[cells[a] & 7]],
            _ADJM[b] & free & le[top[cells[b] & 7]],
        )

    def win_move(self, side: int) -> int:
        """The key of a move onto height 3 for ``side``, or -1."""
        ra, rb = self._reach(side)
        h3 = self.hm[3]
        workers = self.workers
        for src, r in ((workers[2 * side], ra), (workers[2 * side + 1], rb)):
            r &= h3
            if r:
                t = (r & -r).bit_length() - 1
                return src | t << 5 | 31 << 10 | WIN << 15
        if self.wind_wins[side]:
            cells = self.cells
            enter = ENTER[side]
            for src in (workers[2 * side], workers[2 * side + 1]):
                hs = cells[src] & 7
                if hs < 1:
                    continue
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
        ra, rb = self._reach(side)
        if ra | rb:
            return True  # the vacated square is always buildable
        return self.bless[side] == 1 and bool(self.moves(side))  # only Wind's long steps

    def leap_ready(self, side: int) -> bool:
        """Whether ``side`` may climb two levels now (Leap, once a game when so balanced)."""
        return self.bless[side] == 4 and (self.mason_left[side] or not self.leap_once)

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
        bit = 1 << b
        hm = self.hm
        hm[old & 7] ^= bit
        hm[new & 7] ^= bit
        e = _ENTBITS[old] ^ _ENTBITS[new]
        if e:
            ent = self.ent
            if e & 1:
                ent[0] ^= bit
            if e & 2:
                ent[1] ^= bit
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
        bit = 1 << b
        hm = self.hm
        hm[old & 7] ^= bit
        hm[new & 7] ^= bit
        e = _ENTBITS[old] ^ _ENTBITS[new]
        if e:
            ent = self.ent
            if e & 1:
                ent[0] ^= bit
            if e & 2:
                ent[1] ^= bit
        h = self.hash ^ _ZW[side][src] ^ _ZW[side][t] ^ _ZSIDE ^ _ZC[b][old] ^ _ZC[b][new]
        if spent:
            self.mason_left[side] = True
            h ^= _ZMASON[side]
        self.hash = h

    # ---- evaluation

    def evaluate(self) -> int:
        """Heuristic value for the side to move (see the module docstring)."""
        v = self.after(False)
        assert v is not None
        return -v

    def after(self, checks: bool = True) -> int | None:
        """The value of the turn just made, for the side that made it, or ``None`` when the
        side now to move wins at once (onto height 3) and ``_STUCK_WIN`` when it cannot move.

        One pass gives the terminal checks of a leaf and its evaluation (module docstring):
        per worker its reach (enterable, unoccupied, climbable neighbours) as a bitboard;
        mobility, climbs, threats and own towers are ``bit_count``s of that reach.
        """
        cells = self.cells
        workers = self.workers
        w0, w1, w2, w3 = workers
        occ = 1 << w0 | 1 << w1 | 1 << w2 | 1 << w3
        hm = self.hm
        h0, h3 = hm[0], hm[3]
        l1 = h0 | hm[1]
        l2 = l1 | hm[2]
        le = (h0, l1, l2, l2 | h3)
        h23 = hm[2] | h3
        o = self.side
        m = 1 - o
        ent = self.ent
        tops = self.tops
        bless = self.bless
        leap_once = self.leap_once
        # the side to move (o): can it win now, or is it stuck?
        top = tops[bless[o] == 4 and (self.mason_left[o] or not leap_once)]
        free = ent[o] & ~occ
        pa, pb = workers[2 * o], workers[2 * o + 1]
        ha, hb = cells[pa] & 7, cells[pb] & 7
        ra = _ADJM[pa] & free & le[top[ha]]
        rb = _ADJM[pb] & free & le[top[hb]]
        if checks:
            if (ra | rb) & h3:
                return None
            if self.wind_wins[o] and self.win_move(o) >= 0:
                return None
            if not ra | rb and not (bless[o] == 1 and self.moves(o)):
                return _STUCK_WIN
        mine = ~ent[m]
        vo = _HEIGHT_VALUE[ha] + _HEIGHT_VALUE[hb]
        n = ra.bit_count()
        vo += (
            (_MOBILITY * n if n else -_STUCK)
            + _CLIMB * (ra & ~le[ha]).bit_count()
            + _OWN_TOWER * (ra & h23 & mine).bit_count()
        )
        n = rb.bit_count()
        vo += (
            (_MOBILITY * n if n else -_STUCK)
            + _CLIMB * (rb & ~le[hb]).bit_count()
            + _OWN_TOWER * (rb & h23 & mine).bit_count()
        )
        # the side that moved (m)
        top = tops[bless[m] == 4 and (self.mason_left[m] or not leap_once)]
        free = ent[m] & ~occ
        pa, pb = workers[2 * m], workers[2 * m + 1]
        ha, hb = cells[pa] & 7, cells[pb] & 7
        ra = _ADJM[pa] & free & le[top[ha]]
        rb = _ADJM[pb] & free & le[top[hb]]
        theirs = ~ent[o]
        vm = _HEIGHT_VALUE[ha] + _HEIGHT_VALUE[hb]
        n = ra.bit_count()
        vm += (
            (_MOBILITY * n if n else -_STUCK)
            + _CLIMB * (ra & ~le[ha]).bit_count()
            + _OWN_TOWER * (ra & h23 & theirs).bit_count()
        )
        n = rb.bit_count()
        vm += (
            (_MOBILITY * n if n else -_STUCK)
            + _CLIMB * (rb & ~le[hb]).bit_count()
            + _OWN_TOWER * (rb & h23 & theirs).bit_count()
        )
        threats = (ra | rb) & h3
        if threats:
            vm += _THREAT_ONE if threats & (threats - 1) == 0 else _THREAT_TWO
        return vm - vo


#: The code after a build, by kind (BUILD, MASON, REPAINT) and side.
_NEW_CODE = {BUILD: BUILT, MASON: MASONED, REPAINT: REPAINTED}


def _child(board: _Board, key: int) -> int | None:
    """``board.after()`` once ``key`` is made, without making it (the leaves of the search:
    the one-pass evaluation on the bitboards as they would be; ``board`` is not changed)."""
    s = board.side
    o = 1 - s
    src, t, b, kind = key & 31, key >> 5 & 31, key >> 10 & 31, key >> 15
    cells = board.cells
    workers = board.workers
    old = cells[b]
    new = _NEW_CODE[kind][s][old]
    bit = 1 << b
    hm = board.hm
    h = [hm[0], hm[1], hm[2], hm[3], hm[4]]
    h[old & 7] ^= bit
    h[new & 7] ^= bit
    h0, h3 = h[0], h[3]
    l1 = h0 | h[1]
    l2 = l1 | h[2]
    le = (h0, l1, l2, l2 | h3)
    h23 = h[2] | h3
    ent = board.ent
    e = _ENTBITS[old] ^ _ENTBITS[new]
    e0 = ent[0] ^ bit if e & 1 else ent[0]
    e1 = ent[1] ^ bit if e & 2 else ent[1]
    eo, em = (e1, e0) if s == 0 else (e0, e1)
    w0, w1, w2, w3 = workers
    occ = (1 << w0 | 1 << w1 | 1 << w2 | 1 << w3) ^ 1 << src ^ 1 << t
    tops = board.tops
    bless = board.bless
    leap_once = board.leap_once
    # the side to move after the turn (o): can it win now, or is it stuck?
    top = tops[bless[o] == 4 and (board.mason_left[o] or not leap_once)]
    free = eo & ~occ
    pa, pb = workers[2 * o], workers[2 * o + 1]
    ha, hb = cells[pa] & 7, cells[pb] & 7
    ra = _ADJM[pa] & free & le[top[ha]]
    rb = _ADJM[pb] & free & le[top[hb]]
    if (ra | rb) & h3:
        return None
    if board.wind_wins[o]:
        undo = board.make(key)
        wins = board.win_move(o) >= 0
        board.unmake(key, undo)
        if wins:
            return None
    if not ra | rb:
        if bless[o] != 1:
            return _STUCK_WIN
        undo = board.make(key)
        stuck = not board.moves(o)
        board.unmake(key, undo)
        if stuck:
            return _STUCK_WIN
    mine = ~em
    vo = _HEIGHT_VALUE[ha] + _HEIGHT_VALUE[hb]
    n = ra.bit_count()
    vo += (
        (_MOBILITY * n if n else -_STUCK)
        + _CLIMB * (ra & ~le[ha]).bit_count()
        + _OWN_TOWER * (ra & h23 & mine).bit_count()
    )
    n = rb.bit_count()
    vo += (
        (_MOBILITY * n if n else -_STUCK)
        + _CLIMB * (rb & ~le[hb]).bit_count()
        + _OWN_TOWER * (rb & h23 & mine).bit_count()
    )
    # the side that moved (s): its blessing may be spent by this very turn
    hs = cells[src] & 7
    left = board.mason_left[s]
    if left and (kind == MASON or (bless[s] == 4 and (cells[t] & 7) - hs == 2)):
        left = False
    top = tops[bless[s] == 4 and (left or not leap_once)]
    free = em & ~occ
    pa = t
    pb = workers[2 * s + 1] if workers[2 * s] == src else workers[2 * s]
    ha, hb = cells[pa] & 7, cells[pb] & 7
    ra = _ADJM[pa] & free & le[top[ha]]
    rb = _ADJM[pb] & free & le[top[hb]]
    theirs = ~eo
    vm = _HEIGHT_VALUE[ha] + _HEIGHT_VALUE[hb]
    n = ra.bit_count()
    vm += (
        (_MOBILITY * n if n else -_STUCK)
        + _CLIMB * (ra & ~le[ha]).bit_count()
        + _OWN_TOWER * (ra & h23 & theirs).bit_count()
    )
    n = rb.bit_count()
    vm += (
        (_MOBILITY * n if n else -_STUCK)
        + _CLIMB * (rb & ~le[hb]).bit_count()
        + _OWN_TOWER * (rb & h23 & theirs).bit_count()
    )
    threats = (ra | rb) & h3
    if threats:
        vm += _THREAT_ONE if threats & (threats - 1) == 0 else _THREAT_TWO
    return vm - vo


#: ``_Board.after()`` when the side to move has no legal turn (it has lost).
_STUCK_WIN = 1 << 40


def evaluate(position: Position) -> int:
    """The static evaluation of ``position`` for its side to move (in setup: 0)."""
    checks.instance("position", position, Position, "a towergate Position")
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


class SearchMemory:
    """What a strong search keeps for the next one: the transposition table and the history
    counters. Kept across the moves of a game, the previous search's subtrees make the next
    one's first iterations nearly free and its move order good."""

    #: Entries beyond this are dropped at the start of a search (memory in a browser tab).
    MAX_ENTRIES = 300_000

    def __init__(self) -> None:
        self.tt: dict[int, tuple[int, int, int, int]] = {}
        self.history: dict[int, int] = {}

    def prepare(self) -> None:
        """Start a search: forget the table if it is full; age the history so the last
        moves' counters weigh most. (Games with other rules or blessings may share the
        table: both are in every key.)"""
        if len(self.tt) > self.MAX_ENTRIES:
            self.tt.clear()
            self.history.clear()
        self.history = {k: v >> 2 for k, v in self.history.items() if v >= 4}


_MEMORY = SearchMemory()


class _Search:
    """One search: board, transposition table, history, killers, deadline on ``clock``."""

    def __init__(
        self,
        pos: Position,
        deadline: float | None = None,
        *,
        clock: Callable[[], float] = time.perf_counter,
        memory: SearchMemory | None = None,
    ):
        self.board = _Board(pos)
        self.deadline = deadline
        self.clock = clock
        if memory is None:
            memory = SearchMemory()
        memory.prepare()
        self.tt = memory.tt
        self.history = memory.history
        memory.history = self.history
        self.killers: list[list[int]] = [[-1, -1] for _ in range(64)]
        self.stats = _Stats()

    def _check_time(self) -> None:
        if self.deadline is not None and self.clock() > self.deadline:
            raise _Timeout

    def _ordered(self, moves: list[int], hint: int, ply: int) -> list[int]:
        """TT move, then killers, then by history and height gained (climbs, tall builds)."""
        hist = self.history
        cells = self.board.cells
        k0, k1 = self.killers[ply]
        scored = []
        for m in moves:
            if m == hint:
                k = 1 << 30
            elif m == k0:
                k = 1 << 29
            elif m == k1:
                k = 1 << 28
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
        value, hint = self._probe(1, alpha, beta, ply)
        if value is not None:
            return value
        if board.turn + 1 >= TURN_LIMIT:
            return 0 if board.has_move(board.side) else -(WIN_SCORE - ply)  # a drawn end
        alpha0 = alpha
        best, best_move = -WIN_SCORE - 1, -1
        child, legal = _child, board.legal
        lose = -(WIN_SCORE - ply - 2)
        killers = self.killers[ply]
        # the TT move and the killers (what refuted the siblings) first, checked for legality
        # on their own: most nodes here are cut by one of them before any move list is built
        tried: list[int] = []
        nodes = 0
        for m in (hint, killers[0], killers[1]):
            if m in tried or not legal(m):
                continue
            tried.append(m)
            nodes += 1
            v = child(board, m)
            if v is None:
                v = lose
            elif v == _STUCK_WIN:
                v = WIN_SCORE - ply - 1
            if v > best:
                best, best_move = v, m
                if v > alpha:
                    alpha = v
                    if v >= beta:
                        if killers[0] != m:
                            killers[1] = killers[0]
                            killers[0] = m
                        self.stats.nodes += nodes
                        self._store(1, best, alpha0, beta, best_move, ply)
                        return best
        moves = board.moves(board.side)
        if not moves:
            return -(WIN_SCORE - ply)
        for m in moves:
            if tried and m in tried:
                continue
            nodes += 1
            v = child(board, m)
            if v is None:
                v = lose
            elif v == _STUCK_WIN:
                v = WIN_SCORE - ply - 1
            if v > best:
                best, best_move = v, m
                if v > alpha:
                    alpha = v
                    if v >= beta:
                        if killers[0] != m:
                            killers[1] = killers[0]
                            killers[0] = m
                        break
        self.stats.nodes += nodes
        self._store(1, best, alpha0, beta, best_move, ply)
        return best

    def steps(self, depth: int, alpha: int, beta: int, ply: int) -> Generator[None, None, int]:
        """PVS alpha-beta with the TT for depth >= 2, yielding after each child.

        Late quiet moves at depth >= 3 (after the TT move, killers and the first few; not a
        climb) are searched one ply shallower with a null window first, and again at full
        depth only if they beat alpha (late-move reductions)."""
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
        cells = board.cells
        killers = self.killers[ply]
        for n, m in enumerate(self._ordered(moves, hint, ply)):
            # plies to reduce a late quiet move by: no climb, a build on height 0-1
            reduce = int(
                depth >= 3
                and n >= _LMR_AFTER
                and m != killers[0]
                and m != killers[1]
                and (cells[m >> 5 & 31] & 7) <= (cells[m & 31] & 7)
                and (cells[m >> 10 & 31] & 7) < 2
            )
            if reduce and depth >= 4 and n >= 3 * _LMR_AFTER:
                reduce = 2  # the very late ones two plies
            undo = board.make(m)
            try:
                if n == 0:
                    v = -(yield from self.steps(depth - 1, -beta, -alpha, ply + 1))
                else:
                    if reduce:
                        r = depth - 1 - reduce
                        v = -(yield from self.steps(r, -alpha - 1, -alpha, ply + 1))
                    else:
                        v = alpha + 1
                    if v > alpha:
                        v = -(yield from self.steps(depth - 1, -alpha - 1, -alpha, ply + 1))
                        if alpha < v < beta:
                            v = -(yield from self.steps(depth - 1, -beta, -alpha, ply + 1))
            finally:
                board.unmake(m, undo)
            yield
            self._check_time()
            if v > best:
                best, best_move = v, m
                if v > alpha:
                    alpha = v
                    if v >= beta:
                        key = m & 0x7FFF
                        self.history[key] = self.history.get(key, 0) + depth * depth
                        if killers[0] != m:
                            killers[1] = killers[0]
                            killers[0] = m
                        break
        self._store(depth, best, alpha0, beta, best_move, ply)
        return best

    def root(
        self, moves: list[int], max_depth: int, rng: random.Random
    ) -> Generator[None, None, tuple[int, int]]:
        """Iterative deepening over ``moves``; returns (best key, value)."""
        board = self.board
        cells = board.cells
        order = list(moves)
        rng.shuffle(order)  # equal moves are chosen at random, not always the first
        entry = self.tt.get(board.hash)
        if entry is not None and entry[3] in order:  # the last search's best reply first
            order.remove(entry[3])
            order.insert(0, entry[3])
        best, best_value = order[0], -WIN_SCORE
        for depth in range(1, max_depth + 1):
            alpha, beta = -WIN_SCORE - 1, WIN_SCORE + 1
            iter_best, iter_value = None, -WIN_SCORE - 1
            scores: dict[int, int] = {}
            try:
                for n, m in enumerate(order):
                    # late quiet root moves one ply shallower first (as in ``steps``)
                    reduce = (
                        depth >= 4
                        and n >= 2 * _LMR_AFTER
                        and (cells[m >> 5 & 31] & 7) <= (cells[m & 31] & 7)
                        and (cells[m >> 10 & 31] & 7) < 2
                    )
                    undo = board.make(m)
                    try:
                        if n == 0:
                            v = -(yield from self.steps(depth - 1, -beta, -alpha, 1))
                        else:  # a null window first: most root moves are worse than the best
                            v = alpha + 1
                            if reduce:
                                v = -(yield from self.steps(depth - 2, -alpha - 1, -alpha, 1))
                            if v > alpha:
                                v = -(yield from self.steps(depth - 1, -alpha - 1, -alpha, 1))
                            if v > alpha:
                                v = -(yield from self.steps(depth - 1, -beta, -alpha, 1))
                    finally:
                        board.unmake(m, undo)
                    scores[m] = v
                    yield
                    if v > iter_value:
                        iter_best, iter_value = m, v
                        alpha = max(alpha, v)
                    self._check_time()
            except _Timeout:
                # keep a partial iteration only if its best beats the previous iteration's
                # best searched to this depth (the previous best is searched first)
                if iter_best is not None and order and scores.get(order[0]) is not None:
                    best, best_value = iter_best, iter_value
                break
            assert iter_best is not None
            best, best_value = iter_best, iter_value
            self.stats.depth = depth
            # previous best first, then the rest by this iteration's score (stable for ties);
            # a null-window score is only a bound, so those keep their relative order
            order.sort(key=lambda m: -WIN_SCORE - 2 if m == best else -scores[m])
            self.tt[board.hash] = (depth, best_value, _EXACT, best)
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
    clock: Callable[[], float] | None = None,
    memory: SearchMemory | None = None,
) -> Generator[None, None, Move]:
    """Choose a move for ``level``, yielding ``None`` regularly; the move is the return value.

    ``time_budget`` (seconds) defaults to ``DEFAULT_BUDGET[level]``; ``max_depth`` to
    ``MAX_DEPTH[level]`` (benchmarks fix it, with a large budget, for repeatable games).
    The budget is read on ``clock``: by default the wall clock (``time.perf_counter``), the
    time a player waits, however loaded the machine; benchmarks pass ``time.process_time``
    to compare engines in CPU time. ``memory`` is the table kept between searches (default:
    one shared by this process's games; pass a fresh ``SearchMemory()`` for a search that
    owes nothing to earlier ones). ``stats``, if given, receives ``nodes``, ``depth`` (last
    complete iteration) and ``value``.
    """
    checks.engine_args(
        position, Position, "a towergate Position", level=level, rng=rng, time_budget=time_budget
    )
    checks.count("max_depth", max_depth, minimum=1, optional=True)
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
    clock = time.perf_counter if clock is None else clock
    search = _Search(
        position,
        deadline=clock() + budget,
        clock=clock,
        memory=_MEMORY if memory is None else memory,
    )
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
    clock: Callable[[], float] | None = None,
    memory: SearchMemory | None = None,
) -> Move:
    """Run ``search_steps`` to the end (for scripts and tests; widgets use the scheduler)."""
    move: Move = _run(
        search_steps(
            position,
            level,
            rng=rng,
            time_budget=time_budget,
            max_depth=max_depth,
            clock=clock,
            memory=memory,
        )
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
    position: Position,
    *,
    time_budget: float | None = None,
    depth: int = 2,
    clock: Callable[[], float] | None = None,
) -> Generator[None, None, Analysis]:
    """Value every legal move (a ``depth``-ply search below each), yielding regularly.

    With the default depth 2 the coach sees the opponent's best reply and its own next climb,
    so "this lets blue climb to height 3" and "this wins by force next turn" are found. When
    ``time_budget`` runs out, the remaining moves keep a 1-ply value.
    """
    checks.engine_args(position, Position, "a towergate Position", time_budget=time_budget)
    checks.count("depth", depth, minimum=1, maximum=MAX_DEPTH["strong"])
    moves = position.legal_moves()
    if not moves:
        raise ValueError("the game is over: there is nothing to analyse")
    side = SIDES[position._side]
    if position.in_setup:
        values = {str(m): 0.0 for m in moves}
        first = str(moves[0])
        neutral = {"kind": "placement", "side": side, "square": first}
        return Analysis(side, values, first, first, neutral, neutral, 0, tuple(moves))
    clock = time.perf_counter if clock is None else clock
    deadline = None if time_budget is None else clock() + time_budget
    search = _Search(position, deadline=deadline, clock=clock)
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
