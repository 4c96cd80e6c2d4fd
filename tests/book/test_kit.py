"""The book's page helpers (book/kit/): lesson boards, exercises, Beacon tables, SVG marks.

These run without building the book. Figures are checked against independent counts (a flip
routine written here, the rules read off docs/RULES.md), not against the engine's own output.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest
from boardbook.beacon import Position as BeaconPosition
from boardbook.reversi import Position
from boardbook.reversi import svg as reversi_svg
from hypothesis import given, settings
from hypothesis import strategies as st

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "book"))
import kit
from kit import beacon as kit_beacon

kit_lesson = sys.modules["kit.lesson"]  # the module (kit.lesson is its function)
from kit import reversi as kit_reversi

SAFE_ROUTE = ["North Pass/South Pass", "Beacon/Depot"]


@pytest.fixture
def shown(monkeypatch: pytest.MonkeyPatch) -> list[dict]:
    """What the helpers display, instead of sending it to a notebook."""
    out: list[dict] = []
    monkeypatch.setattr(kit_lesson, "display", lambda data, raw=True: out.append(data))
    return out


def brute_flips(position: Position, square: str) -> set[str]:
    """RULES.md's bracket rule, square by square (independent of the bitboards)."""
    me, them = position.to_move, "white" if position.to_move == "black" else "black"
    col, row = "abcdefgh".index(square[0]), int(square[1]) - 1
    flipped: set[str] = set()
    for dr in (-1, 0, 1):
        for dc in (-1, 0, 1):
            if (dr, dc) == (0, 0):
                continue
            line, r, c = [], row + dr, col + dc
            while (
                0 <= r < 8 and 0 <= c < 8 and position.piece_at(f"{'abcdefgh'[c]}{r + 1}") == them
            ):
                line.append(f"{'abcdefgh'[c]}{r + 1}")
                r, c = r + dr, c + dc
            if (
                line
                and 0 <= r < 8
                and 0 <= c < 8
                and position.piece_at(f"{'abcdefgh'[c]}{r + 1}") == me
            ):
                flipped.update(line)
    return flipped


def test_position_svg_has_every_square_coordinates_and_the_old_name() -> None:
    svg = reversi_svg.position_svg(Position.start())
    assert sorted(re.findall(r'data-square="(\w\d)"', svg)) == sorted(kit_reversi.all_squares())
    coords = re.findall(r'class="bb-coord">(\w)</text>', svg)
    assert sorted(set(coords)) == sorted("abcdefgh12345678")
    assert reversi_svg.board_svg is reversi_svg.position_svg
    assert 'fill="currentColor"' in svg  # coordinates follow the page's text colour (dark mode)


@settings(max_examples=25, deadline=None)
@given(st.lists(st.integers(min_value=0, max_value=30), min_size=1, max_size=30))
def test_before_after_marks_exactly_the_discs_that_flip(choices: list[int]) -> None:
    position = Position.start()
    for choice in choices:
        moves = [m for m in position.legal_moves() if m != "pass"]
        if not moves:
            break
        move = str(moves[choice % len(moves)])
        before, after, _, caption = kit_reversi.move_marks(position, move)
        expected = brute_flips(position, move)
        assert set(before["flips"]) == set(after["flips"]) == expected
        assert f"{len(expected)} disc" in caption
        # every bracket line ends on one of the mover's discs, beyond the flipped ones
        for start, end in before["lines"]:
            assert start == move and position.piece_at(end) == position.to_move
        svg = reversi_svg.position_svg(position.play(move), marks=after)
        assert sorted(re.findall(r'bb-mark-flip" data-mark="(\w\d)"', svg)) == sorted(expected)
        assert re.findall(r'bb-mark-move" data-mark="(\w\d)"', svg) == [move]
        position = position.play(move)


def test_lesson_needs_a_caption_and_shows_it_under_an_svg(shown: list[dict]) -> None:
    with pytest.raises(ValueError, match="caption"):
        kit.lesson(Position.start(), "  ")
    kit.lesson(Position.start(), "The start")
    html = shown[-1]["text/html"]
    assert re.search(r"<figure[^>]*>.*<svg.*</svg>.*<figcaption>The start</figcaption>", html)


