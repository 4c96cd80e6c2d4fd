"""Tower Gate as a match plays it: the ``GameSpec`` hooks (docs/RULES.md, "Tower Gate").

A turn is built from the engine's ``Move.steps``: worker → destination → build square, or
``mason``/``repaint`` (buttons) before the build square; free setup is one input per placement.
The match offers exactly the next inputs some legal move continues with, so a destination
clicked before building re-chooses the move, and 「戻る」 is the kit's back.

Choices made here:
- A click on a square that is not a target is not an error: the notice is the rule that keeps
  it out when there is one ("C3 is height 2 with 1 terracotta and 1 blue: nobody may enter"),
  else the square's legend (height, levels per colour, who may enter). Every square also carries
  its ``legend`` text, which the front end shows under the board for the square last activated.
- ``enterable`` (the × on towers) is for the side whose input is awaited, else the human,
  else the side to move in the shown position.
- The scoreboard number is each side's highest worker (0-3): how close it is to winning.
- The tutorial is shown on first use: ``extra.tutorial.first_use`` until this device has made
  a Tower Gate move (a flag in the stats store, set by the ``hint`` hook, as Reversi's one-time
  tip is); the cards are in ``extra`` so the front end can show them again at any time.
"""

from __future__ import annotations

import datetime as dt
import random
from collections.abc import Callable, Generator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from ..core import i18n
from ..core.coach import Advice, Hint, ReviewPoint
from ..core.daily import DailyPuzzle
from ..core.game import ForbiddenMoveError, IllegalMoveError, Outcome
from ..core.hooks import CoachHooks, PositionTextHooks, PuzzleHooks
from ..core.spec import Flags, GameSpec, Marks, Msg, Setting, View, read_position
from . import texts as _texts  # noqa: F401 - registers Tower Gate's texts
from .ai import LEVELS, Analysis, analyse_steps, search_steps
from .rules import (
    BLESSINGS,
    RULE_SETS,
    SIDES,
    SQUARES,
    Move,
    Position,
    Termination,
    parse_move,
    parse_square,
)

__all__ = ["BLESSING_CHOICES", "TUTORIAL_CARDS", "TUTORIAL_FLAG", "TowerGateGame"]

#: The flag set once this device has played a Tower Gate move (the tutorial is then not forced).
TUTORIAL_FLAG = "towergate.tutorial_seen"

#: The keywords that choose how a game is played: with any of them the game starts at once;
#: with none, ``TowerGate()`` opens on the settings card, as the original page does.
PLAY_SETTINGS = frozenset(
    {
        "mode",
        "level",
        "human",
        "setup",
        "blessing_terracotta",
        "blessing_blue",
        "blessings",
        "position",
    }
)
#: The tutorial's cards: (title key, text key), in order.
TUTORIAL_CARDS = ("goal", "turn", "colour", "blessings")


def _square(
    levels: tuple[str, ...] = (),
    *,
    worker: str = "",
    ghost: str = "",
    dome: bool = False,
    blocked: bool = False,
    circle: bool = False,
    hatch: bool = False,
    selected: bool = False,
) -> dict[str, object]:
    """One square of a tutorial picture, as the board draws a square (js/towergate/towers.js)."""
    return {
        "levels": list(levels),
        "height": len(levels) + (1 if dome else 0),
        "dome": dome,
        "worker": worker,
        "ghost": ghost,
        "blocked": blocked,
        "circle": circle,
        "ring": False,
        "hatch": hatch,
        "selected": selected,
    }


_T, _B = "terracotta", "blue"
#: Each card's picture: a row (or two) of three squares showing what the card says.
TUTORIAL_PICTURES: dict[str, list[dict[str, object]]] = {
    # A worker on height 2 next to a height-3 tower it may enter: the winning step.
    "goal": [_square((_T, _T), worker=_T), _square((_T, _T, _B), circle=True), _square()],
    # The worker moved up one level (its old square faint), then a build on a hatched square.
    "turn": [
        _square(ghost=_T),
        _square((_T,), worker=_T, selected=True),
        _square(hatch=True),
        _square(hatch=True),
        _square((_B,), hatch=True),
        _square(hatch=True),
    ],
    # Terracotta's majority (enterable), a tie nobody may enter (×), a dome.
    "colour": [
        _square((_T, _T, _B)),
        _square((_T, _B), blocked=True),
        _square((_T, _B, _T), dome=True),
    ],
    # Mason: two levels at once on the square next to the worker.
    "blessings": [_square(worker=_T), _square((_T, _T), hatch=True), _square((_B,))],
}
BLESSING_CHOICES = ("none", *BLESSINGS)
OPTIONS = ("mason", "repaint")
#: Error codes about the worker's move (the rest are about the build).
MOVE_CODES = frozenset(
    {
        "not_adjacent",
        "not_straight",
        "occupied",
        "dome",
        "climb_too_high",
        "leap_too_high",
        "leap_used",
        "wind_too_high",
        "colour_tie",
        "colour_minority",
    }
)

#: Error codes saying why a blessing's button is not offered.
BLESSING_CODES = frozenset({"no_blessing", "mason_used"})

