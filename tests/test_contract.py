"""One contract for every game that has a hooks module, and for the toy game.

The engine (``core.game``): positions are ``GamePosition``s, legal moves' ``steps`` are
prefix-free, positions survive a JSON round trip, errors are typed with codes, outcomes carry a
translated termination key. The match (``core.match``): random games played through inputs
reach the end, undo to the start gives the start, the snapshot has protocol v2's keys. The
widget (``core.widget``): intents, bad ones included, never raise and lose nothing.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest
from boardbook.beacon.game import BeaconGame
from boardbook.beacon.widget import BeaconLines
from boardbook.core import i18n
from boardbook.core.game import ForbiddenMoveError, GamePosition, IllegalMoveError
from boardbook.core.match import GameSpec, Match
from boardbook.core.stats import MemoryStatsStore
from boardbook.core.widget import GameWidget
from boardbook.reversi.game import ReversiGame
from boardbook.reversi.widget import Reversi
from hypothesis import given, settings
from hypothesis import strategies as st
from toygame import Slide, SlideGame


@dataclass(frozen=True)
class Case:
    spec: Callable[[], GameSpec[Any, Any]]
    widget: type[GameWidget]
    malformed: tuple[object, ...]


CASES = {
    "slide": Case(SlideGame, Slide, ("z9", "a1-", 7, None)),
    "reversi": Case(ReversiGame, Reversi, ("z9", "d", 19, None, 3.5)),
    "beacon": Case(BeaconGame, BeaconLines, ("Atlantis/Depot", "Beacon", 7, None)),
}
GAMES = pytest.mark.parametrize("name", sorted(CASES))
SNAKE = re.compile(r"^[a-z][a-z0-9_]*$")
COMMON_KEYS = {
    "protocol", "game", "status", "notice", "busy", "to_move", "human_side", "game_number",
    "history", "ply", "can_undo", "input", "last_move", "outcome", "event", "review",
    "scoreboard", "settings", "options", "labels", "stats", "board", "tray", "extra",
}  # fmt: skip
INPUT_KEYS = {"targets", "selection", "prompt", "step", "can_back", "hidden", "buttons"}


@pytest.fixture(autouse=True)
def private_stats(tmp_path, monkeypatch):
    monkeypatch.setenv("BOARDBOOK_DATA_DIR", str(tmp_path))
    for case in CASES.values():
        monkeypatch.setattr(type(case.spec()), "cpu_reply_delay_s", 0.0)
        monkeypatch.setattr(type(case.spec()), "forced_hold_s", 0.0)


def two_player(name: str) -> Match[Any, Any]:
    return Match(CASES[name].spec(), settings={"mode": "two-player"}, store=MemoryStatsStore())


def play_out(m: Match[Any, Any], rng: random.Random) -> None:
    """A random game to the end, through inputs only, as a person would click."""
    for _ in range(500):
        if m.position.outcome is not None:
            return
        m.input(rng.choice(m.snapshot()["input"]["targets"]))
    raise AssertionError("the game did not end")


# ---------------------------------------------------------------- the engine
@GAMES
@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_engine_positions_steps_json_errors_and_outcomes(name, seed):
    rng = random.Random(seed)
    spec = CASES[name].spec()
    position = spec.start({"rules": "v1"})
    positions = [position]
    while position.outcome is None:
        assert isinstance(position, GamePosition)
        legal = list(position.legal_moves())
        steps = [spec.steps(m) for m in legal]
        assert len(set(steps)) == len(steps) and all(steps)
        for a in steps:  # prefix-free: a finished selection is never the start of another
            assert not any(b != a and b[: len(a)] == a for b in steps)
        again = type(position).from_json(json.loads(json.dumps(position.to_json())))
        assert again == position
        position = position.play(rng.choice(legal))
        positions.append(position)
    outcome = position.outcome
    assert SNAKE.match(outcome.termination)
    assert outcome.winner is None or outcome.winner in spec.sides
    for lang in i18n.LANGS:
        assert i18n.has_text(f"{spec.name}.termination.{outcome.termination}", lang)
    assert position.legal_moves() == []
    for move in positions[-2].legal_moves():  # nothing is played after the end
        with pytest.raises(ForbiddenMoveError) as info:
            position.play(move)
        assert info.value.code == "game_over"


@GAMES
def test_engine_errors_are_typed_by_cause_with_codes(name):
    case = CASES[name]
    start = case.spec().start({"rules": "v1"})
    for bad in case.malformed:
        with pytest.raises(IllegalMoveError) as info:
            start.play(bad)
        assert isinstance(info.value, ValueError)
        assert SNAKE.match(info.value.code) and info.value.reason


# ---------------------------------------------------------------- the match
@GAMES
@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_random_games_through_inputs_end_and_undo_back_to_the_start(name, seed):
    m = two_player(name)
    start = m.position
    play_out(m, random.Random(seed))
    s = m.snapshot()
    assert s["outcome"]["termination"] == m.position.outcome.termination
    assert s["input"]["targets"] == [] and s["outcome"]["title"]
    json.dumps(s)
    while m.snapshot()["can_undo"]:
        m.undo()
    assert m.position == start and m.history == []


@GAMES
def test_the_snapshot_has_protocol_v2s_keys_in_every_language(name):
    m = two_player(name)
    for lang in i18n.LANGS:
        s = m.snapshot(lang)
        assert set(s) == COMMON_KEYS and set(s["input"]) == INPUT_KEYS
        assert s["protocol"] == 2 and s["game"] == m.spec.name
        assert s["board"]["kind"] in ("grid", "map")
        assert s["input"]["targets"] and s["status"]
        ids = (
            s["board"]["coords"] if s["board"]["kind"] == "grid" else
            [r["id"] for r in s["board"]["regions"]]
        )  # fmt: skip
        assert set(s["input"]["targets"]) <= set(ids)
        assert all(isinstance(v, str) and v for v in s["labels"].values())
        json.dumps(s)


# ---------------------------------------------------------------- the widget
BAD_INTENTS = [
    None,
    [],
    {"kind": "fly"},
    {"kind": "input"},
    {"kind": "input", "target": 3},
    {"kind": "input", "target": "no such square"},
    {"kind": "back"},
    {"kind": "review", "ply": 99},
    {"kind": "dismiss"},
    {"kind": "settings", "mode": "online"},
    {"kind": "settings", "think_time": -1},
]


@GAMES
def test_widget_intents_bad_ones_included(name):
    w = CASES[name].widget(mode="two-player")
    w.wait(30)
    before = {k: v for k, v in w.state.items() if k != "notice"}
    for content in BAD_INTENTS:
        w._handle_custom_msg(content, [])
        assert w.state["notice"], content
        assert {k: v for k, v in w.state.items() if k != "notice"} == before, content
    target = w.state["input"]["targets"][0]
    w._handle_custom_msg({"kind": "input", "target": target}, [])
    assert w.state["input"]["selection"] or w.history or w.match.chosen
    w._handle_custom_msg({"kind": "restart"}, [])
    event = w.state["event"]
    assert event["type"] == "confirm"
    w._handle_custom_msg(event["yes"], [])
    assert w.history == [] and w.state["input"]["selection"] == []
    w._handle_custom_msg({"kind": "settings", "lang": "ja"}, [])
    assert w.state["settings"]["lang"] == "ja" and w.lang == "ja"
    data, _ = w._repr_mimebundle_()
    assert data["image/svg+xml"].lstrip().startswith("<svg")
    assert data["text/plain"].startswith(w.match.spec.title)
    w.close()
