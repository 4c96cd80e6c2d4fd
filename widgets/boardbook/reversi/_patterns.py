"""The strong level's evaluation: weights by phase, fitted to exactly solved self-play games.

A position's value for the side to move is a weighted sum of a few scalar features
(``SCALARS``: mobility, corner moves, the edge table, X-squares, frontier, potential
mobility) plus one table entry per instance of each active pattern; every weight and table
depends on the *phase* (how many squares are empty, ``PHASE_EMPTIES``). A *pattern* is a set
of squares (an edge, a row or column further in, a diagonal, a corner block); its
*instances* are its images under the board's eight symmetries, which share one table. Which
patterns are active is the fitting's choice (the shipped weights: the edge line, the 3x3
corner block and the row next to the edge); ``PATTERNS`` lists every one the fitting tool can try.
``tools/fit_reversi_eval.py`` fits them by least squares to the exact final disc difference
of self-play games (``tools/reversi_selfplay.py``) and writes ``SCALARS_FILE`` and
``WEIGHTS_FILE``; values are in 1/``UNITS_PER_DISC`` of a disc.

An instance's index is ``sum(3**digit * cell)`` over its squares in the pattern's digit order
(cell 0 empty, 1 own, 2 opponent). The engine never loops over squares: it pulls each
instance's own and opponent squares out of the bitboards as a small bit mask (a row is one
byte, a column or a diagonal one multiplication away, a corner block three row slices) and
turns each mask into its part of the index with a lookup table built here.
"""

from __future__ import annotations

import json
import zlib
from array import array
from collections.abc import Callable
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import NamedTuple

UNITS_PER_DISC = 32
WEIGHTS_FILE = "eval_patterns.bin"
SCALARS_FILE = "eval_weights.json"

# Phases by empties: the evaluation is used above the exact solver's reach (> 10 empties).
PHASE_EMPTIES = ((11, 16), (17, 22), (23, 28), (29, 34), (35, 40), (41, 46), (47, 52), (53, 60))


def phase_of(empties: int) -> int:
    """The phase whose weights value a position with ``empties`` empty squares (below the
    first phase's range, the first phase's: the solver takes over there anyway)."""
    for i, (_, high) in enumerate(PHASE_EMPTIES):
        if empties <= high:
            return i
    return len(PHASE_EMPTIES) - 1


PHASE_BY_EMPTIES = tuple(phase_of(e) for e in range(65))

Square = tuple[int, int]  # (row, column); row 0 is rank 1, column 0 is file a


def _sq(row: int, col: int) -> int:
    return row * 8 + col


# Base instances in digit order; the others are their symmetric images.
PATTERNS: dict[str, tuple[Square, ...]] = {
    "edge": tuple((0, c) for c in range(8)),
    "row2": tuple((1, c) for c in range(8)),
    "row3": tuple((2, c) for c in range(8)),
    "row4": tuple((3, c) for c in range(8)),
    "diag8": tuple((i, i) for i in range(8)),
    "diag7": tuple((i, i + 1) for i in range(7)),
    "diag6": tuple((i, i + 2) for i in range(6)),
    "diag5": tuple((i, i + 3) for i in range(5)),
    "diag4": tuple((i, i + 4) for i in range(4)),
    "corner": tuple((r, c) for r in range(3) for c in range(3)),
}
# Scalar features (``ai._features`` computes them), each weighted by phase.
SCALARS = (
    "bias",
    "mobility",  # moves minus the opponent's
    "mobility_ratio",  # 100 (own - opp) // (own + opp + 2)
    "corner_moves",  # corners one may take now, minus the opponent's
    "edges",  # the edge table of ``_edges`` (corners, stable edge discs, C-squares)
    "x_squares",  # X-squares next to an empty corner: the opponent's minus one's own
    "frontier",  # own discs next to an empty square, minus the opponent's
    "potential",  # empties next to opponent discs, minus those next to own discs
    "potential_ratio",  # 100 (own - opp) // (own + opp + 2) of the same
)

SYMMETRY_MAPS: tuple[Callable[[int, int], tuple[int, int]], ...] = (
    lambda r, c: (r, c),
    lambda r, c: (r, 7 - c),
    lambda r, c: (7 - r, c),
    lambda r, c: (7 - r, 7 - c),
    lambda r, c: (c, r),
    lambda r, c: (c, 7 - r),
    lambda r, c: (7 - c, r),
    lambda r, c: (7 - c, 7 - r),
)


def instances(name: str) -> list[tuple[int, ...]]:
    """The pattern's distinct images under the symmetries, each as squares in digit order."""
    seen: set[frozenset[int]] = set()
    result = []
    for symmetry in SYMMETRY_MAPS:
        squares = tuple(_sq(*symmetry(r, c)) for r, c in PATTERNS[name])
        if frozenset(squares) not in seen:
            seen.add(frozenset(squares))
            result.append(squares)
    return result


INSTANCES = {name: instances(name) for name in PATTERNS}
TABLE_SIZES = {name: 3 ** len(squares) for name, squares in PATTERNS.items()}


def reference_index(own: int, opp: int, squares: tuple[int, ...]) -> int:
    """An instance's index the slow, obvious way (for tests and the fitting tool)."""
    index = 0
    for digit, sq in enumerate(squares):
        cell = 1 if own >> sq & 1 else 2 if opp >> sq & 1 else 0
        index += cell * 3**digit
    return index


# --------------------------------------------------------------------------- extraction

COLUMN_A = 0x0101010101010101
GATHER_COLUMN = 0x0102040810204080  # (x >> c & COLUMN_A) * this >> 56 & 255: column c, bit = row
GATHER_DIAGONAL = 0x0101010101010101  # (x & diagonal) * this >> 56 & 255: bit = column


