"""Today's Reversi engine with ProbCut's flat margins (one row for every phase), as before the
per-phase margins: loaded from the package's own ``ai.py`` into a separate module, so a match
against it measures that one setting and nothing else."""

from __future__ import annotations

import importlib.util
import sys
import time
from pathlib import Path
from typing import Any

import boardbook.reversi

_SOURCE = Path(boardbook.reversi.__file__).parent / "ai.py"
_spec = importlib.util.spec_from_file_location("boardbook.reversi._probcut_flat_ai", _SOURCE)
assert _spec is not None and _spec.loader is not None
engine = importlib.util.module_from_spec(_spec)
sys.modules[_spec.name] = engine
_spec.loader.exec_module(engine)
engine._PROBCUT_MARGINS = ((0, 0, 0, 165, 150, 130, 120),) * 3


class _CpuClock:
    """The match script points a baseline's clock at CPU time through its ``time`` global;
    the engine's functions read the loaded module's, so it is set there."""

    def __getattr__(self, name: str) -> Any:
        if name in ("perf_counter", "monotonic", "process_time"):
            return time.process_time
        return getattr(time, name)


engine.time = _CpuClock()
choose_move = engine.choose_move
_clear_tables = engine._clear_tables
