"""`import`: qualifier lists into an event, every problem listed row by row."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from app.commands._context import add_event, opened


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "import", help="导入晋级名单（CSV/XLSX）/ import qualifier lists (CSV/XLSX)")
    add_event(parser, group="none")
    parser.add_argument("lists", nargs="+", metavar="LIST",
                        help="名单文件，按规程顺序；可写作 来源=文件，如 外卡=wild.xlsx / list "
                             "files in the regulation's order; LABEL=FILE names the list")
    parser.add_argument("--group", help="全部导入此组别 / import all rows into this group")
    parser.add_argument("--dry-run", action="store_true",
                        help="只检查，不写入 / check and report only")
    parser.add_argument("--valid-only", action="store_true",
                        help="有错误时只导入无误的行 / import only the valid rows")
    parser.set_defaults(handler=_import)


def split_list_arguments(items: list[str]) -> tuple[list[str], list[str | None]]:
    """`LABEL=PATH` or `PATH` -> the paths and their labels (None where not given)."""
    paths: list[str] = []
    sources: list[str | None] = []
    for item in items:
        label, sep, path = item.partition("=")
        if sep and label and path and not Path(item).exists():
            paths.append(path)
            sources.append(label)
        else:
            paths.append(item)
            sources.append(None)
    return paths, sources


def _import(args: argparse.Namespace) -> int:
    from app.services.importing import import_lists
    paths, sources = split_list_arguments(args.lists)
    with opened(args) as context:
        event = context.event
        report = import_lists(event, paths, args.group, dry_run=args.dry_run,
                              valid_only=args.valid_only, sources=sources)
    for problem in report.problems:
        stream = sys.stderr if problem.severity == "error" else sys.stdout
        tag = "错误/error" if problem.severity == "error" else "警告/warning"
        print(f"{tag}: {problem.format()}", file=stream)
    for line in report.left_out:
        print(f"未录取/left out: {line}")
    groups = ", ".join(f"{name} {count}" for name, count in report.per_group.items())
    if report.written:
        print(f"已导入 / imported {report.entrants}: {groups}")
    else:
        verb = "可导入 / would import" if not report.has_errors else "未导入 / nothing imported"
        print(f"{verb} {report.entrants}: {groups}")
    if report.has_errors and not report.written:
        print(f"{args.file}: 名单有错误，未写入任何数据（可用 --valid-only 只导入无误的行）"
              " / the lists have errors; nothing written (--valid-only imports the valid rows)",
              file=sys.stderr)
        return 2
    return 0
