"""Screenshot the built bundles (Reversi, Beacon Lines, Quads, Tower Gate) and a kit-only entry with a fake model
in headless Chromium, at a desktop (1280 px) and a phone (390 px) width, light and dark.

Not a test: a look at the product's face. Run after `npm run build`:
    .venv/bin/python js/tests/visual/shoot.py /tmp/bb-shots [group …]
Files are served from js/ (the kit's sources, the tests' fixtures) and widgets/boardbook/static
through Playwright routing.
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
    "board": "start,middle,notice",
    "cards": "pass,result,counting",
    "more": "cpu,confirm,review",
    "beacon": "beacon,beacon1",
    "quads": "quads,quadsplace,quadsgive",
    "quadsend": "quadsnotice,quadswon,quadsja,quadshints",
    "kit": "toy,toyend",
    "towergate": "tgtutorial,tgmove,tgbuild",
    "towergatemore": "tgplace,tgmiddle,tgja",
    "towergateend": "tgwon,tgwonja,tgopening",
}
WIDTHS = {"desktop": 1280, "phone": 390}


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


def main(out: Path, only: tuple[str, ...] = ()) -> None:
    """Shoot every group of SCENES (or only the groups named in ``only``)."""
    out.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as pw:
        browser = pw.chromium.launch(
            executable_path=CHROMIUM,
            args=["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
        )
        errors: list[str] = []
        for device, width in WIDTHS.items():
            page = browser.new_page(viewport={"width": width, "height": 800}, device_scale_factor=1)
            page.on("pageerror", lambda exc: errors.append(str(exc)))
            page.on("console", lambda msg: msg.type == "error" and errors.append(msg.text))
            page.route("http://bb.test/**", serve)
            for theme in ("light", "dark"):
                for name, scenes in SCENES.items():
                    if only and name not in only:
                        continue
                    page.goto(f"http://bb.test/page.html?theme={theme}&scenes={scenes}")
                    page.wait_for_function("window.ready === true")
                    page.wait_for_timeout(500)
                    overflow = page.evaluate(
                        "() => [...document.querySelectorAll('.bb-root *')].filter((el) =>"
                        " el.offsetParent !== null && !el.classList.contains('bb-square') && !el.closest('details:not([open]) > :not(summary)')"
                        " && el.scrollWidth > el.clientWidth + 1 && el.clientWidth > 0"
                        " && getComputedStyle(el).overflowX === 'visible')"
                        ".map((el) => el.className).slice(0, 5)"
                    )
                    if overflow:
                        print(f"  {device}/{theme}/{name}: wider than their box:", overflow)
                    target = out / f"{name}-{theme}-{device}.png"
                    page.screenshot(path=str(target), full_page=True)
                    print(target)
            page.close()
        browser.close()
        if errors:
            print("page errors:", *errors, sep="\n  ")
            sys.exit(1)


if __name__ == "__main__":
    main(Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/bb-shots"), tuple(sys.argv[2:]))
