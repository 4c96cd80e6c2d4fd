"""Reversi CPU players and the exact solver, checked against plain minimax written here."""

from __future__ import annotations

import random
from functools import cache
from pathlib import Path

import pytest
from boardbook.reversi import PASS, Move, Position, parse_square
from boardbook.reversi.ai import (
    LEVELS,
    Analysis,
    Progress,
    analyse,
    analyse_steps,
    choose_move,
    search_steps,
    solve,
)
from boardbook.reversi.rules import flip_mask, legal_mask
from hypothesis import given, settings
from hypothesis import strategies as st
from loaded import check_wall_budget

FFO_FILE = Path(__file__).resolve().parent / "data" / "ffo-20-39.obf"
CORNER_NAMES = {"a1", "h1", "a8", "h8"}
X_NEXT_TO = {"b2": "a1", "g2": "h1", "b7": "a8", "g7": "h8"}


def random_positions(seed: int, empties: int, count: int) -> list[Position]:
    """Positions reached by random play with exactly ``empties`` empty squares, game not over."""
    rng = random.Random(seed)
    found: list[Position] = []
    while len(found) < count:
        pos = Position.start()
        while pos.outcome is None and pos.empties > empties:
            pos = pos.play(rng.choice(pos.legal_moves()))
        if pos.outcome is None and pos.empties == empties:
            found.append(pos)
    return found


def midgame_positions(seed: int, count: int, plies: int = 20) -> list[Position]:
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        pos = Position.start()
        for _ in range(plies):
            if pos.outcome is not None:
                break
            pos = pos.play(rng.choice(pos.legal_moves()))
        if pos.outcome is None:
            found.append(pos)
    return found


def final_diff(pos: Position, empties_to_winner: bool) -> int:
    counts = pos.counts
    own, opp = counts[pos.to_move], counts[pos.opponent]
    diff = own - opp
    if empties_to_winner and diff:
        diff += pos.empties if diff > 0 else -pos.empties
    return diff


@cache
def minimax(pos: Position, empties_to_winner: bool = False) -> int:
    """Plain negamax over the public Position API: no pruning, no ordering, no tricks."""
    moves = pos.legal_moves()
    if not moves:
        return final_diff(pos, empties_to_winner)
    return max(-minimax(pos.play(m), empties_to_winner) for m in moves)


def drain(steps):
    """Run a search_steps generator; return (move, number of yields)."""
    yields = 0
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return done.value, yields
        yields += 1


# --------------------------------------------------------------------------- solver


@pytest.mark.parametrize("empties", [1, 2, 3, 4, 5, 6, 7])
def test_solver_matches_plain_minimax(empties):
    for pos in random_positions(seed=empties, empties=empties, count=6):
        for rule in (False, True):
            score, move = solve(pos, empties_to_winner=rule)
            assert score == minimax(pos, rule)
            assert move in pos.legal_moves()
            assert -minimax(pos.play(move), rule) == score  # the move achieves the score


def alphabeta(own: int, opp: int, alpha: int, beta: int, empties_to_winner: bool) -> int:
    """Plain fail-hard alpha-beta on the rules' bitboard kernels, no ordering or tables:
    exact within (alpha, beta), fast enough to check the solver at 8-11 empties."""
    moves = legal_mask(own, opp)
    if not moves:
        if legal_mask(opp, own):
            return -alphabeta(opp, own, -beta, -alpha, empties_to_winner)
        diff = own.bit_count() - opp.bit_count()
        if empties_to_winner and diff:
            empties = 64 - own.bit_count() - opp.bit_count()
            diff += empties if diff > 0 else -empties
        return max(alpha, min(beta, diff))
    for sq in range(64):
        if moves >> sq & 1:
            flips = flip_mask(own, opp, sq)
            value = -alphabeta(
                opp & ~flips, own | flips | 1 << sq, -beta, -alpha, empties_to_winner
            )
            if value >= beta:
                return beta
            alpha = max(alpha, value)
    return alpha


