"""Command `snapshots`: list an event's snapshots (快照), take one, or restore one."""

from __future__ import annotations

import argparse
from typing import Any

from app.errors import UserError


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "snapshots",
        help="列出、创建或恢复快照 / list, take or restore snapshots",
        description="Without options: list the snapshots (number, time, station, reason).",
    )
    parser.add_argument("file", help="赛事文件路径或 PostgreSQL URL / event file or database URL")
    action = parser.add_mutually_exclusive_group()
    action.add_argument("--restore", type=_positive, metavar="ID",
                        help="恢复编号为 ID 的快照 / restore snapshot ID")
    action.add_argument("--take", metavar="LABEL", help="现在创建快照 / take a snapshot now")
    parser.add_argument("--keep", type=_positive, metavar="N",
                        help="最多保留 N 个快照 / keep at most N snapshots (with --take)")
    parser.set_defaults(handler=_snapshots)


def _positive(value: str) -> int:
    try:
        number = int(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {value!r}") from None
    if number < 1:
        raise argparse.ArgumentTypeError(f"must be 1 or more: {value!r}")
    return number


def _snapshots(args: argparse.Namespace) -> int:
    # Imported here: listing the commands must not load the database layer.
    from app.store.session import EventStore
    from app.store.snapshots import list_snapshots, restore_snapshot, take_snapshot

    if args.keep is not None and args.take is None:
        raise UserError("--keep 只能与 --take 一起使用", "--keep goes with --take", "--keep")
    store = EventStore.open(args.file)
    try:
        if args.restore is not None:
            before = restore_snapshot(store, args.restore)
            print(f"已恢复快照 {args.restore} / restored snapshot {args.restore}"
                  f"（恢复前的状态已存为快照 {before.id} / the state before is snapshot"
                  f" {before.id}）")
            return 0
        if args.take is not None:
            info = take_snapshot(store, args.take, keep=args.keep)
            print(f"{info.id}\t{info.taken_at:%Y-%m-%d %H:%M:%S}\t{info.station}\t{info.label}")
            return 0
        snapshots = list_snapshots(store)
        if not snapshots:
            print("没有快照 / no snapshots")
            return 0
        for info in snapshots:
            print(f"{info.id}\t{info.taken_at:%Y-%m-%d %H:%M:%S}\t{info.station}\t{info.label}")
        return 0
    finally:
        store.close()
