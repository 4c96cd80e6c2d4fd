"""The built Beacon Lines front end in Chromium, driven by a real BeaconLines widget in Python.

No Jupyter here: the page loads ``static/beacon.js`` with the unit tests' stand-in model
(``js/tests/fake-model.js``), whose ``send`` is wired to the widget's message handler through
Playwright, so a click goes the whole way (DOM -> intent -> Python -> snapshot -> DOM).
"""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest
from boardbook import BeaconLines
from boardbook.beacon import REGIONS
from fakepage import open_page

pytestmark = [pytest.mark.browser, pytest.mark.usefixtures("beacon_bundle")]


@pytest.fixture(autouse=True)
def private_stats(tmp_path, monkeypatch):
    monkeypatch.setenv("BOARDBOOK_DATA_DIR", str(tmp_path))


def open_board(browser, widget, width=640, theme="light"):
    return open_page(browser, "beacon", widget, width=width, theme=theme, wired=True)


def test_map_regions_are_labelled_buttons_and_legal_targets_are_marked(chromium):
    widget = BeaconLines(opponent="script")
    widget.wait(30)
    page, errors = open_board(chromium, widget)
    regions = page.locator(".bb-region[data-square]")
    assert regions.count() == 7
    assert [regions.nth(i).get_attribute("data-square") for i in range(7)] == list(REGIONS)
    for i in range(7):
        assert regions.nth(i).get_attribute("aria-label")
    legal = page.locator(".bb-region.bb-target")
    assert [legal.nth(i).get_attribute("data-square") for i in range(legal.count())] == [
        "North Pass",
        "Crossroads",
    ]
    # The kit adds the game's word for a legal target ("can be chosen") to the region's label.
    assert (
        legal.nth(0).get_attribute("aria-label").endswith(", " + widget.state["labels"]["target"])
    )
    assert page.locator(".bb-road").count() == 10
    assert "locked in its choice" in page.locator(".bb-status-text").inner_text()
    assert errors == []
    page.close()


def test_clicks_play_the_safe_route_and_fill_the_round_log(chromium):
    widget = BeaconLines(opponent="script")
    widget.wait(30)
    page, errors = open_board(chromium, widget)
    page.locator('[data-square="North Pass"]').click()
    page.wait_for_function("document.querySelectorAll('.bb-beacon-log tbody tr').length === 1")
    assert widget.position.route == ["North Pass/South Pass"]
    assert "bb-owner-blue" in page.locator('[data-square="South Pass"]').get_attribute("class")
    assert "bb-last" in page.locator('[data-square="South Pass"]').get_attribute("class")
    page.locator('[data-square="Beacon"]').focus()
    page.keyboard.press("Enter")
    page.wait_for_function("document.querySelectorAll('.bb-beacon-log tbody tr').length === 2")
    assert widget.position.outcome.winner == "red"
    row = page.locator(".bb-beacon-log tbody tr").nth(1).inner_text()
    assert "4–3" in row and "fired" in row
    assert page.locator(".bb-card-result").is_visible()
    points = page.locator(".bb-beacon-points").text_content()
    assert "Red 4" in points and "Blue 3" in points
    assert "You (Red): 1 win" in page.locator(".bb-beacon-meta").text_content()
    page.screenshot(path=str(Path(tempfile.gettempdir()) / "beacon_board.png"), full_page=True)
    assert errors == []
    page.close()


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_at_phone_width_the_header_is_one_line_and_map_labels_are_12px(chromium, theme):
    # A 390 px phone in JupyterLab leaves the widget about 274 px: the review measured that.
    widget = BeaconLines(opponent="script")
    widget.wait(30)
    widget.play("North Pass")
    widget.wait(30)
    page, errors = open_board(chromium, widget, width=290, theme=theme)
    root = page.locator(".bb-root")
    assert 260 <= root.bounding_box()["width"] <= 290
    points = page.locator(".bb-beacon-points")
    line = page.evaluate(
        "() => parseFloat(getComputedStyle(document.querySelector('.bb-beacon-points')).lineHeight)"
    )
    assert points.bounding_box()["height"] < 1.5 * line  # "Red 2 · Blue 2" never wraps
    sizes = page.evaluate(
        """() => [...document.querySelectorAll('.bb-region-name, .bb-region-detail')].map((el) => {
            const box = el.getBoundingClientRect();
            const svg = el.ownerSVGElement;
            const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
            return parseFloat(getComputedStyle(el).fontSize) * scale;
        })"""
    )
    assert len(sizes) == 14 and min(sizes) >= 12, sizes
    # Every name stays inside the drawing (squeezed, not cut off).
    inside = page.evaluate(
        """() => {
            const svg = document.querySelector('.bb-beacon-svg').getBoundingClientRect();
            return [...document.querySelectorAll('.bb-region-name')].every((el) => {
                const b = el.getBoundingClientRect();
                return b.left >= svg.left - 1 && b.right <= svg.right + 1;
            });
        }"""
    )
    assert inside
    assert errors == []
    page.close()


def test_review_from_the_result_opens_on_the_last_round(chromium):
    # A player opens the review to look back from where the game ended, not from the start.
    widget = BeaconLines(opponent="script")
    widget.wait(30)
    page, errors = open_board(chromium, widget)
    page.locator('[data-square="North Pass"]').click()
    page.wait_for_function("document.querySelectorAll('.bb-beacon-log tbody tr').length === 1")
    page.locator('[data-square="Beacon"]').click()
    page.locator(".bb-card-result").wait_for()
    page.locator('.bb-card-result [data-action="review"]').click()
    page.wait_for_function("document.querySelector('.bb-review-position')?.textContent === '2 / 2'")
    assert widget.state["review"] == {"ply": 2, "total": 2}
    assert "bb-owner-red" in page.locator('[data-square="Beacon"]').get_attribute("class")
    page.keyboard.press("ArrowLeft")  # focus went to the review bar: one round back at once
    page.wait_for_function("document.querySelector('.bb-review-position')?.textContent === '1 / 2'")
    assert errors == []
    page.close()
