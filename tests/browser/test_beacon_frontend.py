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
from fakepage import open_page, settled_hints

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
    # Focus goes to the review bar (a moment after it opens): the arrow steps one round back.
    page.wait_for_function("document.activeElement?.closest('.bb-review') != null")
    page.keyboard.press("ArrowLeft")
    page.wait_for_function("document.querySelector('.bb-review-position')?.textContent === '1 / 2'")
    assert errors == []
    page.close()


# ---- issue #18, item 7: the map at phone width (and every width) ----------------------------

#: Each hint pill and what it covers: the map's edge, any text, token, claim badge, landmark of
#: another region or another pill, another region's territory, a road or the bridge (points of
#: the pill inside a road's stroke and outside every territory, which hides the road under it).
#: A pill may lie on its own territory and its own landmark picture (a decoration).
PILL_PROBLEMS = """() => {
  const svg = document.querySelector('.bb-beacon-svg');
  const toMap = svg.getScreenCTM().inverse();
  const at = (x, y) => { const p = svg.createSVGPoint(); p.x = x; p.y = y; return p.matrixTransform(toMap); };
  const shapes = [...svg.querySelectorAll('[data-square] > .bb-region-shape')];
  const roads = [...svg.querySelectorAll('.bb-road, .bb-bridge-parapet')];
  const frame = svg.getBoundingClientRect();
  const out = [];
  for (const pill of svg.querySelectorAll('.bb-hint-svg')) {
    const region = pill.closest('[data-square]');
    const own = region.querySelector('.bb-region-shape');
    const box = pill.querySelector('rect').getBoundingClientRect();
    const problems = new Set();
    if (box.left < frame.left || box.right > frame.right || box.top < frame.top ||
        box.bottom > frame.bottom) problems.add('outside the map');
    const parts = svg.querySelectorAll('.bb-region-name, .bb-region-detail, .bb-region-icon, ' +
      '.bb-region-tokens > *, .bb-region-badge-box, .bb-hint-svg rect');
    for (const part of parts) {
      if (pill.contains(part) || getComputedStyle(part).display === 'none') continue;
      if (part.classList.contains('bb-region-icon') && region.contains(part)) continue;
      const b = part.getBoundingClientRect();
      if (b.width && b.left < box.right - 1 && b.right > box.left + 1 && b.top < box.bottom - 1 &&
          b.bottom > box.top + 1) {
        problems.add(`${part.getAttribute('class') || 'pill'} of ${part.closest('[data-square]').dataset.square}`);
      }
    }
    for (let x = box.left + 1; x < box.right - 1; x += 2) {
      for (let y = box.top + 1; y < box.bottom - 1; y += 2) {
        const p = at(x, y);
        const under = shapes.find((shape) => shape.isPointInFill(p));
        if (under && under !== own) problems.add(`the territory of ${under.parentNode.dataset.square}`);
        if (!under) {
          for (const road of roads) {
            if (road.isPointInStroke(p)) problems.add(`${road.getAttribute('class')} ${road.dataset.edge || ''}`);
          }
        }
      }
    }
    out.push({ region: region.dataset.square, problems: [...problems] });
  }
  return out;
}"""

#: Whose each pill is: whether it lies on its own territory, and where its tail (a pill off its
#: region has one) points: into its own territory, or into another's.
PILL_OWNERS = """() => {
  const svg = document.querySelector('.bb-beacon-svg');
  const shapes = [...svg.querySelectorAll('[data-square] > .bb-region-shape')];
  const point = (x, y) => { const p = svg.createSVGPoint(); p.x = x; p.y = y; return p; };
  return [...svg.querySelectorAll('.bb-hint-svg')].map((pill) => {
    const own = pill.closest('[data-square]').querySelector('.bb-region-shape');
    const r = pill.querySelector('rect').getBBox();
    let onOwn = false;
    for (let x = r.x + 2; x < r.x + r.width - 1; x += 3) {
      for (let y = r.y + 2; y < r.y + r.height - 1; y += 3) onOwn ||= own.isPointInFill(point(x, y));
    }
    const tail = pill.querySelector('.bb-hint-tail');
    const apex = tail ? tail.points.getItem(1) : null;
    const into = apex ? shapes.filter((shape) => shape.isPointInFill(point(apex.x, apex.y))) : [];
    return {
      region: own.parentNode.dataset.square,
      onOwn,
      tail: tail ? into.map((shape) => shape.parentNode.dataset.square) : null,
    };
  });
}"""

#: Rounds (Red's target, then Blue's) that put hints on every kind of region: the first round
#: (North Pass, Crossroads), the Beacon and the Depot with claim badges around them, a tie.
HINTED_ROUTES = [
    [],
    ["Crossroads", "South Pass"],
    ["North Pass", "South Pass"],
    ["North Pass", "Crossroads"],
    ["Crossroads", "Crossroads"],
    ["North Pass", "South Pass", "Depot", "Depot"],
    ["North Pass", "Crossroads", "Crossroads", "Depot"],
]


@pytest.mark.parametrize("width", [290, 640])
def test_hint_pills_cover_no_road_bridge_text_or_region_stay_on_the_map_and_say_whose(
    chromium, width
):
    # Issue #18: at phone width the Crossroads pill covered the only bridge and the Depot's was
    # cut off at the map's edge; then pills sat between two regions, whose was anyone's guess.
    for route in HINTED_ROUTES:
        widget = BeaconLines(mode="two-player", hints="on")
        for target in route:
            widget.play(target)
        settled_hints(widget)
        page, errors = open_page(chromium, "beacon", widget, width=width)
        pills = page.evaluate(PILL_PROBLEMS)
        assert len(pills) == len(widget.state["coach"]["hints"]) >= 2
        assert all(p["problems"] == [] for p in pills), (route, pills)
        for pill in page.evaluate(PILL_OWNERS):
            # On its own territory (no tail), or pointing into it and into no other.
            assert pill["tail"] == (None if pill["onOwn"] else [pill["region"]]), (route, pill)
        assert errors == []
        page.close()
        widget.close()


