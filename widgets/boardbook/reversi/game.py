"""Reversi as a match plays it: the ``GameSpec`` hooks (docs/RULES.md, "Play page behaviour").

Passes are forced moves (played by the match and announced); illegal clicks are answered by
the engine's error code (``reversi.err.<code>``); flips are listed nearest-first; the result
carries a one-line 勝因 computed from the game; the first X-square played next to an empty
corner shows a one-time tip (a flag in the stats store). No widget import here.
"""

from __future__ import annotations

import random
from collections.abc import Generator, Mapping, Sequence

from ..core import i18n
from ..core.coach import Advice, Hint, ReviewPoint, Thinking
from ..core.game import ForbiddenMoveError, Outcome
from ..core.hooks import CoachHooks, PositionTextHooks, TranscriptHooks
from ..core.spec import Flags, Forced, GameSpec, Marks, Msg, Setting, View, read_position
from . import texts as _texts  # noqa: F401 - registers Reversi's texts
from .ai import LEVELS, Analysis, Progress, analyse_steps, search_steps
from .rules import (
    PASS,
    Move,
    Position,
    Termination,
    parse_move,
    parse_transcript,
    square_name,
    to_transcript,
)

__all__ = ["CORNERS", "X_SQUARES", "ReversiGame", "why_reason"]

