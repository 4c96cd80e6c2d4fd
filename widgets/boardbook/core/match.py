"""``Match``: one game being played, in plain Python (no anywidget, no traitlets).

A match owns everything that is the same for every game: the game record, turn flow with
forced moves, moves built from several inputs, undo / restart / new game with the side
alternation, review by ply, CPU turn-taking through ``core.scheduler`` (with a generation
counter, so a late result is dropped), the card queue, the results store, and the whole
protocol-v2 snapshot (``js/PROTOCOL.md``). What differs between games is a ``GameSpec``: a small
set of typed hooks in ``core.spec`` (``docs/adding-a-game.md`` lists them). The widget (``core.widget``) only
routes intents to a match and publishes ``match.snapshot(lang)``.

Choices settled here: changing a setting that affects play (``mode``, ``level``, ``human``,
a game's own such as Beacon's ``rules``) restarts the current game uncounted, or, after a
finished game, starts the next one; ``level``/``human`` only matter against the CPU. Restarting
a finished game, or 待って続ける (undo after the end), removes its recorded result. A game that
was already over at its start, or was loaded with ``load()``, is never recorded.

Size: this module is over 1,000 lines because every part reads and changes the same guarded
state (the record, the selection, the CPU generation) under one lock. Its seams, in file order,
are the requests, the turn flow (sequential and simultaneous), the CPU, the results and the
snapshot builder; splitting them into modules is issue #17's next step.
"""

from __future__ import annotations

import logging
import random
import threading
import warnings
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Generic

from . import i18n, scheduler
from .coach import LABELS as _COACH_LABELS
from .coach import LOCKED_OFF, SLOW_PACE_S, Coach, paced, record_state
from .game import (
    ForbiddenMoveError,
    GameOverError,
    IllegalMoveError,
    MalformedMoveError,
    NotNowError,
    move_with_steps,
    next_steps,
)
from .puzzle import LABELS as _PUZZLE_LABELS
from .puzzle import PuzzleAttempt
from .spec import (
    CPU,
    MODES,
    TWO_PLAYER,
    Flags,
    Forced,
    GameSpec,
    M,
    Marks,
    Msg,
    P,
    Rejected,
    Setting,
    SettingError,
    View,
    core_settings,
    short,
)

if TYPE_CHECKING:
    from .daily import DailyPuzzle
    from .stats import Store  # the results store's interface (core.stats owns it)

__all__ = [
    "AUTO",
    "CPU",
    "CPU_MOVER",
    "HUMAN",
    "MODES",
    "TWO_PLAYER",
    "Flags",
    "Forced",
    "GameRecord",
    "GameSpec",
    "Marks",
    "Match",
    "Msg",
    "Rejected",
    "Setting",
    "SettingError",
    "View",
    "core_settings",
    "short",
]

_log = logging.getLogger("boardbook.match")

#: Who made a move in the record: a person, the CPU, or the match itself (a forced move).
HUMAN, CPU_MOVER, AUTO = "human", "cpu", "auto"
PROTOCOL_VERSION = 2

#: How each notice reads on the page (``notice_kind``): a done thing, a failure; every other
#: notice is a refused request.
_INFO_NOTICES = frozenset(
    {"status.undone", "status.undone_choice", "status.undone_result", "status.restarted"}
    | {"coach.loaded"}
)
_ERROR_NOTICES = frozenset({"err.cpu_failed"})


def notice_kind(message: Msg) -> str:
    """``"info"``, ``"error"`` or ``"refusal"``: drawn differently (js/shared/status.js)."""
    if message.key in _INFO_NOTICES:
        return "info"
    return "error" if message.key in _ERROR_NOTICES else "refusal"


# ==================================================================== the game record
@dataclass
class GameRecord(Generic[P, M]):
    """The one list of a game: positions (one more than moves), moves, who made each, and
    the ``last_move`` description of each. Every change goes through these three methods."""

    positions: list[P]
    moves: list[M] = field(default_factory=list)
    movers: list[str] = field(default_factory=list)
    described: list[dict[str, object]] = field(default_factory=list)

    @property
    def position(self) -> P:
        return self.positions[-1]

    def reset(self, start: P) -> None:
        self.positions, self.moves, self.movers, self.described = [start], [], [], []

    def push(self, move: M, after: P, mover: str, described: dict[str, object]) -> None:
        self.positions.append(after)
        self.moves.append(move)
        self.movers.append(mover)
        self.described.append(described)

    def truncate(self, plies: int) -> None:
        """Keep the first ``plies`` moves."""
        del self.positions[plies + 1 :]
        del self.moves[plies:], self.movers[plies:], self.described[plies:]


# ==================================================================== the match
@dataclass
class _Event:
    id: int
    type: str
    message: Msg
    hold_ms: int | None = None
    yes: dict[str, object] | None = None


#: The UI labels every game has (PROTOCOL.md lists the ones the kit reads).
# fmt: off
_COMMON_LABELS = (
    "undo", "undo_continue", "restart", "new_game", "review", "settings", "thinking",
    "confirm_restart", "yes", "no", "close", "prev", "next", "first", "last", "back", "coords",
    "language", "mode", "level", "human", "think_time", "empty", "legal", "wins", "stats",
    "record", "score", "last_move", "selected", "target", "deciding", "choices", "wins_one",
    "wins_many", "disconnected", "no_answer",
)
# fmt: on


