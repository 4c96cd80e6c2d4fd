"""The stats store: where it lives, what it counts, and that it survives corruption and races.

Only real corruption may move a file aside: a lock, a read-only place or a bad argument must
leave the player's record exactly as it was, and every warning must say what really happened.
"""

from __future__ import annotations

import datetime as dt
import multiprocessing
import shutil
import sqlite3
import threading
import time
import warnings
from pathlib import Path

import pytest
from boardbook.core import stats
from boardbook.core.stats import (
    FILENAME,
    SCHEMA_VERSION,
    MemoryStatsStore,
    StatsStore,
    Store,
    default_path,
    open_store,
)
from hypothesis import given, settings
from hypothesis import strategies as st

DATA = Path(__file__).resolve().parent / "data"


def test_location_follows_env_var_and_argument(tmp_path, monkeypatch):
    monkeypatch.setenv("BOARDBOOK_DATA_DIR", str(tmp_path / "env"))
    assert default_path() == tmp_path / "env" / FILENAME
    store = StatsStore()
    assert store.path == tmp_path / "env" / FILENAME and store.path.exists()
    explicit = StatsStore(tmp_path / "elsewhere" / "s.db")
    assert explicit.path.exists()
    monkeypatch.delenv("BOARDBOOK_DATA_DIR")
    assert "boardbook" in str(default_path())


def test_file_uses_wal(tmp_path):
    store = StatsStore(tmp_path / "s.db")
    db = sqlite3.connect(store.path)
    assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    db.close()


def test_record_summary_per_level_and_delete(tmp_path):
    store = StatsStore(tmp_path / "s.db")
    ids = [
        store.record_game(
            "reversi",
            mode="cpu",
            level="strong",
            human="black",
            winner="white",
            result="loss",
            scores={"black": 20, "white": 44},
            moves="f5d6",
            reason="board full",
        ),
        store.record_game(
            "reversi",
            mode="cpu",
            level="beginner",
            human="white",
            winner="white",
            result="win",
            scores={"black": 10, "white": 54},
        ),
        store.record_game(
            "reversi",
            mode="cpu",
            level="beginner",
            human="black",
            winner=None,
            result="draw",
            scores={"black": 32, "white": 32},
        ),
        store.record_game(
            "reversi",
            mode="two-player",
            winner="black",
            players={"black": "Player 1", "white": "Player 2"},
        ),
        store.record_game(
            "beacon", mode="cpu", level="equilibrium", human="red", winner="red", result="win"
        ),
    ]
    assert len(set(ids)) == 5
    assert store.summary("reversi", "strong") == {"wins": 0, "losses": 1, "draws": 0}
    assert store.summary("reversi", "beginner") == {"wins": 1, "losses": 0, "draws": 1}
    assert store.summary("reversi") == {"wins": 1, "losses": 1, "draws": 1}
    by_level = store.summary_by_level("reversi", ("beginner", "corner", "strong"))
    assert list(by_level) == ["beginner", "corner", "strong"]
    assert by_level["corner"] == {"wins": 0, "losses": 0, "draws": 0}
    rows = store.games("reversi")
    assert [r["id"] for r in rows] == ids[:4]
    assert rows[0]["scores"] == {"black": 20, "white": 44} and rows[0]["moves"] == "f5d6"
    assert rows[3]["players"] == {"black": "Player 1", "white": "Player 2"}
    assert rows[0]["finished_at"].endswith("+00:00")

    assert store.delete_game(ids[1]) is True
    assert store.delete_game(ids[1]) is False
    assert store.summary("reversi", "beginner") == {"wins": 0, "losses": 0, "draws": 1}
    # Once the writer is done, a second store on the same file sees the same data (the
    # device's record, not the object's), and this store still lists the ids it handed out.
    assert store.flush(10)
    assert [r["id"] for r in store.games("reversi")] == [ids[0], ids[2], ids[3]]
    assert StatsStore(store.path).summary("reversi") == {"wins": 0, "losses": 1, "draws": 1}


