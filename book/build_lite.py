"""Build the "play live" JupyterLite site: the book's notebooks running boardbook in the browser.

    python book/build_lite.py                       # → book/_build/html/lite/
    python book/build_lite.py --output DIR          # anywhere else

Run it after the Jupyter Book build (its output goes inside the book's HTML so the pages'
"Play live" links resolve), or call ``build(output_dir)`` from ``book/build.py``.

Everything the reader's browser loads is served by the site itself, and the build fetches only
from PyPI and npm (cached in ``book/lite/_cache`` and ``book/lite/node_modules``):

* Pyodide, from the npm ``pyodide`` package at the version ``jupyterlite-pyodide-kernel``
  expects, into ``static/pyodide/``. That package holds only the core runtime, so the Pyodide
  packages the kernel loads (micropip, IPython and its dependencies, traitlets, …) come from
  their PyPI wheels at the lock's versions, and their ``pyodide-lock.json`` entries are
  rewritten to those files (name and sha256: Pyodide's own builds differ byte-wise, and with
  the stock lock micropip's integrity check fails and the kernel never starts). Lock entries
  we do not ship are dropped, so a missing package fails as "not found", not as a CDN fetch.
* boardbook's own wheel (with its bundled front end) and its pure-Python dependencies that are
  not in the lock, at the versions installed here (so they match the widget front ends that
  ``jupyter lite build`` takes from this environment), into ``pypi/``.
* The book's notebook pages, converted to ``.ipynb`` notebooks that read like the page: the
  prose with the glued numbers filled in (from the book build's executed notebooks in
  ``book/_build/jupyter_execute/``, or from running the page here), no MyST labels, roles or
  directives, the lesson boards as pictures, hidden cells gone, and only the cells a reader
  runs left as code. A first cell says what to do; where there is code to run, the next one
  installs boardbook from the local wheels (``disablePyPIFallback``: nothing is fetched from
  PyPI at read time).
"""

from __future__ import annotations

import argparse
import ast
import base64
import hashlib
import importlib.metadata
import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
import time
import zipfile
from pathlib import Path
from typing import Any

BOOK = Path(__file__).resolve().parent
ROOT = BOOK.parent
LITE = BOOK / "lite"
CACHE = LITE / "_cache"
DOWNLOADS = CACHE / "downloads"
STAGING = CACHE / "site"
DEFAULT_OUTPUT = BOOK / "_build" / "html" / "lite"

sys.path.insert(0, str(LITE))
import playlive

#: Lock packages the kernel and boardbook need; their dependencies are added from the lock.
#: The kernel's start installs ipykernel, comm, pyodide-kernel, jedi and ipython; the first
#: three come from its own and our pypi/ folders, and a missing one keeps it from starting.
LOCK_ROOTS = (
    "micropip",
    "packaging",
    "ipython",
    "jedi",
    "traitlets",
    "platformdirs",
    "typing-extensions",
)

#: Pure-Python wheels for ``pypi/`` that the lock lacks; pinned to this environment's versions.
KERNEL_WHEELS = ("anywidget", "ipywidgets", "comm", "jupyterlab_widgets", "psygnal")

#: Lab extensions the lite site needs (everything else in this environment is left out).
LAB_EXTENSIONS = (
    "@jupyterlite/pyodide-kernel-extension",
    "@jupyter-widgets/jupyterlab-manager",
    "anywidget",
)

#: Files of the npm ``pyodide`` package a browser never loads.
PYODIDE_SKIP = re.compile(r"\.(map|d\.ts|html|md)$|^package\.json$")

#: The Pyodide kernel's name in JupyterLite (kernelspec of the converted notebooks).
LITE_KERNELSPEC = {"name": "python", "display_name": "Python (Pyodide)", "language": "python"}

