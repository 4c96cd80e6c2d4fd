"""The coach in a real JupyterLab: a person turns hints on and sees values on the legal squares,
opens a finished game's review, reads its graph and turning points, and steps it with keys;
opens the review mid-game and sees the graph of the moves so far, extended by the next move.
Screenshots of both (1280 and 390 px, light and dark) go to $TMPDIR/coach-shots for a look.

Page parts used here (js/shared/coach.js, js/shared/review.js): the Hints toggle
``[data-action="hints"]``, badges ``[data-square] .bb-hint`` (``data-tone``), the review panel
``.bb-review-panel`` with ``.bb-move`` items, the graph ``svg.bb-graph`` and its turning points
``.bb-graph-turn``/``.bb-turn``, the Record panel ``.bb-record-panel``.
"""

from __future__ import annotations

import re
import tempfile
from pathlib import Path

import pytest
from playwright.sync_api import expect

pytestmark = [
    pytest.mark.browser,
    pytest.mark.timeout(180),
    pytest.mark.usefixtures("reversi_bundle"),
]

# A whole game (seeded random play by two weak CPU levels; an input, not a result): 60 squares
# and 3 passes, Black wins.
FULL_GAME = (
    "f5f4f3g4d3c4e3e6c3e2b4a4a5a6c5d2a3c6d6d7f2a2b3c2d1c1f1g2b5b6h5e1h1h4h3g1g6h7f7g8e8g3c8f6b1"
    "g5h2d8h6g7h8f8e7b8a8b7c7a7a1b2"
)
SHOTS = Path(tempfile.gettempdir()) / "coach-shots"


PHONE_LAYOUT_JS = """() => {
  const shell = window.jupyterapp.shell;
  shell.collapseLeft(); shell.collapseRight(); shell.mode = "single-document";
}"""
DESK_LAYOUT_JS = """() => { window.jupyterapp.shell.mode = "multiple-document"; }"""


def shoot(lab, root, name: str) -> None:
    """Screenshots of the widget at 1280 and 390 px, light and dark (a look, not a test)."""
    page = lab.page
    SHOTS.mkdir(exist_ok=True)
    try:
        for theme in ("JupyterLab Light", "JupyterLab Dark"):
            light = "true" if theme.endswith("Light") else "false"
            page.evaluate(
                f"window.jupyterapp.commands.execute('apputils:change-theme', {{theme: '{theme}'}})"
            )
            page.wait_for_function(f"document.body.dataset.jpThemeLight === '{light}'")
            for width in (1280, 390):
                page.set_viewport_size({"width": width, "height": 1400})
                if width < 600:  # a phone: the notebook alone, no side bars
                    page.evaluate(PHONE_LAYOUT_JS)
                page.wait_for_timeout(400)
                root.scroll_into_view_if_needed()
                tag = "light" if light == "true" else "dark"
                page.screenshot(path=str(SHOTS / f"{name}-{tag}-{width}.png"))
    finally:
        page.evaluate(DESK_LAYOUT_JS)
        page.set_viewport_size({"width": 1280, "height": 1000})
        page.evaluate(
            "window.jupyterapp.commands.execute('apputils:change-theme', {theme: 'JupyterLab Light'})"
        )
        page.wait_for_function("document.body.dataset.jpThemeLight === 'true'")


def test_hints_on_show_a_value_on_every_legal_square(open_notebook, lab):
    notebook = open_notebook(
        ["from boardbook import Reversi\nw = Reversi()\nw", "print('hints', w.hints)"]
    )
    notebook.run_cell(0)
    root = notebook.output(0).locator(".bb-reversi")
    toggle = root.locator('[data-action="hints"]')
    expect(toggle).to_have_attribute("aria-pressed", "false")
    expect(root.locator(".bb-hint")).to_have_count(0)
    toggle.click()
    expect(toggle).to_have_attribute("aria-pressed", "true")
    badges = root.locator("[data-square] .bb-hint")
    expect(badges).to_have_count(4, timeout=30_000)
    for square in ("d3", "c4", "f5", "e6"):
        badge = root.locator(f'[data-square="{square}"] .bb-hint')
        expect(badge).to_have_text(re.compile(r"^★?([+\u2212]\d+|0)$"))
        expect(root.locator(f'[data-square="{square}"]')).to_have_attribute(
            "aria-label", re.compile(r"hint ([+\u2212]\d+|0)")
        )
    expect(root.locator('.bb-hint[data-tone="best"]').first).to_be_visible()
    expect(root.locator(".bb-coach-summary")).to_contain_text("Best:")
    notebook.run_cell(1)
    expect(notebook.output(1)).to_contain_text("hints on")
    shoot(lab, root, "hints")

    # The next move clears them; the new position's values come in for White's squares.
    root.locator('[data-square="d3"]').click()
    expect(root.locator('[data-square="d3"] .bb-hint')).to_have_count(0)
    expect(root.locator('[data-square="c3"] .bb-hint')).to_be_visible(timeout=30_000)
    toggle.click()
    expect(root.locator(".bb-hint")).to_have_count(0)


