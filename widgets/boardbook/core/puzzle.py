"""The daily puzzle as a layer over the match, the same for every game (docs/RULES.md, each
game's "daily puzzle" line).

A match made with ``Match(spec, puzzle=daily)`` starts from ``daily.position``; the person plays
the side to move, the CPU defends with the game's strongest level (``GameSpec.puzzle_level``).
An attempt is *solved* when the person wins within ``daily.moves`` of their own moves and
*failed* otherwise: a loss, a draw, or the last allowed move played without a win (the board then
stops taking moves). Restart ("try again") begins a new attempt of the same puzzle with a fresh
clock.

Rules a player would find fair, kept here in one place:

- Undo takes back the person's move and the CPU's defence (the match's CPU undo) but marks the
  attempt *assisted*: an assisted win is shown as solved with help and stored as not solved, so
  it never counts for the streak (``record_puzzle`` keeps a failed attempt only until a solve, so
  a later clean try still counts).
- Only the puzzle of today's date in Japan (``core.daily.japan_date``) is recorded; another
  date's puzzle is practice (its result is shown, nothing is stored), so a streak cannot be
  filled in afterwards.
- Every finished, recorded attempt goes through ``Store.record_puzzle``, whose semantics decide
  what counts: the first solve of the day, never double-counted.

``PuzzleAttempt`` is the attempt and its record; ``PuzzleLayer`` is everything the match asks
of the puzzle (the settings it fixes, whether play has stopped, what undo and loading may do,
the status, labels and snapshot part), and a layer without a puzzle changes nothing.
"""

from __future__ import annotations

import datetime as dt
import time
import warnings
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from . import i18n
from .coach import LOCKED_OFF
from .daily import DailyPuzzle, japan_date

if TYPE_CHECKING:
    from .game import GamePosition
    from .spec import GameSpec, M, P, Setting
    from .stats import Store

__all__ = [
    "FAILED",
    "PLAYING",
    "SOLVED",
    "PuzzleAttempt",
    "PuzzleLayer",
    "clock_text",
    "share_text",
]

PLAYING, SOLVED, FAILED = "playing", "solved", "failed"

