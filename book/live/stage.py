"""Stage the live boards' runtime into the site: ``python book/live/stage.py [--output DIR]``.

``book/build.py`` calls :func:`stage` before Sphinx runs; the output (default ``book/_vendor``,
which Sphinx copies to the site root) gets:

* ``_live/pyodide/``: the Pyodide runtime from the npm package ``book/lite`` pins (the files a
  worker loads: the loader, the wasm, the standard library; an empty package lock, since the
  live boards load no Pyodide package);
* ``_live/packages.tar.gz``: boardbook's wheel from this tree and its pure-Python dependencies at
  this environment's versions (anywidget, ipywidgets, comm, traitlets, psygnal,
  typing_extensions), plus the page runtime ``boardbook_live.py``, byte-compiled by Pyodide's
  own Python (``pack.mjs``, cached in ``book/live/_cache`` by the inputs' contents);
* ``_live/snapshot.gz``: Pyodide's memory once those packages are imported (``snapshot.mjs``),
  which the worker restores instead of starting Python and importing them (cached likewise);
* ``_live/<game>.js`` / ``.css``: the widgets' own bundles (``widgets/boardbook/static``);
* ``_live/live.js``, ``live-worker.js``, ``live.css``: the page bridge and the worker;
* ``_live/daily/``: each daily puzzle's picture for the dates around the build, and which date
  gets which (``daily.py``), so a puzzle box shows today's position before Play;
* ``live-sw.js`` at the root: the cache of ``_live/`` (a service worker's scope is its folder),
  stamped with a version made of every staged file, so a new build is a new cache.

Downloads come from PyPI and npm only (the same caches as ``build_lite.py``).
"""

from __future__ import annotations

import argparse
import hashlib
import importlib.metadata
import json
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

LIVE = Path(__file__).resolve().parent
BOOK = LIVE.parent
ROOT = BOOK.parent
STATIC = ROOT / "widgets" / "boardbook" / "static"
CACHE = LIVE / "_cache"
DEFAULT_OUTPUT = BOOK / "_vendor"

sys.path.insert(0, str(BOOK))
sys.path.insert(0, str(LIVE))
import build_lite
import daily

#: Pure-Python wheels the widgets import in the worker, at this environment's versions.
WHEELS = ("anywidget", "ipywidgets", "comm", "traitlets", "psygnal", "typing_extensions")
#: The Pyodide files a worker loads (the rest of the npm package is types, maps and demos).
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
#: The page bridge, the worker and their styles (``static/``), staged as they are.
BRIDGE = ("live.js", "live-worker.js", "live.css")
RUNTIME = LIVE / "boardbook_live.py"
GAMES = ("reversi", "quads", "towergate", "beacon")
SW_VERSION = "__BOARDBOOK_LIVE_VERSION__"


def log(message: str) -> None:
    print(f"[live] {message}", flush=True)


def _content_digest(wheel: Path) -> str:
    """A wheel's digest by its members' names and bytes (a rebuilt wheel's timestamps differ)."""
    digest = hashlib.sha256()
    with zipfile.ZipFile(wheel) as zf:
        for name in sorted(zf.namelist()):
            digest.update(name.encode())
            digest.update(hashlib.sha256(zf.read(name)).digest())
    return digest.hexdigest()


def wheels() -> list[Path]:
    """boardbook's wheel (built from this tree) and its dependencies' wheels from PyPI."""
    pins = [f"{name}=={importlib.metadata.version(name)}" for name in WHEELS]
    found = build_lite.download_wheels(pins, build_lite.DOWNLOADS / "live")
    return [build_lite.build_boardbook_wheel(), *found.values()]


