"""The packages people install: what the sdist and wheel carry, and that the sdist installs
with no npm anywhere (conda-forge recipes, ``pip install --no-binary``, source-only indexes).

Everything is built and installed offline: the build uses this environment's hatchling
(``--no-isolation``) and the fresh venv borrows this environment's packages through a ``.pth``
line, so nothing is downloaded. The built front-end bundles must exist (``pip install -e .`` or
``npm run build`` makes them), as they must for any release.
"""

from __future__ import annotations

import email.parser
import re
import shutil
import subprocess
import sys
import sysconfig
import tarfile
import tomllib
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
STATIC = "widgets/boardbook/static"


def _game_entries() -> list[str]:
    """The games js/build.mjs bundles: lower-case top-level js/<game>.js, configs excluded."""
    return sorted(
        p.stem
        for p in (ROOT / "js").iterdir()
        if re.fullmatch(r"[a-z][a-z0-9_-]*\.js", p.name) and ".config." not in p.name
    )


def test_every_game_bundle_is_ensured_and_skips_npm_when_present():
    hook = PYPROJECT["tool"]["hatch"]["build"]["hooks"]["jupyter-builder"]
    wanted = sorted(f"{STATIC}/{game}.{ext}" for game in _game_entries() for ext in ("js", "css"))
    assert wanted, "no js/<game>.js entry found"
    # A new game's bundles must be listed in both, or a release could ship without them
    # (ensured-targets) or rebuild with npm from an sdist that already has them (skip-if-exists).
    assert sorted(hook["ensured-targets"]) == wanted
    assert sorted(hook["skip-if-exists"]) == wanted
    for target in ("wheel", "sdist"):
        artifacts = PYPROJECT["tool"]["hatch"]["build"]["targets"][target]["artifacts"]
        assert f"{STATIC}/*.js" in artifacts and f"{STATIC}/*.css" in artifacts


@pytest.fixture(scope="module")
def dists(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    missing = [
        f"{STATIC}/{g}.{e}"
        for g in _game_entries()
        for e in ("js", "css")
        if not (ROOT / STATIC / f"{g}.{e}").is_file()
    ]
    assert not missing, f"build the front end first (cd js && npm run build): {missing}"
    out = tmp_path_factory.mktemp("dist")
    subprocess.run(
        [sys.executable, "-m", "build", "--no-isolation", "--outdir", str(out), str(ROOT)],
        check=True,
        capture_output=True,
        timeout=600,
    )
    (sdist,) = out.glob("boardbook-*.tar.gz")
    (wheel,) = out.glob("boardbook-*.whl")
    return {"sdist": sdist, "wheel": wheel}


@pytest.mark.slow
def test_sdist_carries_the_built_bundles_and_the_licence(dists):
    with tarfile.open(dists["sdist"]) as tar:
        names = {name.split("/", 1)[1] for name in tar.getnames() if "/" in name}
    for game in _game_entries():
        assert f"{STATIC}/{game}.js" in names and f"{STATIC}/{game}.css" in names
    assert {"LICENSE", "README.md", "pyproject.toml", "widgets/boardbook/py.typed"} <= names
    assert "tests/data/ffo-20-39.obf" in names  # the sdist's own tests can run
    assert not any(n.startswith(("js/node_modules/", ".venv/")) for n in names)


@pytest.mark.slow
def test_wheel_carries_bundles_types_licence_and_metadata(dists):
    with zipfile.ZipFile(dists["wheel"]) as zf:
        names = set(zf.namelist())
        (meta_name,) = [n for n in names if n.endswith(".dist-info/METADATA")]
        meta = email.parser.Parser().parsestr(zf.read(meta_name).decode("utf-8"))
        licence = [n for n in names if n.endswith(".dist-info/licenses/LICENSE")]
        assert licence and b"MIT License" in zf.read(licence[0])
    for game in _game_entries():
        assert f"boardbook/static/{game}.js" in names and f"boardbook/static/{game}.css" in names
    assert "boardbook/py.typed" in names
    # the strong Reversi level's fitted evaluation (read at import)
    assert {"boardbook/reversi/eval_weights.json", "boardbook/reversi/eval_patterns.bin"} <= names
    assert meta["License-Expression"] == "MIT"
    classifiers = meta.get_all("Classifier")
    for version in ("3.11", "3.12", "3.13", "3.14"):
        assert f"Programming Language :: Python :: {version}" in classifiers
    for needed in (
        "Framework :: Jupyter",
        "Framework :: Jupyter :: JupyterLab",
        "Topic :: Games/Entertainment :: Board Games",
        "Typing :: Typed",
    ):
        assert needed in classifiers
    assert meta.get_all("Project-URL") is None  # none exists yet: no invented URLs
    # The index page gets the README without the screenshot, whose relative path would break.
    description = meta.get_payload()
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    # ...while GitHub (CommonMark) still shows it: the markers must not swallow the image line.
    from markdown_it import MarkdownIt

    assert '<img src="book/_static/' in MarkdownIt("commonmark").render(readme)
    assert "](book/_static/" not in description and ".png" not in description
    first_section = readme.split("\n## ", 2)[1].split("\n", 1)[0]
    assert "# boardbook" in description and f"## {first_section}" in description
    # No relative link (the index cannot resolve it) and no npm build for a wheel's install.
    assert not re.search(r"\]\((?!https?:|#)", description), description
    assert (
        'pip install "boardbook[lab]"' in description
        and "npm" not in description.split("## Test")[0]
    )


@pytest.mark.slow
def test_sdist_installs_and_imports_without_npm(dists, tmp_path):
    venv = tmp_path / "fresh"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=300)
    python = venv / "bin" / "python"
    site = subprocess.run(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout.strip()
    # Borrow this environment's build backend and runtime dependencies (a .pth line adds a
    # directory, it does not run that directory's .pth files: the editable boardbook stays out).
    (Path(site) / "_borrowed.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    no_node = tmp_path / "empty-bin"
    no_node.mkdir()
    path = f"{venv / 'bin'}:{no_node}"
    assert shutil.which("npm", path=path) is None and shutil.which("node", path=path) is None
    env = {"PATH": path, "HOME": str(tmp_path), "PIP_NO_INDEX": "1", "PIP_CONFIG_FILE": "/dev/null"}
    install = subprocess.run(
        [str(python), "-m", "pip", "install", "--no-deps", "--no-build-isolation"]
        + [str(dists["sdist"])],
        check=False,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert install.returncode == 0, install.stdout + install.stderr
    check = (
        "import importlib.resources as r, boardbook, sys\n"
        "from boardbook.reversi import Position\n"
        "assert boardbook.__file__.startswith(sys.prefix), boardbook.__file__\n"
        "static = r.files('boardbook') / 'static'\n"
        f"for game in {_game_entries()!r}:\n"
        "    assert len((static / (game + '.js')).read_bytes()) > 1000, game\n"
        "    assert (static / (game + '.css')).is_file(), game\n"
        "assert (r.files('boardbook') / 'py.typed').is_file()\n"
        "from boardbook.reversi.ai import choose_move\n"
        "print(choose_move(Position.start(), 'strong', time_budget=0.01))\n"
        "print(len(Position.start().legal_moves()))\n"
    )
    run = subprocess.run(
        [str(python), "-c", check],
        check=False,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert run.returncode == 0, run.stderr
    strong_move, count = run.stdout.split()
    assert strong_move in {"d3", "c4", "f5", "e6"}  # the evaluation's weights were installed
    assert count == "4"  # Reversi's opening has four moves (docs/RULES.md)
