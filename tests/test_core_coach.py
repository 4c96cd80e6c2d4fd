"""The coach (core/coach.py) on Reversi, the worked example of its hooks: hints computed off the
kernel thread, refined, cancelled by the next move, locked off by a teacher; the scheduler's
progress callbacks in both modes; the CPU's line and its expected reply; the review's values
and turning points; records that round-trip.

Values are checked against a brute-force minimax written here over the public rules only
(``legal_moves``/``play``/``counts``), never against the engine's own search.
"""

from __future__ import annotations

import asyncio
import functools
import random
import threading
import time
from collections.abc import Callable, Generator
from pathlib import Path
from typing import Any

import pytest
from boardbook.core import coach as coach_module
from boardbook.core import scheduler
from boardbook.core.coach import paced
from boardbook.core.match import Match
from boardbook.core.spec import SettingError
from boardbook.core.stats import MemoryStatsStore
from boardbook.reversi import PASS, Position, parse_move
from boardbook.reversi.game import ReversiGame, signed
from boardbook.reversi.widget import Reversi
from hypothesis import given, settings
from hypothesis import strategies as st


@pytest.fixture(autouse=True)
def quiet(tmp_path, monkeypatch):
    monkeypatch.setenv("BOARDBOOK_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setattr(ReversiGame, "cpu_reply_delay_s", 0.0)
    monkeypatch.setattr(ReversiGame, "forced_hold_s", 0.0)
    monkeypatch.setattr(coach_module, "HINT_BUDGET_S", 0.3)
    monkeypatch.setattr(coach_module, "REVIEW_BUDGET_S", 0.02)


def until(check: Callable[[], Any], timeout: float = 30.0) -> Any:
    """Poll ``check`` until it returns something truthy (a bound, never an expected time)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = check()
        if value:
            return value
        time.sleep(0.02)
    raise AssertionError("condition not reached")


def make(spec: ReversiGame | None = None, **settings: Any) -> Match[Any, Any]:
    return Match(spec or ReversiGame(), settings=settings, store=MemoryStatsStore())


# ------------------------------------------------------------------ brute force (independent)
def minimax(position: Position) -> int:
    """Exact final disc difference for the side to move, by full search (few empties only)."""
    best = -99
    for move in position.legal_moves():
        child = position.play(move)
        if child.outcome is not None:
            counts = child.counts
            me = position.to_move
            value = counts[me] - counts["white" if me == "black" else "black"]
        else:  # a pass is a move too, so the side to move always alternates
            value = -minimax(child)
        best = max(best, value)
    return best


def endgame(empties: int, seed: int) -> Position:
    """A position with ``empties`` empty squares reached by seeded random play (not over)."""
    rng = random.Random(seed)
    while True:
        position = Position.start()
        while position.empties > empties and position.outcome is None:
            position = position.play(rng.choice(position.legal_moves()))
        if position.outcome is None and position.legal_moves() != [PASS]:
            return position


def black_value(position: Position) -> int:
    if position.outcome is not None:
        counts = position.counts
        return counts["black"] - counts["white"]
    value = minimax(position)
    return value if position.to_move == "black" else -value


# ------------------------------------------------------------------ the scheduler's progress
def progress_steps(closed: list[bool]) -> Generator[object, None, str]:
    try:
        yield None
        yield "first"
        yield None
        yield "second"
        return "done"
    finally:
        closed.append(True)


def test_thread_mode_passes_every_yielded_value_to_on_progress_then_delivers():
    got: list[object] = []
    seen_threads: set[int] = set()
    done = threading.Event()

    def progress(value: object) -> None:
        seen_threads.add(threading.get_ident())
        got.append(value)

    task = scheduler.run_search(
        progress_steps([]), on_done=lambda v: (got.append(v), done.set()), on_progress=progress,
        mode="thread",
    )  # fmt: skip
    assert done.wait(10) and task.join(10)
    assert got == ["first", "second", "done"]
    assert threading.get_ident() not in seen_threads


def test_slices_mode_passes_every_yielded_value_to_on_progress_then_delivers():
    async def main() -> list[object]:
        got: list[object] = []
        task = scheduler.run_search(
            progress_steps([]), on_done=got.append, on_progress=got.append, mode="slices"
        )
        while not task.done:
            await asyncio.sleep(0.001)
        return got

    assert asyncio.run(main()) == ["first", "second", "done"]


def test_a_cancelled_task_reports_no_more_progress_in_either_mode():
    def endless(closed: list[bool]) -> Generator[object, None, None]:
        try:
            while True:
                yield "tick"
        finally:
            closed.append(True)

    closed: list[bool] = []
    got: list[object] = []
    task = scheduler.run_search(endless(closed), on_done=got.append, on_progress=got.append)
    until(lambda: got)
    task.cancel()
    until(lambda: closed)
    seen = len(got)
    time.sleep(0.05)
    assert len(got) == seen and "tick" in got and None not in got

    async def sliced() -> tuple[list[object], list[bool]]:
        got2: list[object] = []
        closed2: list[bool] = []
        task2 = scheduler.run_search(
            endless(closed2), on_done=got2.append, on_progress=got2.append, mode="slices"
        )
        await asyncio.sleep(0.02)
        task2.cancel()
        seen2 = len(got2)
        await asyncio.sleep(0.02)
        assert len(got2) == seen2
        return got2, closed2

    got2, closed2 = asyncio.run(sliced())
    assert got2 and closed2 == [True]


def test_a_failing_progress_callback_does_not_stop_the_search():
    got: list[object] = []
    done = threading.Event()

    def broken(value: object) -> None:
        raise RuntimeError("view gone")

    scheduler.run_search(
        progress_steps([]), on_done=lambda v: (got.append(v), done.set()), on_progress=broken
    )
    assert done.wait(10) and got == ["done"]


# ------------------------------------------------------------------ hints
class Recording(ReversiGame):
    """Reversi whose coach analysis records the threads it runs on and the depths it yields."""

    def __init__(self, **kw: Any):
        super().__init__(**kw)
        self.threads: set[int] = set()
        self.started: list[Position] = []
        self.closed: list[Position] = []

    def coach_steps(self, position: Position, *, time_budget: float) -> Any:
        inner = super().coach_steps(position, time_budget=time_budget)
        if inner is None:
            return None
        return self._wrap(position, inner)

    def _wrap(self, position: Position, inner: Any) -> Generator[object, None, object]:
        self.started.append(position)
        try:
            while True:
                self.threads.add(threading.get_ident())
                try:
                    value = next(inner)
                except StopIteration as stop:
                    return stop.value
                yield value
        finally:
            if not getattr(inner, "gi_frame", None) is None:
                inner.close()
            self.closed.append(position)


def test_hints_are_off_by_default_and_nothing_is_analysed():
    spec = Recording()
    m = make(spec)
    time.sleep(0.1)
    s = m.snapshot()
    assert s["settings"]["hints"] == "off" and s["coach"]["mode"] == "off"
    assert s["coach"]["hints"] == {} and s["coach"]["available"] is True
    assert spec.started == []
    assert "hints" not in s["options"]  # the coach's own toggle, not a select


def test_hints_mark_every_legal_square_off_the_kernel_thread():
    spec = Recording()
    m = make(spec, hints="on")
    s = until(lambda: (snap := m.snapshot())["coach"]["hints"] and snap)
    hints = s["coach"]["hints"]
    assert set(hints) == set(s["input"]["targets"]) == {"d3", "c4", "f5", "e6"}
    assert threading.get_ident() not in spec.threads and spec.threads
    assert any(h["best"] for h in hints.values())
    for hint in hints.values():
        assert hint["tone"] in ("best", "good", "bad") and hint["reason"]
        assert hint["text"] == "0" or hint["text"][0] in "+\u2212"
    m.close()


def test_hints_refine_as_the_analysis_deepens():
    depths: list[int] = []
    m = make(Recording())

    def seen() -> None:
        depth = m.snapshot()["coach"]["depth"]
        if depth is not None and (not depths or depths[-1] != depth):
            depths.append(depth)

    m.on_change = seen
    m.configure(hints="on")
    until(lambda: not m.snapshot()["coach"]["pending"] and depths)
    assert len(depths) >= 2 and depths == sorted(depths)
    m.close()


def test_exact_hints_equal_a_brute_force_count():
    start = endgame(7, seed=11)
    m = make(ReversiGame(position=start), hints="on")
    s = until(lambda: (snap := m.snapshot())["coach"]["exact"] and snap)
    for move in start.legal_moves():
        child = start.play(move)
        value = black_value(child) * (1 if start.to_move == "black" else -1)
        assert s["coach"]["hints"][str(move)]["text"] == signed(value), move
    best = max(
        black_value(start.play(mv)) * (1 if start.to_move == "black" else -1)
        for mv in start.legal_moves()
    )
    assert {t for t, h in s["coach"]["hints"].items() if h["best"]} == {
        str(mv)
        for mv in start.legal_moves()
        if black_value(start.play(mv)) * (1 if start.to_move == "black" else -1) == best
    }
    m.close()


class Gated(ReversiGame):
    """A coach analysis that waits for the test before it yields its first partial result."""

    def __init__(self) -> None:
        super().__init__()
        self.gate = threading.Event()
        self.closed: list[int] = []
        self.runs = 0

    def coach_steps(self, position: Position, *, time_budget: float) -> Any:
        self.runs += 1
        return self._steps(position, self.runs)

    def _steps(self, position: Position, run: int) -> Generator[object, None, object]:
        from boardbook.reversi.ai import analyse

        try:
            while not self.gate.is_set():
                time.sleep(0.005)
                yield None
            analysis = analyse(position, time_budget=0.01)
            yield analysis
            return analysis
        finally:
            self.closed.append(run)


def test_the_next_move_cancels_the_analysis_and_its_late_result_is_dropped():
    spec = Gated()
    m = make(spec, hints="on")
    until(lambda: spec.runs == 1)
    m.play("d3")  # the person moves before the hint arrives
    until(lambda: 1 in spec.closed)  # the first analysis was stopped...
    until(lambda: spec.runs == 2)  # ...and one for the new position started
    spec.gate.set()
    s = until(lambda: (snap := m.snapshot())["coach"]["hints"] and snap)
    assert set(s["coach"]["hints"]) == set(s["input"]["targets"])
    assert set(s["coach"]["hints"]) == {str(mv) for mv in m.position.legal_moves()}
    m.close()


def test_undo_restart_and_close_each_stop_the_running_analysis():
    spec = Gated()
    m = make(spec, hints="on")
    m.play("d3")
    until(lambda: spec.runs == 2 and 1 in spec.closed)
    m.undo()
    until(lambda: 2 in spec.closed and spec.runs == 3)
    m.restart()
    until(lambda: 3 in spec.closed and spec.runs == 4)
    m.close()
    until(lambda: 4 in spec.closed)
    assert spec.runs == 4


def test_no_hints_while_the_cpu_thinks_or_during_a_review():
    m = make(hints="on", mode="cpu", human="black", level="beginner")
    m.play("d3")
    m.wait(10)
    until(lambda: m.snapshot()["coach"]["hints"])
    m.review(0)
    assert m.snapshot()["coach"]["hints"] == {}
    m.review(None)
    assert m.snapshot()["coach"]["hints"]
    m.close()


def test_locked_off_hides_the_toggle_and_refuses_every_way_to_turn_hints_on():
    w = Reversi(hints="locked-off")
    try:
        assert w.state["coach"]["mode"] == "locked-off"
        with pytest.raises(SettingError, match="locked off") as refused:
            w.hints = "on"
        # It says only that the teacher turned hints off, never how to get around it.
        assert "new widget" not in str(refused.value) and "hints=" not in str(refused.value)
        assert w.hints == "locked-off"
        with pytest.raises(SettingError, match="teacher"):
            w.match.configure(hints="off")
        w._handle_custom_msg({"kind": "settings", "hints": "on"}, [])
        assert w.state["settings"]["hints"] == "locked-off"
        assert w.state["notice"] == "Hints are switched off for this notebook."
        assert w.state["coach"]["hints"] == {}
        w._handle_custom_msg({"kind": "settings", "hints": "on"}, [])
        assert w.match.coach._hint_job is None
    finally:
        w.close()


def test_the_settings_intent_turns_hints_on_and_off():
    w = Reversi()
    try:
        w._handle_custom_msg({"kind": "settings", "hints": "on"}, [])
        assert w.hints == "on"
        until(lambda: w.state["coach"]["hints"])
        w._handle_custom_msg({"kind": "settings", "hints": "off"}, [])
        assert w.state["coach"]["hints"] == {} and w.hints == "off"
    finally:
        w.close()


# ------------------------------------------------------------------ watch the CPU think
def test_the_cpu_shows_its_depth_and_line_then_what_it_expected_from_you():
    thoughts: list[dict[str, Any]] = []
    m = make(human="white", level="strong", think_time=0.3)  # two players: no search yet

    def seen() -> None:
        thinking = m.snapshot()["coach"]["thinking"]
        if thinking:
            thoughts.append(thinking)

    m.on_change = seen
    m.configure(mode="cpu")  # the CPU (Black) starts thinking
    m.wait(20)
    assert thoughts, "no progress was shown while the CPU thought"
    assert [t["depth"] for t in thoughts] == sorted(t["depth"] for t in thoughts)
    last = thoughts[-1]
    assert last["line"][0] == m.history[-1] and last["text"]
    s = m.snapshot()
    assert s["coach"]["thinking"] is None  # it has moved
    assert len(last["line"]) > 1  # a line longer than its own move, from the opening
    assert s["coach"]["expected"]["reply"] == last["line"][1]
    assert last["line"][1] in s["input"]["targets"]
    m.close()


def test_pace_slow_holds_the_move_until_its_time_has_passed():
    clock = [0.0]

    def quick() -> Generator[None, None, str]:
        yield None
        return "d3"

    steps = paced(quick(), 3.0, clock=lambda: clock[0])
    extra = 0
    while True:
        try:
            next(steps)
        except StopIteration as stop:
            assert stop.value == "d3"
            break
        extra += 1
        clock[0] += 1.0
    # The search's own yield, then one more at 1 s and at 2 s: it returns once 3 s have passed.
    assert extra == 3 and clock[0] == 3.0


# ------------------------------------------------------------------ review
def test_the_review_values_every_ply_and_marks_the_largest_swing():
    start = endgame(7, seed=5)
    # The first move is the mover's worst; then both sides play best (brute force).
    sign = 1 if start.to_move == "black" else -1
    worst = min(start.legal_moves(), key=lambda mv: sign * black_value(start.play(mv)))
    moves = [worst]
    position = start.play(worst)
    while position.outcome is None:
        s = 1 if position.to_move == "black" else -1
        best = max(position.legal_moves(), key=lambda mv: s * black_value(position.play(mv)))
        moves.append(best)
        position = position.play(best)
    m = make(ReversiGame(position=start))
    for move in moves:
        if m.position.outcome is None and m.position.legal_moves() != [PASS]:
            m.play(str(move))
    graph = until(lambda: (g := m.snapshot()["coach"]["graph"]) and not g["pending"] and g)
    positions = m.record.positions
    assert graph["values"] == [float(black_value(p)) for p in positions]
    loss = sign * (black_value(start) - black_value(start.play(worst)))
    assert loss >= 4  # the input: seed 5's worst first move throws discs away
    # Every later move is best (no loss), so the first is the only turning point.
    assert [turn["ply"] for turn in graph["turning"]] == [1]
    # Whose move it was, in words: "move 1, White played b2 and lost about 6 discs (…)".
    mover = start.to_move.capitalize()
    assert graph["turning"][0]["text"].startswith(f"move 1, {mover} played {worst} and ")
    m.close()


def test_the_graph_waits_for_the_review_to_be_opened_mid_game_and_a_new_game_drops_it():
    m = make()
    assert m.snapshot()["coach"]["graph"] is None
    m.load(["f5", "d6", "c3", "d3", "c4", "f4", "f6", "f3", "e6", "e7", "d7"], review=None)
    assert m.snapshot()["coach"]["graph"] is None  # not over, review never opened
    m.review(4)
    graph = until(lambda: (g := m.snapshot()["coach"]["graph"]) and not g["pending"] and g)
    assert len(graph["values"]) == 12 and all(isinstance(v, float) for v in graph["values"])
    m.restart()
    assert m.snapshot()["coach"]["graph"] is None
    m.close()


def best_line(start: Position, plies: int) -> list[str]:
    """``plies`` moves from ``start``, each the mover's best by brute force (passes skipped)."""
    moves, position = [], start
    while len(moves) < plies and position.outcome is None:
        sign = 1 if position.to_move == "black" else -1
        move = max(position.legal_moves(), key=lambda mv: sign * black_value(position.play(mv)))
        moves.append(str(move))
        position = position.play(move)
    return moves


def test_the_review_opened_mid_game_values_the_plies_so_far_and_extends_as_play_goes_on():
    start = endgame(8, seed=3)
    m = make(ReversiGame(position=start))
    line = best_line(start, 4)
    for move in line[:2]:
        m.play(move)
    m.review(1)
    graph = until(lambda: (g := m.snapshot()["coach"]["graph"]) and not g["pending"] and g)
    positions = list(m.record.positions)
    assert graph["values"] == [float(black_value(p)) for p in positions]
    m.review(None)  # back to the game: the graph stays and follows it
    for move in line[2:]:
        m.play(move)
    graph = until(
        lambda: (
            (g := m.snapshot()["coach"]["graph"])
            and not g["pending"]
            and len(g["values"]) == len(m.record.positions)
            and g
        )
    )
    assert graph["values"] == [float(black_value(p)) for p in m.record.positions]
    m.close()


def test_the_next_move_cancels_the_graphs_analysis_and_it_resumes_for_the_new_game():
    spec = Gated()
    m = make(spec)
    m.play("d3")
    m.play("c3")
    assert spec.runs == 0  # the review was never opened: nothing is analysed
    m.review(2)
    until(lambda: spec.runs == 1)
    m.review(None)
    m.play("c4")  # before the first ply was valued
    until(lambda: 1 in spec.closed)  # that analysis was stopped...
    until(lambda: spec.runs == 2)  # ...and the graph's resumed for the game as it is now
    assert m.snapshot()["coach"]["graph"]["pending"] is True
    spec.gate.set()
    graph = until(lambda: (g := m.snapshot()["coach"]["graph"]) and not g["pending"] and g)
    assert len(graph["values"]) == 4 and all(isinstance(v, float) for v in graph["values"])
    m.close()


def test_undo_truncates_the_graph_and_keeps_the_plies_already_valued():
    start = endgame(8, seed=3)
    spec = Recording(position=start)
    m = make(spec)
    for move in best_line(start, 3):
        m.play(move)
    m.review(0)
    graph = until(lambda: (g := m.snapshot()["coach"]["graph"]) and not g["pending"] and g)
    assert len(graph["values"]) == 4
    m.review(None)
    analysed = len(spec.started)
    m.undo()
    after = m.snapshot()["coach"]["graph"]
    assert after["values"] == graph["values"][:3] and after["pending"] is False
    time.sleep(0.1)
    assert len(spec.started) == analysed  # nothing valued twice
    m.close()


def test_undo_after_the_game_keeps_the_graph_of_the_plies_that_remain():
    start = endgame(6, seed=9)
    m = make(ReversiGame(position=start))
    for move in best_line(start, 60):
        if m.position.outcome is None and m.position.legal_moves() != [PASS]:
            m.play(move)
    assert m.position.outcome is not None
    graph = until(lambda: (g := m.snapshot()["coach"]["graph"]) and not g["pending"] and g)
    m.undo()
    assert m.position.outcome is None
    plies = len(m.record.moves)
    after = until(lambda: (g := m.snapshot()["coach"]["graph"]) and not g["pending"] and g)
    assert after["values"] == graph["values"][: plies + 1]
    assert after["values"] == [float(black_value(p)) for p in m.record.positions]
    m.close()


def test_the_graph_is_not_valued_while_the_cpu_thinks():
    spec = Recording()
    m = make(spec, mode="cpu", human="black", level="beginner")
    m.play("d3")
    m.wait(10)
    m.review(0)
    until(lambda: (g := m.snapshot()["coach"]["graph"]) and not g["pending"])
    m.review(None)
    analysed = len(spec.started)
    original = scheduler.run_search
    busy_when_started: list[bool] = []

    def spy(steps: Any, **kwargs: Any) -> Any:
        busy_when_started.append(m.busy)
        return original(steps, **kwargs)

    scheduler.run_search = spy  # type: ignore[assignment]
    try:
        m.play(m.snapshot()["input"]["targets"][0])
        m.wait(10)
        until(lambda: (g := m.snapshot()["coach"]["graph"]) and not g["pending"])
    finally:
        scheduler.run_search = original  # type: ignore[assignment]
    assert len(spec.started) > analysed  # the new plies were valued...
    # ...by analyses started only when the CPU was not thinking (the CPU's own search is the
    # one search started while busy).
    assert busy_when_started.count(True) == 1
    m.close()


# A 14-empties position from a lopsided game: Black's c4 wins by 62 with best play (the best
# move; e8 gives 60, a7 30; by the exact solver, which tests/test_reversi_ai.py checks against
# minimax and the FFO suite). Searched 5 plies deep, c4 is a proven win of at least 51 (a line
# ending the game) while e8 is an estimate of about 59: the kind of mix that once made the
# review say the best move had lost 8 discs.
MIXED = "XXXXXXXXXXXXXXXXXXXXXXXXXX-OXOXXXXOXXXXX-OOOOOXX--O--O-X-----O-- X"


def review_of(analysis: Any, move: str) -> Any:
    before = Position.from_text(MIXED)
    return ReversiGame().coach_review(before, parse_move(move), before.play(move), analysis)


def test_the_review_never_subtracts_an_estimate_from_a_proven_value():
    from boardbook.reversi.ai import _analyse_to_depth

    analysis = _analyse_to_depth(Position.from_text(MIXED), 5)  # fixed depth: no timing
    assert analysis.known("c4") and not analysis.known("e8")  # the mix itself
    assert analysis.values["e8"] - analysis.values["c4"] >= 4  # ... which used to be a "loss"
    point = review_of(analysis, "c4")
    assert point.loss == 0 and point.text is None  # the best move is never a turning point
    # Estimates are still compared with estimates of the same search, and worded as such.
    point = review_of(analysis, "a7")
    assert point.loss == pytest.approx(analysis.values["e8"] - analysis.values["a7"])
    assert point.text is not None and point.text.key == "reversi.coach.lost"
    assert point.text.fmt["best"] == "e8"
    spec = ReversiGame()
    assert "by estimate" in point.text.render("en", spec.side_label, spec.name)


def test_at_14_empties_the_review_is_exact_whatever_its_budget():
    before = Position.from_text(MIXED)
    spec = ReversiGame()
    analysis = drain(spec.coach_steps(before, time_budget=coach_module.REVIEW_BUDGET_S))
    assert analysis.exact
    assert review_of(analysis, "c4").text is None
    assert review_of(analysis, "e8").loss == 2  # exact minus exact: 62 - 60
    point = review_of(analysis, "a7")
    assert point.loss == 32 and point.text is not None
    assert point.text.key == "reversi.coach.lost_exact" and point.text.fmt["best"] == "c4"


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 10**9), empties=st.integers(6, 14))
def test_a_turning_points_better_move_is_never_worse_by_exact_solve(seed, empties):
    """In random games played on from <= 14 empties to the end with random moves (mistakes
    abound), at every ply: a review point that names a better move is right about it by exact
    solve, and never overstates the loss."""
    from boardbook.reversi.ai import solve

    exact = functools.cache(lambda position: solve(position)[0])
    rng = random.Random(seed)
    before = endgame(empties, seed)
    spec = ReversiGame()
    while before.outcome is None:
        move = rng.choice(before.legal_moves())
        after = before.play(move)
        if not move.is_pass:
            analysis = drain(spec.coach_steps(before, time_budget=coach_module.REVIEW_BUDGET_S))
            point = spec.coach_review(before, move, after, analysis)
            played = -exact(after)
            assert 0 <= point.loss <= exact(before) - played
            if point.text is not None and ("best" in point.text.fmt or "missed" in point.text.key):
                named = point.text.fmt.get("best", point.text.fmt.get("corner"))
                assert -exact(before.play(str(named))) > played
        before = after


