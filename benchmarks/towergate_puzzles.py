"""Generate and verify Tower Gate's daily-puzzle bank (widgets/boardbook/towergate/puzzles.json).

Deterministic (fixed seed, fixed-depth CPU players, no clock in any decision): CPU games from
varied setups (fixed, and free setups with random central placements) and every pair of
blessings are scanned for positions where the side to move wins within 2 moves. A fast solver
on the search's board finds them; every chosen one is then proven again by the independent
``puzzles.verify`` before it is written. Prints the counts per theme and both times (CPU).

    .venv/bin/python benchmarks/towergate_puzzles.py            # writes the bank
    .venv/bin/python benchmarks/towergate_puzzles.py --check    # only verifies the shipped bank
"""

from __future__ import annotations

import argparse
import itertools
import json
import random
import time
from collections import Counter
from pathlib import Path

from boardbook.towergate import BLESSINGS, Position, choose_move
from boardbook.towergate.ai import _Board
from boardbook.towergate.puzzles import load_bank, verify
from boardbook.towergate.rules import ADJ, BUILD, ENTER, MASON, REPAINT, SQUARES, TURN_LIMIT, Move

BANK = Path(__file__).resolve().parents[1] / "widgets" / "boardbook" / "towergate" / "puzzles.json"
SEED = 20261201
TARGET = 420
MAX_ONE_MOVE = 60


def win2(board: _Board) -> tuple[int, int] | None:
    """(kind, first move key): 1 = a one-move win, 2 = forced within two; None if neither."""
    side = board.side
    if board.turn >= TURN_LIMIT:
        return None
    w = board.win_move(side)
    if w >= 0:
        return 1, w
    for m in sorted(board.moves(side), key=lambda k: -_showcase(board, k)):
        undo = board.make(m)
        try:
            if board.turn >= TURN_LIMIT:
                continue
            if not board.has_move(board.side):
                return 2, m  # the opponent is left without a move: won at once
            if board.win_move(board.side) >= 0:
                continue
            if all(_answered(board, r) for r in board.moves(board.side)):
                return 2, m
        finally:
            board.unmake(m, undo)
    return None


