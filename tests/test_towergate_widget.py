"""The Tower Gate widget without a browser: intents in through the front end's path, state out.

Messages go through ``w._handle_custom_msg`` (what ipywidgets calls for a front-end
``model.send``). Expected targets are computed here from the board geometry and the rules'
sentences (docs/RULES.md, "Tower Gate"), not read back from the engine.
"""

from __future__ import annotations

import re
import threading
import time

import pytest
from boardbook.core import i18n
from boardbook.core.game import IllegalMoveError
from boardbook.towergate import SQUARES, Position
from boardbook.towergate.game import TUTORIAL_FLAG, TowerGateGame
from boardbook.towergate.rules import ERROR_CODES
from boardbook.towergate.widget import TowerGate


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("BOARDBOOK_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setattr(TowerGateGame, "cpu_reply_delay_s", 0.0)
    return tmp_path / "data"


def send(w, **msg):
    """Deliver a message exactly as the front end's ``model.send(msg)`` does."""
    w._handle_custom_msg(msg, [])


def click(w, *targets):
    for target in targets:
        send(w, kind="input", target=target)


def targets(w):
    return w.state["input"]["targets"]


def square(w, name):
    return next(sq for sq in w.state["board"]["squares"] if sq["id"] == name)


def neighbours(name):
    """The 8 neighbours of a square on the 5×5 board (independent of the engine's tables)."""
    col, row = "ABCDE".index(name[0]), int(name[1])
    return {
        f"{'ABCDE'[c]}{r}"
        for c in range(col - 1, col + 2)
        for r in range(row - 1, row + 2)
        if 0 <= c < 5 and 1 <= r <= 5 and (c, r) != (col, row)
    }


def without_notice(state):
    return {k: v for k, v in state.items() if k not in ("notice", "notice_kind", "status")}


def two_player(**kw):
    return TowerGate(mode="two-player", **kw)


#: Terracotta on B4 (height 2, both terracotta) next to C3 (height 3, terracotta majority).
WIN_NOW = {
    "levels": [""] * 12 + ["ttb"] + [""] * 3 + ["tt"] + [""] * 8,
    "workers": {"terracotta": ["B4", "E5"], "blue": ["A1", "E1"]},
    "turn": 0,
}


# ------------------------------------------------------------------ the page on display
def test_opening_snapshot_is_a_5x5_grid_with_tower_fields_and_the_settings():
    w = TowerGate()
    w.start()  # past the settings card
    s = w.state
    assert s["game"] == "towergate" and s["protocol"] == 3
    board = s["board"]
    assert board["kind"] == "grid" and board["rows"] == board["cols"] == 5
    assert board["coords"][:6] == ["A1", "B1", "C1", "D1", "E1", "A2"]
    b4 = square(w, "B4")
    assert b4["worker"]["side"] == "terracotta" and b4["height"] == 0 and b4["levels"] == []
    assert square(w, "D2")["worker"]["side"] == "blue" and square(w, "C3")["worker"] is None
    assert all(
        {"height", "levels", "dome", "enterable", "legend", "aria"} <= set(sq)
        for sq in board["squares"]
    )
    # Against the CPU by default, the human is terracotta and moves first: choose a worker.
    assert s["settings"]["mode"] == "cpu" and s["human_side"] == "terracotta"
    assert sorted(targets(w)) == ["B4", "D4"] and s["input"]["step"] == "worker"
    assert "choose a worker" in s["status"]
    assert s["settings"]["setup"] == "fixed"
    assert s["settings"]["blessing_terracotta"] == s["settings"]["blessing_blue"] == "none"
    assert [v for v, _ in s["options"]["blessing_blue"]] == [
        "none",
        "wind",
        "mason",
        "repaint",
        "leap",
    ]
    assert [v for v, _ in s["options"]["level"]] == ["easy", "normal", "strong"]
    ja = TowerGate(lang="ja").state
    assert [label for _, label in ja["options"]["blessing_terracotta"]] == [
        "なし", "風", "石工", "塗替", "跳躍",
    ]  # fmt: skip
    assert [label for _, label in ja["options"]["level"]] == ["やさしい", "ふつう", "つよい"]
    assert ja["labels"]["start"] == "対局を始める" and ja["labels"]["back"] == "戻る"
    assert ja["extra"]["tutorial"]["again"] == "チュートリアルをもう一度"


def test_every_engine_error_code_has_a_text_in_both_languages():
    for code in ERROR_CODES:
        for lang in i18n.LANGS:
            assert i18n.has_text(f"towergate.err.{code}", lang), (code, lang)


# ------------------------------------------------------------------ a turn by inputs
def test_a_move_and_build_turn_by_inputs_with_dotted_and_hatched_targets():
    w = two_player()
    click(w, "B4")
    # Destinations: the neighbours of B4 without a worker (all at height 0 at the start).
    workers = {"B4", "D4", "B2", "D2"}
    assert set(targets(w)) == neighbours("B4") - workers
    assert w.state["input"]["step"] == "move" and "B4" in w.state["status"]
    click(w, "C3")
    # Build squares: the neighbours of C3 without a worker, the vacated B4 included.
    assert set(targets(w)) == neighbours("C3") - (workers - {"B4"})
    assert "B4" in targets(w) and w.state["input"]["step"] == "build"
    assert w.state["input"]["buttons"] == []  # no blessing: no Mason/Repaint buttons
    click(w, "C4")
    assert w.history == ["B4-C3^C4"]
    assert square(w, "C4")["height"] == 1 and square(w, "C4")["levels"] == ["terracotta"]
    assert square(w, "C3")["worker"]["side"] == "terracotta" and square(w, "B4")["worker"] is None
    assert w.state["last_move"]["squares"] == ["B4", "C3", "C4"]
    assert w.state["to_move"] == "blue" and sorted(targets(w)) == ["B2", "D2"]
    assert w.position.levels("C4") == ("terracotta",)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_opponents_worker_clicked_says_whose_it_is(lang):
    # Issue #18: it only showed the legend, which does not say why nothing happened.
    w = two_player(lang=lang)
    before = without_notice(w.state)
    click(w, "B2")  # blue's worker, terracotta to move
    expected = {
        "en": "The worker on B2 is Blue's: move one of Terracotta's workers.",
        "ja": "B2は青の駒です。テラコッタの駒を動かしてください。",
    }[lang]
    assert w.state["notice"] == expected
    assert w.state["notice_kind"] == "refusal" and without_notice(w.state) == before


def test_free_setup_is_placement_by_alternate_clicks():
    w = two_player(setup="free")
    assert w.state["input"]["step"] == "place" and set(targets(w)) == set(SQUARES)
    assert w.state["extra"]["in_setup"] is True
    click(w, "C3")
    assert w.state["to_move"] == "blue" and "C3" not in targets(w) and len(targets(w)) == 24
    before = without_notice(w.state)
    click(w, "C3")  # occupied: the rule is named, nothing changes
    assert "C3" in w.state["notice"] and "worker" in w.state["notice"]
    assert without_notice(w.state) == before
    click(w, "B2", "D3", "D2")
    assert w.history == ["C3", "B2", "D3", "D2"] and w.position.turn == 0
    assert w.state["to_move"] == "terracotta" and sorted(targets(w)) == ["C3", "D3"]
    assert w.state["input"]["step"] == "worker" and w.state["extra"]["in_setup"] is False


def test_another_destination_or_worker_before_building_re_chooses_the_move():
    w = two_player()
    click(w, "B4", "C3")
    # A5: another destination of B4, not a build square next to C3: the move is re-chosen.
    click(w, "A5")
    assert w.state["input"]["selection"] == ["B4", "A5"] and w.history == []
    assert set(targets(w)) == neighbours("A5")
    click(w, "D4")  # the other worker: start again from it
    assert w.state["input"]["selection"] == ["D4"] and w.state["input"]["step"] == "move"
    click(w, "E5", "E4")
    assert w.history == ["D4-E5^E4"]


def test_back_takes_back_one_input_at_a_time():
    w = two_player()
    click(w, "B4", "C3")
    assert w.state["input"]["can_back"] is True
    send(w, kind="back")
    assert w.state["input"]["selection"] == ["B4"] and w.state["input"]["step"] == "move"
    send(w, kind="back")
    assert w.state["input"]["selection"] == [] and w.state["input"]["can_back"] is False
    before = without_notice(w.state)
    send(w, kind="back")
    assert w.state["notice"] and without_notice(w.state) == before


def test_bad_inputs_leave_the_game_untouched_with_a_reason_or_the_legend():
    w = two_player()
    click(w, "B4", "C3", "C4")  # terracotta builds C4
    click(w, "B2", "B3", "C4")  # blue builds on C4 too: height 2, one level each (a tie)
    assert square(w, "C4")["levels"] == ["terracotta", "blue"]
    assert square(w, "C4")["enterable"] is False  # nobody may enter a tie
    before = without_notice(w.state)
    click(w, "A1")  # an empty square that is not a target: its legend, not an error
    assert w.state["notice"].startswith("A1: height 0") and without_notice(w.state) == before
    click(w, "C4")  # the tie tower: its legend says nobody may enter
    assert "nobody may enter" in w.state["notice"] and without_notice(w.state) == before
    click(w, "C3")  # the worker that just moved: selected, then a destination refused
    click(w, "E5")
    assert "E5" in w.state["notice"] and "next to" in w.state["notice"]
    click(w, "C4")  # height 2, the worker stands on 0: the rule that keeps it out
    assert w.state["notice"] == "C4 is height 2: from height 0 a worker climbs at most 1."
    assert w.state["input"]["selection"] == ["C3"] and w.history == ["B4-C3^C4", "B2-B3^C4"]
    for content in (
        {"kind": "input", "target": "mason"},
        {"kind": "input", "target": "Z9"},
        {"kind": "input", "target": 5},
        {"kind": "input", "target": "x" * 500},
    ):
        state = without_notice(w.state)
        w._handle_custom_msg(content, [])
        assert w.state["notice"], content
        if content["kind"] == "input":
            assert without_notice(w.state) == state, content
    w.lang = "ja"
    click(w, "A1")  # C3 is still selected: A1 is not one of its destinations
    assert w.state["notice"] == "A1はC3の周囲8マスではありません。"
    send(w, kind="back")
    click(w, "A1")
    assert w.state["notice"].startswith("A1：高さ0")


def test_python_api_plays_notation_in_either_case_and_raises_typed_errors():
    w = two_player()
    w.play("b4-c3^c4")
    assert w.history == ["B4-C3^C4"]
    with pytest.raises(IllegalMoveError) as info:
        w.play("B2-B4^B3")  # not next to B2
    assert info.value.code == "not_adjacent"
    with pytest.raises(IllegalMoveError) as info:
        w.play("jump")
    assert info.value.code == "malformed"
    with pytest.raises(ValueError, match="not a Tower Gate move"):
        w.input("Z1")


# ------------------------------------------------------------------ blessings by buttons
def test_mason_through_its_button_builds_two_levels_once_a_game():
    w = two_player(blessing_terracotta="mason")
    click(w, "B4", "C3")
    assert {"id": "mason", "label": "Mason: build two levels"} in w.state["input"]["buttons"]
    click(w, "mason")
    assert w.state["input"]["step"] == "mason" and w.state["input"]["selection"] == [
        "B4",
        "C3",
        "mason",
    ]
    assert "C4" in targets(w)
    click(w, "C4")
    assert w.history == ["B4-C3^^C4"]
    assert square(w, "C4")["levels"] == ["terracotta", "terracotta"]
    assert w.state["extra"]["blessings"][0]["used"] is True
    click(w, "B2", "B1", "A1")  # blue's turn
    click(w, "C3", "B4")
    assert all(b["id"] != "mason" for b in w.state["input"]["buttons"])  # used: gone
    before = without_notice(w.state)
    click(w, "mason")
    assert "Mason" in w.state["notice"] and without_notice(w.state) == before


def test_repaint_through_its_button_turns_a_blue_level_terracotta():
    w = two_player(blessing_terracotta="repaint")
    click(w, "B4", "B3", "A3")  # terracotta builds A3
    click(w, "B2", "C2", "C3")  # blue builds C3 (one blue level)
    click(w, "B3", "B4")  # next to C3
    assert any(b["id"] == "repaint" for b in w.state["input"]["buttons"])
    click(w, "repaint")
    assert w.state["input"]["step"] == "repaint" and "C3" in targets(w)
    click(w, "C3")
    assert w.history[-1] == "B3-B4*C3"
    assert square(w, "C3")["levels"] == ["terracotta"] and square(w, "C3")["height"] == 1


# ------------------------------------------------------------------ the CPU, undo, review
def test_the_cpu_replies_with_a_legal_turn_and_undo_goes_back_to_the_human():
    w = TowerGate(level="easy")
    start = w.position
    click(w, "B4", "C3", "C4")
    w.wait(30)
    assert len(w.history) == 2 and w.state["busy"] is False
    after_human = start.play("B4-C3^C4")
    cpu_move = w.history[1]
    assert after_human.is_legal(cpu_move) and after_human.play(cpu_move) == w.position
    assert w.state["to_move"] == "terracotta" and "Your move" in w.state["status"]
    send(w, kind="undo")
    assert w.history == [] and w.position == start
    w.close()


def test_the_cpu_moves_first_when_the_human_plays_blue():
    w = TowerGate(level="normal", human="blue")
    w.wait(30)
    assert len(w.history) == 1 and w.state["to_move"] == "blue"
    assert sorted(targets(w)) == ["B2", "D2"]
    w.close()


def test_review_shows_earlier_positions_and_blocks_inputs():
    w = two_player()
    click(w, "B4", "C3", "C4", "B2", "B3", "C4")
    send(w, kind="review", ply=1)
    assert w.state["review"] == {"ply": 1, "total": 2} and targets(w) == []
    assert square(w, "C4")["levels"] == ["terracotta"] and square(w, "B3")["worker"] is None
    click(w, "A1")
    assert w.state["notice"] and w.history == ["B4-C3^C4", "B2-B3^C4"]
    send(w, kind="review", ply=0)
    assert all(sq["height"] == 0 for sq in w.state["board"]["squares"])
    send(w, kind="review", ply=None)
    assert w.state["review"] is None and square(w, "C4")["height"] == 2


# ------------------------------------------------------------------ results and stats
def test_a_win_shows_the_stamp_and_is_counted_per_level(data_dir, stats_file):
    w = TowerGate(level="easy", position=Position.from_json(WIN_NOW))
    assert "C3" in targets(w) or "B4" in targets(w)
    click(w, "B4", "C3")  # onto height 3: the move has no build
    s = w.state
    assert s["outcome"]["winner"] == "terracotta" and s["outcome"]["title"] == "You win!"
    assert "height 3" in s["outcome"]["detail"] and "C3" in s["outcome"]["detail"]
    assert s["extra"]["stamp"] == "Completed"
    assert w.stats["easy"] == {"wins": 1, "losses": 0, "draws": 0}
    assert TowerGate(lang="ja", level="easy").stats["easy"]["wins"] == 1  # kept on this device
    w.lang = "ja"
    assert w.state["extra"]["stamp"] == "竣工"
    assert stats_file(data_dir).summary("towergate", "easy")["wins"] == 1


def test_a_loss_is_stated_with_its_reason_and_counted(data_dir):
    w = TowerGate(level="easy", human="blue", position=Position.from_json(WIN_NOW))
    w.wait(30)  # the CPU (terracotta) never misses a climb onto height 3
    s = w.state
    assert s["outcome"]["winner"] == "terracotta" and s["outcome"]["title"] == "The CPU wins"
    assert s["outcome"]["detail"] == "Terracotta climbed onto height 3 at C3"
    assert s["extra"]["stamp"] is None
    assert w.stats["easy"]["losses"] == 1
    w.close()


def test_a_draw_after_100_turns_is_stated_and_counted():
    draw = {"levels": [""] * 25, "workers": {"terracotta": ["A1", "E5"], "blue": ["A5", "E1"]}}
    w = TowerGate(level="normal", human="blue", position=Position.from_json({**draw, "turn": 99}))
    assert w.state["to_move"] == "blue"
    click(w, "A5", "A4", "A5")
    assert w.state["outcome"]["winner"] is None and w.state["outcome"]["title"] == "Draw"
    assert "100" in w.state["outcome"]["detail"]
    assert w.stats["normal"]["draws"] == 1


def test_a_settings_change_restarts_uncounted_with_the_new_blessings():
    w = two_player()
    click(w, "B4", "C3", "C4")
    send(w, kind="settings", blessing_blue="wind", setup="free")
    assert w.history == [] and w.blessing_blue == "wind"
    assert w.position.in_setup and w.position.blessing("blue") == "wind"
    assert w.state["extra"]["blessings"][1]["name"] == "Wind"


def test_the_blessings_as_the_original_page_wrote_them_are_a_setting():
    """``blessings="as-written"``: the game follows the original page's wording (Mason also on
    height 1), says so in both languages, and a change back restarts under the balance."""
    turns = ("B4", "C3", "C4", "B2", "B1", "A1", "C3", "B4", "mason")  # C4 is height 1 then
    written = two_player(blessing_terracotta="mason", blessings="as-written")
    balanced = two_player(blessing_terracotta="mason")
    assert written.blessings == "as-written" and balanced.blessings == "balanced"
    assert written.position.rules.name == "as-written"
    click(written, *turns)
    click(balanced, *turns)
    assert "C4" in targets(written) and "C4" not in targets(balanced)
    assert [v for v, _ in written.state["options"]["blessings"]] == ["balanced", "as-written"]
    assert written.state["labels"]["blessings"] == "Blessing rules"
    about = written.state["extra"]["blessings"][0]["about"]
    assert about == "Once a game, build two levels on one square in one build."
    assert "height 0 or 2" in balanced.state["extra"]["blessings"][0]["about"]
    written.lang = "ja"
    ja = written.state
    assert ja["labels"]["blessings"] == "加護のルール"
    assert dict(ja["options"]["blessings"])["as-written"] == "原文どおり"
    assert ja["extra"]["blessings"][0]["about"] == "1局に1回だけ2段まとめて積める"  # the seed's
    send(written, kind="settings", blessings="balanced")
    assert written.history == [] and written.position.rules.name == "balanced"
    with pytest.raises(Exception, match="blessings"):
        TowerGate(blessings="house")


def test_the_tutorial_shows_on_first_use_until_a_move_is_made_on_this_device(data_dir, stats_file):
    w = two_player()
    tutorial = w.state["extra"]["tutorial"]
    assert tutorial["first_use"] is True and len(tutorial["cards"]) >= 3
    assert all(card["title"] and card["text"] for card in tutorial["cards"])
    click(w, "B4", "C3", "C4")
    assert w.state["extra"]["tutorial"]["first_use"] is False
    assert stats_file(data_dir).get_flag(TUTORIAL_FLAG) is True
    assert two_player().state["extra"]["tutorial"]["first_use"] is False


def test_the_legend_says_height_levels_bottom_to_top_and_who_may_enter():
    majority = {
        "levels": [""] * 12 + ["btb"] + ["tt"] + [""] * 11,
        "workers": {"terracotta": ["A1", "A2"], "blue": ["E5", "E4"]},
        "turn": 0,
    }
    w = two_player(position=Position.from_json(majority))
    c3, d3 = square(w, "C3"), square(w, "D3")
    assert c3["height"] == 3 and c3["levels"] == ["blue", "terracotta", "blue"]
    assert "2 blue" in c3["legend"] and "Blue, Terracotta, Blue" in c3["legend"]
    assert "only Blue may enter" in c3["legend"]
    # The × is for the side whose input is awaited (terracotta): it may not enter C3.
    assert c3["enterable"] is False and d3["enterable"] is True


def test_the_mimebundle_and_summary_show_the_board():
    w = two_player()
    data, _ = w._repr_mimebundle_()
    assert data["image/svg+xml"].lstrip().startswith("<svg")
    assert data["text/plain"] == "Tower Gate, Terracotta to move, turn 0"


# ------------------------------------------------------------------ the coach
def wait_for_hints(w, timeout=30.0):
    import time

    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        coach = w.state.get("coach") or {}
        if coach.get("hints") and not coach.get("pending"):
            return coach
        time.sleep(0.05)
    raise AssertionError(f"no hints: {w.state.get('coach')}")


def test_hints_shade_every_target_and_name_the_one_build_that_saves_the_game():
    # Blue on D2 (height 2) threatens D2-D3 (height 3, blue majority): only a dome on D3 saves.
    danger = {
        "levels": [""] * 8 + ["bb"] + [""] * 4 + ["bbt"] + [""] * 5 + ["t"] + [""] * 5,
        "workers": {"terracotta": ["E4", "A5"], "blue": ["D2", "A1"]},
        "turn": 10,
    }
    w = two_player(position=Position.from_json(danger), hints="on")
    assert w.position.can_enter("blue", "D3")
    click(w, "E4", "E3")
    coach = wait_for_hints(w)
    assert set(coach["hints"]) == set(targets(w))
    percent = {sq: int(h["text"].rstrip(" %")) for sq, h in coach["hints"].items()}
    others = [sq for sq in percent if sq != "D3"]
    assert others and all(percent["D3"] > percent[sq] for sq in others)
    assert coach["hints"]["D3"]["tone"] != "bad"
    assert all(coach["hints"][sq]["tone"] == "bad" and percent[sq] == 0 for sq in others)
    assert all(
        h["reason"].startswith("E4 → E3") or "." in h["reason"] for h in coach["hints"].values()
    )
    assert "0 %" in coach["hints"][others[0]]["reason"]
    # The best move is said as a player reads it, as in the move list (not "E4-E3^D3").
    assert re.match(r"Best: E4 → [A-E][1-5], builds D3 \(\d+ %; \d moves deep\)$", coach["summary"])
    assert not any("^" in h["reason"] for h in coach["hints"].values())
    w.close()


#: Blue stands on a blue height 2 (A1) next to a blue-majority height 3 (B2): terracotta's
#: worker on C3 must dome B2 now (C3-C2^B2), or blue climbs it and wins.
_THREAT_LEVELS = [""] * 25
_THREAT_LEVELS[0], _THREAT_LEVELS[6] = "bb", "bbt"
THREAT = {
    "levels": _THREAT_LEVELS,
    "workers": {"terracotta": ["C3", "E5"], "blue": ["A1", "E1"]},
    "turn": 0,
}


def test_the_review_graph_marks_the_move_that_let_blue_climb_and_names_the_saving_move():
    w = two_player(position=Position.from_json(THREAT))
    assert w.state["coach"]["graph"] is None  # only once the game is over
    w.play("E5-E4^E5")  # ignores the threat
    w.play("A1-B2")  # blue climbs onto height 3
    assert w.state["outcome"]["winner"] == "blue"
    deadline = time.monotonic() + 60
    while (g := w.state["coach"]["graph"]) is None or g["pending"]:
        assert time.monotonic() < deadline, "the review graph never finished"
        time.sleep(0.05)
    assert g["side"] == "terracotta" and len(g["values"]) == 3  # the start and both plies
    assert g["values"][0] > -1 and g["values"][1:] == [-1.0, -1.0]  # lost by the first move
    assert [t["ply"] for t in g["turning"]] == [1]
    # Both moves said as a player reads them, in the widget's language.
    assert "“E5 → E4, builds E5” threw away the advantage" in g["turning"][0]["text"]
    assert "(“C3 → C2, builds B2” was better)" in g["turning"][0]["text"]
    w.lang = "ja"
    assert "「C3 → C2、B2に建設」がよかった" in w.state["coach"]["graph"]["turning"][0]["text"]
    w.close()


# ---- issue #18: a new TowerGate() opens on the settings card; keywords start at once --------


def test_a_new_tower_gate_opens_on_the_settings_card():
    w = TowerGate(lang="ja")  # the language is not a play setting
    card = w.state["extra"]["settings_card"]
    assert card == {
        "title": "対局の設定",
        "text": (
            "CPUの強さ（やさしい・ふつう・つよい）、あなたとCPUの加護、初期配置を選んで"
            "「対局を始める」を押します。"
        ),
        "start": "対局を始める",
    }
    # Not started: nobody's move, so the status line does not say "your move".
    assert w.state["status"] == "設定を選んでから、対局を始めてください。"
    assert w.state["input"]["targets"] == [] and not w.busy
    w.level = "strong"  # a choice made on the card: still the card, until Start
    w.blessing_terracotta = "mason"
    w.mode = "two-player"
    assert w.state["extra"]["settings_card"] is not None
    w.mode = "cpu"
    w.play("B4-C3^C4")  # a script's move starts the game with the settings as they are
    assert w.state["extra"]["settings_card"] is None
    w.close()


@pytest.mark.parametrize(
    "keywords",
    [
        {"level": "easy"},
        {"blessing_blue": "wind"},
        {"mode": "cpu"},
        {"setup": "free"},
        {"blessings": "as-written"},
    ],
)
def test_settings_given_as_keywords_start_at_once(keywords):
    w = TowerGate(**keywords)
    assert w.state["extra"]["settings_card"] is None
    w.close()


def test_a_cpu_that_plays_first_waits_for_start_then_is_seen_thinking(monkeypatch):
    w = TowerGate()
    w.human = "blue"  # chosen on the card: the CPU (terracotta) moves first, after Start
    time.sleep(1.0)  # more than the CPU's pause before it replies
    assert w.history == [] and not w.busy
    assert w.state["status"] == "Choose the settings, then start the game."
    # The CPU's search is held until the test has looked: on a loaded machine its reply could
    # otherwise be played before the state after Start is sent (then "thinking" is never shown,
    # rightly: the move is already there).
    release = threading.Event()
    search = w._match.spec.search

    def held(*args, **kwargs):
        steps = search(*args, **kwargs)
        while not release.is_set():
            time.sleep(0.01)
            yield None
        return (yield from steps)

    monkeypatch.setattr(w._match.spec, "search", held)
    w._handle_message(None, {"kind": "start"})  # the card's Start
    assert w.state["extra"]["settings_card"] is None and w.state["notice"] is None
    assert w.busy and w.state["status"] == "The CPU (Terracotta) is thinking…"
    release.set()
    w.wait(60)
    assert len(w.history) == 1 and w.state["status"].startswith("Your move (Blue)")
    w.close()


def test_start_from_python_and_the_games_after_it():
    w = TowerGate(lang="en")
    w.start()
    assert w.state["status"].startswith("Your move (Terracotta)") and w.state["input"]["targets"]
    w.start()  # once started, Start changes nothing
    w.new_game()  # the next game is started too
    assert w.state["extra"]["settings_card"] is None and w.state["input"]["targets"]
    w.close()


def test_each_tutorial_card_has_a_picture_of_what_it_says():
    from boardbook.towergate.game import TUTORIAL_CARDS

    for lang in ("en", "ja"):
        tutorial = TowerGate(lang=lang).state["extra"]["tutorial"]
        assert len(tutorial["cards"]) == len(TUTORIAL_CARDS)
        assert tutorial["skip"] == {"en": "Skip", "ja": "スキップ"}[lang]
        for card in tutorial["cards"]:
            picture = card["picture"]
            assert picture["alt"] and len(picture["squares"]) % picture["cols"] == 0
    goal = TowerGate().state["extra"]["tutorial"]["cards"][0]["picture"]["squares"]
    assert goal[0]["worker"] == "terracotta" and goal[0]["height"] == 2
    assert goal[1]["height"] == 3 and goal[1]["circle"] is True  # the winning step
    colour = TowerGate().state["extra"]["tutorial"]["cards"][2]["picture"]["squares"]
    assert colour[1]["levels"] == ["terracotta", "blue"] and colour[1]["blocked"] is True
