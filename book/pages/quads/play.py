"""Play a full game (``quads/play``): the live board, against the Clever level, the reader
first (giving the opening piece)."""

from __future__ import annotations

from boardbook.quads import Position
from kit.twin import Twin
from live.liveboard import live_board
from quads.figures import board


class Page(Twin):
    def board(self) -> None:
        live_board(
            board(Position.start(), self.lang),
            self.t(
                en="The start of the game: the first player gives a piece.",
                ja="対局のはじまり：先手が駒を渡します。",
            ),
            game="quads",
            settings={"mode": "cpu", "level": "clever", "human": "first"},
            lang=self.lang,
        )
