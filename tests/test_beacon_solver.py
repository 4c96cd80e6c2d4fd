"""The equilibrium solver against independent oracles, and the three opponents."""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import combinations

import pytest
from boardbook.beacon import Position, ai, solve

SAFE_ROUTE = ["North Pass/South Pass", "Beacon/Depot"]


# -- an independent exact matrix-game solver (Shapley–Snow: some extreme optimal strategy
#    solves a square subsystem "x·A_j = v on a column set, sum x = 1" exactly) ------------------
def _solve_linear(system: list[list[Fraction]]) -> list[Fraction] | None:
    """Gauss–Jordan on an augmented square system; None when it is singular."""
    rows = [row[:] for row in system]
    size = len(rows)
    for col in range(size):
        pivot = next((r for r in range(col, size) if rows[r][col] != 0), None)
        if pivot is None:
            return None
        rows[col], rows[pivot] = rows[pivot], rows[col]
        head = rows[col][col]
        rows[col] = [v / head for v in rows[col]]
        for r in range(size):
            if r != col and rows[r][col] != 0:
                factor = rows[r][col]
                rows[r] = [a - factor * b for a, b in zip(rows[r], rows[col])]
    return [row[-1] for row in rows]


def exact_row_value(matrix: list[list[Fraction]]) -> Fraction:
    """The best value the row player can guarantee, found among extreme candidate strategies."""
    n, m = len(matrix), len(matrix[0])
    best = max(min(row) for row in matrix)  # pure strategies
    for k in range(2, min(n, m) + 1):
        for rows in combinations(range(n), k):
            for cols in combinations(range(m), k):
                system = [[matrix[i][j] for i in rows] + [Fraction(-1), Fraction(0)] for j in cols]
                system.append([Fraction(1)] * k + [Fraction(0), Fraction(1)])
                solution = _solve_linear(system)
                if solution is None or any(p < 0 for p in solution[:k]):
                    continue
                guarantee = min(
                    sum(p * matrix[i][j] for p, i in zip(solution, rows)) for j in range(m)
                )
                best = max(best, guarantee)
    return best


def exact_value(matrix: list[list[Fraction]]) -> Fraction:
    lower = exact_row_value(matrix)
    upper = -exact_row_value(
        [[-matrix[i][j] for i in range(len(matrix))] for j in range(len(matrix[0]))]
    )
    assert lower == upper  # the minimax theorem: the oracle itself is consistent
    return lower


def exact_tree(position: Position, memo: dict) -> Fraction:
    """Backward induction through the public engine API only, in exact arithmetic."""
    key = (position.rules, state_key(position))
    if key in memo:
        return memo[key]
    if position.outcome is not None:
        winner = position.outcome.winner
        value = Fraction({"red": 1, "blue": -1, None: 0}[winner])
    else:
        red, blue = position.legal_targets("red"), position.legal_targets("blue")
        matrix = [[exact_tree(position.play(f"{r}/{b}"), memo) for b in blue] for r in red]
        value = exact_value(matrix)
    memo[key] = value
    return value


def state_key(position: Position) -> tuple:
    """The markers identify a state (they fix the round, control and scores)."""
    return tuple((n, c["red"], c["blue"]) for n, c in sorted(position.markers.items()))


def reachable(rules: str):
    seen, frontier = {}, [Position.start(rules)]
    while frontier:
        pos = frontier.pop()
        if state_key(pos) in seen:
            continue
        seen[state_key(pos)] = pos
        frontier.extend(pos.play(m) for m in pos.legal_moves())
    return list(seen.values())


