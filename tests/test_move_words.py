"""The move list reads as a player says the moves (issue #18, item 17): each game sends its
moves in words (``state.move_words``, one per move of ``state.history``, from the game's
``GameSpec.move_words`` hook) in the widget's language, and keeps the notation for the Record
panel.
"""

from __future__ import annotations

import pytest
from boardbook import BeaconLines, Quads, Reversi, TowerGate


@pytest.fixture(autouse=True)
def private_stats(tmp_path, monkeypatch):
    monkeypatch.setenv("BOARDBOOK_DATA_DIR", str(tmp_path))


def test_tower_gate_moves_in_words():
    w = TowerGate(mode="two-player", blessing_terracotta="mason")
    for move in ("B4-C3^C4", "B2-B3^C4", "C3-D3^^C3"):
        w.play(move)
    assert w.state["move_words"] == [
        "B4 → C3, builds C4",
        "B2 → B3, builds C4",
        "C3 → D3, builds C3 twice",
    ]
    assert w.state["record"]["transcript"] == "B4-C3^C4 B2-B3^C4 C3-D3^^C3"
    w.lang = "ja"
    assert w.state["move_words"][2] == "C3 → D3、C3に2段積む"
    w.close()


def test_tower_gate_placements_repaints_and_wins_in_words():
    w = TowerGate(mode="two-player", setup="free", blessing_terracotta="repaint")
    for move in ("C3", "B2", "D3", "D2"):
        w.play(move)
    words = w.state["move_words"]
    assert words[0] == "worker placed on C3"
    w.play("C3-C4^D4")
    w.play("B2-B3^C3")
    w.play("C4-B4*C3")
    assert w.state["move_words"][-1] == "C4 → B4, repaints C3"
    w.close()


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("en", ["gives piece 3", "piece 3 on A1, gives piece 5", "piece 5 on B2, gives piece 9"]),
        ("ja", ["駒3を渡す", "駒3をA1に、駒5を渡す", "駒5をB2に、駒9を渡す"]),
    ],
)
def test_quads_moves_name_the_piece_placed_and_the_piece_given(lang, expected):
    w = Quads(mode="two-player", lang=lang)
    for move in (":3", "A1:5", "B2:9"):
        w.play(move)
    assert w.state["move_words"] == expected
    assert w.state["history"] == [":3", "A1:5", "B2:9"]
    w.close()


@pytest.mark.parametrize(
    ("lang", "expected"),
    [("en", "Red: North Pass, Blue: South Pass"), ("ja", "赤：North Pass、青：South Pass")],
)
def test_beacon_rounds_say_each_sides_target(lang, expected):
    w = BeaconLines(mode="two-player", lang=lang)
    w.play("North Pass")
    w.play("South Pass")
    assert w.state["move_words"] == [expected]
    w.close()


@pytest.mark.parametrize(("lang", "said"), [("en", "pass"), ("ja", "パス")])
def test_reversi_says_a_pass_in_the_widgets_language(lang, said):
    # Reversi's notation ("d3") is what a player reads; only a pass needs a word.
    w = Reversi(mode="two-player", lang=lang)
    for move in ("f5", "f6", "f7", "g7", "d3", "f8", "h8", "h6"):  # then black must pass
        w.play(move)
    assert w.state["history"][-1] == "pass"
    assert w.state["move_words"] == ["f5", "f6", "f7", "g7", "d3", "f8", "h8", "h6", said]
    w.close()


def test_the_words_follow_an_undo_a_new_game_and_the_language():
    w = Quads(mode="two-player")
    for move in (":3", "A1:5", "B2:9"):
        w.play(move)
    w.undo()
    assert w.state["move_words"] == ["gives piece 3", "piece 3 on A1, gives piece 5"]
    w.play("C3:9")
    assert w.state["move_words"][-1] == "piece 5 on C3, gives piece 9"
    w.lang = "ja"
    assert w.state["move_words"][-1] == "駒5をC3に、駒9を渡す"
    w.lang = "en"
    w.new_game()
    assert w.state["move_words"] == []
    w.play(":7")
    assert w.state["move_words"] == ["gives piece 7"]
    w.close()
