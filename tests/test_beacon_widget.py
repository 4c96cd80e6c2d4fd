"""BeaconLines widget without a browser: send the front end's intents, assert the snapshot."""

from __future__ import annotations

import json
from itertools import pairwise

import pytest
from boardbook import BeaconLines, IllegalMoveError
from boardbook.beacon import REGIONS, Position
from boardbook.beacon.rules import EDGES

SAFE_ROUTE = ["North Pass/South Pass", "Beacon/Depot"]
FAILED_V1_ROUTE = ["North Pass/South Pass", "Depot/Depot", "Beacon/Beacon"]


@pytest.fixture(autouse=True)
def private_stats(tmp_path, monkeypatch):
    monkeypatch.setenv("BOARDBOOK_DATA_DIR", str(tmp_path))


def send(widget, **message):
    widget._handle_message(widget, message, None)
    widget.wait(30)


def targets(widget):
    return widget.state["input"]["targets"]


def extra(widget):
    return widget.state["extra"]


def make(**kwargs):
    widget = BeaconLines(**kwargs)
    widget.wait(30)
    return widget


def test_defaults_are_cpu_equilibrium_v1_with_the_human_as_red():
    w = make()
    assert (w.mode, w.opponent, w.level, w.rules) == ("cpu", "equilibrium", "equilibrium", "v1")
    assert w.human_side == "red" and w.pending == ("blue",)  # the CPU has locked in, hidden
    state = w.state
    assert state["game"] == "beacon" and state["board"]["kind"] == "map"
    assert [r["id"] for r in state["board"]["regions"]] == list(REGIONS)
    assert targets(w) == ["North Pass", "Crossroads"] and state["to_move"] is None
    assert state["input"]["hidden"] is True and state["input"]["step"] == "choose"
    assert state["extra"]["scores"] == {"red": 1, "blue": 1} and state["extra"]["round"] == 0
    assert state["settings"]["rules"] == "v1"
    assert [r for r, _ in state["options"]["rules"]] == ["v1", "v0"]
    assert [o for o, _ in state["options"]["level"]] == ["equilibrium", "script", "random"]


def test_map_state_has_every_region_with_name_aria_and_only_the_roads():
    state = make().state
    regions = state["board"]["regions"]
    assert [r["id"] for r in regions] == list(REGIONS)
    by_name = {r["id"]: r for r in regions}
    # The aria names what the region shows (its label and detail); the kit adds mark words.
    # Markers are drawn as tokens, so the words for them follow the visible texts.
    assert by_name["North Pass"]["aria"] == "North Pass, 1 pt, markers Red 0, Blue 0, neutral"
    assert by_name["Red Home"]["aria"] == "Red Home, 1 pt, Home, always Red"
    for region in regions:
        assert region["aria"].startswith(f"{region['label']}, {region['detail']}")
    assert by_name["Beacon"]["kind"] == "objective" and "2 pt" in by_name["Beacon"]["detail"]
    assert by_name["Beacon"]["x"] > by_name["Crossroads"]["x"]  # objectives on the east side
    assert len(state["board"]["edges"]) == 10
    json.dumps(state)  # the snapshot is JSON


def test_the_cpu_choice_never_reaches_the_front_end_before_the_reveal():
    # Find two seeds whose equilibrium CPU locks in different round-1 targets; the snapshots
    # the human sees before choosing must be identical.
    seen = {}
    for seed in range(40):
        w = make(seed=seed)
        seen.setdefault(w.match._selection[1], w)
        if len(seen) == 2:
            break
    assert len(seen) == 2
    first, second = (w.state for w in seen.values())
    assert first == second
    # after the human locks in, both targets are revealed together
    w = next(iter(seen.values()))
    send(w, kind="play", square="North Pass")
    assert extra(w)["reveal"]["red"] == "North Pass" and extra(w)["reveal"]["blue"] in REGIONS
    assert len(extra(w)["log"]["rows"]) == 1
    assert w.state["last_move"]["squares"] == ["North Pass", extra(w)["reveal"]["blue"]]


def test_two_players_choose_in_turn_with_the_first_choice_hidden():
    a, b = make(mode="two-player"), make(mode="two-player")
    send(a, kind="play", square="North Pass")
    send(b, kind="play", square="Crossroads")
    assert a.pending == b.pending == ("red",)
    assert a.state == b.state  # nothing tells Blue what Red chose
    assert targets(a) == ["Crossroads", "South Pass"] and a.state["input"]["selection"] == []
    assert "Red has locked in" in a.state["status"]
    send(a, kind="play", square="South Pass")
    assert a.position.route == ["North Pass/South Pass"] and a.pending == ()
    assert extra(a)["reveal"] == {**extra(a)["reveal"], "red": "North Pass", "blue": "South Pass"}


