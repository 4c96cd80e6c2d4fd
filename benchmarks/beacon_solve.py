"""Time a cold, full backward-induction solve of Beacon Lines under v0 and v1.

Usage: ``python benchmarks/beacon_solve.py [--repeat N]``. Prints, per rule set and matrix-game
method (scipy's LP, and the exact pure-Python fallback used where scipy is missing), the states
solved (all / terminal / needing a matrix game), the best of N cold solve times (the scipy
import excluded) and the game's value. The state counts do not depend on the machine. Then the
equilibrium opponent's first move from a cold cache (the shipped table: no solve).

``--write`` (re)writes the shipped table, ``widgets/boardbook/beacon/equilibrium.json``: every
state of both rule sets solved by the exact solver (``ai.equilibrium_table()``; the tests check
the file against a fresh solve).
"""

from __future__ import annotations

import argparse
import json
import random
import time
from pathlib import Path

from boardbook.beacon import Position, ai

TABLE = Path(ai.__file__).with_name(ai.TABLE_FILE)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="cold solves per rule set")
    parser.add_argument("--write", action="store_true", help=f"rewrite {TABLE.name}")
    args = parser.parse_args()
    if args.write:
        started = time.process_time()
        table = ai.equilibrium_table()
        TABLE.write_text(json.dumps(table, indent=1, sort_keys=True) + "\n", encoding="utf-8")
        counts = {rules: len(states) for rules, states in table["states"].items()}
        print(f"wrote {TABLE} ({counts} states, {time.process_time() - started:.2f} s CPU)")
        return
    methods = ["exact"]
    if ai.lp_available():
        import scipy.optimize  # noqa: F401  (import once, outside the timings)

        methods.insert(0, "lp")

    print(
        f"{'rules':<6}{'method':<7}{'states':>8}{'terminal':>10}{'matrix':>8}"
        f"{'best s':>10}{'value':>8}"
    )
    try:
        for rules in ("v0", "v1"):
            for method in methods:
                times = []
                for _ in range(max(1, args.repeat)):
                    ai.use_method(method)  # also empties the cache: a cold solve
                    started = time.perf_counter()
                    value, _, _ = ai.solve(Position.start(rules))
                    times.append(time.perf_counter() - started)
                stats = ai.cache_stats()
                print(
                    f"{rules:<6}{method:<7}{stats['states']:>8}{stats['terminal']:>10}"
                    f"{stats['matrix_games']:>8}{min(times):>10.3f}{value:>8.3f}"
                )
    finally:
        ai.use_method("auto")
    for rules in ("v0", "v1"):
        ai.clear_cache()
        started, cpu = time.perf_counter(), time.process_time()
        ai.choose_target(Position.start(rules), "red", "equilibrium", rng=random.Random(1))
        print(
            f"{rules}: the equilibrium opponent's first move from a cold cache: "
            f"{1000 * (time.perf_counter() - started):.1f} ms wall, "
            f"{1000 * (time.process_time() - cpu):.1f} ms CPU"
        )


if __name__ == "__main__":
    main()