SETUP = Setting(
    "setup",
    "fixed",
    ("fixed", "free"),
    "play",
    doc="'fixed': terracotta B4, D4 and blue B2, D2; 'free': placed by alternate clicks",
)
BLESSING_T = Setting(
    "blessing_terracotta", "none", BLESSING_CHOICES, "play", doc="terracotta's blessing (加護)"
)
BLESSING_B = Setting(
    "blessing_blue", "none", BLESSING_CHOICES, "play", doc="blue's blessing (加護)"
)
BLESSING_RULES = Setting(
    "blessings",
    "balanced",
    tuple(RULE_SETS),
    "play",
    doc=(
        "the blessings' limits: 'balanced' (measured in CPU self-play; docs/RULES.md) or "
        "'as-written' (the original page's wording: Wind and Leap may climb onto height 3, "
        "Mason on heights 0-2, Repaint on heights 1-3)"
    ),
)


@dataclass(frozen=True)
class _SaysMoves(Msg):
    """A text whose ``moves`` fields hold moves in notation, said in words (``move_words``) in
    the language it is shown in."""

    moves: tuple[str, ...] = field(default=())

    def render(self, lang: str, side_label: Callable[[str, str], str], game: str = "") -> str:
        values = {
            **self.fmt,
            **{name: move_words(str(self.fmt[name]), lang) for name in self.moves},
        }
        return Msg(self.key, values, self.sides).render(lang, side_label, game)


@dataclass(frozen=True)
class Joined(Msg):
    """Several texts shown as one line (each translated when the snapshot is built)."""

    parts: tuple[Msg, ...] = field(default=())

    def render(self, lang: str, side_label: Callable[[str, str], str], game: str = "") -> str:
        sep = "、" if lang == "ja" else "; "
        return sep.join(part.render(lang, side_label, game) for part in self.parts)


def _blessing(value: object) -> str | None:
    return None if value in (None, "none") else str(value)


