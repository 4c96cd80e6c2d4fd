"""Per-square flip functions for the exact solver: ``FLIPS[sq](own, opp)`` equals
``rules.flip_mask(own, opp, sq)``, about twice as fast in pure Python.

Each function is generated once at import: every ray of the square is walked as unrolled
nested tests with its masks as constants (no loop, no tuple unpacking, no ``bit_length``),
so a ray whose neighbour is not an opponent disc costs one test and a run of n opponent discs
about 2n. Plain ``exec`` of generated source: pure Python, so it runs in Pyodide too.

``COUNTS[sq](own)`` is the last move's count only (Edax's ``count_last_flip``): how many discs
``own`` flips by playing ``sq`` when every other square is taken, so a square that is not
``own``'s is the opponent's. One argument, a flat chain of tests per ray and a small-int sum:
about 1.3x cheaper than ``FLIPS[sq](...).bit_count()``.
"""

from __future__ import annotations

from collections.abc import Callable

from .rules import DIRECTIONS

__all__ = ["COUNTS", "FLIPS"]


def _ray(sq: int, dr: int, dc: int) -> list[int]:
    row, col = divmod(sq, 8)
    squares = []
    r, c = row + dr, col + dc
    while 0 <= r < 8 and 0 <= c < 8:
        squares.append(r * 8 + c)
        r, c = r + dr, c + dc
    return squares


def _walk(ray: list[int], depth: int, indent: str) -> list[str]:
    """Lines testing ray[depth] (ray[:depth] are opponent discs): an own disc closes the run."""
    run = sum(1 << sq for sq in ray[:depth])
    here = 1 << ray[depth]
    lines = [f"{indent}if own & {here}:", f"{indent}    f |= {run}"]
    if depth + 1 < len(ray):
        lines.append(f"{indent}elif opp & {here}:")
        lines += _walk(ray, depth + 1, indent + "    ")
    return lines


def _source(sq: int) -> str:
    lines = [f"def flips_{sq}(own, opp):", "    f = 0"]
    for dr, dc in DIRECTIONS:
        ray = _ray(sq, dr, dc)
        if len(ray) < 2:
            continue
        lines.append(f"    if opp & {1 << ray[0]}:")
        lines += _walk(ray, 1, "        ")
    lines.append("    return f")
    return "\n".join(lines)


def _count_source(sq: int) -> str:
    """A full board but ``sq``: along a ray, the discs before ``own``'s first are the
    opponent's, flipped if ``own`` closes the run."""
    lines = [f"def count_{sq}(own):", "    n = 0"]
    for dr, dc in DIRECTIONS:
        ray = _ray(sq, dr, dc)
        if len(ray) < 2:
            continue
        lines.append(f"    if not own & {1 << ray[0]}:")
        for depth in range(1, len(ray)):
            lines.append(f"        {'if' if depth == 1 else 'elif'} own & {1 << ray[depth]}:")
            lines.append(f"            n += {depth}")
    lines.append("    return n")
    return "\n".join(lines)


def _build(source: Callable[[int], str], name: str) -> tuple[Callable[..., int], ...]:
    functions = []
    for sq in range(64):
        namespace: dict[str, Callable[..., int]] = {}
        exec(source(sq), namespace)  # noqa: S102 - our own generated source, no input
        functions.append(namespace[f"{name}_{sq}"])
    return tuple(functions)


FLIPS: tuple[Callable[[int, int], int], ...] = _build(_source, "flips")
COUNTS: tuple[Callable[[int], int], ...] = _build(_count_source, "count")
