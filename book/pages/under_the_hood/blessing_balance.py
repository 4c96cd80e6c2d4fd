"""Measuring the Tower Gate blessings (``under-the-hood/blessing-balance``): the balance run's
tables and margins, and a re-play of part of it at every build.

The balance benchmark (benchmarks/towergate_balance.py) ran once at full size; its figures are
in book/towergate/balance.json (how to remake it: its "command" field). The page re-plays some
of its games to check the file is what the benchmark gives for the rules shipped today; both
twins read that re-play from one run per build (``kit.shared.once``), so they state the same
figures.
"""

from __future__ import annotations

import importlib.util
import math
import time
from pathlib import Path
from types import ModuleType
from typing import Any

import boardbook
from boardbook.core import i18n
from boardbook.towergate import BLESSINGS, rules
from IPython.display import Markdown, display
from kit import say
from kit.shared import once
from kit.twin import Twin
from towergate.figures import balance_run

#: The games re-played at every build: the first setups of one blessing (both seats each).
CHECK_BLESSING, CHECK_SETUPS = "mason", 10


def benchmark() -> ModuleType:
    """The repository's balance benchmark, imported from its file."""
    root = Path(boardbook.__file__).resolve().parents[2]
    path = root / "benchmarks" / "towergate_balance.py"
    spec = importlib.util.spec_from_file_location("towergate_balance", path)
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    return bench


def replay(run: dict[str, Any]) -> dict[str, Any]:
    """Re-play the first setups of ``CHECK_BLESSING`` and two setups of Leap as first written
    (0→2 and 1→3), and time them (CPU time)."""
    bench = benchmark()
    level, depth = run["level"], run["depth"]
    boards = bench.setups(run["setups"], run["seed"])
    cpu = time.process_time()
    replayed = [
        score for score, _ in bench.games(CHECK_BLESSING, None, boards[:CHECK_SETUPS], level, depth)
    ]
    written = [
        score for score, _ in bench.games("leap", None, boards[:2], level, depth, rules.AS_WRITTEN)
    ]
    return {"replayed": replayed, "written": written, "seconds": time.process_time() - cpu}


class Page(Twin):
    def __init__(self, lang: str) -> None:
        super().__init__(lang)
        run = self.run = balance_run()
        bench = benchmark()
        games = run["games_per_pairing"]
        for row in run["vs_none"].values():
            assert math.isclose(bench.margin95(row["score"], games), row["margin95"])
        self.check(run)
        self.figures(run)

    def name(self, blessing: str) -> str:
        """A blessing as the board names it."""
        return i18n.text(f"towergate.blessing.{blessing}", self.lang)

    def check(self, run: dict[str, Any]) -> None:
        """The stored run still matches today's rules, game by game."""
        again = once("towergate_balance_replay", lambda: replay(run))
        assert again["replayed"] == run["vs_none"][CHECK_BLESSING]["results"][: 2 * CHECK_SETUPS]
        assert again["written"] == run["as_written"]["leap"]["results"][:4], again["written"]
        say(
            "bal_check",
            self.t(
                en=f"{self.name(CHECK_BLESSING)}'s first {2 * CHECK_SETUPS}",
                ja=f"{self.name(CHECK_BLESSING)}の最初の{2 * CHECK_SETUPS}",
            ),
        )
        say("bal_check_seconds", f"{again['seconds']:.0f}")

    def figures(self, run: dict[str, Any]) -> None:
        rows = run["vs_none"]
        games = run["games_per_pairing"]
        inside = [b for b, row in rows.items() if 0.4 <= row["score"] <= 0.6]
        top = max(rows.values(), key=lambda row: row["score"])
        say("bal_high_from", f"{top['score'] - top['margin95']:.0%}")
        say("bal_high_to", f"{top['score'] + top['margin95']:.0%}")
        say("bal_games", games)
        say("bal_setups", run["setups"])
        say("bal_depth", run["depth"])
        every = len(inside) == len(rows)
        say(
            "bal_inside",
            self.t(
                en="All" if every else f"{len(inside)} of the {len(rows)}",
                ja="すべての" if every else f"{len(rows)}つのうち{len(inside)}つの",
            ),
        )
        say("bal_seconds", f"{run['cpu_seconds'] / 60:.0f}")
        say("bal_first", f"{run['first_mover_score']:.0%}")
        say("bal_low", f"{min(row['score'] for row in rows.values()):.1%}")
        say("bal_high", f"{max(row['score'] for row in rows.values()):.1%}")
        say("bal_margin", f"{max(row['margin95'] for row in rows.values()):.1%}")
        pairs = run["pairs"]
        pair_values = [pairs[a][b] for a in BLESSINGS for b in BLESSINGS if a != b]
        say("bal_pair_low", f"{min(pair_values):.0%}")
        say("bal_pair_high", f"{max(pair_values):.0%}")
        leap_written = run["as_written"]["leap"]
        say("leap_written", f"{leap_written['score']:.1%}")
        say("leap_written_margin", f"{leap_written['margin95']:.1%}")
        say("leap_written_games", leap_written["games"])
        say("leap_now", f"{rows['leap']['score']:.1%}")

    def table(self) -> None:
        """Each blessing against none: score, margin, games, length."""
        head = self.t(
            en="| blessing | score against none | 95 % margin | games | average turns |",
            ja="| 加護 | 加護なしへの得点率 | 95%の誤差幅 | 対局数 | 平均手数 |",
        )
        body = "\n".join(
            f"| {self.name(b)} | {row['score']:.1%} | ±{row['margin95']:.1%} | {row['games']} | "
            f"{row['mean_turns']:.0f} |"
            for b, row in self.run["vs_none"].items()
        )
        display(Markdown(f"{head}\n|---|---|---|---|---|\n{body}"))  # type: ignore[no-untyped-call]

    def pair_table(self) -> None:
        """Blessing against blessing: the row's score against the column."""
        pairs = self.run["pairs"]
        corner = self.t(en="row's score against column", ja="左＼上")
        head = f"| {corner} | " + " | ".join(self.name(b) for b in BLESSINGS) + " |"
        rule = "|---|" + "---|" * len(BLESSINGS)
        body = "\n".join(
            f"| {self.name(a)} | "
            + " | ".join("—" if a == b else f"{pairs[a][b]:.0%}" for b in BLESSINGS)
            + " |"
            for a in BLESSINGS
        )
        display(Markdown(f"{head}\n{rule}\n{body}"))  # type: ignore[no-untyped-call]