# The issue's game, rebuilt: the strong level (0.1 s a move, White) wipes out the corner-seeker
# 64-0. At move 56 (11 empties) White plays b2, the best move (exactly +64); searched 7 plies
# deep, b2 is a proven win of at least 54 while g3 is an estimate clamped at 63 (exactly +60):
# the mix that once made the review say a best move "lost about 9 discs (g3 was better)".
LOPSIDED = Path(__file__).resolve().parent / "data" / "reversi-lopsided-game.txt"
FULL_REVIEW_BUDGET_S = coach_module.REVIEW_BUDGET_S  # before the fixture shortens it


def test_the_issues_game_replayed_names_only_truly_better_moves(monkeypatch):
    """Replayed and reviewed at the review's own budget: the best move at the trap is no
    turning point, and every point that names a better move at <= 14 empties (or one proven
    better, anywhere) is right about it by exact solve."""
    from boardbook.reversi.ai import _analyse_to_depth, solve

    moves = ReversiGame().read_transcript(LOPSIDED.read_text().strip())
    positions = [Position.start()]
    for move in moves:
        positions.append(positions[-1].play(move))
    # The trap is in this game (a fixed-depth search: no timing).
    trap = _analyse_to_depth(positions[55], 7)
    assert str(moves[55]) == "b2" and trap.known("b2") and not trap.known("g3")
    assert trap.values["g3"] - trap.values["b2"] >= 4
    assert -solve(positions[55].play("g3"))[0] < -solve(positions[55].play("b2"))[0]

    monkeypatch.setattr(coach_module, "REVIEW_BUDGET_S", FULL_REVIEW_BUDGET_S)
    m = make()
    m.load(moves, review=0)
    graph = until(lambda: (g := m.snapshot()["coach"]["graph"]) and not g["pending"] and g, 300)
    points = m.coach._review.points
    assert len(points) == len(moves) and graph["turning"]
    assert points[55].text is None  # the best move is no turning point
    for ply, point in enumerate(points):
        before = positions[ply]
        if point.text is None or not ("best" in point.text.fmt or "missed" in point.text.key):
            continue
        proven = point.text.key in ("reversi.coach.lost_exact", "reversi.coach.lost_at_least")
        if before.empties > 14 and not proven:
            continue  # an estimate, and worded as one
        named = str(point.text.fmt.get("best", point.text.fmt.get("corner")))
        played = -solve(before.play(moves[ply]))[0]
        assert -solve(before.play(named))[0] > played, (ply + 1, point)
        assert point.loss <= solve(before)[0] - played
    m.close()


