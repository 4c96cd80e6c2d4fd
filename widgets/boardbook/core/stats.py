"""Results of finished games and daily puzzles, kept on this device for every game (one sqlite file).

Where: ``$BOARDBOOK_DATA_DIR/stats.sqlite3`` if that variable is set, else the user data dir
(``platformdirs``, app ``boardbook``); a ``path`` argument overrides both (tests, scripts).

Robustness: the file is opened in WAL mode and every operation is one short transaction on its
own connection, so two kernels (or a CPU thread and the main thread) writing at once lose
nothing. No board ever waits on the record: every write is kept in memory at once and handed to
a background thread, which writes it in order (retrying for as long as the session lasts while
another program holds a lock), and a read tries the file once without waiting (sqlite's busy
timeout :data:`WAIT_S` is 0) and is otherwise answered from the last known record (the file as
read at open plus this session's writes). :meth:`StatsStore.flush` waits for the queue. A
damaged file (sqlite says "corrupt" or "not a database", ``PRAGMA quick_check`` at open fails,
or its tables are not ours) is moved aside as ``<name>.corrupt-<timestamp>``, every row that
can still be read (in a bounded number of range queries) is copied into a fresh file, and
recording goes on, with a warning: a broken stats file must never stop anyone from playing. A
file that cannot be written (a read-only file or location) is left exactly as it is: the
session's results are kept in memory beside the earlier ones, and a warning says once that they
cannot be saved and why (``unsaved`` holds that reason, for the board to show). A bad argument
raises ``TypeError``/``ValueError`` before the file is touched.

Both stores satisfy :class:`Store`; widgets and matches should depend on that protocol.
"""

from __future__ import annotations

import atexit
import contextlib
import datetime as dt
import functools
import json
import math
import os
import sys
import threading
import weakref

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

from . import checks
from .checks import short_repr

__all__ = [
    "BUSY_TIMEOUT_S",
    "ENV_VAR",
    "EXIT_FLUSH_S",
    "FILENAME",
    "OPEN_ATTEMPTS",
    "RECOVERY_ATTEMPTS",
    "RESULTS",
    "SALVAGE_QUERIES",
    "SCHEMA_VERSION",
    "WAIT_S",
    "WRITE_BATCH",
    "MemoryStatsStore",
    "StatsError",
    "StatsLockedError",
    "StatsStore",
    "Store",
    "default_path",
    "open_store",
]

T = TypeVar("T")
U = TypeVar("U")

ENV_VAR = "BOARDBOOK_DATA_DIR"
FILENAME = "stats.sqlite3"
#: How long the background writer's attempt waits for another program's lock before it tries
#: again (sqlite's own busy handler retries within it); queued writes are retried until they land.
BUSY_TIMEOUT_S = 30.0
#: How long a request from a board (open, read) waits for another program's lock: not at all.
#: A locked file is opened by the background writer, and the last known record answers reads.
WAIT_S = 0.0
#: How long a Python that exits waits for queued writes to reach a file that stays locked.
EXIT_FLUSH_S = 5.0
#: The most queued writes the background writer puts in one transaction.
WRITE_BATCH = 100
#: Range queries the salvage of one damaged table may make (it bisects around damaged pages),
#: so a damaged file is recovered in a bounded time, never with a query per possible row id.
SALVAGE_QUERIES = 2_000
#: Attempts to open a file that, mid-recovery by another process, is briefly unreadable.
OPEN_ATTEMPTS = 2
#: How often a recovering process tries the fresh file while racing processes hold it (≈1 s).
RECOVERY_ATTEMPTS = 10
RESULTS = ("win", "loss", "draw")
#: ``PRAGMA user_version``: 0 = the first files (no puzzle table), 2 = games, flags, puzzles.
SCHEMA_VERSION = 2

# sqlite's primary result codes (extended codes keep them in the low byte).
_SQLITE_ERROR, _SQLITE_BUSY, _SQLITE_LOCKED, _SQLITE_READONLY, _SQLITE_IOERR = 1, 5, 6, 8, 10
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


class _Damaged(_NotOurs):
    """The file is ours but ``PRAGMA quick_check`` found damaged pages (treated like corruption)."""


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
    checks.text(name, value, optional=optional, empty=empty)


