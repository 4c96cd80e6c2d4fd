"""Time a cold, full backward-induction solve of Beacon Lines under v0 and v1.

Usage: ``python benchmarks/beacon_solve.py [--repeat N]``. Prints, per rule set and matrix-game
method (scipy's LP, and the exact pure-Python fallback used where scipy is missing), the states
solved (all / terminal / needing a matrix game), the best of N cold solve times (the scipy
import excluded) and the game's value. The state counts do not depend on the machine.
"""

from __future__ import annotations

import argparse
import time

from boardbook.beacon import Position, ai


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="cold solves per rule set")
    args = parser.parse_args()
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


if __name__ == "__main__":
    main()
