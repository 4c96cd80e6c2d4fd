"""Quads texts (every code and key in both languages) and the static SVG picture."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest
from boardbook.core import i18n
from boardbook.quads import LEVELS, SHAPES, Position, position_svg, rules
from boardbook.quads.svg import piece_svg
from boardbook.quads.texts import TEXTS, piece_label, shape_label

CODES = re.findall(r"^- ``([a-z_]+)``", rules.__doc__ or "", flags=re.MULTILINE)


def test_the_rules_docstring_lists_the_error_codes() -> None:
    assert set(CODES) >= {"malformed", "occupied", "must_give", "piece_on_board", "game_over"}


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_every_error_code_termination_level_and_step_has_a_text(lang: str) -> None:
    for code in CODES:
        assert i18n.has_text(f"quads.err.{code}", lang), code
    for termination in ("shape_completed", "board_full"):
        assert i18n.has_text(f"quads.termination.{termination}", lang)
    for level in LEVELS:
        assert i18n.has_text(f"quads.level.{level}", lang)
    for key in ("quads.step.place", "quads.step.give", "quads.first", "quads.second"):
        assert i18n.has_text(key, lang)
    assert set(TEXTS["en"]) == set(TEXTS["ja"])


def test_error_codes_raised_by_the_engine_have_texts_with_their_details() -> None:
    pos = Position.from_text("f.a./456./..0./..3. 7")
    cases = ["C1:1", "B1:4", "B1:7", "A3:", ":5", "D2:1", "x"]
    for text in cases:
        try:
            pos.play(text)
        except rules.IllegalMoveError as err:
            for lang in ("en", "ja"):
                sentence = i18n.text(f"quads.err.{err.code}", lang, move=text, **err.details)
                assert sentence
        else:  # pragma: no cover - every case is illegal
            pytest.fail(f"{text} was accepted")


def test_piece_and_shape_words() -> None:
    assert piece_label(13) == "large dark square solid"
    assert piece_label(13, "ja") == "大型・ダーク・角型・中実の駒"  # the seed's words
    assert piece_label(0) == "small light square hollow"
    assert shape_label("row 2", "ja") == "2行目"
    for shape in SHAPES:
        assert shape_label(shape.name) and shape_label(shape.name, "ja")
    assert i18n.text("quads.first", "ja") == "先手" and i18n.text("quads.second", "ja") == "後手"


def _svg(pos: Position, **options: object) -> ET.Element:
    return ET.fromstring(position_svg(pos, **options))  # type: ignore[arg-type]


NS = "{http://www.w3.org/2000/svg}"


def test_svg_is_well_formed_with_every_square_and_piece_labelled() -> None:
    pos = Position.from_text("f.a./456./..0./..3. 7")
    root = _svg(pos)
    assert "first player to place small dark round solid" in root.attrib["aria-label"]
    squares = [e for e in root.iter(f"{NS}rect") if "data-square" in e.attrib]
    assert sorted(e.attrib["data-square"] for e in squares) == sorted(rules.SQUARE_NAMES)
    pieces = [e for e in root.iter(f"{NS}g") if "data-piece" in e.attrib]
    on_board = [
        e
        for e in pieces
        if ":" in e.attrib["aria-label"] and "to place" not in e.attrib["aria-label"]
    ]
    assert len(on_board) == pos.placed
    assert any(e.attrib["aria-label"] == "B2: small dark square solid" for e in on_board)
    held = [e for e in pieces if e.attrib["aria-label"].startswith("to place")]
    assert [e.attrib["data-piece"] for e in held] == ["7"]
    tray = [e for e in pieces if ":" not in e.attrib["aria-label"]]
    assert sorted(int(e.attrib["data-piece"]) for e in tray) == list(pos.available())


def test_svg_draws_each_attribute_differently() -> None:
    """Round pieces are circles, square ones rects; hollow ones have a second circle (the
    hole); large ones are bigger; dark ones use the striped pattern."""

    def parts(piece: int) -> ET.Element:
        return ET.fromstring(
            f'<svg xmlns="http://www.w3.org/2000/svg">{piece_svg(piece, 50, 50, 100)}</svg>'
        )

    round_solid, square_hollow = parts(0b0011), parts(0b0000)
    assert len(list(round_solid.iter(f"{NS}circle"))) == 1
    assert len(list(square_hollow.iter(f"{NS}rect"))) == 1
    assert len(list(square_hollow.iter(f"{NS}circle"))) == 1  # the hole
    large, small = parts(0b1011), parts(0b0011)
    r_large = float(next(large.iter(f"{NS}circle")).attrib["r"])
    r_small = float(next(small.iter(f"{NS}circle")).attrib["r"])
    assert r_large > 1.4 * r_small
    assert "url(#" in next(parts(0b0111).iter(f"{NS}circle")).attrib["fill"]
    assert "url(#" not in next(parts(0b0011).iter(f"{NS}circle")).attrib["fill"]


def test_svg_highlights_the_completed_shape() -> None:
    won = Position.from_text("f.a./456./..0./..3. d").play("D2:")
    root = _svg(won)
    frames = [e for e in root.iter(f"{NS}rect") if e.attrib.get("stroke-dasharray")]
    assert len(frames) == 4  # row 2
    assert "won" in root.attrib["aria-label"]
    assert won._repr_svg_().startswith("<svg")


def test_svg_speaks_japanese_with_lang_ja_and_draws_the_same_picture() -> None:
    """A Japanese page's board: every word a screen reader says is the widget's Japanese, and
    the picture is the English one's, word for word apart (English stays the default)."""
    pos = Position.from_text("f.a./456./..0./..3. 7")
    en, ja = str(position_svg(pos)), str(position_svg(pos, lang="ja"))
    assert en == str(position_svg(pos, lang="en"))
    root = ET.fromstring(ja)
    assert root.attrib["aria-label"] == "Quadsのボード、先手：小型・ダーク・丸型・中実の駒を置く"
    titles = [e.text or "" for e in root.iter(f"{NS}title")]
    assert "B2：小型・ダーク・角型・中実の駒" in titles
    assert "D1：空き" in titles
    assert "置く駒" in titles and "まだ置かれていない駒" in titles
    assert "置く駒：小型・ダーク・丸型・中実の駒（駒7）" in titles
    said = titles + [e.attrib["aria-label"] for e in root.iter() if "aria-label" in e.attrib]
    assert not [w for w in said if re.search(r"[a-z]{2,}", w.replace("Quads", ""))]  # no English
    words = re.compile(r'<title>.*?</title>|aria-label="[^"]*"')
    assert words.sub("", en) == words.sub("", ja)
    won = Position.from_text("f.a./456./..0./..3. d").play("D2:")
    assert ET.fromstring(position_svg(won, lang="ja")).attrib["aria-label"] == (
        "Quadsのボード、先手の勝ち"
    )
    classic = Position.start(squares=False)
    assert ET.fromstring(position_svg(classic, lang="ja")).attrib["aria-label"] == (
        "Quadsのボード（クラシックルール）、先手：相手に渡す駒を選ぶ"
    )
