"""Beacon Lines as a match plays it: the ``GameSpec`` hooks (docs/RULES.md, Beacon Lines).

Both sides choose at once: a round is one hidden input per side (``Move.steps`` is
``(red, blue)``), which the match models as a *hidden* game, so this module only says what the
board looks like and how the game talks:

* versus the CPU, the CPU locks in its target first (never in ``state``), then the human
  chooses; the CPU only ever sees the round-start position;
* two players choose in turn, Red then Blue, each while the other's choice stays hidden;
* undo takes back the last whole round (and any locked-in choice); the CPU then chooses afresh;
* ``rules`` ("v1"/"v0") is a setting like ``mode``: changing it restarts the game uncounted.
"""

from __future__ import annotations

import random
from collections.abc import Generator, Mapping, Sequence
from typing import ClassVar

from ..core import i18n
from ..core.coach import Advice, Hint, ReviewPoint
from ..core.game import ForbiddenMoveError, MalformedMoveError, Outcome
from ..core.hooks import CoachHooks, TranscriptHooks
from ..core.spec import CPU, GameSpec, Marks, Msg, Setting, View
from . import ai
from . import texts as _texts  # noqa: F401 - registers Beacon Lines' texts
from .layout import BRIDGES, HEIGHT, NODE_H, NODE_W, ROADS, WIDTH, region_geometry
from .rules import (
    BEACON,
    BEACON_POINTS,
    BLUE,
    EDGES,
    HOMES,
    MAX_ROUNDS,
    OBJECTIVES,
    RED,
    REGIONS,
    RULE_SETS,
    TARGETS,
    Move,
    Position,
    RoundRecord,
    region_name,
)

__all__ = ["RULES", "BeaconGame"]


def _result(value: float, lang: str) -> str:
    """An expected result (+1 win, 0 draw, −1 loss) in words."""
    if value >= 1 - 1e-9:
        return i18n.text("beacon.coach.wins", lang)
    if value <= -1 + 1e-9:
        return i18n.text("beacon.coach.loses", lang)
    if abs(value) < 1e-9:
        return i18n.text("beacon.coach.draws", lang)
    return i18n.text("beacon.coach.expects", lang, value=f"{value:+.2f}".replace("-", "\u2212"))


RULES = Setting("rules", "v1", RULE_SETS, "play", doc="v1: the Beacon scores 2 points, v0: 1")


