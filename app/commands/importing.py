"""`import`: qualifier lists into an event, every problem listed row by row."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any, TextIO

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
    parser.add_argument("--report", metavar="OUT",
                        help="把逐行的问题列表写入此文件 / write the row-by-row list here")
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


def _open_report(path: str | None) -> TextIO | None:
    """The report file, opened before anything is imported (a bad path refuses first)."""
    if path is None:
        return None
    from app.store.files import check_output_file, file_error

    check_output_file(Path(path), "无法写入报告", "cannot write the report")
    try:
        return Path(path).open("w", encoding="utf-8")
    except OSError as error:
        raise file_error(error, path, "无法写入报告", "cannot write the report") from None


def _import(args: argparse.Namespace) -> int:
    """Import; problems go row by row to `--report OUT`, and stderr gets one line: the first
    error and how many there are (docs/CLI.md, `import`)."""
    from app.services.importing import import_lists
    paths, sources = split_list_arguments(args.lists)
    report_file = _open_report(args.report)
    try:
        with opened(args) as context:
            report = import_lists(context.event, paths, args.group, dry_run=args.dry_run,
                                  valid_only=args.valid_only, sources=sources)
        lines = [("错误/error: " if p.severity == "error" else "警告/warning: ") + p.format()
                 for p in report.problems]
        lines += [f"未录取/left out: {line.format()}" for line in report.left_out]
        if report_file is not None:
            report_file.write("".join(line + "\n" for line in lines))
    finally:
        if report_file is not None:
            report_file.close()
    for problem in report.problems:
        if problem.severity != "error":
            print(f"警告/warning: {problem.format()}")
    for line in report.left_out:
        print(f"未录取/left out: {line.format()}")
    groups = ", ".join(f"{name} {count}" for name, count in report.per_group.items())
    if report.written:
        print(f"已导入 / imported {report.entrants}: {groups}")
    else:
        verb = "可导入 / would import" if not report.has_errors else "未导入 / nothing imported"
        print(f"{verb} {report.entrants}: {groups}")
    errors = [p for p in report.problems if p.severity == "error"]
    if not errors:
        return 0
    where = (f"全部列表见 / full list in {args.report}" if args.report else
             "用 --report 文件 得到逐行列表 / --report FILE lists every row")
    more = (f"（共 {len(errors)} 处错误 / {len(errors)} errors in all; {where}）"
            if len(errors) > 1 else f"（{where}）")
    state = ("其余无误的行已导入 / the valid rows were imported" if report.written else
             "未写入任何数据 / nothing written")
    print(" ".join(f"{errors[0].format()} {more} {state}".split()), file=sys.stderr)
    return 0 if report.written else 2
