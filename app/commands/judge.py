"""`python -m app judge`: judge positions given as JSON Lines on stdin (docs/CLI.md contract).

Input, one position a line: `{"black": ["h8", ...], "white": [...]}` (extra keys ignored,
blank lines skipped). Output, one line per position in order:
`{"forbidden": {"g9": "33"}, "black_five": [...], "white_five": [...]}` with points sorted
by (column, row) and the primary forbidden kind (overline > 44 > 33). The whole input is
read and checked before anything is written: a line that is not JSON, a missing or bad
coordinate, or a point given twice exits 2 naming the line and the field.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any, TextIO

from app.errors import UserError
from app.rules.board import Point, Position, format_point, parse_point
from app.rules.judge import RuleSet, Verdict, judge_position


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "judge",
        help="判定禁手与连五（JSON Lines）/ judge positions: forbidden points and fives",
        description="从标准输入逐行读取局面（JSON Lines），每个局面输出一行判定 / Reads JSON Lines "
        "positions on stdin and writes one verdict line per position.",
    )
    parser.add_argument(
        "--rules",
        choices=[r.value for r in RuleSet],
        default=RuleSet.RENJU.value,
        help="行棋规则：renju（专业规则，默认）、freestyle（大众规则）、standard（标准五子棋）/ rule "
        "set: renju (default), freestyle, standard",
    )
    parser.add_argument(
        "--all-kinds",
        action="store_true",
        help="另列出每个禁手点的全部禁手种类 / also print forbidden_all_kinds (every kind of "
        "each forbidden point)",
    )
    parser.add_argument(
        "--five-completion-counts",
        action="store_true",
        help="活三的成五点同时成连五时仍算活三（部分程序的读法；默认按 RIF 规则文字）/ count a "
        "three even when its completing point also makes a five (the reading some programs "
        "follow; the default follows the RIF wording)",
    )
    parser.set_defaults(handler=run)


def _stones(record: dict[str, Any], key: str, where: str, seen: dict[Point, str]) -> list[Point]:
    value = record.get(key, [])
    if not isinstance(value, list):
        raise UserError(f"“{key}” 应为坐标列表", f"'{key}' must be a list of points", where)
    points = []
    for i, text in enumerate(value):
        field = f"{where}: {key}[{i}]"
        point = parse_point(text, field)
        if point in seen:
            raise UserError(
                f"{text} 与 {seen[point]} 重复", f"{text} already given as {seen[point]}", field
            )
        seen[point] = f"{key}[{i}]"
        points.append(point)
    return points


def parse_positions(stream: TextIO, name: str = "<stdin>") -> list[Position]:
    """Every position of a JSON Lines stream; `UserError` naming the line on bad input."""
    positions = []
    for number, line in enumerate(stream, start=1):
        if not line.strip():
            continue
        where = f"{name}:{number}"
        try:
            record = json.loads(line)
        except json.JSONDecodeError as error:
            raise UserError(
                f"不是有效的 JSON（第 {error.colno} 列）",
                f"not valid JSON (column {error.colno}): {error.msg}",
                where,
            ) from None
        except RecursionError:
            raise UserError("JSON 嵌套过深", "JSON nested too deeply", where) from None
        except ValueError as error:  # e.g. a number of more than 4 300 digits
            raise UserError("JSON 中有无法读取的数值", f"a value that cannot be read: "
                            f"{str(error)[:60]}", where) from None
        if not isinstance(record, dict):
            raise UserError("每行应为一个 JSON 对象", "each line must be a JSON object", where)
        seen: dict[Point, str] = {}
        black = _stones(record, "black", where, seen)
        white = _stones(record, "white", where, seen)
        positions.append(Position(frozenset(black), frozenset(white)))
    return positions


def verdict_json(verdict: Verdict, all_kinds: bool = False) -> str:
    """One output line of the contract for a verdict."""
    out: dict[str, Any] = {
        "forbidden": {format_point(p): k for p, k in sorted(verdict.forbidden.items())},
        "black_five": [format_point(p) for p in sorted(verdict.black_five)],
        "white_five": [format_point(p) for p in sorted(verdict.white_five)],
    }
    if all_kinds:
        out["forbidden_all_kinds"] = {
            format_point(p): list(k) for p, k in sorted(verdict.forbidden_all_kinds.items())
        }
    return json.dumps(out, ensure_ascii=False)


def run(args: argparse.Namespace) -> int:
    positions = parse_positions(sys.stdin)
    rules = RuleSet(args.rules)
    out = sys.stdout
    for position in positions:
        verdict = judge_position(position, rules,
                                 five_completion_counts=args.five_completion_counts)
        out.write(verdict_json(verdict, args.all_kinds) + "\n")
    out.flush()
    return 0