def _mapping(name: str, value: object, check: Callable[[object], bool], what: str) -> None:
    if value is None:
        return
    accepts = f"a mapping of strings to {what}, or None"
    if not isinstance(value, Mapping):
        raise checks.ArgumentTypeError(name, accepts, value)
    for key, item in value.items():
        if not isinstance(key, str) or not check(item):
            raise checks.ArgumentTypeError(
                name, accepts, value, f"{short_repr(key)}: {short_repr(item)}"
            )


def _is_number(value: object) -> bool:
    """A finite int or float (NaN or infinity is no score)."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return False
    return math.isfinite(value)


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
    _mapping("scores", scores, _is_number, "finite numbers")
    _text("moves", moves)
    _text("reason", reason)
    _text("level", level, optional=True)
    _text("human", human, optional=True)
    _mapping("players", players, lambda v: isinstance(v, str), "strings")
    if result is not None:
        checks.one_of("result", result, RESULTS)


def _check_id(game_id: object) -> int:
    found = checks.count("game_id", game_id, minimum=-(2**63), maximum=2**63 - 1)
    assert found is not None
    return found


def _check_levels(levels: object) -> tuple[str, ...]:
    return checks.strings("levels", levels, "level names")


def _flag_json(key: object, value: object) -> str:
    _text("key", key, empty=False)
    try:
        return json.dumps(value, allow_nan=False)
    except (TypeError, ValueError, RecursionError):
        accepts = "a JSON value (str, finite number, list, dict, ...)"
        raise checks.ArgumentTypeError("value", accepts, value) from None


def _check_day(name: str, value: object) -> dt.date:
    # A datetime is a date too, but its .date() is the machine's day, not the puzzle's.
    if not isinstance(value, dt.date) or isinstance(value, dt.datetime):
        raise checks.ArgumentTypeError(name, "a datetime.date (the Japan date)", value)
    return value


def _check_puzzle(
    game: object, date: object, puzzle_id: object, solved: object, moves: object, seconds: object
) -> None:
    _game(game)
    _check_day("date", date)
    _text("puzzle_id", puzzle_id, empty=False)
    checks.boolean("solved", solved)
    checks.count("moves", moves)
    checks.budget("seconds", seconds, optional=False)


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

    Every board of this Python asking for one file gets the same store, so a result still on
    its way to the file (writes are queued) is already in every board's record. The session
    store starts with the file's earlier results when they can still be read (a read-only
    location), so a player's record does not seem to vanish.
    """
    if path is not None and not isinstance(path, str | os.PathLike):
        raise checks.ArgumentTypeError("path", "a str, a path or None", path)
    target = Path(path) if path is not None else default_path()
    key = target.expanduser().absolute()
    with _OPEN_LOCK:
        store = _OPEN.get(key)
        if store is None:
            store = _OPEN[key] = _open(target)
        return store


_OPEN: dict[Path, StatsStore | MemoryStatsStore] = {}
_OPEN_LOCK = threading.Lock()


