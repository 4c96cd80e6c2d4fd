"""Reversi exact endgame solver, current vs the frozen baseline: FFO CPU and the 1 s reach.

Both engines solve the same positions in the same process, one after the other, and the
figures are CPU seconds of this process (``time.process_time()``), so the ratios hold on a
shared machine; node counts do not depend on the machine at all. Printed, never asserted.

* FFO positions (tests/data/ffo-20-39.obf) are solved with empties counted for the winner, as
  the file's scores are; each result is checked against the listed best score and move (and,
  up to ``--all-moves-max`` empties, against every listed move's score, current engine only).
  Total CPU per engine over the chosen range, and the ratio.
* The exact-endgame reach: random positions (random play from the start, fixed seeds) with
  10, 11, ... empties, ``--positions`` per count, solved under docs/RULES.md's scoring; the
  largest count whose median CPU is within 1 s, per engine. Each median comes with a
  distribution-free interval (95 % or more; a median of 7 positions moves by 2x between
  samples).
  ``--positions-from games`` takes the positions from games of a frozen player instead (the
  boards the strong level meets; random play makes wilder ones).

    .venv/bin/python benchmarks/reversi_solver.py              # FFO #20-#23, reach (3-5 min)
    .venv/bin/python benchmarks/reversi_solver.py --quick      # FFO #20-#21, 3 per count
    .venv/bin/python benchmarks/reversi_solver.py --ffo 20-29  # the issue's figure (~10 min)
    .venv/bin/python benchmarks/reversi_solver.py --baseline reversi_ai_v4 --no-ffo \
        --positions 7 --reach-from 14 --reach-to 17 --give-up 30  # issue #16: medians
    .venv/bin/python benchmarks/reversi_solver.py --baseline reversi_ai_v4 --no-ffo \
        --positions 21 --reach-from 16 --reach-to 18 --give-up 60 --positions-from games
    .venv/bin/python benchmarks/reversi_solver.py --baseline reversi_ai_v4 --no-ffo \
        --positions 21 --reach-from 17 --reach-to 17 --give-up 60 --seed 1,2,3,11,12,13
"""

from __future__ import annotations

import argparse
import functools
import importlib.util
import math
import random
import statistics
import sys
import time
import types
from pathlib import Path

from boardbook.core.game import run_to_end
from boardbook.reversi import Move, Position
from boardbook.reversi import ai as current

ROOT = Path(__file__).resolve().parents[1]
FFO_FILE = ROOT / "tests" / "data" / "ffo-20-39.obf"
BASELINES = Path(__file__).resolve().parent / "baselines"
BASELINE = BASELINES / "reversi_ai_v1.py"


