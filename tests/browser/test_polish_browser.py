"""What a player sees, checked in Chromium on the built bundles (issue #18): notices that look
like what they are, marks big enough at phone width.
"""

from __future__ import annotations

import pytest
from boardbook import Reversi
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
