"""Write real Python snapshots of Tower Gate (js/tests/visual/towergate-states.json) for the
screenshot page and the vitest tests of js/towergate.js, so both draw what Python really sends.

    .venv/bin/python js/tests/visual/towergate_states.py
"""

from __future__ import annotations

import json
import random
from pathlib import Path

from boardbook.core.match import Match
from boardbook.core.stats import MemoryStatsStore
from boardbook.towergate import SQUARES
from boardbook.towergate.game import TUTORIAL_FLAG, TowerGateGame

OUT = Path(__file__).with_name("towergate-states.json")


def match(first_use: bool = False, **settings: object) -> Match:  # type: ignore[type-arg]
    store = MemoryStatsStore()
    if not first_use:
        store.set_flag(TUTORIAL_FLAG, True)
    return Match(TowerGateGame(), settings={"mode": "two-player", **settings}, store=store)


def middle_game(m: Match, seed: int, turns: int) -> None:  # type: ignore[type-arg]
    """Random turns that never win at once (a board with towers, ties and a dome or two)."""
    rng = random.Random(seed)
    while m.position.turn < turns:
        moves = [mv for mv in m.position.legal_moves() if not mv.is_win]
        safe = [mv for mv in moves if not m.position.play(mv).winning_moves()]
        m.play(rng.choice(safe or moves))


def without_graph(snapshot: dict[str, object]) -> dict[str, object]:
    coach = dict(snapshot["coach"])  # type: ignore[call-overload]
    coach["graph"] = None
    return {**snapshot, "coach": coach}


def main() -> None:
    states: dict[str, object] = {}
    states["tutorial"] = match(first_use=True, mode="cpu").snapshot()
    m = match(blessing_terracotta="mason", blessing_blue="repaint")
    states["opening"] = m.snapshot()
    m.input("B4")
    states["move"] = m.snapshot()
    m.input("C3")
    states["build"] = m.snapshot()
    free = match(setup="free")
    free.input("C3")
    states["place"] = free.snapshot()
    mid = match(blessing_terracotta="mason")
    for seed in range(200):
        mid = match(blessing_terracotta="mason")
        middle_game(mid, seed, 18)
        p = mid.position
        if p.outcome is None and any(p.dome(s) for s in SQUARES):
            break
    states["middle"] = mid.snapshot()
    worker = mid.snapshot()["input"]["targets"][0]
    mid.input(worker)
    states["middle_move"] = mid.snapshot()
    states["middle_ja"] = mid.snapshot("ja")
    won = match()
    for seed in range(300):
        won = match()
        rng = random.Random(seed)
        while won.position.outcome is None and won.position.turn < 60:
            wins = won.position.winning_moves()
            quiet = [mv for mv in won.position.legal_moves() if not mv.is_win]
            late = won.position.turn > 14
            won.play(wins[0] if wins and late else rng.choice(quiet or wins))
        outcome = won.position.outcome
        if outcome is not None and outcome.termination == "reached_third_level":
            break
    # The review graph is still being computed in the background here, under a time budget,
    # so its values depend on the machine's speed: leave it out (the coach's own tests cover
    # it), so the saved states are the same on every machine.
    states["won"] = without_graph(won.snapshot())
    states["won_ja"] = without_graph(won.snapshot("ja"))
    won.close()
    OUT.write_text(json.dumps(states, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    print(OUT)


if __name__ == "__main__":
    main()
