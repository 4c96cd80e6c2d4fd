"""Tower Gate blessing balance: equal-level CPU self-play, every blessing against none and
against each other, both seats, varied setups. Printed, never asserted.

Both sides play the same level at a fixed depth (``--level normal`` = 2 plies, ``--depth``),
with seeded tie-breaks and no clock in any decision, so a run is repeatable. Setups: the fixed
one and free setups with random central placements (the same setups for every pairing, each
played with the blessing on either seat). A draw counts half.

The players are a fixed reference engine, the frozen ``baselines/towergate_ai_v1.py`` (the engine
the book's balance run was measured with), not the shipped one: balance is a property of the
rules, so a faster or stronger CPU must not change the stored run that the book re-plays.

    .venv/bin/python benchmarks/towergate_balance.py              # 30 setups x 2 seats
    .venv/bin/python benchmarks/towergate_balance.py --setups 10 --pairs
    .venv/bin/python benchmarks/towergate_balance.py --setups 100 --pairs --written leap \
        --json book/towergate/balance.json                        # the book's table

``--json PATH`` also writes every figure, and each game's score, to a file (the book shows
that file and re-plays a few of its games at build time to check they are reproduced).
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import random
import sys
import time
from pathlib import Path
from typing import Any

from boardbook.towergate import AS_WRITTEN, BALANCED, BLESSINGS, Position, Rules
from boardbook.towergate.rules import SQUARES


def setups(n: int, seed: int) -> list[list[str]]:
    """Placement orders: the fixed setup first, then random free setups on central squares."""
    rng = random.Random(seed)
    central = [SQUARES[i] for i in range(25) if 0 < i // 5 < 4 and 0 < i % 5 < 4]
    out: list[list[str]] = [[]]
    while len(out) < n:
        pick = rng.sample(central, 4) if rng.random() < 0.7 else rng.sample(list(SQUARES), 4)
        out.append(pick)
    return out


def start(
    placements: list[str], blessings: dict[str, str | None], rules: Rules = BALANCED
) -> Position:
    if not placements:
        return Position.start("fixed", blessings, rules)
    pos = Position.start("free", blessings, rules)
    for sq in placements:
        pos = pos.play(sq)
    return pos


def _reference_engine() -> Any:
    """The frozen v1 engine (see the module docstring), loaded by path from ``baselines/``."""
    import importlib.util

    path = Path(__file__).resolve().parent / "baselines" / "towergate_ai_v1.py"
    spec = importlib.util.spec_from_file_location("_towergate_balance_reference", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


choose_move = _reference_engine().choose_move


def play(pos: Position, level: str, depth: int, seed: int) -> Position:
    rng = random.Random(seed)
    while pos.outcome is None:
        pos = pos.play(choose_move(pos, level, rng=rng, time_budget=1e9, max_depth=depth))
    return pos


def score_for(pos: Position, side: str) -> float:
    assert pos.outcome is not None
    winner = pos.outcome.winner
    return 0.5 if winner is None else 1.0 if winner == side else 0.0


def games(
    a: str | None,
    b: str | None,
    boards: list[list[str]],
    level: str,
    depth: int,
    rules: Rules = BALANCED,
) -> list[tuple[float, int]]:
    """Each game of blessing ``a`` against ``b`` under ``rules``, setup by setup, ``a`` on
    terracotta then on blue: (``a``'s score, turns). Setup ``n`` is ``boards[n]`` and its seeds
    are fixed by ``n``, so any setup's games can be replayed on their own."""
    out: list[tuple[float, int]] = []
    for n, placements in enumerate(boards):
        for a_side in ("terracotta", "blue"):
            b_side = "blue" if a_side == "terracotta" else "terracotta"
            pos = start(placements, {a_side: a, b_side: b}, rules)
            end = play(pos, level, depth, seed=1000 * n + (a_side == "blue"))
            out.append((score_for(end, a_side), end.turn))
    return out


def match(
    a: str | None,
    b: str | None,
    boards: list[list[str]],
    level: str,
    depth: int,
    rules: Rules = BALANCED,
) -> tuple[float, int, int]:
    """Score of blessing ``a`` against ``b`` (both seats on every setup): (share, games, turns)."""
    played = games(a, b, boards, level, depth, rules)
    return (
        sum(s for s, _ in played) / len(played),
        len(played),
        sum(t for _, t in played),
    )


def margin95(share: float, n: int) -> float:
    """Half-width of a 95 % interval (normal approximation; variance at least 0.0625 so that
    a lopsided small sample does not claim a tiny margin)."""
    return 1.96 * math.sqrt(max(share * (1 - share), 0.0625) / n)


def summary(played: list[tuple[float, int]]) -> dict[str, Any]:
    """A pairing's figures for the JSON file, with every game's score in order."""
    share = sum(s for s, _ in played) / len(played)
    return {
        "score": share,
        "games": len(played),
        "margin95": margin95(share, len(played)),
        "mean_turns": sum(t for _, t in played) / len(played),
        "results": [s for s, _ in played],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--setups", type=int, default=30, help="setups (each played twice)")
    parser.add_argument("--level", default="normal")
    parser.add_argument("--depth", type=int, default=2, help="fixed search depth (plies)")
    parser.add_argument("--pairs", action="store_true", help="also blessing against blessing")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument(
        "--as-written", action="store_true", help="RULES.md's blessings without the balance limits"
    )
    parser.add_argument("--only", default=",".join(BLESSINGS), help="blessings to measure")
    parser.add_argument(
        "--written",
        default="",
        help="also measure these blessings (comma-separated) as RULES.md wrote them, against none",
    )
    parser.add_argument("--json", type=Path, help="also write the figures to this JSON file")
    parser.add_argument(
        "--set",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="try another limit, e.g. leap_top=2, leap_once=0, mason_heights=0,2",
    )
    args = parser.parse_args()
    rules = AS_WRITTEN if args.as_written else BALANCED
    if args.set:
        limits = rules.limits()
        for item in args.set:
            key, _, value = item.partition("=")
            old = limits[key]
            if isinstance(old, list):
                limits[key] = tuple(int(v) for v in value.split(",") if v)
            elif isinstance(old, bool):
                limits[key] = value not in ("0", "false", "False")
            else:
                limits[key] = int(value)
        rules = Rules(**limits)
    print("blessing limits:", rules.limits())
    boards = setups(args.setups, args.seed)
    print(
        f"{args.level} vs {args.level} at depth {args.depth}; {len(boards)} setups x 2 seats "
        f"= {2 * len(boards)} games per pairing"
    )
    start_cpu = time.process_time()
    first = 0.0
    for n, placements in enumerate(boards):
        end = play(start(placements, {}, rules), args.level, args.depth, seed=1000 * n)
        first += score_for(end, "terracotta")
    print(f"none vs none: the first mover (terracotta) scores {first / len(boards):.0%}")
    report: dict[str, object] = {
        "command": "python benchmarks/towergate_balance.py " + " ".join(sys.argv[1:]),
        "level": args.level,
        "depth": args.depth,
        "seed": args.seed,
        "setups": len(boards),
        "games_per_pairing": 2 * len(boards),
        "limits": rules.limits(),
        "first_mover_score": first / len(boards),
    }
    print("| blessing | vs none | 95% margin | games | mean turns |")
    print("|---|---|---|---|---|")
    vs_none: dict[str, object] = {}
    for blessing in args.only.split(","):
        row = summary(games(blessing, None, boards, args.level, args.depth, rules))
        vs_none[blessing] = row
        share, n, margin = float(row["score"]), row["games"], float(row["margin95"])
        flag = "" if 0.4 <= share <= 0.6 else "  <-- outside 40-60 %"
        print(f"| {blessing} | {share:.1%} | ±{margin:.0%} | {n} | {row['mean_turns']:.1f} |{flag}")
    report["vs_none"] = vs_none
    if args.pairs:
        print("| row vs column | " + " | ".join(BLESSINGS) + " |")
        print("|---|" + "---|" * len(BLESSINGS))
        table: dict[tuple[str, str], float] = {}
        for a, b in itertools.combinations(BLESSINGS, 2):
            share, _, _ = match(a, b, boards, args.level, args.depth, rules)
            table[a, b], table[b, a] = share, 1 - share
        for a in BLESSINGS:
            cells = ["—" if a == b else f"{table[a, b]:.0%}" for b in BLESSINGS]
            print(f"| {a} | " + " | ".join(cells) + " |")
        report["pairs"] = {a: {b: table[a, b] for b in BLESSINGS if b != a} for a in BLESSINGS}
    if args.written:
        written = {
            b: summary(games(b, None, boards, args.level, args.depth, AS_WRITTEN))
            for b in args.written.split(",")
        }
        for b, row in written.items():
            print(f"as written: {b} vs none {float(row['score']):.1%} in {row['games']} games")
        report["as_written"] = written
    seconds = time.process_time() - start_cpu
    report["cpu_seconds"] = round(seconds)
    print(f"CPU time {seconds:.0f} s")
    if args.json:
        args.json.write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
        print(f"wrote {args.json}")


if __name__ == "__main__":
    main()