TIE_BADGE = """() => {
  const frame = document.querySelector('.bb-beacon-svg').getBoundingClientRect();
  return [...document.querySelectorAll('.bb-region-badge-box')]
    .filter((box) => getComputedStyle(box).display !== 'none')
    .map((box) => {
      const b = box.getBoundingClientRect();
      const text = box.parentNode.querySelector('.bb-region-badge').getBoundingClientRect();
      // Its outline drawn whole (the stroke reaches past the box), its words inside it.
      const stroke = parseFloat(getComputedStyle(box).strokeWidth) * box.getScreenCTM().a;
      return {
        inside: b.left - stroke >= frame.left && b.right + stroke <= frame.right &&
          b.top - stroke >= frame.top,
        holds_text: text.left >= b.left + 1 && text.right <= b.right - 1,
      };
    });
}"""


@pytest.mark.parametrize("width", [290, 1280])
@pytest.mark.parametrize("tie", ["Depot", "Crossroads"])
def test_a_tie_badge_stays_inside_the_map_at_every_width(chromium, width, tie):
    widget = BeaconLines(mode="two-player")
    if tie == "Depot":
        widget.play("North Pass")
        widget.play("South Pass")
    widget.play(tie)
    widget.play(tie)
    widget.wait(30)
    page, errors = open_page(chromium, "beacon", widget, width=width)
    assert "·" in page.locator(f'[data-square="{tie}"] .bb-region-badge').text_content()
    badges = page.evaluate(TIE_BADGE)
    assert badges and all(b == {"inside": True, "holds_text": True} for b in badges), badges
    assert errors == []
    page.close()
    widget.close()


NAMES_AND_ICONS = """() => [...document.querySelectorAll('.bb-beacon-svg [data-square]')].map((g) => {
  const name = g.querySelector('.bb-region-name');
  const icon = g.querySelector('.bb-region-icon').getBoundingClientRect();
  const words = name.getBoundingClientRect();
  // How far each line is squeezed: its drawn length against its natural one.
  const lines = name.querySelectorAll('tspan').length ? [...name.querySelectorAll('tspan')] : [name];
  const squeeze = Math.min(...lines.map((line) => {
    const drawn = line.getComputedTextLength();
    const free = line.cloneNode(true);
    free.removeAttribute('textLength');
    free.removeAttribute('lengthAdjust');
    const probe = document.createElementNS('http://www.w3.org/2000/svg', 'text');
    probe.setAttribute('class', 'bb-region-name');
    probe.textContent = free.textContent;
    name.parentNode.append(probe);
    const natural = probe.getComputedTextLength();
    probe.remove();
    return drawn / natural;
  }));
  return {
    region: g.dataset.square,
    overlap: icon.left < words.right && words.left < icon.right && icon.top < words.bottom - 0.5 &&
      words.top < icon.bottom - 0.5,
    squeeze: Math.round(squeeze * 100) / 100,
    px: parseFloat(getComputedStyle(name).fontSize) * g.getScreenCTM().a,
  };
})"""


@pytest.mark.parametrize("width", [290, 640])
def test_landmarks_clear_of_names_and_names_not_squashed(chromium, width):
    # Issue #18: at phone width the mountain, signpost and Depot icons overlapped the names and
    # the names were squeezed (a Home's name to about 70 % of its width).
    widget = BeaconLines(opponent="script")
    widget.wait(30)
    page, errors = open_page(chromium, "beacon", widget, width=width)
    regions = page.evaluate(NAMES_AND_ICONS)
    assert len(regions) == 7
    for region in regions:
        assert not region["overlap"] and region["squeeze"] >= 0.88, region
        assert region["px"] >= 12, region
    assert errors == []
    page.close()
    widget.close()


def test_the_round_log_shows_a_cue_where_it_scrolls(chromium):
    widget = BeaconLines(mode="two-player")
    for target in ("North Pass", "South Pass", "Crossroads", "Crossroads"):
        widget.play(target)
    page, errors = open_page(chromium, "beacon", widget, width=290)
    log = page.locator(".bb-beacon-log-wrap")
    assert page.evaluate(
        "() => { const el = document.querySelector('.bb-beacon-log-wrap');"
        " return el.scrollWidth > el.clientWidth; }"
    )
    start = page.locator('.bb-log-more[data-side="start"]')
    end = page.locator('.bb-log-more[data-side="end"]')
    assert end.is_visible() and not start.is_visible()
    assert float(end.evaluate("(el) => parseFloat(getComputedStyle(el).fontSize)")) >= 12
    log.evaluate("(el) => { el.scrollLeft = el.scrollWidth; }")
    page.wait_for_function("() => document.querySelector('.bb-log-more[data-side=\"end\"]').hidden")
    assert start.is_visible() and not end.is_visible()
    log.evaluate("(el) => { el.scrollLeft = 0; }")
    page.wait_for_function(
        "() => document.querySelector('.bb-log-more[data-side=\"start\"]').hidden"
    )
    assert end.is_visible()
    # At any width the cue shows exactly when the table is wider than its box.
    page.set_viewport_size({"width": 1280, "height": 1000})
    page.wait_for_timeout(200)
    overflows = page.evaluate(
        "() => { const el = document.querySelector('.bb-beacon-log-wrap');"
        " return el.scrollWidth > el.clientWidth; }"
    )
    assert end.is_visible() == overflows and not start.is_visible()
    assert errors == []
    page.close()
    widget.close()
