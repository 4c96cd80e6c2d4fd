"""One contract for every game in the registry, and for the toy game.

The engine (``core.game``): positions are ``GamePosition``s, ``play()`` returns a new position
and leaves the old one as it was, legal moves' ``steps`` are prefix-free, positions survive a
JSON round trip, errors are typed by cause (a value that is no move raises ``MalformedMoveError``,
a move the rules forbid here ``ForbiddenMoveError``, in the engine and in ``Match.play``) with
codes, outcomes name how they ended by a member of the game's ``Termination`` enum, each
member with a text in every language. The
match (``core.match``): random games played through inputs reach the end, undo to the start
gives the start, every snapshot has the protocol's keys, a grid board as many squares as its
rows and columns say, a step name, counts for exactly the two sides, and a review draws the
reviewed position; the CPU plays a legal move at every level. The texts: each side, level and
error the game can show has a text in every language. The widget (``core.widget``): intents,
bad ones included, never raise and lose nothing.

Each check is a function of a ``Case``, so ``tests/toygame/broken.py`` can keep the mistakes
that once slipped through, and the last tests prove the contract rejects every one of them.
"""

from __future__ import annotations

import importlib
import json
import random
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import boardbook
import pytest
from boardbook.core import i18n, registry
from boardbook.core.game import (
    ForbiddenMoveError,
    GameOverError,
    GamePosition,
    IllegalMoveError,
    MalformedMoveError,
    Termination,
)
from boardbook.core.hooks import CoachHooks, PositionTextHooks, PuzzleHooks, TranscriptHooks
from boardbook.core.match import GameSpec, Match
from boardbook.core.stats import MemoryStatsStore
from boardbook.core.widget import GameWidget
from hypothesis import given, settings
from hypothesis import strategies as st
from toygame import Position as SlidePosition
from toygame import Slide, SlideGame
from toygame.broken import BROKEN

#: Never a move in any game's notation.
MALFORMED = (7, None, 3.5, True, "no such move ☃")


@dataclass(frozen=True)
class Case:
    """How the contract reaches one game: its start position, its hooks and its widget."""

    start: Callable[[], Any]
    spec: Callable[[], GameSpec[Any, Any]] | None = None
    widget: type[GameWidget] | None = None


PACKAGE = Path(boardbook.__file__).parent


def load(name: str) -> Case:
    """The case of game ``name``, imported only when a test asks (a game whose engine does not
    import fails its own tests, not the collection of everyone's)."""
    if name == "slide":
        return Case(SlidePosition, SlideGame, Slide)
    info = registry.game(name)
    rules = importlib.import_module(f"{info.package}.rules")
    if not (PACKAGE / name / "game.py").is_file():
        return Case(rules.Position.start)
    spec = registry.spec_class(info.name)
    widget = registry.widget_class(info.name) if info.widget else None
    return Case(rules.Position.start, spec, widget)


# Every real game (the registry) and the toy; the match and widget parts where a game has them.
NAMES = ["slide", *(info.name for info in registry.GAMES)]
HOOKED = [n for n in NAMES if n == "slide" or (PACKAGE / n / "game.py").is_file()]
WIDGETED = ["slide", *(i.name for i in registry.GAMES if i.widget)]
GAMES = pytest.mark.parametrize("name", NAMES)
MATCHES = pytest.mark.parametrize("name", HOOKED)
WIDGETS = pytest.mark.parametrize("name", WIDGETED)
SNAKE = re.compile(r"^[a-z][a-z0-9_]*$")
COMMON_KEYS = {
    "protocol", "game", "status", "notice", "notice_kind", "busy", "to_move", "human_side", "game_number",
    "history", "move_words", "ply", "can_undo", "input", "last_move", "outcome", "event", "review",
    "scoreboard", "settings", "options", "labels", "stats", "board", "tray", "extra",
    "coach", "record", "puzzle",
}  # fmt: skip
INPUT_KEYS = {"targets", "selection", "prompt", "step", "can_back", "hidden", "buttons"}


@pytest.fixture(autouse=True)
def private_stats(tmp_path, monkeypatch):
    monkeypatch.setenv("BOARDBOOK_DATA_DIR", str(tmp_path))


def two_player(case: Case) -> Match[Any, Any]:
    assert case.spec is not None
    return Match(case.spec(), settings={"mode": "two-player"}, store=MemoryStatsStore())


