"""Beacon Lines rules: a 7-region simultaneous territory game (docs/RULES.md, docs/seeds/002).

Both sides choose one target region per round from the same round-start snapshot, the two
choices are revealed together, and each adds one permanent marker to its target. Control is
recomputed from the markers after every round (strict majority, ties neutral; Homes are
permanent) and the scores are recomputed from control, never accumulated.

Choices settled here (docs/RULES.md and the article are silent or implicit):

- A side may target any non-Home region adjacent to a region it controls at the start of the
  round (its Home always counts). A region never counts as its own neighbour, so a held region
  is a valid target only when another region the side controls touches it.
- Both sides may target the same region in the same round (each gets its marker: a tie).
- ``pos.markers`` lists the five non-Home regions only: Homes never carry markers.
- ``pos.scores`` at the start is 1–1 (the Homes).
- The win check (4 or more points and a lead of at least 1) runs after every round, round 3
  included; the per-round record says whether it fired. After round 3 without it, the higher
  score wins and equal scores draw. ``outcome.termination`` is ``"score_lead"`` (the win
  check fired; ``details`` has the ``round``), ``"higher_score"`` or ``"equal_scores"``.
- Errors are typed (``core.game``): ``MalformedMoveError`` (code ``malformed``) for text that
  is not a round or names no region; ``ForbiddenMoveError`` codes ``game_over``, ``home`` and
  ``not_adjacent`` (``details``: ``side``, ``region``).

The pure functions on the compact marker tuple (``control_from_markers``, ``targets_for``,
``score_control``, ``winner_by_check``) are shared by :class:`Position` and the equilibrium
solver, so both use one set of rules.

Examples (run by tests/test_rules_doctests.py). A round is both sides' choices at once, Red's
first; at the start each side may claim what touches its Home:

>>> from boardbook.beacon import Position
>>> start = Position.start()
>>> start.to_move, start.scores
(None, {'red': 1, 'blue': 1})
>>> [str(m) for m in start.legal_moves()]
['North Pass/Crossroads', 'North Pass/South Pass', 'Crossroads/Crossroads', 'Crossroads/South Pass']
>>> start.legal_moves()[1].steps
('North Pass', 'South Pass')
>>> after = start.play("North Pass/South Pass")
>>> after.round, after.scores, after.control["North Pass"], after.markers["North Pass"]
(1, {'red': 2, 'blue': 2}, 'red', {'red': 1, 'blue': 0})

A move the rules forbid, or text that names no region, raises an error typed by its cause:

>>> after.play("Red Home/Beacon")
Traceback (most recent call last):
...
boardbook.core.game.ForbiddenMoveError: illegal move 'Red Home/Beacon': Red cannot claim a Home (Red Home)
>>> after.play("Nowhere/Beacon").code
Traceback (most recent call last):
...
boardbook.core.game.MalformedMoveError: illegal move 'Nowhere/Beacon': text must be a region name (Red Home, Blue Home, North Pass, Crossroads, South Pass, Beacon, Depot), got 'Nowhere' (unknown region)

The JSON form is the route of rounds, and gives the position back:

>>> after.to_json()
{'game': 'beacon', 'rules': 'v1', 'route': ['North Pass/South Pass']}
>>> Position.from_json(after.to_json()) == after
True

Blue takes the Beacon in round 2 and wins with 4 points and a lead (a ``Termination``):

>>> game = after.play("Crossroads/Beacon")
>>> game.outcome.winner, game.outcome.termination, game.outcome.scores
('blue', <Termination.SCORE_LEAD: 'score_lead'>, {'red': 3, 'blue': 4})
>>> game.legal_moves()
[]
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from ..core import checks
from ..core.game import (
    ForbiddenMoveError,
    GameOverError,
    IllegalMoveError,
    MalformedMoveError,
    Outcome,
    SvgPosition,
)
from ..core.game import Termination as _Termination

__all__ = [
    "BLUE",
    "EDGES",
    "HOMES",
    "NEIGHBOURS",
    "RED",
    "REGIONS",
    "RULE_SETS",
    "SIDES",
    "TARGETS",
    "ForbiddenMoveError",
    "GameOverError",
    "IllegalMoveError",
    "MalformedMoveError",
    "Move",
    "Outcome",
    "Position",
    "RoundRecord",
    "region_name",
]

RED, BLUE = "red", "blue"
SIDES = (RED, BLUE)

RED_HOME = "Red Home"
BLUE_HOME = "Blue Home"
NORTH_PASS = "North Pass"
CROSSROADS = "Crossroads"
SOUTH_PASS = "South Pass"
BEACON = "Beacon"
DEPOT = "Depot"

#: All regions, in the article's table order.
REGIONS = (RED_HOME, BLUE_HOME, NORTH_PASS, CROSSROADS, SOUTH_PASS, BEACON, DEPOT)
#: The regions that can carry markers (everything but the Homes), in table order.
TARGETS = (NORTH_PASS, CROSSROADS, SOUTH_PASS, BEACON, DEPOT)
HOMES = {RED: RED_HOME, BLUE: BLUE_HOME}
MIDDLE = (NORTH_PASS, CROSSROADS, SOUTH_PASS)
OBJECTIVES = (BEACON, DEPOT)

#: The article's adjacency table: the only movement rule (decorations never add edges).
NEIGHBOURS: dict[str, tuple[str, ...]] = {
    RED_HOME: (NORTH_PASS, CROSSROADS),
    BLUE_HOME: (CROSSROADS, SOUTH_PASS),
    NORTH_PASS: (RED_HOME, BEACON, DEPOT),
    CROSSROADS: (RED_HOME, BLUE_HOME, BEACON, DEPOT),
    SOUTH_PASS: (BLUE_HOME, BEACON, DEPOT),
    BEACON: (NORTH_PASS, CROSSROADS, SOUTH_PASS),
    DEPOT: (NORTH_PASS, CROSSROADS, SOUTH_PASS),
}
#: Every road once, as a pair in table order.
EDGES: tuple[tuple[str, str], ...] = tuple(
    (a, b) for a in REGIONS for b in NEIGHBOURS[a] if REGIONS.index(a) < REGIONS.index(b)
)

MAX_ROUNDS = 3
WIN_POINTS = 4
WIN_LEAD = 1


class Termination(_Termination):
    """How a Beacon Lines game ends (``Outcome.termination``; texts
    ``beacon.termination.<key>``)."""

    #: A side has ``WIN_POINTS`` with a lead of ``WIN_LEAD`` after a round.
    SCORE_LEAD = "score_lead"
    #: After the last round, one side scores more.
    HIGHER_SCORE = "higher_score"
    #: After the last round, the scores are equal: a draw.
    EQUAL_SCORES = "equal_scores"


RULE_SETS = ("v1", "v0")
#: What the Beacon scores when controlled: 1 in the first paper rules, 2 with the landmark bonus.
BEACON_POINTS = {"v0": 1, "v1": 2}

_TARGET_INDEX = {name: i for i, name in enumerate(TARGETS)}
_REGION_BY_LOWER = {name.lower(): name for name in REGIONS}

#: Markers on the five non-Home regions, in ``TARGETS`` order: ((red, blue), …).
Markers = tuple[tuple[int, int], ...]
EMPTY_MARKERS: Markers = ((0, 0),) * len(TARGETS)


def other(side: str) -> str:
    return BLUE if side == RED else RED


def _check_side(side: str) -> str:
    return str(checks.one_of("side", side, SIDES))


def _check_rules(rules: str, name: str = "rules") -> str:
    return str(checks.one_of(name, rules, RULE_SETS))


def control_from_markers(markers: Markers) -> dict[str, str | None]:
    """Who controls each of the seven regions: strict marker majority, Homes permanent."""
    control: dict[str, str | None] = {RED_HOME: RED, BLUE_HOME: BLUE}
    for name, (red, blue) in zip(TARGETS, markers):
        control[name] = RED if red > blue else BLUE if blue > red else None
    return {name: control[name] for name in REGIONS}


def targets_for(control: Mapping[str, str | None], side: str) -> tuple[str, ...]:
    """The non-Home regions ``side`` may claim, given the round-start ``control`` snapshot."""
    return tuple(name for name in TARGETS if any(control[n] == side for n in NEIGHBOURS[name]))


def score_control(control: Mapping[str, str | None], rules: str) -> dict[str, int]:
    """Points from control alone: every controlled region 1, the Beacon per ``rules``."""
    scores = {RED: 0, BLUE: 0}
    for name, owner in control.items():
        if owner is not None:
            scores[owner] += BEACON_POINTS[rules] if name == BEACON else 1
    return scores


def winner_by_check(scores: Mapping[str, int]) -> str | None:
    """The side that wins at once (4+ points and a lead of 1+), or ``None``."""
    for side in SIDES:
        if scores[side] >= WIN_POINTS and scores[side] - scores[other(side)] >= WIN_LEAD:
            return side
    return None


def add_markers(markers: Markers, red_target: str, blue_target: str) -> Markers:
    """The markers after both claims resolve together (one marker each)."""
    counts = [list(pair) for pair in markers]
    counts[_TARGET_INDEX[red_target]][0] += 1
    counts[_TARGET_INDEX[blue_target]][1] += 1
    return tuple((red, blue) for red, blue in counts)


def outcome_after(markers: Markers, round_number: int, rules: str) -> Outcome | None:
    """How the game stands after ``round_number`` rounds with these markers."""
    scores = score_control(control_from_markers(markers), rules)
    details = {"round": round_number, RED: scores[RED], BLUE: scores[BLUE]}
    winner = winner_by_check(scores)
    if winner is not None:
        return Outcome(winner, Termination.SCORE_LEAD, dict(scores), details=details)
    if round_number >= MAX_ROUNDS:
        if scores[RED] == scores[BLUE]:
            return Outcome(None, Termination.EQUAL_SCORES, dict(scores), details=details)
        winner = RED if scores[RED] > scores[BLUE] else BLUE
        return Outcome(winner, Termination.HIGHER_SCORE, dict(scores), details=details)
    return None


def region_name(text: object) -> str:
    """The canonical region name for ``text`` (case and surrounding spaces ignored).

    Both errors are ``ValueError``s (an ``ArgumentError``), which the move parsers turn into
    a ``MalformedMoveError``."""
    accepts = f"a region name ({', '.join(REGIONS)})"
    if not isinstance(text, str):
        raise checks.ArgumentError("text", accepts, text, "not a string")
    name = _REGION_BY_LOWER.get(" ".join(text.split()).lower())
    if name is None:
        raise checks.ArgumentError("text", accepts, text, "unknown region")
    return name


@dataclass(frozen=True)
class Move:
    """One round: both sides' targets. ``str(move)`` is ``"RED_TARGET/BLUE_TARGET"``."""

    red: str
    blue: str

    def __post_init__(self) -> None:
        checks.one_of("red", self.red, REGIONS)
        checks.one_of("blue", self.blue, REGIONS)

    def __str__(self) -> str:
        return f"{self.red}/{self.blue}"

    def target(self, side: str) -> str:
        return self.red if _check_side(side) == RED else self.blue

    @property
    def steps(self) -> tuple[str, ...]:
        """The inputs that make this round: one hidden choice per side, Red's first."""
        return (self.red, self.blue)

    @classmethod
    def parse(cls, notation: Any) -> Move:
        """Read ``"North Pass/South Pass"`` (also a ``Move`` or a ``(red, blue)`` pair)."""
        if isinstance(notation, Move):
            return notation
        if isinstance(notation, str):
            parts = notation.split("/")
        elif isinstance(notation, (tuple, list)):
            parts = list(notation)
        else:
            raise MalformedMoveError(
                notation, "expected 'RED_TARGET/BLUE_TARGET', e.g. 'North Pass/South Pass'"
            )
        if len(parts) != 2:
            raise MalformedMoveError(
                notation, "a round names two targets, 'RED_TARGET/BLUE_TARGET'"
            )
        try:
            red, blue = (region_name(part) for part in parts)
        except ValueError as error:
            raise MalformedMoveError(notation, str(error)) from None
        return cls(red, blue)