def test_scripted_blue_gives_the_articles_safe_route_and_the_log_records_it():
    w = make(opponent="script")
    send(w, kind="play", square="North Pass")
    assert extra(w)["scores"] == {"red": 2, "blue": 2}
    send(w, kind="input", target="Beacon")
    assert w.position.route == SAFE_ROUTE
    assert w.position.outcome.winner == "red"
    assert w.state["outcome"]["title"] == "You win!"
    assert "4–3" in w.state["outcome"]["detail"]
    assert w.state["outcome"]["termination"] == "score_lead"
    log = extra(w)["log"]
    assert log["columns"] == [
        "Round",
        "Red",
        "Blue",
        "Start ownership",
        "Markers (R:B)",
        "Ownership",
        "Score (R–B)",
        "Win check",
    ]
    assert log["rows"][1] == [
        "2",
        "Beacon",
        "Depot",
        "North Pass: Red; South Pass: Blue",
        "North Pass 1:0, South Pass 0:1, Beacon 1:0, Depot 0:1",
        "North Pass: Red; South Pass: Blue; Beacon: Red; Depot: Blue",
        "4–3",
        "fired",
    ]
    assert w.stats["script"] == {"wins": 1, "losses": 0, "draws": 0}
    assert w.state["stats"]["script"]["wins"] == 1


def test_restart_clears_markers_and_the_script_runs_again():
    w = make(opponent="script", rules="v0")
    for target in ["North Pass", "Beacon", "Depot"]:
        send(w, kind="play", square=target)
    assert w.position.outcome is not None and w.position.outcome.winner is None
    send(w, kind="restart")  # asks first
    assert w.state["event"]["type"] == "confirm" and w.position.round == 3
    send(w, kind="restart", confirmed=True)
    assert w.position == Position.start("v0")
    assert all(r["markers"] in (None, {"red": 0, "blue": 0}) for r in w.state["board"]["regions"])
    send(w, kind="play", square="North Pass")
    assert w.position.route == ["North Pass/South Pass"]
    assert w.stats["script"]["draws"] == 0  # a restarted game is not counted


def test_illegal_and_malformed_clicks_change_nothing_and_say_why():
    w = make(opponent="script")
    before = w.position
    send(w, kind="play", square="Beacon")
    assert "not adjacent" in w.state["notice"] and w.position == before
    send(w, kind="input", target="Red Home")
    assert "Home" in w.state["notice"]
    send(w, kind="play", square="Atlantis")
    assert "Atlantis" in w.state["notice"]
    send(w, kind="play", square=7)
    assert w.position == before and w.pending == ("blue",)
    send(w, kind="fly")
    assert "unknown" in w.state["notice"].lower()
    assert "Choose your target" in w.state["status"]  # the status line stays


def test_python_play_api():
    w = make(opponent="script")
    with pytest.raises(IllegalMoveError, match="only your own target"):
        w.play("North Pass/South Pass")
    with pytest.raises(IllegalMoveError, match="not adjacent"):
        w.play("Depot")
    w.play("north pass")
    w.wait(30)
    assert w.position.route == ["North Pass/South Pass"]
    two = make(mode="two-player")
    two.play("Crossroads/Crossroads")
    assert two.position.control["Crossroads"] is None
    two.play("North Pass")
    with pytest.raises(IllegalMoveError, match="already chosen"):
        two.play("North Pass/South Pass")
    two.play("South Pass")
    assert two.position.route == ["Crossroads/Crossroads", "North Pass/South Pass"]


def test_undo_takes_back_the_last_round_and_the_cpu_chooses_again():
    w = make(opponent="script")
    send(w, kind="play", square="North Pass")
    assert w.state["can_undo"]
    send(w, kind="undo")
    assert w.position.round == 0 and w.pending == ("blue",)
    send(w, kind="undo")
    assert "no move to take back" in w.state["notice"]
    two = make(mode="two-player")
    two.play("North Pass/South Pass")
    two.play("Beacon")
    send(two, kind="undo")  # first the pending (hidden) choice
    assert two.pending == () and two.position.round == 1
    send(two, kind="undo")  # then the last round
    assert two.position.round == 0


