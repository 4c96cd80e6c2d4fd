"""Reversi level ladder: strong vs corner-seeker vs beginner, both colours, win rates.

Every pair of levels plays N games with each colour (seeded random tie-breaks, so games
differ). The strong level's time budget per move is an argument; its endgame is exact from 10
empties whatever the budget. Printed, never asserted.

    .venv/bin/python benchmarks/reversi_ladder.py            # 4 games per pair and colour
    .venv/bin/python benchmarks/reversi_ladder.py 10 --budget 0.5
"""

from __future__ import annotations

import argparse
import itertools
import random
import time

from boardbook.reversi import LEVELS, Position, choose_move


def play_game(black: str, white: str, seed: int, budget: float) -> Position:
    rng = random.Random(seed)
    players = {"black": black, "white": white}
    pos = Position.start()
    while pos.outcome is None:
        pos = pos.play(choose_move(pos, players[pos.to_move], rng=rng, time_budget=budget))
    return pos


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", type=int, nargs="?", default=4, help="games per pair and colour")
    parser.add_argument("--budget", type=float, default=0.1, help="strong's seconds per move")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    start = time.perf_counter()
    print(f"{args.games} games per pair and colour; strong budget {args.budget} s/move")
    for a, b in itertools.combinations(reversed(LEVELS), 2):  # strong first
        results = {"win": 0, "draw": 0, "loss": 0}
        margins = []
        per_colour = {}
        for colour in ("black", "white"):
            wins = 0
            for game in range(args.games):
                black, white = (a, b) if colour == "black" else (b, a)
                seed = args.seed * 10_000 + game * 2 + (colour == "white")
                end = play_game(black, white, seed, args.budget)
                counts = end.counts
                other = "white" if colour == "black" else "black"
                margin = counts[colour] - counts[other]
                margins.append(margin)
                outcome = "win" if margin > 0 else "loss" if margin < 0 else "draw"
                results[outcome] += 1
                wins += outcome == "win"
            per_colour[colour] = wins
        total = 2 * args.games
        print(
            f"  {a:>8} vs {b:<8}: {a} wins {results['win']}/{total} "
            f"({100 * results['win'] / total:.0f}%), draws {results['draw']}, "
            f"losses {results['loss']}; as black {per_colour['black']}/{args.games}, "
            f"as white {per_colour['white']}/{args.games}; "
            f"mean disc margin {sum(margins) / len(margins):+.1f}",
            flush=True,
        )
    print(f"total {time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
