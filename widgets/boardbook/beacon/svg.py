"""The Beacon Lines map as a static SVG: the same territories, landmark icons, marker tokens,
roads and bridge as the live board, from the geometry both share (``layout.py``).

Homes sit on the west, the three middle regions in a column, and the two objectives on the
east side (as the article draws them). Only the adjacency table's edges are drawn as roads; the
one place two roads cross is a drawn bridge. Ownership is a tint and a pattern (red stripes,
blue dots); markers are tokens (red circles, blue squares), so it reads without colour too.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from html import escape
from typing import TYPE_CHECKING, Any

from ..core.game import SvgString
from .layout import (
    BRIDGES,
    HEIGHT,
    ICONS,
    LAYOUT,
    REGION_ICON,
    ROADS,
    SHAPES,
    WIDTH,
    region_geometry,
    token_positions,
)
from .rules import BEACON, BLUE, HOMES, OBJECTIVES, RED, REGIONS

if TYPE_CHECKING:
    from .rules import Position

__all__ = ["HEIGHT", "LAYOUT", "WIDTH", "position_svg"]

COLOURS = {RED: "#c8463d", BLUE: "#2f6db5", None: "#f3f1ea"}
TINTS = {RED: "#f6d5d1", BLUE: "#d3e2f4", None: "#f3f1ea"}
BACKGROUND = "#fbfaf6"
ROAD = "#8a8577"
GOLD = "#e0a100"

#: Type large enough that every text stays at least 12 px when a phone (390 px wide) shrinks
#: the 520-unit drawing to ~320 px (two maps side by side stack there, each full width).
NAME_FONT, DETAIL_FONT, TITLE_FONT, STATUS_FONT = 20, 20, 20, 20
#: Marker tokens: 20 units across (12 px at that scale).
TOKEN_R = 10
#: Claim badges sit on the territory's top corners.
BADGE_W, BADGE_H = 128, 108


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
    top = 94 if title else 70
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
    # Two lines: at this size one line would run past the map's right edge.
    status = f"{played.capitalize()} · rules {position.rules}"
    score = f"Red {scores[RED]}, Blue {scores[BLUE]}"
    if position.outcome is not None:
        winner = position.outcome.winner
        score += " · " + (f"{winner.capitalize()} wins" if winner else "draw")
    if title:
        parts.append(
            f'<text x="14" y="24" font-size="{TITLE_FONT}" font-weight="600" fill="#222" '
            f'class="bb-map-text">{escape(title)}</text>'
        )
    first = 56 if title else 28
    for k, line in enumerate((status, score)):
        parts.append(
            f'<text x="14" y="{first + 24 * k}" font-size="{STATUS_FONT}" fill="#333" '
            f'class="bb-map-text bb-map-status">{escape(line)}</text>'
        )
    parts.append(
        '<defs><pattern id="bb-sv-red" width="12" height="12" patternUnits="userSpaceOnUse" '
        f'patternTransform="rotate(45)"><rect width="5" height="12" fill="{COLOURS[RED]}" '
        'opacity="0.32"/></pattern><pattern id="bb-sv-blue" width="12" height="12" '
        f'patternUnits="userSpaceOnUse"><circle cx="6" cy="6" r="2.4" fill="{COLOURS[BLUE]}" '
        'opacity="0.5"/></pattern></defs>'
    )
    parts.append(f'<g transform="translate(0,{top})">')
    # The roads, exactly the adjacency table's edges (``<path class="bb-road">`` each). The one
    # bridged road comes last on a casing of the background colour, so the road it crosses
    # visibly stops under it, and the bridge's deck has parapets.
    for road in ROADS:
        a, b = road["edge"]
        d = escape(road["d"])
        if road["bridge"]:
            parts.append(
                f'<path d="{d}" fill="none" stroke="{BACKGROUND}" stroke-width="22" '
                'class="bb-bg-stroke"/>'
            )
        parts.append(
            f'<path d="{d}" fill="none" stroke="{ROAD}" stroke-width="7" stroke-linecap="round" '
            f'class="bb-road"><title>{escape(str(a))} – {escape(str(b))}</title></path>'
        )
    for bridge in BRIDGES:
        d = escape(bridge["d"])
        parts.append(
            f'<path d="{d}" fill="none" stroke="#6f5f43" stroke-width="17" class="bb-bridge"/>'
            f'<path d="{d}" fill="none" stroke="{ROAD}" stroke-width="10" class="bb-bridge"/>'
        )
    for name in REGIONS:
        x, y = LAYOUT[name]
        geo = region_geometry(name)
        shape = SHAPES[name]
        owner = control[name]
        home = name in HOMES.values()
        fill = COLOURS[owner] if home else TINTS[owner]
        stroke = GOLD if name in marked else COLOURS[owner] if owner else "#3b3428"
        width = 6 if name in marked else 3 if owner or name in OBJECTIVES else 2
        text_fill = "#fff" if home else "#222"
        points = 1 if name != BEACON else (2 if position.rules == "v1" else 1)
        label = _aria(name, owner, markers.get(name), name in marked, points)
        parts.append(f'<g data-square="{escape(name)}"><title>{escape(label)}</title>')
        if name in changed:
            parts.append(
                f'<path d="{shape}" fill="none" stroke="#222" stroke-width="12" '
                f'stroke-dasharray="7 5" class="bb-mark-changed bb-map-ink" '
                f'data-mark="{escape(name)}"/>'
            )
        parts.append(
            f'<path d="{shape}" fill="{fill}" stroke="{stroke}" stroke-width="{width}" '
            'stroke-linejoin="round"/>'
        )
        if owner:
            pattern_opacity = ' opacity="0.5"' if home else ""
            parts.append(f'<path d="{shape}" fill="url(#bb-sv-{owner})"{pattern_opacity}/>')
        icon = ICONS[REGION_ICON[name]]
        ink = "#fff" if home else "#3b3428"
        ix, iy = geo["icon"]["x"], geo["icon"]["y"]
        parts.append(f'<g transform="translate({ix} {iy})" class="bb-map-icon" aria-hidden="true">')
        if icon["fill"]:
            parts.append(f'<path d="{icon["fill"]}" fill="{ink}"/>')
        if icon["stroke"]:
            parts.append(
                f'<path d="{icon["stroke"]}" fill="none" stroke="{ink}" stroke-width="2.4" '
                'stroke-linecap="round"/>'
            )
        parts.append("</g>")
        parts.append(
            f'<text x="{x}" y="{geo["name_y"]}" text-anchor="middle" font-weight="700" '
            f'fill="{text_fill}">{escape(name)}</text>'
        )
        if not home:
            count = markers[name]
            ty = geo["tokens_y"]
            for side, tx in token_positions(count[RED], count[BLUE], x, ty):
                if side == RED:
                    parts.append(
                        f'<circle cx="{tx:.1f}" cy="{ty}" r="{TOKEN_R}" fill="{COLOURS[RED]}" '
                        'stroke="#fff" stroke-width="2" class="bb-token"/>'
                    )
                else:
                    parts.append(
                        f'<rect x="{tx - TOKEN_R:.1f}" y="{ty - TOKEN_R}" width="{2 * TOKEN_R}" '
                        f'height="{2 * TOKEN_R}" '
                        f'rx="2" fill="{COLOURS[BLUE]}" stroke="#fff" stroke-width="2" '
                        'class="bb-token"/>'
                    )
        parts.append(
            f'<text x="{x}" y="{geo["detail_y"]}" text-anchor="middle" font-size="{DETAIL_FONT}" '
            f'font-weight="600" fill="{text_fill}">{points} pt</text>'
        )
        for k, side in enumerate(sorted(claims.get(name, ()), key=(RED, BLUE).index)):
            bx = x - BADGE_W // 2 + 8 + k * (BADGE_W - 16)
            by = y - BADGE_H // 2 + 4
            parts.append(
                f'<g class="bb-mark-claim" data-mark="{escape(side)}">'
                f'<circle cx="{bx}" cy="{by}" r="17" fill="{COLOURS[side]}" '
                f'stroke="#fff" stroke-width="2.5"/>'
                f'<text x="{bx}" y="{by + 7}" text-anchor="middle" font-size="20" '
                f'font-weight="700" fill="#fff">+1</text></g>'
            )
        parts.append("</g>")
    parts.append("</g></svg>")
    return SvgString("".join(parts))


def _aria(
    name: str, owner: str | None, count: dict[str, int] | None, legal: bool, points: int
) -> str:
    """The region in words, starting with what it shows (its name and points)."""
    held = f"held by {owner.capitalize()}" if owner else "neutral"
    text = f"{name} {points} pt, {held}"
    if count is not None:
        text += f", markers Red {count[RED]} Blue {count[BLUE]}"
    if legal:
        text += ", legal target"
    return text