def test_bad_record_arguments_are_rejected(tmp_path):
    store = StatsStore(tmp_path / "s.db")
    with pytest.raises(ValueError, match="result"):
        store.record_game("reversi", mode="cpu", winner="black", result="victory")
    with pytest.raises(ValueError, match="game"):
        store.record_game("", mode="cpu", winner="black")
    assert store.games() == []


def test_flags_persist(tmp_path):
    store = StatsStore(tmp_path / "s.db")
    assert store.get_flag("reversi.x_square_hint") is None
    assert store.get_flag("reversi.x_square_hint", False) is False
    store.set_flag("reversi.x_square_hint")
    store.set_flag("counter", {"n": 2})
    store.set_flag("counter", {"n": 3})
    assert store.get_flag("counter") == {"n": 3}  # at once, before the writer is done
    assert store.flush(10)
    again = StatsStore(store.path)
    assert again.get_flag("reversi.x_square_hint") is True
    assert again.get_flag("counter") == {"n": 3}


@pytest.mark.parametrize(
    "content",
    [b"this is not a database at all" * 100, b"SQLite format 3\x00" + b"\xff" * 4000],
    ids=["garbage", "damaged-header"],
)
def test_corrupt_file_is_moved_aside_with_a_warning(tmp_path, content):
    path = tmp_path / "s.db"
    path.write_bytes(content)
    with pytest.warns(RuntimeWarning, match="moved to"):
        store = StatsStore(path)
    aside = list(tmp_path.glob("s.db.corrupt-*"))
    assert len(aside) == 1 and aside[0].read_bytes() == content
    store.record_game("reversi", mode="cpu", level="strong", winner="black", result="win")
    assert store.summary("reversi") == {"wins": 1, "losses": 0, "draws": 0}


def test_foreign_database_is_moved_aside(tmp_path):
    path = tmp_path / "s.db"
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE games (x INTEGER)")
    db.commit()
    db.close()
    with pytest.warns(RuntimeWarning, match="unreadable"):
        store = StatsStore(path)
    assert store.summary("reversi") == {"wins": 0, "losses": 0, "draws": 0}
    assert len(list(tmp_path.glob("s.db.corrupt-*"))) == 1


def test_corruption_while_open_recovers_on_next_use(tmp_path):
    store = StatsStore(tmp_path / "s.db")
    store.record_game("reversi", mode="cpu", level="strong", winner="black", result="win")
    assert store.flush(10)
    for side in ("s.db-wal", "s.db-shm"):
        (tmp_path / side).unlink(missing_ok=True)
    (tmp_path / "s.db").write_bytes(b"scribbled over by something else" * 200)
    with warnings.catch_warnings(record=True) as record:
        warnings.simplefilter("always")
        new_id = store.record_game(
            "reversi", mode="cpu", level="strong", winner="white", result="loss"
        )
        assert store.flush(10)  # the writer finds the damage and recovers
    assert "fresh one" in _messages(record)
    assert store.summary("reversi") == {"wins": 0, "losses": 1, "draws": 0}
    assert [g["id"] for g in store.games()] == [new_id]


def _writer(path: str, worker: int, count: int) -> None:
    store = StatsStore(path)
    for i in range(count):
        store.record_game(
            "reversi",
            mode="cpu",
            level="strong",
            human="black",
            winner="black",
            result="win",
            moves=f"w{worker}-{i}",
        )
        store.set_flag(f"worker-{worker}", i)
    assert store.flush(60)


def test_concurrent_writers_in_separate_processes_lose_nothing(tmp_path):
    path = tmp_path / "s.db"
    StatsStore(path)
    workers, count = 4, 40
    ctx = multiprocessing.get_context("spawn")
    procs = [ctx.Process(target=_writer, args=(str(path), w, count)) for w in range(workers)]
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        for p in procs:
            p.start()
        for p in procs:
            p.join(120)
    assert [p.exitcode for p in procs] == [0] * workers
    store = StatsStore(path)
    moves = sorted(g["moves"] for g in store.games("reversi"))
    assert moves == sorted(f"w{w}-{i}" for w in range(workers) for i in range(count))
    assert store.summary("reversi", "strong")["wins"] == workers * count
    assert [store.get_flag(f"worker-{w}") for w in range(workers)] == [count - 1] * workers


