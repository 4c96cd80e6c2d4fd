"""A match's results: each finished game recorded once in the results store (``core.stats``),
the wins tally of this session's scoreboard, and the record by level; plus the store's
one-time flags as the game hooks see them (``View.flags``).

A finished game is recorded once per finished position, and taken out again when the person
restarts it or undoes past its end (待って続ける). A game that was over at its start, a loaded
game and a daily puzzle (recorded as a puzzle, ``core.puzzle``) are not counted. A failing
store never stops the game: it warns, and the record reads as empty.
"""

from __future__ import annotations

import warnings
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Generic

from .game import Outcome
from .spec import CPU, TWO_PLAYER, GameSpec, M, Msg, P

if TYPE_CHECKING:
    from .stats import Store  # the results store's interface (core.stats owns it)
    from .turns import Seats

__all__ = ["Results", "StoreFlags"]


class StoreFlags:
    """The device's one-time flags (a first-use tip shown once), never failing a game."""

    def __init__(self, store: Store):
        self._store = store

    def get(self, key: str) -> object:
        try:
            return self._store.get_flag(key)
        except Exception:  # noqa: BLE001 - an unreadable flag reads as "not set"
            return None

    def set(self, key: str, value: object = True) -> None:
        try:
            self._store.set_flag(key, value)
        except Exception as exc:  # noqa: BLE001
            warnings.warn(f"boardbook: could not save a setting ({exc})", RuntimeWarning, 2)


@dataclass(frozen=True)
class _Recorded:
    """The game just finished as recorded: its row (``None``: not stored), the scoreboard
    entry it added a win to, and whether it counted at all."""

    id: int | None
    tally: str | None
    counted: bool


class Results(Generic[P, M]):
    """What the match has recorded: ``wins`` (this session's tally per scoreboard entry),
    ``stats`` (the stored record by level) and the game just finished, if any."""

    def __init__(self, spec: GameSpec[P, M], store: Store):
        self.spec = spec
        self.store = store
        self.flags = StoreFlags(store)
        self.wins = {"player1": 0, "player2": 0, "human": 0, "cpu": 0}
        self._recorded: _Recorded | None = None
        self._finished_ply: int | None = None
        self._said_unsaved = False
        self.stats = self._read_stats()

    def unsaved_notice(self) -> Msg | None:
        """Once per match: the notice that results cannot be saved, and why (the store's
        ``unsaved``: a read-only file or folder); None before that, and after."""
        why = getattr(self.store, "unsaved", None)
        if not why or self._said_unsaved:
            return None
        self._said_unsaved = True
        return Msg("err.record_unsaved", {"why": str(why)})

    @property
    def counted(self) -> bool:
        """Whether the game just finished was recorded (its undo says so)."""
        return self._recorded is not None and self._recorded.counted

    def forget(self) -> None:
        """A new game: nothing of it is recorded yet."""
        self._recorded = None
        self._finished_ply = None

    def finish(
        self,
        outcome: Outcome,
        moves: Sequence[M],
        *,
        counted: bool,
        mode: str,
        level: str,
        seats: Seats,
    ) -> bool:
        """Record the game that just ended after ``moves`` (if ``counted``); False if this
        finished position was already recorded."""
        ply = len(moves)
        if self._finished_ply == ply:
            return False
        self._finished_ply = ply
        if not counted:
            self._recorded = _Recorded(None, None, counted=False)
            return True
        players: dict[str, str] | None = None
        cpu_level = human = result = None
        if mode == TWO_PLAYER:
            p1, p2 = seats.player1, seats.player2
            tally = (
                None if outcome.winner is None else "player1" if outcome.winner == p1 else "player2"
            )
            players = {p1: "Player 1", p2: "Player 2"}
        else:
            mode, cpu_level, human = CPU, level, seats.human
            result = (
                "draw" if outcome.winner is None else "win" if outcome.winner == human else "loss"
            )
            tally = {"draw": None, "win": "human", "loss": "cpu"}[result]
        if tally:
            self.wins[tally] += 1
        row_id = None
        try:
            row_id = self.store.record_game(
                self.spec.name,
                mode=mode,
                winner=outcome.winner,
                scores=outcome.scores or {},
                moves=self.spec.transcript(moves),
                reason=str(outcome.termination),
                level=cpu_level,
                human=human,
                players=players,
                result=result,
            )
        except Exception as exc:  # noqa: BLE001 - a stats failure must not stop the game
            warnings.warn(f"boardbook: could not record the game: {exc}", RuntimeWarning, 2)
        self._recorded = _Recorded(row_id, tally, counted=True)
        self.stats = self._read_stats()
        return True

    def unrecord(self) -> None:
        """Take the just-finished game out of the record (待って続ける, restart after the end)."""
        recorded = self._recorded
        self.forget()
        if recorded is None or not recorded.counted:
            return
        if recorded.tally:
            self.wins[recorded.tally] -= 1
        if recorded.id is not None:
            try:
                self.store.delete_game(recorded.id)
            except Exception as exc:  # noqa: BLE001
                warnings.warn(f"boardbook: could not remove the game: {exc}", RuntimeWarning, 2)
        self.stats = self._read_stats()

    def _read_stats(self) -> dict[str, dict[str, int]]:
        try:
            return self.store.summary_by_level(self.spec.name, self.spec.levels)
        except Exception as exc:  # noqa: BLE001
            warnings.warn(f"boardbook: could not read the record ({exc})", RuntimeWarning, 2)
        return {level: {"wins": 0, "losses": 0, "draws": 0} for level in self.spec.levels}
