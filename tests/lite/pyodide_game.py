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
    """A click and the CPU's reply, through the widget's public API (constructor, ``play``,
    ``position``, ``history``), which stays while its internals and protocol change."""
    from boardbook.core import scheduler

    try:
        from boardbook import Reversi
    except (ImportError, AttributeError) as missing:
        return {"available": False, "reason": repr(missing)}
    human = "black"
    widget = Reversi(mode="cpu", human=human)
    square = str(widget.position.legal_moves()[0])
    clicked = time.perf_counter()
    widget.play(square)
    after_click = {"history": list(widget.history), "to_move": widget.position.to_move}
    # The CPU's reply must arrive on its own, while this coroutine yields to the event loop.
    deadline = clicked + 60
    while time.perf_counter() < deadline:
        if len(widget.history) >= 2 and widget.position.to_move == human:
            break
        await asyncio.sleep(0.02)
    position = widget.position
    return {
        "available": True,
        "scheduler_mode": scheduler.default_mode(),
        "human": human,
        "clicked": square,
        "after_click": after_click,
        "final": {
            "to_move": position.to_move,
            "history": list(widget.history),
            "cells": position.cells(),
            "legal": [str(m) for m in position.legal_moves()],
        },
        "reply_seconds": round(time.perf_counter() - clicked, 3),
    }


report["widget"] = await widget_round_trip()  # noqa: F704  (runPythonAsync allows it)
print(json.dumps(report))
