"""What the article could only guess at: is Beacon Lines balanced, and what does the Beacon do?

Functions the book calls (its table formatting lives in the book, `book/kit/beacon.py`). Every figure comes from the exact backward-induction solve in
:mod:`boardbook.beacon.ai` (so scipy is needed here). "Equilibrium play" means both sides use
the maximal-support equilibrium strategies that ``solve`` returns at every state; where several
equilibria exist (the value is unique, the strategies are not), outcome frequencies such as the
draw probability describe that choice — which is also how the equilibrium CPU plays.

A *policy* is one of ``"equilibrium"``, ``"script"``, ``"random"`` (as the opponents in
``ai``), or a function ``position -> {target: probability}``.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

from . import ai
from .rules import BLUE, MAX_ROUNDS, RED, Position

Strategy = dict[str, float]

#: The article's hand-calculated routes as (rules, rounds), for replays and state tables.
ARTICLE_ROUTES: dict[str, tuple[str, tuple[str, ...]]] = {
    "safe route (v0)": ("v0", ("North Pass/South Pass", "Beacon/Depot")),
    "safe route (v1)": ("v1", ("North Pass/South Pass", "Beacon/Depot")),
    "v0 continued": ("v0", ("North Pass/South Pass", "Beacon/Depot", "Depot/Beacon")),
    "failed v1 route": ("v1", ("North Pass/South Pass", "Depot/Depot", "Beacon/Beacon")),
}
Policy = str | Callable[[Position], Strategy]


# -- values and strategies ----------------------------------------------------------------------
def game_value(rules: str = "v1", position: Position | None = None) -> float:
    """Red's equilibrium value (+1 win, 0 draw, −1 loss) at the start (or at ``position``)."""
    return ai.solve(position or Position.start(rules))[0]


def exact_value(value: float) -> Fraction:
    """A solved value as a small fraction (the values are rationals with tiny denominators)."""
    return Fraction(value).limit_denominator(1000)


def round_one_strategies(rules: str = "v1") -> dict[str, Strategy]:
    """Each side's equilibrium mixed strategy for round 1: ``{"red": {...}, "blue": {...}}``."""
    _, red, blue = ai.solve(Position.start(rules))
    return {RED: red, BLUE: blue}


def policy_strategy(policy: Policy, position: Position, side: str) -> Strategy:
    """The probabilities with which ``policy`` picks each of ``side``'s targets at ``position``."""
    if callable(policy):
        return dict(policy(position))
    if policy == "equilibrium":
        return ai.solution(position).strategy(side)
    if policy == "script":
        return {ai.scripted_target(position, side): 1.0}
    if policy == "random":
        legal = position.legal_targets(side)
        return {t: 1.0 / len(legal) for t in legal}
    raise ValueError(f"unknown policy {policy!r}: expected one of {', '.join(ai.OPPONENTS)}")


# -- outcome distributions ------------------------------------------------------------------------
def outcome_distribution(
    rules: str = "v1",
    red: Policy = "equilibrium",
    blue: Policy = "equilibrium",
    position: Position | None = None,
) -> dict[str, Any]:
    """Probabilities of each result and of the round the game ends in, given both policies.

    Returns ``{"red": p, "blue": p, "draw": p, "ends_in_round": {1: p, 2: p, 3: p},
    "expected_rounds": x, "beacon_held_at_end": p}``.
    """
    start = position or Position.start(rules)
    totals: dict[str, Any] = {RED: 0.0, BLUE: 0.0, "draw": 0.0, "beacon_held_at_end": 0.0}
    ends = {n: 0.0 for n in range(1, MAX_ROUNDS + 1)}

    def walk(pos: Position, weight: float) -> None:
        if pos.outcome is not None:
            totals[pos.outcome.winner or "draw"] += weight
            ends[pos.round] += weight
            if pos.control["Beacon"] is not None:
                totals["beacon_held_at_end"] += weight
            return
        red_mix = policy_strategy(red, pos, RED)
        blue_mix = policy_strategy(blue, pos, BLUE)
        for r, pr in red_mix.items():
            for b, pb in blue_mix.items():
                if pr * pb > 0:
                    walk(pos.play(f"{r}/{b}"), weight * pr * pb)

    walk(start, 1.0)
    result: dict[str, Any] = {key: _tidy(p) for key, p in totals.items()}
    result["ends_in_round"] = {n: _tidy(p) for n, p in ends.items() if n > start.round}
    result["expected_rounds"] = _tidy(sum(n * p for n, p in ends.items()))
    return result


