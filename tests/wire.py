"""What a widget sends over its comm, as the page receives it (tests of ``core.parts``)."""

from __future__ import annotations

from typing import Any

from boardbook.core.parts import PARTS, REVISIONS


def recording(widget: Any) -> list[dict[str, Any]]:
    """Every comm message ``widget`` sends from now on (the kernel's side of the wire)."""
    sent: list[dict[str, Any]] = []
    widget.comm.send = lambda data=None, metadata=None, buffers=None: sent.append(data)
    return sent


def updates(sent: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The traits each ``update`` message of ``sent`` carried, but the ``answered`` counter."""
    out = []
    for message in sent:
        if message.get("method") == "update":
            traits = {k: v for k, v in message["state"].items() if k != "answered"}
            if traits:
                out.append(traits)
    return out


def state_traits(widget: Any) -> dict[str, Any]:
    """The synced traits the state travels in, as a page opening the widget gets them."""
    return {name: widget.get_state(name)[name] for name in (*PARTS, REVISIONS)}
