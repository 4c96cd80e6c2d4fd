"""The Japanese edition (book/ja/, the site's ja/): every page of the English book has a twin
there, in Japanese, linked both ways, computed by the same code (book/pages/), with the
seeds' words, served fonts, ruby, a search that finds Japanese words, Japanese notebook
copies, and page scripts and live boards that speak Japanese.

While the translation is under way (issue 19, phase 2), a page not yet translated is a
placeholder ({twin-pending}); ``PENDING`` lists them and the test of that name fails when the
list is wrong either way, so a translator removes a page from it when its translation lands.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
import yaml
from boardbook.beacon import REGIONS as BEACON_REGIONS
from test_book_site import reader_text

BOOK_DIR = Path(__file__).resolve().parents[2] / "book"
JA_DIR = BOOK_DIR / "ja"

#: English pages whose Japanese twin is still a placeholder: none since issue 19's phase 2 (a
#: page added later in English only goes here until its twin is written).
PENDING: frozenset[str] = frozenset()

#: Kana and kanji (and the Japanese punctuation and full-width forms).
JAPANESE = re.compile(r"[\u3000-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uff00-\uffef]")
LATIN = re.compile(r"[A-Za-z]")


def toc_files(toc_path: Path) -> list[str]:
    """Every page of a book's table of contents, in order (sections included)."""
    toc = yaml.safe_load(toc_path.read_text(encoding="utf-8"))
    files = [toc["root"]]

    def walk(entries: list[dict[str, Any]]) -> None:
        for entry in entries:
            files.append(entry["file"])
            walk(entry.get("sections", []))

    for part in toc["parts"]:
        walk(part["chapters"])
    return files


def english_pages() -> list[str]:
    return toc_files(BOOK_DIR / "_toc.yml")


def japanese_pages() -> list[str]:
    return toc_files(JA_DIR / "_toc.yml")


def is_pending(docname: str) -> bool:
    """A placeholder: the page's source says it is not translated yet."""
    return "{twin-pending}" in (JA_DIR / f"{docname}.md").read_text(encoding="utf-8")


def translated() -> list[str]:
    return [name for name in japanese_pages() if not is_pending(name)]


def article(html: str) -> str:
    start = html.index('<article class="bd-article"')
    return html[start : html.index("</article>", start)]


def prose(html: str) -> str:
    """A page's words without its code (Python reads the same in both languages) and without
    the readings over its kanji."""
    html = re.sub(r"<rt>.*?</rt>", "", html, flags=re.DOTALL)
    # Inline tags join their words: Japanese has no space between them.
    html = re.sub(r"</?(?:ruby|span|a|strong|em|b|i|abbr)\b[^>]*>", "", html)
    return reader_text(re.sub(r"<(pre|code)\b.*?</\1>", " ", html, flags=re.DOTALL))


#: Names a Japanese page keeps in Latin letters, as the seeds and the boards write them (the
#: Beacon Lines map's regions: 「North PassかCrossroads」): proper names, not English left
#: untranslated, so they do not count against a page's share of Japanese.
KEPT_NAMES = sorted({*BEACON_REGIONS, "Beacon Lines"}, key=len, reverse=True)


def without_kept_names(text: str) -> str:
    for name in KEPT_NAMES:
        text = text.replace(name, " ")
    return text


def japanese_share(text: str) -> float:
    """The share of Japanese characters among the letters of ``text``."""
    ja, latin = len(JAPANESE.findall(text)), len(LATIN.findall(text))
    return ja / max(1, ja + latin)


# ------------------------------------------------------------------------------ the twins


def test_the_japanese_book_has_every_english_page_in_the_same_order() -> None:
    assert japanese_pages() == english_pages()
    for name in japanese_pages():
        assert (JA_DIR / f"{name}.md").is_file(), name


def test_english_pages_still_without_a_japanese_twin() -> None:
    """The placeholders, exactly: translating a page removes it from PENDING."""
    pending = {name for name in japanese_pages() if is_pending(name)}
    assert pending == PENDING, (
        f"translated but still listed: {sorted(PENDING - pending)}; "
        f"placeholders not listed: {sorted(pending - PENDING)}"
    )


def test_placeholders_say_so_in_japanese_and_link_the_english_page(book_html: Path) -> None:
    for name in sorted(PENDING):
        html = (book_html / "ja" / f"{name}.html").read_text(encoding="utf-8")
        box = re.search(r'<div class="bb-twin-pending.*?</div>', html, re.DOTALL)
        assert box and "まだできていません" in box.group(0), name
        href = re.search(r'href="([^"]+)"', box.group(0)).group(1)
        assert (book_html / "ja" / name).parent.joinpath(href).resolve() == (
            book_html / f"{name}.html"
        ).resolve()


