"""Fit the strong Reversi level's pattern evaluation (``reversi/_patterns.py``) to self-play.

Reads files written by ``tools/reversi_selfplay.py`` (positions labelled with the exact final
disc difference), fits every phase's pattern tables and scalars by regularised least squares
(scipy's LSQR; entries seen rarely shrink towards 0), prints the held-out error per phase,
and writes ``widgets/boardbook/reversi/eval_weights.bin``. Needs numpy and scipy (the
``analysis`` extra); the engine itself only reads the file.

    python tools/fit_reversi_eval.py /tmp/selfplay-*.txt
"""

from __future__ import annotations

import argparse
from pathlib import Path

import numpy as np
from scipy.sparse import csr_matrix
from scipy.sparse.linalg import lsqr

ROOT = Path(__file__).resolve().parents[1]

from boardbook.reversi import _patterns as pat
from boardbook.reversi.ai import _features
from boardbook.reversi.rules import legal_mask

MARGIN = 2  # a phase also learns from positions this many empties beyond its range
EXACT_FROM = 14  # tools/reversi_selfplay.py --solve-at: positions at or below are on a perfect line


def later_rows(empties: np.ndarray, game: np.ndarray, plies: int) -> np.ndarray:
    """For each row, the first later row of its game with at least ``plies`` fewer empties
    (-1 if none): the position whose value bootstraps this one's target."""
    later = np.full(len(empties), -1)
    n = len(empties)
    j = 0
    for i in range(n):
        j = max(j, i + 1)
        while j < n and game[j] == game[i] and empties[j] > empties[i] - plies:
            j += 1
        if j < n and game[j] == game[i]:
            later[i] = j
    return later


def read(paths: list[Path]) -> tuple[np.ndarray, ...]:
    own, opp, empties, label, game = [], [], [], [], []
    game_no = 0
    for path in paths:
        previous = 99
        for line in path.read_text().splitlines():
            parts = line.split()
            if len(parts) != 4:
                continue  # a line cut short by a generator still running
            e = int(parts[2])
            if e > previous:
                game_no += 1
            previous = e
            own.append(int(parts[0], 16))
            opp.append(int(parts[1], 16))
            empties.append(e)
            label.append(int(parts[3]))
            game.append(game_no)
        game_no += 1
    return (
        np.array(own, dtype=object),
        np.array(opp, dtype=object),
        np.array(empties),
        np.array(label, dtype=np.float64),
        np.array(game),
    )


def cells_of(own: np.ndarray, opp: np.ndarray) -> np.ndarray:
    """N x 64 array: 0 empty, 1 own, 2 opponent."""
    own_u = np.array([int(x) for x in own], dtype=np.uint64)
    opp_u = np.array([int(x) for x in opp], dtype=np.uint64)
    shifts = np.arange(64, dtype=np.uint64)
    own_bits = (own_u[:, None] >> shifts) & np.uint64(1)
    opp_bits = (opp_u[:, None] >> shifts) & np.uint64(1)
    return (own_bits + 2 * opp_bits).astype(np.int64)


def scalars_of(own: np.ndarray, opp: np.ndarray) -> np.ndarray:
    rows = []
    for o, p in zip(own, opp, strict=True):
        o, p = int(o), int(p)
        rows.append(_features(o, p, legal_mask(o, p)))
    return np.array(rows, dtype=np.float64)


