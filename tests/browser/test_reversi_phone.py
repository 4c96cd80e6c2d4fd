"""The built Reversi front end at phone width in Chromium, with a real Reversi snapshot.

A 390 px phone in JupyterLab leaves the widget about 274 px: every score chip must still show
the player's whole name and "0 wins" on one line (the name was cut to "P…" before).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from boardbook import Reversi

ROOT = Path(__file__).resolve().parents[2]
STATIC = ROOT / "widgets" / "boardbook" / "static"
FAKE_MODEL = ROOT / "js" / "tests" / "fake-model.js"

pytestmark = [pytest.mark.browser, pytest.mark.usefixtures("reversi_bundle")]

PAGE = """<!doctype html><html><head><meta charset="utf-8">
<link rel="stylesheet" href="/reversi.css"></head><body><div id="host"></div>
<script type="module">
import widget from "/reversi.js";
import { createFakeModel } from "/fake-model.js";
window.bbStart = (state) => {
  const model = createFakeModel({ state, lang: "en" });
  widget.render({ model, el: document.getElementById("host") });
};
</script></body></html>"""


@pytest.fixture(autouse=True)
def private_stats(tmp_path, monkeypatch):
    monkeypatch.setenv("BOARDBOOK_DATA_DIR", str(tmp_path))


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_score_chips_show_whole_names_and_wins_at_phone_width(chromium, lang):
    widget = Reversi(lang=lang)
    widget.play("d3")
    page = chromium.new_page(viewport={"width": 290, "height": 900})
    files = {
        "/reversi.js": ("text/javascript", STATIC / "reversi.js"),
        "/reversi.css": ("text/css", STATIC / "reversi.css"),
        "/fake-model.js": ("text/javascript", FAKE_MODEL),
    }

    def serve(route):
        path = "/" + route.request.url.split("/", 3)[3].split("?")[0]
        if path in files:
            kind, file = files[path]
            route.fulfill(status=200, content_type=kind, body=file.read_bytes())
        elif path == "/":
            route.fulfill(status=200, content_type="text/html", body=PAGE)
        else:
            route.fulfill(status=404, body="")

    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.route("http://bb.test/**", serve)
    page.goto("http://bb.test/")
    page.wait_for_function("typeof window.bbStart === 'function'")
    page.evaluate("(state) => window.bbStart(state)", widget.state)
    chips = page.evaluate(
        """() => [...document.querySelectorAll('.bb-score')].map((chip) => {
            const name = chip.querySelector('.bb-score-name');
            const wins = chip.querySelector('.bb-score-wins');
            const line = parseFloat(getComputedStyle(wins).lineHeight) || 16;
            return {
                clipped: name.scrollWidth > name.clientWidth + 1,
                winsLines: Math.round(wins.getBoundingClientRect().height / line),
                inside: chip.getBoundingClientRect().right <= document.querySelector('.bb-root')
                    .getBoundingClientRect().right + 1,
            };
        })"""
    )
    width = page.evaluate("document.querySelector('.bb-root').getBoundingClientRect().width")
    assert 260 <= width <= 290
    assert chips == [{"clipped": False, "winsLines": 1, "inside": True}] * 2, chips
    assert errors == []
    page.close()
    widget.close()
