"""What jsdom can only fake, in Chromium on the built bundles (issue #18, test gaps of items 5,
18 and 23): the graph's turning-point labels inside the graph, arrow keys that follow the layout
drawn (Quads' tray in its two layouts, Beacon's map), and keyboard focus kept inside a shadow
root (marimo draws widgets in one) when a card, the review bar or the tutorial closes.
"""

from __future__ import annotations

import pytest
from boardbook import BeaconLines, Quads, Reversi, TowerGate
from fakepage import open_page

pytestmark = [pytest.mark.browser, pytest.mark.timeout(180)]

# A whole game (seeded random play; an input, not a result), as in test_coach_browser.py.
FULL_GAME = (
    "f5f4f3g4d3c4e3e6c3e2b4a4a5a6c5d2a3c6d6d7f2a2b3c2d1c1f1g2b5b6h5e1h1h4h3g1g6h7f7g8e8g3c8f6b1"
    "g5h2d8h6g7h8f8e7b8a8b7c7a7a1b2"
)


@pytest.fixture(autouse=True)
def private_stats(tmp_path, monkeypatch):
    monkeypatch.setenv("BOARDBOOK_DATA_DIR", str(tmp_path))


# ---- item 5: a turning point's number is never clipped by the graph's edges ---------------


@pytest.mark.parametrize("width", [290, 640])
def test_turning_point_labels_stay_inside_the_graph(chromium, width):
    widget = Reversi(moves=FULL_GAME)
    widget.review(10)
    page, errors = open_page(chromium, "reversi", widget, width=width)
    # The graph at its extremes: turning points at the very top and bottom and in between
    # (the shape of Python's `coach.graph`; the values are the widest the scale allows).
    total = len(widget.history)
    values = [(-64 if i % 7 == 3 else 64 if i % 7 == 5 else (i % 5) * 3) for i in range(total + 1)]
    turning = [{"ply": p, "text": f"move {p}"} for p in range(3, total, 7)]
    turning += [{"ply": p, "text": f"move {p}"} for p in range(5, total, 7)]
    graph = {"values": values, "range": 64, "side": "black", "label": "Evaluation for Black",
             "unit": "final disc difference", "turning": turning, "pending": False}  # fmt: skip
    state = widget.state
    page.evaluate(
        "(s) => window.bbModel.set('state', s)",
        {**state, "coach": {**state["coach"], "graph": graph}},
    )
    boxes = page.evaluate(
        """() => {
            const box = document.querySelector('.bb-graph-box').getBoundingClientRect();
            return [...document.querySelectorAll('.bb-graph-turn-label')].map((el) => {
                const b = el.getBoundingClientRect();
                return b.top >= box.top - 0.5 && b.bottom <= box.bottom + 0.5 &&
                    b.left >= box.left - 0.5 && b.right <= box.right + 0.5;
            });
        }"""
    )
    assert len(boxes) == len(turning) and all(boxes), boxes
    assert errors == []
    page.close()
    widget.close()


# ---- item 18: arrow keys follow the layout drawn ------------------------------------------


@pytest.mark.parametrize(("width", "below"), [(290, "piece:4"), (640, "piece:8")])
def test_arrow_down_in_the_quads_tray_goes_to_the_piece_drawn_below(chromium, width, below):
    # Four rows of four on a phone, two rows of eight wider: ArrowDown from piece 0 goes to
    # the piece under it in either, ArrowUp back.
    widget = Quads(mode="two-player")
    page, errors = open_page(chromium, "quads", widget, width=width)
    page.locator('[data-item="piece:0"]').focus()
    page.keyboard.press("ArrowDown")
    assert page.evaluate("document.activeElement.dataset.item") == below
    page.keyboard.press("ArrowUp")
    assert page.evaluate("document.activeElement.dataset.item") == "piece:0"
    page.keyboard.press("ArrowRight")
    assert page.evaluate("document.activeElement.dataset.item") == "piece:1"
    assert errors == []
    page.close()
    widget.close()


@pytest.mark.parametrize("width", [290, 640])
def test_arrow_keys_on_the_beacon_map_go_to_the_region_drawn_below_or_above(chromium, width):
    widget = BeaconLines(opponent="script")
    widget.wait(30)
    page, errors = open_page(chromium, "beacon", widget, width=width)
    page.locator('[data-square="North Pass"]').focus()
    # Down the middle column; nothing is drawn below South Pass, so it stays (the regions'
    # order would go on to the Beacon, top right).
    steps = [
        ("ArrowDown", "Crossroads"),
        ("ArrowDown", "South Pass"),
        ("ArrowDown", "South Pass"),
        ("ArrowUp", "Crossroads"),
    ]
    for key, region in steps:
        page.keyboard.press(key)
        assert page.evaluate("document.activeElement.dataset.square") == region, key
    assert errors == []
    page.close()
    widget.close()


# ---- item 23: focus stays in a shadow root -----------------------------------------------

IN_SHADOW = """() => {
    const active = document.getElementById('host').shadowRoot.activeElement;
    return active ? (active.dataset.square ? 'square' : active.dataset.action || active.className)
        : null;
}"""


def test_in_a_shadow_root_closing_the_result_card_gives_the_board_the_focus(chromium):
    widget = Reversi(moves=FULL_GAME)
    page, errors = open_page(chromium, "reversi", widget, shadow=True, wired=True)
    close = page.locator(".bb-card-result .bb-card-close")
    close.focus()
    assert page.evaluate(IN_SHADOW) == "bb-card-close"
    page.keyboard.press("Enter")
    assert page.evaluate(IN_SHADOW) == "square"
    assert errors == []
    page.close()
    widget.close()


def test_in_a_shadow_root_the_review_bar_keeps_the_focus_at_home_and_end(chromium):
    widget = Reversi(moves=FULL_GAME)
    widget.review(10)
    page, errors = open_page(chromium, "reversi", widget, shadow=True, wired=True)
    page.locator('[data-action="review-first"]').focus()
    page.keyboard.press("Home")  # « goes disabled under the focus: it moves to a live button
    page.wait_for_function("window.bbModel.get('state').review.ply === 0")
    assert page.evaluate(IN_SHADOW) in {"review-next", "review-exit"}
    page.keyboard.press("ArrowRight")
    page.wait_for_function("window.bbModel.get('state').review.ply === 1")
    page.keyboard.press("End")
    page.wait_for_function(f"window.bbModel.get('state').review.ply === {len(widget.history)}")
    assert page.evaluate(IN_SHADOW) in {"review-prev", "review-exit"}
    assert errors == []
    page.close()
    widget.close()


def test_in_a_shadow_root_closing_the_tutorial_gives_the_board_the_focus(chromium):
    widget = TowerGate(mode="two-player")  # this device never played: the tutorial opens
    page, errors = open_page(chromium, "towergate", widget, shadow=True)
    page.locator('[data-action="tutorial-next"]').focus()
    page.keyboard.press("Escape")
    assert page.evaluate(IN_SHADOW) == "square"
    assert errors == []
    page.close()
    widget.close()