class _StoreFlags:
    def __init__(self, store: Store):
        self._store = store

    def get(self, key: str) -> object:
        try:
            return self._store.get_flag(key)
        except Exception:  # noqa: BLE001 - an unreadable flag reads as "not set"
            return None

    def set(self, key: str, value: object = True) -> None:
        try:
            self._store.set_flag(key, value)
        except Exception as exc:  # noqa: BLE001
            warnings.warn(f"boardbook: could not save a setting ({exc})", RuntimeWarning, 2)


class Match(Generic[P, M]):
    """One game in play (and the games after it); see the module docstring.

    Every public method takes the match's lock, so a CPU result arriving on another thread
    never interleaves with a request. Requests that cannot be carried out raise ``Rejected``
    (with the message also kept as ``notice``); ``play`` raises the engine's
    ``IllegalMoveError``. ``on_change`` is called (under the lock) after a change that no
    request made: a CPU move or a CPU failure.
    """

    def __init__(
        self,
        spec: GameSpec[P, M],
        *,
        settings: Mapping[str, object] | None = None,
        store: Store | None = None,
        on_change: Callable[[], None] | None = None,
        rng: random.Random | None = None,
        puzzle: DailyPuzzle[P] | None = None,
        puzzle_options: Mapping[str, Any] | None = None,
    ):
        self.spec = spec
        self.table = {s.name: s for s in core_settings(spec)}
        given = dict(settings or {})
        unknown = sorted(set(given) - set(self.table))
        if unknown:
            raise SettingError(f"unknown setting(s) {', '.join(map(repr, unknown))}")
        side = None if puzzle is None else puzzle.position.to_move
        if puzzle is not None:  # core.puzzle: the person to move against the strongest CPU
            if side is None:
                raise ValueError("a puzzle position needs a side to move")
            # The puzzle's own values of the settings it fixes (``Setting.puzzle_fixed``); the
            # others (think_time) keep their default: a full-strength defence.
            own = {"mode": CPU, "level": spec.puzzle_level or spec.levels[-1], "human": side}
            own["hints"] = LOCKED_OFF  # the coach's values would give the answer away
            for s in self.table.values():
                if s.puzzle_fixed:
                    given[s.name] = own.get(s.name, s.default)
        self._settings: dict[str, object] = {
            name: s.check(given.get(name, s.default)) for name, s in self.table.items()
        }
        self.on_change = on_change
        self.rng = rng or random.Random()
        if store is None:
            from .stats import open_store

            store = open_store()
        self._store: Store = store
        self._lock = threading.RLock()
        self._generation = 0
        self._task: scheduler.SearchTask | None = None
        self._busy = False
        self._idle = threading.Event()
        self._idle.set()
        self._closed = False
        self._events: list[_Event] = []
        self._event_counter = 0
        self.notice: Msg | None = None
        self._forced_status: Msg | None = None
        self._review: int | None = None
        # True while ``play()`` (a script) plays: one-time tips are for a person's own moves.
        self._scripted = False
        self._game_index = 0
        self._wins = {"player1": 0, "player2": 0, "human": 0, "cpu": 0}
        self._recorded: dict[str, Any] | None = None
        self._finished_ply: int | None = None
        self._loaded = False
        self._cpu_error: str | None = None
        self._selection: list[str] = []
        self._result_cache: dict[tuple[int, str], dict[str, str]] = {}
        self.record: GameRecord[P, M] = GameRecord([spec.start(self._settings)])
        self._stats = self._read_stats()
        self.puzzle: PuzzleAttempt | None = None
        if puzzle is not None:
            assert side is not None
            self.puzzle = PuzzleAttempt(puzzle, side, self._store, **dict(puzzle_options or {}))
        self.coach = Coach(self)
        with self._lock:
            self._begin_game()
            opening = spec.opening()
            if opening:
                self.load(opening, review=None)

    # ---------------------------------------------------------------- read-only surface
    @property
    def position(self) -> P:
        """The current position (not the one shown in a review)."""
        return self.record.position

    @property
    def history(self) -> list[str]:
        return [self.spec.notation(m) for m in self.record.moves]

    @property
    def busy(self) -> bool:
        return self._busy

    @property
    def reviewing(self) -> bool:
        """Whether the board shows an earlier ply of the game (the review is open)."""
        return self._review is not None

    @property
    def settings(self) -> dict[str, object]:
        return dict(self._settings)

    @property
    def selection(self) -> tuple[str, ...]:
        return tuple(self._selection)

    @property
    def stats(self) -> dict[str, dict[str, int]]:
        return {level: dict(counts) for level, counts in self._stats.items()}

    @property
    def mode(self) -> str:
        return str(self._settings["mode"])

    @property
    def level(self) -> str:
        return str(self._settings["level"])

    @property
    def game_number(self) -> int:
        return self._game_index + 1

    @property
    def human_side(self) -> str | None:
        """The human's side against the CPU (None in two-player mode)."""
        return self._human if self.mode == CPU else None

    @property
    def chosen(self) -> tuple[str, ...]:
        """Hidden games: the sides that have locked in a (secret) choice this move."""
        if not self.spec.hidden:
            return ()
        return tuple(s for s, c in zip(self.spec.sides, self._selection) if c)

    @property
    def lock(self) -> threading.RLock:
        """Held by every request and by a CPU result; hold it to read or publish a state that
        no other thread changes meanwhile (the widget publishes under it)."""
        return self._lock

    @property
    def closed(self) -> bool:
        return self._closed

    @property
    def person_to_move(self) -> str | None:
        """The side a person gives the next input for now (None: nobody, or only the CPU)."""
        return None if self._busy else self._chooser()

    @property
    def cpu_error(self) -> str | None:
        return self._cpu_error

    @property
    def _human(self) -> str:
        human = str(self._settings["human"])
        return self.spec.sides[self._game_index % 2] if human == "alternate" else human

    @property
    def _player1(self) -> str:
        return self.spec.sides[self._game_index % 2]

    def _other(self, side: str) -> str:
        first, second = self.spec.sides
        return second if side == first else first

    @property
    def _cpu_side(self) -> str:
        return self._other(self._human)

    # ---------------------------------------------------------------- requests
    def input(self, target: str, *, scripted: bool = False) -> None:
        """A person chose ``target`` (a square, tray item or button) for the move being built;
        ``scripted``: a program gave it (``w.input()``), so no one-time tip is spent on it."""
        with self._lock:
            self._check_can_play()
            if not isinstance(target, str):
                raise self._reject(Msg("err.bad_field", {"field": "target"}))
            self._scripted = scripted
            try:
                self._input(target)
            finally:
                self._scripted = False

    def back(self) -> None:
        """Take back the last input of the move being built."""
        with self._lock:
            if not self._own_selection():
                raise self._reject(Msg("err.nothing_to_take_back"))
            if self.spec.hidden:
                self._selection[self.spec.sides.index(self._chooser_before_last())] = ""
            else:
                self._selection.pop()
            self.notice = None

    def play(self, move: object) -> None:
        """Play a whole move for the side to move (API); IllegalMoveError if it cannot be."""
        with self._lock:
            # What is not a move at all says so first, even while the CPU thinks ("please
            # wait" would suggest that 2.5 becomes a move later).
            if not hasattr(move, "steps") and not isinstance(move, str | tuple | list):
                error: IllegalMoveError = MalformedMoveError(
                    move, "a move is a string in the game's notation or a Move"
                )
                self.notice = self.spec.error_message(error)
                raise error
            try:
                self._check_can_play()
            except Rejected as rejected:
                raise self._not_now(move, rejected.message) from None
            try:
                inputs = self.spec.api_inputs(self.position, move, self._view("en"))
            except IllegalMoveError as error:
                self.notice = self.spec.error_message(error)
                raise
            if not self.spec.hidden:
                self._selection = []
            self._scripted = True
            try:
                for target in inputs:
                    self._input(target)
            finally:
                self._scripted = False

    def undo(self) -> None:
        """待った: two players one move (or the choice being built); versus CPU back to the
        human's previous turn."""
        with self._lock:
            if self._own_selection() and self.spec.hidden and self.mode == TWO_PLAYER:
                self._selection = [""] * len(self.spec.sides)
                self.notice = Msg("status.undone_choice")
                return
            count = self._undo_count()
            if count == 0:
                raise self._reject(Msg("err.nothing_to_undo"))
            self._cancel_cpu()
            was_over = self.position.outcome is not None
            had_record = self._recorded is not None and self._recorded.get("counted", False)
            if was_over:
                self._unrecord()
            if self.puzzle is not None:
                if self.puzzle.over:
                    raise self._reject(Msg("puzzle.over"))
                self.puzzle.undone()
            self.record.truncate(len(self.record.moves) - count)
            self._clear_turn()
            self._events.clear()
            self.notice = Msg("status.undone_result" if had_record else "status.undone")
            self._advance(delay=self.spec.cpu_reply_delay_s)

    def ask_restart(self) -> None:
        """Queue the "restart this game?" card (its yes sends a confirmed restart)."""
        with self._lock:
            self._emit(
                "confirm", Msg("confirm_restart"), yes={"kind": "restart", "confirmed": True}
            )

    def restart(self) -> None:
        """Restart this game from its start, not counted."""
        with self._lock:
            if self.position.outcome is not None:
                self._unrecord()
            self._begin_game()
            self.notice = Msg("status.restarted")

    def new_game(self) -> None:
        """Start the next game (sides alternate); an unfinished game is dropped uncounted."""
        with self._lock:
            self._game_index += 1
            self._begin_game()
            self.notice = None

    def review(self, ply: int | None) -> None:
        """Show the position after ``ply`` moves (0 = the start), or leave with None."""
        with self._lock:
            if ply is None:
                self._review = None
                self.notice = None
                self.coach.sync()
                return
            if isinstance(ply, bool) or not isinstance(ply, int):
                raise self._reject(Msg("err.bad_field", {"field": "ply"}))
            if not 0 <= ply <= len(self.record.moves):
                raise self._reject(Msg("err.bad_field", {"field": "ply"}))
            if self._busy:
                raise self._reject(Msg("err.busy"))
            self._review = ply
            self.notice = None
            self.coach.sync()  # opened mid-game: the graph of the plies so far

    def dismiss(self, event_id: int) -> None:
        with self._lock:
            self._events = [event for event in self._events if event.id != event_id]

    def check_setting(self, name: str, value: object) -> object:
        """``value`` checked for setting ``name`` now: SettingError (its ``message`` the
        translated reason) if it is not one of its values, or the setting may not change now
        (``Setting.lock``: hints locked off by a teacher; ``Setting.puzzle_fixed`` in a daily
        puzzle)."""
        setting = self.table.get(name)
        if setting is None:
            raise SettingError(
                f"unknown setting {name!r}; the settings are {', '.join(self.table)}",
                Msg("err.bad_setting", {"name": short(name)}),
            )
        current = self._settings[name]
        return setting.check_change(current, value, puzzle=self.puzzle is not None)

    def configure(self, **changes: object) -> None:
        """Change settings (all checked first: one bad value changes nothing)."""
        with self._lock:
            checked = {name: self.check_setting(name, value) for name, value in changes.items()}
            changed = [n for n, v in checked.items() if self._settings[n] != v]
            self._settings.update(checked)
            replay = any(
                self.table[n].affects == "play"
                or (self.table[n].affects == "cpu" and self.mode == CPU)
                for n in changed
            )
            if replay:
                self.notice = None
                self._cancel_cpu()
                if self.position.outcome is not None and self.record.moves:
                    self._game_index += 1
                self._begin_game()
            self.coach.sync()

    def load(self, moves: Sequence[object], *, review: int | None = 0) -> None:
        """Replace this game by ``moves`` played from the start (a route, a saved game) and
        show the position after ``review`` plies. A loaded game is never recorded; a puzzle
        loads nothing (the loaded moves would choose the CPU's defence too)."""
        with self._lock:
            if self.puzzle is not None:
                raise self._reject(Msg("puzzle.no_load"))
            start = self.spec.start(self._settings)
            record: GameRecord[P, M] = GameRecord([start])
            for item in moves:  # everything is checked before anything changes
                before = record.position
                move = self.spec.parse(before, item)
                after = before.play(move)
                record.push(move, after, HUMAN, self._describe(before, move, after, False))
            self._cancel_cpu()
            self._fresh_game(record)
            self._loaded = True
            self._review = None if review is None else max(0, min(review, len(record.moves)))
            self._advance()

    def wait(self, timeout: float = 60.0) -> None:
        """Block until the CPU is idle (scripts, tests); TimeoutError after ``timeout`` s."""
        if scheduler.default_mode() == "slices" and self._busy:
            raise RuntimeError(
                "cannot block in this environment (no threads); the CPU's move arrives by itself"
            )
        if not self._idle.wait(timeout):
            raise TimeoutError(f"the CPU was still thinking after {timeout} s")
        if self._cpu_error:
            raise RuntimeError(f"the CPU failed: {self._cpu_error}")

    def close(self) -> None:
        """Stop any search (its result is dropped) and stop calling ``on_change``."""
        with self._lock:
            self._closed = True
            self._cancel_cpu()
            self.coach.close()
            self.on_change = None

    def load_transcript(self, text: str) -> None:
        """Replace this game by the game of a pasted transcript (``f5d6c3…``), played on from
        its end; Rejected naming the problem if it is not one (nothing changes then)."""
        with self._lock:
            if not isinstance(text, str) or len(text) > 4000:
                raise self._reject(Msg("err.bad_field", {"field": "text"}))
            try:
                moves = self.spec.read_transcript(text)
                self.load(moves, review=None)
            except (ValueError, IllegalMoveError) as error:
                reason = error.reason if isinstance(error, IllegalMoveError) else str(error)
                raise self._reject(Msg("err.bad_record", {"reason": short(reason, 80)})) from None
            self.notice = Msg("coach.loaded", {"n": len(self.record.moves)})

    def reject(self, message: Msg) -> None:
        """Show ``message`` as the notice (a bad request the widget caught)."""
        with self._lock:
            self.notice = message

    # ---------------------------------------------------------------- turn flow
    def _not_now(self, move: object, message: Msg) -> IllegalMoveError:
        """The typed error for a move refused whatever it is: the game (or the puzzle) is
        over, or the match cannot take a move at this moment."""
        text = self.render(message, "en")
        code = message.key.rpartition(".")[2]  # "err.busy" -> "busy", "puzzle.over" -> "over"
        if message.key in ("err.game_over", "puzzle.over"):
            return GameOverError(move, text, code="puzzle_over" if code == "over" else code)
        return NotNowError(move, text, code=code)

    def _reject(self, message: Msg) -> Rejected:
        self.notice = message
        return Rejected(message)

    def _check_can_play(self) -> None:
        if self._closed:
            raise self._reject(Msg("err.closed"))
        if self._busy:
            raise self._reject(Msg("err.busy"))
        if self._review is not None:
            raise self._reject(Msg("err.reviewing"))
        if self.position.outcome is not None:
            raise self._reject(Msg("err.game_over"))
        if self.puzzle is not None and self.puzzle.over:
            raise self._reject(Msg("puzzle.over"))
        if self._chooser() is None:
            raise self._reject(Msg("err.not_your_turn"))

    def _chooser(self) -> str | None:
        """The side whose input a person gives now (None: nobody, or only the CPU)."""
        position = self.position
        if position.outcome is not None or (self.puzzle is not None and self.puzzle.over):
            return None
        if self.spec.hidden:
            open_sides = [s for s, c in zip(self.spec.sides, self._selection) if not c]
            if self.mode == CPU:
                return self._human if self._human in open_sides else None
            return open_sides[0] if open_sides else None
        side = position.to_move
        if side is None or (self.mode == CPU and side != self._human):
            return None
        return side

    def _chooser_before_last(self) -> str:
        """Hidden games, two players: the side whose choice ``back`` takes back."""
        chosen = [s for s, c in zip(self.spec.sides, self._selection) if c]
        if self.mode == CPU:
            return self._human
        return chosen[-1]

    def _own_selection(self) -> bool:
        """Whether the move being built holds an input a person may take back."""
        if self.spec.hidden:
            if self.mode == CPU:
                return bool(self._selection[self.spec.sides.index(self._human)])
            return any(self._selection)
        return bool(self._selection)

    def _legal_for_person(self) -> list[M]:
        position = self.position
        if self.spec.forced(position) is not None:
            return []
        return list(position.legal_moves())

    def _targets(self) -> tuple[str, ...]:
        """Every legal next input, in the engine's order (empty when nobody may give one)."""
        if self._busy or self._review is not None or self._closed:
            return ()
        side = self._chooser()
        if side is None:
            return ()
        seen: dict[str, None] = {}
        if self.spec.hidden:
            # Never filtered by the other side's secret choice: the targets must not reveal it.
            index = self.spec.sides.index(side)
            for move in self._legal_for_person():
                seen.setdefault(self.spec.steps(move)[index])
            return tuple(seen)
        return next_steps(self._legal_for_person(), self._selection, self.spec.steps)

    def _input(self, target: str) -> None:
        """Add ``target`` to the selection (playing the move it completes); on any failure
        the selection and the record are as before."""
        selection = list(self._selection)
        plies = len(self.record.moves)
        try:
            self._add_input(target)
        except BaseException:
            self._selection = selection
            if len(self.record.moves) > plies:  # pragma: no cover - a hook failed mid-move
                self.record.truncate(plies)
            raise

    def _add_input(self, target: str) -> None:
        if self.spec.hidden:
            side = self._chooser()
            assert side is not None
            if target not in self._targets():
                raise self._reject(self.spec.reject(self._view("en"), target))
            self._selection[self.spec.sides.index(side)] = target
            self.notice = None
            if all(self._selection):
                steps = tuple(self._selection)
                if move_with_steps(self._legal_for_person(), steps, self.spec.steps) is None:
                    # The two secret choices do not make a legal move together (the
                    # ``_input`` wrapper restores the selection).
                    raise self._reject(Msg("err.not_a_target", {"target": short(target)}))
                self._complete(steps)
            return
        if target not in self._targets():
            # Re-choose: a target that fits an earlier step starts again from there.
            legal = self._legal_for_person()
            for n in range(len(self._selection) - 1, -1, -1):
                prefix = tuple(self._selection[:n])
                if target in next_steps(legal, prefix, self.spec.steps):
                    self._selection = list(prefix)
                    break
            else:
                raise self._reject(self.spec.reject(self._view("en"), target))
        self._selection.append(target)
        self.notice = None
        self._complete(tuple(self._selection))

    def _complete(self, steps: tuple[str, ...]) -> None:
        """Play the move whose steps the selection now equals (if one does)."""
        move = move_with_steps(self._legal_for_person(), steps, self.spec.steps)
        if move is None:
            return
        before = self.position
        self._push(move, HUMAN)
        self._clear_turn()
        # A forced-move card announces a moment that this move has left behind.
        self._events = [event for event in self._events if event.type != "forced"]
        # Only a person's input (the front end, ``input()``) spends a one-time tip: a scripted
        # ``play()`` that sets up a position must not use it up unseen.
        flags = _StoreFlags(self._store)
        hint = None if self._scripted else self.spec.hint(before, move, flags)
        if hint is not None:
            self._emit("hint", hint)
        self._advance(delay=self.spec.cpu_reply_delay_s)

    def _describe(self, before: P, move: M, after: P, forced: bool) -> dict[str, object]:
        marks = self.spec.marks(before, move, after)
        side = before.to_move
        if self.spec.hidden:
            side = None
        return {
            "notation": self.spec.notation(move),
            "side": side,
            "squares": list(marks.squares),
            "marks": {name: list(group) for name, group in marks.marks.items()},
            "forced": forced,
        }

    def _push(self, move: M, mover: str) -> None:
        self.coach.moved()
        before = self.position
        after = before.play(move)
        described = self._describe(before, move, after, mover == AUTO)
        self.record.push(move, after, mover, described)

    def _clear_turn(self) -> None:
        self._selection = [""] * len(self.spec.sides) if self.spec.hidden else []
        self._review = None
        self._forced_status = None
        self._cpu_error = None
        self._result_cache.clear()

    def _fresh_game(self, record: GameRecord[P, M]) -> None:
        self.record = record
        self._recorded = None
        self._finished_ply = None
        self._loaded = False
        self._events.clear()
        self._clear_turn()

    def _begin_game(self) -> None:
        self._cancel_cpu()
        self._fresh_game(GameRecord([self.spec.start(self._settings)]))
        if getattr(self, "puzzle", None) is not None:
            assert self.puzzle is not None
            self.puzzle.begin()  # a new attempt: "try again"
        self._advance(delay=self.spec.cpu_reply_delay_s)

    def _cpu_turn(self) -> bool:
        position = self.position
        if self.mode != CPU or position.outcome is not None:
            return False
        if self.puzzle is not None and self.puzzle.over:
            return False
        if self.spec.hidden:
            return not self._selection[self.spec.sides.index(self._cpu_side)]
        return position.to_move == self._cpu_side

    def _advance(self, delay: float = 0.0) -> None:
        """After a move: finish the game, play forced moves, or hand the turn to the CPU."""
        while True:
            position = self.position
            if self.puzzle is not None:
                outcome = position.outcome
                self.puzzle.observe(
                    list(self.record.movers),
                    None if outcome is None else outcome.winner,
                    outcome is not None,
                )
            if position.outcome is not None:
                self._finish_game()
                self.coach.sync()  # the review's values
                return
            forced = self.spec.forced(position)
            if forced is None:
                break
            self._push(forced.move, AUTO)
            self._emit("forced", forced.card, hold_ms=int(self.spec.forced_hold_s * 1000))
            self._forced_status = forced.status
            delay = max(delay, self.spec.forced_hold_s)
        if self._cpu_turn() and not self._closed:
            self._start_cpu(delay)
        self.coach.sync()

    def _start_cpu(self, delay: float) -> None:
        generation = self._generation
        side = self._cpu_side
        self._busy = True
        self._idle.clear()
        steps = self.spec.search(
            self.position,
            self.level,
            side=side,
            rng=self.rng,
            time_budget=float(self._settings["think_time"]),  # type: ignore[arg-type]
        )
        if self._settings.get("pace") == "slow":
            steps = paced(steps, SLOW_PACE_S)
        self._task = scheduler.run_search(
            steps,
            on_done=lambda result: self._cpu_done(generation, result),
            on_error=lambda exc: self._cpu_failed(generation, exc),
            delay=delay,
            on_progress=lambda progress: self._cpu_progress(generation, progress),
        )

    def _cpu_progress(self, generation: int, progress: object) -> None:
        """A completed iteration of the CPU's search (watch the CPU think)."""
        with self._lock:
            if generation != self._generation or self._closed:
                return
            self.coach.cpu_progress(progress)
            self.changed()

    def _cpu_done(self, generation: int, result: object) -> None:
        with self._lock:
            if generation != self._generation or self._closed:
                return  # undone, restarted, reconfigured or closed meanwhile: drop it
            self._task = None
            self._busy = False
            try:
                if self.spec.hidden:
                    index = self.spec.sides.index(self._cpu_side)
                    if not isinstance(result, str):
                        raise MalformedMoveError(result, "the CPU must return its input")
                    self._selection[index] = result
                    if all(self._selection):
                        steps = tuple(self._selection)
                        if (
                            move_with_steps(self._legal_for_person(), steps, self.spec.steps)
                            is None
                        ):
                            self._selection[index] = ""
                            raise ForbiddenMoveError(result, "not a legal choice here")
                        self._complete(steps)
                else:
                    move = self.spec.parse(self.position, result)
                    self._push(move, CPU_MOVER)
                    self.coach.cpu_moved(move)
                    self._forced_status = None
                    self._advance()
            except Exception as exc:  # noqa: BLE001 - a bad CPU move must not wedge the game
                self._cpu_error = repr(exc)
                self.notice = Msg("err.cpu_failed", {"error": short(exc)})
            else:
                self.notice = None
            self.coach.sync()  # a hidden game's CPU only locked in: the person's hints now
            self.changed()  # publish before waiters wake, so wait() returns to a fresh state
            if not self._busy:
                self._idle.set()

    def _cpu_failed(self, generation: int, exc: BaseException) -> None:
        with self._lock:
            if generation != self._generation or self._closed:
                return
            _log.error("boardbook: CPU search failed", exc_info=exc)
            self._task = None
            self._busy = False
            self._cpu_error = repr(exc)
            self.notice = Msg("err.cpu_failed", {"error": short(exc)})
            self.changed()
            self._idle.set()

    def changed(self) -> None:
        """Tell the view that the match changed without a request: a CPU move or failure, or
        a coach result, arriving on another thread (call it under ``lock``)."""
        callback = self.on_change
        if callback is not None:
            try:
                callback()
            except Exception:  # noqa: BLE001 - a failing view must not stop the game
                _log.exception("boardbook: on_change failed")

    def _cancel_cpu(self) -> None:
        self._generation += 1
        if self._task is not None:
            self._task.cancel()
            self._task = None
        self._busy = False
        self._idle.set()

    def _emit(
        self,
        kind: str,
        message: Msg,
        hold_ms: int | None = None,
        yes: dict[str, object] | None = None,
    ) -> None:
        self._event_counter += 1
        event = _Event(self._event_counter, kind, message, hold_ms, yes)
        if kind == "confirm":  # asking twice is still one question
            self._events = [queued for queued in self._events if queued.type != "confirm"]
        if kind == "forced":
            # Timed cards go first (in order), so a pending hint waits until they have passed.
            at = sum(1 for queued in self._events if queued.type == "forced")
            self._events.insert(at, event)
        else:
            self._events.append(event)

    def _undo_count(self) -> int:
        """How many moves one press of 待った takes back (0: nothing to take back)."""
        movers = self.record.movers
        n = len(movers)
        if self.mode == TWO_PLAYER:
            i = n
            while i > 0 and movers[i - 1] == AUTO:
                i -= 1
            return 0 if i == 0 else n - (i - 1)
        for i in range(n - 1, -1, -1):
            if movers[i] == HUMAN:
                return n - i
        return 0

    # ---------------------------------------------------------------- results
    def _finish_game(self) -> None:
        """Record a game that just ended (once per finished position)."""
        ply = len(self.record.moves)
        if self._finished_ply == ply:
            return
        self._finished_ply = ply
        self._forced_status = None
        outcome = self.position.outcome
        assert outcome is not None
        # No phantom game from a finished start; a puzzle is recorded as a puzzle (core.puzzle).
        counted = ply > 0 and not self._loaded and self.puzzle is None
        if not counted:
            self._recorded = {"id": None, "tally": None, "counted": False}
            return
        record: dict[str, Any]
        if self.mode == TWO_PLAYER:
            p1, p2 = self._player1, self._other(self._player1)
            tally = (
                None if outcome.winner is None else "player1" if outcome.winner == p1 else "player2"
            )
            record = {"mode": TWO_PLAYER, "players": {p1: "Player 1", p2: "Player 2"}}
        else:
            human = self._human
            result = (
                "draw" if outcome.winner is None else "win" if outcome.winner == human else "loss"
            )
            tally = {"draw": None, "win": "human", "loss": "cpu"}[result]
            record = {"mode": CPU, "level": self.level, "human": human, "result": result}
        if tally:
            self._wins[tally] += 1
        row_id = None
        try:
            row_id = self._store.record_game(
                self.spec.name,
                winner=outcome.winner,
                scores=outcome.scores or {},
                moves=self.spec.transcript(self.record.moves),
                reason=outcome.termination,
                **record,
            )
        except Exception as exc:  # noqa: BLE001 - a stats failure must not stop the game
            warnings.warn(f"boardbook: could not record the game: {exc}", RuntimeWarning, 2)
        self._recorded = {"id": row_id, "tally": tally, "counted": True}
        self._stats = self._read_stats()

    def _unrecord(self) -> None:
        """Take the just-finished game out of the record (待って続ける, restart after the end)."""
        recorded = self._recorded
        self._recorded = None
        self._finished_ply = None
        if recorded is None or not recorded["counted"]:
            return
        if recorded["tally"]:
            self._wins[recorded["tally"]] -= 1
        if recorded["id"] is not None:
            try:
                self._store.delete_game(recorded["id"])
            except Exception as exc:  # noqa: BLE001
                warnings.warn(f"boardbook: could not remove the game: {exc}", RuntimeWarning, 2)
        self._stats = self._read_stats()

    def _read_stats(self) -> dict[str, dict[str, int]]:
        try:
            return self._store.summary_by_level(self.spec.name, self.spec.levels)
        except Exception as exc:  # noqa: BLE001
            warnings.warn(f"boardbook: could not read the record ({exc})", RuntimeWarning, 2)
        return {level: {"wins": 0, "losses": 0, "draws": 0} for level in self.spec.levels}

    # ---------------------------------------------------------------- snapshot
    def render(self, message: Msg, lang: str) -> str:
        return message.render(lang, self.spec.side_label, self.spec.name)

    def _view(self, lang: str) -> View[P]:
        reviewing = self._review is not None
        shown = self.record.positions[self._review] if self._review is not None else self.position
        chosen: tuple[str, ...] = ()
        if self.spec.hidden:
            chosen = tuple(s for s, c in zip(self.spec.sides, self._selection) if c)
        return View(
            lang=lang,
            position=self.position,
            shown=shown,
            reviewing=reviewing,
            review_ply=self._review,
            busy=self._busy,
            mode=self.mode,
            human_side=self.human_side,
            chooser=None if self._busy or reviewing else self._chooser(),
            targets=self._targets(),
            selection=self._shown_selection(),
            history=tuple(self.history),
            chosen=chosen,
            settings=dict(self._settings),
            side_label=self.spec.side_label,
            flags=_StoreFlags(self._store),
        )

    def _shown_selection(self) -> tuple[str, ...]:
        """The selection the front end may see: in a hidden game only the chooser's own."""
        if not self.spec.hidden:
            return tuple(self._selection)
        if self.mode == CPU:
            own = self._selection[self.spec.sides.index(self._human)]
            return (own,) if own else ()
        return ()

    def status(self, lang: str) -> str:
        view = self._view(lang)
        return self._status(view)

    def _status(self, view: View[P]) -> str:
        lang = view.lang
        position = self.position
        own = self.spec.status(view)
        if own is not None:
            return own
        if self._review is not None:
            total = len(self.record.moves)
            if self._review == 0:
                return i18n.text("status.review_start", lang, total=total)
            return i18n.text("status.reviewing", lang, ply=self._review, total=total)
        if self.puzzle is not None and self.puzzle.over and position.outcome is None:
            return str(self.puzzle.snapshot(lang, self.spec.title)["result_text"])
        if position.outcome is not None:
            result = self._result_texts(lang)
            return f"{result['title']} — {result['detail']}"
        if self._forced_status is not None and not self._busy:
            return self.render(self._forced_status, lang)
        side = position.to_move or (self._cpu_side if self._busy else view.chooser) or ""
        label = self.spec.side_label(side, lang) if side else ""
        if self._busy:
            if self._forced_status is not None:
                return self.render(self._forced_status, lang)
            return i18n.text("status.cpu_thinking", lang, side=label)
        if self.mode == CPU and side == self._human:
            return i18n.text("status.your_move", lang, side=label)
        return i18n.text("status.to_move", lang, side=label)

    def _result_texts(self, lang: str) -> dict[str, str]:
        key = (len(self.record.moves), lang)
        cached = self._result_cache.get(key)
        if cached is not None:
            return cached
        position = self.position
        outcome = position.outcome
        assert outcome is not None
        winner = outcome.winner
        if winner is None:
            title = i18n.text("result.draw", lang)
        elif self.mode == CPU:
            title = i18n.text(
                "result.you_win" if winner == self._human else "result.cpu_wins", lang
            )
        else:
            player = "player1" if winner == self._player1 else "player2"
            title = i18n.text(
                "result.player_wins",
                lang,
                player=i18n.text(player, lang),
                side=self.spec.side_label(winner, lang),
            )
        why = self.spec.result_why(self.record.positions, self.record.moves, lang)
        texts = {
            "title": title,
            "detail": self.spec.result_detail(position, outcome, lang),
            "why": i18n.text("why", lang, reason=why) if why else "",
        }
        self._result_cache[key] = texts
        return texts

    def _scoreboard(self, shown: P, lang: str) -> list[dict[str, object]]:
        counts = self.spec.counts(shown)
        if self.mode == TWO_PLAYER:
            entries = [("player1", self._player1), ("player2", self._other(self._player1))]
        else:
            entries = [("human", self._human), ("cpu", self._cpu_side)]
        names = {"player1": "player1", "player2": "player2", "human": "you", "cpu": "cpu"}
        return [
            {
                "id": who,
                "name": i18n.text(names[who], lang),
                "side": side,
                "count": counts.get(side, 0),
                "wins": self._wins[who],
            }
            for who, side in entries
        ]

    def labels(self, lang: str) -> dict[str, str]:
        labels = {key: i18n.text(key, lang) for key in (*_COMMON_LABELS, *_COACH_LABELS)}
        if self.puzzle is not None:
            labels.update({key: i18n.text(key, lang) for key in _PUZZLE_LABELS})
        labels["exit_review"] = labels["close"]
        labels["board"] = self.spec.side_label("board", lang)
        for side in self.spec.sides:
            labels[side] = self.spec.side_label(side, lang)
        labels.update(self.spec.labels(lang))
        return labels

    def options(self, lang: str) -> dict[str, list[list[str]]]:
        return {
            name: [[value, self.spec.option_label(name, value, lang)] for value in s.choices]
            for name, s in self.table.items()
            if s.choices and s.in_menu
        }

    def snapshot(self, lang: str = "en") -> dict[str, object]:
        """The whole protocol-v2 ``state`` (js/PROTOCOL.md) in ``lang``."""
        with self._lock:
            return self._snapshot(lang)

    def _snapshot(self, lang: str) -> dict[str, object]:
        view = self._view(lang)
        position = self.position
        outcome = position.outcome
        record = self.record
        last_index = (self._review if self._review is not None else len(record.moves)) - 1
        outcome_state: dict[str, object] | None = None
        if outcome is not None:
            outcome_state = {**outcome.to_json(), **self._result_texts(lang)}
        event: dict[str, object] | None = None
        if self._events:
            first = self._events[0]
            event = {"id": first.id, "type": first.type, "text": self.render(first.message, lang)}
            if first.hold_ms is not None:
                event["hold_ms"] = first.hold_ms
            if first.yes is not None:
                event["yes"] = dict(first.yes)
        buttons = []
        for target in view.targets:
            label = self.spec.button_label(target, lang)
            if label is not None:
                buttons.append({"id": target, "label": label})
        status = self._status(view)
        settings = dict(self._settings)
        settings["lang"] = lang
        return {
            "protocol": PROTOCOL_VERSION,
            "game": self.spec.name,
            "status": status,
            "notice": None if self.notice is None else self.render(self.notice, lang),
            "notice_kind": None if self.notice is None else notice_kind(self.notice),
            "busy": self._busy,
            "to_move": None if outcome is not None or self.spec.hidden else position.to_move,
            "human_side": self.human_side,
            "game_number": self.game_number,
            "history": self.history,
            "ply": len(record.moves),
            # A finished puzzle attempt is not undone (core.puzzle): Try again instead.
            "can_undo": (self._undo_count() > 0 or self._own_selection())
            and not (self.puzzle is not None and self.puzzle.over),
            "input": {
                "targets": list(view.targets),
                "selection": list(view.selection),
                "prompt": status if view.targets else "",
                "step": self.spec.step_name(position, view.selection) if view.targets else "",
                "can_back": self._own_selection() and not self._busy,
                "hidden": self.spec.hidden,
                "buttons": buttons,
            },
            "last_move": dict(record.described[last_index]) if last_index >= 0 else None,
            "outcome": outcome_state,
            "event": event,
            "review": {"ply": self._review, "total": len(record.moves)}
            if self._review is not None
            else None,
            "scoreboard": self._scoreboard(view.shown, lang),
            "settings": settings,
            "options": self.options(lang),
            "labels": self.labels(lang),
            "stats": self.stats,
            "board": self.spec.board(view),
            "tray": self.spec.tray(view),
            "extra": self.spec.extra(view),
            "coach": self.coach.snapshot(view),
            "record": record_state(self),
            # The day's puzzle attempt (core.puzzle), or null outside puzzle mode.
            "puzzle": None if self.puzzle is None else self.puzzle.snapshot(lang, self.spec.title),
        }
