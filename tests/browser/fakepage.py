"""A built game bundle in Chromium on the unit tests' stand-in model (js/tests/fake-model.js).

No Jupyter: the page loads ``static/<game>.js`` and ``.css`` and renders a real widget's
snapshot. With ``wired=True`` every intent the page sends goes to the Python widget's message
handler through Playwright and its new snapshot comes back, so a click goes the whole way
(DOM -> intent -> Python -> snapshot -> DOM).
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
STATIC = ROOT / "widgets" / "boardbook" / "static"
FAKE_MODEL = ROOT / "js" / "tests" / "fake-model.js"

_PAGE = """<!doctype html><html><head><meta charset="utf-8">
<link rel="stylesheet" href="/GAME.css"></head><body><div id="host"></div>
<script type="module">
import widget from "/GAME.js";
import { createFakeModel } from "/fake-model.js";
window.bbStart = (state, wired, shadow) => {
  const model = createFakeModel({ state, lang: "en" });
  let el = document.getElementById("host");
  if (shadow) {
    // A host that draws widgets in a shadow root (marimo): the styles go inside it too.
    const root = el.attachShadow({ mode: "open" });
    const style = document.createElement("link");
    style.rel = "stylesheet";
    style.href = "/GAME.css";
    el = document.createElement("div");
    root.append(style, el);
  }
  if (wired) {
    // Every intent goes to the Python widget; its new snapshot comes back as the model's state.
    model.send = async (message) => {
      model.sent.push(message);
      model.set("state", JSON.parse(await window.pySend(message)));
    };
  }
  window.bbModel = model;
  widget.render({ model, el });
};
</script></body></html>"""


def open_page(
    browser: Any,
    game: str,
    widget: Any,
    *,
    width: int = 640,
    height: int = 1000,
    theme: str = "light",
    wired: bool = False,
    shadow: bool = False,
    static: Path = STATIC,
) -> tuple[Any, list[str]]:
    """A page showing ``widget``'s snapshot with ``<static>/<game>.js`` (default: the
    package's built bundles); with ``shadow``, drawn inside a shadow root as marimo does;
    returns (page, errors)."""
    page = browser.new_page(viewport={"width": width, "height": height})
    files = {
        f"/{game}.js": ("text/javascript", static / f"{game}.js"),
        f"/{game}.css": ("text/css", static / f"{game}.css"),
        "/fake-model.js": ("text/javascript", FAKE_MODEL),
    }

    def serve(route: Any) -> None:
        path = "/" + route.request.url.split("/", 3)[3].split("?")[0]
        if path in files:
            kind, file = files[path]
            route.fulfill(status=200, content_type=kind, body=file.read_bytes())
        elif path == "/":
            route.fulfill(status=200, content_type="text/html", body=_PAGE.replace("GAME", game))
        else:
            route.fulfill(status=404, body="")

    def py_send(message: Any) -> str:
        widget._handle_message(widget, message, None)
        widget.wait(30)
        return json.dumps(widget.state)

    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.route("http://bb.test/**", serve)
    if wired:
        page.expose_function("pySend", py_send)
    page.goto("http://bb.test/")
    page.wait_for_function("typeof window.bbStart === 'function'")
    if theme == "dark":
        page.evaluate("document.documentElement.dataset.theme = 'dark'")
    page.evaluate(
        "([state, wired, shadow]) => window.bbStart(state, wired, shadow)",
        [widget.state, wired, shadow],
    )
    return page, errors


def settled_hints(widget: Any, timeout: float = 60.0) -> Any:
    """``widget`` once its coach's hints are in and no longer being refined (a page opened then
    shows them: the stand-in model only hears back when the page sends)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        coach = widget.state["coach"]
        if coach["hints"] and not coach["pending"]:
            return widget
        time.sleep(0.1)
    raise AssertionError("the hints did not settle")
