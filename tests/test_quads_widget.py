"""The Quads widget without a browser: intents in through the front end's path, state out.

Messages go through ``w._handle_custom_msg`` (what ipywidgets calls for a front-end
``model.send``). Winning shapes and shared attributes are checked against a brute-force
reference written here from RULES.md (rows, columns, diagonals, 2×2 squares; a shape wins when
its four pieces agree on one of the four bits), not against the engine's own tables.
"""

from __future__ import annotations

import random
import re
import threading
import time

import pytest
from boardbook.core import i18n
from boardbook.core.game import IllegalMoveError
from boardbook.quads import Position
from boardbook.quads.game import QuadsGame
from boardbook.quads.widget import Quads

# Move sequences found by random playouts (inputs, not expected results).
SQUARE_WIN = [":8", "B2:9", "C2:10", "B3:0", "A1:11", "C3:"]  # four large pieces on B2–C3
DRAW = [
    ":12", "C4:11", "D4:5", "C1:14", "D1:9", "B3:15", "B1:4", "B4:7", "C3:13",
    "A2:3", "A4:0", "D2:6", "B2:8", "D3:1", "A1:2", "A3:10", "C2:",
]  # fmt: skip
WORDS = (("large", "small"), ("dark", "light"), ("round", "square"), ("solid", "hollow"))
BITS = (8, 4, 2, 1)


def name(row: int, col: int) -> str:
    return "ABCD"[col] + str(row + 1)


def brute_shapes(squares: bool = True) -> list[list[str]]:
    """Every winning shape from RULES.md, written out from coordinates."""
    shapes = [[name(r, c) for c in range(4)] for r in range(4)]
    shapes += [[name(r, c) for r in range(4)] for c in range(4)]
    shapes += [[name(i, i) for i in range(4)], [name(i, 3 - i) for i in range(4)]]
    if squares:
        shapes += [
            [name(r, c), name(r, c + 1), name(r + 1, c), name(r + 1, c + 1)]
            for r in range(3)
            for c in range(3)
        ]
    return shapes


def brute_wins(board: dict[str, int], squares: bool = True) -> tuple[set[str], set[str]]:
    """(the squares of every completed winning shape, the attribute words they share)."""
    lit: set[str] = set()
    words: set[str] = set()
    for shape in brute_shapes(squares):
        if all(s in board for s in shape):
            pieces = [board[s] for s in shape]
            for bit, (yes, no) in zip(BITS, WORDS):
                if all(p & bit for p in pieces):
                    lit |= set(shape)
                    words.add(yes)
                elif not any(p & bit for p in pieces):
                    lit |= set(shape)
                    words.add(no)
    return lit, words


