"""The coach, one layer for every game: hints with scores, the CPU's thoughts, the review graph
with its turning points, and the game's records (docs/adding-a-game.md, "The coach").

A game supplies only the small hooks of ``core.hooks.CoachHooks`` (``coach_steps``,
``coach_advice``, ``coach_review``, ``coach_final``, ``coach_thinking``; the Record panel reads
``PositionTextHooks`` and ``TranscriptHooks``); everything else is here: when an analysis starts (a person's turn with hints on; the finished
game for the review), that it runs off the kernel thread through ``core.scheduler``, that the
next move, undo, restart or close cancels it (a generation counter drops late results), that
each deeper partial analysis replaces the last, and the ``state.coach`` snapshot part
(js/PROTOCOL.md).

The review graph is valued after the game, and during it too once the person has opened the
review in this game (or it was shown at the end and a move was undone): then it extends ply by
ply as the game goes on, only while the CPU is not thinking and no hint analysis runs (it never
takes their CPU time), keeps the plies already valued across moves, and drops the plies an undo
took back.

Hints have three settings: ``"off"`` (the default), ``"on"``, and ``"locked-off"``, a teacher's
lock: the toggle is hidden, and neither the UI nor the Python API turns hints on again in that
widget (the API says why).

Size: about 600 lines, of which about 90 are the coach's texts in English and Japanese. The
rest is one layer: hints, the CPU's thoughts and the review graph share one generation counter
under the match's lock, so a late result of any of them is dropped the same way.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Generator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from . import i18n, scheduler
from .game import M, P

if TYPE_CHECKING:
    from .hooks import CoachHooks
    from .match import Match
    from .spec import Msg, View

__all__ = [
    "HINT_BUDGET_S",
    "HINT_MODES",
    "LOCKED_OFF",
    "REVIEW_BUDGET_S",
    "SLOW_PACE_S",
    "Advice",
    "Coach",
    "Hint",
    "ReviewPoint",
    "Thinking",
    "hints_locked_reason",
    "paced",
]

_log = logging.getLogger("boardbook.coach")

Y = TypeVar("Y")
R = TypeVar("R")

HINT_MODES = ("off", "on", "locked-off")
LOCKED_OFF = "locked-off"
#: How long the hint analysis of one position refines (seconds of search, off-thread).
HINT_BUDGET_S = 4.0
#: The review's analysis budget per ply (seconds): a 60-move game is valued in a few seconds.
REVIEW_BUDGET_S = 0.12
#: At pace "slow", a CPU move takes at least this long, so a learner can read its line.
SLOW_PACE_S = 3.0
#: Turning points shown in the review (the largest swings the game words).
TURNING_POINTS = 3


def hints_locked_reason() -> str:
    # Only what is so: a student is not told how to get around the teacher's setting.
    return "hints are locked off for this notebook by its teacher"


# ==================================================================== what games return
@dataclass(frozen=True)
class Hint:
    """The coach's mark on one target: a short ``text`` drawn on it ("+4", "50 %"), a ``tone``
    (``"best"``, ``"good"`` or ``"bad"``), whether it is a best move, and a plain ``reason``."""

    text: str
    tone: str = "good"
    best: bool = False
    reason: str = ""

    def to_json(self) -> dict[str, object]:
        return {"text": self.text, "tone": self.tone, "best": self.best, "reason": self.reason}


@dataclass(frozen=True)
class Advice:
    """One analysis turned into hints: a ``Hint`` per target (a square, tray item or button),
    how deep the analysis is (``depth``; None when it does not deepen), whether the values are
    ``exact``, and a one-line ``summary`` ("Best: d3 (+4, exact)")."""

    hints: Mapping[str, Hint]
    depth: int | None = None
    exact: bool = False
    summary: str = ""


@dataclass(frozen=True)
class ReviewPoint:
    """One move of the review: the value before it and after it (both for the first side, in
    the game's unit), what it cost its mover (``loss`` >= 0, vs the best move) and, when it is
    worth a sentence, ``text`` ("b7 gave up the a8 corner"; the core adds "move 23, ")."""

    before: float
    after: float
    loss: float = 0.0
    text: Msg | None = None


@dataclass(frozen=True)
class Thinking:
    """The CPU's thought after one completed iteration, for "watch the CPU think": the depth,
    the line it expects (notations, its own move first), and the line's wording."""

    depth: int
    line: tuple[str, ...]
    text: str


def paced(
    steps: Generator[Y, None, R],
    seconds: float,
    *,
    clock: Callable[[], float] = time.monotonic,
) -> Generator[Y | None, None, R]:
    """``steps``, but returning no sooner than ``seconds`` after it started (pace "slow")."""
    start = clock()
    result = yield from steps
    nap = scheduler.default_mode() == "thread"  # a thread naps; slices give the loop back
    while clock() - start < seconds:
        if nap:
            time.sleep(0.02)
        yield None
    return result


_EMPTY: dict[str, object] = {
    "available": False,
    "mode": "off",
    "hints": {},
    "depth": None,
    "exact": False,
    "pending": False,
    "summary": "",
    "thinking": None,
    "expected": None,
    "graph": None,
}


# ==================================================================== the match's coach
@dataclass
class _Job:
    """One running analysis: what it is for, its task, and the generation it belongs to."""

    key: tuple[object, ...]
    generation: int
    task: scheduler.Task | None = None


@dataclass
class _Review:
    """The review analysis of one game, filled in ply by ply: ``points[ply]`` values
    ``moves[ply]`` (the moves it was last aligned with), ``key`` is the match's key then."""

    record: object
    key: tuple[object, ...] = ()
    moves: Sequence[object] = ()
    points: list[ReviewPoint | None] = field(default_factory=list)
    final: float | None = None
    done: bool = False

    def prefix(self, moves: Sequence[object]) -> int:
        """How many leading plies of ``moves`` are the ones this review valued."""
        n = 0
        for mine, theirs in zip(self.moves, moves):
            if mine != theirs:
                break
            n += 1
        return n


class Coach(Generic[P, M]):
    """The coach of one ``Match`` (it owns one; every method runs under the match's lock)."""

    def __init__(self, match: Match[P, M]):
        from .hooks import coach_hooks  # at run time: hooks imports this module

        self.match = match
        #: The game's coach hooks, or None: the game has no coach.
        self.hooks = coach_hooks(match.spec)
        self._generation = 0
        self._hint_job: _Job | None = None
        self._analysis: object | None = None
        self._analysis_done = False
        self._review_job: _Job | None = None
        self._review: _Review | None = None
        self._live_graph: object | None = None  # the record whose review was opened mid-game
        self._progress: tuple[int, object] | None = None  # (ply, the CPU's last progress)
        self._expected: tuple[int, str, str] | None = None  # (ply, CPU move, expected reply)

    # ---------------------------------------------------------------- state
    @property
    def available(self) -> bool:
        """Whether this game has a coach (its spec implements ``core.hooks.CoachHooks``)."""
        return self.hooks is not None

    @property
    def mode(self) -> str:
        return str(self.match.settings.get("hints", "off"))

    def _key(self) -> tuple[object, ...]:
        record = self.match.record
        return (id(record), len(record.moves), id(record.position))

    # ---------------------------------------------------------------- events from the match
    def moved(self) -> None:
        """A move was pushed: the running analyses are for a game that has changed."""
        self._stop_hints()
        self._stop_review()

    def cpu_progress(self, progress: object) -> None:
        self._progress = (len(self.match.record.moves), progress)

    def cpu_moved(self, move: M) -> None:
        """The CPU played ``move``: remember the reply its last line expected."""
        progress = self._progress
        self._progress = None
        line: tuple[str, ...] = ()
        positions = self.match.record.positions
        if self.hooks is not None and progress is not None and progress[0] < len(positions):
            # The line the search expected, as the game's own hook reads its progress.
            thinking = self.hooks.coach_thinking(positions[progress[0]], progress[1], "en")
            line = thinking.line if thinking is not None else ()
        notation = self.match.spec.notation(move)
        if line and len(line) > 1 and line[0] == notation:
            self._expected = (len(self.match.record.moves), notation, str(line[1]))
        else:
            self._expected = None

    def close(self) -> None:
        self._stop_hints()
        self._stop_review()

    def sync(self) -> None:
        """Start, keep or stop the analyses for the match's state now (after every change)."""
        match = self.match
        if match.closed or self.hooks is None:
            self.close()
            return
        position = match.position
        if match.reviewing or position.outcome is not None:
            self._live_graph = match.record  # shown once: the graph follows this game (undo)
        if position.outcome is not None:
            self._stop_hints()
            self._sync_review()
            return
        self._sync_hints()
        hints_running = self._hint_job is not None and not self._analysis_done
        if self._live_graph is match.record and not match.busy and not hints_running:
            self._sync_review()
        else:
            self._stop_review()  # the CPU's search and the hints come first

    def _sync_hints(self) -> None:
        match = self.match
        wanted = self.mode == "on" and not match.busy and bool(match.person_to_move)
        if not wanted:
            self._stop_hints()
            return
        key = self._key()
        if self._hint_job is not None and self._hint_job.key == key:
            return  # already analysing (or analysed) this position
        self._stop_hints()
        self._start_hints(key)

    # ---------------------------------------------------------------- hints
    def _stop_hints(self) -> None:
        self._generation += 1
        job, self._hint_job = self._hint_job, None
        if job is not None and job.task is not None:
            job.task.cancel()
        self._analysis = None
        self._analysis_done = False

    def _start_hints(self, key: tuple[object, ...]) -> None:
        if self.hooks is None:
            return
        steps = self.hooks.coach_steps(self.match.position, time_budget=HINT_BUDGET_S)
        if steps is None:
            return
        job = _Job(key, self._generation)
        self._hint_job = job
        job.task = scheduler.run_search(
            steps,
            on_done=lambda analysis: self._hint_result(job, analysis, done=True),
            on_error=lambda exc: self._failed(job, exc),
            on_progress=lambda analysis: self._hint_result(job, analysis, done=False),
        )

    def _hint_result(self, job: _Job, analysis: object, *, done: bool) -> None:
        with self.match.lock:
            if job is not self._hint_job or job.generation != self._generation:
                return  # a move, undo, restart or close came first: drop it
            self._analysis = analysis
            self._analysis_done = done
            if done:
                self.sync()  # the hints are final: the review graph may go on
            self.match.changed()

    def _failed(self, job: _Job, exc: BaseException) -> None:
        _log.error("boardbook: the coach's analysis failed", exc_info=exc)
        with self.match.lock:
            if job is self._hint_job:
                self._analysis_done = True
                self.sync()

    # ---------------------------------------------------------------- review
    def _stop_review(self) -> None:
        job, self._review_job = self._review_job, None
        if job is not None and job.task is not None:
            job.task.cancel()

    def _sync_review(self) -> None:
        """Value the plies not valued yet (the ones still valid are kept, an undo's dropped)."""
        key = self._key()
        review = self._review
        if review is not None and review.key == key and (self._review_job or review.done):
            return  # valuing (or valued) this game as it stands
        self._stop_review()
        record = self.match.record
        moves = list(record.moves)
        if review is None or review.record is not record:
            review = _Review(record)
            self._review = review
        keep = review.prefix(moves)
        review.points = review.points[:keep] + [None] * (len(moves) - keep)
        review.moves, review.key = moves, key
        position = record.position
        hooks = self.hooks
        assert hooks is not None  # sync() reviews only a game with a coach
        review.final = None if position.outcome is None else hooks.coach_final(position)
        missing = [ply for ply, point in enumerate(review.points) if point is None]
        review.done = not missing
        if not missing:
            return
        job = _Job(key, self._generation)
        self._review_job = job
        job.task = scheduler.run_search(
            self._review_steps(list(record.positions), moves, missing),
            on_done=lambda _: self._review_point(job, review, None, None),
            on_error=lambda exc: self._review_failed(job, review, exc),
            on_progress=lambda item: self._review_point(job, review, *item),
        )

    def _review_steps(
        self, positions: Sequence[P], moves: Sequence[M], plies: Sequence[int]
    ) -> Generator[tuple[int, ReviewPoint] | None, None, None]:
        hooks = self.hooks
        if hooks is None:
            return
        for ply in plies:
            move, before, after = moves[ply], positions[ply], positions[ply + 1]
            steps = hooks.coach_steps(before, time_budget=REVIEW_BUDGET_S)
            if steps is None:
                return
            analysis = None
            while True:
                try:
                    value = next(steps)
                except StopIteration as stop:
                    analysis = stop.value
                    break
                if value is None:
                    yield None
            yield (ply, hooks.coach_review(before, move, after, analysis))

    def _review_point(
        self, job: _Job, review: _Review, ply: int | None, point: ReviewPoint | None
    ) -> None:
        with self.match.lock:
            if job is not self._review_job:
                return
            if ply is None:
                review.done = True
                self._review_job = None
            else:
                review.points[ply] = point
            self.match.changed()

    def _review_failed(self, job: _Job, review: _Review, exc: BaseException) -> None:
        _log.error("boardbook: the review's analysis failed", exc_info=exc)
        with self.match.lock:
            if job is self._review_job:
                review.done = True
                self._review_job = None

    # ---------------------------------------------------------------- snapshot
    def snapshot(self, view: View[P]) -> dict[str, object]:
        """``state.coach`` (js/PROTOCOL.md, common part); a failing game hook shows no coach
        (logged) rather than breaking the snapshot."""
        try:
            return self._snapshot(view)
        except Exception:  # noqa: BLE001 - the board must still draw
            _log.exception("boardbook: the coach's snapshot failed")
            return {**_EMPTY, "mode": self.mode}

    def _snapshot(self, view: View[P]) -> dict[str, object]:
        match, spec, lang = self.match, self.match.spec, view.lang
        mode = self.mode
        hooks = self.hooks
        state: dict[str, object] = {**_EMPTY, "available": hooks is not None, "mode": mode}
        if hooks is None:
            return state
        if mode == "on" and self._hint_job is not None and view.targets and not view.reviewing:
            state["pending"] = not self._analysis_done
            if self._analysis is not None:
                advice = hooks.coach_advice(view, self._analysis)
                state["hints"] = {
                    target: hint.to_json()
                    for target, hint in advice.hints.items()
                    if target in view.targets
                }
                state["depth"] = advice.depth
                state["exact"] = advice.exact
                state["summary"] = advice.summary
        ply = len(match.record.moves)
        if match.busy and self._progress is not None and self._progress[0] == ply:
            thinking = hooks.coach_thinking(match.position, self._progress[1], lang)
            if thinking is not None:
                shown = mode != LOCKED_OFF
                state["thinking"] = {
                    "depth": thinking.depth,
                    "line": list(thinking.line) if shown else [],
                    "text": thinking.text
                    if shown
                    else i18n.text("coach.depth", lang, depth=thinking.depth),
                }
        expected = self._expected
        if expected is not None and mode != LOCKED_OFF and not view.reviewing:
            at, cpu_move, reply = expected
            if ply == at and match.position.outcome is None:
                text = i18n.text("coach.expects", lang, move=cpu_move, reply=reply)
                state["expected"] = {"move": cpu_move, "reply": reply, "text": text}
            elif ply == at + 1 and match.record.moves:
                played = spec.notation(match.record.moves[at])
                key = "coach.expected_same" if played == reply else "coach.expected_other"
                text = i18n.text(key, lang, move=cpu_move, reply=reply, played=played)
                state["expected"] = {"move": cpu_move, "reply": reply, "text": text}
        state["graph"] = self._graph(view, hooks)
        return state

    def _graph(self, view: View[P], hooks: CoachHooks[P, M, Any]) -> dict[str, object] | None:
        from .spec import Msg  # at run time: spec imports this module

        review = self._review
        match, spec, lang = self.match, self.match.spec, view.lang
        record = match.record
        if review is None or review.record is not record:
            return None
        if record.position.outcome is None and self._live_graph is not record:
            return None
        # The plies valued so far that are still this game's (an undo drops the rest).
        moves = record.moves
        keep = review.prefix(moves)
        points = review.points[:keep] + [None] * (len(moves) - keep)
        final = review.final if review.key == self._key() else None
        values: list[float | None] = [None] * (len(points) + 1)
        for ply, point in enumerate(points):
            if point is None:
                continue
            if values[ply] is None:
                values[ply] = point.before
            values[ply + 1] = point.after
        if points and points[-1] is not None and final is not None:
            values[-1] = final
        if not points:
            values[0] = final
        notable = [(point.loss, ply) for ply, point in enumerate(points) if point and point.text]
        notable.sort(key=lambda item: (-item[0], item[1]))
        turning = []
        for _, ply in sorted(notable[:TURNING_POINTS], key=lambda item: item[1]):
            point = points[ply]
            assert point is not None and point.text is not None
            what = match.render(point.text, lang)
            # A game may word it its own way ("round 2, …"): <game>.coach.turning.
            text = match.render(Msg("coach.turning", {"n": ply + 1, "what": what}), lang)
            turning.append({"ply": ply + 1, "text": text})
        side = spec.sides[0]
        return {
            "values": values,
            "turning": turning,
            "pending": not review.done or review.key != self._key(),
            "side": side,
            "label": i18n.text("coach.graph", lang, side=spec.side_label(side, lang)),
            "unit": hooks.coach_unit(lang),
            "range": hooks.coach_range,
        }


TEXTS = {
    "en": {
        "hints": "Hints",
        "hints_on": "Show hints",
        "hint_best": "best move",
        "hint": "hint",
        "hints_locked": "Hints are switched off for this notebook.",
        "err.hints_locked": "Hints are switched off for this notebook.",
        "pace": "CPU pace",
        "pace.normal": "Normal",
        "pace.slow": "Slow (follow its thinking)",
        "coach.depth_one": "Looking 1 move ahead…",
        "coach.depth": "Looking {depth} moves ahead…",
        "coach.expects": "After {move} the CPU expects you to reply {reply}.",
        "coach.expected_same": "You replied {played}, as the CPU expected.",
        "coach.expected_other": "The CPU expected {reply}; you played {played}.",
        "coach.turning": "move {n}, {what}",
        "coach.graph": "Evaluation for {side}",
        "coach.analysing": "Analysing…",
        "coach.moves": "Moves",
        "coach.turning_points": "Turning points",
        "coach.review_pending": "Valuing the moves…",
        "coach.record": "Record",
        "coach.transcript": "Transcript",
        "coach.position": "Position",
        "coach.copy": "Copy",
        "coach.copied": "Copied",
        "coach.load": "Load",
        "coach.load_field": "Paste a transcript",
        "coach.loaded_one": "Game loaded: 1 move.",
        "coach.loaded": "Game loaded: {n} moves.",
        "err.bad_record": "That is not a game record: {reason}",
    },
    "ja": {
        "hints": "ヒント",
        "hints_on": "ヒントを表示",
        "hint_best": "最善手",
        "hint": "ヒント",
        "hints_locked": "このノートブックではヒントは使えません。",
        "err.hints_locked": "このノートブックではヒントは使えません。",
        "pace": "CPUの速さ",
        "pace.normal": "ふつう",
        "pace.slow": "ゆっくり（読みを追う）",
        "coach.depth_one": "1手先まで読んでいます…",
        "coach.depth": "{depth}手先まで読んでいます…",
        "coach.expects": "CPUは{move}のあと、あなたの{reply}を予想しています。",
        "coach.expected_same": "CPUの予想どおり{played}と打ちました。",
        "coach.expected_other": "CPUの予想は{reply}、あなたは{played}と打ちました。",
        "coach.turning": "{n}手目、{what}",
        "coach.graph": "{side}から見た評価",
        "coach.analysing": "解析中…",
        "coach.moves": "棋譜",
        "coach.turning_points": "分かれ目",
        "coach.review_pending": "一手ずつ評価しています…",
        "coach.record": "記録",
        "coach.transcript": "棋譜",
        "coach.position": "局面",
        "coach.copy": "コピー",
        "coach.copied": "コピーしました",
        "coach.load": "読み込む",
        "coach.load_field": "棋譜を貼り付け",
        "coach.loaded_one": "1手の棋譜を読み込みました。",
        "coach.loaded": "{n}手の棋譜を読み込みました。",
        "err.bad_record": "棋譜として読めません：{reason}",
    },
}

#: The UI labels of the coach (state.labels; the kit reads them).
LABELS = (
    "hints",
    "hints_on",
    "hint_best",
    "hint",
    "hints_locked",
    "pace",
    "coach.analysing",
    "coach.moves",
    "coach.turning_points",
    "coach.review_pending",
    "coach.record",
    "coach.transcript",
    "coach.position",
    "coach.copy",
    "coach.copied",
    "coach.load",
    "coach.load_field",
)

i18n.register(TEXTS, plurals={"coach.depth": "depth", "coach.loaded": "n"})


def record_state(match: Match[P, M]) -> dict[str, object]:
    """``state.record``: the transcript and the position string of the shown game."""
    from .hooks import position_text_hooks, transcript_hooks

    spec = match.spec
    texts = position_text_hooks(spec)
    return {
        "transcript": spec.transcript(match.record.moves),
        "position": texts.position_text(match.position) if texts is not None else "",
        # A puzzle refuses loads (their moves would choose the CPU's defence too).
        "can_load": transcript_hooks(spec) is not None and match.puzzle is None,
    }
