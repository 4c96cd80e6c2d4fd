"""Reversi rules on bitboards (pure Python, no widget imports, runs in Pyodide).

Board geometry: square index ``i = row * 8 + col`` with rows counted from the top, so ``a1`` is
0, ``h1`` is 7 and ``a8`` is 56 (docs/RULES.md: columns are letters from the left, rows numbers from
the top). A bitboard is a Python ``int`` whose bit ``i`` is square ``i``.

Choices this module settles (docs/RULES.md is silent on them):
- ``legal_moves()`` lists squares in ascending index, ``[PASS]`` when only a pass is possible,
  and ``[]`` when the game is over.
- ``outcome.termination`` is ``"wiped_out"`` when one colour has no disc left and the other
  has some (even if that also filled the board), else ``"board_full"``, else
  ``"no_legal_moves"`` (both sides blocked, empties left; an empty board is this, a draw, not
  a wipe-out). Empty squares are never given to the winner.
- Errors are typed (``core.game``): ``MalformedMoveError`` code ``malformed`` for text that is
  not a square (and for a bare ``int``: a move is a string or a ``Move``);
  ``ForbiddenMoveError`` codes ``occupied``, ``no_bracket``, ``must_pass``, ``has_moves``
  (a pass while moves exist) and ``game_over``.
- ``flips()`` orders flipped discs nearest-first; equal distances follow ``DIRECTIONS`` order
  (clockwise from north = towards row 1).

Examples (run by tests/test_rules_doctests.py). The start, its legal moves, and a move played
(a new position; the old one is unchanged):

>>> from boardbook.reversi import Position
>>> start = Position.start()
>>> start.to_move, [str(m) for m in start.legal_moves()]
('black', ['d3', 'c4', 'f5', 'e6'])
>>> after = start.play("d3")
>>> after.to_move, after.counts
('white', {'black': 4, 'white': 1})
>>> after.flips("c3"), start.to_move
(['d4'], 'black')
>>> print(after)
  a b c d e f g h
1 . . . . . . . .
2 . . . . . . . .
3 . . . X . . . .
4 . . . X X . . .
5 . . . X O . . .
6 . . . . . . . .
7 . . . . . . . .
8 . . . . . . . .
white to move  (X 4 : O 1)

A move the rules forbid raises an error typed by its cause, with a code for its text:

>>> after.play("a1")
Traceback (most recent call last):
...
boardbook.core.game.ForbiddenMoveError: illegal move 'a1': does not bracket any opponent disc

The text form (``Reversi(position=...)`` reads it) and the JSON form give the position back:

>>> after.to_text()
'-------------------X-------XX------XO--------------------------- O'
>>> Position.from_text(after.to_text()) == after
True
>>> after.to_json()["to_move"], Position.from_json(after.to_json()) == after
('white', True)

A whole game from a transcript, and how it ended (a ``Termination``):

>>> from boardbook.reversi import parse_transcript
>>> game = Position.start()
>>> for move in parse_transcript("e6f4e3f6g5d6e7f5c5"):
...     game = game.play(move)
>>> game.outcome.winner, game.outcome.termination, game.outcome.scores
('black', <Termination.WIPED_OUT: 'wiped_out'>, {'black': 13, 'white': 0})
>>> game.outcome.termination == "wiped_out", game.legal_moves()
(True, [])
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Self

from ..core import checks
from ..core.game import (
    ForbiddenMoveError,
    GameOverError,
    IllegalMoveError,
    MalformedMoveError,
    Outcome,
    SvgPosition,
    bits,
)
from ..core.game import Termination as _Termination

__all__ = [
    "PASS",
    "SIDES",
    "IllegalMoveError",
    "Move",
    "Outcome",
    "Position",
    "Termination",
    "flip_mask",
    "legal_mask",
    "parse_move",
    "parse_square",
    "parse_transcript",
    "perft",
    "replay",
    "square_name",
    "to_transcript",
]

FULL = (1 << 64) - 1
SIDES = ("black", "white")
COLUMNS = "abcdefgh"
NOT_EDGE_COLUMNS = 0x7E7E7E7E7E7E7E7E

# (row step, column step), clockwise from north (towards row 1).
DIRECTIONS = ((-1, 0), (-1, 1), (0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1))


class Termination(_Termination):
    """How a Reversi game ends (``Outcome.termination``; texts ``reversi.termination.<key>``)."""

    #: All 64 squares are filled.
    BOARD_FULL = "board_full"
    #: One colour has no disc left (even if that also filled the board).
    WIPED_OUT = "wiped_out"
    #: Neither side can move and squares are left empty.
    NO_LEGAL_MOVES = "no_legal_moves"


# --------------------------------------------------------------------------- squares and moves


def square_name(index: int) -> str:
    """``19 -> "d3"``."""
    checks.index("index", index, 64)
    return f"{COLUMNS[index % 8]}{index // 8 + 1}"


def parse_square(text: object) -> int:
    """``"d3"`` (or ``"D3"``) -> 19; anything else raises IllegalMoveError."""
    if not isinstance(text, str):
        raise MalformedMoveError(text, "a square is written like 'd3'")
    s = text.strip().lower()
    if len(s) != 2 or s[0] not in COLUMNS or s[1] not in "12345678":
        raise MalformedMoveError(text, "not a square (columns a-h, rows 1-8, e.g. 'd3')")
    return (int(s[1]) - 1) * 8 + COLUMNS.index(s[0])


class Move(int):
    """A move: a square index 0-63, or 64 for the pass. ``str(move)`` is ``"d3"`` / ``"pass"``.

    An ``int`` so moves sort, hash and index tables cheaply; compare with notation via ``str``.
    """

    __slots__ = ()

    def __new__(cls, value: int | str) -> Self:
        if isinstance(value, str):
            value = parse_move(value)
        checks.count("value", value, maximum=64)
        return super().__new__(cls, value)

    @property
    def is_pass(self) -> bool:
        return int(self) == 64

    @property
    def square(self) -> int | None:
        """The square index, or None for the pass."""
        return None if int(self) == 64 else int(self)

    def __str__(self) -> str:
        return "pass" if int(self) == 64 else square_name(int(self))

    def __repr__(self) -> str:
        return f"Move({str(self)!r})"

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    @property
    def steps(self) -> tuple[str, ...]:
        """The inputs that make this move: one square (``("d3",)``), or ``("pass",)``."""
        return (str(self),)


PASS = Move(64)
_MOVES = tuple(Move(i) for i in range(64))


def parse_move(text: object) -> Move:
    """Accept ``"d3"``, ``"D3"``, ``"pass"`` or a Move. A bare ``int`` is refused: ``19`` is
    not notation, and reading it as d3 would hide a caller's mistake (use ``Move(19)``)."""
    if isinstance(text, Move):
        return text
    if not isinstance(text, str):
        raise MalformedMoveError(text, "a move is a square like 'd3', 'pass' or a Move")
    if text.strip().lower() == "pass":
        return PASS
    return _MOVES[parse_square(text)]


