"""What a player sees, checked in Chromium on the built bundles (issue #18): notices that look
like what they are, marks big enough at phone width.
"""

from __future__ import annotations

import pytest
from boardbook import Reversi, TowerGate
from fakepage import open_page

pytestmark = [pytest.mark.browser, pytest.mark.usefixtures("reversi_bundle")]


@pytest.fixture(autouse=True)
def private_stats(tmp_path, monkeypatch):
    monkeypatch.setenv("BOARDBOOK_DATA_DIR", str(tmp_path))


NOTICE_LOOK = """(kind) => {
    const state = {...window.bbModel.get('state'), notice: 'Message', notice_kind: kind};
    window.bbModel.set('state', state);
    const el = document.querySelector('.bb-notice');
    const sign = getComputedStyle(el, '::before');
    return {sign: sign.content, signColour: sign.color, colour: getComputedStyle(el).color,
            role: el.getAttribute('role')};
}"""


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_a_success_a_refusal_and_an_error_look_different(chromium, theme):
    widget = Reversi()
    page, errors = open_page(chromium, "reversi", widget, theme=theme)
    looks = {kind: page.evaluate(NOTICE_LOOK, kind) for kind in ("info", "refusal", "error")}
    signs = {kind: look["sign"] for kind, look in looks.items()}
    assert "✓" in signs["info"] and "⚠" in signs["refusal"] and "✕" in signs["error"], signs
    # Only a failure is written in red; a done thing is no warning.
    assert looks["info"]["colour"] == looks["refusal"]["colour"] != looks["error"]["colour"]
    assert len({look["signColour"] for look in looks.values()}) == 3
    assert looks["info"]["role"] == "status" and looks["refusal"]["role"] == "alert"
    assert errors == []
    page.close()
    widget.close()


LAST_MOVE_SHOWN = """() => {
    const list = document.querySelector('.bb-movelist');
    const items = list.querySelectorAll('.bb-move');
    const last = items[items.length - 1].getBoundingClientRect();
    const box = list.getBoundingClientRect();
    return {count: items.length, text: items[items.length - 1].textContent,
            scrolls: list.scrollHeight > list.clientHeight,
            shown: last.top >= box.top - 0.5 && last.bottom <= box.bottom + 0.5};
}"""


def test_the_move_list_reads_in_words_and_keeps_the_newest_move_in_view(chromium):
    # Issue #18, item 17: engine notation ("C3-C4^^B4") and a list stuck at its first rows.
    from test_phone_marks_browser import TOWERS

    widget = TowerGate(mode="two-player")
    for move in TOWERS:
        widget.play(move)
    page, errors = open_page(chromium, "towergate", widget, width=640)
    page.wait_for_timeout(100)  # the list scrolls in the next frame
    shown = page.evaluate(LAST_MOVE_SHOWN)
    assert shown == {"count": 24, "text": "24. D3 → E3, builds E4", "scrolls": True, "shown": True}
    # The next move arrives: the list follows it.
    source = widget.state["input"]["targets"][0]
    widget.input(source)
    widget.input(widget.state["input"]["targets"][0])
    widget.input(widget.state["input"]["targets"][0])
    page.evaluate("(s) => window.bbModel.set('state', s)", widget.state)
    page.wait_for_timeout(100)
    shown = page.evaluate(LAST_MOVE_SHOWN)
    assert shown["count"] == 25 and shown["shown"], shown
    assert "→" in shown["text"] and "^" not in shown["text"]
    assert errors == []
    page.close()
    widget.close()
