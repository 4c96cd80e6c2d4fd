"""Every mark and text at least 12 px at phone width, in Chromium on the built bundles (issue
#18, items 6 and 15): a 390 px phone in JupyterLab leaves the widget about 274 px.

Each game's page is a real widget's snapshot (``fakepage``): Reversi's legal-move dots and hint
values (the widest a hint can be, "★−64", never spilling out of its 30 px square), Quads' tray
pieces (hollow told from solid) with their hint badges under them and the score chips, Tower
Gate's height and × badges (above the build hatching), Beacon Lines' header. Page parts:
``.bb-dot``, ``.bb-hint``, ``.bb-tray-item``, ``.bb-q-body``/``.bb-q-hole``, ``.bb-q-player``,
``.bb-tg-badge``, ``.bb-tg-cross``.
"""

from __future__ import annotations

import pytest
from boardbook import BeaconLines, Quads, Reversi, TowerGate
from fakepage import open_page, settled_hints
from sizes import SMALL_TEXTS

pytestmark = [pytest.mark.browser, pytest.mark.timeout(180)]

PHONE = 290  # the page width that gives the widget the ~274 px JupyterLab gives it on a phone

#: Each element matching the selector: its box, its parent's box (the square or slot) and
#: whether its text is wider than the element itself.
BOXES = """(selector) => [...document.querySelectorAll(selector)].map((el) => {
  const box = el.getBoundingClientRect();
  const host = el.parentElement.getBoundingClientRect();
  return {
    id: el.parentElement.dataset.square || el.parentElement.dataset.item || '',
    text: el.textContent,
    left: box.left, right: box.right, top: box.top, bottom: box.bottom,
    width: box.width, height: box.height,
    inside: box.left >= host.left - 0.5 && box.right <= host.right + 0.5 &&
      box.top >= host.top - 0.5 && box.bottom <= host.bottom + 0.5,
    spills: el.scrollWidth > el.clientWidth + 0.5,
    font: parseFloat(getComputedStyle(el).fontSize),
  };
})"""


@pytest.fixture(autouse=True)
def private_stats(tmp_path, monkeypatch):
    monkeypatch.setenv("BOARDBOOK_DATA_DIR", str(tmp_path))


def phone_page(browser, game, widget, theme="light"):
    page, errors = open_page(browser, game, widget, width=PHONE, height=1400, theme=theme)
    width = page.evaluate("document.querySelector('.bb-root').getBoundingClientRect().width")
    assert 260 <= width <= 290
    return page, errors


@pytest.mark.parametrize(("theme", "width"), [("light", PHONE), ("dark", PHONE), ("light", 640)])
def test_reversi_dots_and_the_widest_hints_at_phone_width(chromium, theme, width):
    widget = Reversi()
    if width == PHONE:
        page, errors = phone_page(chromium, "reversi", widget, theme)
    else:  # a desktop's widget (480 px): the larger type must fit its 53 px squares too
        page, errors = open_page(chromium, "reversi", widget, width=width, theme=theme)
    dots = page.evaluate(BOXES, ".bb-square.bb-target > .bb-dot")
    assert len(dots) == 4 and min(min(d["width"], d["height"]) for d in dots) >= 12, dots
    assert page.evaluate(SMALL_TEXTS) == []
    # The widest values a hint shows (a disc difference of −64, the best move's star): each
    # stays inside its square, 12 px or more; the tones keep telling best, good and bad apart.
    state = widget.state
    targets = state["input"]["targets"]
    shapes = [("−64", "best", True), ("+64", "good", False), ("−21", "bad", False)]
    hints = {
        square: {"text": text, "tone": tone, "best": best, "reason": ""}
        for square, (text, tone, best) in zip(targets, shapes * 2, strict=False)
    }
    coach = {**state["coach"], "available": True, "mode": "on", "hints": hints}
    page.evaluate("(s) => window.bbModel.set('state', s)", {**state, "coach": coach})
    badges = page.evaluate(BOXES, ".bb-square > .bb-hint")
    assert len(badges) == 4
    for badge in badges:
        assert badge["font"] >= 12 and badge["inside"] and not badge["spills"], badge
    assert {b["text"] for b in badges} >= {"★−64", "+64", "−21"}
    assert errors == []
    page.close()
    widget.close()


