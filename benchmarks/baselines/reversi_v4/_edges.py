"""Frozen copy of ``boardbook.reversi._edges`` as of v4 (commit 5eb0d0b).

Edge table for the strong level's evaluation: one value for each of the 3^8 ways to fill an
edge line (its 8 squares, corner to corner), computed once at import.

An edge disc can only be flipped along its edge (every other line through it ends there), and
any empty edge square may later be taken by either side (a move there can flip inward). So
"can this disc ever be flipped" is a question about the 8 squares alone, answered exactly here
by searching every way of filling the line, rather than by the corner-run rule of thumb. The
value, for the side owning the ``own`` discs: corners (half each, since a corner lies on two
edges), exactly stable discs, C-squares next to an empty corner, and the other edge discs.
"""

from __future__ import annotations

_LINE = 8
_POW3 = tuple(3**i for i in range(_LINE))
SIZE = 3**_LINE

CORNER = 40  # per edge: a corner is on two edges, so 80 in all
STABLE = 12  # an edge disc that can never be flipped (corners included)
C_NEXT_TO_EMPTY_CORNER = -15
EDGE_DISC = 3  # a non-corner, non-C edge disc that is not stable


def _flips(cells: tuple[int, ...], i: int, colour: int) -> list[int]:
    """Squares flipped along the line by ``colour`` (1 or 2) placed on empty ``i``."""
    other = 3 - colour
    flipped: list[int] = []
    for step in (-1, 1):
        run: list[int] = []
        j = i + step
        while 0 <= j < _LINE and cells[j] == other:
            run.append(j)
            j += step
        if run and 0 <= j < _LINE and cells[j] == colour:
            flipped.extend(run)
    return flipped


def _unstable_all() -> list[int]:
    """For each line index, the bit set of occupied squares some filling of the line flips."""
    unstable = [0] * SIZE
    # Process by number of empties, fewest first: every move fills one empty.
    order = sorted(range(SIZE), key=lambda idx: sum(1 for c in _cells(idx) if c == 0))
    for idx in order:
        cells = _cells(idx)
        occupied = sum(1 << i for i, c in enumerate(cells) if c)
        mask = 0
        for i in range(_LINE):
            if cells[i]:
                continue
            for colour in (1, 2):
                flipped = _flips(cells, i, colour)
                child = list(cells)
                child[i] = colour
                for j in flipped:
                    child[j] = colour
                    mask |= 1 << j
                mask |= unstable[_index(child)] & occupied
        unstable[idx] = mask
    return unstable


def _cells(idx: int) -> tuple[int, ...]:
    return tuple(idx // _POW3[i] % 3 for i in range(_LINE))


def _index(cells: list[int] | tuple[int, ...]) -> int:
    return sum(c * _POW3[i] for i, c in enumerate(cells))


def _value(cells: tuple[int, ...], unstable: int) -> int:
    score = 0
    for i, c in enumerate(cells):
        if not c:
            continue
        sign = 1 if c == 1 else -1
        if i in (0, _LINE - 1):
            score += sign * (CORNER + STABLE)
        elif not unstable >> i & 1:
            score += sign * STABLE
        elif i in (1, _LINE - 2) and not cells[0 if i == 1 else _LINE - 1]:
            score += sign * C_NEXT_TO_EMPTY_CORNER
        elif i not in (1, _LINE - 2):
            score += sign * EDGE_DISC
    return score


_Table = tuple[int, ...]


def _build() -> tuple[_Table, _Table, _Table, _Table]:
    unstable = _unstable_all()
    values = tuple(_value(_cells(idx), unstable[idx]) for idx in range(SIZE))
    own_part = tuple(sum(_POW3[i] for i in range(_LINE) if byte >> i & 1) for byte in range(256))
    opp_part = tuple(2 * v for v in own_part)
    return values, tuple(unstable), own_part, opp_part


EDGE_VALUE, UNSTABLE, OWN_INDEX, OPP_INDEX = _build()
"""``EDGE_VALUE[OWN_INDEX[own_byte] + OPP_INDEX[opp_byte]]``: the value of one edge line whose
own and opponent discs are the bits of the two bytes (bit i = square i along the line);
``UNSTABLE[...]``: the bits of its discs that some filling of the line flips."""
