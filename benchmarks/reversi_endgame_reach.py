"""Reversi strong level in the endgame at its time budget: how often its move is proven
exact, and how good its moves are, with its exact reach as today and as given.

The strong level solves exactly up to ``exact_empties_for(budget)`` empties (16 at 1 s) and
proves win/draw/loss two empties further, after a midgame search that takes a share of the
budget (``_SOLVE_MIDGAME_SHARE``); beyond that, the midgame search has the whole budget. A
larger reach or a smaller share proves more moves if the solves finish, and plays worse
where they do not (the midgame's move, from a shorter search). This measures both sides of
that trade on the same positions: each position (from
games of a frozen player, as ``reversi_solver.py --positions-from games``) gets one move of
the strong level from cold tables, under a wall-clock budget as in play, for each reach;
then every legal move is solved exactly, so each choice's loss in discs against the best
move is known. Cold tables understate play, where the moves before warm them.

Printed per empties count and reach, never asserted: the share of moves the level proved
(its last report exact), the share of best moves, the mean and largest loss in discs, and the
wall and CPU seconds per move.

    .venv/bin/python benchmarks/reversi_endgame_reach.py --empties 16 17 18 19 --reach 16 17
    .venv/bin/python benchmarks/reversi_endgame_reach.py --empties 16 17 18 --share 0.35 0.15
"""

from __future__ import annotations

import argparse
import itertools
import random
import statistics
import time

from boardbook.core.game import run_to_end
from boardbook.reversi import Position, ai, solve
from reversi_solver import game_positions


def strong_move(
    pos: Position, budget: float, reach: int, share: float
) -> tuple[str, bool, float, float]:
    """The strong level's move from cold tables with its exact reach set to ``reach`` and the
    midgame search's share before a solve to ``share``: (move, proven exact, wall seconds,
    CPU seconds)."""
    real, real_share = ai.exact_empties_for, ai._SOLVE_MIDGAME_SHARE
    ai.exact_empties_for = lambda time_budget: reach
    ai._SOLVE_MIDGAME_SHARE = share
    ai._clear_tables()
    reports: list[ai.Progress] = []

    def watched():  # the reports the widget would show; the scheduler ignores them
        steps = ai.search_steps(pos, "strong", rng=random.Random(0), time_budget=budget)
        while True:
            try:
                item = next(steps)
            except StopIteration as done:
                return done.value
            if item is not None:
                reports.append(item)
            yield None

    try:
        wall, cpu = time.perf_counter(), time.process_time()
        move = run_to_end(watched())
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    finally:
        ai.exact_empties_for, ai._SOLVE_MIDGAME_SHARE = real, real_share
        ai._clear_tables()
    proven = bool(reports) and reports[-1].exact
    return str(move), proven, wall, cpu


def coach_move(
    pos: Position, budget: float, reach: int, share: float
) -> tuple[str, bool, float, float]:
    """The coach's analysis (as the hint runs it) from cold tables, its reach and midgame
    share set as in ``strong_move``: (its best move, exact, wall seconds, CPU seconds)."""
    real, real_share = ai.exact_empties_for, ai._ANALYSIS_MIDGAME_SHARE
    ai.exact_empties_for = lambda time_budget: reach
    ai._ANALYSIS_MIDGAME_SHARE = share
    ai._clear_tables()
    try:
        wall, cpu = time.perf_counter(), time.process_time()
        analysis = run_to_end(ai.analyse_steps(pos, time_budget=budget))
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    finally:
        ai.exact_empties_for, ai._ANALYSIS_MIDGAME_SHARE = real, real_share
        ai._clear_tables()
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
