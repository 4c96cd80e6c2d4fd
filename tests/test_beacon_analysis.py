"""The analysis the book prints: values, strategies, outcome odds (its tables: tests/book)."""

from __future__ import annotations

import pytest
from boardbook.beacon import Position, analysis
from boardbook.beacon.ai import scripted_target

SAFE_ROUTE = ["North Pass/South Pass", "Beacon/Depot"]


def all_red_routes_against_script(rules):
    """Every game Red can play against the scripted Blue (independent brute force)."""
    finished = []
    frontier = [Position.start(rules)]
    while frontier:
        pos = frontier.pop()
        if pos.outcome is not None:
            finished.append(pos)
            continue
        blue = scripted_target(pos, "blue")
        frontier.extend(pos.play(f"{red}/{blue}") for red in pos.legal_targets("red"))
    return finished


@pytest.mark.parametrize("rules", ["v0", "v1"])
def test_value_and_round_one_strategies(rules):
    assert analysis.game_value(rules) == 0.0
    assert analysis.exact_value(analysis.game_value(rules)) == 0
    strategies = analysis.round_one_strategies(rules)
    assert set(strategies["red"]) == {"North Pass", "Crossroads"}
    assert set(strategies["blue"]) == {"Crossroads", "South Pass"}
    for mix in strategies.values():
        assert sum(mix.values()) == pytest.approx(1.0)


@pytest.mark.parametrize("rules", ["v0", "v1"])
def test_outcome_distribution_is_a_distribution(rules):
    dist = analysis.outcome_distribution(rules)
    assert dist["red"] + dist["blue"] + dist["draw"] == pytest.approx(1.0)
    assert sum(dist["ends_in_round"].values()) == pytest.approx(1.0)
    assert analysis.draw_probability(rules) == dist["draw"]
    # a fair game played by both sides' equilibrium strategies: equal winning chances
    assert dist["red"] == pytest.approx(dist["blue"])


def test_v0_games_never_end_before_round_three():
    # Two rounds give at most Home + 2 regions = 3 points under v0: the win check cannot fire.
    dist = analysis.outcome_distribution("v0", "random", "random")
    assert dist["ends_in_round"][1] == 0 and dist["ends_in_round"][2] == 0
    assert dist["ends_in_round"][3] == pytest.approx(1.0)
    assert analysis.outcome_distribution("v1", "random", "random")["ends_in_round"][2] > 0


@pytest.mark.parametrize("rules", ["v0", "v1"])
def test_knowing_the_script_is_worth_what_brute_force_finds(rules):
    results = [p.outcome.winner for p in all_red_routes_against_script(rules)]
    best = max({"red": 1, None: 0, "blue": -1}[w] for w in results)
    assert analysis.best_response_value(rules, "red", "script") == best
    if rules == "v1":
        assert best == 1  # the article's safe route


def test_a_fixed_route_policy_reproduces_the_safe_route():
    plan = {0: "North Pass", 1: "Beacon"}

    def article_red(position):
        return {plan[position.round]: 1.0}

    dist = analysis.outcome_distribution("v1", article_red, "script")
    assert dist["red"] == 1.0 and dist["ends_in_round"][2] == 1.0


@pytest.mark.parametrize("rules", ["v0", "v1"])
@pytest.mark.parametrize("opponent", ["random", "script"])
def test_equilibrium_cannot_be_exploited(rules, opponent):
    for red, blue in (("equilibrium", opponent), (opponent, "equilibrium")):
        dist = analysis.outcome_distribution(rules, red, blue)
        equilibrium_side = "red" if red == "equilibrium" else "blue"
        other_side = "blue" if equilibrium_side == "red" else "red"
        assert dist[equilibrium_side] >= dist[other_side] - 1e-9


def test_beacon_bonus_effect_rows():
    rows = analysis.beacon_bonus_effect()
    assert [row["rules"] for row in rows] == ["v0", "v1"]
    v0, v1 = rows
    assert v0["red_vs_script"] == analysis.best_response_value("v0")
    assert v1["red_vs_script"] == 1.0
    for row in rows:
        assert row["red_wins"] + row["blue_wins"] + row["draw"] == pytest.approx(1.0)


def test_unknown_policy_is_rejected():
    with pytest.raises(ValueError, match="policy"):
        analysis.outcome_distribution("v1", "psychic", "random")


@pytest.mark.parametrize("rules", ["v0", "v1"])
def test_every_equilibrium_ends_in_a_draw(rules):
    assert analysis.equilibrium_results(rules) == {"draw"}
    # ...while other play can be decisive
    dist = analysis.outcome_distribution(rules, "random", "random")
    assert dist["red"] > 0 and dist["blue"] > 0


def test_article_routes_replay_to_the_articles_scores():
    finals = {
        name: Position.from_route(route, rules=rules).scores
        for name, (rules, route) in analysis.ARTICLE_ROUTES.items()
    }
    assert finals == {
        "safe route (v0)": {"red": 3, "blue": 3},
        "safe route (v1)": {"red": 4, "blue": 3},
        "v0 continued": {"red": 2, "blue": 2},
        "failed v1 route": {"red": 2, "blue": 2},
    }
