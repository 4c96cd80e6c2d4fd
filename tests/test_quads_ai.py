"""Quads solver, CPU levels and coach: checked against a plain minimax written here, under
every symmetry, and for the level properties a player relies on."""

from __future__ import annotations

import random
from functools import cache

import pytest
from boardbook.quads import (
    ATTRIBUTE_SYMMETRIES,
    LEVELS,
    Move,
    Position,
    ai,
    analyse,
    board_symmetries,
    choose_move,
    search_steps,
    solve,
    wins_within,
)
from loaded import drive_loaded


def random_position(seed: int, empties: int, squares: bool = True) -> Position:
    """A position reached by random play with ``empties`` empty squares, no win at once."""
    rng = random.Random(seed)
    while True:
        pos = Position.start(squares).play(f":{rng.randrange(16)}")
        while pos.outcome is None and pos.empties > empties:
            moves = [m for m in pos.legal_moves() if m.give is not None]
            rng.shuffle(moves)
            nxt = next((pos.play(m) for m in moves if not pos.play(m).winning_squares()), None)
            if nxt is None:
                break
            pos = nxt
        if pos.outcome is None and pos.empties == empties and not pos.winning_squares():
            return pos


@cache
def minimax(pos: Position) -> tuple[int, int]:
    """(value, plies to the end) for the side to move: +1 win, 0 draw, -1 loss; the fastest
    win and the slowest loss. Plain search over ``legal_moves`` with a memo, no pruning."""
    results = []
    for move in pos.legal_moves():
        child = pos.play(move)
        if child.outcome is not None:
            results.append((1 if child.outcome.winner else 0, 1))
        else:
            v, d = minimax(child)
            results.append((-v, d + 1))
    best = max(v for v, _ in results)
    dists = [d for v, d in results if v == best]
    return best, (min(dists) if best > 0 else max(dists))


def value_of_move(pos: Position, move: Move) -> int:
    child = pos.play(move)
    if child.outcome is not None:
        return 1 if child.outcome.winner else 0
    return -minimax(child)[0]


SMALL = [
    random_position(seed, empties, squares)
    for seed in range(6)
    for empties in (4, 5, 6)
    for squares in (True, False)
]


@pytest.mark.parametrize("pos", SMALL, ids=lambda p: p.to_text())
def test_solver_matches_plain_minimax(pos: Position) -> None:
    expected = minimax(pos)
    sol = solve(pos)
    assert sol is not None
    assert (sol.value, sol.distance) == expected
    assert sol.move is not None and value_of_move(pos, sol.move) == expected[0]
    quick = solve(pos, exact_distance=False)
    assert quick is not None and quick.value == expected[0]
    plain = solve(pos, symmetry=False)
    assert plain is not None and (plain.value, plain.distance) == expected


def test_solver_sees_wins_losses_and_draws() -> None:
    values = {minimax(p)[0] for p in SMALL}
    assert values == {-1, 0, 1}  # the sample exercises all three results


@pytest.mark.parametrize("seed", range(4))
def test_solved_value_is_the_same_under_every_symmetry(seed: int) -> None:
    pos = random_position(100 + seed, 8)
    sol = solve(pos)
    assert sol is not None
    rng = random.Random(seed)
    maps = [(bm, pm) for bm in board_symmetries(True) for pm in rng.sample(ATTRIBUTE_SYMMETRIES, 2)]
    for bm, pm in maps:
        img = pos.transform(bm, pm)
        other = solve(img, symmetry=False)
        assert other is not None and (other.value, other.distance) == (sol.value, sol.distance)


def test_canonical_key_is_the_same_for_every_image() -> None:
    for squares in (True, False):
        pos = random_position(7, 12, squares)  # canonical keys are used up to 5 pieces placed
        solver = ai._Solver(squares)
        keys = set()
        for img in pos.symmetries():
            s0, s1, s2, s3, occ, _ = ai._masks_of(img)
            keys.add(solver.key(s0, s1, s2, s3, occ, img.held))  # type: ignore[arg-type]
        assert len(keys) == 1
        other = random_position(8, 12, squares)
        s0, s1, s2, s3, occ, _ = ai._masks_of(other)
        assert solver.key(s0, s1, s2, s3, occ, other.held) not in keys  # type: ignore[arg-type]