def check_snapshot(m: Match[Any, Any], s: dict[str, Any]) -> None:
    """What a page needs from every snapshot: a board it can lay out, a step name while an
    input is awaited, a count for each side."""
    board = s["board"]
    if board["kind"] == "grid":
        rows, cols, squares = board["rows"], board["cols"], board["squares"]
        assert rows * cols == len(squares) == len(board["coords"]), (
            f"the board declares {rows} rows × {cols} columns for {len(squares)} squares "
            f"and {len(board['coords'])} coords: the page cannot lay it out"
        )
    ids = {square["id"] for square in board.get("squares", [])} | set(board.get("coords", []))
    ids |= {region["id"] for region in board.get("regions", [])}
    ids |= {item["id"] for item in (s["tray"] or {}).get("items", [])}  # Quads' pieces
    ids |= {button["id"] for button in s["input"]["buttons"]}  # button_label's targets
    unseen = sorted(set(s["input"]["targets"]) - ids)
    assert not unseen, (
        f"targets {unseen} are no square, region, tray item or button: a person cannot choose "
        "them (give them a button_label, or make them board ids)"
    )
    assert isinstance(s["input"]["step"], str), (
        f"step_name returned {s['input']['step']!r}: the input step must be a str"
    )
    words = s["move_words"]
    assert len(words) == len(s["history"]) and all(w and isinstance(w, str) for w in words), (
        f"move_words gave {words!r} for {s['history']!r}: one text per move (the move list)"
    )
    counts = m.spec.counts(m.position)
    assert set(counts) == set(m.spec.sides) and all(isinstance(v, int) for v in counts.values()), (
        f"counts gave {counts!r}: one int per side {m.spec.sides} (the scoreboard reads them)"
    )


def play_out(m: Match[Any, Any], rng: random.Random, plies: int = 500) -> None:
    """A random game (to the end, or ``plies`` moves), through inputs only, as a person
    would click, checking every snapshot on the way."""
    for _ in range(2000):
        s = m.snapshot()
        check_snapshot(m, s)
        if m.position.outcome is not None or len(m.history) >= plies:
            return
        m.input(rng.choice(s["input"]["targets"]))
    raise AssertionError("the game did not end")


def check_engine(case: Case, seed: int) -> None:
    rng = random.Random(seed)
    position = case.start()
    positions = [position]
    while position.outcome is None:
        assert isinstance(position, GamePosition)
        legal = list(position.legal_moves())
        steps = [m.steps for m in legal]
        assert len(set(steps)) == len(steps) and all(steps)
        for a in steps:  # prefix-free: a finished selection is never the start of another
            assert not any(b != a and b[: len(a)] == a for b in steps)
        again = type(position).from_json(json.loads(json.dumps(position.to_json())))
        assert again == position
        before = position.to_json()
        after = position.play(rng.choice(legal))
        assert after is not position and position.to_json() == before, (
            "play() changed the position in place or returned the same object: a position "
            "must be a value (undo and review keep every earlier one)"
        )
        position = after
        positions.append(position)
    outcome = position.outcome
    ending = type(outcome.termination)
    assert isinstance(outcome.termination, Termination) and ending is not Termination, (
        f"the outcome's termination is {outcome.termination!r}: a game names every way it "
        "ends in its own Termination enum (a subclass of core.game.Termination)"
    )
    assert all(SNAKE.match(member) for member in ending)
    if case.spec is not None:  # a game the match plays says how it ended, translated
        spec = case.spec
        assert outcome.winner is None or outcome.winner in spec.sides
        missing = [
            f"{spec.name}.termination.{member} ({lang})"
            for member in ending
            for lang in i18n.LANGS
            if not i18n.has_text(f"{spec.name}.termination.{member}", lang)
        ]
        assert not missing, f"no text for: {', '.join(missing)}"
    assert position.legal_moves() == []
    for move in positions[-2].legal_moves():  # nothing is played after the end
        with pytest.raises(GameOverError) as info:
            position.play(move)
        assert info.value.code == "game_over"


def check_malformed(case: Case) -> None:
    """A value that is no move raises ``MalformedMoveError`` (callers catch it by class; the
    base ``IllegalMoveError`` with code "malformed" slips past ``except MalformedMoveError``)."""
    start = case.start()
    for bad in MALFORMED:
        with pytest.raises(IllegalMoveError) as info:
            start.play(bad)
        error = info.value
        assert isinstance(error, MalformedMoveError), (
            f"play({bad!r}) raised {type(error).__name__}: a value that is no move must raise "
            "MalformedMoveError"
        )
        assert error.code == "malformed" and error.reason, bad


