"""Fixtures for the "play live" (JupyterLite + Pyodide) tests: one site build per session.

The site is built from this tree by ``book/build_lite.py`` into a temporary folder, unless
``BOARDBOOK_LITE_SITE`` names an already built one (CI builds the book first, lite site
included, and points the tests at ``book/_build/html/lite`` to save the second build).
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
BOOK = ROOT / "book"
sys.path.insert(0, str(BOOK))
sys.path.insert(0, str(BOOK / "lite"))

import build_lite
import playlive

__all__ = ["BOOK", "ROOT", "build_lite", "playlive"]


@pytest.fixture(scope="session")
def lite_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A built lite site (the folder holding index.html, jupyter-lite.json, pypi/, files/)."""
    given = os.environ.get("BOARDBOOK_LITE_SITE")
    if given:
        site = Path(given).resolve()
        if not (site / "jupyter-lite.json").exists():
            pytest.fail(f"BOARDBOOK_LITE_SITE={given} is not a built lite site")
        return site
    site = tmp_path_factory.mktemp("lite") / "site"
    try:
        build_lite.build(site)
    except build_lite.BuildError as error:
        pytest.fail(f"the lite site did not build: {error}")
    return site


@pytest.fixture(scope="session")
def lite_config(lite_site: Path) -> dict:
    return json.loads((lite_site / "jupyter-lite.json").read_text())["jupyter-config-data"]
