"""Bad input at every public engine entry point gets a typed error that names the parameter, at
once: never a hang, an overflow deep in a search, a RecursionError, or a silently wrong answer.

The named cases are the ones a fault-injecting tester found (each call that could hang runs in
a thread, so a hang fails instead of stalling the suite).
"""

from __future__ import annotations

import datetime as dt
import math
from collections.abc import Callable
from typing import Any

import pytest
from boardbook import beacon, quads, reversi, towergate
from boardbook.beacon import ai as beacon_ai
from boardbook.core import daily
from boardbook.core.checks import ArgumentError, ArgumentTypeError
from boardbook.core.game import MalformedMoveError
from boardbook.core.stats import MemoryStatsStore, StatsStore
from boardbook.quads import ai as quads_ai
from boardbook.quads import puzzles as quads_puzzles
from boardbook.reversi import ai as reversi_ai
from boardbook.towergate import ai as towergate_ai
from boardbook.towergate import puzzles as towergate_puzzles


# -- the named cases ------------------------------------------------------------------------------
@pytest.mark.parametrize("budget", [math.nan, math.inf, -1.0, "1", None])
@pytest.mark.parametrize("entry", ["choose_move", "analyse"])
def test_reversi_budgets_must_be_finite_seconds(entry, budget, within):
    position = reversi.Position.start()

    def call() -> Any:
        if entry == "choose_move":
            return reversi_ai.choose_move(position, "strong", time_budget=budget)
        return reversi_ai.analyse(position, time_budget=budget)

    if entry == "analyse" and budget is None:  # None is the documented default there
        return
    with pytest.raises((ArgumentError, ArgumentTypeError), match="time_budget must be a finite"):
        within(10, lambda: _reraise(call))


def _reraise(call: Callable[[], Any]) -> Any:
    return call()


def test_tower_gate_verify_takes_whole_moves_only(within):
    position = towergate_puzzles.PUZZLES[0].position
    with pytest.raises(ArgumentTypeError, match="moves must be an int"):
        within(5, lambda: towergate_puzzles.verify(position, moves=1.5))
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
    parameter = "start" if name.startswith("quads.review") else "position"
    with pytest.raises(ArgumentTypeError, match=rf"{parameter} must be a {game} Position"):
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


# -- the cases the audit's probe named (each also within the property test's reach) -------------
def _reversi_late() -> reversi.Position:
    return reversi.Position.from_text(NEAR_END)


NEAR_END = "XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOO- X"

NAMED: list[tuple[str, Callable[[], Any], str]] = [
    ("quads.solve symmetry='no'", lambda: quads_ai.solve(
        quads_puzzles.PUZZLES[0].position, time_budget=0.01, symmetry="no"), "symmetry"),
    ("quads.solve exact_distance=1", lambda: quads_ai.solve(
        quads_puzzles.PUZZLES[0].position, time_budget=0.01, exact_distance=1), "exact_distance"),
    ("reversi.perft depth=1.5", lambda: reversi.perft(reversi.Position.start(), 1.5), "depth"),
    ("reversi.perft depth=nan", lambda: reversi.perft(reversi.Position.start(), math.nan),
     "depth"),
    ("reversi.perft depth=inf", lambda: reversi.perft(reversi.Position.start(), math.inf),
     "depth"),
    ("reversi.perft depth=2**70", lambda: reversi.perft(reversi.Position.start(), 2**70),
     "depth"),
    ("reversi.perft depth=True", lambda: reversi.perft(reversi.Position.start(), True), "depth"),
    ("reversi.perft position=None", lambda: reversi.perft(None, 1), "position"),
    ("quads.analyse time_budget=None", lambda: quads_ai.analyse(
        quads.Position.start(), time_budget=None), "time_budget"),
    ("reversi.square_name(None)", lambda: reversi.square_name(None), "index"),
    ("reversi.square_name(True)", lambda: reversi.square_name(True), "index"),
    ("quads.square_name(None)", lambda: quads.square_name(None), "index"),
    ("towergate.square_name(None)", lambda: towergate.square_name(None), "index"),
    ("reversi.replay(None)", lambda: reversi.replay(None), "transcript"),
    ("reversi.replay({})", lambda: reversi.replay({}), "transcript"),
    ("reversi.to_transcript(None)", lambda: reversi.to_transcript(None), "moves"),
    ("towergate.replay(None)", lambda: towergate.replay(None), "moves"),
    ("towergate memory='x'", lambda: towergate_ai.choose_move(
        towergate.Position.start(), "easy", memory="x"), "memory"),
    ("towergate clock='x'", lambda: towergate_ai.choose_move(
        towergate.Position.start(), "easy", clock="x"), "clock"),
    ("quads clock='x'", lambda: quads_ai.choose_move(
        quads.Position.start(), "random", clock="x"), "clock"),
    ("reversi.solve stats='x'", lambda: reversi_ai.solve(_reversi_late(), stats="x"), "stats"),
    ("quads.solve stats=[]", lambda: quads_ai.solve(
        quads_puzzles.PUZZLES[0].position, time_budget=0.01, stats=[]), "stats"),
    ("bank_index size='x'", lambda: daily.bank_index(dt.date(2026, 12, 1), "x"), "size"),
    ("bank_index size=2**63", lambda: daily.bank_index(dt.date(2026, 12, 1), 2**63), "size"),
    ("quads.review start=None", lambda: quads_ai.review(None, []), "start"),
    ("beacon.choose_target opponent=True", lambda: beacon_ai.choose_target(
        beacon.Position.start(), "red", True), "opponent"),
    ("beacon marker_counts", lambda: beacon.Position(
        "v1", (), marker_counts=((9, 9),) * 5), "marker_counts"),
    ("beacon marker_counts='x'", lambda: beacon.Position(
        "v1", (), marker_counts="x"), "marker_counts"),
    ("beacon outcome='x'", lambda: beacon.Position("v1", (), outcome="x"), "outcome"),
    ("beacon records", lambda: beacon.Position(
        "v1", (), records=beacon.Position.start().play("Crossroads/Crossroads").records),
     "records"),
    ("beacon from_json rules=nested", lambda: beacon.Position.from_json(
        {"rules": _nested(10_000)}), "data"),
    ("quads.Position held=nested", lambda: quads.Position([None] * 16, _nested(10_000)),
     "held"),
    ("reversi.Position to_move=nested", lambda: reversi.Position(0, 0, _nested(10_000)),
     "to_move"),
    ("towergate blessing_used nested", lambda: towergate.Position.from_json(
        dict(towergate.Position.start().to_json(), blessing_used=_nested(10_000))),
     "data"),
    ("stats record_game moves=nested", lambda: MemoryStatsStore().record_game(
        "reversi", mode="cpu", winner=None, moves=_nested(10_000)), "moves"),
    ("stats set_flag nested", lambda: MemoryStatsStore().set_flag("k", _nested(10_000)),
     "value"),
]  # fmt: skip


def _nested(depth: int) -> list[Any]:
    value: list[Any] = []
    for _ in range(depth):
        value = [value]
    return value


@pytest.mark.parametrize(("call", "parameter"), [(c, p) for _, c, p in NAMED],
                         ids=[n for n, _, _ in NAMED])  # fmt: skip
def test_each_named_bad_argument_is_refused_at_the_door_by_name(call, parameter, within):
    with pytest.raises(ArgumentError) as refused:
        within(10, call)
    assert refused.value.parameter.split("[")[0] == parameter, refused.value
    assert len(str(refused.value)) < 400
