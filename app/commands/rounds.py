"""Commands on rounds: `pair`, `result`, `round` (show), `unpair`, `swap`."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from app import wording
from app.commands import _words
from app.commands._context import NUMBER, add_event, opened
from app.errors import CorrectionNotConfirmed, UserError

if TYPE_CHECKING:
    from app.services.queries import BoardInfo, RoundInfo


RESULT_WORDS = """\
超时负：胜负结果后加 t（或“超时”），表示负方超时，如 0-1t：后手胜，先手超时负（同 白胜超时）。
双盘制：每台两个结果，第一盘以本台先手在前，第二盘以该盘先手（本台后手）在前，
  如 1-0 0-1：本台先手两盘皆胜（本轮 2:0）；1-0 0-1t：第二盘本台后手超时负。
  第一盘超时负即判当轮负（双盘包干），只写这一个结果：0-1t 为本台先手第一盘超时，本轮 0:2。
  弃权（+-、-+、--）也只写一个，为整轮结果；双盘积分编排制（FIDE）一盘弃权、另一盘照下
  时写两个，如 1-0 -+（第二盘本台后手未到）。
Loss on time: add t (or 超时) to a win: the loser lost on time, e.g. 0-1t: the second mover
  won, the first lost on time (as 白胜超时).
Double-game rounds: two results, game 1 with the board's first mover first, game 2 with its
  own first mover (the board's second) first: 1-0 0-1 = the board's first mover won both
  (2:0); 1-0 0-1t = the board's second mover lost game 2 on time. A loss on time in game 1
  loses the round: enter it alone, 0-1t = the board's first mover lost game 1 on time and
  the round (0:2). A forfeit (+-, -+, --) is entered alone, for the round; in a Double-Swiss
  group one game may be forfeited beside the other played: 1-0 -+."""
"""How a result is typed, in words: a loss on time and a double-game round (2016 七、(三)/(五)2,
shenzhen 九、(三)1; FIDE C.04.5 Preface for a game forfeited alone), under `result --help` and
`results --help`."""


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser("pair", help="编排下一轮 / pair the next round")
    add_event(parser)
    parser.set_defaults(handler=_pair)

    parser = subparsers.add_parser(
        "result", help="录入成绩（先手在前）/ enter a result (first mover first)",
        epilog=RESULT_WORDS, formatter_class=_words.KeptLines)
    add_event(parser)
    parser.add_argument("--replace", action="store_true",
                        help="更正已有结果 / correct an entered result")
    parser.add_argument("round", type=NUMBER)
    parser.add_argument("board", type=NUMBER)
    parser.add_argument("--lots", metavar="PLAYER", default=None,
                        help="淘汰赛双方均未到场（均已退赛或缺席）时，抽签决定晋级的棋手（姓名或 id），"
                             "不写结果 / a knockout board neither of whose players came (both "
                             "withdrawn or absent): the player the lots sent on (name or id), "
                             "with no result")
    parser.add_argument("codes", nargs="*", metavar="RESULT",
                        help="结果，先手在前：1-0、0-1、=、+-、-+、--（双盘制两个）/ results, first "
                             "mover first (two for double-game rounds)")
    parser.set_defaults(handler=_result)

    parser = subparsers.add_parser("round", help="显示一轮对阵 / show a round")
    add_event(parser)
    parser.add_argument("round", type=NUMBER)
    parser.set_defaults(handler=_show)

    parser = subparsers.add_parser("unpair", help="撤销最后一轮编排 / unpair the last round")
    add_event(parser)
    parser.set_defaults(handler=_unpair)

    parser = subparsers.add_parser(
        "results", help="一次录入一轮多台成绩 / enter several boards' results at once",
        epilog=RESULT_WORDS, formatter_class=_words.KeptLines)
    add_event(parser)
    parser.add_argument("round", type=NUMBER)
    parser.add_argument("entries", nargs="+", metavar="BOARD=RESULT",
                        help="如 1=1-0 2== 3=+-；双盘制 4='1-0 =' / e.g. 1=1-0 2== 3=+-")
    parser.set_defaults(handler=_results)

    parser = subparsers.add_parser(
        "exchange", help="人工调换两名棋手的座位 / exchange two players' seats by hand")
    add_event(parser)
    parser.add_argument("round", type=NUMBER)
    for side in ("a", "b"):
        parser.add_argument(f"board_{side}", type=NUMBER, metavar=f"BOARD_{side.upper()}",
                            help="台号 / board")
        parser.add_argument(f"seat_{side}", choices=("first", "second"),
                            metavar=f"SEAT_{side.upper()}",
                            help="first（先手）或 second（后手）/ first or second mover")
    parser.set_defaults(handler=_exchange)

    parser = subparsers.add_parser("swap", help="交换某台先后手 / swap colours on a board")
    add_event(parser)
    parser.add_argument("round", type=NUMBER)
    parser.add_argument("board", type=NUMBER)
    parser.set_defaults(handler=_swap)


def print_round(info: RoundInfo) -> None:
    print(f"{info.group} 第{info.number}轮 / round {info.number}")
    for board in info.boards:
        first = board.first.name if board.first else board.first_team or "-"
        note = (wording.match_score_text(board.score, teams=(board.first_team,
                                                             board.second_team))
                if board.score is not None else
                wording.places_text(board.places) if board.places is not None else "")
        label = f"  ({note})" if note else ""
        if board.first_team and board.second_team:
            code = wording.code_text(board.result)
            result = f"  [{code}]" if code else ""
            print(f"{board.number:>3}  {board.first_team} - {board.second_team}{label}{result}")
            for game in board.games:
                black = game.black.name if game.black else "?"
                white = game.white.name if game.white else "?"
                # the captains' playoff is no board of the round: named so, not numbered on
                where = wording.captains_playoff_text() if game.playoff else f"{game.index}."
                print(f"       {where} {black} (黑) - {white} "
                      f"{wording.game_code(game.result)}")
            continue
        if board.second is None:
            print(f"{board.number:>3}  {first}  轮空 / bye{label}")
            continue
        # a knockout's match: the places it plays for (名次段), as on a bye's line
        print(f"{board.number:>3}  {first} (先手) - {board.second.name}{label}"
              f"{_result_text(board)}")
    for line in info.report:
        print(f"  * {line}")
    if info.sitting_out:  # who has no board, and why (请假半分, 退赛)
        out = [(ref.number, ref.name, why) for ref, why in info.sitting_out]
        print(f"  * {wording.sitting_out_text(out)} / {wording.sitting_out_text(out, 'en')}")


def _result_text(board: BoardInfo) -> str:
    """A player board's result on its line: `  [1-0]`, and the words of a missing player's
    board (单循环, 淘汰赛: `  王三（退赛）弃权，李四不战胜 / …`); a board decided by lots has no
    code, its words say it (no game, no forfeit win)."""
    code = "" if board.result is not None and board.result.lots is not None else \
        wording.code_text(board.result)
    result = f"  [{code}]" if code else ""
    forfeit = board.missing_words()
    if forfeit:
        result += f"  {forfeit} / {board.missing_words('en')}"
    return result


def _pair(args: argparse.Namespace) -> int:
    from app.services import rounds
    with opened(args) as context:
        event = context.event
        info = rounds.pair_next_round(event, context.group_name)
    print_round(info)
    return 0


def _result(args: argparse.Namespace) -> int:
    if args.lots is not None:
        return _lots_result(args)
    if not args.codes:
        raise UserError("缺少结果（先手在前，如 1-0）；双方均未到场的淘汰赛对局用 --lots 棋手",
                        "give the result (first mover first, e.g. 1-0); a knockout board "
                        "neither of whose players came takes --lots PLAYER", "RESULT")
    from app.services import rounds
    with opened(args) as context:
        event, group = context.event, context.group_name
        if rounds.same_result(event, group, args.round, args.board, args.codes):
            place_zh = wording.board_place_text(args.round, args.board, "zh")
            place_en = wording.board_place_text(args.round, args.board, "en")
            print(f"{place_zh}已是该结果，未改动 / {place_en} has this result already: "
                  "nothing changed")
            return 0
        try:
            warnings = rounds.enter_result(event, group, args.round, args.board, args.codes,
                                           replace=args.replace)
        except CorrectionNotConfirmed as error:
            raise _replace_needed(args, error) from None
    for warning in warnings:
        print(warning)
    return 0


def _replace_needed(args: argparse.Namespace, error: CorrectionNotConfirmed) -> UserError:
    """A board that has its result, entered again without --replace: say which and how."""
    place_zh = wording.board_place_text(args.round, args.board, "zh")
    place_en = wording.board_place_text(args.round, args.board, "en")
    return UserError(f"{place_zh}已有结果 {error.old}；如需更正，请加 --replace",
                     f"{place_en} already has the result {error.old}; to correct it, "
                     "add --replace", error.where)


def _lots_result(args: argparse.Namespace) -> int:
    """`result … --lots PLAYER`: the lots sent PLAYER on from a board neither player came to
    (huazhi 八、(五)); it takes no result code besides."""
    from app.services import rounds

    if args.codes:
        raise UserError(f"--lots 不与结果同用（得到 {' '.join(args.codes)}）：抽签的对局没有结果",
                        f"--lots takes no result (got {' '.join(args.codes)}): no game was "
                        "played on the board", "RESULT")
    place = (wording.board_place_text(args.round, args.board, "zh"),
             wording.board_place_text(args.round, args.board, "en"))
    with opened(args) as context:
        event, group = context.event, context.group_name
        if rounds.same_lots(event, group, args.round, args.board, args.lots):
            print(f"{place[0]}已是该抽签结果，未改动 / {place[1]} has these lots already: "
                  "nothing changed")
            return 0
        try:
            warnings = rounds.enter_lots(event, group, args.round, args.board, args.lots,
                                         replace=args.replace)
        except CorrectionNotConfirmed as error:
            raise _replace_needed(args, error) from None
        drawn = rounds.board_view(event, group, args.round, args.board)
    print(f"{place[0]} {drawn.missing_words()} / {place[1]}: {drawn.missing_words('en')}")
    for warning in warnings:
        print(warning)
    return 0


def _show(args: argparse.Namespace) -> int:
    from app.services.queries import round_view
    with opened(args) as context:
        event = context.event
        print_round(round_view(event, args.group, args.round))
    return 0


def _unpair(args: argparse.Namespace) -> int:
    from app.services import rounds
    with opened(args) as context:
        event = context.event
        rounds.unpair_last_round(event, context.group_name)
    return 0


def _swap(args: argparse.Namespace) -> int:
    from app.services import rounds
    with opened(args) as context:
        event = context.event
        problems = rounds.swap_colours(event, context.group_name, args.round,
                                       args.board)
    for line in problems:
        print(line)
    return 0


def _results(args: argparse.Namespace) -> int:
    from app.services import rounds
    results: dict[int, Sequence[str]] = {}
    for entry in args.entries:
        board, sep, codes = entry.partition("=")
        if not sep or not codes.split():
            raise UserError(f"应写作 台号=结果：{entry!r}", f"write BOARD=RESULT: {entry!r}",
                            "results")
        number = NUMBER(board)
        if number in results:
            raise UserError(f"第{number}台写了两次", f"board {number} is given twice", "results")
        results[number] = codes.split()
    with opened(args) as context:
        try:
            rounds.enter_results(context.event, context.group_name, args.round, results)
        except CorrectionNotConfirmed as error:
            raise UserError(f"{error.zh}（用 result ... --replace 更正）",
                            f"{error.en} (correct it with result ... --replace)",
                            error.where) from None
    return 0


def _exchange(args: argparse.Namespace) -> int:
    from app.services import rounds
    with opened(args) as context:
        problems = rounds.exchange_players(context.event, context.group_name, args.round,
                                           args.board_a, args.seat_a, args.board_b, args.seat_b)
    for line in problems:
        print(line)
    return 0
