"""Beacon Lines for the book: tables of rounds, lesson marks for a round, prose helpers, in
English or Japanese (the board's own words, ``boardbook.beacon.texts``).

``record_row``, ``route_table``, ``control_table`` and ``to_markdown`` were in
``boardbook.beacon.analysis``; they only format things for these pages, so they live here.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from html import escape
from typing import Any

from boardbook.beacon import (
    Position,
    texts,  # noqa: F401  (registers the board's words with i18n)
)
from boardbook.beacon.rules import BLUE, RED, REGIONS, TARGETS, RoundRecord
from boardbook.core import i18n

__all__ = [
    "beacon_decides",
    "control_table",
    "html_table",
    "listing",
    "move_marks",
    "record_row",
    "route_table",
    "score_text",
    "side_name",
    "to_markdown",
]


def side_name(side: str, lang: str = "en") -> str:
    """``"red"`` -> ``"Red"`` / ``"赤"`` (as the board names the sides)."""
    return i18n.text(f"beacon.{side}", lang)


def _owner(side: str | None) -> str:
    return side.capitalize() if side else "nobody"


def _ownership(control: Mapping[str, str | None], lang: str = "en") -> str:
    held = [f"{name}: {side_name(str(control[name]), lang)}" for name in TARGETS if control[name]]
    return "; ".join(held) or i18n.text("beacon.log.none", lang)


def record_row(record: RoundRecord, lang: str = "en") -> dict[str, str]:
    """One round as strings: every field the article asks to be recorded, headed and worded
    as the board's own round log."""

    def word(key: str) -> str:
        return i18n.text(f"beacon.log.{key}", lang)

    return {
        word("round"): str(record.round),
        side_name(RED, lang): record.targets[RED],
        side_name(BLUE, lang): record.targets[BLUE],
        word("start"): _ownership(record.start_control, lang),
        word("markers"): ", ".join(
            f"{name} {c[RED]}:{c[BLUE]}" for name, c in record.markers.items() if c[RED] or c[BLUE]
        )
        or ("none" if lang == "en" else "なし"),
        word("result"): _ownership(record.control, lang),
        word("score"): f"{record.scores[RED]}–{record.scores[BLUE]}",
        word("check"): word("fired" if record.win_check else "no"),
    }


def route_table(route: Iterable[str], rules: str = "v1", lang: str = "en") -> list[dict[str, str]]:
    """Replay ``route`` from the start; its per-round rows (raises on an illegal round)."""
    return [record_row(r, lang) for r in Position.from_route(route, rules=rules).records]


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


#: How a list of names ends: the last two joined by a word (English) or a particle (Japanese).
_JOIN = {"en": {"and": " and ", "or": " or "}, "ja": {"and": " と ", "or": " か "}}


def listing(names: Iterable[str], lang: str = "en", *, word: str = "and") -> str:
    """``["North Pass", "Crossroads"]`` -> ``"North Pass and Crossroads"`` /
    ``"North Pass と Crossroads"`` (``word="or"``: ``"… or …"`` / ``"… か …"``); three or more:
    ``"A, B and C"`` / ``"A、B と C"``."""
    items = list(names)
    if len(items) == 1:
        return items[0]
    comma = "、" if lang == "ja" else ", "
    return comma.join(items[:-1]) + _JOIN[lang][word] + items[-1]


def beacon_decides(node: Any) -> list[str]:
    """Check the fight for the Beacon on a solved round (``ai.solution``; Red's targets are the
    rows, Blue's the columns): Red claiming the Beacon never loses, and Red claiming anything
    else loses when Blue takes the Beacon alone. Returns the Blue targets Red's Beacon claim beats.
    (The tips, balance and solved pages all rest on it.)"""
    beacon_row = node.matrix[node.red_targets.index("Beacon")]
    beacon_col = node.blue_targets.index("Beacon")
    assert min(beacon_row) == 0, "Red on the Beacon can lose"
    assert all(
        row[beacon_col] == -1
        for target, row in zip(node.red_targets, node.matrix, strict=True)
        if target != "Beacon"
    ), "Red can leave the Beacon to Blue and not lose"
    return [b for b, v in zip(node.blue_targets, beacon_row, strict=True) if v == 1]


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
        gained = "、".join(f"{n} は{_OWNER_JA[after.control[n]]}" for n in changed)
        return (
            *marks,
            f"ラウンド{position.round + 1}の前：{score_text(position, lang)}",
            f"赤は {red}、青は {blue} を主張：{gained or '変化なし'}。得点{score_text(after, lang)}。",
        )
    gained = "; ".join(f"{n} now {_owner(after.control[n])}" for n in changed) or "no change"
    return (
        *marks,
        f"Before round {position.round + 1}: {score_text(position)}",
        f"Red claims {red}, Blue {blue}: {gained}. Score {score_text(after)}.",
    )
