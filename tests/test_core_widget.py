"""The thin widget on the toy game: keywords, settings as traits, intents, closing, fallback."""

from __future__ import annotations

import gc
import inspect
import threading
import time
import weakref
from pathlib import Path
from typing import ClassVar

import boardbook
import ipywidgets
import pytest
from boardbook.core.game import IllegalMoveError
from boardbook.core.widget import SettingError, front_end
from toygame import Slide, SlideGame


@pytest.fixture(autouse=True)
def private_stats(tmp_path, monkeypatch):
    monkeypatch.setenv("BOARDBOOK_DATA_DIR", str(tmp_path))


def send(w, content):
    w._handle_custom_msg(content, [])


def test_the_constructor_shows_and_checks_its_real_keywords():
    params = inspect.signature(Slide).parameters
    for name in ("start", "mode", "level", "human", "lang", "think_time", "layout"):
        assert params[name].kind is inspect.Parameter.KEYWORD_ONLY
    assert params["mode"].default == "two-player" and params["level"].default == "win"
    for name in ("start", "mode=", "think_time=1.0", "layout"):  # help() lists them too
        assert name in Slide.__doc__
    with pytest.raises(TypeError) as info:
        Slide(colour="red")
    for name in ("'colour'", "start", "mode", "level", "human", "lang", "think_time", "layout"):
        assert name in str(info.value)
    layout = ipywidgets.Layout(width="300px")
    w = Slide(layout=layout, mode="cpu", level="first")
    assert w.layout is layout and w.mode == "cpu"
    w.close()
    assert layout.comm is not None  # a layout passed in stays the caller's, open


@pytest.mark.parametrize(
    "name, bad",
    [("think_time", -1), ("think_time", "x"), ("think_time", True), ("mode", "online"),
     ("level", "genius"), ("human", "red"), ("lang", "fr")],
)  # fmt: skip
def test_a_bad_setting_raises_at_construction_and_when_set_later(name, bad):
    with pytest.raises(SettingError):
        Slide(**{name: bad})
    w = Slide()
    before = w.state
    with pytest.raises(SettingError):
        setattr(w, name, bad)
    assert isinstance(SettingError("x"), ValueError)
    assert w.state == before


def test_settings_set_as_attributes_reach_the_match_and_the_snapshot():
    w = Slide()
    w.think_time = 0.25
    w.lang = "ja"
    assert w.match.settings["think_time"] == 0.25 and w.state["settings"]["think_time"] == 0.25
    assert w.state["status"] == "Xの番です"
    send(w, {"kind": "settings", "think_time": 2, "lang": "en"})
    assert w.think_time == 2.0 and w.lang == "en"


def test_a_setting_assigned_while_another_thread_publishes_takes_effect_at_once(monkeypatch):
    # A CPU move (or a saved result) is published from its own thread while the notebook sets
    # the language: the assignment waits its turn and returns with the state in Japanese (it
    # used to return at once, its observer run later on the publishing thread).
    w = Slide()
    inside, go_on = threading.Event(), threading.Event()
    snapshot = w.match.snapshot

    def slow(lang="en"):
        if threading.current_thread() is not threading.main_thread():
            inside.set()
            go_on.wait(10)
        return snapshot(lang)

    monkeypatch.setattr(w.match, "snapshot", slow)
    publisher = threading.Thread(target=w._publish)
    publisher.start()
    assert inside.wait(10)
    threading.Timer(0.2, go_on.set).start()
    w.lang = "ja"
    assert w.state["status"] == "Xの番です"
    publisher.join(10)
    assert w.state["status"] == "Xの番です" and w.lang == "ja"