@pytest.mark.parametrize("name", japanese_pages())
def test_each_japanese_page_is_japanese_and_linked_to_its_english_twin_both_ways(
    book_html: Path, name: str
) -> None:
    ja = book_html / "ja" / f"{name}.html"
    en = book_html / f"{name}.html"
    ja_html, en_html = ja.read_text(encoding="utf-8"), en.read_text(encoding="utf-8")
    assert re.search(r'<html [^>]*lang="ja"', ja_html), name
    assert re.search(r'<html [^>]*lang="en"', en_html), name
    if not is_pending(name):  # (a placeholder's note: test_placeholders_say_so…)
        share = japanese_share(without_kept_names(prose(article(ja_html))))
        assert share > 0.8, f"{name}: {share:.0%} Japanese"
    for page, html, twin, lang in ((ja, ja_html, en, "en"), (en, en_html, ja, "ja")):
        switch = re.search(
            r'<p class="bb-lang-switch[^"]*"><a class="bb-lang-link" href="([^"]+)" '
            r'hreflang="(\w+)"',
            html,
        )
        assert switch and switch.group(2) == lang, f"{page}: no switch to {lang}"
        assert (page.parent / switch.group(1)).resolve() == twin.resolve(), page
        assert f'<link rel="alternate" hreflang="{lang}"' in html, page


def test_the_landing_page_offers_both_languages(book_html: Path) -> None:
    en = (book_html / "intro.html").read_text(encoding="utf-8")
    ja = (book_html / "ja" / "intro.html").read_text(encoding="utf-8")
    assert re.search(
        r'bb-lang-switch-landing"><a class="bb-lang-link" href="ja/intro.html"[^>]*>この本は日本語',
        en,
    )
    assert re.search(
        r'bb-lang-switch-landing"><a class="bb-lang-link" href="../intro.html"[^>]*>This book in English',
        ja,
    )
    # The site's front door for a Japanese reader, too.
    assert (book_html / "ja" / "index.html").is_file()


# --------------------------------------------------------------- one computation, two pages


def glue(book_html: Path, name: str) -> dict[str, str]:
    """The values a page glued into its prose, as the book build executed it."""
    path = book_html.parent / "jupyter_execute" / f"{name}.glue.json"
    if not path.is_file():  # a page that glues nothing (myst-nb writes no file)
        return {}
    data = json.loads(path.read_text(encoding="utf-8"))
    return {key: value["data"].get("text/plain", "") for key, value in data.items()}


NUMBER = re.compile(r"^-?[\d,]+$")


def notebook_pages() -> list[str]:
    """Translated pages that run code (a page of prose only has nothing to glue)."""
    return [n for n in translated() if (JA_DIR / f"{n}.md").read_text("utf-8").startswith("---")]


@pytest.mark.parametrize("name", notebook_pages())
def test_the_twins_glue_the_same_figures(book_html: Path, name: str) -> None:
    """Both pages glue every value the English one does; every number is the same."""
    en = glue(book_html, name)
    ja = glue(book_html, f"ja/{name}")
    assert set(en) <= set(ja), f"{name}: the Japanese page lacks {sorted(set(en) - set(ja))}"
    for key, value in en.items():
        if NUMBER.match(value):
            assert ja[key] == value, (name, key)


SVG = re.compile(r"<svg\b.*?</svg>", re.DOTALL)
#: A picture's words (its name, square titles, the text it draws, e.g. Tower Gate's legend and
#: a dome's badge, D or 4) and their font: what may differ between the twins' boards.
WORDS_IN_SVG = re.compile(
    r'<title>.*?</title>|aria-label="[^"]*"|(?<=>)[^<>]+(?=</text>)|font-family="[^"]*"',
    re.DOTALL,
)


def drawing(svg: str) -> str:
    """A picture without its words (a screen reader's, or drawn) and their font."""
    return WORDS_IN_SVG.sub("", svg)


