"""Quads rules: Quarto where 2×2 squares also win (docs/RULES.md, "Quads").

Pure Python, no widget imports, runs in Pyodide. Pieces are ints 0–15 whose bits mean
8 = large, 4 = dark, 2 = round, 1 = solid (15 is large-dark-round-solid, 0 small-light-square-
hollow). Squares are ``A1``…``D4``: column letter from the left, row number from the top; square
index ``i = row * 4 + col`` so ``A1`` is 0, ``D1`` is 3 and ``D4`` is 15.

A move is one turn: place the piece you were given, then give one. Notation (RULES.md): the
opening give ``:7``, a turn ``D2:7``, a placement that wins or fills the board ``D2:``. ``Move.steps``
lists what a person clicks (``("D2", "piece:7")``), and among the legal moves of a position no
move's steps is a prefix of another's, so a widget can commit a move as soon as the clicks so
far name exactly one.

Choices this module settles (RULES.md is silent on them):
- ``legal_moves()`` lists the opening gives ``:0``…``:15``; later, squares in index order and for
  each square the gives in piece order (or the single ``D2:`` when that placement ends the game).
- A placement that wins must not give (``give_after_win``): the game ends at once. ``D2`` without
  the colon is read as ``D2:``.
- When a placement completes several shapes at once, ``outcome.squares`` is the union of their
  squares (A1…D4 order) and ``outcome.details`` is
  ``{"shapes": [...names...], "attributes": [...words...]}`` with the attribute words shared by
  the four pieces of some completed shape ("dark", "small", …).

Error codes (``IllegalMoveError.code``; ``details`` in brackets):
- ``malformed`` (MalformedMoveError): not a move in the notation.
- ``game_over``: the game has ended.
- ``nothing_to_place`` [piece]: the opening is a give only (``:7``), no piece is held yet.
- ``must_place`` [piece]: a piece is held; the turn starts by placing it (``D2:7``).
- ``occupied`` [square, piece]: the square already holds a piece.
- ``must_give`` [square, remaining]: the placement neither wins nor fills the board, so a piece
  must be given.
- ``give_after_win`` [square, piece]: the placement wins; the game ends without a give.
- ``nothing_to_give`` [square, piece]: the placement fills the board; no piece remains.
- ``piece_on_board`` [piece, square]: the piece to give is already on the board.
- ``give_placed`` [piece]: the piece to give is the one being placed.

Examples (run by tests/test_rules_doctests.py). The first move only gives a piece; then each
turn places the piece given and gives one:

>>> from boardbook.quads import Position, describe_piece
>>> start = Position.start()
>>> start.to_move, [str(m) for m in start.legal_moves()[:3]], len(start.legal_moves())
('first', [':0', ':1', ':2'], 16)
>>> given = start.play(":7")
>>> given.to_move, given.held, describe_piece(7)
('second', 7, ('small', 'dark', 'round', 'solid'))
>>> after = given.play("D2:12")
>>> after.legal_moves()[0].steps
('A1', 'piece:0')
>>> print(after)
    A  B  C  D
1   .  .  .  .
2   .  .  .  7
3   .  .  .  .
4   .  .  .  .
first to place piece 12 (large dark square hollow)

A move the rules forbid raises an error typed by its cause, with a code for its text:

>>> after.play("D2:3")
Traceback (most recent call last):
...
boardbook.core.game.ForbiddenMoveError: illegal move 'D2:3': D2 is taken

The text and JSON forms give the position back:

>>> after.to_text()
'..../...7/..../.... c'
>>> Position.from_text(after.to_text()) == after, Position.from_json(after.to_json()) == after
(True, True)

A game won by a 2×2 square of large light pieces, and how it ended (a ``Termination``):

>>> game = Position.start()
>>> for move in [":8", "B2:9", "C2:10", "B3:0", "A1:11", "C3:"]:
...     game = game.play(move)
>>> game.outcome.winner, game.outcome.termination, game.outcome.squares
('second', <Termination.SHAPE_COMPLETED: 'shape_completed'>, ('B2', 'C2', 'B3', 'C3'))
>>> game.outcome.details["attributes"]
['large', 'light']
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from ..core import checks
from ..core.game import (
    ForbiddenMoveError,
    GameOverError,
    IllegalMoveError,
    MalformedMoveError,
    Outcome,
    SvgPosition,
    move_with_steps,
    next_steps,
)
from ..core.game import Termination as _Termination

__all__ = [
    "ATTRIBUTES",
    "ATTRIBUTE_SYMMETRIES",
    "BOARD_SYMMETRIES",
    "CLASSIC_BOARD_SYMMETRIES",
    "LINE_SHAPES",
    "PIECES",
    "SHAPES",
    "SIDES",
    "SQUARE_NAMES",
    "ForbiddenMoveError",
    "IllegalMoveError",
    "MalformedMoveError",
    "Move",
    "Outcome",
    "Position",
    "Shape",
    "Termination",
    "board_symmetries",
    "describe_piece",
    "parse_move",
    "parse_square",
    "shared_attributes",
    "square_name",
    "winning_shapes",
]

SIDES = ("first", "second")
COLUMNS = "ABCD"


class Termination(_Termination):
    """How a Quads game ends (``Outcome.termination``; texts ``quads.termination.<key>``)."""

    #: A placement completed a shape of four sharing an attribute (``squares``: the shape).
    SHAPE_COMPLETED = "shape_completed"
    #: All 16 squares are filled and no shape was completed: a draw.
    BOARD_FULL = "board_full"


SQUARE_NAMES = tuple(f"{COLUMNS[i % 4]}{i // 4 + 1}" for i in range(16))
PIECES = tuple(range(16))
ALL_PIECES = 0xFFFF  # a 16-bit set of pieces: bit p is piece p

#: (bit, word when set, word when clear), in the order words are read: "large dark round solid".
ATTRIBUTES = (
    (8, "large", "small"),
    (4, "dark", "light"),
    (2, "round", "square"),
    (1, "solid", "hollow"),
)


class Shape(NamedTuple):
    """A winning shape: ``name`` ("row 2", "square B2–C3"), ``kind`` ("row", "column",
    "diagonal", "square"), its four squares (A1…D4 order) and their 16-bit mask."""

    name: str
    kind: str
    squares: tuple[str, ...]
    mask: int


def _shape(name: str, kind: str, indices: Iterable[int]) -> Shape:
    ids = sorted(indices)
    return Shape(name, kind, tuple(SQUARE_NAMES[i] for i in ids), sum(1 << i for i in ids))


def _build_shapes() -> tuple[Shape, ...]:
    shapes = [_shape(f"row {r + 1}", "row", (r * 4 + c for c in range(4))) for r in range(4)]
    shapes += [
        _shape(f"column {COLUMNS[c]}", "column", (r * 4 + c for r in range(4))) for c in range(4)
    ]
    shapes.append(_shape("diagonal A1–D4", "diagonal", (0, 5, 10, 15)))
    shapes.append(_shape("diagonal D1–A4", "diagonal", (3, 6, 9, 12)))
    for r in range(3):
        for c in range(3):
            top_left, bottom_right = r * 4 + c, (r + 1) * 4 + c + 1
            name = f"square {SQUARE_NAMES[top_left]}–{SQUARE_NAMES[bottom_right]}"
            shapes.append(
                _shape(name, "square", (top_left, top_left + 1, top_left + 4, top_left + 5))
            )
    return tuple(shapes)


#: The 19 winning shapes of Quads: 4 rows, 4 columns, 2 diagonals, 9 2×2 squares.
SHAPES = _build_shapes()
#: The 10 lines of classic Quarto (``squares=False``).
LINE_SHAPES = tuple(s for s in SHAPES if s.kind != "square")


def winning_shapes(squares: bool = True) -> tuple[Shape, ...]:
    """The shapes that win: all 19 with ``squares``, else the 10 lines of classic Quarto."""
    return SHAPES if checks.boolean("squares", squares) else LINE_SHAPES


def square_name(index: int) -> str:
    """``7 -> "D2"``."""
    return SQUARE_NAMES[checks.index("index", index, 16)]


def parse_square(text: str) -> int:
    """``"D2"`` (or ``"d2"``) -> 7; anything else raises MalformedMoveError."""
    if isinstance(text, str):
        s = text.strip().upper()
        if len(s) == 2 and s[0] in COLUMNS and s[1] in "1234":
            return (int(s[1]) - 1) * 4 + COLUMNS.index(s[0])
    raise MalformedMoveError(text, "not a square (columns A-D, rows 1-4, e.g. 'D2')")


def describe_piece(piece: int) -> tuple[str, str, str, str]:
    """The four words of a piece, in reading order: ``15 -> ("large", "dark", "round", "solid")``."""
    checks.index("piece", piece, 16)
    return tuple(yes if piece & bit else no for bit, yes, no in ATTRIBUTES)  # type: ignore[return-value]


def shared_attributes(pieces: Sequence[int]) -> tuple[str, ...]:
    """The attribute words every piece of ``pieces`` has (``()`` if none or no pieces)."""
    pieces = checks.sequence("pieces", pieces, "pieces (ints 0-15)")
    for piece in pieces:
        if not isinstance(piece, int) or isinstance(piece, bool) or not 0 <= piece < 16:
            raise checks.ArgumentTypeError("pieces", "a list of pieces (ints 0-15)", pieces)
    if not pieces:
        return ()
    every, none = 15, 15
    for p in pieces:
        every &= p
        none &= ~p
    return tuple(
        word
        for bit, yes, no in ATTRIBUTES
        for word, hit in ((yes, every & bit), (no, none & bit))
        if hit
    )


# --------------------------------------------------------------------------- symmetry


def _compose(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...]:
    """The permutation "first ``a``, then ``b``" (square ``i`` goes to ``b[a[i]]``)."""
    return tuple(b[a[i]] for i in range(len(a)))


def _closure(generators: Iterable[tuple[int, ...]]) -> tuple[tuple[int, ...], ...]:
    identity = tuple(range(16))
    group = {identity}
    frontier = [identity]
    gens = list(generators)
    while frontier:
        new = []
        for g in frontier:
            for h in gens:
                gh = _compose(g, h)
                if gh not in group:
                    group.add(gh)
                    new.append(gh)
        frontier = new
    return tuple(sorted(group))


def _grid_map(f: Any) -> tuple[int, ...]:
    """The square permutation sending (row, col) to ``f(row, col)``."""
    return tuple(f(i // 4, i % 4)[0] * 4 + f(i // 4, i % 4)[1] for i in range(16))


_ROTATE = _grid_map(lambda r, c: (c, 3 - r))
_MIRROR = _grid_map(lambda r, c: (r, 3 - c))
_INSIDE_OUT = _grid_map(lambda r, c: ((1, 0, 3, 2)[r], (1, 0, 3, 2)[c]))
_MID_SWAP = _grid_map(lambda r, c: ((0, 2, 1, 3)[r], (0, 2, 1, 3)[c]))

#: Square permutations (square ``i`` goes to ``perm[i]``) that map the 19 Quads shapes onto
#: themselves: the 8 rotations and reflections of the square.
BOARD_SYMMETRIES = _closure((_ROTATE, _MIRROR))
#: The 32 that map the 10 classic lines onto themselves: also the inside-out and mid swaps.
CLASSIC_BOARD_SYMMETRIES = _closure((_ROTATE, _MIRROR, _INSIDE_OUT, _MID_SWAP))


def _bit_maps() -> tuple[tuple[int, ...], ...]:
    from itertools import permutations

    maps = set()
    for order in permutations(range(4)):
        for flip in range(16):
            maps.add(
                tuple(sum(((p >> b) & 1) << order[b] for b in range(4)) ^ flip for p in range(16))
            )
    return tuple(sorted(maps))


#: The 384 attribute symmetries as piece maps (``piece -> m[piece]``): the 24 permutations of
#: the four attributes times the 16 ways to swap the two values of some of them.
ATTRIBUTE_SYMMETRIES = _bit_maps()


def board_symmetries(squares: bool = True) -> tuple[tuple[int, ...], ...]:
    return BOARD_SYMMETRIES if checks.boolean("squares", squares) else CLASSIC_BOARD_SYMMETRIES


# --------------------------------------------------------------------------- moves

_MOVE_RE = re.compile(r"^\s*([A-Da-d][1-4])?\s*(?::\s*(\d{1,2})?)?\s*$")


@dataclass(frozen=True, slots=True)
class Move:
    """One turn: place the held piece on ``square`` (a name, None for the opening give), then
    give ``give`` (a piece, None when the placement ends the game). ``str`` is the notation."""

    square: str | None
    give: int | None

    def __post_init__(self) -> None:
        if self.square is not None and (
            not isinstance(self.square, str) or self.square not in SQUARE_NAMES
        ):
            raise MalformedMoveError(self.square, "not a square (A1-D4)")
        if self.give is not None and (
            not isinstance(self.give, int) or isinstance(self.give, bool) or not 0 <= self.give < 16
        ):
            raise MalformedMoveError(self.give, "a piece is an int 0-15")
        if self.square is None and self.give is None:
            raise MalformedMoveError(":", "a move places a piece, gives one, or both")

    @property
    def index(self) -> int | None:
        """The square index 0-15 (None for the opening give)."""
        return None if self.square is None else SQUARE_NAMES.index(self.square)

    @property
    def steps(self) -> tuple[str, ...]:
        """What a person clicks, in order: ``D2:7 -> ("D2", "piece:7")``."""
        steps = () if self.square is None else (self.square,)
        return steps if self.give is None else (*steps, f"piece:{self.give}")

    def __str__(self) -> str:
        return f"{self.square or ''}:{'' if self.give is None else self.give}"

    def __repr__(self) -> str:
        return f"Move.parse({str(self)!r})"

    @classmethod
    def parse(cls, text: str | Move) -> Move:
        return parse_move(text)


def parse_move(text: str | Move) -> Move:
    """Read ``":7"``, ``"D2:7"``, ``"d2:7"``, ``"D2:"`` (or ``"D2"``), or pass a Move through."""
    if isinstance(text, Move):
        return text
    if not isinstance(text, str):
        raise MalformedMoveError(text, "a move is written like 'D2:7', ':7' or 'D2:'")
    m = _MOVE_RE.match(text)
    if not m or (m.group(1) is None and m.group(2) is None):
        raise MalformedMoveError(text, "a move is written like 'D2:7', ':7' or 'D2:'")
    square = m.group(1).upper() if m.group(1) else None
    give = int(m.group(2)) if m.group(2) is not None else None
    if give is not None and give > 15:
        raise MalformedMoveError(text, f"there is no piece {give}: pieces are 0-15")
    return Move(square, give)


# --------------------------------------------------------------------------- the position


def _completed(
    board: Sequence[int | None], shapes: Sequence[Shape]
) -> list[tuple[Shape, tuple[str, ...]]]:
    """Completed shapes whose four pieces share an attribute, with the shared words."""
    done = []
    for shape in shapes:
        pieces = [board[SQUARE_NAMES.index(s)] for s in shape.squares]
        if None not in pieces:
            words = shared_attributes(pieces)  # type: ignore[arg-type]
            if words:
                done.append((shape, words))
    return done


class Position(SvgPosition):
    """An immutable Quads position: the board, the piece the side to move must place, and the
    variant (``squares``: whether 2×2 squares win).

    The side to move follows from the counts: the first player gives first, so after ``n``
    placements the side holding a piece is ``SIDES[(n + 1) % 2]``.
    """

    __slots__ = ("_board", "_hash", "_held", "_outcome", "_squares")

    _board: tuple[int | None, ...]
    _held: int | None
    _squares: bool
    _outcome: Outcome | None
    _hash: int

    def __init__(
        self, board: Sequence[int | None], held: int | None = None, *, squares: bool = True
    ):
        accepts = "16 squares A1..D4 row-major, each a piece 0-15 or None, no piece twice"
        board = checks.sequence("board", board, "16 squares (a piece 0-15 or None each)")
        if len(board) != 16:
            raise checks.ArgumentError("board", accepts, board, f"{len(board)}, not 16 squares")
        for i, p in enumerate(board):
            if p is not None and (not isinstance(p, int) or isinstance(p, bool) or not 0 <= p < 16):
                detail = f"{SQUARE_NAMES[i]} holds {checks.short_repr(p)}: a piece is an int 0-15"
                raise checks.ArgumentError("board", accepts, board, detail)
        placed = [p for p in board if p is not None]
        if len(set(placed)) != len(placed):
            dup = next(p for p in placed if placed.count(p) > 1)
            where = [SQUARE_NAMES[i] for i, p in enumerate(board) if p == dup]
            detail = f"piece {dup} is on the board twice ({', '.join(where)})"
            raise checks.ArgumentError("board", accepts, board, detail)
        if held is not None:
            checks.index("held", held, 16)
            if held in placed:
                detail = f"piece {held} is held and also on {SQUARE_NAMES[board.index(held)]}"
                raise checks.ArgumentError(
                    "held", "a piece not on the board, or None", held, detail
                )
            if len(placed) == 16:
                detail = "the board is full, so no piece can be held"
                raise checks.ArgumentError("held", "None on a full board", held, detail)
        checks.boolean("squares", squares)
        done = _completed(board, SHAPES if squares else LINE_SHAPES)
        outcome = None
        if done:
            if held is not None:
                detail = (
                    f"{done[0][0].name} is already completed with a shared attribute, so the "
                    "game is over and no piece can be held"
                )
                raise checks.ArgumentError("held", "None once the game is won", held, detail)
            common = ALL_PIECES
            for shape, _ in done:
                common &= shape.mask
            if not common:
                detail = "completed shapes share no square, so no single placement made them"
                raise checks.ArgumentError("board", "a board one game can reach", board, detail)
            winner = SIDES[len(placed) % 2]
            union = 0
            words: list[str] = []
            for shape, shared in done:
                union |= shape.mask
                words += [w for w in shared if w not in words]
            outcome = Outcome(
                winner,
                Termination.SHAPE_COMPLETED,
                squares=tuple(SQUARE_NAMES[i] for i in range(16) if union >> i & 1),
                details={"shapes": [s.name for s, _ in done], "attributes": words},
            )
        elif len(placed) == 16:
            outcome = Outcome(None, Termination.BOARD_FULL)
        elif held is None and placed:
            detail = (
                f"{len(placed)} pieces are on the board and none is held, but no shape is "
                "completed: the side to move must have been given a piece"
            )
            raise checks.ArgumentError("held", "the piece the side to move was given", held, detail)
        object.__setattr__(self, "_board", board)
        object.__setattr__(self, "_held", held)
        object.__setattr__(self, "_squares", squares)
        object.__setattr__(self, "_outcome", outcome)
        object.__setattr__(self, "_hash", hash((board, held, squares)))

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Position is immutable; play() returns a new one")

    def __delattr__(self, name: str) -> None:
        raise AttributeError("Position is immutable")

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Position):
            return NotImplemented
        return (self._board, self._held, self._squares) == (
            other._board,
            other._held,
            other._squares,
        )

    def __hash__(self) -> int:
        return self._hash

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuild, (self._board, self._held, self._squares))

    # ---- construction

    @classmethod
    def start(cls, squares: bool = True) -> Position:
        """The empty board; the first player gives the opening piece. ``squares=False`` is
        classic Quarto (the 10 lines only)."""
        return cls((None,) * 16, None, squares=checks.boolean("squares", squares))

    @classmethod
    def from_text(cls, text: str) -> Position:
        """Read ``"0a.f/..3./..../.... 7"``: 16 squares A1..D4 (hex digit or ``.``; ``/`` and
        spaces between rows are optional), the held piece (hex digit or ``-``), and an optional
        word ``classic`` for ``squares=False``."""
        form = "a position text '<16 squares> <held piece or ->'"
        checks.text("text", text)
        parts = text.split()
        squares = True
        if parts and parts[-1].lower() in ("classic", "quads"):
            squares = parts.pop().lower() == "quads"
        if len(parts) < 2:
            raise checks.ArgumentError("text", form, text)
        held_text = parts.pop()
        cells = "".join(parts).replace("/", "")
        if len(cells) != 16:
            raise checks.ArgumentError("text", form, text, f"{len(cells)} squares, not 16")
        board: list[int | None] = []
        for i, ch in enumerate(cells):
            if ch in ".-_":
                board.append(None)
            elif ch.lower() in "0123456789abcdef":
                board.append(int(ch, 16))
            else:
                detail = f"{SQUARE_NAMES[i]}: unknown square character {ch!r}"
                raise checks.ArgumentError("text", form, text, detail)
        if held_text == "-":
            held = None
        elif len(held_text) == 1 and held_text.lower() in "0123456789abcdef":
            held = int(held_text, 16)
        else:
            detail = f"the held piece is a hex digit or '-', not {held_text!r}"
            raise checks.ArgumentError("text", form, text, detail)
        try:
            return cls(board, held, squares=squares)
        except checks.ArgumentError as exc:
            raise checks.ArgumentError("text", form, text, exc.detail) from None

    def to_text(self) -> str:
        """The form ``from_text`` reads (rows separated by ``/``)."""
        cells = "".join("." if p is None else f"{p:x}" for p in self._board)
        rows = "/".join(cells[r * 4 : r * 4 + 4] for r in range(4))
        held = "-" if self._held is None else f"{self._held:x}"
        return f"{rows} {held}" + ("" if self._squares else " classic")

    def to_json(self) -> dict[str, Any]:
        """``{"board": [16 × piece|None], "held", "squares", "to_move"}`` (``to_move`` is
        redundant and checked by ``from_json``)."""
        return {
            "board": list(self._board),
            "held": self._held,
            "squares": self._squares,
            "to_move": self.to_move,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Position:
        """Rebuild from ``to_json``; every field is validated and must agree with the others."""
        form = "a dict {'board': [16 pieces or None], 'held': piece or None, ...}"
        checks.instance("data", data, Mapping, form)
        fields = {"board", "held", "squares", "to_move"}
        unknown = [key for key in data if key not in fields]
        if unknown or "board" not in data:
            what = f"unknown Quads position fields: {checks.short_repr(unknown)}" if unknown else ""
            raise checks.ArgumentError("data", form, data, what or "no 'board'")
        try:
            pos = cls(data["board"], data.get("held"), squares=data.get("squares", True))
        except checks.ArgumentError as exc:
            raise exc.within("data") from None
        said = data.get("to_move", pos.to_move)
        if not (type(said) in (str, type(None)) and said == pos.to_move):
            what = f"{pos.to_move!r} (what the board and the held piece say)"
            raise checks.ArgumentError("data['to_move']", what, said)
        return pos

    # ---- views

    @property
    def board(self) -> tuple[int | None, ...]:
        """16 entries row-major A1..D4: the piece on the square, or None."""
        return self._board

    @property
    def held(self) -> int | None:
        """The piece the side to move must place (None at the opening give and at the end)."""
        return self._held

    @property
    def squares(self) -> bool:
        """Whether 2×2 squares win (False: classic Quarto)."""
        return self._squares

    @property
    def winning_shapes(self) -> tuple[Shape, ...]:
        return SHAPES if self._squares else LINE_SHAPES

    @property
    def placed(self) -> int:
        """How many pieces are on the board."""
        return 16 - self._board.count(None)

    @property
    def empties(self) -> int:
        return self._board.count(None)

    def available(self) -> tuple[int, ...]:
        """Pieces neither on the board nor held, in piece order."""
        used = set(self._board)
        return tuple(p for p in PIECES if p not in used and p != self._held)

    def piece_at(self, square: str | int) -> int | None:
        if isinstance(square, str):
            return self._board[parse_square(square)]
        return self._board[checks.index("square", square, 16)]

    @property
    def ply(self) -> int:
        """Moves played so far (the opening give is move 1)."""
        if self._outcome is not None:
            return self.placed + 1
        return self.placed + (self._held is not None)

    @property
    def to_move(self) -> str | None:
        """``"first"`` or ``"second"``, None when the game is over."""
        if self._outcome is not None:
            return None
        return SIDES[self.ply % 2]

    @property
    def opponent(self) -> str | None:
        side = self.to_move
        return None if side is None else SIDES[1 - SIDES.index(side)]

    @property
    def outcome(self) -> Outcome | None:
        return self._outcome

    @property
    def is_over(self) -> bool:
        return self._outcome is not None

    # ---- rules

    def wins_at(self, index: int, piece: int) -> bool:
        """Whether placing ``piece`` on the empty square ``index`` completes a winning shape."""
        checks.index("index", index, 16)
        checks.index("piece", piece, 16)
        board = list(self._board)
        board[index] = piece
        bit = 1 << index
        for shape in self.winning_shapes:
            if shape.mask & bit:
                pieces = [board[SQUARE_NAMES.index(s)] for s in shape.squares]
                if None not in pieces and shared_attributes(pieces):  # type: ignore[arg-type]
                    return True
        return False

    def winning_squares(self, piece: int | None = None) -> tuple[str, ...]:
        """Empty squares where ``piece`` (default: the held one) wins at once."""
        piece = self._held if piece is None else checks.index("piece", piece, 16)
        if piece is None or self._outcome is not None:
            return ()
        return tuple(
            SQUARE_NAMES[i] for i in range(16) if self._board[i] is None and self.wins_at(i, piece)
        )

    def legal_moves(self) -> list[Move]:
        """Every legal move in the fixed order of the module docstring ([] when over)."""
        if self._outcome is not None:
            return []
        if self._held is None:
            return [Move(None, p) for p in PIECES]
        gives = self.available()
        moves: list[Move] = []
        for i in range(16):
            if self._board[i] is None:
                name = SQUARE_NAMES[i]
                if not gives or self.wins_at(i, self._held):
                    moves.append(Move(name, None))
                else:
                    moves.extend(Move(name, g) for g in gives)
        return moves

    def check(self, move: str | Move) -> Move:
        """The parsed move if it is legal here, else the IllegalMoveError ``play`` would raise."""
        m = parse_move(move)
        label = str(m)
        if self._outcome is not None:
            raise GameOverError(label, "the game is over")
        held = self._held
        if held is None:
            if m.square is not None:
                raise ForbiddenMoveError(
                    label,
                    "the game opens with a give: no piece has been given to place yet (write ':7')",
                    code="nothing_to_place",
                    details={"piece": m.give},
                )
        else:
            if m.square is None:
                raise ForbiddenMoveError(
                    label,
                    f"you must place piece {held} before giving one",
                    code="must_place",
                    details={"piece": held},
                )
            index = SQUARE_NAMES.index(m.square)
            if self._board[index] is not None:
                raise ForbiddenMoveError(
                    label,
                    f"{m.square} is taken",
                    code="occupied",
                    details={"square": m.square, "piece": self._board[index]},
                )
            remaining = len(self.available())
            if self.wins_at(index, held):
                if m.give is not None:
                    raise ForbiddenMoveError(
                        label,
                        f"placing piece {held} on {m.square} wins: the game ends without a give "
                        f"(write '{m.square}:')",
                        code="give_after_win",
                        details={"square": m.square, "piece": m.give},
                    )
                return m
            if remaining == 0:
                if m.give is not None:
                    raise ForbiddenMoveError(
                        label,
                        f"{m.square} fills the board: no piece remains to give (write '{m.square}:')",
                        code="nothing_to_give",
                        details={"square": m.square, "piece": m.give},
                    )
                return m
            if m.give is None:
                raise ForbiddenMoveError(
                    label,
                    f"you must give a piece: {remaining} remain",
                    code="must_give",
                    details={"square": m.square, "remaining": remaining},
                )
        give = m.give
        assert give is not None
        if give in self._board:
            where = SQUARE_NAMES[self._board.index(give)]
            raise ForbiddenMoveError(
                label,
                f"piece {give} is already on {where}",
                code="piece_on_board",
                details={"piece": give, "square": where},
            )
        if give == held:
            raise ForbiddenMoveError(
                label,
                f"piece {give} is the one you are placing: give another",
                code="give_placed",
                details={"piece": give},
            )
        return m

    def next_steps(self, prefix: Sequence[str] = ()) -> tuple[str, ...]:
        """The targets a person may click next after clicking ``prefix`` (``()`` at the start
        of a turn): squares ``"D2"`` or pieces ``"piece:7"``, in legal-move order; ``()`` when
        ``prefix`` is already a whole move or starts no legal move."""
        return next_steps(
            self.legal_moves(), checks.strings("prefix", prefix, "clicks ('D2', 'piece:7')")
        )

    def move_from_steps(self, steps: Sequence[str]) -> Move | None:
        """The legal move made by clicking ``steps``, or None while they are a strict prefix of
        some legal move (the turn is not complete yet). Clicks that start no legal move raise
        the IllegalMoveError ``play`` would raise for them (e.g. ``occupied``)."""
        steps = checks.strings("steps", steps, "clicks ('D2', 'piece:7')")
        move = move_with_steps(self.legal_moves(), steps)
        if move is not None:
            return move
        if steps and self.next_steps(steps):
            return None
        square = next((s for s in steps if not s.startswith("piece:")), None)
        pieces = [s.removeprefix("piece:") for s in steps if s.startswith("piece:")]
        if len(steps) > 2 or len(pieces) > 1 or (square is not None and steps[0] != square):
            raise MalformedMoveError(steps, "a turn is a square, then a piece to give")
        text = f"{square or ''}:{pieces[0] if pieces else ''}"
        if text == ":":
            raise MalformedMoveError(steps, "a turn is a square, then a piece to give")
        self.check(text)  # raises the rule that forbids it
        raise MalformedMoveError(steps, "these clicks do not make a move here")  # pragma: no cover

    def is_legal(self, move: str | Move) -> bool:
        try:
            self.check(move)
        except IllegalMoveError:
            return False
        return True

    def play(self, move: str | Move) -> Position:
        """The position after ``move`` (notation or Move); illegal -> IllegalMoveError."""
        m = self.check(move)
        board = self._board
        if m.square is not None:
            index = SQUARE_NAMES.index(m.square)
            board = board[:index] + (self._held,) + board[index + 1 :]
        return Position(board, m.give, squares=self._squares)

    # ---- symmetry

    def transform(self, board_map: Sequence[int], piece_map: Sequence[int]) -> Position:
        """The position with the piece on square ``i`` moved to ``board_map[i]`` and every piece
        ``p`` (held included) replaced by ``piece_map[p]``. With a map from
        ``board_symmetries(pos.squares)`` and one from ``ATTRIBUTE_SYMMETRIES`` the result is
        the same game in disguise: same value, same distance."""
        for name, mapping in (("board_map", board_map), ("piece_map", piece_map)):
            mapped = checks.sequence(name, mapping, "16 indices, a permutation of 0-15")
            if not all(type(i) is int for i in mapped) or sorted(mapped) != list(range(16)):
                raise checks.ArgumentError(name, "a permutation of 0-15", mapping)
        board: list[int | None] = [None] * 16
        for i, p in enumerate(self._board):
            board[board_map[i]] = None if p is None else piece_map[p]
        held = None if self._held is None else piece_map[self._held]
        return Position(board, held, squares=self._squares)

    def symmetries(self) -> Iterable[Position]:
        """Every image of this position under the board × attribute symmetries (with repeats)."""
        for bm in board_symmetries(self._squares):
            for pm in ATTRIBUTE_SYMMETRIES:
                yield self.transform(bm, pm)

    # ---- display

    def __repr__(self) -> str:
        return f"Position.from_text({self.to_text()!r})"

    def __str__(self) -> str:
        lines = ["    A  B  C  D"]
        for r in range(4):
            cells = ["." if p is None else f"{p:x}" for p in self._board[r * 4 : r * 4 + 4]]
            lines.append(f"{r + 1}   " + "  ".join(cells))
        variant = "" if self._squares else " (classic: lines only)"
        if self._outcome is not None:
            o = self._outcome
            lines.append(f"game over: {o.winner or 'draw'} ({o.termination}){variant}")
        elif self._held is None:
            lines.append(f"{self.to_move} to give a piece{variant}")
        else:
            words = " ".join(describe_piece(self._held))
            lines.append(f"{self.to_move} to place piece {self._held} ({words}){variant}")
        return "\n".join(lines)


def _rebuild(board: tuple[int | None, ...], held: int | None, squares: bool) -> Position:
    return Position(board, held, squares=squares)
