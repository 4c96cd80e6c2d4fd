"""Quads's own texts (English and Japanese), registered into ``core.i18n`` on import.

The Japanese piece words, the sides (先手/後手), the shape kinds and the draw sentence are the
seed page's (seeds/001). Shape names come from ``rules.SHAPES`` ("row 2", "column C",
"diagonal A1–D4", "square B2–C3"); :func:`shape_label` and :func:`piece_label` turn them and
pieces into words in either language, so a widget never assembles sentences itself.
"""

from __future__ import annotations

from ..core import i18n
from .rules import describe_piece

__all__ = ["TEXTS", "attribute_label", "piece_label", "shape_label"]

TEXTS = {
    "en": {
        "quads.board": "Quads board",
        "quads.tray": "Pieces not yet played",
        "quads.held": "Piece to place",
        "quads.first": "First player",
        "quads.second": "Second player",
        "quads.level.random": "Random",
        "quads.level.careful": "Careful",
        "quads.level.thoughtful": "Thoughtful",
        "quads.level.clever": "Clever",
        "quads.level.perfect": "Perfect",
        "quads.variant.squares": "Quads (rows, columns, diagonals and 2×2 squares)",
        "quads.variant.classic": "Classic (rows, columns and diagonals only)",
        "quads.attr.large": "large",
        "quads.attr.small": "small",
        "quads.attr.dark": "dark",
        "quads.attr.light": "light",
        "quads.attr.round": "round",
        "quads.attr.square": "square",
        "quads.attr.solid": "solid",
        "quads.attr.hollow": "hollow",
        "quads.piece": "{size} {colour} {shape} {fill}",
        "quads.piece_numbered": "piece {piece} ({words})",
        "quads.piece_short": "piece {piece}",
        "quads.words.place": "piece {piece} on {square}",
        "quads.words.give": "gives piece {piece}",
        "quads.shape.row": "row {n}",
        "quads.shape.column": "column {n}",
        "quads.shape.diagonal": "diagonal {a}–{b}",
        "quads.shape.square": "square {a}–{b}",
        "quads.step.opening_give": "Choose a piece to give to your opponent",
        "quads.step.place": "Place piece {piece} ({words})",
        "quads.step.give": "Give a piece to your opponent",
        "quads.status.place": "{side}: place {words}",
        "quads.status.give": "{side}: give a piece to your opponent",
        "quads.termination.shape_completed": "{side} completed {shape}: four {attribute} pieces",
        "quads.termination.board_full": "The board is full with no winner: a draw",
        "quads.err.malformed": "{move!r} is not a Quads move (write D2:7, :7 or D2:)",
        "quads.err.game_over": "The game is over.",
        "quads.err.nothing_to_place": "The game opens with a give: choose a piece for your opponent.",
        "quads.err.must_place": "Place piece {piece} first.",
        "quads.err.occupied": "{square} is taken.",
        "quads.err.must_give_one": "You must give a piece: 1 remains.",
        "quads.err.must_give": "You must give a piece: {remaining} remain.",
        "quads.err.give_after_win": "Placing on {square} wins: the game ends without a give.",
        "quads.err.nothing_to_give": "{square} fills the board: no piece is left to give.",
        "quads.err.piece_on_board": "Piece {piece} is already on {square}.",
        "quads.err.give_placed": "Piece {piece} is the one you are placing: give another.",
        "quads.verdict.safe": "safe",
        "quads.verdict.loses_at_once": "loses at once",
        "quads.verdict.loses_by_force": "loses by force",
        "quads.reason.at_once": "gives a win on {shape}: three {attribute} pieces",
        "quads.value.win": "wins",
        "quads.value.draw": "draws",
        "quads.value.loss": "loses",
        "quads.value.estimate": "estimate",
        "quads.puzzle.title": "Win within {moves} of your moves",
        "quads.puzzle.title_one": "Win with this move",
        # the widget (quads/game.py)
        "quads.squares_setting": "2×2 squares win too",
        "quads.held_word": "to place",
        "quads.used_word": "on the board",
        "quads.target_word": "can be chosen",
        "quads.prompt.opening": "{who}: choose a piece to give to your opponent",
        "quads.prompt.place": "{who}: place piece {piece} ({words})",
        "quads.prompt.give": "{who}: give your opponent a piece (placed on {square})",
        "quads.why.no_safe_one": "the only piece {side} could give wins at once: the last safe give had run out",
        "quads.why.no_safe": "every one of the {n} pieces {side} could give wins at once: "
        "the last safe give had run out",
        "quads.why.blunder_one": "{side} gave piece {piece} ({words}), which wins at once, while 1 safe piece remained",
        "quads.why.blunder": "{side} gave piece {piece} ({words}), which wins at once, "
        "while {safe} safe pieces remained",
        "quads.coach.exact": "exact",
        "quads.coach.estimate": "estimate, not searched to the end",
        "quads.coach.badge.win": "win",
        "quads.coach.badge.draw": "draw",
        "quads.coach.badge.loss": "loss",
        "quads.coach.badge.safe": "safe",
        "quads.coach.badge.loses_at_once": "✗now",
        "quads.coach.badge.loses_by_force": "✗later",
        "quads.coach.reason_win": "Wins with best play (exact).",
        "quads.coach.reason_draw": "Draws with best play on both sides (exact).",
        "quads.coach.reason_loss": "Loses against best play (exact).",
        "quads.coach.reason_estimate": "Search estimate {value} on a scale from −1 (a loss) to +1 (a win), not exact yet.",
        "quads.coach.reason_at_once": "Gives a win on {square} ({shape}: three {attribute} pieces).",
        "quads.coach.reason_by_force": "No win at once, but the opponent then wins by force.",
        "quads.coach.reason_safe": "Safe: no square wins with it at once.",
        "quads.coach.summary": "Best: {moves} ({how}).",
        "quads.coach.more": "{moves} and {n} more",
        "quads.coach.all_safe": "Every piece is safe to give: none lets your opponent win at once ({how}).",
        "quads.coach.all_equal": "Every square is as good as the others ({how}).",
        "quads.coach.avoid_give": " Avoid {moves}: see the ✗ badges.",
        "quads.coach.avoid_place": " Avoid {moves}.",
        "quads.coach.scale": " Numbers: expected result, +1 a win, −1 a loss.",
        "quads.coach.all_lose": "Every choice loses against best play ({how}): make it hard.",
        "quads.coach.unit": "expected result (+1 win, −1 loss)",
        "quads.coach.gave_win": "{move} gave piece {piece}, which wins on {square}",
        "quads.coach.lost": "{move} threw away the result ({best} was better)",
    },
    "ja": {
        "quads.board": "Quadsのボード",
        "quads.tray": "まだ置かれていない駒",
        "quads.held": "置く駒",
        "quads.first": "先手",
        "quads.second": "後手",
        "quads.level.random": "きまぐれ",
        "quads.level.careful": "しんちょう",
        "quads.level.thoughtful": "よく考える",
        "quads.level.clever": "かしこい",
        "quads.level.perfect": "完璧",
        "quads.variant.squares": "Quads（横・縦・斜めの列と2×2の正方形）",
        "quads.variant.classic": "クラシック（横・縦・斜めの列のみ）",
        "quads.attr.large": "大型",
        "quads.attr.small": "小型",
        "quads.attr.dark": "ダーク",
        "quads.attr.light": "ライト",
        "quads.attr.round": "丸型",
        "quads.attr.square": "角型",
        "quads.attr.solid": "中実",
        "quads.attr.hollow": "中空",
        "quads.piece": "{size}・{colour}・{shape}・{fill}の駒",
        "quads.piece_numbered": "駒{piece}（{words}）",
        "quads.piece_short": "駒{piece}",
        "quads.words.place": "駒{piece}を{square}に",
        "quads.words.give": "駒{piece}を渡す",
        "quads.shape.row": "{n}行目",
        "quads.shape.column": "{n}列",
        "quads.shape.diagonal": "斜めの列 {a}–{b}",
        "quads.shape.square": "2×2の正方形 {a}–{b}",
        "quads.step.opening_give": "相手に渡す駒を選んでください",
        "quads.step.place": "渡された駒{piece}（{words}）を置いてください",
        "quads.step.give": "相手に渡す駒を選んでください",
        "quads.status.place": "{side}：{words}を置く",
        "quads.status.give": "{side}：相手に渡す駒を選ぶ",
        "quads.termination.shape_completed": "{side}が{shape}を完成させました（{attribute}の駒が4つ）",
        "quads.termination.board_full": "勝者が出ないままボードが埋まりました。引き分けです",
        "quads.err.malformed": "{move!r} はQuadsの手ではありません（D2:7、:7、D2: のように書きます）",
        "quads.err.game_over": "ゲームは終了しました。",
        "quads.err.nothing_to_place": "最初は駒を渡すだけです。相手に渡す駒を選んでください。",
        "quads.err.must_place": "先に駒{piece}を置いてください。",
        "quads.err.occupied": "{square}にはもう駒があります。",
        "quads.err.must_give_one": "駒を1つ渡してください（残り1個）。",
        "quads.err.must_give": "駒を1つ渡してください（残り{remaining}個）。",
        "quads.err.give_after_win": "{square}に置くと勝ちです。駒を渡さずにゲーム終了です。",
        "quads.err.nothing_to_give": "{square}でボードが埋まります。渡す駒は残っていません。",
        "quads.err.piece_on_board": "駒{piece}はもう{square}に置かれています。",
        "quads.err.give_placed": "駒{piece}はいま置く駒です。別の駒を渡してください。",
        "quads.verdict.safe": "安全",
        "quads.verdict.loses_at_once": "すぐ負け",
        "quads.verdict.loses_by_force": "読み切りで負け",
        "quads.reason.at_once": "{shape}で勝たれます：{attribute}の駒が3つ",
        "quads.value.win": "勝ち",
        "quads.value.draw": "引き分け",
        "quads.value.loss": "負け",
        "quads.value.estimate": "推定",
        "quads.puzzle.title": "自分の{moves}手以内で勝つ",
        "quads.puzzle.title_one": "この一手で勝つ",
        "quads.squares_setting": "2×2の正方形でも勝ち",
        "quads.held_word": "置く駒",
        "quads.used_word": "盤上",
        "quads.target_word": "選べます",
        "quads.prompt.opening": "{who}：相手に渡す駒を選んでください",
        "quads.prompt.place": "{who}：駒{piece}（{words}）を置いてください",
        "quads.prompt.give": "{who}：相手に渡す駒を選んでください（{square}に置きます）",
        "quads.why.no_safe_one": "{side}が渡せる最後の1個の駒はすぐ勝たれる駒でした。安全に渡せる駒が尽きていました",
        "quads.why.no_safe": "{side}が渡せる{n}個の駒はどれもすぐ勝たれる駒でした。"
        "安全に渡せる駒が尽きていました",
        "quads.why.blunder_one": "{side}は安全な駒が1個残っていたのに、すぐ勝たれる駒{piece}（{words}）を渡しました",
        "quads.why.blunder": "{side}は安全な駒が{safe}個残っていたのに、すぐ勝たれる駒{piece}"
        "（{words}）を渡しました",
        "quads.coach.exact": "読み切り",
        "quads.coach.estimate": "推定・読み切り前",
        "quads.coach.badge.win": "勝ち",
        "quads.coach.badge.draw": "引分",
        "quads.coach.badge.loss": "負け",
        "quads.coach.badge.safe": "安全",
        "quads.coach.badge.loses_at_once": "✗すぐ",
        "quads.coach.badge.loses_by_force": "✗後で",
        "quads.coach.reason_win": "最善を尽くせば勝ちです（読み切り）。",
        "quads.coach.reason_draw": "双方最善なら引き分けです（読み切り）。",
        "quads.coach.reason_loss": "相手が最善なら負けです（読み切り）。",
        "quads.coach.reason_estimate": "探索の推定値 {value}（−1 が負け、+1 が勝ち。まだ読み切りではありません）。",
        "quads.coach.reason_at_once": "{square}で勝たれます（{shape}：{attribute}の駒が3つ）。",
        "quads.coach.reason_by_force": "すぐには負けませんが、相手に読み切りで勝たれます。",
        "quads.coach.reason_safe": "安全：すぐに勝たれるマスはありません。",
        "quads.coach.summary": "最善：{moves}（{how}）。",
        "quads.coach.more": "{moves}ほか{n}つ",
        "quads.coach.all_safe": "どの駒を渡しても安全です。すぐに勝たれる駒はありません（{how}）。",
        "quads.coach.all_equal": "どのマスも同じ評価です（{how}）。",
        "quads.coach.avoid_give": "{moves}は避けましょう（✗の駒）。",
        "quads.coach.avoid_place": "{moves}は避けましょう。",
        "quads.coach.scale": "数値は期待される結果：+1 が勝ち、−1 が負け。",
        "quads.coach.all_lose": "相手が最善ならどれを選んでも負けです（{how}）。相手を迷わせましょう。",
        "quads.coach.unit": "期待される結果（+1 勝ち、−1 負け）",
        "quads.coach.gave_win": "{move}で駒{piece}を渡し、{square}で勝たれました",
        "quads.coach.lost": "{move}で結果を落としました（{best}が良かった）",
    },
}