@pytest.mark.parametrize("name", translated())
def test_the_twins_show_the_same_boards_and_exercises(book_html: Path, name: str) -> None:
    en = article((book_html / f"{name}.html").read_text(encoding="utf-8"))
    ja = article((book_html / "ja" / f"{name}.html").read_text(encoding="utf-8"))
    pictures = [[drawing(svg) for svg in SVG.findall(html)] for html in (en, ja)]
    assert pictures[0] == pictures[1], f"{name}: the boards differ"
    data = [re.findall(r'class="bb-ex-data">(.*?)</script>', html) for html in (en, ja)]
    assert len(data[0]) == len(data[1])
    for en_data, ja_data in zip(*data, strict=True):
        en_verdicts, ja_verdicts = json.loads(en_data), json.loads(ja_data)
        assert {k: v["right"] for k, v in en_verdicts.items()} == {
            k: v["right"] for k, v in ja_verdicts.items()
        }
        assert all(japanese_share(v["reason"]) > 0.5 for v in ja_verdicts.values())
    ids = [re.findall(r'data-exercise="(\d+)"', html) for html in (en, ja)]
    assert ids[0] == ids[1]  # the progress record is shared: the same numbers


# ---------------------------------------------------------------------- the seeds' words


def test_the_reversi_pages_use_the_seed_and_board_words(book_html: Path) -> None:
    chapter = "".join(
        prose(article((book_html / "ja" / f"{n}.html").read_text(encoding="utf-8")))
        for n in translated()
        if n.startswith("reversi/")
    )
    for word in ("パス", "置けるマス", "隅", "はさ", "ここでは相手の石をはさめません", "X打ち"):
        assert word in chapter, word
    # The pass card's own words, and the level names the board shows.
    assert "黒は置ける場所がないのでパス" in chapter
    for level in ("初心者", "隅ねらい", "つよい"):
        assert level in chapter, level


def test_the_tower_gate_pages_use_the_seed_and_board_words(book_html: Path) -> None:
    pages = [n for n in translated() if n.startswith("towergate/")]
    assert len(pages) == 5
    chapter = "".join(
        prose(article((book_html / "ja" / f"{n}.html").read_text(encoding="utf-8"))) for n in pages
    )
    # The seed page's words (docs/seeds/000) and the board's (towergate/texts.py).
    for word in ("竣工", "本日の課題", "加護", "風", "石工", "塗替", "跳躍", "テラコッタ", "青"):
        assert word in chapter, word
    for word in ("やさしい", "ふつう", "つよい", "対局を始める", "対称の固定配置", "凡例"):
        assert word in chapter, word
    # The teacher's guide sets the exercises by the names the exercise page gives them.
    exercises = (book_html / "ja" / "towergate" / "exercises.html").read_text(encoding="utf-8")
    headings = [
        re.sub(r'<a class="headerlink".*?</a>|<rt>.*?</rt>|<[^>]+>', "", h).strip()
        for h in re.findall(r"<h2>(.*?)</h2>", article(exercises), re.DOTALL)
    ]
    teachers = (JA_DIR / "teachers.md").read_text(encoding="utf-8")
    section = teachers.split("## タワーゲート", 1)[1].split("\n## ", 1)[0]
    named = re.findall(r"「(.+?)」", section.split("出題する練習問題", 1)[1].split("\n", 1)[0])
    assert named == headings == ["登る", "色", "守る", "本日の課題"]


def test_the_glossary_gives_every_english_term_beside_its_japanese_one(book_html: Path) -> None:
    from test_book_site import glossary_terms

    ja = (book_html / "ja" / "glossary.html").read_text(encoding="utf-8")
    entries = re.findall(r"<dl class=\"simple glossary\">(.*?)</dl>", ja, re.DOTALL)
    terms = [re.findall(r"<dt[^>]*>(.*?)<a class=\"headerlink\"", e, re.DOTALL) for e in entries]
    shown = [re.sub(r"<[^>]+>", "", t).strip() for entry in terms for t in entry]
    english = {t for section in glossary_terms().values() for t in section}
    for term in english:
        assert term in shown, f"the Japanese glossary lacks {term!r}"
        # ... right after its Japanese word.
        before = shown[shown.index(term) - 1]
        assert JAPANESE.search(before), (term, before)
    for word in ("竣工", "加護", "本日の課題", "パス", "置けるマス", "風・石工・塗替・跳躍"):
        assert word in prose(ja), word


#: The Japanese glossary's sections and the chapters whose pages use their words.
JA_GLOSSARY_CHAPTERS = {
    "リバーシの言葉": ("reversi",),
    "Beacon Lines の言葉": ("beacon",),
    "Quads の言葉": ("quads",),
    "タワーゲートの言葉": ("towergate",),
    "どのゲームにも出てくる言葉": ("reversi", "beacon", "quads", "towergate"),
}
#: A verb's ending, dropped to find its other forms (はさむ: はさんで, はさめない).
VERB_ENDING = re.compile(r"[むすくぐつぬぶるう]$")
#: Names with a term inside that are not a use of it (a CPU level's name).
NAMES = ("隅ねらい",)


