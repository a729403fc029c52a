"""`python -m app record ...`: game records (棋谱) on the command line.

- `record convert FILE --to FMT [--game N]`: convert between plain moves, SGF and Piskvork
  `.psq`, or one game of a RenjuNet database file (`.rif`, XML: `--game N` picks the Nth
  game when it holds several); the input format is detected unless `--from` is given; the
  whole file is read and checked before anything is written.
- `record replay ACTIONS [--free | --rule RULE] [--rules R] [--offers N] [--declared]
  [--opening NAME] [--to FMT]`:
  play a game action by action as the board would (`h8 h9 i9 swap g10 offer:j7 offer:a1
  choose:j7 ... claim`, see `app.rules.game.encode_actions`) and print the board, the state
  and the result, or the record in a format. An illegal action exits 2 naming it.
- `record check FILE --rule RULE [--rules R] [--offers N] [--declared] [--opening NAME]
  [--game N]`: check a finished record (a `.rif` game too, as for `convert`) against an opening rule and the renju rules (docs/CLI.md,
  "Records"); one JSON line; exit 0 legal, 1 not legal, 2 unreadable.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from app.commands.trf import read_limited
from app.errors import UserError
from app.rules.board import board_text, format_point
from app.rules.check import check_actions, check_moves
from app.rules.game import GameSettings, decode_actions, is_action_line
from app.rules.judge import RuleSet
from app.rules.openings import find_opening
from app.rules.protocols import Protocol
from app.rules.records import (
    FORMATS,
    GameRecord,
    detect_format,
    read_record,
    record_of_game,
    write_record,
)
from app.rules.renjunet import is_renjunet, renjunet_record

RENJUNET = "rif"  # read only: a RenjuNet database file (app.rules.renjunet)


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser("record", help="棋谱格式转换 / convert game records")

    def usage(_: argparse.Namespace) -> int:
        parser.print_help(sys.stderr)
        return 2

    parser.set_defaults(handler=usage)
    actions = parser.add_subparsers(dest="record_action", metavar="ACTION")
    convert = actions.add_parser("convert", help="转换棋谱格式（着法、SGF、PSQ、RIF） / convert a record (moves, sgf, psq, rif)")
    convert.add_argument("file", help="棋谱文件（着法、.sgf、.psq 或 RenjuNet .rif），'-' 为标准输入 / "
                                      "record file (moves, .sgf, .psq or RenjuNet .rif); '-' for stdin")
    convert.add_argument("--to", choices=FORMATS, required=True, help="输出格式 / output format")
    convert.add_argument("--from", dest="source", choices=(*FORMATS, RENJUNET),
                         help="输入格式 / input format")
    convert.add_argument("--game", type=int,
                         help=".rif 文件中的第几局（1 为第一局） / the game of a .rif file (1 = the first)")
    convert.add_argument("--out", help="写入此文件，不输出到屏幕 / write here instead of stdout")
    convert.set_defaults(handler=run_convert)
    replay = actions.add_parser("replay", help="按行棋动作复盘 / play a game from its actions")
    replay.add_argument("actions", help="行棋动作，以空格分隔（'-' 为标准输入） / "
                                        "the actions, space separated ('-' for stdin)")
    replay.add_argument("--rules", choices=[r.value for r in RuleSet], default="renju",
                        help="行棋规则（默认有禁手） / rule set (default renju: forbidden moves)")
    replay.add_argument("--free", action="store_true", help="自由开局 / free opening")
    replay.add_argument("--offers", type=int, default=2, help="五手N打的 N（默认2） / N of 五手N打 (default 2)")
    replay.add_argument("--opening", help="预先指定的开局（花月、4D、4） / opening fixed in advance (花月, 4D, 4)")
    replay.add_argument("--rule", choices=[p.value for p in Protocol],
                        help="开局规则（默认指定开局；--free 为自由开局） / "
                             "opening rule (default designated; --free: free)")
    replay.add_argument("--declared", action="store_true",
                        help="指定开局：由假先方申明 N（至多 --offers） / "
                             "designated rule: the tentative black declares N (up to --offers)")
    replay.add_argument("--to", choices=("text", *FORMATS), default="text",
                        help="输出格式（默认文字） / output format (text by default)")
    replay.set_defaults(handler=run_replay)
    check = actions.add_parser("check", help="按开局规则审核棋谱 / check a record against an opening rule")
    check.add_argument("file", help="棋谱文件（动作行、着法、.sgf、.psq、.rif），'-' 为标准输入 / "
                                    "record file (action line, moves, .sgf, .psq, .rif); '-' for stdin")
    check.add_argument("--rule", required=True, choices=[p.value for p in Protocol],
                       help="开局规则 / opening rule")
    check.add_argument("--rules", choices=[r.value for r in RuleSet], default="renju",
                       help="行棋规则（默认有禁手） / rule set (default renju: black has forbidden moves)")
    check.add_argument("--offers", type=int, default=2,
                       help="指定开局的五手N打之 N（与 --declared 同用为上限） / "
                            "N of 五手N打 for the designated rule (the most, with --declared)")
    check.add_argument("--declared", action="store_true",
                       help="指定开局：由假先方申明 N / designated rule: the tentative black declares N")
    check.add_argument("--opening", help="预先指定的开局（花月、4D、4） / opening fixed in advance (花月, 4D, 4)")
    check.add_argument("--from", dest="source", choices=("actions", *FORMATS, RENJUNET),
                       help="输入格式（不写则自动识别） / input format (detected when left out)")
    check.add_argument("--game", type=int,
                       help=".rif 文件中的第几局（1 为第一局） / the game of a .rif file (1 = the first)")
    check.set_defaults(handler=run_check)


def read_text(name: str) -> str:
    """A record file's text: UTF-8 (with or without BOM), else GB18030 (older Chinese tools)."""
    if name == "-":
        return sys.stdin.read()
    data = read_limited(name, 16 * 1024 * 1024)
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        try:
            return data.decode("gb18030")
        except UnicodeDecodeError:
            raise UserError("文件编码无法识别（应为 UTF-8 或 GBK）",
                            "unknown text encoding (expected UTF-8 or GBK)", name) from None


