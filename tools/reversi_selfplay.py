"""Self-play games for fitting the Reversi evaluation (``tools/fit_reversi_eval.py``).

Each game: a few random opening plies, then the strong engine's fixed-depth search with an
occasional random move (for varied positions), until ``--solve-at`` empties, where the exact
solver takes over and plays perfectly to the end. Every position from the opening on is
written with the exact value of the position it led to, seen from its side to move: a label
that carries no endgame mistakes. One line per position: own and opp bitboards (hex), empties,
label (final disc difference for ``own``).

    python tools/reversi_selfplay.py --games 4000 --seed 1 --out /tmp/selfplay-1.txt

The shipped weights: the package's engine of commit ea1f0af (the default ``--engine
current``), ``--seed 11 --games 10000`` and ``--seed 12 --games 10000`` (20,000 games,
1,126,955 positions), the other options at their defaults. The weights of v4
(``benchmarks/baselines/reversi_v4/``) came from ``--engine reversi_ai_v3``, ``--seed 1
--games 5146`` and ``--seed 2 --games 2704``.
"""

from __future__ import annotations

import argparse
import importlib
import random
import sys
import time
from pathlib import Path
from types import ModuleType

from boardbook.core.game import bits, run_to_end
from boardbook.reversi import ai
from boardbook.reversi.rules import FULL, flip_mask, legal_mask

_START_BLACK = (1 << 28) | (1 << 35)  # d5, e4
_START_WHITE = (1 << 27) | (1 << 36)  # d4, e5


def play_game(
    engine: ModuleType,
    rng: random.Random,
    depth: int,
    solve_at: int,
    random_plies: int,
    epsilon: float,
) -> list[tuple[int, int, int, int]]:
    own, opp = _START_BLACK, _START_WHITE  # black to move
    history: list[tuple[int, int, int]] = []  # (own, opp, side) with side 0/1 for the mover
    side, ply = 0, 0
    tables = engine._Tables()
    while True:
        empties = (~(own | opp) & FULL).bit_count()
        moves = legal_mask(own, opp)
        if not moves:
            if not legal_mask(opp, own):
                value, value_side = own.bit_count() - opp.bit_count(), side
                break
            own, opp, side = opp, own, 1 - side
            continue
        if empties <= solve_at:
            search = engine._Search(tables=tables)
            value, _ = run_to_end(search.solve_steps(own, opp))
            value_side = side
            # follow the perfect line: its positions all have the same exact value
            line_own, line_opp, line_side = own, opp, side
            while True:
                history.append((line_own, line_opp, line_side))
                entry = tables.end_tt.get((line_own, line_opp))
                line_moves = legal_mask(line_own, line_opp)
                if not line_moves:
                    if not legal_mask(line_opp, line_own):
                        break
                    line_own, line_opp, line_side = line_opp, line_own, 1 - line_side
                    continue
                if (line_own | line_opp).bit_count() > 64 - 6:
                    break  # deep enough: the last few plies teach the evaluation nothing
                if entry is None or entry[2] < 0 or not line_moves >> entry[2] & 1:
                    search = engine._Search(tables=tables)
                    _, sq = run_to_end(search.solve_steps(line_own, line_opp))
                else:
                    sq = entry[2]
                flips = flip_mask(line_own, line_opp, sq)
                line_own, line_opp = line_opp & ~flips, line_own | flips | (1 << sq)
                line_side = 1 - line_side
            break
        history.append((own, opp, side))
        if ply < random_plies or rng.random() < epsilon:
            sq = rng.choice(bits(moves))
        else:
            search = engine._Search(tables=tables)
            sq, _, _ = run_to_end(search.deepen_steps(own, opp, rng, max_depth=depth))
        flips = flip_mask(own, opp, sq)
        own, opp = opp & ~flips, own | flips | (1 << sq)
        side, ply = 1 - side, ply + 1
    rows = []
    for h_own, h_opp, h_side in history:
        label = value if h_side == value_side else -value
        rows.append((h_own, h_opp, (~(h_own | h_opp) & FULL).bit_count(), label))
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--depth", type=int, default=3, help="midgame search depth")
    parser.add_argument(
        "--solve-at", type=int, default=14, help="empties where the solver takes over"
    )
    parser.add_argument("--random-plies", type=int, default=6)
    parser.add_argument("--epsilon", type=float, default=0.06, help="chance of a random move")
    parser.add_argument(
        "--engine",
        default="current",
        help="whose search plays: the package's (current) or a frozen one in benchmarks/baselines "
        "(e.g. reversi_ai_v3, which played the games the shipped weights were fitted to)",
    )
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args()
    engine = ai
    if args.engine != "current":
        sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
        engine = importlib.import_module(f"baselines.{args.engine}")
    rng = random.Random(args.seed)
    start = time.process_time()
    with args.out.open("w") as out:
        for game in range(args.games):
            for own, opp, empties, label in play_game(
                engine, rng, args.depth, args.solve_at, args.random_plies, args.epsilon
            ):
                out.write(f"{own:x} {opp:x} {empties} {label}\n")
            if game % 100 == 99:
                out.flush()
                cpu = time.process_time() - start
                print(f"{game + 1} games, {cpu:.0f} s CPU", file=sys.stderr, flush=True)


if __name__ == "__main__":
    main()
