"""Reversi CPU players: beginner (greedy), corner-seeker, and strong (alpha-beta + exact endgame).

Scheduling contract (the widget's scheduler relies on it): ``search_steps`` is a generator that
yields ``None`` regularly -- between root moves, deepening iterations and the children of every
large subtree, so never more than a few milliseconds of work apart (measured: at most 5 ms of
CPU time, at 10-44 empties; 3.9 ms at most over two games at 0.1 s per move, searches and
analyses) -- and finally returns the chosen ``Move``. The strong level also yields a
``Progress`` after each completed iteration ("watch the CPU think"; the scheduler ignores
yielded values), and ``analyse_steps`` yields partial ``Analysis`` objects the same way.
On CPython the scheduler drives it in a thread and checks a cancel flag at each yield; in Pyodide
it runs it in slices on the event loop. To make that possible without coroutine overhead at every
node, the upper plies of each search are generators and the small subtrees below them are plain
recursive functions (each one bounded to a few milliseconds).

The strong level's transposition tables outlive a search (``_Tables``, a small pool taken
under a lock, one per running search), so the moves of a game build on each other and an exact
solve that runs out of time is resumed on the next move. An exact solve is a series of
null-window tests at the root around a shallow search's guess (MTD(f)), with enhanced
transposition cutoffs above 8 empties and fastest-first order above 7 (the children's replies
generated in one pass over the children packed side by side into one big int, and handed down
as their legal moves); at 7 empties and below it runs on list-free solvers
(5-7 in parity order, then corners first and the squares next to them last; last 4 and last 3
unrolled in parity order, Edax's solve_4/solve_3, four-empty positions met again answered from
one search's table of bounds; last 2 with the last move valued inline from its flip count)
whose flips and last-move counts come from per-square generated functions (``_flips``) and
whose order of the empties comes from one search's table keyed by the set of empties; a node
with a table move searches it before it pays for ordering the rest. Its
midgame evaluation is fitted to exactly finished self-play games (``_patterns``: weights by
phase for a few scalar features and three pattern tables; one generated function per phase),
and its play prunes with ProbCut (its analysis does not). The midgame search packs children
the same way: a node's order generates all its children's replies in one pass, and a depth-1
node, past its first child, generates both sides' moves, frontier and potential mobility for
all its children in one pass each before evaluating them in order.

Pure Python on the bitboard kernels of ``rules``; nothing here touches the widget.
"""

from __future__ import annotations

import math
import random
import threading
import time
from collections.abc import Callable, Generator
from dataclasses import dataclass, field

from ..core import checks
from ..core.game import bits, run_to_end
from . import _patterns
from ._edges import EDGE_VALUE, OPP_INDEX, OWN_INDEX, UNSTABLE
from ._flips import COUNTS as _COUNTS
from ._flips import FLIPS as _FLIPS
from .rules import (
    FULL,
    LANE,
    ONE_BOARD,
    PASS,
    Move,
    Position,
    flip_mask,
    lane_masks,
    legal_mask,
)

__all__ = [
    "ANALYSIS_BUDGET",
    "ANALYSIS_EXACT_EMPTIES",
    "LEVELS",
    "Analysis",
    "Progress",
    "analyse",
    "analyse_steps",
    "choose_move",
    "evaluate",
    "exact_empties_for",
    "search_steps",
    "solve",
]

LEVELS = ("beginner", "corner", "strong")

# Steps between yields: subtrees at or below these sizes run as plain recursion.
_PLAIN_MAX_EMPTIES = 8  # endgame: a subtree with <= 8 empties takes a few ms
_PLAIN_MAX_DEPTH = 2  # midgame: a subtree of depth <= 2 takes a few ms
# The exact search's generator yields only between the children of nodes with at least this
# many empties (each of its nodes still reads the clock): a yield passes through every
# generator above it, and a subtree with <= 10 empties takes milliseconds (at most 10 ms
# between yields over the 7 benchmark positions at 17 empties).
_YIELD_MIN_EMPTIES = 11
# The strong level always solves exactly at or below this many empties, whatever the budget ...
EXACT_EMPTIES = 10
# ... and tries to, within the time budget, up to this many (fewer for small budgets).
TRY_EXACT_EMPTIES = 20


def exact_empties_for(time_budget: float) -> int:
    """Empties the exact solver likely finishes within ``time_budget`` on this engine, as
    measured by ``benchmarks/reversi_solver.py`` (median CPU from empty tables: about 0.17 s
    at 14 empties, x2.6 per extra empty), with one empty of optimism: in play the tables are
    warm from the moves before."""
    checks.budget("time_budget", time_budget, optional=False)
    if time_budget <= 0:
        return EXACT_EMPTIES
    time_budget = min(time_budget, 1e6)  # past a few minutes the answer no longer changes
    extra = math.log(max(1.0, time_budget / 0.0037)) / math.log(2.6)
    return max(EXACT_EMPTIES, min(TRY_EXACT_EMPTIES, EXACT_EMPTIES + 1 + int(extra)))


_TT_MIN_EMPTIES = 7  # the small solver keeps a table from here on (6 or more: _last5 has none)
_GUESS_DEPTH = 3  # plies of the midgame search that guesses an exact solve's value
_WIN = 10_000  # midgame score of one final disc of difference: above any evaluation


def _bit(name: str) -> int:
    return 1 << (int(name[1]) - 1) * 8 + "abcdefgh".index(name[0])


def _mask(*names: str) -> int:
    result = 0
    for name in names:
        result |= _bit(name)
    return result


CORNERS = _mask("a1", "h1", "a8", "h8")
X_SQUARES = _mask("b2", "g2", "b7", "g7")
C_SQUARES = _mask("b1", "a2", "g1", "h2", "a7", "b8", "h7", "g8")
# (corner, its X-square, its two C-squares)
_CORNER_ZONES = tuple(
    (_bit(corner), _bit(x), _mask(*cs))
    for corner, x, cs in (
        ("a1", "b2", ("b1", "a2")),
        ("h1", "g2", ("g1", "h2")),
        ("a8", "b7", ("a7", "b8")),
        ("h8", "g7", ("h7", "g8")),
    )
)
EDGES = (0xFF | 0xFF << 56 | 0x0101010101010101 | 0x8080808080808080) & ~CORNERS & ~C_SQUARES
_QUADRANTS = (0x0F0F0F0F, 0xF0F0F0F0, 0x0F0F0F0F << 32, 0xF0F0F0F0 << 32)
# The last few empties are tried in parity order, then by these classes (Edax's square order:
# corners first, the squares next to the corners last).
_FIRST_SQUARES = CORNERS
_LAST_SQUARES = X_SQUARES | C_SQUARES
_MIDDLE_SQUARES = FULL & ~_FIRST_SQUARES & ~_LAST_SQUARES
_QUADRANT = tuple((sq >= 32) * 2 + (sq & 7 >= 4) for sq in range(64))
_QUADRANT_BIT = tuple(1 << q for q in _QUADRANT)
# The squares of the quadrants whose bits are set in a 4-bit parity.
_PARITY_MASK = tuple(
    sum(quadrant for q, quadrant in enumerate(_QUADRANTS) if parity >> q & 1)
    for parity in range(16)
)


# The small solver's order, by parity: its square classes as masks, empty ones left out.
_SMALL_ORDER = tuple(
    tuple(
        part
        for half in (_PARITY_MASK[parity], FULL ^ _PARITY_MASK[parity])
        for squares in (_FIRST_SQUARES, _MIDDLE_SQUARES, _LAST_SQUARES)
        if (part := half & squares)
    )
    for parity in range(16)
)


def _order(empty: int, parity: int) -> tuple[int, ...]:
    """The small solvers' order of the empties: the squares of odd quadrants first, then
    the rest; within each, from 5 empties on in ``_SMALL_ORDER``'s classes, below that by
    square (Edax's solve_4 sort)."""
    if empty.bit_count() > 4:
        masks = _SMALL_ORDER[parity]
    else:
        odd = _PARITY_MASK[parity]
        masks = (odd, FULL ^ odd)
    return tuple(sq for mask in masks for sq in bits(empty & mask))


def _parity(empty: int) -> int:
    """Bit q set when quadrant q has an odd number of empty squares."""
    return (
        (empty & _QUADRANTS[0]).bit_count() & 1
        | ((empty & _QUADRANTS[1]).bit_count() & 1) << 1
        | ((empty & _QUADRANTS[2]).bit_count() & 1) << 2
        | ((empty & _QUADRANTS[3]).bit_count() & 1) << 3
    )