#: The texts that count something, and the field with the count ("1 move", "2 moves").
PLURALS = {
    "quads.err.must_give": "remaining",
    "quads.why.blunder": "safe",
    "quads.why.no_safe": "n",
}

i18n.register(TEXTS, PLURALS)


def attribute_label(word: str, lang: str = "en") -> str:
    """``"dark" -> "dark"`` / ``"ダーク"``."""
    return i18n.text(f"quads.attr.{word}", lang)


def piece_label(piece: int, lang: str = "en") -> str:
    """``15 -> "large dark round solid"`` / ``"大型・ダーク・丸型・中実の駒"`` (screen readers)."""
    size, colour, shape, fill = (attribute_label(w, lang) for w in describe_piece(piece))
    return i18n.text("quads.piece", lang, size=size, colour=colour, shape=shape, fill=fill)


def shape_label(name: str, lang: str = "en") -> str:
    """A ``rules.SHAPES`` name in words: ``"row 2"``, ``"2行目"``, ``"2×2の正方形 B2–C3"``."""
    kind, _, rest = name.partition(" ")
    if kind in ("row", "column"):
        return i18n.text(f"quads.shape.{kind}", lang, n=rest)
    if kind in ("diagonal", "square"):
        a, _, b = rest.partition("–")
        return i18n.text(f"quads.shape.{kind}", lang, a=a, b=b)
    raise ValueError(f"unknown shape name {name!r}")