SETUP_MARKDOWN = (
    "**Live copy of “{title}”.** Python runs in your browser here; nothing is saved on a "
    "server.\n\n"
    "1. Choose **Run › Run All Cells**. The first start takes up to a minute.\n"
    "2. When the board appears, click it to play."
)
READ_ONLY_MARKDOWN = (
    "**Notebook copy of “{title}”.** This page has nothing to run: read it here. To play, "
    "open one of the *Play a full game* notebooks."
)
EXERCISES_MARKDOWN = (
    " Try each exercise on your own first, then open its **Hint** and **Answer** under the board."
)
#: The Japanese edition's folder, in book/ and in the lite site's contents (book/ja/ → ja/).
JA_DIR = "ja"
#: The words the live copies add, in each edition's language (the exercise's folded answer is
#: written by kit/lesson.py in the page's language).
WORDS = {
    "en": {
        "setup": SETUP_MARKDOWN,
        "read_only": READ_ONLY_MARKDOWN,
        "exercises": EXERCISES_MARKDOWN,
        "answer": "<summary>Answer</summary>",
        "glossary": "Glossary",
    },
    "ja": {
        "setup": (
            "**「{title}」のノートブック版です。** Pythonはこのブラウザの中で動き、サーバーには"
            "何も保存されません。\n\n"
            "1. **Run › Run All Cells** を選んでください。初回の起動には1分ほどかかります。\n"
            "2. 盤が出たら、クリックして遊びましょう。"
        ),
        "read_only": (
            "**「{title}」のノートブック版です。** このページには実行するものがありません。"
            "ここで読んでください。遊ぶときは「1局通して遊ぶ」のノートブックを開きましょう。"
        ),
        "exercises": (
            "練習問題はまず自分で考えてから、盤の下の**ヒント**と**答え**を開いてください。"
        ),
        "answer": "<summary>答え</summary>",
        "glossary": "用語集",
    },
}


def page_language(docname: str) -> str:
    """A page's language from its place in book/ (``ja/reversi/rules`` is Japanese)."""
    return "ja" if docname.split("/", 1)[0] == JA_DIR else "en"


SETUP_CODE = "%pip install -q boardbook"
SETUP_TAG = "boardbook-lite-setup"

#: The wheel of the book's own helper modules (``book/pagekit.py``, …) that pages import; the
#: book build finds them on PYTHONPATH, a live notebook installs them like boardbook.
HELPERS_DIST = "boardbook-book-helpers"
HELPERS_VERSION = "0.1.0"


class BuildError(RuntimeError):
    """A build step failed; the message says which and what to do."""


def log(message: str) -> None:
    print(f"[lite] {message}", flush=True)


def run(cmd: list[str], cwd: Path, env: dict[str, str] | None = None) -> None:
    """Run a command, failing with its output when it fails."""
    shown = " ".join(cmd)
    proc = subprocess.run(
        cmd,
        cwd=cwd,
        env=env,
        check=False,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    if proc.returncode != 0:
        raise BuildError(
            f"`{shown}` (in {cwd}) failed with exit code {proc.returncode}:\n{proc.stdout[-4000:]}"
        )


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def normalize(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


# ----------------------------------------------------------------------------- front end, wheel


def build_frontend() -> None:
    """Bundle the widgets' JS into widgets/boardbook/static/ so the wheel ships it."""
    js = ROOT / "js"
    if not (js / "package.json").exists():
        log("js/package.json missing: the wheel ships whatever widgets/boardbook/static holds")
        return
    if not (js / "node_modules").exists():
        run(
            [
                "npm",
                "ci" if (js / "package-lock.json").exists() else "install",
                "--no-audit",
                "--no-fund",
            ],
            cwd=js,
        )
    run(["npm", "run", "build"], cwd=js)


def build_boardbook_wheel() -> Path:
    """boardbook's wheel from this tree (front end already bundled), checked for its JS."""
    out = CACHE / "dist"
    shutil.rmtree(out, ignore_errors=True)
    out.mkdir(parents=True)
    env = dict(os.environ, HATCH_JUPYTER_BUILDER_SKIP_NPM="1")  # build_frontend() did it
    # The build backend from this environment when it has it (fast, offline); else pip fetches
    # it from PyPI into an isolated build environment.
    have_backend = all(importlib.util.find_spec(m) for m in ("hatchling", "hatch_jupyter_builder"))
    isolation = ["--no-build-isolation"] if have_backend else []
    run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            str(ROOT),
            "--no-deps",
            *isolation,
            "--quiet",
            "-w",
            str(out),
        ],
        cwd=ROOT,
        env=env,
    )
    (wheel,) = out.glob("boardbook-*.whl")
    with zipfile.ZipFile(wheel) as zf:
        names = zf.namelist()
    bundles = [n for n in names if re.fullmatch(r"boardbook/static/[^/]+\.js", n)]
    if not bundles:
        raise BuildError(
            f"{wheel.name} has no boardbook/static/*.js: the boards would not "
            "render. Build the front end (cd js && npm install && npm run build)."
        )
    return wheel


