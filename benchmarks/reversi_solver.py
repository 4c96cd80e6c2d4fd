"""Reversi exact endgame solver: nodes and seconds on the FFO suite and on random positions.

FFO positions (tests/data/ffo-20-39.obf) are solved with empties counted for the winner,
as the file's scores are, and the result is compared with the listed best score (and, up to
``--all-moves-max`` empties, with the listed score of every move). Random
positions with 10-14 empties (reached by random play from the start, fixed seeds) are solved
under docs/RULES.md's scoring. Node counts do not depend on the machine; seconds do. Printed, never
asserted.

    .venv/bin/python benchmarks/reversi_solver.py            # FFO up to 18 empties, 10-16 random
    .venv/bin/python benchmarks/reversi_solver.py --quick    # FFO up to 15 empties, 10-13
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from pathlib import Path

from boardbook.reversi import Position, solve

FFO_FILE = Path(__file__).resolve().parents[1] / "tests" / "data" / "ffo-20-39.obf"


def random_position(rng: random.Random, empties: int) -> Position:
    while True:
        pos = Position.start()
        while pos.outcome is None and pos.empties > empties:
            pos = pos.play(rng.choice(pos.legal_moves()))
        if pos.outcome is None and pos.empties == empties:
            return pos


def timed_solve(pos: Position, empties_to_winner: bool) -> tuple[int, object, int, float, float]:
    """Score, move, nodes, wall seconds, CPU seconds (the machine may be shared: CPU time is
    the fairer speed figure, wall time what a player waits)."""
    stats: dict = {}
    start, cpu_start = time.perf_counter(), time.process_time()
    score, move = solve(pos, empties_to_winner, stats=stats)
    return (
        score,
        move,
        stats["nodes"],
        time.perf_counter() - start,
        time.process_time() - cpu_start,
    )


def run_ffo(max_empties: int, all_moves_max: int) -> None:
    print(f"FFO #20-#39 with <= {max_empties} empties (empties to the winner):")
    lines = [line for line in FFO_FILE.read_text().splitlines() if line.strip()]
    for number, line in enumerate(lines, 20):
        pos = Position.from_text(line)
        if pos.empties > max_empties:
            continue
        scores = {
            f.split(":")[0].strip().lower(): int(f.split(":")[1])
            for f in line.split(";")[1:]
            if f.strip()
        }
        score, move, nodes, seconds, cpu = timed_solve(pos, True)
        best = max(scores.values())
        verdict = "ok" if score == best and scores.get(str(move)) == best else "WRONG"
        if pos.empties <= all_moves_max:  # every listed move's score, not just the best
            wrong = [
                name
                for name, listed in scores.items()
                if -timed_solve(pos.play(name), True)[0] != listed
            ]
            verdict += f", all {len(scores)} move scores " + (f"WRONG {wrong}" if wrong else "ok")
        print(
            f"  #{number} {pos.empties:2d} empties: score {score:+3d} (listed {best:+3d}) "
            f"move {move}  {nodes:>9,} nodes  {seconds:6.2f} s wall  {cpu:6.2f} s CPU  "
            f"{nodes / cpu:>9,.0f} nodes/CPU s  {verdict}",
            flush=True,
        )


def run_random(empty_counts: list[int], per_count: int, seed: int) -> None:
    print(f"Random positions, {per_count} per empties count (seed {seed}):")
    largest_within_1s = None
    for empties in empty_counts:
        rng = random.Random(seed * 100 + empties)
        nodes_list, seconds_list, cpu_list = [], [], []
        for _ in range(per_count):
            _, _, nodes, seconds, cpu = timed_solve(random_position(rng, empties), False)
            nodes_list.append(nodes)
            seconds_list.append(seconds)
            cpu_list.append(cpu)
        median_s = statistics.median(cpu_list)
        print(
            f"  {empties:2d} empties: median {statistics.median(nodes_list):>9,.0f} nodes "
            f"{median_s:6.3f} s CPU ({statistics.median(seconds_list):6.3f} s wall); "
            f"max {max(nodes_list):>9,} nodes {max(cpu_list):6.3f} s CPU",
            flush=True,
        )
        if median_s <= 1.0:
            largest_within_1s = empties
        else:
            break  # larger counts only take longer
    print(f"Largest empties count solved within 1 s CPU (median): {largest_within_1s}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a short run (about half a minute)")
    parser.add_argument("--positions", type=int, default=None, help="random positions per count")
    parser.add_argument("--ffo-max-empties", type=int, default=None)
    parser.add_argument(
        "--all-moves-max",
        type=int,
        default=None,
        help="also check every listed move's score on FFO positions with this many empties or fewer",
    )
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    ffo_max = args.ffo_max_empties or (15 if args.quick else 18)
    counts = list(range(10, 14)) if args.quick else list(range(10, 17))
    per_count = args.positions or (3 if args.quick else 7)
    all_moves_max = args.all_moves_max or (6 if args.quick else 15)
    if FFO_FILE.exists():
        run_ffo(ffo_max, all_moves_max)
    else:
        print(f"{FFO_FILE} not found: FFO part skipped")
    run_random(counts, per_count, args.seed)


if __name__ == "__main__":
    main()
