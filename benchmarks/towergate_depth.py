"""Tower Gate strong: the depth it completes in its budget, position by position, and the CPU
time it needs to finish depth 5 (the seed's promise: つよいは最大5手先まで読みます).

Positions: the fixed setup, then 4-13 uniformly random turns (seeded), kept only if the game
goes on and the side to move has no immediate win (a win is found without any search).
Each position is searched twice by each engine: once with the strong level's budget (the
depth completed in it, and the depth its exact pass completed: the current engine reaches the
last depth with late-move reductions and reverse futility, then searches it again exactly while
the budget lasts), once with no clock to depth 5 exactly (the CPU seconds, wall seconds and
nodes that takes). The budget is read in CPU time (``clock=time.process_time``) by default; with
``--clock wall`` on the wall clock, as in play (run it under ``nice -n -5`` and note the
load: then it is the player's wait on this machine). ``--engine v1`` (or ``v2``) adds a frozen baseline
(benchmarks/baselines/towergate_ai_v1.py, its wall clock swapped for the CPU clock) side by
side, with the ratio of their CPU seconds to depth 5 (measured in turn, in one process). Printed, never asserted.

    .venv/bin/python benchmarks/towergate_depth.py                 # 20 positions, current
    .venv/bin/python benchmarks/towergate_depth.py --engine v1     # and today's v1 beside it
    nice -n -5 .venv/bin/python benchmarks/towergate_depth.py --clock wall   # the player's wait
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
import types
from typing import Any

from boardbook.towergate import Position, ai
from towergate_match import load_baseline


def positions(n: int, seed: int) -> list[Position]:
    """``n`` middle-game positions: fixed setup, 4-13 random turns, no immediate win."""
    rng = random.Random(seed)
    out: list[Position] = []
    while len(out) < n:
        pos = Position.start("fixed")
        for _ in range(rng.randint(4, 13)):
            if pos.outcome is not None:
                break
            pos = pos.play(rng.choice(pos.legal_moves()))
        if pos.outcome is None and not any(m.is_win for m in pos.legal_moves()):
            out.append(pos)
    return out


def run(
    engine: Any, pos: Position, budget: float, depth: int, n: int, wall: bool = False
) -> tuple[int, int, float, float, int]:
    """(depth completed, depth completed exactly, CPU seconds, wall seconds, nodes) of one
    strong search (an engine without an exact pass searches every depth exactly)."""
    stats: dict[str, int] = {}
    kwargs: dict[str, Any] = {"rng": random.Random(n), "time_budget": budget, "max_depth": depth}
    if hasattr(engine, "SearchMemory"):  # the current engine, and baselines from v2 on
        kwargs["clock"] = time.perf_counter if wall else time.process_time
        kwargs["memory"] = ai.SearchMemory()  # owes nothing to an earlier search
    steps = engine.search_steps(pos, "strong", stats=stats, **kwargs)
    t, w = time.process_time(), time.perf_counter()
    while True:
        try:
            next(steps)
        except StopIteration:
            break
    return (
        stats["depth"],
        stats.get("exact", stats["depth"]),
        time.process_time() - t,
        time.perf_counter() - w,
        stats["nodes"],
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=20)
    parser.add_argument("--seed", type=int, default=16)
    parser.add_argument("--budget", type=float, default=ai.DEFAULT_BUDGET["strong"])
    parser.add_argument("--depth", type=int, default=ai.MAX_DEPTH["strong"])
    parser.add_argument(
        "--engine",
        choices=("v1", "v2"),
        action="append",
        default=[],
        help="also a frozen baseline (benchmarks/baselines/towergate_ai_<name>.py) beside it",
    )
    parser.add_argument(
        "--clock",
        choices=("cpu", "wall"),
        default="cpu",
        help="the clock the budget is read on (wall: as in play; current engine only)",
    )
    args = parser.parse_args()
    wall = args.clock == "wall"
    engines: dict[str, Any] = {}
    for name in args.engine:
        if wall:
            parser.error("--clock wall measures the current engine only")
        base = load_baseline(f"towergate_ai_{name}")
        base.time = types.SimpleNamespace(perf_counter=time.process_time)  # CPU, not wall
        engines[name] = base
    engines["current"] = ai
    sample = positions(args.positions, args.seed)
    print(
        f"{len(sample)} positions (seed {args.seed}); budget {args.budget} s {args.clock}; "
        f"CPU and wall seconds to finish depth {args.depth} with no clock"
    )
    header = "pos turn moves" + "".join(
        f" | {name:>7} depth exact  cpu-d{args.depth} wall-d{args.depth}   nodes"
        for name in engines
    )
    print(header)
    rows_of: dict[str, list[tuple[int, int, float, float, int]]] = {name: [] for name in engines}
    for n, pos in enumerate(sample):
        line = f"{n:3} {pos.turn:4} {len(pos.legal_moves()):5}"
        for name, engine in engines.items():
            reached, exact, *_ = run(engine, pos, args.budget, args.depth, n, wall)
            _, _, cpu, took, nodes = run(engine, pos, 1e9, args.depth, n)
            rows_of[name].append((reached, exact, cpu, took, nodes))
            line += f" | {reached:13} {exact:5} {cpu:8.2f} {took:8.2f} {nodes:7}"
        print(line)
    for name, rows in rows_of.items():
        full = sum(1 for r in rows if r[0] >= args.depth)
        exact = sum(1 for r in rows if r[1] >= args.depth)
        cpus = sorted(r[2] for r in rows)
        walls = sorted(r[3] for r in rows)
        hist = {d: sum(1 for r in rows if r[0] == d) for d in sorted({r[0] for r in rows})}
        print(
            f"{name:7}: depth {args.depth} completed in the budget ({args.clock}) in "
            f"{full}/{len(rows)} (depths {hist}), exactly in {exact}/{len(rows)}; to depth "
            f"{args.depth} exactly with no clock: CPU median {statistics.median(cpus):.2f} s, "
            f"max {cpus[-1]:.2f} s; wall median {statistics.median(walls):.2f} s, max "
            f"{walls[-1]:.2f} s; nodes median {statistics.median(r[4] for r in rows):.0f}"
        )
    for name in args.engine:
        ratios = [b[2] / a[2] for a, b in zip(rows_of["current"], rows_of[name]) if a[2] > 0]
        print(
            f"{name} / current CPU to depth {args.depth}: median "
            f"{statistics.median(ratios):.1f}x, min {min(ratios):.1f}x, max {max(ratios):.1f}x"
        )


if __name__ == "__main__":
    main()
