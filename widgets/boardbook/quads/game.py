"""Quads as a match plays it: the ``GameSpec`` hooks (docs/RULES.md, "Quads").

A turn is one engine move built from two inputs: the square for the piece you were given, then
the piece you give (``piece:N`` from the tray); the opening give is one input, and a placement
that wins or fills the board is one input too (the engine's steps are prefix-free, so the match
plays the move as soon as the inputs name it). Between the two inputs the chosen square shows
the held piece, so the board a player gives from is the board that will be.

The prompt always names the step that is due ("First player: place piece 7 (small dark round
solid)", "… give your opponent a piece"); a refused click is answered with the rule it breaks,
by the engine's error code (a give before placing, a piece already on the board, a taken
square). ``squares=False`` plays classic Quarto (the 10 lines only). No widget import here.
"""

from __future__ import annotations

import datetime as dt
import random
from collections.abc import Generator, Mapping, Sequence
from typing import ClassVar

from ..core import i18n
from ..core.coach import Advice, Hint, ReviewPoint
from ..core.daily import DailyPuzzle
from ..core.game import IllegalMoveError, Outcome
from ..core.hooks import CoachHooks, PositionTextHooks, PuzzleHooks, TranscriptHooks
from ..core.spec import GameSpec, Marks, Msg, Setting, View, read_position, short
from . import texts as _texts  # noqa: F401 - registers Quads' texts
from .ai import (
    DEFAULT_TIME_BUDGET,
    LEVELS,
    Analysis,
    GiveVerdict,
    MoveValue,
    analyse_steps,
    search_steps,
)
from .rules import (
    ATTRIBUTES,
    PIECES,
    SIDES,
    SQUARE_NAMES,
    Move,
    Position,
    Termination,
    describe_piece,
    parse_move,
)
from .texts import attribute_label, piece_label, shape_label

__all__ = ["SQUARES", "QuadsGame", "piece_fields", "piece_target", "why_reason"]

SQUARES = Setting(
    "squares",
    True,
    affects="play",
    doc="True: Quads (2×2 squares win too); False: classic Quarto (rows, columns, diagonals)",
)
PIECE_PREFIX = "piece:"
#: The coach's first, quick analysis (seconds), shown while the full one runs.
QUICK_S = 0.1


def piece_target(piece: int) -> str:
    """The tray id of a piece: ``7 -> "piece:7"`` (the input that gives it)."""
    return f"{PIECE_PREFIX}{piece}"


def _target_piece(target: str) -> int | None:
    """``"piece:7" -> 7``; None for anything else."""
    if not target.startswith(PIECE_PREFIX):
        return None
    number = target[len(PIECE_PREFIX) :]
    if not number.isdigit() or int(number) not in PIECES:
        return None
    return int(number)


def piece_fields(piece: int) -> dict[str, object]:
    """A piece as the front end draws it: its number and its four attributes as booleans."""
    large, dark, round_, solid = (bool(piece & bit) for bit, _, _ in ATTRIBUTES)
    return {"value": piece, "large": large, "dark": dark, "round": round_, "solid": solid}


def _joined(words: Sequence[str], lang: str) -> str:
    """``["a", "b"]`` -> "a and b" / "aとb"."""
    if len(words) <= 1:
        return "".join(words)
    if lang == "ja":
        return "と".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


