"""Each game's ``rules`` module opens with examples a reader can run (python-chess keeps its
own in ``chess/__init__.py``): the start, the legal moves, a move played, a forbidden one, the
text and JSON forms, and how a game ends. They are run here, so they stay true."""

from __future__ import annotations

import doctest
import importlib

import pytest
from boardbook.core import registry

#: The fewest examples a rules module must show (start, moves, play, error, forms, the end).
AT_LEAST = 10


@pytest.mark.parametrize("game", [info.name for info in registry.GAMES])
def test_the_rules_examples_run_as_written(game):
    rules = importlib.import_module(f"{registry.game(game).package}.rules")
    results = doctest.testmod(rules, optionflags=doctest.ELLIPSIS, verbose=False)
    assert results.failed == 0, f"{results.failed} of the examples in {rules.__name__} fail"
    assert results.attempted >= AT_LEAST, (
        f"{rules.__name__} shows {results.attempted} examples: a reader needs the start, the "
        "legal moves, a move played, a forbidden one, the text/JSON forms and how a game ends"
    )
