"""Accessibility of the built front end: axe-core (js/node_modules, a dev dependency) over the
screenshot page's scenes (js/tests/visual/page.html: Reversi, Beacon Lines, Quads and Tower Gate
on their real Python snapshots, and a kit-only entry with a tray and a choice bar, in light and
dark) and over real Python snapshots (their texts
and labels), with no violation allowed.

No Jupyter here: the page draws the unit tests' fixtures, or a widget's ``state``, with the
built bundles and the fake model.
"""

from __future__ import annotations

import mimetypes
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
JS = ROOT / "js"
STATIC = ROOT / "widgets" / "boardbook" / "static"
AXE = JS / "node_modules" / "axe-core" / "axe.min.js"

pytestmark = [pytest.mark.browser, pytest.mark.usefixtures("reversi_bundle", "beacon_bundle")]

SCENES = [
    "start,middle,notice",
    "pass,result,confirm",
    "cpu,review",
    "beacon,beacon1",
    "quads,quadsplace,quadsgive",
    "quadsnotice,quadswon,quadsja,quadshints",
    "tgtutorial,tgmove,tgbuild",
    "tgplace,tgmiddle,tgja",
    "tgwon,tgwonja,tgopening",
    "toy,toyend",
]


def serve(route):
    path = route.request.url.split("//", 1)[1].split("/", 1)[1].split("?", 1)[0]
    if path.startswith("static/"):
        file = STATIC / path.removeprefix("static/")
    elif path.startswith("src/"):
        file = JS / path.removeprefix("src/")
    elif path.startswith("tests/"):
        file = JS / path
    else:
        file = JS / "tests" / "visual" / path
    if not file.is_file():
        route.fulfill(status=404, body="not found")
        return
    kind = (
        "text/javascript" if file.suffix in {".js", ".mjs"} else mimetypes.guess_type(file.name)[0]
    )
    route.fulfill(status=200, body=file.read_bytes(), content_type=kind or "text/plain")


@pytest.fixture(scope="module")
def page(chromium):
    if not AXE.is_file():  # a node_modules from before axe-core was a dev dependency
        npm = shutil.which("npm")
        assert npm, "npm is needed to install axe-core (js/package.json)"
        subprocess.run([npm, "install", "--no-audit", "--no-fund"], cwd=JS, check=True)
    assert AXE.is_file(), f"{AXE} is missing: run `npm ci` in js/"
    page = chromium.new_page(viewport={"width": 1280, "height": 900})
    page.route("http://bb.test/**", serve)
    yield page
    page.close()


def audit(page) -> list:
    page.wait_for_timeout(400)  # card and flip animations settle
    page.add_script_tag(content=AXE.read_text(encoding="utf-8"))
    return page.evaluate(
        """async () => {
            const result = await axe.run(document.getElementById("views"));
            return result.violations.map((v) => [v.id, v.impact, v.nodes.length,
                v.nodes.slice(0, 3).map((n) => n.target.join(" ") + ": " + n.failureSummary)]);
        }"""
    )


def open_page(page, query: str) -> list[str]:
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"http://bb.test/page.html?{query}")
    page.wait_for_function("window.ready === true")
    return errors


@pytest.mark.parametrize("theme", ["light", "dark"])
@pytest.mark.parametrize("scenes", SCENES)
def test_no_axe_violations(page, scenes, theme):
    errors = open_page(page, f"theme={theme}&scenes={scenes}")
    violations = audit(page)
    assert errors == []
    assert violations == [], "\n".join(map(str, violations))


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_no_axe_violations_on_real_python_snapshots(page, lang, tmp_path, monkeypatch):
    from boardbook import BeaconLines, Reversi

    monkeypatch.setenv("BOARDBOOK_DATA_DIR", str(tmp_path))
    reversi = Reversi(lang=lang)
    start = reversi.state
    reversi.play("d3")
    beacon = BeaconLines(opponent="script", lang=lang)
    beacon.wait(30)
    beacon_start = beacon.state
    beacon.play("North Pass")
    beacon.wait(30)
    errors = open_page(page, "scenes=")
    for game, state in [
        ("reversi", start),
        ("reversi", reversi.state),
        ("beacon", beacon_start),
        ("beacon", beacon.state),
    ]:
        page.evaluate("([game, state]) => window.mountState(game, state)", [game, state])
    reversi.close()
    beacon.close()
    assert page.locator(".bb-root [data-square]").count() == 2 * 64 + 2 * 7
    violations = audit(page)
    assert errors == []
    assert violations == [], "\n".join(map(str, violations))


@pytest.mark.parametrize("width", [390, 360])
def test_quads_players_bar_is_one_row_on_a_phone(chromium, width):
    """At phone width both players stay side by side (reflow: nothing cut off, nothing wraps
    below), whichever side is to move and in either language."""
    page = chromium.new_page(viewport={"width": width, "height": 800})
    try:
        page.route("http://bb.test/**", serve)
        errors = open_page(page, "scenes=quads,quadsgive,quadswon,quadsja")
        page.wait_for_timeout(300)
        bars = page.evaluate(
            """() => [...document.querySelectorAll('.bb-q-players')].map((bar) => ({
                rows: new Set([...bar.children].map((chip) => chip.getBoundingClientRect().top)).size,
                chips: bar.children.length,
                cut: [...bar.children].filter((chip) => chip.scrollWidth > chip.clientWidth + 1
                    || chip.getBoundingClientRect().right > bar.getBoundingClientRect().right + 1)
                    .map((chip) => chip.textContent),
            }))"""
        )
    finally:
        page.close()
    assert errors == []
    assert len(bars) == 4
    for bar in bars:
        assert bar["chips"] == 2 and bar["rows"] == 1 and bar["cut"] == [], bars


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_no_axe_violations_on_tower_gates_settings_card_and_tutorial(
    page, lang, tmp_path, monkeypatch
):
    # Issue #18: a new TowerGate() opens on its settings card; the tutorial (this device never
    # played) has a picture, Skip and Close on each card.
    from boardbook import TowerGate

    monkeypatch.setenv("BOARDBOOK_DATA_DIR", str(tmp_path))
    widget = TowerGate(lang=lang)
    errors = open_page(page, "scenes=")
    page.evaluate("([game, state]) => window.mountState(game, state)", ["towergate", widget.state])
    assert page.locator(".bb-tg-settings").is_visible()
    violations = audit(page)
    page.locator('.bb-tg-settings [data-action="start"]').click()
    page.locator('[data-action="tutorial-next"]').click()  # a card with a picture and Skip
    assert page.locator(".bb-tg-mini").is_visible()
    violations += audit(page)
    widget.close()
    assert errors == []
    assert violations == [], "\n".join(map(str, violations))
