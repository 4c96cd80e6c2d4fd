"""Tower Gate rules: one test (or table) per sentence of docs/RULES.md's Tower Gate section,
hypothesis playouts with the height/colour invariants, and legal moves checked against an
independent brute-force generator written here from the rules text."""

from __future__ import annotations

from typing import Any

import pytest
from boardbook.core.game import ForbiddenMoveError, IllegalMoveError, MalformedMoveError
from boardbook.towergate import BLESSINGS, Position, parse_move, rules
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

SQ = [f"{c}{r}" for r in range(1, 6) for c in "ABCDE"]


def board(
    levels: dict[str, str] | None = None,
    terracotta: tuple[str, ...] = ("B4", "D4"),
    blue: tuple[str, ...] = ("B2", "D2"),
    turn: int = 0,
    blessings: dict[str, str | None] | None = None,
    mason_used: dict[str, bool] | None = None,
) -> Position:
    """A position from levels written as 't'/'b' strings, bottom first."""
    lv = {sq: "" for sq in SQ}
    lv.update(levels or {})
    return Position.from_json(
        {
            "levels": [lv[sq] for sq in SQ],
            "workers": {"terracotta": list(terracotta), "blue": list(blue)},
            "turn": turn,
            "blessings": blessings or {"terracotta": None, "blue": None},
            "mason_used": mason_used or {"terracotta": False, "blue": False},
        }
    )


def as_written(pos: Position) -> Position:
    """The same position under RULES.md's blessings without the balance limits (rules
    docstring): a rule set is part of the position."""
    return Position.from_json({**pos.to_json(), "rules": "as-written"})


def code_of(pos: Position, move: str) -> str:
    with pytest.raises(IllegalMoveError) as info:
        pos.play(move)
    return info.value.code


# ------------------------------------------------------------------ board, pieces, setup


def test_fixed_setup_squares_and_first_mover() -> None:
    pos = Position.start("fixed")
    assert pos.workers == {"terracotta": ("B4", "D4"), "blue": ("B2", "D2")}
    assert pos.to_move == "terracotta"
    assert all(pos.height(sq) == 0 and pos.levels(sq) == () for sq in SQ)
    assert pos.turn == 0 and pos.outcome is None


def test_free_setup_alternates_terracotta_first_and_is_not_turns() -> None:
    pos = Position.start("free")
    assert pos.in_setup and pos.to_move == "terracotta"
    assert len(pos.legal_moves()) == 25
    sides = []
    for sq in ("C3", "C2", "b4", "D2"):
        sides.append(pos.to_move)
        pos = pos.play(sq)
    assert sides == ["terracotta", "blue", "terracotta", "blue"]
    assert pos.workers == {"terracotta": ("C3", "B4"), "blue": ("C2", "D2")}  # A1, B1, … order
    assert pos.turn == 0 and not pos.in_setup and pos.to_move == "terracotta"


def test_setup_errors() -> None:
    pos = Position.start("free").play("C3")
    assert code_of(pos, "C3") == "occupied"
    assert code_of(pos, "C2-C1^B1") == "placement_expected"
    assert code_of(Position.start(), "C3") == "setup_over"


def test_squares_accept_lower_case_and_print_upper_case() -> None:
    move = parse_move("b4-c3^c4")
    assert str(move) == "B4-C3^C4"
    assert Position.start().play("b4-c3^c4") == Position.start().play("B4-C3^C4")
    assert Position.start().height("c4") == 0
    for bad in ("Z9", "B4-C3^", "B4C3", "", "B4-C3^C4^C5", "F1"):
        with pytest.raises(MalformedMoveError):
            Position.start().play(bad)
    with pytest.raises(MalformedMoveError):
        Position.start().play(17)  # type: ignore[arg-type]


# ------------------------------------------------------------------ a turn: move, then build


def test_move_to_neighbour_then_build_with_own_colour() -> None:
    pos = Position.start().play("B4-C3^C4")
    assert pos.workers["terracotta"] == ("C3", "D4")
    assert pos.levels("C4") == ("terracotta",) and pos.turn == 1 and pos.to_move == "blue"
    pos = pos.play("B2-B3^C4")
    assert pos.levels("C4") == ("terracotta", "blue")


