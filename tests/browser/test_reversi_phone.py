"""The built Reversi front end at phone width in Chromium, with a real Reversi snapshot.

A 390 px phone in JupyterLab leaves the widget about 274 px: every score chip must still show
the player's whole name and "0 wins" on one line (the name was cut to "P…" before).
"""

from __future__ import annotations

import pytest
from boardbook import Reversi
from fakepage import open_page

pytestmark = [pytest.mark.browser, pytest.mark.usefixtures("reversi_bundle")]


@pytest.fixture(autouse=True)
def private_stats(tmp_path, monkeypatch):
    monkeypatch.setenv("BOARDBOOK_DATA_DIR", str(tmp_path))


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_score_chips_show_whole_names_and_wins_at_phone_width(chromium, lang):
    widget = Reversi(lang=lang)
    widget.play("d3")
    page, errors = open_page(chromium, "reversi", widget, width=290, height=900)
    chips = page.evaluate(
        """() => [...document.querySelectorAll('.bb-score')].map((chip) => {
            const name = chip.querySelector('.bb-score-name');
            const wins = chip.querySelector('.bb-score-wins');
            const line = parseFloat(getComputedStyle(wins).lineHeight) || 16;
            return {
                clipped: name.scrollWidth > name.clientWidth + 1,
                winsLines: Math.round(wins.getBoundingClientRect().height / line),
                inside: chip.getBoundingClientRect().right <= document.querySelector('.bb-root')
                    .getBoundingClientRect().right + 1,
            };
        })"""
    )
    width = page.evaluate("document.querySelector('.bb-root').getBoundingClientRect().width")
    assert 260 <= width <= 290
    assert chips == [{"clipped": False, "winsLines": 1, "inside": True}] * 2, chips
    assert errors == []
    page.close()
    widget.close()
