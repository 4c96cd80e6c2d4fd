"""``GameWidget``: the anywidget base class every game board extends (js/PROTOCOL.md).

Python decides everything; the front end draws ``state`` (one JSON snapshot, replaced as a new
dict on every change) and sends intents (``model.send({kind: ...})``). The same object is the
Python API, so a notebook can script a game: ``w.play("d3")``, ``w.undo()``, ``w.new_game()``,
settings as traitlets (``w.lang = "ja"``), ``w.wait()`` for the CPU.

What the base class owns, for every game:

* validation of every message: a malformed or untimely request leaves the game untouched and
  puts a translated message in ``state["status"]``; no traceback escapes the handler;
* the game record (positions, moves, who played each), undo (two players: one move per press;
  versus CPU: back to the human's previous turn), restart with confirmation, new games with the
  side alternation, review by ply, one-shot events (cards) with growing ids;
* the CPU: searches run through ``core.scheduler`` with ``busy`` in the snapshot; undo, restart,
  new game or a settings change cancel a running search, and a generation counter under a lock
  drops any result that arrives late;
* forced moves (Reversi's pass) are played automatically and announced;
* finished games are recorded in the stats store (per CPU level); 待って続ける (undo after the
  end) deletes the just-recorded row again.

Choices settled here: changing ``mode``, ``level`` or ``human`` restarts the current game
uncounted with the new settings (a game is recorded under one level only), or, after a finished
game, starts the next one. Restarting a finished game also removes its recorded result ("not
counted"). Everything game-specific is a ``_hook`` method a subclass implements.
"""

from __future__ import annotations

import logging
import random
import threading
import warnings
from collections.abc import Callable, Generator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar

import anywidget
import traitlets as t

from . import i18n, scheduler
from .game import IllegalMoveError, Outcome
from .stats import MemoryStatsStore, StatsStore, open_store

_log = logging.getLogger("boardbook.widget")

MODES = ("two-player", "cpu")
TWO_PLAYER, CPU = MODES
_BOOL_SETTINGS = ("show_dots", "show_coords")
_KEYWORDS = ("mode", "level", "human", "lang", "show_dots", "show_coords", "think_time")


_STATIC = Path(__file__).resolve().parent.parent / "static"

_FALLBACK_ESM = """
function render({ model, el }) {
  el.textContent = "boardbook: the GAME front end is not built (run `npm run build` in js/).";
  const status = document.createElement("p");
  const update = () => { status.textContent = (model.get("state") || {}).status || ""; };
  model.on("change:state", update);
  update();
  el.append(status);
  return () => model.off("change:state", update);
}
export default { render };
"""


def front_end(game: str, title: str) -> tuple[Any, Any]:
    """``(_esm, _css)`` for a game widget: the esbuild bundles in ``static/``, or, when the
    front end was never built (a source checkout without npm), a tiny view that says so and
    still shows the status line, so the Python side stays usable and testable."""
    script, style = _STATIC / f"{game}.js", _STATIC / f"{game}.css"
    if not script.is_file():
        return _FALLBACK_ESM.replace("GAME", title), ""
    return script, style if style.is_file() else ""


class SettingError(t.TraitError, ValueError):
    """A setting given a value it cannot take (raised by keyword arguments and traitlets)."""


class Rejected(Exception):
    """A request that cannot be carried out now; ``message`` is shown in the status line."""

    def __init__(self, message: Msg):
        super().__init__(message.key)
        self.message = message


@dataclass(frozen=True)
class Msg:
    """A translatable text: rendered in the widget's language when the snapshot is built.

    ``sides`` names the ``fmt`` fields that hold side names (translated too), so a message
    created in English still reads right after ``w.lang = "ja"``.
    """

    key: str
    fmt: Mapping[str, Any] = field(default_factory=dict)
    sides: tuple[str, ...] = ()

    def render(self, lang: str, side_label: Callable[[str, str], str]) -> str:
        values = dict(self.fmt)
        for name in self.sides:
            values[name] = side_label(values[name], lang)
        return i18n.text(self.key, lang, **values)


@dataclass
class _Event:
    id: int
    type: str
    message: Msg
    hold_ms: int | None = None


HUMAN, CPU_MOVER, AUTO = "human", "cpu", "auto"


