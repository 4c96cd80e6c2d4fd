"""Boards outside JupyterLab: in exports where widgets cannot run, and in marimo.

nbconvert: a board's output carries, next to the widget view, a static picture (the position's
SVG) and one line of text. nbconvert's HTML shows the widget view only when the notebook saved
the widget state; otherwise (JupyterLab does not save it unless asked, GitHub and nbviewer have
no kernel) it falls back to the next mimetype, and the board must still be seen there.

marimo: a cell that reads the board's state must rerun after a move. ``mo.ui.anywidget`` reruns
cells that use the wrapper only when the *front end* changes a synced trait, and a board's moves
arrive as messages that Python answers, so the reactive way is a ``mo.state`` set by an
observer of the board (docs/marimo.md); the test runs that app in ``marimo run`` and clicks in a
real browser.
"""

from __future__ import annotations

import base64
import re
import shlex
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any

import nbformat
import pytest
from nbclient import NotebookClient
from nbconvert import HTMLExporter

ROOT = Path(__file__).resolve().parents[1]
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"

#: Each board's display cell and the one-line text its static fallback must read.
BOARDS = {
    "Reversi()": r"Reversi, Black to move, 2[-–]2",
    "BeaconLines()": r"Beacon Lines\b.*",
}


#: Boards shown, then played on in later cells (two players; against the CPU, which replies).
FOLLOWED = (
    "w = Reversi()\nw",
    "w.play('f5')\nw.play('d6')",
    "cpu = Reversi(mode='cpu', human='black', level='beginner')\ncpu",
    "cpu.play('f5')\ncpu.wait()\nprint(' '.join(cpu.history))",
)


def _notebook(*cells: str) -> nbformat.NotebookNode:
    """A Python 3 notebook of these code cells."""
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {
        "name": "python3",
        "display_name": "Python 3",
        "language": "python",
    }
    nb.cells = [nbformat.v4.new_code_cell(code) for code in cells]
    return nb


def _executed(tmp_path: Path, *, store_widget_state: bool) -> nbformat.NotebookNode:
    nb = _notebook("from boardbook import BeaconLines, Reversi", *BOARDS, *FOLLOWED)
    client = NotebookClient(
        nb,
        timeout=300,
        kernel_name="python3",
        store_widget_state=store_widget_state,
        resources={"metadata": {"path": str(tmp_path)}},
    )
    client.execute()
    return nb


@pytest.fixture
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Games finished by a test kernel never reach the user's stats (the kernel inherits it)."""
    monkeypatch.setenv("BOARDBOOK_DATA_DIR", str(tmp_path / "data"))
    return tmp_path / "data"


@pytest.fixture(scope="module")
def notebooks(tmp_path_factory: pytest.TempPathFactory) -> dict[bool, nbformat.NotebookNode]:
    """The board notebook executed without and with saved widget state (one kernel each)."""
    tmp = tmp_path_factory.mktemp("hosts")
    with pytest.MonkeyPatch.context() as mp:
        # Games finished by a test kernel never reach the user's stats (the kernel inherits it).
        mp.setenv("BOARDBOOK_DATA_DIR", str(tmp / "data"))
        return {saved: _executed(tmp, store_widget_state=saved) for saved in (False, True)}


def _board_output(nb: nbformat.NotebookNode, code: str) -> dict[str, Any]:
    (cell,) = [c for c in nb.cells if c.source == code]
    (output,) = [o for o in cell.outputs if o.output_type in ("display_data", "execute_result")]
    return dict(output.data)


@pytest.mark.slow
@pytest.mark.parametrize("code", list(BOARDS))
def test_nbconvert_html_shows_the_board_where_widgets_cannot_run(notebooks, code):
    nb = notebooks[False]  # as JupyterLab saves it by default: no widget state
    data = _board_output(nb, code)
    assert WIDGET_VIEW in data  # live front ends still get the widget
    svg = data.get("image/svg+xml", "")
    assert svg.lstrip().startswith(("<svg", "<?xml")), f"no SVG picture in {list(data)}"
    text = data["text/plain"]
    assert re.fullmatch(BOARDS[code], text) and "\n" not in text, f"text/plain is {text!r}"
    html, _ = HTMLExporter().from_notebook_node(nb)
    # nbconvert embeds the SVG as a data URI (its default) or inline; either way it is there.
    encoded = base64.b64encode(svg.encode("utf-8")).decode("ascii")
    assert encoded in html or svg in html, "the HTML does not show the board"


