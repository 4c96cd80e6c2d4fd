"""Frozen baseline (v1) of boardbook.reversi.ai, verbatim as of commit 830f7d7 but for absolute
imports: benchmarks/reversi_match.py and reversi_solver.py compare the current engine with it.

Reversi CPU players: beginner (greedy), corner-seeker, and strong (alpha-beta + exact endgame).

Scheduling contract (the widget's scheduler relies on it): ``search_steps`` is a generator that
yields ``None`` regularly -- between root moves, deepening iterations and the children of every
large subtree, so never more than a few milliseconds of work apart (measured: at most 5 ms of
CPU time, at 10-44 empties) -- and finally returns the chosen ``Move``.
On CPython the scheduler drives it in a thread and checks a cancel flag at each yield; in Pyodide
it runs it in slices on the event loop. To make that possible without coroutine overhead at every
node, the upper plies of each search are generators and the small subtrees below them are plain
recursive functions (each one bounded to a few milliseconds).

Pure Python on the bitboard kernels of ``rules``; nothing here touches the widget.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Generator

from boardbook.reversi.rules import FULL, PASS, Move, Position, flip_mask, legal_mask

__all__ = ["LEVELS", "choose_move", "evaluate", "search_steps", "solve"]

LEVELS = ("beginner", "corner", "strong")

# Steps between yields: subtrees at or below these sizes run as plain recursion.
_PLAIN_MAX_EMPTIES = 8  # endgame: a subtree with <= 8 empties takes a few ms
_PLAIN_MAX_DEPTH = 2  # midgame: a subtree of depth <= 2 takes a few ms
# The strong level always solves exactly at or below this many empties, whatever the budget ...
EXACT_EMPTIES = 10
# ... and tries to, within the time budget, up to this many (fewer for small budgets).
TRY_EXACT_EMPTIES = 20


def exact_empties_for(time_budget: float) -> int:
    """Empties the exact solver likely finishes within ``time_budget`` on this engine: about
    2k nodes at 10 empties, x2.5 per extra empty, >= 100k nodes/s; one empty of optimism."""
    if time_budget <= 0:
        return EXACT_EMPTIES
    extra = math.log(max(1.0, 50 * time_budget)) / math.log(2.5)
    return max(EXACT_EMPTIES, min(TRY_EXACT_EMPTIES, EXACT_EMPTIES + 1 + int(extra)))


_TT_MIN_EMPTIES = 7
_WIN = 10_000  # midgame score of one final disc of difference: above any evaluation


def _bit(name: str) -> int:
    return 1 << (int(name[1]) - 1) * 8 + "abcdefgh".index(name[0])


def _mask(*names: str) -> int:
    result = 0
    for name in names:
        result |= _bit(name)
    return result


CORNERS = _mask("a1", "h1", "a8", "h8")
X_SQUARES = _mask("b2", "g2", "b7", "g7")
C_SQUARES = _mask("b1", "a2", "g1", "h2", "a7", "b8", "h7", "g8")
# (corner, its X-square, its two C-squares)
_CORNER_ZONES = tuple(
    (_bit(corner), _bit(x), _mask(*cs))
    for corner, x, cs in (
        ("a1", "b2", ("b1", "a2")),
        ("h1", "g2", ("g1", "h2")),
        ("a8", "b7", ("a7", "b8")),
        ("h8", "g7", ("h7", "g8")),
    )
)
EDGES = (0xFF | 0xFF << 56 | 0x0101010101010101 | 0x8080808080808080) & ~CORNERS & ~C_SQUARES
_QUADRANTS = (0x0F0F0F0F, 0xF0F0F0F0, 0x0F0F0F0F << 32, 0xF0F0F0F0 << 32)

# Classic static square values, used to order moves (not to evaluate).
_SQUARE_VALUE = (
    (100, -20, 10, 5, 5, 10, -20, 100),
    (-20, -50, -2, -2, -2, -2, -50, -20),
    (10, -2, 1, 1, 1, 1, -2, 10),
    (5, -2, 1, 0, 0, 1, -2, 5),
    (5, -2, 1, 0, 0, 1, -2, 5),
    (10, -2, 1, 1, 1, 1, -2, 10),
    (-20, -50, -2, -2, -2, -2, -50, -20),
    (100, -20, 10, 5, 5, 10, -20, 100),
)
SQUARE_VALUE = tuple(v for row in _SQUARE_VALUE for v in row)


class _Timeout(Exception):
    """The time budget ran out inside a search; the caller falls back to what it has."""


def _squares(mask: int) -> list[int]:
    result = []
    while mask:
        low = mask & -mask
        result.append(low.bit_length() - 1)
        mask ^= low
    return result


def _neighbours(mask: int) -> int:
    """Squares next to any square of ``mask`` (8 directions, no wrap-around)."""
    left = mask & 0xFEFEFEFEFEFEFEFE  # may move towards column a
    right = mask & 0x7F7F7F7F7F7F7F7F  # may move towards column h
    spread = mask | (left >> 1) | (right << 1)
    return ((spread << 8) | (spread >> 8) | (left >> 1) | (right << 1)) & FULL


def evaluate(own: int, opp: int, own_moves: int | None = None) -> int:
    """Heuristic value for the side owning ``own``: mobility, corners, X/C squares, edges."""
    if own_moves is None:
        own_moves = legal_mask(own, opp)
    mobility_own = own_moves.bit_count()
    mobility_opp = legal_mask(opp, own).bit_count()
    score = 100 * (mobility_own - mobility_opp) // (mobility_own + mobility_opp + 2)
    score += 80 * ((own & CORNERS).bit_count() - (opp & CORNERS).bit_count())
    empty = ~(own | opp) & FULL
    for corner, x, cs in _CORNER_ZONES:
        if empty & corner:
            if own & x:
                score -= 40
            elif opp & x:
                score += 40
            score -= 15 * ((own & cs).bit_count() - (opp & cs).bit_count())
    score += 3 * ((own & EDGES).bit_count() - (opp & EDGES).bit_count())
    frontier = _neighbours(empty)
    score -= 3 * ((own & frontier).bit_count() - (opp & frontier).bit_count())
    return score


class _Search:
    """One search's state: transposition tables, node count, deadline, scoring rule."""

    def __init__(self, *, deadline: float | None = None, empties_to_winner: bool = False):
        self.deadline = deadline
        self.empties_to_winner = empties_to_winner
        self.nodes = 0
        self.end_tt: dict[tuple[int, int], tuple[int, int, int]] = {}
        self.mid_tt: dict[tuple[int, int], tuple[int, int, int, int]] = {}

    def check_time(self) -> None:
        if self.deadline is not None and time.perf_counter() > self.deadline:
            raise _Timeout

    def final(self, own: int, opp: int) -> int:
        """Final disc difference for ``own``; empties to the winner if so configured."""
        n_own, n_opp = own.bit_count(), opp.bit_count()
        diff = n_own - n_opp
        if self.empties_to_winner and diff:
            empties = 64 - n_own - n_opp
            diff += empties if diff > 0 else -empties
        return diff

    # ------------------------------------------------------------------ exact endgame

    def _ordered_end(self, own: int, opp: int, moves: int, hint: int) -> list[tuple[int, int]]:
        """(square, flips): the hint first, then fewest opponent replies (fastest first), few
        own frontier discs (the opponent's potential mobility), corners early."""
        scored = []
        empty = ~(own | opp) & FULL
        for sq in _squares(moves):
            flips = flip_mask(own, opp, sq)
            if sq == hint:
                key = -1000
            else:
                bit = 1 << sq
                new_own = own | flips | bit
                replies = legal_mask(opp & ~flips, new_own)
                frontier = new_own & _neighbours(empty ^ bit)
                key = 16 * replies.bit_count() + 4 * frontier.bit_count() - SQUARE_VALUE[sq] // 10
                if replies & CORNERS:
                    key += 24
            scored.append((key, sq, flips))
        scored.sort()
        return [(sq, flips) for _, sq, flips in scored]

    def _small(self, own: int, opp: int, alpha: int, beta: int, empty: int) -> int:
        """Exact value with <= 5 empties: try empty squares directly, odd regions first."""
        self.nodes += 1
        squares = _squares(empty)
        if len(squares) == 1:
            sq = squares[0]
            flips = flip_mask(own, opp, sq)
            if flips:
                return self.final(own | flips | (1 << sq), opp & ~flips)
            flips = flip_mask(opp, own, sq)
            if flips:
                return self.final(own & ~flips, opp | flips | (1 << sq))
            return self.final(own, opp)
        if len(squares) > 2:
            odd = [s for s in squares if (empty & _quadrant_of(s)).bit_count() & 1]
            squares = odd + [s for s in squares if s not in odd]
        best = -65
        for sq in squares:
            flips = flip_mask(own, opp, sq)
            if not flips:
                continue
            bit = 1 << sq
            value = -self._small(opp & ~flips, own | flips | bit, -beta, -alpha, empty ^ bit)
            if value > best:
                best = value
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        return best
        if best > -65:
            return best
        # No move for ``own``: pass if the opponent can move, else the game is over.
        for sq in squares:
            if flip_mask(opp, own, sq):
                return -self._small(opp, own, -beta, -alpha, empty)
        return self.final(own, opp)

    def _end(self, own: int, opp: int, alpha: int, beta: int) -> int:
        """Exact negamax value (plain recursion) for small subtrees."""
        empty = ~(own | opp) & FULL
        n_empty = empty.bit_count()
        if n_empty <= 5:
            return self._small(own, opp, alpha, beta, empty)
        self.nodes += 1
        moves = legal_mask(own, opp)
        if not moves:
            if not legal_mask(opp, own):
                return self.final(own, opp)
            return -self._end(opp, own, -beta, -alpha)
        key = hint = None
        if n_empty >= _TT_MIN_EMPTIES:
            key = (own, opp)
            entry = self.end_tt.get(key)
            if entry is not None:
                low, high, hint = entry
                if low >= beta:
                    return low
                if high <= alpha:
                    return high
                alpha, beta = max(alpha, low), min(beta, high)
        alpha0 = alpha
        best, best_sq, first = -65, -1, True
        for sq, flips in self._ordered_end(own, opp, moves, -1 if hint is None else hint):
            new_own, new_opp = opp & ~flips, own | flips | (1 << sq)
            if first:
                value = -self._end(new_own, new_opp, -beta, -alpha)
                first = False
            else:
                value = -self._end(new_own, new_opp, -alpha - 1, -alpha)
                if alpha < value < beta:
                    value = -self._end(new_own, new_opp, -beta, -value)
            if value > best:
                best, best_sq = value, sq
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        break
        if key is not None:
            self._store_end(key, best, best_sq, alpha0, beta)
        return best

    def _store_end(
        self, key: tuple[int, int], best: int, best_sq: int, alpha0: int, beta: int
    ) -> None:
        low, high, _ = self.end_tt.get(key, (-65, 65, -1))
        if best <= alpha0:
            high = min(high, best)
        elif best >= beta:
            low = max(low, best)
        else:
            low = high = best
        self.end_tt[key] = (low, high, best_sq)

    def end_steps(
        self, own: int, opp: int, alpha: int, beta: int
    ) -> Generator[None, None, tuple[int, int]]:
        """Like ``_end`` but a generator over the large upper plies; returns (value, square)."""
        empty = ~(own | opp) & FULL
        if empty.bit_count() <= _PLAIN_MAX_EMPTIES:
            return self._end(own, opp, alpha, beta), -1
        self.check_time()
        self.nodes += 1
        moves = legal_mask(own, opp)
        if not moves:
            if not legal_mask(opp, own):
                return self.final(own, opp), -1
            value, _ = yield from self.end_steps(opp, own, -beta, -alpha)
            return -value, 64
        key = (own, opp)
        hint = -1
        entry = self.end_tt.get(key)
        if entry is not None:
            low, high, hint = entry
            if low >= beta or high <= alpha or low == high:
                return (low if low >= beta or low == high else high), hint
            alpha, beta = max(alpha, low), min(beta, high)
        alpha0 = alpha
        best, best_sq, first = -65, -1, True
        for sq, flips in self._ordered_end(own, opp, moves, hint):
            new_own, new_opp = opp & ~flips, own | flips | (1 << sq)
            if first:
                value, _ = yield from self.end_steps(new_own, new_opp, -beta, -alpha)
                value = -value
                first = False
            else:
                value, _ = yield from self.end_steps(new_own, new_opp, -alpha - 1, -alpha)
                value = -value
                if alpha < value < beta:
                    value, _ = yield from self.end_steps(new_own, new_opp, -beta, -value)
                    value = -value
            yield
            self.check_time()
            if value > best:
                best, best_sq = value, sq
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        break
        self._store_end(key, best, best_sq, alpha0, beta)
        return best, best_sq

    def solve_steps(self, own: int, opp: int) -> Generator[None, None, tuple[int, int]]:
        """Exact value and best square (64 = pass, -1 = game over) of the position."""
        moves = legal_mask(own, opp)
        if not moves:
            if not legal_mask(opp, own):
                return self.final(own, opp), -1
            value, _ = yield from self.solve_steps(opp, own)
            return -value, 64
        best, best_sq, alpha, first = -65, -1, -65, True
        for sq, flips in self._ordered_end(own, opp, moves, -1):
            new_own, new_opp = opp & ~flips, own | flips | (1 << sq)
            if first:
                value, _ = yield from self.end_steps(new_own, new_opp, -65, 65)
                value, first = -value, False
            else:
                value, _ = yield from self.end_steps(new_own, new_opp, -alpha - 1, -alpha)
                value = -value
                if value > alpha:
                    value, _ = yield from self.end_steps(new_own, new_opp, -65, -value)
                    value = -value
            yield
            if value > best:
                best, best_sq, alpha = value, sq, max(alpha, value)
        return best, best_sq

    # ------------------------------------------------------------------ midgame search

    def _ordered_mid(
        self, own: int, opp: int, moves: int, hint: int, depth: int
    ) -> list[tuple[int, int]]:
        scored = []
        for sq in _squares(moves):
            flips = flip_mask(own, opp, sq)
            if sq == hint:
                key = -10_000
            elif depth >= 2:
                replies = legal_mask(opp & ~flips, own | flips | (1 << sq))
                key = 10 * replies.bit_count() - SQUARE_VALUE[sq] // 2
                if replies & CORNERS:
                    key += 30
            else:
                key = -SQUARE_VALUE[sq]
            scored.append((key, sq, flips))
        scored.sort()
        return [(sq, flips) for _, sq, flips in scored]

    def _mid(self, own: int, opp: int, depth: int, alpha: int, beta: int) -> int:
        self.nodes += 1
        moves = legal_mask(own, opp)
        if not moves:
            if not legal_mask(opp, own):
                return _WIN * self.final(own, opp)
            return -self._mid(opp, own, depth, -beta, -alpha)
        if depth <= 0:
            return evaluate(own, opp, moves)
        key = (own, opp)
        hint = -1
        entry = self.mid_tt.get(key)
        if entry is not None:
            entry_depth, low, high, hint = entry
            if entry_depth >= depth:
                if low >= beta:
                    return low
                if high <= alpha:
                    return high
                if low == high:
                    return low
        alpha0 = alpha
        best, best_sq, first = -_WIN * 100, -1, True
        for sq, flips in self._ordered_mid(own, opp, moves, hint, depth):
            new_own, new_opp = opp & ~flips, own | flips | (1 << sq)
            if first:
                value = -self._mid(new_own, new_opp, depth - 1, -beta, -alpha)
                first = False
            else:
                value = -self._mid(new_own, new_opp, depth - 1, -alpha - 1, -alpha)
                if alpha < value < beta:
                    value = -self._mid(new_own, new_opp, depth - 1, -beta, -value)
            if value > best:
                best, best_sq = value, sq
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        break
        self._store_mid(key, depth, best, best_sq, alpha0, beta)
        return best

    def _store_mid(
        self,
        key: tuple[int, int],
        depth: int,
        best: int,
        best_sq: int,
        alpha0: int,
        beta: int,
    ) -> None:
        low, high = -_WIN * 100, _WIN * 100
        if best <= alpha0:
            high = best
        elif best >= beta:
            low = best
        else:
            low = high = best
        self.mid_tt[key] = (depth, low, high, best_sq)

    def mid_steps(
        self, own: int, opp: int, depth: int, alpha: int, beta: int
    ) -> Generator[None, None, int]:
        """Like ``_mid`` but yields between the children of the large upper plies."""
        if depth <= _PLAIN_MAX_DEPTH:
            return self._mid(own, opp, depth, alpha, beta)
        self.check_time()
        self.nodes += 1
        moves = legal_mask(own, opp)
        if not moves:
            if not legal_mask(opp, own):
                return _WIN * self.final(own, opp)
            value = yield from self.mid_steps(opp, own, depth, -beta, -alpha)
            return -value
        key = (own, opp)
        hint = -1
        entry = self.mid_tt.get(key)
        if entry is not None:
            entry_depth, low, high, hint = entry
            if entry_depth >= depth and (low >= beta or high <= alpha or low == high):
                return low if low >= beta or low == high else high
        alpha0 = alpha
        best, best_sq, first = -_WIN * 100, -1, True
        for sq, flips in self._ordered_mid(own, opp, moves, hint, depth):
            new_own, new_opp = opp & ~flips, own | flips | (1 << sq)
            if first:
                value = -(yield from self.mid_steps(new_own, new_opp, depth - 1, -beta, -alpha))
                first = False
            else:
                value = -(
                    yield from self.mid_steps(new_own, new_opp, depth - 1, -alpha - 1, -alpha)
                )
                if alpha < value < beta:
                    value = -(yield from self.mid_steps(new_own, new_opp, depth - 1, -beta, -value))
            yield
            self.check_time()
            if value > best:
                best, best_sq = value, sq
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        break
        self._store_mid(key, depth, best, best_sq, alpha0, beta)
        return best

    def deepen_steps(
        self, own: int, opp: int, rng: random.Random, max_depth: int
    ) -> Generator[None, None, tuple[int, int, int]]:
        """Iterative deepening until the deadline; returns (square, value, completed depth).

        Depth 1 always completes; a deeper iteration interrupted by the deadline still counts
        if its first (previous best) root move was searched, since then its best is sound.
        """
        root = _squares(legal_mask(own, opp))
        rng.shuffle(root)  # equal moves are then chosen at random, not always the first
        root.sort(key=lambda sq: -SQUARE_VALUE[sq])
        best_sq, best_value, done_depth = root[0], 0, 0
        for depth in range(1, max_depth + 1):
            deadline, self.deadline = self.deadline, None if depth == 1 else self.deadline
            alpha = -_WIN * 100
            scores: dict[int, int] = {}
            try:
                for sq in root:
                    flips = flip_mask(own, opp, sq)
                    new_own, new_opp = opp & ~flips, own | flips | (1 << sq)
                    if not scores:
                        value = -(
                            yield from self.mid_steps(
                                new_own, new_opp, depth - 1, -_WIN * 100, -alpha
                            )
                        )
                    else:
                        value = -(
                            yield from self.mid_steps(
                                new_own, new_opp, depth - 1, -alpha - 1, -alpha
                            )
                        )
                        if value > alpha:
                            value = -(
                                yield from self.mid_steps(
                                    new_own, new_opp, depth - 1, -_WIN * 100, -value
                                )
                            )
                    scores[sq] = value
                    alpha = max(alpha, value)
                    yield
            except _Timeout:
                if scores:
                    best_sq = max(scores, key=scores.__getitem__)
                    best_value = scores[best_sq]
                break
            finally:
                self.deadline = deadline
            best_sq = max(scores, key=scores.__getitem__)
            best_value, done_depth = scores[best_sq], depth
            root.sort(key=lambda sq: -scores[sq])  # stable: ties keep the previous order
            if abs(best_value) >= _WIN or self.expired():
                break  # the result is already known, or the budget is spent
        return best_sq, best_value, done_depth

    def expired(self) -> bool:
        return self.deadline is not None and time.perf_counter() > self.deadline


