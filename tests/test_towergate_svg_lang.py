"""The Tower Gate picture in Japanese (``position_svg(lang="ja")``, what the Japanese book pages
show): the same board as the English picture, its words (name, square titles, legend) in the
board's own Japanese, and a legend that fits under the board in both languages."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from boardbook.core import i18n
from boardbook.towergate import SQUARES, Position, position_svg

#: The picture's words: its name, each square's title, the text of every <text>.
WORDS = re.compile(
    r'(?<=aria-label=")[^"]*(?=")|(?<=<title>)[^<]*(?=</title>)|(?<=>)[^<>]+(?=</text>)'
)
#: A square's height badge (a dome's: "D" in English, 4 in Japanese as on the board).
BADGE = re.compile(r'font-weight="bold" fill="[^"]*">([^<]*)</text>')
FONT = re.compile(r'font-family="[^"]*"')
LATIN_WORD = re.compile(r"[A-Za-z]{2,}")
JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


def positions(count: int, seed: int) -> list[Position]:
    """Positions from random games (with blessings, some of them finished): every kind of
    square, worker, tower, dome and ending a picture may have to describe."""
    rng = random.Random(seed)
    found = []
    for _ in range(count):
        blessings = {
            side: rng.choice(["wind", "mason", "repaint", "leap", None])
            for side in ("terracotta", "blue")
        }
        pos = Position.start(rng.choice(["fixed", "free"]), blessings)
        for _ in range(rng.randrange(4, 60)):
            if pos.outcome is not None:
                break
            pos = pos.play(rng.choice(pos.legal_moves()))
        found.append(pos)
    return found


def svg(pos: Position, square: str, lang: str) -> str:
    return str(position_svg(pos, legend=square, highlight=[square], lang=lang))  # type: ignore[arg-type]


def test_a_japanese_picture_is_the_same_board_in_japanese_words() -> None:
    domes = 0
    for pos in positions(40, seed=19):
        tall = [sq for sq in SQUARES if pos.height(sq) >= 2] or ["C3"]
        square = tall[0]
        en, ja = svg(pos, square, "en"), svg(pos, square, "ja")
        # Only the words differ (and a dome's badge: "D" in English, its height 4 in Japanese),
        # and the font they are set in.
        assert FONT.sub("", WORDS.sub("", en)) == FONT.sub("", WORDS.sub("", ja))
        badges = [BADGE.findall(picture) for picture in (en, ja)]
        assert ["4" if b == "D" else b for b in badges[0]] == badges[1]
        domes += badges[0].count("D")
        en_words, ja_words = WORDS.findall(en), WORDS.findall(ja)
        assert len(en_words) == len(ja_words)
        for e, j in zip(en_words, ja_words, strict=True):
            if JAPANESE.search(e) is None and LATIN_WORD.search(e):  # English words
                assert JAPANESE.search(j) and not LATIN_WORD.search(j), (e, j)
            elif e != "D":  # a coordinate or a height (a badge: above): the same in both
                assert e == j
        assert re.search(r'aria-label="タワーゲートの盤、', ja)
        for name in SQUARES:  # each square's title names it, in Japanese
            title = re.search(rf'<g data-square="{name}"><title>([^<]*)</title>', ja)
            assert title is not None
            assert title.group(1).startswith((f"{name}：高さ", f"{name}：ドーム"))
        # The English picture has no Japanese in it.
        assert not JAPANESE.search(en)
    assert domes > 0  # some pictures had a dome to mark


def test_the_words_are_the_boards_own() -> None:
    pos = Position.from_json(
        {
            "levels": ["" for _ in range(12)] + ["bt"] + ["" for _ in range(12)],
            "workers": {"terracotta": ["A5", "E5"], "blue": ["A1", "E1"]},
            "turn": 4,
        }
    )
    ja = svg(pos, "C3", "ja")
    side = i18n.text("towergate.side.terracotta", "ja")
    legend = re.findall(r'class="bb-tg-legend">([^<]*)</text>', ja)
    # A worker on its own tower: the second line says who stands there and who may enter.
    on_tower = Position.from_json(
        {
            **pos.to_json(),
            "levels": ["tt" if sq == "B2" else "bt" if sq == "C3" else "" for sq in SQUARES],
            "workers": {"terracotta": ["B2", "E5"], "blue": ["A1", "E1"]},
        }
    )
    worker_line = re.findall(r'class="bb-tg-legend">([^<]*)</text>', svg(on_tower, "B2", "ja"))[1]
    assert worker_line == f"{side}の駒、" + i18n.text("towergate.legend.only", "ja", side=side)
    assert legend == [
        i18n.text("towergate.legend", "ja", square="C3", height=2, terracotta=1, blue=1),
        i18n.text("towergate.legend.tie", "ja"),
    ]
    assert f'aria-label="{i18n.text("towergate.board", "ja")}、{side}の番（ここまで4手）"' in ja
    with pytest.raises(ValueError):
        position_svg(pos, lang="fr")


@pytest.mark.browser
def test_the_legend_fits_under_the_board_in_both_languages(chromium: Any) -> None:
    """The longest legends (a tower of height 2 or 3 with a worker on it) stay inside the
    picture, drawn by a real browser with the book's Japanese font stack."""
    pictures = []
    for pos in positions(30, seed=7):
        towers = [sq for sq in SQUARES if 2 <= pos.height(sq) <= 3]
        worked = [sq for sq in towers if pos.worker_at(sq)] or towers
        for square in worked[:2]:
            pictures += [svg(pos, square, lang) for lang in ("en", "ja")]
    assert len(pictures) >= 20
    page = chromium.new_page()
    try:
        page.set_content(
            '<html lang="ja"><body>'
            + "".join(f"<div>{p}</div>" for p in pictures)
            + "</body></html>"
        )
        outside = page.evaluate(
            """() => [...document.querySelectorAll('.bb-tg-legend')].filter(t => {
                const box = t.getBBox(), svg = t.ownerSVGElement.viewBox.baseVal;
                return box.x < 0 || box.x + box.width > svg.width
                    || box.y + box.height > svg.height;
            }).map(t => t.textContent)"""
        )
    finally:
        page.close()
    assert outside == []
