"""Quads rules: every sentence of docs/RULES.md's Quads section, the notation, the errors, JSON,
symmetry groups, and hypothesis playouts checked against an independent brute-force win test."""

from __future__ import annotations

import itertools
import json
import random

import pytest
from boardbook.core.game import ForbiddenMoveError, IllegalMoveError, MalformedMoveError
from boardbook.quads import Move, Position, describe_piece, parse_move
from boardbook.quads.rules import (
    ATTRIBUTE_SYMMETRIES,
    BOARD_SYMMETRIES,
    CLASSIC_BOARD_SYMMETRIES,
    LINE_SHAPES,
    SHAPES,
    shared_attributes,
)
from hypothesis import given, settings
from hypothesis import strategies as st

# ---------------------------------------------------------------- independent geometry


def _idx(name: str) -> int:
    return (int(name[1]) - 1) * 4 + "ABCD".index(name[0])


ROWS = [[r * 4 + c for c in range(4)] for r in range(4)]
COLS = [[r * 4 + c for r in range(4)] for c in range(4)]
DIAGS = [[0, 5, 10, 15], [3, 6, 9, 12]]
BLOCKS = [
    [r * 4 + c, r * 4 + c + 1, r * 4 + c + 4, r * 4 + c + 5] for r in range(3) for c in range(3)
]


def brute_won(board: list[int | None], squares: bool = True) -> bool:
    """Some shape is full and its four pieces agree on some bit (all 1 or all 0)."""
    shapes = ROWS + COLS + DIAGS + (BLOCKS if squares else [])
    for shape in shapes:
        pieces = [board[i] for i in shape]
        if None in pieces:
            continue
        for bit in (1, 2, 4, 8):
            values = {bool(p & bit) for p in pieces}  # type: ignore[operator]
            if len(values) == 1:
                return True
    return False


#: a full board with no win (found by a seeded shuffle, checked in a test)
DRAWN_FULL = [1, 4, 10, 15, 7, 13, 0, 5, 6, 9, 14, 8, 12, 2, 11, 3]


def play_all(pos: Position, *moves: str) -> Position:
    for m in moves:
        pos = pos.play(m)
    return pos


def board_of(**placed: int) -> list[int | None]:
    board: list[int | None] = [None] * 16
    for name, piece in placed.items():
        board[_idx(name)] = piece
    return board


# ---------------------------------------------------------------- pieces and shapes


def test_sixteen_distinct_pieces_from_four_two_way_attributes() -> None:
    words = {describe_piece(p) for p in range(16)}
    assert len(words) == 16
    assert describe_piece(15) == ("large", "dark", "round", "solid")
    assert describe_piece(0) == ("small", "light", "square", "hollow")
    assert describe_piece(13) == ("large", "dark", "square", "solid")
    for p in range(16):
        assert len(describe_piece(p)) == 4
    with pytest.raises(ValueError):
        describe_piece(16)


def test_nineteen_shapes_four_rows_four_columns_two_diagonals_nine_squares() -> None:
    kinds = [s.kind for s in SHAPES]
    assert (kinds.count("row"), kinds.count("column"), kinds.count("diagonal")) == (4, 4, 2)
    assert kinds.count("square") == 9 and len(SHAPES) == 19
    expected = {frozenset(s) for s in ROWS + COLS + DIAGS + BLOCKS}
    assert {frozenset(_idx(n) for n in s.squares) for s in SHAPES} == expected
    assert {s.name for s in SHAPES} >= {"row 2", "column C", "diagonal A1–D4", "square B2–C3"}
    assert len(LINE_SHAPES) == 10 and all(s.kind != "square" for s in LINE_SHAPES)
    assert Position.start(squares=False).winning_shapes == LINE_SHAPES


# ---------------------------------------------------------------- turn structure


def test_first_player_opens_by_giving_a_piece() -> None:
    pos = Position.start()
    assert pos.to_move == "first" and pos.held is None and pos.board == (None,) * 16
    assert [str(m) for m in pos.legal_moves()] == [f":{p}" for p in range(16)]
    after = pos.play(":7")
    assert after.to_move == "second" and after.held == 7
    assert 7 not in after.available() and len(after.available()) == 15