# Classic static square values, used to order moves (not to evaluate).
_SQUARE_VALUE = (
    (100, -20, 10, 5, 5, 10, -20, 100),
    (-20, -50, -2, -2, -2, -2, -50, -20),
    (10, -2, 1, 1, 1, 1, -2, 10),
    (5, -2, 1, 0, 0, 1, -2, 5),
    (5, -2, 1, 0, 0, 1, -2, 5),
    (10, -2, 1, 1, 1, 1, -2, 10),
    (-20, -50, -2, -2, -2, -2, -50, -20),
    (100, -20, 10, 5, 5, 10, -20, 100),
)
SQUARE_VALUE = tuple(v for row in _SQUARE_VALUE for v in row)
_SQUARE_BONUS = tuple(value // 10 for value in SQUARE_VALUE)  # the fastest-first key's share


class _Timeout(Exception):
    """The time budget ran out inside a search; the caller falls back to what it has."""


def _neighbours(mask: int, lanes: tuple[int, int, int, int] = ONE_BOARD) -> int:
    """Squares next to any square of ``mask`` (8 directions, no wrap-around); of every
    board at once if ``mask`` holds boards packed as ``rules.legal_mask`` takes them."""
    left = mask & lanes[2]  # may move towards column a
    right = mask & lanes[3]  # may move towards column h
    spread = mask | (left >> 1) | (right << 1)
    return ((spread << 8) | (spread >> 8) | (left >> 1) | (right << 1)) & lanes[0]


_BIT = tuple(1 << sq for sq in range(64))  # a read, where ``1 << sq`` builds a new int
_ADJACENT = tuple(_neighbours(1 << sq) for sq in range(64))  # each square's neighbours

_LANE_MASKS = tuple(lane_masks(count) for count in range(65))  # by the number of boards
# ``board * _LANE_COPIES[n]``: the board in each of n lanes at once (the lanes never overlap)
_LANE_COPIES = tuple(sum(1 << LANE * i for i in range(count)) for count in range(65))
_BOTH_SIDES = _LANE_MASKS[2]  # a board and its colours swapped: both sides' moves at once
_THREE_BOARDS = _LANE_MASKS[3]


_COLUMN_A = 0x0101010101010101
_GATHER = 0x0102040810204080  # (x & _COLUMN_A) * _GATHER >> 56: column a as a byte, a1 = bit 0


def _edges_value(own: int, opp: int) -> int:
    """The four edge lines' table values (``_edges``: corners, exactly stable edge discs,
    C-squares next to an empty corner, other edge discs) for the side owning ``own``."""
    own_h, opp_h = own >> 7, opp >> 7
    return (
        EDGE_VALUE[OWN_INDEX[own & 0xFF] + OPP_INDEX[opp & 0xFF]]
        + EDGE_VALUE[OWN_INDEX[own >> 56] + OPP_INDEX[opp >> 56]]
        + EDGE_VALUE[
            OWN_INDEX[(own & _COLUMN_A) * _GATHER >> 56 & 0xFF]
            + OPP_INDEX[(opp & _COLUMN_A) * _GATHER >> 56 & 0xFF]
        ]
        + EDGE_VALUE[
            OWN_INDEX[(own_h & _COLUMN_A) * _GATHER >> 56 & 0xFF]
            + OPP_INDEX[(opp_h & _COLUMN_A) * _GATHER >> 56 & 0xFF]
        ]
    )


_COLUMN_OF_BYTE = tuple(sum(1 << 8 * j for j in range(8) if byte >> j & 1) for byte in range(256))
_INNER = 0x007E7E7E7E7E7E00  # squares off the edges
# Edax's thresholds by empties: a null-window node tries the stability cutoff only when its
# alpha is at least this high (the opponent's stable discs rarely bound a lower score). At 7
# empties it is higher here (28, Edax's 12): a test costs about two nodes, and below alpha 28
# it cut 0.4 % of the tests at 7 empties (7.5 % at 28-35) over 19 positions at 16-17 empties.
# (At 6 empties it cuts about 4.5 % at any alpha below 34, and raising that threshold cost one
# position 25 % more nodes.)
_STABILITY_THRESHOLD: tuple[int, ...] = (99, 99, 99, 99, 6, 8, 10, 28, 14, 16, 20, 22, 24, 26)
_STABILITY_THRESHOLD += tuple(range(28, 64, 2)) + (64,) * 33
_SMALL_STABILITY_MIN = 6  # 6 or more: the five-empty solver has no stability test
# Inner discs rarely add more stable discs than this to the stable edge discs: where the edges
# fall shorter of what a cutoff needs, the inner part is not computed (measured over 19
# positions at 16-17 empties: the nodes change by less than 0.05 %, the median position's
# instructions drop 2.8 %; 8 loses cutoffs, +4 % nodes on one position).
_STABLE_INNER_MAX = 10


def _stable(own: int, opp: int, edge_min: int = 0) -> int:
    """A subset of ``own``'s discs that can never be flipped (Edax's estimate): exactly stable
    edge discs (``_edges.UNSTABLE``), inner discs whose four lines are all full, and inner
    discs next to stable ones (or a full line) in each of the four directions. With fewer
    than ``edge_min`` stable edge discs, only those (still a subset: a weaker bound)."""
    discs = own | opp
    row1, opp1 = own & 0xFF, opp & 0xFF
    row8, opp8 = own >> 56, opp >> 56
    col_a = (own & _COLUMN_A) * _GATHER >> 56 & 0xFF
    opp_a = (opp & _COLUMN_A) * _GATHER >> 56 & 0xFF
    col_h = (own >> 7 & _COLUMN_A) * _GATHER >> 56 & 0xFF
    opp_h = (opp >> 7 & _COLUMN_A) * _GATHER >> 56 & 0xFF
    stable = (
        (row1 & ~UNSTABLE[OWN_INDEX[row1] + OPP_INDEX[opp1]])
        | (row8 & ~UNSTABLE[OWN_INDEX[row8] + OPP_INDEX[opp8]]) << 56
        | _COLUMN_OF_BYTE[col_a & ~UNSTABLE[OWN_INDEX[col_a] + OPP_INDEX[opp_a]]]
        | _COLUMN_OF_BYTE[col_h & ~UNSTABLE[OWN_INDEX[col_h] + OPP_INDEX[opp_h]]] << 7
    )
    inner = own & _INNER
    if not inner or stable.bit_count() < edge_min:
        return stable
    # full lines, one mask per direction (Edax's get_full_lines)
    h = discs & discs >> 1
    h &= h >> 2
    h &= h >> 4
    full_h = (h & _COLUMN_A) * 0xFF
    v = discs & (discs >> 8 | discs << 56)
    v &= v >> 16 | v << 48
    v &= v >> 32 | v << 32
    full_v = v & FULL
    l7 = r7 = discs
    l7 &= 0xFF01010101010101 | l7 >> 7
    r7 &= 0x80808080808080FF | r7 << 7
    l7 &= 0xFFFF030303030303 | l7 >> 14
    r7 &= 0xC0C0C0C0C0C0FFFF | r7 << 14
    l7 &= 0xFFFFFFFF0F0F0F0F | l7 >> 28
    r7 &= 0xF0F0F0F0FFFFFFFF | r7 << 28
    full_7 = l7 & r7
    l9 = r9 = discs
    l9 &= 0xFF80808080808080 | l9 >> 9
    r9 &= 0x01010101010101FF | r9 << 9
    l9 &= 0xFFFFC0C0C0C0C0C0 | l9 >> 18
    r9 &= 0x030303030303FFFF | r9 << 18
    full_9 = l9 & r9 & (0x0F0F0F0FF0F0F0F0 | l9 >> 36 | r9 << 36)
    stable |= full_h & full_v & full_7 & full_9 & inner
    old = 0
    while stable != old:
        old = stable
        stable |= (
            (stable >> 1 | stable << 1 | full_h)
            & (stable >> 8 | stable << 8 | full_v)
            & (stable >> 7 | stable << 7 | full_7)
            & (stable >> 9 | stable << 9 | full_9)
            & inner
        )
    return stable


def _stability_bound(own: int, opp: int, alpha: int, n_empty: int) -> int:
    """An upper bound of the value for the side to move (owning ``own``) when the opponent's
    stable discs prove it is at most ``alpha`` (a null-window cutoff), else 65. Tried only
    where it may pay: ``alpha`` at least Edax's threshold for ``n_empty``, and enough
    opponent discs that their stability could decide."""
    if alpha >= _STABILITY_THRESHOLD[n_empty] and 2 * opp.bit_count() >= 64 - alpha:
        # a cutoff needs (65 - alpha) // 2 stable discs
        bound = 64 - 2 * _stable(opp, own, (65 - alpha) // 2 - _STABLE_INNER_MAX).bit_count()
        if bound <= alpha:
            return bound
    return 65


_LineBound = tuple[int, list[int], list[int], list[int]]
_CornerBound = tuple[tuple[int, int, int], list[int], list[int], list[int]]
_Phase = tuple[
    tuple[float, ...],
    tuple[_LineBound, ...],
    tuple[_LineBound, ...],
    tuple[_LineBound, ...],
    tuple[_CornerBound, ...],
]


def _bind(
    kind: list[_patterns.LineExtractor], tables: dict[str, list[int]]
) -> tuple[_LineBound, ...]:
    return tuple((p, own, opp, tables[name]) for p, own, opp, name in kind if name in tables)


def _bind_phases() -> tuple[_Phase, ...]:
    """Per phase, the scalar features' weights and the patterns' extractors bound to that
    phase's tables (one tuple lookup per evaluation instead of one per instance).

    The edge table feature is folded into the phase's ``edge`` pattern table (its weight
    times ``EDGE_VALUE``, plus the fitted correction if any), so it costs four lookups."""
    _, scalars, phases = _patterns.load_weights()
    kinds = _patterns.extractors()
    bound = []
    for weights, fitted in zip(scalars, phases, strict=True):
        edge_weight = float(weights["edges"])
        correction = fitted.get("edge", [0] * len(EDGE_VALUE))
        tables = {
            **fitted,
            "edge": [
                round(edge_weight * value) + extra
                for value, extra in zip(EDGE_VALUE, correction, strict=True)
            ],
        }

        bound.append(
            (
                tuple(float(weights[name]) for name in _patterns.SCALARS if name != "edges"),
                _bind(kinds.rows, tables),
                _bind(kinds.columns, tables),
                _bind(kinds.diagonals, tables),
                tuple(
                    (p, own, opp, tables[name])
                    for p, own, opp, name in kinds.corners
                    if name in tables
                ),
            )
        )
    return tuple(bound)


_PHASES = _bind_phases()
_PHASE_BY_EMPTIES = _patterns.PHASE_BY_EMPTIES
_GATHER_DIAGONAL = _patterns.GATHER_DIAGONAL


def _features(own: int, opp: int, own_moves: int) -> tuple[int, ...]:
    """The scalar features of ``_patterns.SCALARS``, in that order, for the side owning ``own``
    (for fitting and tests: ``evaluate`` computes the same inline)."""
    opp_moves = legal_mask(opp, own)
    mobility_own = own_moves.bit_count()
    mobility_opp = opp_moves.bit_count()
    empty = ~(own | opp) & FULL
    x_squares = 0
    for corner, x, _ in _CORNER_ZONES:
        if empty & corner:
            if own & x:
                x_squares -= 1
            elif opp & x:
                x_squares += 1
    frontier = _neighbours(empty)
    potential_own = (empty & _neighbours(opp)).bit_count()
    potential_opp = (empty & _neighbours(own)).bit_count()
    return (
        1,
        mobility_own - mobility_opp,
        100 * (mobility_own - mobility_opp) // (mobility_own + mobility_opp + 2),
        (own_moves & CORNERS).bit_count() - (opp_moves & CORNERS).bit_count(),
        _edges_value(own, opp),
        x_squares,
        (own & frontier).bit_count() - (opp & frontier).bit_count(),
        potential_own - potential_opp,
        100 * (potential_own - potential_opp) // (potential_own + potential_opp + 2),
    )


def evaluate(own: int, opp: int, own_moves: int | None = None) -> int:
    """Heuristic value for the side owning ``own``, in 1/``_EVAL_PER_DISC`` of a final disc:
    mobility, corner access, X-squares, frontier and potential mobility, and the pattern
    tables of ``_patterns`` (the edge lines at least), weighted by phase as fitted to exactly
    solved self-play games (``tools/fit_reversi_eval.py``)."""
    if own_moves is None:
        both = legal_mask(own | opp << LANE, opp | own << LANE, _BOTH_SIDES)
        return _evaluate_moves(own, opp, both & FULL, both >> LANE)
    return _evaluate_moves(own, opp, own_moves, legal_mask(opp, own))


def _evaluate_moves(own: int, opp: int, own_moves: int, opp_moves: int) -> int:
    """``evaluate`` given both sides' moves."""
    empty = ~(own | opp) & FULL
    spread = _neighbours(empty | opp << LANE | own << 2 * LANE, _THREE_BOARDS)
    frontier = spread & FULL
    return _EVALUATE[empty.bit_count()](
        own,
        opp,
        empty,
        own_moves,
        opp_moves,
        (own & frontier).bit_count() - (opp & frontier).bit_count(),
        (empty & spread >> LANE).bit_count(),
        (empty & spread >> 2 * LANE).bit_count(),
    )


def _shifted(name: str, shift: int) -> str:
    return f"({name} >> {shift})" if shift else name


def _regathered(part: list[int]) -> list[int]:
    """A 3x3 block's part table (index: row 1 | row 2 << 3 | row 3 << 6) indexed instead by
    ``(y | y >> 13) & 0x7FF``, y the block's rows at bits 0-2, 8-10, 16-18 (row 1 | row 3 <<
    3 | row 2 << 8); the other entries unused. One copy per table (the phases share them)."""
    found = _REGATHERED.get(id(part))
    if found is None or found[0] is not part:
        found = _REGATHERED[id(part)] = (
            part,
            [
                0 if j & 0xC0 else part[(j & 7) | (j >> 8 & 7) << 3 | (j >> 3 & 7) << 6]
                for j in range(0x800)
            ],
        )
    return found[1]


_REGATHERED: dict[int, tuple[list[int], list[int]]] = {}  # by id(part): (part, regathered)


def _evaluator_source(phase: _Phase, names: dict[str, object]) -> str:
    """The source of one phase's evaluation (``_EVALUATE``): its weights as literals (``repr``
    round-trips a float, and the sum keeps the order of the loop version, so the same float),
    the X-square tests and every pattern instance's lookup unrolled (integer sums, exact in
    any order); the tables are bound in ``names``."""
    weights, rows, columns, diagonals, corners = phase

    def bound(value: object) -> str:
        name = f"t{len(names)}"
        names[name] = value
        return name

    w = [repr(float(weight)) for weight in weights]
    lines = [
        (
            "def evaluate(own, opp, empty, own_moves, opp_moves, frontier, potential_own,"
            " potential_opp):"
        ),
        "    mobility_own = own_moves.bit_count()",
        "    mobility_opp = opp_moves.bit_count()",
        "    x_squares = 0",
    ]
    for corner, x, _ in _CORNER_ZONES:
        lines += [
            f"    if empty & {corner}:",
            f"        if own & {x}:",
            "            x_squares -= 1",
            f"        elif opp & {x}:",
            "            x_squares += 1",
        ]
    lines += [
        "    score = int(",
        f"        {w[0]}",
        f"        + {w[1]} * (mobility_own - mobility_opp)",
        (
            f"        + {w[2]} * (100 * (mobility_own - mobility_opp)"
            " // (mobility_own + mobility_opp + 2))"
        ),
        (
            f"        + {w[3]} * ((own_moves & {CORNERS}).bit_count()"
            f" - (opp_moves & {CORNERS}).bit_count())"
        ),
        f"        + {w[4]} * x_squares",
        f"        + {w[5]} * frontier",
        f"        + {w[6]} * (potential_own - potential_opp)",
        (
            f"        + {w[7]} * (100 * (potential_own - potential_opp)"
            " // (potential_own + potential_opp + 2))"
        ),
        "    )",
    ]
    terms = []
    for shift, own_part, opp_part, table in rows:
        byte = "" if shift == 56 else " & 255"  # the last row: nothing above it
        own_row, opp_row = _shifted("own", shift), _shifted("opp", shift)
        terms.append(
            f"{bound(table)}[{bound(own_part)}[{own_row}{byte}]"
            f" + {bound(opp_part)}[{opp_row}{byte}]]"
        )
    for shift, own_part, opp_part, table in columns:
        own_col, opp_col = _shifted("own", shift), _shifted("opp", shift)
        terms.append(
            f"{bound(table)}[{bound(own_part)}[({own_col} & {_COLUMN_A}) * {_GATHER} >> 56 & 255]"
            f" + {bound(opp_part)}[({opp_col} & {_COLUMN_A}) * {_GATHER} >> 56 & 255]]"
        )
    for mask, own_part, opp_part, table in diagonals:
        terms.append(
            f"{bound(table)}[{bound(own_part)}[(own & {mask}) * {_GATHER_DIAGONAL} >> 56 & 255]"
            f" + {bound(opp_part)}[(opp & {mask}) * {_GATHER_DIAGONAL} >> 56 & 255]]"
        )
    for shifts, own_part, opp_part, table in corners:
        s0, s1, s2 = shifts
        if s1 == s0 + 8 and s2 == s0 + 16:  # three rows of a 3x3 block, gathered in 5 steps
            own_block = f"((y := {_shifted('own', s0)} & 0x070707) | y >> 13) & 0x7FF"
            opp_block = f"((y := {_shifted('opp', s0)} & 0x070707) | y >> 13) & 0x7FF"
            own_part, opp_part = _regathered(own_part), _regathered(opp_part)
        else:
            own_block = " | ".join(
                f"({_shifted('own', shift)} & 7)" + (f" << {3 * i}" if i else "")
                for i, shift in enumerate(shifts)
            )
            opp_block = own_block.replace("own", "opp")
        terms.append(
            f"{bound(table)}[{bound(own_part)}[{own_block}] + {bound(opp_part)}[{opp_block}]]"
        )
    lines += [f"    score += {term}" for term in terms]
    lines.append("    return score")
    return "\n".join(lines) + "\n"


_Evaluator = Callable[[int, int, int, int, int, int, int, int], int]


def _evaluator(phase: _Phase) -> _Evaluator:
    names: dict[str, object] = {}
    exec(_evaluator_source(phase, names), names)  # noqa: S102 - our own generated source
    evaluator: _Evaluator = names["evaluate"]  # type: ignore[assignment]
    return evaluator


_EVALUATORS = tuple(_evaluator(phase) for phase in _PHASES)
# The evaluation by the number of empty squares: (own, opp, empty, own_moves, opp_moves, the
# frontier discs' difference own - opp, own's potential mobility, opp's) -> ``evaluate``'s
# value. The midgame's depth-1 nodes compute those figures for all their children at once.
_EVALUATE = tuple(_EVALUATORS[phase] for phase in _PHASE_BY_EMPTIES)
# A depth-1 node's order, best square value first and by square within a value: one mask per
# value, from the highest.
_LEAF_ORDER = tuple(
    sum(1 << sq for sq in range(64) if SQUARE_VALUE[sq] == value)
    for value in sorted(set(SQUARE_VALUE), reverse=True)
)


_WLD_EXTRA = 2  # the strong level solves win/draw/loss this many empties beyond its exact reach
# Where the strong level tries a solve, the midgame search first takes this share of the budget
# (its move is played if the solve does not finish); the solve has the rest. 0.2 rather than
# 0.35 proves more moves at 16-18 empties and loses fewer discs at 1 s, a share of 0.1 leaves
# too weak a fallback (benchmarks/reversi_endgame_reach.py, benchmarks/README.md).
_SOLVE_MIDGAME_SHARE = 0.2
# The same for the coach's analysis where it tries to solve every move. At the hint's 4 s a
# share of 0.2 proves more analyses at 17 empties but names a worse best move where the solve
# does not finish (benchmarks/README.md), so the analysis keeps 0.35.
_ANALYSIS_MIDGAME_SHARE = 0.35
_SMALL_EMPTIES = 7  # at or below: the list-free solver in parity order (fastest-first above)
_INF = _WIN * 100
# Midgame score units per final disc, to report estimates in discs (the evaluation is fitted
# in these units).
_EVAL_PER_DISC = float(_patterns.UNITS_PER_DISC)
# From this many empties on, the exact search's fastest-first key also counts each child's
# evaluation, ``_ORDER_EVAL_WEIGHT`` key units per disc (one reply of the opponent is 16): it
# picks the refutation first far more often (nodes -10 % to -18 % by geometric mean on five
# samples of 16-17 empties); from 12 empties on the nodes are few enough to pay for it.
_ORDER_EVAL_MIN_EMPTIES = 12
_ORDER_EVAL_WEIGHT = 6
# From this many empties on, an exact solve first runs selective passes (as Edax's rising
# selectivity does): the same null-window search, but a node with at least
# ``_SELECTIVE_CUT_EMPTIES`` empties, two plies or more below the root, is cut where the
# evaluation lies more than a margin (in discs, one pass per margin) outside the window. Its
# value is only a guess and its bounds stay in its own table; what the exact solve takes from
# it is the guess and each upper node's best move, tried first (by geometric mean over
# random positions 1.09x at 16 empties, 1.08x at 17, 1.15x at 18; none at 14-15:
# benchmarks/README.md).
_SELECTIVE_MIN_EMPTIES = 16
_SELECTIVE_CUT_EMPTIES = 10
_SELECTIVE_FREE_PLIES = 2
_SELECTIVE_MARGINS = (4, 8)


class _Tables:
    """Transposition tables that outlive one search (keys are exact positions, so reuse across
    the moves of a game, across games, and across a timed-out solve is always sound: an entry is
    stored only when its node's search finished). docs/RULES.md scoring only."""

    __slots__ = ("end_tt", "mid_tt")

    def __init__(self) -> None:
        self.end_tt: dict[tuple[int, int], tuple[int, int, int]] = {}
        self.mid_tt: dict[tuple[int, int], tuple[int, int, int, int]] = {}

    def trim_steps(self, discs: int) -> Generator[None, None, None]:
        """Bound memory, yielding between chunks: drop positions with fewer discs than the new
        root (unreachable now), and everything if that is not enough."""
        if len(self.end_tt) + len(self.mid_tt) <= _TABLE_TRIM:
            return
        for table in (self.end_tt, self.mid_tt):
            keys = list(table)
            for start in range(0, len(keys), 4096):
                for key in keys[start : start + 4096]:
                    if (key[0] | key[1]).bit_count() < discs:
                        del table[key]
                yield
        if len(self.end_tt) + len(self.mid_tt) > _TABLE_MAX:
            self.end_tt = {}
            self.mid_tt = {}


_TABLE_TRIM = 50_000  # entries (about 320 bytes each) before unreachable ones are dropped
_TABLE_MAX = 100_000  # entries per table at most (about 32 MB): Pyodide's memory is small
_SMALL_TABLE_MAX = 50_000  # entries of the four-empty table, per search (6.4 MB full)
_POOL_SIZE = 2  # tables kept between searches (two widgets playing at once each get one)
_pool: list[_Tables] = []
_pool_lock = threading.Lock()


def _checkout() -> _Tables:
    """Tables for one search: never shared by two running searches (each takes its own from
    the pool under a lock), so concurrent searches in threads stay correct."""
    with _pool_lock:
        return _pool.pop() if _pool else _Tables()


def _checkin(tables: _Tables) -> None:
    with _pool_lock:
        if len(_pool) < _POOL_SIZE:
            _pool.append(tables)


def _clear_tables() -> None:
    """Forget every kept table (benchmarks start each game from nothing; tests)."""
    with _pool_lock:
        _pool.clear()


@dataclass(frozen=True, slots=True)
class Progress:
    """What the CPU is thinking after one completed iteration (``search_steps`` yields it).

    ``depth`` is the plies searched (the empties when ``exact``), ``score`` the expected final
    disc difference for the side to move (an estimate unless ``exact``), ``pv`` the line the
    search expects, as notations starting with its chosen move.
    """

    depth: int
    score: float
    pv: tuple[str, ...]
    exact: bool = False


def _discs(value: int) -> float:
    """A midgame search value in final discs: exact for a proven result, else an estimate."""
    if abs(value) >= _WIN:
        return float(value // _WIN if value > 0 else -(-value // _WIN))
    return max(-63.0, min(63.0, round(value / _EVAL_PER_DISC, 1)))


_PROBCUT = True  # the strong level's play (not its analysis) prunes with ProbCut
_PROBCUT_MIN_DEPTH = 3
# Per phase and depth: how far outside the window (in evaluation units) the search two plies
# shallower must land for ProbCut to trust it: 1.5 standard deviations of (depth d value -
# depth d-2 value), measured by tools/reversi_probcut.py on the shipped evaluation. The last
# entry of a row serves every deeper search. The opening's values spread half as much, so it
# prunes with half the margin.
_PROBCUT_PHASES = (32, 44)  # up to 32 empties, 33-44, 45 and more
_PROBCUT_MARGINS = (
    (0, 0, 0, 165, 170, 145, 125),
    (0, 0, 0, 160, 160, 110, 110),
    (0, 0, 0, 85, 90, 85, 65),
)


def _probcut_margin(depth: int, n_empty: int) -> int:
    """ProbCut's margin for a search of ``depth`` plies from a position with ``n_empty``
    empty squares."""
    row = _PROBCUT_MARGINS[(n_empty > _PROBCUT_PHASES[0]) + (n_empty > _PROBCUT_PHASES[1])]
    return row[min(depth, len(row) - 1)]


class _Search:
    """One search's state: (possibly kept) transposition tables, nodes, deadline, scoring."""

    __slots__ = (
        "deadline",
        "empties_to_winner",
        "end_tt",
        "mid_tt",
        "nodes",
        "orders",
        "probcut",
        "small_tt",
        "tests",
    )

    def __init__(
        self,
        *,
        deadline: float | None = None,
        empties_to_winner: bool = False,
        tables: _Tables | None = None,
        probcut: bool = False,
    ):
        self.deadline = deadline
        self.empties_to_winner = empties_to_winner
        self.probcut = probcut
        self.nodes = 0
        self.tests = 0  # the exact solves' null-window tests at the root (benchmarks)
        tables = tables if tables is not None else _Tables()
        self.end_tt = tables.end_tt
        self.mid_tt = tables.mid_tt
        # bounds of four-empty positions, ``(low + 65) << 8 | high + 65`` (one small int, not
        # a tuple: less memory, and nothing for the garbage collector to track); cheap to
        # refill, so one search's only
        self.small_tt: dict[int, int] = {}
        # the last empties in the order the small solvers try them, by the set of empties
        self.orders: dict[int, tuple[int, ...]] = {}

    def check_time(self) -> None:
        """Raise ``_Timeout`` past the deadline; also keep a long search's tables bounded."""
        if self.deadline is not None and time.perf_counter() > self.deadline:
            raise _Timeout
        if len(self.mid_tt) > _TABLE_MAX:
            self.mid_tt.clear()  # forgetting is always sound, only slower
        if len(self.end_tt) > _TABLE_MAX:
            self.end_tt.clear()
        if len(self.small_tt) > _SMALL_TABLE_MAX:
            self.small_tt.clear()
        if len(self.orders) > _SMALL_TABLE_MAX:
            self.orders.clear()

    def expired(self) -> bool:
        return self.deadline is not None and time.perf_counter() > self.deadline

    def final(self, own: int, opp: int) -> int:
        """Final disc difference for ``own``; empties to the winner if so configured."""
        n_own, n_opp = own.bit_count(), opp.bit_count()
        diff = n_own - n_opp
        if self.empties_to_winner and diff:
            empties = 64 - n_own - n_opp
            diff += empties if diff > 0 else -empties
        return diff

    # ------------------------------------------------------------------ exact endgame
    # Every exact search is a null-window test, as in Edax: "is the value above ``alpha``?"
    # (MTD(f) at the root and the win/draw/loss solve only ever ask that). Results are
    # fail-soft: a value <= alpha is an upper bound of the true value, one > alpha a lower bound.

    def _last1(self, own: int, opp: int, sq: int) -> int:
        """Exact value with one empty square ``sq`` (own + opp = 63 discs): counts only."""
        self.nodes += 1
        n = _COUNTS[sq](own)
        if n:
            return 2 * (own.bit_count() + n) - 62
        n = _COUNTS[sq](opp)
        if n:
            return 2 * (own.bit_count() - n) - 64
        diff = 2 * own.bit_count() - 63  # odd: never a draw
        if self.empties_to_winner:
            diff += 1 if diff > 0 else -1
        return diff

    def _pass1(self, own: int, n_opp: int, sq: int) -> int:
        """Value for ``own`` when its opponent (``n_opp`` discs, to move) cannot play the last
        empty ``sq``: ``own`` plays it if it can. (Not Edax's lazy cutoff: its weaker bounds
        cost the root more null-window tests than it saves.)"""
        n = _COUNTS[sq](own)
        if n:
            return 64 - 2 * (n_opp - n)
        diff = 63 - 2 * n_opp
        if self.empties_to_winner:
            diff += 1 if diff > 0 else -1
        return diff

    def _last2(self, own: int, opp: int, alpha: int, a: int, b: int) -> int:
        """Value with the two empty squares ``a`` and ``b`` (no ordering to gain); the last
        move is valued inline from its flip count (Edax's solve_2 and solve_1)."""
        best = -65
        if opp & _ADJACENT[a]:
            flips = _FLIPS[a](own, opp)
            if flips:
                after = opp ^ flips
                n_after = after.bit_count()
                n = _COUNTS[b](after)
                if n:
                    best = 62 - 2 * (n_after + n)
                else:
                    best = self._pass1(own | flips | _BIT[a], n_after, b)
                if best > alpha:
                    self.nodes += 2
                    return best
        if opp & _ADJACENT[b]:
            flips = _FLIPS[b](own, opp)
            if flips:
                after = opp ^ flips
                n_after = after.bit_count()
                n = _COUNTS[a](after)
                if n:
                    value = 62 - 2 * (n_after + n)
                else:
                    value = self._pass1(own | flips | _BIT[b], n_after, a)
                if best > -65:
                    self.nodes += 3
                    if value > best:
                        return value
                    return best
                self.nodes += 2
                return value
        self.nodes += 1
        if best > -65:
            self.nodes += 1
            return best
        # ``own`` passes: the opponent picks the smaller of its tries
        worst = 65
        if own & _ADJACENT[a]:
            flips = _FLIPS[a](opp, own)
            if flips:
                after = own ^ flips
                n = _COUNTS[b](after)
                if n:
                    self.nodes += 1
                    worst = 2 * (after.bit_count() + n) - 62
                else:
                    worst = self._last1(after, opp | flips | _BIT[a], b)
                if worst <= alpha:
                    return worst
        if own & _ADJACENT[b]:
            flips = _FLIPS[b](opp, own)
            if flips:
                after = own ^ flips
                n = _COUNTS[a](after)
                if n:
                    self.nodes += 1
                    value = 2 * (after.bit_count() + n) - 62
                else:
                    value = self._last1(after, opp | flips | _BIT[b], a)
                if value < worst:
                    return value
                return worst
        return worst if worst < 65 else self.final(own, opp)

    def _last3(self, own: int, opp: int, alpha: int, a: int, b: int, c: int) -> int:
        """Value with the three empties ``a``, ``b``, ``c``: the one alone in its quadrant
        first (parity), the others in the order given."""
        self.nodes += 1
        qa, qb, qc = _QUADRANT[a], _QUADRANT[b], _QUADRANT[c]
        if qa == qb:
            if qa != qc:
                a, b, c = c, a, b
        elif qa == qc:
            a, b = b, a
        beta = -alpha - 1
        best = -65
        if opp & _ADJACENT[a]:
            flips = _FLIPS[a](own, opp)
            if flips:
                best = -self._last2(opp ^ flips, own | flips | _BIT[a], beta, b, c)
                if best > alpha:
                    return best
        if opp & _ADJACENT[b]:
            flips = _FLIPS[b](own, opp)
            if flips:
                value = -self._last2(opp ^ flips, own | flips | _BIT[b], beta, a, c)
                if value > best:
                    if value > alpha:
                        return value
                    best = value
        if opp & _ADJACENT[c]:
            flips = _FLIPS[c](own, opp)
            if flips:
                value = -self._last2(opp ^ flips, own | flips | _BIT[c], beta, a, b)
                if value > best:
                    return value
                return best
        if best > -65:
            return best
        worst = 65  # ``own`` passes
        for x, y, z in ((a, b, c), (b, a, c), (c, a, b)):
            if own & _ADJACENT[x]:
                flips = _FLIPS[x](opp, own)
                if flips:
                    value = self._last2(own ^ flips, opp | flips | _BIT[x], alpha, y, z)
                    if value < worst:
                        if value <= alpha:
                            return value
                        worst = value
        return worst if worst < 65 else self.final(own, opp)

    def _last4(self, own: int, opp: int, alpha: int, empty: int, parity: int) -> int:
        """Value with four empties (Edax's solve_4): the squares of odd quadrants first (the
        order kept in ``orders``), no stability test. Its table of bounds is read and
        written by its caller, ``_last5``."""
        self.nodes += 1
        order = self.orders.get(empty)
        if order is None:
            order = self.orders[empty] = _order(empty, parity)
        x1, x2, x3, x4 = order
        beta = -alpha - 1
        best = -65
        if opp & _ADJACENT[x1]:
            flips = _FLIPS[x1](own, opp)
            if flips:
                best = -self._last3(opp ^ flips, own | flips | _BIT[x1], beta, x2, x3, x4)
                if best > alpha:
                    return best
        if opp & _ADJACENT[x2]:
            flips = _FLIPS[x2](own, opp)
            if flips:
                value = -self._last3(opp ^ flips, own | flips | _BIT[x2], beta, x1, x3, x4)
                if value > best:
                    if value > alpha:
                        return value
                    best = value
        if opp & _ADJACENT[x3]:
            flips = _FLIPS[x3](own, opp)
            if flips:
                value = -self._last3(opp ^ flips, own | flips | _BIT[x3], beta, x1, x2, x4)
                if value > best:
                    if value > alpha:
                        return value
                    best = value
        if opp & _ADJACENT[x4]:
            flips = _FLIPS[x4](own, opp)
            if flips:
                value = -self._last3(opp ^ flips, own | flips | _BIT[x4], beta, x1, x2, x3)
                if value > best:
                    return value
                return best
        if best > -65:
            return best
        if legal_mask(opp, own):  # pass
            return -self._last4(opp, own, beta, empty, parity)
        return self.final(own, opp)

    def _last5(self, own: int, opp: int, alpha: int, empty: int, parity: int) -> int:
        """Value with five empties, in the order kept in ``orders``; each child's four-empty
        position is looked up in a table of fail-soft bounds (``small_tt``) before it is
        searched: the root's next null-window test and transpositions meet one four-empty
        position again in about a fifth of the children, and the bound stored then often
        decides the new test. The lookup is here, not in a wrapper of ``_last4``: one call
        fewer per child (1 % of the instructions). No stability test and no ``end_tt`` at
        five empties (both cost more than they save there)."""
        self.nodes += 1
        order = self.orders.get(empty)
        if order is None:
            order = self.orders[empty] = _order(empty, parity)
        small_tt = self.small_tt
        beta = -alpha - 1
        best = -65
        for sq in order:
            if not opp & _ADJACENT[sq]:
                continue
            flips = _FLIPS[sq](own, opp)
            if not flips:
                continue
            bit = _BIT[sq]
            child_own = opp ^ flips
            child_opp = own | flips | bit
            key = child_own | child_opp << 64  # one int: a third less memory than a tuple
            entry = small_tt.get(key)
            if entry is None:
                low, high = -65, 65
            else:
                low = (entry >> 8) - 65
                high = (entry & 255) - 65
            if low > beta:
                self.nodes += 1
                value = -low
            elif high <= beta:
                self.nodes += 1
                value = -high
            else:
                child = self._last4(
                    child_own, child_opp, beta, empty ^ bit, parity ^ _QUADRANT_BIT[sq]
                )
                # an entry that did not decide has low <= beta < high: the new bound is tighter
                if child > beta:
                    small_tt[key] = (child + 65) << 8 | high + 65
                else:
                    small_tt[key] = (low + 65) << 8 | child + 65
                value = -child
            if value > best:
                if value > alpha:
                    return value
                best = value
        if best > -65:
            return best
        # No move for ``own``: pass if the opponent can move, else the game is over.
        if legal_mask(opp, own):
            return -self._last5(opp, own, beta, empty, parity)
        return self.final(own, opp)

    def _small(self, own: int, opp: int, alpha: int, empty: int, parity: int) -> int:
        """Value with 6 to ``_SMALL_EMPTIES`` empties, in the order kept in ``orders``: the
        squares of odd quadrants first (``parity``: bit q set when quadrant q has an odd
        number of empties), then corners, then the middle, the squares next to the corners
        last; from ``_TT_MIN_EMPTIES`` on, the table too (its move first)."""
        self.nodes += 1
        n_empty = empty.bit_count()
        if n_empty >= _SMALL_STABILITY_MIN and alpha >= _STABILITY_THRESHOLD[n_empty]:
            bound = _stability_bound(own, opp, alpha, n_empty)
            if bound <= alpha:
                return bound
        search = self._last5 if n_empty == 6 else self._small
        beta = -alpha - 1
        best, best_sq = -65, -1
        key = None
        # the table's bounds: an entry that does not decide has low <= alpha < high, so the
        # result replaces one of them (stored inline: no call, no second lookup)
        low, high = -65, 65
        if n_empty >= _TT_MIN_EMPTIES:
            key = (own, opp)
            entry = self.end_tt.get(key)
            if entry is not None:
                low, high, sq = entry
                if low > alpha:
                    return low
                if high <= alpha:
                    return high
                if sq >= 0:  # the table's move first
                    bit = _BIT[sq]
                    flips = _FLIPS[sq](own, opp)
                    value = -search(
                        opp ^ flips,
                        own | flips | bit,
                        beta,
                        empty ^ bit,
                        parity ^ _QUADRANT_BIT[sq],
                    )
                    if value > alpha:
                        self.end_tt[key] = (value, high, sq)
                        return value
                    best, best_sq = value, sq
        order = self.orders.get(empty)
        if order is None:
            order = self.orders[empty] = _order(empty, parity)
        tried = best_sq
        for sq in order:
            if sq == tried or not opp & _ADJACENT[sq]:
                continue
            flips = _FLIPS[sq](own, opp)
            if not flips:
                continue
            bit = _BIT[sq]
            value = -search(
                opp ^ flips, own | flips | bit, beta, empty ^ bit, parity ^ _QUADRANT_BIT[sq]
            )
            if value > best:
                best, best_sq = value, sq
                if value > alpha:
                    if key is not None:
                        self.end_tt[key] = (value, high, sq)
                    return value
        if best > -65:
            if key is not None:
                self.end_tt[key] = (low, best, best_sq)
            return best
        # No move for ``own``: pass if the opponent can move, else the game is over.
        if legal_mask(opp, own):
            return -self._small(opp, own, beta, empty, parity)
        return self.final(own, opp)

    def _ordered_end(
        self, own: int, opp: int, moves: int, hint: int
    ) -> list[tuple[int, int, int, int]]:
        """(key, square, flips, the opponent's replies), sorted: the hint first, then fewest
        opponent replies (fastest first), few own frontier discs (the opponent's potential
        mobility), corners early, and from ``_ORDER_EVAL_MIN_EMPTIES`` on the child's
        evaluation. The children are packed side by side into one big int (``LANE`` bits
        each), so one pass of the move generator and of the neighbour spread serves them all
        (and the evaluation's features too)."""
        children = []
        placed = 0  # each child's new disc and flipped discs, in its lane
        shift = 0
        while moves:
            bit = moves & -moves
            moves ^= bit
            sq = bit.bit_length() - 1
            flips = _FLIPS[sq](own, opp)
            children.append((sq, flips))
            placed |= (flips | bit) << shift
            shift += LANE
        lanes = _LANE_MASKS[len(children)]
        copies = _LANE_COPIES[len(children)]
        replier = opp * copies & ~placed
        other = own * copies | placed
        replies = legal_mask(replier, other, lanes)
        empties = lanes[0] & ~(replier | other)
        spread = _neighbours(empties, lanes)
        frontier = spread & other
        scored = []
        n_child = 63 - (own | opp).bit_count()
        evaluating = n_child >= _ORDER_EVAL_MIN_EMPTIES - 1
        if evaluating:
            # Each child's evaluation (``_evaluate_moves``, for the replier) from packed
            # features: the moves ``own`` would have in each child, the neighbours of each colour.
            evaluate_child = _EVALUATE[n_child]
            own_moves = legal_mask(other, replier, lanes)
            near_replier = _neighbours(replier, lanes)
            near_other = _neighbours(other, lanes)
        for sq, flips in children:
            lane = replies & FULL
            replies >>= LANE
            if sq == hint:
                key = -100_000
            else:
                key = 16 * lane.bit_count() + 4 * (frontier & FULL).bit_count() - _SQUARE_BONUS[sq]
                if lane & CORNERS:
                    key += 24
                if evaluating:
                    child_own, child_opp, child_empty = replier & FULL, other & FULL, empties & FULL
                    around = spread & FULL
                    value = evaluate_child(
                        child_own,
                        child_opp,
                        child_empty,
                        lane,
                        own_moves & FULL,
                        (child_own & around).bit_count() - (child_opp & around).bit_count(),
                        (child_empty & near_other).bit_count(),
                        (child_empty & near_replier).bit_count(),
                    )
                    key += value * _ORDER_EVAL_WEIGHT // _patterns.UNITS_PER_DISC
            frontier >>= LANE
            if evaluating:
                replier >>= LANE
                other >>= LANE
                empties >>= LANE
                spread >>= LANE
                own_moves >>= LANE
                near_replier >>= LANE
                near_other >>= LANE
            scored.append((key, sq, flips, lane))
        scored.sort()
        return scored

    def _nws(self, own: int, opp: int, alpha: int, moves: int = -1) -> int:
        """Exact null-window value (plain recursion) for small subtrees: the small solvers at
        or below ``_SMALL_EMPTIES`` empties, above them the table and fastest-first order.
        ``moves``: ``own``'s legal moves if the caller knows them (its order generated them)."""
        empty = ~(own | opp) & FULL
        n_empty = empty.bit_count()
        if n_empty <= _SMALL_EMPTIES:
            if n_empty > 5:
                return self._small(own, opp, alpha, empty, _parity(empty))
            if n_empty == 5:
                return self._last5(own, opp, alpha, empty, _parity(empty))
            if n_empty == 4:
                return self._last4(own, opp, alpha, empty, _parity(empty))
            if n_empty == 3:
                a, b, c = bits(empty)
                return self._last3(own, opp, alpha, a, b, c)
            if n_empty == 2:
                bit = empty & -empty
                return self._last2(
                    own, opp, alpha, bit.bit_length() - 1, (empty ^ bit).bit_length() - 1
                )
            return (
                self._last1(own, opp, empty.bit_length() - 1) if n_empty else self.final(own, opp)
            )
        self.nodes += 1
        bound = _stability_bound(own, opp, alpha, n_empty)
        if bound <= alpha:
            return bound
        if moves < 0:
            moves = legal_mask(own, opp)
        if not moves:
            if not legal_mask(opp, own):
                return self.final(own, opp)
            return -self._nws(opp, own, -alpha - 1)
        key = (own, opp)
        hint = -1
        low, high = -65, 65  # the table's bounds, tightened by the result as in ``_small``
        entry = self.end_tt.get(key)
        if entry is not None:
            low, high, hint = entry
            if low > alpha:
                return low
            if high <= alpha:
                return high
        best, best_sq = -65, -1
        if hint >= 0 and moves >> hint & 1:  # the table's move first, before ordering the rest
            flips = _FLIPS[hint](own, opp)
            best = -self._nws(opp ^ flips, own | flips | 1 << hint, -alpha - 1)
            best_sq = hint
            moves ^= 1 << hint
            if best > alpha or not moves:
                self.end_tt[key] = (best, high, best_sq) if best > alpha else (low, best, best_sq)
                return best
        if n_empty - 1 <= _SMALL_EMPTIES:
            parity = _parity(empty)
            for _, sq, flips, _ in self._ordered_end(own, opp, moves, hint):
                value = -self._small(
                    opp ^ flips,
                    own | flips | 1 << sq,
                    -alpha - 1,
                    empty ^ 1 << sq,
                    parity ^ _QUADRANT_BIT[sq],
                )
                if value > best:
                    best, best_sq = value, sq
                    if value > alpha:
                        break
        else:
            for _, sq, flips, replies in self._ordered_end(own, opp, moves, hint):
                value = -self._nws(opp ^ flips, own | flips | 1 << sq, -alpha - 1, replies)
                if value > best:
                    best, best_sq = value, sq
                    if value > alpha:
                        break
        self.end_tt[key] = (best, high, best_sq) if best > alpha else (low, best, best_sq)
        return best

    def _store_end(self, key: tuple[int, int], best: int, best_sq: int, alpha: int) -> None:
        low, high, _ = self.end_tt.get(key, (-65, 65, -1))
        if best > alpha:
            low = max(low, best)
        else:
            high = min(high, best)
        self.end_tt[key] = (low, high, best_sq)

    def nws_steps(
        self, own: int, opp: int, alpha: int, moves: int = -1
    ) -> Generator[None, None, tuple[int, int]]:
        """Like ``_nws`` but a generator over the large upper plies, with enhanced transposition
        cutoffs; returns (value, square)."""
        empty = ~(own | opp) & FULL
        n_empty = empty.bit_count()
        if n_empty <= _PLAIN_MAX_EMPTIES:
            return self._nws(own, opp, alpha, moves), -1
        self.check_time()
        self.nodes += 1
        bound = _stability_bound(own, opp, alpha, n_empty)
        if bound <= alpha:
            return bound, -1
        if moves < 0:
            moves = legal_mask(own, opp)
        if not moves:
            if not legal_mask(opp, own):
                return self.final(own, opp), -1
            value, _ = yield from self.nws_steps(opp, own, -alpha - 1)
            return -value, 64
        key = (own, opp)
        hint = -1
        end_tt = self.end_tt
        entry = end_tt.get(key)
        if entry is not None:
            low, high, hint = entry
            if low > alpha:
                return low, hint
            if high <= alpha:
                return high, hint
        best, best_sq = -65, -1
        if hint >= 0 and moves >> hint & 1:  # the table's move first, before ordering the rest
            flips = _FLIPS[hint](own, opp)
            value, _ = yield from self.nws_steps(opp ^ flips, own | flips | 1 << hint, -alpha - 1)
            best, best_sq = -value, hint
            moves ^= 1 << hint
            if n_empty >= _YIELD_MIN_EMPTIES:
                yield
                self.check_time()
            if best > alpha or not moves:
                self._store_end(key, best, best_sq, alpha)
                return best, best_sq
        order = self._ordered_end(own, opp, moves, hint)
        for _, sq, flips, _ in order:  # enhanced transposition cutoff: a child already refuted?
            child = end_tt.get((opp ^ flips, own | flips | 1 << sq))
            if child is not None and -child[1] > alpha:
                self._store_end(key, -child[1], sq, alpha)
                return -child[1], sq
        for _, sq, flips, replies in order:
            if n_empty > _PLAIN_MAX_EMPTIES + 1:
                value, _ = yield from self.nws_steps(
                    opp ^ flips, own | flips | 1 << sq, -alpha - 1, replies
                )
                value = -value
                if n_empty >= _YIELD_MIN_EMPTIES:
                    yield
                    self.check_time()
            else:  # the child is plain recursion: no generator to build
                value = -self._nws(opp ^ flips, own | flips | 1 << sq, -alpha - 1, replies)
            if value > best:
                best, best_sq = value, sq
                if value > alpha:
                    break
        self._store_end(key, best, best_sq, alpha)
        return best, best_sq

    def _root_test(
        self, own: int, opp: int, order: list[tuple[int, int, int, int]], alpha: int
    ) -> Generator[None, None, tuple[int, int]]:
        """One null-window test at the root: (value, square), the value fail-soft around
        ``alpha``. Each root move is searched itself (not through the table), so a square
        returned with a value above ``alpha`` reaches it; that move is moved to the front."""
        self.tests += 1
        value, best_sq = -65, -1
        for index, (_, sq, flips, replies) in enumerate(order):
            child, _ = yield from self.nws_steps(
                opp ^ flips, own | flips | 1 << sq, -alpha - 1, replies
            )
            yield
            if -child > value:
                value, best_sq = -child, sq
                if value > alpha:
                    order.insert(0, order.pop(index))  # the refutation first next time
                    break
        return value, best_sq

    def solve_steps(
        self, own: int, opp: int, first_sq: int = -1
    ) -> Generator[None, None, tuple[int, int]]:
        """Exact value and best square (64 = pass, -1 = game over) of the position; the root
        result is kept in the table (the next search or analysis of it is then immediate).
        ``first_sq`` (e.g. the midgame search's choice) is tried first."""
        moves = legal_mask(own, opp)
        if not moves:
            if not legal_mask(opp, own):
                return self.final(own, opp), -1
            value, _ = yield from self.solve_steps(opp, own)
            return -value, 64
        key = (own, opp)
        entry = self.end_tt.get(key)
        if entry is not None and entry[0] == entry[1] and entry[2] >= 0:
            return entry[0], entry[2]
        hint = first_sq if first_sq >= 0 else (entry[2] if entry is not None else -1)
        order = self._ordered_end(own, opp, moves, hint)
        # MTD(f): null-window tests around a guess (a shallow midgame search) until the bounds
        # meet; each test is far cheaper than a wide window, and the tables carry what the
        # previous tests learnt.
        guess = self._mid(own, opp, _GUESS_DEPTH, -_INF, _INF)
        guess = max(-64, min(64, round(_discs(guess) / 2) * 2))
        n_empty = 64 - (own | opp).bit_count()
        if n_empty >= _SELECTIVE_MIN_EMPTIES:
            guess = yield from _SelectivePass(self, n_empty).guess_steps(own, opp, order, guess)
        low, high, best_sq = -65, 65, -1
        while low < high:
            beta = max(low + 1, min(high, guess if guess > low else low + 1))
            value, sq = yield from self._root_test(own, opp, order, beta - 1)
            if value >= beta:
                low, best_sq = value, sq
            else:
                high = value
            guess = value
        best = low
        self.end_tt[key] = (best, best, best_sq)
        return best, best_sq

    def wld_steps(
        self, own: int, opp: int, first_sq: int
    ) -> Generator[None, None, tuple[int, int]]:
        """Win/draw/loss solve (null-window tests at 0, much cheaper than the exact score):
        returns (1 win, 0 draw, -1 loss, for ``own``) and a move that achieves it
        (``first_sq`` is tried first)."""
        order = self._ordered_end(own, opp, legal_mask(own, opp), first_sq)
        value, sq = yield from self._root_test(own, opp, order, 0)
        if value > 0:
            return 1, sq
        value, sq = yield from self._root_test(own, opp, order, -1)
        if value > -1:
            return 0, sq
        return -1, order[0][1]

    # ------------------------------------------------------------------ midgame search

    def _ordered_mid(
        self, own: int, opp: int, moves: int, hint: int
    ) -> list[tuple[int, int, int, int]]:
        """(key, square, flips, the opponent's replies) of a node at depth >= 2, sorted: the
        hint first, then fewest replies, corners kept from the opponent, by square value. The
        replies are the child's own moves: passed down, they are not generated twice. They
        come from one pass over the children packed side by side (``legal_mask``)."""
        children = []
        placed = shift = 0  # each child's new disc and flipped discs, in its lane
        while moves:
            bit = moves & -moves
            moves ^= bit
            sq = bit.bit_length() - 1
            flips = _FLIPS[sq](own, opp)
            children.append((sq, flips))
            placed |= (flips | bit) << shift
            shift += LANE
        copies = _LANE_COPIES[len(children)]
        packed = legal_mask(
            opp * copies & ~placed, own * copies | placed, _LANE_MASKS[len(children)]
        )
        scored = []
        for sq, flips in children:
            replies = packed & FULL
            packed >>= LANE
            if sq == hint:
                key = -10_000
            else:
                key = 10 * replies.bit_count() - SQUARE_VALUE[sq] // 2
                if replies & CORNERS:
                    key += 30
            scored.append((key, sq, flips, replies))
        scored.sort()
        return scored

    def _leaf(self, own: int, opp: int) -> int:
        """A depth-0 node: the evaluation (a pass evaluates for the other side). Both sides'
        moves come from one fill of the board packed next to its colours swapped."""
        self.nodes += 1
        both = legal_mask(own | opp << LANE, opp | own << LANE, _BOTH_SIDES)
        moves = both & FULL
        if moves:
            return _evaluate_moves(own, opp, moves, both >> LANE)
        if not both:
            return _WIN * self.final(own, opp)
        self.nodes += 1
        return -_evaluate_moves(opp, own, both >> LANE, 0)

    def _leaves(
        self, own: int, opp: int, moves: int, hint: int, alpha: int, beta: int
    ) -> tuple[int, int]:
        """A depth-1 node's (best value, best square): its children evaluated (a pass from
        the other side) in order of square value, the hint first, until one reaches ``beta``.
        The first child alone (about half of these nodes stop there); then the others are
        packed side by side, so each of both sides' moves, the frontier and the potential
        mobility takes one pass for all of them (``_EVALUATE``)."""
        if hint < 0 or not moves >> hint & 1:
            for squares in _LEAF_ORDER:
                if moves & squares:
                    hint = (moves & squares & -(moves & squares)).bit_length() - 1
                    break
        bit = 1 << hint
        flips = _FLIPS[hint](own, opp)
        best = -self._leaf(opp ^ flips, own | flips | bit)
        best_sq = hint
        if best > alpha:
            if best >= beta:
                return best, best_sq
            alpha = best
        moves ^= bit
        if not moves:
            return best, best_sq
        children = []
        placed = shift = 0  # each child's new disc and flipped discs, in its lane
        for squares in _LEAF_ORDER:
            part = moves & squares
            while part:
                bit = part & -part
                part ^= bit
                sq = bit.bit_length() - 1
                flips = _FLIPS[sq](own, opp)
                children.append((sq, opp ^ flips, own | flips | bit))
                placed |= (flips | bit) << shift
                shift += LANE
        evaluate = _EVALUATE[(~(own | opp) & FULL).bit_count() - 1]
        lanes = _LANE_MASKS[len(children)]
        copies = _LANE_COPIES[len(children)]
        mover = opp * copies & ~placed
        other = own * copies | placed
        own_moves = legal_mask(mover, other, lanes)
        opp_moves = legal_mask(other, mover, lanes)
        empty = ~(mover | other) & lanes[0]
        frontier = _neighbours(empty, lanes)
        next_to_opp = _neighbours(other, lanes)
        next_to_own = _neighbours(mover, lanes)
        shift = 0
        for sq, child_own, child_opp in children:
            self.nodes += 1
            empty = ~(child_own | child_opp) & FULL
            a = own_moves >> shift & empty  # a lane's moves are on its empty squares
            b = opp_moves >> shift & empty
            lane = frontier >> shift
            front = (child_own & lane).bit_count() - (child_opp & lane).bit_count()
            p_own = (empty & next_to_opp >> shift).bit_count()
            p_opp = (empty & next_to_own >> shift).bit_count()
            shift += LANE
            if a:
                value = -evaluate(child_own, child_opp, empty, a, b, front, p_own, p_opp)
            elif b:
                self.nodes += 1
                value = evaluate(child_opp, child_own, empty, b, a, -front, p_opp, p_own)
            else:
                value = -_WIN * self.final(child_own, child_opp)
            if value > best:
                best, best_sq = value, sq
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        break
        return best, best_sq

    def _mid(self, own: int, opp: int, depth: int, alpha: int, beta: int, moves: int = -1) -> int:
        self.nodes += 1
        if moves < 0:
            moves = legal_mask(own, opp)
        if not moves:
            if not legal_mask(opp, own):
                return _WIN * self.final(own, opp)
            return -self._mid(opp, own, depth, -beta, -alpha)
        if depth <= 0:
            return evaluate(own, opp, moves)
        key = (own, opp)
        hint = -1
        entry = self.mid_tt.get(key)
        if entry is not None:
            entry_depth, low, high, hint = entry
            if entry_depth >= depth:
                if low >= beta:
                    return low
                if high <= alpha:
                    return high
                if low == high:
                    return low
        alpha0 = alpha
        best, best_sq, first = -_INF, -1, True
        if depth == 1:  # the children's values are exact evaluations: no null windows
            best, best_sq = self._leaves(own, opp, moves, hint, alpha, beta)
            self._store_mid(key, depth, best, best_sq, alpha0, beta)
            return best
        if hint >= 0 and moves >> hint & 1:  # the table's move first, before ordering the rest
            bit = 1 << hint
            flips = _FLIPS[hint](own, opp)
            new_own, new_opp = opp ^ flips, own | flips | bit
            replies = legal_mask(new_own, new_opp)
            best = -self._mid(new_own, new_opp, depth - 1, -beta, -alpha, replies)
            best_sq, first = hint, False
            if best > alpha:
                if best >= beta:
                    self._store_mid(key, depth, best, best_sq, alpha0, beta)
                    return best
                alpha = best
            moves ^= bit
        for _, sq, flips, replies in self._ordered_mid(own, opp, moves, -1) if moves else ():
            new_own, new_opp = opp & ~flips, own | flips | (1 << sq)
            if first:
                value = -self._mid(new_own, new_opp, depth - 1, -beta, -alpha, replies)
                first = False
            else:
                value = -self._mid(new_own, new_opp, depth - 1, -alpha - 1, -alpha, replies)
                if alpha < value < beta:
                    value = -self._mid(new_own, new_opp, depth - 1, -beta, -value, replies)
            if value > best:
                best, best_sq = value, sq
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        break
        self._store_mid(key, depth, best, best_sq, alpha0, beta)
        return best

    def _store_mid(
        self,
        key: tuple[int, int],
        depth: int,
        best: int,
        best_sq: int,
        alpha0: int,
        beta: int,
    ) -> None:
        entry = self.mid_tt.get(key)
        if entry is not None and entry[0] > depth:
            return  # a deeper result (e.g. from an earlier move's search) is worth more
        low, high = -_INF, _INF
        if best <= alpha0:
            high = best
        elif best >= beta:
            low = best
        else:
            low = high = best
        self.mid_tt[key] = (depth, low, high, best_sq)

    def _shallow(
        self, own: int, opp: int, depth: int, alpha: int, beta: int
    ) -> Generator[None, None, int]:
        """ProbCut's probe: the plain search when it is small, else the yielding one."""
        if depth <= _PLAIN_MAX_DEPTH:
            return self._mid(own, opp, depth, alpha, beta)
        return (yield from self.mid_steps(own, opp, depth, alpha, beta))

    def mid_steps(
        self, own: int, opp: int, depth: int, alpha: int, beta: int, moves: int = -1
    ) -> Generator[None, None, int]:
        """Like ``_mid`` but yields between the children of the large upper plies."""
        if depth <= _PLAIN_MAX_DEPTH:
            return self._mid(own, opp, depth, alpha, beta, moves)
        self.check_time()
        self.nodes += 1
        if moves < 0:
            moves = legal_mask(own, opp)
        if not moves:
            if not legal_mask(opp, own):
                return _WIN * self.final(own, opp)
            value = yield from self.mid_steps(opp, own, depth, -beta, -alpha)
            return -value
        key = (own, opp)
        hint = -1
        entry = self.mid_tt.get(key)
        if entry is not None:
            entry_depth, low, high, hint = entry
            if entry_depth >= depth and (low >= beta or high <= alpha or low == high):
                return low if low >= beta or low == high else high
        if self.probcut and depth >= _PROBCUT_MIN_DEPTH:
            # ProbCut: a search two plies shallower predicts this one's value within about
            # sigma; far outside the window, trust it and skip the full search.
            margin = _probcut_margin(depth, 64 - (own | opp).bit_count())
            bound = beta + margin
            if bound < _WIN:
                value = yield from self._shallow(own, opp, depth - 2, bound - 1, bound)
                if value >= bound:
                    return beta
            bound = alpha - margin
            if bound > -_WIN:
                value = yield from self._shallow(own, opp, depth - 2, bound, bound + 1)
                if value <= bound:
                    return alpha
        alpha0 = alpha
        best, best_sq, first = -_INF, -1, True
        for _, sq, flips, replies in self._ordered_mid(own, opp, moves, hint):
            new_own, new_opp = opp & ~flips, own | flips | (1 << sq)
            if first:
                value = -(
                    yield from self.mid_steps(new_own, new_opp, depth - 1, -beta, -alpha, replies)
                )
                first = False
            else:
                value = -(
                    yield from self.mid_steps(
                        new_own, new_opp, depth - 1, -alpha - 1, -alpha, replies
                    )
                )
                if alpha < value < beta:
                    value = -(
                        yield from self.mid_steps(
                            new_own, new_opp, depth - 1, -beta, -value, replies
                        )
                    )
            yield
            self.check_time()
            if value > best:
                best, best_sq = value, sq
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        break
        self._store_mid(key, depth, best, best_sq, alpha0, beta)
        return best

    def pv(self, own: int, opp: int, sq: int, limit: int = 12) -> tuple[str, ...]:
        """The expected line after playing ``sq`` (64: pass): the tables' best moves, followed
        while they are legal (exact entries first), up to ``limit`` plies."""
        line = [str(Move(sq))]
        if sq != 64:
            flips = flip_mask(own, opp, sq)
            own, opp = opp & ~flips, own | flips | (1 << sq)
        else:
            own, opp = opp, own
        seen = {(own, opp)}
        while len(line) < limit:
            moves = legal_mask(own, opp)
            if not moves:
                if not legal_mask(opp, own):
                    break
                line.append(str(PASS))
                own, opp = opp, own
                continue
            key = (own, opp)
            end = self.end_tt.get(key)
            mid = self.mid_tt.get(key)
            hint = end[2] if end is not None else (mid[3] if mid is not None else -1)
            if hint < 0 or not moves >> hint & 1:
                if moves & (moves - 1):
                    break  # no known best move and a real choice: the line stops here
                hint = moves.bit_length() - 1
            line.append(str(Move(hint)))
            flips = flip_mask(own, opp, hint)
            own, opp = opp & ~flips, own | flips | (1 << hint)
            if (own, opp) in seen:
                break
            seen.add((own, opp))
        return tuple(line)

    def deepen_steps(
        self, own: int, opp: int, rng: random.Random, max_depth: int
    ) -> Generator[Progress | None, None, tuple[int, int, int]]:
        """Iterative deepening until the deadline; returns (square, value, completed depth),
        yielding a ``Progress`` after each completed iteration.

        Depth 1 always completes; a deeper iteration interrupted by the deadline still counts
        if its first (previous best) root move was searched, since then its best is sound.
        """
        root = bits(legal_mask(own, opp))
        rng.shuffle(root)  # equal moves are then chosen at random, not always the first
        root.sort(key=lambda sq: -SQUARE_VALUE[sq])
        entry = self.mid_tt.get((own, opp))
        if entry is not None and entry[3] in root:  # the previous search's choice first
            root.remove(entry[3])
            root.insert(0, entry[3])
        best_sq, best_value, done_depth = root[0], 0, 0
        for depth in range(1, max_depth + 1):
            deadline, self.deadline = self.deadline, None if depth == 1 else self.deadline
            alpha = -_INF
            scores: dict[int, int] = {}
            try:
                for sq in root:
                    flips = flip_mask(own, opp, sq)
                    new_own, new_opp = opp & ~flips, own | flips | (1 << sq)
                    if not scores:
                        value = -(
                            yield from self.mid_steps(new_own, new_opp, depth - 1, -_INF, -alpha)
                        )
                    else:
                        value = -(
                            yield from self.mid_steps(
                                new_own, new_opp, depth - 1, -alpha - 1, -alpha
                            )
                        )
                        if value > alpha:
                            value = -(
                                yield from self.mid_steps(
                                    new_own, new_opp, depth - 1, -_INF, -value
                                )
                            )
                    scores[sq] = value
                    alpha = max(alpha, value)
                    yield None
            except _Timeout:
                if scores:
                    best_sq = max(scores, key=scores.__getitem__)
                    best_value = scores[best_sq]
                break
            finally:
                self.deadline = deadline
            best_sq = max(scores, key=scores.__getitem__)
            best_value, done_depth = scores[best_sq], depth
            self._store_mid((own, opp), depth, best_value, best_sq, -_INF, _INF)
            root.sort(key=lambda sq: -scores[sq])  # stable: ties keep the previous order
            yield Progress(depth, _discs(best_value), self.pv(own, opp, best_sq, depth + 1))
            if abs(best_value) >= _WIN or self.expired():
                break  # the result is already known, or the budget is spent
        return best_sq, best_value, done_depth


class _SelectivePass:
    """The selective passes before an exact solve of ``_SELECTIVE_MIN_EMPTIES`` or more: an
    MTD(f) at the root per margin of ``_SELECTIVE_MARGINS``, each pass trying first the moves
    of the one before. Below ``_SELECTIVE_CUT_EMPTIES`` it calls the exact search, whose
    bounds (exact) go to the shared table; above, its own bounds stay in ``table``, and only
    the best moves are handed to the exact search's table (as entries that bound nothing)."""

    __slots__ = ("cut_max", "margin", "moves", "search", "table")

    def __init__(self, search: _Search, n_empty: int):
        self.search = search
        self.cut_max = n_empty - _SELECTIVE_FREE_PLIES  # the root's first plies are never cut
        self.margin = 0
        self.moves: dict[tuple[int, int], int] = {}  # the best move found at each upper node
        self.table: dict[tuple[int, int], tuple[int, int, int]] = {}

    def guess_steps(
        self, own: int, opp: int, order: list[tuple[int, int, int, int]], guess: int
    ) -> Generator[None, None, int]:
        """The last pass's value, the exact solve's first guess; ``order``, the root's moves,
        ends with the last pass's refutation first."""
        for margin in _SELECTIVE_MARGINS:
            self.margin = margin
            self.table = {}
            low, high = -65, 65
            while low < high:
                beta = max(low + 1, min(high, guess if guess > low else low + 1))
                value = -65
                for index, (_, sq, flips, replies) in enumerate(order):
                    child = yield from self.node_steps(
                        opp ^ flips, own | flips | 1 << sq, -beta, replies
                    )
                    yield
                    if -child > value:
                        value = -child
                        if value >= beta:
                            order.insert(0, order.pop(index))
                            break
                if value >= beta:
                    low = value
                else:
                    high = value
                guess = value
            self.moves.update((key, entry[2]) for key, entry in self.table.items() if entry[2] >= 0)
        end_tt = self.search.end_tt
        for key, sq in self.moves.items():
            if key not in end_tt:
                end_tt[key] = (-65, 65, sq)
        return guess

    def node_steps(
        self, own: int, opp: int, alpha: int, moves: int = -1
    ) -> Generator[None, None, int]:
        """Null-window test of a selective search: a fail-soft value around ``alpha`` as
        ``_Search.nws_steps`` gives, but where the evaluation is far outside the window the
        node is cut (returning just past ``alpha`` on its side)."""
        search = self.search
        empty = ~(own | opp) & FULL
        n_empty = empty.bit_count()
        if n_empty < _SELECTIVE_CUT_EMPTIES:
            return search._nws(own, opp, alpha, moves)
        search.check_time()
        search.nodes += 1
        bound = _stability_bound(own, opp, alpha, n_empty)
        if bound <= alpha:
            return bound
        if moves < 0:
            moves = legal_mask(own, opp)
        if not moves:
            if not legal_mask(opp, own):
                return search.final(own, opp)
            value = yield from self.node_steps(opp, own, -alpha - 1)
            return -value
        key = (own, opp)
        entry = search.end_tt.get(key)  # an exact bound (kept tables) decides here too
        if entry is not None:
            if entry[0] > alpha:
                return entry[0]
            if entry[1] <= alpha:
                return entry[1]
        if n_empty <= self.cut_max:
            estimate = evaluate(own, opp, moves) / _EVAL_PER_DISC
            if estimate - self.margin > alpha:
                return alpha + 1
            if estimate + self.margin <= alpha:
                return alpha
        low, high = -65, 65
        entry = self.table.get(key)
        if entry is None:
            hint = self.moves.get(key, -1)
        else:
            low, high, hint = entry
            if low > alpha:
                return low
            if high <= alpha:
                return high
        best, best_sq = -65, -1
        for _, sq, flips, replies in search._ordered_end(own, opp, moves, hint):
            if n_empty > _SELECTIVE_CUT_EMPTIES:
                value = yield from self.node_steps(
                    opp ^ flips, own | flips | 1 << sq, -alpha - 1, replies
                )
                if n_empty >= _YIELD_MIN_EMPTIES:
                    yield
            else:  # the child is exact: plain recursion, no generator to build
                value = search._nws(opp ^ flips, own | flips | 1 << sq, -alpha - 1, replies)
            if -value > best:
                best, best_sq = -value, sq
                if best > alpha:
                    break
        self.table[key] = (best, high, best_sq) if best > alpha else (low, best, best_sq)
        return best


# --------------------------------------------------------------------------- public API


def solve(
    position: Position, empties_to_winner: bool = False, *, stats: dict[str, int] | None = None
) -> tuple[int, Move | None]:
    """Exact final disc difference for the side to move under perfect play, and a best move.

    ``empties_to_winner=True`` counts empty squares for the winner (tournament and FFO rule;
    docs/RULES.md's game does not). The move is ``PASS`` when a pass is forced, None if the game
    is over. No time limit: meant for positions with up to about 18 empties. Each call starts
    from empty tables (so its cost is reproducible); a ``stats`` dict receives the node count
    (``stats["nodes"]``) for benchmarks.
    """
    checks.instance("position", position, Position, "a reversi Position")
    checks.boolean("empties_to_winner", empties_to_winner)
    if stats is not None:
        checks.instance("stats", stats, dict, "a dict (it receives the node count) or None")
    search = _Search(empties_to_winner=empties_to_winner)
    own, opp = position._own_opp
    value, sq = run_to_end(search.solve_steps(own, opp))
    if stats is not None:
        stats["nodes"] = search.nodes
        stats["tests"] = search.tests
    return value, (None if sq < 0 else Move(sq))


def _greedy(position: Position, rng: random.Random) -> Move:
    own, opp = position._own_opp
    moves = bits(legal_mask(own, opp))
    most = max(flip_mask(own, opp, sq).bit_count() for sq in moves)
    return Move(rng.choice([sq for sq in moves if flip_mask(own, opp, sq).bit_count() == most]))


def _corner_seeker(position: Position, rng: random.Random) -> Move:
    """Corner if possible; avoid X/C squares next to empty corners; then fewest replies."""
    own, opp = position._own_opp
    moves = legal_mask(own, opp)
    empty = ~(own | opp) & FULL
    dangerous_x = dangerous_c = 0
    for corner, x, cs in _CORNER_ZONES:
        if empty & corner:
            dangerous_x |= x
            dangerous_c |= cs
    if moves & CORNERS:
        candidates = moves & CORNERS
    else:
        candidates = moves & ~dangerous_x & ~dangerous_c or moves & ~dangerous_x or moves

    def key(sq: int) -> tuple[int, int, int]:
        flips = flip_mask(own, opp, sq)
        replies = legal_mask(opp & ~flips, own | flips | (1 << sq))
        return ((replies & CORNERS).bit_count(), replies.bit_count(), -flips.bit_count())

    keyed = [(key(sq), sq) for sq in bits(candidates)]
    best = min(k for k, _ in keyed)
    return Move(rng.choice([sq for k, sq in keyed if k == best]))


def search_steps(
    position: Position,
    level: str,
    *,
    rng: random.Random | None = None,
    time_budget: float = 1.0,
) -> Generator[Progress | None, None, Move]:
    """Choose a move for ``level``, yielding regularly; the move is the return value.

    Yields ``None`` every few milliseconds of work and, at the strong level, a ``Progress``
    after each completed iteration (for "watch the CPU think"; the scheduler ignores it).
    The strong level: exact solve at <= 10 empties (whatever the budget); up to
    ``exact_empties_for(time_budget)`` empties a short midgame search first, then an exact
    solve if it finishes within the budget (two empties further, a win/draw/loss solve before
    it); otherwise iterative-deepening alpha-beta until the budget is spent. Its tables are kept between calls (see ``_Tables``), so the moves of a
    game build on each other and a solve that runs out of time is resumed on the next move.
    """
    checks.engine_args(
        position, Position, "a reversi Position", levels=LEVELS, level=level, rng=rng,
        time_budget=time_budget, budget_optional=False,
    )  # fmt: skip
    moves = position.legal_moves()
    if moves == [PASS] or len(moves) == 1:
        return moves[0]
    rng = rng if rng is not None else random.Random()
    if level == "beginner":
        return _greedy(position, rng)
    if level == "corner":
        return _corner_seeker(position, rng)
    start = time.perf_counter()
    own, opp = position._own_opp
    empties = position.empties
    tables = _checkout()
    try:
        yield from tables.trim_steps(64 - empties)
        if empties <= EXACT_EMPTIES:
            search = _Search(tables=tables)
            value, sq = yield from search.solve_steps(own, opp)
            yield Progress(empties, float(value), search.pv(own, opp, sq, empties), exact=True)
            return Move(sq)
        reach = exact_empties_for(time_budget)
        try_exact = empties <= reach
        try_wld = not try_exact and empties <= reach + _WLD_EXTRA
        if try_exact:
            entry = tables.end_tt.get((own, opp))
            if entry is not None and entry[0] == entry[1] and entry[2] in range(64):
                return Move(entry[2])  # solved during an earlier move
        midgame_share = _SOLVE_MIDGAME_SHARE if try_exact or try_wld else 1.0
        search = _Search(
            deadline=start + time_budget * midgame_share, tables=tables, probcut=_PROBCUT
        )
        sq, _, _ = yield from search.deepen_steps(own, opp, rng, max_depth=empties)
        search.deadline = start + time_budget
        if try_exact:
            try:
                value, solved_sq = yield from search.solve_steps(own, opp, first_sq=sq)
            except _Timeout:
                pass  # what the solve learnt stays in the tables for the next move
            else:
                sq = solved_sq
                pv = search.pv(own, opp, sq, empties)
                yield Progress(empties, float(value), pv, exact=True)
        elif try_wld:
            try:
                outcome, wld_sq = yield from search.wld_steps(own, opp, first_sq=sq)
                if outcome >= 0:  # a sure win (or the best a draw): take it; if all lose,
                    sq = wld_sq  # the midgame choice is as good as any
                # time left: the exact solve, on the tables the win/draw/loss tests filled
                value, solved_sq = yield from search.solve_steps(own, opp, first_sq=sq)
            except _Timeout:
                pass
            else:
                sq = solved_sq
                pv = search.pv(own, opp, sq, empties)
                yield Progress(empties, float(value), pv, exact=True)
        return Move(sq)
    finally:
        _checkin(tables)


def choose_move(
    position: Position,
    level: str,
    *,
    rng: random.Random | None = None,
    time_budget: float = 1.0,
) -> Move:
    """Run ``search_steps`` to the end (for scripts and tests; widgets use the scheduler)."""
    return run_to_end(search_steps(position, level, rng=rng, time_budget=time_budget))


#: The analysis's time budget when none is given (seconds).
ANALYSIS_BUDGET = 1.0
#: At or below this many empties the analysis always solves every move exactly (no budget).
ANALYSIS_EXACT_EMPTIES = 14


@dataclass(frozen=True)
class Analysis:
    """The coach's view of a position: a value for every legal move of the side to move.

    ``values`` maps each move's notation ("pass" when forced) to the final disc difference it
    leads to for ``side``: exact when ``exact`` (the solver reached the end), else the search's
    estimate in discs at ``depth`` plies. ``best`` holds the move(s) of the highest value;
    ``pvs`` each move's expected line (notations, starting with the move itself).

    ``bounds`` says what is known for sure about each move, whatever its value: the interval
    the exact final disc difference lies in -- ``(v, v)`` for a solved move, ``(v, 64)`` for a
    win of at least ``v`` that the midgame search proved (``(-64, v)`` for a proven loss),
    ``(-64, 64)`` for an estimate. Estimates are only ever compared with estimates of the same
    search, and known values with known values (``better_move``).
    """

    side: str
    values: dict[str, float]
    best: tuple[str, ...]
    pvs: dict[str, tuple[str, ...]]
    exact: bool
    depth: int
    bounds: dict[str, tuple[float, float]] = field(default_factory=dict)

    def known(self, move: str) -> bool:
        """Whether ``move``'s value is a proven bound or exact, not an estimate."""
        low, high = self.bounds.get(move, (-64.0, 64.0))
        return low > -64 or high < 64

    def better_move(self, move: str) -> tuple[str, float] | None:
        """(a move better than ``move``, by how much), like with like, or None.

        Exact or proven values: only a move whose proven lower bound is above ``move``'s upper
        bound is better, by the gap between those bounds (exact values: their difference).
        Estimates: the best estimate of the same search, by its margin over ``move``'s. An
        exact value and an estimate are never subtracted."""
        if move not in self.values:
            return None
        if self.exact or self.known(move):
            high = self.bounds.get(move, (self.values[move], self.values[move]))[1]
            gaps = [
                (self.bounds[other][0] - high, other)
                for other in self.values
                if other != move and other in self.bounds and self.bounds[other][0] > high
            ]
            if not gaps:
                return None
            gap, other = max(gaps, key=lambda item: item[0])  # the first of the largest
            return other, gap
        played = self.values[move]
        estimates = [m for m in self.values if not self.known(m)]
        top = max(self.values[m] for m in estimates)
        if top <= played:
            return None
        return next(m for m in estimates if self.values[m] == top), top - played


def _child(own: int, opp: int, sq: int) -> tuple[int, int]:
    if sq == 64:
        return opp, own
    flips = flip_mask(own, opp, sq)
    return opp & ~flips, own | flips | (1 << sq)


def _analysis(
    search: _Search,
    side: str,
    own: int,
    opp: int,
    values: dict[int, float],
    exact: bool,
    depth: int,
    bounds: dict[int, tuple[float, float]] | None = None,
) -> Analysis:
    top = max(values.values())
    named = {str(Move(sq)): value for sq, value in values.items()}
    if exact:
        bounds = {sq: (value, value) for sq, value in values.items()}
    return Analysis(
        side=side,
        values=named,
        best=tuple(str(Move(sq)) for sq, value in values.items() if value == top),
        pvs={str(Move(sq)): search.pv(own, opp, sq, depth + 1) for sq in values},
        exact=exact,
        depth=depth,
        bounds={str(Move(sq)): bound for sq, bound in (bounds or {}).items()},
    )


def _proven_bounds(raw: dict[int, int]) -> dict[int, tuple[float, float]]:
    """What a depth-limited search proves: a value of a finished game at the end of its line
    is a bound, not the exact result (a side chose the proven line over estimated ones)."""
    bounds: dict[int, tuple[float, float]] = {}
    for sq, value in raw.items():
        if value >= _WIN:
            bounds[sq] = (_discs(value), 64.0)
        elif value <= -_WIN:
            bounds[sq] = (-64.0, _discs(value))
        else:
            bounds[sq] = (-64.0, 64.0)
    return bounds


def analyse_steps(
    position: Position, *, time_budget: float | None = None
) -> Generator[Analysis | None, None, Analysis]:
    """Value every legal move, yielding ``None`` regularly and a partial ``Analysis`` after
    each completed (deeper) iteration; returns the final one.

    Below each move: iterative deepening (every move searched with a full window, so the
    values are values, not bounds) until ``time_budget`` seconds (``ANALYSIS_BUDGET`` if None)
    are spent; then, where the solver likely finishes in the budget, an exact solve of every
    move, which replaces the estimates if it completes. At or below ``ANALYSIS_EXACT_EMPTIES``
    the exact solve always runs to the end, whatever the budget: there the coach's values are
    facts, so its review never names a "better" move that is not. Shares the strong level's
    kept tables, so analysing the position the CPU just searched is quick.
    """
    checks.engine_args(position, Position, "a reversi Position", time_budget=time_budget)
    moves = position.legal_moves()
    budget = ANALYSIS_BUDGET if time_budget is None else time_budget
    start = time.perf_counter()
    own, opp = position._own_opp
    empties = position.empties
    root = [64] if moves == [PASS] else [int(m) for m in moves]
    tables = _checkout()
    try:
        yield from tables.trim_steps(64 - empties)
        search = _Search(tables=tables)
        always_exact = empties <= ANALYSIS_EXACT_EMPTIES
        try_exact = always_exact or empties <= exact_empties_for(budget)
        last: Analysis | None = None
        if empties > EXACT_EMPTIES:
            mid_deadline = start + budget * (_ANALYSIS_MIDGAME_SHARE if try_exact else 1.0)
            last = yield from _deepening_steps(
                search, position.to_move, own, opp, root, empties, mid_deadline
            )
        proven = last is not None and all(last.known(move) for move in last.values)
        if try_exact or proven:  # proven bounds: the solver likely finishes soon
            search.deadline = None if always_exact else start + budget
            try:
                exact: dict[int, float] = {}
                for sq in root:
                    value, _ = yield from search.solve_steps(*_child(own, opp, sq))
                    exact[sq] = float(-value)
                    yield None
            except _Timeout:
                pass
            else:
                last = _analysis(search, position.to_move, own, opp, exact, True, empties)
                yield last
        assert last is not None  # depth 1 always completes, or the solve had no deadline
        return last
    finally:
        _checkin(tables)


def _deepening_steps(
    search: _Search,
    side: str,
    own: int,
    opp: int,
    root: list[int],
    max_depth: int,
    deadline: float | None,
    stop_when_proven: bool = True,
) -> Generator[Analysis | None, None, Analysis | None]:
    """The analysis's iterative deepening, to ``max_depth`` or the ``deadline``: an estimate
    per move (or a proven bound: ``_proven_bounds``), never marked exact; yields each one."""
    last: Analysis | None = None
    for depth in range(1, max_depth + 1):
        search.deadline = None if depth == 1 else deadline
        try:
            raw = yield from _multi_steps(search, own, opp, root, depth)
        except _Timeout:
            break
        values = {sq: _discs(v) for sq, v in raw.items()}
        bounds = _proven_bounds(raw)
        last = _analysis(search, side, own, opp, values, False, depth, bounds)
        yield last
        if search.expired() or (stop_when_proven and all(abs(v) >= _WIN for v in raw.values())):
            break  # out of time, or every value is a proven bound: the exact solve is next
    return last


def _analyse_to_depth(position: Position, depth: int) -> Analysis:
    """The analysis's midgame part alone, to exactly ``depth`` plies (deterministic: tests)."""
    own, opp = position._own_opp
    moves = position.legal_moves()
    root = [64] if moves == [PASS] else [int(m) for m in moves]
    steps = _deepening_steps(_Search(), position.to_move, own, opp, root, depth, None, False)
    result = run_to_end(steps)
    assert result is not None
    return result


def _multi_steps(
    search: _Search, own: int, opp: int, root: list[int], depth: int
) -> Generator[None, None, dict[int, int]]:
    """Every root move's value at ``depth`` plies (full window each: values, not bounds)."""
    values: dict[int, int] = {}
    for sq in root:
        new_own, new_opp = _child(own, opp, sq)
        values[sq] = -(yield from search.mid_steps(new_own, new_opp, depth - 1, -_INF, _INF))
        yield None
    return values


def analyse(position: Position, *, time_budget: float | None = None) -> Analysis:
    """Run ``analyse_steps`` to the end."""
    return run_to_end(analyse_steps(position, time_budget=time_budget))
