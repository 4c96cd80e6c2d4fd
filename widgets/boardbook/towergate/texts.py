"""Tower Gate's own texts (English and Japanese), registered into ``core.i18n`` on import.

The Japanese strings follow the seed page (seeds/000) word for word where it has them
(テラコッタ, 青, やさしい/ふつう/つよい, 風・石工・塗替・跳躍, 「竣工」, 「対局を始める」 …).
Keys: ``towergate.side.*``, ``towergate.level.*``, ``towergate.blessing.*`` (name and a one-line
description ``.about``), ``towergate.err.<code>`` for every error code of ``rules``,
``towergate.termination.<key>``, ``towergate.step.*`` (the input prompts),
``towergate.reason.<kind>`` for the coach's reasons (``ai.Analysis``), ``towergate.theme.*``
for the puzzle themes, the legend, and ``towergate.picture.*`` (the words
``svg.position_svg`` draws).
"""

from __future__ import annotations

from ..core import i18n

TEXTS = {
    "en": {
        "towergate.name": "Tower Gate",
        "towergate.board": "Tower Gate board",
        "towergate.side.terracotta": "Terracotta",
        "towergate.side.blue": "Blue",
        "towergate.level.easy": "Easy",
        "towergate.level.normal": "Normal",
        "towergate.level.strong": "Strong",
        "towergate.height": "Height {height}",
        "towergate.dome": "Dome",
        "towergate.blessing": "Blessing",
        "towergate.blessing.none": "None",
        "towergate.blessing.wind": "Wind",
        "towergate.blessing.mason": "Mason",
        "towergate.blessing.repaint": "Repaint",
        "towergate.blessing.leap": "Leap",
        "towergate.blessing.wind.about": (
            "Move two squares in a straight line instead of one (ending at most on height 2)."
        ),
        "towergate.blessing.mason.about": (
            "Once a game, build two levels on one square of height 0 or 2."
        ),
        "towergate.blessing.repaint.about": (
            "Instead of building, repaint the top level of a neighbouring height-1 square "
            "without a worker to your colour."
        ),
        "towergate.blessing.leap.about": (
            "Climb two levels in one move (0 to 2), then build on the square you left."
        ),
        "towergate.setup.fixed": "Symmetric fixed setup",
        "towergate.setup.free": "Free setup",
        "towergate.start": "Start the game",
        "towergate.back": "Back",
        "towergate.completed": "Completed",
        "towergate.tutorial_again": "Run the tutorial again",
        "towergate.daily": "Today's puzzle",
        "towergate.daily.goal": "Win within 2 moves",
        "towergate.daily.solved_one": "Solved in 1 move and {seconds} s",
        "towergate.daily.solved": "Solved in {moves} moves and {seconds} s",
        "towergate.option.mason": "Mason: build two levels",
        "towergate.option.repaint": "Repaint instead of building",
        "towergate.step.place": "Place a worker on an empty square",
        "towergate.step.worker": "Choose a worker",
        "towergate.step.move": "Move it",
        "towergate.step.build": "Build",
        "towergate.legend": "{square}: height {height}, {terracotta} terracotta and {blue} blue",
        "towergate.legend.dome": "{square}: height 4, a dome (nobody may enter)",
        "towergate.legend.tie": "nobody may enter (a tie)",
        "towergate.legend.only": "only {side} may enter",
        # The picture's own words (svg.py): its name, a square's title and the legend lines.
        "towergate.picture.flat": "{square}: height 0",
        "towergate.picture.dome": "{square}: dome",
        "towergate.picture.worker": "{side} worker",
        "towergate.picture.to_move": "{side} to move, turn {turn}",
        "towergate.picture.won.reached_third_level": "{side} won (reached third level)",
        "towergate.picture.won.no_legal_move": "{side} won (no legal move)",
        "towergate.picture.draw": "draw (turn limit)",
        "towergate.picture.and": ", ",
        "towergate.picture.then": "; ",
        "towergate.cannot_enter": "You cannot enter this tower",
        "towergate.err.malformed": "That is not a Tower Gate move.",
        "towergate.err.bad_square": "{square} is not a square on this board.",
        "towergate.err.game_over": "The game is over.",
        "towergate.err.placement_expected": "Place your workers first, one at a time.",
        "towergate.err.setup_over": "All workers are placed: move a worker, then build.",
        "towergate.err.occupied": "A worker already stands on {square}.",
        "towergate.err.not_your_worker": "There is none of your workers on {square}.",
        "towergate.err.not_adjacent": "{target} is not next to {source}.",
        "towergate.err.not_straight": "Wind moves two squares in a straight line.",
        "towergate.err.dome": "{square} has a dome: nobody may enter.",
        "towergate.err.climb_too_high": (
            "{square} is height {to_height}: from height {from_height} a worker climbs at most "
            "{limit}."
        ),
        "towergate.err.leap_too_high": (
            "{square} is height {to_height}: Leap climbs two levels only up to height {top}."
        ),
        "towergate.err.colour_tie": (
            "{square} is height {height} with {terracotta} terracotta and {blue} blue: "
            "nobody may enter."
        ),
        "towergate.err.colour_minority": (
            "{square} is height {height} with {terracotta} terracotta and {blue} blue: only the "
            "side with more levels of its colour may enter."
        ),
        "towergate.err.build_required": "After moving to {square}, build next to it.",
        "towergate.err.no_build_on_win": "Moving onto height 3 ({square}) wins: no build.",
        "towergate.err.build_not_adjacent": "{square} is not next to {target}.",
        "towergate.err.build_occupied": "A worker stands on {square}: nobody builds there.",
        "towergate.err.build_dome": "{square} has a dome: nothing more can be built.",
        "towergate.err.no_blessing": "You do not have this blessing.",
        "towergate.err.mason_used": "Mason's double build has been used this game.",
        "towergate.err.mason_height": (
            "{square} is height {height}: Mason's double build goes on height {allowed} only."
        ),
        "towergate.err.leap_used": "Leap has been used this game.",
        "towergate.err.leap_build": "After a Leap, build on the square you left ({source}).",
        "towergate.err.wind_too_high": (
            "{square} is height {height}: a two-square Wind move ends at most on height {top}."
        ),
        "towergate.err.repaint_own": "The top level of {square} is already yours.",
        "towergate.err.repaint_height": (
            "{square} is height {height}: Repaint changes a height {allowed} square only."
        ),
        "towergate.termination.reached_third_level": "{side} climbed onto height 3 at {square}",
        "towergate.termination.no_legal_move": "{side} had no legal move",
        "towergate.termination.turn_limit": "{turns} turns were played without a result",
        "towergate.reason.wins_now": "moving onto {square} wins at once",
        "towergate.reason.lets_climb": (
            "building on {build} lets {side} climb to height 3 next turn"
        ),
        "towergate.reason.allows_climb": "this lets {side} climb onto {square} next turn",
        "towergate.reason.traps": "this leaves {side} without a legal move",
        "towergate.reason.loses_by_force": "after this {side} cannot avoid losing",
        "towergate.reason.blocks_climb": "this stops {side} from climbing onto {square}",
        "towergate.reason.wins_by_force": "this wins by force: every reply loses",
        "towergate.reason.repaints": "repainting {square} takes its top level for {side}",
        "towergate.reason.domes": "building a dome on {square} closes that tower",
        "towergate.reason.ties_tower": (
            "building on {square} makes a tie at height {height}: nobody can climb it"
        ),
        "towergate.reason.grows_tower": (
            "building on {square} grows a height-{height} tower that {side} can climb"
        ),
        "towergate.reason.boxed_in": "this leaves {side} little room to move",
        "towergate.reason.climbs": "moving up to height {height} on {square}",
        "towergate.reason.positional": "a quiet move to {square}",
        "towergate.reason.placement": "placing a worker",
        "towergate.theme.one_move": "Climb now",
        "towergate.theme.two_moves": "Two moves",
        "towergate.theme.double_threat": "Double threat",
        "towergate.theme.colour": "Colour majority",
        "towergate.theme.dome": "Dome",
        "towergate.theme.trap": "No way out",
        "towergate.theme.blessing_wind": "Wind",
        "towergate.theme.blessing_mason": "Mason",
        "towergate.theme.blessing_repaint": "Repaint",
        "towergate.theme.blessing_leap": "Leap",
    },
    "ja": {
        "towergate.name": "タワーゲート",
        "towergate.board": "タワーゲートの盤",
        "towergate.side.terracotta": "テラコッタ",
        "towergate.side.blue": "青",
        "towergate.level.easy": "やさしい",
        "towergate.level.normal": "ふつう",
        "towergate.level.strong": "つよい",
        "towergate.height": "高さ{height}",
        "towergate.dome": "ドーム",
        "towergate.blessing": "加護",
        "towergate.blessing.none": "なし",
        "towergate.blessing.wind": "風",
        "towergate.blessing.mason": "石工",
        "towergate.blessing.repaint": "塗替",
        "towergate.blessing.leap": "跳躍",
        "towergate.blessing.wind.about": "同じ方向へまっすぐ2マス移動できる（行き先は高さ2まで）",
        "towergate.blessing.mason.about": "1局に1回だけ、高さ0か2のマスに2段まとめて積める",
        "towergate.blessing.repaint.about": (
            "建設の代わりに隣の駒のいない高さ1のマスの段を自分の色に塗り替えられる"
        ),
        "towergate.blessing.leap.about": "2段を一気に登れる（高さ0から2へ。積むのは元のマス）",
        "towergate.setup.fixed": "対称の固定配置",
        "towergate.setup.free": "自由配置",
        "towergate.start": "対局を始める",
        "towergate.back": "戻る",
        "towergate.completed": "竣工",
        "towergate.tutorial_again": "チュートリアルをもう一度",
        "towergate.daily": "本日の課題",
        "towergate.daily.goal": "2手以内に勝て",
        "towergate.daily.solved_one": "1手・{seconds}秒でクリア",
        "towergate.daily.solved": "{moves}手・{seconds}秒でクリア",
        "towergate.option.mason": "石工：2段まとめて積む",
        "towergate.option.repaint": "積む代わりに塗り替える",
        "towergate.step.place": "空いているマスに駒を置く",
        "towergate.step.worker": "駒を選ぶ",
        "towergate.step.move": "移動する",
        "towergate.step.build": "1段積む",
        "towergate.legend": "{square}：高さ{height}（テラコッタ{terracotta}段・青{blue}段）",
        "towergate.legend.dome": "{square}：高さ4、ドーム（誰も乗れません）",
        "towergate.legend.tie": "同数なので誰も入れません",
        "towergate.legend.only": "{side}だけが入れます",
        "towergate.picture.flat": "{square}：高さ0",
        "towergate.picture.dome": "{square}：ドーム",
        "towergate.picture.worker": "{side}の駒",
        "towergate.picture.to_move": "{side}の番（ここまで{turn}手）",
        "towergate.picture.won.reached_third_level": "{side}の勝ち（高さ3に登りました）",
        "towergate.picture.won.no_legal_move": "{side}の勝ち（相手が動けません）",
        "towergate.picture.draw": "引き分け（手数の上限）",
        "towergate.picture.and": "、",
        "towergate.picture.then": "、",
        "towergate.cannot_enter": "この塔には入れません",
        "towergate.err.malformed": "タワーゲートの手ではありません。",
        "towergate.err.bad_square": "{square}は盤上のマスではありません。",
        "towergate.err.game_over": "対局は終わっています。",
        "towergate.err.placement_expected": "先に駒を1体ずつ配置してください。",
        "towergate.err.setup_over": "配置は終わりました。駒を動かしてから積みます。",
        "towergate.err.occupied": "{square}にはほかの駒がいます。",
        "towergate.err.not_your_worker": "{square}にあなたの駒はありません。",
        "towergate.err.not_adjacent": "{target}は{source}の周囲8マスではありません。",
        "towergate.err.not_straight": "風はまっすぐ2マス移動します。",
        "towergate.err.dome": "{square}はドームなので入れません。",
        "towergate.err.climb_too_high": (
            "{square}は高さ{to_height}です。高さ{from_height}からは{limit}段までしか登れません。"
        ),
        "towergate.err.leap_too_high": (
            "{square}は高さ{to_height}です。跳躍で2段登れるのは高さ{top}までです。"
        ),
        "towergate.err.colour_tie": (
            "{square}は高さ{height}で、テラコッタ{terracotta}段・青{blue}段の同数なので"
            "誰も入れません。"
        ),
        "towergate.err.colour_minority": (
            "{square}は高さ{height}で、テラコッタ{terracotta}段・青{blue}段です。"
            "自分の色の段が相手より多いときだけ入れます。"
        ),
        "towergate.err.build_required": "{square}へ移動したら、周囲8マスのどこかに1段積みます。",
        "towergate.err.no_build_on_win": "高さ3（{square}）に登る手では建設はしません。",
        "towergate.err.build_not_adjacent": "{square}は{target}の周囲8マスではありません。",
        "towergate.err.build_occupied": "{square}には駒がいるので積めません。",
        "towergate.err.build_dome": "{square}はドームなのでもう積めません。",
        "towergate.err.no_blessing": "その加護を持っていません。",
        "towergate.err.mason_used": "石工の2段積みはこの対局ですでに使いました。",
        "towergate.err.mason_height": (
            "{square}は高さ{height}です。石工の2段積みは高さ{allowed}のマスだけです。"
        ),
        "towergate.err.leap_used": "跳躍はこの対局ですでに使いました。",
        "towergate.err.leap_build": "跳躍したあとは、元のマス（{source}）に積みます。",
        "towergate.err.wind_too_high": (
            "{square}は高さ{height}です。風の2マス移動の行き先は高さ{top}までです。"
        ),
        "towergate.err.repaint_own": "{square}の最上段はすでにあなたの色です。",
        "towergate.err.repaint_height": "{square}は高さ{height}です。塗替は高さ{allowed}のマスだけです。",
        "towergate.termination.reached_third_level": "{side}が{square}で高さ3に登りました",
        "towergate.termination.no_legal_move": "{side}は動かせる手がありませんでした",
        "towergate.termination.turn_limit": "両者合わせて{turns}手で決着しませんでした",
        "towergate.reason.wins_now": "{square}に登ればすぐに勝ちです",
        "towergate.reason.lets_climb": "{build}に積むと、{side}が次の手で高さ3に登れます",
        "towergate.reason.allows_climb": "この手のあと、{side}が次の手で{square}に登れます",
        "towergate.reason.traps": "この手で{side}は動かせる手がなくなります",
        "towergate.reason.loses_by_force": "この手のあと、{side}は負けを避けられません",
        "towergate.reason.blocks_climb": "この手で{side}が{square}に登るのを防げます",
        "towergate.reason.wins_by_force": "どう応じられても勝てる手です",
        "towergate.reason.repaints": "{square}の最上段を{side}の色に塗り替えます",
        "towergate.reason.domes": "{square}をドームにしてその塔を封じます",
        "towergate.reason.ties_tower": "{square}に積むと高さ{height}で色が同数になり、誰も登れません",
        "towergate.reason.grows_tower": "{square}に積むと、{side}が登れる高さ{height}の塔が育ちます",
        "towergate.reason.boxed_in": "この手で{side}の駒の動ける場所が少なくなります",
        "towergate.reason.climbs": "{square}で高さ{height}に登ります",
        "towergate.reason.positional": "{square}への静かな手です",
        "towergate.reason.placement": "駒を配置します",
        "towergate.theme.one_move": "すぐ登る",
        "towergate.theme.two_moves": "2手",
        "towergate.theme.double_threat": "両にらみ",
        "towergate.theme.colour": "色の多数",
        "towergate.theme.dome": "ドーム",
        "towergate.theme.trap": "逃げ場なし",
        "towergate.theme.blessing_wind": "風",
        "towergate.theme.blessing_mason": "石工",
        "towergate.theme.blessing_repaint": "塗替",
        "towergate.theme.blessing_leap": "跳躍",
    },
}

#: The texts that count something, and the field with the count ("1 move", "2 moves").
PLURALS = {"towergate.daily.solved": "moves"}

i18n.register(TEXTS, PLURALS)