def test_each_turn_places_the_given_piece_then_gives_one() -> None:
    pos = play_all(Position.start(), ":7", "D2:3")
    assert pos.board[_idx("D2")] == 7 and pos.held == 3 and pos.to_move == "first"
    pos = pos.play("a1:12")  # lower case accepted
    assert pos.board[_idx("A1")] == 3 and pos.held == 12 and pos.to_move == "second"


def test_placing_a_piece_on_an_occupied_square_is_refused() -> None:
    pos = play_all(Position.start(), ":7", "C4:3")
    with pytest.raises(ForbiddenMoveError) as err:
        pos.play("C4:5")
    assert err.value.code == "occupied" and "C4 is taken" in err.value.reason
    assert err.value.details == {"square": "C4", "piece": 7}


def test_no_refusing_and_no_passing_a_give_is_required() -> None:
    pos = play_all(Position.start(), ":7", "C4:3")
    with pytest.raises(ForbiddenMoveError) as err:
        pos.play("B1:")
    assert err.value.code == "must_give"
    assert "you must give a piece: 14 remain" in err.value.reason
    with pytest.raises(ForbiddenMoveError) as err:
        pos.play(":5")  # giving without placing the piece you were given
    assert err.value.code == "must_place"
    with pytest.raises(ForbiddenMoveError) as err:
        Position.start().play("A1:5")
    assert err.value.code == "nothing_to_place"


def test_the_piece_to_give_must_be_neither_placed_nor_the_one_being_placed() -> None:
    pos = play_all(Position.start(), ":7", "B3:3")
    with pytest.raises(ForbiddenMoveError) as err:
        pos.play("A1:7")
    assert err.value.code == "piece_on_board" and "piece 7 is already on B3" in err.value.reason
    with pytest.raises(ForbiddenMoveError) as err:
        pos.play("A1:3")
    assert err.value.code == "give_placed"


@pytest.mark.parametrize("text", ["", ":", "E1:3", "A5:3", "A1:16", "A1-3", "7", "A1:x", "pass"])
def test_malformed_text_is_not_a_move(text: str) -> None:
    pos = play_all(Position.start(), ":7")
    with pytest.raises(MalformedMoveError) as err:
        pos.play(text)
    assert err.value.code == "malformed"
    assert isinstance(err.value, IllegalMoveError) and isinstance(err.value, ValueError)


@pytest.mark.parametrize("value", [None, 7, ("A1", 3)])
def test_non_text_is_malformed(value: object) -> None:
    with pytest.raises(MalformedMoveError):
        Position.start().play(value)  # type: ignore[arg-type]


# ---------------------------------------------------------------- winning


def _position(squares: bool = True, held: int | None = None, **placed: int) -> Position:
    return Position(board_of(**placed), held, squares=squares)


def test_one_shared_attribute_is_enough_to_win() -> None:
    # A2, B2, C2: small dark pieces that share only "small" and "dark"
    pos = _position(held=13, A2=4, B2=5, C2=6, A4=0)
    assert pos.to_move == "second"
    won = pos.play("D2:")
    assert won.outcome is not None and won.outcome.winner == "second"
    assert won.outcome.termination == "shape_completed"
    assert won.outcome.squares == ("A2", "B2", "C2", "D2")
    assert won.outcome.details == {"shapes": ["row 2"], "attributes": ["dark"]}
    assert won.to_move is None and won.legal_moves() == []
    with pytest.raises(ForbiddenMoveError) as err:
        won.play("A1:1")
    assert err.value.code == "game_over"


def test_a_winning_placement_gives_nothing() -> None:
    pos = _position(held=13, A2=4, B2=5, C2=6, A4=0)
    with pytest.raises(ForbiddenMoveError) as err:
        pos.play("D2:1")
    assert err.value.code == "give_after_win"
    assert "D2:" in {str(m) for m in pos.legal_moves()}
    assert not any(m.square == "D2" and m.give is not None for m in pos.legal_moves())


def test_a_full_shape_without_a_shared_attribute_does_not_win() -> None:
    pieces = [0b0011, 0b0101, 0b1010, 0b1100]  # every bit is 1 in two and 0 in two
    assert not brute_won([*pieces, *([None] * 12)])
    pos = _position(held=pieces[3], A1=pieces[0], B1=pieces[1], C1=pieces[2], A3=15)
    after = pos.play("D1:8")
    assert after.outcome is None and after.held == 8  # the game goes on


