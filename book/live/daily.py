"""The daily puzzles' pictures, so a puzzle box shows today's position before Play.

Which puzzle a date gets is ``core.daily.bank_index``: a Python ``random`` shuffle, which the
page's JavaScript cannot repeat. So the build works it out for a window of dates around the
build (``BEFORE`` days back, ``AFTER`` ahead) and writes, for each game with a daily puzzle:

* ``daily/<game>.json``: ``{"first": date, "last": date, "days": {date: id},
  "moves": {id: n}, "titles": {n: {"en": ..., "ja": ...}}, "langs": [...]}`` (a title is the
  live widget's own heading, ``puzzle.title``, in both languages; ``langs``, the languages
  the pictures speak);
* ``daily/<game>/<id>.svg``: the puzzle's position, drawn by the game's ``svg`` module, and
  ``<id>.ja.svg``, its words in Japanese, where the drawing takes ``lang`` (a screen reader on
  a Japanese page hears Japanese).

``live.js`` picks the reader's date in Japan, looks it up and shows that picture; outside the
window (a build more than a year old) the box shows the date and Play only. The widget the
reader then starts plays the same puzzle: both come from the game's ``daily_puzzle(date)``.
"""

from __future__ import annotations

import datetime as dt
import importlib
import inspect
import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from boardbook.core.hooks import PuzzleHooks

BEFORE = 30
AFTER = 400
LANGS = ("en", "ja")


def games_with_puzzles() -> list[str]:
    """The games whose rules define a daily puzzle (the registry knows; no list kept here)."""
    from boardbook.core.hooks import puzzle_hooks
    from boardbook.core.registry import GAMES, widget_class

    return [
        info.name
        for info in GAMES
        if info.widget is not None and puzzle_hooks(widget_class(info.name).spec_class())
    ]


def _puzzles(game: str) -> PuzzleHooks[Any]:
    from boardbook.core.hooks import puzzle_hooks
    from boardbook.core.registry import widget_class

    hooks = puzzle_hooks(widget_class(game).spec_class())
    if hooks is None:
        raise ValueError(f"{game} has no daily puzzle")
    return hooks


def title(moves: int, lang: str) -> str:
    """The puzzle's heading as the live widget shows it ("Today's puzzle · win within 2 moves")."""
    from boardbook.core import i18n
    from boardbook.core import puzzle as _puzzle  # noqa: F401 - registers the puzzle texts

    key = "puzzle.title_one" if moves == 1 else "puzzle.title"
    return i18n.text(key, lang, n=moves)


def picture_langs(game: str) -> tuple[str, ...]:
    """The languages ``game``'s drawing speaks: all of ``LANGS`` if it takes ``lang``."""
    draw = importlib.import_module(f"boardbook.{game}.svg").position_svg
    return LANGS if "lang" in inspect.signature(draw).parameters else ("en",)


def puzzle_svg(game: str, position: Any, lang: str = "en") -> str:
    """The picture of a puzzle's position (the same drawing as the lesson boards)."""
    svg = importlib.import_module(f"boardbook.{game}.svg")
    if lang == "en":
        return str(svg.position_svg(position))
    return str(svg.position_svg(position, lang=lang))


def picture_name(puzzle_id: str, lang: str) -> str:
    """``q-12.svg`` / ``q-12.ja.svg``."""
    return f"{puzzle_id}.svg" if lang == "en" else f"{puzzle_id}.{lang}.svg"


def window(today: dt.date) -> list[dt.date]:
    return [today + dt.timedelta(days=d) for d in range(-BEFORE, AFTER + 1)]


def write(folder: Path, today: dt.date) -> dict[str, int]:
    """Write the maps and pictures into ``folder``; returns {game: pictures written}."""
    written = {}
    for game in games_with_puzzles():
        spec = _puzzles(game)
        days: dict[str, str] = {}
        moves: dict[str, int] = {}
        pictures = folder / game
        pictures.mkdir(parents=True, exist_ok=True)
        langs = picture_langs(game)
        for date in window(today):
            daily = spec.daily_puzzle(date)
            days[date.isoformat()] = daily.id
            if daily.id in moves:
                continue
            moves[daily.id] = daily.moves
            for lang in langs:
                (pictures / picture_name(daily.id, lang)).write_text(
                    puzzle_svg(game, daily.position, lang), encoding="utf-8"
                )
        dates = sorted(days)
        titles = {n: {lang: title(n, lang) for lang in LANGS} for n in sorted(set(moves.values()))}
        data = {
            "first": dates[0],
            "last": dates[-1],
            "days": days,
            "moves": moves,
            "titles": titles,
            "langs": list(langs),
        }
        (folder / f"{game}.json").write_text(
            json.dumps(data, separators=(",", ":"), ensure_ascii=False), encoding="utf-8"
        )
        written[game] = len(moves)
    return written
