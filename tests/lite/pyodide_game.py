# ruff: noqa: PLE1142  (top-level await: runPythonAsync runs this file)
"""Runs INSIDE Pyodide (via book/lite/run_in_pyodide.mjs): what a lite reader's kernel does.

Plays a full CPU-vs-CPU Reversi game with the engine, then (when the widget exists) drives
``boardbook.Reversi(mode="cpu")`` the way the front end does and waits for the CPU's reply,
which in Pyodide arrives through the scheduler's event-loop slices. Prints one JSON object on
its last line for tests/lite/test_pyodide_node.py to check against the host engine.
"""

import asyncio
import json
import random
import sys
import time

report = {
    "platform": sys.platform,
    "python": sys.version.split()[0],
    "runner": globals().get("__runner_info__", {}),
}

import boardbook
from boardbook.reversi import Position, choose_move, to_transcript

report["boardbook"] = boardbook.__version__

# --- a full game, CPU against CPU --------------------------------------------------------
LEVELS = {"black": "corner", "white": "strong"}
rng = random.Random(20261129)
position = Position.start()
moves = []
started = time.perf_counter()
while position.outcome is None:
    move = choose_move(position, LEVELS[position.to_move], rng=rng, time_budget=0.05)
    moves.append(str(move))
    position = position.play(move)
report["game"] = {
    "levels": LEVELS,
    "moves": moves,
    "transcript": to_transcript(moves) if callable(to_transcript) else None,
    "final": position.to_json(),
    "outcome": position.outcome.to_json(),
    "counts": position.counts,
    "seconds": round(time.perf_counter() - started, 2),
}


# --- the widget, driven like the front end does -------------------------------------------
async def widget_round_trip() -> dict:
    from boardbook.core import scheduler

    try:
        from boardbook import Reversi
    except (ImportError, AttributeError) as missing:
        return {"available": False, "reason": repr(missing)}
    widget = Reversi(mode="cpu")
    before = dict(widget.state)
    human = before["settings"]["human"]
    square = before["legal"][0]
    clicked = time.perf_counter()
    widget._handle_custom_msg({"kind": "play", "square": square}, [])
    after_click = dict(widget.state)
    # The CPU's reply must arrive on its own, while this coroutine yields to the event loop.
    deadline = clicked + 60
    while time.perf_counter() < deadline:
        state = widget.state
        if not state["busy"] and state["to_move"] == human and state["ply"] >= 2:
            break
        await asyncio.sleep(0.02)
    final = dict(widget.state)
    return {
        "available": True,
        "scheduler_mode": scheduler.default_mode(),
        "human": human,
        "clicked": square,
        "before": {"ply": before["ply"], "to_move": before["to_move"], "cells": before["cells"]},
        "after_click": {
            "ply": after_click["ply"],
            "busy": after_click["busy"],
            "history": after_click["history"],
        },
        "final": {
            "ply": final["ply"],
            "busy": final["busy"],
            "to_move": final["to_move"],
            "history": final["history"],
            "cells": final["cells"],
            "legal": final["legal"],
            "status": final["status"],
        },
        "reply_seconds": round(time.perf_counter() - clicked, 3),
    }


report["widget"] = await widget_round_trip()  # noqa: F704  (runPythonAsync allows it)
print(json.dumps(report))