def ja_glossary_terms() -> dict[str, list[str]]:
    """Section heading -> its Japanese terms (each entry's first line), from the source."""
    text = (JA_DIR / "glossary.md").read_text(encoding="utf-8")
    sections = {}
    for section in text.split("\n## ")[1:]:
        name = section.split("\n", 1)[0]
        block = section.split("```{glossary}", 1)[1].split("```", 1)[0]
        entries = block.split("\n\n")
        sections[name] = [entry.strip().splitlines()[0] for entry in entries if entry.strip()]
    return sections


def ja_unlinked_first_uses(page: Path, terms: list[str]) -> list[str]:
    """Each term whose first use in the page's prose is not a link to the glossary (a verb is
    found by its stem: 返す in 返ります). The glossary's ids are term-0, term-1, …: any term
    link counts, as the English test counts a link to the entry of the word's sense."""
    from test_book_site import prose_with_links

    text, spans = prose_with_links(page)
    for name in NAMES:
        text = text.replace(name, "＿" * len(name))
    missing = []
    for term in terms:
        word = re.sub(r"（.*）$", "", term)
        stem = VERB_ENDING.sub("", word)
        found = text.find(stem)
        if found < 0:
            continue
        link = next((t for start, end, t in spans if start <= found < end), None)
        if link is None:
            missing.append(f"{term!r} in “…{text[max(0, found - 20) : found + 20]}…”")
    return missing


def test_glossary_words_are_linked_at_their_first_use_on_every_japanese_page(
    book_html: Path,
) -> None:
    sections = ja_glossary_terms()
    assert set(sections) == set(JA_GLOSSARY_CHAPTERS)
    problems = []
    for section, terms in sections.items():
        for chapter in JA_GLOSSARY_CHAPTERS[section]:
            for name in translated():
                if name.startswith(f"{chapter}/"):
                    page = book_html / "ja" / f"{name}.html"
                    problems += [f"{name}: {m}" for m in ja_unlinked_first_uses(page, terms)]
    assert problems == [], "\n".join(problems)


# --------------------------------------------------------------------- type, ruby, search


def test_japanese_pages_load_the_sites_own_japanese_font(book_html: Path) -> None:
    css = (book_html / "_fonts" / "noto-sans-jp.css").read_text(encoding="utf-8")
    files = re.findall(r"url\((noto-sans-jp/[^)]+)\)", css)
    assert len(files) > 200 and all((book_html / "_fonts" / f).is_file() for f in files)
    assert "unicode-range" in css and "woff')" not in css
    for name in ("ja/intro.html", "ja/reversi/rules.html", "intro.html"):
        html = (book_html / name).read_text(encoding="utf-8")
        link = re.search(r'href="([^"]*_fonts/noto-sans-jp\.css)', html)
        assert link, name
        assert ((book_html / name).parent / link.group(1)).resolve() == (
            book_html / "_fonts" / "noto-sans-jp.css"
        ).resolve()


def test_hard_kanji_get_ruby_at_their_first_use_on_a_page(book_html: Path) -> None:
    readings = yaml.safe_load((JA_DIR / "_readings.yml").read_text(encoding="utf-8"))
    html = article((book_html / "ja" / "reversi" / "tips.html").read_text(encoding="utf-8"))
    assert html.count(f"<ruby>隅<rt>{readings['隅']}</rt></ruby>") == 1
    assert html.count("隅") > 3  # later uses stay plain
    # Not in code, and not in the English pages.
    english = (book_html / "reversi" / "cpu-levels.html").read_text(encoding="utf-8")
    assert "<ruby>" not in english


def search_index(path: Path) -> dict[str, Any]:
    text = path.read_text(encoding="utf-8")
    return json.loads(text[text.index("(") + 1 : text.rindex(")")])


