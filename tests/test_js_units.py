"""The front end's own unit tests (vitest + jsdom in js/tests/), run as part of the one test command.

The first test runs the whole vitest suite (the shared kit and the four games' entries) on the
hand-written fixtures in ``js/tests/fixtures.js`` (Reversi, Beacon Lines) and the saved Python
snapshots in ``js/tests/visual/*-states.json`` (Quads, Tower Gate). The second keeps those
fixtures honest: it writes fresh snapshots from the Python engines to a file and runs
``js/tests/python/snapshots.check.js`` on them, which compares their keys with the fixtures'
and draws each one with its game's entry, so the JS fixtures of all four games cannot drift
from what Python sends (if Quads' or Tower Gate's do, rerun ``js/tests/visual/*_states.py``).
"""

import json
import os
import shutil
import subprocess
from pathlib import Path
from typing import Any

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


def _match(game: Any, flags: tuple[str, ...] = (), **settings: object) -> Any:
    """A two-player match of ``game`` as its widget holds it (what ``widget.state`` sends), on a
    device whose store already has ``flags`` set."""
    from boardbook.core.match import Match
    from boardbook.core.stats import MemoryStatsStore

    store = MemoryStatsStore()
    for flag in flags:
        store.set_flag(flag, True)
    return Match(game, settings={"mode": "two-player", **settings}, store=store)


def _quads_snapshots() -> dict[str, dict]:
    """The steps of js/tests/visual/quads_states.py (its JSON is the fixtures of quads.test.js)."""
    from boardbook.quads.game import QuadsGame

    m = _match(QuadsGame())
    snapshots = {"quads_opening": m.snapshot()}
    m.input("piece:7")
    snapshots["quads_place"] = m.snapshot()
    m.input("D2")
    snapshots["quads_give"] = m.snapshot()
    won = _match(QuadsGame())
    for move in [":8", "B2:9", "C2:10", "B3:0", "A1:11", "C3:"]:
        won.play(move)
    snapshots["quads_won"] = won.snapshot()
    snapshots["quads_wonja"] = won.snapshot("ja")
    return snapshots


def _towergate_snapshots() -> dict[str, dict]:
    """The first steps of js/tests/visual/towergate_states.py (its JSON is the fixtures of
    towergate.test.js): the tutorial, a blessed opening, the move and build steps, free setup."""
    from boardbook.towergate.game import TUTORIAL_FLAG, TowerGateGame

    seen = (TUTORIAL_FLAG,)
    first = _match(TowerGateGame(), mode="cpu")
    snapshots = {"towergate_tutorial": first.snapshot()}
    m = _match(TowerGateGame(), seen, blessing_terracotta="mason", blessing_blue="repaint")
    snapshots["towergate_opening"] = m.snapshot()
    m.input("B4")
    snapshots["towergate_move"] = m.snapshot()
    m.input("C3")
    snapshots["towergate_build"] = m.snapshot()
    free = _match(TowerGateGame(), seen, setup="free")
    free.input("C3")
    snapshots["towergate_place"] = free.snapshot()
    return snapshots


def _wire(game: str) -> dict[str, Any]:
    """``<game>_wire``: what a page opening a two-player widget gets (``initial``), what each
    of a few clicks sends (``updates``, the changed parts of the state) and the state they
    make (``state``): js/tests/python/snapshots.check.js draws it through the kit's assembly."""
    from boardbook.core.registry import widget_class
    from wire import recording, state_traits, updates

    widget = widget_class(game)(mode="two-player")
    initial = state_traits(widget)
    sent = recording(widget)
    for _ in range(3):
        targets = widget.state["input"]["targets"]
        widget._handle_message(widget, {"kind": "input", "target": targets[0]})
    widget.lang = "ja"
    wire = {"initial": initial, "updates": updates(sent), "state": widget.state}
    widget.close()
    return {f"{game}_wire": wire}


SNAPSHOTS = {
    "reversi": lambda: {**_reversi_snapshots(), **_wire("reversi")},
    "beacon": lambda: {**_beacon_snapshots(), **_wire("beacon")},
    "quads": lambda: {**_quads_snapshots(), **_wire("quads")},
    "towergate": lambda: {**_towergate_snapshots(), **_wire("towergate")},
}


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
