"""Figures two pages show from the same run: a chapter page states the plain result, and its
"Under the hood" page shows the full table and the method. Some runs are timed (a CPU level
thinks for a fixed time a move), so two pages that each played their own games could disagree;
``once`` plays them once per book build and hands both pages the same record.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

__all__ = ["once"]


def _store() -> Path | None:
    """Where this build keeps shared runs: build.py gives every build a fresh data dir."""
    data = os.environ.get("BOARDBOOK_DATA_DIR")
    return Path(data) / "book-shared" if data else None


def once(name: str, make: Callable[[], Any]) -> Any:
    """``make()``'s JSON-able value, computed by the first page of this build that asks for it.

    Outside a book build (no ``BOARDBOOK_DATA_DIR``) it is simply computed.
    """
    if not name.isidentifier():
        raise ValueError(f"a shared run needs a plain name, got {name!r}")
    store = _store()
    if store is None:
        return make()
    path = store / f"{name}.json"
    if path.is_file():
        return json.loads(path.read_text(encoding="utf-8"))
    value = make()
    store.mkdir(parents=True, exist_ok=True)
    temporary = path.with_suffix(".tmp")
    temporary.write_text(json.dumps(value), encoding="utf-8")
    temporary.replace(path)
    return json.loads(path.read_text(encoding="utf-8"))
