"""``GameWidget``: the anywidget transport around a ``core.match.Match`` (js/PROTOCOL.md).

The widget holds a match, turns the match's settings table into traits and constructor
keywords (one declaration, ``core.traits``), routes the front end's intents (``{kind: ...}``) to the match,
and publishes ``match.snapshot(lang)`` as ``state`` (the page gets it in parts, each sent only
when it changed: ``core.parts``). It decides nothing about a game. A game's
widget is a class with two lines: the spec class and its front end::

    class Reversi(GameWidget):
        spec_class = ReversiGame
        _esm, _css = front_end("reversi", "Reversi")

Bad input from anywhere leaves the game untouched: a malformed message or an untimely click
puts a translated message in ``state.notice`` (no traceback escapes the handler); the Python
API raises an error typed by its cause (``core.game``: ``MalformedMoveError``,
``ForbiddenMoveError``, ``GameOverError`` and ``NotNowError`` for moves, ``SettingError`` for
settings, ``RefusedError`` for other requests; all are ``ValueError``). ``close()`` stops a
running search and lets the widget be freed.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import inspect
import logging
import os
import threading
import weakref
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Self, TypeVar

import anywidget
import traitlets as t

from . import i18n
from .game import IllegalMoveError, M, Outcome, P, RefusedError
from .hooks import position_text_hooks, puzzle_hooks
from .match import Match
from .parts import Parts
from .spec import CPU, TWO_PLAYER, GameSpec, Msg, Rejected, Setting, core_settings, short
from .spec import SettingError as _MatchSettingError
from .stats import open_store
from .traits import (
    WIDGET_KEYWORDS,
    SettingError,
    SettingTrait,
    declare_settings,
    keyword_doc,
    positional_message,
    signature,
)

if TYPE_CHECKING:
    from .stats import Store

__all__ = ["CPU", "TWO_PLAYER", "GameWidget", "SettingError", "SettingTrait", "front_end"]

_log = logging.getLogger("boardbook.widget")
#: Per thread: the widgets (by id) whose trait notifications this thread holds, and what it holds.
_HELD = threading.local()
T = TypeVar("T")
_STATIC = Path(__file__).resolve().parent.parent / "static"

_FALLBACK_ESM = """
function render({ model, el }) {
  el.textContent = "boardbook: the GAME front end is not built (run `npm run build` in js/).";
  const status = document.createElement("p");
  const update = () => { status.textContent = (model.get("_turn") || {}).status || ""; };
  model.on("change:_turn", update);
  update();
  el.append(status);
  return () => model.off("change:_turn", update);
}
export default { render };
"""


def front_end(game: str, title: str) -> tuple[str | Path, str | Path]:
    """``(_esm, _css)`` for a game widget.

    The bundle's *contents* as strings, so anywidget does not connect every instance to a
    class-level file-watch signal (which kept closed widgets alive); with ``ANYWIDGET_HMR``
    set, the file paths, for hot reload. Without a built front end (a source checkout without
    npm), a tiny view that says so and still shows the status line.
    """
    script, style = _STATIC / f"{game}.js", _STATIC / f"{game}.css"
    if not script.is_file():
        return _FALLBACK_ESM.replace("GAME", title), ""
    if os.environ.get("ANYWIDGET_HMR"):
        return script, style if style.is_file() else ""
    return script.read_text(encoding="utf-8"), (
        style.read_text(encoding="utf-8") if style.is_file() else ""
    )


class GameWidget(anywidget.AnyWidget, Generic[P, M]):
    """Base class of every game widget; a subclass names its game's position and move types
    (``Reversi(GameWidget[Position, Move])``: ``w.position`` is a Reversi ``Position``), sets
    ``spec_class`` (and ``_esm``/``_css``) and declares its game's own settings as
    ``SettingTrait``s (the common ones are here)."""

    state = t.Dict(read_only=True)
    """The whole snapshot (js/PROTOCOL.md ``state``), in the widget's language. The page gets
    it in parts (the synced traits below), each sent only when it changed (``core.parts``)."""
    _texts = t.Dict().tag(sync=True)  # labels, options: change with the language
    _setup = t.Dict().tag(sync=True)  # settings, stats, sides, game number
    _coach = t.Dict().tag(sync=True)  # the coach: changes alone as its analysis deepens
    _board = t.Dict().tag(sync=True)  # board and tray: change with a move
    _extra = t.Dict().tag(sync=True)  # the game's own part
    _turn = t.Dict().tag(sync=True)  # everything else: status, input, … (every answer)
    _revs = t.Dict().tag(sync=True)  # each part's current revision (``core.parts``)
    # Grows after every front-end message, even one whose answer leaves ``state`` unchanged
    # (an equal dict does not sync): the board can tell a quiet answer from a gone kernel.
    answered = t.Int(0).tag(sync=True)
    # Set by a page once it draws this widget: the saved picture is then left alone
    # (``_follow_picture``).
    _drawn = t.Bool(False).tag(sync=True)

    # ---- what a notebook observes (``w.observe(f, names="history")``); read-only
    history = t.List(t.Unicode(), read_only=True)
    """The moves played so far in this game (forced ones included), in notation."""
    busy = t.Bool(False, read_only=True)
    """True while the CPU is thinking (or holding before its reply)."""
    outcome = t.Instance(Outcome, allow_none=True, read_only=True)
    """How the current game ended (``core.game.Outcome``), or None while it goes on."""

    # ---- the settings every game has (``core.spec.core_settings``)
    mode = SettingTrait[str]()
    """``"two-player"`` (two players on one device) or ``"cpu"`` (against the CPU)."""
    level = SettingTrait[str]()
    """The CPU's level (one of the game's levels, e.g. Reversi's ``"strong"``)."""
    human = SettingTrait[str]()
    """Your side against the CPU (one of the game's two sides), or ``"alternate"``."""
    lang = SettingTrait[str]()
    """The language of every text: ``"en"`` or ``"ja"``."""
    think_time = SettingTrait[float]()
    """The CPU's time per move, in seconds (more than 0, at most 600)."""
    hints = SettingTrait[str]()
    """The coach's values on the legal moves: ``"off"``, ``"on"`` or ``"locked-off"`` (a
    teacher's lock: the toggle is hidden and hints stay off for this widget)."""
    pace = SettingTrait[str]()
    """``"normal"``, or ``"slow"``: each CPU move takes at least 3 s, so its line can be read."""

    #: The game's hooks (a ``core.spec.GameSpec`` subclass).
    spec_class: ClassVar[type[GameSpec[Any, Any]]]
    _table: ClassVar[dict[str, Setting]] = {}
    _spec_keywords: ClassVar[tuple[str, ...]] = ()
    _aliases: ClassVar[dict[str, str]] = {}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        spec_class = cls.__dict__.get("spec_class")
        if spec_class is not None:
            cls._table = {s.name: s for s in core_settings(spec_class())}
            declare_settings(cls, cls._table)
            params = inspect.signature(spec_class.__init__).parameters
            cls._spec_keywords = tuple(
                p.name for p in params.values() if p.kind is inspect.Parameter.KEYWORD_ONLY
            )
            cls._aliases = dict(spec_class.aliases)
            cls.__signature__ = signature(cls._table, params, cls._aliases)
            cls.__doc__ = keyword_doc(cls.__doc__ or "", spec_class, cls._table, cls._aliases)
        super().__init_subclass__(**kwargs)

    def __init__(self, *args: object, **kwargs: Any):
        if args:
            raise TypeError(positional_message(type(self).__name__, args, self._table))
        # The day's puzzle, from ``puzzle()`` only (not a public keyword).
        puzzle = kwargs.pop("_puzzle", None)
        accepted = (*self._spec_keywords, *self._aliases, *self._table, *WIDGET_KEYWORDS)
        unknown = sorted(set(kwargs) - set(accepted))
        if unknown:
            raise TypeError(
                f"{type(self).__name__}() got unexpected keyword argument(s) "
                f"{', '.join(map(repr, unknown))}; it accepts {', '.join(accepted)}"
            )
        for alias, name in self._aliases.items():
            if alias in kwargs:
                value = kwargs.pop(alias)
                if name in kwargs and kwargs[name] != value:
                    raise TypeError(f"give the {name} once: {alias}=… is its other name")
                kwargs[name] = value
        spec = self.spec_class(**{k: kwargs[k] for k in self._spec_keywords if k in kwargs})
        given = {k: kwargs[k] for k in self._table if k in kwargs}
        for name, value in given.items():
            try:
                self._table[name].check(value)
            except _MatchSettingError as error:
                raise SettingError(str(error)) from None
        self._quiet = True
        self._ready = False
        self._parts = Parts()
        self._displays: list[str] = []  # the display ids IPython showed this widget under
        self._pictured: object = None  # the position their saved picture shows
        # A Layout ipywidgets creates for us is ours to close (one passed in is the caller's).
        self._owns_layout = "layout" not in kwargs
        ref = weakref.ref(self)

        def republish() -> None:
            widget = ref()
            if widget is not None:
                widget._publish()

        # The game may open on its settings card when none of its play settings was given.
        started = not spec.asks_settings(frozenset(kwargs) - set(WIDGET_KEYWORDS))
        self._match: Match[P, M] = Match(
            spec,
            settings=given,
            store=self._open_store(),
            on_change=republish,
            puzzle=puzzle,
            started=started,
        )
        super().__init__(
            **self._match.settings, **{k: kwargs[k] for k in WIDGET_KEYWORDS if k in kwargs}
        )
        self.on_msg(self._handle_message)
        self.observe(self._on_setting, names=list(self._table))
        self._quiet = False
        self._ready = True
        self._publish()

    @classmethod
    def puzzle(cls, date: dt.date | None = None, **settings: object) -> Self:
        """The daily puzzle of ``date`` (default: today in Japan, ``core.daily.japan_date``):
        you play the side to move against the game's strongest CPU, which defends with its
        best reply, and win within the puzzle's number of your moves. Solving today's puzzle
        records the moves and time and keeps the streak of solved days on this device
        (``core.puzzle``); Restart tries again. ``settings`` are the usual keywords
        (``lang="ja"``, …); the mode, level and side are the puzzle's, and hints are locked off
        (they would show the answer)."""
        puzzles = puzzle_hooks(cls.spec_class())
        if puzzles is None:
            raise ValueError(f"{cls.__name__} has no daily puzzle")
        daily = puzzles.daily_puzzle(date)
        own = {"position", *(s.name for s in cls._table.values() if s.puzzle_fixed)}
        fixed = sorted(own & set(settings))
        if fixed:
            raise TypeError(f"the puzzle sets {', '.join(fixed)} itself")
        return cls(position=daily.position, _puzzle=daily, **settings)

    @property
    def puzzle_state(self) -> dict[str, object] | None:
        """The daily puzzle's state in English (date, moves allowed/used, result, streak,
        share text; js/PROTOCOL.md ``puzzle``), or None outside a puzzle."""
        with self._match.lock:
            state = self._match.snapshot("en")["puzzle"]
        return state if isinstance(state, dict) else None

    @property
    def share_text(self) -> str:
        """The finished puzzle's share line ("" while playing or outside a puzzle)."""
        state = self.puzzle_state
        return str(state["share"]) if state else ""

    # ================================================================ Python API
    @property
    def match(self) -> Match[P, M]:
        """The game object this widget shows (usable without the widget)."""
        return self._match

    @property
    def position(self) -> P:
        """The current position of the game (not the one shown in a review)."""
        return self._match.position

    @property
    def stats(self) -> dict[str, dict[str, int]]:
        """This device's record against the CPU, per level: {"wins","losses","draws"}."""
        return self._match.stats

    @property
    def human_side(self) -> str | None:
        """The human's side in this game against the CPU (None in two-player mode)."""
        return self._match.human_side

    @property
    def selection(self) -> tuple[str, ...]:
        """The inputs already chosen for the move being built."""
        return self._match.selection

    @property
    def transcript(self) -> str:
        """The game so far as a transcript (Reversi: ``"f5d6c3"``); ``load_transcript`` reads it."""
        return str(self._match.spec.transcript(self._match.record.moves))

    @property
    def position_text(self) -> str | None:
        """A string that opens the current position elsewhere (``Reversi(position=...)``)."""
        texts = position_text_hooks(self._match.spec)
        return texts.position_text(self._match.position) if texts is not None else None

    def load_transcript(self, text: str) -> None:
        """Replace this game by a transcript's game and play on from its end (not recorded);
        ValueError naming the problem if ``text`` is not one."""
        self._api_call(lambda: self._match.load_transcript(text))

    def play(self, move: object) -> None:
        """Play ``move`` (notation or a Move) for the side to move; else IllegalMoveError."""
        try:
            self._match.play(move)
        except IllegalMoveError as error:
            # The message names the move and the rule; the frames inside the library would
            # only bury it under a long traceback, so the user sees their call and this one.
            raise error.with_traceback(None) from None
        finally:
            self._publish()

    def input(self, target: str) -> None:
        """Give one input of the move being built (a square, tray item or button)."""
        self._api_call(lambda: self._match.input(target, scripted=True))

    def start(self) -> None:
        """Start a game that opened on its settings card (its Start button); a move starts
        it too."""
        self._api_call(self._match.start)

    def back(self) -> None:
        """Take back the last input of the move being built."""
        self._api_call(self._match.back)

    def undo(self) -> None:
        """待った: two players one move; versus CPU back to your previous turn."""
        self._api_call(self._match.undo)

    def restart(self) -> None:
        """Restart this game from its start, not counted (the API does not ask to confirm)."""
        self._api_call(self._match.restart)

    def new_game(self) -> None:
        """Start the next game (sides alternate as configured); an unfinished game is dropped."""
        self._api_call(self._match.new_game)

    def review(self, ply: int | None) -> None:
        """Show the position after ``ply`` moves (0 = start), or leave the review with None."""
        self._api_call(lambda: self._match.review(ply))

    def wait(self, timeout: float = 60.0) -> None:
        """Block until the CPU is idle (scripts and tests); TimeoutError after ``timeout`` s."""
        self._match.wait(timeout)
        self._follow_picture()  # the CPU's move was published from its own thread

    def close(self) -> None:
        """Stop any search (it never plays) and close the view; the widget can be freed."""
        match = getattr(self, "_match", None)
        if match is not None:
            match.close()
            self.set_trait("busy", False)  # the search was stopped: it never plays
        layout = self.layout if getattr(self, "_owns_layout", False) else None
        super().close()
        if layout is not None:
            layout.close()  # else it stays registered in ipywidgets' instance table for good

    def _api_call(self, action: Callable[[], None]) -> None:
        try:
            action()
        except Rejected as rejected:
            message = rejected.message
            raise RefusedError(self._match.render(message, "en"), message.key) from None
        finally:
            self._publish()

    # ================================================================ settings
    def _on_setting(self, change: t.Bunch) -> None:
        if self._quiet:
            return
        try:
            self._match.configure(**{change["name"]: change["new"]})
        except _MatchSettingError as error:  # the trait's check passed, the match refused
            self._set_traits_quietly({change["name"]: change["old"]})
            raise SettingError(str(error), error.message) from None
        finally:
            self._publish()

    def set_state(self, sync_data: dict[str, Any]) -> None:
        """A setting changed in the page (a widget linked with ``jslink``) is checked like
        any other: a refused value leaves the setting as it was, says why in
        ``state.notice``, and the page gets the value back."""
        try:
            super().set_state(sync_data)
        except SettingError as error:
            message = error.message if isinstance(error.message, Msg) else None
            self._match.reject(message or Msg("err.bad_setting", {"name": "?"}))
            self._publish()
            self.send_state([name for name in sync_data if name in self._table])

    def _set_traits_quietly(self, values: Mapping[str, object]) -> None:
        self._quiet = True
        try:
            for name, value in values.items():
                setattr(self, name, value)
        finally:
            self._quiet = False

    # ================================================================ messages
    def _handle_message(self, _widget: object, content: object, _buffers: object = None) -> None:
        """Entry point for ``model.send`` from the front end; never raises."""
        try:
            try:
                self._dispatch(content)
            except Rejected as rejected:
                self._match.reject(rejected.message)
            except IllegalMoveError as error:
                self._match.reject(self._match.spec.error_message(error))
            self._publish()
        except Exception:  # noqa: BLE001 - the front end must never see a traceback
            _log.exception("boardbook: failed to handle %r", content)
            try:
                self._match.reject(Msg("err.internal"))
                self._publish()
            except Exception:  # noqa: BLE001
                _log.exception("boardbook: failed to report an internal error")
        finally:
            self.answered += 1

    def _dispatch(self, content: object) -> None:
        if not isinstance(content, dict):
            raise Rejected(Msg("err.bad_message"))
        kind = content.get("kind")
        if not isinstance(kind, str):
            raise Rejected(Msg("err.bad_message"))
        match = self._match
        handlers: dict[str, Callable[[Mapping[str, object]], None]] = {
            "input": lambda c: self._msg_input(c, "target"),
            "play": lambda c: self._msg_input(c, "square"),  # protocol v1
            "start": lambda c: match.start(),
            "back": lambda c: match.back(),
            "undo": lambda c: match.undo(),
            "restart": self._msg_restart,
            "new_game": lambda c: match.new_game(),
            "settings": self._msg_settings,
            "review": lambda c: match.review(_optional_field(c, "ply", int)),
            "dismiss": lambda c: match.dismiss(_field(c, "id", int)),
            "load": lambda c: match.load_transcript(_field(c, "text", str)),
        }
        handler = handlers.get(kind)
        if handler is None:
            raise Rejected(Msg("err.unknown_kind", {"kind": kind[:40]}))
        handler(content)

    def _msg_input(self, content: Mapping[str, object], name: str) -> None:
        target = _field(content, name, str)
        if len(target) > 40:
            raise Rejected(Msg("err.not_a_target", {"target": short(target)}))
        self._match.input(target)

    def _msg_restart(self, content: Mapping[str, object]) -> None:
        confirmed = content.get("confirmed", False)
        if not isinstance(confirmed, bool):
            raise Rejected(Msg("err.bad_field", {"field": "confirmed"}))
        if confirmed:
            self._match.restart()
        else:
            self._match.ask_restart()

    def _msg_settings(self, content: Mapping[str, object]) -> None:
        changes = {k: v for k, v in content.items() if k != "kind"}
        for name, value in changes.items():  # all checked first: one refusal changes nothing
            try:
                self._match.check_setting(name, value)
            except _MatchSettingError as error:
                message = error.message if isinstance(error.message, Msg) else None
                raise Rejected(message or Msg("err.bad_setting", {"name": short(name)})) from None
        self._match.configure(**changes)
        self._set_traits_quietly(changes)

    # ================================================================ output
    def _publish(self) -> None:
        if getattr(self, "_ready", False):
            # Under the match's lock: a CPU move published from its thread can never be
            # overwritten by an older snapshot computed here.
            # Observers run once all four are set, so one of ``state`` reads the new
            # ``history`` (and one of ``history`` the new ``state``).
            # One comm message carries every changed part (hold_sync is outermost: the held
            # notifications are released, and their parts queued, before it sends).
            with self._match.lock, self.hold_sync(), self._notifications_held():
                match = self._match
                state = match.snapshot(str(match.settings["lang"]))
                self.set_trait("state", state)
                for name, part in self._parts.changed(state).items():
                    self.set_trait(name, part)
                self.set_trait("history", match.history)
                self.set_trait("busy", match.busy)
                self.set_trait("outcome", match.position.outcome)
                self._follow_picture()

    @contextlib.contextmanager
    def _notifications_held(self) -> Iterator[None]:
        """Trait notifications of this thread held until the block ends (traitlets'
        ``hold_trait_notifications`` holds every thread's: a setting the notebook assigned while
        a CPU move was published on another thread had its observer run later, on that thread,
        so ``w.lang = "ja"`` returned before the state was in Japanese)."""
        queues = _HELD.__dict__.setdefault("queues", {})
        if id(self) in queues:  # already held by this thread: the outer block delivers
            yield
            return
        held: list[t.Bunch] = []
        queues[id(self)] = held
        try:
            yield
        finally:
            del queues[id(self)]
        for change in held:
            super().notify_change(change)

    def notify_change(self, change: t.Bunch) -> None:
        queue = _HELD.__dict__.get("queues", {}).get(id(self))
        if queue is not None:
            queue.append(change)
            return
        super().notify_change(change)

    def _open_store(self) -> Store:
        return open_store()

    def _repr_mimebundle_(self, **kwargs: Any) -> tuple[dict[str, Any], dict[str, Any]] | None:
        """The widget view plus a static fallback (the board's SVG and one line of text), so
        GitHub, nbviewer and nbconvert show the board where widgets cannot run."""
        bundle = super()._repr_mimebundle_(**kwargs)
        if bundle is None:
            return None
        data, metadata = bundle
        spec, position = self._match.spec, self._match.position
        try:
            data["image/svg+xml"] = str(spec.svg(position))
        except Exception:  # noqa: BLE001 - a picture failing must not hide the widget
            _log.exception("boardbook: could not draw the fallback picture")
        data["text/plain"] = spec.summary(position, "en")
        return data, metadata

    def _ipython_display_(self) -> None:
        """IPython shows the board (``_repr_mimebundle_``) under a display id, so that where
        no page draws it each move can update the picture the notebook saves."""
        from IPython.display import display

        bundle = self._repr_mimebundle_()
        if bundle is None:
            return
        data, metadata = bundle
        handle = display(data, metadata=metadata, raw=True, display_id=True)  # type: ignore[no-untyped-call]
        if handle is not None:
            self._displays.append(handle.display_id)
            self._pictured = self._match.position

    def _page_draws(self) -> bool:
        """Whether a live page draws this widget, or will: one said so (``_drawn``), or the
        kernel serves a page (jupyter_server names the notebook of every kernel it starts for
        JupyterLab or Notebook in ``JPY_SESSION_NAME``; a page's own word can come too late:
        Run All sends every cell before the board is drawn), or a widget manager opened
        ipywidgets' control comm (a page restoring its widgets)."""
        return (
            self._drawn
            or bool(os.environ.get("JPY_SESSION_NAME"))
            # ipywidgets keeps that comm on its Widget class, which every widget inherits.
            or getattr(anywidget.AnyWidget, "_control_comm", None) is not None
        )

    def _follow_picture(self) -> None:
        """Give each display of this widget the picture of the current position where no page
        draws it (a notebook run by nbclient, papermill or ``nbconvert --execute``): the saved
        notebook then shows the position after the last move on GitHub and nbviewer. Where a
        page draws it, never: an updated output is drawn again from scratch (a new board, the
        focus lost); there ``w.position`` shows the current picture. Only from the main thread,
        whose messages a running client files under the cell that runs (``wait()`` catches up
        with a move the CPU published from its own thread)."""
        if not self._displays or self._page_draws():
            return
        position = self._match.position
        if position is self._pictured or threading.current_thread() is not threading.main_thread():
            return
        bundle = self._repr_mimebundle_()
        if bundle is None:
            return
        from IPython.display import update_display

        data, metadata = bundle
        for display_id in self._displays:
            update_display(data, metadata=metadata, raw=True, display_id=display_id)  # type: ignore[no-untyped-call]
        self._pictured = position

    def __repr__(self) -> str:
        return f"<{type(self).__name__}: {self._match.spec.summary(self._match.position, 'en')}>"


def _field(content: Mapping[str, object], name: str, kind: type[T]) -> T:
    """``content[name]``, a ``kind`` (an int is never a bool); else the intent is refused."""
    value = _optional_field(content, name, kind)
    if value is None:
        raise Rejected(Msg("err.bad_field", {"field": name}))
    return value


def _optional_field(content: Mapping[str, object], name: str, kind: type[T]) -> T | None:
    value = content.get(name)
    if value is None:
        return None
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise Rejected(Msg("err.bad_field", {"field": name}))
    return value


_ = i18n  # core texts are registered on import of core.i18n