#: X-squares and the corner each one gives away.
X_SQUARES = {"b2": "a1", "g2": "h1", "b7": "a8", "g7": "h8"}
CORNERS = ("a1", "h1", "a8", "h8")
EDGE_SQUARES = tuple(square_name(i) for i in range(64) if i // 8 in (0, 7) or i % 8 in (0, 7))
X_HINT_FLAG = "reversi.x_square_hint_shown"
#: How many final moves the 勝因 line looks at for mobility and late swings.
LATE_PLIES = 20
COORDS = tuple(square_name(i) for i in range(64))

SHOW_DOTS = Setting("show_dots", True, doc="mark the legal squares with dots")
SHOW_COORDS = Setting("show_coords", False, doc="show a-h and 1-8 beside the board")


class ReversiGame(
    GameSpec[Position, Move],
    CoachHooks[Position, Move, Analysis],
    PositionTextHooks[Position],
    TranscriptHooks[Move],
):
    """Reversi on an 8×8 board; ``position`` starts every game from it (puzzles, lessons)."""

    name = "reversi"
    title = "Reversi"
    sides = ("black", "white")
    levels = LEVELS
    default_level = "strong"
    settings = (SHOW_DOTS, SHOW_COORDS)

    def __init__(
        self, *, position: Position | str | None = None, moves: str | Sequence[str] | None = None
    ):
        """``position``: a ``Position`` or its text form ``"<64 squares> X"`` (default: the
        standard start). ``moves``: a transcript (``"f5d6c3"``) played from it before you
        play on (a loaded game, not recorded)."""
        self.setup = read_position(position, Position, "reversi") or Position.start()
        self.initial_moves: list[Move] = (
            [] if moves is None else parse_transcript(moves, start=self.setup)
        )

    def start(self, settings: Mapping[str, object]) -> Position:
        return self.setup

    def search(
        self, position: Position, level: str, *, side: str, rng: random.Random, time_budget: float
    ) -> Generator[object, None, Move | str]:
        return (yield from search_steps(position, level, rng=rng, time_budget=time_budget))

    def parse(self, position: Position, move: object) -> Move:
        parsed = parse_move(move)  # refuses anything but notation and Moves
        if parsed.is_pass and position.legal_moves() != [PASS]:
            # A pass is the match's to play, never a person's choice.
            raise ForbiddenMoveError(
                str(move),
                f"{position.to_move} has legal moves",
                code="has_moves",
                details={"side": position.to_move},
            )
        position.play(parsed)
        return parsed

    def forced(self, position: Position) -> Forced[Move] | None:
        if position.legal_moves() != [PASS]:
            return None
        side = {"side": position.to_move}
        return Forced(
            PASS, Msg("reversi.pass_card", side, ("side",)), Msg("reversi.passed", side, ("side",))
        )

    def marks(self, before: Position, move: Move, after: Position) -> Marks:
        if move.is_pass:
            return Marks(())
        return Marks((str(move),), {"flips": before.flips(move)})

    def counts(self, position: Position) -> dict[str, int]:
        return position.counts

    def transcript(self, moves: Sequence[Move]) -> str:
        return to_transcript(moves)

    def step_name(self, position: Position, selection: tuple[str, ...]) -> str:
        return "place"

    def board(self, view: View[Position]) -> dict[str, object]:
        # The aria names only what is on a square; the kit adds the words for its marks.
        empty = i18n.text("empty", view.lang)
        squares = [
            {
                "id": name,
                "piece": cell or None,
                "aria": f"{name}, {view.side(cell) if cell else empty}",
            }
            for name, cell in zip(COORDS, view.shown.cells())
        ]
        return {"kind": "grid", "rows": 8, "cols": 8, "coords": list(COORDS), "squares": squares}

    def move_words(self, before: Position, move: Move, lang: str) -> str:
        """A square reads as itself ("d3"); a pass is said in the widget's language."""
        return i18n.text("reversi.pass", lang) if move.is_pass else str(move)

    def extra(self, view: View[Position]) -> dict[str, object]:
        return {"transcript": "".join(m for m in view.history if m != "pass")}

    def labels(self, lang: str) -> dict[str, str]:
        legal = i18n.text("reversi.legal", lang)
        return {
            "dots": i18n.text("reversi.dots", lang),
            "legal": legal,
            "target": legal,
        }

    def result_detail(self, position: Position, outcome: Outcome, lang: str) -> str:
        fmt: dict[str, object] = {}
        if outcome.termination == Termination.WIPED_OUT:
            loser = "white" if outcome.winner == "black" else "black"
            fmt["side"] = self.side_label(loser, lang)
        elif outcome.termination == Termination.NO_LEGAL_MOVES:
            fmt["empties"] = position.empties
        reason = i18n.text(f"reversi.termination.{outcome.termination}", lang, **fmt)
        counts = position.counts
        return i18n.text(
            "reversi.detail", lang, black=counts["black"], white=counts["white"], reason=reason
        )

    def result_why(self, positions: Sequence[Position], moves: Sequence[Move], lang: str) -> str:
        key, fmt, side_fields = why_reason(positions, moves)
        for name in side_fields:
            fmt[name] = self.side_label(str(fmt[name]), lang)
        return i18n.text(key, lang, **fmt)

    # ---- records
    def position_text(self, position: Position) -> str:
        return position.to_text()

    def read_transcript(self, text: str) -> list[Move]:
        return list(parse_transcript(text, start=self.setup))

    def opening(self) -> Sequence[Move]:
        return self.initial_moves

    # ---- the coach
    coach_range = 8.0  # discs: an even opening does not look like a swing

    def coach_steps(
        self, position: Position, *, time_budget: float
    ) -> Generator[Analysis | None, None, Analysis] | None:
        if position.outcome is not None:
            return None
        return analyse_steps(position, time_budget=time_budget)

    def coach_advice(self, view: View[Position], analysis: Analysis) -> Advice:
        lang, position = view.lang, view.position
        top = max(analysis.values.values())
        gives = _corners_given(position)
        how = (
            i18n.text("reversi.coach.exact", lang)
            if analysis.exact
            else i18n.text("reversi.coach.estimate", lang, depth=analysis.depth)
        )
        hints: dict[str, Hint] = {}
        for move, value in analysis.values.items():
            best = move in analysis.best
            # Weak: far below the best, or (proven) throwing away a win or a draw.
            thrown = analysis.exact and top >= 0 > value
            better = analysis.better_move(move)  # like with like, as in the review
            far_below = better is not None and better[1] >= 6
            tone = "best" if best else "bad" if far_below or thrown else "good"
            key = "reversi.coach.reason_best" if best else "reversi.coach.reason"
            reason = i18n.text(key, lang, value=signed(value), how=how, top=signed(top))
            corner = gives.get(move)
            if corner:
                opponent = view.side("white" if position.to_move == "black" else "black")
                extra = i18n.text("reversi.coach.gives_corner", lang, side=opponent, corner=corner)
                reason = f"{reason} {extra}"
            hints[move] = Hint(signed(value), tone, best, reason)
        summary = i18n.text(
            "reversi.coach.summary",
            lang,
            moves=", ".join(analysis.best),
            value=signed(top),
            how=how,
        )
        return Advice(hints, analysis.depth, analysis.exact, summary)

    def coach_review(
        self, before: Position, move: Move, after: Position, analysis: Analysis
    ) -> ReviewPoint:
        """Like with like (``Analysis.better_move``): a loss is exact minus exact (or a proven
        gap between bounds) or estimate minus estimate, and a better move is named only when
        the analysis shows it better that way."""
        sign = 1 if before.to_move == "black" else -1
        top = max(analysis.values.values())
        played = analysis.values.get(str(move), top)
        better = analysis.better_move(str(move))
        loss = better[1] if better is not None else 0.0
        text: Msg | None = None
        corner = _corners_given(before).get(str(move)) if not move.is_pass else None
        # Whose move it was, in every turning point: "White played b2 and gave up the a1 corner".
        who = {"side": before.to_move, "move": str(move)}
        if corner and loss >= 2:
            text = Msg("reversi.coach.gave_corner", {**who, "corner": corner}, ("side",))
        elif better is not None and better[0] in CORNERS and str(move) not in CORNERS and loss >= 2:
            text = Msg("reversi.coach.missed_corner", {**who, "corner": better[0]}, ("side",))
        elif better is not None and loss >= 4:
            key = "reversi.coach.lost"  # estimate minus estimate
            if analysis.known(better[0]):  # a proven gap: exact, or at least this much
                pair = [analysis.bounds[m] for m in (str(move), better[0])]
                solved = analysis.exact or all(low == high for low, high in pair)
                key = "reversi.coach.lost_exact" if solved else "reversi.coach.lost_at_least"
            text = Msg(key, {**who, "n": round(loss), "best": better[0]}, ("side",))
        return ReviewPoint(sign * top, sign * played, loss, text)

    def coach_final(self, position: Position) -> float | None:
        counts = position.counts
        return float(counts["black"] - counts["white"])

    def coach_unit(self, lang: str) -> str:
        return i18n.text("reversi.coach.unit", lang)

    def coach_thinking(self, position: Position, progress: object, lang: str) -> Thinking | None:
        if not isinstance(progress, Progress):
            return None
        side = self.side_label(position.to_move or "black", lang)
        key = "reversi.coach.thinking_exact" if progress.exact else "reversi.coach.thinking"
        text = i18n.text(
            key,
            lang,
            depth=progress.depth,
            line=" ".join(progress.pv),
            value=signed(progress.score),
            side=side,
        )
        return Thinking(progress.depth, progress.pv, text)

    def hint(self, before: Position, move: Move, flags: Flags) -> Msg | None:
        corner = X_SQUARES.get(str(move))
        if corner is None or before.piece_at(corner) or flags.get(X_HINT_FLAG):
            return None
        flags.set(X_HINT_FLAG, True)
        return Msg("reversi.x_hint", {"square": str(move), "corner": corner})


def signed(value: float) -> str:
    """A disc difference as the coach shows it: "+4", "−2" (a true minus sign), "0"."""
    n = round(value)
    return f"+{n}" if n > 0 else f"\u2212{-n}" if n < 0 else "0"


def _corners_given(position: Position) -> dict[str, str]:
    """Moves of the side to move after which the opponent may take a corner it could not take
    before: move -> that corner (the first such, a1 h1 a8 h8 order)."""
    opponent = "white" if position.to_move == "black" else "black"
    before = Position(position.black, position.white, opponent)
    open_before = {str(m) for m in before.legal_moves()} & set(CORNERS)
    given: dict[str, str] = {}
    for move in position.legal_moves():
        if move.is_pass:
            continue
        after = position.play(move)
        if after.to_move != opponent:
            continue
        now = {str(m) for m in after.legal_moves()}
        for corner in CORNERS:
            if corner in now and corner not in open_before:
                given[str(move)] = corner
                break
    return given


def why_reason(
    positions: Sequence[Position], moves: Sequence[Move]
) -> tuple[str, dict[str, object], tuple[str, ...]]:
    """The strongest reason the winner won, computed from the game: (text key, fields, side fields).

    Looked at, strongest first: a wipe-out; passes forced on the loser; corners (which never
    flip); mobility over the last moves; a late comeback; edges; else the plain disc margin.
    """
    final = positions[-1]
    outcome = final.outcome
    if outcome is None:
        raise ValueError("the game is not over")
    counts = final.counts
    if outcome.winner is None:
        return "reversi.why.draw", {"n": counts["black"]}, ()
    winner = outcome.winner
    loser = "white" if winner == "black" else "black"
    sides = ("winner", "loser")
    base: dict[str, object] = {"winner": winner, "loser": loser}
    if outcome.termination == Termination.WIPED_OUT:
        return "reversi.why.wipeout", base, sides

    forced_passes = sum(
        1 for before, move in zip(positions, moves) if move.is_pass and before.to_move == loser
    )
    cells = final.cells()
    index = {square_name(i): i for i in range(64)}
    corners = {side: sum(cells[index[c]] == side for c in CORNERS) for side in (winner, loser)}
    edges = {side: sum(cells[index[e]] == side for e in EDGE_SQUARES) for side in (winner, loser)}

    late = positions[max(0, len(positions) - 1 - LATE_PLIES) : -1]
    mobility: dict[str, list[int]] = {winner: [], loser: []}
    for position in late:
        mobility[position.to_move].append(sum(1 for m in position.legal_moves() if not m.is_pass))
    avg = {side: (sum(v) / len(v) if v else 0.0) for side, v in mobility.items()}
    swing_from = positions[max(0, len(positions) - 1 - LATE_PLIES)].counts

    times = {1: "once", 2: "twice"}.get(forced_passes, f"{forced_passes} times")
    if forced_passes >= 2:
        return "reversi.why.passes", {**base, "n": forced_passes, "times": times}, sides
    if corners[winner] - corners[loser] >= 2:
        return "reversi.why.corners", {**base, "w": corners[winner], "l": corners[loser]}, sides
    if (
        mobility[winner]
        and mobility[loser]
        and avg[winner] >= 1.5 * avg[loser]
        and avg[winner] - avg[loser] >= 2
    ):
        return (
            "reversi.why.mobility",
            {**base, "plies": len(late), "w": avg[winner], "l": avg[loser]},
            sides,
        )
    if swing_from[loser] - swing_from[winner] >= 4 and len(positions) - 1 > LATE_PLIES:
        return (
            "reversi.why.final_swing",
            {
                **base,
                "plies": LATE_PLIES,
                "before_w": swing_from[winner],
                "before_l": swing_from[loser],
            },
            sides,
        )
    if forced_passes == 1:
        return "reversi.why.passes", {**base, "n": 1, "times": times}, sides
    if corners[winner] > corners[loser]:
        return "reversi.why.corners", {**base, "w": corners[winner], "l": corners[loser]}, sides
    if edges[winner] - edges[loser] >= 4:
        return "reversi.why.edges", {**base, "w": edges[winner], "l": edges[loser]}, sides
    return "reversi.why.margin", {**base, "w": counts[winner], "l": counts[loser]}, sides
