"""``Reversi``: the clickable Reversi board (RULES.md, "Play page behaviour").

``Reversi()`` is two players on one device with the game already running;
``Reversi(mode="cpu", level="strong", human="black")`` plays the CPU (``human`` may be
``"alternate"``: the human takes black in odd games, white in even ones). The engine lives in
``rules``/``ai``; this module only maps it onto ``core.widget.GameWidget``'s hooks:
passes are played automatically and announced, illegal clicks answered with the seed's message,
flips listed nearest-first, the result carries a one-line 勝因 computed from the game, and the
first X-square played next to an empty corner shows a one-time hint (a flag in the stats store).
"""

from __future__ import annotations

from typing import Any

from ..core import i18n
from ..core.game import IllegalMoveError, Outcome
from ..core.widget import GameWidget, Msg, Rejected, _short, front_end
from . import texts as _texts  # noqa: F401 - registers Reversi's texts
from .rules import PASS, Move, Position, parse_move, parse_square, square_name, to_transcript

#: X-squares and the corner each one gives away.
X_SQUARES = {"b2": "a1", "g2": "h1", "b7": "a8", "g7": "h8"}
CORNERS = ("a1", "h1", "a8", "h8")
EDGE_SQUARES = tuple(square_name(i) for i in range(64) if i // 8 in (0, 7) or i % 8 in (0, 7))
X_HINT_FLAG = "reversi.x_square_hint_shown"
#: How many final moves the 勝因 line looks at for mobility and late swings.
LATE_PLIES = 20


class Reversi(GameWidget):
    """Reversi on an 8×8 board, two players on one device or against the CPU."""

    _esm, _css = front_end("reversi", "Reversi")

    game = "reversi"
    sides = ("black", "white")
    levels = ("beginner", "corner", "strong")
    default_level = "strong"
    rows = 8
    cols = 8

    def __init__(self, *, position: Position | str | None = None, **kwargs: Any):
        """``position``: start every game of this board from it (a ``Position`` or its text
        form ``"<64 squares> X"``) instead of the standard start, for puzzles and lessons."""
        if position is None:
            self._setup = Position.start()
        elif isinstance(position, Position):
            self._setup = position
        elif isinstance(position, str):
            self._setup = Position.from_text(position)  # raises ValueError naming the problem
        else:
            raise TypeError(
                f"position must be a boardbook.reversi.Position or its text form, "
                f"got {type(position).__name__}"
            )
        super().__init__(**kwargs)

    # ---- board
    def _start_position(self) -> Position:
        return self._setup

    def _coords(self) -> list[str]:
        return [square_name(i) for i in range(64)]

    def _cells(self, position: Position) -> list[str]:
        return position.cells()

    def _legal_targets(self, position: Position) -> list[str]:
        return [str(m) for m in position.legal_moves() if not m.is_pass]

    def _side_counts(self, position: Position) -> dict[str, int]:
        return position.counts

    def _transcript(self, moves: list[Any]) -> str:
        return to_transcript(moves)

    def _extra_state(self, shown: Position) -> dict[str, Any]:
        return {"transcript": to_transcript(self._moves)}

    # ---- moves
    def _target_to_move(self, position: Position, target: str) -> Move:
        try:
            square = parse_square(target)
        except IllegalMoveError:
            raise Rejected(Msg("err.bad_square", {"square": _short(target)})) from None
        if position.cells()[square]:
            raise Rejected(Msg("reversi.occupied"))
        move = Move(square)
        if not position.is_legal(move):
            raise Rejected(Msg("reversi.illegal"))
        return move

    def _api_move(self, position: Position, move: Any) -> Move:
        parsed = parse_move(move)
        if parsed.is_pass:
            # Passes are played by the widget itself; one is never the human's to choose.
            raise IllegalMoveError(str(move), f"{position.to_move} has legal moves")
        position.play(parsed)
        return parsed

    def _cpu_move(self, position: Position, move: Any) -> Move:
        parsed = parse_move(move)
        position.play(parsed)
        return parsed

    def _illegal_message(self, position: Position, move: Any, error: IllegalMoveError) -> Msg:
        if "occupied" in error.reason:
            return Msg("reversi.occupied")
        if "bracket" in error.reason:
            return Msg("reversi.illegal")
        if (
            "not a square" in error.reason
            or "written like" in error.reason
            or "range" in error.reason
        ):
            return Msg("err.bad_square", {"square": _short(move)})
        return Msg("err.illegal_move", {"move": _short(move), "reason": error.reason})

    def _forced_move(self, position: Position) -> tuple[Move, Msg, Msg] | None:
        if position.legal_moves() != [PASS]:
            return None
        side = {"side": position.to_move}
        return (
            PASS,
            Msg("reversi.pass_card", side, ("side",)),
            Msg("reversi.passed", side, ("side",)),
        )

    def _cpu_steps(self, position: Position, level: str) -> Any:
        from .ai import search_steps

        return search_steps(position, level, rng=self._rng, time_budget=self.think_time)

    def _describe_move(self, before: Position, move: Move, after: Position) -> dict[str, Any]:
        if move.is_pass:
            return {"square": None, "pass": True, "side": before.to_move, "flips": []}
        return {"square": str(move), "side": before.to_move, "flips": before.flips(move)}

    def _after_human_move(self, before: Position, move: Move) -> Msg | None:
        corner = X_SQUARES.get(str(move))
        if corner is None or before.piece_at(corner) or self._get_flag(X_HINT_FLAG):
            return None
        self._set_flag(X_HINT_FLAG, True)
        return Msg("reversi.x_hint", {"square": str(move), "corner": corner})

    # ---- result
    def _result_detail(self, position: Position, outcome: Outcome, lang: str) -> str:
        fmt: dict[str, Any] = {}
        if outcome.reason == "wiped out":
            fmt["side"] = self._side_label(self._other(outcome.winner or "black"), lang)
        elif outcome.reason == "no legal moves":
            fmt["empties"] = position.empties
        reason = i18n.text(f"reversi.reason.{outcome.reason}", lang, **fmt)
        counts = position.counts
        return i18n.text(
            "reversi.detail", lang, black=counts["black"], white=counts["white"], reason=reason
        )

    def _result_why(self, positions: list[Position], moves: list[Move], lang: str) -> str:
        key, fmt, side_fields = why_reason(positions, moves)
        for name in side_fields:
            fmt[name] = self._side_label(fmt[name], lang)
        return i18n.text(key, lang, **fmt)


def why_reason(
    positions: list[Position], moves: list[Move]
) -> tuple[str, dict[str, Any], tuple[str, ...]]:
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
    base = {"winner": winner, "loser": loser}
    if outcome.reason == "wiped out":
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
