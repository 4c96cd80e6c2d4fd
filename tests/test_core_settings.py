"""Settings are real traits: declared on each widget class, observable, linkable; a refused
value (a bad one, the teacher's hints lock, the daily puzzle's fixed level) leaves the setting
as it was and says why; the rules about when a setting may change are flags on ``Setting``."""

from __future__ import annotations

import logging

import ipywidgets
import pytest
from boardbook import BeaconLines, Quads, Reversi, SettingError, TowerGate
from boardbook.core.match import Match
from boardbook.core.spec import Setting
from boardbook.core.stats import MemoryStatsStore
from boardbook.core.widget import GameWidget, SettingTrait
from toygame import Slide, SlideGame


@pytest.fixture(autouse=True)
def private_stats(tmp_path, monkeypatch):
    monkeypatch.setenv("BOARDBOOK_DATA_DIR", str(tmp_path))


def send(w, content):
    w._handle_custom_msg(content, [])


@pytest.mark.parametrize("widget", [Reversi, Quads, TowerGate, BeaconLines, Slide])
def test_every_setting_is_a_synced_trait_of_the_class_with_its_help(widget):
    for name, setting in widget._table.items():
        trait = widget.class_traits()[name]
        assert isinstance(trait, SettingTrait) and trait.metadata.get("sync") is True, name
        assert trait.default_value == setting.default and setting.doc in trait.help
    assert "show_dots" in Reversi.__dict__ and "rules" in BeaconLines.__dict__


def test_a_setting_links_to_another_widget_both_ways():
    w = Slide(mode="cpu")
    text = ipywidgets.Text("first")
    link = ipywidgets.jslink((text, "value"), (w, "level"))  # raised "cannot be synced"
    python_link = ipywidgets.link((text, "value"), (w, "level"))
    text.value = "win"
    assert w.level == "win" and w.match.level == "win"
    w.level = "first"
    assert text.value == "first"
    python_link.unlink()
    link.close()
    w.close()


def test_history_busy_and_outcome_are_observable():
    w = Slide(mode="cpu", human="o", level="first", think_time=0.05)
    seen: dict[str, list[object]] = {"history": [], "busy": [], "outcome": []}
    for name, changes in seen.items():
        w.observe(lambda change, changes=changes: changes.append(change["new"]), names=name)
    w.wait(30)
    w.restart()  # the CPU (x) moves first: busy goes on, then off, and history grows
    w.wait(30)
    assert seen["busy"][-2:] == [True, False] or seen["busy"][-1] is False
    assert True in seen["busy"]
    assert seen["history"][-1] == w.history and len(w.history) == 1
    w.close()
    two = Slide()
    changes: list[object] = []
    two.observe(lambda change: changes.append(change["new"]), names="outcome")
    for move in ("a1", "a2", "b2", "b1", "c3"):
        two.play(move)
    assert changes and changes[-1].winner == "x" and two.outcome == two.position.outcome
    two.undo()
    assert changes[-1] is None and two.outcome is None
    with pytest.raises(Exception):  # noqa: B017 - read-only traits, any traitlets error
        two.history = []
    two.close()


def test_an_observer_of_one_published_trait_reads_the_others_already_new():
    # marimo's pattern (docs/marimo.md): an observer of ``state`` reads ``history``.
    w = Slide()
    seen: list[tuple[list[str], list[str]]] = []
    w.observe(lambda _change: seen.append((list(w.history), w.state["history"])), names="state")
    w.observe(lambda _change: seen.append((list(w.history), w.state["history"])), names="history")
    w.play("a1")
    w.play("a2")
    assert seen and all(history == shown for history, shown in seen)
    assert seen[-1][0] == ["a1", "a2"]
    w.close()


def test_a_refused_setting_in_the_daily_puzzle_is_a_clear_notice_not_an_internal_error(caplog):
    w = Quads.puzzle()
    state = w.state
    with caplog.at_level(logging.ERROR, logger="boardbook.widget"):
        send(w, {"kind": "settings", "level": "random"})
    assert not caplog.records  # no traceback logged
    notice = w.state["notice"]
    assert "level is fixed" in notice and "Something went wrong" not in notice
    assert w.level == "perfect" and w.match.level == "perfect"
    assert {k: v for k, v in w.state.items() if k not in ("notice", "notice_kind")} == {
        k: v for k, v in state.items() if k not in ("notice", "notice_kind")
    }
    with pytest.raises(SettingError, match="level is fixed"):
        w.level = "random"
    assert w.level == "perfect" and w.match.level == "perfect"
    send(w, {"kind": "settings", "lang": "ja"})  # what the puzzle does not fix still changes
    assert w.lang == "ja" and "課題" in w.state["status"] + str(w.state["puzzle"])
    w.close()


def test_the_hints_lock_holds_for_an_attribute_a_message_and_a_linked_widget():
    w = Slide(hints="locked-off")
    with pytest.raises(SettingError, match="teacher"):
        w.hints = "on"
    assert w.hints == "locked-off"
    send(w, {"kind": "settings", "hints": "on"})
    assert (
        w.hints == "locked-off" and w.state["notice"] == "Hints are switched off for this notebook."
    )
    w.set_state({"hints": "on"})  # as a jslink from the page would
    assert w.hints == "locked-off" and w.match.settings["hints"] == "locked-off"
    w.close()


def test_a_bad_value_from_the_page_keeps_the_setting_and_says_why():
    w = Slide()
    w.set_state({"mode": "online"})
    assert w.mode == "two-player" and "'online'" in w.state["notice"]
    w.set_state({"mode": "cpu"})
    assert w.mode == "cpu" and w.match.mode == "cpu"
    w.close()


def test_a_widget_must_declare_each_setting_and_nothing_else():
    class Ruled(SlideGame):
        settings = (Setting("speed", "fast", ("fast", "slow"), doc="how fast"),)

    with pytest.raises(TypeError, match="must declare its setting 'speed'"):

        class Undeclared(GameWidget):
            spec_class = Ruled

    with pytest.raises(TypeError, match="no such setting"):

        class Stray(GameWidget):
            spec_class = SlideGame
            speed = SettingTrait[str]()

    class Declared(GameWidget):
        spec_class = Ruled
        speed = SettingTrait[str]()
        """How fast."""

    assert Declared.class_traits()["speed"].default_value == "fast"


def test_the_setting_rules_are_flags_on_the_setting():
    m = Match(SlideGame(), store=MemoryStatsStore())
    table = m.table
    assert {n for n, s in table.items() if s.puzzle_fixed} == {
        "mode", "level", "human", "think_time", "hints"
    }  # fmt: skip
    assert table["hints"].lock == "locked-off"
    assert set(m.options("en")) == {n for n, s in table.items() if s.choices and s.in_menu}
    assert "hints" not in m.options("en") and "lang" not in m.options("en")
    with pytest.raises(TypeError, match="think_time"):
        Quads.puzzle(think_time=0.1)
    m.close()
