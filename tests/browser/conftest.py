"""Fixtures for the real-browser tests: one JupyterLab server and one Chromium page per session,
one fresh notebook (and kernel) per test.

Nothing here skips: a missing Chromium or a server that does not start fails the tests loudly,
because CI installs both and a silent skip would hide a broken front end.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from labharness import Lab, LabServer, Notebook
from playwright.sync_api import expect

STATIC_DIR = Path(__file__).resolve().parents[2] / "widgets" / "boardbook" / "static"

# Round trips through the kernel on a shared 2-core machine: generous, but bounded, waits.
expect.set_options(timeout=20_000)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if Path(str(item.fspath)).parent == Path(__file__).parent:
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def lab_server() -> Iterator[LabServer]:
    with LabServer() as server:
        yield server


@pytest.fixture(scope="session")
def lab(lab_server: LabServer, chromium: Any) -> Iterator[Lab]:
    context = chromium.new_context(viewport={"width": 1280, "height": 1000})
    page = context.new_page()
    page.set_default_timeout(30_000)
    try:
        yield Lab(page, lab_server).load()
    finally:
        context.close()


@pytest.fixture
def open_notebook(lab: Lab, request: pytest.FixtureRequest) -> Iterator[Callable[..., Notebook]]:
    """Open a fresh notebook of the given cells (not yet run); closed, kernel and all, afterwards.

    Uncaught errors or console errors on the page, or a JupyterLab dialog left open, fail the
    test: a front end that throws (or a bundle that fails to load) is broken even when the
    assertions happen to pass.
    """
    opened: list[Notebook] = []
    errors_before = len(lab.page_errors)
    console_before = len(lab.console_errors)
    stem = re.sub(r"[^A-Za-z0-9_-]+", "-", request.node.name)

    def _open(cells: list[str]) -> Notebook:
        notebook = lab.open_notebook(f"{stem}-{len(opened)}.ipynb", cells)
        opened.append(notebook)
        return notebook

    yield _open
    dialogs = lab.dismiss_dialogs()
    for notebook in opened:
        notebook.close()
    problems = [f"uncaught error on the page: {error}" for error in lab.page_errors[errors_before:]]
    problems += [f"console error: {text}" for text in lab.console_errors[console_before:]]
    problems += [f"JupyterLab dialog was open: {text!r}" for text in dialogs]
    if problems:
        pytest.fail("\n".join(problems))


def _bundle(name: str) -> Path:
    """A built front end; without it the widget cannot render, so say how to build it."""
    bundle = STATIC_DIR / name
    if not bundle.exists():
        pytest.fail(
            f"{bundle} is missing: build the front end with `cd js && npm install && npm run build`"
        )
    return bundle


@pytest.fixture(scope="session")
def reversi_bundle() -> Path:
    return _bundle("reversi.js")


@pytest.fixture(scope="session")
def beacon_bundle() -> Path:
    return _bundle("beacon.js")
