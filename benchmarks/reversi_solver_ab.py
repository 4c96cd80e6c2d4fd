"""Reversi exact solver, side by side with the same solver at another commit (default ``main``).

Both versions solve the same random positions (``reversi_solver.py``'s, same seeds) in this
process, alternately (which one goes first swaps every solve), and the figures are CPU seconds
(``time.process_time()``), so a change's gain can be told from a shared machine's noise; node
counts and values are compared too. Printed, never asserted.

    nice -n 5 .venv/bin/python benchmarks/reversi_solver_ab.py \\
        --ref main --empties 16 17 --positions 7 --reps 2

``--set NAME=VALUE`` changes a constant of the current ``ai`` module first (``--ref HEAD
--set _TT_MIN_EMPTIES=6``: one setting against the committed one, without editing a file).
"""

from __future__ import annotations

import argparse
import importlib.util
import math
import random
import subprocess
import sys
import tempfile
import time
import types
from pathlib import Path

from boardbook.reversi import Position
from boardbook.reversi import ai as current
from reversi_solver import random_position

ROOT = Path(__file__).resolve().parents[1]
SOURCES = "widgets/boardbook/reversi"


def load_ref(commit: str, folder: Path) -> types.ModuleType:
    """``ai.py`` of ``commit`` (with its own ``_flips.py``) as a module of the installed
    package, under another name."""

    def show(name: str) -> str:
        return subprocess.run(
            ["git", "show", f"{commit}:{SOURCES}/{name}"],
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=True,
        ).stdout

    (folder / "flips.py").write_text(show("_flips.py"))
    (folder / "ai.py").write_text(
        show("ai.py").replace("from ._flips import", "from ._ab_flips import")
    )
    modules = []
    for name, path in (("_ab_flips", folder / "flips.py"), ("_ab_ai", folder / "ai.py")):
        spec = importlib.util.spec_from_file_location(f"boardbook.reversi.{name}", path)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[spec.name] = module
        spec.loader.exec_module(module)
        modules.append(module)
    return modules[-1]


def timed(engine: types.ModuleType, pos: Position) -> tuple[int, object, int, float]:
    stats: dict[str, int] = {}
    start = time.process_time()
    value, move = engine.solve(pos, stats=stats)
    return value, move, stats["nodes"], time.process_time() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ref", default="main", help="the commit to compare with")
    parser.add_argument("--empties", type=int, nargs="+", default=[17])
    parser.add_argument("--positions", type=int, default=7)
    parser.add_argument("--reps", type=int, default=1, help="solves of each position per side")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--set",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="set a constant of the current ai module (an int), e.g. _TT_MIN_EMPTIES=6",
    )
    args = parser.parse_args()
    for setting in args.set:
        name, _, value = setting.partition("=")
        if not hasattr(current, name):
            parser.error(f"the ai module has no {name}")
        setattr(current, name, int(value))
    with tempfile.TemporaryDirectory() as folder:
        ref = load_ref(args.ref, Path(folder))
    print(f"ref {args.ref} vs current ({current.__file__}) {' '.join(args.set)}".rstrip())
    for empties in args.empties:
        rng = random.Random(args.seed * 100 + empties)
        positions = [random_position(rng, empties) for _ in range(args.positions)]
        cpu = {"ref": 0.0, "new": 0.0}
        nodes = {"ref": 0, "new": 0}
        ratios = []
        identical = True
        for index, pos in enumerate(positions):
            for rep in range(args.reps):
                engines = [("ref", ref), ("new", current)]
                if (index + rep) % 2:
                    engines.reverse()
                results = {name: timed(engine, pos) for name, engine in engines}
                old, new = results["ref"], results["new"]
                cpu["ref"] += old[3]
                cpu["new"] += new[3]
                if rep == 0:
                    nodes["ref"] += old[2]
                    nodes["new"] += new[2]
                ratios.append(old[3] / max(new[3], 1e-9))
                same = old[0] == new[0]
                identical &= same
                print(
                    f"  {empties} empties #{index}: value {old[0]:+d}/{new[0]:+d}"
                    f" {'same' if same else 'DIFFERENT'}, nodes {old[2]:,}/{new[2]:,},"
                    f" CPU {old[3]:.3f}/{new[3]:.3f} s, ratio {ratios[-1]:.3f}",
                    flush=True,
                )
        geomean = math.exp(sum(map(math.log, ratios)) / len(ratios))
        print(
            f"{empties} empties: total CPU ref {cpu['ref']:.2f} s, current {cpu['new']:.2f} s,"
            f" ref/current {cpu['ref'] / cpu['new']:.3f} (geometric mean per solve {geomean:.3f});"
            f" nodes {nodes['ref']:,} vs {nodes['new']:,}; values"
            f" {'identical' if identical else 'DIFFERENT'}",
            flush=True,
        )


if __name__ == "__main__":
    main()