@dataclass(frozen=True)
class RoundRecord:
    """What happened in one round: everything the article asks to be recorded."""

    round: int
    targets: dict[str, str]
    start_control: dict[str, str | None]
    markers: dict[str, dict[str, int]]
    control: dict[str, str | None]
    scores: dict[str, int]
    win_check: bool

    def to_json(self) -> dict[str, Any]:
        return {
            "round": self.round,
            "targets": dict(self.targets),
            "start_control": dict(self.start_control),
            "markers": {k: dict(v) for k, v in self.markers.items()},
            "control": dict(self.control),
            "scores": dict(self.scores),
            "win_check": self.win_check,
        }


_DERIVED = ("marker_counts", "records", "outcome")


def _same(value: object, right: object) -> bool:
    """``value == right``, False for a value that cannot be compared (or nested too deep)."""
    try:
        return type(value) is type(right) and bool(value == right)
    except Exception:  # noqa: BLE001 - a value that cannot be compared is not the one
        return False


def _markers_dict(markers: Markers) -> dict[str, dict[str, int]]:
    return {name: {RED: red, BLUE: blue} for name, (red, blue) in zip(TARGETS, markers)}


@dataclass(frozen=True)
class Position(SvgPosition):
    """An immutable Beacon Lines position: the rules, the rounds played and their results.

    Build it with :meth:`start`, :meth:`from_route` or :meth:`from_json`; :meth:`play` returns
    the next position. Restarting is ``Position.start(...)`` again: all non-Home markers gone.
    """

    rules: str = "v1"
    moves: tuple[Move, ...] = ()
    # Derived from (rules, moves), so left out of equality and hashing.
    marker_counts: Markers = field(default=EMPTY_MARKERS, compare=False)
    records: tuple[RoundRecord, ...] = field(default=(), compare=False)
    outcome: Outcome | None = field(default=None, compare=False)

    def __post_init__(self) -> None:
        """Check what a caller gave: ``Position(rules, moves)`` replays the moves (and so
        checks them) to derive the markers, the records and the outcome; any of those given
        must be what the replay derives (``play`` builds its result without this replay)."""
        _check_rules(self.rules)
        if not isinstance(self.moves, tuple) or not all(isinstance(m, Move) for m in self.moves):
            raise checks.ArgumentTypeError("moves", "a tuple of Move", self.moves)
        derived: tuple[Markers, tuple[RoundRecord, ...], Outcome | None] = (EMPTY_MARKERS, (), None)
        if self.moves:
            try:
                replayed = Position.from_route(self.moves, rules=self.rules)
            except IllegalMoveError as error:
                raise checks.ArgumentError(
                    "moves", "rounds one game can play", self.moves, str(error)
                ) from None
            derived = (replayed.marker_counts, replayed.records, replayed.outcome)
        given = (self.marker_counts, self.records, self.outcome)
        defaults = (EMPTY_MARKERS, (), None)
        for name, value, default, right in zip(_DERIVED, given, defaults, derived, strict=True):
            if value is not default and not _same(value, right):
                accepts = "what the moves lead to (leave it out: it is derived)"
                raise checks.ArgumentError(name, accepts, value)
            object.__setattr__(self, name, right)

    @classmethod
    def _after(
        cls,
        rules: str,
        moves: tuple[Move, ...],
        marker_counts: Markers,
        records: tuple[RoundRecord, ...],
        outcome: Outcome | None,
    ) -> Position:
        """A position from parts ``play`` derived itself, without the checking replay."""
        made = object.__new__(cls)
        for name, value in zip(
            ("rules", "moves", *_DERIVED),
            (rules, moves, marker_counts, records, outcome),
            strict=True,
        ):
            object.__setattr__(made, name, value)
        return made

    # -- construction -------------------------------------------------------------------------
    @classmethod
    def start(cls, rules: str = "v1") -> Position:
        """The start position: both Homes held, the five other regions neutral and empty."""
        return cls._after(_check_rules(rules), (), EMPTY_MARKERS, (), None)

    @classmethod
    def from_route(cls, route: Iterable[Any], rules: str = "v1") -> Position:
        """The position after playing ``route`` (rounds as ``"Red/Blue"`` strings) from the start."""
        position = cls.start(rules)
        for move in checks.sequence("route", route, "rounds ('RED_TARGET/BLUE_TARGET')"):
            position = position.play(move)
        return position

    def to_json(self) -> dict[str, Any]:
        return {"game": "beacon", "rules": self.rules, "route": [str(m) for m in self.moves]}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Position:
        """Rebuild a position from :meth:`to_json` output, replaying (and so checking) its route."""
        form = "a dict {'game': 'beacon', 'rules': 'v1', 'route': [...]}"
        checks.instance("data", data, Mapping, form)
        checks.one_of("data['game']", data.get("game", "beacon"), ("beacon",))
        route = data.get("route", [])
        if not isinstance(route, list):
            raise checks.ArgumentTypeError(
                "data['route']", "a list of 'RED_TARGET/BLUE_TARGET' strings", route
            )
        rules = _check_rules(data.get("rules", "v1"), "data['rules']")
        return cls.from_route(route, rules=rules)  # an illegal round: its IllegalMoveError

    # -- state --------------------------------------------------------------------------------
    @property
    def to_move(self) -> None:
        """Always ``None``: both sides choose at once."""
        return None

    @property
    def round(self) -> int:
        """Rounds already played (0 at the start)."""
        return len(self.moves)

    @property
    def control(self) -> dict[str, str | None]:
        return control_from_markers(self.marker_counts)

    @property
    def markers(self) -> dict[str, dict[str, int]]:
        return _markers_dict(self.marker_counts)

    @property
    def scores(self) -> dict[str, int]:
        return score_control(self.control, self.rules)

    @property
    def route(self) -> list[str]:
        return [str(m) for m in self.moves]

    def legal_targets(self, side: str) -> tuple[str, ...]:
        """The regions ``side`` may claim this round, in table order (none after the end)."""
        _check_side(side)
        if self.outcome is not None:
            return ()
        return targets_for(self.control, side)

    def legal_moves(self) -> list[Move]:
        """Every pair of targets, Red's choice varying slowest."""
        return [Move(r, b) for r in self.legal_targets(RED) for b in self.legal_targets(BLUE)]

    # -- playing ------------------------------------------------------------------------------
    def play(self, move: Any) -> Position:
        """The position after one round; both targets are judged on this round-start snapshot."""
        parsed = Move.parse(move)
        if self.outcome is not None:
            raise GameOverError(str(parsed), f"the game is over ({self.outcome.termination})")
        start_control = self.control
        for side in SIDES:
            target = parsed.target(side)
            if target in HOMES.values():
                raise ForbiddenMoveError(
                    str(parsed),
                    f"{side.capitalize()} cannot claim a Home ({target})",
                    code="home",
                    details={"side": side, "region": target},
                )
            if target not in targets_for(start_control, side):
                raise ForbiddenMoveError(
                    str(parsed),
                    f"{target} is not adjacent to a region {side.capitalize()} controls",
                    code="not_adjacent",
                    details={"side": side, "region": target},
                )
        markers = add_markers(self.marker_counts, parsed.red, parsed.blue)
        control = control_from_markers(markers)
        scores = score_control(control, self.rules)
        number = self.round + 1
        record = RoundRecord(
            round=number,
            targets={RED: parsed.red, BLUE: parsed.blue},
            start_control=start_control,
            markers=_markers_dict(markers),
            control=control,
            scores=scores,
            win_check=winner_by_check(scores) is not None,
        )
        return Position._after(
            self.rules,
            self.moves + (parsed,),
            markers,
            self.records + (record,),
            outcome_after(markers, number, self.rules),
        )

    def undo(self) -> Position:
        """The position before the last round (the start position stays as it is)."""
        return Position.from_route(self.moves[:-1], rules=self.rules)

    def with_rules(self, rules: str) -> Position:
        """The same route replayed under other rules (it may end earlier, or become illegal)."""
        return Position.from_route(self.moves, rules=_check_rules(rules))

    # -- display ------------------------------------------------------------------------------
    def __repr__(self) -> str:
        return f"Position.from_route({self.route!r}, rules={self.rules!r})"

    def __str__(self) -> str:
        control, markers = self.control, self.markers
        lines = [
            (
                f"Beacon Lines ({self.rules}), round {self.round}/{MAX_ROUNDS}, "
                f"Red {self.scores[RED]} - Blue {self.scores[BLUE]}"
            )
        ]
        for name in REGIONS:
            owner = control[name] or "-"
            count = markers.get(name)
            marks = f"  markers R{count[RED]} B{count[BLUE]}" if count else "  (home)"
            lines.append(f"  {name:<11} {owner:<4}{marks}")
        if self.outcome is not None:
            winner = self.outcome.winner or "draw"
            lines.append(f"  result: {winner} ({self.outcome.termination})")
        return "\n".join(lines)
