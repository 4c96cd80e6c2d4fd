"""Drive a real JupyterLab in Chromium: one server, one browser page, notebooks opened one at a time.

Used by the browser tests (through ``conftest.py``) and by ``benchmarks/reversi_latency.py``, so
both measure the same thing. The recipe (flags, settings files, waiting for an idle kernel before
running cells, closing notebooks clean) is the one that was measured not to flake.
"""

from __future__ import annotations

import json
import os
import secrets
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any, Self

CHROMIUM = os.environ.get("BOARDBOOK_CHROMIUM", "/usr/lib/chromium/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-extensions",
]

#: The kernelspec every test notebook names, so JupyterLab never asks which kernel to start.
KERNELSPEC = {"name": "python3", "display_name": "Python 3 (ipykernel)", "language": "python"}

# Settings that keep pop-ups (news, update checks) and notebook virtualisation out of the way.
_LAB_SETTINGS = {
    "@jupyterlab/apputils-extension/notification.jupyterlab-settings": {
        "fetchNews": "false",
        "checkForUpdates": False,
    },
    "@jupyterlab/notebook-extension/tracker.jupyterlab-settings": {"windowingMode": "none"},
}
_DISABLED_EXTENSIONS = {
    "@jupyterlab/extensionmanager-extension": True,
    "@jupyterlab/lsp-extension": True,
    "@jupyterlab/apputils-extension:announcements": True,
    # Its debug_request to every new kernel logs a console error when the kernel shuts down
    # before it is answered (a short test); the tests never debug.
    "@jupyterlab/debugger-extension": True,
    # They need the LSP extension above and log activation errors without it.
    "@jupyterlab/fileeditor-extension:language-server": True,
    "@jupyterlab/notebook-extension:language-server": True,
}


class LabError(RuntimeError):
    """JupyterLab or the browser did not come up; the message carries the server's log tail."""


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class LabServer:
    """A throw-away JupyterLab server: temporary root, config, settings and runtime dirs.

    Kernels inherit the server's environment; ``BOARDBOOK_DATA_DIR`` points at a temporary dir
    so games finished in tests never reach the user's stats.
    """

    def __init__(self, python: str = sys.executable, startup_timeout: float = 60.0):
        self.python = python
        self.startup_timeout = startup_timeout
        self.token = secrets.token_hex(16)
        self.port = _free_port()
        self.base = Path(tempfile.mkdtemp(prefix="boardbook-lab-"))
        self.root_dir = self.base / "root"
        self.data_dir = self.base / "boardbook-data"
        self.log_path = self.base / "server.log"
        self._process: subprocess.Popen[bytes] | None = None
        self._log_file: Any = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def lab_url(self) -> str:
        return f"{self.url}/lab?token={self.token}&reset"

    def _prepare_dirs(self) -> dict[str, str]:
        dirs = {
            "JUPYTER_CONFIG_DIR": self.base / "config",
            "JUPYTERLAB_SETTINGS_DIR": self.base / "settings",
            "JUPYTERLAB_WORKSPACES_DIR": self.base / "workspaces",
            "JUPYTER_RUNTIME_DIR": self.base / "runtime",
            "IPYTHONDIR": self.base / "ipython",
        }
        for path in [self.root_dir, self.data_dir, *dirs.values()]:
            path.mkdir(parents=True, exist_ok=True)
        for relative, content in _LAB_SETTINGS.items():
            target = dirs["JUPYTERLAB_SETTINGS_DIR"] / relative
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(json.dumps(content))
        page_config = dirs["JUPYTER_CONFIG_DIR"] / "labconfig" / "page_config.json"
        page_config.parent.mkdir(parents=True, exist_ok=True)
        page_config.write_text(json.dumps({"disabledExtensions": _DISABLED_EXTENSIONS}))
        return {name: str(path) for name, path in dirs.items()}

    def start(self) -> Self:
        env = dict(os.environ)
        env.update(self._prepare_dirs())
        env["BOARDBOOK_DATA_DIR"] = str(self.data_dir)
        env.pop("ANYWIDGET_HMR", None)  # hot reload would watch files and change timings
        command = [
            self.python, "-m", "jupyterlab", "--no-browser", "--allow-root",
            "--ServerApp.ip=127.0.0.1", f"--ServerApp.port={self.port}",
            "--ServerApp.port_retries=0", f"--IdentityProvider.token={self.token}",
            f"--ServerApp.root_dir={self.root_dir}", "--LabApp.news_url=None",
            "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
            "--LabApp.extension_manager=readonly", "--LabApp.expose_app_in_browser=True",
            "--ServerApp.terminals_enabled=False",
            "--ServerApp.jpserver_extensions=jupyter_lsp=False",
        ]  # fmt: skip
        self._log_file = open(self.log_path, "wb")  # noqa: SIM115 (closed in stop())
        self._process = subprocess.Popen(
            command, env=env, stdout=self._log_file, stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL, cwd=self.root_dir,
        )  # fmt: skip
        deadline = time.monotonic() + self.startup_timeout
        status_url = f"{self.url}/api/status?token={self.token}"
        while time.monotonic() < deadline:
            if self._process.poll() is not None:
                raise LabError(
                    f"JupyterLab exited with {self._process.returncode}:\n{self.log_tail()}"
                )
            try:
                with urllib.request.urlopen(status_url, timeout=2) as response:
                    if response.status == 200:
                        return self
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                pass
            time.sleep(0.2)
        self.stop()
        raise LabError(
            f"JupyterLab did not answer within {self.startup_timeout} s:\n{self.log_tail()}"
        )

    def log_tail(self, lines: int = 40) -> str:
        if self._log_file:
            self._log_file.flush()
        try:
            return "\n".join(self.log_path.read_text(errors="replace").splitlines()[-lines:])
        except OSError:
            return "(no server log)"

    def stop(self) -> None:
        if self._process and self._process.poll() is None:
            self._process.terminate()  # SIGTERM: the server shuts its kernels down
            try:
                self._process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self._process.kill()
                self._process.wait(timeout=5)
        if self._log_file:
            self._log_file.close()
            self._log_file = None
        shutil.rmtree(self.base, ignore_errors=True)

    def __enter__(self) -> Self:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()


