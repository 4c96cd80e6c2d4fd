"""Reversi rules: tables of hand-checked positions, perft, the FFO suite and random playouts
checked against a deliberately plain reference implementation written below."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from boardbook.core.game import ForbiddenMoveError, IllegalMoveError, MalformedMoveError, Outcome
from boardbook.reversi import (
    PASS,
    Move,
    Position,
    parse_move,
    parse_square,
    parse_transcript,
    perft,
    replay,
    square_name,
    to_transcript,
)
from boardbook.reversi.rules import FULL, LANE, lane_masks, legal_mask
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

FFO_FILE = Path(__file__).resolve().parent / "data" / "ffo-20-39.obf"


def board(*rows: str, side: str = "X") -> Position:
    """A position from eight 8-character rows (row 1 first)."""
    assert len(rows) == 8 and all(len(r) == 8 for r in rows)
    return Position.from_text("".join(rows) + " " + side)


# A single move that flips in three directions at once; the flipped e4 then brackets e5
# between e4 and e6, which must NOT flip (no chain flips).
MULTI = board(
    "--------",
    "---X----",
    "---O----",
    "----OX--",
    "--O-O---",
    "-X--X---",
    "--------",
    "--------",
)
# Black (b1) cannot bracket the white corner disc; White can play c1 and wipe Black out.
FORCED_PASS = Position.from_text("OX" + "-" * 62 + " X")
# Three discs far apart: nobody can move although 61 squares are empty.
BLOCKED = Position.from_text("XX" + "-" * 61 + "O X")


# --------------------------------------------------------------------------- notation


def test_square_names_follow_rows_from_the_top():
    assert parse_square("a1") == 0
    assert parse_square("h1") == 7
    assert parse_square("a8") == 56
    assert parse_square("D3") == 19
    assert all(parse_square(square_name(i)) == i for i in range(64))


@pytest.mark.parametrize("bad", ["", "d", "i1", "a9", "a0", "d33", "pas", None, 3.0, True, 65, -1])
def test_malformed_moves_raise_illegal_move_error(bad):
    with pytest.raises(IllegalMoveError):
        parse_move(bad)
    with pytest.raises(IllegalMoveError):
        Position.start().play(bad)


def test_move_notation():
    assert str(parse_move("D3")) == "d3"
    assert str(parse_move("pass")) == "pass" and parse_move("PASS") == PASS
    assert Move("d3") == 19 and str(Move(19)) == "d3"
    assert repr(Move("e6")) == "Move('e6')"


# --------------------------------------------------------------------------- rules tables


def test_start_position_and_first_move():
    pos = Position.start()
    assert pos.to_move == "black"
    assert pos.cells()[parse_square("d4")] == "white"
    assert pos.cells()[parse_square("e5")] == "white"
    assert pos.cells()[parse_square("e4")] == "black"
    assert pos.cells()[parse_square("d5")] == "black"
    assert [str(m) for m in pos.legal_moves()] == ["d3", "c4", "f5", "e6"]
    for move in pos.legal_moves():
        after = pos.play(move)
        assert after.counts == {"black": 4, "white": 1}
        assert after.to_move == "white"
    assert pos.play("d3").cells()[parse_square("d4")] == "black"


def test_one_move_flips_several_directions_without_chain_flips():
    assert MULTI.flips("d4") == ["d3", "e4", "c5"]
    after = MULTI.play("d4")
    cells = after.cells()
    for sq in ("d3", "d4", "e4", "c5"):
        assert cells[parse_square(sq)] == "black"
    assert cells[parse_square("e5")] == "white"  # bracketed only by a flipped disc


def test_flips_are_ordered_nearest_first():
    pos = board(
        "--------",
        "--------",
        "--------",
        "XOOO-OX-",
        "--------",
        "--------",
        "--------",
        "--------",
    )
    # distance 1: east (f4) before west (d4) in the clockwise-from-north tie order
    assert pos.flips("e4") == ["f4", "d4", "c4", "b4"]


def test_illegal_moves_name_the_reason():
    pos = Position.start()
    with pytest.raises(IllegalMoveError, match="occupied") as info:
        pos.play("e4")
    assert info.value.move == "e4"
    with pytest.raises(IllegalMoveError, match="does not bracket"):
        pos.play("a1")
    with pytest.raises(IllegalMoveError, match="black has legal moves"):
        pos.play("pass")
    assert pos.play("d3") != pos  # errors left nothing behind: the same value still plays


def test_forced_pass():
    assert FORCED_PASS.legal_moves() == [PASS]
    assert FORCED_PASS.outcome is None
    with pytest.raises(IllegalMoveError, match="must pass"):
        FORCED_PASS.play("c1")
    after = FORCED_PASS.play("pass")
    assert after.to_move == "white" and after.black == FORCED_PASS.black
    assert [str(m) for m in after.legal_moves()] == ["c1"]
    assert after.flips("c1") == ["b1"]


def test_wipeout_ends_the_game():
    end = FORCED_PASS.play("pass").play("c1")
    assert end.legal_moves() == []
    assert end.outcome.winner == "white"
    assert end.outcome.termination == "wiped_out"
    assert end.outcome.scores == {"black": 0, "white": 3}
    with pytest.raises(IllegalMoveError, match="game is over"):
        end.play("pass")
    with pytest.raises(IllegalMoveError, match="game is over"):
        end.play("d4")


def test_game_ends_with_empties_left_and_empties_are_not_given_to_the_winner():
    assert BLOCKED.empties == 61
    assert BLOCKED.legal_moves() == []
    outcome = BLOCKED.outcome
    assert outcome.winner == "black" and outcome.termination == "no_legal_moves"
    assert outcome.scores == {"black": 2, "white": 1}


def test_board_full_and_draw():
    full_draw = Position.from_text("X" * 32 + "O" * 32 + " O")
    assert full_draw.outcome.termination == "board_full"
    assert full_draw.outcome.winner is None
    full_win = Position.from_text("X" * 33 + "O" * 31 + " X")
    assert full_win.outcome.winner == "black"


# --------------------------------------------------------------------------- formats


def test_text_form_round_trip_and_ffo_fields():
    text = MULTI.to_text()
    assert Position.from_text(text) == MULTI
    assert Position.from_text(text + "; D4:+2; C4:-6;") == MULTI
    assert eval(repr(MULTI)) == MULTI
    assert hash(Position.from_text(text)) == hash(MULTI)
    assert Position.from_text("-" * 64 + " O").to_move == "white"


@pytest.mark.parametrize(
    "bad", ["", "X" * 63 + " X", "X" * 64 + " Q", "Z" + "-" * 63 + " X", "-" * 64]
)
def test_bad_text_is_rejected_clearly(bad):
    with pytest.raises(ValueError):
        Position.from_text(bad)


def test_json_is_plain_json_and_round_trips():
    data = json.loads(json.dumps(MULTI.to_json()))
    assert Position.from_json(data) == MULTI
    with pytest.raises(ValueError):
        Position.from_json({"board": "-" * 64, "to_move": "red"})
    with pytest.raises(ValueError):
        Position.from_json({"black": 1})


def test_ascii_board_and_svg():
    text = str(Position.start())
    assert "d" in text.splitlines()[0] and "black to move" in text
    svg = Position.start()._repr_svg_()
    assert svg.startswith("<svg") and svg.count("data-square=") == 64
    assert 'data-square="h8"' in svg
    assert svg.count('class="bb-legal"') == 4
    assert svg.count("bb-disc") == 4


def test_svg_options():
    pos = Position.start().play("d3")
    plain = pos.svg(coordinates=False, legal=False)
    assert "<text" not in plain and "bb-legal" not in plain
    marked = pos.svg(last_move="d3")
    assert marked.count("bb-last-move") == 1 and "<text" in marked
    assert pos.svg(last_move="pass").count("bb-last-move") == 0


def test_engine_imports_without_the_widget_stack():
    code = (
        "import sys; from boardbook.reversi import Position, solve; "
        "Position.start().play('d3'); "
        "assert 'anywidget' not in sys.modules and 'ipywidgets' not in sys.modules"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_transcripts_insert_implied_passes():
    # The FORCED_PASS position: black must pass before white's c1.
    assert parse_transcript("c1", start=FORCED_PASS) == [PASS, Move("c1")]
    moves = parse_transcript("f5d6C3 d3")
    assert to_transcript(moves) == "f5d6c3d3"
    positions = replay("f5d6c3d3")
    assert len(positions) == 5 and positions[0] == Position.start()
    with pytest.raises(IllegalMoveError, match="move 2"):
        parse_transcript("f5a1")
    with pytest.raises(IllegalMoveError, match="move 2"):
        parse_transcript("f5zz")


# --------------------------------------------------------------------------- perft and FFO

BIK_PERFT = [1, 4, 12, 56, 244, 1396, 8200, 55092, 390216]


@pytest.mark.parametrize("depth", range(1, 9))
def test_perft_from_start_matches_biks_table(depth):
    assert perft(Position.start(), depth) == BIK_PERFT[depth]


def test_perft_counts_passes_as_plies_and_finished_games_as_leaves():
    assert perft(FORCED_PASS, 1) == 1
    assert perft(FORCED_PASS, 2) == 1
    assert perft(FORCED_PASS, 5) == 1  # the game ends after pass, c1
    assert perft(BLOCKED, 3) == 1


def ffo_lines():
    return [line for line in FFO_FILE.read_text().splitlines() if line.strip()]


def test_ffo_file_is_present():
    assert len(ffo_lines()) == 20


@pytest.mark.parametrize("number", range(20, 40))
def test_ffo_positions_yield_exactly_the_listed_moves(number):
    line = ffo_lines()[number - 20]
    pos = Position.from_text(line)
    listed = {field.split(":")[0].strip().lower() for field in line.split(";")[1:] if field.strip()}
    assert {str(m) for m in pos.legal_moves()} == listed


# --------------------------------------------------------------------------- reference model


class Reference:
    """A slow, obvious Reversi on a list of lists; shares no code with the engine."""

    DIRS = ((-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1))

    def __init__(self, cells, side):
        self.grid = [[cells[r * 8 + c] for c in range(8)] for r in range(8)]
        self.side = side

    def other(self, side):
        return "white" if side == "black" else "black"

    def captures(self, r, c, side):
        if self.grid[r][c]:
            return []
        result = []
        for dr, dc in self.DIRS:
            line = []
            rr, cc = r + dr, c + dc
            while 0 <= rr < 8 and 0 <= cc < 8 and self.grid[rr][cc] == self.other(side):
                line.append((rr, cc))
                rr, cc = rr + dr, cc + dc
            if line and 0 <= rr < 8 and 0 <= cc < 8 and self.grid[rr][cc] == side:
                result.extend(line)
        return result

    def moves(self, side):
        return [(r, c) for r in range(8) for c in range(8) if self.captures(r, c, side)]


def play_out(choices):
    """Play from the start, picking legal moves by ``choices``; yield (position, move)."""
    pos = Position.start()
    for choice in choices:
        moves = pos.legal_moves()
        if not moves:
            return
        move = moves[choice % len(moves)]
        yield pos, move
        pos = pos.play(move)


playouts = st.lists(st.integers(min_value=0, max_value=1000), min_size=0, max_size=70)
PROPERTY_SETTINGS = settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)


@PROPERTY_SETTINGS
@given(playouts)
def test_playouts_agree_with_the_reference(choices):
    placed = 0
    for pos, move in play_out(choices):
        ref = Reference(pos.cells(), pos.to_move)
        ref_moves = ref.moves(pos.to_move)
        names = [f"{'abcdefgh'[c]}{r + 1}" for r, c in ref_moves]
        if ref_moves:
            assert [str(m) for m in pos.legal_moves()] == names
        elif ref.moves(ref.other(pos.to_move)):
            assert pos.legal_moves() == [PASS]
        after = pos.play(move)
        if move == PASS:
            assert after.cells() == pos.cells()
            continue
        placed += 1
        row, col = divmod(int(move), 8)
        expected = {f"{'abcdefgh'[c]}{r + 1}" for r, c in ref.captures(row, col, pos.to_move)}
        assert set(pos.flips(move)) == expected
        changed = {square_name(i) for i in range(64) if pos.cells()[i] != after.cells()[i]}
        assert changed == expected | {str(move)}
        assert sum(after.counts.values()) == 4 + placed  # disc conservation
        assert after.outcome is None or after.legal_moves() == []


@PROPERTY_SETTINGS
@given(playouts)
def test_playouts_round_trip_through_json_text_and_transcript(choices):
    played = list(play_out(choices))
    moves = [move for _, move in played]
    positions = [pos for pos, _ in played]
    final = positions[-1].play(moves[-1]) if moves else Position.start()
    for pos in positions + [final]:
        assert Position.from_json(json.loads(json.dumps(pos.to_json()))) == pos
        assert Position.from_text(pos.to_text()) == pos
    # Undo = replay: the transcript (passes omitted) replays to every position of the game,
    # up to the last placed disc (a trailing pass is not written down).
    kept = len(moves)
    while kept and moves[kept - 1] == PASS:
        kept -= 1
    all_positions = positions + [final]
    assert replay(to_transcript(moves)) == all_positions[: kept + 1]
    assert parse_transcript(to_transcript(moves)) == moves[:kept]


# --------------------------------------------------------------------------- typed errors, item 6


def test_errors_are_typed_by_cause_with_stable_codes():
    start = Position.start()
    cases = {"z9": "malformed", "e4": "occupied", "a1": "no_bracket", "pass": "has_moves"}
    for move, code in cases.items():
        with pytest.raises(IllegalMoveError) as info:
            start.play(move)
        kind = MalformedMoveError if code == "malformed" else ForbiddenMoveError
        assert isinstance(info.value, kind) and info.value.code == code
    with pytest.raises(ForbiddenMoveError) as info:
        FORCED_PASS.play("c1")
    assert info.value.code == "must_pass" and info.value.details == {"side": "black"}


def test_a_bare_int_is_not_a_move():
    for index in (19, 0, 64):
        with pytest.raises(MalformedMoveError):
            Position.start().play(index)
    assert Position.start().play(Move(19)) == Position.start().play("d3")


def test_from_json_refuses_a_board_text_that_would_override_to_move():
    board = Position.start().board_string()
    assert Position.from_json({"board": board, "to_move": "white"}).to_move == "white"
    for text in (board + " O", board + ";", board + " O;", board[:63]):
        with pytest.raises(ValueError):
            Position.from_json({"board": text, "to_move": "black"})


def test_an_empty_board_is_a_draw_with_no_legal_moves_not_a_wipe_out():
    empty = Position(0, 0, "black")
    assert empty.outcome == Outcome(None, "no_legal_moves", {"black": 0, "white": 0})


boards = st.tuples(st.integers(0, FULL), st.integers(0, FULL)).map(
    lambda pair: (pair[0] & ~pair[1], pair[1])  # no square is both colours
)


@PROPERTY_SETTINGS
@given(st.lists(boards, min_size=1, max_size=20))
def test_moves_of_boards_packed_side_by_side_are_each_board_s_moves(packed_boards):
    """The engine generates many boards' moves in one pass (boards ``LANE`` bits apart):
    each lane must hold exactly that board's moves, as the reference finds them, with
    nothing leaking between neighbouring lanes."""
    own = opp = 0
    for index, (black, white) in enumerate(packed_boards):
        own |= black << LANE * index
        opp |= white << LANE * index
    moves = legal_mask(own, opp, lane_masks(len(packed_boards)))
    for index, (black, white) in enumerate(packed_boards):
        cells = [
            "black" if black >> sq & 1 else "white" if white >> sq & 1 else None for sq in range(64)
        ]
        expected = sum(1 << r * 8 + c for r, c in Reference(cells, "black").moves("black"))
        assert moves >> LANE * index & FULL == expected == legal_mask(black, white)
    assert moves >> LANE * len(packed_boards) == 0