# --------------------------------------------------------------------------- bitboard kernels


def _build_rays() -> tuple[tuple[tuple[tuple[int, int], ...], ...], ...]:
    """Per square, (adjacent square bit, ray mask) for rays of length >= 2, split into rays
    towards higher indices and rays towards lower indices."""
    up_rays, down_rays = [], []
    for sq in range(64):
        row, col = divmod(sq, 8)
        ups: list[tuple[int, int]] = []
        downs: list[tuple[int, int]] = []
        for dr, dc in DIRECTIONS:
            mask, length = 0, 0
            r, c = row + dr, col + dc
            adjacent = 1 << (r * 8 + c) if 0 <= r < 8 and 0 <= c < 8 else 0
            while 0 <= r < 8 and 0 <= c < 8:
                mask |= 1 << (r * 8 + c)
                length += 1
                r, c = r + dr, c + dc
            if length >= 2:
                (ups if dr * 8 + dc > 0 else downs).append((adjacent, mask))
        up_rays.append(tuple(ups))
        down_rays.append(tuple(downs))
    return tuple(up_rays), tuple(down_rays)


_UP_RAYS, _DOWN_RAYS = _build_rays()


# Boards packed side by side into one big int, one per lane of ``LANE`` bits: a big-int
# operation costs about the same on a few hundred bits as on 64, so the engine generates the
# moves of many boards in one pass. The 18 bits between lanes take the largest shift of
# ``legal_mask`` (2 x 9), and its masks clear what crosses into them.
LANE = 82


