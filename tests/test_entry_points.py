"""Bad input at every public engine entry point gets a typed error that names the parameter, at
once: never a hang, an overflow deep in a search, a RecursionError, or a silently wrong answer.

The named cases are the ones a fault-injecting tester found (each call that could hang runs in
a thread, so a hang fails instead of stalling the suite).
"""

from __future__ import annotations

import concurrent.futures
import datetime as dt
import math
from collections.abc import Callable
from typing import Any

import pytest
from boardbook import beacon, quads, reversi, towergate
from boardbook.beacon import ai as beacon_ai
from boardbook.core.checks import ArgumentError, ArgumentTypeError
from boardbook.core.game import MalformedMoveError
from boardbook.core.stats import MemoryStatsStore, StatsStore
from boardbook.quads import ai as quads_ai
from boardbook.quads import puzzles as quads_puzzles
from boardbook.reversi import ai as reversi_ai
from boardbook.towergate import ai as towergate_ai
from boardbook.towergate import puzzles as towergate_puzzles

_POOL = concurrent.futures.ThreadPoolExecutor(max_workers=4)


def _within(seconds: float, call: Callable[[], Any]) -> Any:
    """``call()``'s result or exception, failing the test if it takes longer than ``seconds``."""
    future = _POOL.submit(call)
    try:
        return future.result(timeout=seconds)
    except concurrent.futures.TimeoutError:
        pytest.fail(f"no answer within {seconds} s: it hangs on this input")


# -- the named cases ------------------------------------------------------------------------------
@pytest.mark.parametrize("budget", [math.nan, math.inf, -1.0, "1", None])
@pytest.mark.parametrize("entry", ["choose_move", "analyse"])
def test_reversi_budgets_must_be_finite_seconds(entry, budget):
    position = reversi.Position.start()

    def call() -> Any:
        if entry == "choose_move":
            return reversi_ai.choose_move(position, "strong", time_budget=budget)
        return reversi_ai.analyse(position, time_budget=budget)

    if entry == "analyse" and budget is None:  # None is the documented default there
        return
    with pytest.raises((ArgumentError, ArgumentTypeError), match="time_budget must be a finite"):
        _within(10, lambda: _reraise(call))


def _reraise(call: Callable[[], Any]) -> Any:
    return call()


def test_tower_gate_verify_takes_whole_moves_only():
    position = towergate_puzzles.PUZZLES[0].position
    with pytest.raises(ArgumentTypeError, match="moves must be an int"):
        _within(5, lambda: towergate_puzzles.verify(position, moves=1.5))
    with pytest.raises(ArgumentError, match="moves must be an int, at least 0 and at most"):
        towergate_puzzles.verify(position, moves=10**6)
    with pytest.raises(ArgumentTypeError, match="moves must be an int"):
        quads_puzzles.verify(quads_puzzles.PUZZLES[0].position, 1.5)


def test_tower_gate_blessing_used_must_be_booleans():
    data = towergate.Position.start().to_json()
    data["blessing_used"] = {"terracotta": "no"}
    with pytest.raises(ValueError, match="blessing_used"):
        towergate.Position.from_json(data)


def test_tower_gate_from_text_needs_text():
    with pytest.raises(TypeError, match="text must be"):
        towergate.Position.from_text(None)  # type: ignore[arg-type]


def test_beacon_position_checks_its_rules_and_derives_from_its_moves():
    with pytest.raises(ValueError, match="rules"):
        beacon.Position(rules="v9")
    start = beacon.Position.start()
    after = start.play(start.legal_moves()[0])
    built = beacon.Position("v1", after.moves)
    assert built.round == 1 and built.marker_counts == after.marker_counts
    assert built.control == after.control and built.records == after.records
    with pytest.raises(TypeError, match="moves"):
        beacon.Position("v1", ["NORTH_PASS/SOUTH_PASS"])  # type: ignore[arg-type]


@pytest.mark.parametrize("store", [MemoryStatsStore, "file"])
def test_stats_refuse_nan_scores_and_ids_beyond_sqlite(store, tmp_path):
    made = StatsStore(tmp_path / "s.db") if store == "file" else store()
    with pytest.raises(TypeError, match="scores"):
        made.record_game("reversi", mode="cpu", winner=None, scores={"b": math.nan})
    with pytest.raises(ValueError, match="game_id"):
        made.delete_game(2**70)
    assert made.games() == []


NOT_POSITIONS = [None, "start", [1, 2], 3.5]

AI_CALLS: list[tuple[str, Callable[[Any], Any]]] = [
    ("reversi.choose_move", lambda p: reversi_ai.choose_move(p, "strong", time_budget=0.01)),
    ("reversi.analyse", lambda p: reversi_ai.analyse(p, time_budget=0.01)),
    ("reversi.solve", reversi_ai.solve),
    ("quads.choose_move", lambda p: quads_ai.choose_move(p, "perfect", time_budget=0.01)),
    ("quads.analyse", lambda p: quads_ai.analyse(p, time_budget=0.01)),
    ("quads.solve", lambda p: quads_ai.solve(p, time_budget=0.01)),
    ("quads.wins_within", lambda p: quads_ai.wins_within(p, 1)),
    ("quads.give_verdicts", quads_ai.give_verdicts),
    ("quads.review", lambda p: quads_ai.review(p, [])),
    ("towergate.choose_move", lambda p: towergate_ai.choose_move(p, "strong", time_budget=0.01)),
    ("towergate.analyse", lambda p: towergate_ai.analyse(p, time_budget=0.01)),
    ("towergate.evaluate", towergate_ai.evaluate),
    ("towergate.verify", towergate_puzzles.verify),
    ("beacon.choose_target", lambda p: beacon_ai.choose_target(p, "red", "equilibrium")),
    ("beacon.solve", beacon_ai.solve),
    ("beacon.scripted_target", lambda p: beacon_ai.scripted_target(p, "red")),
]


@pytest.mark.parametrize("value", NOT_POSITIONS + [reversi.Position.start()], ids=repr)
@pytest.mark.parametrize(("name", "call"), AI_CALLS, ids=[n for n, _ in AI_CALLS])
def test_every_ai_function_refuses_what_is_not_its_position(name, call, value):
    game = name.split(".")[0]
    if isinstance(value, reversi.Position) and game == "reversi":
        value = quads.Position.start()  # another game's position, then
    with pytest.raises(ArgumentTypeError, match=rf"position must be a {game} Position"):
        call(value)


@pytest.mark.parametrize("game", [reversi, quads, towergate, beacon])
def test_a_deeply_nested_list_is_a_malformed_move(game):
    nested: list[Any] = []
    for _ in range(50_000):
        nested = [nested]
    with pytest.raises(MalformedMoveError) as caught:
        game.Position.start().play(nested)
    assert len(str(caught.value)) < 300


@pytest.mark.parametrize("module", [quads_puzzles, towergate_puzzles])
def test_a_daily_puzzle_date_must_be_a_date(module):
    with pytest.raises(ArgumentTypeError, match="date must be a datetime.date"):
        module.daily_puzzle("2026-12-01")
    with pytest.raises(ArgumentTypeError, match="date must be a datetime.date"):
        module.daily_puzzle(dt.datetime(2026, 12, 1, tzinfo=dt.UTC))
    assert module.daily_puzzle(dt.date(2026, 12, 1)).date == dt.date(2026, 12, 1)