def load_baseline(path: Path = BASELINE) -> types.ModuleType:
    spec = importlib.util.spec_from_file_location(f"_baseline_{path.stem}", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def random_position(rng: random.Random, empties: int) -> Position:
    while True:
        pos = Position.start()
        while pos.outcome is None and pos.empties > empties:
            pos = pos.play(rng.choice(pos.legal_moves()))
        if pos.outcome is None and pos.empties == empties:
            return pos


@functools.cache
def _game_player() -> types.ModuleType:
    return load_baseline(BASELINES / "reversi_ai_v4.py")


def game_positions(seed: int, empties: int, count: int) -> list[Position]:
    """``count`` positions with ``empties`` empties from games of a frozen player: game ``i``
    (its own generator, so a count's sample does not depend on which other counts are asked
    for) opens with 6 random plies, then v4's depth-3 search moves, a random move 6 % of the
    time (as tools/reversi_selfplay.py plays); games that end before ``empties`` are skipped.
    Random play gives wilder boards than a game does."""
    player = _game_player()
    found: list[Position] = []
    game = 0
    while len(found) < count:
        rng = random.Random(seed * 100_000 + game)
        game += 1
        pos, ply, tables = Position.start(), 0, player._Tables()
        while pos.outcome is None and pos.empties > empties:
            moves = pos.legal_moves()
            if len(moves) == 1:
                move = moves[0]
            elif ply < 6 or rng.random() < 0.06:
                move = rng.choice(moves)
            else:
                own, opp = pos._own_opp
                search = player._Search(tables=tables)
                sq, _, _ = run_to_end(search.deepen_steps(own, opp, rng, max_depth=3))
                move = Move(sq)
            pos, ply = pos.play(move), ply + 1
        if pos.outcome is None and pos.empties == empties:
            found.append(pos)
    return found


def timed_solve(
    engine: types.ModuleType, pos: Position, empties_to_winner: bool
) -> tuple[int, object, int, float]:
    """Score, move, nodes, CPU seconds."""
    stats: dict[str, int] = {}
    cpu_start = time.process_time()
    score, move = engine.solve(pos, empties_to_winner, stats=stats)
    return score, move, stats["nodes"], time.process_time() - cpu_start


def ffo_lines() -> list[str]:
    return [line for line in FFO_FILE.read_text().splitlines() if line.strip()]


def run_ffo(
    engines: dict[str, types.ModuleType], first: int, last: int, all_moves_max: int
) -> None:
    print(f"FFO #{first}-#{last} (empties to the winner), CPU seconds:")
    totals = dict.fromkeys(engines, 0.0)
    for number, line in enumerate(ffo_lines(), 20):
        if not first <= number <= last:
            continue
        pos = Position.from_text(line)
        scores = {
            f.split(":")[0].strip().lower(): int(f.split(":")[1])
            for f in line.split(";")[1:]
            if f.strip()
        }
        best = max(scores.values())
        parts = []
        cpus = {}
        for name, engine in engines.items():
            score, move, nodes, cpu = timed_solve(engine, pos, True)
            totals[name] += cpu
            cpus[name] = cpu
            ok = score == best and scores.get(str(move)) == best
            parts.append(f"{name} {cpu:7.2f} s {nodes:>10,} nodes {'ok' if ok else 'WRONG'}")
        verdict = ""
        if pos.empties <= all_moves_max:  # every listed move's score, not just the best
            wrong = [
                name
                for name, listed in scores.items()
                if -current.solve(pos.play(name), True)[0] != listed
            ]
            verdict = f"; all {len(scores)} move scores " + (f"WRONG {wrong}" if wrong else "ok")
        ratio = cpus["baseline"] / max(cpus["current"], 1e-9)
        print(
            f"  #{number} {pos.empties:2d} empties, best {best:+3d}: "
            + "; ".join(parts)
            + f"; ratio {ratio:.2f}x{verdict}",
            flush=True,
        )
    ratio = totals["baseline"] / max(totals["current"], 1e-9)
    print(
        f"  total CPU: baseline {totals['baseline']:.1f} s, current {totals['current']:.1f} s, "
        f"baseline/current {ratio:.2f}x"
    )


def median_interval(values: list[float]) -> tuple[float, float, float]:
    """A distribution-free interval for the median of the population ``values`` were drawn
    from, and its coverage: the k-th smallest and k-th largest value, k as large as keeps the
    coverage at least 95 % (with 7 values the smallest and the largest, 98 %; with 21 the 6th
    from each end, 97 %; with 5 or fewer, min and max, which cover less).
    A median of a few positions moves a lot between samples; this says how much."""
    ordered = sorted(values)
    n = len(ordered)

    def coverage(k: int) -> float:  # P(x(k) <= median <= x(n+1-k)) = 1 - 2 P(Bin(n, 1/2) < k)
        return 1 - 2 * sum(math.comb(n, i) for i in range(k)) / (1 << n)

    k = 1
    while k < n // 2 and coverage(k + 1) >= 0.95:
        k += 1
    return ordered[k - 1], ordered[n - k], coverage(k)


def run_reach(
    engines: dict[str, types.ModuleType],
    start: int,
    per_count: int,
    seeds: tuple[int, ...],
    stop: int,
    give_up: float = 1.0,
    source: str = "random",
) -> None:
    kind = "random" if source == "random" else "game"
    named = ", ".join(map(str, seeds))
    drawn = f"seed {named}" if len(seeds) == 1 else f"{per_count} from each seed: {named}"
    print(
        f"Exact-endgame reach: {per_count * len(seeds)} {kind} positions per empties count"
        f" ({drawn}):"
    )
    largest: dict[str, int | None] = dict.fromkeys(engines)
    running = set(engines)
    empties = start
    while running and empties <= stop:
        positions = []
        for seed in seeds:  # each seed's sample as when it is asked for alone
            if source == "games":
                positions += game_positions(seed, empties, per_count)
            else:
                rng = random.Random(seed * 100 + empties)
                positions += [random_position(rng, empties) for _ in range(per_count)]
        parts = []
        medians = {}
        for name, engine in engines.items():
            if name not in running:
                continue
            results = [timed_solve(engine, pos, False) for pos in positions]
            median = statistics.median(r[3] for r in results)
            low, high, covered = median_interval([r[3] for r in results])
            medians[name] = median
            nodes = statistics.median(r[2] for r in results)
            parts.append(
                f"{name} median {median:6.3f} s ({covered * 100:.0f} % interval {low:.3f}-{high:.3f})"
                f" {nodes:>9,.0f} nodes"
            )
            if median <= 1.0:
                largest[name] = empties
            if median > give_up:
                running.discard(name)  # larger counts only take longer
        ratio = ""
        if len(medians) == 2:
            ratio = f"; ratio {medians['baseline'] / max(medians['current'], 1e-9):.2f}x"
        print(f"  {empties:2d} empties: " + "; ".join(parts) + ratio, flush=True)
        empties += 1
    print(
        "Largest empties count solved within 1 s CPU (median): "
        + ", ".join(f"{name} {value}" for name, value in largest.items())
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a short run (about a minute)")
    parser.add_argument("--ffo", default=None, help="FFO range, e.g. 20-29 (default 20-23)")
    parser.add_argument("--positions", type=int, default=None, help="random positions per count")
    parser.add_argument("--reach-from", type=int, default=12, help="first empties count")
    parser.add_argument("--reach-to", type=int, default=22, help="last empties count tried")
    parser.add_argument(
        "--all-moves-max",
        type=int,
        default=6,
        help="also check every listed move's score on FFO positions with this many empties or fewer",
    )
    parser.add_argument(
        "--seed",
        default="1",
        help="the reach's seed, or several (e.g. 1,2,3): their samples pooled into one per count",
    )
    parser.add_argument(
        "--positions-from",
        choices=("random", "games"),
        default="random",
        help="the reach's positions: random play from the start (the issue's figure), or "
        "games of a frozen player (v4's depth-3 search), the positions the strong level meets",
    )
    parser.add_argument("--baseline", default="reversi_ai_v1", help="module in baselines/")
    parser.add_argument("--no-ffo", action="store_true", help="only the reach")
    parser.add_argument(
        "--give-up", type=float, default=1.0, help="stop an engine past this median (s)"
    )
    args = parser.parse_args()
    ffo = args.ffo or ("20-21" if args.quick else "20-23")
    first, last = (int(x) for x in ffo.split("-"))
    per_count = args.positions or (3 if args.quick else 5)
    engines = {"baseline": load_baseline(BASELINES / f"{args.baseline}.py"), "current": current}
    print(f"baseline: {args.baseline}")
    if args.no_ffo:
        pass
    elif FFO_FILE.exists():
        run_ffo(engines, first, last, args.all_moves_max)
    else:
        print(f"{FFO_FILE} not found: FFO part skipped")
    run_reach(
        engines,
        args.reach_from,
        per_count,
        tuple(int(seed) for seed in args.seed.split(",")),
        args.reach_to,
        args.give_up,
        args.positions_from,
    )


if __name__ == "__main__":
    main()
