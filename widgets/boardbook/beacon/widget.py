"""``BeaconLines``: the clickable Beacon Lines map (RULES.md, Beacon Lines; js/PROTOCOL.md).

``BeaconLines()`` plays the CPU (the human is Red, as in the article) with the equilibrium
opponent under rules v1; ``BeaconLines(mode="two-player", rules="v0")`` is two players on one
device; ``opponent`` is ``"equilibrium"``, ``"script"`` (the article's Blue) or ``"random"``.

Both sides choose at once, which ``core.widget.GameWidget`` (one side moves at a time) does not
model, so this class keeps each side's locked-in target as a *pending choice* and hands the
base class only whole rounds:

* versus the CPU, the CPU locks in its target first (hidden: it is never in ``state``), then the
  human chooses, and both are revealed together when the round resolves. The CPU only ever sees
  the round-start position, so it cannot react to the human's choice;
* two players choose in turn, Red then Blue, each while the other's choice stays hidden;
* undo takes back the last whole round (and a pending choice); the CPU then chooses afresh, so a
  revealed choice can never be re-used against it;
* ``rules`` ("v1"/"v0") is a setting like ``mode``: changing it restarts the game uncounted;
* ``w.replay(route)`` loads a route (e.g. the book's) and steps through it round by round.
"""

from __future__ import annotations

import random
from collections.abc import Generator, Iterable
from dataclasses import dataclass
from typing import Any

import traitlets as t

from ..core import i18n
from ..core.game import IllegalMoveError, Outcome
from ..core._legacy_widget import (
    CPU,
    HUMAN,
    TWO_PLAYER,
    GameWidget,
    Msg,
    Rejected,
    SettingError,
    _short,
    front_end,
)
from . import ai
from .rules import (
    BEACON,
    BEACON_POINTS,
    BLUE,
    EDGES,
    HOMES,
    MAX_ROUNDS,
    OBJECTIVES,
    RED,
    REGIONS,
    RULE_SETS,
    TARGETS,
    Move,
    Position,
    RoundRecord,
    region_name,
)
from .svg import HEIGHT, LAYOUT, NODE_H, NODE_W, WIDTH