def drain(steps: Any) -> Any:
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return done.value


# ------------------------------------------------------------------ records
TRANSCRIPT = "f5d6c3d3c4f4f6f3e6e7d7"


def test_a_transcript_and_a_position_string_round_trip():
    w = Reversi(moves=TRANSCRIPT)
    try:
        assert w.transcript == TRANSCRIPT == w.state["record"]["transcript"]
        assert w.state["review"] is None and w.state["input"]["targets"]  # play on from there
        text = w.position_text
        assert text == w.state["record"]["position"]
        other = Reversi(position=text)
        try:
            assert other.position == w.position
        finally:
            other.close()
        third = Reversi()
        try:
            third._handle_custom_msg({"kind": "load", "text": " ".join(TRANSCRIPT)}, [])
            assert third.position == w.position and third.transcript == TRANSCRIPT
            assert third.state["notice"] == "Game loaded: 11 moves."
        finally:
            third.close()
    finally:
        w.close()


def test_a_bad_transcript_is_refused_naming_the_move_and_changes_nothing():
    w = Reversi(moves="f5d6")
    try:
        before = w.position
        w._handle_custom_msg({"kind": "load", "text": "f5d6a1"}, [])
        assert w.position == before and w.transcript == "f5d6"
        assert "move 3" in w.state["notice"]
        w._handle_custom_msg({"kind": "load", "text": 7}, [])
        assert w.position == before and w.state["notice"]
        with pytest.raises(ValueError, match="move 3"):
            w.load_transcript("f5d6a1")
        with pytest.raises(ValueError):
            Reversi(moves="zz")
    finally:
        w.close()