@pytest.mark.parametrize("empties", [8, 9])
def test_solver_matches_plain_alpha_beta_above_the_small_solvers(empties):
    """Above the list-free solvers: the table, parity and fastest-first orders, the stability
    cutoff (it fires in lopsided positions, so half of these are) and the root's null-window
    tests, against a search with none of them: every move's value, both scoring rules."""
    positions = random_positions(seed=70 + empties, empties=empties, count=24)
    lopsided = [pos for pos in positions if abs(solve(pos)[0]) >= 24][:2]
    assert len(lopsided) == 2
    for pos in positions[:2] + lopsided:
        for move in pos.legal_moves():
            child = pos.play(move)
            own, opp = child._own_opp
            for rule in (False, True):
                expected = alphabeta(own, opp, -65, 65, rule)
                assert solve(child, empties_to_winner=rule)[0] == expected


def test_solver_on_finished_and_pass_positions():
    blocked = Position.from_text("XX" + "-" * 61 + "O X")
    assert solve(blocked) == (1, None)
    assert solve(blocked, empties_to_winner=True) == (62, None)
    forced_pass = Position.from_text("OX" + "-" * 62 + " X")
    assert solve(forced_pass) == (-3, PASS)
    assert solve(forced_pass, empties_to_winner=True) == (-64, PASS)


@pytest.mark.parametrize(("empties", "selective_from", "cut_from"), [(16, None, None), (12, 12, 8)])
def test_selective_passes_before_a_solve_change_no_value(
    monkeypatch, empties, selective_from, cut_from
):
    """The selective passes (from ``_SELECTIVE_MIN_EMPTIES``) guess the value and hand their
    moves to the exact search; their cut bounds must never reach it. Every value with the
    passes equals the value without them, in lopsided positions too (stability cutoffs and
    passes), under both scoring rules; at 12 empties with the thresholds lowered, so that many
    positions go through them."""
    from boardbook.reversi import ai

    if selective_from is not None:
        monkeypatch.setattr(ai, "_SELECTIVE_MIN_EMPTIES", selective_from)
        monkeypatch.setattr(ai, "_SELECTIVE_CUT_EMPTIES", cut_from)
    passes = []
    guess_steps = ai._SelectivePass.guess_steps

    def counted(self, *args):
        passes.append(self)
        return (yield from guess_steps(self, *args))

    monkeypatch.setattr(ai._SelectivePass, "guess_steps", counted)
    count = 1 if empties == 16 else 8
    positions = random_positions(seed=140 + empties, empties=empties, count=count)
    for pos in positions:
        for rule in (False, True):
            with_passes = solve(pos, empties_to_winner=rule)
            with monkeypatch.context() as without:
                without.setattr(ai, "_SELECTIVE_MIN_EMPTIES", 65)
                assert solve(pos, empties_to_winner=rule)[0] == with_passes[0]
            assert -solve(pos.play(with_passes[1]), empties_to_winner=rule)[0] == with_passes[0]
    assert len(passes) >= 2 * count  # every solve ran them (its children's solves may too)
    assert all(selective.moves for selective in passes)  # and handed moves to the exact search


def ffo(number: int) -> tuple[Position, dict[str, int]]:
    lines = [line for line in FFO_FILE.read_text().splitlines() if line.strip()]
    line = lines[number - 20]
    scores = {
        field.split(":")[0].strip().lower(): int(field.split(":")[1])
        for field in line.split(";")[1:]
        if field.strip()
    }
    return Position.from_text(line), scores


def test_solver_agrees_with_every_listed_score_of_ffo_20():
    pos, scores = ffo(20)
    assert solve(pos, empties_to_winner=True)[0] == max(scores.values())
    for name, listed in scores.items():
        assert -solve(pos.play(name), empties_to_winner=True)[0] == listed


def test_solver_finds_the_best_score_of_ffo_21():
    pos, scores = ffo(21)
    score, move = solve(pos, empties_to_winner=True)
    assert score == max(scores.values())
    assert scores[str(move)] == score


# --------------------------------------------------------------------------- levels


def test_level_names():
    assert LEVELS == ("beginner", "corner", "strong")
    with pytest.raises(ValueError, match="level must be one of 'beginner'"):
        choose_move(Position.start(), "grandmaster")


def test_no_move_to_choose_after_the_game_ends():
    with pytest.raises(ValueError, match="game is over"):
        choose_move(Position.from_text("XX" + "-" * 61 + "O X"), "strong")


@pytest.mark.parametrize("level", LEVELS)
def test_a_forced_pass_returns_at_once(level):
    steps = search_steps(Position.from_text("OX" + "-" * 62 + " X"), level)
    assert drain(steps) == (PASS, 0)


