"""The toy game's JS entry (tests/toygame/slide.js), the guide's complete example, in Chromium:
built by esbuild like a game's entry, it draws Slide's snapshot and a click plays in Python."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from fakepage import open_page
from toygame import Slide

ROOT = Path(__file__).resolve().parents[2]
ESBUILD = ROOT / "js" / "node_modules" / ".bin" / "esbuild"


@pytest.fixture(autouse=True)
def private_stats(tmp_path, monkeypatch):
    monkeypatch.setenv("BOARDBOOK_DATA_DIR", str(tmp_path / "data"))


def build(out: Path) -> Path:
    subprocess.run(
        [str(ESBUILD), str(ROOT / "tests" / "toygame" / "slide.js"), "--bundle", "--format=esm",
         f"--outdir={out}", "--define:define.amd=false", "--log-level=warning"],
        check=True,
    )  # fmt: skip
    return out


def test_the_toy_entry_draws_the_board_and_a_click_plays_in_python(chromium, tmp_path):
    static = build(tmp_path / "static")
    assert (static / "slide.js").is_file() and (static / "slide.css").is_file()
    w = Slide()
    page, errors = open_page(chromium, "slide", w, wired=True, static=static)
    try:
        page.wait_for_selector('.bb-slide-grid .bb-square[data-square="b2"]')
        assert page.locator(".bb-slide-grid .bb-square").count() == 9
        page.click('.bb-square[data-square="b2"]')
        page.wait_for_function(
            "document.querySelector('.bb-square[data-square=\"b2\"]').textContent === 'X'"
        )
        assert w.history == ["b2"] and not errors
    finally:
        page.close()
        w.close()