def test_passes_survive_the_round_trip():
    # Black passes after these moves (found by random play; an input, not a result).
    moves = ["f5", "f6", "f7", "g7", "d3", "f8", "h8", "h6"]
    w = Reversi(moves="".join(moves))
    try:
        assert "pass" in w.history
        again = Reversi(moves=w.transcript)
        try:
            assert again.history == w.history and again.position == w.position
        finally:
            again.close()
    finally:
        w.close()


# ------------------------------------------------------------------ Beacon Lines
def beacon(**settings: Any) -> Match[Any, Any]:
    from boardbook.beacon.game import BeaconGame

    return Match(BeaconGame(seed=3), settings=settings, store=MemoryStatsStore())


def test_beacon_hints_show_the_equilibrium_mix_for_the_humans_choice():
    from boardbook.beacon import ai

    m = beacon(hints="on")  # against the CPU: it locks in first, then the hints are Red's
    m.wait(10)
    s = until(lambda: (snap := m.snapshot())["coach"]["hints"] and snap)
    value, red, _blue = ai.solve(m.position)
    hints = s["coach"]["hints"]
    assert set(hints) == set(s["input"]["targets"]) == set(red)
    for target, p in red.items():
        assert hints[target]["text"] == f"{round(p * 100)} %"
        assert hints[target]["best"] == (p > 0)
    mixed = ", ".join(f"{t} {round(p * 100)} %" for t, p in red.items() if p > 0)
    word = {1.0: "wins", -1.0: "loses", 0.0: "draws"}[value]
    assert s["coach"]["summary"] == f"{mixed}: best play {word}"
    m.close()