# ------------------------------------------------------------------------------------- Pyodide


def expected_pyodide_version() -> str:
    from jupyterlite_pyodide_kernel.constants import PYODIDE_VERSION

    return PYODIDE_VERSION


def ensure_pyodide() -> Path:
    """The npm ``pyodide`` package in book/lite/node_modules, at the kernel's version."""
    want = expected_pyodide_version()
    pinned = json.loads((LITE / "package.json").read_text())["dependencies"]["pyodide"]
    if pinned != want:
        raise BuildError(
            f"book/lite/package.json pins pyodide {pinned} but "
            f"jupyterlite-pyodide-kernel expects {want}: update the pin (and "
            f"package-lock.json with `npm install` in book/lite)"
        )
    package = LITE / "node_modules" / "pyodide"
    have = None
    if (package / "package.json").exists():
        have = json.loads((package / "package.json").read_text())["version"]
    if have != want:
        run(["npm", "ci", "--no-audit", "--no-fund"], cwd=LITE)
    return package


def download_wheels(requirements: list[str], dest: Path) -> dict[str, Path]:
    """Pure-Python wheels (``py3-none-any``) from PyPI into a cache; {normalized name: path}."""
    dest.mkdir(parents=True, exist_ok=True)

    def cached() -> dict[tuple[str, str], Path]:
        found = {}
        for path in dest.glob("*.whl"):
            name, version = path.name.split("-")[:2]
            found[(normalize(name), version)] = path
        return found

    wanted = [req.split("==") for req in requirements]
    missing = [f"{n}=={v}" for n, v in wanted if (normalize(n), v) not in cached()]
    if missing:
        log(f"downloading {len(missing)} wheels from PyPI")
        run(
            [
                sys.executable,
                "-m",
                "pip",
                "download",
                "--quiet",
                "--no-deps",
                "--only-binary=:all:",
                "--implementation",
                "py",
                "--python-version",
                "3.14",
                "--abi",
                "none",
                "--platform",
                "any",
                "-d",
                str(dest),
                *missing,
            ],
            cwd=dest,
        )
    have = cached()
    result = {}
    for name, version in wanted:
        if (normalize(name), version) not in have:
            raise BuildError(f"no pure-Python wheel of {name}=={version} was downloaded")
        result[normalize(name)] = have[(normalize(name), version)]
    return result


def lock_closure(packages: dict[str, dict], roots: tuple[str, ...]) -> list[str]:
    """The lock's names of ``roots`` and everything they depend on (sorted)."""
    by_norm = {normalize(name): name for name in packages}
    seen: set[str] = set()
    todo = list(roots)
    while todo:
        norm = normalize(todo.pop())
        if norm not in by_norm:
            raise BuildError(f"{norm!r} is not in Pyodide's lock; is the pyodide pin right?")
        name = by_norm[norm]
        if name not in seen:
            seen.add(name)
            todo.extend(packages[name]["depends"])
    return sorted(seen)


def stage_pyodide(package: Path, target: Path) -> list[str]:
    """Runtime + lock wheels + rewritten lock into ``target``; returns the shipped lock names."""
    shutil.rmtree(target, ignore_errors=True)
    target.mkdir(parents=True)
    for path in package.iterdir():
        if (
            path.is_file()
            and not PYODIDE_SKIP.search(path.name)
            and path.name != "pyodide-lock.json"
        ):
            shutil.copy2(path, target / path.name)
    lock = json.loads((package / "pyodide-lock.json").read_text())
    packages = lock["packages"]
    names = lock_closure(packages, LOCK_ROOTS)
    for name in names:
        if not packages[name]["file_name"].endswith("-none-any.whl"):
            raise BuildError(
                f"lock package {name} is not pure Python "
                f"({packages[name]['file_name']}); it cannot come from PyPI"
            )
    wheels = download_wheels([f"{n}=={packages[n]['version']}" for n in names], DOWNLOADS / "lock")
    shipped = {}
    for name in names:
        wheel = wheels[normalize(name)]
        shutil.copy2(wheel, target / wheel.name)
        entry = dict(packages[name], file_name=wheel.name, sha256=sha256(wheel))
        shipped[name] = entry
    lock["packages"] = shipped
    (target / "pyodide-lock.json").write_text(json.dumps(lock, indent=1, sort_keys=True))
    return names


