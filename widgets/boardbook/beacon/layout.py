"""The Beacon Lines map's geometry, shared by the static picture (``svg.py``) and the live board
(``game.py`` sends it in ``state.board``), so a book page and the widget draw the same map.

The article's layout (docs/seeds/002): the two Homes on the west, the three middle regions in a
column (North Pass, Crossroads, South Pass), the two objectives on the east (Beacon, Depot).
Each region is a shaped territory with a landmark icon; the roads are exactly the adjacency
table's edges (docs/RULES.md, Beacon Lines: decorations never imply an edge).

Why one road bridges another: with the Homes west and both objectives east, the map cannot be
drawn with no crossing at all. In any crossing-free drawing the four roads out of Crossroads
alternate Home, objective, Home, objective around it (Red Home's region of the K(2,3) formed by
the middle regions and the objectives is a different face from Blue Home's, and the path
Beacon–Crossroads–Depot separates them), so one objective's road would have to leave
Crossroads westward between the Homes. Instead the North Pass–Depot road runs around the east
of the Beacon, and the South Pass–Beacon road passes over the Crossroads–Depot road on a drawn
bridge: one crossing, in open ground, where the lower road visibly stops under the bridge.
"""

from __future__ import annotations

from math import atan2, degrees, hypot
from typing import TypedDict

from .rules import (
    BEACON,
    BLUE_HOME,
    CROSSROADS,
    DEPOT,
    EDGES,
    NORTH_PASS,
    RED_HOME,
    REGIONS,
    SOUTH_PASS,
)

__all__ = [
    "BRIDGES",
    "HEIGHT",
    "ICONS",
    "LAYOUT",
    "NODE_H",
    "NODE_W",
    "ROADS",
    "SHAPES",
    "WIDTH",
    "Bridge",
    "Icon",
    "RegionGeometry",
    "Road",
    "region_geometry",
    "token_positions",
]

WIDTH, HEIGHT = 520, 440
#: A region's territory is about this big (its shape's bounding box; used for badge placing).
NODE_W, NODE_H = 128, 108

#: Centre of each region in the 520×440 drawing.
LAYOUT: dict[str, tuple[int, int]] = {
    RED_HOME: (70, 124),
    BLUE_HOME: (70, 322),
    NORTH_PASS: (218, 72),
    CROSSROADS: (218, 222),
    SOUTH_PASS: (218, 372),
    BEACON: (420, 134),
    DEPOT: (420, 318),
}

#: Offsets from the centre: the name's baseline, the marker tokens' row, the detail's baseline.
NAME_DY, TOKENS_DY, DETAIL_DY, ICON_DX, ICON_DY, BADGE_DX, BADGE_DY = -6, 18, 46, -30, -34, 30, -50
#: The widest a region's texts may be drawn (the territory's inner width), in map units.
TEXT_WIDTH = {
    RED_HOME: 112,
    BLUE_HOME: 112,
    NORTH_PASS: 148,
    CROSSROADS: 150,
    SOUTH_PASS: 148,
    BEACON: 108,
    DEPOT: 104,
}


class Icon(TypedDict):
    """A landmark icon: its kind, where it sits, its line work and its solid parts."""

    name: str
    x: int
    y: int
    stroke: str
    fill: str


class RegionGeometry(TypedDict):
    """Where one region and its texts are drawn (``state.board.regions[i]`` carries these)."""

    x: int
    y: int
    shape: str
    icon: Icon
    name_y: int
    tokens_y: int
    detail_y: int
    badge_x: int
    badge_y: int
    text_width: int


class Road(TypedDict):
    """One edge of the adjacency table as a drawn path; ``bridge``: it passes over another."""

    edge: list[str]
    d: str
    bridge: bool


class Bridge(TypedDict):
    """Where the ``over`` road crosses the ``under`` road, and the deck's path."""

    over: list[str]
    under: list[str]
    x: float
    y: float
    angle: float
    d: str


def _smooth(points: list[tuple[float, float]]) -> str:
    """A closed smooth outline through the midpoints of ``points`` (a hand-drawn territory)."""
    n = len(points)
    mids = [
        ((points[i][0] + points[(i + 1) % n][0]) / 2, (points[i][1] + points[(i + 1) % n][1]) / 2)
        for i in range(n)
    ]
    d = f"M{mids[-1][0]:.1f} {mids[-1][1]:.1f}"
    for i in range(n):
        (cx, cy), (mx, my) = points[i], mids[i]
        d += f"Q{cx:.1f} {cy:.1f} {mx:.1f} {my:.1f}"
    return d + "Z"