def _quadrant_of(sq: int) -> int:
    return _QUADRANTS[(sq >> 5) << 1 | (sq & 7) >> 2]


# --------------------------------------------------------------------------- public API


def solve(
    position: Position, empties_to_winner: bool = False, *, stats: dict[str, int] | None = None
) -> tuple[int, Move | None]:
    """Exact final disc difference for the side to move under perfect play, and a best move.

    ``empties_to_winner=True`` counts empty squares for the winner (tournament and FFO rule;
    RULES.md's game does not). The move is ``PASS`` when a pass is forced, None if the game is
    over. No time limit: meant for positions with up to about 16 empties. A ``stats`` dict
    receives the node count (``stats["nodes"]``) for benchmarks.
    """
    search = _Search(empties_to_winner=empties_to_winner)
    own, opp = position._own_opp
    steps = search.solve_steps(own, opp)
    while True:
        try:
            next(steps)
        except StopIteration as done:
            value, sq = done.value
            break
    if stats is not None:
        stats["nodes"] = search.nodes
    return value, (None if sq < 0 else Move(sq))


def _greedy(position: Position, rng: random.Random) -> Move:
    own, opp = position._own_opp
    moves = _squares(legal_mask(own, opp))
    most = max(flip_mask(own, opp, sq).bit_count() for sq in moves)
    return Move(rng.choice([sq for sq in moves if flip_mask(own, opp, sq).bit_count() == most]))