def lane_masks(count: int) -> tuple[int, int, int, int]:
    """The masks of ``count`` packed boards: full, not the edge columns, not column a, not
    column h, each copied into every lane."""

    def copies(mask: int) -> int:
        return sum(mask << LANE * i for i in range(count))

    return (
        copies(FULL),
        copies(NOT_EDGE_COLUMNS),
        copies(0xFEFEFEFEFEFEFEFE),
        copies(0x7F7F7F7F7F7F7F7F),
    )


ONE_BOARD = lane_masks(1)


def legal_mask(own: int, opp: int, lanes: tuple[int, int, int, int] = ONE_BOARD) -> int:
    """Bitboard of the squares where the side owning ``own`` may play.

    Kogge-Stone style fills, unrolled, with the doubling step (runs of 1, 2, 4, 6 opponent
    discs) so each of the 8 directions costs a handful of big-int operations. With
    ``lanes = lane_masks(n)``, ``own`` and ``opp`` hold ``n`` boards packed ``LANE`` bits
    apart, and the result holds each board's moves in its lane.
    """
    full, edges = lanes[0], lanes[1]
    inner = opp & edges  # horizontal and diagonal runs may not wrap around
    # east / west (shift 1)
    pre = inner & (inner << 1)
    t = inner & (own << 1)
    t |= inner & (t << 1)
    t |= pre & (t << 2)
    t |= pre & (t << 2)
    moves = t << 1
    pre >>= 1
    t = inner & (own >> 1)
    t |= inner & (t >> 1)
    t |= pre & (t >> 2)
    t |= pre & (t >> 2)
    moves |= t >> 1
    # south / north (shift 8)
    pre = opp & (opp << 8)
    t = opp & (own << 8)
    t |= opp & (t << 8)
    t |= pre & (t << 16)
    t |= pre & (t << 16)
    moves |= t << 8
    pre >>= 8
    t = opp & (own >> 8)
    t |= opp & (t >> 8)
    t |= pre & (t >> 16)
    t |= pre & (t >> 16)
    moves |= t >> 8
    # diagonals (shift 7)
    pre = inner & (inner << 7)
    t = inner & (own << 7)
    t |= inner & (t << 7)
    t |= pre & (t << 14)
    t |= pre & (t << 14)
    moves |= t << 7
    pre >>= 7
    t = inner & (own >> 7)
    t |= inner & (t >> 7)
    t |= pre & (t >> 14)
    t |= pre & (t >> 14)
    moves |= t >> 7
    # diagonals (shift 9)
    pre = inner & (inner << 9)
    t = inner & (own << 9)
    t |= inner & (t << 9)
    t |= pre & (t << 18)
    t |= pre & (t << 18)
    moves |= t << 9
    pre >>= 9
    t = inner & (own >> 9)
    t |= inner & (t >> 9)
    t |= pre & (t >> 18)
    t |= pre & (t >> 18)
    moves |= t >> 9
    return moves & ~(own | opp) & full


def flip_mask(own: int, opp: int, sq: int) -> int:
    """Bitboard of the opponent discs a disc placed on ``sq`` flips (0: not a legal move)."""
    flips = 0
    for adjacent, ray in _UP_RAYS[sq]:
        if adjacent & opp:  # most rays fail here, cheaply
            x = ray & ~opp
            first = x & -x  # nearest non-opponent square along the ray (0 if none)
            if first & own:
                flips |= ray & (first - 1)
    for adjacent, ray in _DOWN_RAYS[sq]:
        if adjacent & opp:
            x = ray & ~opp
            if x:
                first = 1 << (x.bit_length() - 1)
                if first & own:
                    flips |= ray & -(first << 1)
    return flips


# --------------------------------------------------------------------------- the position