class TowerGateGame(
    GameSpec[Position, Move],
    CoachHooks[Position, Move, Analysis],
    PositionTextHooks[Position],
    PuzzleHooks[Position],
):
    """Tower Gate on a 5×5 board; ``position`` starts every game from it (puzzles, lessons)."""

    name = "towergate"
    title = "Tower Gate"
    sides = SIDES
    levels = LEVELS
    default_level = "normal"
    settings = (SETUP, BLESSING_T, BLESSING_B, BLESSING_RULES)
    defaults: ClassVar[Mapping[str, str | bool | float]] = {"mode": "cpu"}

    #: The daily puzzle's defender (core.puzzle): the strongest CPU.
    puzzle_level = "strong"

    def daily_puzzle(self, date: dt.date | None) -> DailyPuzzle[Position]:
        """The puzzle bank's entry for ``date`` (today in Japan when None)."""
        from .puzzles import daily_puzzle  # the bank loads only when a puzzle is asked for

        return daily_puzzle(date)

    def __init__(self, *, position: Position | str | None = None):
        """``position``: a ``Position`` or its text form (``Position.to_text()``); default:
        a new game from the ``setup`` and blessing settings."""
        self.setup = read_position(position, Position, "towergate")

    def asks_settings(self, given: frozenset[str]) -> bool:
        """``TowerGate()`` with no play setting opens on the settings card, as the original
        page does (choose the settings, press 「対局を始める」); any of them starts at once."""
        return not PLAY_SETTINGS & given

    # ---------------------------------------------------------------- required
    def start(self, settings: Mapping[str, object]) -> Position:
        if self.setup is not None:
            return self.setup
        return Position.start(
            str(settings.get("setup", "fixed")),
            {
                "terracotta": _blessing(settings.get("blessing_terracotta")),
                "blue": _blessing(settings.get("blessing_blue")),
            },
            rules=str(settings.get("blessings", "balanced")),
        )

    def search(
        self, position: Position, level: str, *, side: str, rng: random.Random, time_budget: float
    ) -> Generator[object, None, Move | str]:
        return (yield from search_steps(position, level, rng=rng, time_budget=time_budget))

    def board(self, view: View[Position]) -> dict[str, object]:
        shown, lang = view.shown, view.lang
        viewer = view.chooser or view.human_side or shown.to_move or SIDES[0]
        squares = []
        count = {side: 0 for side in SIDES}
        for name in SQUARES:
            lg = shown.legend(name)
            worker = None
            if lg["worker"]:
                count[lg["worker"]] += 1
                worker = {"side": lg["worker"], "id": f"{lg['worker']}{count[lg['worker']]}"}
            squares.append(
                {
                    "id": name,
                    "piece": lg["worker"],
                    "height": lg["height"],
                    "levels": lg["levels"],
                    "dome": lg["dome"],
                    "worker": worker,
                    "enterable": lg["enterable"][viewer],
                    "legend": self._render(self.legend(shown, name), lang),
                    "aria": self._render(self._aria(shown, name), lang),
                }
            )
        return {"kind": "grid", "rows": 5, "cols": 5, "coords": list(SQUARES), "squares": squares}

    # ---------------------------------------------------------------- texts of squares
    def _render(self, message: Msg, lang: str) -> str:
        return message.render(lang, self.side_label, self.name)

    def _aria(self, position: Position, square: str) -> Msg:
        """What is on a square, in words (the kit adds its mark words)."""
        lg = position.legend(square)
        parts: list[Msg] = [self._levels_msg(lg)]
        if lg["worker"]:
            parts.append(Msg("towergate.legend.worker", {"side": lg["worker"]}, ("side",)))
        return Joined("towergate.joined", parts=tuple(parts))

    def _levels_msg(self, lg: Mapping[str, Any]) -> Msg:
        square = lg["square"]
        if lg["dome"]:
            return Msg("towergate.legend.dome", {"square": square})
        if lg["height"] == 0:
            return Msg("towergate.legend.flat", {"square": square})
        order: tuple[str, ...] = tuple(lg["levels"])
        return _Levels(
            "towergate.legend.stack",
            {
                "square": square,
                "height": lg["height"],
                "terracotta": lg["terracotta"],
                "blue": lg["blue"],
            },
            order=order,
        )

    def legend(self, position: Position, square: str) -> Msg:
        """The legend of ``square``: height, the levels per colour bottom to top, who may enter,
        the worker standing there."""
        lg = position.legend(square)
        parts: list[Msg] = [self._levels_msg(lg)]
        if 2 <= int(lg["height"]) <= 3:
            may = [side for side, ok in lg["enterable"].items() if ok]
            parts.append(
                Msg("towergate.legend.only", {"side": may[0]}, ("side",))
                if may
                else Msg("towergate.legend.tie")
            )
        if lg["worker"]:
            parts.append(Msg("towergate.legend.worker", {"side": lg["worker"]}, ("side",)))
        return Joined("towergate.joined", parts=tuple(parts))

    # ---------------------------------------------------------------- moves
    def parse(self, position: Position, move: object) -> Move:
        parsed = parse_move(move)  # type: ignore[arg-type]  # refuses anything but notation
        position.play(parsed)  # the engine's own typed error, naming the rule
        return parsed

    def marks(self, before: Position, move: Move, after: Position) -> Marks:
        squares = tuple(s for s in (move.source, move.target, move.build) if s)
        marks: dict[str, list[str]] = {}
        if move.source:
            marks["from"] = [move.source]
        if move.build:
            marks[move.action] = [move.build]
        return Marks(squares, marks)

    def counts(self, position: Position) -> dict[str, int]:
        return {
            side: max((position.height(w) for w in position.workers[side]), default=0)
            for side in SIDES
        }

    def step_name(self, position: Position, selection: tuple[str, ...]) -> str:
        if position.in_setup:
            return "place"
        if not selection:
            return "worker"
        if len(selection) == 1:
            return "move"
        if len(selection) == 3 and selection[2] in OPTIONS:
            return selection[2]
        return "build"

    def button_label(self, target: str, lang: str) -> str | None:
        if target in OPTIONS:
            return i18n.text(f"towergate.option.{target}", lang)
        return None

    def reject(self, view: View[Position], target: str) -> Msg:
        """Why ``target`` is not offered: the rule that forbids it, else the square's legend."""
        position, selection = view.position, view.selection
        try:
            parse_square(target)
        except IllegalMoveError:
            if target in OPTIONS and len(selection) == 2:
                reason = self._first_error(
                    position,
                    [f"{selection[0]}-{selection[1]}{_MARK[target]}{b}" for b in SQUARES],
                    only=BLESSING_CODES,
                )
                if reason is not None:
                    return reason
            return super().reject(view, target)
        square = target.strip().upper()
        candidates: list[str] = []
        if position.in_setup:
            candidates = [square]
        elif len(selection) == 1:
            candidates = [
                f"{selection[0]}-{square}",
                *(f"{selection[0]}-{square}^{b}" for b in SQUARES),
            ]
        elif len(selection) >= 2:
            mark = _MARK.get(selection[2], "^") if len(selection) == 3 else "^"
            candidates = [f"{selection[0]}-{selection[1]}{mark}{square}"]
        elif (owner := position.worker_at(square)) == position.to_move:
            return Msg("towergate.stuck_worker", {"square": square})
        elif owner is not None and position.to_move is not None:
            # The other side's worker: say whose it is and which workers may move instead.
            return Msg(
                "towergate.opponent_worker",
                {"square": square, "side": owner, "own": position.to_move},
                ("side", "own"),
            )
        reason = self._first_error(
            position, candidates, only=MOVE_CODES if len(selection) == 1 else None
        )
        return reason if reason is not None else self.legend(position, square)

    def _first_error(
        self, position: Position, moves: Sequence[str], only: frozenset[str] | None = None
    ) -> Msg | None:
        """The translated rule that forbids the first of ``moves`` (restricted to ``only``)."""
        for move in moves:
            try:
                position.play(move)
            except ForbiddenMoveError as error:
                if only is None or error.code in only:
                    return self.error_message(error)
            except IllegalMoveError:
                continue
        return None

    def error_message(self, error: IllegalMoveError) -> Msg:
        message = super().error_message(error)
        if message.key == "towergate.err.no_blessing" and "blessing" in message.fmt:
            fmt = dict(message.fmt)
            fmt["blessing"] = str(fmt["blessing"])
            return _Blessing(message.key, fmt, message.sides)
        return message

    # ---------------------------------------------------------------- the coach
    def coach_steps(
        self, position: Position, *, time_budget: float
    ) -> Generator[Analysis | None, None, Analysis] | None:
        if position.outcome is not None:
            return None
        return analyse_steps(position, time_budget=time_budget)

    def _reason_text(self, reason: Mapping[str, Any], lang: str) -> str:
        fmt = dict(reason)
        fmt["side"] = self.side_label(str(fmt.get("side", "")), lang)
        key = f"towergate.reason.{fmt.pop('kind', 'positional')}"
        return i18n.text(key, lang, **fmt) if i18n.has_text(key, lang) else ""

    def coach_advice(self, view: View[Position], analysis: Analysis) -> Advice:
        """One hint per target: the best value among the moves it continues to, as an expected
        result (100 % a sure win), with the engine's plain reason for the best and the worst."""
        lang, selection = view.lang, view.selection
        n = len(selection)
        top = max(analysis.values.values())
        hints: dict[str, Hint] = {}
        for target in view.targets:
            moves = [
                m
                for m in analysis.moves
                if m.steps[:n] == selection and len(m.steps) > n and m.steps[n] == target
            ]
            if not moves:
                continue
            move = max(moves, key=lambda m: analysis.values[str(m)])
            value = analysis.values[str(move)]
            best = value >= top - 1e-9
            tone = "best" if best else "bad" if top - value >= 0.4 or value <= -0.9 else "good"
            if str(move) == analysis.best:
                reason = self._reason_text(analysis.best_reason, lang)
            elif str(move) == analysis.worst:
                reason = self._reason_text(analysis.worst_reason, lang)
            else:
                reason = ""
            score = i18n.text(
                "towergate.coach.reason",
                lang,
                move=move_words(str(move), lang),
                value=_percent(value),
                top=_percent(top),
            )
            hints[target] = Hint(
                _percent(value).replace(" ", ""),  # "73%": a badge fits a phone's square
                tone,
                best,
                f"{reason[:1].upper()}{reason[1:]}. {score}" if reason else score,
            )
        summary = i18n.text(
            "towergate.coach.summary",
            lang,
            move=move_words(analysis.best, lang),
            value=_percent(top),
            depth=analysis.depth,
        )
        return Advice(hints, analysis.depth, False, summary)

    def coach_review(
        self, before: Position, move: Move, after: Position, analysis: Analysis
    ) -> ReviewPoint:
        sign = 1.0 if before.to_move == SIDES[0] else -1.0
        top = max(analysis.values.values())
        played = analysis.values.get(str(move), top)
        loss = max(0.0, top - played)
        text: Msg | None = None
        if loss >= 0.3:
            fields = {"move": str(move), "best": analysis.best}
            text = _SaysMoves("towergate.coach.lost", fields, moves=("move", "best"))
            if str(move) == analysis.worst and analysis.worst_reason.get("kind"):
                fields = {k: v for k, v in analysis.worst_reason.items() if k != "kind"}
                why = Msg(f"towergate.reason.{analysis.worst_reason['kind']}", fields, ("side",))
                text = Joined("towergate.joined", parts=(text, why))
        return ReviewPoint(sign * top, sign * played, loss, text)

    def coach_final(self, position: Position) -> float | None:
        outcome = position.outcome
        if outcome is None:
            return None
        return 0.0 if outcome.winner is None else 1.0 if outcome.winner == SIDES[0] else -1.0

    def coach_unit(self, lang: str) -> str:
        return i18n.text("towergate.coach.unit", lang)

    def position_text(self, position: Position) -> str:
        return position.to_text()

    # ---------------------------------------------------------------- texts
    def side_label(self, side: str, lang: str) -> str:
        for key in (f"towergate.side.{side}", f"towergate.{side}"):
            if i18n.has_text(key, lang):
                return i18n.text(key, lang)
        return side

    def option_label(self, name: str, value: str, lang: str) -> str:
        if name.startswith("blessing_"):
            return i18n.text(f"towergate.blessing.{value}", lang)
        return super().option_label(name, value, lang)

    def labels(self, lang: str) -> dict[str, str]:
        def t(key: str) -> str:
            return i18n.text(f"towergate.{key}", lang)

        return {
            "setup": t("label.setup"),
            "blessing_terracotta": t("label.blessing_terracotta"),
            "blessing_blue": t("label.blessing_blue"),
            "blessings": t("label.blessings"),
            "back": t("back"),
            "legal": t("label.target"),
            "target": t("label.target"),
            "choices": t("label.choices"),
            "start": t("start"),
            "legend": t("label.legend"),
            "legend_hint": t("label.legend_hint"),
            "completed": t("completed"),
            "tutorial_again": t("tutorial_again"),
            "cannot_enter": t("cannot_enter"),
        }

    def status(self, view: View[Position]) -> str | None:
        """Whose turn it is and which step is due ("Your move (Blue): choose a worker")."""
        side = view.chooser
        if side is None or view.reviewing or view.busy or not view.targets:
            return None
        lang = view.lang
        name = self.side_label(side, lang)
        turn = i18n.text(
            "status.your_move" if view.mode == "cpu" else "status.to_move", lang, side=name
        )
        step = self.step_name(view.position, view.selection)
        fmt: dict[str, object] = {}
        if step in ("move", "build", "mason", "repaint"):
            fmt["square"] = view.selection[-1] if step == "move" else view.selection[1]
        if step == "build" and any(t in OPTIONS for t in view.targets):
            step = "build_or_option"
        return i18n.text(
            "towergate.prompt",
            lang,
            turn=turn,
            step=i18n.text(f"towergate.prompt.{step}", lang, **fmt),
        )

    def result_detail(self, position: Position, outcome: Outcome, lang: str) -> str:
        fmt = dict(outcome.details)
        for key in ("side", "winner"):
            if key in fmt:
                fmt[key] = self.side_label(str(fmt[key]), lang)
        return i18n.text(f"towergate.termination.{outcome.termination}", lang, **fmt)

    def result_why(self, positions: Sequence[Position], moves: Sequence[Move], lang: str) -> str:
        """The decisive moment: the build that let the winner climb, or the trap."""
        final = positions[-1]
        outcome = final.outcome
        if outcome is None or outcome.winner is None or len(moves) < 2:
            return ""
        if outcome.termination == Termination.REACHED_THIRD_LEVEL:
            # The loser's last turn left the height-3 tower the winner climbed open.
            square = outcome.squares[0]
            loser_move = moves[-2]
            if loser_move.build == square:
                return i18n.text(
                    "towergate.why.built_for",
                    lang,
                    side=self.side_label(SIDES[1 - SIDES.index(outcome.winner)], lang),
                    square=square,
                )
            return i18n.text(
                "towergate.why.climbed",
                lang,
                side=self.side_label(outcome.winner, lang),
                square=square,
            )
        return i18n.text(
            "towergate.why.trapped", lang, side=self.side_label(str(outcome.details["side"]), lang)
        )

    def hint(self, before: Position, move: Move, flags: Flags) -> Msg | None:
        if not flags.get(TUTORIAL_FLAG):
            flags.set(TUTORIAL_FLAG, True)
        return None

    def extra(self, view: View[Position]) -> dict[str, object]:
        lang, shown = view.lang, view.shown
        over = view.position.outcome
        stamp = None
        if (
            over is not None
            and over.winner is not None
            and not view.reviewing
            and (view.mode != "cpu" or over.winner == view.human_side)
        ):
            stamp = i18n.text("towergate.completed", lang)
        blessings = []
        # the one-line descriptions follow the game's rules (the wording, or the limits)
        about = "about" if shown.rules.name != "as-written" else "about_as_written"
        for side in SIDES:
            value = shown.blessing(side)
            used = shown.blessing_used[side]
            blessings.append(
                {
                    "side": side,
                    "id": value,
                    "name": i18n.text(f"towergate.blessing.{value or 'none'}", lang),
                    "about": i18n.text(f"towergate.blessing.{value}.{about}", lang)
                    if value
                    else "",
                    "used": used,
                    "text": i18n.text(
                        "towergate.blessing_line",
                        lang,
                        side=self.side_label(side, lang),
                        name=i18n.text(f"towergate.blessing.{value or 'none'}", lang),
                    )
                    + (i18n.text("towergate.blessing_used", lang) if used else ""),
                }
            )
        first_use = not (view.flags is not None and view.flags.get(TUTORIAL_FLAG))
        ask = not view.started  # the match waits for Start (nobody moves, the CPU neither)
        return {
            "settings_card": {
                "title": i18n.text("towergate.settings_card.title", lang),
                "text": i18n.text("towergate.settings_card.text", lang),
                "start": i18n.text("towergate.start", lang),
            }
            if ask
            else None,
            "transcript": " ".join(view.history),
            "turn": shown.turn,
            "turn_text": i18n.text(
                "towergate.turn_text" if not shown.in_setup else "towergate.setup_text",
                lang,
                turn=shown.turn,
                limit=100,
            ),
            "in_setup": shown.in_setup,
            "blessings": blessings,
            "stamp": stamp,
            "tutorial": {
                "first_use": first_use,
                "title": i18n.text("towergate.tutorial.title", lang),
                "cards": [
                    {
                        "title": i18n.text(f"towergate.tutorial.{card}.title", lang),
                        "text": i18n.text(f"towergate.tutorial.{card}", lang),
                        "picture": {
                            "cols": 3,
                            "squares": TUTORIAL_PICTURES[card],
                            "alt": i18n.text(f"towergate.tutorial.{card}.picture", lang),
                        },
                    }
                    for card in TUTORIAL_CARDS
                ],
                "skip": i18n.text("towergate.tutorial.skip", lang),
                "close": i18n.text("close", lang),
                "next": i18n.text("towergate.tutorial.next", lang),
                "prev": i18n.text("towergate.tutorial.prev", lang),
                "done": i18n.text("towergate.tutorial.done", lang),
                "again": i18n.text("towergate.tutorial_again", lang),
            },
        }

    def move_words(self, before: Position, move: Move, lang: str) -> str:
        return move_words(str(move), lang)

    def summary(self, position: Position, lang: str = "en") -> str:
        outcome = position.outcome
        if outcome is not None:
            who = self.side_label(outcome.winner, lang) + " wins" if outcome.winner else "draw"
            return f"{self.title}, over ({who}), turn {position.turn}"
        side = self.side_label(position.to_move or "", lang)
        phase = "placing workers" if position.in_setup else f"turn {position.turn}"
        return f"{self.title}, {side} to move, {phase}"