def test_the_japanese_search_index_holds_japanese_words(book_html: Path) -> None:
    """Sphinx splits Japanese text into words (no spaces to split at) for the ja/ search."""
    index = search_index(book_html / "ja" / "searchindex.js")
    docnames = index["docnames"]

    def pages(word: str) -> set[str]:
        """The pages the search finds ``word`` on: in their text or in a heading."""
        found: set[str] = set()
        for kind in ("terms", "titleterms"):
            hits = index[kind].get(word, [])
            found |= {docnames[i] for i in ([hits] if isinstance(hits, int) else hits)}
        return found

    # One kanji is a word too (Sphinx drops one-character words; editions.py keeps a kanji).
    corner = pages("隅")
    assert "glossary" in corner and len({p for p in corner if p.startswith("reversi/")}) >= 3
    assert "glossary" in pages("加護")
    assert "reversi/rules" in pages("パス")
    assert "intro" in pages("リバーシ")
    # The English index stays English.
    english = search_index(book_html / "searchindex.js")
    assert "corner" in english["terms"] and "隅" not in english["terms"]


# ------------------------------------------------------------------- the notebook copies


def test_the_japanese_pages_notebook_copies_are_japanese(book_html: Path) -> None:
    files = book_html / "lite" / "files"
    for name in notebook_pages():
        nb = json.loads((files / "ja" / f"{name}.ipynb").read_text(encoding="utf-8"))
        text = "".join(
            "".join(cell["source"]) for cell in nb["cells"] if cell["cell_type"] == "markdown"
        )
        assert "{glue" not in text and "{term}" not in text, name
        words = re.sub(r"<[^>]+>", " ", text)  # pictures and tables: their words, not tags
        assert japanese_share(without_kept_names(words)) > 0.7, name
        assert "ノートブック版" in "".join(nb["cells"][0]["source"]), name
    play = json.loads((files / "ja" / "reversi" / "play.ipynb").read_text(encoding="utf-8"))
    code = ["".join(c["source"]) for c in play["cells"] if c["cell_type"] == "code"]
    assert any('lang="ja"' in c for c in code)
    # The Japanese page links its own copy, not the English one.
    page = (book_html / "ja" / "reversi" / "play.html").read_text(encoding="utf-8")
    assert "../../lite/notebooks/index.html?path=ja/reversi/play.ipynb" in page
    assert "../../lite/files/ja/reversi/play.ipynb" in page


# ------------------------------------------------------------------------------- browser


@pytest.fixture
def context(chromium: Any) -> Any:
    context = chromium.new_context(viewport={"width": 390, "height": 844})
    yield context
    context.close()


def open_page(page: Any, url: str) -> None:
    page.goto(url, wait_until="load")
    if page.locator(".bb-exercise").count():
        page.wait_for_selector(".bb-exercise.bb-ex-ready")


@pytest.mark.browser
def test_a_japanese_exercise_answers_in_japanese_and_shares_progress_with_its_twin(
    book_server: str, context: Any
) -> None:
    page = context.new_page()
    errors: list[str] = []
    page.on("console", lambda m: m.type == "error" and errors.append(m.text))
    open_page(page, f"{book_server}/ja/reversi/exercises.html")
    line = page.locator(".bb-progress-chapter")
    assert "練習問題 3問中0問正解" in line.inner_text()
    box = page.locator(".bb-exercise").first
    assert box.locator(".bb-ex-hint-button").inner_text() == "ヒント"
    data = json.loads(box.locator("script.bb-ex-data").text_content())
    right = next(square for square, verdict in data.items() if verdict["right"])
    wrong = next(square for square, verdict in data.items() if not verdict["right"])
    feedback = box.locator(".bb-ex-feedback")
    box.locator(f'.bb-ex-board [data-square="{wrong}"]').click()
    assert feedback.inner_text().startswith("ちがいます。")
    box.locator(f'.bb-ex-board [data-square="{right}"]').click()
    assert feedback.inner_text().startswith("正解！")
    assert "練習問題 3問中1問正解" in line.inner_text()
    assert box.locator(".bb-ex-solved-badge").inner_text() == "正解済み"
    # The same record on the English twin, and on the English landing page.
    open_page(page, f"{book_server}/reversi/exercises.html")
    assert "1 of 3 exercises solved" in page.locator(".bb-progress-chapter").inner_text()
    assert page.locator(".bb-exercise").first.locator(".bb-ex-solved-badge").is_visible()
    # The student edition and its worksheet speak Japanese on a Japanese page.
    open_page(page, f"{book_server}/ja/reversi/exercises.html?student=1")
    assert "生徒用" in page.locator(".bb-student-note").inner_text()
    page.emulate_media(media="print")
    assert "名前：" in page.locator(".bb-print-header").inner_text()
    page.emulate_media(media="screen")
    open_page(page, f"{book_server}/ja/reversi/exercises.html?student=0")
    assert errors == [], errors


