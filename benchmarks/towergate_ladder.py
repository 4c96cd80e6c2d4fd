"""Tower Gate level ladder: strong vs normal and normal vs easy, both seats, varied setups.

Each pairing plays every setup twice (each level on each seat); setups are the fixed one and
random free setups (as in towergate_balance.py), with random blessings for some games
(``--blessed``). Strong searches with a budget of CPU seconds per move (``--budget``; the
widget's default is 1 s of wall time), so a loaded machine does not change the figures.
A draw counts half. Printed, never asserted.

    .venv/bin/python benchmarks/towergate_ladder.py              # 20 setups x 2 seats each
    .venv/bin/python benchmarks/towergate_ladder.py --setups 5 --budget 0.2
"""

from __future__ import annotations

import argparse
import random
import time

from boardbook.towergate import BLESSINGS, Position, choose_move
from towergate_balance import setups, start


def play(
    pos: Position, levels: dict[str, str], budget: float, seed: int, depth: int | None = None
) -> tuple[Position, float]:
    """Play to the end; returns the final position and the strong side's mean CPU s/move."""
    rng = random.Random(seed)
    spent, moves = 0.0, 0
    while pos.outcome is None:
        side = pos.to_move
        assert side is not None
        level = levels[side]
        t = time.process_time()
        if level == "strong" and depth is not None:
            move = choose_move(pos, level, rng=rng, time_budget=1e9, max_depth=depth)
        else:
            move = choose_move(
                pos,
                level,
                rng=rng,
                time_budget=budget if level == "strong" else None,
                clock=time.process_time,
            )
        if level == "strong" and not pos.in_setup:
            spent += time.process_time() - t
            moves += 1
        pos = pos.play(move)
    return pos, spent / max(1, moves)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--setups", type=int, default=20, help="setups (each played twice)")
    parser.add_argument("--budget", type=float, default=0.5, help="strong's seconds per move")
    parser.add_argument(
        "--depth",
        type=int,
        default=None,
        help="strong at this fixed depth with no clock (repeatable on a loaded machine)",
    )
    parser.add_argument("--blessed", type=float, default=0.3, help="share of games with blessings")
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--pair", choices=("strong-normal", "normal-easy", "both"), default="both")
    args = parser.parse_args()
    boards = setups(args.setups, args.seed)
    rng = random.Random(args.seed)
    pairs = [("strong", "normal"), ("normal", "easy")]
    if args.pair != "both":
        pairs = [tuple(args.pair.split("-"))]  # type: ignore[list-item]
    strong = f"depth {args.depth}, no clock" if args.depth else f"budget {args.budget} s/move"
    print(f"{len(boards)} setups x 2 seats per pairing; strong {strong}")
    for hi, lo in pairs:
        start_cpu = time.process_time()
        score, games, turns, per_move = 0.0, 0, 0, []
        for n, placements in enumerate(boards):
            blessings = {
                "terracotta": rng.choice((None, *BLESSINGS))
                if rng.random() < args.blessed
                else None,
                "blue": rng.choice((None, *BLESSINGS)) if rng.random() < args.blessed else None,
            }
            for hi_side in ("terracotta", "blue"):
                lo_side = "blue" if hi_side == "terracotta" else "terracotta"
                # the same blessings for both seats of a setup: seat swaps, blessings stay
                pos = start(placements, blessings)
                end, spent = play(
                    pos, {hi_side: hi, lo_side: lo}, args.budget, 100 * n + games, args.depth
                )
                assert end.outcome is not None
                winner = end.outcome.winner
                score += 0.5 if winner is None else 1.0 if winner == hi_side else 0.0
                games += 1
                turns += end.turn
                if spent:
                    per_move.append(spent)
        line = (
            f"{hi} vs {lo}: {score:g}/{games} = {score / games:.0%}; mean {turns / games:.1f} turns"
        )
        if per_move:
            line += f"; strong {sum(per_move) / len(per_move):.2f} s CPU/move"
        print(line + f"; {time.process_time() - start_cpu:.0f} s CPU")


if __name__ == "__main__":
    main()
