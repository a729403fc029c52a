"""Before and around a round: `knockout-draw`, `berger-numbers`, `late`, `team-lineup`."""

from __future__ import annotations

import argparse
from typing import Any

from app.commands._context import NUMBER, add_event, opened, whole_number
from app.errors import NoAnswer, UserError


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "knockout-draw", help="淘汰赛抽签（第1轮前）/ draw the knockout's seeding by lot")
    add_event(parser, group="required")
    parser.add_argument("--seed", type=whole_number(0), help="抽签种子 / seed of the lot")
    parser.add_argument("--fixed", type=whole_number(0), default=0,
                        help="前几名保留种子位 / how many top seeds keep their place")
    parser.set_defaults(handler=_knockout_draw)

    parser = subparsers.add_parser(
        "berger-numbers", help="指定循环赛编号（第1轮前）/ give the round robin's numbers")
    add_event(parser, group="required")
    parser.add_argument("numbers", nargs="+", metavar="PLAYER=NUMBER",
                        help="棋手编号（players --csv 的 id）=循环赛编号 / player id=number")
    parser.set_defaults(handler=_berger_numbers)

    parser = subparsers.add_parser(
        "late", help="迟到：超过时限者弃权 / late arrival: past the limit forfeits")
    add_event(parser)
    parser.add_argument("round", type=NUMBER)
    parser.add_argument("board", type=NUMBER)
    for seat in ("first", "second"):
        parser.add_argument(seat, metavar=seat.upper(),
                            help="开赛后迟到的分钟数，未到写 absent / minutes late, or absent")
    parser.set_defaults(handler=_late)

    parser = subparsers.add_parser(
        "team-lineup", help="核对队伍台次表 / check a team's line-up against its registration")
    add_event(parser, group="required")
    parser.add_argument("team", help="队名 / the team")
    parser.add_argument("names", nargs="+", metavar="NAME", help="各台棋手 / players by board")
    parser.set_defaults(handler=_team_lineup)


def _knockout_draw(args: argparse.Namespace) -> int:
    from app.services.knockout import teams
    from app.services.lots import draw_knockout
    from app.services.queries import event_info, players

    with opened(args) as context:
        order = draw_knockout(context.event, context.group_name, args.seed, args.fixed)
        info = next(g for g in event_info(context.event).groups if g.name == context.group_name)
        entrants = teams(context.event, context.group_name) if info.system.team else players(
            context.event, context.group_name)
        names = {e.id: e.name for e in entrants}
        seed = info.settings.draw_seed
    print(f"抽签种子 / seed: {seed}")
    for number, entrant in enumerate(order, start=1):
        print(f"{number}\t{names[entrant]}")
    return 0


def _pair(text: str) -> tuple[int, int]:
    player, sep, number = text.partition("=")
    try:
        if not sep:
            raise ValueError(text)
        return int(player), int(number)
    except ValueError:
        raise UserError(f"应写作 棋手id=编号：{text!r}", f"write PLAYER=NUMBER: {text!r}",
                        "numbers") from None


def _berger_numbers(args: argparse.Namespace) -> int:
    from app.services.lots import give_round_robin_numbers

    numbers: dict[int, int] = {}
    for text in args.numbers:
        player, number = _pair(text)
        if player in numbers:
            raise UserError(f"棋手 {player} 出现两次", f"player {player} is given twice",
                            "numbers")
        numbers[player] = number
    with opened(args) as context:
        give_round_robin_numbers(context.event, context.group_name, numbers)
    return 0


def _minutes(text: str, seat: str) -> float | None:
    if text.strip().lower() in ("absent", "未到"):
        return None
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0 <= value <= 24 * 60:
        raise UserError(f"迟到分钟数应为0以上的数字或 absent：{text!r}",
                        f"minutes late must be a number from 0, or absent: {text!r}", seat)
    return value


def _late(args: argparse.Namespace) -> int:
    from app.services.arrivals import record_late_arrival

    first, second = _minutes(args.first, "FIRST"), _minutes(args.second, "SECOND")
    with opened(args) as context:
        result = record_late_arrival(context.event, context.group_name, args.round,
                                     args.board, first, second)
    print(result or "按时到场，正常比赛 / both in time: the game is played")
    return 0


def _team_lineup(args: argparse.Namespace) -> int:
    from app.services.knockout import lineup_problem

    with opened(args) as context:
        problem = lineup_problem(context.event, context.group_name, args.team, args.names)
    if problem is not None:
        raise NoAnswer(*problem)
    print("台次顺序与报名一致 / the line-up is as registered")
    return 0
