"""One contract for every game that has a hooks module, and for the toy game.

The engine (``core.game``): positions are ``GamePosition``s, legal moves' ``steps`` are
prefix-free, positions survive a JSON round trip, errors are typed with codes, outcomes carry a
translated termination key. The match (``core.match``): random games played through inputs
reach the end, undo to the start gives the start, the snapshot has protocol v2's keys. The
widget (``core.widget``): intents, bad ones included, never raise and lose nothing.
"""

from __future__ import annotations

import importlib
import json
import random
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import boardbook
import pytest
from boardbook.core import i18n, registry
from boardbook.core.game import ForbiddenMoveError, GamePosition, IllegalMoveError
from boardbook.core.match import GameSpec, Match
from boardbook.core.stats import MemoryStatsStore
from boardbook.core.widget import GameWidget
from hypothesis import given, settings
from hypothesis import strategies as st
from toygame import Position as SlidePosition
from toygame import Slide, SlideGame

#: Never a move in any game's notation.
MALFORMED = (7, None, 3.5, True, "no such move ☃")


@dataclass(frozen=True)
class Case:
    """How the contract reaches one game: its start position, its hooks and its widget."""

    start: Callable[[], Any]
    spec: Callable[[], GameSpec[Any, Any]] | None = None
    widget: type[GameWidget] | None = None


PACKAGE = Path(boardbook.__file__).parent


def load(name: str) -> Case:
    """The case of game ``name``, imported only when a test asks (a game whose engine does not
    import fails its own tests, not the collection of everyone's)."""
    if name == "slide":
        return Case(SlidePosition, SlideGame, Slide)
    info = registry.game(name)
    rules = importlib.import_module(f"{info.package}.rules")
    if not (PACKAGE / name / "game.py").is_file():
        return Case(rules.Position.start)
    hooks = importlib.import_module(f"{info.package}.game")
    spec = next(
        v
        for v in vars(hooks).values()
        if isinstance(v, type) and issubclass(v, GameSpec) and v.name == info.name
    )
    widget = registry.widget_class(info.name) if info.widget else None
    return Case(rules.Position.start, spec, widget)


# Every real game (the registry) and the toy; the match and widget parts where a game has them.
NAMES = ["slide", *(info.name for info in registry.GAMES)]
HOOKED = [n for n in NAMES if n == "slide" or (PACKAGE / n / "game.py").is_file()]
WIDGETED = ["slide", *(i.name for i in registry.GAMES if i.widget)]
GAMES = pytest.mark.parametrize("name", NAMES)
MATCHES = pytest.mark.parametrize("name", HOOKED)
WIDGETS = pytest.mark.parametrize("name", WIDGETED)
SNAKE = re.compile(r"^[a-z][a-z0-9_]*$")
COMMON_KEYS = {
    "protocol", "game", "status", "notice", "busy", "to_move", "human_side", "game_number",
    "history", "ply", "can_undo", "input", "last_move", "outcome", "event", "review",
    "scoreboard", "settings", "options", "labels", "stats", "board", "tray", "extra",
    "coach", "record", "puzzle",
}  # fmt: skip
INPUT_KEYS = {"targets", "selection", "prompt", "step", "can_back", "hidden", "buttons"}


@pytest.fixture(autouse=True)
def private_stats(tmp_path, monkeypatch):
    monkeypatch.setenv("BOARDBOOK_DATA_DIR", str(tmp_path))


def two_player(name: str) -> Match[Any, Any]:
    spec = load(name).spec
    assert spec is not None
    return Match(spec(), settings={"mode": "two-player"}, store=MemoryStatsStore())


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
    position = load(name).start()
    positions = [position]
    while position.outcome is None:
        assert isinstance(position, GamePosition)
        legal = list(position.legal_moves())
        steps = [m.steps for m in legal]
        assert len(set(steps)) == len(steps) and all(steps)
        for a in steps:  # prefix-free: a finished selection is never the start of another
            assert not any(b != a and b[: len(a)] == a for b in steps)
        again = type(position).from_json(json.loads(json.dumps(position.to_json())))
        assert again == position
        position = position.play(rng.choice(legal))
        positions.append(position)
    outcome = position.outcome
    assert SNAKE.match(outcome.termination)
    if load(name).spec is not None:  # a game the match plays says how it ended, translated
        spec = load(name).spec
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
    start = load(name).start()
    for bad in MALFORMED:
        with pytest.raises(IllegalMoveError) as info:
            start.play(bad)
        assert isinstance(info.value, ValueError) and info.value.code == "malformed", bad
        assert info.value.reason


# ---------------------------------------------------------------- the match
@MATCHES
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


@MATCHES
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
        ids += [item["id"] for item in (s["tray"] or {}).get("items", [])]  # Quads' pieces
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


@WIDGETS
def test_widget_intents_bad_ones_included(name):
    widget = load(name).widget
    assert widget is not None
    w = widget(mode="two-player")
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
