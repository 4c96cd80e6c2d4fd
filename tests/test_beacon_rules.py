"""Beacon Lines rules: the article's checklist, its hand-calculated routes, and random playouts."""

from __future__ import annotations

import json
import re

import pytest
from boardbook import IllegalMoveError
from boardbook.beacon import EDGES, NEIGHBOURS, REGIONS, Move, Position
from boardbook.beacon.rules import (
    BEACON_POINTS,
    HOMES,
    MIDDLE,
    TARGETS,
    score_control,
    targets_for,
)
from hypothesis import given, settings
from hypothesis import strategies as st

SAFE_ROUTE = ["North Pass/South Pass", "Beacon/Depot"]
V0_CONTINUED = SAFE_ROUTE + ["Depot/Beacon"]
FAILED_V1_ROUTE = ["North Pass/South Pass", "Depot/Depot", "Beacon/Beacon"]

# The article's adjacency table, written out independently of the engine's constant.
ARTICLE_TABLE = {
    "Red Home": {"North Pass", "Crossroads"},
    "Blue Home": {"Crossroads", "South Pass"},
    "North Pass": {"Red Home", "Beacon", "Depot"},
    "Crossroads": {"Red Home", "Blue Home", "Beacon", "Depot"},
    "South Pass": {"Blue Home", "Beacon", "Depot"},
    "Beacon": {"North Pass", "Crossroads", "South Pass"},
    "Depot": {"North Pass", "Crossroads", "South Pass"},
}


# -- the map ----------------------------------------------------------------------------------
def test_seven_regions_and_only_the_listed_edges():
    assert len(REGIONS) == 7 and set(REGIONS) == set(ARTICLE_TABLE)
    assert {name: set(n) for name, n in NEIGHBOURS.items()} == ARTICLE_TABLE
    expected = {frozenset((a, b)) for a, ns in ARTICLE_TABLE.items() for b in ns}
    assert {frozenset(edge) for edge in EDGES} == expected
    assert len(EDGES) == 10


def test_no_edge_between_the_middle_regions():
    for a in MIDDLE:
        for b in MIDDLE:
            assert frozenset((a, b)) not in {frozenset(e) for e in EDGES}


def test_start_state():
    pos = Position.start()
    assert pos.rules == "v1" and pos.round == 0 and pos.to_move is None and pos.outcome is None
    assert pos.control == {
        "Red Home": "red",
        "Blue Home": "blue",
        "North Pass": None,
        "Crossroads": None,
        "South Pass": None,
        "Beacon": None,
        "Depot": None,
    }
    assert set(pos.markers) == set(TARGETS)
    assert all(count == {"red": 0, "blue": 0} for count in pos.markers.values())
    assert pos.scores == {"red": 1, "blue": 1}


def test_legal_first_moves_exclude_the_objectives():
    pos = Position.start()
    assert pos.legal_targets("red") == ("North Pass", "Crossroads")
    assert pos.legal_targets("blue") == ("Crossroads", "South Pass")
    assert [str(m) for m in pos.legal_moves()] == [
        "North Pass/Crossroads",
        "North Pass/South Pass",
        "Crossroads/Crossroads",
        "Crossroads/South Pass",
    ]
    for illegal in ["Beacon/South Pass", "North Pass/Depot", "South Pass/South Pass"]:
        with pytest.raises(IllegalMoveError, match="not adjacent"):
            pos.play(illegal)


# -- one snapshot, one claim each ---------------------------------------------------------------
def test_both_sides_choose_from_the_round_start_snapshot():
    # Blue holds Crossroads after round 1. In round 2 Red ties Crossroads while Blue claims the
    # Beacon through Crossroads: legal, because Blue held Crossroads when the round started.
    pos = Position.from_route(["North Pass/Crossroads"])
    assert pos.control["Crossroads"] == "blue"
    after = pos.play("Crossroads/Beacon")
    assert after.control["Crossroads"] is None and after.control["Beacon"] == "blue"
    assert after.records[-1].start_control["Crossroads"] == "blue"
    # ...and a region claimed this round opens nothing this round: Red's first claim cannot be
    # followed by a claim beyond it in the same round (the objectives stay out of reach).
    assert "Beacon" not in Position.start().legal_targets("red")


def test_exactly_one_claim_each_per_round():
    pos = Position.from_route(FAILED_V1_ROUTE[:2])
    for n, record in enumerate(pos.records, start=1):
        assert sum(c["red"] for c in record.markers.values()) == n
        assert sum(c["blue"] for c in record.markers.values()) == n
    for malformed in ["North Pass", "North Pass/South Pass/Beacon", "", "/", 3, None]:
        with pytest.raises(IllegalMoveError):
            Position.start().play(malformed)


def test_a_held_region_needs_another_controlled_neighbour():
    # Red holds the Beacon but none of its neighbours: it cannot reinforce the Beacon.
    control = {name: None for name in REGIONS}
    control.update({"Red Home": "red", "Blue Home": "blue", "Beacon": "red"})
    assert "Beacon" not in targets_for(control, "red")
    control["Crossroads"] = "red"
    assert "Beacon" in targets_for(control, "red")