def test_two_by_two_squares_win_in_quads_but_not_in_classic() -> None:
    # B2, C2, B3: all large
    quads = _position(held=11, A1=0, B2=8, C2=9, B3=10)
    classic = _position(squares=False, held=11, A1=0, B2=8, C2=9, B3=10)
    assert quads.play("C3:").outcome is not None
    assert quads.play("C3:").outcome.details["shapes"] == ["square B2–C3"]  # type: ignore[union-attr]
    assert classic.play("C3:1").outcome is None
    with pytest.raises(ForbiddenMoveError):
        classic.play("C3:")  # not a win in classic, so a give is due


def test_who_placed_the_other_three_pieces_does_not_matter() -> None:
    # large pieces go to row 1: second places 8 on A1 and 10 on C1, first places 9 on B1
    pos = play_all(Position.start(), ":8", "A1:9", "B1:10", "C1:11")
    assert pos.to_move == "first" and pos.held == 11
    won = pos.play("D1:")
    assert won.outcome is not None and won.outcome.winner == "first"


def test_the_last_placement_of_a_full_board_can_win() -> None:
    pos = _full_minus_one(winning=True)
    assert pos.legal_moves() == [Move("D4", None)]
    assert pos.play("D4:").outcome.winner == pos.to_move  # type: ignore[union-attr]


def test_a_full_board_without_a_winner_is_a_draw() -> None:
    pos = _full_minus_one(winning=False)
    with pytest.raises(ForbiddenMoveError) as err:
        pos.play("D4:3")
    assert err.value.code in ("nothing_to_give", "piece_on_board")
    end = pos.play("D4:")
    assert end.outcome is not None and end.outcome.winner is None
    assert end.outcome.termination == "board_full" and end.to_move is None


def _full_minus_one(winning: bool) -> Position:
    """A board with 15 pieces and no win, holding the last piece; D4 wins or draws."""
    rng = random.Random(5)  # a seeded search for a full board without a win
    while True:
        pieces = list(range(16))
        rng.shuffle(pieces)
        board: list[int | None] = list(pieces)
        if brute_won(board):
            continue
        last = board[15]
        board[15] = None
        pos = Position(board, last)
        if not winning:
            return pos
        # swap the last piece with one on the board so that D4 completes a shape
        for i in range(15):
            trial = list(board)
            trial[i], new_last = last, trial[i]
            full = trial[:15] + [new_last]
            if not brute_won(trial) and brute_won(full):
                return Position(trial, new_last)


def test_worked_example_from_the_rules() -> None:
    """Row 2 holds three pieces sharing only "dark" and "small": the large-dark-square-solid
    piece (13) wins on D2, the large-light-square-solid one (9) wins nowhere."""
    pos = Position.from_text("f.a./456./..0./..3. 7")
    row2 = [pos.board[_idx(s)] for s in ("A2", "B2", "C2")]
    assert shared_attributes(row2) == ("small", "dark")  # type: ignore[arg-type]
    assert "D2" in pos.winning_squares(13)
    assert pos.winning_squares(9) == ()
    board = list(pos.board)
    board[_idx("D2")] = 13
    assert brute_won(board)


# ---------------------------------------------------------------- notation and steps


def test_notation_and_steps() -> None:
    assert str(parse_move("d2:7")) == "D2:7"
    assert parse_move("D2:7").steps == ("D2", "piece:7")
    assert parse_move(":7").steps == ("piece:7",)
    assert parse_move("D2:").steps == ("D2",)
    assert parse_move("D2") == parse_move("D2:")
    assert str(Move(None, 0)) == ":0" and str(Move("A1", None)) == "A1:"
    assert Move("A1", 3) == parse_move(" a1 : 3 ") and hash(Move("A1", 3)) == hash(
        parse_move("A1:3")
    )


def _prefix_free(moves: list[Move]) -> bool:
    steps = {m.steps for m in moves}
    return len(steps) == len(moves) and not any(
        a != b and b[: len(a)] == a for a in steps for b in steps
    )


# ---------------------------------------------------------------- JSON and validation


def test_json_round_trip_and_text_form() -> None:
    pos = play_all(Position.start(), ":7", "D2:3", "A1:12")
    data = json.loads(json.dumps(pos.to_json()))
    assert Position.from_json(data) == pos
    assert Position.from_text(pos.to_text()) == pos
    assert eval(repr(pos), {"Position": Position}) == pos
    classic = Position.start(squares=False).play(":1")
    assert Position.from_json(classic.to_json()) == classic and not classic.squares