def test_only_neighbouring_squares() -> None:
    pos = Position.start()
    assert code_of(pos, "B4-B2^B3") in ("occupied", "not_adjacent")
    assert code_of(pos, "D4-D2^D3") in ("occupied", "not_adjacent")
    assert code_of(pos, "B4-B4^B3") == "not_adjacent"
    e = pytest.raises(ForbiddenMoveError, pos.play, "D4-E2^E1").value
    assert e.code == "not_adjacent" and e.details["source"] == "D4"


def test_not_your_worker() -> None:
    pos = Position.start()
    assert code_of(pos, "B2-B3^B4") == "not_your_worker"
    assert code_of(pos, "C3-C4^C5") == "not_your_worker"


@pytest.mark.parametrize(
    ("worker_levels", "target_levels", "legal"),
    [
        ("", "t", True),  # up one
        ("", "tt", False),  # up two
        ("t", "tt", True),
        ("tt", "", True),  # down any number
        ("tt", "t", True),
        ("", "ttt", False),
    ],
)
def test_climb_at_most_one_descend_any(worker_levels: str, target_levels: str, legal: bool) -> None:
    pos = board({"B4": worker_levels, "B5": target_levels})
    if legal:
        assert pos.is_legal("B4-B5^A5")
    else:
        assert code_of(pos, "B4-B5^A5") == "climb_too_high"


def test_never_onto_worker_or_dome() -> None:
    pos = board({"C3": "tbtb"}, terracotta=("B4", "C4"))
    assert code_of(pos, "B4-C4^C5") == "occupied"
    assert code_of(pos, "B4-C3^D3") == "dome"
    assert not pos.can_enter("terracotta", "C3") and not pos.can_enter("blue", "C3")


@pytest.mark.parametrize(
    ("levels", "terracotta_may", "blue_may"),
    [
        ("", True, True),
        ("b", True, True),  # height 1: anyone, whatever the colour
        ("t", True, True),
        ("tt", True, False),
        ("bb", False, True),
        ("tb", False, False),  # equal: nobody
        ("bt", False, False),
        ("ttb", True, False),
        ("btb", False, True),
    ],
)
def test_colour_rule(levels: str, terracotta_may: bool, blue_may: bool) -> None:
    pos = board({"C3": levels, "B4": "tt", "C2": "bb"}, terracotta=("B4", "E5"), blue=("C2", "A1"))
    assert pos.can_enter("terracotta", "C3") is terracotta_may
    assert pos.can_enter("blue", "C3") is blue_may
    if len(levels) < 3:  # (height 3 would be a win without a build)
        assert pos.is_legal("B4-C3^D3") is terracotta_may
        blue_pos = board(
            {"C3": levels, "B4": "tt", "C2": "bb"},
            terracotta=("B4", "E5"),
            blue=("C2", "A1"),
            turn=1,
        )
        assert blue_pos.is_legal("C2-C3^D3") is blue_may


def test_colour_tie_error_names_the_rule() -> None:
    pos = board({"C3": "tb", "B4": "t"})
    e = pytest.raises(ForbiddenMoveError, pos.play, "B4-C3^C4").value
    assert e.code == "colour_tie"
    assert e.reason == "C3 is height 2 with 1 terracotta and 1 blue level: nobody may enter"
    assert e.details == {"square": "C3", "height": 2, "terracotta": 1, "blue": 1}
    pos = board({"C3": "bb", "B4": "t"})
    assert code_of(pos, "B4-C3^C4") == "colour_minority"


def test_build_on_any_neighbour_including_the_vacated_square() -> None:
    pos = Position.start()
    builds = {m.build for m in pos.legal_moves() if m.source == "B4" and m.target == "C3"}
    # C3's neighbours except the workers on B2 and D2 and D4; B4 (just left) is included
    assert builds == {"C2", "B3", "D3", "B4", "C4"}
    assert pos.play("B4-C3^B4").levels("B4") == ("terracotta",)


