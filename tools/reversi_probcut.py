"""Calibrate the strong Reversi level's ProbCut: how well a shallow search predicts a deeper one.

For positions sampled from self-play files (``tools/reversi_selfplay.py``), searches each to
depths 1..``--max-depth`` with a full window and fits, per depth pair (d - 2, d) and per phase
group, the spread (standard deviation, in evaluation units) of the deeper value around the
shallower. ``ai._PROBCUT_MARGINS`` holds 1.5 times the result, by phase and depth.

    python tools/reversi_probcut.py /tmp/selfplay-1.txt --positions 240
"""

from __future__ import annotations

import argparse
import random
from pathlib import Path

import numpy as np
from boardbook.reversi import ai


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="+", type=Path)
    parser.add_argument("--positions", type=int, default=240)
    parser.add_argument("--max-depth", type=int, default=7)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rows = []
    for path in args.files:
        for line in path.read_text().splitlines():
            parts = line.split()
            if len(parts) == 4 and 20 <= int(parts[2]) <= 54:
                rows.append((int(parts[0], 16), int(parts[1], 16), int(parts[2])))
    rng = random.Random(args.seed)
    sample = rng.sample(rows, args.positions)
    # The engine's own phases (``ai._PROBCUT_PHASES``), so each printed row is one row of
    # ``ai._PROBCUT_MARGINS``; the sampled range is 20-54 empties.
    bounds = [(20, ai._PROBCUT_PHASES[0])]
    bounds += [(low + 1, high) for low, high in zip(ai._PROBCUT_PHASES, ai._PROBCUT_PHASES[1:])]
    bounds.append((ai._PROBCUT_PHASES[-1] + 1, 54))
    groups = {f"{low}-{high}": (low, high) for low, high in bounds}
    values: dict[str, list[list[int]]] = {g: [] for g in groups}
    for own, opp, empties in sample:
        search = ai._Search()
        line = [search._mid(own, opp, d, -ai._INF, ai._INF) for d in range(1, args.max_depth + 1)]
        if any(abs(v) >= ai._WIN for v in line):
            continue
        for name, (low, high) in groups.items():
            if low <= empties <= high:
                values[name].append(line)
    for name, lines in values.items():
        table = np.array(lines, dtype=float)
        spreads = []
        for d in range(3, args.max_depth + 1):
            diff = table[:, d - 1] - table[:, d - 3]
            spreads.append(f"d{d}: {diff.mean():+.1f} ± {diff.std():.1f}")
        print(f"{name} empties ({len(lines)} positions): " + ", ".join(spreads))


if __name__ == "__main__":
    main()