def test_beginner_is_greedy():
    for seed, pos in enumerate(midgame_positions(seed=3, count=15)):
        move = choose_move(pos, "beginner", rng=random.Random(seed))
        most = max(len(pos.flips(m)) for m in pos.legal_moves())
        assert len(pos.flips(move)) == most


def test_beginner_tie_break_uses_the_given_rng():
    pos = Position.start()  # all four first moves flip one disc
    picks = {str(choose_move(pos, "beginner", rng=random.Random(s))) for s in range(40)}
    assert picks == {"d3", "c4", "f5", "e6"}


def positions_where(predicate, count: int, seed: int = 11) -> list[Position]:
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        pos = Position.start()
        while pos.outcome is None and len(found) < count:
            if predicate(pos):
                found.append(pos)
                break
            pos = pos.play(rng.choice(pos.legal_moves()))
    return found


def test_corner_seeker_takes_an_available_corner():
    positions = positions_where(
        lambda p: CORNER_NAMES & {str(m) for m in p.legal_moves()}, count=12
    )
    for seed, pos in enumerate(positions):
        assert str(choose_move(pos, "corner", rng=random.Random(seed))) in CORNER_NAMES


def dangerous_x_moves(pos: Position) -> set[str]:
    cells = pos.cells()
    return {
        str(m)
        for m in pos.legal_moves()
        if str(m) in X_NEXT_TO and cells[parse_square(X_NEXT_TO[str(m)])] == ""
    }


def test_corner_seeker_avoids_x_squares_next_to_empty_corners():
    def has_alternative(pos: Position) -> bool:
        names = {str(m) for m in pos.legal_moves()}
        bad = dangerous_x_moves(pos)
        return bool(bad) and bool(names - bad) and not (names & CORNER_NAMES)

    positions = positions_where(has_alternative, count=12)
    for seed, pos in enumerate(positions):
        move = str(choose_move(pos, "corner", rng=random.Random(seed)))
        assert move not in dangerous_x_moves(pos)


@pytest.mark.parametrize("seed", range(4))
def test_strong_plays_perfectly_at_ten_empties(seed):
    pos = random_positions(seed=100 + seed, empties=10, count=1)[0]
    best, _ = solve(pos)
    move = choose_move(pos, "strong", rng=random.Random(seed), time_budget=0.01)
    assert -solve(pos.play(move))[0] == best


def test_strong_finds_a_forced_win_where_other_moves_lose():
    def win_among_losses(pos: Position) -> bool:
        if pos.empties > 10 or pos.empties < 8 or len(pos.legal_moves()) < 2:
            return False
        values = [-solve(pos.play(m))[0] for m in pos.legal_moves()]
        return max(values) > 0 and min(values) < 0

    for seed, pos in enumerate(positions_where(win_among_losses, count=3, seed=21)):
        move = choose_move(pos, "strong", rng=random.Random(seed), time_budget=0.01)
        assert -solve(pos.play(move))[0] > 0


def test_strong_search_yields_regularly_and_returns_a_legal_move():
    pos = midgame_positions(seed=5, count=1, plies=16)[0]
    move, yields = drain(search_steps(pos, "strong", rng=random.Random(0), time_budget=0.3))
    assert yields > 1
    assert move in pos.legal_moves()


def test_strong_search_can_be_cancelled_at_a_yield():
    pos = midgame_positions(seed=6, count=1, plies=16)[0]
    steps = search_steps(pos, "strong", time_budget=30.0)
    for _ in range(3):
        next(steps)
    steps.close()  # what the scheduler does on undo / restart
    with pytest.raises(StopIteration):
        next(steps)


def watched(steps, seen):
    """Pass a search's yields through, keeping the ``Progress`` reports in ``seen``."""
    while True:
        try:
            item = next(steps)
        except StopIteration as done:
            return done.value
        if item is not None:
            seen.append(item)
        yield item


@pytest.mark.parametrize("phase", ["midgame", "endgame"])
def test_strong_budget_is_wall_clock_under_load(phase):
    """A player waits in wall time: on a loaded machine the strong level answers within its
    budget, in the midgame (iterative deepening) and where it tries an exact solve (a heavy
    16-empty position, 4-5 s of CPU to solve cold: the deadline stops the solve)."""
    from boardbook.reversi import ai

    ai._clear_tables()
    if phase == "midgame":
        budget = 0.4
        pos = midgame_positions(seed=4, count=1)[0]
    else:
        budget = 1.0
        pos = random_positions(seed=5, empties=16, count=1)[0]
        assert pos.empties <= ai.exact_empties_for(budget)  # an exact solve is tried
    seen: list[Progress] = []
    steps = search_steps(pos, "strong", rng=random.Random(0), time_budget=budget)
    move = check_wall_budget(watched(steps, seen), budget)
    assert move in pos.legal_moves()
    assert seen and not any(report.exact for report in seen)  # the deadline ended it
    ai._clear_tables()


