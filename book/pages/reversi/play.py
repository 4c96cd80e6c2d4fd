"""Play a full game (``reversi/play``): the live board, against the Strong level as Black."""

from __future__ import annotations

from boardbook.reversi import Position
from kit.twin import Twin
from live.liveboard import live_board


class Page(Twin):
    def board(self) -> None:
        live_board(
            Position.start(),
            self.t(en="The start of the game: Black to move.", ja="対局のはじまり：黒の番です。"),
            game="reversi",
            settings={"mode": "cpu", "level": "strong", "human": "black"},
            lang=self.lang,
        )