@dataclass(frozen=True, slots=True)
class Position(SvgPosition):
    """An immutable Reversi position: two bitboards and the side to move."""

    black: int
    white: int
    to_move: str = "black"

    def __post_init__(self) -> None:
        for name in ("black", "white"):
            checks.count(name, getattr(self, name), maximum=FULL)  # a 64-bit bitboard
        if self.black & self.white:
            raise checks.ArgumentError(
                "white", "a bitboard with no square of black's", self.white, "the discs overlap"
            )
        checks.one_of("to_move", self.to_move, SIDES)

    # ---- construction

    @classmethod
    def start(cls) -> Position:
        """White on d4, e5; black on e4, d5; black to move."""
        return cls(
            black=(1 << parse_square("e4")) | (1 << parse_square("d5")),
            white=(1 << parse_square("d4")) | (1 << parse_square("e5")),
            to_move="black",
        )

    @classmethod
    def from_text(cls, text: str) -> Position:
        """Read the FFO/OBF form: 64 squares a1..h8 (X black, O white, - empty), then X or O.

        Trailing ``;``-separated fields (Edax's move/score list) are ignored.
        """
        form = "a position text '<64 squares a1..h8: X black, O white, - empty> <X|O>'"
        checks.text("text", text)
        body = text.split(";", 1)[0].strip()
        parts = body.split()
        if len(parts) != 2 or len(parts[0]) != 64:
            raise checks.ArgumentError("text", form, text)
        board, side = parts
        black = white = 0
        for i, ch in enumerate(board):
            if ch in "Xx*":
                black |= 1 << i
            elif ch in "Oo0":
                white |= 1 << i
            elif ch not in "-._":
                detail = f"unknown square character {ch!r} at {square_name(i)}"
                raise checks.ArgumentError("text", form, text, detail)
        sides = {
            "x": "black",
            "*": "black",
            "b": "black",
            "o": "white",
            "0": "white",
            "w": "white",
            "black": "black",
            "white": "white",
        }
        if side.lower() not in sides:
            raise checks.ArgumentError("text", form, text, f"side to move {side!r}, not X or O")
        return cls(black, white, sides[side.lower()])

    def to_text(self) -> str:
        """The FFO/OBF form read by ``from_text``."""
        return self.board_string() + " " + ("X" if self.to_move == "black" else "O")

    def board_string(self) -> str:
        """64 characters a1..h8: X black, O white, - empty."""
        b, w = self.black, self.white
        return "".join("X" if b >> i & 1 else "O" if w >> i & 1 else "-" for i in range(64))

    def to_json(self) -> dict[str, Any]:
        """JSON-safe (no 64-bit ints, which JavaScript numbers cannot hold)."""
        return {"board": self.board_string(), "to_move": self.to_move}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Position:
        form = "{'board': '<64 chars>', 'to_move': 'black'|'white'}"
        checks.instance("data", data, dict, f"a dict {form}")
        board = data.get("board")
        if not isinstance(board, str) or len(board) != 64 or ";" in board or " " in board:
            # Exactly the 64 squares: a side or a ';' field in it could override to_move.
            raise checks.ArgumentError("data['board']", "a string of 64 squares", board)
        checks.one_of("data['to_move']", data.get("to_move"), SIDES)
        try:
            return cls.from_text(f"{board} {'X' if data['to_move'] == 'black' else 'O'}")
        except checks.ArgumentError as exc:
            raise checks.ArgumentError("data['board']", "a string of 64 squares", board, exc.detail)

    # ---- views

    @property
    def _own_opp(self) -> tuple[int, int]:
        return (self.black, self.white) if self.to_move == "black" else (self.white, self.black)

    @property
    def opponent(self) -> str:
        return "white" if self.to_move == "black" else "black"

    @property
    def counts(self) -> dict[str, int]:
        return {"black": self.black.bit_count(), "white": self.white.bit_count()}

    @property
    def empties(self) -> int:
        return 64 - (self.black | self.white).bit_count()

    def cells(self) -> list[str]:
        """64 entries row-major from a1: ``""``, ``"black"`` or ``"white"``."""
        b, w = self.black, self.white
        return ["black" if b >> i & 1 else "white" if w >> i & 1 else "" for i in range(64)]

    def piece_at(self, square: str | int) -> str:
        i = parse_square(square) if isinstance(square, str) else checks.index("square", square, 64)
        return self.cells()[i]

    # ---- rules

    def legal_mask(self) -> int:
        own, opp = self._own_opp
        return legal_mask(own, opp)

    def legal_moves(self) -> list[Move]:
        """Squares in ascending index; ``[PASS]`` if only a pass is possible; ``[]`` if over."""
        own, opp = self._own_opp
        mask = legal_mask(own, opp)
        if mask:
            return [_MOVES[i] for i in bits(mask)]
        return [PASS] if legal_mask(opp, own) else []

    def is_legal(self, move: str | Move) -> bool:
        try:
            self.play(move)
        except IllegalMoveError:
            return False
        return True

    @property
    def is_over(self) -> bool:
        own, opp = self._own_opp
        return not legal_mask(own, opp) and not legal_mask(opp, own)

    @property
    def outcome(self) -> Outcome | None:
        if not self.is_over:
            return None
        nb, nw = self.black.bit_count(), self.white.bit_count()
        if (nb == 0) != (nw == 0):
            reason = Termination.WIPED_OUT
        elif nb + nw == 64:
            reason = Termination.BOARD_FULL
        else:
            reason = Termination.NO_LEGAL_MOVES
        winner = "black" if nb > nw else "white" if nw > nb else None
        return Outcome(winner, reason, {"black": nb, "white": nw})

    def _check(self, move: str | Move) -> tuple[Move, int]:
        """Validate ``move``; return it and its flip mask (0 for a pass)."""
        m = parse_move(move)
        label = str(m)
        own, opp = self._own_opp
        mask = legal_mask(own, opp)
        if m.is_pass:
            if mask:
                raise ForbiddenMoveError(
                    label,
                    f"{self.to_move} has legal moves",
                    code="has_moves",
                    details={"side": self.to_move},
                )
            if not legal_mask(opp, own):
                raise GameOverError(label, "game is over")
            return m, 0
        if not mask and not legal_mask(opp, own):
            raise GameOverError(label, "game is over")
        bit = 1 << m
        if (own | opp) & bit:
            raise ForbiddenMoveError(
                label, "square is occupied", code="occupied", details={"square": label}
            )
        flips = flip_mask(own, opp, m)
        if not flips:
            if not mask:
                raise ForbiddenMoveError(
                    label,
                    f"{self.to_move} has no legal move and must pass",
                    code="must_pass",
                    details={"side": self.to_move},
                )
            raise ForbiddenMoveError(
                label,
                "does not bracket any opponent disc",
                code="no_bracket",
                details={"square": label},
            )
        return m, flips

    def play(self, move: str | Move) -> Position:
        """The position after ``move`` (notation, Move or index); illegal -> IllegalMoveError."""
        m, flips = self._check(move)
        own, opp = self._own_opp
        if not m.is_pass:
            own |= flips | (1 << m)
            opp &= ~flips
        if self.to_move == "black":
            return Position(own, opp, "white")
        return Position(opp, own, "black")

    def flips(self, move: str | Move) -> list[str]:
        """Squares ``move`` flips, nearest first (ties in DIRECTIONS order); [] for a pass."""
        m, flips = self._check(move)
        if m.is_pass:
            return []
        row, col = divmod(int(m), 8)
        ordered = []
        for direction, (dr, dc) in enumerate(DIRECTIONS):
            r, c, dist = row + dr, col + dc, 1
            while 0 <= r < 8 and 0 <= c < 8 and flips >> (r * 8 + c) & 1:
                ordered.append((dist, direction, r * 8 + c))
                r, c, dist = r + dr, c + dc, dist + 1
        return [square_name(sq) for _, _, sq in sorted(ordered)]

    # ---- display

    def __repr__(self) -> str:
        return f"Position.from_text({self.to_text()!r})"

    def __str__(self) -> str:
        cells = self.cells()
        marks = {"": ".", "black": "X", "white": "O"}
        lines = ["  a b c d e f g h"]
        for row in range(8):
            lines.append(f"{row + 1} " + " ".join(marks[cells[row * 8 + c]] for c in range(8)))
        counts = self.counts
        lines.append(f"{self.to_move} to move  (X {counts['black']} : O {counts['white']})")
        return "\n".join(lines)


