"""``Match``: one game being played, in plain Python (no anywidget, no traitlets).

A match owns everything that is the same for every game: the requests (input, back, play,
undo / restart / new game with the side alternation, review by ply, settings, load), the turn
flow with forced moves, and CPU turn-taking through ``core.scheduler`` (with a generation
counter, so a late result is dropped). What differs between games is a ``GameSpec``: a small
set of typed hooks in ``core.spec`` (``docs/adding-a-game.md`` lists them). The widget
(``core.widget``) only routes intents to a match and publishes ``match.snapshot(lang)``.

The parts that say one thing each live beside it, and read or change the match only through
what it gives them: ``core.record`` (the game record, what one undo takes back),
``core.turns`` (who sits where; turns or simultaneous secret choices), ``core.cards`` (the card
queue), ``core.results`` (recording finished games), ``core.puzzle`` (the daily puzzle as a
layer) and ``core.snapshot`` (the protocol's ``state`` and the hooks' ``View``).

Choices settled here: changing a setting that affects play (``mode``, ``level``, ``human``,
a game's own such as Beacon's ``rules``) restarts the current game uncounted, or, after a
finished game, starts the next one; ``level``/``human`` only matter against the CPU. Restarting
a finished game, or 待って続ける (undo after the end), removes its recorded result. A game that
was already over at its start, or was loaded with ``load()``, is never recorded.

Size: about 750 lines, over the core's usual 500, because the requests, the turn flow and the
CPU's turns all read and change the same state under one lock (the record, the move being
built, the review, the CPU's generation and task); splitting them further would only pass that
state between files. What reads it without changing it, or keeps its own, is in the modules
named above.
"""

from __future__ import annotations

import logging
import random
import threading
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Generic, cast

from . import scheduler
from .cards import CardQueue
from .coach import SLOW_PACE_S, Coach, paced
from .game import GameOverError, IllegalMoveError, MalformedMoveError, NotNowError, move_with_steps
from .hooks import transcript_hooks
from .puzzle import PuzzleAttempt, PuzzleLayer
from .record import AUTO, CPU_MOVER, HUMAN, GameRecord
from .results import Results
from .snapshot import PROTOCOL_VERSION, Screen, notice_kind
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
from .turns import NotATarget, Seats, TurnOrder, turn_order

if TYPE_CHECKING:
    from .daily import DailyPuzzle
    from .stats import Store  # the results store's interface (core.stats owns it)

__all__ = [
    "AUTO",
    "CPU",
    "CPU_MOVER",
    "HUMAN",
    "MODES",
    "PROTOCOL_VERSION",
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
    "notice_kind",
    "short",
]

_log = logging.getLogger("boardbook.match")

