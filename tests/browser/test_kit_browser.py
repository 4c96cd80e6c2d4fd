"""The shared kit's keyboard model in a real browser (Chromium), where native buttons add their
own activation (Enter on keydown, Space on keyup) that jsdom does not have: each key press on a
tray item, a square or a choice must send exactly one input, and focus must show.

The page is the screenshot page (js/tests/visual/page.html) with its kit-only entry: a 3 × 3
grid, a tray, a choice bar and a back control, drawn from js/tests/fixtures.js.
"""

from __future__ import annotations

import pytest
from test_frontend_a11y import serve

pytestmark = [pytest.mark.browser, pytest.mark.usefixtures("reversi_bundle", "beacon_bundle")]


@pytest.fixture
def page(chromium):
    page = chromium.new_page(viewport={"width": 1280, "height": 900})
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.route("http://bb.test/**", serve)
    page.goto("http://bb.test/page.html?scenes=toy")
    page.wait_for_function("window.ready === true")
    yield page
    page.close()
    assert errors == []


def sent(page) -> list[dict]:
    return page.evaluate("() => window.models.toy.sent.slice()")


def test_tray_keys_activate_once_each_and_move_the_tab_stop(page):
    first = page.locator('.bb-tray-item[tabindex="0"]')
    assert first.get_attribute("data-item") == "piece:0"
    first.focus()
    page.keyboard.press("Enter")
    page.keyboard.press("Space")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")
    page.keyboard.press("End")
    assert page.evaluate("document.activeElement.dataset.item") == "piece:3"
    assert sent(page) == [
        {"kind": "input", "target": "piece:0"},
        {"kind": "input", "target": "piece:0"},
        {"kind": "input", "target": "piece:2"},
    ]
    assert page.locator('.bb-tray-item[tabindex="0"]').count() == 1
    outline = page.evaluate("getComputedStyle(document.activeElement).outlineStyle")
    assert outline == "solid"  # focus visible after keyboard use


def test_squares_and_choices_send_one_input_per_key(page):
    square = page.locator('[data-square="B2"]')
    square.focus()
    page.keyboard.press("Enter")
    page.keyboard.press("Space")
    mason = page.locator('[data-choice="mason"]')
    mason.focus()
    page.keyboard.press("Enter")
    page.keyboard.press("Space")
    page.locator('[data-action="back"]').click()
    assert sent(page) == [
        {"kind": "input", "target": "B2"},
        {"kind": "input", "target": "B2"},
        {"kind": "input", "target": "mason"},
        {"kind": "input", "target": "mason"},
        {"kind": "back"},
    ]


def test_tab_walks_board_tray_and_controls_one_stop_each(page):
    page.locator("body").focus()
    stops = []
    for _ in range(7):
        page.keyboard.press("Tab")
        stops.append(
            page.evaluate(
                "(() => { const a = document.activeElement;"
                " return a.dataset.square || a.dataset.item || a.dataset.choice"
                " || a.dataset.action || a.tagName; })()"
            )
        )
    # One stop on the board (its first target), one in the tray, then the move's own controls
    # (the choices and back), the coach's hints toggle, and the game actions.
    assert stops[:6] == ["A2", "piece:0", "mason", "back", "hints", "restart"]