def _outline(name: str) -> str:
    x, y = LAYOUT[name]
    if name in (RED_HOME, BLUE_HOME):
        # A keep: a walled square with three merlons on top (the Home flag flies above it).
        left, right, top, bottom = x - 60, x + 60, y - 46, y + 58
        d = f"M{left} {bottom - 10}V{top}"
        step = (right - left) / 7
        for k in range(7):
            px = left + step * (k + 1)
            d += f"H{px:.1f}" + (f"V{top + 10}" if k % 2 == 0 else f"V{top}")
        return (
            d
            + f"V{bottom - 10}Q{right} {bottom} {right - 10} {bottom}H{left + 10}Q{left} {bottom} {left} {bottom - 10}Z"
        )
    if name == BEACON:
        # The landmark: a wide octagon, like the tower's platform seen from above.
        w, h, c = 58, 56, 22
        pts = [
            (x - w + c, y - h), (x + w - c, y - h), (x + w, y - h + c), (x + w, y + h - c),
            (x + w - c, y + h), (x - w + c, y + h), (x - w, y + h - c), (x - w, y - h + c),
        ]  # fmt: skip
        return "M" + "L".join(f"{px} {py}" for px, py in pts) + "Z"
    if name == DEPOT:
        # A store yard: a rounded rectangle with a notched gate.
        left, right, top, bottom = x - 56, x + 56, y - 54, y + 58
        return (
            f"M{left + 12} {top}H{right - 12}Q{right} {top} {right} {top + 12}V{bottom - 12}"
            f"Q{right} {bottom} {right - 12} {bottom}H{x + 14}V{bottom - 6}H{x - 14}V{bottom}"
            f"H{left + 12}Q{left} {bottom} {left} {bottom - 12}V{top + 12}Q{left} {top} {left + 12} {top}Z"
        )
    # The middle regions: irregular hand-drawn territories, each its own outline.
    wobble = {
        NORTH_PASS: [(-74, -30), (-40, -54), (6, -44), (52, -56), (78, -22), (70, 30), (34, 56),
                     (-14, 48), (-58, 58), (-80, 20)],
        CROSSROADS: [(-72, -40), (-30, -56), (20, -50), (66, -58), (80, -8), (72, 40), (30, 58),
                     (-20, 52), (-66, 56), (-82, 8)],
        SOUTH_PASS: [(-78, -36), (-36, -56), (12, -48), (58, -58), (80, -20), (74, 28), (40, 58),
                     (-6, 50), (-52, 58), (-80, 22)],
    }[name]  # fmt: skip
    return _smooth([(x + dx, y + dy) for dx, dy in wobble])


#: Each region's territory outline (an SVG path in map units).
SHAPES: dict[str, str] = {name: _outline(name) for name in REGIONS}

#: Landmark icons, drawn around (0, 0) and placed at (x, y + ICON_DY): ``stroke`` is line work,
#: ``fill`` solid parts. Pictures only: none of them is drawn like a road.
ICONS: dict[str, dict[str, str]] = {
    # A flag on a pole: the Home's permanent ownership (RULES.md, "Home flags").
    "flag": {"stroke": "M-8 12V-14", "fill": "M-8 -14L12 -8L-8 -2Z"},
    # Two peaks: a mountain pass.
    "pass": {"stroke": "", "fill": "M-18 10L-6 -10L1 0L7 -8L18 10Z"},
    # A signpost: a post and two arrow boards.
    "signpost": {
        "stroke": "M0 12V-12",
        "fill": "M-1 -12H12L16 -8L12 -4H-1ZM1 -2H-12L-16 2L-12 6H1Z",
    },
    # A tower with a light on top and rays.
    "beacon": {
        "stroke": "M-13 -13L-8 -9M13 -13L8 -9M0 -19V-14",
        "fill": "M-6 12L-3 -6H3L6 12ZM-5 -7A5 5 0 0 1 5 -7Z",
    },
    # A crate.
    "depot": {"stroke": "M-11 -4H11M-11 -4L0 -11L11 -4", "fill": "M-11 -4H11V11H-11Z"},
}
REGION_ICON = {
    RED_HOME: "flag",
    BLUE_HOME: "flag",
    NORTH_PASS: "pass",
    CROSSROADS: "signpost",
    SOUTH_PASS: "pass",
    BEACON: "beacon",
    DEPOT: "depot",
}


