"""Play a full game (``towergate/play``): the live board, terracotta against the Normal level,
and the board's own words for its level and buttons."""

from __future__ import annotations

from boardbook.towergate import Position
from kit import board_words, say
from kit.twin import Twin
from live.liveboard import live_board
from towergate.figures import board


class Page(Twin):
    def __init__(self, lang: str) -> None:
        super().__init__(lang)
        # The words the board shows, so the prose names its buttons as the reader sees them.
        shown = board_words("towergate", self.lang, level="normal")
        say("level_label", shown["options"]["level"]["normal"])
        say("back_label", shown["labels"]["back"])
        say("start_label", shown["labels"]["start"])

    def board(self) -> None:
        live_board(
            board(Position.start("fixed"), lang=self.lang),
            self.t(
                en="The start of the game: terracotta to move.",
                ja="対局のはじまり：テラコッタの番です。",
            ),
            game="towergate",
            settings={"level": "normal", "human": "terracotta", "setup": "fixed"},
            lang=self.lang,
        )