def test_unusable_location_falls_back_to_a_session_store(tmp_path):
    blocker = tmp_path / "not-a-dir"
    blocker.write_text("a file where the data directory should be")
    with pytest.warns(RuntimeWarning, match="this session only"):
        store = open_store(blocker / "sub" / "s.db")
    assert isinstance(store, MemoryStatsStore)
    game_id = store.record_game(
        "reversi",
        mode="cpu",
        level="corner",
        winner="white",
        result="loss",
        scores={"black": 1, "white": 2},
    )
    store.record_game("reversi", mode="two-player", winner="black")
    assert store.summary("reversi") == {"wins": 0, "losses": 1, "draws": 0}
    assert store.summary_by_level("reversi", ("strong",)) == {
        "strong": {"wins": 0, "losses": 0, "draws": 0},
        "corner": {"wins": 0, "losses": 1, "draws": 0},
    }
    assert store.delete_game(game_id) and not store.delete_game(game_id)
    assert store.summary("reversi") == {"wins": 0, "losses": 0, "draws": 0}
    store.set_flag("hint")
    assert store.get_flag("hint") is True and store.get_flag("other", 5) == 5
    with pytest.raises(ValueError, match="result"):
        store.record_game("reversi", mode="cpu", winner=None, result="tie")


# -- helpers ------------------------------------------------------------------------------------
def _healthy(path: Path, games: int = 3) -> StatsStore:
    store = StatsStore(path)
    for i in range(games):
        store.record_game("reversi", mode="cpu", level="strong", winner="black", result="win")
    store.set_flag("seen", i)
    assert store.flush(10)
    return store


def _untouched(path: Path, games: int = 3) -> None:
    """The file is still where it was, with every game in it, and nothing was moved aside."""
    assert list(path.parent.glob(path.name + ".corrupt-*")) == []
    db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        assert db.execute("SELECT COUNT(*) FROM games").fetchone()[0] == games
    finally:
        db.close()


def _messages(record: list[warnings.WarningMessage]) -> str:
    return " | ".join(str(w.message) for w in record)


# -- D1a: a lock is never waited for: reads see the last known record, writes are retried ----
#: A request that does not wait on the record still takes a little time on a busy machine.
NO_WAIT_S = 0.1


def _rollback_journal_file(path: Path) -> None:
    _healthy(path)
    db = sqlite3.connect(path)
    assert db.execute("PRAGMA journal_mode=DELETE").fetchone()[0] == "delete"
    db.close()


def test_a_file_locked_at_open_is_shown_queued_and_never_moved_aside(tmp_path):
    path = tmp_path / "s.db"
    _rollback_journal_file(path)
    holder = sqlite3.connect(path, isolation_level=None)  # a DB browser holding a write lock
    holder.execute("BEGIN EXCLUSIVE")  # rollback journal: readers are locked out too
    try:
        with warnings.catch_warnings(record=True) as record:
            warnings.simplefilter("always")
            started = time.perf_counter()
            store = open_store(path)
            assert isinstance(store, StatsStore)
            assert store.summary("reversi")["wins"] == 3  # the last known record, not a reset
            game_id = store.record_game("reversi", mode="cpu", winner="white", result="loss")
            took = time.perf_counter() - started
        assert took < NO_WAIT_S, took  # the old store waited 4 x 0.25 s here
        assert store.summary("reversi") == {"wins": 3, "losses": 1, "draws": 0}
        assert store.pending and game_id < 0
        text = _messages(record)
        assert "moved" not in text and "fresh" not in text
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert store.flush(30)
    _untouched(path, 4)
    assert StatsStore(path).summary("reversi") == {"wins": 3, "losses": 1, "draws": 0}