def test_a_teacher_lock_leaves_no_toggle(open_notebook):
    notebook = open_notebook(["from boardbook import Reversi\nw = Reversi(hints='locked-off')\nw"])
    notebook.run_cell(0)
    root = notebook.output(0).locator(".bb-reversi")
    expect(root.locator('[data-square="d3"]')).to_be_visible()
    expect(root.locator('[data-action="hints"]')).to_be_hidden()
    expect(root.locator(".bb-hint")).to_have_count(0)


def test_the_review_graph_opens_and_steps_with_keys(open_notebook, lab):
    notebook = open_notebook(
        [
            f"from boardbook import Reversi\nw = Reversi(moves={FULL_GAME!r})\nw",
            "print(w.transcript)",
        ]
    )
    notebook.run_cell(0)
    root = notebook.output(0).locator(".bb-reversi")
    panel = root.locator(".bb-review-panel")
    expect(panel).to_be_visible()
    moves = panel.locator(".bb-move")
    expect(moves).to_have_count(63)
    expect(panel.locator(".bb-move-pass").first).to_have_text(re.compile(r"^\d+\. pass$"))
    graph = panel.locator("svg.bb-graph")
    expect(graph).to_be_visible(timeout=60_000)
    expect(panel.locator(".bb-graph-line").first).to_be_attached()
    expect(panel.locator(".bb-turn").first).to_contain_text("move ", timeout=60_000)

    status = root.locator(".bb-status-text")
    moves.nth(9).click()  # the position after the 10th move (a pass came before it)
    expect(status).to_contain_text("move 10")
    expect(moves.nth(9)).to_have_attribute("aria-current", "step")
    expect(root.locator('[data-square="c3"]')).to_have_attribute("data-piece", "black")
    moves.nth(9).press("ArrowRight")
    expect(status).to_contain_text("move 11")
    panel.locator(".bb-move.bb-current").press("ArrowLeft")
    panel.locator(".bb-move.bb-current").press("ArrowLeft")
    expect(status).to_contain_text("move 9")
    panel.locator(".bb-move.bb-current").press("Home")
    expect(root.locator("[data-piece]:not([data-piece=''])")).to_have_count(4)
    panel.locator(".bb-move").first.press("End")
    expect(status).to_contain_text("move 63")
    # The turning points settle once every ply is valued (the caption stops saying so).
    expect(panel.locator(".bb-graph-caption")).not_to_contain_text("Valuing", timeout=120_000)
    turn = panel.locator(".bb-turn").first
    ply = int(turn.get_attribute("data-ply") or "0")
    turn.click()
    expect(status).to_contain_text(f"move {ply}")
    shoot(lab, root, "review")
    panel.locator(".bb-move.bb-current").press("Escape")
    expect(root.locator(".bb-review")).to_be_hidden()  # back to the live (finished) game

    record = root.locator(".bb-record-panel")
    record.locator("summary").click()
    expect(record.locator('[data-record="transcript"]')).to_have_value(FULL_GAME)
    notebook.run_cell(1)
    expect(notebook.output(1)).to_contain_text(FULL_GAME[:20])


def test_the_review_opened_mid_game_graphs_the_moves_so_far_and_follows_the_game(
    open_notebook, lab
):
    notebook = open_notebook(["from boardbook import Reversi\nw = Reversi()\nw"])
    notebook.run_cell(0)
    root = notebook.output(0).locator(".bb-reversi")
    panel = root.locator(".bb-review-panel")
    for square in ("f5", "f4", "f3"):  # a person's moves on the board (two players)
        root.locator(f'[data-square="{square}"]').click()
        expect(panel.locator(".bb-move")).to_have_count(("f5", "f4", "f3").index(square) + 1)
    graph = panel.locator("svg.bb-graph")
    expect(graph).to_be_hidden()  # nothing is valued until the review is opened
    panel.locator(".bb-move").nth(1).click()  # open the review mid-game
    expect(root.locator(".bb-status-text")).to_contain_text("move 2")
    expect(graph).to_be_visible(timeout=30_000)
    expect(graph).to_have_attribute("aria-label", re.compile(r": 3 moves", re.IGNORECASE))
    line = panel.locator(".bb-graph-line")
    expect(panel.locator(".bb-graph-caption")).not_to_contain_text("Valuing", timeout=30_000)
    assert len((line.first.get_attribute("points") or "").split()) == 4  # plies 0 to 3
    shoot(lab, root, "review-mid-game")
    panel.locator(".bb-move.bb-current").press("Escape")  # back to the live game
    expect(root.locator(".bb-review")).to_be_hidden()
    root.locator('[data-square="g4"]').click()  # the graph extends with the next move
    expect(graph).to_have_attribute("aria-label", re.compile(r": 4 moves", re.IGNORECASE))
    expect(panel.locator(".bb-graph-caption")).not_to_contain_text("Valuing", timeout=30_000)
    assert len((line.first.get_attribute("points") or "").split()) == 5


