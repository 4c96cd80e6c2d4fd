"""boardbook under Pyodide (Node + the site's own runtime and wheels): engine, CPU and widget.

``book/lite/run_in_pyodide.mjs`` loads exactly what the lite site ships and runs
``pyodide_game.py`` inside Pyodide; these tests check its JSON report against the engine
running here on CPython, so a difference between the two Pythons shows up as a failure.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest
from boardbook.reversi import Position, parse_transcript
from conftest import BOOK

HERE = Path(__file__).resolve().parent
RUNNER = BOOK / "lite" / "run_in_pyodide.mjs"


def run_in_pyodide(site: Path, script: Path, *args: str) -> tuple[int, str, str]:
    node = shutil.which("node")
    if node is None:
        pytest.fail("node is not installed; CI needs Node 20 for the Pyodide tests")
    proc = subprocess.run(
        [node, str(RUNNER), str(site), str(script), *args],
        check=False,
        capture_output=True,
        text=True,
        timeout=240,
    )
    return proc.returncode, proc.stdout, proc.stderr


@pytest.fixture(scope="module")
def report(lite_site: Path) -> dict:
    code, out, err = run_in_pyodide(lite_site, HERE / "pyodide_game.py")
    assert code == 0, f"the Pyodide run failed:\n{err[-3000:]}"
    return json.loads(out.strip().splitlines()[-1])


def test_runs_on_pyodide_python_314(report: dict) -> None:
    assert report["platform"] == "emscripten"
    assert report["python"].startswith("3.14")
    installed = report["runner"]["installed"]
    assert any(name.startswith("boardbook-") for name in installed)


def test_a_full_cpu_game_matches_the_engine_on_cpython(report: dict) -> None:
    game = report["game"]
    # Every move the Pyodide CPUs chose is legal here, and leads to the same final position.
    moves = parse_transcript(game["moves"])
    assert [str(m) for m in moves] == game["moves"]
    position = Position.start()
    for move in moves:
        position = position.play(move)
    assert position.outcome is not None, "the Pyodide game stopped before the end"
    assert position.to_json() == game["final"]
    assert position.outcome.to_json() == game["outcome"]
    assert position.counts == game["counts"]
    assert len(moves) >= 58  # a full game: 60 discs placed, passes included


def test_widget_cpu_reply_arrives_through_the_event_loop(report: dict) -> None:
    widget = report["widget"]
    assert widget["available"], f"boardbook.Reversi could not be built: {widget.get('reason')}"
    assert widget["scheduler_mode"] == "slices"  # Pyodide has no threads
    # Right after the click the CPU is thinking: the reply was not computed inside the click...
    assert widget["after_click"]["history"] == [widget["clicked"]]
    assert widget["after_click"]["to_move"] != widget["human"]
    # ...and it arrived later, on its own, as a legal reply.
    final = widget["final"]
    assert final["to_move"] == widget["human"]
    human_move, cpu_move = final["history"]
    assert human_move == widget["clicked"]
    after_human = Position.start().play(human_move)
    assert cpu_move in [str(m) for m in after_human.legal_moves()]
    expected = after_human.play(cpu_move)
    assert final["cells"] == expected.cells()
    assert sorted(final["legal"]) == sorted(str(m) for m in expected.legal_moves())


def test_every_live_notebook_runs_under_pyodide(lite_site: Path) -> None:
    """Each live copy of a book page runs top to bottom in Pyodide, as "Run All" would."""
    contents = lite_site / "files"
    notebooks = sorted(p.relative_to(contents).as_posix() for p in contents.rglob("*.ipynb"))
    assert notebooks
    code, out, err = run_in_pyodide(lite_site, HERE / "pyodide_notebooks.py", *notebooks)
    assert code == 0, f"the Pyodide run failed:\n{err[-3000:]}"
    results = json.loads(out.strip().splitlines()[-1])
    assert sorted(results) == notebooks
    failures = {name: r for name, r in results.items() if not r["ok"]}
    assert not failures, json.dumps(failures, indent=1)
    assert results["reversi/play.ipynb"]["cells_run"] >= 1
    assert results["beacon/play.ipynb"]["cells_run"] >= 1