@pytest.mark.slow
@pytest.mark.parametrize("code", list(BOARDS))
def test_saved_widget_state_keeps_the_fallback_in_the_notebook(notebooks, code):
    # nbconvert --execute saves the widget state, so its HTML shows the (live) widget view; the
    # notebook file still carries the picture and the line for GitHub and nbviewer.
    nb = notebooks[True]
    assert nb.metadata["widgets"]["application/vnd.jupyter.widget-state+json"]["state"]
    data = _board_output(nb, code)
    assert WIDGET_VIEW in data and "<svg" in data.get("image/svg+xml", "")
    assert re.fullmatch(BOARDS[code], data["text/plain"])


@pytest.mark.slow
@pytest.mark.parametrize("saved", [False, True])
def test_a_notebook_run_without_a_page_saves_the_picture_after_the_last_move(notebooks, saved):
    # Issue #18, item 24: nbclient (papermill, nbconvert --execute) draws no live board, so
    # each move updates the board's saved picture, and GitHub or nbviewer show the game as it
    # stands, not its start.
    from boardbook import Reversi

    nb = notebooks[saved]
    played = Reversi()
    played.play("f5")
    played.play("d6")
    data = _board_output(nb, FOLLOWED[0])
    assert WIDGET_VIEW in data  # still the live board where a page draws it
    assert data["image/svg+xml"] == str(played.match.spec.svg(played.position))
    assert data["text/plain"] == "Reversi, Black to move, 3-3"
    # Against the CPU: its reply, made in its own thread, is in the picture after wait().
    (cell,) = [c for c in nb.cells if c.source == FOLLOWED[3]]
    history = "".join(o.get("text", "") for o in cell.outputs if o.output_type == "stream")
    replied = Reversi(mode="two-player")
    for move in history.split():
        replied.play(move)
    assert len(replied.history) == 2
    data = _board_output(nb, FOLLOWED[2])
    assert data["image/svg+xml"] == str(replied.match.spec.svg(replied.position))
    if not saved:  # with the widget state saved, the HTML asks for the live board instead
        html, _ = HTMLExporter().from_notebook_node(nb)
        svg = data["image/svg+xml"]
        encoded = base64.b64encode(svg.encode("utf-8")).decode("ascii")
        assert encoded in html or svg in html, "the HTML does not show the last position"
    played.close()
    replied.close()


def _readme_export_command() -> list[str]:
    """The command the README's "Export a notebook" section gives for pictures."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Export a notebook", 1)[1].split("\n## ", 1)[0]
    (line,) = [ln for ln in section.splitlines() if ln.startswith("jupyter nbconvert")]
    return shlex.split(line)


@pytest.mark.slow
def test_the_readmes_export_command_gives_html_that_shows_the_game_offline(tmp_path, data_dir):
    # Issue #18, item 25: the README's command, run as written, exports an HTML that shows the
    # board's picture after the last move, and asks no widget manager from a CDN for it.
    command = _readme_export_command()
    assert command[:2] == ["jupyter", "nbconvert"]
    notebook = Path(command[-1])
    nb = _notebook("from boardbook import Reversi\nw = Reversi()\nw", "w.play('f5')")
    nbformat.write(nb, tmp_path / notebook)
    subprocess.run([sys.executable, "-m", "jupyter", *command[1:]], cwd=tmp_path, check=True)
    html = (tmp_path / notebook.with_suffix(".html")).read_text(encoding="utf-8")
    from boardbook import Reversi

    played = Reversi()
    played.play("f5")
    svg = str(played.match.spec.svg(played.position))
    encoded = base64.b64encode(svg.encode("utf-8")).decode("ascii")
    assert encoded in html or svg in html, "the HTML does not show the game after its move"
    assert "html-manager" not in html  # no live board to fetch: it would show nothing offline
    played.close()


# docs/marimo.md's two patterns: a state set by an observer of the board (your moves), and a
# refresh timer for the CPU's replies, which its search thread publishes outside marimo's reach.
_HEAD = """
import marimo

