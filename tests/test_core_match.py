"""The match on its own (no widget, no anywidget), on the toy game of ``tests/toygame``.

The toy's moves take one input (place) or two (pick a mark, then its square), and a blocked
side must skip (a forced move), so every core behaviour a new game inherits is pinned here
independently of Reversi: inputs and re-choosing, undo counting, forced cards, the side
alternation, recording and unrecording, review, and the CPU's cancellation races in both
scheduler modes.
"""

from __future__ import annotations

import asyncio
import random
import threading
from collections.abc import Awaitable, Callable

import pytest
from boardbook.core import scheduler
from boardbook.core.game import IllegalMoveError
from boardbook.core.match import (
    CPU,
    GameRecord,
    Match,
    Rejected,
    SettingError,
)
from boardbook.core.stats import MemoryStatsStore
from hypothesis import given, settings
from hypothesis import strategies as st
from toygame import SQUARES, Move, Position, SlideGame

# O (to move) is walled in by four X marks: it must skip.
O_BLOCKED = Position.from_json({"cells": "oxoxox-x-", "to_move": "o"})


def match(**settings: object) -> Match[Position, Move]:
    return Match(SlideGame(), settings=settings, store=MemoryStatsStore())


def play(m: Match[Position, Move], *moves: str) -> None:
    for move in moves:
        m.play(move)


# ---------------------------------------------------------------- the record
def test_game_record_keeps_its_lists_in_step():
    start = Position()
    record: GameRecord[Position, Move] = GameRecord([start])
    after = start.play("b2")
    record.push(Move("b2"), after, "human", {"notation": "b2"})
    record.push(Move("a1"), after.play("a1"), "cpu", {"notation": "a1"})
    assert len(record.positions) == 3 and record.movers == ["human", "cpu"]
    record.truncate(1)
    assert record.position == after and record.moves == [Move("b2")] and len(record.described) == 1
    record.reset(start)
    assert record.positions == [start] and record.moves == record.movers == []


# ---------------------------------------------------------------- inputs
def test_a_one_input_move_plays_at_once_and_targets_come_from_the_engine():
    m = match()
    assert m.snapshot()["input"]["targets"] == list(SQUARES)  # every square is empty
    m.input("b2")
    assert m.history == ["b2"] and m.position.cells[4] == "x" and m.selection == ()


def test_a_two_input_move_selects_rechooses_goes_back_and_plays():
    m = match()
    play(m, "a1", "b1", "a2", "b2", "c3", "c1")  # X: a1 a2 c3, O: b1 b2 c1; X slides now
    s = m.snapshot()["input"]
    assert s["targets"] == ["a2", "c3"] and s["step"] == "pick"  # only marks that can slide
    m.input("c3")
    s = m.snapshot()["input"]
    assert s["selection"] == ["c3"] and s["targets"] == ["c2", "b3"] and s["can_back"]
    assert m.snapshot()["input"]["step"] == "to"
    m.input("a2")  # fits the first step: re-choose from there
    assert m.selection == ("a2",)
    with pytest.raises(Rejected):
        m.input("b3")  # a2 cannot reach b3
    assert m.selection == ("a2",) and m.notice is not None and m.history[-1] == "c1"
    m.back()
    assert m.selection == ()
    with pytest.raises(Rejected):
        m.back()
    m.input("c3")
    m.input("b3")
    assert m.history[-1] == "c3-b3" and m.selection == ()
    assert m.snapshot()["last_move"]["squares"] == ["c3", "b3"]


def test_api_play_takes_whole_moves_and_raises_typed_errors():
    m = match()
    play(m, "a1", "b1", "a2", "b2", "c3", "c1")
    m.input("c3")
    m.play("c3-c2")  # a whole move replaces a partial selection
    assert m.history[-1] == "c3-c2" and m.selection == ()
    with pytest.raises(IllegalMoveError) as info:
        m.play("a1-a3")
    assert info.value.code == "not_legal"
    for bad in ("z9", 19, None, ["b2"]):
        with pytest.raises(IllegalMoveError) as info:
            m.play(bad)
        assert info.value.code == "malformed"
    assert m.history[-1] == "c3-c2"


