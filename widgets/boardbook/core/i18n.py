"""English and Japanese texts behind one lookup, ``text(key, lang, **fmt)``.

The core table holds what every game widget says (errors, buttons, modes); each game registers
its own keys with :func:`register` (``boardbook.<game>.texts``); core texts use no game's vocabulary
(Reversi's placing verb 置ける lives in Reversi's texts). The Japanese texts
follow the seed pages word for word where the seeds give them.
"""

from __future__ import annotations

from collections.abc import Mapping

LANGS = ("en", "ja")

_TEXTS: dict[str, dict[str, str]] = {
    "en": {
        # modes, levels, sides, buttons (labels the front end shows)
        "mode.two-player": "2 players",
        "mode.cpu": "CPU",
        "human.alternate": "Alternate",
        "undo": "Undo",
        "undo_continue": "Undo and continue",
        "restart": "Restart this game",
        "confirm_restart": "Restart this game? It will not be counted.",
        "new_game": "New game",
        "review": "Review",
        "settings": "Settings",
        "thinking": "Thinking…",
        "yes": "Yes",
        "no": "No",
        "close": "Close",
        "prev": "Previous move",
        "next": "Next move",
        "first": "First position",
        "last": "Last move",
        "back": "Back",
        "selected": "selected",
        "target": "can be chosen",
        "deciding": "decided the game",
        "choices": "Choices",
        "think_time": "CPU time per move (s)",
        "coords": "Show coordinates",
        "language": "Language",
        "mode": "Mode",
        "level": "CPU level",
        "human": "You play",
        "empty": "empty",
        "legal": "legal move",
        "player1": "Player 1",
        "player2": "Player 2",
        "you": "You",
        "cpu": "CPU",
        "wins": "wins",
        # a count of games won, singular and plural ("1 win", "3 wins")
        "wins_one": "{n} win",
        "wins_many": "{n} wins",
        "disconnected": "This board is no longer connected: run the cell again.",
        "no_answer": "The kernel is not answering. If it was restarted, run the cell again.",
        "stats": "Record against the CPU",
        "score": "Score",
        "last_move": "last move",
        "record": "{wins} won · {losses} lost · {draws} drawn",
        # status line
        "status.to_move": "{side} to move",
        "status.not_started": "Choose the settings, then start the game.",
        "status.your_move": "Your move ({side})",
        "status.cpu_thinking": "The CPU ({side}) is thinking…",
        "status.reviewing": "Reviewing: move {ply} of {total}",
        "status.review_start_one": "Reviewing: start position (1 move)",
        "status.review_start": "Reviewing: start position ({total} moves)",
        "status.restarted": "The game was restarted (not counted).",
        "status.undone": "Move taken back.",
        "status.undone_result": "Move taken back; the result was removed from the record.",
        # errors (a bad message or a move that cannot be played now)
        "err.bad_message": "Ignored a malformed request from the board.",
        "err.unknown_kind": "Ignored an unknown request ({kind!r}).",
        "err.bad_field": "Ignored a request with a bad {field!r} value.",
        "err.bad_square": "{square!r} is not a square on this board.",
        "err.busy": "Please wait: the CPU is thinking.",
        "err.game_over": "The game is over. Start a new game, or undo to continue.",
        "err.reviewing": "Leave the review to play a move.",
        "err.not_your_turn": "It is the CPU's turn.",
        "err.nothing_to_undo": "There is no move to take back.",
        "err.illegal_move": "{move} is not a legal move here ({reason}).",
        "err.malformed": "{move!r} is not a move in this game.",
        "err.not_legal": "{move} is not a legal move here.",
        "err.not_a_target": "{target!r} cannot be chosen now.",
        "err.nothing_to_take_back": "There is no choice to take back.",
        "err.closed": "This board was closed.",
        "status.undone_choice": "Choice taken back.",
        "err.bad_setting": "Unknown setting {name!r}.",
        "err.bad_setting_value": "{value!r} is not a valid value for {name!r}.",
        "err.cpu_failed": "The CPU failed to move ({error}). Undo or start a new game.",
        "err.internal": "Something went wrong handling that request; the game is unchanged.",
        "err.record_unsaved": "Results are kept for this session only: {why}.",
        # results
        "result.draw": "Draw",
        "result.side_wins": "{side} wins",
        "result.player_wins": "{player} wins ({side})",
        "result.you_win": "You win!",
        "result.cpu_wins": "The CPU wins",
        "why": "Why: {reason}",
    },
    "ja": {
        "mode.two-player": "2人対戦",
        "mode.cpu": "CPU",
        "human.alternate": "1局ごとに交代",
        "undo": "待った",
        "undo_continue": "待って続ける",
        "restart": "この局をやり直す",
        "confirm_restart": "この局をやり直しますか？ この局はスコアに数えません。",
        "new_game": "次の対局",
        "review": "振り返り",
        "settings": "設定",
        "thinking": "考え中…",
        "yes": "はい",
        "no": "いいえ",
        "close": "閉じる",
        "prev": "1手戻る",
        "next": "1手進む",
        "first": "初期配置",
        "last": "最後の手",
        "back": "戻る",
        "selected": "選択中",
        "target": "選べる",
        "deciding": "勝負を決めた",
        "choices": "選択肢",
        "think_time": "CPUの持ち時間（秒）",
        "coords": "座標を表示",
        "language": "言語",
        "mode": "モード",
        "level": "CPUの強さ",
        "human": "あなたの手番",
        "empty": "空き",
        "legal": "選べる",
        "player1": "プレイヤー1",
        "player2": "プレイヤー2",
        "you": "あなた",
        "cpu": "CPU",
        "wins": "勝",
        "wins_one": "{n}勝",
        "wins_many": "{n}勝",
        "disconnected": "この盤はカーネルとの接続が切れています。セルをもう一度実行してください。",
        "no_answer": "カーネルが応答しません。再起動した場合はセルをもう一度実行してください。",
        "stats": "CPU対戦の成績",
        "score": "スコア",
        "last_move": "直前の手",
        "record": "{wins}勝 {losses}敗 {draws}分",
        "status.to_move": "{side}の番です",
        "status.not_started": "設定を選んでから、対局を始めてください。",
        "status.your_move": "あなたの番です（{side}）",
        "status.cpu_thinking": "CPU（{side}）が考えています…",
        "status.reviewing": "振り返り：{total}手中{ply}手目",
        "status.review_start_one": "振り返り：初期配置（全1手）",
        "status.review_start": "振り返り：初期配置（全{total}手）",
        "status.restarted": "この局をやり直しました（スコアに数えません）。",
        "status.undone": "1手戻しました。",
        "status.undone_result": "待って続けます。記録された1局をスコアから取り消しました。",
        "err.bad_message": "盤からの不正な要求を無視しました。",
        "err.unknown_kind": "不明な要求（{kind!r}）を無視しました。",
        "err.bad_field": "{field!r} の値が不正な要求を無視しました。",
        "err.bad_square": "{square!r} はこの盤のマスではありません。",
        "err.busy": "CPUが考えています。少しお待ちください。",
        "err.game_over": "対局は終わりました。次の対局を始めるか、待って続けてください。",
        "err.reviewing": "着手するには振り返りを終えてください。",
        "err.not_your_turn": "CPUの番です。",
        "err.nothing_to_undo": "戻せる手がありません。",
        "err.illegal_move": "{move} はこの局面では選べません（{reason}）。",
        "err.malformed": "{move!r} はこのゲームの手ではありません。",
        "err.not_legal": "{move} はこの局面では指せません。",
        "err.not_a_target": "{target!r} は今は選べません。",
        "err.nothing_to_take_back": "取り消せる選択がありません。",
        "err.closed": "この盤は閉じられました。",
        "status.undone_choice": "選択を取り消しました。",
        "err.bad_setting": "不明な設定 {name!r} です。",
        "err.bad_setting_value": "{value!r} は {name!r} に使えない値です。",
        "err.cpu_failed": "CPUが着手できませんでした（{error}）。待ったか次の対局をどうぞ。",
        "err.internal": "要求の処理中に問題が起きました。対局はそのままです。",
        "err.record_unsaved": "結果は記録できないため、このセッションの間だけ残ります（{why}）。",
        "result.draw": "引き分け",
        "result.side_wins": "{side}の勝ち",
        "result.player_wins": "{player}（{side}）の勝ち",
        "result.you_win": "あなたの勝ち！",
        "result.cpu_wins": "CPUの勝ち",
        "why": "勝因：{reason}",
    },
}