def test_undo_after_the_end_removes_the_recorded_result():
    w = make(opponent="script")
    w.play("North Pass"), w.wait(30)
    w.play("Beacon"), w.wait(30)
    assert w.stats["script"]["wins"] == 1
    w.undo()
    w.wait(30)
    assert w.position.round == 1 and w.position.outcome is None
    assert w.stats["script"]["wins"] == 0


def test_rules_toggle_restarts_under_the_other_rules():
    w = make(opponent="script")
    w.play("North Pass"), w.wait(30)
    send(w, kind="settings", rules="v0")
    assert w.rules == "v0" and w.position == Position.start("v0")
    assert w.state["settings"]["rules"] == "v0"
    assert "1 pt" in {r["id"]: r for r in w.state["board"]["regions"]}["Beacon"]["detail"]
    send(w, kind="settings", rules="v9")
    assert w.rules == "v0" and "v9" in w.state["notice"]
    w.rules = "v1"
    w.wait(30)
    assert w.position == Position.start("v1")


def test_opponent_and_mode_settings():
    w = make(mode="two-player")
    assert w.pending == () and "Red, choose" in w.state["status"]
    send(w, kind="settings", mode="cpu", level="random")
    assert w.mode == "cpu" and w.opponent == "random" and w.pending == ("blue",)
    send(w, kind="settings", human="blue")
    assert w.human_side == "blue" and w.pending == ("red",)
    assert targets(w) == ["Crossroads", "South Pass"]


def test_replay_steps_through_a_route_round_by_round():
    w = make(mode="two-player")
    w.replay(FAILED_V1_ROUTE, rules="v1")
    assert w.state["review"] == {"ply": 0, "total": 3}
    assert extra(w)["scores"] == {"red": 1, "blue": 1}
    assert targets(w) == []
    scores = []
    for ply in range(1, 4):
        send(w, kind="review", ply=ply)
        scores.append(extra(w)["scores"])
        assert extra(w)["reveal"]["round"] == ply
    assert scores == [{"red": 2, "blue": 2}] * 3
    assert w.state["outcome"]["winner"] is None
    assert w.stats == make().stats  # a replay is not recorded
    with pytest.raises(IllegalMoveError):
        w.replay(["Beacon/Depot"])
    assert w.position.route == FAILED_V1_ROUTE  # the bad route changed nothing
    # an unfinished replay can be played on after leaving it
    w.replay(SAFE_ROUTE[:1], rules="v0")
    w.review(None)
    w.play("Beacon/Depot")
    assert w.position.scores == {"red": 3, "blue": 3}


def test_japanese_texts():
    w = make(lang="ja", opponent="script")
    assert "ラウンド1" in w.state["status"]
    assert w.state["labels"]["undo"] == "1ラウンド戻す"
    send(w, kind="play", square="Beacon")
    assert "隣接していません" in w.state["notice"]


def test_bad_constructor_arguments():
    with pytest.raises(TypeError):
        BeaconLines(colour="red")
    with pytest.raises(ValueError):
        BeaconLines(rules="v2")
    with pytest.raises(ValueError):
        BeaconLines(opponent="psychic")


def test_widget_builds_in_a_real_kernel_and_saves_its_state(tmp_path):
    import nbclient
    import nbformat

    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {
        "name": "python3",
        "display_name": "Python 3",
        "language": "python",
    }
    nb.cells = [
        nbformat.v4.new_code_cell(
            "from boardbook import BeaconLines\n"
            "w = BeaconLines(opponent='script', rules='v1')\n"
            "w.wait()\n"
            "w.play('North Pass'); w.wait(); w.play('Beacon'); w.wait()\n"
            "print(w.position.outcome.winner, w.position.scores)\n"
            "w"
        )
    ]
    client = nbclient.NotebookClient(
        nb,
        timeout=120,
        kernel_name="python3",
        store_widget_state=True,
        resources={"metadata": {"path": str(tmp_path)}},
    )
    client.execute()
    outputs = nb.cells[0].outputs
    assert "red {'red': 4, 'blue': 3}" in "".join(o.get("text", "") for o in outputs)
    assert any("application/vnd.jupyter.widget-view+json" in o.get("data", {}) for o in outputs)
    saved = nb.metadata["widgets"]["application/vnd.jupyter.widget-state+json"]["state"]
    # The saved parts of the state (js/PROTOCOL.md, "Parts"): the game and its own part.
    states = [m["state"] for m in saved.values() if isinstance(m["state"].get("_setup"), dict)]
    assert any(
        s["_setup"].get("game") == "beacon" and s["_extra"]["extra"].get("route") == SAFE_ROUTE
        for s in states
    )


