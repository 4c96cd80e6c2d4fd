"""The Beacon Lines map as a static SVG: regions as named nodes, roads as straight edges.

The same layout (``LAYOUT``) is sent to the widget's front end, so the picture in a book page
and the live board agree. Homes sit on the west, the three middle regions in a column, and the
two objectives on the east side (as the article draws them). Only the adjacency table's edges
are drawn: nothing decorative suggests a road.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from html import escape
from typing import TYPE_CHECKING, Any

from ..core.game import SvgString
from .rules import BEACON, BLUE, DEPOT, EDGES, HOMES, NORTH_PASS, OBJECTIVES, RED, REGIONS

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
BACKGROUND = "#fbfaf6"
ROAD = "#8a8577"
GOLD = "#e0a100"

#: The static picture's boxes and type are larger than the widget's (``NODE_W``/``NODE_H``), so
#: names stay readable when a phone shrinks the 520-unit drawing to ~360 px.
PICTURE_NODE_W, PICTURE_NODE_H = 138, 66
NAME_FONT, DETAIL_FONT, TITLE_FONT, STATUS_FONT = 18, 15, 18, 17


def position_svg(
    position: Position,
    *,
    highlight: Iterable[str] = (),
    title: str | None = None,
    marks: Mapping[str, Any] | None = None,
) -> SvgString:
    """Draw ``position``; ``highlight`` outlines regions (e.g. one side's legal targets).

    ``marks`` (optional) explain a round on a static page: ``"claims"`` ``{side: region}``
    badges the regions each side claimed (``+1`` in its colour); ``"changed"`` regions whose
    owner changed get a dashed ring. Each region is a ``<g data-square="Region name">``.
    """
    marks = marks or {}
    control, markers, scores = position.control, position.markers, position.scores
    marked = set(highlight)
    changed = set(marks.get("changed", ()))
    claims: dict[str, list[str]] = {}
    for side, region in dict(marks.get("claims", {})).items():
        claims.setdefault(str(region), []).append(str(side))
    top = 64 if title else 44
    nw, nh = PICTURE_NODE_W, PICTURE_NODE_H
    parts = [
        (
            f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT + top}" '
            f'width="{WIDTH}" height="{HEIGHT + top}" role="img" '
            f'aria-label="{escape(title or "Beacon Lines map")}" class="bb-beacon-map" '
            f'font-family="system-ui, sans-serif" font-size="{NAME_FONT}">'
        ),
        f'<rect width="{WIDTH}" height="{HEIGHT + top}" rx="10" fill="{BACKGROUND}" class="bb-bg"/>',
    ]
    played = f"after round {position.round} of 3" if position.round else "start"
    status = (
        f"{played.capitalize()} · rules {position.rules} · Red {scores[RED]}, Blue {scores[BLUE]}"
    )
    if position.outcome is not None:
        winner = position.outcome.winner
        status += " · " + (f"{winner.capitalize()} wins" if winner else "draw")
    if title:
        parts.append(
            f'<text x="14" y="24" font-size="{TITLE_FONT}" font-weight="600" fill="#222" '
            f'class="bb-map-text">{escape(title)}</text>'
        )
    parts.append(
        f'<text x="14" y="{54 if title else 30}" font-size="{STATUS_FONT}" fill="#333" '
        f'class="bb-map-text bb-map-status">{escape(status)}</text>'
    )
    parts.append(f'<g transform="translate(0,{top})">')
    # Each road on a casing of the background colour: where two roads cross, the later one
    # passes over the earlier like a bridge, so a reader can follow both.
    for a, b in sorted(EDGES, key=_crossing_last):
        (x1, y1), (x2, y2) = LAYOUT[a], LAYOUT[b]
        # The casing is a <path>, so the picture's <line>s are exactly the map's roads.
        parts.append(
            f'<path d="M{x1} {y1}L{x2} {y2}" stroke="{BACKGROUND}" stroke-width="11" '
            'stroke-linecap="round" class="bb-bg-stroke"/>'
        )
        parts.append(
            f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke-linecap="round" '
            f'stroke="{ROAD}" stroke-width="4" class="bb-road">'
            f"<title>{escape(a)} – {escape(b)}</title></line>"
        )
    for name in REGIONS:
        x, y = LAYOUT[name]
        owner = control[name]
        home = name in HOMES.values()
        fill = COLOURS[owner] if home else TINTS[owner]
        stroke = GOLD if name in marked else COLOURS[owner] if owner else ROAD
        width = 6 if name in marked else 2
        text_fill = "#fff" if home else "#222"
        label = _aria(name, owner, markers.get(name), name in marked)
        parts.append(f'<g data-square="{escape(name)}" aria-label="{escape(label)}">')
        if name in changed:
            parts.append(
                f'<rect x="{x - nw // 2 - 7}" y="{y - nh // 2 - 7}" width="{nw + 14}" '
                f'height="{nh + 14}" rx="{14 if name not in OBJECTIVES else 38}" fill="none" '
                f'stroke="#222" stroke-width="3" stroke-dasharray="7 5" '
                f'class="bb-mark-changed bb-map-ink" data-mark="{escape(name)}"/>'
            )
        parts.append(
            f'<rect x="{x - nw // 2}" y="{y - nh // 2}" width="{nw}" height="{nh}" '
            f'rx="{8 if name not in OBJECTIVES else 32}" fill="{fill}" stroke="{stroke}" '
            f'stroke-width="{width}"/>'
        )
        parts.append(
            f'<text x="{x}" y="{y - 7}" text-anchor="middle" font-weight="700" '
            f'fill="{text_fill}">{escape(name)}</text>'
        )
        if home:
            detail = "home · 1 pt"
        else:
            count = markers[name]
            points = 1 if name != BEACON else (2 if position.rules == "v1" else 1)
            detail = f"R {count[RED]} · B {count[BLUE]} · {points} pt"
        parts.append(
            f'<text x="{x}" y="{y + 17}" text-anchor="middle" font-size="{DETAIL_FONT}" '
            f'fill="{text_fill}">{escape(detail)}</text>'
        )
        for k, side in enumerate(sorted(claims.get(name, ()), key=(RED, BLUE).index)):
            bx = x - nw // 2 + 4 + k * (nw - 8)
            parts.append(
                f'<g class="bb-mark-claim" data-mark="{escape(side)}">'
                f'<circle cx="{bx}" cy="{y - nh // 2}" r="15" fill="{COLOURS[side]}" '
                f'stroke="#fff" stroke-width="2.5"/>'
                f'<text x="{bx}" y="{y - nh // 2 + 5}" text-anchor="middle" font-size="14" '
                f'font-weight="700" fill="#fff">+1</text></g>'
            )
        parts.append("</g>")
    parts.append("</g></svg>")
    return SvgString("".join(parts))


def _crossing_last(edge: tuple[str, str]) -> tuple[int, str, str]:
    """Roads out of North Pass last, so they bridge over the ones they cross."""
    return (NORTH_PASS in edge, *edge)


def _aria(name: str, owner: str | None, count: dict[str, int] | None, legal: bool) -> str:
    held = f"held by {owner.capitalize()}" if owner else "neutral"
    text = f"{name}, {held}"
    if count is not None:
        text += f", markers Red {count[RED]} Blue {count[BLUE]}"
    if legal:
        text += ", legal target"
    return text