class QuadsGame(
    GameSpec[Position, Move],
    CoachHooks[Position, Move, Analysis],
    PositionTextHooks[Position],
    TranscriptHooks[Move],
    PuzzleHooks[Position],
):
    """Quads on a 4×4 board; ``position`` starts every game from it (puzzles, lessons)."""

    name = "quads"
    title = "Quads"
    sides = SIDES
    levels = LEVELS
    default_level = "thoughtful"
    settings = (SQUARES,)
    # think_time caps each level's own budget (ai.DEFAULT_TIME_BUDGET); the default never binds.
    defaults: ClassVar[Mapping[str, str | bool | float]] = {
        "think_time": max(DEFAULT_TIME_BUDGET.values())
    }

    #: The daily puzzle's defender (core.puzzle): the strongest CPU.
    puzzle_level = "perfect"

    def daily_puzzle(self, date: dt.date | None) -> DailyPuzzle[Position]:
        """The puzzle bank's entry for ``date`` (today in Japan when None)."""
        from .puzzles import daily_puzzle  # the bank loads only when a puzzle is asked for

        return daily_puzzle(date)

    def __init__(self, *, position: Position | str | None = None):
        """``position``: a ``Position`` or its text form (default: the empty board, with the
        ``squares`` setting choosing Quads or classic Quarto)."""
        self.setup = read_position(position, Position, "quads")

    # ---- required
    def start(self, settings: Mapping[str, object]) -> Position:
        if self.setup is not None:
            return self.setup
        return Position.start(squares=bool(settings.get("squares", True)))

    def search(
        self, position: Position, level: str, *, side: str, rng: random.Random, time_budget: float
    ) -> Generator[object, None, Move | str]:
        budget = min(time_budget, DEFAULT_TIME_BUDGET[level])
        return (yield from search_steps(position, level, rng=rng, time_budget=budget))

    def board(self, view: View[Position]) -> dict[str, object]:
        lang, shown = view.lang, view.shown
        pending = self._pending(view)
        empty = i18n.text("empty", lang)
        squares = []
        for name, piece in zip(SQUARE_NAMES, shown.board):
            if piece is None and name == pending and shown.held is not None:
                squares.append(
                    {
                        "id": name,
                        "piece": piece_fields(shown.held),
                        "pending": True,
                        "aria": f"{name}, {piece_label(shown.held, lang)}",
                    }
                )
                continue
            squares.append(
                {
                    "id": name,
                    "piece": None if piece is None else piece_fields(piece),
                    "aria": f"{name}, {empty if piece is None else piece_label(piece, lang)}",
                }
            )
        return {
            "kind": "grid",
            "rows": 4,
            "cols": 4,
            "coords": list(SQUARE_NAMES),
            "squares": squares,
        }

    # ---- optional
    def parse(self, position: Position, move: object) -> Move:
        return position.check(move)  # type: ignore[arg-type]  # check() refuses non-text

    def marks(self, before: Position, move: Move, after: Position) -> Marks:
        given = [] if move.give is None else [piece_target(move.give)]
        return Marks(() if move.square is None else (move.square,), {"given": given})

    def step_name(self, position: Position, selection: tuple[str, ...]) -> str:
        if position.held is None:
            return "opening_give"
        return "give" if selection else "place"

    def tray(self, view: View[Position]) -> dict[str, object] | None:
        lang, shown = view.lang, view.shown
        pending = self._pending(view)
        on_board = set(shown.board)
        items = []
        for piece in PIECES:
            if piece in on_board or (piece == shown.held and pending):
                state = "used"
            elif piece == shown.held:
                state = "held"
            else:
                state = "available"
            items.append(
                {
                    "id": piece_target(piece),
                    "state": state,
                    "aria": piece_label(piece, lang),
                    "piece": piece_fields(piece),
                }
            )
        held = None
        if shown.held is not None and not pending and shown.outcome is None:
            held = {"label": i18n.text("quads.held", lang), "item": piece_target(shown.held)}
        return {"label": i18n.text("quads.tray", lang), "items": items, "held": held}

    def extra(self, view: View[Position]) -> dict[str, object]:
        shown = view.shown
        return {
            "squares": shown.squares,
            "shapes": len(shown.winning_shapes),
            "variant": i18n.text(
                "quads.variant.squares" if shown.squares else "quads.variant.classic", view.lang
            ),
            "held": shown.held,
            "pending": self._pending(view),
            "pieces_left": len(shown.available()),
        }

    def move_words(self, before: Position, move: Move, lang: str) -> str:
        return move_words(before, move, lang)

    def labels(self, lang: str) -> dict[str, str]:
        return {
            "squares": i18n.text("quads.squares_setting", lang),
            "tray": i18n.text("quads.tray", lang),
            "held": i18n.text("quads.held_word", lang),
            "used": i18n.text("quads.used_word", lang),
            "target": i18n.text("quads.target_word", lang),
        }

    def status(self, view: View[Position]) -> str | None:
        """The prompt of the step that is due, whenever a person's input is awaited."""
        position, lang = view.position, view.lang
        if view.reviewing or view.chooser is None or not view.targets or position.outcome:
            return None
        who = (
            i18n.text("you", lang)
            if view.human_side is not None and view.chooser == view.human_side
            else view.side(view.chooser)
        )
        if position.held is None:
            return i18n.text("quads.prompt.opening", lang, who=who)
        if view.selection:
            return i18n.text("quads.prompt.give", lang, who=who, square=view.selection[0])
        return i18n.text(
            "quads.prompt.place",
            lang,
            who=who,
            piece=position.held,
            words=piece_label(position.held, lang),
        )

    def reject(self, view: View[Position], target: str) -> Msg:
        """The rule a refused click breaks, from the engine's own check of the move it means."""
        position = view.position
        piece = _target_piece(target)
        square = target if target in SQUARE_NAMES else None
        if piece is None and square is None:
            return Msg("err.not_a_target", {"target": short(target)})
        placed = view.selection[0] if view.selection else None
        if piece is not None and piece in position.board:
            # A piece on the board is out of play whatever the step: say that, not the step.
            where = SQUARE_NAMES[position.board.index(piece)]
            return Msg("quads.err.piece_on_board", {"piece": piece, "square": where})
        try:
            if piece is not None:
                position.check(Move(placed, piece))
            else:
                position.check(Move(square, None))
        except IllegalMoveError as error:
            return self.error_message(error)
        return Msg("err.not_a_target", {"target": short(target)})

    def result_detail(self, position: Position, outcome: Outcome, lang: str) -> str:
        if outcome.termination != Termination.SHAPE_COMPLETED or outcome.winner is None:
            return i18n.text(f"quads.termination.{outcome.termination}", lang)
        shapes = [shape_label(name, lang) for name in outcome.details.get("shapes", ())]
        words = [attribute_label(w, lang) for w in outcome.details.get("attributes", ())]
        return i18n.text(
            "quads.termination.shape_completed",
            lang,
            side=self.side_label(outcome.winner, lang),
            shape=_joined(shapes, lang),
            attribute=("・" if lang == "ja" else " ").join(words),
        )

    def result_why(self, positions: Sequence[Position], moves: Sequence[Move], lang: str) -> str:
        key, fmt = why_reason(positions, moves)
        if not key:
            return ""
        if "side" in fmt:
            fmt["side"] = self.side_label(str(fmt["side"]), lang)
        if "piece" in fmt:
            fmt["words"] = piece_label(int(str(fmt["piece"])), lang)
        return i18n.text(key, lang, **fmt)

    def summary(self, position: Position, lang: str = "en") -> str:
        outcome = position.outcome
        variant = "" if position.squares else " (classic)"
        if outcome is not None:
            state = f"{self.side_label(outcome.winner, lang)} won" if outcome.winner else "draw"
        elif position.held is None:
            state = f"{self.side_label(str(position.to_move), lang)} to give the first piece"
        else:
            state = (
                f"{self.side_label(str(position.to_move), lang)} to place piece "
                f"{position.held} ({' '.join(describe_piece(position.held))})"
            )
        return f"{self.title}{variant}, {state}, {position.placed} of 16 squares filled"

    # ---- records
    def position_text(self, position: Position) -> str:
        return position.to_text()

    def read_transcript(self, text: str) -> list[Move]:
        """``":7 D2:3 A1:5"`` (as ``transcript`` writes it): the moves (the match plays them from
        the start and names the first that is not legal)."""
        moves = [parse_move(word) for word in text.split()]
        if not moves:
            raise ValueError("the transcript holds no move (write them like ':7 D2:3 A1:5')")
        return moves

    # ---- the coach: exact values where the solver reaches, else the search's estimate
    def coach_steps(
        self, position: Position, *, time_budget: float
    ) -> Generator[Analysis | None, None, Analysis] | None:
        if position.outcome is not None:
            return None
        return _refining(position, time_budget)

    def coach_advice(self, view: View[Position], analysis: Analysis) -> Advice:
        """Badges on every choice, and a summary that names the best one or two and what to
        avoid (the badges carry the rest), with the scale of the values it shows."""
        lang, position = view.lang, view.position
        if analysis.position != position:
            return Advice({})
        how = i18n.text("quads.coach.exact" if analysis.exact else "quads.coach.estimate", lang)
        hints: dict[str, Hint] = {}
        giving = not (position.held is not None and not view.selection)
        if not giving:  # where to place
            values = {sq: mv for sq, mv in analysis.squares.items() if sq in view.targets}
            top = max((_score(mv) for mv in values.values()), default=0.0)
            lost = analysis.exact and top < 0  # every placement loses: none is "best"
            for place, mv in values.items():
                best = _score(mv) == top and not lost
                hints[place] = Hint(
                    _value_badge(mv, lang), _tone(mv, best), best, _value_reason(mv, lang)
                )
        else:  # what to give (after the chosen placement, or the opening give)
            square = view.selection[0] if view.selection else None
            verdicts = analysis.gives.get(square, {})
            scored = {}
            for piece, verdict in verdicts.items():
                target = piece_target(piece)
                if target not in view.targets:
                    continue
                try:
                    mv = analysis.value_of(Move(square, piece))
                except KeyError:
                    continue
                scored[target] = (verdict, mv)
            top = max((_score(mv) for _, mv in scored.values()), default=0.0)
            for target, (verdict, mv) in scored.items():
                best = verdict.verdict == "safe" and _score(mv) == top
                hints[target] = Hint(
                    i18n.text(f"quads.coach.badge.{verdict.verdict}", lang),
                    "bad" if verdict.verdict != "safe" else "best" if best else "good",
                    best,
                    _give_reason(verdict, mv, lang),
                )
        return Advice(hints, None, analysis.exact, _summary(hints, giving, how, lang))

    def coach_review(
        self, before: Position, move: Move, after: Position, analysis: Analysis
    ) -> ReviewPoint:
        sign = 1.0 if before.to_move == self.sides[0] else -1.0
        top = max(_score(mv) for mv in analysis.moves)
        played = _score(analysis.value_of(move))
        loss = max(0.0, top - played)
        text: Msg | None = None
        if move.give is not None:
            gave = analysis.gives.get(move.square, {}).get(move.give)
            if gave is not None and gave.verdict == "loses_at_once" and loss > 0:
                reason = gave.reasons[0]
                text = Msg(
                    "quads.coach.gave_win",
                    {"move": str(move), "piece": move.give, "square": reason["square"]},
                )
        if text is None and loss >= 1:
            best = max(analysis.moves, key=_score).move
            text = Msg("quads.coach.lost", {"move": str(move), "best": str(best)})
        return ReviewPoint(sign * top, sign * played, loss, text)

    def coach_final(self, position: Position) -> float | None:
        outcome = position.outcome
        if outcome is None:
            return None
        return 0.0 if outcome.winner is None else 1.0 if outcome.winner == self.sides[0] else -1.0

    def coach_unit(self, lang: str) -> str:
        return i18n.text("quads.coach.unit", lang)

    def _pending(self, view: View[Position]) -> str | None:
        """The square chosen for the held piece in the move being built (live position only)."""
        if view.reviewing or not view.selection or view.position.held is None:
            return None
        first = view.selection[0]
        return first if first in SQUARE_NAMES else None