def test_before_after_shows_two_captioned_boards(shown) -> None:
    assert kit.before_after(Position.start(), "f5", "Bracket, then flip") is None  # no 3rd board
    html = shown[-1]["text/html"]
    assert html.count("<svg") == 2 and html.count("<figcaption>") == 3
    assert "Before: Black to play f5" in html and "1 disc flipped, 4–1" in html


def test_exercise_embeds_a_verdict_for_every_square_and_needs_a_right_one(shown) -> None:
    verdicts = {sq: (sq == "d3", "why") for sq in kit_reversi.all_squares()}
    kit.exercise(Position.start(), "Q?", verdicts, hint="h", answer="d3")
    html = shown[-1]["text/html"]
    data = json.loads(re.search(r'class="bb-ex-data">(.*?)</script>', html).group(1))
    assert set(data) == set(kit_reversi.all_squares()) and data["d3"]["right"] is True
    assert 'aria-live="polite"' in html and "Show the answer" in html
    with pytest.raises(ValueError, match="right answer"):
        kit.exercise(Position.start(), "Q?", {"d3": (False, "no")}, hint="h", answer="-")


def test_exercise_reasons_do_not_repeat_the_verdict_the_page_says(shown) -> None:
    """The page says "Right! " before a reason: a reason "Right: ..." read "Right! Right: ..."."""
    verdicts = {sq: (sq == "d3", "d3 brackets d4.") for sq in kit_reversi.all_squares()}
    verdicts["d3"] = (True, "Right: d3 brackets d4.")
    with pytest.raises(ValueError, match="reason for d3 starts with 'Right:'"):
        kit.exercise(Position.start(), "Q?", verdicts, hint="h", answer="d3")
    verdicts["d3"] = (True, "It brackets d4.")
    kit.exercise(Position.start(), "Q?", verdicts, hint="h", answer="d3")
    html = shown[-1]["text/html"]
    # The hint and answer stay hidden until asked for, and say what they open.
    assert re.search(r'aria-controls="(exercise-\d+-hint)"', html)
    assert re.search(r'class="bb-ex-answer" id="exercise-\d+-answer" hidden', html)


def test_result_caption_counts_and_leaves_empties_to_nobody() -> None:
    wiped = Position.start()
    for move in ["f5", "f4", "g3", "e6", "d7", "c6", "c4", "c5", "b5"]:
        wiped = wiped.play(move)
    counts = wiped.counts
    assert counts["white"] == 0
    assert kit_reversi.result_caption(wiped) == (
        f"Game over: Black wins {counts['black']}–0, {64 - counts['black']} empty squares left."
    )


def test_route_table_has_every_recorded_field() -> None:
    rows = kit_beacon.route_table(SAFE_ROUTE, "v1")
    assert [r["Score (R–B)"] for r in rows] == ["2–2", "4–3"]  # the article's figures
    assert [r["Win check"] for r in rows] == ["no", "fired"]
    assert rows[1]["Start ownership"] == "North Pass: Red; South Pass: Blue"
    assert "Beacon 1:0" in rows[1]["Markers (R:B)"]
    markdown = kit_beacon.to_markdown(rows)
    assert markdown.count("\n") == 3 and markdown.startswith("| Round | Red | Blue |")
    assert 'class="bb-table-scroll"' in kit_beacon.html_table(rows)


def test_control_table_lists_all_regions() -> None:
    table = kit_beacon.control_table(BeaconPosition.from_route(SAFE_ROUTE[:1]))
    assert [row["Region"] for row in table][:2] == ["Red Home", "Blue Home"]
    assert len(table) == 7 and table[2]["Owner"] == "Red"


