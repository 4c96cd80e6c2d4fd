"""Beacon Lines for the book: tables of rounds, lesson marks for a round, prose helpers.

``record_row``, ``route_table``, ``control_table`` and ``to_markdown`` were in
``boardbook.beacon.analysis``; they only format things for these pages, so they live here.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from html import escape
from typing import Any

from boardbook.beacon import Position
from boardbook.beacon.rules import BLUE, RED, REGIONS, TARGETS, RoundRecord

__all__ = [
    "control_table",
    "html_table",
    "listing",
    "move_marks",
    "record_row",
    "route_table",
    "score_text",
    "to_markdown",
]


def _owner(side: str | None) -> str:
    return side.capitalize() if side else "nobody"


def _ownership(control: Mapping[str, str | None]) -> str:
    held = [f"{name}: {_owner(control[name])}" for name in TARGETS if control[name]]
    return "; ".join(held) or "only the Homes"


def record_row(record: RoundRecord) -> dict[str, str]:
    """One round as strings: every field the article asks to be recorded."""
    return {
        "Round": str(record.round),
        "Red": record.targets[RED],
        "Blue": record.targets[BLUE],
        "Start ownership": _ownership(record.start_control),
        "Markers (R:B)": ", ".join(
            f"{name} {c[RED]}:{c[BLUE]}" for name, c in record.markers.items() if c[RED] or c[BLUE]
        )
        or "none",
        "Ownership": _ownership(record.control),
        "Score (R–B)": f"{record.scores[RED]}–{record.scores[BLUE]}",
        "Win check": "fired" if record.win_check else "no",
    }


def route_table(route: Iterable[str], rules: str = "v1") -> list[dict[str, str]]:
    """Replay ``route`` from the start; its per-round rows (raises on an illegal round)."""
    return [record_row(r) for r in Position.from_route(route, rules=rules).records]


def control_table(position: Position) -> list[dict[str, Any]]:
    """Region by region: owner and markers of ``position``."""
    markers = position.markers
    return [
        {
            "Region": name,
            "Owner": _owner(position.control[name]),
            "Red markers": markers[name][RED] if name in markers else "-",
            "Blue markers": markers[name][BLUE] if name in markers else "-",
        }
        for name in REGIONS
    ]


def to_markdown(rows: list[dict[str, Any]]) -> str:
    """A list of same-keyed dicts as a Markdown table (for ``IPython.display.Markdown``)."""
    if not rows:
        return ""
    heads = list(rows[0])
    lines = ["| " + " | ".join(heads) + " |", "|" + "---|" * len(heads)]
    lines += ["| " + " | ".join(str(row[h]) for h in heads) + " |" for row in rows]
    return "\n".join(lines)


def html_table(rows: list[dict[str, Any]], caption: str = "") -> str:
    """Same-keyed dicts as an HTML table in a box that scrolls sideways on a narrow screen."""
    head = "".join(f"<th>{escape(str(key))}</th>" for key in rows[0])
    body = "".join(
        "<tr>" + "".join(f"<td>{escape(str(value))}</td>" for value in row.values()) + "</tr>"
        for row in rows
    )
    cap = f"<caption>{escape(caption)}</caption>" if caption else ""
    return (
        '<div class="bb-table-scroll" tabindex="0">'
        f'<table class="table bb-round-log">{cap}<thead><tr>{head}</tr></thead>'
        f"<tbody>{body}</tbody></table></div>"
    )


def listing(names: Iterable[str]) -> str:
    """``["North Pass", "Crossroads"]`` -> ``"North Pass and Crossroads"``."""
    items = list(names)
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def score_text(position: Position, lang: str = "en") -> str:
    """``"2–2"`` / ``"2対2"`` (Red first)."""
    return f"{position.scores[RED]}{'対' if lang == 'ja' else '–'}{position.scores[BLUE]}"


#: Who holds a region, in Japanese (the map's own words: 赤, 青, 中立).
_OWNER_JA = {RED: "赤", BLUE: "青", None: "中立"}


def move_marks(
    position: Position, move: Any, lang: str = "en"
) -> tuple[dict[str, Any], dict[str, Any], str, str]:
    """Marks and captions for a round before and after (``kit.before_after`` calls it)."""
    after = position.play(move)
    red, blue = str(after.records[-1].targets[RED]), str(after.records[-1].targets[BLUE])
    changed = [n for n in REGIONS if position.control[n] != after.control[n]]
    marks = ({}, {"claims": {RED: red, BLUE: blue}, "changed": changed})
    if lang == "ja":
        gained = "、".join(f"{n}は{_OWNER_JA[after.control[n]]}" for n in changed)
        return (
            *marks,
            f"ラウンド{position.round + 1}の前：{score_text(position, lang)}",
            f"赤は{red}、青は{blue}を主張：{gained or '変化なし'}。得点{score_text(after, lang)}。",
        )
    gained = "; ".join(f"{n} now {_owner(after.control[n])}" for n in changed) or "no change"
    return (
        *marks,
        f"Before round {position.round + 1}: {score_text(position)}",
        f"Red claims {red}, Blue {blue}: {gained}. Score {score_text(after)}.",
    )
