"""Screenshot the built Reversi bundle with a fake model in headless Chromium.

Not a test: a look at the product's face in light and dark themes. Run after `npm run build`:
    .venv/bin/python js/tests/visual/shoot.py /tmp/bb-shots
Files are served from js/tests and widgets/boardbook/static through Playwright routing.
"""

from __future__ import annotations

import mimetypes
import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

JS = Path(__file__).resolve().parents[2]
STATIC = JS.parent / "widgets" / "boardbook" / "static"
CHROMIUM = "/usr/lib/chromium/chromium"
SCENES = {
    "board": "start,middle",
    "cards": "pass,result",
    "more": "cpu,confirm,review",
}


def serve(route):
    path = route.request.url.split("//", 1)[1].split("/", 1)[1].split("?", 1)[0]
    if path.startswith("static/"):
        file = STATIC / path.removeprefix("static/")
    elif path.startswith("tests/"):
        file = JS / path
    else:
        file = JS / "tests" / "visual" / path
    if not file.is_file():
        route.fulfill(status=404, body="not found")
        return
    kind = "text/javascript" if file.suffix in {".js", ".mjs"} else mimetypes.guess_type(file.name)[0]
    route.fulfill(status=200, body=file.read_bytes(), content_type=kind or "text/plain")


def main(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as pw:
        browser = pw.chromium.launch(
            executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"]
        )
        page = browser.new_page(viewport={"width": 1020, "height": 760}, device_scale_factor=1)
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.on("console", lambda msg: msg.type == "error" and errors.append(msg.text))
        page.route("http://bb.test/**", serve)
        for theme in ("light", "dark"):
            for name, scenes in SCENES.items():
                page.goto(f"http://bb.test/page.html?theme={theme}&scenes={scenes}")
                page.wait_for_function("window.ready === true")
                page.wait_for_timeout(500)
                target = out / f"{name}-{theme}.png"
                page.screenshot(path=str(target), full_page=True)
                print(target)
        browser.close()
        if errors:
            print("page errors:", *errors, sep="\n  ")
            sys.exit(1)


if __name__ == "__main__":
    main(Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/bb-shots"))