def forbidden_moves(case: Case, seed: int, tries: int = 4) -> list[tuple[list[Any], Any, Any]]:
    """Well-formed moves the rules forbid where they are tried: up to ``tries`` positions of a
    random game, each with the moves that reach it and a move legal elsewhere in the game but
    not there."""
    rng = random.Random(seed)
    position, played, seen = case.start(), [], []
    legal_anywhere: dict[tuple[str, ...], Any] = {}
    while position.outcome is None:
        legal = position.legal_moves()
        seen.append((list(played), position, {tuple(m.steps) for m in legal}))
        legal_anywhere.update((tuple(m.steps), m) for m in legal)
        move = rng.choice(legal)
        played.append(move)
        position = position.play(move)
    found = []
    for moves, here, legal_here in seen:
        other = next((m for steps, m in legal_anywhere.items() if steps not in legal_here), None)
        if other is not None:
            found.append((moves, here, other))
    assert found, "the contract found no forbidden move to try in a whole game"
    return rng.sample(found, min(tries, len(found)))


def check_forbidden(case: Case, seed: int) -> None:
    """A well-formed move the rules forbid here raises ``ForbiddenMoveError``, from the engine
    and from ``Match.play`` (which then changes nothing)."""
    found = forbidden_moves(case, seed)
    for _, position, move in found:
        with pytest.raises(IllegalMoveError) as info:
            position.play(move)
        assert isinstance(info.value, ForbiddenMoveError), (
            f"play({move}) where it is not legal raised {type(info.value).__name__}: a move "
            "the rules forbid must raise ForbiddenMoveError"
        )
    if case.spec is None:
        return
    m = two_player(case)
    for moves, _, move in found:
        m.load(moves, review=None)
        if len(m.history) != len(moves):
            continue  # the match played a forced move on: not the position the move was for
        with pytest.raises(IllegalMoveError) as info:
            m.play(move)
        assert isinstance(info.value, ForbiddenMoveError), (
            f"Match.play({move}) where it is not legal raised {type(info.value).__name__}: a "
            "move the rules forbid must raise ForbiddenMoveError"
        )
        assert len(m.history) == len(moves)


def check_match(case: Case, seed: int) -> None:
    m = two_player(case)
    start = m.position
    play_out(m, random.Random(seed))
    s = m.snapshot()
    assert s["outcome"]["termination"] == m.position.outcome.termination
    assert s["input"]["targets"] == [] and s["outcome"]["title"]
    json.dumps(s)
    while m.snapshot()["can_undo"]:
        m.undo()
    assert m.position == start and m.history == []


def check_review(case: Case, seed: int) -> None:
    """A review shows the reviewed position: the board hook draws ``view.shown``."""
    m = two_player(case)
    play_out(m, random.Random(seed), plies=4)
    if m.position.to_json() == m.record.positions[0].to_json():
        return  # pragma: no cover - a game back at its start after four moves
    m.review(0)
    reviewed = m.snapshot()["board"]
    m.review(None)
    assert reviewed != m.snapshot()["board"], (
        "review(0) draws the current board: the board hook must draw view.shown (the "
        "reviewed position), not view.position"
    )


def check_cpu(case: Case) -> None:
    """At every level the CPU plays its first move (a legal one, without raising)."""
    assert case.spec is not None
    spec = case.spec()
    for level in spec.levels:
        m = Match(
            case.spec(),
            settings={"mode": "cpu", "human": spec.sides[1], "level": level, "think_time": 0.05},
            store=MemoryStatsStore(),
        )
        try:
            m.wait(120)
        except RuntimeError as error:
            raise AssertionError(f"the CPU at level {level!r} failed: {error}") from None
        finally:
            m.close()
        assert m.history or m.chosen, f"the CPU at level {level!r} did not move"


def errors_met(case: Case, seed: int) -> list[IllegalMoveError]:
    """Errors a person can meet: what is no move, a move after the end, and moves of earlier
    positions tried where a rule forbids them (an occupied square, …)."""
    errors: dict[str, IllegalMoveError] = {}
    rng = random.Random(seed)
    position = case.start()
    earlier: list[Any] = []
    for bad in MALFORMED[:1]:
        try:
            position.play(bad)
        except IllegalMoveError as error:
            errors.setdefault(error.code, error)
    while position.outcome is None:
        legal = list(position.legal_moves())
        for move in earlier[-40:]:
            try:
                position.play(move)
            except IllegalMoveError as error:
                errors.setdefault(error.code, error)
        earlier.extend(legal)
        position = position.play(rng.choice(legal))
    for move in earlier[-3:]:
        try:
            position.play(move)
        except IllegalMoveError as error:
            errors.setdefault(error.code, error)
    return list(errors.values())


