"""One computation, two editions: what a page's shared module builds on.

Every page of the book has a twin in the other language (``book/<page>.md`` and
``book/ja/<page>.md``). Neither twin computes anything itself: both call the page's module in
``book/pages/`` with their language, which computes every figure once, checks every claim with
``assert`` and glues the values, and shows the boards with their captions written in both
languages side by side::

    class Page(Twin):
        def __init__(self, lang: str) -> None:
            super().__init__(lang)
            self.start = Position.start()
            say("start_moves", len(self.start.legal_moves()))  # a number: the same in both

        def start_board(self) -> None:
            n = len(self.start.legal_moves())
            lesson(self.start, self.t(en=f"The start: {n} legal moves.", ja=f"はじめ：{n}か所。"))

So a translation cannot hold a number of its own, and a change to a caption in one language
sits next to the other, where a reviewer sees both.
"""

from __future__ import annotations

__all__ = ["LANGS", "Twin", "check_lang"]

#: The book's languages: English (the site's root) and Japanese (its ``ja/``).
LANGS = ("en", "ja")


def check_lang(lang: str) -> str:
    if lang not in LANGS:
        raise ValueError(f"the book is written in {' and '.join(LANGS)}, not {lang!r}")
    return lang


class Twin:
    """A page's computation for one of its two editions."""

    def __init__(self, lang: str) -> None:
        self.lang = check_lang(lang)

    def t(self, *, en: str, ja: str) -> str:
        """The words in this page's language (both are always given, side by side)."""
        return ja if self.lang == "ja" else en