# ---------------------------------------------------------------- forced moves and undo
def test_a_forced_move_is_played_and_announced_with_a_generic_card():
    m = Match(SlideGame(start=O_BLOCKED), store=MemoryStatsStore())
    s = m.snapshot()
    assert m.history == ["skip"] and s["last_move"]["forced"] is True
    assert s["event"]["type"] == "forced" and s["event"]["text"] == "O cannot slide and skips"
    assert s["status"] == "O skipped" and s["to_move"] == "x"
    m.dismiss(s["event"]["id"])
    assert m.snapshot()["event"] is None
    assert s["input"]["targets"] == ["a2", "c2", "b3"]
    m.play("b3-a3")
    assert m.snapshot()["status"] == "O to move"


def test_two_player_undo_is_one_move_and_takes_a_forced_move_with_the_one_that_forced_it():
    m = Match(SlideGame(start=O_BLOCKED), store=MemoryStatsStore())
    m.play("b3-a3")
    assert m.history == ["skip", "b3-a3"]
    m.undo()
    assert m.history == ["skip"]
    with pytest.raises(Rejected):
        m.undo()  # the skip was nobody's choice
    assert m.history == ["skip"] and m.notice is not None


def test_undo_to_the_start_equals_the_start():
    rng = random.Random(3)
    m = match()
    while m.position.outcome is None:
        m.input(rng.choice(m.snapshot()["input"]["targets"]))
    while m.snapshot()["can_undo"]:
        m.undo()
    assert m.position == Position() and m.history == []


# ---------------------------------------------------------------- games, sides, records
def test_new_games_alternate_sides_and_results_are_recorded_once_and_unrecorded():
    store = MemoryStatsStore()
    m = Match(SlideGame(), store=store)
    play(m, "a1", "b1", "a2", "b2", "a3")  # X wins the column
    s = m.snapshot()
    assert s["outcome"]["termination"] == "line" and s["outcome"]["squares"] == ["a1", "a2", "a3"]
    assert s["outcome"]["title"] == "Player 1 wins (X)" and s["input"]["targets"] == []
    assert len(store.games("slide")) == 1
    m.undo()  # 待って続ける
    assert store.games("slide") == [] and m.position.outcome is None
    m.play("a3")
    assert len(store.games("slide")) == 1
    m.restart()  # a restarted finished game is not counted
    assert store.games("slide") == [] and m.history == []
    m.new_game()
    board = m.snapshot()["scoreboard"]
    assert [(e["id"], e["side"]) for e in board] == [("player1", "o"), ("player2", "x")]
    assert m.game_number == 2


def test_a_game_over_at_its_start_is_never_recorded():
    store = MemoryStatsStore()
    won = Position(("x", "x", "x", "o", "o", "", "", "", ""), "o", 5)
    m = Match(SlideGame(start=won), settings={"mode": "cpu"}, store=store)
    m.restart()
    m.new_game()
    assert store.games() == [] and m.snapshot()["outcome"]["winner"] == "x"


def test_review_shows_an_earlier_position_and_blocks_inputs():
    m = match()
    play(m, "a1", "b1", "a2")
    m.review(1)
    s = m.snapshot()
    assert s["review"] == {"ply": 1, "total": 3} and s["input"]["targets"] == []
    assert [sq["piece"] for sq in s["board"]["squares"]][:2] == ["x", None]
    with pytest.raises(Rejected):
        m.input("c3")
    for bad in (-1, 4, "1", True):
        with pytest.raises(Rejected):
            m.review(bad)  # type: ignore[arg-type]
    m.review(None)
    assert m.snapshot()["input"]["targets"]