def _corner_seeker(position: Position, rng: random.Random) -> Move:
    """Corner if possible; avoid X/C squares next to empty corners; then fewest replies."""
    own, opp = position._own_opp
    moves = legal_mask(own, opp)
    empty = ~(own | opp) & FULL
    dangerous_x = dangerous_c = 0
    for corner, x, cs in _CORNER_ZONES:
        if empty & corner:
            dangerous_x |= x
            dangerous_c |= cs
    if moves & CORNERS:
        candidates = moves & CORNERS
    else:
        candidates = moves & ~dangerous_x & ~dangerous_c or moves & ~dangerous_x or moves

    def key(sq: int) -> tuple[int, int, int]:
        flips = flip_mask(own, opp, sq)
        replies = legal_mask(opp & ~flips, own | flips | (1 << sq))
        return ((replies & CORNERS).bit_count(), replies.bit_count(), -flips.bit_count())

    keyed = [(key(sq), sq) for sq in _squares(candidates)]
    best = min(k for k, _ in keyed)
    return Move(rng.choice([sq for k, sq in keyed if k == best]))


def search_steps(
    position: Position,
    level: str,
    *,
    rng: random.Random | None = None,
    time_budget: float = 1.0,
) -> Generator[None, None, Move]:
    """Choose a move for ``level``, yielding ``None`` regularly; the move is the return value.

    The strong level: exact solve at <= 10 empties (whatever the budget); up to
    ``exact_empties_for(time_budget)`` empties (15 for 1 s) a short midgame search first, then
    an exact solve if it finishes within the budget; otherwise iterative-deepening alpha-beta
    until the budget is spent.
    """
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}; expected one of {', '.join(LEVELS)}")
    moves = position.legal_moves()
    if not moves:
        raise ValueError("game is over: there is no move to choose")
    if moves == [PASS] or len(moves) == 1:
        return moves[0]
    rng = rng if rng is not None else random.Random()
    if level == "beginner":
        return _greedy(position, rng)
    if level == "corner":
        return _corner_seeker(position, rng)
    start = time.perf_counter()
    own, opp = position._own_opp
    empties = position.empties
    if empties <= EXACT_EMPTIES:
        search = _Search()
        _, sq = yield from search.solve_steps(own, opp)
        return Move(sq)
    try_exact = empties <= exact_empties_for(time_budget)
    midgame_share = 0.35 if try_exact else 1.0
    search = _Search(deadline=start + time_budget * midgame_share)
    sq, _, _ = yield from search.deepen_steps(own, opp, rng, max_depth=empties)
    if try_exact:
        solver = _Search(deadline=start + time_budget)
        try:
            _, solved_sq = yield from solver.solve_steps(own, opp)
        except _Timeout:
            pass
        else:
            sq = solved_sq
    return Move(sq)


def choose_move(
    position: Position,
    level: str,
    *,
    rng: random.Random | None = None,
    time_budget: float = 1.0,
) -> Move:
    """Run ``search_steps`` to the end (for scripts and tests; widgets use the scheduler)."""
    steps = search_steps(position, level, rng=rng, time_budget=time_budget)
    while True:
        try:
            next(steps)
        except StopIteration as done:
            move: Move = done.value
            return move
