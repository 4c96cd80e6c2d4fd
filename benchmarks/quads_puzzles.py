"""Generate and verify the Quads daily-puzzle bank (widgets/boardbook/quads/puzzles.json).

Seeded playouts by the "careful" CPU (it never gives a piece that wins at once, so positions
look like real games) stop at random points; a position where the side to move forces a win
within 1, 2 or 3 of its own moves, and not fewer, becomes a candidate. Quotas per number of
moves and per pieces on the board keep the bank varied; symmetric copies are dropped (canonical
keys). The main line (fastest win against the slowest defence, both from the exact solver) says
which kinds of shape the puzzle is about. Every entry is then verified again from its stored
text, and the time for generation and verification is printed (CPU seconds).

    .venv/bin/python benchmarks/quads_puzzles.py            # writes the bank
    .venv/bin/python benchmarks/quads_puzzles.py --check    # only re-verifies the shipped bank
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections import Counter
from pathlib import Path

from boardbook.quads import ai
from boardbook.quads.puzzles import verify
from boardbook.quads.rules import SHAPES, Position

BANK = Path(__file__).resolve().parent.parent / "widgets" / "boardbook" / "quads" / "puzzles.json"
#: puzzles wanted per number of own moves
QUOTA = {1: 90, 2: 170, 3: 150}
#: at most this many per (moves, pieces on the board)
PER_CELL = 28
KIND = {s.name: s.kind for s in SHAPES}


def canonical(pos: Position) -> int:
    solver = ai._Solver(pos.squares)
    s0, s1, s2, s3, occ, _ = ai._masks_of(pos)
    assert pos.held is not None
    return solver.key(s0, s1, s2, s3, occ, pos.held)


def least_moves(pos: Position, most: int = 3) -> int | None:
    for k in range(1, most + 1):
        if ai.wins_within(pos, k):
            return k
    return None


def main_line_kinds(pos: Position) -> tuple[str, ...]:
    """Shape kinds completed at the end of the solver's main line."""
    while pos.outcome is None:
        sol = ai.solve(pos)
        assert sol is not None and sol.move is not None
        pos = pos.play(sol.move)
    assert pos.outcome.winner is not None
    return tuple(sorted({KIND[name] for name in pos.outcome.details["shapes"]}))


def generate(seed: int) -> list[list[object]]:
    rng = random.Random(seed)
    counts: Counter[int] = Counter()
    cells: Counter[tuple[int, int]] = Counter()
    seen: set[int] = set()
    bank: list[list[object]] = []
    games = 0
    while any(counts[k] < q for k, q in QUOTA.items()):
        games += 1
        pos = Position.start().play(f":{rng.randrange(16)}")
        stop_at = rng.randint(4, 11)  # pieces on the board when the puzzle is taken
        while pos.outcome is None and pos.placed < stop_at:
            pos = pos.play(ai.choose_move(pos, "careful", rng=rng))
        if pos.outcome is not None or pos.held is None:
            continue
        k = least_moves(pos)
        if k is None or counts[k] >= QUOTA[k] or cells[k, pos.placed] >= PER_CELL:
            continue
        if k == 1 and len(pos.winning_squares()) > 1:
            continue  # one winning square: the puzzle is to find it
        key = canonical(pos)
        if key in seen:
            continue
        seen.add(key)
        counts[k] += 1
        cells[k, pos.placed] += 1
        bank.append([pos.to_text(), k, ",".join(main_line_kinds(pos))])
    print(f"{games} playouts for {len(bank)} puzzles")
    return bank


def check(bank: list[list[object]]) -> None:
    start = time.process_time()
    for text, moves, _ in bank:
        pos = Position.from_text(str(text))
        assert verify(pos, int(str(moves))), text
        assert int(str(moves)) == 1 or not verify(pos, int(str(moves)) - 1), text
    print(
        f"verified {len(bank)} puzzles (and that none is won sooner) in {time.process_time() - start:.1f} s CPU"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=8)
    parser.add_argument("--check", action="store_true", help="only verify the shipped bank")
    args = parser.parse_args()
    if args.check:
        check(json.loads(BANK.read_text(encoding="utf-8"))["puzzles"])
        return
    start = time.process_time()
    bank = generate(args.seed)
    print(f"generated in {time.process_time() - start:.1f} s CPU")
    check(bank)
    by_moves = Counter(int(str(m)) for _, m, _ in bank)
    by_pieces = Counter(Position.from_text(str(t)).placed for t, _, _ in bank)
    by_kind = Counter(kind for _, _, kinds in bank for kind in str(kinds).split(","))
    print("by moves:", dict(sorted(by_moves.items())))
    print("by pieces on the board:", dict(sorted(by_pieces.items())))
    print("by shape kind in the main line:", dict(sorted(by_kind.items())))
    text = json.dumps({"version": 1, "seed": args.seed, "puzzles": bank}, separators=(",", ":"))
    BANK.write_text(text.replace('],["', '],\n["') + "\n", encoding="utf-8")
    print(f"wrote {BANK} ({BANK.stat().st_size} bytes)")


if __name__ == "__main__":
    main()
