"""The README's play command writes a starter notebook with every available game."""

import json

import nbformat
from boardbook import lab


def test_starter_notebook_is_valid_and_offers_every_available_game():
    notebook = nbformat.reads(json.dumps(lab.starter_notebook()), as_version=4)
    nbformat.validate(notebook)
    code = "\n".join(cell.source for cell in notebook.cells if cell.cell_type == "code")
    titles = [title for title, _, _ in lab.available_games()]
    assert "Reversi" in titles
    assert "from boardbook import Reversi" in code
    assert notebook.metadata.kernelspec.name == "python3"


def test_starter_is_never_overwritten(tmp_path):
    path = lab.write_starter(tmp_path)
    path.write_text("my own notes")
    assert lab.write_starter(tmp_path) == path
    assert path.read_text() == "my own notes"
