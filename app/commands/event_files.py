"""Commands on whole event files: `presets`, `new`, `undo`, `redo`."""

from __future__ import annotations

import argparse
from typing import Any


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser("presets", help="列出预设（五个真实规程） / list the presets")
    parser.set_defaults(handler=_presets)

    parser = subparsers.add_parser("new", help="新建赛事文件 / create an event file")
    parser.add_argument("file", help="赛事文件路径或 PostgreSQL URL / event file or database URL")
    parser.add_argument("--preset", help="预设名称 / preset name (see `presets`)")
    parser.add_argument("--title", help="赛事名称 / event title")
    parser.set_defaults(handler=_new)

    for name, text in (("undo", "撤销上一步操作 / undo the last operation"),
                       ("redo", "重做 / redo the last undone operation")):
        parser = subparsers.add_parser(name, help=text)
        parser.add_argument("file")
        parser.set_defaults(handler=_undo if name == "undo" else _redo)


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


def _undo(args: argparse.Namespace) -> int:
    from app.services.event import Event
    with Event.open(args.file) as event:
        done = event.undo()
    print(f"已撤销 / undone: {done}" if done else "没有可撤销的操作 / nothing to undo")
    return 0 if done else 1


def _redo(args: argparse.Namespace) -> int:
    from app.services.event import Event
    with Event.open(args.file) as event:
        done = event.redo()
    print(f"已重做 / redone: {done}" if done else "没有可重做的操作 / nothing to redo")
    return 0 if done else 1
