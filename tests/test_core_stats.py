"""The stats store: where it lives, what it counts, and that it survives corruption and races."""

from __future__ import annotations

import multiprocessing
import sqlite3
import warnings

import pytest
from boardbook.core.stats import FILENAME, MemoryStatsStore, StatsStore, default_path, open_store


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
    # A second store on the same file sees the same data (the device's record, not the object's).
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
    for side in ("s.db-wal", "s.db-shm"):
        (tmp_path / side).unlink(missing_ok=True)
    (tmp_path / "s.db").write_bytes(b"scribbled over by something else" * 200)
    with pytest.warns(RuntimeWarning, match="fresh one"):
        new_id = store.record_game(
            "reversi", mode="cpu", level="strong", winner="white", result="loss"
        )
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