def test_settings_are_checked_before_anything_changes():
    m = match()
    play(m, "a1")
    for bad in ({"mode": "online"}, {"level": "genius"}, {"think_time": 0}, {"colour": "red"}):
        with pytest.raises(SettingError):
            m.configure(**bad)
    with pytest.raises(SettingError):
        m.configure(level="first", think_time="1")
    assert m.settings["level"] == "win" and m.history == ["a1"]
    m.configure(level="first", human="o")  # two players: remembered, the game goes on
    assert m.history == ["a1"]
    m.configure(lang="ja")
    assert m.history == ["a1"]


def test_snapshot_has_every_protocol_key():
    s = match().snapshot("ja")
    common = {
        "protocol", "game", "status", "notice", "notice_kind", "busy", "to_move", "human_side", "game_number",
        "history", "move_words", "ply", "can_undo", "input", "last_move", "outcome", "event", "review",
        "scoreboard", "settings", "options", "labels", "stats", "board", "tray", "extra",
        "coach", "record", "puzzle",
    }  # fmt: skip
    assert set(s) == common and s["protocol"] == 3
    assert set(s["input"]) == {
        "targets", "selection", "prompt", "step", "can_back", "hidden", "buttons"
    }  # fmt: skip
    assert s["settings"]["lang"] == "ja" and s["status"] == "Xの番です"


# ---------------------------------------------------------------- the CPU, in both modes
class Gated(SlideGame):
    """A CPU that thinks until its gate opens (and notes whether it ever finished)."""

    def __init__(self) -> None:
        super().__init__()
        self.gate = threading.Event()
        self.started = threading.Event()
        self.finished: list[Move] = []

    def search(self, position, level, *, side, rng, time_budget):  # type: ignore[no-untyped-def]
        self.started.set()
        while not self.gate.is_set():
            yield
        move = position.legal_moves()[0]
        self.finished.append(move)
        return move


async def settle(m: Match[Position, Move], timeout: float = 10.0) -> None:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while m.busy:
        assert loop.time() < deadline, "the CPU never finished"
        await asyncio.sleep(0.002)


async def started(game: Gated, timeout: float = 10.0) -> None:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not game.started.is_set():
        assert loop.time() < deadline, "the CPU never started"
        await asyncio.sleep(0.002)


def run(mode: scheduler.Mode, body: Callable[[], Awaitable[None]]) -> None:
    async def main() -> None:
        with scheduler.use_mode(mode):
            await body()

    asyncio.run(main())


MODES = pytest.mark.parametrize("mode", scheduler.MODES)


@MODES
def test_the_cpu_replies_and_on_change_is_called(mode):
    changes: list[int] = []

    async def body() -> None:
        m = Match(SlideGame(), settings={"mode": CPU}, store=MemoryStatsStore())
        m.on_change = lambda: changes.append(len(m.history))
        with m.lock:  # a reply on its thread waits for the lock, so both reads see one state
            m.play("b2")
            assert m.busy and m.snapshot()["input"]["targets"] == []
        await settle(m)
        assert len(m.history) == 2 and changes == [2]
        assert m.snapshot()["status"] == "Your move (X)"
        m.undo()  # versus the CPU: back to the human's previous turn
        assert m.history == []

    run(mode, body)


@MODES
def test_the_cpu_moves_first_when_the_human_takes_the_second_side(mode):
    async def body() -> None:
        m = Match(
            SlideGame(), settings={"mode": CPU, "human": "alternate"}, store=MemoryStatsStore()
        )
        assert m.human_side == "x" and not m.busy
        with m.lock:  # the instant reply waits on its thread until this read is done
            m.new_game()
            assert m.human_side == "o" and m.busy
        await settle(m)
        assert len(m.history) == 1
        with pytest.raises(Rejected):
            m.undo()  # nothing of the human's to take back

    run(mode, body)