# --------------------------------------------------------------------------- transcripts


def _tokenize(transcript: str) -> list[str]:
    text = "".join(transcript.split()).lower()
    tokens, i = [], 0
    while i < len(text):
        if text.startswith("pass", i):
            tokens.append("pass")
            i += 4
        else:
            tokens.append(text[i : i + 2])
            i += 2
    return tokens


def _replay(
    transcript: str | Sequence[str | Move], start: Position | None
) -> tuple[list[Move], list[Position]]:
    if start is not None:
        checks.instance("start", start, Position, "a reversi Position or None")
    pos = Position.start() if start is None else start
    if isinstance(transcript, str):
        tokens: list[Any] = _tokenize(transcript)
    else:
        tokens = list(checks.sequence("transcript", transcript, "moves (or a transcript text)"))
    moves: list[Move] = []
    positions = [pos]
    for number, token in enumerate(tokens, 1):
        try:
            move = parse_move(token)
        except IllegalMoveError as exc:
            raise type(exc)(
                token, f"move {number}: {exc.reason}", code=exc.code, details=exc.details
            ) from None
        if not move.is_pass and pos.legal_moves() == [PASS]:
            pos = pos.play(PASS)  # passes are implied in standard transcripts
            moves.append(PASS)
            positions.append(pos)
        try:
            pos = pos.play(move)
        except IllegalMoveError as exc:
            raise type(exc)(
                str(move), f"move {number}: {exc.reason}", code=exc.code, details=exc.details
            ) from None
        moves.append(move)
        positions.append(pos)
    return moves, positions


