"""The Beacon Lines map as a static SVG: regions as named nodes, roads as straight edges.

The same layout (``LAYOUT``) is sent to the widget's front end, so the picture in a book page
and the live board agree. Homes sit on the west, the three middle regions in a column, and the
two objectives on the east side (as the article draws them). Only the adjacency table's edges
are drawn: nothing decorative suggests a road.
"""

from __future__ import annotations

from collections.abc import Iterable
from html import escape
from typing import TYPE_CHECKING

from ..core.game import SvgString
from .rules import BEACON, BLUE, DEPOT, EDGES, HOMES, OBJECTIVES, RED, REGIONS

if TYPE_CHECKING:
    from .rules import Position

WIDTH, HEIGHT = 520, 400
NODE_W, NODE_H = 118, 58

#: Centre of each region's node in a 520×400 drawing.
LAYOUT: dict[str, tuple[int, int]] = {
    "Red Home": (75, 115),
    "Blue Home": (75, 305),
    "North Pass": (260, 70),
    "Crossroads": (260, 210),
    "South Pass": (260, 350),
    BEACON: (445, 140),
    DEPOT: (445, 280),
}

COLOURS = {RED: "#c8463d", BLUE: "#2f6db5", None: "#f3f1ea"}
TINTS = {RED: "#f6d5d1", BLUE: "#d3e2f4", None: "#f3f1ea"}


def position_svg(
    position: Position,
    *,
    highlight: Iterable[str] = (),
    title: str | None = None,
) -> SvgString:
    """Draw ``position``; ``highlight`` outlines regions (e.g. one side's legal targets)."""
    control, markers, scores = position.control, position.markers, position.scores
    marked = set(highlight)
    top = 34
    parts = [
        (
            f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT + top}" '
            f'width="{WIDTH}" height="{HEIGHT + top}" role="img" '
            f'aria-label="{escape(title or "Beacon Lines map")}" '
            'font-family="system-ui, sans-serif" font-size="13">'
        ),
        f'<rect width="{WIDTH}" height="{HEIGHT + top}" fill="#fbfaf6"/>',
    ]
    status = f"Round {position.round}/3 · rules {position.rules} · Red {scores[RED]} – Blue {scores[BLUE]}"
    if position.outcome is not None:
        winner = position.outcome.winner
        status += " · " + (f"{winner.capitalize()} wins" if winner else "draw")
    parts.append(f'<text x="12" y="22" font-size="15" fill="#222">{escape(title or status)}</text>')
    if title:
        parts.append(f'<text x="{WIDTH - 12}" y="22" text-anchor="end" fill="#444">{escape(status)}</text>')
    parts.append(f'<g transform="translate(0,{top})">')
    for a, b in EDGES:
        (x1, y1), (x2, y2) = LAYOUT[a], LAYOUT[b]
        parts.append(
            f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="#8a8577" stroke-width="3" '
            f'stroke-linecap="round"><title>{escape(a)} – {escape(b)}</title></line>'
        )
    for name in REGIONS:
        x, y = LAYOUT[name]
        owner = control[name]
        home = name in HOMES.values()
        fill = COLOURS[owner] if home else TINTS[owner]
        stroke = "#e0a100" if name in marked else COLOURS[owner] if owner else "#8a8577"
        width = 5 if name in marked else 2
        text_fill = "#fff" if home else "#222"
        label = _aria(name, owner, markers.get(name), name in marked)
        parts.append(f'<g data-square="{escape(name)}" aria-label="{escape(label)}">')
        parts.append(
            f'<rect x="{x - NODE_W // 2}" y="{y - NODE_H // 2}" width="{NODE_W}" height="{NODE_H}" '
            f'rx="{8 if name not in OBJECTIVES else 28}" fill="{fill}" stroke="{stroke}" '
            f'stroke-width="{width}"/>'
        )
        parts.append(
            f'<text x="{x}" y="{y - 6}" text-anchor="middle" font-weight="600" '
            f'fill="{text_fill}">{escape(name)}</text>'
        )
        if home:
            detail = "permanent, 1 pt"
        else:
            count = markers[name]
            points = 1 if name != BEACON else (2 if position.rules == "v1" else 1)
            detail = f"R {count[RED]} · B {count[BLUE]} · {points} pt"
        parts.append(
            f'<text x="{x}" y="{y + 14}" text-anchor="middle" font-size="12" '
            f'fill="{text_fill}">{escape(detail)}</text>'
        )
        parts.append("</g>")
    parts.append("</g></svg>")
    return SvgString("".join(parts))


def _aria(name: str, owner: str | None, count: dict[str, int] | None, legal: bool) -> str:
    held = f"held by {owner.capitalize()}" if owner else "neutral"
    text = f"{name}, {held}"
    if count is not None:
        text += f", markers Red {count[RED]} Blue {count[BLUE]}"
    if legal:
        text += ", legal target"
    return text