def test_beyond_its_exact_reach_strong_solves_exactly_with_the_time_left(monkeypatch):
    """Two empties beyond its exact reach the strong level first proves win/draw/loss, then,
    with time left, solves exactly: its move is a best one, not just any winning one."""
    from boardbook.reversi import ai

    monkeypatch.setattr(ai, "exact_empties_for", lambda budget: 10)
    ai._clear_tables()
    for pos in random_positions(seed=77, empties=12, count=4):
        seen: list[Progress] = []
        steps = search_steps(pos, "strong", rng=random.Random(0), time_budget=2.0)
        move = drain(watched(steps, seen))[0]
        assert -solve(pos.play(move))[0] == solve(pos)[0]
        assert seen[-1].exact and seen[-1].score == solve(pos)[0]
    ai._clear_tables()


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_plays_legal_moves_to_the_end(level):
    rng = random.Random(level)
    pos = Position.start()
    while pos.outcome is None:
        move = choose_move(pos, level, rng=rng, time_budget=0.02)
        assert move in pos.legal_moves()
        pos = pos.play(move)
    assert sum(pos.counts.values()) <= 64


# --------------------------------------------------------------------------- solver properties


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**9), empties=st.integers(1, 6), rule=st.booleans())
def test_endgame_solvers_agree_with_plain_minimax_anywhere(seed, empties, rule):
    """The dedicated last-1/last-2/small solvers and their pass handling, on any random game."""
    rng = random.Random(seed)
    pos = Position.start()
    while pos.outcome is None and pos.empties > empties:
        pos = pos.play(rng.choice(pos.legal_moves()))
    score, move = solve(pos, empties_to_winner=rule)
    assert score == minimax(pos, rule)
    if pos.outcome is None:
        assert -minimax(pos.play(move), rule) == score


@settings(max_examples=30, deadline=None)
@given(
    seed=st.integers(0, 10**9),
    empties=st.integers(5, 8),
    alphas=st.lists(st.integers(-64, 63), min_size=2, max_size=8),
    rule=st.booleans(),
)
def test_null_window_tests_asked_again_on_one_search_stay_right(seed, empties, alphas, rule):
    """The root asks one position "above alpha?" again and again, and the tables (the
    four-empty bounds among them) answer from what earlier tests stored: every answer is
    right and every fail-soft bound holds, in any order of alphas."""
    from boardbook.reversi import ai

    rng = random.Random(seed)
    pos = Position.start()
    while pos.outcome is None and pos.empties > empties:
        pos = pos.play(rng.choice(pos.legal_moves()))
    own, opp = pos._own_opp
    truth = alphabeta(own, opp, -65, 65, rule)
    search = ai._Search(empties_to_winner=rule)
    for alpha in alphas:
        value = search._nws(own, opp, alpha)
        if value > alpha:
            assert truth >= value
        else:
            assert truth <= value