def parse_transcript(
    transcript: str | Sequence[str | Move], start: Position | None = None
) -> list[Move]:
    """``"f5d6c3"`` -> moves, with the implied passes inserted; illegal -> IllegalMoveError."""
    return _replay(transcript, start)[0]


def replay(transcript: str | Sequence[str | Move], start: Position | None = None) -> list[Position]:
    """Every position of the game, the start included (one more than the moves)."""
    return _replay(transcript, start)[1]


def to_transcript(moves: Iterable[str | Move]) -> str:
    """Standard transcript: squares concatenated, passes omitted."""
    listed = checks.sequence("moves", moves, "moves ('d3', 'pass' or Move)")
    return "".join(str(m) for m in map(parse_move, listed) if not m.is_pass)


# --------------------------------------------------------------------------- perft


def _perft(own: int, opp: int, depth: int) -> int:
    mask = legal_mask(own, opp)
    if depth == 1:
        return mask.bit_count() if mask else 1  # a pass or a finished game: one leaf
    if not mask:
        if not legal_mask(opp, own):
            return 1  # finished game: one leaf
        return _perft(opp, own, depth - 1)
    total = 0
    if depth == 2:  # bulk-count the leaves below each move (the hot loop, kept inline)
        while mask:
            low = mask & -mask
            mask ^= low
            flips = flip_mask(own, opp, low.bit_length() - 1)
            replies = legal_mask(opp ^ flips, own | flips | low)
            total += replies.bit_count() if replies else 1
        return total
    while mask:
        low = mask & -mask
        mask ^= low
        flips = flip_mask(own, opp, low.bit_length() - 1)
        total += _perft(opp & ~flips, own | flips | low, depth - 1)
    return total


#: The deepest perft asked for: no game lasts longer (60 moves and fewer passes).
PERFT_MOST = 128


def perft(position: Position, depth: int) -> int:
    """Leaf count of the move tree; a pass is one ply and a finished game is one leaf."""
    checks.instance("position", position, Position, "a reversi Position")
    checks.count("depth", depth, maximum=PERFT_MOST)
    if depth <= 0:
        return 1
    own, opp = position._own_opp
    return _perft(own, opp, depth)
