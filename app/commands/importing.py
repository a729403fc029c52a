"""`import`: qualifier lists into an event, every problem listed row by row."""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
import tempfile
from pathlib import Path
from typing import Any

from app.commands._context import add_event, opened
from app.errors import UserError


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


class _Report:
    """The `--report` file: its path checked before anything is imported (a bad path refuses
    first), its lines written at the end through a file made beside it at the start, so a
    refused import leaves no report behind and nothing at the report's path is touched
    before then."""

    def __init__(self, path: str, event_file: str, lists: list[str]) -> None:
        from app.store.files import check_output_file, file_error

        self.path = Path(path)
        check_output_file(self.path, "无法写入报告", "cannot write the report")
        for other, zh, en in ((event_file, "赛事文件", "the event file"),
                              *((name, "名单文件", "a list file") for name in lists)):
            if _same_file(self.path, Path(other)):
                raise UserError(f"报告文件 {path} 就是{zh}，会被覆盖；请另选文件名",
                                f"the report file {path} is {en}: it would be overwritten; "
                                f"choose another name", path)
        try:
            handle, name = tempfile.mkstemp(prefix=f".{self.path.name}.", dir=self.path.parent)
        except OSError as error:
            raise file_error(error, path, "无法写入报告", "cannot write the report") from None
        os.close(handle)
        self._partial = Path(name)

    def write(self, lines: list[str]) -> None:
        from app.store.files import file_error

        try:
            self._partial.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
            os.replace(self._partial, self.path)
        except OSError as error:
            raise file_error(error, str(self.path), "无法写入报告",
                             "cannot write the report") from None

    def discard(self) -> None:
        """Remove the partial file (gone already once written)."""
        with contextlib.suppress(OSError):
            self._partial.unlink(missing_ok=True)


def _same_file(one: Path, other: Path) -> bool:
    """True when both names are one file (an existing file by identity, else by name)."""
    try:
        if one.exists() and other.exists():
            return one.samefile(other)
        return one.resolve() == other.resolve()
    except (OSError, ValueError):
        return False


def import_summary(written: bool, dry_run: bool, refused: bool, count: int, groups: str
                   ) -> str:
    """What the import did, or what it would do (`--dry-run`), with how many players: a
    dry run says what the import would do, never "nothing imported"."""
    if written:
        return f"已导入 {count} 人 / imported {count}: {groups}"
    if refused:
        how = "将不导入任何人" if dry_run else "未导入任何人"
        how_en = "would import nobody" if dry_run else "nothing imported"
        return (f"有错误，{how}；加 --valid-only 可导入无误的 {count} 人 / errors: {how_en}; "
                f"--valid-only imports the {count} valid: {groups}")
    return f"将导入 {count} 人 / would import {count}: {groups}"


def _import(args: argparse.Namespace) -> int:
    """Import; problems go row by row to `--report OUT`, and stderr gets one line: the first
    error and how many there are (docs/CLI.md, `import`)."""
    from app.services.importing import import_lists
    paths, sources = split_list_arguments(args.lists)
    report_file = None if args.report is None else _Report(args.report, args.file, paths)
    try:
        with opened(args) as context:
            report = import_lists(context.event, paths, args.group, dry_run=args.dry_run,
                                  valid_only=args.valid_only, sources=sources)
        lines = [("错误/error: " if p.severity == "error" else "警告/warning: ") + p.format()
                 for p in report.problems]
        lines += [f"未录取/left out: {line.format()}" for line in report.left_out]
        if report_file is not None:
            report_file.write(lines)
    finally:
        if report_file is not None:
            report_file.discard()
    for problem in report.problems:
        if problem.severity != "error":
            print(f"警告/warning: {problem.format()}")
    for line in report.left_out:
        print(f"未录取/left out: {line.format()}")
    groups = ", ".join(f"{name} {count}" for name, count in report.per_group.items())
    print(import_summary(report.written, args.dry_run, report.has_errors and not
                         args.valid_only, report.entrants, groups))
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
