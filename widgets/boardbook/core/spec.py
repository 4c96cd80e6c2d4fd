"""The hooks a game implements for ``core.match.Match`` (docs/adding-a-game.md), and the
small typed values they exchange: ``Msg`` (a text translated late), ``Setting`` (one setting,
declared once for the match, the widget's trait, the intent and the constructor), ``View``
(what a snapshot hook sees), ``Forced`` and ``Marks``.

Nothing here imports a game, the scheduler or the widget stack.

``GameSpec`` is the reference a new game's author reads (docs/adding-a-game.md points here):
each hook keeps its default and a docstring saying when the match calls it; the optional
groups of hooks (the coach, the records, the daily puzzle) are protocols in ``core.hooks``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Generator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import ClassVar, Generic, Literal, NamedTuple, Protocol, Self, TypeVar, cast

from . import i18n
from . import puzzle as _puzzle  # registers the puzzle's texts ("puzzle.fixed")
from .coach import HINT_MODES, LOCKED_OFF, hints_locked_reason
from .game import ForbiddenMoveError, IllegalMoveError, M, Outcome, P, SettingError, SteppedMove

__all__ = [
    "CPU",
    "MODES",
    "TWO_PLAYER",
    "Flags",
    "Forced",
    "GameSpec",
    "M",
    "Marks",
    "Msg",
    "P",
    "Rejected",
    "Setting",
    "SettingError",
    "SteppedMove",
    "View",
    "core_settings",
    "read_position",
    "short",
]

MODES = ("two-player", "cpu")
TWO_PLAYER, CPU = MODES


# ==================================================================== texts and errors
@dataclass(frozen=True)
class Msg:
    """A translatable text, rendered in the widget's language only when a snapshot is built.

    ``sides`` names the ``fmt`` fields that hold side names (translated too), so a message
    created in English still reads right after the language changes.
    """

    key: str
    fmt: Mapping[str, object] = field(default_factory=dict)
    sides: tuple[str, ...] = ()

    def render(self, lang: str, side_label: Callable[[str, str], str], game: str = "") -> str:
        """The text in ``lang``; a game's own ``<game>.<key>`` wins over the core ``key``
        (Beacon's "Round taken back." for the core "Move taken back.")."""
        values = dict(self.fmt)
        for name in self.sides:
            values[name] = side_label(str(values[name]), lang)
        key = f"{game}.{self.key}" if game and i18n.has_text(f"{game}.{self.key}") else self.key
        return i18n.text(key, lang, **values)


class Rejected(Exception):
    """A request that cannot be carried out now; ``message`` goes to ``state.notice``."""

    def __init__(self, message: Msg):
        super().__init__(message.key)
        self.message = message


def short(value: object, limit: int = 40) -> str:
    """``value`` as text cut to ``limit`` characters (untrusted input in a message)."""
    text = str(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


class _TextPosition(Protocol):
    @classmethod
    def from_text(cls, text: str) -> Self: ...


PT = TypeVar("PT", bound=_TextPosition)


def read_position(value: object, position_class: type[PT], game: str) -> PT | None:
    """A game's ``position=`` keyword: a ``Position``, its text form (``from_text`` raises a
    ``ValueError`` naming the problem), or None for the game's own start."""
    if value is None or isinstance(value, position_class):
        return value
    if isinstance(value, str):
        return position_class.from_text(value)
    raise TypeError(
        f"position must be a boardbook.{game}.Position or its text form, got {type(value).__name__}"
    )


# ==================================================================== settings
@dataclass(frozen=True)
class Setting:
    """One setting, declared once: the match, the widget's trait, the ``settings`` intent and
    the constructor keyword all check values with :meth:`check`; the rules about when it may
    change are flags here, read by the match (``Match.check_setting``) and the widget.

    ``affects``: ``"play"`` restarts the game when changed, ``"cpu"`` only in CPU mode (level,
    side), ``"view"`` only redraws.
    """

    name: str
    default: str | bool | float
    choices: tuple[str, ...] = ()
    affects: Literal["play", "cpu", "view"] = "view"
    #: For numbers: the open lower and closed upper bound.
    bounds: tuple[float, float] = (0.0, 600.0)
    doc: str = ""
    #: The daily puzzle sets it itself (core.puzzle): ``Widget.puzzle(level=...)`` is refused,
    #: and so is every change during the puzzle.
    puzzle_fixed: bool = False
    #: A value the setting keeps once it has it (hints ``"locked-off"``: a teacher's lock).
    lock: str = ""
    #: Why a locked setting cannot change, in English (the ``SettingError``'s text).
    lock_reason: str = ""
    #: Whether the settings menu offers it (``state.options``); the language and the hints
    #: have their own controls.
    in_menu: bool = True

    def check(self, value: object) -> str | bool | float:
        """``value`` if this setting may take it (numbers as float); else SettingError."""
        if isinstance(self.default, bool):
            if not isinstance(value, bool):
                raise self._error(f"{self.name} must be True or False, got {value!r}", value)
            return value
        if isinstance(self.default, float):
            low, high = self.bounds
            if (
                isinstance(value, bool)
                or not isinstance(value, int | float)
                or not low < value <= high
            ):
                raise self._error(
                    f"{self.name} must be a number of seconds in ({low:g}, {high:g}], got {value!r}",
                    value,
                )
            return float(value)
        if not isinstance(value, str) or value not in self.choices:
            raise self._error(
                f"{self.name} must be one of {', '.join(map(repr, self.choices))}, got {value!r}",
                value,
            )
        return value

    def check_change(self, current: object, value: object, *, puzzle: bool) -> str | bool | float:
        """``value`` checked, and allowed to replace ``current`` now (the lock, the puzzle)."""
        checked = self.check(value)
        if checked == current:
            return checked
        if self.lock and current == self.lock:
            raise SettingError(
                self.lock_reason or f"{self.name} is locked at {self.lock!r}",
                Msg(f"err.{self.name}_locked"),
            )
        if puzzle and self.puzzle_fixed:
            message = Msg("puzzle.fixed", {"name": self.name})
            raise SettingError(i18n.text("puzzle.fixed", "en", name=self.name), message)
        return checked

    def _error(self, reason: str, value: object) -> SettingError:
        return SettingError(
            reason, Msg("err.bad_setting_value", {"name": self.name, "value": short(value)})
        )


def core_settings(spec: GameSpec[P, M]) -> tuple[Setting, ...]:
    """Every setting of ``spec``'s game: the common ones (with the game's defaults), then its own."""
    common = (
        Setting(
            "mode",
            TWO_PLAYER,
            MODES,
            "play",
            doc="two players on one device, or the CPU",
            puzzle_fixed=True,
        ),
        Setting(
            "level",
            spec.default_level,
            spec.levels,
            "cpu",
            doc="the CPU's level",
            puzzle_fixed=True,
        ),
        Setting(
            "human",
            spec.sides[0],
            (*spec.sides, "alternate"),
            "cpu",
            doc="your side against the CPU",
            puzzle_fixed=True,
        ),
        Setting("lang", "en", i18n.LANGS, "view", doc="the language of every text", in_menu=False),
        Setting(
            "think_time",
            1.0,
            (),
            "view",
            doc="the CPU's time per move (seconds)",
            puzzle_fixed=True,  # a shorter think would weaken the puzzle's defence
        ),
        Setting(
            "hints",
            "off",
            HINT_MODES,
            "view",
            doc="the coach's values on the legal moves; 'locked-off' (a teacher's lock) hides "
            "the toggle and keeps them off",
            puzzle_fixed=True,  # the coach's values would give the answer away
            lock=LOCKED_OFF,
            lock_reason=hints_locked_reason(),
            in_menu=False,  # the coach draws its own toggle
        ),
        Setting("pace", "normal", ("normal", "slow"), "view", doc="'slow': follow the CPU think"),
    )
    table = [
        replace(s, default=spec.defaults[s.name]) if s.name in spec.defaults else s for s in common
    ]
    table.extend(spec.settings)
    return tuple(table)


_ = _puzzle


# ==================================================================== hooks
class Forced(NamedTuple, Generic[M]):
    """A move the side to move must make: the move, its card text and the status meanwhile."""

    move: M
    card: Msg
    status: Msg


class Marks(NamedTuple):
    """What a move touched: ``squares`` in order (the kit draws them) and named groups."""

    squares: tuple[str, ...]
    marks: dict[str, list[str]] = {}  # noqa: RUF012 - a NamedTuple default, never mutated


@dataclass(frozen=True)
class View(Generic[P]):
    """What the board/tray/extra/status hooks see when a snapshot is built."""

    lang: str
    position: P  # the current position
    shown: P  # the position on the board (the reviewed one during a review)
    reviewing: bool
    review_ply: int | None
    busy: bool
    mode: str
    human_side: str | None
    chooser: str | None  # the side whose input is awaited from a person now
    targets: tuple[str, ...]
    selection: tuple[str, ...]
    history: tuple[str, ...]  # the moves of the current game, in notation
    chosen: tuple[str, ...]  # hidden games: the sides that have locked in a choice
    started: bool  # False: the match waits on the settings card for Start
    settings: Mapping[str, object]
    side_label: Callable[[str, str], str]
    #: The device's one-time flags (read them for a first-use tutorial; None: no store).
    flags: Flags | None = None

    def side(self, side: str) -> str:
        return self.side_label(side, self.lang)


class Flags(Protocol):
    def get(self, key: str) -> object: ...

    def set(self, key: str, value: object = True) -> None: ...


class GameSpec(Generic[P, M]):
    """The game as a match plays it: subclass and implement the hooks (``...`` = required).

    Everything else a match needs comes from the engine's ``GamePosition`` (``legal_moves()``,
    ``play()``, ``outcome``, ``to_move``) and each move's ``steps``. What only some games
    have (the coach, the records, the daily puzzle) are the protocols of ``core.hooks``.
    """

    #: Registry name ("reversi"), the one used for texts ("reversi.black") and stats.
    name: ClassVar[str] = ""
    title: ClassVar[str] = ""
    sides: ClassVar[tuple[str, str]] = ("first", "second")
    levels: ClassVar[tuple[str, ...]] = ("cpu",)
    default_level: ClassVar[str] = "cpu"
    #: True: each move is one secret input per side (``steps[i]`` is ``sides[i]``'s).
    hidden: ClassVar[bool] = False
    #: The game's own settings, after the common ones.
    settings: ClassVar[tuple[Setting, ...]] = ()
    #: Defaults of common settings that differ for this game (e.g. ``{"mode": "cpu"}``).
    defaults: ClassVar[Mapping[str, str | bool | float]] = {}
    #: Other names a constructor accepts for a setting (Beacon's ``opponent`` for ``level``).
    aliases: ClassVar[Mapping[str, str]] = {}
    #: How long a forced-move card holds before the CPU replies (seconds).
    forced_hold_s: ClassVar[float] = 1.2
    #: A pause before the CPU replies, so the person's move can animate first (seconds).
    cpu_reply_delay_s: ClassVar[float] = 0.35

    # ---- required
    def start(self, settings: Mapping[str, object]) -> P:
        """The position every game of this match starts from."""
        raise NotImplementedError

    def search(
        self, position: P, level: str, *, side: str, rng: random.Random, time_budget: float
    ) -> Generator[object, None, M | str]:
        """The CPU: a generator that yields regularly and returns its move (hidden games: the
        input of ``side``)."""
        raise NotImplementedError

    def board(self, view: View[P]) -> dict[str, object]:
        """``state.board`` (a ``grid`` or ``map`` board, PROTOCOL.md)."""
        raise NotImplementedError

    # ---- optional
    def asks_settings(self, given: frozenset[str]) -> bool:
        """Whether a widget made with only the keywords ``given`` opens not started, on a
        settings card with Start (Tower Gate with no play setting, as its original page
        opens); the widget asks, the match waits (``Match.start``)."""
        return False

    def parse(self, position: P, move: object) -> M:
        """The legal move meant by ``move`` (API or CPU); else MalformedMoveError/Forbidden."""
        for legal in position.legal_moves():
            if legal == move or str(legal) == move:
                return cast(M, legal)  # the position's moves are this game's M
        position.play(move)  # raises the engine's own typed error
        raise ForbiddenMoveError(move, "not a legal move here", code="not_legal")

    def api_inputs(self, position: P, move: object, view: View[P]) -> tuple[str, ...]:
        """The inputs ``w.play(move)`` stands for (default: the whole move's steps)."""
        return self.parse(position, move).steps

    def forced(self, position: P) -> Forced[M] | None:
        """A move the side to move must make (Reversi's pass), or None."""
        return None

    def marks(self, before: P, move: M, after: P) -> Marks:
        """The squares a move touched (``last_move.squares`` and ``.marks``)."""
        return Marks(tuple(s for s in move.steps if s))

    def counts(self, position: P) -> dict[str, int]:
        """The number shown beside each side on the scoreboard (discs, points)."""
        return {side: 0 for side in self.sides}

    def transcript(self, moves: Sequence[M]) -> str:
        return " ".join(str(m) for m in moves)

    def notation(self, move: M) -> str:
        return str(move)

    def move_words(self, before: P, move: M, lang: str) -> str:
        """``move``, played from ``before``, as a player reads it in the review's move list
        (``state.move_words``: "C3 → C4, builds B4 twice"); default: its notation, which
        stays the Record panel's."""
        return self.notation(move)

    def tray(self, view: View[P]) -> dict[str, object] | None:
        return None

    def extra(self, view: View[P]) -> dict[str, object]:
        return {}

    def labels(self, lang: str) -> dict[str, str]:
        """Extra or overriding UI labels."""
        return {}

    def status(self, view: View[P]) -> str | None:
        """A game's own status line (None: the default: review, result, whose turn)."""
        return None

    def step_name(self, position: P, selection: tuple[str, ...]) -> str:
        """A stable name of the next input's step (``"place"``, ``"give"``, ``"build"``)."""
        return ""

    def button_label(self, target: str, lang: str) -> str | None:
        """The label of a target that is a button rather than a square (``"mason"``)."""
        return None

    def reject(self, view: View[P], target: str) -> Msg:
        """Why ``target`` is not a legal next input (default: try it as a whole move)."""
        if not view.selection:
            try:
                view.position.play(target)
            except IllegalMoveError as error:
                return self.error_message(error)
        return Msg("err.not_a_target", {"target": short(target)})

    def error_message(self, error: IllegalMoveError) -> Msg:
        """The translated text for an engine error, by its code: ``<game>.err.<code>``,
        then ``err.<code>``, else the English reason."""
        fmt = {"move": short(error.move), **error.details}
        sides = tuple(name for name in ("side", "winner", "loser") if name in fmt)
        for key in (f"{self.name}.err.{error.code}", f"err.{error.code}"):
            if i18n.has_text(key):
                return Msg(key, fmt, sides)
        return Msg("err.illegal_move", {"move": short(error.move), "reason": error.reason})

    def result_detail(self, position: P, outcome: Outcome, lang: str) -> str:
        key = f"{self.name}.termination.{outcome.termination}"
        if i18n.has_text(key, lang):
            return i18n.text(key, lang, **outcome.details)
        return outcome.termination

    def result_why(self, positions: Sequence[P], moves: Sequence[M], lang: str) -> str:
        return ""

    def hint(self, before: P, move: M, flags: Flags) -> Msg | None:
        """A one-time tip after a person's move (flags persist "shown" marks), or None."""
        return None

    def summary(self, position: P, lang: str = "en") -> str:
        """One line for ``text/plain``: "Reversi, White to move, 4-1"."""
        side = position.to_move
        outcome = position.outcome
        counts = "-".join(str(v) for v in self.counts(position).values())
        if outcome is not None:
            who = self.side_label(outcome.winner, lang) + " wins" if outcome.winner else "draw"
            state = f"over ({who})"
        elif side is None:
            state = "both sides choose"
        else:
            state = f"{self.side_label(side, lang)} to move"
        return f"{self.title}, {state}, {counts}"

    def svg(self, position: P) -> str:
        return position._repr_svg_()

    def side_label(self, side: str, lang: str) -> str:
        key = f"{self.name}.{side}"
        return i18n.text(key, lang) if i18n.has_text(key, lang) else side

    def option_label(self, name: str, value: str, lang: str) -> str:
        if name == "human" and value in self.sides:
            return self.side_label(value, lang)
        for key in (f"{self.name}.{name}.{value}", f"{name}.{value}"):
            if i18n.has_text(key, lang):
                return i18n.text(key, lang)
        return value

    def steps(self, move: M) -> tuple[str, ...]:
        return move.steps