def test_a_round_marks_both_claims_and_the_regions_that_changed_hands() -> None:
    start = BeaconPosition.start()
    _, after, _, caption = kit_beacon.move_marks(start, "North Pass/South Pass")
    assert after["claims"] == {"red": "North Pass", "blue": "South Pass"}
    assert after["changed"] == ["North Pass", "South Pass"]
    assert "Score 2–2" in caption  # each side's Home and Pass (RULES.md)
    tie = kit_beacon.move_marks(start, "Crossroads/Crossroads")[1]
    assert tie["changed"] == []  # 1:1 is no majority
    svg = start.play("North Pass/South Pass").svg(marks=after)
    assert svg.count('class="bb-mark-claim"') == 2 and svg.count('class="bb-mark-changed') == 2
    regions = re.findall(r'<g data-square="([^"]+)"', svg)
    assert len(regions) == 7


def test_a_live_board_that_the_widget_would_refuse_fails_the_build() -> None:
    """A live board's settings and position are checked when the page is built, not when a
    reader presses Play (a wrong level once reached the page as 'The board could not start')."""
    from live.liveboard import live_board_html

    start = Position.start().to_text()
    html = live_board_html(
        "<svg/>",
        "Play on.",
        game="reversi",
        settings={"mode": "cpu", "level": "corner"},
        position=start,
    )
    assert 'data-position="' in html
    for wrong, position in (
        ({"level": "normal"}, None),  # not a Reversi level
        ({"levle": "strong"}, None),  # no such setting
        ({"mode": "cpu"}, "not a position"),
    ):
        with pytest.raises((ValueError, TypeError)):
            live_board_html("<svg/>", "Play on.", game="reversi", settings=wrong, position=position)
    live_board_html("<svg/>", "Try.", game="beacon", settings={"opponent": "script", "rules": "v1"})


# ------------------------------------------------------------------ the Japanese edition


def test_a_japanese_exercise_box_speaks_japanese_and_refuses_a_verdict_word(shown) -> None:
    verdicts = {sq: (sq == "d3", f"{sq}の理由。") for sq in kit_reversi.all_squares()}
    kit.exercise(Position.start(), "黒の番。", verdicts, hint="ひ", answer="d3", lang="ja")
    html, markdown = shown[-1]["text/html"], shown[-1]["text/markdown"]
    for words in ("練習問題", "ヒント", "答えを見る", "答え：", "クリック"):
        assert words in html, words
    assert "Show the answer" not in html and "Exercise" not in html
    assert "<summary>答え</summary>" in markdown  # the notebook copy folds it the same way
    verdicts["d3"] = (True, "正解：d3です。")
    with pytest.raises(ValueError, match="starts with"):
        kit.exercise(Position.start(), "黒の番。", verdicts, hint="ひ", answer="d3", lang="ja")


def test_japanese_captions_use_the_boards_words_and_one_number(shown) -> None:
    kit.before_after(Position.start(), "f5", "はさんで返す", lang="ja")
    html = shown[-1]["text/html"]
    assert "黒がf5に打つ前" in html and "1個返って4対1" in html
    assert "Before" not in html and "disc" not in re.sub(
        r"<svg.*?</svg>", "", html, flags=re.DOTALL
    )
    # The picture's own words (a screen reader's): the board's name and each square in Japanese.
    svgs = re.findall(r"<svg.*?</svg>", html, re.DOTALL)
    assert all('aria-label="リバーシの盤、' in svg for svg in svgs)
    assert (
        "<title>d4：白の石</title>" in svgs[0] and "<title>f5：空き、置けるマス</title>" in svgs[0]
    )
    assert not re.search(r"<title>[^<]*(disc|empty)", svgs[0])
    finished = kit_reversi.diagram(
        "X" * 8 + "\n" + "\n".join(["X" * 8] * 6) + "\n" + "O" * 8, "black"
    )
    assert kit_reversi.result_caption(finished, "ja") == "終局：56対8で黒の勝ち。"


