"""Tower Gate search figures: nodes/s, depth reached in the budget, CPU time per move, and the
longest stretch of work between two yields (what keeps a Pyodide slice short).

Positions: every 3rd position of a few seeded normal-vs-normal games from varied setups (fixed
depth, so the same positions every run). Each level searches each position with its default
budget (``--budget`` overrides strong's). Printed, never asserted.

    .venv/bin/python benchmarks/towergate_search.py
    .venv/bin/python benchmarks/towergate_search.py --games 2 --budget 2.0
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from boardbook.towergate import Position, analyse_steps, choose_move, search_steps
from towergate_balance import setups, start


def sample_positions(games: int, seed: int) -> list[Position]:
    out = []
    for n, placements in enumerate(setups(games, seed)):
        rng = random.Random(n)
        pos = start(placements, {})
        ply = 0
        while pos.outcome is None:
            if ply % 3 == 0:
                out.append(pos)
            pos = pos.play(choose_move(pos, "normal", rng=rng, time_budget=1e9, max_depth=2))
            ply += 1
    return out


def drive(steps) -> tuple[object, float, float, int]:  # type: ignore[no-untyped-def]
    """Run a generator; (result, CPU seconds, longest CPU gap between yields, yields)."""
    begin = last = time.process_time()
    gap, yields = 0.0, 0
    while True:
        try:
            next(steps)
        except StopIteration as done:
            now = time.process_time()
            return done.value, now - begin, max(gap, now - last), yields
        now = time.process_time()
        gap = max(gap, now - last)
        last = now
        yields += 1


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--budget", type=float, default=None, help="strong's s/move")
    parser.add_argument("--seed", type=int, default=5)
    args = parser.parse_args()
    positions = sample_positions(args.games, args.seed)
    print(f"{len(positions)} positions from {args.games} games")
    for level in ("easy", "normal", "strong"):
        times, gaps, depths, rates = [], [], [], []
        for n, pos in enumerate(positions):
            stats: dict[str, int] = {}
            budget = args.budget if level == "strong" else None
            gen = search_steps(
                pos,
                level,
                rng=random.Random(n),
                time_budget=budget,
                stats=stats,
                clock=time.process_time,
            )
            _, cpu, gap, _ = drive(gen)
            times.append(cpu)
            gaps.append(gap)
            if stats:
                depths.append(stats["depth"])
                if cpu > 0:
                    rates.append(stats["nodes"] / cpu)
        line = (
            f"{level:6}: CPU/move mean {statistics.mean(times):.3f} s, max {max(times):.3f} s; "
            f"longest gap between yields {max(gaps) * 1000:.1f} ms"
        )
        if depths:
            hist = {d: depths.count(d) for d in sorted(set(depths))}
            line += f"; depth reached {hist}"
        if rates:
            line += f"; {statistics.mean(rates) / 1000:.0f}k nodes/s"
        print(line)
    times, gaps = [], []
    for pos in positions[: len(positions) // 2]:
        _, cpu, gap, _ = drive(analyse_steps(pos, clock=time.process_time))
        times.append(cpu)
        gaps.append(gap)
    print(
        f"coach : CPU/analysis mean {statistics.mean(times):.3f} s, max {max(times):.3f} s; "
        f"longest gap {max(gaps) * 1000:.1f} ms"
    )


if __name__ == "__main__":
    main()