def test_kept_tables_stay_correct_across_a_game_and_in_threads():
    """Two games searched at once in threads (each search takes its own tables from the shared
    pool, later searches reuse them): every move at <= 10 empties is still a perfect one."""
    import threading

    failures: list[str] = []

    def play(seed: int) -> None:
        rng = random.Random(seed)
        pos = random_positions(seed=300 + seed, empties=14, count=1)[0]
        while pos.outcome is None:
            move = choose_move(pos, "strong", rng=rng, time_budget=0.02)
            if pos.empties <= 10 and -solve(pos.play(move))[0] != solve(pos)[0]:
                failures.append(f"{pos.to_text()}: {move}")
            pos = pos.play(move)

    threads = [threading.Thread(target=play, args=(seed,)) for seed in range(3)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert failures == []


# --------------------------------------------------------------------------- analysis


def drain_all(steps):
    """Run a generator; return (its value, the non-None values it yielded, number of Nones)."""
    seen, nones = [], 0
    while True:
        try:
            item = next(steps)
        except StopIteration as done:
            return done.value, seen, nones
        if item is None:
            nones += 1
        else:
            seen.append(item)


def replay_line(pos: Position, line) -> Position:
    for notation in line:
        assert notation in {str(m) for m in pos.legal_moves()}, (pos.to_text(), line)
        pos = pos.play(notation)
    return pos


@pytest.mark.parametrize("empties", [6, 9, 12])
def test_analysis_values_are_the_exact_disc_differences(empties):
    for pos in random_positions(seed=40 + empties, empties=empties, count=2):
        analysis = analyse(pos, time_budget=20.0)
        assert analysis.exact and analysis.side == pos.to_move
        expected = {str(m): -solve(pos.play(m))[0] for m in pos.legal_moves()}
        assert analysis.values == expected
        top = max(expected.values())
        assert set(analysis.best) == {m for m, v in expected.items() if v == top}
        for move, line in analysis.pvs.items():
            assert line[0] == move
            replay_line(pos, line)


def test_analysis_of_a_forced_pass():
    forced_pass = Position.from_text("OX" + "-" * 62 + " X")
    analysis = analyse(forced_pass)
    assert analysis.values == {"pass": -3} and analysis.best == ("pass",) and analysis.exact
    with pytest.raises(ValueError):
        analyse(Position.from_text("XX" + "-" * 61 + "O X"))  # game over


def test_midgame_analysis_refines_in_increasing_depth_with_legal_lines():
    pos = midgame_positions(seed=8, count=1, plies=18)[0]
    final, partials, nones = drain_all(analyse_steps(pos, time_budget=0.4))
    assert partials and all(isinstance(a, Analysis) for a in partials)
    assert final is partials[-1]
    depths = [a.depth for a in partials]
    assert depths == sorted(set(depths)) and depths[0] == 1
    assert nones > len(partials)  # the scheduler also gets plain yields in between
    legal = {str(m) for m in pos.legal_moves()}
    for analysis in partials:
        assert set(analysis.values) == legal and not analysis.exact
        assert set(analysis.best) <= legal
        assert max(analysis.values.values()) == analysis.values[analysis.best[0]]
        for line in analysis.pvs.values():
            replay_line(pos, line)
            assert len(line) <= analysis.depth + 1


def test_strong_search_reports_its_progress_between_plain_yields():
    pos = midgame_positions(seed=9, count=1, plies=20)[0]
    move, progress, nones = drain_all(search_steps(pos, "strong", time_budget=0.3))
    assert move in pos.legal_moves()
    assert progress and all(isinstance(p, Progress) for p in progress)
    assert [p.depth for p in progress] == list(range(1, len(progress) + 1))
    assert nones > len(progress)
    for report in progress:
        assert not report.exact and -64 <= report.score <= 64
        replay_line(pos, report.pv)


def test_strong_progress_at_ten_empties_is_the_exact_result():
    pos = random_positions(seed=77, empties=10, count=1)[0]
    move, progress, _ = drain_all(search_steps(pos, "strong", time_budget=0.01))
    assert len(progress) == 1 and progress[0].exact
    assert progress[0].score == solve(pos)[0] == -solve(pos.play(move))[0]
    assert progress[0].pv[0] == str(move)
    replay_line(pos, progress[0].pv)


def test_the_scheduler_runs_a_search_that_reports_progress():
    """The scheduler drops yielded values, so Progress objects do not disturb a CPU move."""
    from boardbook.core.scheduler import run_search

    pos = midgame_positions(seed=10, count=1, plies=16)[0]
    results, errors = [], []
    task = run_search(
        search_steps(pos, "strong", rng=random.Random(1), time_budget=0.1),
        results.append,
        on_error=errors.append,
        mode="thread",
    )
    assert task.join(30)
    assert errors == [] and len(results) == 1 and results[0] in pos.legal_moves()


@pytest.mark.parametrize("empties", [8, 12])
def test_win_draw_loss_solve_agrees_with_the_exact_score(empties):
    """The strong level's cheaper solve just beyond its exact reach: right outcome, and a move
    that achieves it."""
    from boardbook.core.game import run_to_end
    from boardbook.reversi.ai import _Search

    for pos in random_positions(seed=60 + empties, empties=empties, count=4):
        if pos.legal_moves() == [PASS]:
            continue
        own, opp = pos._own_opp
        outcome, sq = run_to_end(_Search().wld_steps(own, opp, -1))
        exact = solve(pos)[0]
        assert outcome == (exact > 0) - (exact < 0)
        achieved = -solve(pos.play(Move(sq)))[0]
        assert (achieved > 0) - (achieved < 0) == outcome


def test_tables_cleared_mid_search_when_full_still_give_exact_values(monkeypatch):
    """Memory is bounded by forgetting table entries mid-search; results must not change."""
    from boardbook.reversi import ai

    monkeypatch.setattr(ai, "_TABLE_MAX", 50)
    monkeypatch.setattr(ai, "_TABLE_TRIM", 20)
    monkeypatch.setattr(ai, "_SMALL_TABLE_MAX", 30)
    ai._clear_tables()
    pos = random_positions(seed=91, empties=13, count=1)[0]
    analysis = analyse(pos, time_budget=30.0)
    assert analysis.exact
    assert analysis.values == {str(m): -solve(pos.play(m))[0] for m in pos.legal_moves()}
    move = choose_move(pos, "strong", rng=random.Random(0), time_budget=0.2)
    assert move in pos.legal_moves()
    ai._clear_tables()


# --------------------------------------------------------------------------- evaluation


def _transform(bits: int, f) -> int:
    out = 0
    for sq in range(64):
        if bits >> sq & 1:
            r, c = f(sq // 8, sq % 8)
            out |= 1 << (r * 8 + c)
    return out


SYMMETRIES = [
    lambda r, c: (r, c),
    lambda r, c: (r, 7 - c),
    lambda r, c: (7 - r, c),
    lambda r, c: (7 - r, 7 - c),
    lambda r, c: (c, r),
    lambda r, c: (7 - c, r),
    lambda r, c: (c, 7 - r),
    lambda r, c: (7 - c, 7 - r),
]


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10_000), st.integers(4, 55))
def test_evaluation_is_the_same_on_all_eight_symmetric_boards(seed, plies):
    """The board has 8 symmetries and no square is special beyond its place: a mirrored or
    rotated position must score the same (this catches a wrongly gathered edge line)."""
    from boardbook.reversi.ai import evaluate

    rng = random.Random(seed)
    pos = Position.start()
    for _ in range(plies):
        if pos.outcome is not None:
            break
        moves = pos.legal_moves()
        pos = pos.play(rng.choice(moves))
    own, opp = (pos.black, pos.white) if pos.to_move == "black" else (pos.white, pos.black)
    values = {evaluate(_transform(own, f), _transform(opp, f)) for f in SYMMETRIES}
    assert len(values) == 1