def _part_tables(
    bit_squares: tuple[int, ...], squares: tuple[int, ...]
) -> tuple[list[int], list[int]]:
    """Lookup tables turning a mask (bit j = square ``bit_squares[j]``, -1 if unused) into
    the instance's own and opponent parts of its index."""
    digit = {sq: d for d, sq in enumerate(squares)}
    own_part = []
    for mask in range(1 << len(bit_squares)):
        value = 0
        for j, sq in enumerate(bit_squares):
            if mask >> j & 1 and sq in digit:
                value += 3 ** digit[sq]
        own_part.append(value)
    return own_part, [2 * v for v in own_part]


LineExtractor = tuple[int, list[int], list[int], str]
"""(shift or mask, own part table, opponent part table, pattern name)."""
CornerExtractor = tuple[tuple[int, int, int], list[int], list[int], str]
"""(the three row slices' shifts, own part table, opponent part table, pattern name)."""


class Extractors(NamedTuple):
    """Every instance, by how its squares are pulled out of a bitboard."""

    rows: list[LineExtractor]  # one byte: ``x >> shift & 255``
    columns: list[LineExtractor]  # ``(x >> shift & COLUMN_A) * GATHER_COLUMN >> 56 & 255``
    diagonals: list[LineExtractor]  # ``(x & mask) * GATHER_DIAGONAL >> 56 & 255``
    corners: list[CornerExtractor]  # three 3-bit slices of three rows


def extractors() -> Extractors:
    found = Extractors([], [], [], [])
    for name in PATTERNS:
        for squares in INSTANCES[name]:
            cells = {(sq // 8, sq % 8) for sq in squares}
            row_set = {r for r, _ in cells}
            col_set = {c for _, c in cells}
            if len(row_set) == 1 and len(cells) == 8:
                (row,) = row_set
                bits = tuple(_sq(row, c) for c in range(8))
                found.rows.append((8 * row, *_part_tables(bits, squares), name))
            elif len(col_set) == 1 and len(cells) == 8:
                (col,) = col_set
                bits = tuple(_sq(r, col) for r in range(8))
                found.columns.append((col, *_part_tables(bits, squares), name))
            elif len(col_set) == len(cells) and len(row_set) == len(cells):
                mask = sum(1 << sq for sq in squares)
                by_col = {sq % 8: sq for sq in squares}
                bits = tuple(by_col.get(c, -1) for c in range(8))
                found.diagonals.append((mask, *_part_tables(bits, squares), name))
            else:  # a 3x3 corner block: three slices of three squares
                col0 = min(col_set)
                first, second, third = (_sq(r, col0) for r in sorted(row_set))
                bits = tuple(_sq(r, col0 + i) for r in sorted(row_set) for i in range(3))
                found.corners.append(((first, second, third), *_part_tables(bits, squares), name))
    return found


# --------------------------------------------------------------------------- weights


def load_weights(
    folder: str | None = None,
) -> tuple[list[str], list[dict[str, float]], list[dict[str, list[int]]]]:
    """The active patterns (in table order), per phase the scalar features' weights, and per
    phase each active pattern's table (from ``SCALARS_FILE`` and ``WEIGHTS_FILE`` in the
    package, or in ``folder``: benchmarks compare weight sets)."""
    here: Traversable = Path(folder) if folder is not None else resources.files(__package__)
    tables_file, scalars_file = here.joinpath(WEIGHTS_FILE), here.joinpath(SCALARS_FILE)
    header = json.loads(scalars_file.read_text())
    active: list[str] = header["patterns"]
    scalars: list[dict[str, float]] = header["phases"]
    if len(scalars) != len(PHASE_EMPTIES) or any(set(p) != set(SCALARS) for p in scalars):
        raise ValueError(f"{SCALARS_FILE} does not match the evaluation's phases and features")
    values = array("h")
    if active:
        values.frombytes(zlib.decompress(tables_file.read_bytes()))
    per_phase = sum(TABLE_SIZES[name] for name in active)
    if len(values) != per_phase * len(PHASE_EMPTIES):
        raise ValueError(f"{WEIGHTS_FILE} does not match the patterns: {len(values)} values")
    phases = []
    offset = 0
    for _ in PHASE_EMPTIES:
        tables: dict[str, list[int]] = {}
        for name in active:
            tables[name] = values[offset : offset + TABLE_SIZES[name]].tolist()
            offset += TABLE_SIZES[name]
        phases.append(tables)
    return active, scalars, phases


def fitted_on() -> dict[str, object]:
    """What the shipped weights were fitted to (games, positions, options), as the fitting
    tool recorded it: the book quotes it."""
    header = json.loads(resources.files(__package__).joinpath(SCALARS_FILE).read_text())
    about: dict[str, object] = header["about"]
    return about


def save_weights(
    folder: str,
    active: list[str],
    scalars: list[dict[str, float]],
    phases: list[dict[str, list[int]]],
    about: dict[str, object] | None = None,
) -> None:
    """Write both files; ``about`` (what the weights were fitted to, and how) is kept in the
    JSON for whoever reads it later."""
    values = array("h")
    for tables in phases:
        for name in active:
            values.extend(tables[name])
    with open(f"{folder}/{WEIGHTS_FILE}", "wb") as out:
        out.write(zlib.compress(values.tobytes(), 9))
    with open(f"{folder}/{SCALARS_FILE}", "w") as out:
        rounded = [{k: round(v, 5) for k, v in p.items()} for p in scalars]
        header = {"about": about or {}, "patterns": active, "phases": rounded}
        json.dump(header, out, indent=1)
        out.write("\n")