i18n.register(
    {
        "en": {
            "puzzle.title": "Today's puzzle · win within {n} moves",
            "puzzle.title_one": "Today's puzzle · win in 1 move",
            "puzzle.moves_left": "Moves left: {n}",
            "puzzle.solved": "Solved in {n} moves ({time})",
            "puzzle.solved_one": "Solved in 1 move ({time})",
            "puzzle.solved_assisted": "Solved with undo ({time}): not counted for the streak",
            "puzzle.failed_loss": "Not solved: the CPU won. Try again?",
            "puzzle.failed_draw": "Not solved: a draw is not a win. Try again?",
            "puzzle.failed_moves": "Not solved: no win within {n} moves. Try again?",
            "puzzle.failed_moves_one": "Not solved: no win in 1 move. Try again?",
            "puzzle.streak": "Streak: {n} days",
            "puzzle.streak_one": "Streak: 1 day",
            "puzzle.practice": "Practice: only today's puzzle is recorded",
            "puzzle.assisted": "Undo used: this attempt will not count for the streak",
            "puzzle.try_again": "Try again",
            "puzzle.copy": "Copy",
            "puzzle.copied": "Copied",
            "puzzle.share": "Share text",
            "puzzle.post_x": "Post on X",
            "puzzle.over": "This attempt is over: press Try again.",
            "puzzle.no_load": "A puzzle is played move by move against the CPU: nothing is loaded.",
            "puzzle.fixed": "The puzzle is played against the strongest CPU: {name} is fixed.",
            "puzzle.share_solved": "boardbook {game} daily {date}: solved in {n} moves, {time}",
            "puzzle.share_solved_one": "boardbook {game} daily {date}: solved in 1 move, {time}",
            "puzzle.share_assisted": "boardbook {game} daily {date}: solved with undo, {time}",
            "puzzle.share_failed": "boardbook {game} daily {date}: not solved this time",
            "puzzle.share_streak": " — streak {n} 🔥",
        },
        "ja": {
            "puzzle.title": "本日の課題・{n}手以内で勝て",
            "puzzle.title_one": "本日の課題・1手で勝て",
            "puzzle.moves_left": "残り{n}手",
            "puzzle.solved": "{n}手で正解（{time}）",
            "puzzle.solved_one": "1手で正解（{time}）",
            "puzzle.solved_assisted": "待ったを使って正解（{time}）：連続記録には数えません",
            "puzzle.failed_loss": "不正解：CPUの勝ちです。もう一度？",
            "puzzle.failed_draw": "不正解：引き分けは勝ちではありません。もう一度？",
            "puzzle.failed_moves": "不正解：{n}手以内に勝てませんでした。もう一度？",
            "puzzle.failed_moves_one": "不正解：1手で勝てませんでした。もう一度？",
            "puzzle.streak": "連続{n}日",
            "puzzle.streak_one": "連続1日",
            "puzzle.practice": "練習：記録されるのは本日の課題だけです",
            "puzzle.assisted": "待ったを使いました：この挑戦は連続記録に数えません",
            "puzzle.try_again": "もう一度",
            "puzzle.copy": "コピー",
            "puzzle.copied": "コピーしました",
            "puzzle.share": "共有テキスト",
            "puzzle.post_x": "Xで共有",
            "puzzle.over": "この挑戦は終わりました。「もう一度」を押してください。",
            "puzzle.no_load": "課題はCPUと1手ずつ指します。棋譜は読み込めません。",
            "puzzle.fixed": "課題は最強のCPUと対戦します：{name}は変えられません。",
            "puzzle.share_solved": "boardbook {game} 本日の課題 {date}：{n}手で正解 {time}",
            "puzzle.share_solved_one": "boardbook {game} 本日の課題 {date}：1手で正解 {time}",
            "puzzle.share_assisted": "boardbook {game} 本日の課題 {date}：待ったありで正解 {time}",
            "puzzle.share_failed": "boardbook {game} 本日の課題 {date}：今日は不正解",
            "puzzle.share_streak": " — 連続{n}日🔥",
        },
    },
    plurals={
        key: "n"
        for key in (
            "puzzle.title",
            "puzzle.solved",
            "puzzle.failed_moves",
            "puzzle.streak",
            "puzzle.share_solved",
        )
    },
)

#: The labels the kit's banner reads (PROTOCOL.md, ``puzzle``).
LABELS = ("puzzle.try_again", "puzzle.copy", "puzzle.copied", "puzzle.share", "puzzle.post_x")


def clock_text(seconds: float) -> str:
    """``41.7`` -> ``"0:41"``, ``3725`` -> ``"1:02:05"`` (whole seconds, rounded down)."""
    whole = max(0, int(seconds))
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


def share_text(
    game: str,
    date: dt.date,
    result: str,
    *,
    moves: int,
    seconds: float,
    streak: int,
    assisted: bool = False,
    lang: str = "en",
) -> str:
    """The line a player pastes elsewhere; no URL (there is none to give) and no spoiler."""
    fmt: dict[str, object] = {"game": game, "date": date.isoformat(), "time": clock_text(seconds)}
    if result == SOLVED and assisted:
        line = i18n.text("puzzle.share_assisted", lang, **fmt)
    elif result == SOLVED:
        key = "puzzle.share_solved_one" if moves == 1 else "puzzle.share_solved"
        line = i18n.text(key, lang, n=moves, **fmt)
    else:
        line = i18n.text("puzzle.share_failed", lang, **fmt)
    return line + i18n.text("puzzle.share_streak", lang, n=streak)


