"""Build the boardbook book (static HTML) from a clean clone, offline: `python book/build.py`.

Steps, each skipped when its output is already up to date:

1. the widget bundles (`js/` -> `widgets/boardbook/static/`), which saved boards embed;
2. the widget front end the pages load (require.js, @jupyter-widgets/html-manager's embed-amd
   bundle, anywidget's AMD build) from `book/package.json` into `book/_vendor/_widgets/`, which
   Sphinx copies to the site root (`html_extra_path`, never `_static/`);
3. the live boards' runtime (`book/live/stage.py`: Pyodide, the byte-compiled packages, the
   bridge and the bundles) into `book/_vendor/_live/`, copied to the site's `_live/` like step 2;
4. a kernelspec named `python3` that runs *this* Python (the project's venv), so every page
   executes against the engine in this tree;
5. `jupyter-book build` of the English book (`book/`), then of the Japanese edition
   (`book/ja/`, moved into the site's `ja/`), each executing every page; then every warning in
   the logs must be on the documented-harmless list below, otherwise the build fails (a failing
   cell is a warning there, so it fails the build too);
6. the JupyterLite "Open as a notebook" part, when `book/build_lite.py` exists (owned by the live-play
   work; called as `python book/build_lite.py --no-frontend --output book/_build/html/lite`,
   after step 1 built the bundles).

`--if-stale` rebuilds only when a source changed since the last good build (the tests use it).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

BOOK = Path(__file__).resolve().parent
ROOT = BOOK.parent
BUILD = BOOK / "_build"
HTML = BUILD / "html"
VENDOR = BOOK / "_vendor" / "_widgets"
FONTS = BOOK / "_vendor" / "_fonts"
#: The Japanese edition: a Jupyter Book project of its own, built into the site's ja/.
JA = BOOK / "ja"
FINGERPRINT = BUILD / "fingerprint.txt"
JS = ROOT / "js"
STATIC = ROOT / "widgets" / "boardbook" / "static"

# Files copied from book/node_modules into the site: (source, destination under _widgets/).
VENDORED = [
    ("requirejs/require.js", "require.min.js"),
    ("@jupyter-widgets/html-manager/dist/embed-amd.js", "embed-amd.js"),
    ("anywidget/dist/index.js", "anywidget/index.js"),
]
# The manager's icon fonts (see vendor_front_end).
FONT_SUFFIXES = (".woff", ".woff2", ".ttf", ".eot", ".svg")
#: Noto Sans JP (npm @fontsource/noto-sans-jp): the weights the pages use (body, bold).
JAPANESE_FONT = "@fontsource/noto-sans-jp"
JAPANESE_WEIGHTS = (400, 700)

# Warnings that are accepted, each with the reason it cannot hide a real problem. Anything else
# in the build log that says WARNING, ERROR or CRITICAL fails the build.
HARMLESS_WARNINGS: list[tuple[str, str]] = [
    (
        r"\[IPKernelApp\] WARNING \| Kernel is running over TCP without encryption",
        "the build's own kernel talks to the build on 127.0.0.1 and is gone when the build ends",
    ),
    (
        r"^(ERROR:tornado\.general:)?Uncaught exception in ZMQStream callback$",
        (
            "only the header pyzmq logs before a traceback; the traceback itself is checked "
            "against HARMLESS_TRACEBACKS below and fails the build unless it is the shutdown race"
        ),
    ),
    (
        r"^Exception in thread Heartbeat:$",
        (
            "only the header Python prints before a thread's traceback; the traceback itself is "
            "checked against HARMLESS_TRACEBACKS below"
        ),
    ),
]

# Tracebacks printed to the log (not by a page: a failing cell is reported as a WARNING) that
# are accepted, matched against the whole traceback, each with its reason.
HARMLESS_TRACEBACKS: list[tuple[str, str]] = [
    (
        r"zmq/eventloop/zmqstream\.py.*\nzmq\.error\.ZMQError: Socket operation on non-socket$",
        (
            "a race in pyzmq's event loop while the build closes a finished notebook's kernel "
            "channels; the page had already executed (a cell error is reported separately)"
        ),
    ),
    (
        r"ipykernel/heartbeat\.py.*\nzmq\.error\.ZMQError: Address already in use \(addr='tcp://127\.0\.0\.1:\d+'\)$",
        (
            "a kernel's heartbeat port was taken between the client choosing it and the kernel "
            "binding it; only the heartbeat thread stops, the build never uses it, and the "
            "page's cells still run (a cell error is reported separately)"
        ),
    ),
]

ANSI = re.compile(r"\x1b\[[0-9;]*m")
PROBLEM = re.compile(r"\b(WARNING|ERROR|CRITICAL|SEVERE)\b|Traceback|Exception")


def log(message: str) -> None:
    print(f"[book] {message}", flush=True)


def run(cmd: list[str], cwd: Path, env: dict[str, str] | None = None) -> None:
    log(f"$ {' '.join(cmd)}  (in {cwd.relative_to(ROOT) if cwd != ROOT else '.'})")
    subprocess.run(cmd, cwd=cwd, env=env, check=True)


def newest_mtime(paths: list[Path]) -> float:
    return max((p.stat().st_mtime for p in paths if p.exists()), default=0.0)


def source_files() -> list[Path]:
    """Everything a page can depend on: the book sources, the package, the JS sources.

    Git's view (tracked plus new, non-ignored files) when available, so build outputs and
    caches never count; otherwise a walk that skips the known output folders.
    """
    tops = [p for p in (BOOK, ROOT / "widgets" / "boardbook", JS) if p.exists()]
    try:
        listed = subprocess.run(
            [
                "git",
                "ls-files",
                "--cached",
                "--others",
                "--exclude-standard",
                "-z",
                *map(str, tops),
            ],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            check=True,
        ).stdout.decode()
        files = [ROOT / name for name in listed.split("\0") if name]
    except (OSError, subprocess.CalledProcessError):
        skip = {"_build", "_vendor", "_cache", "node_modules", "__pycache__", "dist"}
        files = [
            path
            for top in tops
            for path in top.rglob("*")
            if path.is_file() and not skip.intersection(path.relative_to(ROOT).parts)
        ]
    # The widget bundles are build output (gitignored) that saved boards embed.
    files += list(STATIC.glob("*.js")) + list(STATIC.glob("*.css"))
    return sorted({p for p in files if p.is_file()})


def fingerprint() -> str:
    digest = hashlib.sha256()
    for path in source_files():
        digest.update(str(path.relative_to(ROOT)).encode())
        digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()


def is_stale() -> bool:
    if not (HTML / "index.html").exists() or not FINGERPRINT.exists():
        return True
    return FINGERPRINT.read_text().strip() != fingerprint()


def build_widget_bundles() -> None:
    """Saved boards embed boardbook's bundles, so they must exist and be current."""
    if not (JS / "package.json").exists() or not (JS / "build.mjs").exists():
        log("js/ has no build script yet: no widget bundles to build")
        return
    sources = [p for p in JS.rglob("*") if p.is_file() and "node_modules" not in p.parts]
    bundles = list(STATIC.glob("*.js"))
    if bundles and min(p.stat().st_mtime for p in bundles) >= newest_mtime(sources):
        return
    npm = shutil.which("npm") or "npm"
    if not (JS / "node_modules").exists():
        run([npm, "ci", "--no-audit", "--no-fund"], JS)
    run([npm, "run", "build"], JS)


