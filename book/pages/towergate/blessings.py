"""Blessings and their balance (``towergate/blessings``): each blessing on a board, checked
against the same position without it, and the balance run's plain result (the "Under the
hood" page, ``under_the_hood/blessing_balance.py``, shows its tables and method)."""

from __future__ import annotations

from typing import Any

from boardbook.core import i18n
from boardbook.towergate import BLESSINGS, Position, rules
from kit import say, squares
from towergate.figures import balance_run, position

from pages.towergate import TowerGatePage


def tenths(share: float) -> int:
    """A score as games in 10."""
    return round(share * 10)


class Page(TowerGatePage):
    def __init__(self, lang: str) -> None:
        super().__init__(lang)
        self.limits()
        self.four_blessings()
        self.balance()

    # -- the limits the rules ship, and the buttons the board shows
    def limits(self) -> None:
        limits = self.LIMITS = rules.BALANCED.limits()
        either = self.t(en=" or ", ja="か")
        say("wind_top", limits["wind_top"])
        say("leap_top", limits["leap_top"])
        say("mason_heights", either.join(str(h) for h in limits["mason_heights"]))
        say("repaint_heights", either.join(str(h) for h in limits["repaint_heights"]))
        # The option buttons' own words, so the prose names them as the board does.
        say("mason_button", i18n.text("towergate.option.mason", self.lang))
        say("repaint_button", i18n.text("towergate.option.repaint", self.lang))

    # -- the four blessings
    def four_blessings(self) -> None:
        empty = [". . . . ."] * 5
        wind = self.wind = position(
            empty, terracotta=["C3", "E5"], blue=["A1", "E1"], blessings={"terracotta": "wind"}
        )
        plain = position(empty, terracotta=["C3", "E5"], blue=["A1", "E1"])
        two_step = self.two_step = {m.target for m in wind.legal_moves() if m.source == "C3"} - {
            m.target for m in plain.legal_moves() if m.source == "C3"
        }
        # Two squares in a straight line from C3, minus the squares with a worker on them.
        assert two_step == {"C1", "A3", "E3", "A5", "C5"}
        say("wind_squares", squares(sorted(two_step), self.lang))

        mason = Position.start("fixed", {"terracotta": "mason"})
        doubled = self.doubled = mason.play("B4-C3^^C4")
        assert doubled.levels("C4") == ("terracotta", "terracotta")
        assert doubled.mason_used["terracotta"]
        assert not any(m.action == "mason" for m in doubled.play("B2-B1^A1").legal_moves())

        repaint = position(
            [". . . . .", ". . . . .", ". . b . .", ". . . . .", ". . . . ."],
            terracotta=["B4", "D4"],
            blue=["B2", "D2"],
            blessings={"terracotta": "repaint"},
        )
        repainted = self.repainted = repaint.play("B4-B3*C3")
        assert repainted.levels("C3") == ("terracotta",)

        leap = position(
            [". . . . .", ". . . . .", ". . tt . .", ". . . . .", ". . . . ."],
            terracotta=["B4", "D4"],
            blue=["B2", "D2"],
            blessings={"terracotta": "leap"},
        )
        assert "C3" in {m.target for m in leap.legal_moves() if m.source == "B4"}
        builds = {m.build for m in leap.legal_moves() if m.source == "B4" and m.target == "C3"}
        assert builds == {"B4"}
        without = Position.from_json({**leap.to_json(), "blessings": {}})
        assert "C3" not in {m.target for m in without.legal_moves()}

    def blessing_boards(self) -> None:
        self.show(
            self.wind,
            self.t(
                en="Wind: the worker on C3 may also move to the ringed squares, two squares away "
                "in a straight line.",
                ja="風：C3の駒は、まっすぐ2マス先の、円が付いたマスにも動けます。",
            ),
            highlight=sorted(self.two_step),
        )
        self.show(
            self.doubled,
            self.t(
                en="Mason: B4-C3^^C4 builds two terracotta levels on C4 at once.",
                ja="石工：B4-C3^^C4で、C4にテラコッタの段を2段まとめて積みます。",
            ),
            last_move="B4-C3^^C4",
        )
        self.show(
            self.repainted,
            self.t(
                en="Repaint: B4-B3*C3 turns C3's blue level terracotta instead of building.",
                ja="塗替：B4-B3*C3は、積む代わりに、C3の青の段をテラコッタの色に塗り替えます。",
            ),
            last_move="B4-B3*C3",
        )

    # -- is a blessing too strong? (the balance run's plain result)
    def balance(self) -> None:
        run: dict[str, Any] = balance_run()
        rows, pairs = run["vs_none"], run["pairs"]
        scores = [row["score"] for row in rows.values()]
        pair_scores = [pairs[a][b] for a in BLESSINGS for b in BLESSINGS if a != b]
        assert 4 <= tenths(min(scores)) <= tenths(max(scores)) <= 6  # "between 4 and 6 in 10"
        assert 4 <= tenths(min(pair_scores)) <= tenths(max(pair_scores)) <= 6
        say("games_each", run["games_per_pairing"])
        say("won_low", tenths(min(scores)))
        say("won_high", tenths(max(scores)))
        say("pair_low", tenths(min(pair_scores)))
        say("pair_high", tenths(max(pair_scores)))
        leap_before = run["as_written"]["leap"]["score"]
        assert tenths(leap_before) >= 8
        say("leap_before", tenths(leap_before))
