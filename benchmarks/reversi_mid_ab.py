"""Reversi midgame search, side by side with the same search at another commit (default ``main``).

Random midgame positions (random play from the start to 30-44 empties, fixed seeds) are
searched by both versions in this process, alternately (which one goes first swaps every
position), from fresh tables each time:

* at fixed depths (``_Search.deepen_steps`` to ``--depths``, no deadline, ProbCut on as in the
  strong level's play unless ``--no-probcut``): total CPU seconds (``time.process_time()``) per version and their
  ratio, and whether values, best squares and node counts are identical (an identical tree);
* with a budget of ``--budget`` CPU seconds (the deadline checks read ``process_time`` in
  this script): the depth each version completes, as the strong level's midgame would.

Printed, never asserted.

    nice -n 5 .venv/bin/python benchmarks/reversi_mid_ab.py \\
        --ref main --positions 20 --depths 4 5 6 7 8 --budget 1.0
"""

from __future__ import annotations

import argparse
import random
import tempfile
import time
import types
from pathlib import Path

from boardbook.reversi import Position
from boardbook.reversi import ai as current
from reversi_solver_ab import load_ref

_CPU_CLOCK = types.SimpleNamespace(perf_counter=time.process_time)


def random_midgame(rng: random.Random) -> Position:
    while True:
        empties = rng.randint(30, 44)
        pos = Position.start()
        while pos.outcome is None and pos.empties > empties:
            pos = pos.play(rng.choice(pos.legal_moves()))
        if pos.outcome is None and pos.empties == empties and len(pos.legal_moves()) > 1:
            return pos


def deepen(
    engine: types.ModuleType,
    pos: Position,
    depth: int,
    budget: float | None,
    seed: int,
    probcut: bool = True,
) -> tuple[int, int, int, int, float]:
    """(square, value, completed depth, nodes, CPU seconds) of iterative deepening."""
    own, opp = pos._own_opp
    start = time.process_time()
    search = engine._Search(
        deadline=None if budget is None else start + budget, probcut=probcut and engine._PROBCUT
    )
    steps = search.deepen_steps(own, opp, random.Random(seed), depth)
    try:
        while True:
            next(steps)
    except StopIteration as stop:
        sq, value, done = stop.value
    return sq, value, done, search.nodes, time.process_time() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ref", default="main", help="the commit to compare with")
    parser.add_argument("--positions", type=int, default=20)
    parser.add_argument("--depths", type=int, nargs="*", default=[4, 5, 6, 7, 8])
    parser.add_argument("--budget", type=float, default=1.0, help="CPU seconds; 0: skip")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--no-probcut", action="store_true", help="fixed depths without ProbCut (as analyses)"
    )
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        ref = load_ref(args.ref, Path(folder))
    for engine in (ref, current):
        engine.time = _CPU_CLOCK  # type: ignore[attr-defined]  # deadlines in CPU time
    print(f"ref {args.ref} vs current ({current.__file__})")
    rng = random.Random(args.seed)
    positions = [random_midgame(rng) for _ in range(args.positions)]
    print("empties:", " ".join(str(pos.empties) for pos in positions))
    for depth in args.depths:
        cpu = {"ref": 0.0, "new": 0.0}
        nodes = {"ref": 0, "new": 0}
        same = {"values": True, "moves": True, "nodes": True}
        for index, pos in enumerate(positions):
            engines = [("ref", ref), ("new", current)]
            if index % 2:
                engines.reverse()
            results = {
                name: deepen(engine, pos, depth, None, index, not args.no_probcut)
                for name, engine in engines
            }
            old, new = results["ref"], results["new"]
            cpu["ref"] += old[4]
            cpu["new"] += new[4]
            nodes["ref"] += old[3]
            nodes["new"] += new[3]
            same["values"] &= old[1] == new[1]
            same["moves"] &= old[0] == new[0]
            same["nodes"] &= old[3] == new[3]
        verdict = ", ".join(f"{k} {'identical' if v else 'DIFFERENT'}" for k, v in same.items())
        print(
            f"depth {depth}: CPU ref {cpu['ref']:.2f} s, current {cpu['new']:.2f} s,"
            f" ref/current {cpu['ref'] / cpu['new']:.3f}; nodes {nodes['ref']:,} vs"
            f" {nodes['new']:,}; {verdict}",
            flush=True,
        )
    if args.budget > 0:
        depths: dict[str, list[int]] = {"ref": [], "new": []}
        for index, pos in enumerate(positions):
            engines = [("ref", ref), ("new", current)]
            if index % 2:
                engines.reverse()
            for name, engine in engines:
                depths[name].append(deepen(engine, pos, pos.empties, args.budget, index)[2])
        for name, found in depths.items():
            print(
                f"{args.budget:g} s CPU, {name}: depths {' '.join(map(str, found))},"
                f" mean {sum(found) / len(found):.2f}",
                flush=True,
            )


if __name__ == "__main__":
    main()