def test_never_build_on_worker_or_dome() -> None:
    pos = board({"C4": "tbtb"})
    assert code_of(pos, "B4-C3^D4") == "build_occupied"
    assert code_of(pos, "B4-C3^C4") == "build_dome"
    assert code_of(pos, "B4-C3^E5") == "build_not_adjacent"
    assert code_of(pos, "B4-C3^C3") == "build_not_adjacent"


def test_building_on_three_makes_a_dome_nobody_enters() -> None:
    pos = board({"C4": "ttb"}).play("B4-C3^C4")
    assert pos.dome("C4") and pos.height("C4") == 4
    assert pos.levels("C4") == ("terracotta", "terracotta", "blue", "terracotta")
    assert not pos.can_enter("terracotta", "C4") and not pos.can_enter("blue", "C4")


# ------------------------------------------------------------------ winning, losing, draws


def test_moving_onto_height_three_wins_without_a_build() -> None:
    pos = board({"B4": "tt", "C3": "ttb"})
    assert code_of(pos, "B4-C3^C4") == "no_build_on_win"
    won = pos.play("B4-C3")
    assert won.outcome is not None
    assert won.outcome.winner == "terracotta"
    assert won.outcome.termination == "reached_third_level"
    assert won.outcome.squares == ("C3",)
    assert won.to_move is None and won.legal_moves() == []
    assert code_of(won, "D2-D3^D2") == "game_over"
    assert code_of(board({"C3": "t"}), "B4-C3") == "build_required"


def test_no_legal_move_on_your_turn_loses() -> None:
    # blue's workers in the corners, walled in by domes and terracotta workers
    walls = {sq: "tttt" for sq in ("B1", "A2", "D1", "E2")}
    pos = board(walls, terracotta=("B2", "C3"), blue=("A1", "E1"), turn=0)
    after = pos.play("C3-D2^C3")  # terracotta steps next to E1: blue cannot move
    assert after.outcome is not None
    assert after.outcome.winner == "terracotta"
    assert after.outcome.termination == "no_legal_move"
    assert after.outcome.details["side"] == "blue"
    assert set(after.outcome.squares) == {"A1", "E1"}


def test_draw_after_one_hundred_turns_and_a_win_on_the_hundredth_stands() -> None:
    pos = board({"B4": "tt", "C3": "ttb"}, turn=98)
    last = pos.play("D4-D5^E5").play("D2-D3^E3")
    assert last.turn == 100
    assert last.outcome is not None and last.outcome.winner is None
    assert last.outcome.termination == "turn_limit"
    win = board({"B2": "bb", "C3": "bbt"}, turn=99).play("B2-C3")
    assert win.turn == 100
    assert win.outcome is not None and win.outcome.winner == "blue"


def test_hundredth_turn_draws_even_if_the_next_side_is_stuck() -> None:
    walls = {sq: "bbbb" for sq in ("B1", "A2", "D1", "E2")}
    for turn, termination, winner in ((97, "no_legal_move", "blue"), (99, "turn_limit", None)):
        pos = board(walls, terracotta=("A1", "E1"), blue=("B2", "C3"), turn=turn)
        assert pos.to_move == "blue"
        after = pos.play("C3-D2^C3")  # terracotta is boxed in by domes and blue workers
        assert after.outcome is not None
        assert (after.outcome.termination, after.outcome.winner) == (termination, winner)


# ------------------------------------------------------------------ blessings


def wind(side: str = "terracotta") -> dict[str, str | None]:
    return {"terracotta": "wind" if side == "terracotta" else None, "blue": None}


def test_wind_two_squares_straight() -> None:
    pos = board(terracotta=("A4", "E5"), blessings=wind())
    assert pos.is_legal("A4-C4^C3")  # orthogonal
    assert pos.is_legal("A4-C2^C3")  # diagonal
    assert pos.is_legal("A4-B4^C4")  # one square is still allowed
    assert code_of(pos, "A4-C5^C4") == "not_straight"
    assert code_of(pos, "A4-B2^B1") == "not_straight"
    assert code_of(board(terracotta=("A4", "E5")), "A4-C4^C3") == "not_adjacent"
    assert code_of(pos, "A4-D4^D3") == "not_adjacent"  # three squares