# -- matrix games with known answers -------------------------------------------------------------
@pytest.mark.parametrize(
    "matrix, value, rows",
    [
        ([[1, -1], [-1, 1]], 0.0, (0.5, 0.5)),  # matching pennies
        ([[0, -1, 1], [1, 0, -1], [-1, 1, 0]], 0.0, (1 / 3, 1 / 3, 1 / 3)),  # rock-paper-scissors
        ([[3, -1], [-2, 1]], 1 / 7, (3 / 7, 4 / 7)),
        ([[2, 1], [0, -1]], 1.0, (1.0, 0.0)),  # saddle point: the second row is dominated
    ],
)
def test_matrix_games_with_known_solutions(matrix, value, rows):
    got_value, got_rows, got_cols = ai.solve_matrix_game(matrix)
    assert got_value == pytest.approx(value, abs=1e-9)
    assert got_rows == pytest.approx(rows, abs=1e-9)
    assert sum(got_cols) == pytest.approx(1.0)


def test_equal_choices_are_mixed_uniformly():
    value, rows, cols = ai.solve_matrix_game([[0, 0], [0, 0]])
    assert value == 0 and rows == (0.5, 0.5) and cols == (0.5, 0.5)


def test_maximal_support_uses_every_optimal_choice():
    # Rows 0 and 1 both guarantee 0; row 2 loses to column 1. Both safe rows must be played.
    value, rows, _ = ai.solve_matrix_game([[0, 0], [0, 0], [1, -1]])
    assert value == 0 and rows[0] > 0 and rows[1] > 0 and rows[2] == 0


@pytest.mark.parametrize("rules", ["v0", "v1"])
def test_exact_fallback_agrees_with_the_lp_on_every_state(rules):
    for pos in reachable(rules):
        node = ai.solution(pos)
        if node.terminal:
            continue
        lp = ai.solve_matrix_game(node.matrix, method="lp")
        exact = ai.solve_matrix_game(node.matrix, method="exact")
        assert exact[0] == pytest.approx(lp[0], abs=1e-9)
        for lp_mix, exact_mix in zip(lp[1:], exact[1:]):
            assert [p > 0 for p in lp_mix] == [p > 0 for p in exact_mix]  # same supports
            assert sum(exact_mix) == pytest.approx(1.0)


def test_bad_matrices_are_rejected():
    for bad in ([], [[]], [[1, 2], [3]]):
        with pytest.raises(ValueError):
            ai.solve_matrix_game(bad)
    with pytest.raises(ValueError, match="method"):
        ai.solve_matrix_game([[1, 0], [0, 1]], method="guess")


# -- the whole game against the exact oracle ---------------------------------------------------
@pytest.mark.parametrize("rules", ["v0", "v1"])
def test_every_state_value_matches_the_exact_solver(rules):
    memo: dict = {}
    states = reachable(rules)
    assert len(states) > 100
    for pos in states:
        value, red_strategy, blue_strategy = solve(pos)
        assert value == pytest.approx(float(exact_tree(pos, memo)), abs=1e-9), pos
        if pos.outcome is not None:
            assert red_strategy == {} and blue_strategy == {}
            continue
        assert list(red_strategy) == list(pos.legal_targets("red"))
        assert list(blue_strategy) == list(pos.legal_targets("blue"))
        assert sum(red_strategy.values()) == pytest.approx(1.0)
        assert sum(blue_strategy.values()) == pytest.approx(1.0)
        # each strategy guarantees the value against every reply
        for b in blue_strategy:
            worth = sum(
                p * float(exact_tree(pos.play(f"{r}/{b}"), memo)) for r, p in red_strategy.items()
            )
            assert worth >= value - 1e-9
        for r in red_strategy:
            worth = sum(
                p * float(exact_tree(pos.play(f"{r}/{b}"), memo)) for b, p in blue_strategy.items()
            )
            assert worth <= value + 1e-9


def test_start_matrix_agrees_with_nashpy():
    nashpy = pytest.importorskip("nashpy")
    import numpy as np

    for rules in ("v0", "v1"):
        # a deeper state with a genuinely mixed equilibrium
        pos = Position.from_route(["North Pass/Crossroads"], rules=rules)
        node = ai.solution(pos)
        matrix = np.array(node.matrix)
        rows, cols = nashpy.Game(matrix).linear_program()
        assert (rows @ matrix).min() == pytest.approx(node.value, abs=1e-7)
        assert (matrix @ cols).max() == pytest.approx(node.value, abs=1e-7)


