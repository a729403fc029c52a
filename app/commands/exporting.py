"""`export`: PDFs, the Excel workbook and the federation package of an event."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from app.commands._context import add_event, opened

if TYPE_CHECKING:  # the command's start imports no service until it runs
    from app.services.ranking import TeamStandingsInfo


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser("export", help="打印与导出 / print and export")
    add_event(parser, group="none")
    parser.add_argument("--out", help="输出文件夹（--list 时不需要）/ output folder (not with --list)")
    parser.add_argument("--pdf", action="store_true",
                        help="PDF 与 Word 文件（对阵表、成绩、名次、奖状……；秩序册、成绩册另有 Word "
                             "版）/ PDF and Word files (pairings, results, standings, "
                             "certificates ...; the order and result books also in Word)")
    parser.add_argument("--xlsx", action="store_true", help="Excel 工作簿 / workbook")
    parser.add_argument("--federation", action="store_true",
                        help="上报材料（含校验和）/ federation package with checksums")
    parser.add_argument("--overwrite", action="store_true",
                        help="输出文件夹已有文件时仍写入（同名文件被替换）；默认另建带日期的新文件夹 "
                             "/ write into a folder that holds files (same names replaced); by "
                             "default a new dated folder is made inside it")
    parser.add_argument("--provisional", action="store_true",
                        help="未赛完的组也打印奖状与录取名单（注明临时·非最终）/ also print the "
                             "awards of unfinished rankings, marked provisional")
    parser.add_argument("--only", action="append", metavar="DOCUMENT",
                        help="只导出这份文件（名称见 --list，可重复）/ just this document (see "
                             "--list; may repeat)")
    parser.add_argument("--list", action="store_true",
                        help="列出可导出的文件，不写入 / list the documents, write nothing")
    parser.set_defaults(handler=_export)


def _say_team_ties_open(infos: Sequence[TeamStandingsInfo]) -> None:
    """Before the award list is made (the export hands over its team rankings as it works
    them out): a team ranking whose tie the regulation leaves to the arbiter is not on it
    (as not final) until the arbiter chooses; say so and how."""
    for info in infos:
        for first, last in info.asks:
            print(f"{info.name} 第{first}-{last}名并列：规程未规定团体名次的破同分办法，未列入录取名单；"
                  f"请用 team-ranking --tiebreaks / --tie-rule share 或 team-lots 决定 / "
                  f"{info.name} places {first}-{last} tied: the regulation gives no team "
                  "tie-break; not on the award list until decided (team-ranking --tiebreaks "
                  "or --tie-rule share, or team-lots)", file=sys.stderr)


def _export(args: argparse.Namespace) -> int:
    from app.errors import UserError
    from app.services.exporting import export, export_documents, export_target
    every = not (args.pdf or args.xlsx or args.federation)
    kinds = {"pdf": args.pdf or every, "xlsx": args.xlsx or every,
             "federation": args.federation or every}
    if args.list:
        with opened(args) as context:
            for label in export_documents(context.event, provisional=args.provisional, **kinds):
                print(label)
        return 0
    if not args.out:
        raise UserError("请用 --out 给出输出文件夹", "give the output folder with --out", "--out")

    on_terminal = sys.stderr.isatty()
    line_open = False  # a progress line on the terminal not yet ended

    def progress(done: int, total: int, label: str) -> None:
        nonlocal line_open
        line = f"[{done}/{total}] {label or '完成 / done'}"
        if on_terminal:  # one line rewritten in place, its old tail cleared (ESC [K)
            print(f"\r{line}\x1b[K", end="", file=sys.stderr, flush=True)
            line_open = True
        else:  # a log or a pipe: a line each, no carriage returns in it
            print(line, file=sys.stderr, flush=True)

    try:
        with opened(args) as context:
            event = context.event
            target = export_target(event, Path(args.out), overwrite=args.overwrite)
            if target != Path(args.out):
                print(f"{args.out} 中已有文件，不覆盖：写入新文件夹 / the folder holds files, "
                      f"nothing replaced; writing to {target}", file=sys.stderr)
            written = export(event, target, progress=progress, provisional=args.provisional,
                             overwrite=True, only=args.only,
                             team_rankings_seen=_say_team_ties_open, **kinds)
    finally:
        if line_open:  # what follows (the files, or a refusal) starts a line of its own
            print(file=sys.stderr)
    for path in written:
        print(path)
    return 0