def test_a_beacon_target_outside_the_mix_that_loses_to_best_play_is_marked_bad():
    from boardbook.beacon import ai

    m = beacon(hints="on", mode="two-player")
    first = m.snapshot()["input"]["targets"]
    m.play(f"{first[0]}/{m.position.legal_targets('blue')[0]}")  # any round, then look
    node = ai.solution(m.position)
    s = until(lambda: (snap := m.snapshot())["coach"]["hints"] and snap)
    blue_mix = node.strategy("blue")
    for index, target in enumerate(node.red_targets):
        # Red's result with this target against Blue's equilibrium mix (the payoff table).
        against = sum(q * row for q, row in zip(blue_mix.values(), node.matrix[index]))
        tone = s["coach"]["hints"][target]["tone"]
        if node.strategy("red")[target] > 0:
            assert tone == "best"
        else:
            assert tone == ("bad" if against < node.value - 1e-6 else "good")
    m.close()


def test_beacon_review_gives_each_rounds_value_and_words_the_swings_by_round():
    from boardbook.beacon import ai

    m = beacon(mode="two-player")
    while m.position.outcome is None:
        red = m.position.legal_targets("red")[-1]
        blue = m.position.legal_targets("blue")[0]
        m.play(f"{red}/{blue}")
    graph = until(lambda: (g := m.snapshot()["coach"]["graph"]) and not g["pending"] and g)
    assert graph["values"] == [ai.solve(p)[0] for p in m.record.positions]
    for turn in graph["turning"]:
        assert turn["text"].startswith(f"round {turn['ply']}, Red went for ")
        # A coach's words: which way the game tipped, not "swung the value 1.00".
        assert "towards" in turn["text"] and "0." not in turn["text"] and "1.00" not in turn["text"]
    swings = [abs(b - a) for a, b in zip(graph["values"], graph["values"][1:])]
    assert [t["ply"] for t in graph["turning"]] == sorted(
        i + 1 for i, swing in enumerate(swings) if swing >= 0.25
    )
    m.close()


