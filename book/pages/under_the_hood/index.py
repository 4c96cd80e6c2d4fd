"""Under the hood (``under-the-hood/index``): the size of the live copies' first download."""

from __future__ import annotations

from kit import say
from kit.twin import Twin
from lite.playlive import DOWNLOAD_MB  # the figure the live site's browser test measures


class Page(Twin):
    def __init__(self, lang: str) -> None:
        super().__init__(lang)
        say("download_mb", DOWNLOAD_MB)