def test_classic_symmetry_invariance() -> None:
    pos = random_position(11, 8, squares=False)
    sol = solve(pos)
    assert sol is not None
    for bm in board_symmetries(False)[::3]:
        other = solve(pos.transform(bm, ATTRIBUTE_SYMMETRIES[77]), symmetry=False)
        assert other is not None and other.value == sol.value and other.distance == sol.distance


@pytest.mark.parametrize("seed", range(8))
def test_wins_within_agrees_with_the_solved_distance(seed: int) -> None:
    pos = random_position(200 + seed, 7 + seed % 3)
    sol = solve(pos)
    assert sol is not None
    for k in (1, 2, 3, 4):
        assert wins_within(pos, k) == (sol.value == 1 and sol.distance <= 2 * k - 1)


def test_solve_gives_up_on_its_budget() -> None:
    pos = random_position(3, 13)
    assert solve(pos, node_limit=50) is None


def test_solve_refuses_a_finished_game() -> None:
    end = Position.from_text("89ab/..../..../.... -")
    with pytest.raises(ValueError):
        solve(end)


# ---------------------------------------------------------------- levels


def test_five_levels_in_order() -> None:
    assert LEVELS == ("random", "careful", "thoughtful", "clever", "perfect")
    with pytest.raises(ValueError):
        choose_move(Position.start(), "grandmaster")


def _with_immediate_win(seed: int) -> Position:
    rng = random.Random(seed)
    while True:
        pos = Position.start().play(f":{rng.randrange(16)}")
        while pos.outcome is None:
            if pos.winning_squares():
                return pos
            pos = pos.play(rng.choice(pos.legal_moves()))


@pytest.mark.parametrize("level", LEVELS)
def test_no_level_misses_an_immediate_win(level: str) -> None:
    for seed in range(12):
        pos = _with_immediate_win(seed)
        move = choose_move(pos, level, rng=random.Random(seed), time_budget=0.05)
        after = pos.play(move)
        assert after.outcome is not None and after.outcome.winner is not None


def _with_a_choice_of_gives(seed: int) -> Position:
    """No win at once, and after some placement both safe and deadly gives exist."""
    rng = random.Random(seed)
    while True:
        pos = random_position(rng.randrange(10**6), rng.randint(6, 11))
        verdicts = [
            ai.give_verdicts(pos, m.square) for m in pos.legal_moves() if m.give is not None
        ]
        kinds = {v.verdict for vs in verdicts for v in vs.values()}
        if {"safe", "loses_at_once"} <= kinds:
            return pos


@pytest.mark.parametrize("level", LEVELS[1:])
def test_levels_from_careful_up_never_give_a_winning_piece_when_a_safe_one_exists(
    level: str,
) -> None:
    for seed in range(10):
        pos = _with_a_choice_of_gives(seed)
        move = choose_move(pos, level, rng=random.Random(seed), time_budget=0.05)
        assert not pos.play(move).winning_squares(), (pos, move)


def test_random_level_does_give_winning_pieces_sometimes() -> None:
    """The weakest level really is weaker: it is not filtered like careful."""
    gave = 0
    for seed in range(40):
        pos = _with_a_choice_of_gives(seed % 10)
        move = choose_move(pos, "random", rng=random.Random(seed))
        gave += bool(pos.play(move).winning_squares())
    assert gave > 0


@pytest.mark.parametrize("seed", range(6))
def test_perfect_plays_perfectly_once_the_solver_reaches(seed: int) -> None:
    pos = random_position(300 + seed, 6 + seed % 3)
    best, _ = minimax(pos) if pos.empties <= 6 else (solve(pos).value, 0)  # type: ignore[union-attr]
    move = choose_move(pos, "perfect", rng=random.Random(seed))
    child = pos.play(move)
    got = (1 if child.outcome.winner else 0) if child.outcome else -solve(child).value  # type: ignore[union-attr]
    assert got == best


def test_search_steps_yields_and_returns_a_legal_move() -> None:
    pos = random_position(5, 12)
    steps = search_steps(pos, "clever", rng=random.Random(1), time_budget=0.2)
    yields = 0
    while True:
        try:
            next(steps)
            yields += 1
        except StopIteration as done:
            move = done.value
            break
    assert yields > 5
    assert pos.is_legal(move)