def test_homes_are_never_targets():
    pos = Position.start()
    with pytest.raises(IllegalMoveError, match="Home"):
        pos.play("Red Home/South Pass")
    with pytest.raises(IllegalMoveError, match="Home"):
        pos.play("North Pass/Red Home")


# -- control and scoring ------------------------------------------------------------------------
def test_one_marker_controls_and_equal_markers_are_neutral():
    pos = Position.from_route(["Crossroads/South Pass"])
    assert pos.markers["Crossroads"] == {"red": 1, "blue": 0}
    assert pos.control["Crossroads"] == "red"
    tied = Position.from_route(["Crossroads/Crossroads"])
    assert tied.markers["Crossroads"] == {"red": 1, "blue": 1}
    assert tied.control["Crossroads"] is None
    assert tied.scores == {"red": 1, "blue": 1}


def test_ties_score_zero_even_on_the_beacon():
    pos = Position.from_route(FAILED_V1_ROUTE)
    assert pos.markers["Beacon"] == {"red": 1, "blue": 1}
    assert pos.control["Beacon"] is None
    assert pos.scores == {"red": 2, "blue": 2}


def test_beacon_scores_one_in_v0_and_two_in_v1():
    control = {name: None for name in REGIONS}
    control.update({"Red Home": "red", "Blue Home": "blue", "Beacon": "red"})
    assert score_control(control, "v0") == {"red": 2, "blue": 1}
    assert score_control(control, "v1") == {"red": 3, "blue": 1}
    assert BEACON_POINTS == {"v0": 1, "v1": 2}


# -- the article's routes -----------------------------------------------------------------------
def test_safe_route_round_one_is_two_all():
    for rules in ("v0", "v1"):
        pos = Position.from_route(SAFE_ROUTE[:1], rules=rules)
        assert pos.scores == {"red": 2, "blue": 2}
        assert pos.control["North Pass"] == "red" and pos.control["South Pass"] == "blue"
        assert all(pos.control[r] is None for r in ("Crossroads", "Beacon", "Depot"))
        assert pos.outcome is None


def test_safe_route_v0_round_two_is_three_all_and_play_goes_on():
    pos = Position.from_route(SAFE_ROUTE, rules="v0")
    assert pos.scores == {"red": 3, "blue": 3}
    assert pos.outcome is None and not pos.records[-1].win_check
    assert pos.legal_moves()


def test_safe_route_v1_round_two_is_four_three_and_red_wins():
    pos = Position.from_route(SAFE_ROUTE, rules="v1")
    assert pos.scores == {"red": 4, "blue": 3}
    assert pos.records[-1].win_check
    assert pos.outcome is not None and pos.outcome.winner == "red"
    assert pos.outcome.termination == "score_lead"
    assert pos.outcome.details == {"round": 2, "red": 4, "blue": 3}
    assert pos.legal_moves() == [] and pos.legal_targets("red") == ()
    with pytest.raises(IllegalMoveError, match="over"):
        pos.play("Depot/Beacon")


def test_v0_continued_ends_in_a_two_all_draw():
    pos = Position.from_route(V0_CONTINUED, rules="v0")
    assert pos.control["Beacon"] is None and pos.control["Depot"] is None
    assert pos.control["Crossroads"] is None
    assert pos.scores == {"red": 2, "blue": 2}
    assert pos.outcome is not None and pos.outcome.winner is None
    assert not pos.records[-1].win_check


def test_failed_v1_route_is_a_two_all_draw_without_beacon_bonus():
    pos = Position.start("v1")
    expected = [{"red": 2, "blue": 2}] * 3
    for move, scores in zip(FAILED_V1_ROUTE, expected):
        pos = pos.play(move)
        assert pos.scores == scores
    assert pos.markers["Depot"] == {"red": 1, "blue": 1}
    assert pos.outcome is not None and pos.outcome.winner is None
    assert pos.outcome.termination == "equal_scores" and pos.outcome.scores == {"red": 2, "blue": 2}


def test_round_record_has_every_field_of_the_article():
    pos = Position.from_route(SAFE_ROUTE, rules="v1")
    first, second = pos.records
    assert first.round == 1 and first.targets == {"red": "North Pass", "blue": "South Pass"}
    assert first.start_control["North Pass"] is None and first.control["North Pass"] == "red"
    assert second.start_control["North Pass"] == "red"
    assert second.markers["Beacon"] == {"red": 1, "blue": 0}
    assert second.scores == {"red": 4, "blue": 3} and second.win_check
    assert json.loads(json.dumps(second.to_json()))["targets"] == {"red": "Beacon", "blue": "Depot"}


def test_restart_clears_every_non_home_marker():
    played = Position.from_route(V0_CONTINUED, rules="v0")
    restarted = Position.start(rules=played.rules)
    assert restarted.round == 0 and restarted.records == ()
    assert all(count == {"red": 0, "blue": 0} for count in restarted.markers.values())
    assert restarted.control == Position.start().control
    assert played.markers["Depot"] == {"red": 1, "blue": 1}  # the old game is a value, untouched