def vendor_front_end() -> None:
    """Copy the widget front end from npm into _vendor/_widgets/ (served at /_widgets/)."""
    modules = BOOK / "node_modules"
    lock = BOOK / "package-lock.json"
    installed = modules / ".package-lock.json"
    if not installed.exists() or installed.stat().st_mtime < lock.stat().st_mtime:
        run([shutil.which("npm") or "npm", "ci", "--no-audit", "--no-fund"], BOOK)
    if VENDOR.exists():
        shutil.rmtree(VENDOR)
    VENDOR.mkdir(parents=True)
    for source, target in VENDORED:
        (VENDOR / target).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(modules / source, VENDOR / target)
    # The manager's bundle asks for its fonts both next to the module URL require.js gives it
    # (html-manager/dist/) and next to the embed-amd.js script, depending on the chunk.
    for fonts in (VENDOR / "html-manager" / "dist", VENDOR):
        fonts.mkdir(parents=True, exist_ok=True)
        for font in (modules / "@jupyter-widgets/html-manager/dist").iterdir():
            if font.suffix in FONT_SUFFIXES:
                shutil.copy2(font, fonts / font.name)
    shutil.copy2(BOOK / "site_js" / "widgets-config.js", VENDOR / "widgets-config.js")
    vendor_japanese_font(modules / JAPANESE_FONT)


