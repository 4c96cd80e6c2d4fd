"""The "Play live" hook for book pages (book/lite/playlive.py): which pages, which link, what text."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from conftest import BOOK, playlive

NOTEBOOK_MD = """---
kernelspec:
  display_name: Python 3
  language: python
  name: python3
---

# A notebook page

Text.
"""


def test_notebook_pages_are_the_md_notebooks_and_ipynb(tmp_path: Path) -> None:
    (tmp_path / "nb.md").write_text(NOTEBOOK_MD)
    (tmp_path / "plain.md").write_text("# Just text\n\n---\n\nkernelspec: not front matter\n")
    (tmp_path / "raw.ipynb").write_text("{}")
    (tmp_path / "_build").mkdir()
    (tmp_path / "_build" / "copy.md").write_text(NOTEBOOK_MD)
    (tmp_path / "lite").mkdir()
    (tmp_path / "lite" / "own.md").write_text(NOTEBOOK_MD)
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "deep.md").write_text(NOTEBOOK_MD)
    found = [p.relative_to(tmp_path).as_posix() for p in playlive.notebook_pages(tmp_path)]
    assert found == ["nb.md", "raw.ipynb", "sub/deep.md"]


def test_live_url_is_relative_to_the_page() -> None:
    assert playlive.live_url("intro") == "lite/notebooks/index.html?path=intro.ipynb"
    assert (
        playlive.live_url("reversi/play") == "../lite/notebooks/index.html?path=reversi/play.ipynb"
    )


def test_the_books_chapter_pages_get_live_copies() -> None:
    pages = {p.relative_to(BOOK).as_posix() for p in playlive.notebook_pages(BOOK)}
    assert "reversi/play.md" in pages


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A small Sphinx site (MyST pages) built with the extension, as the book loads it."""
    from sphinx.cmd.build import build_main

    src = tmp_path_factory.mktemp("playlive") / "src"
    (src / "reversi").mkdir(parents=True)
    (src / "conf.py").write_text(
        "import sys\n"
        f"sys.path.insert(0, {str(BOOK / 'lite')!r})\n"
        f"sys.path.insert(0, {str(BOOK / '_ext')!r})\n"  # editions: which edition this is
        "extensions = ['myst_parser', 'playlive']\n"
        "myst_enable_extensions = ['colon_fence']\n"
        "html_theme = 'basic'\n"
    )
    (src / "index.md").write_text("# Home\n\n```{toctree}\nreversi/play\nreversi/about\n```\n")
    (src / "reversi" / "play.md").write_text(
        NOTEBOOK_MD + "\n## Play a full game\n\n```{play-live} Play this game live\n```\n"
    )
    (src / "reversi" / "about.md").write_text("# About\n\nNo code here.\n")
    out = src.parent / "html"
    assert build_main(["-b", "html", "-q", "-W", str(src), str(out)]) == 0
    return out


def test_the_play_box_is_only_where_the_page_puts_it(built: Path) -> None:
    html = (built / "reversi" / "play.html").read_text()
    links = re.findall(r'<a class="bb-playlive-link" href="([^"]+)"[^>]*>([^<]+)</a>', html)
    # One box, from the directive, with its own label: no second note at the top of the page.
    assert links == [
        ("../lite/notebooks/index.html?path=reversi/play.ipynb", "Play this game live")
    ]
    text = re.search(r'<span class="bb-playlive-text">(.*?)</span>', html).group(1)
    assert "minute" in text and len(re.sub("<[^>]+>", "", text).split()) <= 40  # short
    assert "_static/playlive.css" in html and (built / "_static" / "playlive.css").exists()


def test_every_notebook_page_links_its_live_copy_and_its_download(built: Path) -> None:
    html = (built / "reversi" / "play.html").read_text()
    foot = re.search(r'<p class="bb-notebook-links">(.*?)</p>', html).group(1)
    assert 'href="../lite/notebooks/index.html?path=reversi/play.ipynb"' in foot
    assert 'href="../lite/files/reversi/play.ipynb" download="play.ipynb"' in foot


def test_pages_without_code_get_no_box_and_no_links(built: Path) -> None:
    for name in ("reversi/about.html", "index.html"):
        page = (built / name).read_text()
        assert "bb-playlive" not in page and "bb-notebook-links" not in page


def test_a_japanese_page_links_its_own_live_copy() -> None:
    """A page of the Japanese edition (the site's ja/) opens lite/files/ja/<page>.ipynb."""
    assert (
        playlive.live_url("reversi/play", "ja")
        == "../../lite/notebooks/index.html?path=ja/reversi/play.ipynb"
    )
    assert playlive.download_url("intro", "ja") == "../lite/files/ja/intro.ipynb"
    links = playlive.links_html("intro", "ja", "ja")
    assert "ブラウザで開く" in links and "../lite/files/ja/intro.ipynb" in links