def _open(target: Path) -> StatsStore | MemoryStatsStore:
    try:
        return StatsStore(target)
    except Exception as exc:  # noqa: BLE001 - no record on disk is better than no game
        store = MemoryStatsStore()
        store.unsaved = str(exc)
        shown = ""
        with contextlib.suppress(Exception):
            shown = store._load(target)
        warnings.warn(
            f"boardbook: results are kept for this session only ({exc}){shown}",
            RuntimeWarning,
            stacklevel=4,
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
    """Finished games, daily puzzles and one-time flags, shared by every game on this device.

    No request waits for the file (see the module docstring): every write is queued for the
    background writer, so ``record_game`` returns a provisional id (negative), which
    ``delete_game`` accepts and ``games`` lists for that game (another store on the file sees
    the id the file gave it); :meth:`flush` waits until the queue has reached the file.
    """

    def __init__(self, path: str | os.PathLike[str] | None = None):
        if sqlite3 is None:
            raise StatsError("this Python has no sqlite3 module (Pyodide: load 'sqlite3')")
        if path is not None and not isinstance(path, str | os.PathLike):
            raise checks.ArgumentTypeError("path", "a str, a path or None", path)
        self.path: Path = Path(path) if path is not None else default_path()
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._lock = threading.RLock()  # the queue, the mirror and the state below
        self._local = threading.local()  # ``wait``: the writer thread waits, a board does not
        self._pending: list[tuple[Callable[[sqlite3.Connection], Any], int | None]] = []
        self._ids: dict[int, int] = {}  # provisional id -> the id the file gave it
        self._back: dict[int, int] = {}  # and back, so this store lists the ids it handed out
        self._provisional = 0
        self._opened = False  # False until the file is open (a lock: the writer opens it)
        self._unsaved: str | None = None  # why the file cannot be written (session only)
        self._mirror = MemoryStatsStore()  # the last known record plus this session's writes
        self._writer: threading.Thread | None = None
        try:
            self._open_or_recover()
        except StatsLockedError:
            with contextlib.suppress(Exception):  # show what can be read meanwhile
                self._mirror._load(self.path)
            with self._lock:
                self._start_writer()
            return
        self._opened = True
        with contextlib.suppress(Exception):
            self._mirror._load(self.path)
        if not os.access(self.path, os.W_OK):  # sqlite opens it read-only and says nothing
            with self._lock:
                self._cannot_save(f"the stats file {self.path} is read-only (no write permission)")

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

        with self._lock:
            self._provisional -= 1
            game_id = self._provisional
            self._mirror._add_game(game_id, dict(zip(_COLUMNS[1:], row, strict=True)))
            self._write(insert, game_id)
        return game_id

    def delete_game(self, game_id: int) -> bool:
        """Remove a recorded game (待って続ける: undo after the end); True if it existed."""
        key = _check_id(game_id)

        def delete(db: sqlite3.Connection) -> bool:
            # Run by the writer after the queued insert, so the file's id is known by then.
            return (
                db.execute("DELETE FROM games WHERE id = ?", (self._ids.get(key, key),)).rowcount
                > 0
            )

        with self._lock:
            key = self._back.get(key, key)
            known = self._mirror.delete_game(key)
            self._write(delete)
            return known

    def games(self, game: str | None = None) -> list[dict[str, Any]]:
        """Every recorded game (optionally of one game), oldest first, JSON fields decoded."""
        if game is not None:
            _game(game)
        query = f"SELECT {', '.join(_COLUMNS)} FROM games"
        args: tuple[Any, ...] = ()
        if game is not None:
            query += " WHERE game = ?"
            args = (game,)
        rows = self._read(lambda db: db.execute(query + " ORDER BY id", args).fetchall(), None)
        if rows is None:
            return self._mirror.games(game)
        games = []
        for row in rows:
            item = dict(zip(_COLUMNS, row, strict=True))
            item["id"] = self._back.get(item["id"], item["id"])
            item["players"] = json.loads(item["players"])
            item["scores"] = json.loads(item["scores"])
            games.append(item)
        return games

    def summary(self, game: str, level: str | None = None) -> dict[str, int]:
        """The human's wins, losses and draws against the CPU (at one level, or all levels)."""
        _game(game)
        _text("level", level, optional=True)
        counts = self._read(lambda db: _count(db, game, level), None)
        return self._mirror.summary(game, level) if counts is None else counts

    def summary_by_level(
        self, game: str, levels: tuple[str, ...] = ()
    ) -> dict[str, dict[str, int]]:
        """:meth:`summary` for each level (the given ones, plus any level found in the file)."""
        _game(game)
        levels = _check_levels(levels)

        def by_level(db: sqlite3.Connection) -> dict[str, dict[str, int]]:
            found = [
                r[0]
                for r in db.execute(
                    "SELECT DISTINCT level FROM games WHERE game = ? AND result IS NOT NULL"
                    " AND level IS NOT NULL",
                    (game,),
                ).fetchall()
            ]
            ordered = list(levels) + sorted(set(found) - set(levels))
            return {level: _count(db, game, level) for level in ordered}

        counts = self._read(by_level, None)
        return self._mirror.summary_by_level(game, levels) if counts is None else counts

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
        record as this session knows it (the file gets the same rule when the write lands).

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

        with self._lock:
            known = self._mirror.record_puzzle(
                game, date, puzzle_id, solved=solved, moves=moves, seconds=seconds
            )
            self._write(upsert)
            return known

    def puzzle_history(self, game: str) -> list[dict[str, Any]]:
        """Every day's puzzle record of ``game``, oldest day first (``date`` is a date)."""
        _game(game)
        rows = self._read(
            lambda db: db.execute(
                f"SELECT {', '.join(_PUZZLE_COLUMNS)} FROM puzzles WHERE game = ? ORDER BY day",
                (game,),
            ).fetchall(),
            None,
        )
        if rows is None:
            return self._mirror.puzzle_history(game)
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
        rows = self._read(
            lambda db: db.execute("SELECT value FROM flags WHERE key = ?", (key,)).fetchall(),
            None,
        )
        if rows is None:
            return self._mirror.get_flag(key, default)
        return json.loads(rows[0][0]) if rows else default

    def set_flag(self, key: str, value: Any = True) -> None:
        """Set a flag to a JSON value (kept across sessions)."""
        text = _flag_json(key, value)
        with self._lock:
            self._mirror.set_flag(key, value)
            self._write(
                lambda db: db.execute(
                    "INSERT INTO flags (key, value) VALUES (?, ?)"
                    " ON CONFLICT(key) DO UPDATE SET value = excluded.value",
                    (key, text),
                )
            )

    @property
    def unsaved(self) -> str | None:
        """Why this session's results cannot be saved (then kept in memory), or None."""
        return self._unsaved

    @property
    def pending(self) -> int:
        """How many writes are waiting for another program's lock to go."""
        with self._lock:
            return len(self._pending) + (0 if self._opened else 1)

    def flush(self, timeout: float | None = None) -> bool:
        """Wait (at most ``timeout`` seconds; None: as long as it takes) for queued writes to
        reach the file; True if none is left."""
        checks.budget("timeout", timeout)
        writer = self._writer
        if writer is not None:
            writer.join(timeout)
        return self.pending == 0

    # -- plumbing -------------------------------------------------------------------------
    def _connect(self) -> sqlite3.Connection:
        wait = getattr(self._local, "wait", WAIT_S)
        return sqlite3.connect(self.path, timeout=wait, isolation_level=None)

    def _read(self, work: Callable[[sqlite3.Connection], T], fallback: U) -> T | U:
        """``work`` on the file, or ``fallback`` when the last known record must answer (the
        file is locked, not open yet, damaged, has writes of ours still queued, or cannot be
        written). Never waits: a damaged file is left to the writer to recover."""
        if self._unsaved is not None or not self._opened or self._pending:
            return fallback
        try:
            return self._run(work, False, recover=False)
        except StatsLockedError:
            return fallback
        except sqlite3.DatabaseError as exc:
            if not _is_corrupt(exc):
                raise
            with self._lock:
                self._opened = False  # the writer's open finds the damage and recovers
                self._start_writer()
            return fallback

    def _write(
        self, work: Callable[[sqlite3.Connection], Any], provisional: int | None = None
    ) -> None:
        """Queue ``work`` for the background writer, in order (nothing, once the file is known
        not to take writes: the mirror keeps the session). Caller holds the lock."""
        if self._unsaved is None:
            self._pending.append((work, provisional))
            self._start_writer()

    def _cannot_save(self, why: str) -> None:
        """From now on keep results in memory only, and say so once. Caller holds the lock."""
        if self._unsaved is not None:
            return
        self._unsaved = f"{why}; it was left as it is"
        self._pending.clear()
        warnings.warn(
            f"boardbook: results are kept for this session only ({self._unsaved}); the earlier"
            f" games in {self.path.name} are shown but not added to",
            RuntimeWarning,
            stacklevel=4,
        )

    def _start_writer(self) -> None:
        """Caller holds the lock."""
        if self._writer is None or not self._writer.is_alive():
            self._writer = threading.Thread(target=self._drain, name="boardbook-stats", daemon=True)
            _WAITING.add(self)
            _flush_in_child_processes()
            self._writer.start()

    def _drain(self) -> None:
        """The background writer: open the file and write the queue, in order, once it can
        (what is queued by then in one transaction; one at a time after a failure)."""
        self._local.wait = BUSY_TIMEOUT_S
        single = False  # after a batch failed: find the write that fails, alone
        while True:
            with self._lock:
                if self._unsaved is not None:
                    self._pending.clear()
                if self._opened and not self._pending:
                    self._writer = None
                    return
                jobs = self._pending[: 1 if single else WRITE_BATCH] if self._opened else []
            try:
                if not jobs:
                    self._open_or_recover()
                    with self._lock:
                        self._opened = True
                    continue
                values = self._run(functools.partial(self._write_jobs, jobs))
            except StatsLockedError:
                time.sleep(0.05)
                continue
            except Exception as exc:  # noqa: BLE001 - nothing may escape a background thread
                with self._lock:
                    for _, provisional in jobs:  # rolled back: those ids were not kept
                        self._ids.pop(provisional or 0, None)
                    if not jobs or _code(exc) == _SQLITE_READONLY:
                        self._opened = True
                        self._cannot_save(self._cause(exc))
                    elif len(jobs) > 1:
                        single = True
                    else:
                        del self._pending[:1]
                        warnings.warn(
                            f"boardbook: could not save a result ({exc})", RuntimeWarning, 2
                        )
                continue
            single = False
            with self._lock:
                del self._pending[: len(jobs)]
                for (_, provisional), value in zip(jobs, values, strict=True):
                    if provisional is not None:
                        self._back[int(value)] = provisional

    def _write_jobs(
        self, jobs: list[tuple[Callable[[sqlite3.Connection], Any], int | None]], db: Any
    ) -> list[Any]:
        """Run queued writes in one transaction; a game's id is known at once, for a delete
        later in the same batch."""
        values = []
        for work, provisional in jobs:
            value = work(db)
            if provisional is not None:
                self._ids[provisional] = int(value)
            values.append(value)
        return values

    def _initialise(self) -> None:
        """Open, upgrade the schema in place, check that the tables are ours and the file is
        whole (``PRAGMA quick_check`` reads every page once: milliseconds for a record)."""
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
            verdict = db.execute("PRAGMA quick_check").fetchone()
            if verdict is None or verdict[0] != "ok":
                raise _Damaged(f"the integrity check found: {verdict[0] if verdict else '?'}")
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
                            f" ({exc}); it was left as it is"
                        ) from exc
                elif _code(exc) == _SQLITE_IOERR and not last:
                    time.sleep(0.05)  # another process is moving a corrupt file aside
                else:
                    raise StatsError(self._describe(exc, existed)) from exc

    def _describe(self, exc: BaseException, existed: bool) -> str:
        code = _code(exc)
        if not existed and code == _SQLITE_CANTOPEN:
            return f"cannot create the stats file {self.path} ({exc}); nothing was changed"
        return f"{self._cause(exc)}; it was left as it is"

    def _cause(self, exc: BaseException) -> str:
        if _code(exc) == _SQLITE_READONLY:
            return f"the stats file {self.path} is read-only ({exc})"
        return f"cannot use the stats file {self.path} ({exc})"

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
        """Move a damaged file aside and start a fresh one with every row still readable."""
        with self._recovery_lock():
            try:  # another process may have recovered the file while we waited for the lock
                self._patiently(self._initialise)
                return
            except (sqlite3.DatabaseError, _NotOurs) as again:
                if not _is_corrupt(again):
                    raise StatsError(self._describe(again, True)) from again
            rows = _salvage(self.path)
            aside = self._move_aside(exc)
            self._patiently(self._initialise)
            kept = self._patiently(functools.partial(self._restore, rows))
        saved = f", with the {kept} earlier games that could still be read" if kept else ""
        warnings.warn(
            f"boardbook: the stats file {self.path} was unreadable ({exc}); it was moved to "
            f"{aside.name} and a fresh one was started{saved}",
            RuntimeWarning,
            stacklevel=5,
        )

    def _patiently(self, work: Callable[[], T]) -> T:
        """``work``, tried again for a moment while another process holds the file: just after
        a recovery the racing processes all open the fresh file at once, and SQLite answers
        "locked" without waiting when one of them is switching it to WAL. Still locked after
        that: :class:`StatsLockedError` (the store then opens it from its background writer)."""
        for attempt in range(1, RECOVERY_ATTEMPTS + 1):
            try:
                return work()
            except sqlite3.OperationalError as exc:
                if not _is_busy(exc):
                    raise
                if attempt == RECOVERY_ATTEMPTS:
                    raise StatsLockedError(
                        f"the stats file {self.path} is locked by another program"
                        f" ({exc}); it was left as it is"
                    ) from exc
                time.sleep(0.02 * attempt)
        raise AssertionError("unreachable")

    def _restore(self, rows: dict[str, list[tuple[Any, ...]]]) -> int:
        """Copy salvaged rows into the fresh file (ids kept); returns how many games."""
        good = {table: [r for r in rows.get(table, []) if _sound(table, r)] for table in _TABLES}
        if not any(good.values()):
            return 0
        db = self._connect()
        try:
            db.execute("BEGIN IMMEDIATE")
            for table, columns in _TABLES.items():
                marks = ", ".join("?" * len(columns))
                db.executemany(
                    f"INSERT OR IGNORE INTO {table} ({', '.join(columns)}) VALUES ({marks})",
                    good[table],
                )
            db.execute("COMMIT")
        finally:
            db.close()
        return len(good["games"])

    def _move_aside(self, exc: BaseException) -> Path:
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
        return aside

    def _run(
        self, work: Callable[[sqlite3.Connection], T], write: bool = True, *, recover: bool = True
    ) -> T:
        """Run ``work`` in one short transaction; a file found corrupt is recovered, retried
        (``recover``: the writer does, a board's read leaves it to the writer).

        Only corruption is recovered from; a lock held past the wait raises
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
                        f"the stats file {self.path} is locked by another program ({exc});"
                        " nothing was changed"
                    ) from exc
                if attempt == 2 or not recover or not _is_corrupt(exc):
                    raise
                db.close()
                self._recover(exc)
            finally:
                db.close()
        raise AssertionError("unreachable")


#: Stores with writes still queued, flushed (for at most :data:`EXIT_FLUSH_S`) when Python exits.
_WAITING: weakref.WeakSet[StatsStore] = weakref.WeakSet()


@atexit.register
def _flush_at_exit() -> None:
    """Let queued writes land before Python exits: wait while they make progress, and give up
    on a file that stays locked for :data:`EXIT_FLUSH_S`, saying what was lost."""
    for store in list(_WAITING):
        left, since = store.pending, time.monotonic()
        while left and time.monotonic() - since < EXIT_FLUSH_S:
            store.flush(0.05)
            if store.pending < left:
                left, since = store.pending, time.monotonic()
        if left:
            print(
                f"boardbook: {left} results of this session could not be saved:"
                f" the stats file {store.path} stayed locked by another program",
                file=sys.stderr,
            )


def _flush_in_child_processes() -> None:
    """A ``multiprocessing`` child ends with ``os._exit``, which skips ``atexit``: flush there too."""
    global _CHILD_FLUSH
    util = sys.modules.get("multiprocessing.util")
    if util is not None and not _CHILD_FLUSH:
        _CHILD_FLUSH = True
        util.Finalize(None, _flush_at_exit, exitpriority=100)


_CHILD_FLUSH = False


def _count(db: sqlite3.Connection, game: str, level: str | None) -> dict[str, int]:
    query = "SELECT result, COUNT(*) FROM games WHERE game = ? AND result IS NOT NULL"
    args: tuple[Any, ...] = (game,)
    if level is not None:
        query += " AND level = ?"
        args += (level,)
    counts: dict[str, int] = dict(db.execute(query + " GROUP BY result", args).fetchall())
    return {
        "wins": counts.get("win", 0),
        "losses": counts.get("loss", 0),
        "draws": counts.get("draw", 0),
    }


def _salvage(path: Path) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of our tables that a damaged file still yields (nothing if it is not ours)."""
    if not path.is_file():
        return {}
    try:
        # Read only, but not "mode=ro": that would leave a -wal and -shm beside the file.
        db = sqlite3.connect(path, timeout=WAIT_S)
    except sqlite3.Error:
        return {}
    try:
        return _read_tables(db)
    except sqlite3.Error:  # locked meanwhile: the moved-aside file keeps the rows
        return {}
    finally:
        db.close()


