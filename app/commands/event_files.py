"""Commands on whole event files: `presets`, `new`, `undo`, `redo`."""

from __future__ import annotations

import argparse
from typing import Any

from app.commands._context import NUMBER, add_event, opened


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser("presets", help="列出预设（五个真实规程） / list the presets")
    parser.set_defaults(handler=_presets)

    parser = subparsers.add_parser("new", help="新建赛事文件 / create an event file")
    parser.add_argument("file", help="赛事文件路径或 PostgreSQL URL / event file or database URL")
    parser.add_argument("--preset", help="预设名称 / preset name (see `presets`)")
    parser.add_argument("--title", help="赛事名称 / event title")
    parser.set_defaults(handler=_new)

    for name, text in (("undo", "撤销本工作站上一步操作 / undo this station's last operation"),
                       ("redo", "重做本工作站撤销的操作 / redo this station's last undone one")):
        parser = subparsers.add_parser(name, help=text)
        add_event(parser, group="none")
        choice = parser.add_mutually_exclusive_group()
        choice.add_argument("--entry", type=NUMBER, metavar="N",
                            help="操作记录中的第 N 项（可为其他工作站的）/ log entry N, of any "
                                 "station (see --list)")
        choice.add_argument("--list", action="store_true",
                            help="列出最近的操作：编号、工作站、内容 / list recent operations")
        parser.set_defaults(handler=_step, direction=name)


def _presets(_args: argparse.Namespace) -> int:
    from app.services.presets import list_presets
    for info in list_presets():
        print(f"{info.name}\t{info.description}")
    return 0


def _new(args: argparse.Namespace) -> int:
    from app.services.event import Event
    with Event.create(args.file, preset=args.preset, title=args.title) as event, \
            event.reading() as session:
        tournament = Event.tournament(session)
        groups = "、".join(g.name for g in tournament.groups) or "（无组别 / no groups）"
        print(f"{args.file}: {tournament.title} — {groups}")
    return 0


def _step(args: argparse.Namespace) -> int:
    """Undo/redo this station's own last operation; another station's only by `--entry`,
    and the line printed names whose operation it was and what (docs/CLI.md, "Undo")."""
    with opened(args) as context:
        event = context.event
        if args.list:
            for entry in event.history():
                state = "已撤销/undone" if entry.undone else "有效/in effect"
                print(f"{entry.id}\t{entry.created_at:%Y-%m-%d %H:%M:%S}\t{entry.station}\t"
                      f"{state}\t{entry.description}")
            return 0
        whose = ""
        if args.entry is not None:
            found = event.logged(args.entry)
            whose = f"{found.station}: " if found else ""
        step = event.undo if args.direction == "undo" else event.redo
        done = step(args.entry)
    verb = "已撤销 / undone" if args.direction == "undo" else "已重做 / redone"
    if done:
        print(f"{verb}: {whose}{done}")
        return 0
    none = "没有可撤销的操作 / nothing to undo" if args.direction == "undo" else (
        "没有可重做的操作 / nothing to redo")
    print(f"{none}（本工作站 / this station; --list）")
    return 1