class GameWidget(anywidget.AnyWidget):
    """Base class of every game widget; see the module docstring for what it provides."""

    # Synced: the whole snapshot and the language (js/PROTOCOL.md).
    state = t.Dict().tag(sync=True)
    lang = t.Unicode("en").tag(sync=True)
    # Settings: Python API; the front end sees them in state["settings"].
    mode = t.Unicode(TWO_PLAYER)
    level = t.Unicode("")
    human = t.Unicode("")
    show_dots = t.Bool(True)
    show_coords = t.Bool(False)

    # ---- what a subclass declares
    game: ClassVar[str] = ""
    sides: ClassVar[tuple[str, str]] = ("first", "second")
    levels: ClassVar[tuple[str, ...]] = ()
    default_level: ClassVar[str] = ""
    rows: ClassVar[int] = 0
    cols: ClassVar[int] = 0
    #: How long a forced-move card (a pass) holds before the CPU replies (seconds).
    forced_hold_s: ClassVar[float] = 1.2
    #: A short pause before the CPU replies, so the human's move can animate first.
    cpu_reply_delay_s: ClassVar[float] = 0.35
    default_think_time: ClassVar[float] = 1.0

    def __init__(self, **kwargs: Any):
        unknown = sorted(set(kwargs) - set(_KEYWORDS))
        if unknown:
            raise TypeError(
                f"{type(self).__name__}() got unexpected keyword argument(s) "
                f"{', '.join(map(repr, unknown))}; it accepts {', '.join(_KEYWORDS)}"
            )
        settings = {
            "mode": kwargs.get("mode", TWO_PLAYER),
            "level": kwargs.get("level", self.default_level),
            "human": kwargs.get("human", self.sides[0]),
            "lang": kwargs.get("lang", "en"),
            "show_dots": kwargs.get("show_dots", True),
            "show_coords": kwargs.get("show_coords", False),
        }
        for name, value in settings.items():
            self._check_setting(name, value)
        think_time = kwargs.get("think_time", self.default_think_time)
        if (
            not isinstance(think_time, (int, float))
            or isinstance(think_time, bool)
            or not 0 < think_time <= 600
        ):
            raise SettingError(
                f"think_time must be a number of seconds in (0, 600], got {think_time!r}"
            )
        self.think_time = float(think_time)

        self._lock = threading.RLock()
        self._ready = False
        self._batch = False
        self._generation = 0
        self._task: scheduler.SearchTask | None = None
        self._busy = False
        self._idle = threading.Event()
        self._idle.set()
        self._rng = random.Random()
        # Cards waiting to be shown; the front end shows the first (``state.event``) and
        # dismisses it, so a hint and a pass in the same update are both seen, the pass first.
        self._events: list[_Event] = []
        self._event_counter = 0
        self._notice: Msg | None = None
        self._forced_notice: Msg | None = None
        self._review_ply: int | None = None
        self._game_index = 0
        self._wins = {"player1": 0, "player2": 0, "human": 0, "cpu": 0}
        self._recorded: dict[str, Any] | None = None
        self._finished_ply: int | None = None
        self._cpu_error: str | None = None
        self._result_cache: dict[tuple[int, str], dict[str, str]] = {}
        self._positions: list[Any] = []
        self._moves: list[Any] = []
        self._movers: list[str] = []
        self._last_moves: list[dict[str, Any] | None] = []
        self._store = self._open_store()
        self._stats = self._read_stats()

        super().__init__(**settings)
        self.on_msg(self._handle_message)
        with self._lock:
            self._begin_game()
            self._ready = True
            self._publish()

    # ================================================================ hooks (per game)
    def _start_position(self) -> Any:
        raise NotImplementedError

    def _coords(self) -> list[str]:
        """Square names row-major (the front end's ``data-square`` values)."""
        raise NotImplementedError

    def _cells(self, position: Any) -> list[str]:
        raise NotImplementedError

    def _legal_targets(self, position: Any) -> list[str]:
        """Squares the person may click now (forced moves excluded)."""
        raise NotImplementedError

    def _target_to_move(self, position: Any, target: str) -> Any:
        """The engine move for a clicked/typed target; raise ``Rejected`` if it is not legal."""
        raise NotImplementedError

    def _api_move(self, position: Any, move: Any) -> Any:
        """The engine move for ``w.play(move)``; raise IllegalMoveError if it is not legal."""
        position.play(move)
        return move

    def _cpu_move(self, position: Any, move: Any) -> Any:
        """Check and normalise the move a search returned (IllegalMoveError if it is bad)."""
        return self._api_move(position, move)

    def _forced_move(self, position: Any) -> tuple[Any, Msg, Msg] | None:
        """A move the side to move must make (a pass): (move, card text, status text), or None."""
        return None

    def _cpu_steps(self, position: Any, level: str) -> Generator[Any, Any, Any]:
        """A search generator (yields regularly, returns the CPU's move)."""
        raise NotImplementedError

    def _describe_move(self, before: Any, move: Any, after: Any) -> dict[str, Any] | None:
        """``state["last_move"]`` for a move (e.g. square and flips nearest-first)."""
        return {"move": str(move)}

    def _after_human_move(self, before: Any, move: Any) -> Msg | None:
        """A one-time hint to show after a human move, or None."""
        return None

    def _side_counts(self, position: Any) -> dict[str, int]:
        return {side: 0 for side in self.sides}

    def _transcript(self, moves: list[Any]) -> str:
        return " ".join(str(m) for m in moves)

    def _result_detail(self, position: Any, outcome: Outcome, lang: str) -> str:
        return outcome.reason

    def _result_why(self, positions: list[Any], moves: list[Any], lang: str) -> str:
        return ""

    def _side_label(self, side: str, lang: str) -> str:
        key = f"{self.game}.{side}"
        return i18n.text(key, lang) if i18n.has_text(key, lang) else side

    def _level_label(self, level: str, lang: str) -> str:
        key = f"{self.game}.level.{level}"
        return i18n.text(key, lang) if i18n.has_text(key, lang) else level

    def _extra_labels(self, lang: str) -> dict[str, str]:
        return {}

    def _extra_state(self, shown: Any) -> dict[str, Any]:
        return {}

    def _is_human_turn(self, position: Any) -> bool:
        return self.mode == TWO_PLAYER or position.to_move == self._human_side

    def _cpu_to_move(self, position: Any) -> bool:
        return (
            self.mode == CPU and position.outcome is None and position.to_move != self._human_side
        )

    # ================================================================ Python API
    @property
    def position(self) -> Any:
        """The current position of the game (not the one shown in a review)."""
        return self._positions[-1]

    @property
    def history(self) -> list[str]:
        """Moves played so far (forced passes included), in notation."""
        return [str(m) for m in self._moves]

    @property
    def busy(self) -> bool:
        """True while the CPU is thinking (or holding before its reply)."""
        return self._busy

    @property
    def stats(self) -> dict[str, dict[str, int]]:
        """This device's record against the CPU, per level: {"wins","losses","draws"}."""
        return {level: dict(counts) for level, counts in self._stats.items()}

    @property
    def human_side(self) -> str | None:
        """The human's side in this game against the CPU (None in two-player mode)."""
        return self._human_side if self.mode == CPU else None

    def play(self, move: Any) -> None:
        """Play ``move`` for the side to move; illegal or untimely -> IllegalMoveError."""
        with self._lock:
            try:
                self._check_can_play()
                before = self.position
                try:
                    engine_move = self._api_move(before, move)
                except IllegalMoveError as exc:
                    raise Rejected(self._illegal_message(before, move, exc)) from exc
            except Rejected as rejected:
                self._notice = rejected.message
                self._publish()
                cause = rejected.__cause__
                if isinstance(cause, IllegalMoveError):
                    raise cause from None
                raise IllegalMoveError(move, self._render(rejected.message, "en")) from None
            self._play_human(before, engine_move)
            self._publish()

    def undo(self) -> None:
        """待った: two players one move; versus CPU back to your previous turn."""
        self._api_call(self._undo)

    def restart(self) -> None:
        """Restart this game from its start, not counted (the API does not ask to confirm)."""
        self._api_call(self._restart)

    def new_game(self) -> None:
        """Start the next game (sides alternate as configured); an unfinished game is dropped."""
        self._api_call(self._new_game)

    def review(self, ply: int | None) -> None:
        """Show the position after ``ply`` moves (0 = start), or leave the review with None."""
        self._api_call(lambda: self._review(ply))

    def wait(self, timeout: float = 60.0) -> None:
        """Block until the CPU is idle (scripts and tests); TimeoutError after ``timeout`` s."""
        if scheduler.default_mode() == "slices" and self._busy:
            raise RuntimeError(
                "w.wait() cannot block in this environment (no threads); "
                "the CPU's move arrives by itself"
            )
        if not self._idle.wait(timeout):
            raise TimeoutError(f"the CPU was still thinking after {timeout} s")
        if self._cpu_error:
            raise RuntimeError(f"the CPU failed: {self._cpu_error}")

    def _api_call(self, action: Callable[[], None]) -> None:
        with self._lock:
            try:
                action()
            except Rejected as rejected:
                self._notice = rejected.message
                self._publish()
                raise ValueError(self._render(rejected.message, "en")) from None
            self._publish()

    # ================================================================ settings
    def _check_setting(self, name: str, value: Any) -> None:
        allowed: tuple[Any, ...]
        if name == "mode":
            allowed = MODES
        elif name == "level":
            allowed = self.levels
        elif name == "human":
            allowed = (*self.sides, "alternate")
        elif name == "lang":
            allowed = i18n.LANGS
        elif name in _BOOL_SETTINGS:
            if not isinstance(value, bool):
                raise SettingError(f"{name} must be True or False, got {value!r}")
            return
        else:
            raise SettingError(f"unknown setting {name!r}")
        if not isinstance(value, str) or value not in allowed:
            raise SettingError(
                f"{name} must be one of {', '.join(map(repr, allowed))}, got {value!r}"
            )

    @t.validate("mode", "level", "human", "lang", "show_dots", "show_coords")
    def _validate_setting(self, proposal: Any) -> Any:
        self._check_setting(proposal["trait"].name, proposal["value"])
        return proposal["value"]

    @t.observe("mode", "level", "human")
    def _on_play_setting(self, change: Any) -> None:
        if self._ready and not self._batch and self._changes_play(change.name):
            with self._lock:
                self._reconfigure()
                self._publish()

    def _changes_play(self, name: str) -> bool:
        """Whether a new value of setting ``name`` changes how this game is played.

        Level and side only matter against the CPU; in two-player mode they are remembered for
        later without touching the game on the board.
        """
        return name == "mode" or self.mode == CPU

    @t.observe("lang", "show_dots", "show_coords")
    def _on_view_setting(self, change: Any) -> None:
        if self._ready and not self._batch:
            with self._lock:
                self._publish()

    def _reconfigure(self) -> None:
        """Mode/level/human changed: restart uncounted, or after a finished game start the next."""
        self._cancel_cpu()
        if self.position.outcome is not None and self._moves:
            self._game_index += 1
        self._begin_game()

    # ================================================================ message handling
    def _handle_message(self, _widget: Any, content: Any, _buffers: Any = None) -> None:
        """Entry point for ``model.send`` from the front end; never raises."""
        try:
            with self._lock:
                try:
                    self._dispatch(content)
                except Rejected as rejected:
                    self._notice = rejected.message
                self._publish()
        except Exception:  # noqa: BLE001 - the front end must never see a traceback
            _log.exception("boardbook: failed to handle %r", content)
            try:
                with self._lock:
                    self._notice = Msg("err.internal")
                    self._publish()
            except Exception:  # noqa: BLE001
                _log.exception("boardbook: failed to report an internal error")

    def _dispatch(self, content: Any) -> None:
        if not isinstance(content, dict):
            raise Rejected(Msg("err.bad_message"))
        kind = content.get("kind")
        if not isinstance(kind, str):
            raise Rejected(Msg("err.bad_message"))
        handler = {
            "play": self._msg_play,
            "undo": lambda c: self._undo(),
            "restart": self._msg_restart,
            "new_game": lambda c: self._new_game(),
            "settings": self._msg_settings,
            "review": lambda c: self._review(self._field(c, "ply", int, optional=True)),
            "dismiss": self._msg_dismiss,
        }.get(kind)
        if handler is None:
            raise Rejected(Msg("err.unknown_kind", {"kind": kind[:40]}))
        handler(content)

    @staticmethod
    def _field(content: dict, name: str, kind: type, optional: bool = False) -> Any:
        if name not in content or content[name] is None:
            if optional:
                return None
            raise Rejected(Msg("err.bad_field", {"field": name}))
        value = content[name]
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise Rejected(Msg("err.bad_field", {"field": name}))
        return value

    def _msg_play(self, content: dict) -> None:
        target = self._field(content, "square", str)
        self._check_can_play()
        before = self.position
        if len(target) > 32:
            raise Rejected(Msg("err.bad_square", {"square": target[:32] + "…"}))
        move = self._target_to_move(before, target)
        self._play_human(before, move)

    def _msg_restart(self, content: dict) -> None:
        confirmed = content.get("confirmed", False)
        if not isinstance(confirmed, bool):
            raise Rejected(Msg("err.bad_field", {"field": "confirmed"}))
        if confirmed:
            self._restart()
        else:
            self._emit_event("confirm", Msg("confirm_restart"))

    def _msg_settings(self, content: dict) -> None:
        changes = {k: v for k, v in content.items() if k != "kind"}
        for name, value in changes.items():
            if name not in ("mode", "level", "human", "lang", *_BOOL_SETTINGS):
                raise Rejected(Msg("err.bad_setting", {"name": str(name)[:40]}))
            try:
                self._check_setting(name, value)
            except SettingError:
                raise Rejected(
                    Msg("err.bad_setting_value", {"name": name, "value": _short(value)})
                ) from None
        changed = [
            name
            for name, value in changes.items()
            if name in ("mode", "level", "human") and getattr(self, name) != value
        ]
        self._batch = True
        try:
            for name, value in changes.items():
                setattr(self, name, value)
        finally:
            self._batch = False
        replay = any(self._changes_play(name) for name in changed)
        self._notice = None
        if replay:
            self._reconfigure()

    def _msg_dismiss(self, content: dict) -> None:
        event_id = self._field(content, "id", int)
        self._events = [event for event in self._events if event.id != event_id]

    @property
    def _event(self) -> _Event | None:
        """The card the front end should show now."""
        return self._events[0] if self._events else None

    # ================================================================ game flow
    @property
    def _human_side(self) -> str:
        if self.human == "alternate":
            return self.sides[self._game_index % 2]
        return self.human

    @property
    def _player1_side(self) -> str:
        return self.sides[self._game_index % 2]

    def _begin_game(self) -> None:
        """Set up the current game (``_game_index``) from its start and let the CPU begin."""
        self._cancel_cpu()
        start = self._start_position()
        self._positions = [start]
        self._moves, self._movers, self._last_moves = [], [], []
        self._recorded = None
        self._finished_ply = None
        self._review_ply = None
        self._forced_notice = None
        self._cpu_error = None
        self._events.clear()
        self._result_cache.clear()
        self._advance(delay=self.cpu_reply_delay_s)

    def _check_can_play(self) -> None:
        if self._busy:
            raise Rejected(Msg("err.busy"))
        if self._review_ply is not None:
            raise Rejected(Msg("err.reviewing"))
        if self.position.outcome is not None:
            raise Rejected(Msg("err.game_over"))
        if not self._is_human_turn(self.position):
            raise Rejected(Msg("err.not_your_turn"))

    def _illegal_message(self, position: Any, move: Any, error: IllegalMoveError) -> Msg:
        return Msg("err.bad_square", {"square": _short(move)})

    def _play_human(self, before: Any, move: Any) -> None:
        self._push(move, HUMAN)
        self._notice = None
        self._forced_notice = None
        # A pass card announces a moment that this move has left behind.
        self._events = [event for event in self._events if event.type != "pass"]
        hint = self._after_human_move(before, move)
        if hint is not None:
            self._emit_event("hint", hint)
        self._advance(delay=self.cpu_reply_delay_s)

    def _push(self, move: Any, mover: str) -> None:
        before = self.position
        after = before.play(move)
        described = self._describe_move(before, move, after)
        # Append only once everything above succeeded: the four lists stay in step.
        self._positions.append(after)
        self._moves.append(move)
        self._movers.append(mover)
        self._last_moves.append(described)

    def _advance(self, delay: float = 0.0) -> None:
        """After a move: finish the game, play forced moves, or hand the turn to the CPU."""
        while True:
            position = self.position
            if position.outcome is not None:
                self._finish_game()
                return
            forced = self._forced_move(position)
            if forced is None:
                break
            move, card, status = forced
            self._push(move, AUTO)
            self._emit_event("pass", card, hold_ms=int(self.forced_hold_s * 1000))
            self._forced_notice = status
            delay = max(delay, self.forced_hold_s)
        if self._cpu_to_move(self.position):
            self._start_cpu(delay)

    def _start_cpu(self, delay: float) -> None:
        generation = self._generation
        self._busy = True
        self._idle.clear()
        steps = self._cpu_steps(self.position, self.level)
        self._task = scheduler.run_search(
            steps,
            on_done=lambda move: self._cpu_done(generation, move),
            on_error=lambda exc: self._cpu_failed(generation, exc),
            delay=delay,
        )

    def _cpu_done(self, generation: int, move: Any) -> None:
        with self._lock:
            if generation != self._generation:
                return  # undone, restarted or reconfigured meanwhile: drop the result
            self._task = None
            self._busy = False
            try:
                self._push(self._cpu_move(self.position, move), CPU_MOVER)
            except Exception as exc:  # noqa: BLE001 - a bad CPU move must not wedge the game
                self._cpu_error = repr(exc)
                self._notice = Msg("err.cpu_failed", {"error": _short(exc)})
            else:
                self._notice = None
                self._forced_notice = None
                self._advance()
            self._publish()
            if not self._busy:
                self._idle.set()

    def _cpu_failed(self, generation: int, exc: BaseException) -> None:
        with self._lock:
            if generation != self._generation:
                return
            _log.error("boardbook: CPU search failed", exc_info=exc)
            self._task = None
            self._busy = False
            self._cpu_error = repr(exc)
            self._notice = Msg("err.cpu_failed", {"error": _short(exc)})
            self._publish()
            self._idle.set()

    def _cancel_cpu(self) -> None:
        self._generation += 1
        if self._task is not None:
            self._task.cancel()
            self._task = None
        self._busy = False
        self._idle.set()

    def _emit_event(self, kind: str, message: Msg, hold_ms: int | None = None) -> None:
        self._event_counter += 1
        event = _Event(self._event_counter, kind, message, hold_ms)
        if kind == "confirm":  # asking twice is still one question
            self._events = [queued for queued in self._events if queued.type != "confirm"]
        if kind == "pass":
            # Timed cards go first (in order), so a pending hint waits until they have passed.
            position = sum(1 for queued in self._events if queued.type == "pass")
            self._events.insert(position, event)
        else:
            self._events.append(event)

    def _finish_game(self) -> None:
        """Record a game that just ended (once per finished position)."""
        ply = len(self._moves)
        if self._finished_ply == ply:
            return
        self._finished_ply = ply
        self._forced_notice = None
        outcome = self.position.outcome
        if self.mode == TWO_PLAYER:
            p1, p2 = self._player1_side, self._other(self._player1_side)
            tally = (
                None
                if outcome.winner is None
                else ("player1" if outcome.winner == p1 else "player2")
            )
            record = {"mode": TWO_PLAYER, "players": {p1: "Player 1", p2: "Player 2"}}
        else:
            human = self._human_side
            result = (
                "draw" if outcome.winner is None else ("win" if outcome.winner == human else "loss")
            )
            tally = {"draw": None, "win": "human", "loss": "cpu"}[result]
            record = {"mode": CPU, "level": self.level, "human": human, "result": result}
        if tally:
            self._wins[tally] += 1
        row_id = None
        if self._store is not None:
            try:
                row_id = self._store.record_game(
                    self.game,
                    winner=outcome.winner,
                    scores=outcome.scores or {},
                    moves=self._transcript(self._moves),
                    reason=outcome.reason,
                    **record,
                )
            except Exception as exc:  # noqa: BLE001 - a stats failure must not stop the game
                warnings.warn(f"boardbook: could not record the game: {exc}", RuntimeWarning)
        self._recorded = {"id": row_id, "tally": tally}
        self._stats = self._read_stats()

    def _unrecord(self) -> None:
        """Take the just-finished game out of the record (待って続ける, restart after the end)."""
        if self._recorded is None:
            return
        if self._recorded["tally"]:
            self._wins[self._recorded["tally"]] -= 1
        if self._store is not None and self._recorded["id"] is not None:
            try:
                self._store.delete_game(self._recorded["id"])
            except Exception as exc:  # noqa: BLE001
                warnings.warn(f"boardbook: could not remove the game: {exc}", RuntimeWarning)
        self._recorded = None
        self._finished_ply = None
        self._stats = self._read_stats()

    def _undo_count(self) -> int:
        """How many moves one press of 待った takes back (0: nothing to take back)."""
        n = len(self._moves)
        if self.mode == TWO_PLAYER:
            i = n
            while i > 0 and self._movers[i - 1] == AUTO:
                i -= 1
            return 0 if i == 0 else n - (i - 1)
        for i in range(n - 1, -1, -1):
            if self._movers[i] == HUMAN:
                return n - i
        return 0

    def _undo(self) -> None:
        count = self._undo_count()
        if count == 0:
            raise Rejected(Msg("err.nothing_to_undo"))
        self._cancel_cpu()
        was_over = self.position.outcome is not None
        had_record = self._recorded is not None
        if was_over:
            self._unrecord()
        del self._positions[-count:]
        del self._moves[-count:]
        del self._movers[-count:]
        del self._last_moves[-count:]
        self._review_ply = None
        self._forced_notice = None
        self._events.clear()
        self._cpu_error = None
        self._result_cache.clear()
        self._notice = Msg("status.undone_result" if was_over and had_record else "status.undone")
        # Normally the human is to move now; should the CPU be to move, it moves again.
        self._advance(delay=self.cpu_reply_delay_s)

    def _restart(self) -> None:
        if self.position.outcome is not None:
            self._unrecord()
        self._begin_game()
        self._notice = Msg("status.restarted")

    def _new_game(self) -> None:
        self._game_index += 1
        self._begin_game()
        self._notice = None

    def _review(self, ply: int | None) -> None:
        if ply is None:
            self._review_ply = None
            self._notice = None
            return
        if isinstance(ply, bool) or not isinstance(ply, int) or not 0 <= ply <= len(self._moves):
            raise Rejected(Msg("err.bad_field", {"field": "ply"}))
        if self._busy:
            raise Rejected(Msg("err.busy"))
        self._review_ply = ply
        self._notice = None

    # ================================================================ snapshot
    def _other(self, side: str) -> str:
        return self.sides[1] if side == self.sides[0] else self.sides[0]

    def _render(self, message: Msg, lang: str | None = None) -> str:
        return message.render(lang or self.lang, self._side_label)

    def _status_text(self, lang: str) -> str:
        position = self.position
        if self._notice is not None:
            return self._render(self._notice, lang)
        if self._review_ply is not None:
            total = len(self._moves)
            if self._review_ply == 0:
                return i18n.text("status.review_start", lang, total=total)
            return i18n.text("status.reviewing", lang, ply=self._review_ply, total=total)
        if position.outcome is not None:
            result = self._result_texts(lang)
            return f"{result['title']} — {result['detail']}"
        if self._forced_notice is not None:
            return self._render(self._forced_notice, lang)
        side = self._side_label(position.to_move, lang) if position.to_move else ""
        if self._busy:
            return i18n.text("status.cpu_thinking", lang, side=side)
        if self.mode == CPU and position.to_move == self._human_side:
            return i18n.text("status.your_move", lang, side=side)
        return i18n.text("status.to_move", lang, side=side)

    def _result_texts(self, lang: str) -> dict[str, str]:
        key = (len(self._moves), lang)
        cached = self._result_cache.get(key)
        if cached is not None:
            return cached
        position = self.position
        outcome = position.outcome
        winner = outcome.winner
        if winner is None:
            title = i18n.text("result.draw", lang)
        elif self.mode == CPU:
            title = i18n.text(
                "result.you_win" if winner == self._human_side else "result.cpu_wins", lang
            )
        else:
            player = "player1" if winner == self._player1_side else "player2"
            title = i18n.text(
                "result.player_wins",
                lang,
                player=i18n.text(player, lang),
                side=self._side_label(winner, lang),
            )
        why = self._result_why(self._positions, self._moves, lang)
        texts = {
            "title": title,
            "detail": self._result_detail(position, outcome, lang),
            "why": i18n.text("why", lang, reason=why) if why else "",
        }
        self._result_cache[key] = texts
        return texts

    def _scoreboard(self, shown: Any, lang: str) -> list[dict[str, Any]]:
        counts = self._side_counts(shown)
        if self.mode == TWO_PLAYER:
            entries = [
                ("player1", self._player1_side),
                ("player2", self._other(self._player1_side)),
            ]
        else:
            entries = [("human", self._human_side), ("cpu", self._other(self._human_side))]
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

    def _labels(self, lang: str) -> dict[str, str]:
        keys = (
            "undo",
            "undo_continue",
            "restart",
            "new_game",
            "review",
            "settings",
            "thinking",
            "confirm_restart",
            "yes",
            "no",
            "close",
            "prev",
            "next",
            "first",
            "last",
            "back",
            "coords",
            "language",
            "mode",
            "level",
            "human",
            "empty",
            "legal",
            "wins",
            "stats",
            "record",
            "score",
            "last_move",
        )
        labels = {key: i18n.text(key, lang) for key in keys}
        labels["exit_review"] = labels["close"]
        labels["board"] = self._side_label("board", lang)
        for side in self.sides:
            labels[side] = self._side_label(side, lang)
        labels.update(self._extra_labels(lang))
        return labels

    def _options(self, lang: str) -> dict[str, list[list[str]]]:
        return {
            "mode": [[m, i18n.text(f"mode.{m}", lang)] for m in MODES],
            "level": [[lv, self._level_label(lv, lang)] for lv in self.levels],
            "human": [[s, self._side_label(s, lang)] for s in self.sides]
            + [["alternate", i18n.text("human.alternate", lang)]],
        }

    def _snapshot(self) -> dict[str, Any]:
        lang = self.lang
        position = self.position
        reviewing = self._review_ply is not None
        shown = self._positions[self._review_ply] if reviewing else position
        outcome = position.outcome
        accepting = (
            not self._busy and not reviewing and outcome is None and self._is_human_turn(position)
        )
        last_index = (self._review_ply if reviewing else len(self._moves)) - 1
        outcome_state = None
        if outcome is not None:
            outcome_state = {**outcome.to_json(), **self._result_texts(lang)}
        event = None
        if self._event is not None:
            event = {
                "id": self._event.id,
                "type": self._event.type,
                "text": self._render(self._event.message, lang),
            }
            if self._event.hold_ms is not None:
                event["hold_ms"] = self._event.hold_ms
        snapshot = {
            "game": self.game,
            "rows": self.rows,
            "cols": self.cols,
            "coords": self._coords(),
            "cells": self._cells(shown),
            "legal": self._legal_targets(position) if accepting else [],
            "to_move": None if outcome is not None else position.to_move,
            "status": self._status_text(lang),
            "busy": self._busy,
            "outcome": outcome_state,
            "history": [str(m) for m in self._moves],
            "ply": len(self._moves),
            "last_move": self._last_moves[last_index] if last_index >= 0 else None,
            "event": event,
            "review": {"ply": self._review_ply, "total": len(self._moves)} if reviewing else None,
            "scoreboard": self._scoreboard(shown, lang),
            "settings": {
                "mode": self.mode,
                "level": self.level,
                "human": self.human,
                "show_dots": self.show_dots,
                "show_coords": self.show_coords,
                "lang": lang,
            },
            "options": self._options(lang),
            "labels": self._labels(lang),
            "stats": self.stats,
            "game_number": self._game_index + 1,
            "human_side": self.human_side,
        }
        snapshot.update(self._extra_state(shown))
        return snapshot

    def _publish(self) -> None:
        if self._ready:
            self.state = self._snapshot()

    # ================================================================ stats plumbing
    def _open_store(self) -> StatsStore | MemoryStatsStore:
        return open_store()

    def _read_stats(self) -> dict[str, dict[str, int]]:
        if self._store is not None:
            try:
                return self._store.summary_by_level(self.game, self.levels)
            except Exception as exc:  # noqa: BLE001
                warnings.warn(f"boardbook: could not read the record ({exc})", RuntimeWarning)
        return {level: {"wins": 0, "losses": 0, "draws": 0} for level in self.levels}

    def _get_flag(self, key: str) -> Any:
        try:
            return self._store.get_flag(key)
        except Exception:  # noqa: BLE001 - an unreadable flag reads as "not set"
            return None

    def _set_flag(self, key: str, value: Any = True) -> None:
        try:
            self._store.set_flag(key, value)
        except Exception as exc:  # noqa: BLE001
            warnings.warn(f"boardbook: could not save a setting ({exc})", RuntimeWarning)


def _short(value: Any, limit: int = 40) -> str:
    text = str(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"