def test_the_game_is_fair_under_both_rules():
    # The map is symmetric (North Pass ↔ South Pass), so the value must be exactly 0.
    for rules in ("v0", "v1"):
        value, red, blue = solve(Position.start(rules))
        assert value == 0.0
        assert red == {"North Pass": pytest.approx(0.5), "Crossroads": pytest.approx(0.5)}
        assert blue == {"Crossroads": pytest.approx(0.5), "South Pass": pytest.approx(0.5)}


def test_finished_games_have_their_result_as_value():
    pos = Position.from_route(SAFE_ROUTE, rules="v1")
    assert solve(pos) == (1.0, {}, {})


def test_cache_counts_states():
    ai.clear_cache()
    assert ai.cache_stats()["states"] == 0
    solve(Position.start("v1"))
    stats = ai.cache_stats()
    assert stats["states"] == len(reachable("v1"))
    assert stats["matrix_games"] == sum(p.outcome is None for p in reachable("v1"))


# -- opponents --------------------------------------------------------------------------------
def test_script_reproduces_the_safe_route():
    pos = Position.start("v1")
    for red in ["North Pass", "Beacon"]:
        blue = ai.choose_target(pos, "blue", "script")
        pos = pos.play(f"{red}/{blue}")
    assert pos.route == SAFE_ROUTE and pos.outcome.winner == "red"
    pos = Position.start("v0")
    for red in ["North Pass", "Beacon", "Depot"]:
        pos = pos.play(f"{red}/{ai.choose_target(pos, 'blue', 'script')}")
    assert pos.route == SAFE_ROUTE + ["Depot/Beacon"] and pos.outcome.winner is None


def test_restart_runs_the_scripted_opening_again():
    played = Position.from_route(SAFE_ROUTE, rules="v1")
    assert played.outcome is not None
    restarted = Position.start(played.rules)
    assert ai.choose_target(restarted, "blue", "script") == "South Pass"
    assert all(c == {"red": 0, "blue": 0} for c in restarted.markers.values())


def test_script_falls_back_to_the_first_legal_target_in_table_order():
    # Blue tied Crossroads in round 1 (not the script), so Depot is out of reach in round 2.
    pos = Position.from_route(["Crossroads/Crossroads"])
    assert "Depot" not in pos.legal_targets("blue")
    assert ai.scripted_target(pos, "blue") == "Crossroads"
    assert ai.scripted_target(Position.start(), "red") == "North Pass"


def test_random_opponent_is_legal_and_reproducible_with_a_seed():
    pos = Position.from_route(["North Pass/South Pass"])
    picks = [ai.choose_target(pos, "blue", "random", rng=random.Random(seed)) for seed in range(40)]
    assert set(picks) == set(pos.legal_targets("blue"))
    again = [ai.choose_target(pos, "blue", "random", rng=random.Random(seed)) for seed in range(40)]
    assert picks == again


def test_equilibrium_opponent_samples_its_strategy():
    pos = Position.from_route(["North Pass/Crossroads"], rules="v1")
    _, red, _ = solve(pos)
    support = {t for t, p in red.items() if p > 0}
    rng = random.Random(7)
    picks = [ai.choose_target(pos, "red", "equilibrium", rng=rng) for _ in range(400)]
    assert set(picks) == support
    for target in support:
        assert picks.count(target) / len(picks) == pytest.approx(red[target], abs=0.1)


def test_sample_follows_the_cumulative_distribution():
    class Fixed:
        def __init__(self, value):
            self.value = value

        def random(self):
            return self.value

    strategy = {"Depot": 0.25, "North Pass": 0.75}  # sampled in table order: North Pass first
    assert ai.sample(strategy, Fixed(0.0)) == "North Pass"
    assert ai.sample(strategy, Fixed(0.74)) == "North Pass"
    assert ai.sample(strategy, Fixed(0.76)) == "Depot"