@pytest.mark.parametrize(
    ("middle", "final", "legal"),
    [
        ("", "", True),
        ("t", "tt", True),  # each step climbs one
        ("", "tt", False),  # the second step climbs two
        ("tt", "", False),  # the first step climbs two
        ("tb", "", False),  # the middle is a colour tie
        ("tttt", "", False),  # a dome in the middle
        ("t", "bb", False),  # the final square is a blue majority
    ],
)
def test_wind_each_step_is_a_legal_move_on_its_own(middle: str, final: str, legal: bool) -> None:
    pos = board({"B4": "", "C4": middle, "D4": final}, terracotta=("B4", "E1"), blessings=wind())
    assert pos.is_legal("B4-D4^E4") is legal


def test_wind_middle_worker_blocks_and_only_the_final_square_wins() -> None:
    pos = board({"B4": "tt", "C4": "ttb", "D4": "tt"}, terracotta=("B4", "E1"), blessings=wind())
    through = pos.play("B4-D4^E4")  # passes over the height-3 C4: no win, it builds
    assert through.outcome is None and through.levels("E4") == ("terracotta",)
    blocked = board({}, terracotta=("B4", "E1"), blue=("C4", "A1"), blessings=wind())
    assert code_of(blocked, "B4-D4^E4") == "occupied"
    climb = board({"B4": "t", "C4": "tt", "D4": "ttt"}, terracotta=("B4", "E1"), blessings=wind())
    # balance change (rules docstring): Wind's two-square move ends at most on height 2
    assert code_of(climb, "B4-D4") == "wind_too_high"
    assert "B4-D4" not in {str(m) for m in climb.legal_moves()}
    # RULES.md as written: the final square wins
    won = as_written(climb).play("B4-D4")
    assert won.outcome is not None and won.outcome.squares == ("D4",)
    assert won.rules == rules.AS_WRITTEN and climb.rules == rules.BALANCED


def test_wind_builds_around_the_final_square() -> None:
    pos = board(terracotta=("A4", "E1"), blessings=wind())
    builds = {m.build for m in pos.legal_moves() if m.source == "A4" and m.target == "C4"}
    assert builds == {"B3", "C3", "D3", "B4", "D4", "B5", "C5", "D5"}  # not A4: not next to C4
    assert code_of(pos, "A4-C4^A3") == "build_not_adjacent"


def mason(used: bool = False) -> dict[str, Any]:
    return {
        "blessings": {"terracotta": "mason", "blue": None},
        "mason_used": {"terracotta": used, "blue": False},
    }


def test_mason_double_build_once_heights_zero_to_two() -> None:
    pos = board(**mason())
    after = pos.play("B4-C3^^C4")
    assert after.levels("C4") == ("terracotta", "terracotta")
    assert after.mason_used["terracotta"] and after.play("D2-D3^E3").to_move == "terracotta"
    again = after.play("D2-D3^E3")
    assert code_of(again, "C3-B3^^A3") == "mason_used"
    assert again.is_legal("C3-B3^A3")
    two = board({"C4": "bt"}, **mason()).play("B4-C3^^C4")  # on height 2 the second is a dome
    assert two.dome("C4") and two.levels("C4")[2:] == ("terracotta", "terracotta")
    assert code_of(board({"C4": "btb"}, **mason()), "B4-C3^^C4") == "mason_height"
    assert board({"C4": "btb"}, **mason()).is_legal("B4-C3^C4")
    # balance change: not on height 1 (no height 3 in one build)
    e = pytest.raises(ForbiddenMoveError, board({"C4": "b"}, **mason()).play, "B4-C3^^C4").value
    assert e.code == "mason_height" and e.details["allowed"] == "0 or 2"
    # RULES.md as written: heights 0-2
    assert as_written(board({"C4": "b"}, **mason())).play("B4-C3^^C4").levels("C4") == (
        "blue",
        "terracotta",
        "terracotta",
    )
    assert code_of(as_written(board({"C4": "btb"}, **mason())), "B4-C3^^C4") == "mason_height"
    assert code_of(Position.start(), "B4-C3^^C4") == "no_blessing"