def test_drawn_full_board_fixture() -> None:
    assert sorted(DRAWN_FULL) == list(range(16)) and not brute_won(list(DRAWN_FULL))
    end = Position.from_json({"board": DRAWN_FULL, "held": None})
    assert end.outcome is not None and end.outcome.termination == "board_full"


@pytest.mark.parametrize(
    ("data", "words"),
    [
        ({"board": [1, 1] + [None] * 14, "held": 2}, "twice"),
        ({"board": [1] + [None] * 15, "held": 1}, "held and also"),
        ({"board": DRAWN_FULL, "held": None, "to_move": "first"}, "to_move"),
        ({"board": [None] * 15, "held": 1}, "16 squares"),
        ({"board": [16] + [None] * 15, "held": 1}, "piece is an int"),
        ({"board": [1] + [None] * 15, "held": None}, "none is held"),
        ({"board": [None] * 16, "held": 3, "to_move": "first"}, "to_move"),
        ({"board": [None] * 16, "held": 3, "colour": 1}, "unknown"),
        ({"board": [None] * 16, "held": 3, "squares": "yes"}, "squares"),
        ({"board": [8, 9, 10, 11] + [None] * 12, "held": 2}, "already completed"),
        ({"board": [8, 9, 10, 11, 4, 5, 6, 7] + [None] * 8, "held": None}, "share no square"),
        ("board", "dict"),
    ],
)
def test_from_json_rejects_contradictions(data: object, words: str) -> None:
    with pytest.raises(ValueError, match=words):
        Position.from_json(data)  # type: ignore[arg-type]


def test_positions_are_immutable_and_hashable() -> None:
    pos = Position.start()
    with pytest.raises(AttributeError):
        pos.held = 3  # type: ignore[misc]
    assert len({pos, Position.start(), pos.play(":1")}) == 2
    assert not hasattr(pos, "__dict__")


# ---------------------------------------------------------------- playouts


@st.composite
def playouts(draw: st.DrawFn) -> list[Position]:
    squares = draw(st.booleans())
    pos = Position.start(squares=squares)
    seen = [pos]
    while pos.outcome is None:
        moves = pos.legal_moves()
        pos = pos.play(moves[draw(st.integers(0, len(moves) - 1))])
        seen.append(pos)
    return seen


@settings(max_examples=60, deadline=None)
@given(playouts())
def test_playouts_keep_every_invariant(positions: list[Position]) -> None:
    for before, after in itertools.pairwise(positions):
        # 16 distinct pieces: each is on the board, held, or available, exactly once
        pieces = [p for p in after.board if p is not None] + list(after.available())
        if after.held is not None:
            pieces.append(after.held)
        assert sorted(pieces) == list(range(16))
        # win detection equals the brute-force check of every shape
        won = brute_won(list(after.board), after.squares)
        assert (after.outcome is not None and after.outcome.winner is not None) == won
        if after.outcome is not None and after.outcome.winner is not None:
            assert after.outcome.winner == before.to_move
        if after.outcome is not None and after.outcome.winner is None:
            assert after.placed == 16
        # sides alternate while the game goes on
        if after.to_move is not None:
            assert after.to_move != before.to_move
        assert Position.from_json(json.loads(json.dumps(after.to_json()))) == after
        assert Position.from_text(after.to_text()) == after
    for pos in positions:
        moves = pos.legal_moves()
        assert _prefix_free(moves)
        assert all(parse_move(str(m)) == m for m in moves)
        if pos.held is not None:
            # a square lists the bare placement exactly when it wins or fills the board
            for m in moves:
                board = list(pos.board)
                board[_idx(m.square)] = pos.held  # type: ignore[arg-type]
                ends = brute_won(board, pos.squares) or None not in board
                assert (m.give is None) == ends


@settings(max_examples=40, deadline=None)
@given(playouts(), st.data())
def test_illegal_moves_are_refused_with_a_code(
    positions: list[Position], data: st.DataObject
) -> None:
    pos = positions[data.draw(st.integers(0, len(positions) - 1))]
    legal = {str(m) for m in pos.legal_moves()}
    for square in ["", *("ABCD"[c] + str(r) for c in range(4) for r in range(1, 5))]:
        for give in ["", *map(str, range(16))]:
            text = f"{square}:{give}"
            if text == ":":
                continue
            if text in legal:
                pos.play(text)
            else:
                with pytest.raises(ForbiddenMoveError) as err:
                    pos.play(text)
                assert err.value.code and err.value.code.islower()