def test_search_steps_yield_before_returning():
    steps = ai.search_steps(Position.start(), "equilibrium", side="red", rng=random.Random(1))
    yields = 0
    while True:
        try:
            next(steps)
            yields += 1
        except StopIteration as stop:
            assert stop.value in Position.start().legal_targets("red")
            break
    assert yields >= 1


def test_opponent_errors_are_clear():
    with pytest.raises(ValueError, match="opponent"):
        ai.choose_target(Position.start(), "red", "genius")
    with pytest.raises(ValueError, match="side"):
        ai.choose_target(Position.start(), "green", "random")
    with pytest.raises(ValueError, match="over"):
        ai.choose_target(Position.from_route(SAFE_ROUTE), "red", "script")


def test_use_method_switches_the_induction_and_clears_the_cache():
    try:
        ai.use_method("exact")
        assert ai.cache_stats()["states"] == 0
        pos = Position.from_route(["North Pass/Crossroads"], rules="v1")
        exact_value, exact_red, _ = solve(pos)
        ai.use_method("lp")
        lp_value, lp_red, _ = solve(pos)
        assert exact_value == pytest.approx(lp_value, abs=1e-9)
        assert {t for t, p in exact_red.items() if p} == {t for t, p in lp_red.items() if p}
        with pytest.raises(ValueError, match="method"):
            ai.use_method("oracle")
    finally:
        ai.use_method("auto")


# -- the shipped equilibrium --------------------------------------------------------------------
def test_the_shipped_equilibrium_is_a_fresh_exact_solve_of_every_state():
    """``equilibrium.json`` is what the exact solver gives now (so it cannot go stale), and it
    holds every state of a game that is not over, for both rule sets."""
    assert ai._shipped.__wrapped__() == ai._shipped()  # read twice: the same table
    fresh = ai.equilibrium_table()
    shipped = ai._shipped()
    assert {(r, k) for r, states in fresh["states"].items() for k in states} == set(shipped)
    for rules, states in fresh["states"].items():
        for key, entry in states.items():
            assert shipped[rules, key] == entry
    for rules in ("v0", "v1"):
        playing = [p for p in reachable(rules) if p.outcome is None]
        assert {(rules, ai.markers_key(p.marker_counts)) for p in playing} <= set(shipped)
        for pos in playing:  # the table agrees with an independent exact induction
            value = shipped[rules, ai.markers_key(pos.marker_counts)]["value"]
            assert value == pytest.approx(float(exact_tree(pos, {})), abs=1e-9)


def test_the_equilibrium_opponent_plays_an_equilibrium_strategy_of_the_table():
    """From a cold cache the opponent samples the shipped strategy (its support, roughly its
    weights) without solving anything."""
    ai.clear_cache()
    pos = Position.from_route(["North Pass/Crossroads"], rules="v0")
    table = ai.shipped_strategy(pos, "red")
    assert table is not None
    rng = random.Random(3)
    picks = [ai.choose_target(pos, "red", "equilibrium", rng=rng) for _ in range(400)]
    assert ai.cache_stats()["states"] == 0  # nothing was solved
    assert set(picks) == {t for t, p in table.items() if p > 0}
    for target, p in table.items():
        assert picks.count(target) / len(picks) == pytest.approx(p, abs=0.1)


def test_every_level_answers_within_its_budget_under_load():
    """A player waits in wall time: from a cold cache (a first game in a fresh kernel) every
    level answers well inside a short budget on a loaded machine; the equilibrium's first
    solve alone takes 0.2-0.8 s of CPU, about twice that in wall time here."""
    from loaded import check_answers_at_once

    for rules in ("v0", "v1"):
        for level in ai.LEVELS:
            ai.clear_cache()
            check_answers_at_once(
                lambda level=level, rules=rules: ai.search_steps(
                    Position.start(rules),
                    level,
                    side="blue",
                    rng=random.Random(1),
                    time_budget=0.15,
                ),
                0.15,
            )
