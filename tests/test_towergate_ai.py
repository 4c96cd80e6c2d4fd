"""Tower Gate CPU levels and coach: the properties a player relies on.

"Absurd" (ai module docstring): missing an immediate win, or letting the opponent climb onto
height 3 next move when some move avoids it. No level may play an absurd move; easy must
still differ from the best play often enough to be beatable. Wins are checked with the rules
engine and the puzzle verifier, not with the search itself.
"""

from __future__ import annotations

import random
from collections.abc import Generator
from typing import Any

import pytest
from boardbook.core.game import run_to_end
from boardbook.towergate import (
    LEVELS,
    PUZZLES,
    Position,
    ai,
    analyse,
    choose_move,
    search_steps,
    verify,
)
from boardbook.towergate.ai import evaluate
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from loaded import check_answers_at_once, check_wall_budget

SQ = [f"{c}{r}" for r in range(1, 6) for c in "ABCDE"]


def board(
    levels: dict[str, str],
    terracotta: tuple[str, str],
    blue: tuple[str, str],
    turn: int = 0,
    blessings: dict[str, str | None] | None = None,
) -> Position:
    lv = {sq: "" for sq in SQ}
    lv.update(levels)
    return Position.from_json(
        {
            "levels": [lv[sq] for sq in SQ],
            "workers": {"terracotta": list(terracotta), "blue": list(blue)},
            "turn": turn,
            "blessings": blessings or {"terracotta": None, "blue": None},
        }
    )


def midgame_positions(count: int, seed: int) -> list[Position]:
    """Positions from playouts half random, half normal-level moves (both setups, random
    blessings), game not over: towers grow as in real games, so threats arise."""
    rng = random.Random(seed)
    out: list[Position] = []
    while len(out) < count:
        bl = {
            s: rng.choice((None, "wind", "mason", "repaint", "leap"))
            for s in ("terracotta", "blue")
        }
        pos = Position.start(rng.choice(("fixed", "free")), bl)
        for _ in range(rng.randrange(8, 50)):
            moves = pos.legal_moves()
            if not moves:
                break
            if rng.random() < 0.5:
                pos = pos.play(rng.choice(moves))
            else:
                # a table of its own: the sample does not depend on what ran before it
                move = choose_move(
                    pos, "normal", rng=rng, time_budget=1e9, max_depth=1, memory=ai.SearchMemory()
                )
                pos = pos.play(move)
        if pos.outcome is None and not pos.in_setup:
            out.append(pos)
    return out


def lets_opponent_win(pos: Position, move: object) -> bool:
    after = pos.play(move)  # type: ignore[arg-type]
    return after.outcome is None and bool(after.winning_moves())


def test_levels_and_bad_level() -> None:
    assert LEVELS == ("easy", "normal", "strong")
    with pytest.raises(ValueError):
        choose_move(Position.start(), "grandmaster")
    over = board({"B4": "tt", "C3": "ttb"}, ("B4", "E5"), ("A1", "E1")).play("B4-C3")
    with pytest.raises(ValueError):
        choose_move(over, "easy")


@pytest.mark.parametrize("level", LEVELS)
def test_no_level_plays_an_absurd_move(level: str) -> None:
    positions = midgame_positions(50, seed=5)
    seen_win = seen_danger = 0
    for n, pos in enumerate(positions):
        move = choose_move(pos, level, rng=random.Random(n), time_budget=0.1)
        assert move in pos.legal_moves()
        if pos.winning_moves():
            seen_win += 1
            assert move.is_win, f"{level} missed a win in {pos!r}"
            continue
        safe = [m for m in pos.legal_moves() if not lets_opponent_win(pos, m)]
        if len(safe) < len(pos.legal_moves()):
            seen_danger += 1
        if safe:
            assert not lets_opponent_win(pos, move), f"{level} let the opponent win: {pos!r}"
    assert seen_win >= 2 and seen_danger >= 2  # the sample really tested both rules


def test_every_level_takes_a_win_and_blocks_a_threat() -> None:
    # terracotta can climb C3 (2 terracotta, 1 blue) from B4 (height 2)
    win = board({"B4": "tt", "C3": "ttb"}, ("B4", "E5"), ("A1", "E1"))
    # blue to move: terracotta threatens B4 -> C3; blue must dome C3 (from D2/D3/...) or lose
    threat = board({"B4": "tt", "C3": "ttb"}, ("B4", "E5"), ("D2", "E1"), turn=1)
    for level in LEVELS:
        for seed in range(3):
            assert choose_move(win, level, rng=random.Random(seed), time_budget=0.2).is_win
            reply = choose_move(threat, level, rng=random.Random(seed), time_budget=0.2)
            assert not lets_opponent_win(threat, reply)