class BeaconGame(
    GameSpec[Position, Move], CoachHooks[Position, Move, ai.Node], TranscriptHooks[Move]
):
    """Beacon Lines on its 7-region map; ``seed`` makes the CPU's random choices repeatable."""

    name = "beacon"
    title = "Beacon Lines"
    sides = (RED, BLUE)
    levels = ai.LEVELS
    default_level = "equilibrium"
    hidden = True
    settings = (RULES,)
    defaults: ClassVar[Mapping[str, str | bool | float]] = {"mode": CPU}
    aliases: ClassVar[Mapping[str, str]] = {"opponent": "level"}
    cpu_reply_delay_s = 0.05

    def __init__(self, *, seed: int | None = None):
        """``seed``: makes the CPU's random choices repeatable (default: unseeded)."""
        self.rng = random.Random(seed)

    def start(self, settings: Mapping[str, object]) -> Position:
        return Position.start(str(settings.get("rules", "v1")))

    def search(
        self, position: Position, level: str, *, side: str, rng: random.Random, time_budget: float
    ) -> Generator[object, None, Move | str]:
        # The seeded generator of this game, so BeaconLines(seed=...) repeats its choices.
        return (
            yield from ai.search_steps(
                position, level, side=side, rng=self.rng, time_budget=time_budget
            )
        )

    def parse(self, position: Position, move: object) -> Move:
        parsed = Move.parse(move)
        position.play(parsed)  # raises the typed error naming the rule
        return parsed

    def api_inputs(self, position: Position, move: object, view: View[Position]) -> tuple[str, ...]:
        """``w.play("Beacon")`` locks in the choosing side's target; in two-player mode with no
        choice locked in, ``w.play("North Pass/South Pass")`` plays a whole round."""
        whole = isinstance(move, Move | tuple | list) or (isinstance(move, str) and "/" in move)
        if whole:
            if view.mode == CPU:
                raise ForbiddenMoveError(
                    move, "against the CPU, play only your own target", code="cpu_plays_itself"
                )
            if view.chosen:
                raise ForbiddenMoveError(
                    move,
                    f"{view.chosen[0]} has already chosen this round; give only the other target",
                    code="already_chosen",
                )
            return self.parse(position, move).steps
        side = view.chooser
        assert side is not None  # the match checked that a person may choose now
        return (self._check_target(position, side, move),)

    def _check_target(self, position: Position, side: str, text: object) -> str:
        try:
            name = region_name(text)  # checks the type too
        except ValueError as error:
            raise MalformedMoveError(text, str(error)) from None
        if name in HOMES.values():
            raise ForbiddenMoveError(
                name, f"{name} is a Home", code="home", details={"side": side, "region": name}
            )
        if name not in position.legal_targets(side):
            raise ForbiddenMoveError(
                name,
                f"{name} is not adjacent to a region {side} controls",
                code="not_adjacent",
                details={"side": side, "region": name},
            )
        return name

    def reject(self, view: View[Position], target: str) -> Msg:
        try:
            self._check_target(view.position, view.chooser or RED, target)
        except (MalformedMoveError, ForbiddenMoveError) as error:
            return self.error_message(error)
        return Msg("err.not_a_target", {"target": target})

    def marks(self, before: Position, move: Move, after: Position) -> Marks:
        return Marks((move.red, move.blue), {RED: [move.red], BLUE: [move.blue]})

    def counts(self, position: Position) -> dict[str, int]:
        return position.scores

    def transcript(self, moves: Sequence[Move]) -> str:
        return "; ".join(str(m) for m in moves)

    def step_name(self, position: Position, selection: tuple[str, ...]) -> str:
        return "choose"

    # ---- texts
    def status(self, view: View[Position]) -> str | None:
        lang, position = view.lang, view.position
        if view.review_ply is not None:
            total = len(view.history)
            if view.review_ply == 0:
                return i18n.text("beacon.status.review_start", lang, total=total)
            return i18n.text("beacon.status.reviewing", lang, ply=view.review_ply, total=total)
        if position.outcome is not None:
            return None
        number = position.round + 1
        if view.busy:
            cpu = BLUE if view.human_side == RED else RED
            return i18n.text("beacon.status.cpu_choosing", lang, side=view.side(cpu))
        side = view.chooser
        if side is None:  # pragma: no cover - the CPU is busy whenever no person chooses
            return ""
        if view.mode == CPU:
            return i18n.text("beacon.status.your_choice", lang, round=number, side=view.side(side))
        if view.chosen:
            first = view.chosen[0]
            return i18n.text(
                "beacon.status.choose_second",
                lang,
                round=number,
                first=view.side(first),
                side=view.side(side),
            )
        return i18n.text("beacon.status.choose", lang, round=number, side=view.side(side))

    def labels(self, lang: str) -> dict[str, str]:
        return {
            "level": i18n.text("beacon.opponent", lang),
            "rules": i18n.text("beacon.rules", lang),
            "undo": i18n.text("beacon.undo", lang),
            "undo_continue": i18n.text("beacon.undo", lang),
            "restart": i18n.text("beacon.restart", lang),
            "prev": i18n.text("beacon.prev", lang),
            "next": i18n.text("beacon.next", lang),
        }

    def result_detail(self, position: Position, outcome: Outcome, lang: str) -> str:
        scores = position.scores
        fmt: dict[str, object] = dict(outcome.details)
        if outcome.winner is not None:
            fmt["side"] = self.side_label(outcome.winner, lang)
        reason = i18n.text(f"beacon.termination.{outcome.termination}", lang, **fmt)
        return i18n.text("beacon.detail", lang, red=scores[RED], blue=scores[BLUE], reason=reason)

    def result_why(self, positions: Sequence[Position], moves: Sequence[Move], lang: str) -> str:
        final = positions[-1]
        outcome = final.outcome
        if outcome is None or outcome.winner is None:
            return i18n.text("beacon.why.draw", lang)
        held = [name for name in TARGETS if final.control[name] == outcome.winner]
        return i18n.text(
            "beacon.why.held",
            lang,
            side=self.side_label(outcome.winner, lang),
            regions=", ".join(held),
        )

    def summary(self, position: Position, lang: str = "en") -> str:
        scores = position.scores
        if position.outcome is not None:
            winner = position.outcome.winner
            state = f"over ({self.side_label(winner, lang)} wins)" if winner else "over (draw)"
        else:
            state = f"round {position.round + 1} of {MAX_ROUNDS}"
        return f"{self.title}, {state}, Red {scores[RED]}–Blue {scores[BLUE]}"

    # ---- records and the coach (core/coach.py): the equilibrium is the strong CPU's view
    def read_transcript(self, text: str) -> list[Move]:
        return [Move.parse(part.strip()) for part in text.split(";") if part.strip()]

    def coach_steps(
        self, position: Position, *, time_budget: float
    ) -> Generator[ai.Node | None, None, ai.Node] | None:
        if position.outcome is not None:
            return None
        return self._solve_steps(position)

    @staticmethod
    def _solve_steps(position: Position) -> Generator[None, None, ai.Node]:
        yield None
        # A step per matrix game: the first solve of the tree takes about a second.
        return (yield from ai.solve_steps(position.rules, position.marker_counts))

    def coach_advice(self, view: View[Position], analysis: ai.Node) -> Advice:
        """Each target the person may claim: its equilibrium probability, stressed when it is
        in the equilibrium mix; a target that does worse against best play is "bad"."""
        lang = view.lang
        side = view.chooser or RED
        sign = 1.0 if side == RED else -1.0
        mix = analysis.strategy(side)
        other = analysis.strategy(BLUE if side == RED else RED)
        value = sign * analysis.value
        hints: dict[str, Hint] = {}
        for index, target in enumerate(
            analysis.red_targets if side == RED else analysis.blue_targets
        ):
            if side == RED:
                row = analysis.matrix[index]
                against = sum(q * v for q, v in zip(other.values(), row))
            else:
                column = [row[index] for row in analysis.matrix]
                against = -sum(q * v for q, v in zip(other.values(), column))
            p = mix.get(target, 0.0)
            tone = "best" if p > 1e-9 else "bad" if against < value - 1e-6 else "good"
            reason = i18n.text(
                "beacon.coach.reason", lang, p=round(p * 100), result=_result(against, lang)
            )
            hints[target] = Hint(f"{round(p * 100)} %", tone, p > 1e-9, reason)
        played = ", ".join(f"{t} {round(p * 100)} %" for t, p in mix.items() if p > 1e-9)
        summary = i18n.text("beacon.coach.summary", lang, mix=played, result=_result(value, lang))
        return Advice(hints, None, True, summary)

    def coach_review(
        self, before: Position, move: Move, after: Position, analysis: ai.Node
    ) -> ReviewPoint:
        start, end = analysis.value, ai.solution(after).value
        swing = end - start
        text: Msg | None = None
        if abs(swing) >= 0.25:
            favoured = RED if swing > 0 else BLUE
            # In a coach's words, not the value: who went where, and which way it tipped.
            fmt = {"red": move.red, "blue": move.blue, "side": favoured}
            text = Msg(
                "beacon.coach.swing_big" if abs(swing) >= 0.5 else "beacon.coach.swing",
                {**fmt, "red_side": RED, "blue_side": BLUE},
                ("side", "red_side", "blue_side"),
            )
        return ReviewPoint(start, end, abs(swing), text)

    def coach_final(self, position: Position) -> float | None:
        outcome = position.outcome
        return None if outcome is None else ai.RESULT_VALUE[outcome.winner]

    def coach_unit(self, lang: str) -> str:
        return i18n.text("beacon.coach.unit", lang)

    # ---- board and extras
    def board(self, view: View[Position]) -> dict[str, object]:
        """The map with its shared drawing data (``layout.py``): each region's territory,
        icon and text rows; the roads as paths (exactly ``EDGES``) and the one bridge.

        A region's visible texts are its name and ``detail`` (what it scores); its markers are
        drawn as tokens, so ``aria`` spells them out after the visible texts (PROTOCOL.md)."""
        lang, shown = view.lang, view.shown
        control, markers = shown.control, shown.markers
        regions = []
        for name in REGIONS:
            owner = control[name]
            count = markers.get(name)
            points = BEACON_POINTS[shown.rules] if name == BEACON else 1
            if name in HOMES.values():
                kind, detail = "home", i18n.text("beacon.points", lang, points=points)
                counted = ""
            else:
                kind = "objective" if name in OBJECTIVES else "middle"
                detail = i18n.text("beacon.points", lang, points=points)
                assert count is not None
                counted = i18n.text(
                    "beacon.aria.tokens",
                    lang,
                    red=count[RED],
                    blue=count[BLUE],
                    red_side=view.side(RED),
                    blue_side=view.side(BLUE),
                )
            if kind == "home":
                held = i18n.text("beacon.home_held", lang, side=view.side(str(owner)))
            elif owner:
                held = i18n.text("beacon.held_by", lang, side=view.side(owner))
            else:
                held = i18n.text("beacon.neutral", lang)
            regions.append(
                {
                    "id": name,
                    "label": name,
                    **region_geometry(name),
                    "kind": kind,
                    "owner": owner,
                    "markers": count,
                    "points": points,
                    "detail": detail,
                    # The visible texts first, in order (label, detail): PROTOCOL.md.
                    "aria": ", ".join(part for part in (name, detail, counted, held) if part),
                }
            )
        return {
            "kind": "map",
            "width": WIDTH,
            "height": HEIGHT,
            "node_w": NODE_W,
            "node_h": NODE_H,
            "regions": regions,
            "edges": [list(edge) for edge in EDGES],
            "roads": [dict(road) for road in ROADS],
            "bridges": [dict(bridge) for bridge in BRIDGES],
        }

    def extra(self, view: View[Position]) -> dict[str, object]:
        lang, shown, position = view.lang, view.shown, view.position
        last = shown.records[-1] if shown.records else None
        reveal = None
        if last is not None:
            reveal = {
                "round": last.round,
                "red": last.targets[RED],
                "blue": last.targets[BLUE],
                "red_label": i18n.text("beacon.claim", lang, side=view.side(RED)),
                "blue_label": i18n.text("beacon.claim", lang, side=view.side(BLUE)),
            }
        chips = []
        if not view.reviewing and position.outcome is None:
            for side in self.sides:
                locked = side in view.chosen
                key = "beacon.chip.locked" if locked else "beacon.chip.waiting"
                chips.append(
                    {
                        "side": side,
                        "locked": locked,
                        "text": i18n.text(key, lang, side=view.side(side)),
                    }
                )
        done = shown.outcome is not None or view.reviewing
        round_number = shown.round if done else shown.round + 1
        round_key = "beacon.round_done" if done else "beacon.round"
        return {
            "scores": shown.scores,
            "round": shown.round,
            "max_rounds": MAX_ROUNDS,
            "round_text": i18n.text(round_key, lang, round=round_number, max=MAX_ROUNDS),
            "rules": shown.rules,
            "choice": {"sides": chips},
            "reveal": reveal,
            "log": self._log(position.records, view),
            "route": position.route,
        }

    def move_words(self, before: Position, move: Move, lang: str) -> str:
        """A round as a player reads it ("Red: North Pass, Blue: South Pass"); the notation
        stays for the record."""
        red, blue = move.steps
        side = self.side_label
        return i18n.text(
            "beacon.words", lang, red=side(RED, lang), blue=side(BLUE, lang), a=red, b=blue
        )

    def _log(self, records: tuple[RoundRecord, ...], view: View[Position]) -> dict[str, object]:
        lang = view.lang

        def owners(control: Mapping[str, str | None]) -> str:
            held = [f"{n}: {view.side(str(control[n]))}" for n in TARGETS if control[n]]
            return "; ".join(held) or i18n.text("beacon.log.none", lang)

        rows = []
        for record in records:
            marks = ", ".join(
                f"{n} {c[RED]}:{c[BLUE]}" for n, c in record.markers.items() if c[RED] or c[BLUE]
            )
            rows.append(
                [
                    str(record.round),
                    record.targets[RED],
                    record.targets[BLUE],
                    owners(record.start_control),
                    marks,
                    owners(record.control),
                    f"{record.scores[RED]}–{record.scores[BLUE]}",
                    i18n.text("beacon.log.fired" if record.win_check else "beacon.log.no", lang),
                ]
            )
        columns = [
            i18n.text("beacon.log.round", lang),
            view.side(RED),
            view.side(BLUE),
            i18n.text("beacon.log.start", lang),
            i18n.text("beacon.log.markers", lang),
            i18n.text("beacon.log.result", lang),
            i18n.text("beacon.log.score", lang),
            i18n.text("beacon.log.check", lang),
        ]
        return {"caption": i18n.text("beacon.log.caption", lang), "columns": columns, "rows": rows}