i18n.register({
    "en": {
        "beacon.red": "Red",
        "beacon.blue": "Blue",
        "beacon.board": "Beacon Lines map",
        "beacon.level.equilibrium": "Equilibrium",
        "beacon.level.script": "Article's script",
        "beacon.level.random": "Random",
        "beacon.opponent": "Opponent",
        "beacon.rules": "Rules",
        "beacon.rules.v1": "v1 (Beacon 2 points)",
        "beacon.rules.v0": "v0 (Beacon 1 point)",
        "beacon.undo": "Undo last round",
        "beacon.restart": "Restart",
        "beacon.prev": "Previous round",
        "beacon.next": "Next round",
        "beacon.round": "Round {round} / {max}",
        "beacon.round_done": "Rounds played: {round} / {max}",
        "beacon.status.choose": "Round {round}: {side}, choose a target (the other player looks away).",
        "beacon.status.choose_second": "{first} has locked in (hidden). Round {round}: {side}, choose a target.",
        "beacon.status.your_choice": "Round {round}: the CPU has locked in its choice (hidden). Choose your target ({side}).",
        "beacon.status.cpu_choosing": "The CPU ({side}) is choosing…",
        "beacon.status.reviewing": "Replay: round {ply} of {total}",
        "beacon.status.review_start": "Replay: start ({total} rounds)",
        "beacon.status.undone": "Round taken back.",
        "beacon.status.undone_choice": "Choice taken back.",
        "beacon.chip.waiting": "{side}: choosing",
        "beacon.chip.locked": "{side}: locked in",
        "beacon.illegal": "{region} is not adjacent to a region {side} controls at the start of this round.",
        "beacon.home": "{region} is a Home: it cannot be claimed.",
        "beacon.cpu_plays_itself": "Against the CPU, play only your own target (e.g. 'North Pass').",
        "beacon.detail": "{red}–{blue}: {reason}",
        "beacon.reason.check": "{side} reached 4 points with a lead after round {round}",
        "beacon.reason.final": "higher score after round 3",
        "beacon.reason.draw": "equal scores after round 3",
        "beacon.why.held": "{side} held {regions}",
        "beacon.why.draw": "every claim was matched: the contested regions ended tied",
        "beacon.aria": "{region}, {owner}{markers}{legal}",
        "beacon.aria.markers": ", markers Red {red} Blue {blue}",
        "beacon.aria.legal": ", legal target",
        "beacon.neutral": "neutral",
        "beacon.held_by": "held by {side}",
        "beacon.home_detail": "permanent, 1 pt",
        "beacon.points": "{points} pt",
        "beacon.claim": "◆ {side}",
        "beacon.log.caption": "Round log",
        "beacon.log.round": "Round",
        "beacon.log.start": "Start ownership",
        "beacon.log.markers": "Markers (R:B)",
        "beacon.log.result": "Ownership",
        "beacon.log.score": "Score (R–B)",
        "beacon.log.check": "Win check",
        "beacon.log.fired": "fired",
        "beacon.log.no": "no",
        "beacon.log.none": "only the Homes",
    },
    "ja": {
        "beacon.red": "赤",
        "beacon.blue": "青",
        "beacon.board": "Beacon Lines の地図",
        "beacon.level.equilibrium": "均衡戦略",
        "beacon.level.script": "記事の固定スクリプト",
        "beacon.level.random": "ランダム",
        "beacon.opponent": "対戦相手",
        "beacon.rules": "ルール",
        "beacon.rules.v1": "v1（Beacon 2点）",
        "beacon.rules.v0": "v0（Beacon 1点）",
        "beacon.undo": "1ラウンド戻す",
        "beacon.restart": "やり直す",
        "beacon.prev": "前のラウンド",
        "beacon.next": "次のラウンド",
        "beacon.round": "ラウンド {round} / {max}",
        "beacon.round_done": "終了ラウンド {round} / {max}",
        "beacon.status.choose": "ラウンド{round}：{side}が対象を選んでください（相手は見ないでください）。",
        "beacon.status.choose_second": "{first}は選択済み（非公開）。ラウンド{round}：{side}が対象を選んでください。",
        "beacon.status.your_choice": "ラウンド{round}：CPUは選択済み（非公開）。あなた（{side}）の対象を選んでください。",
        "beacon.status.cpu_choosing": "CPU（{side}）が選んでいます…",
        "beacon.status.reviewing": "再生：全{total}ラウンド中{ply}ラウンド目",
        "beacon.status.review_start": "再生：開始時点（全{total}ラウンド）",
        "beacon.status.undone": "1ラウンド戻しました。",
        "beacon.status.undone_choice": "選択を取り消しました。",
        "beacon.chip.waiting": "{side}：選択中",
        "beacon.chip.locked": "{side}：選択済み",
        "beacon.illegal": "{region} はこのラウンド開始時に{side}が支配する地域に隣接していません。",
        "beacon.home": "{region} はHomeなので主張できません。",
        "beacon.cpu_plays_itself": "CPU対戦では自分の対象だけを指定してください（例：'North Pass'）。",
        "beacon.detail": "{red}–{blue}：{reason}",
        "beacon.reason.check": "{side}がラウンド{round}後に4点以上かつリード",
        "beacon.reason.final": "ラウンド3後に高得点",
        "beacon.reason.draw": "ラウンド3後に同点",
        "beacon.why.held": "{side}が{regions}を支配",
        "beacon.why.draw": "主張がすべて相殺され、争った地域は同数で中立",
        "beacon.aria": "{region}、{owner}{markers}{legal}",
        "beacon.aria.markers": "、マーカー 赤{red} 青{blue}",
        "beacon.aria.legal": "、選択可能",
        "beacon.neutral": "中立",
        "beacon.held_by": "{side}が支配",
        "beacon.home_detail": "恒久・1点",
        "beacon.points": "{points}点",
        "beacon.claim": "◆ {side}",
        "beacon.log.caption": "ラウンド記録",
        "beacon.log.round": "ラウンド",
        "beacon.log.start": "開始時の所有",
        "beacon.log.markers": "マーカー（赤:青）",
        "beacon.log.result": "結果の所有",
        "beacon.log.score": "得点（赤–青）",
        "beacon.log.check": "勝利判定",
        "beacon.log.fired": "発動",
        "beacon.log.no": "なし",
        "beacon.log.none": "Homeのみ",
    },
})


