"""The Reversi widget without a browser: intents in through the front end's path, state out.

Messages go through ``w._handle_custom_msg`` (what ipywidgets calls for a front-end
``model.send``), so these tests exercise the same handler the board uses.
"""

from __future__ import annotations

import asyncio
import threading
import time

import pytest
from boardbook.core import i18n, scheduler
from boardbook.core.game import IllegalMoveError
from boardbook.core.stats import StatsStore, open_store
from boardbook.reversi import PASS, Position
from boardbook.reversi.game import ReversiGame
from boardbook.reversi.widget import Reversi, why_reason

# Move sequences found by random playouts with the engine (inputs, not expected results).
WIPEOUT_GAME = ["e6", "f4", "e3", "f6", "g5", "d6", "e7", "f5", "c5"]  # shortest known game
BLACK_PASSES_AFTER = ["f5", "f6", "f7", "g7", "d3", "f8", "h8", "h6"]  # then black must pass
TWO_BLACK_PASSES = [
    "e6",
    "f6",
    "c4",
    "e7",
    "e8",
    "d8",
    "g6",
    "f8",  # black passes here
    "g5",
    "g4",
    "h6",
    "g7",
    "h4",  # and black passes again here
    "f4",
]
X_SQUARE_OPENING = ["f5", "f6", "f7"]  # now white may play the X-square g7 (h8 empty)


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("BOARDBOOK_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setattr(ReversiGame, "cpu_reply_delay_s", 0.0)
    return tmp_path / "data"


def send(w, **msg):
    """Deliver a message exactly as the front end's ``model.send(msg)`` does."""
    w._handle_custom_msg(msg, [])


def send_raw(w, content):
    w._handle_custom_msg(content, [])


def without_status(state):
    """The state without the texts that answer a request (the status line and the notice)."""
    return {k: v for k, v in state.items() if k not in ("status", "notice", "notice_kind")}


def targets(w):
    return w.state["input"]["targets"]


def play_all(w, moves):
    for move in moves:
        send(w, kind="play", square=move)
        played = [m for m in w.state["history"] if m != "pass"]
        assert played and played[-1] == move, w.state["status"]


def store(data_dir):
    """The stats file as another program reads it, once the boards' queued writes are in."""
    shared = open_store(data_dir / "stats.sqlite3")  # the one every board of this test used
    assert not isinstance(shared, StatsStore) or shared.flush(10)
    return StatsStore(data_dir / "stats.sqlite3")


# ------------------------------------------------------------------ the page on display
def test_first_game_is_running_with_dots_on_and_coords_off():
    w = Reversi()
    s = w.state
    assert s["game"] == "reversi" and s["protocol"] == 3
    board = s["board"]
    assert board["kind"] == "grid" and board["rows"] == board["cols"] == 8
    assert board["coords"][:3] == ["a1", "b1", "c1"] and board["coords"][8] == "a2"
    assert [sq["id"] for sq in board["squares"]] == board["coords"]
    assert sorted(targets(w)) == ["c4", "d3", "e6", "f5"]
    assert s["input"]["selection"] == [] and s["input"]["hidden"] is False
    assert s["to_move"] == "black" and s["busy"] is False and s["outcome"] is None
    assert s["settings"] == {
        "mode": "two-player",
        "level": "strong",
        "human": "black",
        "show_dots": True,
        "show_coords": False,
        "lang": "en",
        "think_time": 1.0,
        "hints": "off",
        "pace": "normal",
    }
    assert s["status"] == "Black to move"
    assert [(e["name"], e["side"], e["count"]) for e in s["scoreboard"]] == [
        ("Player 1", "black", 2),
        ("Player 2", "white", 2),
    ]
    assert board["squares"][Position.start().cells().index("white")]["piece"] == "white"
    assert board["squares"][0] == {"id": "a1", "piece": None, "aria": "a1, empty"}
    assert s["extra"] == {"transcript": ""} and s["tray"] is None


def test_click_d3_gives_four_to_one_on_state_and_position():
    w = Reversi()
    send(w, kind="play", square="d3")
    assert w.position.counts == {"black": 4, "white": 1}
    assert [e["count"] for e in w.state["scoreboard"]] == [4, 1]
    assert w.state["history"] == ["d3"] and w.state["ply"] == 1
    assert w.state["last_move"] == {
        "notation": "d3",
        "side": "black",
        "squares": ["d3"],
        "marks": {"flips": ["d4"]},
        "forced": False,
    }
    assert w.state["extra"]["transcript"] == "d3"
    assert w.state["to_move"] == "white" and w.state["status"] == "White to move"


def test_flips_are_listed_nearest_first_and_are_exactly_the_changed_discs():
    w = Reversi()

    def distance(sq, origin):
        return max(abs(ord(sq[0]) - ord(origin[0])), abs(int(sq[1]) - int(origin[1])))

    def spread(position, square):
        return len({distance(f, square) for f in position.flips(square)})

    # Walk a deterministic game until some move flips discs at different distances.
    while True:
        before = w.position
        best = max(targets(w), key=lambda sq: spread(before, sq))
        if spread(before, best) >= 2 and len(before.flips(best)) >= 3:
            break
        send(w, kind="play", square=targets(w)[0])
    send(w, kind="input", target=best)
    flips = w.state["last_move"]["marks"]["flips"]
    changed = [
        sq
        for sq, a, b in zip(w.state["board"]["coords"], before.cells(), w.position.cells())
        if a and a != b
    ]
    assert sorted(flips) == sorted(changed) and len(flips) >= 3
    distances = [distance(sq, best) for sq in flips]
    assert distances == sorted(distances)


def test_illegal_square_shows_the_seed_message_and_changes_nothing():
    w = Reversi()
    before = without_status(w.state)
    send(w, kind="input", target="a1")
    assert w.state["notice"] == "You can't bracket any of your opponent's discs here"
    assert w.state["status"] == "Black to move"  # the notice never replaces the status
    assert without_status(w.state) == before
    w.lang = "ja"
    assert w.state["notice"] == "ここでは相手の石をはさめません"
    send(w, kind="input", target="d4")  # occupied
    assert w.state["notice"] == "そのマスにはもう石があります"
    assert without_status(w.state) == without_status(
        {
            **before,
            "labels": w.state["labels"],
            "options": w.state["options"],
            "settings": w.state["settings"],
            "scoreboard": w.state["scoreboard"],
            "input": {**before["input"], "prompt": "黒の番です"},
            "board": {
                **before["board"],
                "squares": [
                    {**sq, "aria": new["aria"]}
                    for sq, new in zip(before["board"]["squares"], w.state["board"]["squares"])
                ],
            },
        }
    )


@pytest.mark.parametrize(
    "content",
    [
        "play d3",
        ["play", "d3"],
        {},
        {"kind": 3},
        {"kind": "fly"},
        {"kind": "play"},
        {"kind": "play", "square": 19},
        {"kind": "play", "square": None},
        {"kind": "play", "square": "z9"},
        {"kind": "play", "square": "d33"},
        {"kind": "play", "square": "pass"},
        {"kind": "play", "square": "x" * 10_000},
        {"kind": "input"},
        {"kind": "input", "target": 19},
        {"kind": "input", "target": "a1"},
        {"kind": "input", "target": "d4"},
        {"kind": "back"},
        {"kind": "restart", "confirmed": "yes"},
        {"kind": "review", "ply": "3"},
        {"kind": "review", "ply": 99},
        {"kind": "review", "ply": -1},
        {"kind": "review", "ply": True},
        {"kind": "dismiss", "id": "1"},
        {"kind": "dismiss"},
        {"kind": "settings", "colour": "red"},
        {"kind": "settings", "level": "grandmaster"},
        {"kind": "settings", "mode": "cpu", "level": "grandmaster"},
        {"kind": "settings", "show_dots": "no"},
        {"kind": "settings", "lang": "fr"},
        {"kind": "settings", "human": "red"},
    ],
)
def test_bad_messages_leave_the_game_untouched_with_a_message(content):
    w = Reversi()
    send(w, kind="play", square="d3")
    before = without_status(w.state)
    history = w.history
    send_raw(w, content)  # must not raise
    assert without_status(w.state) == before
    assert w.history == history and w.mode == "two-player" and w.level == "strong"
    assert w.state["notice"] and w.state["status"] == "White to move"


def test_bad_message_text_is_translated():
    w = Reversi(lang="ja")
    send(w, kind="fly")
    assert w.state["notice"] == i18n.text("err.unknown_kind", "ja", kind="fly")
    send(w, kind="play", square="k1")
    assert "この盤のマスではありません" in w.state["notice"]


def test_a_crash_inside_the_handler_never_escapes(monkeypatch):
    w = Reversi()
    before = without_status(w.state)

    def broken(before, move, after):
        raise RuntimeError("bug")

    monkeypatch.setattr(w.match.spec, "marks", broken)
    send(w, kind="input", target="d3")
    assert w.state["notice"] == i18n.text("err.internal", "en")
    assert w.selection == () and w.history == []
    assert without_status(w.state) == before


def test_python_api_plays_and_raises_for_illegal_moves():
    w = Reversi()
    w.play("d3")
    w.play("C3")  # case-insensitive notation
    assert w.history == ["d3", "c3"]
    with pytest.raises(IllegalMoveError) as info:
        w.play("a1")
    assert info.value.code == "no_bracket"
    assert w.state["notice"] == "You can't bracket any of your opponent's discs here"
    with pytest.raises(IllegalMoveError) as info:
        w.play("pass")
    assert info.value.code == "has_moves"
    with pytest.raises(IllegalMoveError) as info:
        w.play("nonsense")
    assert info.value.code == "malformed"
    for not_a_move in (19, None, 3.5, True):  # a move is a string or a Move, never an index
        with pytest.raises(IllegalMoveError):
            w.play(not_a_move)
    assert w.history == ["d3", "c3"]


# ------------------------------------------------------------------ passes
def test_pass_is_played_automatically_with_card_and_status_until_next_move():
    w = Reversi()
    play_all(w, BLACK_PASSES_AFTER)
    s = w.state
    assert s["history"][-1] == "pass" and s["to_move"] == "white"
    assert s["event"]["type"] == "forced" and s["event"]["hold_ms"] == 1200
    assert s["last_move"]["forced"] is True and s["last_move"]["notation"] == "pass"
    assert s["event"]["text"] == "Black has no legal move and passes"
    assert s["status"] == "Black passed"
    w.lang = "ja"
    assert w.state["event"]["text"] == "黒は置ける場所がないのでパス"
    assert w.state["status"] == "黒はパスしました"
    w.lang = "en"
    send(w, kind="play", square=targets(w)[0])
    assert w.state["status"] != "Black passed"


def test_consecutive_passes_are_each_announced():
    w = Reversi()
    ids = []
    for move in TWO_BLACK_PASSES:
        send(w, kind="play", square=move)
        if w.state["history"][-1] == "pass":
            ids.append(w.state["event"]["id"])
            assert w.state["status"] == "Black passed"
    assert w.history.count("pass") == 2
    assert len(ids) == 2 and ids[1] > ids[0]


def test_cpu_reply_after_a_human_pass_waits_for_the_pass_card(monkeypatch):
    script = iter(BLACK_PASSES_AFTER[1::2] + ["f4"])

    def scripted(self, position, level, **_):
        yield
        return next(script)

    delays = []
    real_run = scheduler.run_search

    def spy(steps, on_done, on_error=None, delay=0.0, **kw):
        delays.append(delay)
        return real_run(steps, on_done, on_error, delay, **kw)

    monkeypatch.setattr(ReversiGame, "search", scripted)
    monkeypatch.setattr(scheduler, "run_search", spy)
    w = Reversi(mode="cpu", human="black")
    for move in BLACK_PASSES_AFTER[0::2][:-1]:
        w.play(move)
        w.wait(10)
    w.play(BLACK_PASSES_AFTER[-2])
    deadline = time.monotonic() + 10
    while "pass" not in w.history and time.monotonic() < deadline:
        time.sleep(0.01)
    # The CPU's h6 left black (the human) without a move: the pass is played and announced,
    # and the CPU's next search is held for the card's 1.2 s.
    assert w.history[-2:] == ["h6", "pass"]
    assert w.busy and w.state["status"] == "Black passed" and targets(w) == []
    assert delays[-1] == pytest.approx(1.2)
    t0 = time.monotonic()
    w.wait(10)
    assert time.monotonic() - t0 >= 1.0  # a lower bound only: the hold really happened
    assert w.history[-1] == "f4" and not w.busy
    assert w.state["status"] == "Your move (Black)"


# ------------------------------------------------------------------ the end, undo, restart
def test_game_end_shows_result_with_why_and_records_it(data_dir):
    w = Reversi()
    play_all(w, WIPEOUT_GAME)
    o = w.state["outcome"]
    assert o["winner"] == "black" and o["termination"] == "wiped_out"
    assert o["scores"] == {"black": 13, "white": 0}
    assert o["title"] == "Player 1 wins (Black)"
    assert "13–0" in o["detail"] and "White has no discs left" in o["detail"]
    assert o["why"] == "Why: Black captured every one of White's discs"
    assert targets(w) == [] and w.state["to_move"] is None
    assert [e["wins"] for e in w.state["scoreboard"]] == [1, 0]
    rows = store(data_dir).games("reversi")
    assert len(rows) == 1
    assert rows[0]["winner"] == "black" and rows[0]["mode"] == "two-player"
    assert rows[0]["moves"] == "".join(WIPEOUT_GAME)
    assert rows[0]["players"] == {"black": "Player 1", "white": "Player 2"}
    # No move after the end.
    before = without_status(w.state)
    send(w, kind="play", square="a1")
    assert w.state["notice"] == i18n.text("err.game_over", "en")
    assert without_status(w.state) == before
    w.lang = "ja"
    assert w.state["outcome"]["why"].startswith("勝因：")
    assert w.state["outcome"]["title"] == "プレイヤー1（黒）の勝ち"


def test_why_line_is_computed_from_the_game():
    wipe = [Position.start()]
    for move in WIPEOUT_GAME:
        wipe.append(wipe[-1].play(move))
    assert why_reason(wipe, [PASS.__class__(m) for m in WIPEOUT_GAME])[0] == "reversi.why.wipeout"

    import random

    rng = random.Random(7)
    seen = set()
    for _ in range(30):
        positions, moves = [Position.start()], []
        while positions[-1].outcome is None:
            move = rng.choice(positions[-1].legal_moves())
            moves.append(move)
            positions.append(positions[-1].play(move))
        key, fmt, _sides = why_reason(positions, moves)
        seen.add(key)
        final = positions[-1]
        if key == "reversi.why.corners":
            corners = [final.piece_at(c) for c in ("a1", "h1", "a8", "h8")]
            assert (fmt["w"], fmt["l"]) == (
                corners.count(fmt["winner"]),
                corners.count(fmt["loser"]),
            )
        if key == "reversi.why.passes":
            assert fmt["n"] == sum(
                1 for p, m in zip(positions, moves) if m.is_pass and p.to_move == fmt["loser"]
            )
        if key == "reversi.why.margin":
            assert (fmt["w"], fmt["l"]) == (final.counts[fmt["winner"]], final.counts[fmt["loser"]])
    assert len(seen) >= 3  # different games, different reasons


def test_undo_after_the_end_continues_and_removes_the_recorded_game(data_dir):
    w = Reversi()
    play_all(w, WIPEOUT_GAME)
    assert w.state["labels"]["undo_continue"] == "Undo and continue"
    assert len(store(data_dir).games()) == 1
    send(w, kind="undo")
    assert w.state["outcome"] is None and w.history == WIPEOUT_GAME[:-1]
    assert store(data_dir).games() == []
    assert [e["wins"] for e in w.state["scoreboard"]] == [0, 0]
    assert "removed from the record" in w.state["notice"]
    send(w, kind="play", square="c5")  # finish again: recorded again, once
    assert len(store(data_dir).games()) == 1


def test_two_player_undo_is_one_ply_and_skips_back_over_passes():
    w = Reversi()
    play_all(w, BLACK_PASSES_AFTER)
    send(w, kind="play", square="f4")
    assert w.history[-3:] == ["h6", "pass", "f4"]
    send(w, kind="undo")
    assert w.history[-2:] == ["h6", "pass"] and w.position.to_move == "white"
    send(w, kind="undo")  # the automatic pass goes with the move that forced it
    assert w.history == BLACK_PASSES_AFTER[:-1] and w.position.to_move == "white"
    for _ in range(7):
        send(w, kind="undo")
    assert w.history == [] and w.position == Position.start()
    before = without_status(w.state)
    send(w, kind="undo")
    assert w.state["notice"] == "There is no move to take back."
    assert without_status(w.state) == before


def test_restart_asks_first_then_restarts_uncounted(data_dir):
    w = Reversi()
    play_all(w, ["d3", "c3"])
    send(w, kind="restart")
    assert w.state["event"]["type"] == "confirm"
    assert w.state["event"]["text"] == "Restart this game? It will not be counted."
    assert w.state["event"]["yes"] == {"kind": "restart", "confirmed": True}
    assert w.history == ["d3", "c3"]
    send(w, kind="restart", confirmed=True)
    assert w.history == [] and w.state["notice"] == i18n.text("status.restarted", "en")
    assert w.state["game_number"] == 1
    # Restarting a finished game takes it out of the record too.
    play_all(w, WIPEOUT_GAME)
    assert len(store(data_dir).games()) == 1
    send(w, kind="restart", confirmed=True)
    assert store(data_dir).games() == [] and w.history == []
    assert [e["wins"] for e in w.state["scoreboard"]] == [0, 0]


def test_dismiss_clears_only_the_matching_event():
    w = Reversi()
    send(w, kind="restart")
    event_id = w.state["event"]["id"]
    send(w, kind="dismiss", id=event_id + 100)
    assert w.state["event"]["id"] == event_id
    send(w, kind="dismiss", id=event_id)
    assert w.state["event"] is None


def test_two_player_games_alternate_black_and_tally_wins_per_player(data_dir):
    w = Reversi()
    play_all(w, WIPEOUT_GAME)  # player 1 holds black and wins
    send(w, kind="new_game")
    board = w.state["scoreboard"]
    assert [(e["id"], e["side"]) for e in board] == [("player1", "white"), ("player2", "black")]
    assert [e["wins"] for e in board] == [1, 0] and w.state["game_number"] == 2
    play_all(w, WIPEOUT_GAME)  # black wins again: now that is player 2
    assert [e["wins"] for e in w.state["scoreboard"]] == [1, 1]
    assert w.state["outcome"]["title"] == "Player 2 wins (Black)"
    rows = store(data_dir).games()
    assert rows[1]["players"] == {"white": "Player 1", "black": "Player 2"}
    send(w, kind="new_game")
    assert w.state["scoreboard"][0]["side"] == "black"


def test_review_steps_through_the_game_and_blocks_moves():
    w = Reversi()
    play_all(w, ["d3", "c3", "c4"])
    send(w, kind="review", ply=0)
    s = w.state
    shown = [sq["piece"] or "" for sq in s["board"]["squares"]]
    assert s["review"] == {"ply": 0, "total": 3} and shown == Position.start().cells()
    assert targets(w) == [] and s["last_move"] is None
    send(w, kind="review", ply=2)
    assert w.state["last_move"]["notation"] == "c3"
    assert [e["count"] for e in w.state["scoreboard"]] == [3, 3]
    before = without_status(w.state)
    send(w, kind="play", square="e6")
    assert w.state["notice"] == i18n.text("err.reviewing", "en")
    assert without_status(w.state) == before
    send(w, kind="review", ply=None)
    assert w.state["review"] is None and targets(w)


# ------------------------------------------------------------------ settings and keywords
def test_keyword_modes_and_validation():
    w = Reversi(
        mode="cpu",
        level="corner",
        human="white",
        lang="ja",
        show_coords=True,
        show_dots=False,
        think_time=0.5,
    )
    w.wait(30)
    assert w.mode == "cpu" and w.human_side == "white" and w.think_time == 0.5
    assert w.state["settings"]["show_coords"] is True and w.state["settings"]["show_dots"] is False
    with pytest.raises(TypeError, match="colour"):
        Reversi(colour="black")
    for bad in (
        {"level": "grandmaster"},
        {"human": "red"},
        {"mode": "online"},
        {"lang": "fr"},
        {"show_dots": "yes"},
        {"think_time": 0},
        {"think_time": "1"},
    ):
        with pytest.raises(ValueError):
            Reversi(**bad)
    with pytest.raises(ValueError, match="level"):
        w.level = "grandmaster"
    assert w.level == "corner"


def test_japanese_texts_follow_the_seed():
    w = Reversi(lang="ja")
    labels, options = w.state["labels"], w.state["options"]
    assert labels["undo"] == "待った" and labels["undo_continue"] == "待って続ける"
    assert labels["restart"] == "この局をやり直す"
    assert dict(options["level"]) == {
        "beginner": "初心者",
        "corner": "隅ねらい",
        "strong": "つよい",
    }
    assert dict(options["mode"])["cpu"] == "CPU"
    assert i18n.text("reversi.pass_card", "ja", side="白") == "白は置ける場所がないのでパス"
    assert i18n.text("reversi.passed", "ja", side="白") == "白はパスしました"
    assert i18n.text("why", "ja", reason="x").startswith("勝因")
    with pytest.raises(ValueError, match="unknown language 'fr'"):
        i18n.text("undo", "fr")
    with pytest.raises(KeyError, match="no-such-key"):
        i18n.text("no-such-key", "en")


def test_settings_intent_switches_to_cpu_and_restarts_uncounted(data_dir):
    w = Reversi()
    play_all(w, ["d3"])
    send(w, kind="settings", mode="cpu", level="beginner", human="black")
    w.wait(30)
    assert (w.mode, w.level, w.human) == ("cpu", "beginner", "black")
    assert w.history == [] and w.state["scoreboard"][1]["id"] == "cpu"
    send(w, kind="settings", show_dots=False, lang="ja")
    assert w.state["settings"]["show_dots"] is False and w.state["labels"]["undo"] == "待った"
    assert store(data_dir).games() == []


# ------------------------------------------------------------------ against the CPU
def test_cpu_replies_off_the_main_thread_and_undo_goes_back_to_the_human():
    w = Reversi(mode="cpu", level="beginner", human="black")
    w.play("d3")
    w.wait(30)
    assert len(w.history) == 2 and not w.state["busy"]
    assert w.state["status"] == "Your move (Black)" and targets(w)
    send(w, kind="undo")
    assert w.history == [] and w.position == Position.start()


def test_cpu_moves_first_when_the_human_plays_white_and_alternate_swaps():
    w = Reversi(mode="cpu", level="beginner", human="alternate")
    assert w.human_side == "black" and w.history == []
    send(w, kind="new_game")
    assert w.human_side == "white"
    w.wait(30)
    assert len(w.history) == 1 and w.position.to_move == "white"
    assert [e["side"] for e in w.state["scoreboard"]] == ["white", "black"]
    send(w, kind="undo")  # nothing of the human's to take back
    assert len(w.history) == 1 and w.state["notice"] == "There is no move to take back."


def slow_search(gate, started, log):
    def steps(self, position, level, **_):
        started.set()
        while not gate.is_set():
            time.sleep(0.005)
            yield
        log.append("finished")
        return position.legal_moves()[0]

    return steps


@pytest.mark.parametrize("action", ["undo", "restart", "new_game", "settings"])
def test_undo_restart_or_new_game_during_a_search_cancels_it_and_drops_the_result(
    monkeypatch, action
):
    gate, started, log = threading.Event(), threading.Event(), []
    monkeypatch.setattr(ReversiGame, "search", slow_search(gate, started, log))
    w = Reversi(mode="cpu", level="strong", human="black")
    w.play("d3")
    assert started.wait(10)
    assert w.state["busy"] is True and targets(w) == []
    assert "thinking" in w.state["status"]
    # While it thinks: clicks are refused, the API says why, the kernel thread is free.
    send(w, kind="play", square="c3")
    assert w.state["notice"] == "Please wait: the CPU is thinking."
    with pytest.raises(IllegalMoveError, match="thinking"):
        w.play("c3")
    with pytest.raises(TimeoutError):
        w.wait(timeout=0.05)
    task = w.match._task
    if action == "restart":
        send(w, kind="restart", confirmed=True)
    elif action == "settings":
        send(w, kind="settings", level="corner")
    else:
        send(w, kind=action)
    assert w.state["busy"] is False and task.cancelled
    history_after = w.history
    gate.set()
    assert task.join(10)
    assert log == []  # the cancelled search stopped at a yield and never finished
    assert w.history == history_after == [] or (action == "new_game" and len(w.history) <= 1)


def test_what_is_not_a_move_says_so_even_while_the_cpu_thinks(monkeypatch):
    # "Please wait" for w.play(2.5) suggested that 2.5 would be a move later.
    gate, started, log = threading.Event(), threading.Event(), []
    monkeypatch.setattr(ReversiGame, "search", slow_search(gate, started, log))
    w = Reversi(mode="cpu", level="strong", human="black")
    w.play("d3")
    assert started.wait(10)
    for bad in (2.5, -1, 19, None):
        with pytest.raises(IllegalMoveError, match="string in the game's notation"):
            w.play(bad)
    with pytest.raises(IllegalMoveError, match="thinking"):  # a real move: wait
        w.play("c3")
    gate.set()
    w.close()


def test_late_result_from_a_stale_generation_is_dropped(monkeypatch):
    gate, started, log = threading.Event(), threading.Event(), []
    monkeypatch.setattr(ReversiGame, "search", slow_search(gate, started, log))
    w = Reversi(mode="cpu", human="black")
    w.play("d3")
    assert started.wait(10)
    stale = w.match._generation
    send(w, kind="undo")
    w.match._cpu_done(stale, w.position.legal_moves()[0])  # a result that raced the cancel
    assert w.history == [] and w.state["busy"] is False


def test_cpu_failure_is_reported_not_raised(monkeypatch):
    def broken(self, position, level, **_):
        yield
        raise RuntimeError("search exploded")

    monkeypatch.setattr(ReversiGame, "search", broken)
    w = Reversi(mode="cpu", human="black")
    w.play("d3")
    with pytest.raises(RuntimeError, match="search exploded"):
        w.wait(10)
    assert not w.state["busy"] and "search exploded" in w.state["notice"]
    send(w, kind="undo")
    assert w.history == []


def test_slices_mode_cpu_under_an_asyncio_loop(monkeypatch):
    async def main():
        with scheduler.use_mode("slices"):
            w = Reversi(mode="cpu", level="beginner", human="black")
            w.play("d3")
            assert w.busy
            with pytest.raises(RuntimeError, match="cannot block"):
                w.wait(1)
            ticks = 0
            while w.busy:
                ticks += 1
                await asyncio.sleep(0.001)
            return w, ticks

    w, ticks = asyncio.run(main())
    assert len(w.history) == 2 and ticks >= 1 and w.match._task is None


def first_legal(self, position, level, **_):
    yield
    return position.legal_moves()[0]


def finish_game(w):
    while w.position.outcome is None:
        w.wait(10)
        if w.position.outcome is not None:
            break
        w.play(str(w.position.legal_moves()[-1]))
        w.wait(10)


def test_results_are_recorded_per_level_and_undo_continue_removes_them(monkeypatch, data_dir):
    monkeypatch.setattr(ReversiGame, "search", first_legal)
    w = Reversi(mode="cpu", level="beginner", human="black")
    finish_game(w)
    first = store(data_dir).games()
    assert len(first) == 1 and first[0]["level"] == "beginner" and first[0]["human"] == "black"
    result = first[0]["result"]
    expected = {"win": "wins", "loss": "losses", "draw": "draws"}[result]
    assert w.state["stats"]["beginner"][expected] == 1
    assert w.stats["strong"] == {"wins": 0, "losses": 0, "draws": 0}
    title = w.state["outcome"]["title"]
    assert title == {"win": "You win!", "loss": "The CPU wins", "draw": "Draw"}[result]

    send(w, kind="settings", level="corner")  # after the end: the next game, at the new level
    finish_game(w)
    rows = store(data_dir).games()
    assert [r["level"] for r in rows] == ["beginner", "corner"]
    assert sum(w.stats["corner"].values()) == 1 and sum(w.stats["beginner"].values()) == 1

    send(w, kind="undo")  # 待って続ける
    assert [r["level"] for r in store(data_dir).games()] == ["beginner"]
    assert sum(w.state["stats"]["corner"].values()) == 0
    assert w.position.outcome is None and w.position.to_move == "black"
    # A fresh widget on this device sees the same record.
    assert Reversi().stats["beginner"] == w.stats["beginner"]


# ------------------------------------------------------------------ the X-square hint
def test_x_square_hint_is_shown_once_per_device(data_dir):
    w = Reversi()
    play_all(w, X_SQUARE_OPENING + ["g7"])
    event = w.state["event"]
    assert event["type"] == "hint" and "g7" in event["text"] and "h8" in event["text"]
    assert store(data_dir).get_flag("reversi.x_square_hint_shown") is True
    w.lang = "ja"
    assert "X打ち" in w.state["event"]["text"]
    again = Reversi()
    play_all(again, X_SQUARE_OPENING + ["g7"])
    assert again.state["event"] is None


def test_every_intent_is_answered_even_when_the_state_does_not_change():
    # The board says "not answering" when an intent gets no answer: an unchanged state (a
    # second click on the same illegal square) does not sync, so ``answered`` must grow.
    w = Reversi()
    start = w.answered
    send(w, kind="input", target="a1")
    first = w.state
    send(w, kind="input", target="a1")
    assert w.state == first  # nothing new to sync here...
    assert w.answered == start + 2  # ...but the answer counter still moves
    send(w, kind="fly")  # a message the board cannot use is answered too
    assert w.answered == start + 3
    labels = w.state["labels"]
    assert "run the cell again" in labels["disconnected"] and labels["no_answer"]


def test_an_illegal_api_move_raises_without_the_librarys_internals_in_the_traceback():
    # A typo used to show a long traceback through the widget and the rules modules.
    import traceback

    w = Reversi()
    with pytest.raises(IllegalMoveError, match="not a square") as caught:
        w.play("zz")
    frames = traceback.extract_tb(caught.value.__traceback__)
    assert [f.name for f in frames][1:] == ["play"]  # the caller, then only the widget
    assert frames[-1].filename.endswith("widget.py")


def test_win_counts_read_1_win_and_2_wins():
    # The score bar formats the count with these ("1 wins" was a player-visible slip).
    w = Reversi()
    labels = w.state["labels"]
    assert labels["wins_one"].replace("{n}", "1") == "1 win"
    assert labels["wins_many"].replace("{n}", "2") == "2 wins"
    w.lang = "ja"
    assert w.state["labels"]["wins_one"].replace("{n}", "1") == "1勝"


def test_scripted_moves_never_spend_the_x_square_hint(data_dir):
    # Setting a position up by script (w.play) plays the X-square unseen: the tip stays for
    # the first time a person plays one on the board.
    w = Reversi()
    for move in X_SQUARE_OPENING + ["g7"]:
        w.play(move)
    assert w.state["event"] is None
    assert store(data_dir).get_flag("reversi.x_square_hint_shown") is None
    by_inputs = Reversi()  # w.input() is a script too
    for move in X_SQUARE_OPENING + ["g7"]:
        by_inputs.input(move)
    assert by_inputs.state["event"] is None
    assert store(data_dir).get_flag("reversi.x_square_hint_shown") is None
    person = Reversi()
    play_all(person, X_SQUARE_OPENING + ["g7"])
    assert person.state["event"]["type"] == "hint"


def test_x_square_next_to_an_occupied_corner_gives_no_hint(data_dir):
    w = Reversi()
    play_all(w, ["d3", "c3"])
    assert w.state["event"] is None
    assert store(data_dir).get_flag("reversi.x_square_hint_shown") is None


def test_unusable_stats_file_still_lets_people_play(data_dir):
    data_dir.mkdir(parents=True, exist_ok=True)
    (data_dir / "stats.sqlite3").write_bytes(b"not a database" * 500)
    with pytest.warns(RuntimeWarning, match="moved to"):
        w = Reversi()
    play_all(w, WIPEOUT_GAME)
    assert len(store(data_dir).games()) == 1


def test_front_end_assets_or_fallback_are_set():
    from pathlib import Path

    import boardbook

    bundle = Path(boardbook.__file__).parent / "static" / "reversi.js"
    w = Reversi()
    if bundle.is_file():  # a built checkout gets the real bundle, as text (no file watch)
        assert w._esm == bundle.read_text(encoding="utf-8") and "is not built" not in w._esm
    else:
        assert "the Reversi front end is not built" in w._esm


def test_level_and_side_changes_in_two_player_mode_keep_the_game():
    w = Reversi()
    play_all(w, ["d3", "c3"])
    send(w, kind="settings", level="beginner", human="white")
    w.human = "alternate"
    assert w.history == ["d3", "c3"] and (w.level, w.human) == ("beginner", "alternate")
    w.mode = "cpu"  # now they matter: the game restarts against the CPU, uncounted
    w.wait(30)
    assert w.human_side == "black" and w.history == []


def test_session_only_record_when_the_data_dir_is_unusable(tmp_path, monkeypatch):
    blocker = tmp_path / "file"
    blocker.write_text("not a directory")
    monkeypatch.setenv("BOARDBOOK_DATA_DIR", str(blocker / "data"))
    with pytest.warns(RuntimeWarning, match="this session only"):
        w = Reversi()
    play_all(w, X_SQUARE_OPENING + ["g7"])
    assert w.state["event"]["type"] == "hint"
    w.restart()
    play_all(w, WIPEOUT_GAME)
    assert [e["wins"] for e in w.state["scoreboard"]] == [1, 0]
    assert len(w.match._store.games()) == 1


def test_in_a_real_kernel_a_cell_runs_while_the_cpu_thinks(tmp_path):
    import nbclient
    import nbformat

    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {
        "name": "python3",
        "display_name": "Python 3",
        "language": "python",
    }
    setup = f"""
import os, threading, time
os.environ["BOARDBOOK_DATA_DIR"] = {str(tmp_path / "kernel-data")!r}
from boardbook import Reversi
gate = threading.Event()
def gated(self, position, level, **_):
    while not gate.is_set():
        time.sleep(0.005)
        yield
    return position.legal_moves()[0]
from boardbook.reversi.game import ReversiGame
ReversiGame.search = gated
w = Reversi(mode="cpu", human="black")
w._handle_custom_msg({{"kind": "play", "square": "d3"}}, [])
w
"""
    nb.cells = [
        nbformat.v4.new_code_cell(setup),
        nbformat.v4.new_code_cell("print('while thinking:', w.busy, sum(range(10**5)) > 0)"),
        nbformat.v4.new_code_cell("gate.set(); w.wait(30); print('after:', w.busy, w.history)"),
    ]
    client = nbclient.NotebookClient(
        nb, timeout=120, kernel_name="python3", store_widget_state=True
    )
    client.execute(cwd=str(tmp_path))
    texts = ["".join(o.get("text", "") for o in cell.outputs) for cell in nb.cells]
    assert "while thinking: True True" in texts[1]
    assert "after: False ['d3', " in texts[2]
    state = nb.metadata["widgets"]["application/vnd.jupyter.widget-state+json"]["state"]
    assert any(m["state"].get("_setup", {}).get("game") == "reversi" for m in state.values())


# ---- starting from a given position (puzzles, lessons, the book)


def test_a_board_can_start_from_any_position_and_restarts_there(tmp_path, monkeypatch):
    monkeypatch.setenv("BOARDBOOK_DATA_DIR", str(tmp_path))
    setup = Position.start().play("d3").play("c5")
    w = Reversi(position=setup)
    assert w.position == setup
    assert w.state["to_move"] == "black"
    assert sorted(targets(w)) == sorted(str(m) for m in setup.legal_moves())
    w.play(str(setup.legal_moves()[0]))
    w.undo()
    assert w.position == setup
    w.play(str(setup.legal_moves()[0]))
    w.restart()
    assert w.position == setup
    assert Reversi(position=setup.to_text()).position == setup


def test_a_bad_start_position_is_refused_with_a_clear_error(tmp_path, monkeypatch):
    monkeypatch.setenv("BOARDBOOK_DATA_DIR", str(tmp_path))
    with pytest.raises(ValueError):
        Reversi(position="not a board")
    with pytest.raises(TypeError, match="position must be"):
        Reversi(position=42)


def test_a_hint_and_a_pass_in_one_update_are_both_shown_pass_first(data_dir):
    # Black's b2 (next to the empty a1) leaves White without a move: two cards at once.
    setup = "-OOOXXXXO-OXOOXXOOXXOXOXOXXXXOXXOOOOXXXXOOOXOXXXOOOOXXXX--O-OOOX X"
    w = Reversi(position=setup)
    send(w, kind="play", square="b2")
    assert w.history[-2:] == ["b2", "pass"]
    first = w.state["event"]
    assert first["type"] == "forced" and first["hold_ms"] == 1200
    send(w, kind="dismiss", id=first["id"])  # the front end closes the held card
    second = w.state["event"]
    assert second["type"] == "hint" and "a1" in second["text"]
    send(w, kind="dismiss", id=second["id"])
    assert w.state["event"] is None


def test_asking_twice_to_restart_is_one_question():
    w = Reversi()
    send(w, kind="restart")
    send(w, kind="restart")
    first = w.state["event"]
    assert first["type"] == "confirm"
    send(w, kind="dismiss", id=first["id"])
    assert w.state["event"] is None


# ---- item 6 and 7: no phantom game, a static fallback, settings validated after construction


def test_a_finished_start_position_records_no_game(data_dir):
    finished = Position.start()
    for move in WIPEOUT_GAME:
        finished = finished.play(move)
    w = Reversi(position=finished, mode="cpu")
    w.restart()
    w.new_game()
    assert store(data_dir).games() == [] and w.stats["strong"] == {
        "wins": 0,
        "losses": 0,
        "draws": 0,
    }
    assert w.state["outcome"]["termination"] == "wiped_out"


def test_the_mimebundle_shows_the_board_where_widgets_cannot_run():
    w = Reversi()
    w.play("d3")
    data, _ = w._repr_mimebundle_()
    assert data["text/plain"] == "Reversi, White to move, 4-1"
    assert data["image/svg+xml"].startswith("<svg") and 'data-square="d3"' in data["image/svg+xml"]
    assert "application/vnd.jupyter.widget-view+json" in data


def test_think_time_is_validated_when_set_later_too():
    w = Reversi(think_time=0.5)
    for bad in (-1, 0, "x", True, 601):
        with pytest.raises(ValueError, match="think_time"):
            w.think_time = bad
    assert w.think_time == 0.5
    w.think_time = 2
    assert w.state["settings"]["think_time"] == 2.0