def kernel_requirements() -> list[str]:
    """``KERNEL_WHEELS`` pinned to this environment (the lab extensions come from here too)."""
    pins = []
    for name in KERNEL_WHEELS:
        try:
            pins.append(f"{name}=={importlib.metadata.version(name)}")
        except importlib.metadata.PackageNotFoundError:
            raise BuildError(f"{name} is not installed here; install boardbook[book]") from None
    return pins


# ------------------------------------------------------------------------------------ notebooks


def setup_code(helpers: bool) -> str:
    return f"{SETUP_CODE} {HELPERS_DIST}" if helpers else SETUP_CODE


def imported_modules(nb: Any) -> set[str]:
    """Top-level module names the notebook's code cells import (magics skipped)."""
    names: set[str] = set()
    cells = nb["cells"] if isinstance(nb, dict) else nb.cells
    for cell in cells:
        if cell["cell_type"] != "code":
            continue
        code = "\n".join(
            "" if line.lstrip().startswith(("%", "!")) else line
            for line in cell["source"].splitlines()
        )
        try:
            tree = ast.parse(code)
        except SyntaxError:
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names.update(alias.name.split(".")[0] for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                names.add(node.module.split(".")[0])
    return names


def book_helpers(pages_dir: Path, nb: dict) -> set[str]:
    """The book's own modules (``pages_dir/NAME.py``) this notebook imports."""
    return {name for name in imported_modules(nb) if (pages_dir / f"{name}.py").is_file()}


def build_helpers_wheel(pages_dir: Path, modules: set[str], out: Path) -> Path:
    """A plain wheel of the book's helper modules, so live notebooks can import them."""
    name = HELPERS_DIST.replace("-", "_")
    info = f"{name}-{HELPERS_VERSION}.dist-info"
    files = {f"{m}.py": (pages_dir / f"{m}.py").read_bytes() for m in sorted(modules)}
    files[f"{info}/METADATA"] = (
        f"Metadata-Version: 2.1\nName: {HELPERS_DIST}\nVersion: {HELPERS_VERSION}\n"
        "Summary: The boardbook book's page helpers, for its live notebooks\n"
        "Requires-Dist: boardbook\n"
    ).encode()
    files[f"{info}/WHEEL"] = (
        b"Wheel-Version: 1.0\nGenerator: boardbook build_lite\nRoot-Is-Purelib: true\n"
        b"Tag: py3-none-any\n"
    )
    record = []
    for path, data in files.items():
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        record.append(f"{path},sha256={digest},{len(data)}")
    record.append(f"{info}/RECORD,,")
    files[f"{info}/RECORD"] = ("\n".join(record) + "\n").encode()
    wheel = out / f"{name}-{HELPERS_VERSION}-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w", zipfile.ZIP_DEFLATED) as zf:
        for path, data in files.items():
            zf.writestr(zipfile.ZipInfo(path, date_time=(2020, 1, 1, 0, 0, 0)), data)
    return wheel


#: The book build's executed notebooks (myst-nb writes them next to the HTML).
EXECUTED = BOOK / "_build" / "jupyter_execute"

