"""Results of finished games, kept on this device for every game (one sqlite file).

Where: ``$BOARDBOOK_DATA_DIR/stats.sqlite3`` if that variable is set, else the user data dir
(``platformdirs``, app ``boardbook``); a ``path`` argument overrides both (tests, scripts).

Robustness: the file is opened in WAL mode with a generous busy timeout and every operation is
one short transaction on its own connection, so two kernels (or a CPU thread and the main
thread) writing at once lose nothing. A file that is not a usable database is moved aside as
``<name>.corrupt-<timestamp>`` and a fresh one started, with a warning: a broken stats file
must never stop anyone from playing.
"""

from __future__ import annotations

import json
import os
import threading

try:  # Pyodide ships sqlite3 as a separate package; play on without it (see open_store)
    import sqlite3
except ImportError:  # pragma: no cover - exercised only where sqlite3 is missing
    sqlite3 = None  # type: ignore[assignment]
import time
import warnings
from collections.abc import Callable, Mapping
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, TypeVar

T = TypeVar("T")

ENV_VAR = "BOARDBOOK_DATA_DIR"
FILENAME = "stats.sqlite3"
BUSY_TIMEOUT_S = 30.0
RESULTS = ("win", "loss", "draw")

_SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    game        TEXT NOT NULL,
    mode        TEXT NOT NULL,
    level       TEXT,
    human       TEXT,
    players     TEXT NOT NULL DEFAULT '{}',
    winner      TEXT,
    result      TEXT,
    scores      TEXT NOT NULL DEFAULT '{}',
    moves       TEXT NOT NULL DEFAULT '',
    reason      TEXT NOT NULL DEFAULT '',
    finished_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS games_by_game_level ON games (game, level);
