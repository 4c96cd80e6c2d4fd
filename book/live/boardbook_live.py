"""The Python half of the book's live boards: runs in Pyodide, in a Web Worker of the page.

The page's bridge (``live.js``) gives a game's ESM bundle the anywidget model it uses in
JupyterLab; this module gives the real widget (``boardbook.Reversi`` and the others, unchanged)
the comm it would have in a kernel. ipywidgets opens a comm per widget through
``comm.create_comm``; here that comm posts its messages to the page as JSON text instead of
sending them over a kernel's iopub channel, and the page's messages (a ``set`` +
``save_changes``, a ``send``) come back into ``comm.handle_msg`` exactly as a kernel would pass
them. The CPU's search runs in boardbook's own event-loop slices (``core/scheduler.py``), on
this worker's event loop, so the page never waits for it.

IPython is not shipped (it costs seconds to import and a page has no shell): the few names
ipywidgets imports from it are stubbed before ipywidgets is imported.

Messages, page → worker (one JSON object each):

* ``{"type": "create", "board": id, "game": "reversi", "settings": {...}}``, optionally with
  ``"puzzle": "2026-12-02"`` (that date's daily puzzle) or ``"position": "<text form>"``;
* ``{"type": "msg", "comm_id": ..., "data": {"method": "update", "state": {...}}}`` or
  ``{"method": "custom", "content": {...}}``.

Worker → page: ``{"type": "board", "board": id, "comm_id": ..., "state": {...}}`` once the
widget exists, then ``{"type": "comm_msg", "comm_id": ..., "data": {...}}`` for every update,
and ``{"type": "error", "board": id, "message": "..."}`` when something fails.
"""

from __future__ import annotations

import datetime as dt
import json
import random
import sys
import traceback
import types
import warnings
from collections.abc import Callable
from typing import Any

#: The function that posts one JSON text to the page (set by :func:`start`).
_post: Callable[[str], None] | None = None
#: Every live widget by the page's board id (a widget nobody references would be collected).
_boards: dict[str, Any] = {}

#: Keys of the widget's synced state the page never needs (the bundle is loaded from the site).
_SKIPPED_KEYS = frozenset({"_esm", "_css"})


def _stub_ipython() -> None:
    """The names ipywidgets imports from IPython, with no shell behind them."""
    if "IPython" in sys.modules:
        return
    ipython = types.ModuleType("IPython")
    ipython.get_ipython = lambda: None  # type: ignore[attr-defined]
    display = types.ModuleType("IPython.display")
    display.display = lambda *args, **kwargs: None  # type: ignore[attr-defined]
    display.clear_output = lambda *args, **kwargs: None  # type: ignore[attr-defined]
    core = types.ModuleType("IPython.core")
    shell = types.ModuleType("IPython.core.interactiveshell")

    class InteractiveShell:
        @classmethod
        def initialized(cls) -> bool:
            return False

    shell.InteractiveShell = InteractiveShell  # type: ignore[attr-defined]
    ipython.display = display  # type: ignore[attr-defined]
    ipython.core = core  # type: ignore[attr-defined]
    core.interactiveshell = shell  # type: ignore[attr-defined]
    sys.modules.update(
        {
            "IPython": ipython,
            "IPython.display": display,
            "IPython.core": core,
            "IPython.core.interactiveshell": shell,
        }
    )


def _emit(message: dict[str, Any]) -> None:
    if _post is not None:
        _post(json.dumps(message, separators=(",", ":")))


def _install_comm() -> None:
    import comm
    from comm.base_comm import BaseComm

    class PageComm(BaseComm):  # type: ignore[misc]
        """A comm whose other end is the page's bridge, reached by ``postMessage``."""

        def publish_msg(
            self,
            msg_type: str,
            data: dict[str, Any] | None = None,
            metadata: dict[str, Any] | None = None,
            buffers: list[bytes] | None = None,
            **keys: Any,
        ) -> None:
            if msg_type != "comm_msg" or not data:
                return  # opening and closing are the page's "board" message and its unload
            if "state" in data:
                data = dict(data, state=_public(data["state"]))
            _emit({"type": "comm_msg", "comm_id": self.comm_id, "data": data})

    comm.create_comm = PageComm


def _public(state: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in state.items() if k not in _SKIPPED_KEYS}


def prepare(games: bool = True) -> None:
    """Load the widget stack and (``games``) every game's widget: the build runs this before it
    snapshots the interpreter (``snapshot.mjs``); a start without the snapshot loads only the
    stack, and each game when its first board is made."""
    # The device's record needs sqlite3 (not in the runtime the site ships): a page session
    # keeps its results in memory, which is what the reader gets anyway, so no warning.
    warnings.filterwarnings("ignore", message="boardbook: results are kept for this session only")
    _stub_ipython()
    _install_comm()
    import ipywidgets  # noqa: F401 - the widget stack, once, before the first board

    if not games:
        return
    from boardbook.core.registry import GAMES, widget_class

    for info in GAMES:
        if info.widget is not None:
            widget_class(info.name)


def start(post: Callable[[str], None]) -> None:
    """Make the comm layer talk to the page through ``post`` (after :func:`prepare`)."""
    global _post
    _post = post
    # A snapshot holds the build's random state: every reader gets a fresh one.
    random.seed()


def _create(message: dict[str, Any]) -> None:
    from boardbook.core.registry import widget_class

    board = str(message["board"])
    cls = widget_class(str(message["game"]))
    settings = dict(message.get("settings") or {})
    if message.get("puzzle"):
        widget = cls.puzzle(dt.date.fromisoformat(str(message["puzzle"])), **settings)
    else:
        if message.get("position"):
            settings["position"] = str(message["position"])
        widget = cls(**settings)
    old = _boards.pop(board, None)
    if old is not None:
        old.close()
    _boards[board] = widget
    _emit(
        {
            "type": "board",
            "board": board,
            "comm_id": widget.model_id,
            "state": _public(widget.get_state()),
        }
    )


def _forward(message: dict[str, Any]) -> None:
    import comm

    comm_id = str(message["comm_id"])
    target = comm.get_comm_manager().get_comm(comm_id)
    if target is None:
        raise LookupError(f"no live board with comm {comm_id}")
    target.handle_msg({"content": {"comm_id": comm_id, "data": message["data"]}, "buffers": []})


def handle(text: str) -> None:
    """One message from the page (JSON text); any failure goes back to the page as an error."""
    message: dict[str, Any] = {}
    try:
        message = json.loads(text)
        kind = message.get("type")
        if kind == "create":
            _create(message)
        elif kind == "msg":
            _forward(message)
        else:
            raise ValueError(f"unknown message type {kind!r}")
    except Exception as error:  # noqa: BLE001 - the page shows it; the worker keeps running
        _emit(
            {
                "type": "error",
                "board": message.get("board") if isinstance(message, dict) else None,
                "message": f"{type(error).__name__}: {error}",
                "traceback": traceback.format_exc(),
            }
        )
