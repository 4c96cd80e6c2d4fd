"""Beacon Lines: the map and the rules (``beacon/rules``): the map's table, a round's five
steps, the first moves, one snapshot for both sides, ties, and a road cut behind a region;
each checked on the engine."""

from __future__ import annotations

from boardbook import IllegalMoveError
from boardbook.beacon import EDGES, NEIGHBOURS, REGIONS, TARGETS, Position
from boardbook.beacon.rules import (
    BEACON_POINTS,
    HOMES,
    MAX_ROUNDS,
    MIDDLE,
    OBJECTIVES,
    WIN_LEAD,
    WIN_POINTS,
)
from boardbook.core import i18n
from IPython.display import Markdown, display
from kit import before_after, lesson, say
from kit.beacon import listing, score_text, side_name, to_markdown
from kit.twin import Twin


class Page(Twin):
    def __init__(self, lang: str) -> None:
        super().__init__(lang)
        self.the_map()
        self.a_round()
        self.first_moves()
        self.refusal()
        self.one_snapshot()
        self.ties()
        self.cut_off()

    # -- the map
    def the_map(self) -> None:
        self.start = Position.start()
        assert len(REGIONS) == 7 and set(TARGETS) == set(REGIONS) - set(HOMES.values())
        assert all(b not in MIDDLE for a in MIDDLE for b in NEIGHBOURS[a])  # middle unconnected
        assert all((a in NEIGHBOURS[b]) for a in REGIONS for b in NEIGHBOURS[a])  # two-way roads
        assert set(OBJECTIVES) == {"Beacon", "Depot"}
        say("region_count", len(REGIONS))
        say("road_count", len(EDGES))
        say("middle", listing(MIDDLE, self.lang))
        say("objectives", listing(OBJECTIVES, self.lang))

    def start_state(self, name: str) -> str:
        owner = self.start.control[name]
        if name in HOMES.values():
            assert owner is not None
            side = side_name(owner, self.lang)
            return self.t(en=f"permanently {side}, 1 point", ja=f"ずっと{side}、1点")
        if name in OBJECTIVES:
            return self.t(en="neutral objective", ja="中立の目標")
        return self.t(en="neutral", ja="中立")

    def map_table(self) -> None:
        region, neighbours, start = (
            self.t(en="Region", ja="地域"),
            self.t(en="Neighbours", ja="となりの地域"),
            self.t(en="Start", ja="はじめの状態"),
        )
        rows = [
            {
                region: name,
                neighbours: self.t(en=", ", ja="、").join(NEIGHBOURS[name]),
                start: self.start_state(name),
            }
            for name in REGIONS
        ]
        display(Markdown(to_markdown(rows)))  # type: ignore[no-untyped-call]

    def start_board(self) -> None:
        n = len(self.start.legal_targets("red"))
        lesson(
            self.start,
            self.t(
                en="The start. Red may claim the two regions outlined in gold.",
                ja=f"はじめの地図。赤が主張できるのは、金色のわくで囲んだ{n}つの地域です。",
            ),
            highlight=self.start.legal_targets("red"),
            lang=self.lang,
        )

    # -- a round, step by step
    def a_round(self) -> None:
        start = self.start
        say("max_rounds", MAX_ROUNDS)
        say("win_points", WIN_POINTS)
        say("win_lead", WIN_LEAD)
        say("beacon_v0", BEACON_POINTS["v0"])
        say("beacon_v1", BEACON_POINTS["v1"])
        assert start.scores == {"red": 1, "blue": 1}
        say("start_score", score_text(start, self.lang))

    # -- the legal first moves
    def first_moves(self) -> None:
        start = self.start
        red_first = self.red_first = start.legal_targets("red")
        blue_first = start.legal_targets("blue")
        assert red_first == ("North Pass", "Crossroads")
        assert blue_first == ("Crossroads", "South Pass")
        for objective in OBJECTIVES:  # neither Home touches an objective: never a first move
            assert not set(NEIGHBOURS[objective]) & set(HOMES.values())
            assert objective not in red_first + blue_first
        assert len(start.legal_moves()) == len(red_first) * len(blue_first)
        say("red_first", listing(red_first, self.lang))
        say("blue_first", listing(blue_first, self.lang))
        say("first_pairs", len(start.legal_moves()))
        say(
            "objectives_or",
            self.t(en=" or ".join(OBJECTIVES), ja=" ".join(f"{name} も" for name in OBJECTIVES)),
        )

    def refusal(self) -> None:
        try:
            self.start.play("Beacon/South Pass")
        except IllegalMoveError as error:
            # The board's own words for it, in the page's language.
            details = {**error.details, "side": side_name(str(error.details["side"]), "ja")}
            words = i18n.text(f"beacon.err.{error.code}", "ja", **details)
            say("refused", self.t(en=error.reason, ja=words))
        else:
            raise AssertionError("Red may not claim the Beacon in round 1")

    # -- one snapshot for both sides
    def one_snapshot(self) -> None:
        after_passes = self.start.play("North Pass/South Pass")
        assert after_passes.control["North Pass"] == "red"
        assert after_passes.control["South Pass"] == "blue"
        red_second = after_passes.legal_targets("red")
        new_for_red = [t for t in red_second if t not in self.red_first]
        assert set(new_for_red) == {"Beacon", "Depot"}
        say("red_second", listing(red_second, self.lang))
        say("new_for_red", listing(new_for_red, self.lang))

    def passes_board(self) -> None:
        before_after(
            self.start,
            "North Pass/South Pass",
            self.t(
                en="Round 1: each side takes the Pass next to its Home.",
                ja="ラウンド1：どちらも、自分の本拠地のとなりの Pass を取ります。",
            ),
            lang=self.lang,
        )

    # -- ties are neutral
    def ties(self) -> None:
        clash = self.start.play("Crossroads/Crossroads")
        assert clash.markers["Crossroads"] == {"red": 1, "blue": 1}
        assert clash.control["Crossroads"] is None and clash.scores == self.start.scores
        say("clash_score", score_text(clash, self.lang))

    def tie_board(self) -> None:
        before_after(
            self.start,
            "Crossroads/Crossroads",
            self.t(
                en="Both claim the Crossroads: 1 to 1 is a tie, so nobody holds it.",
                ja="両者が Crossroads を主張：1対1の同数なので、どちらのものにもなりません。",
            ),
            lang=self.lang,
        )

    # -- holding a region is not reaching it
    def cut_off(self) -> None:
        route = self.cut_off_route = ["Crossroads/South Pass", "Beacon/Crossroads"]
        cut = self.cut = Position.from_route(route)
        assert cut.control["Beacon"] == "red" and cut.control["Crossroads"] is None
        assert cut.records[1].start_control["Crossroads"] == "red"  # Red's road to the Beacon
        assert not any(cut.control[n] == "red" for n in NEIGHBOURS["Beacon"])
        assert "Beacon" not in cut.legal_targets("red") and cut.outcome is None
        say("cut_route", self.t(en=" then ", ja="、次に").join(f"`{r}`" for r in route))
        say("cut_beacon_neighbours", listing(NEIGHBOURS["Beacon"], self.lang))
        say("cut_red_targets", listing(cut.legal_targets("red"), self.lang))
        say("cut_score", score_text(cut, self.lang))

    def cut_round_board(self) -> None:
        before_after(
            Position.from_route(self.cut_off_route[:1]),
            self.cut_off_route[1],
            self.t(
                en="Round 2: Red reaches the Beacon, but Blue ties the Crossroads behind it.",
                ja="ラウンド2：赤は Beacon に届きますが、青がその後ろの Crossroads を同数にします。",
            ),
            lang=self.lang,
        )

    def cut_board(self) -> None:
        lesson(
            self.cut,
            self.t(
                en="Round 3: Red may claim only the gold regions. The Beacon is cut off.",
                ja="ラウンド3：赤が主張できるのは金色の地域だけです。Beacon への道は切れています。",
            ),
            highlight=self.cut.legal_targets("red"),
            lang=self.lang,
        )