_MARK = {"mason": "^^", "repaint": "*"}


def move_words(notation: str, lang: str) -> str:
    """A move as a player reads it ("C3 → C4, builds B4 twice"); the notation stays for the
    record. Something that is not a move reads as itself."""
    try:
        move = parse_move(notation)
    except IllegalMoveError:
        return notation
    return i18n.text(
        f"towergate.words.{move.action}",
        lang,
        source=move.source or "",
        target=move.target,
        build=move.build or "",
    )


def _percent(value: float) -> str:
    """A value in [-1, 1] (a sure loss to a sure win) as an expected result: "73 %"."""
    return f"{round((value + 1) * 50)} %"


@dataclass(frozen=True)
class _Levels(Msg):
    """The stack sentence with its bottom-to-top colours translated late."""

    order: tuple[str, ...] = field(default=())

    def render(self, lang: str, side_label: Callable[[str, str], str], game: str = "") -> str:
        values = dict(self.fmt)
        sep = "、" if lang == "ja" else ", "
        values["order"] = sep.join(side_label(side, lang) for side in self.order)
        return i18n.text(self.key, lang, **values)


@dataclass(frozen=True)
class _Blessing(Msg):
    """An error naming a blessing, its name translated late."""

    def render(self, lang: str, side_label: Callable[[str, str], str], game: str = "") -> str:
        values = dict(self.fmt)
        values["blessing"] = i18n.text(f"towergate.blessing.{values['blessing']}", lang)
        return i18n.text(self.key, lang, **values)


