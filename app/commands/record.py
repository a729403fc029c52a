"""`python -m app record convert FILE --to FMT`: convert a game record between plain moves,
SGF and Piskvork `.psq` (棋谱格式转换). The input format is detected unless `--from` is given;
the whole file is read and checked before anything is written."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from app.errors import UserError
from app.rules.records import FORMATS, read_record, write_record


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser("record", help="棋谱格式转换 / convert game records")

    def usage(_: argparse.Namespace) -> int:
        parser.print_help(sys.stderr)
        return 2

    parser.set_defaults(handler=usage)
    actions = parser.add_subparsers(dest="record_action", metavar="ACTION")
    convert = actions.add_parser("convert", help="convert a record (moves, sgf, psq)")
    convert.add_argument("file", help="record file (moves, .sgf or .psq); '-' for stdin")
    convert.add_argument("--to", choices=FORMATS, required=True, help="output format")
    convert.add_argument("--from", dest="source", choices=FORMATS, help="input format")
    convert.add_argument("--out", help="write here instead of stdout")
    convert.set_defaults(handler=run_convert)


def read_text(name: str) -> str:
    """A record file's text: UTF-8 (with or without BOM), else GB18030 (older Chinese tools)."""
    if name == "-":
        return sys.stdin.read()
    try:
        data = Path(name).read_bytes()
    except OSError as error:
        raise UserError(f"无法读取文件：{error.strerror}", f"cannot read: {error.strerror}",
                        name) from None
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        try:
            return data.decode("gb18030")
        except UnicodeDecodeError:
            raise UserError("文件编码无法识别（应为 UTF-8 或 GBK）",
                            "unknown text encoding (expected UTF-8 or GBK)", name) from None


def run_convert(args: argparse.Namespace) -> int:
    name = "<stdin>" if args.file == "-" else args.file
    record = read_record(read_text(args.file), name, args.source)
    text = write_record(record, args.to)
    if args.out:
        Path(args.out).write_text(text, encoding="utf-8")
    else:
        sys.stdout.write(text)
    return 0