def symmetrise(name: str, table: np.ndarray) -> np.ndarray:
    """Average each entry over the symmetries that map the pattern onto itself (an edge read
    backwards, a corner block transposed): the fit does not tie them, the board does, and an
    evaluation that differs between mirrored boards would play differently on them."""
    base = pat.INSTANCES[name][0]
    n = len(base)
    digits = (np.arange(3**n)[:, None] // 3 ** np.arange(n)) % 3
    total = np.zeros_like(table)
    count = 0
    for f in pat.SYMMETRY_MAPS:
        image = [8 * f(sq // 8, sq % 8)[0] + f(sq // 8, sq % 8)[1] for sq in base]
        if set(image) != set(base):
            continue
        perm = [base.index(sq) for sq in image]  # digit d's content lands on digit perm[d]
        moved = np.zeros(3**n, dtype=np.int64)
        for d in range(n):
            moved += digits[:, d] * 3 ** perm[d]
        total += table[moved]
        count += 1
    return total / count


def design(cells: np.ndarray, scalars: np.ndarray, active: list[str]) -> csr_matrix:
    """One row per position: the scalar features, then a 1 per instance in its table's column."""
    n = len(cells)
    cols, vals = [], []
    for k in range(len(pat.SCALARS)):
        cols.append(np.full(n, k))
        vals.append(scalars[:, k])
    offset = len(pat.SCALARS)
    for name in active:
        digits = 3 ** np.arange(len(pat.PATTERNS[name]))
        for squares in pat.INSTANCES[name]:
            cols.append(offset + cells[:, list(squares)] @ digits)
            vals.append(np.ones(n))
        offset += pat.TABLE_SIZES[name]
    col = np.stack(cols, axis=1)
    val = np.stack(vals, axis=1)
    row = np.repeat(np.arange(n), col.shape[1])
    return csr_matrix((val.ravel(), (row, col.ravel())), shape=(n, offset))


def features(own: np.ndarray, opp: np.ndarray, active: list[str]) -> csr_matrix:
    return design(cells_of(own, opp), scalars_of(own, opp), active)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="+", type=Path)
    parser.add_argument(
        "--patterns",
        default="",
        help=f"comma-separated patterns to fit besides the scalars (of {', '.join(pat.PATTERNS)})",
    )
    parser.add_argument("--damp", type=float, default=10.0, help="ridge strength (LSQR damp)")
    parser.add_argument(
        "--bootstrap-plies",
        type=int,
        default=8,
        help="target: the fitted value of the game's position this many plies later (0: the "
        "game's exact outcome only)",
    )
    parser.add_argument(
        "--outcome-weight",
        type=float,
        default=0.25,
        help="share of the outcome in a bootstrap target",
    )
    parser.add_argument("--about", default="", help="where the games came from (kept in the file)")
    parser.add_argument("--holdout", type=float, default=0.05, help="share of games held out")
    parser.add_argument(
        "--out", type=Path, default=ROOT / "widgets" / "boardbook" / "reversi", help="folder"
    )
    args = parser.parse_args()
    active = [name for name in args.patterns.split(",") if name]
    unknown = set(active) - set(pat.PATTERNS)
    if unknown:
        parser.error(f"unknown patterns: {', '.join(sorted(unknown))}")
    own, opp, empties, label, game = read(args.files)
    print(f"{len(own)} positions from {game.max() + 1} games; patterns: {active}", flush=True)
    rng = np.random.default_rng(0)
    held = (rng.random(game.max() + 1) < args.holdout)[game]
    scalar_phases: list[dict[str, float]] = []
    table_phases: list[dict[str, list[int]]] = []
    prediction = label.copy()
    later = later_rows(empties, game, args.bootstrap_plies) if args.bootstrap_plies else None
    for i, (low, high) in enumerate(pat.PHASE_EMPTIES):
        hi = 64 if i == len(pat.PHASE_EMPTIES) - 1 else high + MARGIN
        train = (empties >= low - MARGIN) & (empties <= hi) & ~held
        test = (empties >= low) & (empties <= high) & held
        matrix = features(own[train], opp[train], active)
        target = label[train]
        if later is not None:
            rows = np.flatnonzero(train)
            ahead = np.maximum(later[rows], 0)
            # the same side moves at both rows iff their labels agree (or, for a draw, the
            # empties' parity does: a pass is the only exception)
            same = np.where(
                label[rows] != 0,
                label[rows] == label[ahead],
                (empties[rows] - empties[ahead]) % 2 == 0,
            )
            boot = np.where(same, 1.0, -1.0) * prediction[ahead]
            w = args.outcome_weight
            target = np.where(later[rows] >= 0, w * target + (1 - w) * boot, target)
        fit = lsqr(matrix, target, damp=args.damp, iter_lim=5000)[0]
        offset = len(pat.SCALARS)
        for name in active:
            size = pat.TABLE_SIZES[name]
            fit[offset : offset + size] = symmetrise(name, fit[offset : offset + size])
            offset += size
        rmse_train = float(np.sqrt(np.mean((matrix @ fit - target) ** 2)))
        rmse_test = float(
            np.sqrt(np.mean((features(own[test], opp[test], active) @ fit - label[test]) ** 2))
        )
        in_phase = (empties >= low) & (empties <= high) & (empties > EXACT_FROM)
        prediction[in_phase] = features(own[in_phase], opp[in_phase], active) @ fit
        units = fit * pat.UNITS_PER_DISC
        scalar_phases.append({name: float(units[k]) for k, name in enumerate(pat.SCALARS)})
        tables: dict[str, list[int]] = {}
        offset = len(pat.SCALARS)
        for name in active:
            size = pat.TABLE_SIZES[name]
            tables[name] = (
                np.clip(np.rint(units[offset : offset + size]), -32000, 32000).astype(int).tolist()
            )
            offset += size
        table_phases.append(tables)
        shown = ", ".join(f"{n} {fit[k]:+.3f}" for k, n in enumerate(pat.SCALARS))
        print(
            f"phase {low}-{high}: {int(train.sum())} train, {int(test.sum())} held out; RMSE "
            f"train {rmse_train:.2f}, held out {rmse_test:.2f} discs (predicting 0: "
            f"{float(np.sqrt(np.mean(label[test] ** 2))):.2f}); {shown}",
            flush=True,
        )
    about = {
        "fitted_by": "tools/fit_reversi_eval.py",
        "games": int(game.max() + 1),
        "positions": len(own),
        "options": {
            "patterns": active,
            "damp": args.damp,
            "bootstrap_plies": args.bootstrap_plies,
            "outcome_weight": args.outcome_weight,
            "holdout": args.holdout,
        },
        "self_play": args.about,
    }
    pat.save_weights(str(args.out), active, scalar_phases, table_phases, about)
    print(f"wrote {args.out}/{pat.SCALARS_FILE} and {pat.WEIGHTS_FILE}")


if __name__ == "__main__":
    main()
