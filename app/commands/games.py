"""`game`: a game recorded on the board (棋谱) of a round's board: show it, or record it from
its actions and save it there, as the window's board does (docs/CLI.md, "Games").

`game FILE --group G ROUND BOARD` prints the stored game (position, moves, result);
`game FILE --group G ROUND BOARD --actions "h8 h9 i9 swap ..."` plays the actions under the
group's opening rule and stores the game; a finished game fills the board's result.
"""

from __future__ import annotations

import argparse
from typing import Any

from app.commands._context import NUMBER, add_event, opened, whole_number


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "game", help="查看或保存某台对局棋谱 / show or save the game of a board")
    add_event(parser)
    parser.add_argument("round", type=NUMBER)
    parser.add_argument("board", type=NUMBER)
    parser.add_argument("--index", type=whole_number(1), default=1,
                        help="第几盘（双盘制）、第几台（团体赛；台数之后为主将加赛）/ which game: "
                             "of a double round, a team match's board (past its boards: its "
                             "captains' playoff)")
    parser.add_argument("--actions", help="着法与开局步骤，如 h8 h9 i9 swap g10 offer:j7 offer:a1 choose:j7 ... claim"
                        " / the actions, e.g. h8 h9 i9 swap g10 offer:j7 offer:a1 choose:j7 ... claim")
    parser.set_defaults(handler=_game)


def _game_words(game: Any) -> str:
    """The game's result in words, by the stone that won and how (黑胜（五连） / black wins
    (five)): after 三手交换 the stones say who won where the pairing's 先手 would not."""
    if game.result is None:
        return "未决 / not decided"
    return f"{game.result.zh} / {game.result.en}"


def _game(args: argparse.Namespace) -> int:
    from app.rules.board import board_text
    from app.rules.game import decode_actions, encode_actions
    from app.services import games
    from app.wording import board_result_text

    with opened(args) as context:
        event, group = context.event, context.group_name
        if args.actions is not None:
            settings = games.game_settings_for(event, group)
            game = decode_actions(settings, args.actions, "--actions")
            result = games.save_game(event, group, args.round, args.board, args.index, game)
            print(f"已保存 / saved: {encode_actions(game)}")
            print(f"结果 / result: {_game_words(game)}")
            if result is not None:  # the board's result it filled, as the results list says it
                print(f"本台结果 / board result: {board_result_text(result)} / "
                      f"{board_result_text(result, 'en')}")
            return 0
        game = games.load_game(event, group, args.round, args.board, args.index)
    print(board_text(game.position).rstrip("\n"))
    print(f"着法 / actions: {encode_actions(game) or '-'}")
    print(f"结果 / result: {_game_words(game)}")
    return 0