def test_a_beacon_transcript_loads_back():
    m = beacon(mode="two-player")
    m.play("North Pass/South Pass")
    text = m.snapshot()["record"]["transcript"]
    other = beacon(mode="two-player")
    other.load_transcript(text)
    assert other.position == m.position and other.history == m.history
    m.close()
    other.close()


def test_hints_arrive_in_slices_mode_too_as_in_pyodide():
    async def main() -> dict[str, Any]:
        with scheduler.use_mode("slices"):
            m = make(hints="on")
            for _ in range(2000):
                snap = m.snapshot()
                if snap["coach"]["hints"] and not snap["coach"]["pending"]:
                    break
                await asyncio.sleep(0.005)
            m.play("d3")  # cancels; the next position's analysis starts in slices
            for _ in range(2000):
                after = m.snapshot()
                if after["coach"]["hints"]:
                    break
                await asyncio.sleep(0.005)
            m.close()
            return {"first": snap, "after": after}

    got = asyncio.run(main())
    assert set(got["first"]["coach"]["hints"]) == {"d3", "c4", "f5", "e6"}
    assert set(got["after"]["coach"]["hints"]) == set(got["after"]["input"]["targets"])


def test_a_loaded_game_is_a_done_thing_not_a_warning():
    w = Reversi()
    try:
        w._handle_custom_msg({"kind": "input", "target": "a1"}, [])  # not a legal move
        assert w.state["notice_kind"] == "refusal"
        w._handle_custom_msg({"kind": "load", "text": "f5d6c3"}, [])
        assert w.state["notice"] == "Game loaded: 3 moves."
        assert w.state["notice_kind"] == "info"
        w._handle_custom_msg({"kind": "undo"}, [])
        assert w.state["notice_kind"] == "info"
    finally:
        w.close()