def test_a_write_during_a_lock_is_queued_and_lands_when_it_goes(tmp_path):
    path = tmp_path / "s.db"
    _rollback_journal_file(path)
    store = StatsStore(path)
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        started = time.perf_counter()
        first = store.record_game("reversi", mode="cpu", winner="white", result="loss")
        second = store.record_game("reversi", mode="cpu", winner="white", result="loss")
        assert time.perf_counter() - started < NO_WAIT_S  # the old store waited 0.25 s
        assert store.delete_game(second)  # undo after the end, while the write still waits
        store.set_flag("seen", "during the lock")
        assert store.summary("reversi") == {"wins": 3, "losses": 1, "draws": 0}
        assert store.get_flag("seen") == "during the lock"
        assert [g["id"] for g in store.games()][-1] == first
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert store.flush(30) and store.pending == 0
    _untouched(path, 4)
    again = StatsStore(path)
    assert again.summary("reversi") == {"wins": 3, "losses": 1, "draws": 0}
    assert again.get_flag("seen") == "during the lock"


def test_a_lock_gone_by_the_retry_opens_normally(tmp_path, monkeypatch):
    path = tmp_path / "s.db"
    _healthy(path)
    real = StatsStore._initialise
    calls = []

    def busy_once(self: StatsStore) -> None:
        calls.append(1)
        if len(calls) == 1:
            error = sqlite3.OperationalError("database is locked")
            error.sqlite_errorcode = 5  # SQLITE_BUSY, as sqlite sets it
            raise error
        real(self)

    monkeypatch.setattr(StatsStore, "_initialise", busy_once)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        store = StatsStore(path)
    assert len(calls) == 2 and store.summary("reversi")["wins"] == 3
    _untouched(path)


# -- D1b: bad arguments raise before the file is touched -----------------------------------------
MISUSE = [
    ("record_game", ("reversi",), {"mode": None, "winner": None}),
    ("record_game", ("reversi",), {"mode": "cpu", "winner": None, "reason": None}),
    ("record_game", ("reversi",), {"mode": "cpu", "winner": None, "moves": ["f5"]}),
    ("record_game", ("reversi",), {"mode": "cpu", "winner": {"black": 1}}),
    ("record_game", ("reversi",), {"mode": "cpu", "winner": None, "scores": {"b": "x"}}),
    ("record_game", ("reversi",), {"mode": "cpu", "winner": None, "players": ["a"]}),
    ("record_game", ("reversi",), {"mode": "cpu", "winner": None, "level": 3}),
    ("record_game", (None,), {"mode": "cpu", "winner": None}),
    ("delete_game", ("1",), {}),
    ("games", (["reversi"],), {}),
    ("summary", (["reversi"],), {}),
    ("summary", ("reversi", 2), {}),
    ("summary_by_level", ("reversi", "strong"), {}),
    ("get_flag", (("a", "b"),), {}),
    ("set_flag", (["a"], 1), {}),
    ("set_flag", ("a", object()), {}),
    ("set_flag", ("a", float("nan")), {}),
    ("record_puzzle", ("quads", "2026-12-01", "q1"), {"solved": True, "moves": 3, "seconds": 1}),
    (
        "record_puzzle",
        ("quads", dt.datetime(2026, 12, 1, tzinfo=dt.UTC), "q1"),
        {"solved": True, "moves": 3, "seconds": 1},
    ),
    (
        "record_puzzle",
        ("quads", dt.date(2026, 12, 1), "q1"),
        {"solved": 1, "moves": 3, "seconds": 1},
    ),
    (
        "record_puzzle",
        ("quads", dt.date(2026, 12, 1), "q1"),
        {"solved": True, "moves": -1, "seconds": 1},
    ),
    (
        "record_puzzle",
        ("quads", dt.date(2026, 12, 1), ""),
        {"solved": True, "moves": 3, "seconds": 1},
    ),
    (
        "record_puzzle",
        ("quads", dt.date(2026, 12, 1), "q1"),
        {"solved": True, "moves": 3, "seconds": float("inf")},
    ),
    ("puzzle_streak", ("quads", "2026-12-01"), {}),
    ("puzzle_history", (None,), {}),
]


