"""The state travels in parts (``core.parts``, js/PROTOCOL.md "Parts"): a click sends only the
parts it changed, in one comm message, never the labels; the page, putting the parts it got
together, has exactly ``w.state``; a change of language sends the texts."""

from __future__ import annotations

import json
from typing import Any

import pytest
from boardbook import BeaconLines, Quads, Reversi, TowerGate
from boardbook.core.parts import PARTS, REVISIONS, TURN, Parts, split
from boardbook.core.widget import GameWidget
from wire import recording, state_traits, updates

GAMES = [Reversi, Quads, TowerGate, BeaconLines]


@pytest.fixture(autouse=True)
def private_stats(tmp_path, monkeypatch):
    monkeypatch.setenv("BOARDBOOK_DATA_DIR", str(tmp_path))


class Page:
    """What a page holds: the synced traits as received (as Backbone applies an update)."""

    def __init__(self, widget: GameWidget):
        self.traits = state_traits(widget)

    def apply(self, updates: list[dict[str, Any]]) -> None:
        for update in updates:
            self.traits.update(json.loads(json.dumps(update)))

    def state(self) -> dict[str, Any]:
        """The state as js/shared/model.js assembles it (every part at its revision)."""
        revs = self.traits[REVISIONS]
        state: dict[str, Any] = {}
        for name in PARTS:
            part = self.traits[name]
            assert part["rev"] == revs[name], f"{name} is behind {REVISIONS}"
            state.update({k: v for k, v in part.items() if k != "rev"})
        return state


@pytest.mark.parametrize("widget", GAMES)
def test_a_click_sends_only_the_changed_parts_in_one_message_and_never_the_labels(widget):
    w = widget(mode="two-player")
    page = Page(w)
    sent = recording(w)
    for _ in range(6):
        targets = w.state["input"]["targets"]
        if not targets:
            break
        before = split(w.state)
        sent.clear()
        w._handle_message(w, {"kind": "input", "target": targets[0]})
        parts = updates(sent)
        assert len(parts) <= 1, "one comm message per answer"
        changed = {name for name, content in split(w.state).items() if content != before[name]}
        sent_names = set(parts[0]) - {REVISIONS} if parts else set()
        assert sent_names == changed
        assert "_texts" not in sent_names and "_setup" not in sent_names
        sent_keys = {key for name in sent_names for key in parts[0][name]}
        assert not sent_keys & {"labels", "options", "settings"}, "texts re-sent on a click"
        page.apply(updates(sent))
        assert page.state() == json.loads(json.dumps(w.state))
    w.close()


def test_the_texts_are_sent_when_the_language_changes():
    w = Reversi()
    page = Page(w)
    sent = recording(w)
    w.lang = "ja"
    (update,) = [u for u in updates(sent) if "_texts" in u]
    assert update["_texts"]["labels"]["undo"] == w.state["labels"]["undo"] != "Undo"
    page.apply(updates(sent))
    assert page.state() == json.loads(json.dumps(w.state))
    w.close()


def test_a_click_on_a_square_that_is_no_target_sends_the_notice_alone():
    w = Reversi()
    sent = recording(w)
    w._handle_message(w, {"kind": "input", "target": "a1"})
    (parts,) = updates(sent)
    assert set(parts) == {TURN, REVISIONS} and parts[TURN]["notice"]
    w.close()


def test_every_state_key_has_one_part_and_every_part_is_a_synced_trait():
    w = TowerGate()
    assert {name for name in w.keys if name in PARTS or name == REVISIONS} == {
        *PARTS,
        REVISIONS,
    }
    assert "state" not in w.keys  # the whole snapshot stays in Python
    parts = split(w.state)
    assert sorted(k for content in parts.values() for k in content) == sorted(w.state)
    assert parts["_texts"].keys() == {"labels", "options"}
    w.close()


def test_an_unchanged_state_sends_nothing_and_a_change_bumps_only_its_part():
    parts = Parts()
    first = parts.changed({"status": "a", "labels": {"undo": "Undo"}})
    assert set(first) == {*PARTS, REVISIONS}
    assert parts.changed({"status": "a", "labels": {"undo": "Undo"}}) == {}
    second = parts.changed({"status": "b", "labels": {"undo": "Undo"}})
    assert set(second) == {TURN, REVISIONS}
    assert second[REVISIONS][TURN] == 2 and second[REVISIONS]["_texts"] == 1
    with pytest.raises(ValueError, match="rev"):
        split({"rev": 1})