def _read_tables(db: sqlite3.Connection) -> dict[str, list[tuple[Any, ...]]]:
    """Every readable row of each of our tables (none of a table the file lacks or has in
    another shape). Anything else that stops the reading (a lock, no access) propagates, so
    the caller can read another way."""
    found: dict[str, list[tuple[Any, ...]]] = {}
    for table, columns in _TABLES.items():
        try:
            found[table] = _readable_rows(db, table, columns)
        except sqlite3.Error as exc:
            if _code(exc) != _SQLITE_ERROR and not _is_corrupt(exc):
                raise
    return found


def _readable_rows(
    db: sqlite3.Connection, table: str, columns: tuple[str, ...]
) -> list[tuple[Any, ...]]:
    """The table's rows in rowid order; around damaged pages, the rows that still read.

    Damage is bisected: a range of row ids that fails to read is split in two until the
    readable parts are found, at most :data:`SALVAGE_QUERIES` queries in all, so a damaged
    file is read in a bounded time even when its largest row id cannot be read.
    """
    select = f"SELECT {', '.join(columns)} FROM {table}"
    try:
        return list(db.execute(select + " ORDER BY rowid").fetchall())
    except sqlite3.DatabaseError as exc:
        if not _is_corrupt(exc):
            raise  # a lock, no access, or not our table: nothing to read around
    last = _last_rowid(db, table)
    rows: list[tuple[Any, ...]] = []
    ranges = [(1, last)]  # a stack: the lower half is read first, so rows stay in order
    for _ in range(SALVAGE_QUERIES):
        if not ranges:
            break
        low, high = ranges.pop()
        try:
            if low == high:  # a lookup: a range scan would step onto the next (damaged) page
                rows += db.execute(select + " WHERE rowid = ?", (low,)).fetchall()
            else:  # all or nothing
                query = select + " WHERE rowid BETWEEN ? AND ? ORDER BY rowid"
                rows += db.execute(query, (low, high)).fetchall()
        except sqlite3.DatabaseError as exc:
            if _is_busy(exc):
                raise
            if low < high:
                middle = (low + high) // 2
                ranges += [(middle + 1, high), (low, middle)]
    return rows