@pytest.mark.parametrize(("method", "args", "kwargs"), MISUSE, ids=lambda v: repr(v)[:40])
def test_bad_arguments_raise_before_the_file_is_touched(
    tmp_path, monkeypatch, method, args, kwargs
):
    path = tmp_path / "s.db"
    store = _healthy(path)

    def no_file_access(self: StatsStore) -> sqlite3.Connection:
        raise AssertionError("the file was touched before the arguments were checked")

    monkeypatch.setattr(StatsStore, "_connect", no_file_access)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        with pytest.raises((TypeError, ValueError)):
            getattr(store, method)(*args, **kwargs)
        with pytest.raises((TypeError, ValueError)):
            getattr(MemoryStatsStore(), method)(*args, **kwargs)
    monkeypatch.undo()
    _untouched(path)


def test_a_database_error_that_is_not_corruption_never_moves_the_file(tmp_path):
    path = tmp_path / "s.db"
    store = _healthy(path)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        with pytest.raises(sqlite3.IntegrityError):  # NOT NULL: what mode=None used to cause
            store._run(lambda db: db.execute("INSERT INTO games (game) VALUES ('x')"))
        with pytest.raises(sqlite3.ProgrammingError):
            store._run(lambda db: db.execute("SELECT ?", (("a", "b"),)), False)
    _untouched(path)


# -- D7: warnings say what actually happened ------------------------------------------------------
def test_a_location_where_no_file_can_be_created_says_so(tmp_path, monkeypatch):
    # What a read-only directory does to sqlite (a real SQLITE_CANTOPEN; root ignores chmod).
    nowhere = tmp_path / "no-such-dir" / "x.db"
    monkeypatch.setattr(StatsStore, "_connect", lambda self: sqlite3.connect(nowhere))
    with warnings.catch_warnings(record=True) as record:
        warnings.simplefilter("always")
        store = open_store(tmp_path / "s.db")
    assert isinstance(store, MemoryStatsStore)
    text = _messages(record)
    assert len(record) == 1, text
    assert "cannot create the stats file" in text and "session only" in text
    assert "moved" not in text and "fresh" not in text
    assert list(tmp_path.iterdir()) == []


def test_a_corrupt_file_that_cannot_be_moved_is_left_and_said_so(tmp_path, monkeypatch):
    path = tmp_path / "s.db"
    path.write_bytes(b"not a database" * 300)

    def refuse(src: object, dst: object) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(stats.os, "replace", refuse)
    with warnings.catch_warnings(record=True) as record:
        warnings.simplefilter("always")
        store = open_store(path)
    assert isinstance(store, MemoryStatsStore)
    text = _messages(record)
    assert len(record) == 1, text
    assert "could not be moved aside" in text and "left as it is" in text
    assert "moved to" not in text and "fresh one" not in text
    assert path.read_bytes() == b"not a database" * 300


def test_a_read_only_file_keeps_its_earlier_results_in_view(tmp_path, monkeypatch):
    path = tmp_path / FILENAME
    shutil.copy(DATA / "stats-v1.sqlite3", path)  # needs a schema upgrade, so a write
    read_only = path.resolve().as_uri() + "?mode=ro"
    monkeypatch.setattr(StatsStore, "_connect", lambda self: sqlite3.connect(read_only, uri=True))
    with warnings.catch_warnings(record=True) as record:
        warnings.simplefilter("always")
        store = open_store(path)
    assert isinstance(store, MemoryStatsStore)
    text = _messages(record)
    assert "read-only" in text and "3 earlier games" in text and "moved" not in text
    assert store.summary_by_level("reversi") == {
        "beginner": {"wins": 1, "losses": 0, "draws": 0},
        "strong": {"wins": 0, "losses": 1, "draws": 0},
    }
    assert store.get_flag("reversi.x_square_hint_shown") is True
    new_id = store.record_game("reversi", mode="cpu", level="strong", winner="b", result="win")
    assert new_id not in [g["id"] for g in store.games()[:3]]
    monkeypatch.undo()
    assert len(StatsStore(path).games()) == 3  # the file itself got nothing


# -- D8: processes racing to open one corrupt file recover it once --------------------------------
def _racing_open(path: str, barrier: multiprocessing.synchronize.Barrier, worker: int) -> None:
    barrier.wait(60)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        store = StatsStore(path)
    store.record_game("reversi", mode="cpu", winner="black", result="win", moves=f"w{worker}")
    assert store.flush(60)


