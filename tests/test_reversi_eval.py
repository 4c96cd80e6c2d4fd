"""The strong Reversi level's fitted evaluation: its patterns, its fast extraction, its weights
files and the tools that fit them (tools/reversi_selfplay.py, tools/fit_reversi_eval.py)."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pytest
from boardbook.core.game import run_to_end
from boardbook.reversi import Position, ai
from boardbook.reversi import _patterns as pat
from boardbook.reversi.rules import legal_mask
from hypothesis import given, settings
from hypothesis import strategies as st

ROOT = Path(__file__).resolve().parents[1]

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


def _image(squares: tuple[int, ...], f) -> tuple[int, ...]:
    return tuple(8 * f(sq // 8, sq % 8)[0] + f(sq // 8, sq % 8)[1] for sq in squares)


@pytest.mark.parametrize("name", list(pat.PATTERNS))
def test_a_patterns_instances_are_all_its_symmetric_images_in_digit_order(name):
    """One table serves every instance only if each instance reads its squares in the order
    of a symmetric image of the base (else a corner's digit would meet an edge's weight)."""
    base = tuple(8 * r + c for r, c in pat.PATTERNS[name])
    found = pat.INSTANCES[name]
    images = {_image(base, f) for f in SYMMETRIES}
    assert set(found) <= images
    assert {frozenset(sq) for sq in found} == {frozenset(sq) for sq in images}
    assert len(found) == len({frozenset(sq) for sq in found})


def _random_position(seed: int, plies: int) -> Position:
    rng = random.Random(seed)
    pos = Position.start()
    for _ in range(plies):
        if pos.outcome is not None:
            break
        pos = pos.play(rng.choice(pos.legal_moves()))
    return pos


def _reference(own: int, opp: int) -> float:
    """The evaluation the slow, obvious way: weights times features, plus one table entry per
    instance read square by square."""
    active, scalars, tables = pat.load_weights()
    phase = pat.PHASE_BY_EMPTIES[64 - (own | opp).bit_count()]
    features = ai._features(own, opp, legal_mask(own, opp))
    value = sum(scalars[phase][name] * f for name, f in zip(pat.SCALARS, features, strict=True))
    for name in active:
        for squares in pat.INSTANCES[name]:
            value += tables[phase][name][pat.reference_index(own, opp, squares)]
    return value


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10_000), st.integers(4, 56))
def test_the_fast_evaluation_equals_the_square_by_square_reference(seed, plies):
    """The engine pulls instances out of bitboards with shifts, multiplications and lookup
    tables; any slip there (a wrong gather, a swapped digit) changes the value. It may differ
    only by rounding: the edge table is folded in 1/32-disc units, the sum truncated."""
    pos = _random_position(seed, plies)
    own, opp = pos._own_opp
    assert abs(ai.evaluate(own, opp) - _reference(own, opp)) <= 3
    # any pair of disjoint bitboards, not only reachable ones
    rng = random.Random(seed)
    filled = rng.getrandbits(64)
    own = filled & rng.getrandbits(64)
    assert abs(ai.evaluate(own, filled & ~own) - _reference(own, filled & ~own)) <= 3


def test_the_evaluation_predicts_exactly_solved_positions():
    """Independent figures: positions with 12 empties from varied games, solved exactly. The
    evaluation (in discs) must call the winner of most and track the margin; a wrong sign, a
    phase mix-up or a corrupt weights file fails this."""
    rng = random.Random(11)
    pairs = []
    while len(pairs) < 30:
        pos = Position.start()
        while pos.outcome is None and pos.empties > 12:
            moves = pos.legal_moves()
            pos = pos.play(
                rng.choice(moves) if rng.random() < 0.5 else ai.choose_move(pos, "corner", rng=rng)
            )
        if pos.outcome is not None or pos.empties != 12 or not legal_mask(*pos._own_opp):
            continue
        exact, _ = ai.solve(pos)
        pairs.append((ai.evaluate(*pos._own_opp) / ai._EVAL_PER_DISC, exact))
    agree = sum((e > 0) == (x > 0) for e, x in pairs if x != 0) / sum(1 for _, x in pairs if x)
    assert agree >= 0.8
    mean_e = sum(e for e, _ in pairs) / len(pairs)
    mean_x = sum(x for _, x in pairs) / len(pairs)
    cov = sum((e - mean_e) * (x - mean_x) for e, x in pairs)
    var_e = sum((e - mean_e) ** 2 for e, _ in pairs)
    var_x = sum((x - mean_x) ** 2 for _, x in pairs)
    assert cov / (var_e * var_x) ** 0.5 >= 0.8


def test_a_weights_file_that_does_not_fit_the_patterns_is_refused(tmp_path):
    """A stale or truncated weights file must fail loudly at import, not evaluate nonsense."""
    active, scalars, tables = pat.load_weights()
    pat.save_weights(str(tmp_path), active, scalars, tables)
    assert pat.load_weights(str(tmp_path)) == (active, scalars, tables)  # the round trip
    pat.save_weights(str(tmp_path), active, scalars[:-1], tables)
    with pytest.raises(ValueError, match="phases"):
        pat.load_weights(str(tmp_path))
    short = [{**t, "corner": t["corner"][:-1]} for t in tables]
    pat.save_weights(str(tmp_path), ["corner"], scalars, short)
    with pytest.raises(ValueError, match="does not match the patterns"):
        pat.load_weights(str(tmp_path))


def test_selfplay_then_fit_writes_weights_the_engine_loads(tmp_path):
    """The fitting pipeline end to end on a few quick games: the labels are exact final
    margins, and the fitted weights load and give a working evaluation."""
    games = tmp_path / "games.txt"
    subprocess.run(
        [sys.executable, str(ROOT / "tools" / "reversi_selfplay.py"), "--games", "6",
         "--depth", "1", "--solve-at", "10", "--seed", "3", "--out", str(games)],
        check=True,
        capture_output=True,
    )  # fmt: skip
    rows = [line.split() for line in games.read_text().splitlines()]
    assert len(rows) > 6 * 40
    for own, opp, empties, label in rows[-3:]:
        o, p = int(own, 16), int(opp, 16)
        assert 64 - (o | p).bit_count() == int(empties)
        if int(empties) <= 10:  # on the solver's perfect line: the label is the exact value
            assert ai.solve(Position(black=o, white=p))[0] == int(label)
    out = tmp_path / "weights"
    out.mkdir()
    result = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "fit_reversi_eval.py"), str(games),
         "--patterns", "edge,corner", "--out", str(out)],
        check=True,
        capture_output=True,
        text=True,
    )  # fmt: skip
    assert "phase 53-60" in result.stdout
    active, scalars, tables = pat.load_weights(str(out))
    assert active == ["edge", "corner"]
    assert len(scalars) == len(pat.PHASE_EMPTIES)
    assert all(len(t["corner"]) == 3**9 for t in tables)


def test_probcut_searches_fewer_nodes_and_stays_close_to_the_full_search():
    """ProbCut (the strong level's play) skips subtrees whose shallower search lands far
    outside the window. It must save work, and its values must stay near the full search's:
    a cut taken on the wrong side of the window would drift them by many discs."""
    rng = random.Random(4)
    full_nodes = cut_nodes = 0
    drift = []
    for seed in range(12):
        pos = _random_position(seed, rng.randint(12, 30))
        if pos.outcome is not None or not legal_mask(*pos._own_opp):
            continue
        own, opp = pos._own_opp
        values = []
        for probcut in (False, True):
            search = ai._Search(probcut=probcut)
            value = run_to_end(search.mid_steps(own, opp, 6, -ai._INF, ai._INF))
            values.append(value)
            if probcut:
                cut_nodes += search.nodes
            else:
                full_nodes += search.nodes
        drift.append(abs(values[1] - values[0]) / ai._EVAL_PER_DISC)
    assert len(drift) >= 10
    assert cut_nodes < 0.8 * full_nodes
    assert sum(drift) / len(drift) < 2.0


def _loop_evaluate(own: int, opp: int) -> int:
    """``evaluate`` as it was written before its code was generated per phase: the same
    weights and tables (``ai._PHASES``), in loops."""
    own_moves, opp_moves = legal_mask(own, opp), legal_mask(opp, own)
    empty = ~(own | opp) & ai.FULL
    weights, rows, columns, diagonals, corners = ai._PHASES[pat.PHASE_BY_EMPTIES[empty.bit_count()]]
    w_bias, w_mobility, w_ratio, w_corner, w_x, w_frontier, w_potential, w_pratio = weights
    mobility_own, mobility_opp = own_moves.bit_count(), opp_moves.bit_count()
    x_squares = 0
    for corner, x, _ in ai._CORNER_ZONES:
        if empty & corner:
            if own & x:
                x_squares -= 1
            elif opp & x:
                x_squares += 1
    frontier = ai._neighbours(empty)
    potential_own = (empty & ai._neighbours(opp)).bit_count()
    potential_opp = (empty & ai._neighbours(own)).bit_count()
    corners_own = (own_moves & ai.CORNERS).bit_count()
    corners_opp = (opp_moves & ai.CORNERS).bit_count()
    score = int(
        w_bias
        + w_mobility * (mobility_own - mobility_opp)
        + w_ratio * (100 * (mobility_own - mobility_opp) // (mobility_own + mobility_opp + 2))
        + w_corner * (corners_own - corners_opp)
        + w_x * x_squares
        + w_frontier * ((own & frontier).bit_count() - (opp & frontier).bit_count())
        + w_potential * (potential_own - potential_opp)
        + w_pratio * (100 * (potential_own - potential_opp) // (potential_own + potential_opp + 2))
    )
    gather, column_a = ai._GATHER, ai._COLUMN_A
    for shift, own_part, opp_part, table in rows:
        score += table[own_part[own >> shift & 255] + opp_part[opp >> shift & 255]]
    for shift, own_part, opp_part, table in columns:
        score += table[
            own_part[(own >> shift & column_a) * gather >> 56 & 255]
            + opp_part[(opp >> shift & column_a) * gather >> 56 & 255]
        ]
    for mask, own_part, opp_part, table in diagonals:
        score += table[
            own_part[(own & mask) * pat.GATHER_DIAGONAL >> 56 & 255]
            + opp_part[(opp & mask) * pat.GATHER_DIAGONAL >> 56 & 255]
        ]
    for (s0, s1, s2), own_part, opp_part, table in corners:
        score += table[
            own_part[(own >> s0 & 7) | (own >> s1 & 7) << 3 | (own >> s2 & 7) << 6]
            + opp_part[(opp >> s0 & 7) | (opp >> s1 & 7) << 3 | (opp >> s2 & 7) << 6]
        ]
    return score


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 60))
def test_the_generated_evaluation_equals_the_loop_version_exactly(seed, plies):
    """Each phase's evaluation is generated code (weights as literals, lookups unrolled); the
    search's tree depends on every unit, so it must equal the loop version exactly."""
    pos = _random_position(seed, plies)
    own, opp = pos._own_opp
    assert ai.evaluate(own, opp) == _loop_evaluate(own, opp)
    assert ai.evaluate(opp, own) == _loop_evaluate(opp, own)
    rng = random.Random(seed)
    filled = rng.getrandbits(64) | rng.getrandbits(64) * (plies & 1)
    own = filled & rng.getrandbits(64)
    assert ai.evaluate(own, filled & ~own) == _loop_evaluate(own, filled & ~own)
