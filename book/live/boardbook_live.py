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
  ``{"method": "custom", "content": {...}}``;
* ``{"type": "store", "data": {...}}`` (first, before any board): what the page kept of the
  device's record from earlier visits (see :class:`PageStore`).

Worker → page: ``{"type": "board", "board": id, "comm_id": ..., "state": {...}}`` once the
widget exists, then ``{"type": "comm_msg", "comm_id": ..., "data": {...}}`` for every update,
``{"type": "store", "data": {...}}`` after every change of the device's record (the page keeps
it in localStorage), and ``{"type": "error", "board": id, "message": "..."}`` when something
fails.
"""

from __future__ import annotations

import datetime as dt
import json
import random
import sys
import traceback
import types
from collections.abc import Callable
from typing import Any

#: The function that posts one JSON text to the page (set by :func:`start`).
_post: Callable[[str], None] | None = None
#: Every live widget by the page's board id (a widget nobody references would be collected).
_boards: dict[str, Any] = {}

#: Keys of the widget's synced state the page never needs (the bundle is loaded from the site).
_SKIPPED_KEYS = frozenset({"_esm", "_css"})
#: The games a page keeps in its record (the newest; the stats per level count them).
KEPT_GAMES = 300


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


def _page_store() -> Any:
    """The device's record for every board of the page, kept by the page between visits.

    The worker has no sqlite3 and no file that outlives the page, so each widget would get a
    fresh in-memory store: the Tower Gate tutorial on every visit, no puzzle streak, no record
    per level. This store is the in-memory one (``core.stats.MemoryStatsStore``), shared by the
    page's boards; after every write it sends its contents to the page, which keeps them in
    localStorage and hands them back (``load``) when the next page starts its worker.
    """
    from boardbook.core.stats import MemoryStatsStore

    class PageStore(MemoryStatsStore):  # type: ignore[misc]
        def record_game(self, game: str, **keys: Any) -> int:
            game_id = int(super().record_game(game, **keys))
            self._changed()
            return game_id

        def delete_game(self, game_id: int) -> bool:
            deleted = bool(super().delete_game(game_id))
            self._changed()
            return deleted

        def record_puzzle(self, *args: Any, **keys: Any) -> dict[str, Any]:
            row: dict[str, Any] = super().record_puzzle(*args, **keys)
            self._changed()
            return row

        def set_flag(self, key: str, value: Any = True) -> None:
            super().set_flag(key, value)
            self._changed()

        def dump(self) -> dict[str, Any]:
            """The record as JSON data (dates as text), newest games last."""
            with self._lock:
                games = [dict(g) for g in self._games[-KEPT_GAMES:]]
                puzzles = [dict(r, date=r["date"].isoformat()) for r in self._puzzles.values()]
                flags = dict(self._flags)
            return {"version": 1, "flags": flags, "puzzles": puzzles, "games": games}

        def load(self, data: dict[str, Any]) -> None:
            """Start from what :meth:`dump` gave on an earlier visit (a damaged or older record
            is dropped: a lost record is better than a board that does not start)."""
            if not isinstance(data, dict) or data.get("version") != 1:
                return
            try:
                flags = {str(k): v for k, v in dict(data.get("flags") or {}).items()}
                puzzles = {}
                for row in data.get("puzzles") or []:
                    date = dt.date.fromisoformat(str(row["date"]))
                    puzzles[(str(row["game"]), date)] = dict(row, date=date)
                games = [dict(g) for g in data.get("games") or [] if isinstance(g, dict)]
                next_id = max((int(g["id"]) for g in games), default=0) + 1
            except (KeyError, TypeError, ValueError):
                return
            with self._lock:
                self._flags, self._puzzles, self._games = flags, puzzles, games
                self._next_id = next_id

        def _changed(self) -> None:
            _emit({"type": "store", "data": self.dump()})

    return PageStore()


#: The page's record (made by :func:`start`; every widget of the page opens this one).
_store: Any = None


def _use_page_store() -> None:
    """Every widget made here opens the page's store instead of a file (there is none)."""
    from boardbook.core.widget import GameWidget

    GameWidget._open_store = lambda self: _store  # type: ignore[method-assign]


def prepare(games: bool = True) -> None:
    """Load the widget stack and (``games``) every game's widget: the build runs this before it
    snapshots the interpreter (``snapshot.mjs``); a start without the snapshot loads only the
    stack, and each game when its first board is made."""
    _stub_ipython()
    _install_comm()
    import ipywidgets  # noqa: F401 - the widget stack, once, before the first board

    _use_page_store()
    if not games:
        return
    from boardbook.core.registry import GAMES, widget_class

    for info in GAMES:
        if info.widget is not None:
            widget_class(info.name)


def start(post: Callable[[str], None]) -> None:
    """Make the comm layer talk to the page through ``post`` (after :func:`prepare`)."""
    global _post, _store
    _post = post
    _store = _page_store()
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
        elif kind == "store":
            _store.load(message.get("data") or {})
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