#: The play page's own texts (widget, legend, prompts, tutorial); keys the engine's table
#: above already has are left to it.
WIDGET_TEXTS = {
    "en": {
        "towergate.joined": "{text}",
        "towergate.legend.flat": "{square}: height 0",
        "towergate.legend.stack": (
            "{square}: height {height}, {terracotta} terracotta and {blue} blue "
            "(bottom to top: {order})"
        ),
        "towergate.legend.worker": "{side} worker",
        "towergate.stuck_worker": "The worker on {square} has no legal move this turn.",
        "towergate.opponent_worker": "The worker on {square} is {side}'s: move one of {own}'s workers.",
        "towergate.words.place": "worker placed on {target}",
        "towergate.words.build": "{source} → {target}, builds {build}",
        "towergate.words.mason": "{source} → {target}, builds {build} twice",
        "towergate.words.repaint": "{source} → {target}, repaints {build}",
        "towergate.words.win": "{source} → {target}, wins",
        "towergate.prompt": "{turn}: {step}",
        "towergate.prompt.place": "place a worker on an empty square",
        "towergate.prompt.worker": "choose a worker to move",
        "towergate.prompt.move": "move the worker on {square} to a dotted square",
        "towergate.prompt.build": "build on a hatched square next to {square}",
        "towergate.prompt.build_or_option": (
            "build on a hatched square next to {square}, or choose a blessing below"
        ),
        "towergate.prompt.mason": "choose the square for Mason's two levels",
        "towergate.prompt.repaint": "choose the square whose top level you repaint",
        "towergate.label.setup": "Setup",
        "towergate.label.blessing_terracotta": "Terracotta's blessing",
        "towergate.label.blessing_blue": "Blue's blessing",
        "towergate.label.blessings": "Blessing rules",
        "towergate.blessings.balanced": "Balanced (measured in CPU games)",
        "towergate.blessings.as-written": "As the original page wrote them",
        "towergate.blessing.wind.about_as_written": (
            "Move two squares in a straight line instead of one."
        ),
        "towergate.blessing.mason.about_as_written": (
            "Once a game, build two levels on one square in one build."
        ),
        "towergate.blessing.repaint.about_as_written": (
            "Instead of building, repaint the top level of a neighbouring square without a "
            "worker to your colour."
        ),
        "towergate.blessing.leap.about_as_written": "Climb two levels in one move.",
        "towergate.label.target": "can be chosen",
        "towergate.label.choices": "Blessing options",
        "towergate.label.legend": "Legend",
        "towergate.label.legend_hint": "click any square to see its height and levels",
        "towergate.blessing_line": "{side}: {name}",
        "towergate.blessing_used": " (used)",
        "towergate.turn_text": "Turn {turn} of {limit}",
        "towergate.setup_text": "Placing workers",
        "towergate.why.built_for": (
            "{side} built the third level of {square} next to the winner's worker"
        ),
        "towergate.why.climbed": "{side} prepared {square} and climbed it before it was domed",
        "towergate.why.trapped": "{side}'s workers were boxed in by the edge, domes and towers",
        "towergate.err.leap_used": "Leap's two-level climb has been used this game.",
        "towergate.err.leap_build": "After a Leap, build on the square just left ({source}).",
        "towergate.err.wind_too_high": (
            "{square} is height {height}: Wind's two-square move ends at most on height {top}."
        ),
        "towergate.err.mason_height": (
            "{square} is height {height}: Mason's double build goes on height {allowed} only."
        ),
        "towergate.err.repaint_own": "The top level of {square} is already your colour.",
        "towergate.tutorial.title": "How to play Tower Gate",
        "towergate.tutorial.goal.title": "1 · The goal",
        "towergate.tutorial.goal": (
            "Move one of your workers onto a tower of height 3 and you win at once. "
            "You also win when your opponent has no legal move."
        ),
        "towergate.tutorial.turn.title": "2 · A turn",
        "towergate.tutorial.turn": (
            "Choose a worker, move it to a dotted square (up one level at most, down any), "
            "then build one level on a hatched square next to it. Back takes a step back."
        ),
        "towergate.tutorial.colour.title": "3 · Colours",
        "towergate.tutorial.colour": (
            "Every level keeps its builder's colour. Heights 2 and 3 may be entered only by the "
            "side with more levels there (a tie: nobody; a × marks them). A level built on "
            "height 3 is a dome. Click any square to see its levels under the board."
        ),
        "towergate.tutorial.blessings.title": "4 · Blessings",
        "towergate.tutorial.blessings": (
            "Each side may have a blessing (Wind, Mason, Repaint, Leap), chosen in the settings "
            "with the CPU level and the setup. Mason and Repaint appear as buttons before you "
            "choose the build square."
        ),
        "towergate.coach.reason": "{move}: expected result {value}; the best gives {top}.",
        "towergate.coach.summary_one": "Best: {move} ({value}; 1 move deep)",
        "towergate.coach.summary": "Best: {move} ({value}; {depth} moves deep)",
        "towergate.coach.lost": "“{move}” threw away the advantage (“{best}” was better)",
        "towergate.coach.unit": "expected result (100 % = a sure win for terracotta)",
        "towergate.tutorial.next": "Next",
        "towergate.tutorial.prev": "Previous",
        "towergate.tutorial.done": "Play",
        "towergate.tutorial.skip": "Skip",
        "towergate.tutorial.goal.picture": (
            "A terracotta worker on height 2 next to a height-3 tower with more terracotta "
            "levels: stepping onto it wins."
        ),
        "towergate.tutorial.turn.picture": (
            "A worker moved up one level, its old square faint; the hatched squares around it "
            "are where it may build."
        ),
        "towergate.tutorial.colour.picture": (
            "A height-3 tower with more terracotta levels, a height-2 tie marked × that nobody "
            "may enter, and a dome."
        ),
        "towergate.tutorial.blessings.picture": (
            "Mason: a worker next to a square where it built two terracotta levels at once."
        ),
        "towergate.settings_card.title": "Game settings",
        "towergate.settings_card.text": (
            "Choose the CPU's level, your blessing and the CPU's, and the setup, then press "
            "Start the game."
        ),
    },
    "ja": {
        "towergate.joined": "{text}",
        "towergate.legend.flat": "{square}：高さ0",
        "towergate.legend.stack": (
            "{square}：高さ{height}（テラコッタ{terracotta}段・青{blue}段、下から{order}）"
        ),
        "towergate.legend.worker": "{side}の駒",
        "towergate.stuck_worker": "{square}の駒はこの手番では動けません。",
        "towergate.opponent_worker": "{square}は{side}の駒です。{own}の駒を動かしてください。",
        "towergate.words.place": "{target}に駒を配置",
        "towergate.words.build": "{source} → {target}、{build}に建設",
        "towergate.words.mason": "{source} → {target}、{build}に2段積む",
        "towergate.words.repaint": "{source} → {target}、{build}を塗り替え",
        "towergate.words.win": "{source} → {target}で勝ち",
        "towergate.prompt": "{turn}：{step}",
        "towergate.prompt.place": "空いているマスに駒を置いてください",
        "towergate.prompt.worker": "動かす駒を選んでください",
        "towergate.prompt.move": "{square}の駒を点線の円のマスへ動かしてください",
        "towergate.prompt.build": "{square}の周りの斜線のマスに1段積んでください",
        "towergate.prompt.build_or_option": (
            "{square}の周りの斜線のマスに積むか、下の加護を選んでください"
        ),
        "towergate.prompt.mason": "石工で2段積むマスを選んでください",
        "towergate.prompt.repaint": "最上段を塗り替えるマスを選んでください",
        "towergate.label.setup": "配置",
        "towergate.label.blessing_terracotta": "テラコッタの加護",
        "towergate.label.blessing_blue": "青の加護",
        "towergate.label.blessings": "加護のルール",
        "towergate.blessings.balanced": "調整版（CPUどうしの自己対戦で測定）",
        "towergate.blessings.as-written": "原文どおり",
        "towergate.blessing.wind.about_as_written": "同じ方向へまっすぐ2マス移動できる",
        "towergate.blessing.mason.about_as_written": "1局に1回だけ2段まとめて積める",
        "towergate.blessing.repaint.about_as_written": (
            "建設の代わりに隣の駒のいないマスの最上段を自分の色に塗り替えられる"
        ),
        "towergate.blessing.leap.about_as_written": "2段を一気に登れる",
        "towergate.label.target": "選べます",
        "towergate.label.choices": "加護の選択",
        "towergate.label.legend": "凡例",
        "towergate.label.legend_hint": "マスを押すと高さと段の内訳が出ます",
        "towergate.blessing_line": "{side}：{name}",
        "towergate.blessing_used": "（使用済み）",
        "towergate.turn_text": "{limit}手中{turn}手目",
        "towergate.setup_text": "駒の配置中",
        "towergate.why.built_for": "{side}が勝者の駒の隣の{square}に3段目を積んでしまいました",
        "towergate.why.climbed": "{side}が{square}を育て、ドームにされる前に登りました",
        "towergate.why.trapped": "{side}の駒が盤の端・ドーム・塔に囲まれて動けなくなりました",
        "towergate.err.leap_used": "跳躍の2段登りはこの対局ですでに使いました。",
        "towergate.err.leap_build": "跳躍したあとは、いま離れたマス（{source}）に積みます。",
        "towergate.err.wind_too_high": (
            "{square}は高さ{height}です。風の2マス移動で行けるのは高さ{top}までです。"
        ),
        "towergate.err.mason_height": (
            "{square}は高さ{height}です。石工の2段積みは高さ{allowed}のマスだけです。"
        ),
        "towergate.err.repaint_own": "{square}の最上段はすでにあなたの色です。",
        "towergate.tutorial.title": "タワーゲートの遊び方",
        "towergate.tutorial.goal.title": "1・目的",
        "towergate.tutorial.goal": (
            "自分の駒を高さ3の塔に登らせたら、その場で勝ちです。"
            "相手が自分の手番に動かせる手がないときも勝ちです。"
        ),
        "towergate.tutorial.turn.title": "2・手番",
        "towergate.tutorial.turn": (
            "駒を選び、点線の円のマスへ動かします（登りは1段まで、降りは何段でも）。"
            "それから周りの斜線のマスに1段積みます。「戻る」で1つ前に戻せます。"
        ),
        "towergate.tutorial.colour.title": "3・色",
        "towergate.tutorial.colour": (
            "積んだ段は積んだ側の色になります。高さ2と3には、その色の段が相手より多い側だけが"
            "入れます（同数なら誰も入れず、×が付きます）。高さ3に積むとドームです。"
            "マスを押すと盤の下に段の内訳が出ます。"
        ),
        "towergate.tutorial.blessings.title": "4・加護",
        "towergate.tutorial.blessings": (
            "両者は加護（風・石工・塗替・跳躍）を持てます。CPUの強さ・配置と一緒に設定で選びます。"
            "石工と塗替は、積むマスを選ぶ前にボタンで選びます。"
        ),
        "towergate.coach.reason": "{move}：期待値{value}（最善なら{top}）。",
        "towergate.coach.summary_one": "最善：{move}（{value}・1手読み）",
        "towergate.coach.summary": "最善：{move}（{value}・{depth}手読み）",
        "towergate.coach.lost": "「{move}」で優勢を失いました（「{best}」がよかった）",
        "towergate.coach.unit": "期待値（100 %でテラコッタの必勝）",
        "towergate.tutorial.next": "次へ",
        "towergate.tutorial.prev": "前へ",
        "towergate.tutorial.done": "対局へ",
        "towergate.tutorial.skip": "スキップ",
        "towergate.tutorial.goal.picture": (
            "高さ2に立つテラコッタの駒と、テラコッタの段が多い高さ3の塔。登れば勝ちです。"
        ),
        "towergate.tutorial.turn.picture": (
            "1段登った駒（元のマスは薄く表示）と、建設できる斜線のマス。"
        ),
        "towergate.tutorial.colour.picture": (
            "テラコッタの段が多い高さ3の塔、同数で誰も入れない×の高さ2、ドーム。"
        ),
        "towergate.tutorial.blessings.picture": "石工：駒の隣のマスに2段まとめて積んだところ。",
        "towergate.settings_card.title": "対局の設定",
        "towergate.settings_card.text": (
            "CPUの強さ（やさしい・ふつう・つよい）、あなたとCPUの加護、初期配置を選んで"
            "「対局を始める」を押します。"
        ),
    },
}

i18n.register(
    {
        lang: {
            key: text
            for key, text in table.items()
            if not (i18n.has_text(key, "en") or i18n.has_text(key, "ja"))
        }
        for lang, table in WIDGET_TEXTS.items()
    },
    plurals={"towergate.coach.summary": "depth"},
)