def move_words(before: Position, move: Move, lang: str) -> str:
    """A turn as a player reads it: "gives piece 7", then "piece 7 on D2, gives piece 3" (the
    piece placed is the one held before it); the notation stays for the record."""
    parts = []
    if move.square is not None:
        parts.append(i18n.text("quads.words.place", lang, piece=before.held, square=move.square))
    if move.give is not None:
        parts.append(i18n.text("quads.words.give", lang, piece=move.give))
    return ("、" if lang == "ja" else ", ").join(parts)


def _refining(position: Position, time_budget: float) -> Generator[Analysis | None, None, Analysis]:
    """A quick analysis first (shown at once), then the one that uses the whole budget."""
    quick = yield from analyse_steps(position, time_budget=min(QUICK_S, time_budget))
    if quick.exact:
        return quick
    yield quick
    return (yield from analyse_steps(position, time_budget=time_budget))


def _score(mv: MoveValue) -> float:
    """A move's value for its mover on one scale: exact +1/0/-1, an estimate inside (-1, 1)."""
    if mv.exact:
        return float(mv.value)
    return max(-0.9, min(0.9, mv.estimate / 20))


def _tone(mv: MoveValue, best: bool) -> str:
    if best:
        return "best"
    return "bad" if _score(mv) < 0 else "good"


