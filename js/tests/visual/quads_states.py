"""Write real Python snapshots of Quads (js/tests/visual/quads-states.json) for the screenshot
page and the vitest tests of js/quads.js, so both draw what Python really sends.

    .venv/bin/python js/tests/visual/quads_states.py
"""

from __future__ import annotations

import json
import time
from pathlib import Path

from boardbook.core.match import Match
from boardbook.core.stats import MemoryStatsStore
from boardbook.quads.game import QuadsGame

OUT = Path(__file__).with_name("quads-states.json")
# A game where the first player wins on the 2×2 square B2–C3 (four large pieces).
WIN_LINE = [":8", "B2:9", "C2:10", "B3:0", "A1:11", "C3:"]
# 8 empty squares: after placing on A2, two gives are safe, three lose at once, two by force.
HINTS_POSITION = "9.../..bf/.1.4/c.da 0"


def match(**settings: object) -> Match:  # type: ignore[type-arg]
    return Match(QuadsGame(), settings={"mode": "two-player", **settings}, store=MemoryStatsStore())


def without_graph(snapshot: dict[str, object]) -> dict[str, object]:
    coach = dict(snapshot["coach"])  # type: ignore[call-overload]
    coach["graph"] = None
    return {**snapshot, "coach": coach}


def main() -> None:
    states: dict[str, object] = {}
    m = match()
    states["opening"] = m.snapshot()
    m.input("piece:7")
    states["place"] = m.snapshot()
    m.input("D2")
    states["give"] = m.snapshot()
    m.input("piece:12")
    m.input("A4")
    m.input("piece:13")
    m.input("B3")
    m.input("piece:2")
    states["middle"] = m.snapshot()
    m.input("A1")
    states["notice"] = {
        **m.snapshot(),
        "notice": m.render(m.spec.reject(m._view("en"), "piece:7"), "en"),
    }
    won = match()
    for move in WIN_LINE:
        won.play(move)
    # The review graph is still being computed in the background here, under a time budget,
    # so its values depend on the machine's speed: leave it out (the coach's own tests cover
    # it), so the saved states are the same on every machine.
    states["won"] = without_graph(won.snapshot())
    states["won_ja"] = without_graph(won.snapshot("ja"))
    won.close()
    classic = match(squares=False)
    classic.play(":5")
    states["classic"] = classic.snapshot()
    # Hints on, at the give step of a position the solver settles (the same on every machine).
    coached = Match(
        QuadsGame(position=HINTS_POSITION),
        settings={"mode": "two-player", "hints": "on"},
        store=MemoryStatsStore(),
    )
    coached.input("A2")
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        coach = coached.snapshot()["coach"]
        if coach["hints"] and not coach["pending"]:
            break
        time.sleep(0.05)
    states["hints"] = coached.snapshot()
    coached.close()
    OUT.write_text(json.dumps(states, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    print(OUT)


if __name__ == "__main__":
    main()