CREATE TABLE IF NOT EXISTS flags (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
"""

_COLUMNS = (
    "id",
    "game",
    "mode",
    "level",
    "human",
    "players",
    "winner",
    "result",
    "scores",
    "moves",
    "reason",
    "finished_at",
)


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def _check_record(game: str, result: str | None) -> None:
    if not isinstance(game, str) or not game:
        raise ValueError(f"game must be a non-empty string, got {game!r}")
    if result is not None and result not in RESULTS:
        raise ValueError(f"result must be one of {RESULTS} or None, got {result!r}")


def open_store(path: str | os.PathLike[str] | None = None) -> StatsStore | MemoryStatsStore:
    """The device's store, or (with a warning) one that lasts this session if that fails."""
    try:
        return StatsStore(path)
    except Exception as exc:  # noqa: BLE001 - no record on disk is better than no game
        warnings.warn(
            f"boardbook: results are kept for this session only ({exc})",
            RuntimeWarning,
            stacklevel=2,
        )
        return MemoryStatsStore()


def default_path() -> Path:
    """The stats file this device uses unless told otherwise."""
    env = os.environ.get(ENV_VAR)
    if env:
        return Path(env).expanduser() / FILENAME
    from platformdirs import user_data_dir

    return Path(user_data_dir("boardbook", appauthor=False)) / FILENAME


class StatsStore:
    """Finished games and one-time flags, shared by every game widget on this device."""

    def __init__(self, path: str | os.PathLike[str] | None = None):
        if sqlite3 is None:
            raise RuntimeError("this Python has no sqlite3 module (Pyodide: load 'sqlite3')")
        self.path = Path(path) if path is not None else default_path()
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._open_or_recover()

    # -- games ----------------------------------------------------------------------------
    def record_game(
        self,
        game: str,
        *,
        mode: str,
        winner: str | None,
        scores: Mapping[str, int] | None = None,
        moves: str = "",
        reason: str = "",
        level: str | None = None,
        human: str | None = None,
        players: Mapping[str, str] | None = None,
        result: str | None = None,
    ) -> int:
        """Store one finished game; returns its id (for ``delete_game``).

        ``result`` is the human's result ("win"/"loss"/"draw") in games against the CPU; it is
        what :meth:`summary` counts. ``human`` is the human's side, ``players`` maps sides to
        player names in two-player games.
        """
        _check_record(game, result)
        row = (
            game,
            mode,
            level,
            human,
            json.dumps(dict(players or {})),
            winner,
            result,
            json.dumps(dict(scores or {})),
            moves,
            reason,
            _now(),
        )

        def insert(db: sqlite3.Connection) -> int:
            cursor = db.execute(
                "INSERT INTO games (game, mode, level, human, players, winner, result, scores,"
                " moves, reason, finished_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                row,
            )
            return int(cursor.lastrowid)

        return self._run(insert)

    def delete_game(self, game_id: int) -> bool:
        """Remove a recorded game (待って続ける: undo after the end); True if it existed."""
        return self._run(
            lambda db: db.execute("DELETE FROM games WHERE id = ?", (int(game_id),)).rowcount > 0
        )

    def games(self, game: str | None = None) -> list[dict[str, Any]]:
        """Every recorded game (optionally of one game), oldest first, JSON fields decoded."""
        query = f"SELECT {', '.join(_COLUMNS)} FROM games"
        args: tuple[Any, ...] = ()
        if game is not None:
            query += " WHERE game = ?"
            args = (game,)
        rows = self._run(lambda db: db.execute(query + " ORDER BY id", args).fetchall(), False)
        games = []
        for row in rows:
            item = dict(zip(_COLUMNS, row))
            item["players"] = json.loads(item["players"])
            item["scores"] = json.loads(item["scores"])
            games.append(item)
        return games

    def summary(self, game: str, level: str | None = None) -> dict[str, int]:
        """The human's wins, losses and draws against the CPU (at one level, or all levels)."""
        query = "SELECT result, COUNT(*) FROM games WHERE game = ? AND result IS NOT NULL"
        args: tuple[Any, ...] = (game,)
        if level is not None:
            query += " AND level = ?"
            args += (level,)
        counts = dict(
            self._run(lambda db: db.execute(query + " GROUP BY result", args).fetchall(), False)
        )
        return {
            "wins": counts.get("win", 0),
            "losses": counts.get("loss", 0),
            "draws": counts.get("draw", 0),
        }

    def summary_by_level(
        self, game: str, levels: tuple[str, ...] = ()
    ) -> dict[str, dict[str, int]]:
        """:meth:`summary` for each level (the given ones, plus any level found in the file)."""
        found = [
            r[0]
            for r in self._run(
                lambda db: db.execute(
                    "SELECT DISTINCT level FROM games WHERE game = ? AND result IS NOT NULL"
                    " AND level IS NOT NULL",
                    (game,),
                ).fetchall(),
                False,
            )
        ]
        ordered = list(levels) + sorted(set(found) - set(levels))
        return {level: self.summary(game, level) for level in ordered}

    # -- flags ----------------------------------------------------------------------------
    def get_flag(self, key: str, default: Any = None) -> Any:
        row = self._run(
            lambda db: db.execute("SELECT value FROM flags WHERE key = ?", (key,)).fetchone(),
            False,
        )
        return default if row is None else json.loads(row[0])

    def set_flag(self, key: str, value: Any = True) -> None:
        self._run(
            lambda db: db.execute(
                "INSERT INTO flags (key, value) VALUES (?, ?)"
                " ON CONFLICT(key) DO UPDATE SET value = excluded.value",
                (key, json.dumps(value)),
            )
        )

    # -- plumbing -------------------------------------------------------------------------
    def _connect(self) -> sqlite3.Connection:
        return sqlite3.connect(self.path, timeout=BUSY_TIMEOUT_S, isolation_level=None)

    def _initialise(self) -> None:
        db = self._connect()
        try:
            db.execute("PRAGMA journal_mode=WAL")
            db.executescript(_SCHEMA)
            # A file that sqlite can open but whose table is not ours is as bad as garbage.
            db.execute(f"SELECT {', '.join(_COLUMNS)} FROM games LIMIT 1").fetchall()
            db.execute("SELECT key, value FROM flags LIMIT 1").fetchall()
        finally:
            db.close()

    def _open_or_recover(self) -> None:
        try:
            self._initialise()
        except sqlite3.DatabaseError as exc:
            self._move_aside(exc)
            self._initialise()

    def _move_aside(self, exc: BaseException) -> None:
        stamp = time.strftime("%Y%m%d-%H%M%S")
        aside = self.path.with_name(f"{self.path.name}.corrupt-{stamp}")
        n = 1
        while aside.exists():
            aside = self.path.with_name(f"{self.path.name}.corrupt-{stamp}-{n}")
            n += 1
        if self.path.exists():
            os.replace(self.path, aside)
        for suffix in ("-wal", "-shm"):
            side = self.path.with_name(self.path.name + suffix)
            if side.exists():
                os.replace(side, aside.with_name(aside.name + suffix))
        warnings.warn(
            f"boardbook: the stats file {self.path} was unreadable ({exc}); it was moved to "
            f"{aside.name} and a fresh one was started",
            RuntimeWarning,
            stacklevel=4,
        )

    def _run(self, work: Callable[[sqlite3.Connection], T], write: bool = True) -> T:
        """Run ``work`` in one short transaction; a file found corrupt is moved aside, retried."""
        for attempt in (1, 2):
            db = self._connect()
            try:
                db.execute("BEGIN IMMEDIATE" if write else "BEGIN")
                try:
                    value = work(db)
                except BaseException:
                    db.execute("ROLLBACK")
                    raise
                db.execute("COMMIT")
                return value
            except sqlite3.OperationalError:
                raise  # locked beyond the busy timeout, disk full, ...: not corruption
            except sqlite3.DatabaseError as exc:
                if attempt == 2:
                    raise
                db.close()
                self._move_aside(exc)
                self._initialise()
            finally:
                db.close()
        raise AssertionError("unreachable")


class MemoryStatsStore:
    """The same API as :class:`StatsStore`, kept in memory: for when no file can be used."""

    path = None

    def __init__(self) -> None:
        self._games: list[dict[str, Any]] = []
        self._flags: dict[str, Any] = {}
        self._next_id = 1
        self._lock = threading.Lock()

    def record_game(
        self,
        game: str,
        *,
        mode: str,
        winner: str | None,
        scores: Mapping[str, int] | None = None,
        moves: str = "",
        reason: str = "",
        level: str | None = None,
        human: str | None = None,
        players: Mapping[str, str] | None = None,
        result: str | None = None,
    ) -> int:
        _check_record(game, result)
        with self._lock:
            game_id, self._next_id = self._next_id, self._next_id + 1
            self._games.append(
                {
                    "id": game_id,
                    "game": game,
                    "mode": mode,
                    "level": level,
                    "human": human,
                    "players": dict(players or {}),
                    "winner": winner,
                    "result": result,
                    "scores": dict(scores or {}),
                    "moves": moves,
                    "reason": reason,
                    "finished_at": _now(),
                }
            )
        return game_id

    def delete_game(self, game_id: int) -> bool:
        with self._lock:
            before = len(self._games)
            self._games = [g for g in self._games if g["id"] != int(game_id)]
            return len(self._games) < before

    def games(self, game: str | None = None) -> list[dict[str, Any]]:
        with self._lock:
            return [dict(g) for g in self._games if game is None or g["game"] == game]

    def summary(self, game: str, level: str | None = None) -> dict[str, int]:
        results = [
            g["result"]
            for g in self.games(game)
            if g["result"] is not None and (level is None or g["level"] == level)
        ]
        return {
            "wins": results.count("win"),
            "losses": results.count("loss"),
            "draws": results.count("draw"),
        }

    def summary_by_level(
        self, game: str, levels: tuple[str, ...] = ()
    ) -> dict[str, dict[str, int]]:
        found = {g["level"] for g in self.games(game) if g["result"] and g["level"]}
        ordered = list(levels) + sorted(found - set(levels))
        return {level: self.summary(game, level) for level in ordered}

    def get_flag(self, key: str, default: Any = None) -> Any:
        return self._flags.get(key, default)

    def set_flag(self, key: str, value: Any = True) -> None:
        self._flags[key] = json.loads(json.dumps(value))
