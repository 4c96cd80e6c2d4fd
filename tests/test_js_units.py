"""The front end's own unit tests (vitest + jsdom in js/tests/), run as part of the one test command.

The first test runs the whole vitest suite (the shared kit, the Reversi and Beacon Lines
entries) on the hand-written v2 fixtures in ``js/tests/fixtures.js``. The second keeps those
fixtures honest: it writes real snapshots from the Python widgets to a file and runs
``js/tests/python/snapshots.check.js`` on them, which compares their keys with the fixtures'
and draws each one with its game's entry, so the JS fixtures cannot drift from what Python
sends.
"""

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

JS = Path(__file__).resolve().parents[1] / "js"


def _npm() -> str:
    npm = shutil.which("npm")
    assert npm, "npm is needed to run the front-end tests"
    if not (JS / "node_modules" / "vitest").is_dir():
        subprocess.run([npm, "ci", "--no-audit", "--no-fund"], cwd=JS, check=True)
    return npm


@pytest.mark.timeout(300)
def test_front_end_unit_tests_pass():
    result = subprocess.run(
        [_npm(), "test", "--silent"],
        cwd=JS,
        capture_output=True,
        text=True,
        timeout=280,
        check=False,
    )
    assert result.returncode == 0, (result.stdout + result.stderr)[-4000:]


def _reversi_snapshots() -> dict[str, dict]:
    from boardbook import Reversi

    start = Reversi()
    snapshots = {"reversi_start": start.state}
    start.play("d3")  # one move on: a last move with flips, something to undo
    snapshots["reversi_middle"] = start.state
    start.close()

    game = Reversi()
    while game.state["outcome"] is None:
        game.play(game.state["input"]["targets"][0])
    snapshots["reversi_finished"] = game.state
    game.close()
    return snapshots


def _beacon_snapshots() -> dict[str, dict]:
    from boardbook import BeaconLines

    widget = BeaconLines(opponent="script", rules="v1")
    widget.wait(30)
    snapshots = {"beacon_start": widget.state}
    widget.play("North Pass")
    widget.wait(30)
    snapshots["beacon_round1"] = widget.state
    widget.close()
    return snapshots


SNAPSHOTS = {"reversi": _reversi_snapshots, "beacon": _beacon_snapshots}


@pytest.mark.timeout(300)
@pytest.mark.parametrize("game", sorted(SNAPSHOTS))
def test_js_fixtures_have_the_keys_of_real_python_snapshots(game, tmp_path, monkeypatch):
    monkeypatch.setenv("BOARDBOOK_DATA_DIR", str(tmp_path / "data"))
    snapshots = SNAPSHOTS[game]()
    path = tmp_path / "snapshots.json"
    path.write_text(json.dumps(snapshots, ensure_ascii=False))
    result = subprocess.run(
        [_npm(), "exec", "--", "vitest", "run", "--config", "vitest.python.config.mjs"],
        cwd=JS,
        env={**os.environ, "BB_PY_SNAPSHOTS": str(path)},
        capture_output=True,
        text=True,
        timeout=280,
        check=False,
    )
    assert result.returncode == 0, (result.stdout + result.stderr)[-6000:]
