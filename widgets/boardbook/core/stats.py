"""Results of finished games and daily puzzles, kept on this device for every game (one sqlite file).

Where: ``$BOARDBOOK_DATA_DIR/stats.sqlite3`` if that variable is set, else the user data dir
(``platformdirs``, app ``boardbook``); a ``path`` argument overrides both (tests, scripts).

Robustness: the file is opened in WAL mode with a generous busy timeout and every operation is
one short transaction on its own connection, so two kernels (or a CPU thread and the main
thread) writing at once lose nothing. Only a file that is really not our database (sqlite says
"corrupt" or "not a database", or its tables are not ours) is moved aside as
``<name>.corrupt-<timestamp>`` and a fresh one started, with a warning: a broken stats file must
never stop anyone from playing. Anything else leaves the file exactly as it is: a lock held by
another program is waited for, retried and then reported (:class:`StatsLockedError`); a
read-only or missing location is reported (:class:`StatsError`), and :func:`open_store` then
keeps this session's results in memory, showing the file's earlier results if it can read them;
a bad argument raises ``TypeError``/``ValueError`` before the file is touched.

Both stores satisfy :class:`Store`; widgets and matches should depend on that protocol.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import json
import math
import os
import threading

try:  # Pyodide ships sqlite3 as a separate package; play on without it (see open_store)
    import sqlite3
except ImportError:  # pragma: no cover - exercised only where sqlite3 is missing
    sqlite3 = None  # type: ignore[assignment]
try:  # POSIX: serialise the recovery of a corrupt file between processes
    import fcntl
except ImportError:  # pragma: no cover - Windows, Pyodide: one process recovers at a time anyway
    fcntl = None  # type: ignore[assignment]
import time
import warnings
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import Any, Protocol, TypeVar, runtime_checkable

__all__ = [
    "BUSY_TIMEOUT_S",
    "ENV_VAR",
    "FILENAME",
    "OPEN_ATTEMPTS",
    "RESULTS",
    "SCHEMA_VERSION",
    "MemoryStatsStore",
    "StatsError",
    "StatsLockedError",
    "StatsStore",
    "Store",
    "default_path",
    "open_store",
]

T = TypeVar("T")

ENV_VAR = "BOARDBOOK_DATA_DIR"
FILENAME = "stats.sqlite3"
#: How long one attempt waits for another program's lock (sqlite's own busy handler retries).
BUSY_TIMEOUT_S = 30.0
#: Attempts to open a locked (or, mid-recovery by another process, briefly unreadable) file.
OPEN_ATTEMPTS = 2
RESULTS = ("win", "loss", "draw")
#: ``PRAGMA user_version``: 0 = the first files (no puzzle table), 2 = games, flags, puzzles.
SCHEMA_VERSION = 2

# sqlite's primary result codes (extended codes keep them in the low byte).
_SQLITE_BUSY, _SQLITE_LOCKED, _SQLITE_READONLY, _SQLITE_IOERR = 5, 6, 8, 10
_SQLITE_CORRUPT, _SQLITE_CANTOPEN, _SQLITE_NOTADB = 11, 14, 26

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
CREATE TABLE IF NOT EXISTS puzzles (
    game        TEXT NOT NULL,
    day         TEXT NOT NULL,
    puzzle_id   TEXT NOT NULL,
    solved      INTEGER NOT NULL,
    moves       INTEGER NOT NULL,
    seconds     REAL NOT NULL,
    recorded_at TEXT NOT NULL,
    PRIMARY KEY (game, day)
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
_PUZZLE_COLUMNS = ("game", "day", "puzzle_id", "solved", "moves", "seconds", "recorded_at")
_TABLES = {"games": _COLUMNS, "flags": ("key", "value"), "puzzles": _PUZZLE_COLUMNS}


class StatsError(RuntimeError):
    """The stats file cannot be used now; it was left exactly as it was."""


class StatsLockedError(StatsError):
    """Another program held a lock on the stats file for longer than we waited."""


class _NotOurs(Exception):
    """The file opens but is not a boardbook stats database (treated like corruption)."""


@runtime_checkable
class Store(Protocol):
    """What every game widget may ask of a results store (the file one or the in-memory one)."""

    @property
    def path(self) -> Path | None: ...

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
    ) -> int: ...

    def delete_game(self, game_id: int) -> bool: ...

    def games(self, game: str | None = None) -> list[dict[str, Any]]: ...

    def summary(self, game: str, level: str | None = None) -> dict[str, int]: ...

    def summary_by_level(
        self, game: str, levels: tuple[str, ...] = ()
    ) -> dict[str, dict[str, int]]: ...

    def get_flag(self, key: str, default: Any = None) -> Any: ...

    def set_flag(self, key: str, value: Any = True) -> None: ...

    def record_puzzle(
        self,
        game: str,
        date: dt.date,
        puzzle_id: str,
        *,
        solved: bool,
        moves: int,
        seconds: float,
    ) -> dict[str, Any]: ...

    def puzzle_history(self, game: str) -> list[dict[str, Any]]: ...

    def puzzle_streak(self, game: str, today: dt.date) -> int: ...


# -- argument checks (shared by both stores, run before anything is stored) ------------------
def _now() -> str:
    return dt.datetime.now(dt.UTC).isoformat(timespec="seconds")


def _text(name: str, value: object, *, optional: bool = False, empty: bool = True) -> None:
    if value is None and optional:
        return
    if not isinstance(value, str):
        kind = "a string or None" if optional else "a string"
        raise TypeError(f"{name} must be {kind}, got {type(value).__name__} {value!r:.60}")
    if not empty and not value:
        raise ValueError(f"{name} must be a non-empty string")


def _mapping(name: str, value: object, check: Callable[[object], bool], what: str) -> None:
    if value is None:
        return
    if not isinstance(value, Mapping):
        raise TypeError(f"{name} must be a mapping or None, got {type(value).__name__}")
    for key, item in value.items():
        if not isinstance(key, str) or not check(item):
            raise TypeError(f"{name} must map strings to {what}, got {key!r}: {item!r:.60}")


def _is_number(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _game(game: object) -> None:
    _text("game", game, empty=False)


def _check_record(
    game: object,
    mode: object,
    winner: object,
    scores: object,
    moves: object,
    reason: object,
    level: object,
    human: object,
    players: object,
    result: object,
) -> None:
    _game(game)
    _text("mode", mode, empty=False)
    _text("winner", winner, optional=True)
    _mapping("scores", scores, _is_number, "numbers")
    _text("moves", moves)
    _text("reason", reason)
    _text("level", level, optional=True)
    _text("human", human, optional=True)
    _mapping("players", players, lambda v: isinstance(v, str), "strings")
    if result is not None and result not in RESULTS:
        raise ValueError(f"result must be one of {RESULTS} or None, got {result!r:.60}")


def _check_id(game_id: object) -> int:
    if not isinstance(game_id, int) or isinstance(game_id, bool):
        raise TypeError(f"game_id must be an int, got {type(game_id).__name__}")
    return game_id


def _check_levels(levels: object) -> tuple[str, ...]:
    if isinstance(levels, str) or not isinstance(levels, tuple | list):
        raise TypeError(f"levels must be a tuple of strings, got {type(levels).__name__}")
    for level in levels:
        _text("each level", level)
    return tuple(levels)


def _flag_json(key: object, value: object) -> str:
    _text("key", key, empty=False)
    try:
        return json.dumps(value, allow_nan=False)
    except (TypeError, ValueError) as exc:
        raise TypeError(f"flag {key!r} needs a JSON value (str, number, list, dict...): {exc}")


def _check_day(name: str, value: object) -> dt.date:
    # A datetime is a date too, but its .date() is the machine's day, not the puzzle's.
    if not isinstance(value, dt.date) or isinstance(value, dt.datetime):
        raise TypeError(f"{name} must be a datetime.date (the Japan date), got {value!r:.60}")
    return value


def _check_puzzle(
    game: object, date: object, puzzle_id: object, solved: object, moves: object, seconds: object
) -> None:
    _game(game)
    _check_day("date", date)
    _text("puzzle_id", puzzle_id, empty=False)
    if not isinstance(solved, bool):
        raise TypeError(f"solved must be True or False, got {solved!r:.60}")
    if not isinstance(moves, int) or isinstance(moves, bool):
        raise TypeError(f"moves must be an int, got {moves!r:.60}")
    if moves < 0:
        raise ValueError(f"moves must be 0 or more, got {moves}")
    if not _is_number(seconds):
        raise TypeError(f"seconds must be a number, got {seconds!r:.60}")
    assert isinstance(seconds, int | float)
    if not math.isfinite(seconds) or seconds < 0:
        raise ValueError(f"seconds must be a finite number, 0 or more, got {seconds}")


def _streak(solved_days: set[dt.date], today: dt.date) -> int:
    """Consecutive solved days ending today, or yesterday if today is not solved yet."""
    day = today if today in solved_days else today - dt.timedelta(days=1)
    count = 0
    while day in solved_days:
        count += 1
        day -= dt.timedelta(days=1)
    return count


def _summary(results: list[str]) -> dict[str, int]:
    return {
        "wins": results.count("win"),
        "losses": results.count("loss"),
        "draws": results.count("draw"),
    }


# -- opening -----------------------------------------------------------------------------------
def open_store(path: str | os.PathLike[str] | None = None) -> StatsStore | MemoryStatsStore:
    """The device's store, or (with a warning saying why) one that lasts this session.

    The session store starts with the file's earlier results when they can still be read (a
    read-only location), so a player's record does not seem to vanish.
    """
    if path is not None and not isinstance(path, str | os.PathLike):
        raise TypeError(f"path must be a str, a path or None, got {type(path).__name__}")
    try:
        return StatsStore(path)
    except Exception as exc:  # noqa: BLE001 - no record on disk is better than no game
        target = Path(path) if path is not None else None
        store = MemoryStatsStore()
        shown = ""
        if not isinstance(exc, StatsLockedError):
            with contextlib.suppress(Exception):
                shown = store._load(target or default_path())
        warnings.warn(
            f"boardbook: results are kept for this session only ({exc}){shown}",
            RuntimeWarning,
            stacklevel=2,
        )
        return store


def default_path() -> Path:
    """The stats file this device uses unless told otherwise."""
    env = os.environ.get(ENV_VAR)
    if env:
        return Path(env).expanduser() / FILENAME
    from platformdirs import user_data_dir

    return Path(user_data_dir("boardbook", appauthor=False)) / FILENAME


def _code(exc: BaseException) -> int:
    return int(getattr(exc, "sqlite_errorcode", -1)) & 0xFF


def _is_corrupt(exc: BaseException) -> bool:
    return isinstance(exc, _NotOurs) or _code(exc) in (_SQLITE_CORRUPT, _SQLITE_NOTADB)


def _is_busy(exc: BaseException) -> bool:
    return _code(exc) in (_SQLITE_BUSY, _SQLITE_LOCKED) or "locked" in str(exc)


class StatsStore:
    """Finished games, daily puzzles and one-time flags, shared by every game on this device."""

    def __init__(self, path: str | os.PathLike[str] | None = None):
        if sqlite3 is None:
            raise StatsError("this Python has no sqlite3 module (Pyodide: load 'sqlite3')")
        if path is not None and not isinstance(path, str | os.PathLike):
            raise TypeError(f"path must be a str, a path or None, got {type(path).__name__}")
        self.path: Path = Path(path) if path is not None else default_path()
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
        _check_record(game, mode, winner, scores, moves, reason, level, human, players, result)
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
            return int(cursor.lastrowid or 0)

        return self._run(insert)

    def delete_game(self, game_id: int) -> bool:
        """Remove a recorded game (待って続ける: undo after the end); True if it existed."""
        key = _check_id(game_id)
        return self._run(
            lambda db: db.execute("DELETE FROM games WHERE id = ?", (key,)).rowcount > 0
        )

    def games(self, game: str | None = None) -> list[dict[str, Any]]:
        """Every recorded game (optionally of one game), oldest first, JSON fields decoded."""
        if game is not None:
            _game(game)
        query = f"SELECT {', '.join(_COLUMNS)} FROM games"
        args: tuple[Any, ...] = ()
        if game is not None:
            query += " WHERE game = ?"
            args = (game,)
        rows = self._run(lambda db: db.execute(query + " ORDER BY id", args).fetchall(), False)
        games = []
        for row in rows:
            item = dict(zip(_COLUMNS, row, strict=True))
            item["players"] = json.loads(item["players"])
            item["scores"] = json.loads(item["scores"])
            games.append(item)
        return games

    def summary(self, game: str, level: str | None = None) -> dict[str, int]:
        """The human's wins, losses and draws against the CPU (at one level, or all levels)."""
        _game(game)
        _text("level", level, optional=True)
        query = "SELECT result, COUNT(*) FROM games WHERE game = ? AND result IS NOT NULL"
        args: tuple[Any, ...] = (game,)
        if level is not None:
            query += " AND level = ?"
            args += (level,)
        counts: dict[str, int] = dict(
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
        _game(game)
        levels = _check_levels(levels)
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

    # -- daily puzzles --------------------------------------------------------------------
    def record_puzzle(
        self,
        game: str,
        date: dt.date,
        puzzle_id: str,
        *,
        solved: bool,
        moves: int,
        seconds: float,
    ) -> dict[str, Any]:
        """Record an attempt at ``game``'s puzzle of ``date`` (the Japan date); returns the day's
        record as stored.

        One record per game and day: the first solve counts and later ones change nothing (a
        replayed puzzle does not double-count); a failed attempt is kept only until a solve.
        """
        _check_puzzle(game, date, puzzle_id, solved, moves, seconds)
        row = (game, date.isoformat(), puzzle_id, int(solved), moves, float(seconds), _now())

        def upsert(db: sqlite3.Connection) -> dict[str, Any]:
            db.execute(
                "INSERT INTO puzzles (game, day, puzzle_id, solved, moves, seconds, recorded_at)"
                " VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT(game, day) DO UPDATE SET"
                " puzzle_id = excluded.puzzle_id, solved = excluded.solved,"
                " moves = excluded.moves, seconds = excluded.seconds,"
                " recorded_at = excluded.recorded_at"
                " WHERE puzzles.solved = 0 AND excluded.solved = 1",
                row,
            )
            stored = db.execute(
                f"SELECT {', '.join(_PUZZLE_COLUMNS)} FROM puzzles WHERE game = ? AND day = ?",
                (game, row[1]),
            ).fetchone()
            return _puzzle_row(stored)

        return self._run(upsert)

    def puzzle_history(self, game: str) -> list[dict[str, Any]]:
        """Every day's puzzle record of ``game``, oldest day first (``date`` is a date)."""
        _game(game)
        rows = self._run(
            lambda db: db.execute(
                f"SELECT {', '.join(_PUZZLE_COLUMNS)} FROM puzzles WHERE game = ? ORDER BY day",
                (game,),
            ).fetchall(),
            False,
        )
        return [_puzzle_row(row) for row in rows]

    def puzzle_streak(self, game: str, today: dt.date) -> int:
        """Consecutive days solved ending ``today`` (or yesterday, if today is still open)."""
        _game(game)
        _check_day("today", today)
        return _streak({r["date"] for r in self.puzzle_history(game) if r["solved"]}, today)

    # -- flags ----------------------------------------------------------------------------
    def get_flag(self, key: str, default: Any = None) -> Any:
        """A one-time flag (e.g. "this hint was shown"), or ``default`` if never set."""
        _text("key", key, empty=False)
        row = self._run(
            lambda db: db.execute("SELECT value FROM flags WHERE key = ?", (key,)).fetchone(),
            False,
        )
        return default if row is None else json.loads(row[0])

    def set_flag(self, key: str, value: Any = True) -> None:
        """Set a flag to a JSON value (kept across sessions)."""
        text = _flag_json(key, value)
        self._run(
            lambda db: db.execute(
                "INSERT INTO flags (key, value) VALUES (?, ?)"
                " ON CONFLICT(key) DO UPDATE SET value = excluded.value",
                (key, text),
            )
        )

    # -- plumbing -------------------------------------------------------------------------
    def _connect(self) -> sqlite3.Connection:
        return sqlite3.connect(self.path, timeout=BUSY_TIMEOUT_S, isolation_level=None)

    def _initialise(self) -> None:
        """Open, upgrade the schema in place, and check that the tables are ours."""
        if self.path.is_dir():
            raise _NotOurs("a directory is where the file should be")
        db = self._connect()
        try:
            db.execute("PRAGMA journal_mode=WAL")
            version = int(db.execute("PRAGMA user_version").fetchone()[0])
            missing = [t for t in _TABLES if not _columns(db, t)]
            _check_tables(db, [t for t in _TABLES if t not in missing])
            if missing or version < SCHEMA_VERSION:
                # One transaction; CREATE ... IF NOT EXISTS adds what an older file lacks.
                bump = max(version, SCHEMA_VERSION)
                db.executescript(f"BEGIN IMMEDIATE;{_SCHEMA}PRAGMA user_version = {bump};COMMIT;")
            _check_tables(db, list(_TABLES))
        finally:
            db.close()

    def _open_or_recover(self) -> None:
        existed = self.path.exists()
        for attempt in range(1, OPEN_ATTEMPTS + 1):
            try:
                self._initialise()
                return
            except (sqlite3.DatabaseError, _NotOurs) as exc:
                if _is_corrupt(exc):
                    self._recover(exc)
                    return
                last = attempt == OPEN_ATTEMPTS
                if _is_busy(exc):
                    if last:
                        raise StatsLockedError(
                            f"the stats file {self.path} is locked by another program"
                            f" ({exc}, waited {OPEN_ATTEMPTS} x {BUSY_TIMEOUT_S:g} s); it was"
                            " left as it is"
                        ) from exc
                elif _code(exc) == _SQLITE_IOERR and not last:
                    time.sleep(0.05)  # another process is moving a corrupt file aside
                else:
                    raise StatsError(self._describe(exc, existed)) from exc

    def _describe(self, exc: BaseException, existed: bool) -> str:
        code = _code(exc)
        if not existed and code == _SQLITE_CANTOPEN:
            return f"cannot create the stats file {self.path} ({exc}); nothing was changed"
        if code == _SQLITE_READONLY:
            return f"the stats file {self.path} is read-only ({exc}); it was left as it is"
        return f"cannot use the stats file {self.path} ({exc}); it was left as it is"

    @contextlib.contextmanager
    def _recovery_lock(self) -> Iterator[None]:
        """Hold a lock beside the file so racing processes move a corrupt file aside once."""
        handle = None
        if fcntl is not None:
            with contextlib.suppress(OSError):
                handle = open(self.path.with_name(self.path.name + ".lock"), "a")  # noqa: SIM115
                fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            if handle is not None:
                handle.close()  # releases the lock

    def _recover(self, exc: BaseException) -> None:
        with self._recovery_lock():
            try:  # another process may have recovered the file while we waited for the lock
                self._initialise()
                return
            except (sqlite3.DatabaseError, _NotOurs) as again:
                if not _is_corrupt(again):
                    raise StatsError(self._describe(again, True)) from again
            self._move_aside(exc)
            self._initialise()

    def _move_aside(self, exc: BaseException) -> None:
        stamp = time.strftime("%Y%m%d-%H%M%S")
        aside = self.path.with_name(f"{self.path.name}.corrupt-{stamp}")
        n = 1
        while aside.exists():
            aside = self.path.with_name(f"{self.path.name}.corrupt-{stamp}-{n}")
            n += 1
        try:
            if self.path.exists():
                os.replace(self.path, aside)
            for suffix in ("-wal", "-shm"):
                side = self.path.with_name(self.path.name + suffix)
                if side.exists():
                    os.replace(side, aside.with_name(aside.name + suffix))
        except OSError as error:
            raise StatsError(
                f"the stats file {self.path} is unreadable ({exc}) and could not be moved aside"
                f" ({error.strerror or error}); it was left as it is"
            ) from error
        warnings.warn(
            f"boardbook: the stats file {self.path} was unreadable ({exc}); it was moved to "
            f"{aside.name} and a fresh one was started",
            RuntimeWarning,
            stacklevel=5,
        )

    def _run(self, work: Callable[[sqlite3.Connection], T], write: bool = True) -> T:
        """Run ``work`` in one short transaction; a file found corrupt is moved aside, retried.

        Only corruption is recovered from; a lock held past the busy timeout raises
        :class:`StatsLockedError`, every other error propagates with the file untouched.
        """
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
            except sqlite3.DatabaseError as exc:
                if _is_busy(exc):
                    raise StatsLockedError(
                        f"the stats file {self.path} is locked by another program ({exc},"
                        f" waited {BUSY_TIMEOUT_S:g} s); nothing was changed"
                    ) from exc
                if attempt == 2 or not _is_corrupt(exc):
                    raise
                db.close()
                self._recover(exc)
            finally:
                db.close()
        raise AssertionError("unreachable")


def _columns(db: sqlite3.Connection, table: str) -> set[str]:
    return {row[1] for row in db.execute(f"PRAGMA table_info({table})").fetchall()}


def _check_tables(db: sqlite3.Connection, tables: list[str]) -> None:
    """A table of ours that lacks our columns means the file is some other program's."""
    for table in tables:
        lacking = set(_TABLES[table]) - _columns(db, table)
        if lacking:
            raise _NotOurs(f"table {table!r} lacks {', '.join(sorted(lacking))}")


def _puzzle_row(row: tuple[Any, ...]) -> dict[str, Any]:
    item = dict(zip(_PUZZLE_COLUMNS, row, strict=True))
    return {
        "game": item["game"],
        "date": dt.date.fromisoformat(item["day"]),
        "puzzle_id": item["puzzle_id"],
        "solved": bool(item["solved"]),
        "moves": int(item["moves"]),
        "seconds": float(item["seconds"]),
        "recorded_at": item["recorded_at"],
    }


class MemoryStatsStore:
    """The same API as :class:`StatsStore`, kept in memory: for when no file can be used."""

    path = None

    def __init__(self) -> None:
        self._games: list[dict[str, Any]] = []
        self._flags: dict[str, Any] = {}
        self._puzzles: dict[tuple[str, dt.date], dict[str, Any]] = {}
        self._next_id = 1
        self._lock = threading.Lock()

    def _load(self, path: Path) -> str:
        """Start from a stats file's contents, read without writing anything; says what it
        found (for the warning), or "" when there was nothing to read."""
        if sqlite3 is None or not path.is_file():
            return ""
        uri = path.resolve().as_uri()
        rows: list[tuple[Any, ...]] = []
        for query in ("?mode=ro", "?immutable=1"):  # immutable: no -shm can be made beside it
            try:
                db = sqlite3.connect(uri + query, uri=True, timeout=0.5)
            except sqlite3.Error:
                continue
            try:
                rows = db.execute(f"SELECT {', '.join(_COLUMNS)} FROM games ORDER BY id").fetchall()
                flags = db.execute("SELECT key, value FROM flags").fetchall()
                with contextlib.suppress(sqlite3.Error):  # files from before the puzzle table
                    for row in db.execute(f"SELECT {', '.join(_PUZZLE_COLUMNS)} FROM puzzles"):
                        record = _puzzle_row(row)
                        self._puzzles[(record["game"], record["date"])] = record
                break
            except sqlite3.Error:
                continue
            finally:
                db.close()
        else:
            return ""
        for row in rows:
            item = dict(zip(_COLUMNS, row, strict=True))
            item["players"] = json.loads(item["players"])
            item["scores"] = json.loads(item["scores"])
            self._games.append(item)
        self._flags.update((key, json.loads(value)) for key, value in flags)
        self._next_id = max((g["id"] for g in self._games), default=0) + 1
        return f"; the {len(rows)} earlier games in {path.name} are shown but not added to"

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
        """See :meth:`StatsStore.record_game`."""
        _check_record(game, mode, winner, scores, moves, reason, level, human, players, result)
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
        """See :meth:`StatsStore.delete_game`."""
        key = _check_id(game_id)
        with self._lock:
            before = len(self._games)
            self._games = [g for g in self._games if g["id"] != key]
            return len(self._games) < before

    def games(self, game: str | None = None) -> list[dict[str, Any]]:
        """See :meth:`StatsStore.games`."""
        if game is not None:
            _game(game)
        with self._lock:
            return [dict(g) for g in self._games if game is None or g["game"] == game]

    def summary(self, game: str, level: str | None = None) -> dict[str, int]:
        """See :meth:`StatsStore.summary`."""
        _game(game)
        _text("level", level, optional=True)
        return _summary(
            [
                g["result"]
                for g in self.games(game)
                if g["result"] is not None and (level is None or g["level"] == level)
            ]
        )

    def summary_by_level(
        self, game: str, levels: tuple[str, ...] = ()
    ) -> dict[str, dict[str, int]]:
        """See :meth:`StatsStore.summary_by_level`."""
        _game(game)
        levels = _check_levels(levels)
        found = {g["level"] for g in self.games(game) if g["result"] and g["level"]}
        ordered = list(levels) + sorted(found - set(levels))
        return {level: self.summary(game, level) for level in ordered}

    def record_puzzle(
        self,
        game: str,
        date: dt.date,
        puzzle_id: str,
        *,
        solved: bool,
        moves: int,
        seconds: float,
    ) -> dict[str, Any]:
        """See :meth:`StatsStore.record_puzzle`."""
        _check_puzzle(game, date, puzzle_id, solved, moves, seconds)
        with self._lock:
            old = self._puzzles.get((game, date))
            if old is None or (solved and not old["solved"]):
                self._puzzles[(game, date)] = {
                    "game": game,
                    "date": date,
                    "puzzle_id": puzzle_id,
                    "solved": solved,
                    "moves": moves,
                    "seconds": float(seconds),
                    "recorded_at": _now(),
                }
            return dict(self._puzzles[(game, date)])

    def puzzle_history(self, game: str) -> list[dict[str, Any]]:
        """See :meth:`StatsStore.puzzle_history`."""
        _game(game)
        with self._lock:
            return [dict(r) for (g, _), r in sorted(self._puzzles.items()) if g == game]

    def puzzle_streak(self, game: str, today: dt.date) -> int:
        """See :meth:`StatsStore.puzzle_streak`."""
        _game(game)
        _check_day("today", today)
        return _streak({r["date"] for r in self.puzzle_history(game) if r["solved"]}, today)

    def get_flag(self, key: str, default: Any = None) -> Any:
        """See :meth:`StatsStore.get_flag`."""
        _text("key", key, empty=False)
        with self._lock:
            return self._flags.get(key, default)

    def set_flag(self, key: str, value: Any = True) -> None:
        """See :meth:`StatsStore.set_flag`."""
        text = _flag_json(key, value)
        with self._lock:
            self._flags[key] = json.loads(text)
