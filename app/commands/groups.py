"""`group`: show or change a group's settings (rules, system, rounds, points, tie-breaks)."""

from __future__ import annotations

import argparse
import json
from typing import Any

from app.commands._context import NUMBER, add_event, opened, whole_number
from app.errors import UserError
from app.pairing.system import System
from app.rules.protocols import Protocol


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser("group", help="查看或修改组别设置 / show or change a group")
    add_event(parser, group="filter")
    parser.add_argument("--rounds", type=NUMBER)
    parser.add_argument("--system", help=", ".join(s.value for s in System))
    parser.add_argument("--games-per-round", type=int, choices=(1, 2))
    parser.add_argument("--rule-set", choices=("renju", "free", "gomoku"))
    parser.add_argument("--opening", choices=[p.value for p in Protocol],
                        help="开局规则 / opening rule")
    parser.add_argument("--fifth-move-offers", type=whole_number(0, 1000), metavar="N",
                        help="五手N打的 N（0：由假先方声明）/ N fifth moves (0: declared)")
    parser.add_argument("--tiebreaks", help="逗号分隔 / comma-separated, e.g. buchholz,wins")
    parser.add_argument("--points", help='胜/和/负 如 4/1/0，或 JSON / win/draw/loss, e.g. '
                        '4/1/0, or JSON, e.g. {"win": 4, "draw": 1, "loss": 0}')
    parser.add_argument("--set", action="append", default=[], metavar="KEY=JSON",
                        help="其他设置 / other settings, e.g. same_unit_avoidance_rounds=3")
    parser.set_defaults(handler=_group)

    parser = subparsers.add_parser("group-add", help="添加组别 / add a group")
    add_event(parser, group="none")
    parser.add_argument("name")
    parser.add_argument("--like", help="照此组别的设置 / copy this group's settings")
    parser.set_defaults(handler=_group_add)

    parser = subparsers.add_parser("group-remove", help="删除空组别 / remove an empty group")
    add_event(parser, group="none")
    parser.add_argument("name")
    parser.set_defaults(handler=_group_remove)

    parser = subparsers.add_parser("event", help="查看或修改赛事信息 / show or change the event")
    add_event(parser, group="none")
    for field in ("title", "organisers", "venue", "start-date", "end-date"):
        parser.add_argument(f"--{field}")
    parser.set_defaults(handler=_event)


def _json(text: str, where: str) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise UserError(f"不是有效的 JSON：{error.msg}", f"not valid JSON: {error.msg}",
                        where) from None


def _points(text: str) -> Any:
    """`--points`: win/draw/loss as the core reads it (`4/1/0`), or a JSON object."""
    if text.strip().startswith("{"):
        return _json(text, "--points")
    from dataclasses import asdict

    from app.standings.scoring import parse_point_system

    return asdict(parse_point_system(text, "--points"))


def _group(args: argparse.Namespace) -> int:
    from app.services.groups import update_group
    from app.services.queries import event_info
    fields: dict[str, Any] = {}
    if args.rounds is not None:
        fields["rounds"] = args.rounds
    if args.system:
        fields["system"] = args.system
    if args.games_per_round:
        fields["games_per_round"] = args.games_per_round
    if args.rule_set:
        fields["rule_set"] = args.rule_set
    if args.opening:
        fields["opening"] = args.opening
    if args.fifth_move_offers is not None:
        fields["fifth_move_offers"] = args.fifth_move_offers
    if args.tiebreaks is not None:
        fields["tiebreaks"] = [t.strip() for t in args.tiebreaks.split(",") if t.strip()]
    if args.points:
        fields["points"] = _points(args.points)
    settings = {}
    for item in args.set:
        key, sep, value = item.partition("=")
        if not sep or not key:
            raise UserError(f"应写作 KEY=JSON：{item!r}", f"write KEY=JSON: {item!r}", "--set")
        settings[key] = _json(value, f"--set {key}")
    if settings:
        fields["settings"] = settings
    with opened(args) as context:
        event = context.event
        if fields:
            update_group(event, context.group_name, **fields)
        for group in event_info(event).groups:
            if args.group and group.name != args.group:
                continue
            print(f"{group.name}: {group.system.value}, {group.rounds} 轮/rounds, "
                  f"{group.games_per_round} 盘/games, {group.rule_set}, "
                  f"opening={group.opening}, fifth_move_offers={group.fifth_move_offers}, "
                  f"tiebreaks={','.join(group.tiebreaks)}, points={json.dumps(group.points)}")
    return 0


def _group_add(args: argparse.Namespace) -> int:
    from app.services.event import add_group

    with opened(args) as context:
        event = context.event
        add_group(event, args.name, like=args.like)
    return 0


def _group_remove(args: argparse.Namespace) -> int:
    from app.services.event import remove_group

    with opened(args) as context:
        event = context.event
        remove_group(event, args.name)
    return 0


def _event(args: argparse.Namespace) -> int:
    from app.services.event import update_event
    from app.services.queries import event_info

    fields = {key: value for key, value in (
        ("title", args.title), ("organisers", args.organisers), ("venue", args.venue),
        ("start_date", args.start_date), ("end_date", args.end_date)) if value is not None}
    with opened(args) as context:
        event = context.event
        if fields:
            update_event(event, **fields)
        info = event_info(event)
    dates = " - ".join(str(d) for d in (info.start_date, info.end_date) if d)
    print(f"{info.title}\n{info.organisers}\n{info.venue} {dates}")
    for group in info.groups:
        print(f"  {group.name}: {group.player_count} 人 / players, "
              f"{group.rounds_paired}/{group.rounds} 轮 / rounds")
    return 0
