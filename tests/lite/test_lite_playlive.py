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


def test_notebook_pages_carry_the_note_with_a_working_link(built: Path) -> None:
    html = (built / "reversi" / "play.html").read_text()
    links = re.findall(r'<a class="bb-playlive-link" href="([^"]+)"[^>]*>([^<]+)</a>', html)
    assert ("../lite/notebooks/index.html?path=reversi/play.ipynb", "▶ Play live") in links
    # The directive adds a second link, with its own label, where the page puts it.
    assert ("../lite/notebooks/index.html?path=reversi/play.ipynb", "Play this game live") in links
    assert "downloads about" in html and "seconds" in html  # what happens and how long
    assert "_static/playlive.css" in html and (built / "_static" / "playlive.css").exists()


def test_pages_without_code_get_no_note(built: Path) -> None:
    assert "bb-playlive" not in (built / "reversi" / "about.html").read_text()
    assert "bb-playlive" not in (built / "index.html").read_text()