class PuzzleAttempt:
    """The state of the day's puzzle in one match: the current attempt and its record.

    The match, through :class:`PuzzleLayer`, calls :meth:`begin` when a game (attempt)
    starts, :meth:`observe` after every change of the record, :meth:`undone` when the person
    takes moves back.
    """

    def __init__(
        self,
        daily: DailyPuzzle[GamePosition[object]],
        side: str,
        store: Store,
        *,
        clock: Callable[[], float] = time.monotonic,
        today: Callable[[], dt.date] = japan_date,
    ):
        self.daily = daily
        self.side = side
        self._store = store
        self._clock = clock
        self._today = today
        self.attempt = 0
        self.result = PLAYING
        self.reason = ""
        self.assisted = False
        self.moves_used = 0
        self.seconds: float | None = None
        self.recorded: Mapping[str, object] | None = None
        self._started = clock()
        self.streak = self._read_streak()

    # ---------------------------------------------------------------- state
    @property
    def over(self) -> bool:
        return self.result != PLAYING

    @property
    def counts(self) -> bool:
        """Whether this puzzle is today's (only today's is recorded)."""
        return self.daily.date == self._today()

    def begin(self) -> None:
        """A new attempt ("try again"): fresh clock, nothing assisted."""
        self.attempt += 1
        self.result, self.reason = PLAYING, ""
        self.assisted = False
        self.moves_used = 0
        self.seconds = None
        self._started = self._clock()

    def undone(self) -> None:
        self.assisted = True

    def observe(self, movers: list[str], winner: str | None, finished: bool) -> None:
        """Judge the attempt after a change: ``movers`` of the record ("human", "cpu", "auto"),
        the winner and whether the game has ended."""
        if self.over:
            return
        used = movers.count("human")
        self.moves_used = used
        if finished:
            if winner == self.side and used <= self.daily.moves:
                self._finish(SOLVED, "")
            else:
                self._finish(FAILED, "loss" if winner is not None else "draw")
        elif used >= self.daily.moves and (not movers or movers[-1] != "cpu"):
            self._finish(FAILED, "moves")

    def _finish(self, result: str, reason: str) -> None:
        self.result, self.reason = result, reason
        self.seconds = max(0.0, self._clock() - self._started)
        if not self.counts:
            return
        try:
            self.recorded = self._store.record_puzzle(
                self.daily.game,
                self.daily.date,
                self.daily.id,
                solved=result == SOLVED and not self.assisted,
                moves=self.moves_used,
                seconds=round(self.seconds, 1),
            )
        except Exception as exc:  # noqa: BLE001 - a stats failure must not stop the puzzle
            warnings.warn(f"boardbook: could not record the puzzle: {exc}", RuntimeWarning, 2)
        self.streak = self._read_streak()

    def _read_streak(self) -> int:
        try:
            return int(self._store.puzzle_streak(self.daily.game, self._today()))
        except Exception as exc:  # noqa: BLE001
            warnings.warn(f"boardbook: could not read the streak ({exc})", RuntimeWarning, 2)
            return 0

    # ---------------------------------------------------------------- snapshot
    def snapshot(self, lang: str, game_title: str) -> dict[str, object]:
        """The snapshot's ``puzzle`` part (js/PROTOCOL.md)."""
        allowed = self.daily.moves
        title_key = "puzzle.title_one" if allowed == 1 else "puzzle.title"
        left = max(0, allowed - self.moves_used)
        seconds = self.seconds
        time_text = clock_text(seconds) if seconds is not None else ""
        result_text = ""
        if self.result == SOLVED:
            if self.assisted:
                result_text = i18n.text("puzzle.solved_assisted", lang, time=time_text)
            else:
                key = "puzzle.solved_one" if self.moves_used == 1 else "puzzle.solved"
                result_text = i18n.text(key, lang, n=self.moves_used, time=time_text)
        elif self.result == FAILED:
            key = f"puzzle.failed_{self.reason}"
            if self.reason == "moves" and allowed == 1:
                key += "_one"
            result_text = i18n.text(key, lang, n=allowed)
        streak_key = "puzzle.streak_one" if self.streak == 1 else "puzzle.streak"
        notes = []
        if not self.counts:
            notes.append(i18n.text("puzzle.practice", lang))
        if self.assisted and not self.over:
            notes.append(i18n.text("puzzle.assisted", lang))
        share = ""
        if self.over and seconds is not None:
            share = share_text(
                game_title,
                self.daily.date,
                self.result,
                moves=self.moves_used,
                seconds=seconds,
                streak=self.streak,
                assisted=self.assisted,
                lang=lang,
            )
        # A bank may name its theme by a text key (Tower Gate's "towergate.theme.*").
        theme = self.daily.title
        if i18n.has_text(theme):
            theme = i18n.text(theme, lang)
        return {
            "date": self.daily.date.isoformat(),
            "id": self.daily.id,
            "title": i18n.text(title_key, lang, n=allowed),
            "theme": theme,
            "side": self.side,
            "moves_allowed": allowed,
            "moves_used": self.moves_used,
            "moves_left": left,
            "moves_left_text": i18n.text("puzzle.moves_left", lang, n=left),
            "attempt": self.attempt,
            "result": self.result,
            "result_text": result_text,
            "seconds": None if seconds is None else round(seconds, 1),
            "time": time_text,
            "assisted": self.assisted,
            "counted": self.counts,
            "note": " ".join(notes),
            "streak": self.streak,
            "streak_text": i18n.text(streak_key, lang, n=self.streak),
            "share": share,
        }


