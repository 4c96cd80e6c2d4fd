"""Reversi engine match: the current strong level against a frozen baseline at equal CPU time.

Engine developers measure a change by playing it against the previous version, at the same
time per move, from many varied openings, with both colours: here every opening is one of the
distinct positions after ``--plies`` plies from the start (all of them enumerated, then
sampled with a fixed seed), and each is played twice with colours swapped. Both engines read their
clock through their module's ``time.perf_counter``; this script points that at
``time.process_time`` so "0.05 s per move" means 0.05 s of this process's CPU, whatever else
the (shared) machine is doing. Both engines' tables are cleared before every game, so
games are independent (within a game it keeps them across moves, as in real play).

Printed: wins/draws/losses, the score with its 95 % confidence interval (normal approximation
over opening pairs, which are the independent units), and the Elo difference with its interval.
Never asserted.

    .venv/bin/python benchmarks/reversi_match.py                     # 40 openings x 2, 0.05 s
    .venv/bin/python benchmarks/reversi_match.py --openings 200 --budget 0.1 --jobs 2

A long match (hours at 1 s per move) can be played in parts: ``--record FILE`` appends each
opening's two games to FILE as they end and skips the openings FILE already holds, so running
the same command again goes on where it stopped, and the summary covers every recorded game.
Each line names the engines' sources (a hash), the budget and the seed: a part played with
other engines or settings is refused, never mixed in.
"""

from __future__ import annotations

import argparse
import hashlib
import importlib.util
import json
import math
import random
import sys
import time
import types
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from boardbook.reversi import Position
from boardbook.reversi import ai as current

BASELINES = Path(__file__).resolve().parent / "baselines"