def words_of(piece: int) -> str:
    return " ".join(yes if piece & bit else no for bit, (yes, no) in zip(BITS, WORDS))


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("BOARDBOOK_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setattr(QuadsGame, "cpu_reply_delay_s", 0.0)
    return tmp_path / "data"


def send(w, **msg):
    """Deliver a message exactly as the front end's ``model.send(msg)`` does."""
    w._handle_custom_msg(msg, [])


def click(w, target):
    send(w, kind="input", target=target)


def targets(w):
    return w.state["input"]["targets"]


def tray_states(w):
    return {item["id"]: item["state"] for item in w.state["tray"]["items"]}


def board_pieces(w):
    return {sq["id"]: sq["piece"]["value"] for sq in w.state["board"]["squares"] if sq["piece"]}


def without_notice(state):
    return {k: v for k, v in state.items() if k not in ("notice", "notice_kind")}


# ------------------------------------------------------------------ the two steps
def test_the_game_opens_with_a_give_from_the_tray():
    w = Quads()
    s = w.state
    assert targets(w) == [f"piece:{p}" for p in range(16)]
    assert s["input"]["step"] == "opening_give"
    assert s["status"] == "First player: choose a piece to give to your opponent"
    assert set(tray_states(w).values()) == {"available"} and s["tray"]["held"] is None
    items = {item["id"]: item for item in s["tray"]["items"]}
    for p in range(16):  # words for screen readers and the four attributes for drawing
        assert items[f"piece:{p}"]["aria"] == words_of(p)
        fields = items[f"piece:{p}"]["piece"]
        assert [fields[k] for k in ("large", "dark", "round", "solid")] == [
            bool(p & b) for b in BITS
        ]
    assert all(sq["aria"] == f"{sq['id']}, empty" for sq in s["board"]["squares"])


def test_place_then_give_is_one_move_built_from_two_inputs():
    w = Quads()
    click(w, "piece:7")
    s = w.state
    assert w.history == [":7"]
    assert s["status"] == "Second player: place piece 7 (small dark round solid)"
    assert s["input"]["step"] == "place" and s["input"]["prompt"] == s["status"]
    assert sorted(targets(w)) == sorted(name(r, c) for r in range(4) for c in range(4))
    assert s["tray"]["held"]["item"] == "piece:7" and tray_states(w)["piece:7"] == "held"
    click(w, "D2")
    s = w.state
    assert w.history == [":7"] and s["input"]["selection"] == ["D2"]
    assert s["input"]["step"] == "give" and "give your opponent a piece" in s["status"]
    # The chosen square shows the piece set down; the held box is empty meanwhile.
    d2 = next(sq for sq in s["board"]["squares"] if sq["id"] == "D2")
    assert d2["piece"]["value"] == 7 and d2["pending"] is True
    assert s["tray"]["held"] is None and tray_states(w)["piece:7"] == "used"
    assert set(targets(w)) == {f"piece:{p}" for p in range(16) if p != 7}
    assert s["input"]["can_back"]
    click(w, "piece:3")
    assert w.history == [":7", "D2:3"] and w.position.piece_at("D2") == 7
    assert w.state["status"] == "First player: place piece 3 (small light round solid)"
    assert w.state["last_move"]["squares"] == ["D2"]


def test_back_and_rechoosing_the_square_before_the_give():
    w = Quads()
    click(w, "piece:7")
    click(w, "D2")
    click(w, "A1")  # another empty square re-chooses the placement
    assert w.state["input"]["selection"] == ["A1"] and w.history == [":7"]
    send(w, kind="back")
    assert w.state["input"]["selection"] == [] and w.state["input"]["step"] == "place"


@pytest.mark.parametrize(
    ("setup", "bad", "expected"),
    [
        ([":7"], "piece:3", "Place piece 7 first."),  # a give before placing
        ([":7", "D2"], "piece:7", "Piece 7 is the one you are placing: give another."),
        ([":7", "D2:3", "A1"], "piece:7", "Piece 7 is already on D2."),  # a used piece
        # A piece on the board clicked while one must be placed: where it is, not the step.
        ([":7", "D2:3"], "piece:7", "Piece 7 is already on D2."),
        ([":7", "D2:3"], "D2", "D2 is taken."),  # a taken square
        ([":7", "D2:3", "A1"], "D2", "D2 is taken."),
        ([], "B2", "The game opens with a give: choose a piece for your opponent."),
        ([":7"], "piece:99", None),
        ([":7"], "Z9", None),
        ([":7"], "d2", "'d2' cannot be chosen now."),  # squares are written A1-D4
    ],
)
def test_refused_inputs_name_the_rule_and_change_nothing(setup, bad, expected):
    w = Quads()
    for step in setup:
        if ":" in step:
            w.play(step)
        else:
            w.input(step)
    before = without_notice(w.state)
    click(w, bad)
    assert w.state["notice"]
    if expected is not None:
        assert w.state["notice"] == expected
    assert without_notice(w.state) == before


def test_a_win_by_inputs_highlights_the_shape_and_names_the_shared_attributes(data_dir):
    w = Quads()
    for move in SQUARE_WIN:
        square, _, give = move.partition(":")
        if square:
            click(w, square)
        if give:
            click(w, f"piece:{give}")
    assert w.history == SQUARE_WIN
    o = w.state["outcome"]
    lit, words = brute_wins(board_pieces(w))
    assert o["winner"] == "second" and o["termination"] == "shape_completed"
    assert set(o["squares"]) == lit == {"B2", "C2", "B3", "C3"}
    assert set(o["details"]["attributes"]) == words == {"large", "light"}
    assert o["detail"] == "Second player completed square B2–C3: four large light pieces"
    assert o["title"] == "Player 2 wins (Second player)"
    assert targets(w) == [] and w.state["to_move"] is None
    assert o["why"].startswith("Why: First player gave piece 11")
    before = without_notice(w.state)
    click(w, "D4")
    assert w.state["notice"].startswith("The game is over.")
    assert without_notice(w.state) == before
    w.lang = "ja"
    assert "2×2の正方形 B2–C3" in w.state["outcome"]["detail"]


def test_a_full_board_without_a_shape_is_a_draw_and_says_so():
    w = Quads()
    for move in DRAW:
        w.play(move)
    o = w.state["outcome"]
    assert len(board_pieces(w)) == 16 and brute_wins(board_pieces(w)) == (set(), set())
    assert o["winner"] is None and o["squares"] == []
    assert o["title"] == i18n.text("result.draw", "en")
    assert o["detail"] == "The board is full with no winner: a draw"


def test_classic_rules_do_not_count_squares():
    w = Quads(squares=False)
    for move in SQUARE_WIN[:-1]:
        w.play(move)
    w.play("C3:1")  # the same placement is no win without the 2×2 squares
    assert w.position.outcome is None and brute_wins(board_pieces(w), squares=False)[0] == set()
    assert brute_wins(board_pieces(w), squares=True)[0] == {"B2", "C2", "B3", "C3"}
    assert "Classic" in w.state["extra"]["variant"] and w.state["extra"]["shapes"] == 10


def test_random_games_by_inputs_end_as_the_brute_force_reference_says():
    rng = random.Random(8)
    for squares in (True, False):
        for _ in range(6):
            w = Quads(squares=squares)
            while w.position.outcome is None:
                click(w, rng.choice(targets(w)))
                lit, words = brute_wins(board_pieces(w), squares)
                if w.position.outcome is None:
                    assert lit == set()
            o = w.state["outcome"]
            lit, words = brute_wins(board_pieces(w), squares)
            assert set(o["squares"]) == lit
            assert (o["winner"] is None) == (not lit)
            assert set(o["details"].get("attributes", ())) == words
            w.close()


# ------------------------------------------------------------------ the Python API
def test_python_api_plays_notation_and_raises_typed_errors():
    w = Quads()
    w.play(":7")
    w.play("d2:3")
    assert w.history == [":7", "D2:3"]
    with pytest.raises(IllegalMoveError):
        w.play(7)
    with pytest.raises(IllegalMoveError, match="taken"):
        w.play("D2:1")
    assert w.history == [":7", "D2:3"]
    assert repr(w._repr_mimebundle_()[0]["text/plain"]).startswith("'Quads")


# ------------------------------------------------------------------ the CPU
def test_cpu_replies_and_undo_returns_to_the_human_with_the_same_held_piece():
    w = Quads(mode="cpu", level="careful", human="first")
    click(w, "piece:0")
    w.wait(30)
    assert len(w.history) == 2 and not w.state["busy"]
    held = w.position.held
    assert held is not None and w.state["tray"]["held"]["item"] == f"piece:{held}"
    assert w.state["status"].startswith(f"You: place piece {held} (")
    before = w.position
    square = targets(w)[0]
    click(w, square)
    click(w, targets(w)[0])
    w.wait(30)
    assert len(w.history) == 4 or w.position.outcome is not None
    send(w, kind="undo")
    assert w.position == before and w.position.held == held
    assert (
        w.state["tray"]["held"]["item"] == f"piece:{held}" and w.state["input"]["step"] == "place"
    )


def test_the_cpu_gives_first_when_the_human_plays_second():
    w = Quads(mode="cpu", level="random", human="second")
    w.wait(30)
    assert len(w.history) == 1 and w.position.held is not None
    assert w.state["input"]["step"] == "place"


def slow_search(gate, started):
    def search(self, position, level, **_):
        started.set()
        while not gate.is_set():
            time.sleep(0.005)
            yield
        return position.legal_moves()[0]

    return search


def test_input_while_the_cpu_thinks_is_refused(monkeypatch):
    gate, started = threading.Event(), threading.Event()
    monkeypatch.setattr(QuadsGame, "search", slow_search(gate, started))
    w = Quads(mode="cpu", level="perfect", human="second")
    assert started.wait(10)
    assert w.state["busy"] and targets(w) == []
    before = without_notice(w.state)
    click(w, "piece:3")
    assert w.state["notice"] == i18n.text("err.busy", "en")
    assert without_notice(w.state) == before
    gate.set()
    w.wait(30)
    assert not w.state["busy"] and w.history == [":0"]
    w.close()


# ------------------------------------------------------------------ review and stats
def test_review_shows_earlier_positions_with_their_held_piece_and_blocks_input():
    w = Quads()
    for move in [":7", "D2:3", "A1:5"]:
        w.play(move)
    send(w, kind="review", ply=1)
    s = w.state
    assert s["review"] == {"ply": 1, "total": 3} and board_pieces(w) == {}
    assert s["tray"]["held"]["item"] == "piece:7" and targets(w) == []
    click(w, "B2")
    assert w.state["notice"] == i18n.text("err.reviewing", "en")
    send(w, kind="review", ply=None)
    assert board_pieces(w) == {"D2": 7, "A1": 3} and w.state["tray"]["held"]["item"] == "piece:5"


def test_stats_count_a_finished_game_per_level(data_dir):
    rng = random.Random(3)
    w = Quads(mode="cpu", level="random", human="first")
    for _ in range(60):
        w.wait(30)
        if w.position.outcome is not None:
            break
        click(w, rng.choice(targets(w)))
    w.wait(30)
    outcome = w.position.outcome
    assert outcome is not None
    record = w.state["stats"]["random"]
    key = "draws" if outcome.winner is None else "wins" if outcome.winner == "first" else "losses"
    assert record[key] == 1 and sum(record.values()) == 1
    assert all(sum(v.values()) == 0 for level, v in w.state["stats"].items() if level != "random")


def test_japanese_prompts_name_the_step():
    w = Quads(lang="ja")
    assert w.state["status"] == "先手：相手に渡す駒を選んでください"
    click(w, "piece:15")
    assert w.state["status"] == "後手：駒15（大型・ダーク・丸型・中実の駒）を置いてください"
    click(w, "A1")
    assert "相手に渡す駒" in w.state["status"]


def test_settings_switch_the_variant_and_restart():
    w = Quads()
    w.play(":7")
    send(w, kind="settings", squares=False)
    assert w.history == [] and w.position == Position.start(squares=False)
    assert w.state["settings"]["squares"] is False
    assert w.state["labels"]["squares"] == "2×2 squares win too"


def test_the_js_tests_snapshots_are_what_python_sends_now(tmp_path, monkeypatch):
    """js/tests/quads.test.js draws js/tests/visual/quads-states.json: it must not drift."""
    import importlib.util
    import json
    from pathlib import Path

    script = Path(__file__).parents[1] / "js" / "tests" / "visual" / "quads_states.py"
    spec = importlib.util.spec_from_file_location("quads_states", script)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    committed = json.loads(module.OUT.read_text(encoding="utf-8"))
    monkeypatch.setattr(module, "OUT", tmp_path / "states.json")
    module.main()
    fresh = json.loads((tmp_path / "states.json").read_text(encoding="utf-8"))
    assert fresh == committed, "run .venv/bin/python js/tests/visual/quads_states.py"


# ------------------------------------------------------------------ the coach
def wait_for(predicate, timeout=90.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return
        time.sleep(0.05)
    raise AssertionError("timed out")


def test_hints_mark_every_give_with_its_verdict_and_the_reason_in_words():
    # Row 2 holds three small dark pieces; the held piece 1 goes to D1, then a give is due.
    cells = {"A2": 7, "B2": 4, "C2": 6, "A4": 3, "D4": 10}
    text = "".join(
        f"{cells[name(r, c)]:x}" if name(r, c) in cells else "." for r in range(4) for c in range(4)
    )
    w = Quads(hints="on", position=f"{text} 1")
    click(w, "D1")
    wanted = set(targets(w))
    wait_for(lambda: set(w.state["coach"]["hints"]) == wanted)
    hints = w.state["coach"]["hints"]
    after = {**cells, "D1": 1}
    for target, hint in hints.items():
        piece = int(target.split(":")[1])
        wins_somewhere = any(
            brute_wins({**after, sq: piece})[0]
            for sq in (name(r, c) for r in range(4) for c in range(4))
            if sq not in after
        )
        assert (hint["text"] == "✗now") == wins_somewhere, target
        assert hint["reason"]
    assert hints["piece:13"]["tone"] == "bad"  # large dark square solid
    assert hints["piece:13"]["reason"] == "Gives a win on D2 (row 2: three dark pieces)."
    assert hints["piece:9"]["text"] != "✗now"  # large light square solid: no win at once
    w.close()


def test_hints_on_the_placement_value_each_empty_square():
    w = Quads(hints="on", position="0a.f/..3./..../.... 7")
    wait_for(lambda: set(w.state["coach"]["hints"]) == set(targets(w)))
    coach = w.state["coach"]
    assert coach["summary"].startswith("Best: ")
    assert any(h["best"] for h in coach["hints"].values())
    w.close()


def settled_coach(w):
    wait_for(lambda: w.state["coach"]["hints"] and not w.state["coach"]["pending"])
    return w.state["coach"]


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_opening_hint_says_every_give_is_safe_instead_of_listing_all_16(lang):
    # Issue #18: the summary listed all 16 pieces; the badges already carry each verdict.
    w = Quads(hints="on", lang=lang)
    coach = settled_coach(w)
    assert len(coach["hints"]) == 16
    how = i18n.text("quads.coach.estimate", lang)
    assert coach["summary"] == i18n.text("quads.coach.all_safe", lang, how=how)
    w.close()


def test_a_give_hint_names_the_best_two_and_what_to_avoid():
    w = Quads(hints="on", position="7.4./..6./..../...a 1")
    click(w, "D1")  # piece 1 on D1: now a give, four of the pieces left win at once
    coach = settled_coach(w)
    bad = sorted(int(t.split(":")[1]) for t, h in coach["hints"].items() if h["tone"] == "bad")
    best = [int(t.split(":")[1]) for t, h in coach["hints"].items() if h["best"]]
    assert len(bad) == 4 and len(best) > 2
    summary = coach["summary"]
    named = [int(n) for n in re.findall(r"piece (\d+)", summary)]
    assert named == [*best[:2], *bad[:2]], summary
    assert f"and {len(best) - 2} more" in summary and f"and {len(bad) - 2} more" in summary
    assert f"Avoid piece {bad[0]}" in summary
    w.close()


def test_placement_values_are_on_the_graphs_scale_and_the_summary_says_so():
    # Issue #18: the badges showed the search's raw score ("≈+5" on a ±20 scale) while the
    # graph reads +1 a win, −1 a loss.
    w = Quads(hints="on")
    w.play(":3")
    coach = settled_coach(w)
    assert coach["summary"].endswith(" Numbers: expected result, +1 a win, −1 a loss.")
    for hint in coach["hints"].values():
        text = hint["text"]
        if text in ("win", "draw", "loss"):
            continue
        assert re.fullmatch(r"0|[+\u2212][01]\.\d\d", text), text
        assert -1 <= float(text.replace("\u2212", "-")) <= 1
        assert "from −1 (a loss) to +1 (a win)" in hint["reason"]
    w.close()


def test_a_teacher_can_lock_hints_off():
    w = Quads(hints="locked-off")
    send(w, kind="settings", hints="on")
    assert w.state["notice"] and w.state["settings"]["hints"] == "locked-off"
    assert w.state["coach"]["hints"] == {}
    with pytest.raises(ValueError, match="locked off"):
        w.hints = "on"
    w.close()


def test_the_review_graph_marks_the_give_that_lost():
    w = Quads()
    for move in SQUARE_WIN:
        w.play(move)
    wait_for(lambda: (w.state["coach"]["graph"] or {}).get("pending") is False)
    graph = w.state["coach"]["graph"]
    assert len(graph["values"]) == len(SQUARE_WIN) + 1 and graph["values"][-1] == -1
    turning = " / ".join(t["text"] for t in graph["turning"])
    assert "A1:11 gave piece 11, which wins on C3" in turning
    w.close()


def test_the_daily_puzzle_is_won_in_time_against_the_cpus_best_defence():
    import datetime as dt

    from boardbook.quads import daily_puzzle, solve

    date = dt.date(2026, 12, 1)
    puzzle = daily_puzzle(date)
    w = Quads.puzzle(date)
    assert w.position == puzzle.position and w.human_side == puzzle.position.to_move
    assert w.state["settings"]["level"] == "perfect" and w.state["settings"]["mode"] == "cpu"
    own_moves = 0
    while w.position.outcome is None:
        w.wait(60)
        if w.position.outcome is not None:
            break
        assert w.position.to_move == w.human_side
        w.play(solve(w.position).move)  # the solver's move for the solver's puzzle
        own_moves += 1
    assert w.position.outcome.winner == w.human_side
    assert own_moves <= puzzle.moves
    w.close()


def _solve_puzzle(w):
    """Play the solver's move whenever it is the person's turn, until the attempt ends."""
    from boardbook.quads import solve

    while w.state["puzzle"]["result"] == "playing":
        w.wait(60)
        if w.state["puzzle"]["result"] != "playing":
            break
        w.play(solve(w.position).move)


def test_todays_puzzle_records_the_solve_the_time_and_the_streak(data_dir, stats_file):
    from boardbook.core.daily import japan_date
    from boardbook.quads import daily_puzzle

    today = daily_puzzle()
    assert today.date == japan_date()
    w = Quads.puzzle()
    part = w.state["puzzle"]
    goal = "win in 1 move" if today.moves == 1 else f"win within {today.moves} moves"
    assert part["title"] == f"Today's puzzle · {goal}"
    assert part["moves_left"] == today.moves and part["streak"] == 0 and part["counted"]
    _solve_puzzle(w)
    part = w.state["puzzle"]
    assert part["result"] == "solved" and 1 <= part["moves_used"] <= today.moves
    assert part["streak"] == 1 and part["time"] and not part["assisted"]
    assert w.share_text.startswith(f"boardbook Quads daily {today.date.isoformat()}: solved in")
    assert w.share_text.endswith("streak 1 🔥")
    w.close()
    (row,) = stats_file(data_dir).puzzle_history("quads")
    assert row["solved"] and row["puzzle_id"] == today.id and row["moves"] == part["moves_used"]
    assert stats_file(data_dir).games("quads") == []  # not a game vs the CPU


def test_undo_in_the_puzzle_takes_back_the_defence_and_marks_the_attempt_assisted():
    import datetime as dt

    from boardbook.core.daily import japan_date
    from boardbook.quads import daily_puzzle, solve

    # A day whose puzzle takes two or more moves, so there is a defence to take back.
    day = next(
        d
        for d in (japan_date() + dt.timedelta(days=k) for k in range(400))
        if daily_puzzle(d).moves >= 2
    )
    w = Quads.puzzle(day)
    start = w.position
    w.play(solve(w.position).move)
    w.wait(60)
    assert w.state["puzzle"]["result"] == "playing" and len(w.history) == 2
    send(w, kind="undo")  # the person's move and the CPU's defence
    assert w.position == start and w.history == [] and w.state["puzzle"]["assisted"]
    assert "will not count" in w.state["puzzle"]["note"]
    _solve_puzzle(w)
    part = w.state["puzzle"]
    assert part["result"] == "solved" and part["assisted"]
    assert "solved with undo" in part["share"]
    send(w, kind="undo")  # after the end: refused, Try again instead
    assert w.state["notice"] == "This attempt is over: press Try again."
    w.close()
