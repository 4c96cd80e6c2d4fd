"""Tower Gate's daily puzzle 「本日の課題」 as a widget: ``TowerGate.puzzle()`` (core.puzzle).

The person's moves come from the bank's stored solution and, after the CPU's defence, from a
plain search of the legal moves for one that ends the game in the person's favour; the CPU is
the strong level. The record goes to a temporary stats file (``BOARDBOOK_DATA_DIR``).
"""

from __future__ import annotations

import datetime as dt

import pytest
from boardbook.core import i18n
from boardbook.core.daily import japan_date
from boardbook.towergate import Position
from boardbook.towergate.game import TowerGateGame
from boardbook.towergate.puzzles import PUZZLES, daily_puzzle, verify
from boardbook.towergate.widget import TowerGate


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("BOARDBOOK_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setattr(TowerGateGame, "cpu_reply_delay_s", 0.0)
    return tmp_path / "data"


def send(w, **msg):
    w._handle_custom_msg(msg, [])


def immediate_win(position: Position) -> str | None:
    side = position.to_move
    for move in position.legal_moves():
        outcome = position.play(move).outcome
        if outcome is not None and outcome.winner == side:
            return str(move)
    return None


def solve(w: TowerGate, solution: str) -> int:
    """Play the puzzle to its end: the bank's first move, then wins found by search."""
    played = 0
    w.play(solution)
    played += 1
    while w.position.outcome is None and w.puzzle_state["result"] == "playing":
        w.wait(60)
        if w.position.outcome is not None:
            break
        move = immediate_win(w.position)
        assert move is not None, "the verified puzzle must leave a win after every defence"
        w.play(move)
        played += 1
    return played


def not_winning(position: Position) -> str:
    """A legal move that does not win at once (the first one, else any)."""
    side = position.to_move
    moves = position.legal_moves()
    for move in moves:
        outcome = position.play(move).outcome
        if outcome is None or outcome.winner != side:
            return str(move)
    return str(moves[0])


def todays_entry():
    today = daily_puzzle()
    (entry,) = [p for p in PUZZLES if p["id"] == today.id]
    return today, entry


def test_the_puzzle_opens_todays_position_against_the_strong_cpu():
    today, _entry = todays_entry()
    assert today.date == japan_date()
    w = TowerGate.puzzle()
    assert w.position == today.position and w.human_side == today.position.to_move
    settings = w.state["settings"]
    assert settings["mode"] == "cpu" and settings["level"] == "strong"
    part = w.state["puzzle"]
    assert part["date"] == today.date.isoformat() and part["moves_allowed"] == today.moves
    assert part["result"] == "playing" and part["counted"] and part["streak"] == 0
    assert verify(w.position, today.moves)  # what is offered is won against every defence
    send(w, kind="settings", lang="ja")
    assert w.state["puzzle"]["title"] == "本日の課題・2手以内で勝て"
    assert w.state["labels"]["puzzle.try_again"] == "もう一度"
    w.close()


def test_solving_records_moves_and_time_and_starts_the_streak(data_dir, stats_file):
    today, entry = todays_entry()
    w = TowerGate.puzzle()
    used = solve(w, entry["solution"])
    part = w.state["puzzle"]
    assert part["result"] == "solved" and part["moves_used"] == used <= today.moves
    assert part["streak"] == 1 and part["time"]
    assert part["share"].startswith(f"boardbook Tower Gate daily {today.date.isoformat()}: solved")
    assert part["share"].endswith("streak 1 🔥") and w.share_text == part["share"]
    w.close()
    (row,) = stats_file(data_dir).puzzle_history("towergate")
    assert row["solved"] and row["moves"] == used and row["puzzle_id"] == today.id
    w2 = TowerGate.puzzle()  # the streak persists on this device
    assert w2.state["puzzle"]["streak"] == 1
    w2.close()


def test_a_failed_attempt_and_try_again_from_the_front_end():
    today, entry = todays_entry()
    w = TowerGate.puzzle()
    # A first move that is not a forced win (verify against every defence) fails sooner or later.
    start = w.position
    wrong = next(m for m in start.legal_moves() if not _wins_with(start, m, today.moves))
    w.play(str(wrong))
    while w.state["puzzle"]["result"] == "playing":
        w.wait(60)
        if w.state["puzzle"]["result"] != "playing":
            break
        w.play(not_winning(w.position))  # keep playing without winning
    assert w.state["puzzle"]["result"] == "failed"
    assert "not solved" in w.state["puzzle"]["share"]
    send(w, kind="restart", confirmed=True)  # the banner's Try again
    part = w.state["puzzle"]
    assert part["result"] == "playing" and part["attempt"] == 2 and w.position == start
    assert solve(w, entry["solution"]) <= today.moves
    assert w.state["puzzle"]["result"] == "solved" and w.state["puzzle"]["streak"] == 1
    w.close()


def _wins_with(position: Position, move: object, moves: int) -> bool:
    after = position.play(move)
    if after.outcome is not None:
        return after.outcome.winner == position.to_move
    if moves == 1:
        return False
    for reply in after.legal_moves():
        answered = after.play(reply)
        if answered.outcome is not None or not verify(answered, moves - 1):
            return False  # the defence ended the game (not for us) or holds out
    return True


def test_another_days_puzzle_is_practice():
    yesterday = japan_date() - dt.timedelta(days=1)
    w = TowerGate.puzzle(yesterday)
    part = w.state["puzzle"]
    assert part["date"] == yesterday.isoformat() and not part["counted"]
    assert "Practice" in part["note"]
    with pytest.raises(TypeError, match="puzzle sets"):
        TowerGate.puzzle(level="easy")
    w.close()


def test_the_theme_beside_the_title_is_words_in_the_chosen_language_not_a_key():
    _today, entry = todays_entry()
    w = TowerGate.puzzle()
    assert w.state["puzzle"]["theme"] == i18n.text(f"towergate.theme.{entry['theme']}", "en")
    assert entry["theme"] not in w.state["puzzle"]["theme"]
    send(w, kind="settings", lang="ja")
    assert w.state["puzzle"]["theme"] == i18n.text(f"towergate.theme.{entry['theme']}", "ja")
    w.close()


@pytest.mark.parametrize("theme", sorted({p["theme"] for p in PUZZLES}))
def test_every_theme_of_the_bank_has_words_in_both_languages(theme):
    assert i18n.has_text(f"towergate.theme.{theme}", "en")
    assert i18n.has_text(f"towergate.theme.{theme}", "ja")
