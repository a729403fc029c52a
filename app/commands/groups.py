"""`group`: show or change a group's settings (rules, system, rounds, points, tie-breaks)."""

from __future__ import annotations

import argparse
import json
from typing import Any

from app.errors import UserError
from app.pairing.system import System


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser("group", help="查看或修改组别设置 / show or change a group")
    parser.add_argument("file")
    parser.add_argument("--group", help="组别 / group")
    parser.add_argument("--rounds", type=int)
    parser.add_argument("--system", help=", ".join(s.value for s in System))
    parser.add_argument("--games-per-round", type=int, choices=(1, 2))
    parser.add_argument("--rule-set", choices=("renju", "free", "gomoku"))
    parser.add_argument("--tiebreaks", help="逗号分隔 / comma-separated, e.g. buchholz,wins")
    parser.add_argument("--points", help='JSON, e.g. {"win": 4, "draw": 1, "loss": 0}')
    parser.add_argument("--set", action="append", default=[], metavar="KEY=JSON",
                        help="其他设置 / other settings, e.g. same_unit_avoidance_rounds=3")
    parser.set_defaults(handler=_group)

    parser = subparsers.add_parser("group-add", help="添加组别 / add a group")
    parser.add_argument("file")
    parser.add_argument("name")
    parser.add_argument("--like", help="照此组别的设置 / copy this group's settings")
    parser.set_defaults(handler=_group_add)

    parser = subparsers.add_parser("group-remove", help="删除空组别 / remove an empty group")
    parser.add_argument("file")
    parser.add_argument("name")
    parser.set_defaults(handler=_group_remove)

    parser = subparsers.add_parser("event", help="查看或修改赛事信息 / show or change the event")
    parser.add_argument("file")
    for field in ("title", "organisers", "venue", "start-date", "end-date"):
        parser.add_argument(f"--{field}")
    parser.set_defaults(handler=_event)


def _json(text: str, where: str) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise UserError(f"不是有效的 JSON：{error.msg}", f"not valid JSON: {error.msg}",
                        where) from None


def _group(args: argparse.Namespace) -> int:
    from app.services.event import Event
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
    if args.tiebreaks is not None:
        fields["tiebreaks"] = [t.strip() for t in args.tiebreaks.split(",") if t.strip()]
    if args.points:
        fields["points"] = _json(args.points, "--points")
    settings = {}
    for item in args.set:
        key, sep, value = item.partition("=")
        if not sep or not key:
            raise UserError(f"应写作 KEY=JSON：{item!r}", f"write KEY=JSON: {item!r}", "--set")
        settings[key] = _json(value, f"--set {key}")
    if settings:
        fields["settings"] = settings
    with Event.open(args.file) as event:
        if fields:
            with event.reading() as session:
                name = Event.group(session, args.group).name
            update_group(event, name, **fields)
        for group in event_info(event).groups:
            if args.group and group.name != args.group:
                continue
            print(f"{group.name}: {group.system.value}, {group.rounds} 轮/rounds, "
                  f"{group.games_per_round} 盘/games, {group.rule_set}, "
                  f"tiebreaks={','.join(group.tiebreaks)}, points={json.dumps(group.points)}")
    return 0


def _group_add(args: argparse.Namespace) -> int:
    from app.services.event import Event, add_group

    with Event.open(args.file) as event:
        add_group(event, args.name, like=args.like)
    return 0


def _group_remove(args: argparse.Namespace) -> int:
    from app.services.event import Event, remove_group

    with Event.open(args.file) as event:
        remove_group(event, args.name)
    return 0


def _event(args: argparse.Namespace) -> int:
    from app.services.event import Event, update_event
    from app.services.queries import event_info

    fields = {key: value for key, value in (
        ("title", args.title), ("organisers", args.organisers), ("venue", args.venue),
        ("start_date", args.start_date), ("end_date", args.end_date)) if value is not None}
    with Event.open(args.file) as event:
        if fields:
            update_event(event, **fields)
        info = event_info(event)
    dates = " - ".join(str(d) for d in (info.start_date, info.end_date) if d)
    print(f"{info.title}\n{info.organisers}\n{info.venue} {dates}")
    for group in info.groups:
        print(f"  {group.name}: {group.player_count} 人 / players, "
              f"{group.rounds_paired}/{group.rounds} 轮 / rounds")
    return 0
