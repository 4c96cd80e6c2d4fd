"""A short fuzz of the front-end message path over all four games and both daily puzzles:
random and malformed messages through ``_handle_custom_msg`` (what ipywidgets calls). No
internal error may escape or be reported, and the game shown is always the replay of its
record, move by move from its first position."""

from __future__ import annotations

import logging
import random
import time
from typing import Any

import pytest
from boardbook import BeaconLines, Quads, Reversi, TowerGate
from boardbook.beacon.game import BeaconGame
from boardbook.quads.game import QuadsGame
from boardbook.reversi.game import ReversiGame
from boardbook.towergate.game import TowerGateGame

KINDS = ["input", "play", "back", "undo", "restart", "new_game", "settings", "review", "dismiss",
         "load", "nonsense", ""]  # fmt: skip
FIELDS = ["target", "square", "ply", "id", "text", "confirmed", "lang", "coords", "hints",
          "level", "mode", "human", "think_time", "squares", "x" * 50]  # fmt: skip


def _junk(rng: random.Random, depth: int = 0) -> Any:
    roll = rng.randrange(12)
    if roll == 0:
        return None
    if roll == 1:
        return rng.choice([True, False])
    if roll == 2:
        return rng.choice([0, -1, 1, 2**70, 7])
    if roll == 3:
        return rng.choice([float("nan"), float("inf"), 0.5, -3.0])
    if roll == 4:
        return "".join(rng.choice("abcdefgh12345678 -/:^;") for _ in range(rng.randrange(8)))
    if roll == 5:
        return "z" * rng.choice([41, 1000])
    if roll == 6 and depth < 3:
        return [_junk(rng, depth + 1) for _ in range(rng.randrange(3))]
    if roll == 7 and depth < 3:
        return {str(_junk(rng, 3)): _junk(rng, depth + 1)}
    if roll == 8:
        return rng.choice(["en", "ja", "cpu", "two-player", "on", "off", "locked-off"])
    if roll == 9:
        return rng.choice(["random", "strong", "perfect", "equilibrium", "normal", "easy"])
    if roll == 10:
        return "f5; d6" if rng.random() < 0.5 else "1. nonsense"
    return rng.random()


def _message(rng: random.Random, widget: Any) -> Any:
    roll = rng.random()
    targets = widget.state.get("input", {}).get("targets") or []
    if roll < 0.45 and targets:
        return {"kind": "input", "target": rng.choice(targets)}  # keeps the game moving
    if roll < 0.5:
        return _junk(rng)  # not even a dict
    message: dict[Any, Any] = {"kind": rng.choice(KINDS)}
    for _ in range(rng.randrange(3)):
        message[rng.choice(FIELDS)] = _junk(rng)
    if rng.random() < 0.05:
        message[3] = "a key that is not a string"
    return message


def _settle(widget: Any) -> None:
    deadline = time.monotonic() + 60
    while widget.busy and time.monotonic() < deadline:
        time.sleep(0.005)


BOARDS = {
    "reversi": lambda: Reversi(),
    "quads": lambda: Quads(),
    "towergate": lambda: TowerGate(),
    "beacon": lambda: BeaconLines(),
    "quads-puzzle": lambda: Quads.puzzle(),
    "towergate-puzzle": lambda: TowerGate.puzzle(),
}


@pytest.fixture(autouse=True)
def quick(tmp_path, monkeypatch):
    monkeypatch.setenv("BOARDBOOK_DATA_DIR", str(tmp_path / "data"))
    for spec in (ReversiGame, QuadsGame, TowerGateGame, BeaconGame):
        if hasattr(spec, "cpu_reply_delay_s"):
            monkeypatch.setattr(spec, "cpu_reply_delay_s", 0.0)


@pytest.mark.parametrize("board", list(BOARDS))
def test_random_messages_never_escape_and_the_game_is_its_record(board, caplog):
    rng = random.Random(f"fuzz-{board}")
    widget = BOARDS[board]()
    caplog.set_level(logging.ERROR, logger="boardbook")
    for _ in range(40):
        message = _message(rng, widget)
        widget._handle_custom_msg(message, [])  # must never raise
        _settle(widget)
        assert not caplog.records, (message, caplog.records[0].getMessage())
        record = widget.match.record
        replayed = record.positions[0]
        for move in record.moves:
            replayed = replayed.play(move)
        assert replayed == widget.position == record.position, message
    widget.close()