def test_a_pasted_transcript_loads_into_the_widget(open_notebook):
    notebook = open_notebook(
        ["from boardbook import Reversi\nw = Reversi()\nw", "print(w.history)"]
    )
    notebook.run_cell(0)
    root = notebook.output(0).locator(".bb-reversi")
    record = root.locator(".bb-record-panel")
    record.locator("summary").click()
    record.locator('[data-record="load"]').fill("f5 d6 c3")
    record.locator('[data-action="load"]').click()
    expect(root.locator('[data-square="c3"]')).to_have_attribute("data-piece", "black")
    expect(record.locator('[data-record="transcript"]')).to_have_value("f5d6c3")
    notebook.run_cell(1)
    expect(notebook.output(1)).to_contain_text("['f5', 'd6', 'c3']")


def test_watching_the_cpu_think_at_the_slow_pace(open_notebook, lab):
    setup = "w = Reversi(mode='cpu', level='strong', human='white', pace='slow')"
    cell = f"from boardbook import Reversi\n{setup}\nw"
    notebook = open_notebook([cell])
    notebook.run_cell(0)
    root = notebook.output(0).locator(".bb-reversi")
    thinking = root.locator(".bb-coach-thinking")
    expect(thinking).to_be_visible(timeout=30_000)  # Black (the CPU) thinks first, slowly
    expect(thinking).to_contain_text(re.compile(r"Depth \d+: expects [a-h][1-8]"))
    expect(thinking).to_be_hidden(timeout=30_000)  # it has moved
    expect(root.locator("[data-piece='black']")).to_have_count(4)
    expected = root.locator(".bb-coach-expected")
    expect(expected).to_contain_text(re.compile(r"the CPU expects you to reply [a-h][1-8]"))
    reply = re.search(r"reply ([a-h][1-8])", expected.inner_text())
    assert reply is not None
    root.locator(f'[data-square="{reply.group(1)}"]').click()
    expect(expected).to_contain_text("as the CPU expected")


@pytest.mark.usefixtures("beacon_bundle")
def test_beacon_hints_show_the_equilibrium_mix_on_the_map(open_notebook, lab):
    notebook = open_notebook(["from boardbook import BeaconLines\nw = BeaconLines(hints='on')\nw"])
    notebook.run_cell(0)
    root = notebook.output(0).locator(".bb-beacon")
    badges = root.locator("[data-square] .bb-hint-svg")
    expect(badges).to_have_count(2, timeout=30_000)  # Red's two claimable regions
    expect(badges.first).to_contain_text("50 %")
    expect(root.locator(".bb-coach-summary")).to_contain_text(
        "North Pass 50 %, Crossroads 50 %: best play draws"
    )
    expect(root.locator('[data-square="North Pass"]')).to_have_attribute(
        "aria-label", re.compile(r"hint 50 %, best move")
    )
    shoot(lab, root, "beacon-hints")
    # On a phone and on a desk, each hint pill covers none of the map's texts, tokens, icons or
    # claim badges, and no other region.
    for width in (390, 1280):
        lab.page.set_viewport_size({"width": width, "height": 1400})
        if width < 600:
            lab.page.evaluate(PHONE_LAYOUT_JS)
        lab.page.wait_for_timeout(500)
        root.scroll_into_view_if_needed()
        clashes = root.evaluate(BADGE_CLASHES_JS)
        assert clashes == [], (width, clashes)
    lab.page.evaluate(DESK_LAYOUT_JS)


# The hint pills' screen rectangles against every other drawn part of the map.
BADGE_CLASHES_JS = """(root) => {
  const clash = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
  const parts = ".bb-region-name, .bb-region-detail, .bb-region-tokens > *, .bb-region-icon, "
    + ".bb-region-badge-box";
  const out = [];
  const pills = [...root.querySelectorAll(".bb-hint-svg rect")];
  if (pills.length === 0) out.push("no hint pill");
  for (const pill of pills) {
    const box = pill.getBoundingClientRect();
    const own = pill.closest("[data-square]");
    for (const part of root.querySelectorAll(parts)) {
      const r = part.getBoundingClientRect();
      if (r.width > 0 && r.height > 0 && clash(box, r)) {
        out.push(`${own.dataset.square} covers ${part.getAttribute("class")} of `
          + part.closest("[data-square]").dataset.square);
      }
    }
    for (const other of root.querySelectorAll("[data-square] .bb-region-shape")) {
      if (other.closest("[data-square]") !== own && clash(box, other.getBoundingClientRect())) {
        out.push(`${own.dataset.square} covers ${other.closest("[data-square]").dataset.square}`);
      }
    }
  }
  return out;
}"""
