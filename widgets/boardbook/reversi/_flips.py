"""Per-square flip functions for the exact solver: ``FLIPS[sq](own, opp)`` equals
``rules.flip_mask(own, opp, sq)``, about twice as fast in pure Python.

Each function is generated once at import: every ray of the square is walked as unrolled
nested tests with its masks as constants (no loop, no tuple unpacking, no ``bit_length``),
so a ray whose neighbour is not an opponent disc costs one test and a run of n opponent discs
about 2n. Plain ``exec`` of generated source: pure Python, so it runs in Pyodide too.
"""

from __future__ import annotations

from collections.abc import Callable

from .rules import DIRECTIONS

__all__ = ["FLIPS"]


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


def _build() -> tuple[Callable[[int, int], int], ...]:
    functions = []
    for sq in range(64):
        namespace: dict[str, Callable[[int, int], int]] = {}
        exec(_source(sq), namespace)  # noqa: S102 - our own generated source, no input
        functions.append(namespace[f"flips_{sq}"])
    return tuple(functions)


FLIPS = _build()