@MODES
@pytest.mark.parametrize("action", ["undo", "restart", "new_game", "settings", "close"])
def test_a_request_while_the_cpu_thinks_cancels_it_and_its_result_is_dropped(mode, action):
    async def body() -> None:
        game = Gated()
        m = Match(game, settings={"mode": CPU}, store=MemoryStatsStore())
        changes: list[str] = []
        m.on_change = lambda: changes.append("changed")
        m.play("b2")
        await started(game)
        with pytest.raises(Rejected):
            m.input("a1")  # a click while the CPU thinks is refused
        with pytest.raises(IllegalMoveError, match="thinking"):
            m.play("a1")
        task = m._task
        assert task is not None
        if action == "settings":
            m.configure(level="first")
        else:
            getattr(m, action)()
        assert not m.busy and task.cancelled
        history = m.history
        if mode == "thread":
            assert task.join(5)  # the search stopped at its next yield, before the gate opens
        game.gate.set()
        for _ in range(50):
            await asyncio.sleep(0.002)
        assert game.finished == [] and m.history == history and changes == []
        if action == "close":
            with pytest.raises(Rejected):
                m.input("a1")

    run(mode, body)


@MODES
def test_a_late_result_from_a_stale_generation_is_dropped(mode):
    async def body() -> None:
        game = Gated()
        m = Match(game, settings={"mode": CPU}, store=MemoryStatsStore())
        m.play("b2")
        await started(game)
        stale = m._generation
        m.undo()
        m._cpu_done(stale, Move("a1"))  # a result that raced the cancel
        assert m.history == [] and not m.busy
        game.gate.set()
        await asyncio.sleep(0.02)

    run(mode, body)


@MODES
def test_a_failing_or_illegal_cpu_is_reported_and_the_game_goes_on(mode):
    class Broken(SlideGame):
        def search(self, position, level, *, side, rng, time_budget):  # type: ignore[no-untyped-def]
            yield
            return "z9"

    async def body() -> None:
        m = Match(Broken(), settings={"mode": CPU}, store=MemoryStatsStore())
        m.play("b2")
        await settle(m)
        assert "z9" in str(m.cpu_error) and "CPU" in m.snapshot()["notice"]
        m.undo()
        assert m.history == []

    run(mode, body)


# ---------------------------------------------------------------- any sequence of requests
REQUESTS = st.lists(
    st.one_of(
        st.tuples(st.just("input"), st.integers(0, 20)),
        st.tuples(st.just("junk"), st.sampled_from(["z9", "", "skip", "a1-b1", "b2" * 30])),
        st.tuples(st.sampled_from(["back", "undo", "restart", "new_game"]), st.just(0)),
        st.tuples(st.just("review"), st.integers(-2, 30)),
        st.tuples(st.just("leave"), st.just(0)),
    ),
    max_size=60,
)


@settings(max_examples=60, deadline=None)
@given(requests=REQUESTS)
def test_any_sequence_of_requests_keeps_the_match_consistent(requests):
    import json

    store = MemoryStatsStore()
    m = Match(SlideGame(), store=store)
    for kind, value in requests:
        targets = m.snapshot()["input"]["targets"]
        try:
            if kind == "input":
                m.input(targets[value % len(targets)] if targets else "a1")
            elif kind == "junk":
                m.input(value)
            elif kind == "review":
                m.review(value)
            elif kind == "leave":
                m.review(None)
            else:
                getattr(m, kind)()
        except Rejected:
            assert m.notice is not None
        record = m.record
        assert len(record.positions) == len(record.moves) + 1 == len(record.movers) + 1
        for before, move, after in zip(record.positions, record.moves, record.positions[1:]):
            assert before.play(move) == after  # the record is a real game
        selection = m.selection
        assert not selection or any(
            mv.steps[: len(selection)] == selection and len(mv.steps) > len(selection)
            for mv in m.position.legal_moves()
        )
        json.dumps(m.snapshot())
        finished = sum(1 for g in store.games("slide"))
        assert finished <= m.game_number  # at most one record per game started