def _last_rowid(db: sqlite3.Connection, table: str) -> int:
    """The largest row id ``table`` may hold, from the first source that still reads: the
    table itself, AUTOINCREMENT's counter, or the file's size (a row takes 16 bytes at least).
    """
    queries = (
        f"SELECT max(rowid) FROM {table}",
        f"SELECT seq FROM sqlite_sequence WHERE name = '{table}'",
        "SELECT page_count * page_size / 16 FROM pragma_page_count, pragma_page_size",
    )
    for query in queries:
        try:
            found = db.execute(query).fetchone()
        except sqlite3.DatabaseError:
            continue
        if found is not None and isinstance(found[0], int):
            return found[0]
    return 0


def _sound(table: str, row: tuple[Any, ...]) -> bool:
    """A salvaged row that reads back as what we store (bytes off a damaged page may not)."""
    try:
        item = dict(zip(_TABLES[table], row, strict=True))
        if table == "games":
            ok = all(isinstance(item[k], str) for k in ("game", "mode", "finished_at"))
            return (
                ok
                and isinstance(item["id"], int)
                and all(isinstance(json.loads(item[k]), dict) for k in ("players", "scores"))
            )
        if table == "flags":
            json.loads(item["value"])
            return isinstance(item["key"], str)
        _puzzle_row(row)
        return True
    except (TypeError, ValueError, KeyError):
        return False


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
    #: Why results are kept for this session only (set by :func:`open_store` when the file
    #: could not be used), or None for a store that is in memory by choice.
    unsaved: str | None = None

    def __init__(self) -> None:
        self._games: list[dict[str, Any]] = []
        self._flags: dict[str, Any] = {}
        self._puzzles: dict[tuple[str, dt.date], dict[str, Any]] = {}
        self._next_id = 1
        self._lock = threading.Lock()

    def _add_game(self, game_id: int, item: dict[str, Any]) -> None:
        """Keep a game a file store wrote (or queued) under the id it was given."""
        record = dict(item, id=game_id)
        record["players"] = json.loads(record["players"])
        record["scores"] = json.loads(record["scores"])
        with self._lock:
            self._games.append(record)

    def _load(self, path: Path, timeout: float = WAIT_S) -> str:
        """Start from a stats file's contents, read without writing anything and without
        waiting for a lock (the rows around damaged pages too); says what it found (for the
        warning), or "" when there was nothing to read."""
        if sqlite3 is None or not path.is_file():
            return ""
        uri = path.resolve().as_uri()
        for query in ("?mode=ro", "?immutable=1"):  # immutable: no -shm can be made beside it
            try:
                db = sqlite3.connect(uri + query, uri=True, timeout=timeout)
            except sqlite3.Error:
                continue
            try:
                found = _read_tables(db)
                break
            except sqlite3.Error:
                continue  # locked: the immutable read does not ask for a lock
            finally:
                db.close()
        else:
            return ""
        rows = [r for r in found.get("games", []) if _sound("games", r)]
        for row in rows:
            item = dict(zip(_COLUMNS, row, strict=True))
            item["players"] = json.loads(item["players"])
            item["scores"] = json.loads(item["scores"])
            self._games.append(item)
        for key, value in found.get("flags", []):
            with contextlib.suppress(TypeError, ValueError):
                self._flags[key] = json.loads(value)
        for row in found.get("puzzles", []):  # none in files from before the puzzle table
            with contextlib.suppress(TypeError, ValueError):
                record = _puzzle_row(row)
                self._puzzles[(record["game"], record["date"])] = record
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
