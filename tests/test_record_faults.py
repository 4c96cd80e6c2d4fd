"""The record under real faults, each on a real sqlite file: a page overwritten by random bytes,
a read-only file, and a lock held by a second process. Results are never lost, the notebook
never waits on the record, and what cannot be saved is said once and plainly.
"""

from __future__ import annotations

import random
import sqlite3
import subprocess
import sys
import time
import warnings
from pathlib import Path

import pytest
from boardbook import Reversi
from boardbook.core import stats
from boardbook.core.stats import StatsStore, open_store
from boardbook.reversi.game import ReversiGame


def _fill(path: Path, count: int) -> None:
    store = StatsStore(path)
    for i in range(count):
        result = ("win", "loss", "draw")[i % 3]
        store.record_game(
            "reversi", mode="cpu", level="strong", winner="black", result=result, moves=f"g{i}"
        )


def _rows(path: Path) -> list[str]:
    db = sqlite3.connect(path)
    try:
        return [row[0] for row in db.execute("SELECT moves FROM games ORDER BY id")]
    finally:
        db.close()


def _readable(path: Path) -> set[str]:
    """The rows of a damaged file that sqlite can still read one by one."""
    db = sqlite3.connect(path)
    found = set()
    try:
        for rowid in range(1, 400):
            try:
                row = db.execute("SELECT moves FROM games WHERE id = ?", (rowid,)).fetchone()
            except sqlite3.DatabaseError:
                continue
            if row is not None:
                found.add(row[0])
    finally:
        db.close()
    return found


# -- 1: an overwritten page ------------------------------------------------------------------
@pytest.mark.parametrize("offset", [8192, 12 * 4096], ids=["page-3", "a-games-page"])
def test_an_overwritten_page_keeps_the_readable_games_and_records_on(tmp_path, offset):
    path = tmp_path / "stats.sqlite3"
    _fill(path, 300)
    with open(path, "r+b") as handle:
        handle.seek(offset)
        handle.write(random.Random(offset).randbytes(4096))
    damaged = tmp_path / "damaged-copy.sqlite3"
    damaged.write_bytes(path.read_bytes())
    readable = _readable(damaged)
    with warnings.catch_warnings(record=True) as record:
        warnings.simplefilter("always")
        store = open_store(path)
        for i in range(5):
            store.record_game(
                "reversi", mode="cpu", level="strong", winner="w", result="loss", moves=f"new{i}"
            )
    text = " | ".join(str(w.message) for w in record)
    assert "moved to" in text and "could still be read" in text, text
    assert "could not record" not in text
    rows = _rows(path)
    assert rows[-5:] == [f"new{i}" for i in range(5)]
    assert set(rows[:-5]) == readable and len(readable) >= 250
    assert len(list(tmp_path.glob("stats.sqlite3.corrupt-*"))) == 1
    assert store.summary("reversi")["losses"] == sum(1 for m in readable if int(m[1:]) % 3 == 1) + 5


def test_a_store_open_when_the_damage_happens_recovers_on_its_next_write(tmp_path):
    path = tmp_path / "stats.sqlite3"
    _fill(path, 300)
    store = StatsStore(path)
    with open(path, "r+b") as handle:
        handle.seek(8192)
        handle.write(random.Random(1).randbytes(4096))
    with pytest.warns(RuntimeWarning, match="could still be read"):
        store.record_game("reversi", mode="cpu", winner="w", result="loss", moves="after")
    assert len(_rows(path)) == 301 and _rows(path)[-1] == "after"


# -- 2: a read-only file in a writable folder ---------------------------------------------------
def test_a_read_only_file_keeps_the_session_and_says_so_once(tmp_path, monkeypatch):
    path = tmp_path / "stats.sqlite3"
    _fill(path, 3)
    before = path.read_bytes()
    # What a read-only file does to sqlite (a real SQLITE_READONLY; root ignores chmod).
    read_only = path.resolve().as_uri() + "?mode=ro"
    monkeypatch.setattr(
        StatsStore,
        "_connect",
        lambda self: sqlite3.connect(read_only, uri=True, isolation_level=None),
    )
    with warnings.catch_warnings(record=True) as record:
        warnings.simplefilter("always")
        store = open_store(path)
        first = store.record_game("reversi", mode="cpu", level="strong", winner="w", result="win")
        store.record_game("reversi", mode="cpu", level="strong", winner="w", result="win")
        store.set_flag("seen")
    messages = [str(w.message) for w in record]
    assert len(messages) == 1, messages
    assert "session only" in messages[0] and "read-only" in messages[0]
    assert store.unsaved is not None
    # The earlier three (a win, a loss, a draw) and the session's two wins are all shown.
    assert store.summary("reversi") == {"wins": 3, "losses": 1, "draws": 1}
    assert store.get_flag("seen") is True
    assert store.delete_game(first)
    assert store.summary("reversi")["wins"] == 2
    monkeypatch.undo()
    assert path.read_bytes() == before


# -- 3: a lock held by another program -----------------------------------------------------------
HOLDER = """
import sqlite3, sys
db = sqlite3.connect(sys.argv[1], isolation_level=None)
db.execute("PRAGMA locking_mode=EXCLUSIVE")  # as a DB browser's "write changes" mode does
db.execute("BEGIN EXCLUSIVE")
db.execute("UPDATE flags SET value = value")
print("locked", flush=True)
sys.stdin.readline()
db.execute("ROLLBACK")
db.close()
"""

# One empty square left (h8); black's h8 fills the board and ends the game.
NEAR_END = "XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOO- X"


def test_a_lock_held_by_another_process_never_blocks_a_board(tmp_path, monkeypatch):
    monkeypatch.setenv("BOARDBOOK_DATA_DIR", str(tmp_path))
    monkeypatch.setattr(ReversiGame, "cpu_reply_delay_s", 0.0)
    path = tmp_path / stats.FILENAME
    _fill(path, 6)  # 2 wins, 2 losses, 2 draws at "strong"
    StatsStore(path).set_flag("x", 1)
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(path)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "locked"
        probe = sqlite3.connect(path, timeout=0)
        with pytest.raises(sqlite3.OperationalError, match="locked"):
            probe.execute("SELECT COUNT(*) FROM games").fetchone()  # readers are locked out
        probe.close()
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            started = time.monotonic()
            w = Reversi(mode="cpu", level="strong", human="black", position=NEAR_END)
            created = time.monotonic() - started
            assert w.state["stats"]["strong"] == {"wins": 2, "losses": 2, "draws": 2}
            started = time.monotonic()
            w._handle_custom_msg({"kind": "play", "square": "h8"}, [])
            finished = time.monotonic() - started
        assert w.position.outcome is not None
        # A board waits at most a few WAIT_S, never the busy timeout sqlite would wait.
        assert created < stats.BUSY_TIMEOUT_S / 10 and finished < stats.BUSY_TIMEOUT_S / 10
        assert sum(w.state["stats"]["strong"].values()) == 7
    finally:
        assert holder.stdin is not None
        holder.stdin.write("\n")
        holder.stdin.flush()
        holder.wait(30)
    store = w._match._store
    assert isinstance(store, StatsStore) and store.flush(30)
    assert len(_rows(path)) == 7 and not list(tmp_path.glob("*.corrupt-*"))