def pack(pyodide: Path, inputs: list[Path]) -> Path:
    """``packages.tar.gz`` for these wheels, from the cache when the same inputs made one."""
    digest = hashlib.sha256()
    for path in [RUNTIME, LIVE / "pack.mjs"]:
        digest.update(path.read_bytes())
    digest.update(json.loads((pyodide / "package.json").read_text())["version"].encode())
    for wheel in sorted(inputs, key=lambda p: p.name):
        digest.update(wheel.name.encode())
        digest.update(_content_digest(wheel).encode())
    packed = CACHE / f"packages-{digest.hexdigest()[:16]}.tar.gz"
    if packed.is_file():
        return packed
    CACHE.mkdir(parents=True, exist_ok=True)
    for old in CACHE.glob("packages-*"):
        old.unlink()
    log(f"byte-compiling {len(inputs)} wheels with Pyodide (node)")
    node = shutil.which("node") or "node"
    building = CACHE / "packages.part"
    subprocess.run(
        [
            node,
            str(LIVE / "pack.mjs"),
            str(pyodide),
            str(building),
            str(RUNTIME),
            *map(str, inputs),
        ],
        check=True,
    )
    building.rename(packed)
    return packed


def snapshot(pyodide: Path, packed: Path) -> Path:
    """``snapshot.gz``: Pyodide's memory with the packages imported (``snapshot.mjs``), cached
    by the packages it was made from."""
    digest = hashlib.sha256((LIVE / "snapshot.mjs").read_bytes())
    digest.update(packed.name.encode())
    made = CACHE / f"snapshot-{digest.hexdigest()[:16]}.gz"
    if made.is_file():
        return made
    for old in CACHE.glob("snapshot-*.gz"):
        old.unlink()
    log("making the interpreter snapshot with Pyodide (node)")
    building = made.with_suffix(".part")
    subprocess.run(
        [
            shutil.which("node") or "node",
            str(LIVE / "snapshot.mjs"),
            str(pyodide),
            str(packed),
            str(building),
        ],
        check=True,
    )
    building.rename(made)
    return made


def stage(output: Path = DEFAULT_OUTPUT) -> dict[str, int]:
    """Write ``_live/`` and ``live-sw.js`` into ``output``; returns {file: bytes} of _live/."""
    pyodide = build_lite.ensure_pyodide()
    packed = pack(pyodide, wheels())
    live = output / "_live"
    shutil.rmtree(live, ignore_errors=True)
    (live / "pyodide").mkdir(parents=True)
    for name in PYODIDE_FILES:
        shutil.copy2(pyodide / name, live / "pyodide" / name)
    lock = json.loads((pyodide / "pyodide-lock.json").read_text())
    # loadPyodide reads the lock at start; the live boards load none of its packages.
    (live / "pyodide" / "pyodide-lock.json").write_text(
        json.dumps({"info": lock["info"], "packages": {}})
    )
    shutil.copy2(packed, live / "packages.tar.gz")
    shutil.copy2(snapshot(pyodide, packed), live / "snapshot.gz")
    for game in GAMES:
        for suffix in (".js", ".css"):
            bundle = STATIC / f"{game}{suffix}"
            if not bundle.is_file():
                raise SystemExit(
                    f"{bundle} is missing: build the front end (cd js && npm run build)"
                )
            shutil.copy2(bundle, live / bundle.name)
    for name in BRIDGE:
        shutil.copy2(LIVE / "static" / name, live / name)
    from boardbook.core.daily import japan_date

    pictures = daily.write(live / "daily", japan_date())
    log(f"daily puzzle pictures: {pictures}")
    sizes = {
        path.relative_to(live).as_posix(): path.stat().st_size
        for path in sorted(live.rglob("*"))
        if path.is_file()
    }
    version = hashlib.sha256()
    for name in sizes:
        version.update(name.encode())
        version.update(hashlib.sha256((live / name).read_bytes()).digest())
    worker = (LIVE / "static" / "live-sw.js").read_text(encoding="utf-8")
    (output / "live-sw.js").write_text(worker.replace(SW_VERSION, version.hexdigest()[:16]))
    log(f"staged {len(sizes)} files, {sum(sizes.values()) / 1e6:.1f} MB → {live}")
    return sizes


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--output", type=Path, default=DEFAULT_OUTPUT)
    args = parser.parse_args(argv)
    try:
        stage(args.output)
    except build_lite.BuildError as error:
        print(f"[live] staging failed: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