# -- the map's drawing (layout.py, shared by the live board and the book's picture) ---------------
def _points(d):
    """Sample an SVG path of M/L/C/S commands (absolute) into a polyline."""
    import re

    tokens = re.findall(r"[MLCS]|-?\d+(?:\.\d+)?", d)
    out, i, cmd, pos, last_ctrl = [], 0, "", (0.0, 0.0), None
    while i < len(tokens):
        if tokens[i] in "MLCS":
            cmd, i = tokens[i], i + 1
        n = {"M": 2, "L": 2, "C": 6, "S": 4}[cmd]
        v = [float(x) for x in tokens[i : i + n]]
        i += n
        if cmd in "ML":
            pos = (v[0], v[1])
            out.append(pos)
            last_ctrl = None
            continue
        if cmd == "S":
            c1 = (2 * pos[0] - last_ctrl[0], 2 * pos[1] - last_ctrl[1]) if last_ctrl else pos
            c2, end = (v[0], v[1]), (v[2], v[3])
        else:
            c1, c2, end = (v[0], v[1]), (v[2], v[3]), (v[4], v[5])
        for k in range(1, 41):
            s = k / 40
            a, b, c, e = (1 - s) ** 3, 3 * s * (1 - s) ** 2, 3 * s * s * (1 - s), s**3
            out.append(
                (
                    a * pos[0] + b * c1[0] + c * c2[0] + e * end[0],
                    a * pos[1] + b * c1[1] + c * c2[1] + e * end[1],
                )
            )
        last_ctrl, pos = c2, end
    return out


def _segments_cross(p, q, r, s):
    def orient(a, b, c):
        return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])

    return (orient(p, q, r) * orient(p, q, s) < 0) and (orient(r, s, p) * orient(r, s, q) < 0)


def _crossings(road_a, road_b):
    a, b = _points(road_a["d"]), _points(road_b["d"])
    return sum(
        _segments_cross(a[i], a[i + 1], b[j], b[j + 1])
        for i in range(len(a) - 1)
        for j in range(len(b) - 1)
    )


def test_the_roads_are_exactly_the_tables_edges_and_only_the_bridge_crosses():
    board = make().state["board"]
    roads = board["roads"]
    assert sorted(map(sorted, (r["edge"] for r in roads))) == sorted(map(sorted, EDGES))
    crossing = {}
    for i, a in enumerate(roads):
        for b in roads[i + 1 :]:
            if set(a["edge"]) & set(b["edge"]):
                continue  # roads out of one region meet there, under it
            n = _crossings(a, b)
            if n:
                crossing[(tuple(a["edge"]), tuple(b["edge"]))] = n
    # One crossing on the whole map, and it is the drawn bridge (over the lower road).
    ((bridged, count),) = crossing.items()
    assert count == 1
    (bridge,) = board["bridges"]
    assert {tuple(bridge["over"]), tuple(bridge["under"])} == set(bridged)
    over = next(r for r in roads if r["edge"] == bridge["over"])
    assert over["bridge"] is True and roads[-1] is over  # drawn last: on top
    assert sum(r["bridge"] for r in roads) == 1


def test_each_road_runs_in_the_open_between_its_own_two_regions():
    # A road that ran across a third region would look like an edge to it.
    board = make().state["board"]
    boxes = {
        r["id"]: (r["x"] - board["node_w"] / 2, r["y"] - board["node_h"] / 2,
                  r["x"] + board["node_w"] / 2, r["y"] + board["node_h"] / 2)
        for r in board["regions"]
    }  # fmt: skip
    for road in board["roads"]:
        for x, y in _points(road["d"]):
            for name, (x0, y0, x1, y1) in boxes.items():
                if name in road["edge"]:
                    continue
                assert not (x0 + 6 < x < x1 - 6 and y0 + 6 < y < y1 - 6), (road["edge"], name)