def _showcase(board: _Board, key: int) -> int:
    """Try first the first moves that show an idea (a blessing, a dome), so that when such a
    move solves the puzzle it is the stored solution."""
    kind, b = key >> 15, key >> 10 & 31
    score = 0
    if kind in (MASON, REPAINT):
        score += 4
    if kind == BUILD and board.cells[b] & 7 == 3:
        score += 3
    if (
        max(abs((key & 31) // 5 - (key >> 5 & 31) // 5), abs((key & 31) % 5 - (key >> 5 & 31) % 5))
        == 2
    ):
        score += 4
    return score


def _answered(board: _Board, reply: int) -> bool:
    """After the opponent's ``reply``: does the puzzle side win with its next move?"""
    undo = board.make(reply)
    try:
        if board.turn >= TURN_LIMIT:
            return False
        me = board.side
        if board.win_move(me) >= 0:
            return True
        for m in board.moves(me):
            u2 = board.make(m)
            trapped = board.turn < TURN_LIMIT and not board.has_move(board.side)
            board.unmake(m, u2)
            if trapped:
                return True
        return False
    finally:
        board.unmake(reply, undo)


def _without_blessing(pos: Position) -> Position:
    side = pos._side
    pair = list(pos._blessings)
    used = list(pos._used)
    pair[side] = None
    used[side] = False
    return Position(pos._cells, pos._workers, pos._turn, (pair[0], pair[1]), (used[0], used[1]))


def tags_for(pos: Position, kind: int, key: int) -> list[str]:
    move = Move._from_key(key)
    tags = ["one_move" if kind == 1 else "two_moves"]
    blessing = pos._blessings[pos._side]
    if blessing is not None and win2(_Board(_without_blessing(pos))) is None:
        tags.append(f"blessing_{blessing}")
    if kind == 1:
        return tags
    after = pos.play(move)
    if after.outcome is not None:  # the first move leaves the opponent without a move
        tags[0] = "one_move"
        tags.append("trap")
        return tags
    if move.build is not None and after.dome(move.build):
        tags.append("dome")
    board = _Board(after)
    opp = board.side
    cells = board.cells
    for w in board.workers[2 * opp : 2 * opp + 2]:
        h = cells[w] & 7
        for t in ADJ[w]:
            c = cells[t]
            if 2 <= c & 7 <= min(3, h + 1) and t not in board.workers and not ENTER[opp][c]:
                tags.append("colour")
                break
        if "colour" in tags:
            break
    me = 1 - opp
    threats = set()
    for w in board.workers[2 * me : 2 * me + 2]:
        if cells[w] & 7 >= 2:
            for t in ADJ[w]:
                if cells[t] & 7 == 3 and ENTER[me][cells[t]] and t not in board.workers:
                    threats.add(t)
    if len(threats) >= 2:
        tags.append("double_threat")
    return tags


def theme_of(tags: list[str]) -> str:
    for t in tags:
        if t.startswith("blessing_"):
            return t
    for t in ("dome", "colour", "trap", "double_threat", "one_move"):
        if t in tags:
            return t
    return "two_moves"


def random_setup(rng: random.Random, blessings: dict[str, str | None]) -> Position:
    if rng.random() < 0.3:
        return Position.start("fixed", blessings)
    pos = Position.start("free", blessings)
    central = [SQUARES[i] for i in range(25) if 0 < i // 5 < 4 and 0 < i % 5 < 4]
    while pos.in_setup:
        free = [s for s in central if pos.worker_at(s) is None]
        pos = pos.play(
            rng.choice(free if rng.random() < 0.8 else [m.target for m in pos.legal_moves()])
        )
    return pos


def game_positions(rng: random.Random, blessings: dict[str, str | None]) -> list[Position]:
    pos = random_setup(rng, blessings)
    seen = [pos]
    levels = {
        "terracotta": rng.choice(["easy", "normal", "normal"]),
        "blue": rng.choice(["easy", "normal", "normal"]),
    }
    while pos.outcome is None:
        side = pos.to_move
        assert side is not None
        move = choose_move(pos, levels[side], rng=rng, time_budget=1e9, max_depth=2)
        pos = pos.play(move)
        seen.append(pos)
    return seen


def generate() -> list[dict[str, object]]:
    rng = random.Random(SEED)
    combos = list(itertools.product((None, *BLESSINGS), repeat=2))
    found: dict[str, dict[str, object]] = {}
    counts: Counter[str] = Counter()
    game = 0
    while len(found) < TARGET * 4 and game < 6000:
        t_b, b_b = combos[game % len(combos)]
        game += 1
        positions = game_positions(rng, {"terracotta": t_b, "blue": b_b})
        per_game = 0
        for pos in reversed(positions[:-1]):
            if pos.outcome is not None or pos.in_setup or not 2 <= pos.turn <= 80:
                continue
            result = win2(_Board(pos))
            if result is None:
                continue
            kind, key = result
            if kind == 1 and counts["one_move"] >= MAX_ONE_MOVE * 2:
                continue
            text = pos.to_text()
            if text in found:
                continue
            tags = tags_for(pos, kind, key)
            found[text] = {
                "position": text,
                "solution": str(Move._from_key(key)),
                "moves": 1 if "one_move" in tags else 2,
                "tags": tags,
                "theme": theme_of(tags),
            }
            counts["one_move" if kind == 1 else "two_moves"] += 1
            per_game += 1
            if per_game >= 3:
                break
    return select(list(found.values()), rng)


def select(entries: list[dict[str, object]], rng: random.Random) -> list[dict[str, object]]:
    """A varied bank: one puzzle of each theme in turn (rare themes are used up first),
    one-movers capped at MAX_ONE_MOVE."""
    rng.shuffle(entries)
    by_theme: dict[str, list[dict[str, object]]] = {}
    for e in entries:
        by_theme.setdefault(str(e["theme"]), []).append(e)
    by_theme["one_move"] = by_theme.get("one_move", [])[:MAX_ONE_MOVE]
    chosen: list[dict[str, object]] = []
    while len(chosen) < TARGET and any(by_theme.values()):
        for theme in sorted(by_theme):
            if by_theme[theme] and len(chosen) < TARGET:
                chosen.append(by_theme[theme].pop())
    chosen.sort(key=lambda e: (str(e["theme"]), str(e["position"])))
    for n, e in enumerate(chosen, 1):
        e["id"] = f"tg-{n:03d}"
    return chosen


def finalize(entries: list[dict[str, object]]) -> None:
    """``moves`` = the fewest own moves that win (a two-move solution may have been found
    first where a one-move trap also exists), with the tags and theme to match."""
    for e in entries:
        one = verify(Position.from_text(str(e["position"])), 1)
        tags = [t for t in e["tags"] if t not in ("one_move", "two_moves")]  # type: ignore[attr-defined]
        e["moves"] = 1 if one else 2
        e["tags"] = ["one_move" if one else "two_moves", *tags]
        e["theme"] = theme_of(e["tags"])  # type: ignore[arg-type]


def check(entries: list[dict[str, object]]) -> float:
    start = time.process_time()
    for e in entries:
        pos = Position.from_text(str(e["position"]))
        if not verify(pos, 2, first=str(e["solution"])):
            raise SystemExit(f"puzzle {e['id']} does not verify: {e['position']}")
    return time.process_time() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only verify the shipped bank")
    parser.add_argument(
        "--finalize", action="store_true", help="only recompute moves/tags/theme of the bank"
    )
    args = parser.parse_args()
    if args.finalize:
        data = json.loads(BANK.read_text())
        finalize(data["puzzles"])
        BANK.write_text(json.dumps(data, separators=(",", ":"), ensure_ascii=False) + "\n")
        print(Counter(int(e["moves"]) for e in data["puzzles"]))
        return
    if args.check:
        bank = [dict(p) for p in load_bank()]
        seconds = check(bank)
        print(f"verified {len(bank)} shipped puzzles in {seconds:.1f} s CPU")
        return
    start = time.process_time()
    bank = generate()
    finalize(bank)
    gen_seconds = time.process_time() - start
    seconds = check(bank)
    themes = Counter(str(e["theme"]) for e in bank)
    tags = Counter(t for e in bank for t in e["tags"])  # type: ignore[attr-defined]
    payload = {
        "format": 1,
        "generator": "benchmarks/towergate_puzzles.py",
        "seed": SEED,
        "puzzles": [
            {k: e[k] for k in ("id", "theme", "moves", "tags", "position", "solution")}
            for e in bank
        ],
    }
    BANK.write_text(json.dumps(payload, separators=(",", ":"), ensure_ascii=False) + "\n")
    print(f"generated {len(bank)} puzzles in {gen_seconds:.1f} s CPU; verified in {seconds:.1f} s")
    print("themes:", dict(sorted(themes.items())))
    print("tags:", dict(sorted(tags.items())))
    print("fewest moves needed:", dict(sorted(Counter(int(e["moves"]) for e in bank).items())))
    print(f"wrote {BANK} ({BANK.stat().st_size // 1024} KB)")


if __name__ == "__main__":
    main()
