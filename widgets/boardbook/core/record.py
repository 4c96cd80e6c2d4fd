"""The record of one game: its positions, moves, who made each move and how each is shown,
and how many moves one press of 待った takes back."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Generic

from .spec import M, P

__all__ = ["AUTO", "CPU_MOVER", "HUMAN", "GameRecord"]

#: Who made a move in the record: a person, the CPU, or the match itself (a forced move).
HUMAN, CPU_MOVER, AUTO = "human", "cpu", "auto"


@dataclass
class GameRecord(Generic[P, M]):
    """The one list of a game: positions (one more than moves), moves, who made each, and
    the ``last_move`` description of each. Every change goes through these three methods."""

    positions: list[P]
    moves: list[M] = field(default_factory=list)
    movers: list[str] = field(default_factory=list)
    described: list[dict[str, object]] = field(default_factory=list)

    @property
    def position(self) -> P:
        return self.positions[-1]

    def reset(self, start: P) -> None:
        self.positions, self.moves, self.movers, self.described = [start], [], [], []

    def push(self, move: M, after: P, mover: str, described: dict[str, object]) -> None:
        self.positions.append(after)
        self.moves.append(move)
        self.movers.append(mover)
        self.described.append(described)

    def truncate(self, plies: int) -> None:
        """Keep the first ``plies`` moves."""
        del self.positions[plies + 1 :]
        del self.moves[plies:], self.movers[plies:], self.described[plies:]

    def undo_count(self, two_players: bool) -> int:
        """How many moves one press of 待った takes back (0: nothing to take back): two
        players, the last move not forced and the forced ones after it; against the CPU,
        back to before the person's last move."""
        movers = self.movers
        n = len(movers)
        if two_players:
            i = n
            while i > 0 and movers[i - 1] == AUTO:
                i -= 1
            return 0 if i == 0 else n - (i - 1)
        for i in range(n - 1, -1, -1):
            if movers[i] == HUMAN:
                return n - i
        return 0
