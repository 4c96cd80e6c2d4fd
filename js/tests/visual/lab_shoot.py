"""Screenshot every game in a real JupyterLab (Chromium, headless) at 1280 px and at a 390 px
phone (JupyterLab's single-document layout, the widget about 274 px wide), light and dark.

Not a test: a look at what a person sees in the notebook, for judging by eye. Run after
`npm run build`:
    .venv/bin/python js/tests/visual/lab_shoot.py /tmp/lab-shots
Each scene is one notebook cell; each widget's `.bb-root` is shot on its own
(`<scene>-<light|dark>-<1280|390>.png`).
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "tests" / "browser"))

from labharness import Lab, LabServer, launch_chromium
from playwright.sync_api import sync_playwright

#: (name, cell): each cell ends with the widget to show. Hints are on where they say something.
SCENES = [
    ("reversi", "from boardbook import Reversi\nReversi(hints='on', moves='f5d6c3d3c4f4')"),
    (
        "quads",
        (
            "from boardbook import Quads\nq = Quads(hints='on', mode='two-player')\n"
            "for m in (':3', 'A1:5', 'B2:9', 'C3:12'):\n    q.play(m)\nq"
        ),
    ),
    ("towergate-settings", "from boardbook import TowerGate\nTowerGate()"),
    (
        "towergate",
        (
            "from boardbook import TowerGate\nt = TowerGate(mode='two-player', hints='on')\n"
            "for m in ('B4-C3^C4', 'B2-B3^C4', 'D4-D3^E3', 'D2-C2^B1'):\n    t.play(m)\nt"
        ),
    ),
    (
        "beacon",
        (
            "from boardbook import BeaconLines\nb = BeaconLines(mode='two-player', hints='on')\n"
            "b.play('North Pass'); b.play('Crossroads')\nb"
        ),
    ),
]
PHONE_LAYOUT = """() => {
  const shell = window.jupyterapp.shell;
  shell.collapseLeft(); shell.collapseRight(); shell.mode = "single-document";
}"""
DESK_LAYOUT = """() => { window.jupyterapp.shell.mode = "multiple-document"; }"""
THEME = "(theme) => window.jupyterapp.commands.execute('apputils:change-theme', {theme})"


def main(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    with LabServer() as server, sync_playwright() as pw:
        browser = launch_chromium(pw)
        page = browser.new_context(viewport={"width": 1280, "height": 1400}).new_page()
        page.set_default_timeout(60_000)
        lab = Lab(page, server).load()
        # Errors while JupyterLab loads are its extensions' (not this widget's): not counted.
        before = (len(lab.page_errors), len(lab.console_errors))
        notebook = lab.open_notebook("shots.ipynb", [cell for _, cell in SCENES])
        notebook.run_all()
        for index in range(len(SCENES)):
            notebook.output(index).locator(".bb-root").wait_for()
        page.wait_for_timeout(8_000)  # hints and the CPU's first moves come in
        for theme in ("JupyterLab Light", "JupyterLab Dark"):
            light = "true" if theme.endswith("Light") else "false"
            page.evaluate(THEME, theme)
            page.wait_for_function(f"document.body.dataset.jpThemeLight === '{light}'")
            for width in (1280, 390):
                page.set_viewport_size({"width": width, "height": 1400})
                page.evaluate(PHONE_LAYOUT if width < 600 else DESK_LAYOUT)
                page.wait_for_timeout(800)
                for index, (name, _) in enumerate(SCENES):
                    root = notebook.output(index).locator(".bb-root")
                    root.scroll_into_view_if_needed()
                    page.wait_for_timeout(300)
                    size = root.bounding_box()
                    tag = "light" if light == "true" else "dark"
                    target = out / f"{name}-{tag}-{width}.png"
                    root.screenshot(path=str(target))
                    print(target, f"widget {size['width']:.0f} px" if size else "")
        page.evaluate(DESK_LAYOUT)
        notebook.close()
        errors = lab.page_errors[before[0] :] + lab.console_errors[before[1] :]
        browser.close()
    if errors:
        print("page errors:", *errors, sep="\n  ")
        sys.exit(1)


if __name__ == "__main__":
    main(Path(sys.argv[1] if len(sys.argv) > 1 else Path(tempfile.gettempdir()) / "lab-shots"))
