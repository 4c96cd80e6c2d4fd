"""Tower Gate engine match: the current strong level against a frozen baseline at equal CPU.

Openings: the fixed setup, then 2-5 uniformly random turns (seeded, distinct, no immediate
win), each played twice with seats swapped, so a seat or an opening favours neither engine.
Both engines run on this process's CPU clock (the current one through its ``clock``
argument, the baseline with its module's ``time.perf_counter`` pointed at
``time.process_time``), so "0.3 s per move" means 0.3 s of CPU whatever else the shared
machine is doing. Each engine with a kept table starts every game with an empty one (kept
across the moves of a game, as in play). A draw counts half.

Printed: wins/draws/losses, the score with its 95 % confidence interval (normal
approximation over opening pairs, the independent units), the Elo difference, the CPU per
move and the depth each engine completed on average (and completed exactly: the current
engine's exact pass at its last depth). Never asserted. With ``--depth N`` both
engines search exactly N plies with no clock instead (strength at equal depth, not equal CPU).

    .venv/bin/python benchmarks/towergate_match.py                          # 100 x 2, 0.3 s
    .venv/bin/python benchmarks/towergate_match.py --openings 20 --budget 0.1 --jobs 2
    .venv/bin/python benchmarks/towergate_match.py --baseline towergate_ai_v2 --depth 4
    .venv/bin/python benchmarks/towergate_match.py --budget 1.0 --wall-limit 2400  # what fits
"""

from __future__ import annotations

import argparse
import importlib.util
import math
import random
import sys
import time
import types
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from boardbook.towergate import Position
from boardbook.towergate import ai as current

BASELINES = Path(__file__).resolve().parent / "baselines"