def repaint() -> dict[str, str | None]:
    return {"terracotta": "repaint", "blue": None}


def test_repaint_top_level_instead_of_building() -> None:
    pos = board({"C4": "b", "B4": "b"}, blessings=repaint())
    after = pos.play("B4-C3*C4")
    assert after.levels("C4") == ("terracotta",) and after.height("C4") == 1  # no new level
    vacated = pos.play("B4-C3*B4")  # the square just left counts
    assert vacated.levels("B4") == ("terracotta",)
    own = board({"C4": "t"}, blessings=repaint()).play("B4-C3*C4")  # already own: no change
    assert own.levels("C4") == ("terracotta",) and own.turn == 1
    assert code_of(pos, "B4-C3*D3") == "repaint_height"  # nothing to repaint on height 0
    assert code_of(board({"C4": "tbtb"}, blessings=repaint()), "B4-C3*C4") == "build_dome"
    assert code_of(pos, "B4-C3*D4") == "build_occupied"
    assert code_of(Position.start(), "B4-C3*C4") == "no_blessing"
    again = after.play("D2-D3^E3")  # usable every turn
    assert again.is_legal("C3-B3*C4")
    # balance change (rules docstring): only height-1 squares; RULES.md as written: 1-3
    for levels, repainted in (("tb", ("terracotta",)), ("bbb", ("blue", "blue"))):
        tall = board({"C4": levels}, blessings=repaint())
        e = pytest.raises(ForbiddenMoveError, tall.play, "B4-C3*C4").value
        assert e.code == "repaint_height" and e.details["allowed"] == "1"
        assert as_written(tall).play("B4-C3*C4").levels("C4") == (*repainted, "terracotta")


def test_leap_climbs_two_with_the_colour_rule() -> None:
    leap = {"terracotta": "leap", "blue": None}
    assert code_of(board({"B5": "tt"}), "B4-B5^A5") == "climb_too_high"
    assert code_of(board({"B5": "tb"}, blessings=leap), "B4-B5^B4") == "colour_tie"
    # balance change: after a two-level climb the build goes on the square just left
    leapt = board({"B5": "tt"}, blessings=leap)
    assert leapt.play("B4-B5^B4").levels("B4") == ("terracotta",)
    assert code_of(leapt, "B4-B5^A5") == "leap_build"
    assert {m.build for m in leapt.legal_moves() if m.target == "B5"} == {"B4"}
    assert leapt.is_legal("B4-A5^B5") and leapt.is_legal("B4-A4^A5")  # ordinary moves as ever
    assert as_written(leapt).is_legal("B4-B5^A5")
    # usable every turn (no once-a-game flag)
    twice = board({"B5": "tt", "E4": "tt"}, blessings=leap).play("B4-B5^B4").play("D2-D3^E3")
    assert twice.is_legal("D4-E4^D4") and not twice.blessing_used["terracotta"]
    assert code_of(board({"B5": "ttt"}, blessings=leap), "B4-B5") == "climb_too_high"
    # balance change (rules module docstring): a two-level climb ends at most on height 2,
    # so Leap never climbs 1 -> 3; a one-level climb onto height 3 still wins
    e = pytest.raises(
        ForbiddenMoveError, board({"B4": "t", "B5": "ttb"}, blessings=leap).play, "B4-B5"
    ).value
    assert e.code == "leap_too_high" and e.details["top"] == 2
    # RULES.md as written: 1 -> 3 wins
    won13 = as_written(board({"B4": "t", "B5": "ttb"}, blessings=leap)).play("B4-B5")
    assert won13.outcome is not None and won13.outcome.winner == "terracotta"
    won = board({"B4": "tt", "B5": "ttb"}, blessings=leap).play("B4-B5")
    assert won.outcome is not None and won.outcome.winner == "terracotta"