def _value_badge(mv: MoveValue, lang: str) -> str:
    """An exact result in words; an estimate on the review graph's scale (+1 a win, −1 a
    loss: "+0.25"), never the search's raw score."""
    if mv.exact:
        word = {1: "win", 0: "draw", -1: "loss"}[mv.value]
        return i18n.text(f"quads.coach.badge.{word}", lang)
    value = round(_score(mv), 2)
    return "0" if value == 0 else f"{value:+.2f}".replace("-", "\u2212")


#: How many choices a summary names before "and N more" (the badges carry the rest).
_NAMED = 2


def _names(targets: Sequence[str], lang: str, long: bool) -> str:
    """The first choices by name ("B2", "piece 3 (small light round solid)"), then how many
    more."""

    def name(target: str) -> str:
        piece = _target_piece(target)
        if piece is None:
            return target
        if not long:
            return i18n.text("quads.piece_short", lang, piece=piece)
        return i18n.text("quads.piece_numbered", lang, piece=piece, words=piece_label(piece, lang))

    shown = ("、" if lang == "ja" else ", ").join(name(t) for t in targets[:_NAMED])
    rest = len(targets) - _NAMED
    return i18n.text("quads.coach.more", lang, moves=shown, n=rest) if rest > 0 else shown


def _summary(hints: Mapping[str, Hint], giving: bool, how: str, lang: str) -> str:
    """The coach's line: the best one or two (or that every choice is as good), what to
    avoid, and the scale of any number on the badges."""
    best = [t for t, hint in hints.items() if hint.best]
    avoid = [t for t, hint in hints.items() if hint.tone == "bad"]
    if not best:
        text = i18n.text("quads.coach.all_lose", lang, how=how)
    elif len(best) == len(hints):
        key = "quads.coach.all_safe" if giving else "quads.coach.all_equal"
        text = i18n.text(key, lang, how=how)
    else:
        text = i18n.text("quads.coach.summary", lang, moves=_names(best, lang, True), how=how)
    if best and avoid:
        key = "quads.coach.avoid_give" if giving else "quads.coach.avoid_place"
        text += i18n.text(key, lang, moves=_names(avoid, lang, False))
    if any(_is_number(hint.text) for hint in hints.values()):
        text += i18n.text("quads.coach.scale", lang)
    return text