def _road(a: str, b: str) -> str:
    (x1, y1), (x2, y2) = LAYOUT[a], LAYOUT[b]
    if {a, b} == {NORTH_PASS, DEPOT}:
        # Around the east of the Beacon, clear of its roads (see the module docstring).
        (nx, ny), (dx, dy) = LAYOUT[NORTH_PASS], LAYOUT[DEPOT]
        return (
            f"M{nx} {ny}C{nx + 90} {ny - 50} {dx - 20} {ny - 58} {dx + 56} {ny - 6}"
            f"S{dx + 74} {dy - 150} {dx + 62} {dy - 80}S{dx + 30} {dy - 10} {dx} {dy}"
        )
    return f"M{x1} {y1}L{x2} {y2}"


#: The one road that passes over another, and the one under it.
BRIDGE_OVER, BRIDGE_UNDER = (SOUTH_PASS, BEACON), (CROSSROADS, DEPOT)


def _crossing() -> tuple[float, float, float]:
    """Where the bridge road crosses the lower road, and the bridge road's direction (degrees)."""
    (ax, ay), (bx, by) = LAYOUT[BRIDGE_OVER[0]], LAYOUT[BRIDGE_OVER[1]]
    (cx, cy), (dx, dy) = LAYOUT[BRIDGE_UNDER[0]], LAYOUT[BRIDGE_UNDER[1]]
    denom = (bx - ax) * (dy - cy) - (by - ay) * (dx - cx)
    t = ((cx - ax) * (dy - cy) - (cy - ay) * (dx - cx)) / denom
    return ax + t * (bx - ax), ay + t * (by - ay), degrees(atan2(by - ay, bx - ax))


def _bridge() -> Bridge:
    x, y, angle = _crossing()
    (ax, ay), (bx, by) = LAYOUT[BRIDGE_OVER[0]], LAYOUT[BRIDGE_OVER[1]]
    length = hypot(bx - ax, by - ay)
    ux, uy = (bx - ax) / length, (by - ay) / length
    half = 17
    return {
        "over": list(BRIDGE_OVER),
        "under": list(BRIDGE_UNDER),
        "x": round(x, 1),
        "y": round(y, 1),
        "angle": round(angle, 1),
        # The deck: a short piece of the upper road, drawn with parapets on both sides.
        "d": f"M{x - half * ux:.1f} {y - half * uy:.1f}L{x + half * ux:.1f} {y + half * uy:.1f}",
    }


def _road_order(edge: tuple[str, str]) -> int:
    return 1 if edge == BRIDGE_OVER else 0


#: Every road of the adjacency table once, the bridged-over one last (drawn on top).
ROADS: list[Road] = [
    {"edge": [a, b], "d": _road(a, b), "bridge": (a, b) == BRIDGE_OVER}
    for a, b in sorted(EDGES, key=_road_order)
]
BRIDGES: list[Bridge] = [_bridge()]


def token_positions(count_red: int, count_blue: int, x: float, y: float) -> list[tuple[str, float]]:
    """Where a region's marker tokens go: red circles then blue squares, centred on ``x``, at
    ``y + TOKENS_DY``; a gap between the sides, so two sides' tokens never read as one group."""
    step, gap = 22, 12
    sides = ["red"] * count_red + ["blue"] * count_blue
    width = step * max(len(sides) - 1, 0) + (gap if count_red and count_blue else 0)
    left = x - width / 2
    out: list[tuple[str, float]] = []
    for i, side in enumerate(sides):
        extra = gap if side == "blue" and count_red else 0
        out.append((side, left + i * step + extra))
    return out


def region_geometry(name: str) -> RegionGeometry:
    """The drawing data of one region, as ``state.board.regions[i]`` carries it."""
    x, y = LAYOUT[name]
    icon = ICONS[REGION_ICON[name]]
    return {
        "x": x,
        "y": y,
        "shape": SHAPES[name],
        # The icon sits top left, the claim badge (drawn by the board) top right.
        "icon": {
            "name": REGION_ICON[name],
            "x": x + ICON_DX,
            "y": y + ICON_DY,
            "stroke": icon["stroke"],
            "fill": icon["fill"],
        },
        "badge_x": x + BADGE_DX,
        "badge_y": y + BADGE_DY,
        "text_width": TEXT_WIDTH[name],
        "name_y": y + NAME_DY,
        "tokens_y": y + TOKENS_DY,
        "detail_y": y + DETAIL_DY,
    }