@pytest.mark.browser
def test_the_language_switch_leads_to_the_same_page_and_back(
    book_server: str, context: Any
) -> None:
    page = context.new_page()
    page.goto(f"{book_server}/reversi/tips.html", wait_until="load")
    page.locator(".bb-lang-switch a").click()
    page.wait_for_url("**/ja/reversi/tips.html")
    assert page.evaluate("document.documentElement.lang") == "ja"
    page.locator(".bb-lang-switch a").click()
    page.wait_for_url("**/reversi/tips.html")
    assert "/ja/" not in page.url and page.evaluate("document.documentElement.lang") == "en"


@pytest.mark.browser
def test_japanese_text_is_drawn_by_the_sites_noto_sans_jp(book_server: str, context: Any) -> None:
    page = context.new_page()
    served: list[str] = []
    page.on("response", lambda r: "/_fonts/noto-sans-jp/" in r.url and served.append(r.url))
    page.goto(f"{book_server}/ja/reversi/rules.html", wait_until="load")
    page.evaluate("document.fonts.ready.then(() => true)")
    family = page.evaluate(
        "getComputedStyle(document.querySelector('article.bd-article p')).fontFamily"
    )
    assert family.startswith('"Noto Sans JP"'), family
    loaded = page.evaluate(
        "[...document.fonts].filter(f => f.family.includes('Noto Sans JP')"
        " && f.status === 'loaded').length"
    )
    assert loaded > 0
    assert page.evaluate("document.fonts.check('16px \"Noto Sans JP\"', '石を置く')")
    assert served, "no part of the font was fetched from the site"
    line = page.evaluate(
        "parseFloat(getComputedStyle(document.querySelector('article.bd-article p')).lineHeight)"
        " / parseFloat(getComputedStyle(document.querySelector('article.bd-article p')).fontSize)"
    )
    assert line >= 1.7, line


@pytest.mark.browser
def test_the_japanese_search_finds_japanese_words(book_server: str, context: Any) -> None:
    page = context.new_page()
    page.goto(f"{book_server}/ja/search.html?q=隅", wait_until="load")
    page.wait_for_function(
        "() => document.querySelectorAll('#search-results li').length > 0", timeout=20_000
    )
    found = page.eval_on_selector_all("#search-results li a", "as => as.map(a => a.href)")
    assert any("/ja/glossary.html" in href for href in found), found
    assert any("/ja/reversi/" in href for href in found), found


@pytest.mark.browser
def test_japanese_table_cells_break_between_words_only(book_server: str, context: Any) -> None:
    """On a phone, the map table of ja/beacon/rules names each region whole (Crossroads, not
    Crossr/oads), and the round log's headings on ja/beacon/routes keep their words whole
    (ラウンド): a narrow column scrolls instead of cutting words."""
    page = context.new_page()
    page.goto(f"{book_server}/ja/beacon/rules.html", wait_until="load")
    page.evaluate("document.fonts.ready.then(() => true)")
    split = page.evaluate(
        """() => [...document.querySelectorAll('article.bd-article td')].flatMap(cell => {
            const text = cell.firstChild && cell.firstChild.nodeType === 3
                ? cell.firstChild : cell.querySelector('p')?.firstChild;
            if (!text || text.nodeType !== 3) return [];
            return [...text.data.matchAll(/[A-Za-z]+/g)].filter(m => {
                const range = document.createRange();
                range.setStart(text, m.index);
                range.setEnd(text, m.index + m[0].length);
                return range.getClientRects().length > 1;
            }).map(m => m[0]);
        })"""
    )
    regions = page.evaluate(
        "[...document.querySelectorAll('article.bd-article td')].map(c => c.innerText.trim())"
    )
    assert "Crossroads" in regions  # the table is there, region names in their cells
    assert split == [], f"words broken across lines: {split}"
    # A column heading breaks between phrases, not between letters (ラ/ウ/ン/ド).
    page.goto(f"{book_server}/ja/beacon/routes.html", wait_until="load")
    page.evaluate("document.fonts.ready.then(() => true)")
    lines = page.evaluate(
        """() => [...document.querySelectorAll('article.bd-article th')]
            .filter(th => th.innerText.trim() === 'ラウンド')
            .map(th => {
                const range = document.createRange();
                range.selectNodeContents(th);
                return new Set([...range.getClientRects()].map(r => Math.round(r.top))).size;
            })"""
    )
    assert lines and set(lines) == {1}, lines
