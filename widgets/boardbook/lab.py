"""``boardbook-lab``: open JupyterLab on a starter notebook where every game can be played.

The README's "play" command ends here, so a new user gets from ``pip install`` to a running board
in one step. The notebook is written next to where the command runs (never overwritten, so a
player's own notes survive) and JupyterLab is started on it.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

STARTER_NAME = "boardbook-play.ipynb"


def available_games() -> list[tuple[str, str, str]]:
    """(title, explanation, code) of the registry's starter entries whose widget this
    installation has (``boardbook.core.registry``)."""
    import boardbook
    from boardbook.core.registry import GAMES

    games: list[tuple[str, str, str]] = []
    for info in GAMES:
        if info.widget_name is None:
            continue
        try:
            getattr(boardbook, info.widget_name)
        except (ImportError, AttributeError):
            continue
        games.extend((entry.title, entry.text, entry.code) for entry in info.starter)
    return games


def starter_notebook() -> dict[str, object]:
    """The starter notebook as nbformat-4 JSON (written by hand to avoid a dependency)."""

    def markdown(source: str) -> dict[str, object]:
        return {"cell_type": "markdown", "metadata": {}, "source": source}

    def code(source: str) -> dict[str, object]:
        return {
            "cell_type": "code",
            "execution_count": None,
            "metadata": {},
            "outputs": [],
            "source": source,
        }

    cells = [
        markdown(
            "# boardbook\n\nRun a cell (Shift+Enter) to get a board. Boards are keyboard "
            "playable: Tab into the board, arrow keys move, Enter plays. "
            'Set `lang="ja"` for Japanese texts.'
        )
    ]
    for title, text, source in available_games():
        cells += [markdown(f"## {title}\n\n{text}"), code(source)]
    for number, cell in enumerate(cells):
        cell["id"] = f"boardbook-{number}"  # nbformat 4.5 requires cell ids
    return {
        "cells": cells,
        "metadata": {
            "kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
            "language_info": {"name": "python"},
        },
        "nbformat": 4,
        "nbformat_minor": 5,
    }


def write_starter(directory: Path) -> Path:
    """Write the starter notebook into ``directory`` unless one is already there."""
    path = directory / STARTER_NAME
    if not path.exists():
        path.write_text(json.dumps(starter_notebook(), indent=1, ensure_ascii=False) + "\n")
    return path


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("directory", nargs="?", default=".", help="where the notebook lives")
    parser.add_argument("--no-browser", action="store_true", help="do not open a browser")
    args, extra = parser.parse_known_args(argv)
    notebook = write_starter(Path(args.directory).resolve())
    command = [sys.executable, "-m", "jupyterlab", str(notebook), *extra]
    if args.no_browser:
        command.append("--no-browser")
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        command.append("--allow-root")  # containers and CI machines run as root
    print(f"Opening {notebook} in JupyterLab", flush=True)
    os.execv(sys.executable, command)


if __name__ == "__main__":
    main()