def test_reversi_real_hints_at_phone_width(chromium):
    widget = settled_hints(Reversi(hints="on"))
    page, errors = phone_page(chromium, "reversi", widget)
    badges = page.evaluate(BOXES, ".bb-square > .bb-hint")
    assert len(badges) == 4
    assert all(b["font"] >= 12 and b["inside"] and not b["spills"] for b in badges), badges
    assert page.evaluate(SMALL_TEXTS) == []
    assert errors == []
    page.close()
    widget.close()


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_quads_tray_pieces_badges_and_score_chips_at_phone_width(chromium, lang):
    widget = settled_hints(Quads(hints="on", lang=lang))
    page, errors = phone_page(chromium, "quads", widget)
    assert page.evaluate(SMALL_TEXTS) == []
    pieces = page.evaluate(
        """() => [...document.querySelectorAll('.bb-tray-item')].map((item) => {
            const body = item.querySelector('.bb-q-body').getBoundingClientRect();
            const hole = item.querySelector('.bb-q-hole');
            const badge = item.querySelector('.bb-hint');
            const b = badge ? badge.getBoundingClientRect() : null;
            return {
                id: item.dataset.item,
                body: Math.min(body.width, body.height),
                hole: hole ? hole.getBoundingClientRect().width : null,
                // The badge never covers the piece (hollow or solid must stay visible).
                covers: !!b && b.top < body.bottom - 0.5 && b.bottom > body.top + 0.5
                    && b.left < body.right && b.right > body.left,
            };
        })"""
    )
    assert len(pieces) == 16
    for piece in pieces:
        assert piece["body"] >= 16 and not piece["covers"], piece
        if piece["hole"] is not None:  # hollow: a hole wide enough to see at a glance
            assert piece["hole"] >= 8, piece
    badges = page.evaluate(BOXES, ".bb-tray-item > .bb-hint")
    assert len(badges) == 16
    assert all(b["inside"] and not b["spills"] and b["font"] >= 12 for b in badges), badges
    chips = page.evaluate(
        """() => {
            const root = document.querySelector('.bb-root').getBoundingClientRect();
            return [...document.querySelectorAll('.bb-q-player')].map((chip) => {
                const box = chip.getBoundingClientRect();
                const parts = [...chip.querySelectorAll('span')];
                return {
                    inside: box.left >= root.left && box.right <= root.right,
                    spills: chip.scrollWidth > chip.clientWidth + 0.5 ||
                        parts.some((p) => p.getBoundingClientRect().right > box.right + 0.5),
                };
            });
        }"""
    )
    assert chips == [{"inside": True, "spills": False}] * 2, chips
    assert errors == []
    page.close()
    widget.close()


def test_quads_placement_values_fit_their_squares(chromium):
    widget = Quads(hints="on")
    widget.play(":3")
    settled_hints(widget)
    page, errors = phone_page(chromium, "quads", widget)
    badges = page.evaluate(BOXES, ".bb-square > .bb-hint")
    assert len(badges) == 16
    assert all(b["inside"] and not b["spills"] and b["font"] >= 12 for b in badges), badges
    assert page.evaluate(SMALL_TEXTS) == []
    assert errors == []
    page.close()
    widget.close()


#: Random play (a seed's moves, an input only) leaving towers of heights 1-3, a dome and a
#: tower nobody may enter.
TOWERS = [
    "B4-A5^B5",
    "D2-D3^E2",
    "A5-A4^A3",
    "B2-A2^A3",
    "D4-C3^B2",
    "D3-E4^E3",
    "A4-B5^A4",
    "A2-B1^C1",
    "B5-A5^A4",
    "B1-A1^B1",
    "A5-B4^A3",
    "A1-B2^B3",
    "C3-C4^C3",
    "B2-C2^C3",
    "C4-D5^D4",
    "E4-D4^C4",
    "D5-C5^C4",
    "D4-E4^D5",
    "B4-B5^C4",
    "C2-B2^C2",
    "B5-A5^B5",
    "E4-D3^D4",
    "A5-B4^C4",
    "D3-E3^E4",
]