def vendor_japanese_font(package: Path) -> None:
    """Noto Sans JP into _vendor/_fonts/ (the site's _fonts/): one stylesheet of @font-face
    rules and their woff2 files. Each rule covers a unicode-range, so a page downloads only the
    parts of the font its characters need (a few hundred KB for a Japanese page, nothing for an
    English page without kanji). Only woff2: every browser the live boards run in reads it."""
    if FONTS.exists():
        shutil.rmtree(FONTS)
    (FONTS / "noto-sans-jp").mkdir(parents=True)
    rules = []
    for weight in JAPANESE_WEIGHTS:
        css = (package / f"{weight}.css").read_text(encoding="utf-8")
        css = re.sub(r",\s*url\([^)]*\.woff\) format\('woff'\)", "", css)
        for name in re.findall(r"url\(\./files/([^)]+\.woff2)\)", css):
            shutil.copy2(package / "files" / name, FONTS / "noto-sans-jp" / name)
        rules.append(css.replace("url(./files/", "url(noto-sans-jp/"))
    licence = (package / "LICENSE").read_text(encoding="utf-8")
    (FONTS / "noto-sans-jp" / "LICENSE").write_text(licence, encoding="utf-8")
    header = (
        f"/* Noto Sans JP ({JAPANESE_FONT}, SIL Open Font License 1.1: noto-sans-jp/LICENSE) */\n"
    )
    (FONTS / "noto-sans-jp.css").write_text(header + "\n".join(rules), encoding="utf-8")


def stage_live() -> None:
    """The live boards' runtime into _vendor/ (served at /_live/, the cache at /live-sw.js)."""
    run([sys.executable, str(BOOK / "live" / "stage.py"), "--output", str(BOOK / "_vendor")], ROOT)


def jupyter_environment() -> dict[str, str]:
    """A kernelspec `python3` that runs this interpreter, and root-safe Jupyter config."""
    jupyter_dir = BUILD / ".jupyter"
    kernel_dir = jupyter_dir / "data" / "kernels" / "python3"
    kernel_dir.mkdir(parents=True, exist_ok=True)
    (kernel_dir / "kernel.json").write_text(
        json.dumps(
            {
                "argv": [sys.executable, "-m", "ipykernel_launcher", "-f", "{connection_file}"],
                "display_name": "Python 3 (boardbook)",
                "language": "python",
                "metadata": {"debugger": False},
            },
            indent=1,
        )
    )
    config_dir = jupyter_dir / "config"
    config_dir.mkdir(parents=True, exist_ok=True)
    # Tools that start a Jupyter server refuse to run as root without this.
    (config_dir / "jupyter_server_config.py").write_text("c.ServerApp.allow_root = True\n")
    env = dict(os.environ)
    env["JUPYTER_PATH"] = os.pathsep.join(
        [str(jupyter_dir / "data"), *filter(None, [os.environ.get("JUPYTER_PATH")])]
    )
    env["JUPYTER_CONFIG_DIR"] = str(config_dir)
    # Pages import the package from this tree and their helpers (book/pagekit.py).
    env["PYTHONPATH"] = os.pathsep.join(
        [str(ROOT / "widgets"), str(BOOK), *filter(None, [os.environ.get("PYTHONPATH")])]
    )
    # A fresh stats store, so no page shows the build machine's results or one-time hints.
    data_dir = jupyter_dir / "boardbook-data"
    shutil.rmtree(data_dir, ignore_errors=True)
    data_dir.mkdir(exist_ok=True)  # another build of the same tree may have just made it
    env["BOARDBOOK_DATA_DIR"] = str(data_dir)
    env.setdefault("PYDEVD_DISABLE_FILE_VALIDATION", "1")
    return env