def check_texts(case: Case, seed: int) -> None:
    """Every side, level and error a person can meet has a text in every language (else the
    page shows a raw key or an English reason)."""
    assert case.spec is not None
    spec = case.spec()
    name = spec.name
    missing = []
    for lang in i18n.LANGS:
        missing += [  # side_label falls back to the raw side name
            f"{name}.{s} ({lang})" for s in spec.sides if spec.side_label(s, lang) == s
        ]
        missing += [
            f"{name}.level.{level} ({lang})"
            for level in spec.levels
            if not (
                i18n.has_text(f"{name}.level.{level}", lang)
                or i18n.has_text(f"level.{level}", lang)
            )
        ]
    for error in errors_met(case, seed):
        key = spec.error_message(error).key
        if key == "err.illegal_move":  # the English reason: no text for this code
            missing.append(f"{name}.err.{error.code} (every language)")
        missing += [f"{key} ({lang})" for lang in i18n.LANGS if not i18n.has_text(key, lang)]
    assert not missing, f"no text for: {', '.join(missing)}"


# ---------------------------------------------------------------- the engine
@GAMES
@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_engine_positions_steps_json_errors_and_outcomes(name, seed):
    check_engine(load(name), seed)


@GAMES
def test_engine_errors_are_typed_by_cause_with_codes(name):
    check_malformed(load(name))
    check_forbidden(load(name), 3)


# ---------------------------------------------------------------- the match
@MATCHES
@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_random_games_through_inputs_end_and_undo_back_to_the_start(name, seed):
    check_match(load(name), seed)


@MATCHES
def test_a_review_draws_the_reviewed_position(name):
    check_review(load(name), 1)


@MATCHES
def test_the_cpu_plays_a_legal_move_at_every_level(name):
    check_cpu(load(name))


@MATCHES
def test_every_side_level_and_error_has_a_text_in_every_language(name):
    check_texts(load(name), 2)


@MATCHES
def test_the_snapshot_has_the_protocols_keys_in_every_language(name):
    m = two_player(load(name))
    for lang in i18n.LANGS:
        s = m.snapshot(lang)
        assert set(s) == COMMON_KEYS and set(s["input"]) == INPUT_KEYS
        assert s["protocol"] == 3 and s["game"] == m.spec.name
        assert s["board"]["kind"] in ("grid", "map")
        assert s["input"]["targets"] and s["status"]
        ids = (
            s["board"]["coords"] if s["board"]["kind"] == "grid" else
            [r["id"] for r in s["board"]["regions"]]
        )  # fmt: skip
        ids += [item["id"] for item in (s["tray"] or {}).get("items", [])]  # Quads' pieces
        assert set(s["input"]["targets"]) <= set(ids)
        assert all(isinstance(v, str) and v for v in s["labels"].values())
        json.dumps(s)


# ---------------------------------------------------------------- the widget
BAD_INTENTS = [
    None,
    [],
    {"kind": "fly"},
    {"kind": "input"},
    {"kind": "input", "target": 3},
    {"kind": "input", "target": "no such square"},
    {"kind": "back"},
    {"kind": "review", "ply": 99},
    {"kind": "dismiss"},
    {"kind": "settings", "mode": "online"},
    {"kind": "settings", "think_time": -1},
]


@WIDGETS
def test_widget_intents_bad_ones_included(name):
    widget = load(name).widget
    assert widget is not None
    w = widget(mode="two-player")
    w.wait(30)
    before = {k: v for k, v in w.state.items() if k not in ("notice", "notice_kind")}
    for content in BAD_INTENTS:
        w._handle_custom_msg(content, [])
        assert w.state["notice"], content
        assert w.state["notice_kind"] == "refusal", content
        assert {k: v for k, v in w.state.items() if k not in ("notice", "notice_kind")} == before
    target = w.state["input"]["targets"][0]
    w._handle_custom_msg({"kind": "input", "target": target}, [])
    assert w.state["input"]["selection"] or w.history or w.match.chosen
    w._handle_custom_msg({"kind": "restart"}, [])
    event = w.state["event"]
    assert event["type"] == "confirm"
    w._handle_custom_msg(event["yes"], [])
    assert w.history == [] and w.state["input"]["selection"] == []
    w._handle_custom_msg({"kind": "settings", "lang": "ja"}, [])
    assert w.state["settings"]["lang"] == "ja" and w.lang == "ja"
    data, _ = w._repr_mimebundle_()
    assert data["image/svg+xml"].lstrip().startswith("<svg")
    assert data["text/plain"].startswith(w.match.spec.title)
    w.close()