def launch_chromium(playwright: Any) -> Any:
    """Debian's Chromium via Playwright; a missing binary is an error, never a skip."""
    if not Path(CHROMIUM).exists():
        raise LabError(
            f"Chromium not found at {CHROMIUM}: install it (apt-get install -y chromium) or set "
            "BOARDBOOK_CHROMIUM. `playwright install` cannot download browsers on this machine."
        )
    return playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)


def write_notebook(path: Path, cells: list[str]) -> None:
    """A notebook of code cells with ``metadata.kernelspec`` (without it Lab asks for a kernel)."""
    notebook = {
        "cells": [
            {
                "cell_type": "code",
                "execution_count": None,
                "id": f"cell-{index}",
                "metadata": {},
                "outputs": [],
                "source": source,
            }
            for index, source in enumerate(cells)
        ],
        "metadata": {"kernelspec": KERNELSPEC, "language_info": {"name": "python"}},
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    path.write_text(json.dumps(notebook, indent=1))


class Lab:
    """One JupyterLab page that stays open; notebooks open and close inside it."""

    def __init__(self, page: Any, server: LabServer):
        self.page = page
        self.server = server
        self.page_errors: list[str] = []
        self.console_errors: list[str] = []
        page.on("pageerror", lambda error: self.page_errors.append(str(error)))
        page.on(
            "console",
            lambda message: message.type == "error" and self.console_errors.append(message.text),
        )

    def load(self, timeout_ms: float = 60_000) -> Lab:
        self.page.goto(self.server.lab_url())
        self.page.wait_for_function(
            "() => window.jupyterapp && window.jupyterapp.shell && "
            "window.jupyterapp.serviceManager && window.jupyterapp.serviceManager.isReady",
            timeout=timeout_ms,
        )
        # The file browser and the launcher finish restoring after this; wait for the launcher so
        # opening a notebook does not race the layout restore.
        self.page.locator(".jp-Launcher, .jp-NotebookPanel").first.wait_for(timeout=timeout_ms)
        return self

    def dismiss_dialogs(self) -> list[str]:
        """Close any JupyterLab dialog (kernel trouble, unsaved changes); return their texts.

        A dialog left open would block every later test on the shared page.
        """
        texts = []
        dialogs = self.page.locator(".jp-Dialog")
        for _ in range(5):
            if dialogs.count() == 0:
                break
            texts.append(dialogs.first.inner_text())
            self.page.keyboard.press("Escape")
            try:
                dialogs.first.wait_for(state="detached", timeout=5_000)
            except Exception:  # noqa: BLE001 - a dialog Escape cannot close: remove it
                self.page.evaluate("() => document.querySelector('.jp-Dialog')?.remove()")
        return texts

    def open_notebook(self, name: str, cells: list[str], timeout_ms: float = 60_000) -> Notebook:
        path = self.server.root_dir / name
        write_notebook(path, cells)
        panel_id = self.page.evaluate(
            """async (path) => {
                const widget = await window.jupyterapp.commands.execute(
                    'docmanager:open', {path, factory: 'Notebook'});
                window.jupyterapp.shell.activateById(widget.id);
                return widget.id;
            }""",
            name,
        )
        notebook = Notebook(self, name, panel_id)
        notebook.wait_for_idle_kernel(timeout_ms)
        return notebook


class Notebook:
    """An open notebook: run cells, find its cells' outputs, close it without dialogs."""

    def __init__(self, lab: Lab, path: str, panel_id: str):
        self.lab = lab
        self.page = lab.page
        self.path = path
        self.panel_id = panel_id
        self.panel = self.page.locator(f"[id='{panel_id}']")

    def _eval(self, body: str, arg: Any = None) -> Any:
        """Evaluate ``body`` with ``panel`` bound to this notebook's NotebookPanel."""
        script = (
            "async ([panelId, arg]) => {"
            "  const app = window.jupyterapp;"
            "  let panel = null;"
            "  for (const w of app.shell.widgets('main')) { if (w.id === panelId) panel = w; }"
            "  if (!panel) throw new Error('notebook panel ' + panelId + ' is not open');"
            f"  {body}"
            "}"
        )
        return self.page.evaluate(script, [self.panel_id, arg])

    def wait_for_idle_kernel(self, timeout_ms: float = 60_000) -> None:
        """Running cells before the kernel is idle pops a kernel dialog that hangs forever."""
        self.page.wait_for_function(
            """(panelId) => {
                for (const w of window.jupyterapp.shell.widgets('main')) {
                    if (w.id !== panelId) continue;
                    const kernel = w.sessionContext.session?.kernel;
                    return w.context.isReady && w.sessionContext.isReady &&
                        !!kernel && kernel.status === 'idle' && kernel.connectionStatus === 'connected';
                }
                return false;
            }""",
            arg=self.panel_id,
            timeout=timeout_ms,
        )

    def run_all(self) -> None:
        self._eval(
            "app.shell.activateById(panel.id);await app.commands.execute('notebook:run-all-cells');"
        )

    def run_cell(self, index: int) -> None:
        """Start running one cell; returns at once, not when the cell has finished."""
        self._eval(
            "app.shell.activateById(panel.id);"
            "panel.content.activeCellIndex = arg;"
            "panel.content.deselectAll();"
            # Not awaited: the command settles only when the cell has finished, and tests need
            # to act while a cell still runs.
            "app.commands.execute('notebook:run-cell').catch((e) => console.error(e));",
            index,
        )

    def cell(self, index: int) -> Any:
        return self.panel.locator(".jp-Notebook .jp-Cell").nth(index)

    def output(self, index: int) -> Any:
        """The output area of cell ``index`` (text streams and rich outputs alike)."""
        return self.cell(index).locator(".jp-OutputArea")

    def close(self) -> None:
        """Shut the kernel down and dispose the panel clean, so no 'save changes?' dialog opens."""
        self._eval(
            "try { await panel.sessionContext.shutdown(); } catch (e) {}"
            "panel.context.model.dirty = false;"
            "panel.dispose();"
        )
