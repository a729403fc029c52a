"""Team events: `team-add` (register a team in board order, or declare a team for a team
ranking over an individual group), `team-edit` (a team's board order before play starts),
`team-import`, `team-remove`, `team-lots`,
`team-ranking`, `team-result`, `team-withdraw` (a Team Swiss team withdraws or comes back),
`teams`, `bracket`."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any

from app.commands._context import NUMBER, add_event, opened
from app.errors import CorrectionNotConfirmed, UserError

if TYPE_CHECKING:
    from collections.abc import Mapping

    from app.pairing.knockout import KnockoutMatch

_GENDERS = {"男": "M", "女": "F", "M": "M", "F": "F", "m": "M", "f": "F"}


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "team-add", help="登记队伍（按台次），或为团体名次报名队伍 / register or declare a team")
    add_event(parser, group="filter")
    parser.add_argument("--ranking", help="团体名次，如 公开组团体（男子）/ a team ranking")
    parser.add_argument("--unit", default="")
    parser.add_argument("--source", default="", help="名单（如 大众场）/ list label")
    parser.add_argument("--seed", type=NUMBER, default=None)
    parser.add_argument("name", help="队名 / team name")
    parser.add_argument("members", nargs="+", metavar="MEMBER",
                        help="团体赛：各台棋手 姓名/性别；团体名次：已报名棋手的姓名或编号 / "
                             "team group: NAME/GENDER by board; team ranking: player names or ids")
    parser.set_defaults(handler=_team_add)

    parser = subparsers.add_parser(
        "team-edit", help="修改队伍的台次（比赛开始前）/ change a team's line-up before play")
    add_event(parser, group="filter")
    parser.add_argument("--ranking", help="团体名次：修改报名的队伍 / a team ranking's team")
    parser.add_argument("--name", default=None, help="新队名 / new team name")
    parser.add_argument("--unit", default=None)
    parser.add_argument("team", help="队名 / team name")
    parser.add_argument("members", nargs="+", metavar="MEMBER",
                        help="团体赛：各台棋手 姓名/性别，按台次；团体名次：棋手姓名或编号 / "
                             "team group: NAME/GENDER by board; team ranking: names or ids")
    parser.set_defaults(handler=_team_edit)

    parser = subparsers.add_parser(
        "team-import", help="导入团体报名名单（CSV/XLSX）/ import declared teams")
    add_event(parser, group="none")
    parser.add_argument("--ranking", required=True, help="团体名次 / team ranking")
    parser.add_argument("--replace", action="store_true",
                        help="替换已报名的队伍 / replace the teams declared so far")
    parser.add_argument("list", metavar="LIST", help="队伍名单：队名、姓名（单位、身份证号）/ the team list: team, name (unit, ID number)")
    parser.set_defaults(handler=_team_import)

    parser = subparsers.add_parser(
        "team-lots", help="记录并列队伍的抽签（或加赛）顺序 / order tied teams by lots")
    add_event(parser, group="none")
    where = parser.add_mutually_exclusive_group(required=True)
    where.add_argument("--ranking", help="团体名次 / a team ranking")
    where.add_argument("--group", help="团体积分编排赛的组别 / a Team Swiss group")
    parser.add_argument("teams", nargs="+", metavar="TEAM", help="按抽签顺序 / best first")
    parser.set_defaults(handler=_team_lots)

    parser = subparsers.add_parser(
        "team-ranking", help="团体名次的破同分顺序与并列办法 / a team ranking's tie rules")
    add_event(parser, group="none")
    parser.add_argument("--ranking", required=True)
    parser.add_argument("--tiebreaks", default=None,
                        help="如 best_place,buchholz（空则无）/ e.g. best_place,buchholz")
    # the values are the service's (standings.awards.TieRule), checked there with a message
    parser.add_argument("--tie-rule", default=None, metavar="share|playoff",
                        help="仍相同：平分奖金（share）或抽签/加赛（playoff）/ still level: share "
                             "or lots")
    parser.set_defaults(handler=_team_ranking)

    parser = subparsers.add_parser("team-list", help="列出团体名次的报名队伍 / declared teams")
    add_event(parser, group="none")
    parser.add_argument("--ranking", required=True)
    parser.set_defaults(handler=_team_list)

    parser = subparsers.add_parser("team-remove", help="撤销团体报名 / remove a declared team")
    add_event(parser, group="none")
    parser.add_argument("--ranking", required=True)
    parser.add_argument("name", help="队名 / the team")
    parser.set_defaults(handler=_team_remove)

    parser = subparsers.add_parser(
        "team-result", help="录入团体赛各台成绩（黑先）/ team match results by board")
    add_event(parser, group="required")
    parser.add_argument("--playoff", nargs="*", default=[],
                        help="主将加赛结果 / captains' playoff results")
    parser.add_argument("--lots", metavar="TEAM", default=None,
                        help="两队打平且无法加赛时，抽签决定的胜方队名 / a level match decided "
                             "by lots: the team drawn")
    parser.add_argument("--replace", action="store_true")
    parser.add_argument("round", type=NUMBER)
    parser.add_argument("match", type=NUMBER)
    parser.add_argument("codes", nargs="*", metavar="RESULT",
                        help="各台结果（黑先）；与 --lots 同用时可省略（沿用已录入的各台结果）/ "
                             "each board's result, black first; with --lots they may be left "
                             "out (the boards as entered)")
    parser.set_defaults(handler=_team_result)

    parser = subparsers.add_parser(
        "team-withdraw", help="团体积分编排：整队退赛或恢复参赛 / withdraw or reinstate a team")
    add_event(parser, group="required")
    parser.add_argument("--from-round", type=NUMBER, default=None,
                        help="从第几轮起不再编排（默认：下一轮）/ first round not paired "
                             "(default: the next)")
    parser.add_argument("--reinstate", action="store_true",
                        help="恢复参赛：从下一轮起重新编排 / take the withdrawal back")
    parser.add_argument("team", help="队名 / team name")
    parser.set_defaults(handler=_team_withdraw)

    parser = subparsers.add_parser("teams", help="列出队伍 / list teams")
    add_event(parser, group="required")
    parser.set_defaults(handler=_teams)

    parser = subparsers.add_parser("bracket", help="淘汰赛对阵图 / knockout bracket")
    add_event(parser, group="required")
    parser.add_argument("--json", action="store_true",
                        help="以 JSON 输出（供程序读取）/ as JSON, for programs")
    parser.set_defaults(handler=_bracket)


def parse_member(text: str) -> tuple[str, str]:
    name, _sep, gender = text.partition("/")
    if not name.strip() or gender.strip() not in _GENDERS:
        raise UserError(f"队员应写作 姓名/性别（男或女）：{text!r}",
                        f"write a member as NAME/GENDER (男 or 女): {text!r}", "members")
    return name.strip(), _GENDERS[gender.strip()]


def _team_add(args: argparse.Namespace) -> int:
    from app.services import knockout
    if args.ranking:
        from app.services import teams

        with opened(args) as context:
            team = teams.declare_team(context.event, args.ranking, args.name, args.members,
                                      args.unit)
        _print_declared([team])
        return 0
    members = [parse_member(m) for m in args.members]
    with opened(args) as context:
        event = context.event
        team_id = knockout.add_team(event, context.group_name, args.name, members, unit=args.unit,
                                    source=args.source, seed=args.seed)
    print(team_id)
    return 0


def _team_edit(args: argparse.Namespace) -> int:
    from app.services import knockout
    if args.ranking:
        from app.services import teams

        with opened(args) as context:
            team = teams.update_declared_team(context.event, args.ranking, args.team,
                                              args.members, args.unit or "", args.name)
        _print_declared([team])
        return 0
    members = [parse_member(m) for m in args.members]
    with opened(args) as context:
        team_id = knockout.edit_team(context.event, context.group_name, args.team, members,
                                     name=args.name, unit=args.unit)
    print(team_id)
    return 0


def _print_declared(declared: list[Any]) -> None:
    for team in declared:
        names = "、".join(name for _pid, name in team.members)
        print(f"{team.ranking}  {team.name}  {team.unit}  {names}")


def _team_import(args: argparse.Namespace) -> int:
    from app.services import teams
    with opened(args) as context:
        declared = teams.import_teams(context.event, args.ranking, args.list,
                                      replace=args.replace)
    _print_declared(declared)
    return 0


def _team_lots(args: argparse.Namespace) -> int:
    from app.services import teams
    with opened(args) as context:
        if args.group is not None:
            teams.record_group_lots(context.event, args.group, args.teams)
        else:
            teams.record_lots(context.event, args.ranking, args.teams)
    return 0


def _team_ranking(args: argparse.Namespace) -> int:
    from app.services import teams
    chain = None
    if args.tiebreaks is not None:
        chain = [t.strip() for t in args.tiebreaks.split(",") if t.strip()]
    with opened(args) as context:
        spec = teams.set_team_ranking_rules(context.event, args.ranking, chain, args.tie_rule)
    tie_rule = spec.tie_rule.value if spec.tie_rule is not None else ""
    print(f"{args.ranking}: {','.join(spec.tiebreaks)}  {tie_rule}")
    return 0


def _team_list(args: argparse.Namespace) -> int:
    from app.services import teams
    with opened(args) as context:
        declared = teams.declared_teams(context.event, args.ranking)
    _print_declared(declared)
    return 0


def _team_remove(args: argparse.Namespace) -> int:
    from app.services import teams
    with opened(args) as context:
        teams.remove_team(context.event, args.ranking, args.name)
    return 0


def _team_result(args: argparse.Namespace) -> int:
    from app import wording
    from app.services import knockout
    with opened(args) as context:
        event = context.event
        if not args.codes and args.lots is None:
            raise UserError("缺少各台结果（黑先，每台一个）", "give each board's result (black "
                            "first, one a board)", "RESULT")
        if knockout.same_team_result(event, context.group_name, args.round, args.match,
                                     args.codes, args.playoff, args.lots):
            place_zh = wording.match_place_text(args.round, args.match)
            place_en = wording.match_place_text(args.round, args.match, lang="en")
            print(f"{place_zh}已是这些结果，未改动 / {place_en} has these results already: "
                  "nothing changed")
            return 0
        try:
            entry = knockout.enter_team_result(event, context.group_name, args.round,
                                               args.match, args.codes, args.playoff,
                                               lots=args.lots, replace=args.replace)
        except CorrectionNotConfirmed as error:
            raise UserError(f"{error.zh}；如需更正，请加 --replace",
                            f"{error.en}; to correct it, add --replace", error.where) from None
    for warning in entry.warnings:
        print(warning)
    if args.lots is not None:
        place_zh = wording.match_place_text(args.round, args.match)
        place_en = wording.match_place_text(args.round, args.match, lang="en")
        print(f"{place_zh} {wording.lots_winner_text(args.lots.strip())} / {place_en}: "
              f"{wording.lots_winner_text(args.lots.strip(), 'en')}")
    elif not entry.result:
        print("比分相同，需主将加赛（--playoff）；无法加赛时由裁判长抽签决定（--lots 队名）/ "
              "level: the captains' playoff decides (--playoff); where it cannot be played, "
              "lots drawn by the chief arbiter (--lots TEAM)")
    return 0


def _team_withdraw(args: argparse.Namespace) -> int:
    """`team-withdraw`: a Team Swiss team withdraws (not paired from the round given on) or,
    with `--reinstate`, plays again from the next round."""
    from app.services import team_swiss
    from app.wording import withdrawn_text
    with opened(args) as context:
        if args.reinstate:
            if args.from_round is not None:
                raise UserError("恢复参赛不需要 --from-round", "--reinstate takes no --from-round",
                                "--from-round")
            team_swiss.reinstate_team(context.event, context.group_name, args.team)
            print(f"{args.team} 恢复参赛，下一轮起重新编排 / {args.team} is reinstated: "
                  "paired again from the next round")
            return 0
        start = team_swiss.withdraw_team(context.event, context.group_name, args.team,
                                         args.from_round)
    print(f"{args.team} {withdrawn_text(start)} / {args.team} {withdrawn_text(start, 'en')}")
    return 0


def _teams(args: argparse.Namespace) -> int:
    from app.services import knockout
    from app.services.team_swiss import withdrawals
    from app.wording import withdrawn_text
    with opened(args) as context:
        event = context.event
        gone = withdrawals(event, context.group_name)
        for info in knockout.teams(event, context.group_name):
            members = " ".join(f"{k}.{name}" for k, (_pid, name, _g) in
                               enumerate(info.members, 1))
            mark = f"（{withdrawn_text(gone[info.name])}）" if info.name in gone else ""
            print(f"{info.id:>4}  {info.seed:>3}  {info.name}{mark}  {info.source}  {members}")
    return 0


def _bracket(args: argparse.Namespace) -> int:
    from app.services import knockout, venue_bracket
    with opened(args) as context:
        event = context.event
        view = knockout.bracket_view(event, context.group_name)
        entrants = venue_bracket.bracket_entrants(event, context.group_name)
        places = knockout.knockout_places(event, context.group_name)
        team = knockout.played_by_teams(event, context.group_name)
    names = {entrant: ref.name for entrant, ref in entrants.items()}
    withdrawn = {entrant: ref.withdrawn_from for entrant, ref in entrants.items()
                 if ref.withdrawn_from is not None}
    if args.json:
        import json

        print(json.dumps({"matches": [
            {"round": m.round, "match": m.number, "places": list(m.places), "top": m.top,
             "bottom": m.bottom, "winner": m.winner,
             "decided_by": m.decided_by.value if m.decided_by is not None else None}
            for ms in view.rounds for m in ms
            if not m.void],
            "names": {str(k): v for k, v in names.items()},
            "withdrawn_from": {str(k): v for k, v in withdrawn.items()},
            "places": {str(k): v for k, v in places.items()}}, ensure_ascii=False))
        return 0
    for matches in view.rounds:
        for match in matches:
            line = bracket_match_text(match, names, team, withdrawn)
            if line:
                print(line)
    if places:
        print("名次 / places: " + ", ".join(
            f"{place}. {names.get(entrant, entrant)}"
            for entrant, place in sorted(places.items(), key=lambda item: item[1])))
    return 0


def bracket_match_text(match: KnockoutMatch, names: dict[int, str], team: bool = True,
                       withdrawn: Mapping[int, int] | None = None) -> str:
    """One match of the bracket in words: `第1轮第2场（1–16名）/ round 1, match 2 (places
    1–16)：甲 — 乙，胜者 / winner：乙`, a level team match with how it was decided (`乙（抽签 /
    lots）`), an individual match neither of whose players came (not `team`) with why its
    lots (`乙（双方均未到场，抽签 / neither came, lots）`); '' for a match only empty slots reach
    (it decides no place). An entrant withdrawn (`withdrawn`: the round it withdrew from, by
    entrant) is marked in the matches it no longer plays (`乙（退赛 / withdrawn）`), as the
    printed bracket marks it."""
    from app import wording
    from app.pairing.knockout import BYE
    from app.pairing.types import SitOut, withdrawn_by

    if match.void or (match.top == BYE and match.bottom == BYE):
        return ""

    def entrant(who: int | None, marked: bool = True) -> str:
        if who is None:
            return "待定 / to come"
        if who == BYE:
            return "轮空 / bye"
        name = names.get(who, str(who))
        if marked and withdrawn and withdrawn_by(match.round, withdrawn.get(who)):
            name += (f"（{wording.team_missing_why(SitOut.WITHDRAWN)} / "
                     f"{wording.team_missing_why(SitOut.WITHDRAWN, 'en')}）")
        return name

    where = (f"{wording.match_place_text(match.round, match.number)}"
             f"（{wording.places_text(match.places)}）/ "
             f"{wording.match_place_text(match.round, match.number, lang='en')} "
             f"({wording.places_text(match.places, 'en')})")
    how = (f"（{wording.knockout_decision_text(match.decided_by, team)} / "
           f"{wording.knockout_decision_text(match.decided_by, team, 'en')}）"
           if match.decided_by is not None else "")  # 主将加赛 or 抽签
    won = (f"，胜者 / winner：{entrant(match.winner, marked=False)}{how}"
           if match.winner not in (None, BYE) else "")
    return f"{where}：{entrant(match.top)} — {entrant(match.bottom)}{won}"
