"""What running the tools inside a clone leaves behind is ignored by git."""

from __future__ import annotations

import fnmatch
from pathlib import Path

from boardbook.lab import STARTER_NAME

ROOT = Path(__file__).resolve().parents[1]


def test_the_starter_notebook_boardbook_lab_writes_is_ignored():
    patterns = [line.strip() for line in (ROOT / ".gitignore").read_text().splitlines()]
    patterns = [p for p in patterns if p and not p.startswith("#")]
    assert any(fnmatch.fnmatch(STARTER_NAME, p.lstrip("/")) for p in patterns)
