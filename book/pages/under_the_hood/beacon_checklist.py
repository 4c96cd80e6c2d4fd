"""Beacon Lines: the article's checklist (``under-the-hood/beacon-checklist``): its six checks,
run on the engine each time the book is made, most of them on every reachable position."""

from __future__ import annotations

from itertools import product

from boardbook import BeaconLines
from boardbook.beacon import EDGES, REGIONS, Position, ai
from boardbook.beacon.rules import BEACON_POINTS, MIDDLE
from IPython.display import HTML, display
from kit import say
from kit.beacon import html_table
from kit.twin import Twin

SIDES = ("red", "blue")


def every_position(rules: str) -> list[Position]:
    """Every position reachable from the start under ``rules`` (each round a new position)."""
    found, frontier = [], [Position.start(rules)]
    while frontier:
        position = frontier.pop()
        found.append(position)
        if position.outcome is None:
            frontier.extend(position.play(move) for move in position.legal_moves())
    return found


def majority(count: dict[str, int]) -> str | None:
    if count["red"] == count["blue"]:
        return None
    return "red" if count["red"] > count["blue"] else "blue"


def points(position: Position, side: str) -> int:
    """Only controlled regions score; a tied (neutral) region adds nothing."""
    beacon = BEACON_POINTS[position.rules]
    held = [name for name, owner in position.control.items() if owner == side]
    return sum(beacon if name == "Beacon" else 1 for name in held)


