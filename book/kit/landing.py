"""The landing page's game cards: a picture of each game from its engine, what it is in one
sentence, and the ways into its chapter. A code cell shows them, so the pictures are the
engine's own SVG, drawn when the book is built, like every other board in the book.
"""

from __future__ import annotations

import base64
from collections.abc import Sequence
from dataclasses import dataclass
from html import escape

from IPython.display import display

__all__ = ["Card", "game_cards"]


@dataclass(frozen=True)
class Card:
    """One game: its name, a picture (SVG), one sentence, and (label, page) links.

    ``page`` is a docname such as ``"reversi/rules"``: ``.html`` on the site, ``.ipynb`` in
    the live copies.
    """

    title: str
    svg: str
    text: str
    links: Sequence[tuple[str, str]]
    alt: str


def _html(cards: Sequence[Card]) -> str:
    items = []
    for card in cards:
        links = "".join(
            f'<a class="bb-card-link" href="{escape(page)}.html">{escape(label)}</a>'
            for label, page in card.links
        )
        items.append(
            f'<section class="bb-card" aria-label="{escape(card.title)}">'
            f'<div class="bb-card-picture">{card.svg}</div>'
            f'<h3 class="bb-card-title">{escape(card.title)}</h3>'
            f'<p class="bb-card-text">{escape(card.text)}</p>'
            f'<p class="bb-card-links">{links}</p></section>'
        )
    return f'<div class="bb-cards">{"".join(items)}</div>'


def _markdown(cards: Sequence[Card]) -> str:
    parts = []
    for card in cards:
        data = base64.b64encode(card.svg.encode()).decode()
        links = " · ".join(f"[{label}]({page}.ipynb)" for label, page in card.links)
        parts.append(
            f'<img src="data:image/svg+xml;base64,{data}" alt="{escape(card.alt)}" width="200">'
            f"\n\n**{card.title}**: {card.text} {links}"
        )
    return "\n\n".join(parts)


def game_cards(cards: Sequence[Card]) -> None:
    """Show the cards (HTML on the site; Markdown with pictures in a notebook)."""
    if not cards or any(not card.links or not card.text.strip() for card in cards):
        raise ValueError("every card needs a sentence and at least one link")
    display(  # type: ignore[no-untyped-call]
        {
            "text/html": _html(cards),
            "text/markdown": _markdown(cards),
            "text/plain": ", ".join(card.title for card in cards),
        },
        raw=True,
    )
