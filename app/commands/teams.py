"""Team events: `team-add` (register a team in board order), `team-result`, `teams`, `bracket`."""

from __future__ import annotations

import argparse
from typing import Any

from app.commands._context import NUMBER, add_event, opened
from app.errors import UserError

_GENDERS = {"男": "M", "女": "F", "M": "M", "F": "F", "m": "M", "f": "F"}


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "team-add", help="登记队伍（按台次）/ register a team in board order")
    add_event(parser, group="required")
    parser.add_argument("--unit", default="")
    parser.add_argument("--source", default="", help="名单（如 大众场）/ list label")
    parser.add_argument("--seed", type=NUMBER, default=None)
    parser.add_argument("name", help="队名 / team name")
    parser.add_argument("members", nargs="+", metavar="NAME/GENDER",
                        help="各台棋手，如 张三/男 李四/男 王芳/女 / players by board")
    parser.set_defaults(handler=_team_add)

    parser = subparsers.add_parser(
        "team-result", help="录入团体赛各台成绩（黑先）/ team match results by board")
    add_event(parser, group="required")
    parser.add_argument("--playoff", nargs="*", default=[],
                        help="主将加赛结果 / captains' playoff results")
    parser.add_argument("--replace", action="store_true")
    parser.add_argument("round", type=NUMBER)
    parser.add_argument("match", type=NUMBER)
    parser.add_argument("codes", nargs="+", metavar="RESULT")
    parser.set_defaults(handler=_team_result)

    parser = subparsers.add_parser("teams", help="列出队伍 / list teams")
    add_event(parser, group="required")
    parser.set_defaults(handler=_teams)

    parser = subparsers.add_parser("bracket", help="淘汰赛对阵图 / knockout bracket")
    add_event(parser, group="required")
    parser.set_defaults(handler=_bracket)


def parse_member(text: str) -> tuple[str, str]:
    name, _sep, gender = text.partition("/")
    if not name.strip() or gender.strip() not in _GENDERS:
        raise UserError(f"队员应写作 姓名/性别（男或女）：{text!r}",
                        f"write a member as NAME/GENDER (男 or 女): {text!r}", "members")
    return name.strip(), _GENDERS[gender.strip()]


def _team_add(args: argparse.Namespace) -> int:
    from app.services import knockout
    members = [parse_member(m) for m in args.members]
    with opened(args) as context:
        event = context.event
        team_id = knockout.add_team(event, context.group_name, args.name, members, unit=args.unit,
                                    source=args.source, seed=args.seed)
    print(team_id)
    return 0


def _team_result(args: argparse.Namespace) -> int:
    from app.services import knockout
    with opened(args) as context:
        event = context.event
        result = knockout.enter_team_result(event, context.group_name, args.round, args.match,
                                            args.codes, args.playoff, replace=args.replace)
    if not result:
        print("比分相同，需主将加赛（--playoff）/ level: the captains' playoff decides "
              "(--playoff)")
    return 0


def _teams(args: argparse.Namespace) -> int:
    from app.services import knockout
    with opened(args) as context:
        event = context.event
        for info in knockout.teams(event, context.group_name):
            members = " ".join(f"{k}.{name}" for k, (_pid, name, _g) in
                               enumerate(info.members, 1))
            print(f"{info.id:>4}  {info.seed:>3}  {info.name}  {info.source}  {members}")
    return 0


def _bracket(args: argparse.Namespace) -> int:
    from app.pairing.knockout import bracket_lines
    from app.services import knockout
    with opened(args) as context:
        event = context.event
        view = knockout.bracket_view(event, context.group_name)
        names = {t.id: t.name for t in knockout.teams(event, context.group_name)}
        places = knockout.knockout_places(event, context.group_name)
    for line in bracket_lines(view, names):
        print(line)
    if places:
        print("名次 / places: " + ", ".join(
            f"{place}. {names.get(entrant, entrant)}"
            for entrant, place in sorted(places.items(), key=lambda item: item[1])))
    return 0