# -- bad input --------------------------------------------------------------------------------
def test_illegal_moves_name_the_move_and_the_reason_and_change_nothing():
    pos = Position.from_route(SAFE_ROUTE[:1])
    for bad in ["Lighthouse/Depot", "north pass / Nowhere", "Beacon"]:
        with pytest.raises(IllegalMoveError) as info:
            pos.play(bad)
        assert isinstance(info.value, ValueError) and info.value.code == "malformed"
        assert repr(bad) in str(info.value)
    assert pos.round == 1 and pos.route == SAFE_ROUTE[:1]


def test_region_names_are_read_case_insensitively():
    pos = Position.start().play("north pass /  south pass")
    assert pos.route == ["North Pass/South Pass"]
    assert Position.start().play(Move("North Pass", "South Pass")) == pos
    assert Position.start().play(("North Pass", "South Pass")) == pos


def test_unknown_rules_and_sides_are_rejected():
    with pytest.raises(ValueError, match="rules"):
        Position.start(rules="v2")
    with pytest.raises(ValueError, match="side"):
        Position.start().legal_targets("green")


def test_json_and_repr_round_trip():
    pos = Position.from_route(FAILED_V1_ROUTE[:2], rules="v0")
    data = json.loads(json.dumps(pos.to_json()))
    assert Position.from_json(data) == pos
    assert eval(repr(pos), {"Position": Position}) == pos
    assert len({pos, Position.from_json(data), Position.start()}) == 2  # positions are hashable
    with pytest.raises(ValueError):
        Position.from_json({"game": "reversi"})
    with pytest.raises(IllegalMoveError):
        Position.from_json({"game": "beacon", "rules": "v1", "route": ["Beacon/Depot"]})


def test_undo_returns_the_previous_round():
    pos = Position.from_route(SAFE_ROUTE, rules="v1")
    assert pos.undo() == Position.from_route(SAFE_ROUTE[:1], rules="v1")
    assert Position.start().undo() == Position.start()


def test_svg_draws_every_region_and_only_the_roads():
    svg = Position.from_route(SAFE_ROUTE, rules="v1")._repr_svg_()
    assert svg.startswith("<svg") and svg.endswith("</svg>")
    squares = re.findall(r'data-square="([^"]+)"', svg)
    assert sorted(squares) == sorted(REGIONS)
    assert svg.count('class="bb-road"') == len(EDGES)  # one road per edge, nothing else
    assert "<title>Beacon 2 pt, held by Red, markers Red 1 Blue 0</title>" in svg
    assert not re.search(r"<g [^>]*aria-label", svg)  # not allowed on a <g> without a role


# -- random playouts --------------------------------------------------------------------------
@settings(max_examples=150, deadline=None)
@given(rules=st.sampled_from(["v0", "v1"]), picks=st.lists(st.integers(0, 24), max_size=5))
def test_random_playouts_keep_the_invariants(rules, picks):
    pos = Position.start(rules)
    previous = pos.markers
    for pick in picks:
        moves = pos.legal_moves()
        if not moves:
            break
        move = moves[pick % len(moves)]
        pos = pos.play(str(move))
        # only targets legal on the snapshot were accepted, and markers only grow
        record = pos.records[-1]
        assert move.red in targets_for(record.start_control, "red")
        assert move.blue in targets_for(record.start_control, "blue")
        for name in TARGETS:
            for side in ("red", "blue"):
                assert pos.markers[name][side] >= previous[name][side]
        previous = pos.markers
        # scores are a recount from control, never accumulated
        recount = {"red": 0, "blue": 0}
        for name, owner in pos.control.items():
            if owner:
                recount[owner] += BEACON_POINTS[rules] if name == "Beacon" else 1
        assert pos.scores == recount == record.scores
        assert pos.control["Red Home"] == "red" and pos.control["Blue Home"] == "blue"
        assert Position.from_json(json.loads(json.dumps(pos.to_json()))) == pos
    assert pos.round <= 3
    if pos.round == 3:
        assert pos.outcome is not None
    if pos.outcome is not None:
        scores = pos.outcome.scores
        winner = pos.outcome.winner
        if winner is None:
            assert scores["red"] == scores["blue"]
        else:
            assert scores[winner] > scores["red" if winner == "blue" else "blue"]
    assert set(HOMES.values()).isdisjoint(pos.markers)


def test_engine_imports_and_plays_without_scipy():
    import subprocess
    import sys

    code = (
        "import sys; sys.modules['scipy'] = None\n"
        "from boardbook.beacon import Position\n"
        "from boardbook.beacon.ai import choose_target\n"
        "p = Position.start()\n"
        "print(p.play('North Pass/' + choose_target(p, 'blue', 'script')).scores)\n"
        "from boardbook.beacon import solve\n"
        "print(solve(p)[0], choose_target(p, 'blue', 'equilibrium') in p.legal_targets('blue'))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    # the equilibrium CPU falls back to the exact pure-Python solver (as in a bare Pyodide)
    assert out.stdout.split("\n")[:2] == ["{'red': 2, 'blue': 2}", "0.0 True"]