def build_step_on_a_tower(widget):
    """Choose a worker and a destination whose build squares include a tower."""
    for source in widget.state["input"]["targets"]:
        widget.input(source)
        for goal in list(widget.state["input"]["targets"]):
            widget.input(goal)
            squares = {s["id"]: s for s in widget.state["board"]["squares"]}
            if any(squares[t]["height"] > 0 for t in widget.state["input"]["targets"]):
                return
            widget.back()
        widget.back()
    raise AssertionError("no build step on a tower")


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_tower_gate_badges_are_12px_and_above_the_hatching(chromium, theme):
    widget = TowerGate(mode="two-player")
    for move in TOWERS:
        widget.play(move)
    build_step_on_a_tower(widget)
    page, errors = phone_page(chromium, "towergate", widget, theme)
    page.evaluate("document.querySelector('.bb-tg-tutorial')?.setAttribute('hidden', '')")
    assert page.evaluate(SMALL_TEXTS) == []
    squares = {s["id"]: s for s in widget.state["board"]["squares"]}
    badges = page.evaluate(BOXES, ".bb-grid .bb-square > .bb-tg-badge")
    assert sorted(b["id"] for b in badges) == sorted(i for i, s in squares.items() if s["height"])
    assert {b["text"] for b in badges} >= {"1", "2", "3", "4"}
    for badge in badges:
        assert min(badge["width"], badge["height"]) >= 18 and badge["font"] >= 12, badge
        assert badge["inside"] and not badge["spills"], badge
    crosses = page.evaluate(
        """() => [...document.querySelectorAll('.bb-grid .bb-square > .bb-tg-cross')].map((el) => {
            const box = el.getBoundingClientRect();
            const x = el.querySelector('path').getBoundingClientRect();
            return Math.min(box.width, box.height, x.width, x.height);
        })"""
    )
    assert crosses and min(crosses) >= 12, crosses
    # A build square with a tower: its hatching is drawn under the height badge. The badge
    # looks the same hatched or not (the picture of the badge, pixel for pixel).
    hatched = [b for b in badges if b["id"] in widget.state["input"]["targets"]]
    assert hatched
    square = page.locator(f'[data-square="{hatched[0]["id"]}"]')
    assert "bb-tg-hatch" in (square.get_attribute("class") or "")
    box = square.locator(".bb-tg-badge").bounding_box()
    inset = 0.2 * box["width"]  # inside the round badge (its box's corners show the square)
    clip = {
        "x": box["x"] + inset,
        "y": box["y"] + inset,
        "width": box["width"] - 2 * inset,
        "height": box["height"] - 2 * inset,
    }
    with_hatch = page.screenshot(clip=clip)
    square.evaluate("(el) => el.classList.remove('bb-tg-hatch')")
    assert page.screenshot(clip=clip) == with_hatch
    assert errors == []
    page.close()
    widget.close()


def test_tower_gate_hints_fit_their_squares(chromium):
    widget = settled_hints(TowerGate(mode="two-player", hints="on"))
    widget.input(widget.state["input"]["targets"][0])  # destinations: values on the squares
    settled_hints(widget)
    page, errors = phone_page(chromium, "towergate", widget)
    page.evaluate("document.querySelector('.bb-tg-tutorial')?.setAttribute('hidden', '')")
    badges = page.evaluate(BOXES, ".bb-square > .bb-hint")
    assert len(badges) >= 3
    assert all(b["inside"] and not b["spills"] and b["font"] >= 12 for b in badges), badges
    # The widest a Tower Gate value can be: a sure win, the best move.
    state = widget.state
    hints = {sq: {"text": "100%", "tone": "best", "best": True} for sq in state["coach"]["hints"]}
    page.evaluate(
        "(s) => window.bbModel.set('state', s)",
        {**state, "coach": {**state["coach"], "hints": hints}},
    )
    badges = page.evaluate(BOXES, ".bb-square > .bb-hint")
    assert {b["text"] for b in badges} == {"★100%"}
    assert all(b["inside"] and not b["spills"] and b["font"] >= 12 for b in badges), badges
    assert page.evaluate(SMALL_TEXTS) == []
    assert errors == []
    page.close()
    widget.close()


def test_beacon_header_texts_at_phone_width(chromium):
    widget = BeaconLines(opponent="script")
    widget.wait(30)
    page, errors = phone_page(chromium, "beacon", widget)
    assert page.evaluate(SMALL_TEXTS) == []
    assert errors == []
    page.close()
    widget.close()
