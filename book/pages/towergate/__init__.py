"""The Tower Gate chapter's pages (rules, tips, blessings, exercises, play); their positions,
pictures and independent checks come from ``book/towergate/figures.py``."""

from __future__ import annotations

from boardbook.towergate import Position
from kit import lesson
from kit.twin import Twin
from towergate.figures import board


class TowerGatePage(Twin):
    """A page of the chapter: its lesson boards speak the page's language."""

    def show(self, pos: Position, caption: str, **options: object) -> None:
        """A lesson board of ``pos`` (``options``: ``figures.board``'s, e.g. ``highlight``)."""
        lesson(board(pos, lang=self.lang, **options), caption, lang=self.lang)