def test_edge_table_mirrored_lines_score_the_same_and_colours_swap_sign():
    from boardbook.reversi._edges import EDGE_VALUE, OPP_INDEX, OWN_INDEX, UNSTABLE

    def rev(byte):
        return int(f"{byte:08b}"[::-1], 2)

    for own in range(256):
        for opp in range(256):
            if own & opp:
                continue
            idx = OWN_INDEX[own] + OPP_INDEX[opp]
            assert EDGE_VALUE[OWN_INDEX[rev(own)] + OPP_INDEX[rev(opp)]] == EDGE_VALUE[idx]
            assert EDGE_VALUE[OWN_INDEX[opp] + OPP_INDEX[own]] == -EDGE_VALUE[idx]
            assert UNSTABLE[OWN_INDEX[rev(own)] + OPP_INDEX[rev(opp)]] == rev(UNSTABLE[idx])
            assert UNSTABLE[idx] & ~(own | opp) == 0


def _corner_run_stable(own: int, filled: int) -> int:
    """The rule of thumb on one line: a full line is stable, and so is a run of one colour's
    discs from a corner."""
    if filled == 0xFF:
        return filled
    stable = 0
    for start, step in ((0, 1), (7, -1)):
        i = start
        colour = own >> start & 1
        while 0 <= i < 8 and filled >> i & 1 and (own >> i & 1) == colour:
            stable |= 1 << i
            i += step
    return stable


