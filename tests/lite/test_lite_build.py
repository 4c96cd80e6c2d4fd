"""The "play live" site builds and ships everything a reader's browser needs, from itself."""

from __future__ import annotations

import hashlib
import json
import re
import zipfile
from pathlib import Path

import nbformat
from conftest import BOOK, build_lite, playlive


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_pyodide_is_served_by_the_site(lite_site: Path, lite_config: dict) -> None:
    kernel = lite_config["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]
    assert kernel["pyodideUrl"] == "./static/pyodide/pyodide.mjs"
    assert kernel["disablePyPIFallback"] is True
    assert lite_config["exposeAppInBrowser"] is True
    for name in ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip"):
        assert (lite_site / "static" / "pyodide" / name).is_file(), name
    assert "cdn.jsdelivr" not in (lite_site / "jupyter-lite.json").read_text()


def test_lock_points_only_at_shipped_pypi_wheels(lite_site: Path) -> None:
    """Every lock entry names a file of the site whose sha256 it records (else the kernel hangs)."""
    pyodide = lite_site / "static" / "pyodide"
    lock = json.loads((pyodide / "pyodide-lock.json").read_text())
    packages = lock["packages"]
    shipped = {build_lite.normalize(name) for name in packages}
    # micropip and what the kernel installs when it starts (else it never becomes idle), then
    # boardbook's own dependencies that the lock provides.
    for needed in ("micropip", "ipython", "jedi", "traitlets", "platformdirs", "typing-extensions"):
        assert needed in packages
    for name, entry in packages.items():
        wheel = pyodide / entry["file_name"]
        assert wheel.is_file(), f"{name}: {entry['file_name']} is not shipped"
        assert sha256(wheel) == entry["sha256"], f"{name}: sha256 does not match the file"
        for dep in entry["depends"]:
            assert build_lite.normalize(dep) in shipped, (
                f"{name} depends on {dep}, which the lock does not ship"
            )


def test_boardbook_wheel_ships_engine_and_front_end(lite_site: Path) -> None:
    (wheel,) = (lite_site / "pypi").glob("boardbook-*-py3-none-any.whl")
    with zipfile.ZipFile(wheel) as zf:
        names = set(zf.namelist())
    for module in (
        "boardbook/__init__.py",
        "boardbook/reversi/rules.py",
        "boardbook/reversi/ai.py",
        "boardbook/core/scheduler.py",
        "boardbook/static/reversi.js",
    ):
        assert module in names, f"{module} missing from {wheel.name}"
    index = json.loads((lite_site / "pypi" / "all.json").read_text())
    release = [f for files in index["boardbook"]["releases"].values() for f in files]
    assert [f["filename"] for f in release] == [wheel.name]
    assert release[0]["digests"]["sha256"] == sha256(wheel)


def test_every_dependency_of_boardbook_is_on_the_site(lite_site: Path) -> None:
    """piplite resolves from pypi/ and the lock only: each requirement must be found there."""
    index = json.loads((lite_site / "pypi" / "all.json").read_text())
    lock = json.loads((lite_site / "static" / "pyodide" / "pyodide-lock.json").read_text())
    available = {build_lite.normalize(n) for n in [*index, *lock["packages"]]}
    kernel_index = (
        lite_site
        / "extensions"
        / "@jupyterlite"
        / "pyodide-kernel-extension"
        / "static"
        / "pypi"
        / "all.json"
    )
    available |= {build_lite.normalize(n) for n in json.loads(kernel_index.read_text())}
    for wheel in (lite_site / "pypi").glob("*.whl"):
        with zipfile.ZipFile(wheel) as zf:
            (meta,) = [n for n in zf.namelist() if n.endswith(".dist-info/METADATA")]
            lines = zf.read(meta).decode().splitlines()
        for line in lines:
            if line.startswith("Requires-Dist:") and "extra ==" not in line:
                requirement = line.split(":", 1)[1].strip()
                name = build_lite.normalize(
                    requirement.split(";")[0]
                    .split("[")[0]
                    .split("(")[0]
                    .split("<")[0]
                    .split(">")[0]
                    .split("=")[0]
                    .split("~")[0]
                    .split("!")[0]
                    .strip()
                )
                assert name in available, f"{wheel.name} needs {requirement}: not on the site"


#: MyST that a notebook would show raw: glue and other roles, labels, directives (backtick
#: and colon fences, their options such as ``:class: dropdown``), cell tags.
PLACEHOLDER = re.compile(
    r"\{[a-z:-]+\}`|^\([\w-]+\)=|^```\{|^:{3,}|^:[\w-]+:|\{(?:admonition|glossary)\}|^\+\+\+",
    re.MULTILINE,
)


def page_code_cells(page: Path) -> list[str]:
    """The code cells a reader of the page sees and runs (not the hidden ones)."""
    import jupytext

    return [
        c.source
        for c in jupytext.read(page).cells
        if c.cell_type == "code"
        and not {"remove-cell", "remove-input"} & set(c.metadata.get("tags", []))
    ]


def test_every_book_notebook_page_has_a_live_copy_that_reads_like_the_page(
    lite_site: Path,
) -> None:
    pages = playlive.notebook_pages(BOOK)
    assert pages, "the book has no notebook pages"
    files = lite_site / "files"
    for page in pages:
        docname = page.relative_to(BOOK).with_suffix("").as_posix()
        live = files / playlive.lite_notebook_path(docname)
        assert live.is_file(), f"{docname} has no live notebook"
        nb = nbformat.read(live, as_version=4)
        assert nb.metadata.kernelspec["name"] == "python"  # the Pyodide kernel
        text = "\n".join(c.source for c in nb.cells if c.cell_type == "markdown")
        assert not PLACEHOLDER.search(text), f"{docname}: raw MyST {PLACEHOLDER.findall(text)}"
        # The first cell says what to do, in the page's language; boardbook is installed
        # first where there is code.
        first = nb.cells[0]
        nothing = {"en": "nothing to run", "ja": "実行するものがありません"}
        assert (
            build_lite.SETUP_TAG in first.metadata["tags"]
            and "Run All" in first.source
            or nothing[build_lite.page_language(docname)] in first.source
        )
        code = [c.source for c in nb.cells if c.cell_type == "code"]
        visible = page_code_cells(page)
        if visible:
            assert code[0].startswith(build_lite.SETUP_CODE)
            assert code[1:] == visible, f"{docname}: only the page's visible cells are code"
        else:
            assert code == [], f"{docname}: hidden cells must not become code"
        assert all(not c.get("outputs") for c in nb.cells if c.cell_type == "code")


def test_live_copies_carry_the_numbers_and_the_boards(lite_site: Path) -> None:
    """The glued numbers are in the text, and the lesson boards are pictures a notebook shows."""
    nb = nbformat.read(lite_site / "files" / "reversi" / "rules.ipynb", as_version=4)
    text = "\n".join(c.source for c in nb.cells)
    assert "there are 4 such squares: d3, c4, f5, e6" in " ".join(text.split())  # RULES.md
    assert text.count('<img src="data:image/svg+xml;base64,') >= 7  # one per rule, at least
    assert "<svg" not in text and "<script" not in text and "<button" not in text
    # Exercises: no script runs in a notebook's Markdown, so hint and answer fold out instead.
    exercises = nbformat.read(lite_site / "files" / "reversi" / "exercises.ipynb", as_version=4)
    text = "\n".join(c.source for c in exercises.cells)
    assert text.count("<details><summary>Answer</summary>") >= 2 and "<button" not in text


def test_every_directive_and_role_the_pages_use_converts() -> None:
    """Each MyST directive in the book's pages has a notebook form; an unknown one is refused."""
    names = set()
    for page in playlive.notebook_pages(BOOK):
        text = page.read_text(encoding="utf-8")
        names |= set(re.findall(r"^(?:```|:{3,})\{([\w-]+)\}", text, re.MULTILINE))
    names.discard("code-cell")  # cells, not prose
    # Directives a page may use (a dropdown solution, a glossary), whether or not one does now.
    names |= {"admonition", "tip", "note", "glossary"}
    for name in names:
        out = build_lite.render_markdown(
            f"Before.\n\n:::{{{name}}} Title\n:class: dropdown\nBody {{term}}`corner`.\n:::\n",
            {},
            {},
        )
        assert not PLACEHOLDER.search(out), f"{name}: {out!r}"
    dropdown = build_lite.render_markdown(
        "::::{admonition} Solution\n:class: dropdown\n\nPlace on B2.\n::::", {}, {}
    )
    assert dropdown == "<details><summary>Solution</summary>\n\nPlace on B2.\n\n</details>"
    terms = build_lite.render_markdown(
        "```{glossary}\ncorner\n  One of the four\n  squares.\n\nedge\n  The outside.\n```", {}, {}
    )
    assert terms == "- **corner**: One of the four squares.\n- **edge**: The outside."
    import pytest

    with pytest.raises(build_lite.BuildError, match="directive"):
        build_lite.render_markdown(":::{mermaid}\ngraph\n:::", {}, {})


def test_the_play_notebook_of_the_lite_site_is_there(lite_site: Path) -> None:
    nb = nbformat.read(lite_site / "files" / "play-reversi.ipynb", as_version=4)
    assert any('Reversi(mode="cpu")' in c.source for c in nb.cells)


def test_no_helpers_wheel_when_no_visible_cell_imports_the_books_modules(lite_site: Path) -> None:
    pages = [
        p
        for p in playlive.notebook_pages(BOOK)
        if any("import kit" in src or "from kit" in src for src in page_code_cells(p))
    ]
    wheels = list((lite_site / "pypi").glob("boardbook_book_helpers-*.whl"))
    assert not pages and not wheels


def test_only_the_needed_lab_extensions_are_shipped(lite_site: Path, lite_config: dict) -> None:
    """Extensions of this environment that need a server (jupytext, …) stay out of the site."""
    names = sorted(ext["name"] for ext in lite_config["federated_extensions"])
    assert names == sorted(build_lite.LAB_EXTENSIONS)