def _tidy(probability: float) -> float:
    """Drop floating-point dust (sums of products of LP probabilities)."""
    return round(probability, 12) + 0.0


def draw_probability(rules: str = "v1") -> float:
    """How often equilibrium play (both sides) ends in a draw."""
    return float(outcome_distribution(rules)["draw"])


def equilibrium_results(rules: str = "v1") -> set[str]:
    """Every result ("red", "blue", "draw") that some equilibrium play can reach.

    Follows the maximal-support strategies: their supports contain every choice any optimal
    strategy makes, so a result missing here cannot happen under any equilibrium (in a zero-sum
    game every state reached with positive probability must be played optimally).
    """
    results: set[str] = set()
    seen: set[Position] = set()

    def walk(pos: Position) -> None:
        if pos in seen:
            return
        seen.add(pos)
        if pos.outcome is not None:
            results.add(pos.outcome.winner or "draw")
            return
        node = ai.solution(pos)
        for r, pr in node.strategy(RED).items():
            for b, pb in node.strategy(BLUE).items():
                if pr > 0 and pb > 0:
                    walk(pos.play(f"{r}/{b}"))

    walk(Position.start(rules))
    return results


def best_response_value(
    rules: str = "v1", side: str = RED, against: Policy = "script", position: Position | None = None
) -> float:
    """The best expected result for ``side`` (+1 win … −1 loss, from its own side) against a
    fixed ``against`` policy of the other side: how much a known script can be exploited."""
    if side not in (RED, BLUE):
        raise ValueError(f"unknown side {side!r}: expected 'red' or 'blue'")
    opponent = BLUE if side == RED else RED
    sign = 1.0 if side == RED else -1.0

    def value(pos: Position) -> float:
        if pos.outcome is not None:
            return sign * ai.RESULT_VALUE[pos.outcome.winner]
        mix = policy_strategy(against, pos, opponent)
        best = -2.0
        for mine in pos.legal_targets(side):
            total = 0.0
            for theirs, p in mix.items():
                pair = f"{mine}/{theirs}" if side == RED else f"{theirs}/{mine}"
                total += p * value(pos.play(pair))
            best = max(best, total)
        return best

    return value(position or Position.start(rules))


def beacon_bonus_effect() -> list[dict[str, Any]]:
    """One row per rule set (v0, then v1) with the figures the book compares.

    Columns: value, each side's round-1 strategy, result probabilities under equilibrium play
    and the results any equilibrium can reach, the distribution of the game's length, how well
    Red does against the article's scripted Blue when it knows the script, how often the
    equilibrium CPU beats a random player, and how random play ends.
    """
    rows = []
    for rules in ("v0", "v1"):
        dist = outcome_distribution(rules)
        strategies = round_one_strategies(rules)
        rows.append(
            {
                "rules": rules,
                "value": game_value(rules),
                "red_round_one": strategies[RED],
                "blue_round_one": strategies[BLUE],
                "red_wins": dist[RED],
                "blue_wins": dist[BLUE],
                "draw": dist["draw"],
                "ends_in_round": dist["ends_in_round"],
                "expected_rounds": dist["expected_rounds"],
                "beacon_held_at_end": dist["beacon_held_at_end"],
                "equilibrium_results": sorted(equilibrium_results(rules)),
                "red_vs_script": best_response_value(rules, RED, "script"),
                "equilibrium_vs_random": outcome_distribution(rules, "equilibrium", "random")[RED],
                "random_vs_random": {
                    key: value
                    for key, value in outcome_distribution(rules, "random", "random").items()
                    if key in (RED, BLUE, "draw", "ends_in_round")
                },
            }
        )
    return rows
