"""The article's routes, replayed (``beacon/routes``): its four paper games, each round checked
against the article's own sums and shown with its round log."""

from __future__ import annotations

from typing import ClassVar

from boardbook.beacon import Position, ai
from boardbook.beacon.analysis import ARTICLE_ROUTES
from boardbook.beacon.rules import BEACON_POINTS, HOMES
from IPython.display import HTML, display
from kit import before_after, say
from kit.beacon import html_table, listing, route_table, score_text
from kit.twin import Twin
from live.liveboard import live_board


def after(name: str, rounds: int) -> Position:
    """The position of route ``name`` after its first ``rounds`` rounds."""
    rules, route = ARTICLE_ROUTES[name]
    return Position.from_route(route[:rounds], rules)


class Page(Twin):
    #: The routes' names as the article gives them (its keys in ``ARTICLE_ROUTES``).
    NAMES_JA: ClassVar[dict[str, str]] = {
        "safe route (v0)": "安全ルート（v0）",
        "safe route (v1)": "安全ルート（v1）",
        "v0 continued": "続きのv0ルート",
        "failed v1 route": "v1で失敗するルート",
    }

    def __init__(self, lang: str) -> None:
        super().__init__(lang)
        self.safe_route()
        self.safe_v0()
        self.safe_v1()
        self.continued()
        self.failed()

    def name(self, route: str) -> str:
        return self.t(en=f"the {route}", ja=self.NAMES_JA[route])

    def replay_route(self, route: str) -> None:
        """The route's last round before and after, then its round log as a table."""
        rules, moves = ARTICLE_ROUTES[route]
        n, name = len(moves), self.name(route)
        before_after(
            Position.from_route(moves[:-1], rules),
            moves[-1],
            self.t(
                en=f"The {route}: its last round ({n} of {n}).",
                ja=f"{name}：最後のラウンド（ラウンド{n}）。",
            ),
            lang=self.lang,
        )
        table = html_table(
            route_table(moves, rules, self.lang),
            caption=self.t(en=f"Round log: the {route}", ja=f"ラウンド記録：{name}"),
        )
        display(HTML(table))  # type: ignore[no-untyped-call]

    def breakdown(self, position: Position, side: str) -> str:
        """A side's score and how it is made up: '4 (Home 1 + North Pass 1 + Beacon 2)'."""
        home = self.t(en="Home", ja="本拠地")
        points = {
            (home if name in HOMES.values() else name): (
                BEACON_POINTS[position.rules] if name == "Beacon" else 1
            )
            for name, owner in position.control.items()
            if owner == side
        }
        assert sum(points.values()) == position.scores[side]
        parts = " + ".join(f"{name} {p}" for name, p in points.items())
        total = position.scores[side]
        return self.t(en=f"{total} ({parts})", ja=f"{total}点（{parts}）")

    # -- the safe route
    def safe_route(self) -> None:
        safe_v0_rules, route = ARTICLE_ROUTES["safe route (v0)"]
        assert ARTICLE_ROUTES["safe route (v1)"] == ("v1", route) and safe_v0_rules == "v0"
        self.route = route
        blue_script = ai.SCRIPTS["blue"]
        red_picks = [r.split("/")[0] for r in route]
        blue_picks = [r.split("/")[1] for r in route]
        assert tuple(blue_picks) == blue_script[: len(route)]  # Blue follows the article's script
        # The script is what the "script" opponent plays on these positions.
        assert [
            ai.choose_target(after("safe route (v1)", n), "blue", "script") for n in range(2)
        ] == blue_picks
        round_one = after("safe route (v1)", 1)
        assert score_text(round_one) == "2–2"  # the article: after round 1, 2–2
        say("safe_red", self.t(en=" then ", ja="、次に ").join(red_picks))
        say("blue_script", self.t(en=", ", ja="、").join(blue_script))
        say("safe_r1", score_text(round_one, self.lang))
        say("safe_r1_red", self.breakdown(round_one, "red"))
        say("safe_r1_blue", self.breakdown(round_one, "blue"))
        neutral = [n for n, o in round_one.control.items() if o is None]
        say("safe_r1_neutral", listing(neutral, self.lang))

    # -- under the first paper rules (v0)
    def safe_v0(self) -> None:
        safe_v0 = self.safe_v0_position = after("safe route (v0)", 2)
        assert score_text(safe_v0) == "3–3" and safe_v0.outcome is None  # the article: play on
        assert not safe_v0.records[-1].win_check
        say("safe_v0", score_text(safe_v0, self.lang))
        say("safe_v0_red", self.breakdown(safe_v0, "red"))
        say("safe_v0_blue", self.breakdown(safe_v0, "blue"))

    # -- under the final rules (v1)
    def safe_v1(self) -> None:
        safe_v1 = after("safe route (v1)", 2)
        assert safe_v1.outcome is not None
        assert score_text(safe_v1) == "4–3" and safe_v1.outcome.winner == "red"  # Red wins 4–3
        assert safe_v1.records[-1].win_check and safe_v1.round == 2
        assert safe_v1.route == self.safe_v0_position.route  # same rounds, other rules
        say("safe_v1", score_text(safe_v1, self.lang))
        say("safe_v1_red", self.breakdown(safe_v1, "red"))
        say("safe_v1_blue", self.breakdown(safe_v1, "blue"))
        red, lead = safe_v1.scores["red"], score_text(safe_v1, self.lang)
        say(
            "safe_v1_reason",
            self.t(
                en=f"Red has {red} points and leads {lead}",
                ja=f"赤は{red}点で、{lead}とリードしています",
            ),
        )

    def safe_board(self) -> None:
        start = Position.start("v1")
        live_board(
            start,
            self.t(
                en="The start, final rules: Red may claim the gold regions; Blue follows its script.",
                ja="はじめの地図、最終ルール：赤は金色の地域を主張できます。青は固定スクリプトどおりに選びます。",
            ),
            game="beacon",
            settings={"mode": "cpu", "opponent": "script", "rules": "v1"},
            highlight=start.legal_targets("red"),
            lang=self.lang,
        )

    # -- the v0 route, continued
    def continued(self) -> None:
        _, continued_route = ARTICLE_ROUTES["v0 continued"]
        assert continued_route[:2] == self.route
        continued = after("v0 continued", 3)
        assert continued.markers["Beacon"] == continued.markers["Depot"] == {"red": 1, "blue": 1}
        assert continued.control["Beacon"] is None and continued.control["Depot"] is None
        assert continued.control["Crossroads"] is None
        assert continued.markers["Crossroads"] == {"red": 0, "blue": 0}  # never claimed
        assert continued.outcome is not None
        assert score_text(continued) == "2–2" and continued.outcome.winner is None  # a 2–2 draw
        third = continued_route[2].split("/")
        say("cont_red", third[0])
        say("cont_blue", third[1])
        say("cont_final", score_text(continued, self.lang))
        say("cont_red_score", self.breakdown(continued, "red"))
        say("cont_blue_score", self.breakdown(continued, "blue"))

    # -- a route that fails under v1
    def failed(self) -> None:
        failed_rules, failed_route = ARTICLE_ROUTES["failed v1 route"]
        assert failed_rules == "v1"
        failed_2 = after("failed v1 route", 2)
        failed = after("failed v1 route", 3)
        assert failed_2.control["Depot"] is None and score_text(failed_2) == "2–2"  # Depot tied
        assert failed.control["Beacon"] is None
        assert failed.markers["Beacon"] == {"red": 1, "blue": 1}
        assert failed.outcome is not None
        assert score_text(failed) == "2–2" and failed.outcome.winner is None  # a 2–2 draw
        say("failed_r2", f"`{failed_route[1]}`")
        say("failed_r3", f"`{failed_route[2]}`")
        say("failed_r2_score", score_text(failed_2, self.lang))
        say("failed_final", score_text(failed, self.lang))
        say("beacon_v1", BEACON_POINTS["v1"])