# ------------------------------------------------------------------ moves and steps


def test_move_steps() -> None:
    assert parse_move("B4").steps == ("B4",)
    assert parse_move("B4-C3^C4").steps == ("B4", "C3", "C4")
    assert parse_move("B4-C3").steps == ("B4", "C3")
    assert parse_move("B4-C3^^C4").steps == ("B4", "C3", "mason", "C4")
    assert parse_move("B4-C3*C4").steps == ("B4", "C3", "repaint", "C4")
    for text in ("B4", "B4-C3^C4", "B4-C3", "B4-C3^^C4", "B4-C3*C4", "A4-C4^C3"):
        assert str(parse_move(text)) == text and parse_move(text) == parse_move(text.lower())


def test_next_steps_and_move_for_steps() -> None:
    pos = board(**mason())
    assert pos.next_steps() == ["B4", "D4"]
    assert "C3" in pos.next_steps(["B4"])
    after_target = pos.next_steps(["B4", "C3"])
    assert "mason" in after_target and "C4" in after_target
    assert pos.move_for_steps(("B4", "C3", "mason", "C4")) == parse_move("B4-C3^^C4")
    assert pos.move_for_steps(("b4", "c3", "c4")) == parse_move("B4-C3^C4")
    assert pos.move_for_steps(("B4", "C3")) is None


# ------------------------------------------------------------------ JSON and consistency


def test_json_round_trip_and_contradictions() -> None:
    pos = board({"C3": "tb", "A1": "bbbt"}, turn=3, **mason(used=True))
    assert Position.from_json(pos.to_json()) == pos
    assert Position.from_text(pos.to_text()) == pos
    assert hash(Position.from_json(pos.to_json())) == hash(pos)
    data = pos.to_json()
    bad: list[dict[str, Any]] = [
        {**data, "to_move": "terracotta"},  # turn 3: blue moves
        {**data, "workers": {"terracotta": ["A1", "D4"], "blue": ["B2", "D2"]}},  # on a dome
        {**data, "workers": {"terracotta": ["B2", "D4"], "blue": ["B2", "D2"]}},  # stacked
        {**data, "workers": {"terracotta": ["C3", "D4"], "blue": ["B2", "D2"]}},  # on a tie
        {**data, "blessing_used": {"terracotta": False, "blue": True}},  # blue has no Mason
        {**data, "turn": 101},
        {**data, "levels": data["levels"][:24]},
        {**data, "levels": ["x"] + data["levels"][1:]},
        {**data, "blessings": {"terracotta": "flight", "blue": None}},
        {**data, "workers": {"terracotta": ["B4"], "blue": ["B2", "D2"]}},  # blue ahead
    ]
    for item in bad:
        with pytest.raises((ValueError, TypeError)):
            Position.from_json(item)
    # a finished game cannot show the loser on height 3
    with pytest.raises(ValueError):
        board({"B4": "ttt"}, turn=2)


def test_immutable_and_hashable() -> None:
    pos = Position.start()
    with pytest.raises(AttributeError):
        pos._turn = 3  # type: ignore[misc]
    with pytest.raises(AttributeError):
        parse_move("B4")._key = 1  # type: ignore[misc]
    assert len({pos, Position.start(), pos.play("B4-C3^C4")}) == 2


def test_legend() -> None:
    pos = board({"C3": "tbt"})
    legend = pos.legend("c3")
    assert legend["height"] == 3 and legend["terracotta"] == 2 and legend["blue"] == 1
    assert legend["levels"] == ["terracotta", "blue", "terracotta"]
    assert legend["enterable"] == {"terracotta": True, "blue": False}
    assert pos.legend("B4")["worker"] == "terracotta"


# ------------------------------------------------------------------ brute force + playouts


def _stand(levels: str, side: str) -> bool:
    n = len(levels)
    if n >= 4:
        return False
    if n <= 1:
        return True
    own = levels.count(side[0])
    return own > n - own


