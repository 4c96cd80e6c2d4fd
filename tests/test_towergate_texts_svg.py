"""Tower Gate texts (every error code and termination in both languages) and the SVG picture
(squares findable, levels marked by shape as well as colour, workers' heads, domes)."""

from __future__ import annotations

import random
import re

from boardbook.core import i18n
from boardbook.core.game import IllegalMoveError
from boardbook.towergate import BLESSINGS, LEVELS, Position, position_svg
from boardbook.towergate.rules import ERROR_CODES, SQUARES, Termination


def test_every_code_and_termination_has_both_texts() -> None:
    for lang in ("en", "ja"):
        for code in ERROR_CODES:
            assert i18n.has_text(f"towergate.err.{code}", lang), code
        for key in Termination:
            assert i18n.has_text(f"towergate.termination.{key}", lang), key
        for name in (*LEVELS,):
            assert i18n.has_text(f"towergate.level.{name}", lang)
        for name in BLESSINGS:
            assert i18n.has_text(f"towergate.blessing.{name}", lang)
    assert i18n.text("towergate.blessing.wind", "ja") == "風"
    assert i18n.text("towergate.completed", "ja") == "竣工"
    assert i18n.text("towergate.level.strong", "ja") == "つよい"


def test_raised_codes_are_listed_and_their_details_fill_the_texts() -> None:
    rng = random.Random(2)
    seen: set[str] = set()
    bl = {"terracotta": "mason", "blue": "repaint"}
    pos = Position.start("fixed", bl)
    squares = list(SQUARES)
    for _ in range(1500):
        if pos.outcome is not None:
            pos = Position.start("fixed", bl)
        own = list(pos.workers[pos.to_move or "terracotta"])
        a = rng.choice(own) if rng.random() < 0.8 else rng.choice(squares)
        b, c = rng.choice(squares), rng.choice(squares)
        text = rng.choice([f"{a}-{b}^{c}", f"{a}-{b}", f"{a}-{b}^^{c}", f"{a}-{b}*{c}", a, "x"])
        try:
            pos.play(text)
        except IllegalMoveError as exc:
            assert exc.code in ERROR_CODES, exc.code
            seen.add(exc.code)
            for lang in ("en", "ja"):
                i18n.text(f"towergate.err.{exc.code}", lang, **exc.details)  # no missing field
        pos = pos.play(rng.choice(pos.legal_moves())) if pos.outcome is None else pos
    assert len(seen) >= 8


def svg_of(pos: Position, **kw: object) -> str:
    return str(position_svg(pos, **kw))  # type: ignore[arg-type]


def test_svg_squares_levels_workers_and_domes() -> None:
    levels = {sq: "" for sq in SQUARES}
    levels.update({"C3": "tb", "D4": "tbtb", "B2": "bb"})
    pos = Position.from_json(
        {
            "levels": [levels[sq] for sq in SQUARES],
            "workers": {"terracotta": ["B4", "E5"], "blue": ["B2", "A1"]},
            "turn": 6,
        }
    )
    svg = svg_of(pos, legend="C3", highlight=["a3"], last_move="E4-E5^D4")
    assert svg.startswith("<svg") and 'aria-label="Tower Gate board' in svg
    for sq in SQUARES:
        assert f'data-square="{sq}"' in svg
    c3 = re.search(r'<g data-square="C3"[^>]*>(.*?)</g>', svg)
    assert c3 is not None
    assert c3.group(1).count("data-level=") == 2
    assert 'data-colour="terracotta"' in c3.group(1) and 'data-colour="blue"' in c3.group(1)
    assert "<circle" in c3.group(1) and "<rect" in c3.group(1)  # dots and squares, not colour only
    assert '<g data-square="C3"><title>C3: height 2, 1 terracotta and 1 blue</title>' in svg
    assert not re.search(r"<g [^>]*aria-label", svg)  # not allowed on a <g> without a role
    assert svg.count('class="bb-tg-dome"') == 1
    assert svg.count('data-side="terracotta"') == 2 and svg.count('data-side="blue"') == 2
    assert "nobody may enter" in svg  # the legend line for C3
    assert svg.count("bb-tg-highlight") == 1 and svg.count('class="bb-tg-last"') == 2
    assert Position.start()._repr_svg_().startswith("<svg")
