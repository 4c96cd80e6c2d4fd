"""The daily puzzle mode of the match (core.puzzle) on the toy game of ``tests/toygame``.

The toy's "win" CPU takes a winning move when it has one, so a position where both sides have
two in a row makes every rule of the puzzle observable: X to move wins on c1 at once; any other
X move (except the block on c2) lets O win on c2; the block on c2 uses a move without winning.
The clock and Japan's date are fakes, so the time, the streak across days and the "only today's
puzzle is recorded" rule are checked without waiting.
"""

from __future__ import annotations

import datetime as dt

import pytest
from boardbook.core.daily import DailyPuzzle
from boardbook.core.match import Match, Rejected, SettingError
from boardbook.core.puzzle import FAILED, PLAYING, SOLVED, clock_text, share_text
from boardbook.core.stats import MemoryStatsStore, Store, open_store
from hypothesis import given, settings
from hypothesis import strategies as st
from toygame import SQUARES, Move, Position, SlideGame

# X: a1 b1 (c1 wins); O: a2 b2 (c2 wins). X to move.
TWO_THREATS = Position(cells=("x", "x", "", "o", "o", "", "", "", ""), side="x", ply=4)
DAY = dt.date(2026, 12, 1)


class Clock:
    """A fake monotonic clock: ``advance(seconds)`` moves it on."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


def puzzle_match(
    store: Store,
    *,
    moves: int = 2,
    day: dt.date = DAY,
    today: dt.date = DAY,
    clock: Clock | None = None,
) -> Match[Position, Move]:
    daily = DailyPuzzle(day, "slide", TWO_THREATS, moves, f"slide-{day}", "two threats")
    return Match(
        SlideGame(start=TWO_THREATS),
        store=store,
        puzzle=daily,
        puzzle_options={"clock": clock or Clock(), "today": lambda: today},
    )


def state(m: Match[Position, Move], lang: str = "en") -> dict[str, object]:
    part = m.snapshot(lang)["puzzle"]
    assert isinstance(part, dict)
    return part


def test_the_person_plays_the_side_to_move_against_the_strongest_level():
    m = puzzle_match(MemoryStatsStore())
    assert m.human_side == "x" and m.mode == "cpu" and m.level == SlideGame.levels[-1]
    s = state(m)
    assert s["result"] == PLAYING and s["moves_allowed"] == 2 and s["moves_left"] == 2
    assert s["title"] == "Today's puzzle · win within 2 moves" and s["share"] == ""
    assert state(m, "ja")["title"] == "本日の課題・2手以内で勝て"
    assert m.settings["hints"] == "locked-off"  # the coach would show the answer
    with pytest.raises(SettingError):
        m.configure(hints="on")
    with pytest.raises(SettingError, match="strongest CPU"):
        m.configure(level="first")
    with pytest.raises(SettingError):
        m.configure(human="o")
    with pytest.raises(SettingError):  # a shorter think would weaken the defence
        m.configure(think_time=0.01)


def test_a_win_within_the_moves_solves_it_and_records_moves_and_seconds():
    store, clock = MemoryStatsStore(), Clock()
    m = puzzle_match(store, clock=clock)
    clock.advance(41.7)
    m.play("c1")
    s = state(m)
    assert s["result"] == SOLVED and s["moves_used"] == 1 and s["time"] == "0:41"
    assert s["result_text"] == "Solved in 1 move (0:41)" and s["streak"] == 1
    assert s["share"] == "boardbook Slide daily 2026-12-01: solved in 1 move, 0:41 — streak 1 🔥"
    (row,) = store.puzzle_history("slide")
    assert row["solved"] and row["moves"] == 1 and row["seconds"] == pytest.approx(41.7)
    assert row["puzzle_id"] == "slide-2026-12-01"
    assert store.games("slide") == []  # a puzzle is not a game against the CPU


def test_a_wrong_move_fails_when_the_cpu_wins_and_try_again_restarts_the_same_puzzle():
    store, clock = MemoryStatsStore(), Clock()
    m = puzzle_match(store, clock=clock)
    m.play("a3")  # neither the win nor the block: O wins on c2
    m.wait(10)
    assert m.position.outcome is not None and m.position.outcome.winner == "o"
    s = state(m)
    assert s["result"] == FAILED and s["result_text"].startswith("Not solved: the CPU won")
    assert s["share"] == "boardbook Slide daily 2026-12-01: not solved this time — streak 0 🔥"
    assert [r["solved"] for r in store.puzzle_history("slide")] == [False]
    m.restart()  # try again: the same position, a fresh clock
    assert m.position == TWO_THREATS and state(m)["result"] == PLAYING
    assert state(m)["attempt"] == 2
    clock.advance(5)
    m.play("c1")
    s = state(m)
    assert s["result"] == SOLVED and s["seconds"] == 5.0 and s["streak"] == 1
    assert [r["solved"] for r in store.puzzle_history("slide")] == [True]  # the solve counts


def test_using_up_the_moves_without_a_win_fails_and_stops_the_board():
    m = puzzle_match(MemoryStatsStore(), moves=1)
    assert state(m)["title"] == "Today's puzzle · win in 1 move"
    m.play("c2")  # blocks O but does not win: the one move is used up
    s = state(m)
    assert s["result"] == FAILED and s["moves_left"] == 0
    assert s["result_text"] == "Not solved: no win in 1 move. Try again?"
    assert not m.busy and m.snapshot("en")["input"]["targets"] == []  # type: ignore[index]
    assert m.snapshot("en")["status"] == s["result_text"]
    with pytest.raises(Rejected):
        m.input("c1")
    assert m.snapshot("en")["can_undo"] is False
    with pytest.raises(Rejected):  # a finished attempt is not undone: try again instead
        m.undo()


def test_undo_takes_back_the_defence_too_and_marks_the_attempt_assisted():
    store = MemoryStatsStore()
    m = puzzle_match(store, moves=3)
    m.play("c2")  # block; the CPU defends
    m.wait(10)
    assert m.history[0] == "c2" and len(m.history) == 2
    m.undo()
    assert m.position == TWO_THREATS and state(m)["assisted"]
    assert "will not count" in str(state(m)["note"])
    m.play("c1")
    s = state(m)
    assert s["result"] == SOLVED and s["assisted"] and s["streak"] == 0
    assert "not counted for the streak" in str(s["result_text"])
    assert "solved with undo" in str(s["share"])
    assert [r["solved"] for r in store.puzzle_history("slide")] == [False]
    m.restart()  # a clean try the same day still counts
    assert not state(m)["assisted"]
    m.play("c1")
    assert state(m)["streak"] == 1
    assert [r["solved"] for r in store.puzzle_history("slide")] == [True]


def test_the_streak_counts_consecutive_solved_days_in_japan():
    store = MemoryStatsStore()
    first = DAY - dt.timedelta(days=2)
    for offset in range(3):
        day = first + dt.timedelta(days=offset)
        m = puzzle_match(store, day=day, today=day)
        m.play("c1")
        assert state(m)["streak"] == offset + 1
        m.close()
    assert state(m)["streak_text"] == "Streak: 3 days"
    assert state(m, "ja")["streak_text"] == "連続3日"
    # The next day, unsolved yet: the streak still stands; a failure breaks nothing already won.
    nxt = DAY + dt.timedelta(days=1)
    m = puzzle_match(store, day=nxt, today=nxt, moves=1)
    assert state(m)["streak"] == 3
    m.play("c2")
    assert state(m)["result"] == FAILED and state(m)["streak"] == 3
    # Two days later the gap has broken it.
    later = nxt + dt.timedelta(days=1)
    assert puzzle_match(store, day=later, today=later).puzzle is not None
    assert state(puzzle_match(store, day=later, today=later))["streak"] == 0


def test_a_transcript_cannot_stand_in_for_the_cpus_defence():
    store = MemoryStatsStore()
    m = puzzle_match(store)
    with pytest.raises(Rejected):
        m.load(["a3", "c3", "c1"])  # the person would pick the CPU's reply too
    with pytest.raises(Rejected):
        m.load_transcript("a3 c3 c1")
    assert m.position == TWO_THREATS and state(m)["result"] == PLAYING
    assert store.puzzle_history("slide") == []


def test_another_days_puzzle_is_practice_and_not_recorded():
    store = MemoryStatsStore()
    m = puzzle_match(store, day=DAY - dt.timedelta(days=1), today=DAY)
    assert "Practice" in str(state(m)["note"]) and not state(m)["counted"]
    m.play("c1")
    assert state(m)["result"] == SOLVED
    assert store.puzzle_history("slide") == [] and state(m)["streak"] == 0


def test_share_text_and_clock_words():
    assert clock_text(0) == "0:00" and clock_text(61.9) == "1:01" and clock_text(3725) == "1:02:05"
    text = share_text("Quads", DAY, SOLVED, moves=2, seconds=41, streak=3)
    assert text == "boardbook Quads daily 2026-12-01: solved in 2 moves, 0:41 — streak 3 🔥"
    ja = share_text("Quads", DAY, SOLVED, moves=2, seconds=41, streak=3, lang="ja")
    assert ja == "boardbook Quads 本日の課題 2026-12-01：2手で正解 0:41 — 連続3日🔥"
    assert "http" not in text


def test_the_record_persists_in_the_stats_file_of_boardbook_data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("BOARDBOOK_DATA_DIR", str(tmp_path))
    m = puzzle_match(open_store())
    m.play("c1")
    m.close()
    assert (tmp_path / "stats.sqlite3").is_file()
    again = open_store()
    (row,) = again.puzzle_history("slide")
    assert row["solved"] and row["date"] == DAY
    assert again.puzzle_streak("slide", DAY) == 1
    assert state(puzzle_match(again))["streak"] == 1  # a new session shows the kept streak


@settings(max_examples=40, deadline=None)
@given(
    moves=st.integers(1, 3),
    actions=st.lists(
        st.one_of(st.sampled_from(["undo", "restart"]), st.sampled_from(SQUARES)), max_size=12
    ),
)
def test_any_sequence_of_moves_undos_and_retries_keeps_the_puzzle_consistent(moves, actions):
    """Whatever is pressed: the moves used never exceed the allowance while playing, a solve is
    a win by the person within it, and the day is stored solved only after an unassisted solve."""
    store = MemoryStatsStore()
    m = puzzle_match(store, moves=moves)
    clean_solve = False
    for action in actions:
        try:
            if action == "undo":
                m.undo()
            elif action == "restart":
                m.restart()
            else:
                m.input(action)
        except Rejected:
            pass
        m.wait(10)
        s = state(m)
        assert s["result"] in (PLAYING, SOLVED, FAILED)
        assert 0 <= s["moves_used"] <= moves and s["moves_left"] == moves - s["moves_used"]
        outcome = m.position.outcome
        if s["result"] == SOLVED:
            assert outcome is not None and outcome.winner == "x"
            clean_solve = clean_solve or not s["assisted"]
        elif s["result"] == PLAYING:
            assert outcome is None and s["share"] == ""
        history = store.puzzle_history("slide")
        assert bool(history and history[0]["solved"]) == clean_solve
        assert s["streak"] == int(clean_solve)