def test_the_opening_give_is_a_legal_move_for_every_level() -> None:
    for level in LEVELS:
        move = choose_move(Position.start(), level, rng=random.Random(0), time_budget=0.05)
        assert move.square is None and move.give is not None


# ---------------------------------------------------------------- coach


@pytest.mark.parametrize("seed", range(5))
def test_analysis_values_every_move_exactly_when_the_solver_reaches(seed: int) -> None:
    pos = random_position(400 + seed, 5 + seed % 2)
    a = analyse(pos)
    assert a.exact
    assert {str(mv.move) for mv in a.moves} == {str(m) for m in pos.legal_moves()}
    for mv in a.moves:
        assert mv.exact and mv.value == value_of_move(pos, mv.move)
    for square, best in a.squares.items():
        assert best.value == max(
            value_of_move(pos, m) for m in pos.legal_moves() if m.square == square
        )
    for where, verdicts in a.gives.items():
        for piece, verdict in verdicts.items():
            child = pos.play(Move(where, piece))
            at_once = bool(child.winning_squares())
            assert (verdict.verdict == "loses_at_once") == at_once
            if not at_once:
                lost = minimax(child)[0] == 1
                assert verdict.verdict == ("loses_by_force" if lost else "safe")
                assert verdict.exact


def test_give_reasons_name_the_shape_and_attribute() -> None:
    """The worked example: after placing 7 elsewhere, giving 13 loses on row 2 (dark)."""
    pos = Position.from_text("f.a./456./..0./..3. 7")
    verdicts = ai.give_verdicts(pos, "D4")
    assert verdicts[13].verdict == "loses_at_once"
    assert {"shape": "row 2", "square": "D2", "attribute": "dark", "count": 3} in verdicts[
        13
    ].reasons
    assert verdicts[9].verdict == "safe"


def test_analysis_falls_back_to_estimates_when_out_of_time() -> None:
    pos = random_position(9, 14)
    a = analyse(pos, time_budget=0.01)
    assert not a.exact
    assert len(a.moves) == len(pos.legal_moves())
    assert any(not mv.exact for mv in a.moves)


# ---------------------------------------------------------------- review


def test_review_marks_the_losing_move_as_the_turning_point() -> None:
    """A game where the first player, able to draw or win, gives a piece that loses."""
    rng = random.Random(4)
    for _ in range(200):
        pos = random_position(rng.randrange(10**6), 6)
        sol = solve(pos)
        assert sol is not None
        if sol.value < 0:
            continue
        losing = [m for m in pos.legal_moves() if value_of_move(pos, m) < 0]
        if not losing:
            continue
        moves: list[Move] = [losing[0]]
        game = pos.play(losing[0])
        while game.outcome is None:
            best = solve(game)
            assert best is not None and best.move is not None
            moves.append(best.move)
            game = game.play(best.move)
        r = ai.review(pos, list(moves))
        assert r.turning_point == 0
        first = r.moves[0]
        assert first.before == sol.value and first.after == -1 and first.mistake
        assert all(not m.mistake for m in r.moves[1:])  # perfect play afterwards
        assert game.outcome is not None and game.outcome.winner != pos.to_move
        return
    pytest.fail("no position with a losing move found")


@pytest.mark.parametrize("level", ["clever", "perfect"])
def test_budget_is_wall_clock_under_load(level: str) -> None:
    """A player waits in wall time: early in a game (the whole budget is spent searching)
    Perfect and Clever answer within their budget on a loaded machine; a CPU-time budget
    stretched to about twice as long here."""
    pos = random_position(2, 14)
    choose_move(pos, "careful", rng=random.Random(0))  # builds the tables (once a session)
    budget = 0.4
    move, wall, gap = drive_loaded(
        search_steps(pos, level, rng=random.Random(0), time_budget=budget)
    )
    assert move in pos.legal_moves()
    assert wall >= budget * 0.9  # it used its budget: the check below is about the clock
    assert wall < budget * 1.5 + 3 * gap, (wall, gap)
