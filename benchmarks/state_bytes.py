"""Bytes a click sends to the page: the state in parts (``core.parts``) against one whole state.

Each game is played two-player by the messages a page sends (``{kind: "input", target}``, the
first target each time, ``--clicks`` of them or to the end), through a recording comm. For
every click it adds up what the widget sent (the changed parts and ``_revs``, in one comm
message) and what the single ``state`` trait of protocol v2 would have sent in the same run
(the whole snapshot, whenever it changed). Both are JSON as Jupyter packs a message
(``ensure_ascii=False``, UTF-8); the ``answered`` counter is the same in both and left out.
Bytes, not time: the figures do not depend on the machine.

    python benchmarks/state_bytes.py [--clicks 20]
"""

from __future__ import annotations

import argparse
import json
import os
import tempfile
from typing import Any


def _bytes(value: object) -> int:
    # As jupyter_client's json_packer serialises a message.
    return len(json.dumps(value, ensure_ascii=False, allow_nan=False).encode("utf-8"))


def _recording(widget: Any) -> list[dict[str, Any]]:
    sent: list[dict[str, Any]] = []

    def send(data: Any = None, metadata: Any = None, buffers: Any = None) -> None:
        sent.append(data)

    widget.comm.send = send
    return sent


def measure(game: str, clicks: int) -> dict[str, Any]:
    from boardbook.core.registry import widget_class

    widget = widget_class(game)(mode="two-player")
    sent = _recording(widget)
    parts_total = whole_total = done = 0
    labels_sent = 0
    for _ in range(clicks):
        targets = widget.state["input"]["targets"]
        if not targets:
            break
        before = widget.state
        sent.clear()
        widget._handle_message(widget, {"kind": "input", "target": targets[0]})
        updates = [
            {k: v for k, v in m["state"].items() if k != "answered"}
            for m in sent
            if m.get("method") == "update"
        ]
        parts_total += sum(_bytes(u) for u in updates if u)
        labels_sent += sum("_texts" in u for u in updates)
        if widget.state != before:
            whole_total += _bytes({"state": widget.state})
        done += 1
    sent.clear()
    widget.lang = "ja"
    language = sum(_bytes(m["state"]) for m in sent if m.get("method") == "update")
    widget.close()
    return {
        "game": game,
        "clicks": done,
        "whole": whole_total / done,
        "parts": parts_total / done,
        "labels_sent": labels_sent,
        "language": language,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clicks", type=int, default=20)
    args = parser.parse_args()
    # A fresh device each run: the one-time tips and the record are the same every time.
    os.environ["BOARDBOOK_DATA_DIR"] = tempfile.mkdtemp(prefix="bb-bytes-")
    from boardbook.core.registry import GAMES

    print(f"{'game':<10} {'clicks':>6} {'whole state':>12} {'parts':>8} {'ratio':>6}  language")
    for info in GAMES:
        r = measure(info.name, args.clicks)
        print(
            f"{r['game']:<10} {r['clicks']:>6} {r['whole']:>10.0f} B {r['parts']:>6.0f} B "
            f"{r['whole'] / r['parts']:>5.2f}x  {r['language']} B"
            f"{'' if r['labels_sent'] == 0 else ' (labels re-sent on a click!)'}"
        )


if __name__ == "__main__":
    main()