_GLUE = re.compile(r"\{glue(?::md|:text|:any)?\}`([^`]+)`")
_ROLE_TARGET = re.compile(r"\{(?:ref|term|doc|numref)\}`([^`<]+?)\s*<[^`>]+>`")
_ROLE = re.compile(r"\{(ref|term|doc|numref)\}`([^`]+)`")
_LABEL_LINE = re.compile(r"^\(([\w-]+)\)=[ \t]*\n", re.MULTILINE)
_LABELLED_HEADING = re.compile(r"^\(([\w-]+)\)=[ \t]*\n#+[ \t]+(.+)$", re.MULTILINE)
_DIRECTIVE = re.compile(r"^```\{([\w-]+)\}([^\n]*)\n(.*?)^```[ \t]*$", re.MULTILINE | re.DOTALL)
#: A colon fence (``:::{admonition} Title`` … ``:::``; more colons for an outer one).
_COLON_DIRECTIVE = re.compile(
    r"^(:{3,})\{([\w-]+)\}([^\n]*)\n(.*?)^\1[ \t]*$", re.MULTILINE | re.DOTALL
)
_OPTION = re.compile(r"^:([\w-]+):[ \t]*(.*)$")
#: Admonitions a page may use; each becomes a quoted block with its title in bold.
ADMONITIONS = {"admonition", "note", "tip", "hint", "important", "warning", "caution", "seealso"}
_MD_LINK = re.compile(r"\]\(([^)#:\s]+)\.md(#[^)]*)?\)")
_SVG = re.compile(r"<svg\b.*?</svg>", re.DOTALL)
_SCRIPT = re.compile(r"<script\b.*?</script>", re.DOTALL)


def page_labels(pages_dir: Path, lang: str = "en") -> dict[str, str]:
    """``(label)=`` targets of every page of one edition and the heading each one names (for
    ``{ref}``): a Japanese page's labels are its twin's, so each edition has its own."""
    labels = {"glossary": WORDS[lang]["glossary"]}
    edition = pages_dir / JA_DIR if lang == "ja" and (pages_dir / JA_DIR).is_dir() else pages_dir
    for path in sorted(edition.rglob("*.md")):
        parts = path.relative_to(edition).parts
        if any(part in playlive.SKIPPED_DIRS for part in parts):
            continue
        if lang == "en" and edition == pages_dir and parts[0] == JA_DIR:
            continue
        for label, heading in _LABELLED_HEADING.findall(path.read_text(encoding="utf-8")):
            labels[label] = heading.strip()
    return labels


def convert_directive(name: str, argument: str, body: str) -> str:
    """One MyST directive as notebook Markdown: nothing a notebook would print as raw text.

    A dropdown admonition (``:class: dropdown``, e.g. a puzzle's solution) stays folded, as
    on the page; a glossary becomes a list of terms. An unknown directive stops the build,
    so a new one cannot leak into the live copies as text.
    """
    lines = body.splitlines()
    options = {}
    while lines and _OPTION.match(lines[0]):
        key, value = _OPTION.match(lines[0]).groups()  # type: ignore[union-attr]
        options[key] = value.strip()
        lines.pop(0)
    content = "\n".join(lines).strip()
    if name.startswith("play-"):
        return ""  # the page's own live-play boxes: the notebook is the live board
    if name in ADMONITIONS:
        title = argument or name.capitalize()
        if "dropdown" in options.get("class", "").split():
            return f"<details><summary>{title}</summary>\n\n{content}\n\n</details>"
        return "\n".join(["> **" + title + "**", ">"] + ["> " + ln for ln in content.splitlines()])
    if name == "glossary":
        items, term = [], None
        for line in content.splitlines():
            if line.strip() and not line[0].isspace():
                term = line.strip()
                items.append(f"- **{term}**:")
            elif line.strip() and term is not None:
                items[-1] += " " + line.strip()
        return "\n".join(items)
    if name in {"container", "div", "rubric", "epigraph"}:
        return (f"**{argument}**\n\n" if name == "rubric" and argument else "") + content
    raise BuildError(f"the live copies cannot show the MyST directive {{{name}}}: convert it")


def render_markdown(text: str, glue: dict[str, str], labels: dict[str, str]) -> str:
    """MyST prose as plain notebook Markdown: glued values in, labels, roles, directives out."""

    def glued(match: re.Match[str]) -> str:
        if match.group(1) not in glue:
            raise BuildError(f"no glued value {match.group(1)!r} in the executed page")
        return glue[match.group(1)]

    def directive(match: re.Match[str]) -> str:
        *_, name, argument, body = match.groups()
        return convert_directive(name, argument.strip(), body)

    def role(match: re.Match[str]) -> str:
        kind, target = match.group(1), match.group(2)
        return labels.get(target, target) if kind in {"ref", "numref"} else target

    text = _GLUE.sub(glued, text)
    text = _DIRECTIVE.sub(directive, text)
    while _COLON_DIRECTIVE.search(text):  # inner fences first: they have fewer colons
        text = _COLON_DIRECTIVE.sub(directive, text)
    text = _ROLE_TARGET.sub(lambda m: m.group(1).strip(), text)
    text = _ROLE.sub(role, text)
    text = _LABEL_LINE.sub("", text)
    text = _MD_LINK.sub(lambda m: f"]({m.group(1)}.ipynb{m.group(2) or ''})", text)
    text = text.replace('<a href="lite/lab/index.html">the full JupyterLab</a>', "JupyterLab")
    return text.strip()