# ---------------------------------------------------------------- symmetry


def _shape_preserving_permutations(shapes: list[list[int]]) -> set[tuple[int, ...]]:
    """Every permutation of the 16 squares mapping the shape set onto itself, by backtracking
    over all permutations; a partial one is cut as soon as two assigned squares that share a
    shape go to two that share none, or the reverse (a necessary condition), and each complete
    one is checked shape by shape."""
    shape_set = {frozenset(s) for s in shapes}
    together = [[any(i in s and j in s for s in shapes) for j in range(16)] for i in range(16)]
    found: set[tuple[int, ...]] = set()
    image = [-1] * 16

    def extend(i: int, used: set[int]) -> None:
        if i == 16:
            if {frozenset(image[k] for k in s) for s in shapes} == shape_set:
                found.add(tuple(image))
            return
        for j in range(16):
            if j not in used and all(together[i][k] == together[j][image[k]] for k in range(i)):
                image[i] = j
                used.add(j)
                extend(i + 1, used)
                used.discard(j)
        image[i] = -1

    extend(0, set())
    return found


def test_board_symmetries_are_exactly_the_shape_preserving_permutations() -> None:
    assert set(BOARD_SYMMETRIES) == _shape_preserving_permutations(ROWS + COLS + DIAGS + BLOCKS)
    assert len(BOARD_SYMMETRIES) == 8


def test_classic_has_32_board_symmetries() -> None:
    assert set(CLASSIC_BOARD_SYMMETRIES) == _shape_preserving_permutations(ROWS + COLS + DIAGS)
    assert len(CLASSIC_BOARD_SYMMETRIES) == 32


def test_attribute_symmetries_preserve_sharing() -> None:
    assert len(set(ATTRIBUTE_SYMMETRIES)) == 384
    quads = list(itertools.combinations(range(16), 4))
    for m in ATTRIBUTE_SYMMETRIES[::17]:
        assert sorted(m) == list(range(16))
        for four in quads[::7]:
            before = brute_won([*four, *([None] * 12)])
            assert before == brute_won([*(m[p] for p in four), *([None] * 12)])


def test_a_transformed_game_is_the_same_game() -> None:
    pos = play_all(Position.start(), ":8", "A1:9", "B1:10", "C2:3")
    for bm in BOARD_SYMMETRIES:
        for pm in ATTRIBUTE_SYMMETRIES[::50]:
            img = pos.transform(bm, pm)
            assert len(img.legal_moves()) == len(pos.legal_moves())
            assert len(img.winning_squares()) == len(pos.winning_squares())


# ---------------------------------------------------------------- clicks


@settings(max_examples=25, deadline=None)
@given(playouts(), st.data())
def test_clicking_the_steps_of_a_legal_move_makes_it(
    positions: list[Position], data: st.DataObject
) -> None:
    pos = positions[data.draw(st.integers(0, len(positions) - 1))]
    moves = pos.legal_moves()
    if not moves:
        assert pos.next_steps() == ()
        return
    move = moves[data.draw(st.integers(0, len(moves) - 1))]
    for i, step in enumerate(move.steps):
        assert step in pos.next_steps(move.steps[:i])
        if i < len(move.steps) - 1:
            assert pos.move_from_steps(move.steps[: i + 1]) is None
    assert pos.move_from_steps(move.steps) == move
    assert pos.next_steps(move.steps) == ()


def test_clicks_that_start_no_move_name_the_rule() -> None:
    pos = Position.from_text("f.a./456./..0./..3. 7")
    assert pos.next_steps()[:3] == ("B1", "D1", "D2")
    assert "piece:4" not in pos.next_steps(("A3",)) and "piece:7" not in pos.next_steps(("A3",))
    for clicks, code in [
        (("A1",), "occupied"),
        (("A3", "piece:4"), "piece_on_board"),
        (("A3", "piece:7"), "give_placed"),
        (("piece:2",), "must_place"),
        (("D2", "piece:1"), "give_after_win"),
    ]:
        with pytest.raises(IllegalMoveError) as err:
            pos.move_from_steps(clicks)
        assert err.value.code == code
    assert pos.move_from_steps(("D2",)) == Move("D2", None)  # a winning placement ends the turn
