"""The snapshot builder: the ``state`` the front end draws (js/PROTOCOL.md) from a
match, in one language, and the ``View`` the game's snapshot hooks see.

It reads the match's public, read-only surface and changes nothing in it but its own cache of
result texts, which the match empties whenever a turn changes (``forget``). The pieces: the
status line (a game's own first, then review, puzzle, result, forced move, whose turn), the
result texts, the scoreboard, the labels and the settings menus, then the whole state.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Generic

from . import i18n
from .coach import LABELS as _COACH_LABELS
from .coach import record_state
from .spec import CPU, TWO_PLAYER, M, Msg, P, View

if TYPE_CHECKING:
    from .match import Match

__all__ = ["PROTOCOL_VERSION", "Screen", "notice_kind"]

PROTOCOL_VERSION = 3

#: How each notice reads on the page (``notice_kind``): a done thing, a failure; every other
#: notice is a refused request.
_INFO_NOTICES = frozenset(
    {"status.undone", "status.undone_choice", "status.undone_result", "status.restarted"}
    | {"coach.loaded"}
)
_ERROR_NOTICES = frozenset({"err.cpu_failed", "err.record_unsaved"})

#: The UI labels every game has (PROTOCOL.md lists the ones the kit reads).
# fmt: off
_COMMON_LABELS = (
    "undo", "undo_continue", "restart", "new_game", "review", "settings", "thinking",
    "confirm_restart", "yes", "no", "close", "prev", "next", "first", "last", "back", "coords",
    "language", "mode", "level", "human", "think_time", "empty", "legal", "wins", "stats",
    "record", "score", "last_move", "selected", "target", "deciding", "choices", "wins_one",
    "wins_many", "disconnected", "no_answer",
)
# fmt: on


def notice_kind(message: Msg) -> str:
    """``"info"``, ``"error"`` or ``"refusal"``: drawn differently (js/shared/status.js)."""
    if message.key in _INFO_NOTICES:
        return "info"
    return "error" if message.key in _ERROR_NOTICES else "refusal"


class Screen(Generic[P, M]):
    """What ``match`` looks like on the page (see the module docstring)."""

    def __init__(self, match: Match[P, M]):
        self.match = match
        self._result_cache: dict[tuple[int, str], dict[str, str]] = {}
        # Per language: the game (its start and moves) whose move words were last said.
        self._words: dict[str, tuple[P, tuple[M, ...], list[str]]] = {}

    def forget(self) -> None:
        """The turn changed: the cached result texts may no longer hold."""
        self._result_cache.clear()

    def render(self, message: Msg, lang: str) -> str:
        return message.render(lang, self.match.spec.side_label, self.match.spec.name)

    def view(self, lang: str) -> View[P]:
        m = self.match
        review = m.review_ply
        return View(
            lang=lang,
            position=m.position,
            shown=m.record.positions[review] if review is not None else m.position,
            reviewing=review is not None,
            review_ply=review,
            busy=m.busy,
            mode=m.mode,
            human_side=m.human_side,
            chooser=None if review is not None else m.person_to_move,
            targets=m.targets,
            selection=m.turns.shown(m.human_side),
            history=tuple(m.history),
            chosen=m.turns.chosen(),
            started=m.started,
            settings=m.settings,
            side_label=m.spec.side_label,
            flags=m.results.flags,
        )

    def status(self, view: View[P]) -> str:
        m, lang = self.match, view.lang
        position = m.position
        if not m.started:  # on the settings card: nobody's move yet
            return self.render(Msg("status.not_started"), lang)
        own = m.spec.status(view)
        if own is not None:
            return own
        review = m.review_ply
        if review is not None:
            total = len(m.record.moves)
            if review == 0:
                return i18n.text("status.review_start", lang, total=total)
            return i18n.text("status.reviewing", lang, ply=review, total=total)
        puzzle = m.daily.status(lang, m.spec.title) if position.outcome is None else None
        if puzzle is not None:
            return puzzle
        if position.outcome is not None:
            result = self.result_texts(lang)
            return f"{result['title']} — {result['detail']}"
        forced = m.forced_status
        if forced is not None and not m.busy:
            return self.render(forced, lang)
        seats = m.seats
        side = position.to_move or (seats.cpu if m.busy else view.chooser) or ""
        label = m.spec.side_label(side, lang) if side else ""
        if m.busy:
            if forced is not None:
                return self.render(forced, lang)
            return i18n.text("status.cpu_thinking", lang, side=label)
        if m.mode == CPU and side == seats.human:
            return i18n.text("status.your_move", lang, side=label)
        return i18n.text("status.to_move", lang, side=label)

    def result_texts(self, lang: str) -> dict[str, str]:
        m = self.match
        key = (len(m.record.moves), lang)
        cached = self._result_cache.get(key)
        if cached is not None:
            return cached
        position = m.position
        outcome = position.outcome
        assert outcome is not None
        winner = outcome.winner
        seats = m.seats
        if winner is None:
            title = i18n.text("result.draw", lang)
        elif m.mode == CPU:
            title = i18n.text(
                "result.you_win" if winner == seats.human else "result.cpu_wins", lang
            )
        else:
            player = "player1" if winner == seats.player1 else "player2"
            title = i18n.text(
                "result.player_wins",
                lang,
                player=i18n.text(player, lang),
                side=m.spec.side_label(winner, lang),
            )
        why = m.spec.result_why(m.record.positions, m.record.moves, lang)
        texts = {
            "title": title,
            "detail": m.spec.result_detail(position, outcome, lang),
            "why": i18n.text("why", lang, reason=why) if why else "",
        }
        self._result_cache[key] = texts
        return texts

    def move_words(self, lang: str) -> list[str]:
        """Each move of the game as a player reads it (``GameSpec.move_words``), kept per
        language: a new move adds its words, an undo or a new game cuts or redoes them."""
        m = self.match
        positions, moves = m.record.positions, tuple(m.record.moves)
        start, said, words = self._words.get(lang, (positions[0], (), []))
        kept = 0
        if start is positions[0]:
            while kept < min(len(said), len(moves)) and said[kept] is moves[kept]:
                kept += 1
        words = words[:kept] + [
            m.spec.move_words(positions[i], moves[i], lang) for i in range(kept, len(moves))
        ]
        self._words[lang] = (positions[0], moves, words)
        return words

    def scoreboard(self, shown: P, lang: str) -> list[dict[str, object]]:
        m = self.match
        counts = m.spec.counts(shown)
        seats = m.seats
        if m.mode == TWO_PLAYER:
            entries = [("player1", seats.player1), ("player2", seats.player2)]
        else:
            entries = [("human", seats.human), ("cpu", seats.cpu)]
        names = {"player1": "player1", "player2": "player2", "human": "you", "cpu": "cpu"}
        return [
            {
                "id": who,
                "name": i18n.text(names[who], lang),
                "side": side,
                "count": counts.get(side, 0),
                "wins": m.results.wins[who],
            }
            for who, side in entries
        ]

    def labels(self, lang: str) -> dict[str, str]:
        spec = self.match.spec
        labels = {key: i18n.text(key, lang) for key in (*_COMMON_LABELS, *_COACH_LABELS)}
        labels.update(self.match.daily.labels(lang))
        labels["exit_review"] = labels["close"]
        labels["board"] = spec.side_label("board", lang)
        for side in spec.sides:
            labels[side] = spec.side_label(side, lang)
        labels.update(spec.labels(lang))
        return labels

    def options(self, lang: str) -> dict[str, list[list[str]]]:
        spec = self.match.spec
        return {
            name: [[value, spec.option_label(name, value, lang)] for value in s.choices]
            for name, s in self.match.table.items()
            if s.choices and s.in_menu
        }

    def state(self, lang: str) -> dict[str, object]:
        """The whole ``state`` in ``lang`` (call it under the match's lock)."""
        m = self.match
        spec = m.spec
        view = self.view(lang)
        position = m.position
        outcome = position.outcome
        record = m.record
        review = m.review_ply
        last_index = (review if review is not None else len(record.moves)) - 1
        outcome_state: dict[str, object] | None = None
        if outcome is not None:
            outcome_state = {**outcome.to_json(), **self.result_texts(lang)}
        buttons = []
        for target in view.targets:
            label = spec.button_label(target, lang)
            if label is not None:
                buttons.append({"id": target, "label": label})
        status = self.status(view)
        settings = m.settings
        settings["lang"] = lang
        notice = m.notice
        return {
            "protocol": PROTOCOL_VERSION,
            "game": spec.name,
            "status": status,
            "notice": None if notice is None else self.render(notice, lang),
            "notice_kind": None if notice is None else notice_kind(notice),
            "busy": m.busy,
            "to_move": None if outcome is not None else m.turns.to_move(position),
            "human_side": m.human_side,
            "game_number": m.game_number,
            "history": m.history,
            "move_words": self.move_words(lang),
            "ply": len(record.moves),
            "can_undo": m.can_undo,
            "input": {
                "targets": list(view.targets),
                "selection": list(view.selection),
                "prompt": status if view.targets else "",
                "step": spec.step_name(position, view.selection) if view.targets else "",
                "can_back": m.can_take_back,
                "hidden": m.turns.hidden,
                "buttons": buttons,
            },
            "last_move": dict(record.described[last_index]) if last_index >= 0 else None,
            "outcome": outcome_state,
            "event": m.cards.first(lambda message: self.render(message, lang)),
            "review": {"ply": review, "total": len(record.moves)} if review is not None else None,
            "scoreboard": self.scoreboard(view.shown, lang),
            "settings": settings,
            "options": self.options(lang),
            "labels": self.labels(lang),
            "stats": m.stats,
            "board": spec.board(view),
            "tray": spec.tray(view),
            "extra": spec.extra(view),
            "coach": m.coach.snapshot(view),
            "record": record_state(m),
            # The day's puzzle attempt (core.puzzle), or null outside puzzle mode.
            "puzzle": m.daily.snapshot(lang, spec.title),
        }