#: The blessing limits of each rule set, written here from RULES.md (the wording, and the
#: balance changes it lists), not read from the engine.
LIMITS: dict[str, dict[str, Any]] = {
    "balanced": {
        "leap_top": 2,
        "leap_build_vacated": True,
        "wind_top": 2,
        "mason_heights": (0, 2),
        "repaint_heights": (1,),
    },
    "as-written": {
        "leap_top": 3,
        "leap_build_vacated": False,
        "wind_top": 3,
        "mason_heights": (0, 1, 2),
        "repaint_heights": (1, 2, 3),
    },
}


def brute_force_moves(data: dict[str, Any]) -> set[str]:
    """Every legal move's notation, from the RULES.md sentences, by trying all squares, under
    the limits of the rule set the position names."""
    coords = {sq: ("ABCDE".index(sq[0]), int(sq[1]) - 1) for sq in SQ}
    lv = dict(zip(SQ, data["levels"], strict=True))
    side = data["to_move"]
    tw, bw = data["workers"]["terracotta"], data["workers"]["blue"]
    if len(tw) + len(bw) < 4:
        return {sq for sq in SQ if sq not in tw + bw}
    own = tw if side == "terracotta" else bw
    everyone = set(tw + bw)
    blessing = data["blessings"][side]
    mason_ok = blessing == "mason" and not data["blessing_used"][side]
    limits = LIMITS[data.get("rules", "balanced")]
    mason_heights, repaint_heights = limits["mason_heights"], limits["repaint_heights"]
    wind_top, leap_top = limits["wind_top"], limits["leap_top"]
    out = set()
    for src in own:
        sx, sy = coords[src]
        for tgt in SQ:
            tx, ty = coords[tgt]
            dx, dy = tx - sx, ty - sy
            if max(abs(dx), abs(dy)) == 1:
                path = [tgt]
            elif blessing == "wind" and {abs(dx), abs(dy)} <= {0, 2} and (dx or dy):
                path = [SQ[(sy + dy // 2) * 5 + sx + dx // 2], tgt]
            else:
                continue
            here, ok = len(lv[src]), True
            for step in path:
                up = len(lv[step]) - here
                # up one level; Leap: up two, as far as its limit (height 2 when balanced)
                climb_ok = up <= 1 or (blessing == "leap" and up == 2 and len(lv[step]) <= leap_top)
                if step in everyone or not _stand(lv[step], side) or not climb_ok:
                    ok = False
                    break
                here = len(lv[step])
            if not ok or (len(path) == 2 and len(lv[tgt]) > wind_top):
                continue
            if len(lv[tgt]) == 3:
                out.add(f"{src}-{tgt}")
                continue
            if (  # balanced: after a Leap, build where it left
                limits["leap_build_vacated"]
                and blessing == "leap"
                and len(lv[tgt]) - len(lv[src]) == 2
            ):
                out.add(f"{src}-{tgt}^{src}")
                continue
            for b in SQ:
                bx, by = coords[b]
                if max(abs(bx - tx), abs(by - ty)) != 1 or b == tgt:
                    continue
                if (b in everyone and b != src) or len(lv[b]) == 4:
                    continue
                out.add(f"{src}-{tgt}^{b}")
                if mason_ok and len(lv[b]) in mason_heights:
                    out.add(f"{src}-{tgt}^^{b}")
                if blessing == "repaint" and len(lv[b]) in repaint_heights:
                    out.add(f"{src}-{tgt}*{b}")
    return out


blessing_st = st.sampled_from((None, *BLESSINGS))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    setup=st.sampled_from(("fixed", "free")),
    t_bless=blessing_st,
    b_bless=blessing_st,
    rule_set=st.sampled_from(tuple(LIMITS)),
    data=st.data(),
)
def test_playouts_invariants_json_and_brute_force(
    setup: str, t_bless: str | None, b_bless: str | None, rule_set: str, data: st.DataObject
) -> None:
    pos = Position.start(setup, {"terracotta": t_bless, "blue": b_bless}, rules=rule_set)
    total_levels = 0
    for _ in range(data.draw(st.integers(0, 70), label="plies")):
        moves = pos.legal_moves()
        if pos.outcome is not None:
            assert moves == [] and pos.to_move is None
            break
        js = pos.to_json()
        assert js["rules"] == rule_set and pos.rules == rules.RULE_SETS[rule_set]
        assert {str(m) for m in moves} == brute_force_moves(js)
        assert len({str(m) for m in moves}) == len(moves)
        steps = [m.steps for m in moves]
        for a in steps:  # prefix-free
            for b in steps:
                assert a == b or a != b[: len(a)]
        assert Position.from_json(js) == pos and Position.from_text(pos.to_text()) == pos
        assert Position.from_text(pos.to_text()).rules == Position.from_json(js).rules == pos.rules
        move = moves[data.draw(st.integers(0, len(moves) - 1), label="move")]
        nxt = pos.play(str(move).lower())
        assert nxt == pos.play(move)
        # invariants
        heights = [nxt.height(sq) for sq in SQ]
        assert all(len(nxt.levels(sq)) == nxt.height(sq) for sq in SQ)
        assert all(nxt.dome(sq) == (nxt.height(sq) == 4) for sq in SQ)
        for side, squares in nxt.workers.items():
            for sq in squares:
                assert not nxt.dome(sq)
                assert nxt.height(sq) <= 1 or nxt.can_enter(side, sq)
        if not nxt.in_setup:
            assert all(len(w) == 2 for w in nxt.workers.values())
            added = sum(heights) - total_levels
            if move.action in ("build",):
                assert added == 1
            elif move.action == "mason":
                assert added == 2
            elif move.action in ("repaint", "win"):
                assert added == 0
            total_levels = sum(heights)
            assert nxt.turn == pos.turn + (0 if move.is_placement else 1)
        pos = nxt


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    t_bless=blessing_st, b_bless=blessing_st, seed=st.integers(0, 2**32), plies=st.integers(1, 60)
)
def test_two_rule_sets_in_one_process_never_mix(
    t_bless: str | None, b_bless: str | None, seed: int, plies: int
) -> None:
    """Two games, one under each rule set, played a move each in turn: every position's legal
    moves are those of its own rules (the brute force above), whatever the other game did."""
    import random

    rng = random.Random(seed)
    blessings = {"terracotta": t_bless, "blue": b_bless}
    games = {name: Position.start("fixed", blessings, rules=name) for name in LIMITS}
    assert len(set(games.values())) == 2  # the same board under other rules is another position
    for _ in range(plies):
        for name, pos in games.items():
            if pos.outcome is not None:
                continue
            moves = pos.legal_moves()
            assert {str(m) for m in moves} == brute_force_moves(pos.to_json())
            games[name] = pos.play(rng.choice(moves))
            assert games[name].rules == rules.RULE_SETS[name]


def test_rules_as_values() -> None:
    """The rule set is chosen at the start, named or by its limits, and refused when unknown;
    other limits keep a text form that reads back."""
    assert Position.start().rules == rules.BALANCED == rules.Rules()
    assert Position.start(rules="as-written").rules == rules.AS_WRITTEN
    assert rules.AS_WRITTEN.name == "as-written" and rules.BALANCED.name == "balanced"
    other = rules.BALANCED.replace(leap_top=3)
    assert other.name is None and rules.Rules.read(other.to_text()) == other
    pos = Position.start(rules=other)
    assert Position.from_text(pos.to_text()).rules == other
    assert Position.from_json(pos.to_json()).rules == other
    # a position text without its sixth field (the puzzle bank's) is a balanced one
    five = " ".join(Position.start(rules="as-written").to_text().split()[:5])
    assert Position.from_text(five) == Position.start()
    for bad in ("house", "leap_top=9", "wind=3", {"leap_top": 4}, 3):
        with pytest.raises(ValueError):
            Position.start(rules=bad)  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        Position.from_json({**Position.start().to_json(), "rules": "house"})