def read_input(text: str, name: str, source: str | None, game: int | None,
               repeats: bool = False) -> GameRecord:
    """The record `text` holds: a game of a RenjuNet file (`rif`, or XML when `source` is not
    given), else a record of `source` or the detected format. `repeats`: a move on an
    occupied point is read (for `check`, which reports it) instead of refused."""
    if source == RENJUNET or (source is None and is_renjunet(text)):
        return renjunet_record(text, game, name, repeats)
    if game is not None:
        raise UserError("只有 RenjuNet 文件（.rif）可以选择第几局",
                        "--game is for RenjuNet (.rif) files only", name)
    return read_record(text, name, source, repeats)


def run_convert(args: argparse.Namespace) -> int:
    name = "<stdin>" if args.file == "-" else args.file
    record = read_input(read_text(args.file), name, args.source, args.game)
    text = write_record(record, args.to)
    if args.out:
        # Only here: a record printed to the terminal loads nothing of the store.
        from app.store.files import write_output

        write_output(args.out, text, "无法写入棋谱", "cannot write the record")
    else:
        sys.stdout.write(text)
    return 0


def _settings(args: argparse.Namespace, protocol: Protocol) -> GameSettings:
    """The game's rules from `--rules`, `--offers`, `--declared` and `--opening`."""
    opening = find_opening(args.opening) if args.opening else None
    return GameSettings(RuleSet(args.rules), fifth_offers=args.offers, fixed_opening=opening,
                        protocol=protocol, declared_offers=args.declared)


def run_replay(args: argparse.Namespace) -> int:
    text = sys.stdin.read() if args.actions == "-" else args.actions
    if args.free:
        settings = GameSettings.free(RuleSet(args.rules))
    else:
        settings = _settings(args, Protocol(args.rule or "designated"))
    game = decode_actions(settings, text, "actions")
    if args.to != "text":
        sys.stdout.write(write_record(record_of_game(game), args.to))
        return 0
    marks = {p: "*" for p in game.forbidden_points()} if game.to_move.value == "black" else {}
    out = [board_text(game.position, marks).rstrip("\n")]
    if game.opening is not None:
        out.append(f"开局 / opening: {game.opening}")
    if game.swapped is not None:
        out.append(f"三手交换 / swap: {'是 yes' if game.swapped else '否 no'}")
    if game.offers:
        out.append("五手打点 / fifth offers: " + " ".join(format_point(p) for p in game.offers))
    moves = " ".join(f"{m.number}.{m.name}{'!' + m.foul if m.foul else ''}"
                     for m in game.numbered_moves())
    out.append(f"着法 / moves: {moves}")
    zh, en = game.prompt
    out.append(f"{zh} / {en}")
    if game.result is not None:
        out.append(f"结果 / result: {game.result.code} (先手方在前 / first mover first)")
    sys.stdout.write("\n".join(out) + "\n")
    return 0


def run_check(args: argparse.Namespace) -> int:
    name = "<stdin>" if args.file == "-" else args.file
    text = read_text(args.file)
    settings = _settings(args, Protocol(args.rule))
    plain = args.source is None and not is_renjunet(text) and detect_format(text) == "moves"
    if args.source == "actions" or (plain and is_action_line(text)):
        verdict = check_actions(settings, text.split())
    else:
        record = read_input(text, name, args.source, args.game, repeats=True)
        # A record that carries the protocol's steps (SGF AC/FO nodes, a PSQ #steps line) is
        # checked step by step; a stone-only one with the steps it cannot show implied.
        verdict = (check_actions(settings, record.steps) if record.steps
                   else check_moves(settings, record.moves))
    print(json.dumps(verdict.as_json(), ensure_ascii=False))
    return 0 if verdict.legal else 1
