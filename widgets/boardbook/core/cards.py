"""The match's card queue: the messages the page shows one at a time over the board, in order
(``state.event``, js/PROTOCOL.md), each until the page dismisses it by its id.

Kinds: ``"forced"`` (a forced move, held ``hold_ms``), ``"hint"`` (a one-time tip) and
``"confirm"`` (a question whose yes sends the intent ``yes``). Timed forced-move cards go before
everything else, in order, so a pending tip waits until they have passed; asking the same
question twice queues it once.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from .spec import Msg

__all__ = ["Card", "CardQueue"]


@dataclass
class Card:
    id: int
    type: str
    message: Msg
    hold_ms: int | None = None
    yes: dict[str, object] | None = None


class CardQueue:
    """The cards waiting to be shown, the first one on the page."""

    def __init__(self) -> None:
        self._cards: list[Card] = []
        self._counter = 0

    def emit(
        self,
        kind: str,
        message: Msg,
        hold_ms: int | None = None,
        yes: dict[str, object] | None = None,
    ) -> None:
        self._counter += 1
        card = Card(self._counter, kind, message, hold_ms, yes)
        if kind == "confirm":  # asking twice is still one question
            self.drop("confirm")
        if kind == "forced":
            at = sum(1 for queued in self._cards if queued.type == "forced")
            self._cards.insert(at, card)
        else:
            self._cards.append(card)

    def dismiss(self, card_id: int) -> None:
        self._cards = [card for card in self._cards if card.id != card_id]

    def drop(self, kind: str) -> None:
        """Take every card of ``kind`` off the queue (a forced-move card once a move has left
        its moment behind)."""
        self._cards = [card for card in self._cards if card.type != kind]

    def clear(self) -> None:
        self._cards.clear()

    def first(self, render: Callable[[Msg], str]) -> dict[str, object] | None:
        """``state.event``: the first card with its text, or None."""
        if not self._cards:
            return None
        card = self._cards[0]
        event: dict[str, object] = {"id": card.id, "type": card.type, "text": render(card.message)}
        if card.hold_ms is not None:
            event["hold_ms"] = card.hold_ms
        if card.yes is not None:
            event["yes"] = dict(card.yes)
        return event