def _check_lang(lang: object) -> str:
    if lang not in LANGS:
        raise ValueError(f"unknown language {lang!r}; expected one of {', '.join(LANGS)}")
    return str(lang)


#: Keys whose text counts something: key -> the field holding the count. When that field is 1,
#: the key's ``<key>_one`` text is used ("1 safe piece remained", not "1 safe pieces").
_PLURALS: dict[str, str] = {"status.review_start": "total"}


def text(key: str, lang: str, **fmt: object) -> str:
    """The text for ``key`` in ``lang``, with ``str.format`` fields filled from ``fmt``
    (the singular ``<key>_one`` when the key counts something and the count is 1)."""
    table = _TEXTS[_check_lang(lang)]
    field = _PLURALS.get(key)
    if field is not None and fmt.get(field) == 1:
        key = f"{key}_one"
    try:
        template = table[key]
    except KeyError:
        raise KeyError(f"no {lang!r} text for key {key!r}") from None
    return template.format(**fmt) if fmt else template


def has_text(key: str, lang: str = "en") -> bool:
    return key in _TEXTS[_check_lang(lang)]


def register(
    texts: Mapping[str, Mapping[str, str]], plurals: Mapping[str, str] | None = None
) -> None:
    """Add a game's texts: ``{"en": {key: text}, "ja": {key: text}}`` with the same keys.

    ``plurals`` names the keys that count something and the field with the count; each needs a
    ``<key>_one`` text (Japanese has no plural: its ``_one`` text may equal the other).
    Re-registering the same text is harmless (modules may be reloaded); a different text for
    an existing key is a bug and raises.
    """
    if set(texts) != set(LANGS):
        raise ValueError(f"texts must give exactly the languages {LANGS}, got {sorted(texts)}")
    keys = {lang: set(table) for lang, table in texts.items()}
    if keys["en"] != keys["ja"]:
        missing = sorted(keys["en"] ^ keys["ja"])
        raise ValueError(f"en and ja texts must have the same keys; differing: {missing}")
    for key in plurals or {}:
        if f"{key}_one" not in keys["en"] and f"{key}_one" not in _TEXTS["en"]:
            raise ValueError(f"plural key {key!r} needs a {key}_one text")
    for lang, table in texts.items():
        for key, value in table.items():
            old = _TEXTS[lang].get(key)
            if old is not None and old != value:
                raise ValueError(f"text key {key!r} ({lang}) is already registered differently")
    for lang, table in texts.items():
        _TEXTS[lang].update(table)
    _PLURALS.update(plurals or {})


def keys(lang: str = "en") -> list[str]:
    return sorted(_TEXTS[_check_lang(lang)])
