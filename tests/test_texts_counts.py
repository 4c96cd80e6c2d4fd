"""Every text that counts something says "1 move", "1 piece", "1 remains" for a count of one,
in both languages (issue #18: "…while 1 safe pieces remained")."""

from __future__ import annotations

import re
import string

import boardbook.beacon.widget
import boardbook.core.coach
import boardbook.core.puzzle
import boardbook.quads.widget
import boardbook.reversi.widget
import boardbook.towergate.widget  # noqa: F401  (each registers its texts)
import pytest
from boardbook.core import i18n

# Counts that are never 1 where they are used: the turn limit (a game-length constant), a
# drawn Reversi game (both sides at least 2 discs), the mobility window (a fixed 10+ moves).
NEVER_ONE = {"towergate.termination.turn_limit", "reversi.why.draw", "reversi.why.mobility"}
PLURAL_AFTER_ONE = re.compile(
    r"(?<!three )(?<!four )\b1(?:\.0)? (?:[a-z]+ )?(?:moves|pieces|discs|squares|rounds|days|turns|remain)\b"
)


class _One(dict):
    def __missing__(self, key: str) -> int:
        return 1


def _with_ones(key: str) -> str:
    template = i18n._TEXTS["en"][key]
    fields = {name for _, name, _, _ in string.Formatter().parse(template) if name}
    return i18n.text(key, "en", **dict.fromkeys(fields, 1))


@pytest.mark.parametrize(
    "key", [k for k in i18n.keys("en") if not k.endswith("_one") and k not in NEVER_ONE]
)
def test_a_count_of_one_is_singular(key):
    assert not PLURAL_AFTER_ONE.search(_with_ones(key))


def test_the_quads_blunder_reason_in_both_languages():
    fmt = {"side": "Player 1", "piece": 8, "words": "small dark round solid"}
    assert i18n.text("quads.why.blunder", "en", safe=1, **fmt).endswith(
        "while 1 safe piece remained"
    )
    assert i18n.text("quads.why.blunder", "en", safe=3, **fmt).endswith(
        "while 3 safe pieces remained"
    )
    assert "1個" in i18n.text("quads.why.blunder", "ja", safe=1, **fmt)


def test_every_singular_form_exists_in_both_languages():
    for key in i18n._PLURALS:
        assert i18n.has_text(f"{key}_one", "en") and i18n.has_text(f"{key}_one", "ja"), key
