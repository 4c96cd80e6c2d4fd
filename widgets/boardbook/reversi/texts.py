"""Reversi's own texts (English and Japanese), registered into ``core.i18n`` on import.

The Japanese strings in quotes are the seed page's (docs/seeds/004) word for word.
"""

from __future__ import annotations

from ..core import i18n

TEXTS = {
    "en": {
        "reversi.board": "Reversi board",
        "reversi.black": "Black",
        "reversi.white": "White",
        "reversi.level.beginner": "Beginner",
        "reversi.level.corner": "Corner-seeker",
        "reversi.level.strong": "Strong",
        "reversi.err.no_bracket": "You can't bracket any of your opponent's discs here",
        "reversi.err.malformed": "{move!r} is not a square on this board.",
        "reversi.err.has_moves": "{side} has a legal move, so cannot pass.",
        "reversi.err.must_pass": "{side} has no legal move and must pass.",
        "reversi.dots": "Show legal moves",
        "reversi.legal": "legal move",
        "reversi.err.occupied": "That square is already taken",
        "reversi.pass_card": "{side} has no legal move and passes",
        "reversi.passed": "{side} passed",
        "reversi.pass": "pass",
        "reversi.x_hint": (
            "{square} sits diagonally next to the empty corner {corner}. Playing there often "
            "lets your opponent take that corner, and a corner disc can never be flipped."
        ),
        "reversi.termination.board_full": "all 64 squares are filled",
        "reversi.termination.wiped_out": "{side} has no discs left",
        "reversi.termination.no_legal_moves_one": "neither side can move (1 square left empty)",
        "reversi.termination.no_legal_moves": "neither side can move ({empties} squares left empty)",
        "reversi.detail": "{black}–{white} · {reason}",
        "reversi.why.wipeout": "{winner} captured every one of {loser}'s discs",
        "reversi.why.passes": (
            "{winner} left {loser} without a legal move {times}, keeping the initiative"
        ),
        "reversi.why.corners": (
            "{winner} held {w} of the 4 corners to {l}; corner discs can never be flipped"
        ),
        "reversi.why.mobility": (
            "over the last {plies} moves {winner} had {w:.1f} legal moves per turn on "
            "average to {loser}'s {l:.1f}, so {loser} was forced into bad squares"
        ),
        "reversi.why.edges": "{winner} owned {w} of the 28 edge squares to {l}",
        "reversi.why.final_swing_one": "{winner} was behind {before_w}–{before_l} with 1 move to go and won the endgame",
        "reversi.why.final_swing": (
            "{winner} was behind {before_w}–{before_l} with {plies} moves to go and won the endgame"
        ),
        "reversi.why.margin": "{winner} ended with more discs, {w} to {l}",
        "reversi.why.draw": "both sides ended with {n} discs",
        "reversi.coach.exact": "exact, with best play by both sides",
        "reversi.coach.estimate_one": "estimate, 1 move deep",
        "reversi.coach.estimate": "estimate, {depth} moves deep",
        "reversi.coach.reason_best": "Best move: final disc difference {value} ({how}).",
        "reversi.coach.reason": "Final disc difference {value} ({how}); the best move gives {top}.",
        "reversi.coach.gives_corner": "It lets {side} take the {corner} corner.",
        "reversi.coach.summary": "Best: {moves} ({value}; {how})",
        "reversi.coach.gave_corner": "{side} played {move} and gave up the {corner} corner",
        "reversi.coach.missed_corner": "{side} played {move} and missed the {corner} corner",
        "reversi.coach.lost_one": "{side} played {move} and lost about 1 disc by estimate ({best} looked better)",
        "reversi.coach.lost": "{side} played {move} and lost about {n} discs by estimate ({best} looked better)",
        "reversi.coach.lost_at_least_one": "{side} played {move} and lost at least 1 disc with best play ({best} was better)",
        "reversi.coach.lost_at_least": "{side} played {move} and lost at least {n} discs with best play ({best} was better)",
        "reversi.coach.lost_exact_one": "{side} played {move} and lost 1 disc with best play ({best} was better)",
        "reversi.coach.lost_exact": "{side} played {move} and lost {n} discs with best play ({best} was better)",
        "reversi.coach.unit": "final disc difference",
        "reversi.coach.thinking": "Depth {depth}: expects {line} (about {value} for {side})",
        "reversi.coach.thinking_exact": "Solved to the end: {line} ({value} for {side})",
    },
    "ja": {
        "reversi.board": "リバーシの盤",
        "reversi.black": "黒",
        "reversi.white": "白",
        "reversi.level.beginner": "初心者",
        "reversi.level.corner": "隅ねらい",
        "reversi.level.strong": "つよい",
        "reversi.err.no_bracket": "ここでは相手の石をはさめません",
        "reversi.err.malformed": "{move!r} はこの盤のマスではありません。",
        "reversi.err.has_moves": "{side}は置ける場所があるのでパスできません。",
        "reversi.err.must_pass": "{side}は置ける場所がないのでパスです。",
        "reversi.dots": "置ける場所に点を表示",
        "reversi.legal": "置ける",
        "reversi.err.occupied": "そのマスにはもう石があります",
        "reversi.pass_card": "{side}は置ける場所がないのでパス",
        "reversi.passed": "{side}はパスしました",
        "reversi.pass": "パス",
        "reversi.x_hint": (
            "{square}は空いている隅{corner}の斜め隣（X打ち）です。ここに打つと相手に隅を"
            "取られやすく、隅の石は二度と返せません。"
        ),
        "reversi.termination.board_full": "64マスがすべて埋まりました",
        "reversi.termination.wiped_out": "{side}の石がなくなりました",
        "reversi.termination.no_legal_moves_one": "両者とも置ける場所がありません（空きマス1）",
        "reversi.termination.no_legal_moves": "両者とも置ける場所がありません（空きマス{empties}）",
        "reversi.detail": "{black}対{white}・{reason}",
        "reversi.why.wipeout": "{winner}が{loser}の石をすべて返した",
        "reversi.why.passes": "{winner}が{loser}の置ける場所をなくし、{n}回パスさせた",
        "reversi.why.corners": "{winner}が隅を4つ中{w}つ取った（相手は{l}つ）。隅の石は返されない",
        "reversi.why.mobility": (
            "最後の{plies}手で{winner}の置ける場所は平均{w:.1f}、{loser}は{l:.1f}。"
            "{loser}は悪いマスに打たされた"
        ),
        "reversi.why.edges": "{winner}が辺の28マス中{w}マスを取った（相手は{l}）",
        "reversi.why.final_swing_one": "残り1手で{before_w}対{before_l}と負けていた{winner}が終盤で逆転した",
        "reversi.why.final_swing": "残り{plies}手で{before_w}対{before_l}と負けていた{winner}が終盤で逆転した",
        "reversi.why.margin": "{winner}の石が{w}対{l}で多かった",
        "reversi.why.draw": "両者とも{n}石で並んだ",
        "reversi.coach.exact": "最善を尽くした場合の正確な値",
        "reversi.coach.estimate_one": "1手読みの推定",
        "reversi.coach.estimate": "{depth}手読みの推定",
        "reversi.coach.reason_best": "最善手：終局で{value}石（{how}）。",
        "reversi.coach.reason": "終局で{value}石（{how}）。最善なら{top}。",
        "reversi.coach.gives_corner": "{side}に隅{corner}を取られます。",
        "reversi.coach.summary": "最善：{moves}（{value}・{how}）",
        "reversi.coach.gave_corner": "{side}の{move}で隅{corner}を明け渡した",
        "reversi.coach.missed_corner": "{side}の{move}で隅{corner}を取り逃した",
        "reversi.coach.lost_one": "{side}の{move}で約1石損した（推定。{best}の方が良さそう）",
        "reversi.coach.lost": "{side}の{move}で約{n}石損した（推定。{best}の方が良さそう）",
        "reversi.coach.lost_at_least_one": "{side}の{move}で最善より1石以上損した（{best}が良かった）",
        "reversi.coach.lost_at_least": "{side}の{move}で最善より{n}石以上損した（{best}が良かった）",
        "reversi.coach.lost_exact_one": "{side}の{move}で最善より1石損した（{best}が良かった）",
        "reversi.coach.lost_exact": "{side}の{move}で最善より{n}石損した（{best}が良かった）",
        "reversi.coach.unit": "終局の石差",
        "reversi.coach.thinking": "{depth}手読み：{line}を予想（{side}から見て約{value}）",
        "reversi.coach.thinking_exact": "終局まで読み切り：{line}（{side}から見て{value}）",
    },
}

#: The texts that count something, and the field with the count ("1 move", "2 moves").
PLURALS = {
    "reversi.coach.estimate": "depth",
    "reversi.coach.lost": "n",
    "reversi.coach.lost_at_least": "n",
    "reversi.coach.lost_exact": "n",
    "reversi.termination.no_legal_moves": "empties",
    "reversi.why.final_swing": "plies",
}

i18n.register(TEXTS, PLURALS)