def test_processes_racing_on_a_corrupt_file_move_it_aside_once(tmp_path):
    path = tmp_path / "s.db"
    path.write_bytes(b"this is not a database at all" * 100)
    ctx = multiprocessing.get_context("spawn")
    workers = 4
    barrier = ctx.Barrier(workers)
    procs = [ctx.Process(target=_racing_open, args=(str(path), barrier, w)) for w in range(workers)]
    for p in procs:
        p.start()
    for p in procs:
        p.join(120)
    assert [p.exitcode for p in procs] == [0] * workers
    assert len(list(tmp_path.glob("s.db.corrupt-*"))) == 1
    assert sorted(g["moves"] for g in StatsStore(path).games()) == [f"w{w}" for w in range(workers)]


def test_two_openers_that_both_find_corruption_move_it_aside_once(tmp_path, monkeypatch):
    # The race made certain: each opener waits until the other has also seen the corrupt file.
    path = tmp_path / "s.db"
    path.write_bytes(b"this is not a database at all" * 100)
    real = StatsStore._initialise
    both_saw_it = threading.Barrier(2)
    first_look: set[int] = set()

    def initialise(self: StatsStore) -> None:
        try:
            real(self)
        except sqlite3.DatabaseError:
            if threading.get_ident() not in first_look:
                first_look.add(threading.get_ident())
                both_saw_it.wait(30)
            raise

    monkeypatch.setattr(StatsStore, "_initialise", initialise)
    errors: list[BaseException] = []

    def open_and_record(worker: int) -> None:
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                store = StatsStore(path)
            store.record_game("reversi", mode="cpu", winner="b", result="win", moves=f"w{worker}")
            assert store.flush(30)
        except BaseException as exc:  # noqa: BLE001 - reported below
            errors.append(exc)

    threads = [threading.Thread(target=open_and_record, args=(w,)) for w in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert errors == []
    assert len(list(tmp_path.glob("s.db.corrupt-*"))) == 1
    assert sorted(g["moves"] for g in StatsStore(path).games()) == ["w0", "w1"]


@pytest.mark.parametrize("locked_answers", [1, stats.RECOVERY_ATTEMPTS])
def test_a_fresh_file_locked_for_a_moment_during_recovery_loses_nothing(
    tmp_path, monkeypatch, locked_answers
):
    # What the racing processes above meet: another opener is switching the fresh file to WAL,
    # and SQLite answers "locked" at once instead of waiting. Once: try again; for longer: the
    # board opens at once from what can be read and the background writer recovers the file.
    path = tmp_path / "s.db"
    path.write_bytes(b"this is not a database at all" * 100)
    real = StatsStore._initialise
    calls = 0

    def initialise(self: StatsStore) -> None:
        nonlocal calls
        calls += 1
        if 2 <= calls <= 1 + locked_answers:  # the look again inside the recovery lock
            raise sqlite3.OperationalError("database is locked")
        real(self)

    monkeypatch.setattr(StatsStore, "_initialise", initialise)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        store = StatsStore(path)
        store.record_game("reversi", mode="cpu", winner="b", result="win", moves="kept")
        assert store.flush(30)
    assert len(list(tmp_path.glob("s.db.corrupt-*"))) == 1
    assert [g["moves"] for g in StatsStore(path).games()] == ["kept"]


# -- schema upgrade -----------------------------------------------------------------------------
def test_a_file_from_before_puzzles_is_upgraded_in_place(tmp_path):
    # Made by the first stats module (games and flags only, user_version 0): see tests/data.
    path = tmp_path / FILENAME
    shutil.copy(DATA / "stats-v1.sqlite3", path)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        store = StatsStore(path)
    assert list(tmp_path.glob("*.corrupt-*")) == []
    rows = store.games()
    assert [(g["game"], g["result"]) for g in rows] == [
        ("reversi", "loss"),
        ("reversi", "win"),
        ("beacon", None),
    ]
    assert rows[0]["scores"] == {"black": 20, "white": 44} and rows[0]["moves"] == "f5d6"
    assert rows[2]["players"] == {"red": "Player 1", "blue": "Player 2"}
    assert store.get_flag("reversi.x_square_hint_shown") is True
    store.record_puzzle("quads", dt.date(2026, 12, 1), "q-7", solved=True, moves=3, seconds=41.5)
    assert store.flush(10)
    again = StatsStore(path)
    assert again.puzzle_streak("quads", dt.date(2026, 12, 1)) == 1
    assert len(again.games()) == 3
    db = sqlite3.connect(path)
    assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    db.close()


# -- daily puzzles ------------------------------------------------------------------------------
@pytest.fixture(params=["file", "memory"])
def store(request, tmp_path):
    return StatsStore(tmp_path / "s.db") if request.param == "file" else MemoryStatsStore()


def test_both_stores_satisfy_the_store_protocol(tmp_path):
    assert isinstance(StatsStore(tmp_path / "s.db"), Store)
    assert isinstance(MemoryStatsStore(), Store)
    assert isinstance(open_store(tmp_path / "t.db"), Store)


def test_a_puzzle_day_counts_once(store):
    day = dt.date(2026, 12, 1)
    first = store.record_puzzle("quads", day, "q-1", solved=False, moves=2, seconds=10.0)
    assert first["solved"] is False
    solved = store.record_puzzle("quads", day, "q-1", solved=True, moves=3, seconds=30.0)
    assert (solved["solved"], solved["moves"], solved["seconds"]) == (True, 3, 30.0)
    # Solving the same day's puzzle again, or failing it afterwards, changes nothing.
    assert store.record_puzzle("quads", day, "q-1", solved=True, moves=5, seconds=9.0) == solved
    assert store.record_puzzle("quads", day, "q-1", solved=False, moves=1, seconds=2.0) == solved
    history = store.puzzle_history("quads")
    assert history == [solved] and history[0]["date"] == day
    assert store.puzzle_history("towergate") == []


def test_puzzle_streak_ends_today_or_yesterday(store):
    d = dt.date(2026, 12, 10)
    for back, ok in [(1, True), (2, True), (3, True), (4, False), (5, True)]:
        day = d - dt.timedelta(days=back)
        store.record_puzzle("towergate", day, f"t{back}", solved=ok, moves=2, seconds=5)
    assert store.puzzle_streak("towergate", d) == 3  # today still open: counts to yesterday
    store.record_puzzle("towergate", d, "t0", solved=True, moves=2, seconds=5)
    assert store.puzzle_streak("towergate", d) == 4
    assert store.puzzle_streak("towergate", d + dt.timedelta(days=1)) == 4
    assert store.puzzle_streak("towergate", d + dt.timedelta(days=2)) == 0  # a day was missed
    assert store.puzzle_streak("quads", d) == 0  # each game keeps its own streak


_days = st.integers(min_value=0, max_value=20)
_attempts = st.lists(st.tuples(_days, st.booleans(), st.integers(0, 9)), max_size=25)


@settings(max_examples=40, deadline=None)
@given(attempts=_attempts, today=_days)
def test_puzzle_records_match_a_brute_force_model(tmp_path_factory, attempts, today):
    epoch = dt.date(2026, 1, 1)
    file_store = StatsStore(tmp_path_factory.mktemp("p") / "s.db")
    memory = MemoryStatsStore()
    for offset, ok, moves in attempts:
        for s in (file_store, memory):
            s.record_puzzle(
                "quads", epoch + dt.timedelta(offset), "q", solved=ok, moves=moves, seconds=1
            )
    # Model: per day, the first solve if there is one, else the first attempt.
    kept = {}
    for offset, ok, moves in attempts:
        if offset not in kept or (ok and not kept[offset][0]):
            kept[offset] = (ok, moves)
    for s in (file_store, memory):
        got = {
            (r["date"] - epoch).days: (r["solved"], r["moves"]) for r in s.puzzle_history("quads")
        }
        assert got == kept
        solved = {day for day, (ok, _) in kept.items() if ok}
        # Brute force: the longest k such that k days ending today (or yesterday) are all solved.
        end = today if today in solved else today - 1
        best = max(k for k in range(22) if all(end - i in solved for i in range(k)))
        assert s.puzzle_streak("quads", epoch + dt.timedelta(today)) == best