class PuzzleLayer:
    """What the daily puzzle changes in a match (``Match(spec, puzzle=daily)``); with
    ``daily=None`` (every other match) it changes nothing.

    The person plays the side to move against the game's strongest CPU (``fix_settings``); once
    the attempt is over (``over``) the board takes no move, undo is refused and restart tries
    again; undo marks the attempt assisted; nothing is loaded; the game is recorded as a
    puzzle, not in the games' record (``records_games``).
    """

    def __init__(self, daily: DailyPuzzle[GamePosition[object]] | None):
        self.daily = daily
        self.attempt: PuzzleAttempt | None = None
        self.side: str | None = None
        if daily is not None:
            self.side = daily.position.to_move
            if self.side is None:
                raise ValueError("a puzzle position needs a side to move")

    @property
    def active(self) -> bool:
        return self.daily is not None

    @property
    def over(self) -> bool:
        """The attempt is over: the board takes no more moves until "try again"."""
        return self.attempt is not None and self.attempt.over

    @property
    def records_games(self) -> bool:
        return self.daily is None

    def fix_settings(
        self,
        spec: GameSpec[P, M],
        table: Mapping[str, Setting],
        given: dict[str, object],
    ) -> None:
        """Put the puzzle's own values of the settings it fixes (``Setting.puzzle_fixed``) in
        ``given``; the others (think_time) keep theirs: a full-strength defence."""
        if self.daily is None:
            return
        from .hooks import puzzle_hooks
        from .spec import CPU  # core.spec imports this module (the puzzle's texts)

        puzzles = puzzle_hooks(spec)
        level = puzzles.puzzle_level if puzzles is not None else ""
        own = {"mode": CPU, "level": level or spec.levels[-1], "human": self.side}
        own["hints"] = LOCKED_OFF  # the coach's values would give the answer away
        for s in table.values():
            if s.puzzle_fixed:
                given[s.name] = own.get(s.name, s.default)

    def start(self, store: Store, options: Mapping[str, Any] | None) -> None:
        """The first attempt, once the match has its store."""
        if self.daily is not None:
            assert self.side is not None
            self.attempt = PuzzleAttempt(self.daily, self.side, store, **dict(options or {}))

    def begin(self) -> None:
        """A game starts: a new attempt ("try again")."""
        if self.attempt is not None:
            self.attempt.begin()

    def undone(self) -> None:
        if self.attempt is not None:
            self.attempt.undone()

    def observe(self, movers: list[str], winner: str | None, finished: bool) -> None:
        if self.attempt is not None:
            self.attempt.observe(movers, winner, finished)

    def status(self, lang: str, title: str) -> str | None:
        """The status line of a finished attempt (None: the match's own)."""
        if self.attempt is None or not self.attempt.over:
            return None
        return str(self.attempt.snapshot(lang, title)["result_text"])

    def labels(self, lang: str) -> dict[str, str]:
        return {key: i18n.text(key, lang) for key in LABELS} if self.active else {}

    def snapshot(self, lang: str, title: str) -> dict[str, object] | None:
        """``state.puzzle``, or None outside a puzzle."""
        return None if self.attempt is None else self.attempt.snapshot(lang, title)