def test_easy_varies_and_is_often_not_the_best_move() -> None:
    positions = midgame_positions(30, seed=8)
    differs = 0
    choices: set[str] = set()
    for n, pos in enumerate(positions):
        easy = choose_move(pos, "easy", rng=random.Random(n))
        strong = choose_move(pos, "strong", rng=random.Random(n), time_budget=0.2)
        differs += str(easy) != str(strong)
    start = Position.start()
    for seed in range(12):
        choices.add(str(choose_move(start, "easy", rng=random.Random(seed))))
    assert differs >= 5
    assert len(choices) >= 3


@pytest.mark.parametrize("level", LEVELS)
def test_cpu_places_workers_sensibly(level: str) -> None:
    for seed in range(6):
        rng = random.Random(seed)
        pos = Position.start("free")
        while pos.in_setup:
            move = choose_move(pos, level, rng=rng)
            assert move.is_placement
            col, row = "ABCDE".index(move.target[0]), int(move.target[1]) - 1
            assert 0 < col < 4 and 0 < row < 4, f"{level} placed on the edge: {move}"
            pos = pos.play(move)


def test_search_steps_yields_and_returns_a_legal_move() -> None:
    pos = Position.start()
    steps = search_steps(pos, "strong", rng=random.Random(1), time_budget=0.2)
    yields = 0
    while True:
        try:
            next(steps)
            yields += 1
        except StopIteration as done:
            move = done.value
            break
    assert yields >= 20
    assert move in pos.legal_moves()
    stats: dict[str, object] = {}
    gen = search_steps(pos, "normal", rng=random.Random(1), stats=stats)
    while True:
        try:
            next(gen)
        except StopIteration:
            break
    assert stats["depth"] == 2


def test_strong_keeps_a_forced_win_in_two() -> None:
    twos = [p for p in PUZZLES if p["moves"] == 2][:12]
    assert twos
    for n, puzzle in enumerate(twos):
        pos = puzzle.position
        side = pos.to_move
        move = choose_move(pos, "strong", rng=random.Random(n), time_budget=5.0)
        after = pos.play(move)
        if after.outcome is not None:
            assert after.outcome.winner == side
            continue
        for reply in after.legal_moves():  # every defence loses to a next move (checked by rules)
            assert verify(after.play(reply), 1), f"{puzzle['id']}: {move} lets {reply} escape"


def test_evaluation_knows_colour_majority() -> None:
    # terracotta on height 1 next to a height-2 tower: climbable if terracotta has the majority
    own = board({"B4": "t", "C3": "tt"}, ("B4", "E5"), ("A1", "E1"))
    theirs = board({"B4": "t", "C3": "bb"}, ("B4", "E5"), ("A1", "E1"))
    tied = board({"B4": "t", "C3": "tb"}, ("B4", "E5"), ("A1", "E1"))
    assert evaluate(own) > evaluate(tied)
    assert evaluate(own) > evaluate(theirs)


def test_coach_values_every_move_and_explains_lets_climb() -> None:
    # blue stands on height 2 (D2); C3 is 2 blue levels: building on it gives blue a height 3
    pos = board({"D2": "bb", "C3": "bb"}, ("A5", "E5"), ("D2", "A1"))
    result = analyse(pos)
    moves = pos.legal_moves()
    assert set(result.values) == {str(m) for m in moves}
    assert all(-1.0 <= v <= 1.0 for v in result.values.values())
    assert result.values[result.best] >= result.values[result.worst]
    assert result.worst_reason["kind"] == "lets_climb"
    assert result.worst_reason["side"] == "blue" and result.worst_reason["square"] == "C3"
    bad = result.build_values("A5", "B4")
    assert bad["C3"] == -1.0 and min(bad.values()) == bad["C3"]
    assert set(result.target_values("A5")) == {m.target for m in moves if m.source == "A5"}


def test_coach_finds_the_win() -> None:
    pos = board({"B4": "tt", "C3": "ttb"}, ("B4", "E5"), ("A1", "E1"))
    result = analyse(pos)
    assert result.best == "B4-C3"
    assert result.best_reason == {"kind": "wins_now", "side": "terracotta", "square": "C3"}


def test_search_board_agrees_with_the_rules() -> None:
    """The search's own move generator, win check and make/unmake match the rules engine."""
    from boardbook.towergate.ai import _Board

    rng = random.Random(1)
    checked = 0
    for _ in range(40):
        bl = {
            s: rng.choice((None, "wind", "mason", "repaint", "leap"))
            for s in ("terracotta", "blue")
        }
        pos = Position.start(rng.choice(("fixed", "free")), bl)
        while pos.outcome is None:
            moves = pos.legal_moves()
            move = rng.choice(moves)
            if not pos.in_setup:
                b = _Board(pos)
                assert sorted(b.moves(b.side)) == sorted(m._key for m in moves)
                assert (b.win_move(b.side) >= 0) == bool(pos.winning_moves())
                if not move.is_win:
                    undo = b.make(move._key)
                    after = _Board(pos.play(move))
                    assert (b.hash, b.cells, b.mason_left) == (
                        after.hash,
                        after.cells,
                        after.mason_left,
                    )
                    b.unmake(move._key, undo)
                    assert b.hash == _Board(pos).hash
                checked += 1
            pos = pos.play(move)
    assert checked > 500


