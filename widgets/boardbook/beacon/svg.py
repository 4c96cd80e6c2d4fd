"""The Beacon Lines map as a static SVG: the same territories, landmark icons, marker tokens,
roads and bridge as the live board, from the geometry both share (``layout.py``).

Homes sit on the west, the three middle regions in a column, and the two objectives on the
east side (as the article draws them). Only the adjacency table's edges are drawn as roads; the
one place two roads cross is a drawn bridge. Ownership is a tint and a pattern (red stripes,
blue dots); markers are tokens (red circles, blue squares), so it reads without colour too.
``colors=`` overrides any colour of ``COLORS`` by name: ``colors={"road": "#6b6b6b"}``.
``lang="ja"`` writes its words (status lines, points, the regions' titles) in Japanese, from
the board's own texts (``texts.py``); the region names stay as the map spells them.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from html import escape
from typing import TYPE_CHECKING, Any

from ..core import i18n
from ..core.game import SvgString, palette
from . import texts  # noqa: F401  (registers the map's words with core.i18n)
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
from .rules import BEACON, BLUE, HOMES, MAX_ROUNDS, OBJECTIVES, RED, REGIONS

if TYPE_CHECKING:
    from .rules import Position

__all__ = ["COLORS", "HEIGHT", "LAYOUT", "WIDTH", "position_svg"]

#: The picture's colours by name; ``position_svg(colors=...)`` overrides any of them.
COLORS: Mapping[str, str] = {
    "background": "#fbfaf6",
    "road": "#8a8577",
    "bridge": "#6f5f43",  # the bridge's parapets
    "highlight": "#e0a100",  # an outlined region's edge
    RED: "#c8463d",  # a side's home, edge, tokens, stripes and claim badge
    BLUE: "#2f6db5",
    f"{RED}_tint": "#f6d5d1",  # a region a side holds
    f"{BLUE}_tint": "#d3e2f4",
    "neutral": "#f3f1ea",  # a region nobody holds
    "edge": "#3b3428",  # a neutral region's edge, the icons on a region
    "ink": "#222",  # names, the title, the ring of a changed region
    "status": "#333",  # the status lines
    "light": "#fff",  # texts and icons on a home, token and badge rims
}

#: Type large enough that every text stays at least 12 px when a phone (390 px wide) shrinks
#: the 520-unit drawing to ~320 px (two maps side by side stack there, each full width).
NAME_FONT, DETAIL_FONT, TITLE_FONT, STATUS_FONT = 20, 20, 20, 20
#: Marker tokens: 20 units across (12 px at that scale).
TOKEN_R = 10
#: Claim badges sit on the territory's top corners.
BADGE_W, BADGE_H = 128, 108
#: The map's typefaces: a Japanese picture names a face with Japanese glyphs first (the book's
#: Japanese pages serve Noto Sans JP; elsewhere the system's Japanese face is used).
FONTS = {
    "en": "system-ui, sans-serif",
    "ja": "'Noto Sans JP', 'Hiragino Sans', 'Yu Gothic', Meiryo, system-ui, sans-serif",
}


def position_svg(
    position: Position,
    *,
    highlight: Iterable[str] = (),
    title: str | None = None,
    marks: Mapping[str, Any] | None = None,
    colors: Mapping[str, str] | None = None,
    lang: str = "en",
) -> SvgString:
    """Draw ``position``; ``highlight`` outlines regions (e.g. one side's legal targets).

    ``marks`` (optional) explain a round on a static page: ``"claims"`` ``{side: region}``
    badges the regions each side claimed (``+1`` in its colour); ``"changed"`` regions whose
    owner changed get a dashed ring. Each region is a ``<g data-square="Region name">``.
    ``colors`` overrides colours of ``COLORS`` by name (an unknown name raises ValueError).
    ``lang`` is the language of its words (``"en"`` or ``"ja"``).
    """
    c = palette(COLORS, colors)
    background, road_colour, light = c["background"], c["road"], c["light"]
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
            f'aria-label="{escape(title or i18n.text("beacon.board", lang))}" '
            f'class="bb-beacon-map" font-family="{FONTS[lang]}" font-size="{NAME_FONT}">'
        ),
        f'<rect width="{WIDTH}" height="{HEIGHT + top}" rx="10" fill="{background}" class="bb-bg"/>',
    ]
    # Two lines: at this size one line would run past the map's right edge.
    if position.round:
        status = i18n.text(
            "beacon.map.after", lang, round=position.round, max=MAX_ROUNDS, rules=position.rules
        )
    else:
        status = i18n.text("beacon.map.start", lang, rules=position.rules)
    red, blue = i18n.text("beacon.red", lang), i18n.text("beacon.blue", lang)
    score = i18n.text(
        "beacon.map.score", lang, red=red, blue=blue, red_score=scores[RED], blue_score=scores[BLUE]
    )
    if position.outcome is not None:
        winner = position.outcome.winner
        result = (
            i18n.text("result.side_wins", lang, side=i18n.text(f"beacon.{winner}", lang))
            if winner
            else i18n.text("beacon.map.draw", lang)
        )
        score = i18n.text("beacon.map.result", lang, score=score, result=result)
    if title:
        parts.append(
            f'<text x="14" y="24" font-size="{TITLE_FONT}" font-weight="600" fill="{c["ink"]}" '
            f'class="bb-map-text">{escape(title)}</text>'
        )
    first = 56 if title else 28
    for k, line in enumerate((status, score)):
        parts.append(
            f'<text x="14" y="{first + 24 * k}" font-size="{STATUS_FONT}" fill="{c["status"]}" '
            f'class="bb-map-text bb-map-status">{escape(line)}</text>'
        )
    parts.append(
        '<defs><pattern id="bb-sv-red" width="12" height="12" patternUnits="userSpaceOnUse" '
        f'patternTransform="rotate(45)"><rect width="5" height="12" fill="{c[RED]}" '
        'opacity="0.32"/></pattern><pattern id="bb-sv-blue" width="12" height="12" '
        f'patternUnits="userSpaceOnUse"><circle cx="6" cy="6" r="2.4" fill="{c[BLUE]}" '
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
                f'<path d="{d}" fill="none" stroke="{background}" stroke-width="22" '
                'class="bb-bg-stroke"/>'
            )
        parts.append(
            f'<path d="{d}" fill="none" stroke="{road_colour}" stroke-width="7" '
            'stroke-linecap="round" '
            f'class="bb-road"><title>{escape(str(a))} – {escape(str(b))}</title></path>'
        )
    for bridge in BRIDGES:
        d = escape(bridge["d"])
        parts.append(
            f'<path d="{d}" fill="none" stroke="{c["bridge"]}" stroke-width="17" class="bb-bridge"/>'
            f'<path d="{d}" fill="none" stroke="{road_colour}" stroke-width="10" '
            'class="bb-bridge"/>'
        )
    for name in REGIONS:
        x, y = LAYOUT[name]
        geo = region_geometry(name)
        shape = SHAPES[name]
        owner = control[name]
        home = name in HOMES.values()
        fill = c[owner or "neutral"] if home else c[f"{owner}_tint" if owner else "neutral"]
        stroke = c["highlight"] if name in marked else c[owner] if owner else c["edge"]
        width = 6 if name in marked else 3 if owner or name in OBJECTIVES else 2
        text_fill = light if home else c["ink"]
        points = 1 if name != BEACON else (2 if position.rules == "v1" else 1)
        label = _aria(name, owner, markers.get(name), name in marked, points, lang)
        parts.append(f'<g data-square="{escape(name)}"><title>{escape(label)}</title>')
        if name in changed:
            parts.append(
                f'<path d="{shape}" fill="none" stroke="{c["ink"]}" stroke-width="12" '
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
        ink = light if home else c["edge"]
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
                        f'<circle cx="{tx:.1f}" cy="{ty}" r="{TOKEN_R}" fill="{c[RED]}" '
                        f'stroke="{light}" stroke-width="2" class="bb-token"/>'
                    )
                else:
                    parts.append(
                        f'<rect x="{tx - TOKEN_R:.1f}" y="{ty - TOKEN_R}" width="{2 * TOKEN_R}" '
                        f'height="{2 * TOKEN_R}" '
                        f'rx="2" fill="{c[BLUE]}" stroke="{light}" stroke-width="2" '
                        'class="bb-token"/>'
                    )
        parts.append(
            f'<text x="{x}" y="{geo["detail_y"]}" text-anchor="middle" font-size="{DETAIL_FONT}" '
            f'font-weight="600" fill="{text_fill}">'
            f"{escape(i18n.text('beacon.points', lang, points=points))}</text>"
        )
        for k, side in enumerate(sorted(claims.get(name, ()), key=(RED, BLUE).index)):
            bx = x - BADGE_W // 2 + 8 + k * (BADGE_W - 16)
            by = y - BADGE_H // 2 + 4
            parts.append(
                f'<g class="bb-mark-claim" data-mark="{escape(side)}">'
                f'<circle cx="{bx}" cy="{by}" r="17" fill="{c[side]}" '
                f'stroke="{light}" stroke-width="2.5"/>'
                f'<text x="{bx}" y="{by + 7}" text-anchor="middle" font-size="20" '
                f'font-weight="700" fill="{light}">+1</text></g>'
            )
        parts.append("</g>")
    parts.append("</g></svg>")
    return SvgString("".join(parts))


def _aria(
    name: str,
    owner: str | None,
    count: dict[str, int] | None,
    legal: bool,
    points: int,
    lang: str = "en",
) -> str:
    """The region in words, starting with what it shows (its name and points)."""
    if owner:
        held = i18n.text("beacon.held_by", lang, side=i18n.text(f"beacon.{owner}", lang))
    else:
        held = i18n.text("beacon.neutral", lang)
    text = i18n.text(
        "beacon.map.region",
        lang,
        region=name,
        points=i18n.text("beacon.points", lang, points=points),
        held=held,
    )
    if count is not None:
        text += i18n.text("beacon.aria.markers", lang, red=count[RED], blue=count[BLUE])
    if legal:
        text += i18n.text("beacon.aria.legal", lang)
    return text
