"""Reversi strong level and coach in the endgame at their time budget: how often the answer
is proven exact, and how good the move is, with the exact reach and the midgame share as
today and as given.

The strong level solves exactly up to ``exact_empties_for(budget)`` empties (16 at 1 s) and
proves win/draw/loss two empties further, after a midgame search that takes a share of the
budget (``_SOLVE_MIDGAME_SHARE``); beyond that, the midgame search has the whole budget. A
larger reach or a smaller share proves more moves if the solves finish, and plays worse
where they do not (the midgame's move, from a shorter search). This measures both sides of
that trade on the same positions: each position (from games of a frozen player, as
``reversi_solver.py --positions-from games``) gets one move of the strong level (with
``--coach``, one analysis as the hint runs it, graded by its best move) from cold tables,
under a wall-clock budget as in play, for each setting; then every legal move is solved
exactly, so each choice's loss in discs against the best move is known. Cold tables
understate play, where the moves before warm them.

Printed per empties count and setting, never asserted: how many answers were proven (the
strong level's last report, the analysis's ``exact``), how many moves are best, the mean and
largest loss in discs, and the wall and CPU seconds per answer.

    .venv/bin/python benchmarks/reversi_endgame_reach.py --empties 16 17 18 19 --reach 16 17
    .venv/bin/python benchmarks/reversi_endgame_reach.py --empties 16 17 18 --share 0.35 0.2 0.1
    .venv/bin/python benchmarks/reversi_endgame_reach.py --coach --budget 4 --share 0.35 0.2
"""

from __future__ import annotations

import argparse
import contextlib
import itertools
import random
import statistics
import time
from collections.abc import Iterator

from boardbook.core.game import run_to_end
from boardbook.reversi import Position, ai, solve
from reversi_solver import game_positions


@contextlib.contextmanager
def settings(reach: int, share_name: str, share: float) -> Iterator[None]:
    """The engine with its exact reach and a midgame share set, from cold tables."""
    real, real_share = ai.exact_empties_for, getattr(ai, share_name)
    ai.exact_empties_for = lambda time_budget: reach
    setattr(ai, share_name, share)
    ai._clear_tables()
    try:
        yield
    finally:
        ai.exact_empties_for = real
        setattr(ai, share_name, real_share)
        ai._clear_tables()


def strong_move(
    pos: Position, budget: float, reach: int, share: float
) -> tuple[str, bool, float, float]:
    """The strong level's move: (move, proven exact, wall seconds, CPU seconds)."""
    steps = ai.search_steps(pos, "strong", rng=random.Random(0), time_budget=budget)
    reports = []  # the reports the widget would show ("watch the CPU think")
    with settings(reach, "_SOLVE_MIDGAME_SHARE", share):
        wall, cpu = time.perf_counter(), time.process_time()
        while True:
            try:
                item = next(steps)
            except StopIteration as done:
                move = done.value
                break
            if item is not None:
                reports.append(item)
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    return str(move), bool(reports) and reports[-1].exact, wall, cpu


def coach_move(
    pos: Position, budget: float, reach: int, share: float
) -> tuple[str, bool, float, float]:
    """The coach's analysis: (its best move, exact, wall seconds, CPU seconds)."""
    with settings(reach, "_ANALYSIS_MIDGAME_SHARE", share):
        wall, cpu = time.perf_counter(), time.process_time()
        analysis = run_to_end(ai.analyse_steps(pos, time_budget=budget))
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    return analysis.best[0], analysis.exact, wall, cpu


def move_values(pos: Position) -> dict[str, int]:
    """Every legal move's exact value for the side to move."""
    return {str(move): -solve(pos.play(move))[0] for move in pos.legal_moves()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--empties", type=int, nargs="+", default=[16, 17, 18, 19])
    parser.add_argument("--reach", type=int, nargs="+", default=None)
    parser.add_argument(
        "--share",
        type=float,
        nargs="+",
        default=None,
        help="the midgame search's share of the budget before a solve",
    )
    parser.add_argument(
        "--coach",
        action="store_true",
        help="grade the coach's analysis (its best move) instead of the strong level's move; "
        "--share is then the analysis's share (the hint's budget is 4 s)",
    )
    parser.add_argument("--positions", type=int, default=21, help="positions per count")
    parser.add_argument("--budget", type=float, default=1.0, help="seconds per move (wall)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    reaches = args.reach or [ai.exact_empties_for(args.budget)]
    shares = args.share or [ai._ANALYSIS_MIDGAME_SHARE if args.coach else ai._SOLVE_MIDGAME_SHARE]
    grade = coach_move if args.coach else strong_move
    print(
        f"{'coach' if args.coach else 'strong level'} at {args.budget} s (wall) per move, cold tables; today's reach "
        f"{ai.exact_empties_for(args.budget)}; {args.positions} game positions per count "
        f"(seed {args.seed})"
    )
    for empties in args.empties:
        positions = game_positions(args.seed, empties, args.positions)
        values = [move_values(pos) for pos in positions]
        for reach, share in itertools.product(reaches, shares):
            proven = best = 0
            losses, walls, cpus = [], [], []
            for pos, value in zip(positions, values, strict=True):
                move, exact, wall, cpu = grade(pos, args.budget, reach, share)
                loss = max(value.values()) - value[move]
                proven += exact
                best += loss == 0
                losses.append(loss)
                walls.append(wall)
                cpus.append(cpu)
            n = len(positions)
            print(
                f"  {empties} empties, reach {reach}, share {share}: proven {proven}/{n}, best move {best}/{n}, "
                f"loss mean {statistics.fmean(losses):.2f} max {max(losses)} discs; "
                f"wall median {statistics.median(walls):.2f} max {max(walls):.2f} s; "
                f"CPU median {statistics.median(cpus):.2f} s",
                flush=True,
            )


if __name__ == "__main__":
    main()
