"""Reversi move-generation speed: perft from the start position, leaves per second.

Counts must equal Aart Bik's table (a pass is one ply, a finished game one leaf); the script
checks that and prints the speed. If OpenSpiel is importable (``pip install open-spiel``), the
same perft is run through ``pyspiel`` ("othello") in the same process and the ratio printed --
OpenSpiel's C++ rules behind Python bindings are the reference a pure-Python engine is compared
with. Times are CPU seconds of this process (the machine may be shared). Figures are printed,
never asserted.

    .venv/bin/python benchmarks/reversi_perft.py              # depths 8 and 9
    .venv/bin/python benchmarks/reversi_perft.py --depths 6 7 --quick
"""

from __future__ import annotations

import argparse
import time

from boardbook.reversi import Position, perft

BIK = [1, 4, 12, 56, 244, 1396, 8200, 55092, 390216, 3005288, 24571284, 212258800]


def spiel_perft(state, depth: int) -> int:
    """Perft through OpenSpiel's Python API; same leaf convention (pass = ply, end = leaf)."""
    if state.is_terminal():
        return 1
    if depth == 0:
        return 1
    actions = state.legal_actions()
    if depth == 1:
        return len(actions)
    total = 0
    for action in actions:
        child = state.child(action)
        total += spiel_perft(child, depth - 1)
    return total


def timed(fn, *args) -> tuple[int, float]:
    """Result and CPU seconds: on a shared machine CPU time compares the two engines fairly."""
    start = time.process_time()
    result = fn(*args)
    return result, time.process_time() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--depths", type=int, nargs="+", default=[8, 9])
    parser.add_argument("--quick", action="store_true", help="depths 6 and 7 only")
    args = parser.parse_args()
    depths = [6, 7] if args.quick else args.depths

    try:
        import pyspiel
    except ImportError:
        pyspiel = None
        print("OpenSpiel not importable (pip install open-spiel): no comparison run.")

    for depth in depths:
        leaves, seconds = timed(perft, Position.start(), depth)
        status = "ok" if depth < len(BIK) and leaves == BIK[depth] else "MISMATCH with Bik"
        rate = leaves / seconds
        line = f"perft({depth}) = {leaves:>10,}  {seconds:7.2f} s CPU  {rate:>11,.0f} leaves/s  {status}"
        if pyspiel is not None:
            game = pyspiel.load_game("othello")
            spiel_leaves, spiel_seconds = timed(spiel_perft, game.new_initial_state(), depth)
            spiel_rate = spiel_leaves / spiel_seconds
            agree = "agree" if spiel_leaves == leaves else f"DIFFER ({spiel_leaves:,})"
            line += (
                f"\n  OpenSpiel othello: {spiel_seconds:7.2f} s CPU  {spiel_rate:>11,.0f} leaves/s "
                f"({agree}); boardbook / OpenSpiel speed = {rate / spiel_rate:.2f}x"
            )
        print(line, flush=True)


if __name__ == "__main__":
    main()
