"""Quads exact solver: nodes and CPU time by empty squares, with and without symmetry.

Positions come from seeded random playouts (no immediate win for the side to move, so every
position needs real search). For each number of empty squares, N positions are solved twice:
with canonical keys (board x attribute symmetries, used while <= 5 pieces are placed) and with
raw keys. ``--wdl`` only settles win/draw/loss (what the CPU and the coach mostly need);
by default the exact distance is found too. Printed, never asserted.

    .venv/bin/python benchmarks/quads_solver.py                 # 6..11 empties, 5 positions each
    .venv/bin/python benchmarks/quads_solver.py --empties 12 13 -n 3 --wdl
    .venv/bin/python benchmarks/quads_solver.py --yields      # longest CPU gap between yields
    .venv/bin/python benchmarks/quads_solver.py --opening     # symmetry near the opening
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Generator
from typing import Any

from boardbook.quads import LEVELS, Position, analyse_steps, search_steps, solve
from boardbook.quads.ai import _GEOMETRY


def random_position(seed: int, empties: int, squares: bool = True) -> Position:
    rng = random.Random(seed)
    while True:
        pos = Position.start(squares).play(f":{rng.randrange(16)}")
        while pos.outcome is None and pos.empties > empties:
            moves = [m for m in pos.legal_moves() if m.give is not None]
            rng.shuffle(moves)
            nxt = next((pos.play(m) for m in moves if not pos.play(m).winning_squares()), None)
            if nxt is None:
                break
            pos = nxt
        if pos.outcome is None and pos.empties == empties and not pos.winning_squares():
            return pos


def longest_gap(steps: Generator[None, None, Any]) -> tuple[float, int]:
    """The longest CPU time between two yields (or start/end) of ``steps``, and the yields."""
    longest, count = 0.0, 0
    last = time.process_time()
    while True:
        try:
            next(steps)
        except StopIteration:
            return max(longest, time.process_time() - last), count
        now = time.process_time()
        longest, last, count = max(longest, now - last), now, count + 1


def yields(seed: int) -> None:
    print("longest CPU gap between yields (ms), over positions with 6-14 empties")
    positions = [random_position(seed * 77 + e, e) for e in range(6, 15, 2)]
    for level in LEVELS:
        gaps = [longest_gap(search_steps(p, level, rng=random.Random(1))) for p in positions]
        print(f"  search_steps {level:>10}: {1000 * max(g for g, _ in gaps):6.1f}")
    gaps = [longest_gap(analyse_steps(p, time_budget=2.0)) for p in positions]
    print(f"  analyse_steps (2 s):     {1000 * max(g for g, _ in gaps):6.1f}")


def opening() -> None:
    """Symmetric twins meet near the opening: the depth-limited search (the CPU levels' and the
    coach's estimate) from the first placements, with and without canonical keys."""
    from boardbook.core.game import run_to_end
    from boardbook.quads.ai import _Solver

    print("depth-limited search from early positions (plies after the root move)")
    print("position                 depth  symmetry      nodes   CPU s")
    for text, depth in [(":0", 2), (":0", 3), (":0/A1:5", 2), (":0/A1:5/D4:9", 2)]:
        pos = Position.start()
        for move in text.split("/"):
            pos = pos.play(move)
        for symmetry in (True, False):
            solver = _Solver(True, symmetry=symmetry)
            t0 = time.process_time()
            run_to_end(solver.move_scores(pos, -100, 100, depth=depth - 1))
            print(
                f"{text:24} {depth:5d}  {'yes' if symmetry else 'no':>8}  {solver.nodes:9d}"
                f"  {time.process_time() - t0:6.2f}",
                flush=True,
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--empties", type=int, nargs="*", default=[6, 7, 8, 9, 10, 11])
    parser.add_argument("-n", type=int, default=5, help="positions per number of empties")
    parser.add_argument("--wdl", action="store_true", help="win/draw/loss only")
    parser.add_argument("--classic", action="store_true", help="classic Quarto (lines only)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--yields", action="store_true", help="measure the gaps between yields")
    parser.add_argument("--opening", action="store_true", help="symmetry near the opening")
    args = parser.parse_args()
    if args.yields:
        yields(args.seed)
        return
    if args.opening:
        opening()
        return
    start = time.process_time()
    _ = _GEOMETRY[not args.classic].table  # built once per variant (reported separately)
    print(f"completion table built in {time.process_time() - start:.2f} s CPU")
    mode = "win/draw/loss" if args.wdl else "exact value and distance"
    print(f"{'classic' if args.classic else 'quads'}, {mode}, {args.n} positions per row")
    print("empties  symmetry  values(W/D/L)  nodes mean     nodes max   CPU s mean  CPU s max")
    for empties in args.empties:
        positions = [
            random_position(args.seed * 10_000 + empties * 100 + i, empties, not args.classic)
            for i in range(args.n)
        ]
        for symmetry in (True, False):
            nodes, times, values = [], [], [0, 0, 0]
            for pos in positions:
                stats: dict[str, int] = {}
                t0 = time.process_time()
                sol = solve(pos, symmetry=symmetry, exact_distance=not args.wdl, stats=stats)
                times.append(time.process_time() - t0)
                assert sol is not None
                nodes.append(stats["nodes"])
                values[1 - sol.value] += 1
            print(
                f"{empties:7d}  {'yes' if symmetry else 'no':>8}  {'/'.join(map(str, values)):>13}"
                f"  {statistics.mean(nodes):10.0f}  {max(nodes):12d}  {statistics.mean(times):10.3f}"
                f"  {max(times):9.3f}",
                flush=True,
            )


if __name__ == "__main__":
    main()