class Page(Twin):
    def __init__(self, lang: str) -> None:
        super().__init__(lang)
        self.checks: list[dict[str, str]] = []
        self.reachable = {rules: every_position(rules) for rules in ("v0", "v1")}
        self.map_edges()
        self.one_snapshot()
        self.majorities()
        self.safe_route()
        self.failed_route()
        self.restart()
        assert len(self.checks) == 6
        say("checks_passed", len(self.checks))

    def passed(self, item: str, evidence: str) -> None:
        """Record a checklist item whose assertions held (shown in the table)."""
        self.checks.append(
            {
                self.t(en="Check", ja="チェック項目"): item,
                self.t(en="What was tested", ja="確かめたこと"): evidence,
                self.t(en="Result", ja="結果"): self.t(en="✓ passed", ja="✓ 合格"),
            }
        )

    # 1. Seven regions and only the listed edges; no middle region touches another.
    def map_edges(self) -> None:
        article_roads = {
            "Red Home": {"North Pass", "Crossroads"},
            "Blue Home": {"Crossroads", "South Pass"},
            "North Pass": {"Beacon", "Depot"},
            "Crossroads": {"Beacon", "Depot"},
            "South Pass": {"Beacon", "Depot"},
        }
        listed = {frozenset((a, b)) for a, ends in article_roads.items() for b in ends}
        assert len(REGIONS) == 7
        assert {frozenset(edge) for edge in EDGES} == listed
        assert all(frozenset((a, b)) not in listed for a in MIDDLE for b in MIDDLE)
        regions, roads = len(REGIONS), len(EDGES)
        self.passed(
            self.t(
                en="Seven regions and only the listed edges",
                ja="地域は7つ、道は表にあるものだけ",
            ),
            self.t(
                en=f"{regions} regions, {roads} roads, none between {', '.join(MIDDLE)}",
                ja=f"地域{regions}つ、道{roads}本。{'、'.join(MIDDLE)} のあいだに道はない",
            ),
        )

    # 2. Both sides choose from the same start-of-round snapshot; one claim each per round.
    def one_snapshot(self) -> None:
        rounds_checked = 0
        for positions in self.reachable.values():
            for position in positions:
                if position.outcome is not None:
                    continue
                snapshot = position.control
                # The rounds on offer: every pair of one claim each, both judged on the snapshot.
                pairs = product(position.legal_targets("red"), position.legal_targets("blue"))
                assert [str(m) for m in position.legal_moves()] == [f"{r}/{b}" for r, b in pairs]
                for move in position.legal_moves():
                    record = position.play(move).records[-1]
                    assert record.start_control == snapshot
                    for side in SIDES:
                        assert sum(m[side] for m in record.markers.values()) == position.round + 1
                    rounds_checked += 1
        try:
            Position.start().play("North Pass/Beacon/South Pass")  # a second claim in one round
            raise AssertionError("a round with three claims was accepted")
        except ValueError:
            pass
        self.passed(
            self.t(
                en="Both sides choose from one snapshot; exactly one claim each",
                ja="両者は同じ開始時の所有から選び、主張はそれぞれ1回だけ",
            ),
            self.t(
                en=f"{rounds_checked} rounds: every round of every possible game, under v0 and v1",
                ja=f"{rounds_checked}ラウンド：v0とv1で、ありうるすべての対局のすべてのラウンド",
            ),
        )

    # 3. One marker controls; equal markers are neutral; ties score zero.
    def majorities(self) -> None:
        one = Position.start().play("North Pass/South Pass")
        assert one.markers["North Pass"] == {"red": 1, "blue": 0}
        assert one.control["North Pass"] == "red"
        tie = Position.start().play("Crossroads/Crossroads")
        assert tie.control["Crossroads"] is None and tie.scores == {"red": 1, "blue": 1}
        positions = [p for ps in self.reachable.values() for p in ps]
        for position in positions:
            for name, count in position.markers.items():
                assert position.control[name] == majority(count)
            assert position.scores == {side: points(position, side) for side in SIDES}
        n = len(positions)
        self.passed(
            self.t(
                en="One marker controls; equal markers are neutral; ties score zero",
                ja="マーカー1つで持ち主が決まり、同数なら中立、同数の地域は0点",
            ),
            self.t(
                en=f"checked on all {n} positions of every possible game, v0 and v1",
                ja=f"v0とv1で、ありうるすべての対局の全{n}局面で確認",
            ),
        )

    # 4. The safe route: 2–2 after round 1; with the Beacon bonus 4–3 after round 2, Red wins.
    def safe_route(self) -> None:
        safe = Position.from_route(["North Pass/South Pass", "Beacon/Depot"], rules="v1")
        assert safe.records[0].scores == {"red": 2, "blue": 2}
        assert safe.records[1].scores == {"red": 4, "blue": 3} and safe.records[1].win_check
        assert safe.outcome is not None and safe.outcome.winner == "red"
        self.passed(
            self.t(
                en="Safe route: 2–2, then 4–3 and Red wins with the Beacon bonus",
                ja="安全ルート：2対2、次に Beacon のボーナスで4対3となり赤の勝ち",
            ),
            self.t(en="Red wins 4–3 after round 2", ja="ラウンド2のあと、4対3で赤の勝ち"),
        )

    # 5. The failed v1 route: both tie the Depot, then the Beacon; 2–2, no Beacon bonus.
    def failed_route(self) -> None:
        route = ["North Pass/South Pass", "Depot/Depot", "Beacon/Beacon"]
        failed = Position.from_route(route, rules="v1")
        assert failed.control["Depot"] is None and failed.control["Beacon"] is None
        assert [r.scores for r in failed.records] == [{"red": 2, "blue": 2}] * 3
        assert failed.outcome is not None and failed.outcome.winner is None
        self.passed(
            self.t(
                en="Failed v1 route: Depot and Beacon tied, 2–2, no Beacon bonus",
                ja="v1で失敗するルート：Depot も Beacon も同数、2対2、Beacon のボーナスなし",
            ),
            self.t(en="a 2–2 draw after round 3", ja="ラウンド3のあと、2対2の引き分け"),
        )

    # 6. Restart clears every non-Home marker, and the opening script runs again.
    def restart(self) -> None:
        board = BeaconLines(mode="two-player", rules="v0")
        first_blue = []
        for red in ["North Pass", "Beacon"]:
            blue = ai.choose_target(board.position, "blue", "script")  # the scripted Blue
            first_blue.append(blue)
            board.play(f"{red}/{blue}")
        assert any(count["red"] or count["blue"] for count in board.position.markers.values())
        board.restart()
        assert board.position == Position.start("v0")
        assert all(count == {"red": 0, "blue": 0} for count in board.position.markers.values())
        again = ai.choose_target(board.position, "blue", "script")
        board.play(f"North Pass/{again}")
        assert again == first_blue[0] and board.position.route == ["North Pass/South Pass"]
        self.passed(
            self.t(
                en="Restart clears the markers and the script runs again",
                ja="やり直すとマーカーが消え、スクリプトがもう一度動く",
            ),
            self.t(
                en=f"after restart Blue's script opens with {again} again",
                ja=f"やり直したあと、青のスクリプトはまた {again} から始める",
            ),
        )

    def table(self) -> None:
        caption = self.t(en="The article's six checks", ja="記事の6つのチェック項目")
        display(HTML(html_table(self.checks, caption=caption)))  # type: ignore[no-untyped-call]