def fuzz_message(rng: random.Random, w: GameWidget) -> dict[str, object]:
    """One front-end message: mostly well-formed intents, with bad fields and settings mixed in."""
    s = w.state
    targets = s["input"]["targets"] or ["a1"]
    table = type(w)._table
    name = rng.choice(sorted(table))
    choices = table[name].choices or (0.5, 2.0, -1, "x")
    return rng.choice(
        [
            {"kind": "input", "target": rng.choice(targets)},
            {"kind": "input", "target": rng.choice([*targets, "zz", "", "piece:99"])},
            {"kind": "back"},
            {"kind": "undo"},
            {"kind": "review", "ply": rng.choice([None, 0, 1, 99, -1, "1"])},
            {"kind": "restart", "confirmed": rng.choice([True, False, "yes"])},
            {"kind": "new_game"},
            {"kind": "settings", name: rng.choice([*choices, True, None, 3])},
            {"kind": "dismiss", "id": rng.choice([0, 1, "x"])},
            {"kind": rng.choice(["fly", "play", "load"]), "text": "f5", "square": "d3"},
        ]
    )


@MATCHES
def test_each_group_of_optional_hooks_is_declared_as_its_protocol(name):
    check_hooks(load(name))


def puzzle_widgets() -> list[str]:
    return [
        i.name
        for i in registry.GAMES
        if i.widget and isinstance(registry.spec_class(i.name)(), PuzzleHooks)
    ]


@pytest.mark.parametrize(
    "name, puzzle", [*((n, False) for n in WIDGETED), *((n, True) for n in puzzle_widgets())]
)
def test_fuzzed_front_end_messages_never_give_an_internal_error(name, puzzle, caplog):
    """A short form of the fault-injection run: any message, a daily puzzle's included, gets
    a translated answer or a new state, never "Something went wrong" or a logged traceback."""
    widget = load(name).widget
    assert widget is not None
    w = widget.puzzle() if puzzle else widget(mode="two-player", think_time=0.05)
    internal = i18n.text("err.internal", "en")
    rng = random.Random(f"{name}{puzzle}")
    with caplog.at_level("ERROR"):
        for _ in range(60):
            content = fuzz_message(rng, w)
            w._handle_custom_msg(content, [])
            w.wait(60)
            assert w.state["notice"] != internal, content
            for setting in type(w)._table:  # the traits and the match agree
                assert getattr(w, setting) == w.match.settings[setting], (content, setting)
    assert not [r for r in caplog.records if r.name.startswith("boardbook")]
    w.close()


# ---------------------------------------------------------------- the contract itself
#: Each optional group of hooks (core.hooks), by the names of its hooks.
HOOK_GROUPS = {
    "coach_": CoachHooks,
    "position_text": PositionTextHooks,
    "read_transcript": TranscriptHooks,
    "daily_puzzle": PuzzleHooks,
}


def check_hooks(case: Case) -> None:
    """A spec that defines a group's hooks is that group's protocol: the core asks
    ``isinstance(spec, CoachHooks)`` and would never call hooks of a half-declared group."""
    if case.spec is None:
        return
    spec = case.spec()
    for prefix, protocol in HOOK_GROUPS.items():
        defined = sorted(name for name in dir(spec) if name.startswith(prefix))
        assert not defined or isinstance(spec, protocol), (
            f"{type(spec).__name__} defines {defined} but is no core.hooks.{protocol.__name__}: "
            f"the core never calls them (subclass {protocol.__name__}[...] beside GameSpec)"
        )


def contract(case: Case) -> None:
    """Every check above on one game (the broken toy variants run through this)."""
    check_hooks(case)
    check_engine(case, 0)
    check_malformed(case)
    check_forbidden(case, 3)
    check_match(case, 0)
    check_review(case, 1)
    check_cpu(case)
    check_texts(case, 2)


def test_the_contract_accepts_the_toy_game():
    contract(load("slide"))


@pytest.mark.parametrize("mistake", sorted(BROKEN))
def test_the_contract_rejects_each_mistake_that_once_slipped_through(mistake):
    spec_class, word = BROKEN[mistake]
    case = Case(lambda: spec_class().start({}), spec_class)
    with pytest.raises(AssertionError, match=word) as info:
        contract(case)
    if mistake == "missing_texts":  # the side's, the level's and the error's, all named
        for key in ("slidemute.o", "slidemute.level.win", "slidemute.err.blocked"):
            assert key in str(info.value)