def tracebacks(lines: list[str], start: int) -> int:
    """The index just past the Python traceback that starts at ``lines[start]``."""
    end = start + 1
    while end < len(lines) and (lines[end].startswith((" ", "\t")) or not lines[end].strip()):
        end += 1
    return min(end + 1, len(lines))  # include the final "SomeError: message" line


def unexpected_warnings(output: str) -> list[str]:
    """Log lines that report a problem not on the documented-harmless lists."""
    problems = []
    lines = output.splitlines()
    index = 0
    while index < len(lines):
        line = lines[index]
        if line.startswith("Traceback (most recent call last)"):
            end = tracebacks(lines, index)
            block = "\n".join(lines[index:end])
            if not any(re.search(pattern, block, re.DOTALL) for pattern, _ in HARMLESS_TRACEBACKS):
                problems.extend(lines[index:end])
            index = end
            continue
        if PROBLEM.search(line) and not any(
            re.search(pattern, line) for pattern, _reason in HARMLESS_WARNINGS
        ):
            problems.append(line)
        index += 1
    return problems


def build_html(env: dict[str, str], source: Path = BOOK, output: Path | None = None) -> None:
    """Run `jupyter-book build` on one edition (``source``: ``book/`` or ``book/ja/``) into
    ``output/_build/html`` (default: ``book/_build/html``) and check its log."""
    jupyter_book = Path(sys.executable).with_name("jupyter-book")
    cmd = [str(jupyter_book) if jupyter_book.exists() else "jupyter-book"]
    cmd += ["build", str(source), "--builder", "html", "--all"]
    if output is not None:
        cmd += ["--path-output", str(output)]
    log("$ " + " ".join(cmd))
    started = time.monotonic()
    result = subprocess.run(
        cmd,
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        check=False,  # the exit code and the log are checked below, with the log shown
    )
    output_text = ANSI.sub("", result.stdout)
    name = "build.log" if source == BOOK else f"build-{source.name}.log"
    (BUILD / name).write_text(output_text)
    print(output_text, end="")
    problems = unexpected_warnings(output_text)
    if result.returncode != 0 or problems:
        if problems:
            log(f"unexpected warnings/errors (see book/_build/{name}):")
            for line in problems:
                log("  " + line)
        raise SystemExit(f"book build failed (exit code {result.returncode})")
    log(f"HTML built in {time.monotonic() - started:.0f} s: {source.relative_to(ROOT)}")


def build_japanese(env: dict[str, str]) -> None:
    """The Japanese edition into the site's ja/, and its executed pages beside the English ones
    (jupyter_execute/ja/, where build_lite.py looks for them)."""
    work = BUILD / "ja"
    shutil.rmtree(work, ignore_errors=True)
    build_html(env, JA, work)
    shutil.move(work / "_build" / "html", HTML / "ja")
    executed = BUILD / "jupyter_execute" / "ja"
    shutil.rmtree(executed, ignore_errors=True)
    shutil.move(work / "_build" / "jupyter_execute", executed)


def build_lite() -> None:
    script = BOOK / "build_lite.py"
    if script.exists():
        run([sys.executable, str(script), "--no-frontend", "--output", str(HTML / "lite")], ROOT)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--if-stale", action="store_true", help="do nothing when the last good build is current"
    )
    parser.add_argument(
        "--no-lite", action="store_true", help="skip the JupyterLite part (quicker local builds)"
    )
    args = parser.parse_args(argv)
    if args.if_stale and not is_stale():
        log("up to date")
        return
    build_widget_bundles()
    vendor_front_end()
    stage_live()
    BUILD.mkdir(exist_ok=True)
    FINGERPRINT.unlink(missing_ok=True)
    # Start from an empty site: Sphinx never deletes files, so a stale one could hide a 404.
    shutil.rmtree(HTML, ignore_errors=True)
    stamp = fingerprint()
    env = jupyter_environment()
    build_html(env)
    build_japanese(env)
    if args.no_lite:
        log("--no-lite: the 'Play live' links of this build lead nowhere")
        return  # not a complete site: no fingerprint, so --if-stale builds again
    build_lite()
    FINGERPRINT.write_text(stamp + "\n")


if __name__ == "__main__":
    main()