def test_edge_stability_is_at_least_the_corner_run_rule_and_exact_on_examples():
    from boardbook.reversi._edges import OPP_INDEX, OWN_INDEX, UNSTABLE

    for own in range(256):
        for opp in range(256):
            if own & opp:
                continue
            filled = own | opp
            stable = filled & ~UNSTABLE[OWN_INDEX[own] + OPP_INDEX[opp]]
            assert _corner_run_stable(own, filled) & ~stable == 0
            assert filled & 0x81 & ~stable == 0  # corners never flip

    def line(text):  # square 0 first: X own, O opponent, - empty
        own = sum(1 << i for i, ch in enumerate(text) if ch == "X")
        opp = sum(1 << i for i, ch in enumerate(text) if ch == "O")
        return UNSTABLE[OWN_INDEX[own] + OPP_INDEX[opp]]

    assert line("XOOO----") == 0b1110  # X on square 4 flips them
    assert line("-OOOX---") == 0b11110  # X on square 0 flips the Os, then O on 5 the X
    assert line("--X-----") == 0b100  # O on 1, then O on 3 flips it
    assert line("XX-----O") == 0  # corner runs, and the gap can only be filled
    assert line("-XO-----") == 0b110  # O on 0 flips the X, X on 3 the O
    assert line("XXXXXXO-") == 0b1000000  # only the O can flip (X on 7)
    assert line("OXXXXXXO") == 0  # a full line


def test_stable_edge_discs_never_flip_in_random_games():
    """Whatever is played (full rules, through the public API), a disc the table calls stable
    keeps its colour to the end of the game."""
    from boardbook.reversi._edges import OPP_INDEX, OWN_INDEX, UNSTABLE

    def lines(pos):
        for name, gather in (
            ("row1", lambda b: b & 0xFF),
            ("row8", lambda b: b >> 56),
            ("cola", lambda b: sum((b >> (8 * r) & 1) << r for r in range(8))),
            ("colh", lambda b: sum((b >> (8 * r + 7) & 1) << r for r in range(8))),
        ):
            yield name, gather(pos.black), gather(pos.white)

    rng = random.Random(5)
    checked = 0
    for _ in range(60):
        pos = Position.start()
        history = [pos]
        while pos.outcome is None:
            pos = pos.play(rng.choice(pos.legal_moves()))
            history.append(pos)
        final = {name: (b, w) for name, b, w in lines(pos)}
        for earlier in history[::3]:
            for name, black, white in lines(earlier):
                stable = (black | white) & ~UNSTABLE[OWN_INDEX[black] + OPP_INDEX[white]]
                fb, fw = final[name]
                assert stable & black & ~fb == 0
                assert stable & white & ~fw == 0
                checked += stable.bit_count()
    assert checked > 1000


def test_stable_discs_never_flip_in_random_games():
    """The solver's stability cutoff trusts ``_stable``: every disc it names (edges, full
    lines, and inner discs held by stable neighbours) keeps its colour to the end of the game,
    whatever is played; and it names inner discs too, not just edge ones."""
    from boardbook.reversi.ai import _stable

    rng = random.Random(8)
    checked = inner = stopped = 0
    for _ in range(80):
        pos = Position.start()
        history = [pos]
        while pos.outcome is None:
            pos = pos.play(rng.choice(pos.legal_moves()))
            history.append(pos)
        for earlier in history[20::2]:
            for own, opp, final in (
                (earlier.black, earlier.white, pos.black),
                (earlier.white, earlier.black, pos.white),
            ):
                stable = _stable(own, opp)
                assert stable & ~own == 0
                assert stable & ~final == 0, earlier.to_text()
                checked += stable.bit_count()
                inner += (stable & 0x007E7E7E7E7E7E00).bit_count()
                # asked to stop after the edges, it names only what it names in full
                edges_only = _stable(own, opp, edge_min=65)
                assert edges_only & ~stable == 0
                assert edges_only & 0x007E7E7E7E7E7E00 == 0
                stopped += edges_only != stable
    assert checked > 2000 and inner > 200 and stopped > 100