def _svg_as_img(match: re.Match[str]) -> str:
    data = base64.b64encode(match.group(0).encode()).decode()
    return f'<img src="data:image/svg+xml;base64,{data}" alt="board">'


def outputs_markdown(outputs: list[dict]) -> str:
    """What a hidden-input cell showed on the page, as Markdown a notebook can render."""
    parts = []
    for output in outputs:
        data = output.get("data", {})
        if not data or any(key.startswith(GLUE_PREFIX) for key in data):
            continue
        html_text = data.get("text/html", "")
        if "bb-print-only" in html_text:
            continue  # a print picture of the live widget the notebook shows itself
        if "text/markdown" in data:
            parts.append(data["text/markdown"])
        elif html_text:
            parts.append(_SVG.sub(_svg_as_img, _SCRIPT.sub("", html_text)))
        elif "image/svg+xml" in data:
            parts.append(_svg_as_img(re.match(r".*", data["image/svg+xml"], re.DOTALL)))
    return "\n\n".join(p.strip() for p in parts if p.strip())


#: The glue outputs' mime prefix (``book/kit/glue.py``).
GLUE_PREFIX = "application/papermill.record/"


def glue_values(nb: Any) -> dict[str, str]:
    """Every glued value of an executed page (its outputs, or myst-nb's .glue.json copy)."""
    values = dict(nb.metadata.get("boardbook_glue", {}))
    for cell in nb.cells:
        for output in cell.get("outputs", []):
            name = output.get("metadata", {}).get("scrapbook", {}).get("name")
            if name:
                data = output["data"]
                values[name] = data.get(
                    GLUE_PREFIX + "text/markdown", data.get(GLUE_PREFIX + "text/plain", "")
                )
    return values


def executed_notebook(page: Path, docname: str, pages_dir: Path) -> dict:
    """The page as the book build executed it, or executed here when that copy is missing."""
    import jupytext
    import nbformat

    source = jupytext.read(page)
    done = EXECUTED / f"{docname}.ipynb"
    if done.is_file() and done.stat().st_mtime >= page.stat().st_mtime:
        nb = nbformat.read(done, as_version=4)
        if [c.source for c in nb.cells] == [c.source for c in source.cells]:
            # myst-nb moves the glue outputs out of the notebook, into NAME.glue.json.
            glued = done.with_suffix(".glue.json")
            if glued.is_file():
                extra = json.loads(glued.read_text(encoding="utf-8"))
                nb.metadata["boardbook_glue"] = {
                    name: out["data"].get("text/markdown", out["data"].get("text/plain", ""))
                    for name, out in extra.items()
                }
            return nb
    import nbclient

    log(f"running {docname} (no current executed copy from the book build)")
    paths = [str(ROOT / "widgets"), str(pages_dir), os.environ.get("PYTHONPATH", "")]
    saved = os.environ.get("PYTHONPATH")
    os.environ["PYTHONPATH"] = os.pathsep.join(p for p in paths if p)
    try:
        source.metadata["kernelspec"] = {
            "name": "python3",
            "display_name": "Python 3",
            "language": "python",
        }
        nbclient.NotebookClient(
            source,
            timeout=300,
            kernel_name="python3",
            resources={"metadata": {"path": str(page.parent)}},
        ).execute()
    finally:
        if saved is None:
            os.environ.pop("PYTHONPATH", None)
        else:
            os.environ["PYTHONPATH"] = saved
    return source