app = marimo.App()


@app.cell
def _():
    import marimo as mo
    from boardbook import Reversi
    return Reversi, mo
"""
_TAIL = """

if __name__ == "__main__":
    app.run()
"""
MARIMO_APPS = {
    "two-player": _HEAD
    + """

@app.cell
def _(Reversi, mo):
    game = Reversi()
    get_moves, set_moves = mo.state(list(game.history))
    game.observe(lambda _change: set_moves(list(game.history)), names="state")
    board = mo.ui.anywidget(game)
    board
    return (get_moves,)


@app.cell
def _(get_moves, mo):
    moves = get_moves()
    mo.plain_text(f"moves so far: {len(moves)} {' '.join(moves)}".strip())
    return (moves,)
"""
    + _TAIL,
    "cpu": _HEAD
    + """

@app.cell
def _(Reversi, mo):
    game = Reversi(mode="cpu", level="beginner", human="black")
    board = mo.ui.anywidget(game)
    tick = mo.ui.refresh(options=["1s"], default_interval="1s")
    mo.vstack([board, tick])
    return game, tick


@app.cell
def _(game, mo, tick):
    tick
    moves = list(game.history)
    mo.plain_text(f"moves so far: {len(moves)} {' '.join(moves)}".strip())
    return (moves,)
"""
    + _TAIL,
}
#: What the reading cell shows after a click on d3: the move, and in a CPU game the reply too.
AFTER_D3 = {"two-player": r"moves so far: 1 d3", "cpu": r"moves so far: 2 d3 [a-h][1-8]"}


@pytest.mark.parametrize("kind", list(MARIMO_APPS))
def test_the_marimo_app_runs_as_a_script(tmp_path, data_dir, kind):
    # marimo's own programmatic path: the app's cells run top to bottom without a front end.
    app = tmp_path / "board_app.py"
    app.write_text(MARIMO_APPS[kind])
    code = f"import runpy; m = runpy.run_path({str(app)!r}); print(m['app'].run()[1]['moves'])"
    run = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=300, check=False
    )
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip().splitlines()[-1] == "[]"


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@pytest.mark.browser
@pytest.mark.slow
@pytest.mark.parametrize("kind", list(MARIMO_APPS))
def test_a_marimo_cell_reading_the_board_reruns_after_a_move(tmp_path, data_dir, chromium, kind):
    app = tmp_path / "board_app.py"
    app.write_text(MARIMO_APPS[kind])
    port = _free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "marimo", "run", str(app), "--headless", "--no-token"]
        + ["--host", "127.0.0.1", "--port", str(port)],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    url = f"http://127.0.0.1:{port}/"
    try:
        deadline = time.monotonic() + 120
        while True:
            try:
                with urllib.request.urlopen(url, timeout=5) as response:
                    if response.status == 200:
                        break
            except OSError:
                if server.poll() is not None or time.monotonic() > deadline:
                    raise AssertionError("marimo run did not start") from None
                time.sleep(0.5)
        context = chromium.new_context(viewport={"width": 1200, "height": 1000})
        # Offline like a laptop on a train: only the marimo server itself may be reached.
        context.route(
            re.compile(rf"^(?!http://127\.0\.0\.1:{port}/).*"),
            lambda route: route.abort(),
        )
        page = context.new_page()
        try:
            page.goto(url)
            page.get_by_text("moves so far: 0", exact=True).wait_for(timeout=90_000)
            square = page.locator('[data-square="d3"]').first
            square.wait_for(timeout=90_000)
            square.click()
            # The cell that reads the board's moves reran with the new state.
            page.get_by_text(re.compile(f"^{AFTER_D3[kind]}$")).wait_for(timeout=60_000)
        finally:
            context.close()
    finally:
        server.terminate()
        try:
            server.wait(30)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait(30)