def _playout_boards(seed: int, turns: int) -> Generator[tuple[Position, Any], None, None]:
    """(position, search board) along one random game with random blessings, setup and rule
    set."""
    rng = random.Random(seed)
    bl = {s: rng.choice((None, "wind", "mason", "repaint", "leap")) for s in ("terracotta", "blue")}
    pos = Position.start(
        rng.choice(("fixed", "free")), bl, rules=rng.choice(("balanced", "as-written"))
    )
    for _ in range(turns):
        if pos.outcome is not None:
            return
        if not pos.in_setup:
            yield pos, ai._Board(pos)
        pos = pos.play(rng.choice(pos.legal_moves()))


def _masks(pos: Position) -> tuple[list[int], list[int]]:
    """Height and enterable bitboards rebuilt from the rules' own answers."""
    hm, ent = [0] * 5, [0, 0]
    for i, sq in enumerate(SQ):
        hm[len(pos.levels(sq))] |= 1 << i
        for n, side in enumerate(("terracotta", "blue")):
            if pos.can_enter(side, sq):
                ent[n] |= 1 << i
    return hm, ent


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**9), turns=st.integers(6, 60))
def test_bitboard_search_agrees_with_the_rules(seed: int, turns: int) -> None:
    """The search's bitboards, move list, one-move legality check, win and stuck checks, and
    the leaf value computed without making the move, all match the rules engine."""
    for pos, b in _playout_boards(seed, turns):
        legal = pos.legal_moves()
        keys = {m._key for m in legal}
        assert sorted(b.moves(b.side)) == sorted(keys)
        assert (b.hm, b.ent) == _masks(pos)
        assert (b.win_move(b.side) >= 0) == bool(pos.winning_moves())
        assert b.has_move(b.side) == bool(legal)
        rng = random.Random(seed)
        probes = list(keys) + [rng.getrandbits(15) | rng.randrange(1, 5) << 15 for _ in range(50)]
        for key in probes:
            src, t = key & 31, key >> 5 & 31
            one_step = src < 25 and t < 25 and t in ai.ADJ[src]
            assert b.legal(key) == (key in keys and key >> 15 != 4 and one_step)
        sample = set(rng.sample(range(len(legal)), min(6, len(legal))))
        for n, m in enumerate(legal):
            if m.is_win:
                continue
            undo = b.make(m._key)
            value = b.after()
            if n in sample:  # checked against the rules' own position (slower)
                after = pos.play(m)
                assert (b.hm, b.ent) == _masks(after)
            b.unmake(m._key, undo)
            assert ai._child(b, m._key) == value
            if n not in sample:
                continue
            if after.outcome is not None:  # the side to move is stuck (loses)
                assert value == ai._STUCK_WIN
            elif after.winning_moves():
                assert value is None
            else:
                assert value == -evaluate(after)


def test_the_table_kept_between_moves_saves_work() -> None:
    """A search that follows the previous one (the game's shared memory) needs fewer nodes
    than a fresh one for the same depth: its subtrees are in the table already."""
    pos = Position.start()
    memory = ai.SearchMemory()
    move = choose_move(
        pos, "strong", rng=random.Random(0), time_budget=1e9, max_depth=4, memory=memory
    )
    after = pos.play(move)
    nxt = after.play(
        choose_move(after, "normal", rng=random.Random(0), time_budget=1e9, max_depth=1)
    )
    counts = {}
    for name, mem in (("kept", memory), ("fresh", ai.SearchMemory())):
        stats: dict[str, Any] = {}
        steps = search_steps(
            nxt,
            "strong",
            rng=random.Random(1),
            time_budget=1e9,
            max_depth=3,
            stats=stats,
            memory=mem,
        )
        for _ in steps:
            pass
        counts[name] = stats["nodes"]
    assert counts["kept"] < counts["fresh"]


def _strong(pos: Position, memory: ai.SearchMemory, depth: int) -> tuple[Any, dict[str, Any]]:
    """(move, stats) of a strong search of ``pos`` to ``depth`` with no clock and ``memory``."""
    stats: dict[str, Any] = {}
    steps = search_steps(
        pos,
        "strong",
        rng=random.Random(5),
        time_budget=1e9,
        max_depth=depth,
        stats=stats,
        memory=memory,
    )
    return run_to_end(steps), stats


