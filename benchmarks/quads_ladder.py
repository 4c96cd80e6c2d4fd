"""Quads level ladder: each CPU level against the one below, both seats, win/draw/loss.

Every pair plays N games with the stronger level first and N with it second (seeded random
tie-breaks and a seeded opening give, so games differ). Each level thinks with its default
budget (``ai.DEFAULT_TIME_BUDGET``) unless ``--scale`` shrinks all budgets. Printed, never
asserted: the target is that the stronger level wins >= 70 % of the games.

    .venv/bin/python benchmarks/quads_ladder.py              # 20 games per seat = 40 per pair
    .venv/bin/python benchmarks/quads_ladder.py 5 --pairs perfect
"""

from __future__ import annotations

import argparse
import random
import time

from boardbook.quads import DEFAULT_TIME_BUDGET, LEVELS, Position, choose_move


def play_game(
    first: str, second: str, seed: int, scale: float
) -> tuple[Position, dict[str, float]]:
    rng = random.Random(seed)
    players = {"first": first, "second": second}
    cpu = {"first": 0.0, "second": 0.0}
    pos = Position.start()
    while pos.outcome is None:
        side = pos.to_move
        assert side is not None
        level = players[side]
        start = time.process_time()
        budget = DEFAULT_TIME_BUDGET[level] * scale
        move = choose_move(pos, level, rng=rng, time_budget=budget, clock=time.process_time)
        cpu[side] += time.process_time() - start
        pos = pos.play(move)
    return pos, cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", type=int, nargs="?", default=20, help="games per pair and seat")
    parser.add_argument("--scale", type=float, default=1.0, help="multiply every time budget")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--pairs", nargs="*", default=list(LEVELS[1:]), help="stronger levels to test"
    )
    args = parser.parse_args()
    print(f"{args.games} games per pair and seat; budgets x{args.scale}: {DEFAULT_TIME_BUDGET}")
    for strong_index in range(1, len(LEVELS)):
        strong, weak = LEVELS[strong_index], LEVELS[strong_index - 1]
        if strong not in args.pairs:
            continue
        tally = {"win": 0, "draw": 0, "loss": 0}
        seats = {"first": [0, 0, 0], "second": [0, 0, 0]}
        cpu_strong = cpu_weak = 0.0
        start = time.process_time()
        for g in range(args.games):
            for seat in ("first", "second"):
                first, second = (strong, weak) if seat == "first" else (weak, strong)
                end, cpu = play_game(first, second, args.seed * 1000 + g, args.scale)
                other = "second" if seat == "first" else "first"
                cpu_strong += cpu[seat]
                cpu_weak += cpu[other]
                winner = end.outcome.winner if end.outcome else None
                result = "draw" if winner is None else "win" if winner == seat else "loss"
                tally[result] += 1
                seats[seat][("win", "draw", "loss").index(result)] += 1
        n = sum(tally.values())
        print(
            f"{strong} vs {weak}: {n} games, +{tally['win']} ={tally['draw']} -{tally['loss']}; "
            f"{strong} wins {100 * tally['win'] / n:.0f} %, scores "
            f"{100 * (tally['win'] + tally['draw'] / 2) / n:.0f} %; as first +{seats['first'][0]} "
            f"={seats['first'][1]} -{seats['first'][2]}, as second +{seats['second'][0]} "
            f"={seats['second'][1]} -{seats['second'][2]}; CPU s/game {strong} "
            f"{cpu_strong / n:.2f}, {weak} {cpu_weak / n:.2f} "
            f"({time.process_time() - start:.0f} s CPU)",
            flush=True,
        )


if __name__ == "__main__":
    main()