@dataclass(frozen=True)
class Choice:
    """One side's locked-in target for the current round (half of a ``Move``)."""

    side: str
    target: str

    def __str__(self) -> str:
        return self.target


class BeaconLines(GameWidget):
    """Beacon Lines on its 7-region map: against the CPU or two players on one device."""

    _esm, _css = front_end("beacon", "Beacon Lines")

    game = "beacon"
    sides = (RED, BLUE)
    levels = ai.OPPONENTS
    default_level = "equilibrium"
    rows = 0
    cols = 0
    cpu_reply_delay_s = 0.05

    rules = t.Unicode("v1")

    def __init__(
        self,
        *,
        opponent: str | None = None,
        rules: str = "v1",
        seed: int | None = None,
        **kwargs: Any,
    ):
        if opponent is not None and "level" in kwargs and kwargs["level"] != opponent:
            raise TypeError("give the opponent once: opponent=… (level= is its alias)")
        if rules not in RULE_SETS:
            raise SettingError(f"rules must be one of {', '.join(map(repr, RULE_SETS))}, got {rules!r}")
        kwargs.setdefault("mode", CPU)
        kwargs["level"] = opponent if opponent is not None else kwargs.get("level", "equilibrium")
        self._pending: dict[str, str] = {}
        self._cpu_rng = random.Random(seed)
        self.rules = rules
        super().__init__(**kwargs)

    # ---------------------------------------------------------------- Python API
    @property
    def opponent(self) -> str:
        """The CPU opponent: "equilibrium", "script" or "random" (same as ``level``)."""
        return self.level

    @opponent.setter
    def opponent(self, value: str) -> None:
        self.level = value

    @property
    def pending(self) -> tuple[str, ...]:
        """The sides that have locked in a (hidden) choice for the current round."""
        return tuple(side for side in self.sides if side in self._pending)

    def replay(self, route: Iterable[Any], rules: str | None = None) -> None:
        """Load ``route`` (rounds as "Red/Blue") and step through it from round 0.

        Step with ``w.review(n)`` or the board's ‹ › buttons; ``w.review(None)`` leaves the
        replay at its last round, where play can go on. A replayed game is not recorded.
        """
        rules = self.rules if rules is None else rules
        if rules not in RULE_SETS:
            raise SettingError(f"rules must be one of {', '.join(map(repr, RULE_SETS))}, got {rules!r}")
        positions = [Position.start(rules)]
        moves = []
        for item in route:
            move = Move.parse(item)
            positions.append(positions[-1].play(move))  # raises before anything changes
            moves.append(move)
        with self._lock:
            self._cancel_cpu()
            if rules != self.rules:
                self._batch = True
                try:
                    self.rules = rules
                finally:
                    self._batch = False
            self._pending = {}
            self._positions = positions
            self._moves = moves
            self._movers = [HUMAN] * len(moves)
            self._last_moves = [
                self._describe_move(before, move, after)
                for before, move, after in zip(positions, moves, positions[1:])
            ]
            self._recorded = None
            self._finished_ply = len(moves) if positions[-1].outcome is not None else None
            self._events.clear()
            self._cpu_error = None
            self._forced_notice = None
            self._result_cache.clear()
            self._notice = None
            self._review_ply = 0
            self._advance()
            self._publish()

    # ---------------------------------------------------------------- settings
    @t.validate("rules")
    def _validate_rules(self, proposal: Any) -> Any:
        if proposal["value"] not in RULE_SETS:
            raise SettingError(
                f"rules must be one of {', '.join(map(repr, RULE_SETS))}, got {proposal['value']!r}"
            )
        return proposal["value"]

    @t.observe("rules")
    def _on_rules(self, change: Any) -> None:
        if getattr(self, "_ready", False) and not self._batch:
            with self._lock:
                self._reconfigure()
                self._publish()

    def _msg_settings(self, content: dict) -> None:
        if "rules" not in content:
            super()._msg_settings(content)
            return
        rules = content["rules"]
        if rules not in RULE_SETS:
            raise Rejected(Msg("err.bad_setting_value", {"name": "rules", "value": _short(rules)}))
        rest = {k: v for k, v in content.items() if k != "rules"}
        if len(rest) > 1:
            super()._msg_settings(rest)
        if rules != self.rules:
            self._batch = True
            try:
                self.rules = rules
            finally:
                self._batch = False
            self._reconfigure()
        self._notice = None

    # ---------------------------------------------------------------- who chooses
    def _cpu_side(self) -> str:
        return self._other(self._human_side)

    def _chooser(self, position: Position) -> str | None:
        """The side whose choice a person must make now (None: nobody, or only the CPU)."""
        if position.outcome is not None:
            return None
        if self.mode == CPU:
            return None if self._human_side in self._pending else self._human_side
        return RED if RED not in self._pending else BLUE

    def _is_human_turn(self, position: Position) -> bool:
        return self._chooser(position) is not None

    def _cpu_to_move(self, position: Position) -> bool:
        return self.mode == CPU and position.outcome is None and self._cpu_side() not in self._pending

    def _cpu_steps(self, position: Position, level: str) -> Generator[None, None, Choice]:
        side = self._cpu_side()
        target = yield from ai.search_steps(position, side, level, rng=self._cpu_rng)
        return Choice(side, target)

    # ---------------------------------------------------------------- hooks: board
    def _start_position(self) -> Position:
        return Position.start(self.rules)

    def _begin_game(self) -> None:
        self._pending = {}
        super()._begin_game()

    def _coords(self) -> list[str]:
        return list(REGIONS)

    def _cells(self, position: Position) -> list[str]:
        control = position.control
        return [control[name] or "" for name in REGIONS]

    def _legal_targets(self, position: Position) -> list[str]:
        side = self._chooser(position)
        return list(position.legal_targets(side)) if side else []

    def _side_counts(self, position: Position) -> dict[str, int]:
        return position.scores

    def _transcript(self, moves: list[Any]) -> str:
        return "; ".join(str(m) for m in moves)

    # ---------------------------------------------------------------- hooks: moves
    def _choice_for(self, position: Position, side: str, text: Any) -> Choice:
        try:
            name = region_name(text)
        except ValueError:
            raise Rejected(Msg("err.bad_square", {"square": _short(text)})) from None
        if name in HOMES.values():
            raise Rejected(Msg("beacon.home", {"region": name}))
        if name not in position.legal_targets(side):
            raise Rejected(Msg("beacon.illegal", {"region": name, "side": side}, ("side",)))
        return Choice(side, name)

    def _target_to_move(self, position: Position, target: str) -> Choice:
        side = self._chooser(position)
        if side is None:
            raise Rejected(Msg("err.not_your_turn"))
        return self._choice_for(position, side, target)

    def _api_move(self, position: Position, move: Any) -> Any:
        """``w.play("Beacon")`` locks in the awaiting side's target; in two-player mode with no
        choice pending, ``w.play("North Pass/South Pass")`` plays a whole round."""
        whole = isinstance(move, (Move, tuple, list)) or (isinstance(move, str) and "/" in move)
        if whole:
            if self.mode == CPU:
                raise IllegalMoveError(move, self._render(Msg("beacon.cpu_plays_itself"), "en"))
            if self._pending:
                raise IllegalMoveError(move, f"{self.pending[0]} has already chosen this round; "
                                             "give only the other side's target")
            parsed = Move.parse(move)
            position.play(parsed)  # raises IllegalMoveError naming the reason
            return parsed
        side = self._chooser(position)
        try:
            return self._choice_for(position, side, move)
        except Rejected as rejected:
            raise IllegalMoveError(move, self._render(rejected.message, "en")) from None

    def _cpu_move(self, position: Position, move: Any) -> Choice:
        if not isinstance(move, Choice) or move.target not in position.legal_targets(move.side):
            raise IllegalMoveError(move, "the CPU returned a target that is not legal")
        return move

    def _push(self, move: Any, mover: str) -> None:
        """Whole rounds go to the game record; a single choice waits (hidden) for the other."""
        if isinstance(move, Choice):
            self._pending[move.side] = move.target
            if len(self._pending) < 2:
                return
            move = Move(self._pending[RED], self._pending[BLUE])
            self._pending = {}
            mover = HUMAN  # the round completes with a person's choice
        super()._push(move, mover)

    def _undo(self) -> None:
        if self.mode == TWO_PLAYER and self._pending:
            self._pending = {}
            self._review_ply = None
            self._notice = Msg("beacon.status.undone_choice")
            return
        if super()._undo_count() == 0:
            raise Rejected(Msg("err.nothing_to_undo"))
        self._cancel_cpu()
        self._pending = {}  # the CPU chooses the round afresh: nothing revealed is reused
        super()._undo()
        if not isinstance(self._notice, Msg) or self._notice.key == "status.undone":
            self._notice = Msg("beacon.status.undone")

    def _describe_move(self, before: Position, move: Move, after: Position) -> dict[str, Any]:
        return {"round": after.round, "red": move.red, "blue": move.blue}

    # ---------------------------------------------------------------- hooks: texts
    def _result_detail(self, position: Position, outcome: Outcome, lang: str) -> str:
        scores = position.scores
        record = position.records[-1]
        if record.win_check:
            reason = i18n.text("beacon.reason.check", lang,
                               side=self._side_label(outcome.winner, lang), round=record.round)
        elif outcome.winner is None:
            reason = i18n.text("beacon.reason.draw", lang)
        else:
            reason = i18n.text("beacon.reason.final", lang)
        return i18n.text("beacon.detail", lang, red=scores[RED], blue=scores[BLUE], reason=reason)

    def _result_why(self, positions: list[Position], moves: list[Any], lang: str) -> str:
        final = positions[-1]
        winner = final.outcome.winner
        if winner is None:
            return i18n.text("beacon.why.draw", lang)
        held = [name for name in TARGETS if final.control[name] == winner]
        return i18n.text("beacon.why.held", lang, side=self._side_label(winner, lang),
                         regions=", ".join(held))

    def _status_text(self, lang: str) -> str:
        position = self.position
        if self._review_ply is not None and self._notice is None:
            total = len(self._moves)
            if self._review_ply == 0:
                return i18n.text("beacon.status.review_start", lang, total=total)
            return i18n.text("beacon.status.reviewing", lang, ply=self._review_ply, total=total)
        if self._notice is not None or position.outcome is not None:
            return super()._status_text(lang)
        number = position.round + 1
        if self._busy:
            return i18n.text("beacon.status.cpu_choosing", lang,
                             side=self._side_label(self._cpu_side(), lang))
        side = self._chooser(position)
        if side is None:  # pragma: no cover - the CPU is always busy when no person chooses
            return ""
        if self.mode == CPU:
            return i18n.text("beacon.status.your_choice", lang, round=number,
                             side=self._side_label(side, lang))
        if self._pending:
            return i18n.text("beacon.status.choose_second", lang, round=number,
                             first=self._side_label(self._other(side), lang),
                             side=self._side_label(side, lang))
        return i18n.text("beacon.status.choose", lang, round=number, side=self._side_label(side, lang))

    def _extra_labels(self, lang: str) -> dict[str, str]:
        return {
            "level": i18n.text("beacon.opponent", lang),
            "rules": i18n.text("beacon.rules", lang),
            "undo": i18n.text("beacon.undo", lang),
            "undo_continue": i18n.text("beacon.undo", lang),
            "restart": i18n.text("beacon.restart", lang),
            "prev": i18n.text("beacon.prev", lang),
            "next": i18n.text("beacon.next", lang),
        }

    def _options(self, lang: str) -> dict[str, list[list[str]]]:
        options = super()._options(lang)
        options["rules"] = [[r, i18n.text(f"beacon.rules.{r}", lang)] for r in RULE_SETS]
        return options

    # ---------------------------------------------------------------- snapshot
    def _snapshot(self) -> dict[str, Any]:
        snapshot = super()._snapshot()
        snapshot["settings"]["rules"] = self.rules
        position = self.position
        reviewing = self._review_ply is not None
        snapshot["to_move"] = (
            None if reviewing or self._busy else self._chooser(position)
        )
        return snapshot

    def _extra_state(self, shown: Position) -> dict[str, Any]:
        lang = self.lang
        reviewing = self._review_ply is not None
        legal = set(self._legal_targets(self.position)) if not (reviewing or self._busy) else set()
        control, markers = shown.control, shown.markers
        regions = []
        for name in REGIONS:
            x, y = LAYOUT[name]
            owner = control[name]
            count = markers.get(name)
            if name in HOMES.values():
                kind, detail = "home", i18n.text("beacon.home_detail", lang)
            else:
                kind = "objective" if name in OBJECTIVES else "middle"
                points = BEACON_POINTS[shown.rules] if name == BEACON else 1
                detail = f"R {count[RED]} · B {count[BLUE]} · " + i18n.text(
                    "beacon.points", lang, points=points)
            regions.append({
                "name": name, "x": x, "y": y, "kind": kind, "owner": owner,
                "markers": count, "detail": detail,
                "aria": self._aria(name, owner, count, name in legal, lang),
            })
        last = shown.records[-1] if shown.records else None
        reveal = None
        if last is not None:
            reveal = {
                "round": last.round, "red": last.targets[RED], "blue": last.targets[BLUE],
                "red_label": i18n.text("beacon.claim", lang, side=self._side_label(RED, lang)),
                "blue_label": i18n.text("beacon.claim", lang, side=self._side_label(BLUE, lang)),
            }
        chips = []
        if not reviewing and self.position.outcome is None:
            for side in self.sides:
                key = "beacon.chip.locked" if side in self._pending else "beacon.chip.waiting"
                chips.append({"side": side, "locked": side in self._pending,
                              "text": i18n.text(key, lang, side=self._side_label(side, lang))})
        round_key = "beacon.round_done" if shown.outcome is not None or reviewing else "beacon.round"
        round_number = shown.round if round_key == "beacon.round_done" else shown.round + 1
        return {
            "map": {
                "width": WIDTH, "height": HEIGHT, "node_w": NODE_W, "node_h": NODE_H,
                "regions": regions, "edges": [list(edge) for edge in EDGES],
            },
            "scores": shown.scores,
            "round": shown.round,
            "max_rounds": MAX_ROUNDS,
            "round_text": i18n.text(round_key, lang, round=round_number, max=MAX_ROUNDS),
            "rules": shown.rules,
            "choice": {"sides": chips},
            "reveal": reveal,
            "log": self._log(self.position.records, lang),
            "can_undo": bool(self._pending and self.mode == TWO_PLAYER)
            or super()._undo_count() > 0,
            "route": self.position.route,
        }

    def _aria(self, name: str, owner: str | None, count: dict[str, int] | None, legal: bool,
              lang: str) -> str:
        held = (i18n.text("beacon.held_by", lang, side=self._side_label(owner, lang)) if owner
                else i18n.text("beacon.neutral", lang))
        marks = i18n.text("beacon.aria.markers", lang, **count) if count is not None else ""
        return i18n.text("beacon.aria", lang, region=name, owner=held, markers=marks,
                         legal=i18n.text("beacon.aria.legal", lang) if legal else "")

    def _log(self, records: tuple[RoundRecord, ...], lang: str) -> dict[str, Any]:
        def owners(control: dict[str, str | None]) -> str:
            held = [f"{n}: {self._side_label(control[n], lang)}" for n in TARGETS if control[n]]
            return "; ".join(held) or i18n.text("beacon.log.none", lang)

        rows = []
        for record in records:
            marks = ", ".join(f"{n} {c[RED]}:{c[BLUE]}" for n, c in record.markers.items()
                              if c[RED] or c[BLUE])
            rows.append([
                str(record.round), record.targets[RED], record.targets[BLUE],
                owners(record.start_control), marks, owners(record.control),
                f"{record.scores[RED]}–{record.scores[BLUE]}",
                i18n.text("beacon.log.fired" if record.win_check else "beacon.log.no", lang),
            ])
        columns = [
            i18n.text("beacon.log.round", lang), self._side_label(RED, lang),
            self._side_label(BLUE, lang), i18n.text("beacon.log.start", lang),
            i18n.text("beacon.log.markers", lang), i18n.text("beacon.log.result", lang),
            i18n.text("beacon.log.score", lang), i18n.text("beacon.log.check", lang),
        ]
        return {"caption": i18n.text("beacon.log.caption", lang), "columns": columns, "rows": rows}