def test_strong_values_its_last_depth_exactly_when_the_budget_allows(monkeypatch) -> None:
    """Late-move reductions and reverse futility reach the last depth fast but may miss a
    line; with time left, strong searches that depth again exactly, so its value is the one
    a search with neither finds (in these 12 positions 7 differ without that pass)."""
    positions = midgame_positions(12, 5)
    found = [_strong(pos, ai.SearchMemory(), 4)[1] for pos in positions]
    monkeypatch.setattr(ai, "_LMR_AFTER", 10**9)  # no late-move reductions
    monkeypatch.setattr(ai, "_RFP_MARGIN", 10**9)  # no reverse futility
    plain = [_strong(pos, ai.SearchMemory(), 4)[1] for pos in positions]
    assert [s["value"] for s in found] == [s["value"] for s in plain]
    for stats in found:  # verified, unless a forced result ended the search early
        assert stats["exact"] == stats["depth"] == 4 or abs(stats["value"]) > ai._WIN_BOUND


def _searched(pos: Position, memory: ai.SearchMemory, depth: int = 3) -> tuple[Any, int]:
    """(move, value) of a strong search to ``depth`` with ``memory``; the history counters
    are cleared first, so the transposition table is all that an earlier search leaves."""
    memory.history.clear()
    move, stats = _strong(pos, memory, depth)
    return move, stats["value"]


def _variants(pos: Position) -> list[Position]:
    """``pos`` under other blessings and the other rule set: the same squares and workers."""
    js = pos.to_json()
    out = []
    for bl in ("wind", "leap", "mason", "repaint", None):
        for other in ("terracotta", "blue"):
            blessings = {**js["blessings"], other: bl}
            if blessings != js["blessings"]:
                used = {**js["blessing_used"], other: False}
                out.append(
                    Position.from_json({**js, "blessings": blessings, "blessing_used": used})
                )
    rules = "as-written" if js["rules"] == "balanced" else "balanced"
    out.append(Position.from_json({**js, "rules": rules}))
    return out


def test_a_kept_table_never_mixes_games_with_other_blessings_or_rules() -> None:
    """The table is kept across searches and shared by every game of the process; a game
    whose squares and workers are the same but whose blessings or rules differ must not take
    its values from it: the search after another game's equals a search from a fresh table."""
    mixed = 0
    for pos in midgame_positions(4, seed=11):
        memory = ai.SearchMemory()
        _searched(pos, memory)
        for other in _variants(pos):
            if other.outcome is not None or any(m.is_win for m in other.legal_moves()):
                continue
            kept = _searched(other, memory)
            fresh = _searched(other, ai.SearchMemory())
            assert kept == fresh, (other.to_text(), kept, fresh)
            mixed += 1
    assert mixed >= 20


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**9))
def test_searches_under_two_rule_sets_in_one_process_never_mix(seed: int) -> None:
    """Two games, one per rule set, on the same squares (a balanced move is legal as written
    too), searched in turn with one shared table: every search gives what the same search
    gives with a table that only its own game used, and its move is legal under its rules."""
    rng = random.Random(seed)
    bl = {s: rng.choice((None, "wind", "mason", "repaint", "leap")) for s in ("terracotta", "blue")}
    games = [Position.start("fixed", bl, rules=name) for name in ("balanced", "as-written")]
    shared, own = ai.SearchMemory(), [ai.SearchMemory(), ai.SearchMemory()]
    for _ in range(rng.randint(3, 12)):
        move = rng.choice(games[0].legal_moves())
        games = [pos.play(move) for pos in games]
        if any(pos.outcome is not None for pos in games):
            return
    for n, pos in enumerate(games):
        if any(m.is_win for m in pos.legal_moves()):
            continue
        move, value = _searched(pos, shared, depth=3)
        assert (move, value) == _searched(pos, own[n], depth=3)
        assert move in pos.legal_moves()


def test_budget_is_wall_clock_under_load() -> None:
    """A player waits in wall time: on a loaded machine the strong level still answers
    within its budget (a CPU-time budget would stretch to about twice as long here)."""
    pos = midgame_positions(1, seed=4)[0]
    budget = 0.4
    check_wall_budget(
        lambda: search_steps(
            pos,
            "strong",
            rng=random.Random(0),
            time_budget=budget,
            max_depth=30,
            memory=ai.SearchMemory(),
        ),
        budget,
    )


@pytest.mark.parametrize("level", ["easy", "normal"])
def test_the_lower_levels_answer_within_their_budget_under_load(level: str) -> None:
    """Easy (one ply) and normal (two plies) stop at their depth long before their budget,
    on a loaded machine too (strong thinks its whole budget: the test above)."""
    pos = midgame_positions(1, seed=4)[0]
    budget = ai.DEFAULT_BUDGET[level]
    check_answers_at_once(
        lambda: search_steps(
            pos, level, rng=random.Random(0), time_budget=budget, memory=ai.SearchMemory()
        ),
        budget,
    )
