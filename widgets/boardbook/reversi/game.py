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
from ..core.game import ForbiddenMoveError, Outcome
from ..core.spec import Flags, Forced, GameSpec, Marks, Msg, Setting, View
from . import texts as _texts  # noqa: F401 - registers Reversi's texts
from .ai import LEVELS, search_steps
from .rules import PASS, Move, Position, parse_move, square_name, to_transcript

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


class ReversiGame(GameSpec[Position, Move]):
    """Reversi on an 8×8 board; ``position`` starts every game from it (puzzles, lessons)."""

    name = "reversi"
    title = "Reversi"
    sides = ("black", "white")
    levels = LEVELS
    default_level = "strong"
    settings = (SHOW_DOTS, SHOW_COORDS)

    def __init__(self, *, position: Position | str | None = None):
        """``position``: a ``Position`` or its text form ``"<64 squares> X"`` (default: the
        standard start)."""
        if position is None:
            self.setup = Position.start()
        elif isinstance(position, Position):
            self.setup = position
        elif isinstance(position, str):
            self.setup = Position.from_text(position)  # raises ValueError naming the problem
        else:
            raise TypeError(
                f"position must be a boardbook.reversi.Position or its text form, "
                f"got {type(position).__name__}"
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

    def extra(self, view: View[Position]) -> dict[str, object]:
        return {"transcript": "".join(m for m in view.history if m != "pass")}

    def labels(self, lang: str) -> dict[str, str]:
        legal = i18n.text("reversi.legal", lang)
        return {"dots": i18n.text("reversi.dots", lang), "legal": legal, "target": legal}

    def result_detail(self, position: Position, outcome: Outcome, lang: str) -> str:
        fmt: dict[str, object] = {}
        if outcome.termination == "wiped_out":
            loser = "white" if outcome.winner == "black" else "black"
            fmt["side"] = self.side_label(loser, lang)
        elif outcome.termination == "no_legal_moves":
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

    def hint(self, before: Position, move: Move, flags: Flags) -> Msg | None:
        corner = X_SQUARES.get(str(move))
        if corner is None or before.piece_at(corner) or flags.get(X_HINT_FLAG):
            return None
        flags.set(X_HINT_FLAG, True)
        return Msg("reversi.x_hint", {"square": str(move), "corner": corner})


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
    if outcome.termination == "wiped_out":
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
