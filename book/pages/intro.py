"""The landing page: one position of each game, drawn by its engine, on its card."""

from __future__ import annotations

from boardbook import beacon
from boardbook.reversi import PASS, parse_transcript, replay
from kit import say
from kit.landing import Card, game_cards
from kit.lesson import picture
from kit.reversi import side_name
from kit.twin import Twin
from quads.figures import board as quads_board
from quads.figures import careful_game
from towergate.figures import board as towergate_board
from towergate.figures import position as towergate_position

#: The first moves of a game, written as the book writes games.
OPENING = "f5d6c3"


class Page(Twin):
    def __init__(self, lang: str) -> None:
        super().__init__(lang)
        say("opening", OPENING)
        opening = replay(OPENING)
        say("opening_moves", len(opening) - 1)
        # The same moves one by one, "Black f5, White d6, Black c3" (the Japanese page says it
        # with the glue; the English page has the words in its prose).
        moves = [str(move) for move in parse_transcript(OPENING)]
        assert PASS not in moves and len(moves) == len(opening) - 1
        say(
            "opening_spelled",
            self.t(en=", ", ja="、").join(
                f"{side_name(before.to_move, lang)}{' ' if lang == 'en' else ''}{move}"
                for before, move in zip(opening, moves, strict=False)
            ),
        )
        # One position of each game, a few moves in, so each picture shows the game played.
        self.reversi_game = replay("f5d6c3d3c4f4f6")[-1]
        self.beacon_game = beacon.Position.start("v1").play("North Pass/South Pass")
        self.quads_game = careful_game(0)[7]
        assert self.quads_game.outcome is None and self.quads_game.held is not None
        self.towergate_game = towergate_position(
            [". . . . .", ". t b . .", ". tt b t .", ". . bb . .", ". . . . ."],
            terracotta=["B3", "D3"],
            blue=["C4", "B2"],
        )
        assert self.towergate_game.outcome is None and self.towergate_game.legal_moves()

    def cards(self) -> None:
        t, lang = self.t, self.lang
        rules, play = t(en="Learn the rules", ja="ルールを知る"), t(en="Play", ja="遊ぶ")
        game_cards(
            [
                Card(
                    t(en="Reversi", ja="リバーシ"),
                    picture(self.reversi_game, legal=False, lang=lang),
                    t(
                        en="Trap your opponent's discs between yours to turn them your colour. "
                        "The classic.",
                        ja="相手の石を自分の石ではさんで、自分の色に変えよう。おなじみの名作。",
                    ),
                    [(rules, "reversi/rules"), (play, "reversi/play")],
                    t(
                        en="A Reversi board a few moves into a game.",
                        ja="数手進んだリバーシの盤。",
                    ),
                ),
                Card(
                    "Beacon Lines",
                    picture(self.beacon_game, lang=lang),
                    t(
                        en="Both sides claim regions of a small map at the same time, in "
                        "secret. Can you guess your opponent?",
                        ja="小さな地図の地域を、両者が同時に、こっそり選んで取り合う。"
                        "相手の考えを読めるかな？",
                    ),
                    [(rules, "beacon/rules"), (play, "beacon/play")],
                    t(
                        en="The Beacon Lines map after the first round.",
                        ja="1ラウンド目のあとの Beacon Lines の地図。",
                    ),
                ),
                Card(
                    "Quads",
                    quads_board(self.quads_game, size=240),
                    t(
                        en="You never choose the piece you place: your opponent does. Four "
                        "alike in a row win.",
                        ja="自分が置く駒は、自分では選べない。選ぶのは相手だ。"
                        "似た駒が4つ並べば勝ち。",
                    ),
                    [(rules, "quads/rules"), (play, "quads/play")],
                    t(
                        en="A Quads board in the middle of a game.",
                        ja="対局のとちゅうの Quads のボード。",
                    ),
                ),
                Card(
                    t(en="Tower Gate", ja="タワーゲート"),
                    towergate_board(self.towergate_game, lang=lang),
                    t(
                        en="Build towers, climb them, and be the first to stand on height 3.",
                        ja="塔を積んで、登って、先に高さ3に立ったほうが勝ち。",
                    ),
                    [(rules, "towergate/rules"), (play, "towergate/play")],
                    t(
                        en="A Tower Gate board with towers being built.",
                        ja="塔が積まれていくタワーゲートの盤。",
                    ),
                ),
            ]
        )