def test_a_japanese_beacon_round_and_its_log_use_the_boards_words(shown) -> None:
    """A Japanese page's Beacon pictures, captions and round log say what the live board says:
    the map drawn in Japanese (position_svg's lang, through kit.picture), the log's columns
    and cells from the board's own log texts."""
    from boardbook.core import i18n

    kit.before_after(BeaconPosition.start(), "North Pass/South Pass", "1ラウンド目", lang="ja")
    html = shown[-1]["text/html"]
    assert "赤は North Pass、青は South Pass を主張" in html and "得点2対2" in html
    svgs = re.findall(r"<svg.*?</svg>", html, re.DOTALL)
    assert len(svgs) == 2 and all('aria-label="Beacon Lines の地図"' in svg for svg in svgs)
    assert (
        ">開始時・ルールv1</text>" in svgs[0]
        and ">ラウンド1後（全3ラウンド）・ルールv1</text>" in svgs[1]
    )
    assert ">1 pt</text>" not in html and " pt," not in html
    rows = kit_beacon.route_table(SAFE_ROUTE, "v1", "ja")
    log = [i18n.text(f"beacon.log.{k}", "ja") for k in ("round", "start", "markers", "result")]
    assert set(log) <= set(rows[0])
    assert [r[i18n.text("beacon.log.check", "ja")] for r in rows] == ["なし", "発動"]
    assert rows[1][i18n.text("beacon.log.start", "ja")] == "North Pass: 赤; South Pass: 青"
    assert rows[0][i18n.text("beacon.red", "ja")] == "North Pass"
    # English keeps its words (the English pages did not change).
    assert list(kit_beacon.route_table(SAFE_ROUTE, "v1")[0])[:3] == ["Round", "Red", "Blue"]
    assert kit_beacon.listing(["A", "B", "C"], "ja") == "A、B と C"
    assert kit_beacon.listing(["A", "B"], "ja", word="or") == "A か B"
    assert kit_beacon.listing(["A", "B", "C"], word="or") == "A, B or C"


def test_a_japanese_live_board_starts_its_widget_in_japanese() -> None:
    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "book"))
    from live.liveboard import live_board_html

    html = live_board_html(
        "<svg/>", "はじまり。", game="reversi", settings={"mode": "cpu"}, lang="ja"
    )
    settings = json.loads(
        re.search(r'data-settings="([^"]*)"', html).group(1).replace("&quot;", '"')
    )
    assert settings == {"mode": "cpu", "lang": "ja"}
    assert "▶ ここで遊ぶ" in html and 'data-starting-label="起動中…"' in html
    english = live_board_html("<svg/>", "Start.", game="reversi", settings={"mode": "cpu"})
    assert '"lang"' not in english and "▶ Play here" in english


def test_ruby_goes_over_a_hard_word_at_its_first_use_only_and_never_into_code() -> None:
    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "book" / "_ext"))
    import editions
    from docutils import nodes

    page = nodes.section(
        "",
        nodes.paragraph("", "", nodes.literal("", "隅"), nodes.Text("盤面の隅を取る。隅は強い。")),
    )
    editions.add_ruby(page, {"隅": "すみ", "盤": "ばん"})
    ruby = list(page.findall(editions.ruby))
    assert [(r.astext(), r["reading"]) for r in ruby] == [("盤", "ばん"), ("隅", "すみ")]
    assert page.astext() == "隅盤面の隅を取る。隅は強い。"  # the words themselves unchanged


def test_a_page_and_its_twin_link_each_other_from_any_depth() -> None:
    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "book" / "_ext"))
    import editions

    assert editions.twin_url("intro", "en") == "ja/intro.html"
    assert editions.twin_url("intro", "ja") == "../intro.html"
    assert editions.twin_url("reversi/rules", "en") == "../ja/reversi/rules.html"
    assert editions.twin_url("under-the-hood/index", "ja") == "../../under-the-hood/index.html"


def test_every_english_page_source_has_a_twin_source_and_a_missing_one_is_noticed() -> None:
    """editions.py warns (and build.py then fails) for a page whose twin has no source."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "book" / "_ext"))
    import editions

    book = Path(__file__).resolve().parents[2] / "book"
    assert editions.twin_source(book, "en", "reversi/rules") == book / "ja" / "reversi" / "rules.md"
    assert editions.twin_source(book / "ja", "ja", "intro") == book / "intro.md"
    assert editions.twin_source(book, "en", "reversi/no-such-page") is None