def lite_notebook(
    page: Path, pages_dir: Path, labels: dict[str, str] | None = None
) -> tuple[dict, set[str]]:
    """A book page as a live notebook that reads like the page, and the book helper modules
    its remaining code imports."""
    import nbformat

    page, pages_dir = page.resolve(), pages_dir.resolve()
    docname = page.relative_to(pages_dir).with_suffix("").as_posix()
    lang = page_language(docname)
    words = WORDS[lang]
    labels = page_labels(pages_dir, lang) if labels is None else labels
    executed = executed_notebook(page, docname, pages_dir)
    glue = glue_values(executed)
    cells = []
    title = docname
    for cell in executed.cells:
        tags = cell.metadata.get("tags", [])
        if "page-only" in tags:
            continue  # text about the book's page itself (its buttons), not the notebook
        if cell.cell_type == "markdown":
            text = render_markdown(cell.source, glue, labels)
            heading = re.search(r"^# (.+)$", text, re.MULTILINE)
            if heading and title == docname:
                title = heading.group(1).strip()
            if text:
                cells.append(nbformat.v4.new_markdown_cell(text))
        elif cell.cell_type == "code":
            if "remove-cell" in tags:
                continue
            if "remove-input" in tags:
                shown = outputs_markdown(cell.get("outputs", []))
                if shown:
                    cells.append(nbformat.v4.new_markdown_cell(shown))
                continue
            cells.append(nbformat.v4.new_code_cell(cell.source))
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = dict(LITE_KERNELSPEC)
    nb.metadata["language_info"] = {"name": "python"}
    code = [c for c in cells if c.cell_type == "code"]
    helpers = book_helpers(pages_dir, {"cells": code}) if code else set()
    if code:
        setup = [
            nbformat.v4.new_markdown_cell(
                words["setup"].format(title=title), metadata={"tags": [SETUP_TAG]}
            ),
            nbformat.v4.new_code_cell(setup_code(bool(helpers)), metadata={"tags": [SETUP_TAG]}),
        ]
    else:
        text = words["read_only"].format(title=title)
        if any(words["answer"] in c.source for c in cells):
            text += words["exercises"]
        setup = [nbformat.v4.new_markdown_cell(text, metadata={"tags": [SETUP_TAG]})]
    nb.cells = setup + cells
    nb.nbformat, nb.nbformat_minor = 4, 5
    for cell in nb.cells:
        cell["id"] = hashlib.sha1(cell.source.encode()).hexdigest()[:8]
    ids = [cell.id for cell in nb.cells]
    for index, cell in enumerate(nb.cells):
        if ids.count(cell.id) > 1:
            cell.id = f"{cell.id}-{index}"
    nbformat.validate(nb)
    return nb, helpers


def stage_notebooks(pages_dir: Path, extra_dir: Path, target: Path) -> tuple[list[str], set[str]]:
    """Convert the book's notebook pages (and book/lite/content/) into ``target``; returns the
    notebooks written and the book helper modules they import."""
    import nbformat

    shutil.rmtree(target, ignore_errors=True)
    target.mkdir(parents=True)
    written = []
    helpers: set[str] = set()
    labels = {lang: page_labels(pages_dir, lang) for lang in WORDS}
    sources = [(page, pages_dir) for page in playlive.notebook_pages(pages_dir)]
    if extra_dir.is_dir():
        sources += [(page, extra_dir) for page in playlive.notebook_pages(extra_dir)]
    for page, base in sources:
        docname = page.relative_to(base).with_suffix("").as_posix()
        rel = playlive.lite_notebook_path(docname)
        if rel in written:
            raise BuildError(f"two pages would become lite notebook {rel}")
        out = target / rel
        out.parent.mkdir(parents=True, exist_ok=True)
        nb, needs = lite_notebook(page, base, labels[page_language(docname)])
        nbformat.write(nb, out)
        written.append(rel)
        helpers |= needs
    return written, helpers


# ---------------------------------------------------------------------------------- the build


def lab_extension_dirs() -> list[str]:
    share = Path(sys.prefix) / "share" / "jupyter" / "labextensions"
    dirs = []
    for name in LAB_EXTENSIONS:
        path = share / name
        if not (path / "package.json").exists():
            raise BuildError(f"lab extension {name} not found in {share}; install boardbook[book]")
        dirs.append(str(path))
    return dirs


