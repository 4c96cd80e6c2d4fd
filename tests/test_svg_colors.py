"""Every game's picture takes ``colors=`` (as python-chess's ``chess.svg.board(colors=...)``):
each name of the game's ``svg.COLORS`` is drawn somewhere and can be changed, the defaults draw
the picture as before, and a name the picture does not have is refused, not ignored."""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable
from typing import Any

import pytest
from boardbook.core.game import palette

UNIQUE = "#0a0b0c"


def _walk(start: Any, plies: int, seed: int) -> Any:
    rng = random.Random(seed)
    position = start
    for _ in range(plies):
        if position.outcome is not None:
            break
        position = position.play(rng.choice(list(position.legal_moves())))
    return position


def _reversi() -> list[Callable[..., str]]:
    from boardbook.reversi import Position

    after = Position.start().play("d3")
    marks = {"flips": ["d4"], "move": "d3", "lines": [("d3", "d5")], "squares": ["b2"]}
    marks["labels"] = {"a1": "A", "d3": "B", "e5": "C"}
    return [lambda **c: after.svg(marks=marks, last_move="d3", **c), after.svg]


def _quads() -> list[Callable[..., str]]:
    from boardbook.quads import Position

    won = _walk(Position.start(), 16, 3)
    assert won.outcome is not None
    playing = _walk(Position.start(), 5, 1)
    return [won.svg, lambda **c: playing.svg(last_move="A1:", **c)]


def _towergate() -> list[Callable[..., str]]:
    from boardbook.towergate import Position

    pictures: list[Callable[..., str]] = []
    for seed in range(40):
        position = _walk(Position.start(), 60, seed)
        pictures.append(lambda p=position, **c: p.svg(highlight=["C3"], **c))
    moved = _walk(Position.start(), 3, 0)
    pictures.append(lambda **c: moved.svg(last_move="B4-C3^C4", **c))
    return pictures


def _beacon() -> list[Callable[..., str]]:
    from boardbook.beacon import Position

    position = _walk(Position.start(), 2, 1)
    marks = {"claims": {"red": "North Pass", "blue": "Beacon"}, "changed": ["Beacon"]}
    return [lambda **c: position.svg(title="Round 2", marks=marks, highlight=["Depot"], **c)]


PICTURES = {"reversi": _reversi, "quads": _quads, "towergate": _towergate, "beacon": _beacon}


@pytest.mark.parametrize("game", sorted(PICTURES))
def test_every_colour_name_is_drawn_and_can_be_changed(game):
    colors = importlib.import_module(f"boardbook.{game}.svg").COLORS
    pictures = PICTURES[game]()
    for picture in pictures:
        assert picture() == picture(colors={}) == picture(colors=dict(colors))
    unused = [
        name
        for name in colors
        if not any(UNIQUE in picture(colors={name: UNIQUE}) for picture in pictures)
    ]
    assert not unused, f"{game}: these colours are drawn nowhere: {unused}"


@pytest.mark.parametrize("game", sorted(PICTURES))
def test_an_unknown_colour_name_or_a_value_that_is_no_colour_is_refused(game):
    picture = PICTURES[game]()[0]
    with pytest.raises(ValueError, match="unknown colour name.*'sqaure'"):
        picture(colors={"sqaure": "#000"})
    first = next(iter(importlib.import_module(f"boardbook.{game}.svg").COLORS))
    with pytest.raises(ValueError, match="CSS colour"):
        picture(colors={first: '"><script>'})


def test_palette_keeps_the_defaults_it_is_not_told_to_change():
    assert palette({"a": "#111", "b": "#222"}, {"b": "red"}) == {"a": "#111", "b": "red"}
    assert palette({"a": "#111"}, None) == {"a": "#111"}