def _is_number(badge: str) -> bool:
    return badge == "0" or badge[:1] in ("+", "\u2212")


def _value_reason(mv: MoveValue, lang: str) -> str:
    if not mv.exact:
        return i18n.text("quads.coach.reason_estimate", lang, value=_value_badge(mv, lang))
    word = {1: "win", 0: "draw", -1: "loss"}[mv.value]
    return i18n.text(f"quads.coach.reason_{word}", lang)


def _give_reason(verdict: GiveVerdict, mv: MoveValue, lang: str) -> str:
    if verdict.verdict == "loses_at_once" and verdict.reasons:
        r = verdict.reasons[0]
        return i18n.text(
            "quads.coach.reason_at_once",
            lang,
            square=r["square"],
            shape=shape_label(r["shape"], lang),
            attribute=attribute_label(r["attribute"], lang),
        )
    if verdict.verdict == "loses_by_force":
        return i18n.text("quads.coach.reason_by_force", lang)
    return _value_reason(mv, lang) if mv.exact else i18n.text("quads.coach.reason_safe", lang)


def why_reason(
    positions: Sequence[Position], moves: Sequence[Move]
) -> tuple[str, dict[str, object]]:
    """Why a won game was lost, from its last give: (text key, fields), or ("", {}) for a draw.

    The loser's last move gave the winning piece. If every piece it could have given wins at
    once, the loss was forced at that give (the end of Quads is about the last safe give);
    otherwise it gave away a win while a safe piece remained.
    """
    final = positions[-1]
    outcome = final.outcome
    if outcome is None:
        raise ValueError("the game is not over")
    if outcome.winner is None or len(moves) < 2:
        return "", {}
    before, give_move = positions[-3], moves[-2]
    loser = before.to_move
    if give_move.give is None or loser is None:
        return "", {}
    placed = before.play(Move(give_move.square, give_move.give))
    choices = (*placed.available(), give_move.give)
    safe = [p for p in choices if not placed.winning_squares(p)]
    if not safe:
        return "quads.why.no_safe", {"side": loser, "n": len(choices)}
    return "quads.why.blunder", {"side": loser, "piece": give_move.give, "safe": len(safe)}