def load_baseline(name: str) -> types.ModuleType:
    path = BASELINES / f"{name}.py"
    spec = importlib.util.spec_from_file_location(f"_baseline_{name}", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def openings(count: int, seed: int) -> list[list[str]]:
    """Distinct move lists from the fixed setup (2-5 random turns, no immediate win)."""
    rng = random.Random(seed)
    seen: set[str] = set()
    out: list[list[str]] = []
    while len(out) < count:
        pos, moves = Position.start("fixed"), []
        for _ in range(rng.randint(2, 5)):
            move = rng.choice(pos.legal_moves())
            moves.append(str(move))
            pos = pos.play(move)
            if pos.outcome is not None:
                break
        text = pos.to_json() if hasattr(pos, "to_json") else " ".join(moves)
        key = str(text)
        if pos.outcome is None and not any(m.is_win for m in pos.legal_moves()) and key not in seen:
            seen.add(key)
            out.append(moves)
    return out


_BASE: dict[str, types.ModuleType] = {}


def _baseline(name: str) -> types.ModuleType:
    if name not in _BASE:
        base = load_baseline(name)
        base.time = types.SimpleNamespace(perf_counter=time.process_time)  # type: ignore[attr-defined]
        _BASE[name] = base
    return _BASE[name]


def play_game(
    moves: list[str], new_side: str, budget: float, seed: int, baseline: str, depth: int = 0
) -> dict:
    """One game; the new engine's score (1, 0.5, 0), CPU seconds and depths per engine
    (``depth``: both search exactly that many plies, with no clock)."""
    base = _baseline(baseline)
    rng = random.Random(seed)
    pos = Position.start("fixed")
    for m in moves:
        pos = pos.play(m)
    memory = current.SearchMemory()
    # a baseline with a kept table (v2 on) gets a fresh one per game too, not the process's
    # (which would carry what it learnt in the previous games of this worker)
    base_kw: dict[str, Any] = {}
    if hasattr(base, "SearchMemory"):
        base_kw = {"memory": base.SearchMemory(), "clock": time.process_time}
    cpu = {"new": 0.0, "base": 0.0}
    fixed: dict[str, Any] = {"time_budget": budget}
    if depth:
        fixed = {"time_budget": 1e9, "max_depth": depth}
    reached = {"new": 0, "base": 0}
    exact = {"new": 0, "base": 0}  # the depth searched without reductions (current: its pass)
    count = {"new": 0, "base": 0}
    while pos.outcome is None:
        who = "new" if pos.to_move == new_side else "base"
        stats: dict[str, Any] = {}
        t = time.process_time()
        if who == "new":
            steps = current.search_steps(
                pos,
                "strong",
                rng=rng,
                stats=stats,
                clock=time.process_time,
                memory=memory,
                **fixed,
            )
        else:
            steps = base.search_steps(pos, "strong", rng=rng, stats=stats, **fixed, **base_kw)
        while True:
            try:
                next(steps)
            except StopIteration as done:
                move = done.value
                break
        cpu[who] += time.process_time() - t
        if stats:
            reached[who] += stats["depth"]
            exact[who] += stats.get("exact", stats["depth"])
            count[who] += 1
        pos = pos.play(move)
    winner = pos.outcome.winner
    score = 0.5 if winner is None else 1.0 if winner == new_side else 0.0
    return {
        "score": score,
        "cpu": cpu,
        "depth": reached,
        "exact": exact,
        "count": count,
        "turns": pos.turn,
    }


def _pair(args: tuple[int, list[str], float, int, str, int]) -> list[dict]:
    index, moves, budget, seed, baseline, depth = args
    return [
        play_game(moves, side, budget, seed * 1_000_003 + index * 2 + k, baseline, depth)
        for k, side in enumerate(("terracotta", "blue"))
    ]


def elo(score: float) -> float:
    score = min(max(score, 1e-6), 1 - 1e-6)
    return -400 * math.log10(1 / score - 1)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--openings", type=int, default=100, help="openings (2 games each)")
    parser.add_argument("--budget", type=float, default=0.3, help="CPU seconds per move")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    parser.add_argument("--baseline", default="towergate_ai_v1", help="module in baselines/")
    parser.add_argument(
        "--depth", type=int, default=0, help="both engines exactly this many plies, no clock"
    )
    parser.add_argument(
        "--wall-limit",
        type=float,
        default=0.0,
        help="start no new opening after this many wall seconds (0: none); the summary is "
        "over the opening pairs completed",
    )
    args = parser.parse_args()
    book = openings(args.openings, args.seed)
    per_move = f"depth {args.depth}, no clock" if args.depth else f"{args.budget} s CPU per move"
    print(
        f"current strong vs {args.baseline}: {len(book)} openings x 2 seats, "
        f"{per_move}, {args.jobs} job(s)",
        flush=True,
    )
    tasks = [(i, m, args.budget, args.seed, args.baseline, args.depth) for i, m in enumerate(book)]
    start = time.perf_counter()
    pairs: list[list[dict]] = []
    with ProcessPoolExecutor(args.jobs) as pool:
        # at most ``jobs`` pairs in flight, in order; a running score after every pair
        pending = [pool.submit(_pair, task) for task in tasks[: args.jobs]]
        queued = len(pending)
        while pending:
            pair = pending.pop(0).result()
            pairs.append(pair)
            done = sum(g["score"] for p in pairs for g in p)
            print(f"  {2 * len(pairs)} games: current {done:g}", flush=True)
            late = args.wall_limit and time.perf_counter() - start > args.wall_limit
            if queued < len(tasks) and not late:
                pending.append(pool.submit(_pair, tasks[queued]))
                queued += 1
    if len(pairs) < len(tasks):
        print(
            f"stopped by --wall-limit {args.wall_limit:g} s: {len(pairs)} of {len(tasks)} openings"
        )
    games = [g for pair in pairs for g in pair]
    wins = sum(g["score"] == 1.0 for g in games)
    draws = sum(g["score"] == 0.5 for g in games)
    losses = len(games) - wins - draws
    pair_scores = [sum(g["score"] for g in pair) / 2 for pair in pairs]
    n = len(pair_scores)
    mean = sum(pair_scores) / n
    sd = math.sqrt(sum((s - mean) ** 2 for s in pair_scores) / (n - 1)) if n > 1 else 0.0
    half = 1.96 * sd / math.sqrt(n)
    low, high = max(0.0, mean - half), min(1.0, mean + half)

    def per(who: str, what: str) -> float:
        total = sum(g[what][who] for g in games)
        return total / max(1, sum(g["count"][who] for g in games))

    print(f"games {len(games)}: current wins {wins}, draws {draws}, losses {losses}")
    print(f"score {100 * mean:.1f} % (95 % CI {100 * low:.1f} - {100 * high:.1f} %)")
    print(f"Elo difference {elo(mean):+.0f} (95 % CI {elo(low):+.0f} to {elo(high):+.0f})")
    print(
        f"CPU per searched move: current {1000 * per('new', 'cpu'):.0f} ms, baseline "
        f"{1000 * per('base', 'cpu'):.0f} ms; mean depth completed: current "
        f"{per('new', 'depth'):.2f}, baseline {per('base', 'depth'):.2f} (exactly: current "
        f"{per('new', 'exact'):.2f}, baseline {per('base', 'exact'):.2f}); "
        f"wall {time.perf_counter() - start:.0f} s"
    )


if __name__ == "__main__":
    main()
