"""Commands on players: `players` (list as CSV or a table), `player` edits."""

from __future__ import annotations

import argparse
import csv
import sys
from typing import Any

from app.commands._context import NUMBER, add_event, opened, whole_number
from app.errors import UserError

COLUMNS = ("id", "name", "gender", "birth_date", "unit", "group", "source", "id_number",
           "platform_id", "qualifier_rank", "qualifier_points", "grade", "status", "seed")


# What `player ID --FIELD VALUE` edits (app.services.players.EDITABLE; the service checks).
EDIT_FIELDS = ("name", "gender", "birth_date", "id_number", "unit", "platform_id", "source",
               "qualifier_rank", "qualifier_points", "grade", "phone", "rating", "seed")
_NUMBER_FIELDS = ("qualifier_rank", "qualifier_points", "rating", "seed")

# The kinds `app.services.players.set_absence` takes (kept here so that listing the
# commands does not load the services; the service checks the kind again).
ABSENCE_CHOICES = ("absent", "half_bye", "zero_bye", "full_bye", "clear")


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser("players", help="列出棋手 / list players")
    add_event(parser, group="filter")
    output = parser.add_mutually_exclusive_group()
    output.add_argument("--csv", action="store_true", help="CSV 输出 / CSV output")
    output.add_argument("--json", action="store_true",
                        help="JSON 输出（性别 M/F、状态 active/withdrawn，供程序读取）/ JSON "
                             "output, for programs")
    parser.set_defaults(handler=_players)

    parser = subparsers.add_parser("add-player", help="添加棋手（含迟到报名）/ add a (late) player")
    add_event(parser, group="required")
    parser.add_argument("--name", required=True, help="姓名 / name")
    parser.add_argument("--gender", default="")
    parser.add_argument("--birth-date", default=None)
    parser.add_argument("--unit", default="")
    parser.add_argument("--id-number", default="")
    parser.set_defaults(handler=_add_player)

    parser = subparsers.add_parser("player", help="修改棋手资料 / edit a player")
    add_event(parser, group="check")
    parser.add_argument("player_id", type=NUMBER)
    for field in EDIT_FIELDS:
        parser.add_argument(f"--{field.replace('_', '-')}", dest=field,
                            type=whole_number(0) if field in _NUMBER_FIELDS else str,
                            help="姓名 / name" if field == "name" else None)
    parser.add_argument("--expected-version", type=NUMBER, default=None,
                        help="所见资料的版本（他人已改则拒绝）/ refuse if changed since this version")
    parser.set_defaults(handler=_edit_player)

    parser = subparsers.add_parser("reinstate", help="恢复退赛棋手 / reinstate a player")
    add_event(parser, group="check")
    parser.add_argument("player_id", type=NUMBER)
    parser.set_defaults(handler=_reinstate)

    parser = subparsers.add_parser("withdraw", help="棋手退赛 / withdraw a player")
    add_event(parser, group="check")
    parser.add_argument("player_id", type=NUMBER)
    parser.add_argument("--from-round", type=NUMBER, default=None)
    parser.set_defaults(handler=_withdraw)

    parser = subparsers.add_parser("absent", help="某轮缺席或预先轮空 / absent or bye in advance")
    add_event(parser, group="check")
    parser.add_argument("player_id", type=NUMBER)
    parser.add_argument("round", type=NUMBER)
    parser.add_argument("--kind", default="absent", choices=ABSENCE_CHOICES,
                        help="absent（缺席，默认）、half_bye（请假半分）、zero_bye（请假零分）、"
                             "full_bye（请假全分）、clear（取消）/ absent (default), a half-, zero- "
                             "or full-point bye, or clear")
    parser.set_defaults(handler=_absent)


def gender_text(code: str) -> str:
    """A stored gender (M / F) as the lists print it: 男 / 女."""
    from app.imports.text import Gender

    return Gender(code).zh if code in tuple(Gender) else code


def status_text(row: Any) -> str:
    """A listed player's state as the arbiter says it (`app.wording.player_state_text`): 在赛
    or 退赛 (from which round), with a late entry's first round and the absences entered."""
    from app.services.lookup import withdrawn_from
    from app.wording import player_state_text

    return player_state_text(withdrawn_from(row), row.entered_round, row.absences)


def _players(args: argparse.Namespace) -> int:
    from app.exports.model import csv_safe
    from app.services.queries import players
    with opened(args) as context:
        event = context.event
        rows = players(event, context.group)
    if args.json:
        import json

        print(json.dumps([{c: _json_value(getattr(row, c)) for c in COLUMNS} | {
            "withdrawn_from_round": row.withdrawn_from_round,
            "entered_round": row.entered_round} for row in rows],
            ensure_ascii=False))
    elif args.csv:
        writer = csv.writer(sys.stdout, lineterminator="\n")
        writer.writerow(COLUMNS)
        for row in rows:
            values = {
                "id": row.id,
                "name": row.name,
                "gender": gender_text(row.gender),
                "birth_date": row.birth_date.isoformat() if row.birth_date else "",
                "unit": row.unit,
                "group": row.group,
                "source": row.source,
                "id_number": row.id_number,
                "platform_id": row.platform_id,
                "qualifier_rank": "" if row.qualifier_rank is None else row.qualifier_rank,
                "qualifier_points": "" if row.qualifier_points is None else row.qualifier_points,
                "grade": row.grade,
                "status": status_text(row),
                "seed": row.seed,
            }
            # Imported text never reaches a spreadsheet as a formula.
            writer.writerow([csv_safe(values[c]) for c in COLUMNS])
    else:
        for row in rows:
            print(f"{row.id:>5}  {row.group}  {row.name}  {gender_text(row.gender)}  {row.unit}  "
                  f"{row.source}  {status_text(row)}")
    return 0


def _json_value(value: object) -> object:
    return value.isoformat() if hasattr(value, "isoformat") else value


def _add_player(args: argparse.Namespace) -> int:
    from app.services import players as player_service
    with opened(args) as context:
        event = context.event
        player_id = player_service.add_player(
            event, args.group, name=args.name, gender=args.gender, birth_date=args.birth_date,
            unit=args.unit, id_number=args.id_number)
    print(player_id)
    return 0


def _withdraw(args: argparse.Namespace) -> int:
    from app.services import players as player_service
    with opened(args) as context:
        event = context.event
        player_service.withdraw_player(event, args.player_id, args.from_round)
    return 0


def _absent(args: argparse.Namespace) -> int:
    from app.services import players as player_service
    kind = None if args.kind == "clear" else args.kind
    with opened(args) as context:
        event = context.event
        for note in player_service.set_absence(event, args.player_id, args.round, kind):
            print(note)
    return 0


def _edit_player(args: argparse.Namespace) -> int:
    from app.services import players as player_service
    fields: dict[str, object] = {}
    for field in EDIT_FIELDS:
        value = getattr(args, field)
        if value is None:
            continue
        fields[field] = value
    if not fields:
        raise UserError("没有要修改的字段", "nothing to change: give --name, --unit, ...",
                        "player")
    with opened(args) as context:
        player_service.update_player(context.event, args.player_id,
                                     expected_version=args.expected_version, **fields)
    return 0


def _reinstate(args: argparse.Namespace) -> int:
    from app.services import players as player_service
    with opened(args) as context:
        player_service.reinstate_player(context.event, args.player_id)
    return 0
