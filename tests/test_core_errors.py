"""Every error a caller of the widget or the match can meet has its own class (core.game)."""

from __future__ import annotations

import asyncio

import boardbook
import pytest
from boardbook import (
    BeaconLines,
    ForbiddenMoveError,
    GameOverError,
    IllegalMoveError,
    MalformedMoveError,
    NotNowError,
    RefusedError,
    SettingError,
)
from boardbook.core import scheduler
from boardbook.core.match import GameSpec, Match
from boardbook.core.stats import MemoryStatsStore
from toygame import Position, Slide, SlideGame


@pytest.fixture(autouse=True)
def private_stats(tmp_path, monkeypatch):
    monkeypatch.setenv("BOARDBOOK_DATA_DIR", str(tmp_path))


def test_a_value_that_is_no_move_is_a_malformed_move_even_while_the_cpu_thinks():
    w = Slide()
    for bad in (2.5, None, 7):
        with pytest.raises(MalformedMoveError) as info:
            w.play(bad)
        assert info.value.code == "malformed" and isinstance(info.value, ValueError)
    with pytest.raises(MalformedMoveError):
        w.play("z9")
    w.close()


def test_a_forbidden_move_a_finished_game_and_a_move_out_of_turn_each_have_a_class():
    w = Slide()
    w.play("a1")
    with pytest.raises(ForbiddenMoveError) as info:
        w.play("a1")
    assert not isinstance(info.value, GameOverError)
    for move in ("a2", "b2", "b1", "c3"):  # x: a1 b2 c3 (a diagonal)
        w.play(move)
    assert w.position.outcome is not None
    with pytest.raises(GameOverError) as over:
        w.play("a3")
    assert over.value.code == "game_over" and isinstance(over.value, ForbiddenMoveError)
    w.review(0)
    w.undo()  # back before the last move: the review is left, so play is possible again
    w.review(1)
    with pytest.raises(NotNowError) as info:
        w.play("c3")
    assert info.value.code == "reviewing" and not isinstance(info.value, ForbiddenMoveError)
    w.close()


def test_the_engine_refuses_any_move_after_the_end_as_game_over():
    position = Position(("x", "x", "x", "o", "o", "", "", "", ""), "o", 5)
    with pytest.raises(GameOverError):
        position.play("c3")


def test_the_default_parse_refuses_an_unlisted_move_as_forbidden():
    class NotListed:  # equal to no legal move, and played by an engine that ignores it
        steps = ("a1",)

    class Lenient(Position):
        def play(self, move: object) -> Position:
            return self

    with pytest.raises(ForbiddenMoveError) as info:
        GameSpec.parse(SlideGame(), Lenient(), NotListed())
    assert info.value.code == "not_legal"


def test_the_cpu_thinking_on_its_turn_makes_a_move_not_now():
    # In turns the CPU's move may change what is legal, so a move is refused, not held.
    # The human moves first, so no real CPU search is running to clear the flag set below.
    m = Match(SlideGame(), settings={"mode": "cpu", "human": "x"}, store=MemoryStatsStore())
    m._busy = True  # as while the CPU thinks
    with pytest.raises(NotNowError) as info:
        m.play("a1")
    assert info.value.code == "busy"
    m.close()


def test_a_script_gives_its_secret_choice_while_the_cpu_still_chooses():
    # Beacon Lines: both sides choose at once, so a script's choice need not wait for wait().
    b = BeaconLines()
    assert b.busy  # the CPU is choosing its target for round 1
    b.input("North Pass")
    assert len(b.history) == 1 and b.history[0].startswith("North Pass/")
    assert b.busy  # and already choosing for round 2
    mine = next(move.steps[0] for move in b.position.legal_moves())
    b.play(mine)
    assert len(b.history) == 2 and b.history[1].startswith(f"{mine}/")
    b.close()


def test_without_threads_a_secret_choice_is_still_not_now_while_the_cpu_chooses():
    # Pyodide cannot block: the CPU's choice arrives by itself, the page says "please wait".
    async def body() -> None:
        with scheduler.use_mode("slices"):
            b = BeaconLines()
            with pytest.raises(RefusedError) as info:
                b.input("North Pass")
            assert info.value.code == "err.busy"
            with pytest.raises(NotNowError):
                b.play("North Pass")
            b.close()

    asyncio.run(body())


def test_other_refused_requests_and_settings_have_their_classes():
    w = Slide()
    with pytest.raises(RefusedError) as info:
        w.undo()
    assert info.value.code == "err.nothing_to_undo" and isinstance(info.value, ValueError)
    with pytest.raises(SettingError):
        w.mode = "online"
    assert issubclass(SettingError, ValueError) and not issubclass(SettingError, IllegalMoveError)
    w.close()


def test_a_positional_argument_names_the_widget_and_the_keyword_meant():
    with pytest.raises(TypeError) as info:
        Slide("cpu")
    text = str(info.value)
    assert "GameWidget" not in text and "__init__" not in text
    assert "Slide()" in text and "mode='cpu'" in text


def test_the_errors_are_public_names_of_the_package():
    for name in ("MalformedMoveError", "ForbiddenMoveError", "GameOverError", "NotNowError"):
        assert name in boardbook.__all__
        assert issubclass(getattr(boardbook, name), IllegalMoveError)
    assert {"SettingError", "RefusedError"} <= set(boardbook.__all__)