def write_config(site: Path) -> None:
    (site / "jupyter-lite.json").write_text(
        json.dumps(
            {
                "jupyter-lite-schema-version": 0,
                "jupyter-config-data": {
                    "appName": "boardbook live",
                    # Tests (and curious readers) reach the app as window.jupyterapp.
                    "exposeAppInBrowser": True,
                    "litePluginSettings": {
                        "@jupyterlite/pyodide-kernel-extension:kernel": {
                            # Only this site's wheels: nothing is fetched from PyPI at read time.
                            "disablePyPIFallback": True,
                        },
                    },
                },
            },
            indent=2,
        )
    )
    (site / "jupyter_lite_config.json").write_text(
        json.dumps(
            {
                "LiteBuildConfig": {
                    "ignore_sys_prefix": True,
                    "federated_extensions": lab_extension_dirs(),
                    "no_sourcemaps": True,
                    "contents": ["content"],
                },
            },
            indent=2,
        )
    )


def build(
    output_dir: Path = DEFAULT_OUTPUT, pages_dir: Path = BOOK, *, frontend: bool = True
) -> dict:
    """Build the lite site into ``output_dir``; returns a summary (also in ``boardbook-lite.json``)."""
    started = time.monotonic()
    output_dir = Path(output_dir).resolve()
    if frontend:
        build_frontend()
    wheel = build_boardbook_wheel()
    package = ensure_pyodide()

    site = STAGING
    for stale in ("pypi", ".jupyterlite.doit.db", ".cache"):
        path = site / stale
        if path.is_dir():
            shutil.rmtree(path)
        elif path.exists():
            path.unlink()
    site.mkdir(parents=True, exist_ok=True)
    lock_names = stage_pyodide(package, site / "static" / "pyodide")
    pypi = site / "pypi"
    pypi.mkdir()
    kernel = download_wheels(kernel_requirements(), DOWNLOADS / "pypi")
    for path in [*kernel.values(), wheel]:
        shutil.copy2(path, pypi / path.name)
    notebooks, helpers = stage_notebooks(pages_dir, LITE / "content", site / "content")
    if not notebooks:
        raise BuildError(f"no notebook pages found under {pages_dir}")
    if helpers:
        build_helpers_wheel(pages_dir, helpers, pypi)
    write_config(site)

    shutil.rmtree(output_dir, ignore_errors=True)
    log(f"jupyter lite build → {output_dir}")
    run(
        [
            sys.executable,
            "-m",
            "jupyter",
            "lite",
            "build",
            "--lite-dir",
            str(site),
            "--output-dir",
            str(output_dir),
        ],
        cwd=site,
    )

    add_favicons(output_dir)
    summary = {
        "pyodide": expected_pyodide_version(),
        "boardbook_wheel": wheel.name,
        "pypi_wheels": sorted(p.name for p in pypi.glob("*.whl")),
        "lock_packages": lock_names,
        "notebooks": notebooks,
        "book_helpers": sorted(helpers),
        "build_seconds": round(time.monotonic() - started, 1),
    }
    (output_dir / "boardbook-lite.json").write_text(json.dumps(summary, indent=2))
    return summary


def add_favicons(output_dir: Path) -> None:
    """The kernel-status favicons the apps swap in (``static/favicons/…``); a Jupyter server
    serves them, a static lite site must ship them or every page logs 404s."""
    import jupyter_server

    source = Path(jupyter_server.__file__).parent / "static" / "favicons"
    shutil.copytree(source, output_dir / "static" / "favicons", dirs_exist_ok=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--output",
        type=Path,
        default=DEFAULT_OUTPUT,
        help=f"where the site goes (default: {DEFAULT_OUTPUT.relative_to(ROOT)})",
    )
    parser.add_argument(
        "--pages",
        type=Path,
        default=BOOK,
        help="the book source whose notebook pages become live notebooks",
    )
    parser.add_argument(
        "--no-frontend",
        action="store_true",
        help="do not run the js/ build (use widgets/boardbook/static as it is)",
    )
    args = parser.parse_args(argv)
    try:
        summary = build(args.output, args.pages, frontend=not args.no_frontend)
    except BuildError as error:
        print(f"[lite] build failed: {error}", file=sys.stderr)
        return 1
    log(
        f"built {len(summary['notebooks'])} notebooks in {summary['build_seconds']} s "
        f"→ {args.output}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