def load_baseline(name: str) -> types.ModuleType:
    path = BASELINES / f"{name}.py"
    spec = importlib.util.spec_from_file_location(f"_baseline_{name}", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


class _CpuClock:
    """Stands in for the ``time`` module inside an engine: its wall clock is CPU time."""

    perf_counter = staticmethod(time.process_time)
    process_time = staticmethod(time.process_time)
    monotonic = staticmethod(time.process_time)

    def __getattr__(self, name: str) -> Any:
        return getattr(time, name)


def use_cpu_clock(module: types.ModuleType) -> None:
    module.time = _CpuClock()  # type: ignore[attr-defined]


def openings(plies: int, count: int, seed: int) -> list[str]:
    """Distinct positions (as text) after ``plies`` plies from the start, sampled with ``seed``."""
    level = {Position.start().to_text()}
    for _ in range(plies):
        following = set()
        for text in level:
            pos = Position.from_text(text)
            for move in pos.legal_moves():
                following.add(pos.play(move).to_text())
        level = following
    ordered = sorted(level)
    rng = random.Random(seed)
    return rng.sample(ordered, min(count, len(ordered)))


_ENGINES: dict[str, types.ModuleType] = {}


def _engines(baseline: str) -> dict[str, types.ModuleType]:
    if not _ENGINES:
        base = load_baseline(baseline)
        use_cpu_clock(base)
        use_cpu_clock(current)
        _ENGINES.update(new=current, base=base)
    return _ENGINES


def play_game(opening: str, new_colour: str, budget: float, seed: int, baseline: str) -> dict:
    """One game; returns the new engine's disc margin and CPU seconds per side."""
    engines = _engines(baseline)
    for engine in engines.values():  # each game starts from empty tables, for both engines
        clear = getattr(engine, "_clear_tables", None)
        if clear is not None:
            clear()
    rng = random.Random(seed)
    pos = Position.from_text(opening)
    cpu = {"new": 0.0, "base": 0.0}
    moves = {"new": 0, "base": 0}
    while pos.outcome is None:
        who = "new" if pos.to_move == new_colour else "base"
        start = time.process_time()
        move = engines[who].choose_move(pos, "strong", rng=rng, time_budget=budget)
        cpu[who] += time.process_time() - start
        moves[who] += 1
        pos = pos.play(move)
    counts = pos.counts
    other = "white" if new_colour == "black" else "black"
    return {
        "margin": counts[new_colour] - counts[other],
        "cpu": cpu,
        "moves": moves,
    }


def _pair(args: tuple[int, str, float, int, str]) -> list[dict]:
    index, opening, budget, seed, baseline = args
    return [
        play_game(opening, colour, budget, seed * 1_000_003 + index * 2 + k, baseline)
        for k, colour in enumerate(("black", "white"))
    ]


def _played(tasks: list[tuple[int, str, float, int, str]], jobs: int) -> Iterator[list[dict]]:
    """Each opening's two games, in order, as they finish."""
    if jobs <= 1:
        yield from map(_pair, tasks)
        return
    with ProcessPoolExecutor(jobs) as pool:
        yield from pool.map(_pair, tasks)


def match_key(args: argparse.Namespace) -> str:
    """What a recorded game must share with this run to be counted with it: both engines'
    sources, the fitted evaluation the current engine reads, and the match's settings (a
    refit changes the engine's play as much as an edit of its code)."""
    sources = [
        Path(current.__file__).read_bytes(),
        (BASELINES / f"{args.baseline}.py").read_bytes(),
    ]
    for name in (
        "_patterns.py",
        "_edges.py",
        "_flips.py",
        "rules.py",
        "eval_weights.json",
        "eval_patterns.bin",
    ):
        sources.append((Path(current.__file__).parent / name).read_bytes())
    digest = hashlib.sha256(b"\0".join(sources)).hexdigest()[:16]
    return f"{digest}/{args.baseline}/{args.plies}/{args.budget}/{args.seed}"


def recorded(path: Path | None, key: str) -> dict[int, tuple[str, list[dict]]]:
    """The openings a record file holds for this match, by index; another match's lines stop
    the run (a record holds one match)."""
    if path is None or not path.exists():
        return {}
    pairs = {}
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        entry = json.loads(line)
        if entry["key"] != key:
            raise SystemExit(
                f"{path}:{number} was played with other engines or settings ({entry['key']},"
                f" this run is {key}); use another --record file"
            )
        pairs[int(entry["opening"])] = (entry["position"], entry["games"])
    return pairs


def elo(score: float) -> float:
    score = min(max(score, 1e-6), 1 - 1e-6)
    return -400 * math.log10(1 / score - 1)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--openings", type=int, default=40, help="openings (2 games each)")
    parser.add_argument("--plies", type=int, default=5, help="opening length in plies (4-6)")
    parser.add_argument("--budget", type=float, default=0.05, help="CPU seconds per move")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    parser.add_argument("--baseline", default="reversi_ai_v1", help="module in baselines/")
    parser.add_argument(
        "--progress", action="store_true", help="print each opening's two games as they end"
    )
    parser.add_argument(
        "--record",
        type=Path,
        help="append each opening's games to this file and skip the openings it holds",
    )
    args = parser.parse_args()
    book = openings(args.plies, args.openings, args.seed)
    key = match_key(args)
    done = recorded(args.record, key)
    for index, (position, _) in done.items():
        if index >= len(book) or book[index] != position:
            raise SystemExit(
                f"{args.record} holds opening {index} as another position: it was played with"
                " another --openings count; run with that count"
            )
    print(
        f"current strong vs {args.baseline}: {len(book)} openings after {args.plies} plies "
        f"x 2 colours, {args.budget} s CPU per move, {args.jobs} job(s)"
        + (f"; {len(done)} openings already in {args.record}" if done else ""),
        flush=True,
    )
    tasks = [
        (i, text, args.budget, args.seed, args.baseline)
        for i, text in enumerate(book)
        if i not in done
    ]
    start = time.perf_counter()
    pairs: list[list[dict]] = [done[i][1] for i in sorted(done)]
    for task, pair in zip(tasks, _played(tasks, args.jobs), strict=False):
        pairs.append(pair)
        if args.record is not None:
            with args.record.open("a", encoding="utf-8") as out:
                out.write(
                    json.dumps({"key": key, "opening": task[0], "position": task[1], "games": pair})
                    + "\n"
                )
        if args.progress:  # a run stopped early still shows what it played
            done = [g["margin"] for p in pairs for g in p]
            points = sum(1.0 if m > 0 else 0.5 if m == 0 else 0.0 for m in done)
            print(
                f"  opening {len(pairs)}: margins {pair[0]['margin']:+d} (current black), "
                f"{pair[1]['margin']:+d} (current white); so far {points:g}/{len(done)}",
                flush=True,
            )
    games = [game for pair in pairs for game in pair]
    wins = sum(g["margin"] > 0 for g in games)
    draws = sum(g["margin"] == 0 for g in games)
    losses = len(games) - wins - draws
    pair_scores = [
        sum(1.0 if g["margin"] > 0 else 0.5 if g["margin"] == 0 else 0.0 for g in pair) / 2
        for pair in pairs
    ]
    n = len(pair_scores)
    mean = sum(pair_scores) / n
    sd = math.sqrt(sum((s - mean) ** 2 for s in pair_scores) / (n - 1)) if n > 1 else 0.0
    half = 1.96 * sd / math.sqrt(n)
    low, high = max(0.0, mean - half), min(1.0, mean + half)
    cpu_new = sum(g["cpu"]["new"] for g in games) / max(1, sum(g["moves"]["new"] for g in games))
    cpu_base = sum(g["cpu"]["base"] for g in games) / max(1, sum(g["moves"]["base"] for g in games))
    margin = sum(g["margin"] for g in games) / len(games)
    print(
        f"games {len(games)}: current wins {wins}, draws {draws}, losses {losses}; "
        f"mean disc margin {margin:+.1f}"
    )
    print(f"score {100 * mean:.1f} % (95 % CI {100 * low:.1f} - {100 * high:.1f} %)")
    print(f"Elo difference {elo(mean):+.0f} (95 % CI {elo(low):+.0f} to {elo(high):+.0f})")
    print(
        f"CPU per move: current {1000 * cpu_new:.1f} ms, baseline {1000 * cpu_base:.1f} ms; "
        f"wall {time.perf_counter() - start:.0f} s"
    )


if __name__ == "__main__":
    main()