def test_the_layout_puts_homes_west_objectives_east_and_regions_apart():
    board = make().state["board"]
    by = {r["id"]: r for r in board["regions"]}
    west = max(by[n]["x"] for n in ("Red Home", "Blue Home"))
    middle = [by[n]["x"] for n in ("North Pass", "Crossroads", "South Pass")]
    east = min(by[n]["x"] for n in ("Beacon", "Depot"))
    assert west < min(middle) and max(middle) < east
    assert by["North Pass"]["y"] < by["Crossroads"]["y"] < by["South Pass"]["y"]
    for r in board["regions"]:
        half_w, half_h = board["node_w"] / 2, board["node_h"] / 2
        assert half_w <= r["x"] <= board["width"] - half_w
        assert half_h <= r["y"] <= board["height"] - half_h
        assert r["shape"].startswith("M") and r["shape"].endswith("Z")
        assert r["name_y"] < r["tokens_y"] < r["detail_y"]
        assert r["icon"]["name"] == ("flag" if r["kind"] == "home" else r["icon"]["name"])


def test_every_marker_is_a_token_position_and_the_sides_never_interleave():
    from boardbook.beacon.layout import token_positions

    for red in range(4):
        for blue in range(4):
            spots = token_positions(red, blue, 100, 50)
            assert [s for s, _ in spots] == ["red"] * red + ["blue"] * blue
            xs = [x for _, x in spots]
            assert xs == sorted(xs) and all(b - a >= 14 for a, b in pairwise(xs))
            if xs:
                assert abs((xs[0] + xs[-1]) / 2 - 100) < 1e-9  # centred under the name


def test_the_book_picture_and_the_live_board_draw_the_same_map():
    # One layout (layout.py) for both: the same territory outlines, the same road paths.
    w = make(opponent="script")
    w.play("North Pass")
    w.wait(30)
    board = w.state["board"]
    svg = w.position._repr_svg_()
    for region in board["regions"]:
        assert f'd="{region["shape"]}"' in svg, region["id"]
    for road in board["roads"]:
        assert f'd="{road["d"]}" fill="none" stroke="#8a8577"' in svg, road["edge"]
    # Both show North Pass's one red marker as one token and South Pass's blue one as one.
    assert svg.count('class="bb-token"') == 2


def test_the_map_picture_speaks_the_boards_language():
    """``position_svg(lang="ja")``: the picture a Japanese book page shows says what the live
    board says (its points and owners), with no English word left; the drawing is the same."""
    import re

    from boardbook.beacon.svg import position_svg
    from boardbook.core import i18n

    won = Position.from_route(SAFE_ROUTE, rules="v1")  # Red wins 4–3 after round 2
    english, japanese = position_svg(won), position_svg(won, lang="ja", highlight=["Depot"])
    assert english == position_svg(won, lang="en")  # English stays the default
    texts = re.compile(r"<text\b[^>]*>([^<]*)</text>")
    shown = texts.findall(japanese)
    assert shown[:2] == ["ラウンド2後（全3ラウンド）・ルールv1", "赤4点、青3点・赤の勝ち"]
    assert texts.findall(english)[:2] == [
        "After round 2 of 3 · rules v1",
        "Red 4, Blue 3 · Red wins",
    ]
    # Only the region names (as the map spells them) and the rules' name are Latin.
    words = [t for t in shown if t not in REGIONS]
    assert words and not any(re.search(r"[A-Za-z]", t.replace("v1", "")) for t in words), words
    # Each region: the live board's own Japanese for its points and owner.
    w = make(lang="ja")
    w.replay(SAFE_ROUTE, rules="v1")
    board = {region["id"]: region for region in w.state["board"]["regions"]}
    titles = dict(re.findall(r'<g data-square="([^"]+)"><title>([^<]*)</title>', japanese))
    groups = re.split(r'(?=<g data-square=")', japanese)
    for name in REGIONS:
        detail = board[name]["detail"]  # "2点"
        group = next(g for g in groups if g.startswith(f'<g data-square="{name}"'))
        assert texts.findall(group) == [name, detail], name
        owner = won.control[name]
        held = (
            i18n.text("beacon.held_by", "ja", side=i18n.text(f"beacon.{owner}", "ja"))
            if owner
            else i18n.text("beacon.neutral", "ja")
        )
        assert titles[name].startswith(f"{name} {detail}、{held}"), titles[name]
    assert titles["Depot"].endswith("、選択可能")
    assert 'aria-label="Beacon Lines の地図"' in japanese
    assert "Noto Sans JP" in japanese.split(">", 1)[0]

    # The same drawing in both languages: only the words and their typeface differ.
    def drawing(svg: str) -> str:
        svg = re.sub(r"<title>[^<]*</title>|aria-label=\"[^\"]*\"|font-family=\"[^\"]*\"", "", svg)
        return texts.sub("<text/>", svg)

    assert drawing(japanese) == drawing(position_svg(won, highlight=["Depot"]))