def _check_depth_one_node(own: int, opp: int) -> None:
    from boardbook.reversi.ai import _INF, _WIN, _Search, evaluate

    moves = legal_mask(own, opp)
    expected = {}
    for sq in range(64):
        if moves >> sq & 1:
            flips = flip_mask(own, opp, sq)
            child_own, child_opp = opp & ~flips, own | flips | 1 << sq
            if legal_mask(child_own, child_opp):
                expected[sq] = -evaluate(child_own, child_opp), 1
            elif legal_mask(child_opp, child_own):  # a pass: the other side's evaluation
                expected[sq] = evaluate(child_opp, child_own), 2
            else:
                expected[sq] = _WIN * (child_opp.bit_count() - child_own.bit_count()), 1
            search = _Search()  # the first child: evaluated alone
            assert search._leaves(own, opp, 1 << sq, -1, -_INF, _INF) == (expected[sq][0], sq)
            assert search.nodes == expected[sq][1]
    if not expected:
        return
    # every other child after the worst one: evaluated from the packed figures
    worst = min(expected, key=lambda sq: expected[sq][0])
    for sq, (value, nodes) in expected.items():
        if sq != worst:
            search = _Search()
            found = search._leaves(own, opp, 1 << sq | 1 << worst, worst, -_INF, _INF)
            assert found == (
                (value, sq) if value > expected[worst][0] else (expected[worst][0], worst)
            )
            assert search.nodes == nodes + expected[worst][1]
    best = max(value for value, _ in expected.values())
    value, sq = _Search()._leaves(own, opp, moves, -1, -_INF, _INF)
    assert value == best and expected[sq][0] == best


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10_000))
def test_a_depth_one_node_s_packed_evaluations_equal_evaluate(seed):
    """A depth-1 node evaluates its children from moves, frontier and potential mobility
    generated for all of them at once (packed side by side); each child's value must be
    ``evaluate``'s exactly, also after a pass (the other side's evaluation; about one per
    random game) and at a game end. Every position of a random game, and random boards."""
    rng = random.Random(seed)
    pos = Position.start()
    while pos.outcome is None:
        _check_depth_one_node(*pos._own_opp)
        pos = pos.play(rng.choice(pos.legal_moves()))
    for _ in range(10):  # any pair of disjoint bitboards, not only reachable ones
        filled = rng.getrandbits(64) | rng.getrandbits(64)
        own = filled & rng.getrandbits(64)
        _check_depth_one_node(own, filled & ~own)


def _check_endgame_order(own: int, opp: int, hint: int) -> None:
    from boardbook.reversi import ai

    moves = legal_mask(own, opp)
    if not moves:
        return
    order = ai._Search()._ordered_end(own, opp, moves, hint)
    assert sorted(sq for _, sq, _, _ in order) == [sq for sq in range(64) if moves >> sq & 1]
    n_empty = 64 - (own | opp).bit_count()
    for key, sq, flips, replies in order:
        child_own, child_opp = opp & ~flips, own | flips | 1 << sq
        assert flips == flip_mask(own, opp, sq)
        assert replies == legal_mask(child_own, child_opp)
        if sq == hint:
            continue
        empty = ~(child_own | child_opp) & ai.FULL
        frontier = ai._neighbours(empty) & child_opp
        expected = 16 * replies.bit_count() + 4 * frontier.bit_count() - ai._SQUARE_BONUS[sq]
        expected += 24 if replies & ai.CORNERS else 0
        if n_empty >= ai._ORDER_EVAL_MIN_EMPTIES:
            value = ai.evaluate(child_own, child_opp, replies)
            expected += value * ai._ORDER_EVAL_WEIGHT // ai._patterns.UNITS_PER_DISC
        assert key == expected, (sq, key, expected)
    if hint >= 0 and moves >> hint & 1:
        assert order[0][1] == hint
    assert [key for key, _, _, _ in order] == sorted(key for key, _, _, _ in order)


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10_000))
def test_the_exact_search_orders_by_replies_frontier_and_from_12_empties_the_evaluation(seed):
    """The fastest-first order of the exact search: each child's key counts the opponent's
    replies, its frontier, the square and corners, and from ``_ORDER_EVAL_MIN_EMPTIES`` on
    ``evaluate`` of the child, computed for all children at once from packed features; every
    key must be the one computed child by child, the hint first. Random games and boards."""
    rng = random.Random(seed)
    pos = Position.start()
    while pos.outcome is None:
        own, opp = pos._own_opp
        moves = legal_mask(own, opp)
        _check_endgame_order(
            own, opp, rng.choice([-1, *(sq for sq in range(64) if moves >> sq & 1)])
        )
        pos = pos.play(rng.choice(pos.legal_moves()))
    for _ in range(10):  # any pair of disjoint bitboards, not only reachable ones
        filled = rng.getrandbits(64) | rng.getrandbits(64)
        own = filled & rng.getrandbits(64)
        _check_endgame_order(own, filled & ~own, rng.randrange(-1, 64))
