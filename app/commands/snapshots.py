"""Command `snapshots`: list an event's snapshots (快照), take one, or restore one, through
the snapshot services as the window does (docs/CLI.md, "Snapshots")."""

from __future__ import annotations

import argparse
from typing import Any

from app.commands._context import NUMBER, add_event, opened
from app.errors import UserError


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "snapshots",
        help="列出、创建或恢复快照 / list, take or restore snapshots",
        description="不带选项：列出快照（编号、时间、工作站、原因）/ Without options: list the "
                    "snapshots (number, time, station, reason).",
    )
    add_event(parser, group="none")
    action = parser.add_mutually_exclusive_group()
    action.add_argument("--restore", type=NUMBER, metavar="ID",
                        help="恢复编号为 ID 的快照 / restore snapshot ID")
    action.add_argument("--take", metavar="LABEL", help="现在创建快照 / take a snapshot now")
    parser.add_argument("--keep", type=NUMBER, metavar="N",
                        help="最多保留 N 个快照 / keep at most N snapshots (with --take)")
    parser.set_defaults(handler=_snapshots)


def _snapshots(args: argparse.Namespace) -> int:
    from app.services import snapshots

    if args.keep is not None and args.take is None:
        raise UserError("--keep 只能与 --take 一起使用", "--keep goes with --take", "--keep")
    with opened(args) as context:
        if args.restore is not None:
            before = snapshots.restore(context.event, args.restore)
            print(f"已恢复快照 {args.restore} / restored snapshot {args.restore}"
                  f"（恢复前的状态已存为快照 {before.id} / the state before is snapshot"
                  f" {before.id}）")
            return 0
        if args.take is not None:
            info = snapshots.take(context.event, args.take, keep=args.keep)
            print(f"{info.id}\t{info.taken_at:%Y-%m-%d %H:%M:%S}\t{info.station}\t{info.label}")
            return 0
        kept = snapshots.snapshots(context.event)
    if not kept:
        print("没有快照 / no snapshots")
        return 0
    for info in kept:
        print(f"{info.id}\t{info.taken_at:%Y-%m-%d %H:%M:%S}\t{info.station}\t{info.label}")
    return 0