#: How much longer than its time to think a script's secret choice waits for the CPU's (s).
CHOICE_GRACE_S = 5.0


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
        started: bool = True,
    ):
        """``started=False``: the match opens not started, on the game's settings card
        (``GameSpec.asks_settings``): nobody moves, the CPU included, until ``start()`` or a
        move."""
        self.spec = spec
        self.table = {s.name: s for s in core_settings(spec)}
        given = dict(settings or {})
        unknown = sorted(set(given) - set(self.table))
        if unknown:
            raise SettingError(f"unknown setting(s) {', '.join(map(repr, unknown))}")
        #: The daily puzzle's say in this match (none: a layer that changes nothing).
        self.daily = PuzzleLayer(puzzle)
        self.daily.fix_settings(spec, self.table, given)
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
        self._task: scheduler.Task | None = None
        self._busy = False
        self._idle = threading.Event()
        self._idle.set()
        self._closed = False
        self.cards = CardQueue()
        self.notice: Msg | None = None
        self._forced_status: Msg | None = None
        self._review: int | None = None
        # True while ``play()`` (a script) plays: one-time tips are for a person's own moves.
        self._scripted = False
        self._game_index = 0
        self._loaded = False
        self._cpu_error: str | None = None
        self._started = started
        self.turns: TurnOrder[P, M] = turn_order(spec)
        self.record: GameRecord[P, M] = GameRecord([spec.start(self._settings)])
        self.results = Results(spec, store)
        self.daily.start(store, puzzle_options)
        self.coach = Coach(self)
        self._screen: Screen[P, M] = Screen(self)
        with self._lock:
            self._begin_game()
            transcripts = transcript_hooks(spec)
            opening = transcripts.opening() if transcripts is not None else ()
            if opening:
                self.load(opening, review=None)
            self.notice = self.results.unsaved_notice() or self.notice

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
    def started(self) -> bool:
        """False while the match waits on its settings card for Start (nobody moves)."""
        return self._started

    @property
    def reviewing(self) -> bool:
        """Whether the board shows an earlier ply of the game (the review is open)."""
        return self._review is not None

    @property
    def review_ply(self) -> int | None:
        """The ply the open review shows (0 = the start), or None."""
        return self._review

    @property
    def settings(self) -> dict[str, object]:
        return dict(self._settings)

    @property
    def selection(self) -> tuple[str, ...]:
        return tuple(self.turns.selection)

    @property
    def _selection(self) -> list[str]:
        return self.turns.selection

    @property
    def stats(self) -> dict[str, dict[str, int]]:
        return {level: dict(counts) for level, counts in self.results.stats.items()}

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
    def seats(self) -> Seats:
        """Who plays which side in this game."""
        return Seats(self.spec.sides, self._game_index, str(self._settings["human"]))

    @property
    def human_side(self) -> str | None:
        """The human's side against the CPU (None in two-player mode)."""
        return self.seats.human if self.mode == CPU else None

    @property
    def chosen(self) -> tuple[str, ...]:
        """Hidden games: the sides that have locked in a (secret) choice this move."""
        return self.turns.chosen()

    @property
    def puzzle(self) -> PuzzleAttempt | None:
        """The daily puzzle's attempt, or None outside a puzzle."""
        return self.daily.attempt

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
    def targets(self) -> tuple[str, ...]:
        """Every legal next input, in the engine's order (empty when nobody may give one)."""
        if self._busy or self._review is not None or self._closed:
            return ()
        side = self._chooser()
        if side is None:
            return ()
        return self.turns.targets(side, self._legal_for_person())

    @property
    def forced_status(self) -> Msg | None:
        """The status line while a forced move's card holds."""
        return self._forced_status

    @property
    def can_undo(self) -> bool:
        """Whether 待った has something to take back (a finished puzzle attempt: no)."""
        undoable = self.record.undo_count(self.mode == TWO_PLAYER) > 0 or self._own_selection()
        return undoable and not self.daily.over

    @property
    def can_take_back(self) -> bool:
        """Whether "back" has an input to take back now."""
        return self._own_selection() and not self._busy

    @property
    def cpu_error(self) -> str | None:
        return self._cpu_error

    # ---------------------------------------------------------------- requests
    def input(self, target: str, *, scripted: bool = False) -> None:
        """A person chose ``target`` (a square, tray item or button) for the move being built;
        ``scripted``: a program gave it (``w.input()``), so no one-time tip is spent on it, and
        a secret choice waits for the CPU's own (``_await_cpu_choice``)."""
        if scripted:
            self._await_cpu_choice()
        with self._lock:
            self._start_for_a_move()
            self._check_can_play()
            if not isinstance(target, str):
                raise self._reject(Msg("err.bad_field", {"field": "target"}))
            self._scripted = scripted
            try:
                self._input(target)
            finally:
                self._scripted = False

    def start(self) -> None:
        """Start the game that waits on its settings card (Start): the side to move plays,
        the CPU too (its first move after its usual pause, so it is seen)."""
        with self._lock:
            if self._started:
                return
            self._started = True
            self.notice = None
            self._advance(delay=self.spec.cpu_reply_delay_s)

    def _start_for_a_move(self) -> None:
        """A move given before Start starts the game with the settings as they are (a script
        that plays has chosen them)."""
        if not self._started and not self._closed:
            self.start()

    def back(self) -> None:
        """Take back the last input of the move being built."""
        with self._lock:
            if not self._own_selection():
                raise self._reject(Msg("err.nothing_to_take_back"))
            self.turns.take_back(self.human_side)
            self.notice = None

    def play(self, move: object) -> None:
        """Play a whole move for the side to move (API); IllegalMoveError if it cannot be."""
        self._await_cpu_choice()
        with self._lock:
            # What is not a move at all says so first, even while the CPU thinks ("please
            # wait" would suggest that 2.5 becomes a move later).
            if not hasattr(move, "steps") and not isinstance(move, str | tuple | list):
                error: IllegalMoveError = MalformedMoveError(
                    move, "a move is a string in the game's notation or a Move"
                )
                self.notice = self.spec.error_message(error)
                raise error
            self._start_for_a_move()
            try:
                self._check_can_play()
            except Rejected as rejected:
                raise self._not_now(move, rejected.message) from None
            try:
                inputs = self.spec.api_inputs(self.position, move, self._view("en"))
            except IllegalMoveError as error:
                self.notice = self.spec.error_message(error)
                raise
            self.turns.whole_move()
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
            if self.turns.undo_choice(self.human_side):
                self.notice = Msg("status.undone_choice")
                return
            count = self.record.undo_count(self.mode == TWO_PLAYER)
            if count == 0:
                raise self._reject(Msg("err.nothing_to_undo"))
            self._cancel_cpu()
            had_record = self.results.counted
            if self.position.outcome is not None:
                self.results.unrecord()
            if self.daily.over:
                raise self._reject(Msg("puzzle.over"))
            self.daily.undone()
            self.record.truncate(len(self.record.moves) - count)
            self._clear_turn()
            self.cards.clear()
            self.notice = Msg("status.undone_result" if had_record else "status.undone")
            self._advance(delay=self.spec.cpu_reply_delay_s)

    def ask_restart(self) -> None:
        """Queue the "restart this game?" card (its yes sends a confirmed restart)."""
        with self._lock:
            yes: dict[str, object] = {"kind": "restart", "confirmed": True}
            self.cards.emit("confirm", Msg("confirm_restart"), yes=yes)

    def restart(self) -> None:
        """Restart this game from its start, not counted."""
        with self._lock:
            if self.position.outcome is not None:
                self.results.unrecord()
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
            self.cards.dismiss(event_id)

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
        return setting.check_change(current, value, puzzle=self.daily.active)

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
            if self.daily.active:
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
            self._started = True  # a loaded game is played on from its end
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

    def _await_cpu_choice(self) -> None:
        """A script's move in a game of secret choices waits (bounded) while the CPU makes its
        own: the two choices do not depend on each other, so a script need not know that the
        CPU is choosing (``BeaconLines().input("North Pass")`` at once). Not in turns (the
        CPU's move may change what is legal), nor without threads (``wait`` cannot block
        there), nor under the lock (the CPU's answer needs it): then "please wait" as before."""
        if not (self.turns.hidden and self._busy) or scheduler.default_mode() != "thread":
            return
        owned = getattr(self._lock, "_is_owned", None)  # an observer called back under it
        if owned is not None and owned():
            return
        think = float(self._settings["think_time"])  # type: ignore[arg-type]
        self._idle.wait(max(think, SLOW_PACE_S) + self.spec.cpu_reply_delay_s + CHOICE_GRACE_S)

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
            transcripts = transcript_hooks(self.spec)
            try:
                if transcripts is None:
                    raise ValueError("this game cannot read transcripts")
                moves = transcripts.read_transcript(text)
                self.load(moves, review=None)
            except (ValueError, IllegalMoveError) as error:
                reason = error.reason if isinstance(error, IllegalMoveError) else str(error)
                raise self._reject(Msg("err.bad_record", {"reason": short(reason, 80)})) from None
            self.notice = Msg("coach.loaded", {"n": len(self.record.moves)})

    def reject(self, message: Msg) -> None:
        """Show ``message`` as the notice (a bad request the widget caught)."""
        with self._lock:
            self.notice = message

    # ---------------------------------------------------------------- what the page sees
    def render(self, message: Msg, lang: str) -> str:
        return self._screen.render(message, lang)

    def _view(self, lang: str) -> View[P]:
        return self._screen.view(lang)

    def status(self, lang: str) -> str:
        return self._screen.status(self._view(lang))

    def labels(self, lang: str) -> dict[str, str]:
        return self._screen.labels(lang)

    def options(self, lang: str) -> dict[str, list[list[str]]]:
        return self._screen.options(lang)

    def snapshot(self, lang: str = "en") -> dict[str, object]:
        """The whole ``state`` (js/PROTOCOL.md) in ``lang``."""
        with self._lock:
            return self._screen.state(lang)

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
        if self.daily.over:
            raise self._reject(Msg("puzzle.over"))
        if self._chooser() is None:
            raise self._reject(Msg("err.not_your_turn"))

    def _chooser(self) -> str | None:
        """The side whose input a person gives now (None: nobody, or only the CPU)."""
        position = self.position
        if position.outcome is not None or self.daily.over or not self._started:
            return None
        return self.turns.chooser(position, self.human_side)

    def _own_selection(self) -> bool:
        """Whether the move being built holds an input a person may take back."""
        return self.turns.has_own(self.human_side)

    def _legal_for_person(self) -> list[M]:
        position = self.position
        if self.spec.forced(position) is not None:
            return []
        # A position's moves are the spec's M (the two types are declared apart: GameSpec[P, M]).
        return cast("list[M]", list(position.legal_moves()))

    def _input(self, target: str) -> None:
        """Add ``target`` to the selection (playing the move it completes); on any failure
        the selection and the record are as before."""
        selection = list(self.turns.selection)
        plies = len(self.record.moves)
        try:
            try:
                legal = self._legal_for_person()
                steps = self.turns.add(self._chooser(), target, self.targets, legal)
            except NotATarget as refused:
                message = refused.message or self.spec.reject(self._view("en"), target)
                raise self._reject(message) from None
            self.notice = None
            if steps is not None:
                self._complete(steps)
        except BaseException:
            self.turns.selection = selection
            if len(self.record.moves) > plies:  # pragma: no cover - a hook failed mid-move
                self.record.truncate(plies)
            raise

    def _complete(self, steps: tuple[str, ...]) -> None:
        """Play the move whose steps the selection now equals (if one does)."""
        move = move_with_steps(self._legal_for_person(), steps, self.spec.steps)
        if move is None:
            return
        before = self.position
        self._push(move, HUMAN)
        self._clear_turn()
        # A forced-move card announces a moment that this move has left behind.
        self.cards.drop("forced")
        # Only a person's input (the front end, ``input()``) spends a one-time tip: a scripted
        # ``play()`` that sets up a position must not use it up unseen.
        hint = None if self._scripted else self.spec.hint(before, move, self.results.flags)
        if hint is not None:
            self.cards.emit("hint", hint)
        self._advance(delay=self.spec.cpu_reply_delay_s)

    def _describe(self, before: P, move: M, after: P, forced: bool) -> dict[str, object]:
        marks = self.spec.marks(before, move, after)
        return {
            "notation": self.spec.notation(move),
            "side": self.turns.mover(before),
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
        self.turns.clear()
        self._review = None
        self._forced_status = None
        self._cpu_error = None
        self._screen.forget()

    def _fresh_game(self, record: GameRecord[P, M]) -> None:
        self.record = record
        self.results.forget()
        self._loaded = False
        self.cards.clear()
        self._clear_turn()

    def _begin_game(self) -> None:
        self._cancel_cpu()
        self._fresh_game(GameRecord([self.spec.start(self._settings)]))
        self.daily.begin()  # a new attempt: "try again"
        self._advance(delay=self.spec.cpu_reply_delay_s)

    def _advance(self, delay: float = 0.0) -> None:
        """After a move: finish the game, play forced moves, or hand the turn to the CPU."""
        while True:
            position = self.position
            outcome = position.outcome
            winner = None if outcome is None else outcome.winner
            self.daily.observe(list(self.record.movers), winner, outcome is not None)
            if outcome is not None:
                self._finish_game()
                self.coach.sync()  # the review's values
                return
            forced = self.spec.forced(position)
            if forced is None:
                break
            self._push(forced.move, AUTO)
            hold_ms = int(self.spec.forced_hold_s * 1000)
            self.cards.emit("forced", forced.card, hold_ms=hold_ms)
            self._forced_status = forced.status
            delay = max(delay, self.spec.forced_hold_s)
        if self._cpu_turn() and not self._closed:
            self._start_cpu(delay)
        self.coach.sync()

    def _finish_game(self) -> None:
        """Record a game that just ended (once per finished position)."""
        outcome = self.position.outcome
        assert outcome is not None
        # No phantom game from a finished start; a puzzle is recorded as a puzzle (core.puzzle).
        counted = bool(self.record.moves) and not self._loaded and self.daily.records_games
        moves = self.record.moves
        mode, level, seats = self.mode, self.level, self.seats
        if self.results.finish(
            outcome, moves, counted=counted, mode=mode, level=level, seats=seats
        ):
            self._forced_status = None
        self.notice = self.results.unsaved_notice() or self.notice

    # ---------------------------------------------------------------- the CPU
    def _cpu_turn(self) -> bool:
        position = self.position
        if self.mode != CPU or position.outcome is not None or self.daily.over:
            return False
        if not self._started:
            return False
        return self.turns.cpu_to_move(position, self.seats.cpu)

    def _start_cpu(self, delay: float) -> None:
        generation = self._generation
        self._busy = True
        self._idle.clear()
        steps = self.spec.search(
            self.position,
            self.level,
            side=self.seats.cpu,
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
                self.turns.cpu_answer(
                    result,
                    self.seats.cpu,
                    self._legal_for_person,
                    play=self._play_cpu_move,
                    complete=self._complete,
                )
            except Exception as exc:  # noqa: BLE001 - a bad CPU move must not wedge the game
                self._cpu_error = repr(exc)
                self.notice = Msg("err.cpu_failed", {"error": short(exc)})
            else:
                self.notice = None
            self.coach.sync()  # a hidden game's CPU only locked in: the person's hints now
            self.changed()  # publish before waiters wake, so wait() returns to a fresh state
            if not self._busy:
                self._idle.set()

    def _play_cpu_move(self, result: object) -> None:
        move = self.spec.parse(self.position, result)
        self._push(move, CPU_MOVER)
        self.coach.cpu_moved(move)
        self._forced_status = None
        self._advance()

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