@pytest.mark.parametrize(
    "content",
    [None, "input b2", {"kind": None}, {"kind": "teleport"}, {"kind": "input"},
     {"kind": "input", "target": 4}, {"kind": "input", "target": "z9"},
     {"kind": "input", "target": "b2" * 100}, {"kind": "back"}, {"kind": "undo"},
     {"kind": "review", "ply": 7}, {"kind": "dismiss", "id": "x"},
     {"kind": "settings", "think_time": -1}, {"kind": "settings", "speed": 3},
     {"kind": "restart", "confirmed": 1}],
)  # fmt: skip
def test_bad_intents_leave_the_game_untouched_with_a_notice(content):
    w = Slide()
    before = {k: v for k, v in w.state.items() if k not in ("notice", "notice_kind")}
    send(w, content)
    assert w.state["notice"]
    assert {k: v for k, v in w.state.items() if k not in ("notice", "notice_kind")} == before


def test_intents_build_a_two_input_move_and_v1_play_is_an_alias():
    w = Slide()
    for square in ("a1", "b1", "a2", "b2"):
        send(w, {"kind": "play", "square": square})
    send(w, {"kind": "input", "target": "c3"})
    send(w, {"kind": "input", "target": "c1"})
    send(w, {"kind": "input", "target": "c3"})
    assert w.state["input"]["selection"] == ["c3"] and w.selection == ("c3",)
    send(w, {"kind": "back"})
    assert w.state["input"]["selection"] == []
    w.input("c3")
    w.input("c2")
    assert w.history[-1] == "c3-c2"
    with pytest.raises(IllegalMoveError):
        w.play(5)
    with pytest.raises(ValueError):
        w.review(99)


def test_the_mimebundle_has_a_static_picture_and_a_line_of_text():
    w = Slide()
    w.play("b2")
    data, _ = w._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in data
    assert data["image/svg+xml"].startswith("<svg") and 'data-square="b2"' in data["image/svg+xml"]
    assert data["text/plain"] == "Slide, O to move, 1-0"


def test_the_front_end_is_given_as_contents_unless_hot_reload_is_asked_for(monkeypatch):
    bundle = Path(boardbook.__file__).parent / "static" / "reversi.js"
    esm, css = front_end("reversi", "Reversi")
    assert isinstance(esm, str) and isinstance(css, str)
    monkeypatch.setenv("ANYWIDGET_HMR", "1")
    hot, _ = front_end("reversi", "Reversi")
    if bundle.is_file():  # a built checkout: the bundle's text, or its path for hot reload
        assert esm == bundle.read_text(encoding="utf-8") and hot == bundle
    else:
        assert "is not built" in esm and hot == esm
    missing, _ = front_end("no-such-game", "Nothing")
    assert "is not built" in missing


class Thinking(SlideGame):
    """A CPU that thinks until released."""

    release = threading.Event()
    started = threading.Event()
    finished: ClassVar[list[str]] = []

    def search(self, position, level, *, side, rng, time_budget):  # type: ignore[no-untyped-def]
        type(self).started.set()
        while not type(self).release.is_set():
            time.sleep(0.002)
            yield
        type(self).finished.append("done")
        return position.legal_moves()[0]


class ThinkingSlide(Slide):
    spec_class = Thinking


def test_closing_a_widget_stops_its_search_and_frees_it():
    Thinking.release.clear()
    Thinking.started.clear()
    Thinking.finished.clear()
    w = ThinkingSlide(mode="cpu", human="o")
    assert Thinking.started.wait(10) and w.busy
    task = w.match._task
    match = w.match
    ref = weakref.ref(w)
    w.close()
    del w
    gc.collect()
    assert ref() is None  # nothing (a signal, a thread, the registry) keeps it alive
    assert task.join(10) and task.cancelled
    Thinking.release.set()
    time.sleep(0.05)
    assert Thinking.finished == [] and match.history == []


def test_many_closed_widgets_are_all_freed():
    refs = []
    for _ in range(50):
        w = Slide()
        refs.append(weakref.ref(w))
        w.close()
        del w
    gc.collect()
    assert sum(ref() is not None for ref in refs) == 0
