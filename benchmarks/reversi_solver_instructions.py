"""Reversi exact solver, another commit's against the current one, in machine instructions.

CPU seconds of one solve vary by 10-20 % from run to run on this shared machine, so a change
worth a few per cent cannot be told from noise without many repetitions. Valgrind's
cachegrind counts the instructions a solve executes instead: the same count every run, so one
run per side is enough. Each count is one ``solve()`` of the position: a child process solves
it under cachegrind, and the count of the same child without the solve (imports, positions,
loading the other commit) is subtracted. Cachegrind runs about 30 times slower than Python
alone. It needs ``valgrind`` (Debian package ``valgrind``). Printed, never asserted.

The positions are ``reversi_solver.py``'s (random play, seed * 100 + empties). Instructions
are a proxy for time, not time: they do not count cache misses or mispredicted branches.
``reversi_solver_ab.py`` measures CPU seconds side by side.

    .venv/bin/python benchmarks/reversi_solver_instructions.py --ref HEAD~1 --only 2 4 6
    .venv/bin/python benchmarks/reversi_solver_instructions.py --baseline reversi_ai_v4
"""

from __future__ import annotations

import argparse
import json
import math
import random
import re
import shutil
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

HERE = Path(__file__).resolve().parent
COUNT = re.compile(r"I\s+refs:\s+([\d,]+)")


def child(args: argparse.Namespace) -> None:
    """Load one side's engine, make the positions, and solve one of them unless ``--setup``."""
    from reversi_solver import BASELINES, load_baseline, random_position
    from reversi_solver_ab import load_ref

    if args.side == "ref" and args.baseline:
        engine = load_baseline(BASELINES / f"{args.baseline}.py")
    elif args.side == "ref":
        with tempfile.TemporaryDirectory() as folder:
            engine = load_ref(args.ref, Path(folder))
    else:
        from boardbook.reversi import ai as engine
    rng = random.Random(args.seed * 100 + args.empties)
    positions = [random_position(rng, args.empties) for _ in range(args.positions)]
    if args.index >= 0:
        stats: dict[str, int] = {}
        value, _ = engine.solve(positions[args.index], stats=stats)
        print(json.dumps({"value": value, "nodes": stats["nodes"]}))


def counted(args: argparse.Namespace, side: str, index: int) -> tuple[int, dict[str, int]]:
    """Instructions of the child for ``side`` and position ``index`` (-1: no solve)."""
    command = [
        "valgrind",
        "--tool=cachegrind",
        "--cache-sim=no",
        "--cachegrind-out-file=/dev/null",
        sys.executable,
        __file__,
        "--child",
        side,
        "--ref",
        args.ref,
        *(["--baseline", args.baseline] if args.baseline else []),
        "--empties",
        str(args.empties),
        "--positions",
        str(args.positions),
        "--seed",
        str(args.seed),
        "--index",
        str(index),
    ]
    done = subprocess.run(command, capture_output=True, text=True, check=True)
    match = COUNT.search(done.stderr)
    if match is None:
        raise SystemExit(f"no instruction count in valgrind's output:\n{done.stderr[-2000:]}")
    result = json.loads(done.stdout) if index >= 0 else {}
    return int(match.group(1).replace(",", "")), result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ref", default="HEAD", help="the commit to compare with")
    parser.add_argument(
        "--baseline", help="compare with a frozen engine of baselines/ instead (reversi_ai_v4)"
    )
    parser.add_argument("--empties", type=int, default=17)
    parser.add_argument("--positions", type=int, default=7)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--only", type=int, nargs="+", help="these positions (0-based) of the set, not all"
    )
    parser.add_argument("--jobs", type=int, default=2, help="valgrind runs at once")
    parser.add_argument("--child", choices=("ref", "new"), help=argparse.SUPPRESS)
    parser.add_argument("--index", type=int, default=-1, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        args.side = args.child
        child(args)
        return
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed (Debian: apt-get install valgrind)")
    indices = args.only if args.only else list(range(args.positions))
    with ThreadPoolExecutor(args.jobs) as pool:
        runs = {
            (side, index): pool.submit(counted, args, side, index)
            for index in [-1, *indices]
            for side in ("ref", "new")
        }
        setup = {side: runs[side, -1].result()[0] for side in ("ref", "new")}
        print(
            f"ref {args.baseline or args.ref} vs current, {args.empties} empties, seed {args.seed}; setup"
            f" {setup['ref'] / 1e6:,.0f} M / {setup['new'] / 1e6:,.0f} M instructions"
            " (subtracted)",
            flush=True,
        )
        ratios = []
        totals = {"ref": 0, "new": 0}
        for index in indices:
            (old, old_result), (new, new_result) = (
                runs[side, index].result() for side in ("ref", "new")
            )
            old, new = old - setup["ref"], new - setup["new"]
            totals["ref"] += old
            totals["new"] += new
            ratios.append(old / new)
            same = "same" if old_result["value"] == new_result["value"] else "DIFFERENT"
            print(
                f"  #{index}: value {old_result['value']:+d}/{new_result['value']:+d} {same},"
                f" nodes {old_result['nodes']:,}/{new_result['nodes']:,}, instructions"
                f" {old / 1e6:,.0f} M/{new / 1e6:,.0f} M, ref/current {old / new:.3f}",
                flush=True,
            )
    geomean = math.exp(sum(map(math.log, ratios)) / len(ratios))
    print(
        f"total ref/current {totals['ref'] / totals['new']:.3f}, geometric mean per solve"
        f" {geomean:.3f}"
    )


if __name__ == "__main__":
    sys.path.insert(0, str(HERE))
    main()
