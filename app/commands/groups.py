"""`group`: show or change a group's settings (rules, system, rounds, points, tie-breaks)."""

from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING, Any

from app.commands._context import NUMBER, add_event, opened, whole_number
from app.errors import UserError
from app.pairing.system import System
from app.rules.protocols import Protocol

if TYPE_CHECKING:
    from collections.abc import Mapping

    from app.group_settings import GroupSettings


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser("group", help="查看或修改组别设置 / show or change a group")
    add_event(parser, group="filter")
    parser.add_argument("--rounds", type=NUMBER, help="轮数 / number of rounds")
    parser.add_argument("--system", help="赛制：" + "、".join(f"{s.value}（{s.zh}）" for s in System)
                        + " / system: " + ", ".join(f"{s.value} ({s.en})" for s in System))
    parser.add_argument("--games-per-round", type=int, choices=(1, 2),
                        help="每轮局数：1（单盘制）或 2（双盘制）/ games per round: 1 or 2 (double game)")
    parser.add_argument("--rule-set", choices=("renju", "free", "gomoku"),
                        help="行棋规则：renju（专业规则，禁手）、free（大众规则，无禁手）、gomoku（标准五子棋）"
                             " / rule set: renju (forbidden moves), free (none), gomoku (standard)")
    parser.add_argument("--opening", choices=[p.value for p in Protocol],
                        help="开局规则 / opening rule")
    parser.add_argument("--fifth-move-offers", type=whole_number(0, 1000), metavar="N",
                        help="五手N打的 N（0：由假先方声明）/ N fifth moves (0: declared)")
    parser.add_argument("--tiebreaks", help="逗号分隔 / comma-separated, e.g. buchholz,wins")
    parser.add_argument("--points", help='胜/和/负 如 4/1/0，或 JSON / win/draw/loss, e.g. '
                        '4/1/0, or JSON, e.g. {"win": 4, "draw": 1, "loss": 0}')
    parser.add_argument("--team-primary", choices=("match", "game"),
                        help="团体积分编排的主分：match（场分）或 game（局分）/ Team Swiss primary "
                             "score: match points or game points (FIDE C.04.6 Art. 1.2)")
    parser.add_argument("--team-colours", choices=("A", "B", "none"),
                        help="团体积分编排的先后手偏好：A类、B类或 none（不考虑）/ Team Swiss colour "
                             "preferences: type A, B or none (FIDE C.04.6 Art. 1.7)")
    parser.add_argument("--team-tiebreaks",
                        help="团体名次区分（逗号分隔）：game_points 局分、direct_encounter 直胜、"
                             "sonneborn_berger 索伯分、buchholz 对手分、wins 胜场 / team tie-breaks")
    parser.add_argument("--set", action="append", default=[], metavar="KEY=JSON",
                        help="其他设置 / other settings, e.g. same_unit_avoidance_rounds=3")
    parser.add_argument("--json", action="store_true",
                        help="以 JSON 输出全部设置（供程序读取）/ every setting as JSON, for programs")
    parser.set_defaults(handler=_group)

    parser = subparsers.add_parser("group-add", help="添加组别 / add a group")
    add_event(parser, group="none")
    parser.add_argument("name", help="新组别的名称 / the new group's name")
    parser.add_argument("--like", help="照此组别的设置 / copy this group's settings")
    parser.set_defaults(handler=_group_add)

    parser = subparsers.add_parser("group-remove", help="删除空组别 / remove an empty group")
    add_event(parser, group="none")
    parser.add_argument("name", help="要删除的组别 / the group to remove")
    parser.set_defaults(handler=_group_remove)

    parser = subparsers.add_parser("event", help="查看或修改赛事信息 / show or change the event")
    add_event(parser, group="none")
    for field in ("title", "organisers", "venue", "start-date", "end-date"):
        parser.add_argument(f"--{field}")
    parser.add_argument("--chief-arbiter", help="裁判长 / chief arbiter")
    parser.add_argument("--deputy-chief-arbiters", help="副裁判长（以、分隔）/ deputies")
    parser.add_argument("--chief-pairing-officer", help="编排长 / chief pairing officer")
    parser.add_argument("--appeals-committee", help="仲裁委员会（主任在前，以、分隔）/ appeals")
    parser.add_argument("--appointed-by", help="裁判人员由谁选派 / who appoints the officials")
    parser.add_argument("--schedule", action="append", default=[], metavar="ROUND=DATE [TIME] [ROOM]",
                        help="竞赛日程：轮次（或 报到 等项目）=日期 时间 赛场，可重复；"
                             "配合 --group 只设该组；日期留空则删除该项 / a schedule line")
    parser.add_argument("--group", help="日程所属组别（默认全部组别）/ the schedule's group")
    parser.set_defaults(handler=_event)


def _json(text: str, where: str) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise UserError(f"不是有效的 JSON：{error.msg}", f"not valid JSON: {error.msg}",
                        where) from None


def _points(text: str) -> Any:
    """`--points`: win/draw/loss as the core reads it (`4/1/0`), or a JSON object."""
    if text.strip().startswith("{"):
        return _json(text, "--points")
    from dataclasses import asdict

    from app.standings.scoring import parse_point_system

    return asdict(parse_point_system(text, "--points"))


def _group(args: argparse.Namespace) -> int:
    from app.services.groups import update_group
    from app.services.queries import event_info
    fields = _changes(args)
    with opened(args) as context:
        event = context.event
        if fields:
            update_group(event, context.group_name, **fields)
        infos = [g for g in event_info(event).groups if not args.group or g.name == args.group]
        shown = [g.settings for g in infos]
    if fields:
        for one in shown:
            _say_unused(one, fields)
    if args.json:
        print(json.dumps([one.to_json() for one in shown], ensure_ascii=False))
        return 0
    from app.group_settings import label

    for info in infos:
        one = info.settings
        print(one.name)
        for key, zh, en in settings_lines(one, info.rounds_planned):
            print(f"  {label(key, 'zh')}：{zh} / {label(key, 'en')}: {en}")
    return 0


def _say_unused(settings: GroupSettings, fields: dict[str, Any]) -> None:
    """Warn of the settings just changed that the group's system does not read (同单位回避 in a
    Team Swiss, say): kept as given, they take effect only if the group changes system."""
    from app.group_settings import GroupSettings, label

    given = [key for key in (*fields, *(fields.get("settings") or {})) if key != "settings"]
    if "points" in fields and settings.system.round_robin:
        _say_unscored_points(settings)
    for key in given:
        if key in GroupSettings.keys() and not settings.applies(key):
            system = settings.system
            print(f"提示：{settings.name}的赛制（{system.zh}）不使用“{label(key, 'zh')}”，"
                  f"已保存但不起作用 / note: {settings.name}'s system ({system.en}) does not "
                  f"use \"{label(key, 'en')}\"; saved, without effect", file=sys.stderr)


def _say_unscored_points(settings: GroupSettings) -> None:
    """`--points` on a round robin: the values given that it does not score (`point_keys`: the
    bye, leave and absence; a missing player forfeits the game), with why; kept as given."""
    from app.group_settings import POINT_WORDS, GroupSettings
    from app.pairing.types import PointSystem
    from app.wording import round_robin_unscored_text

    scored, default = GroupSettings.point_keys(settings.system), PointSystem()
    reasons: dict[str, list[str]] = {}  # why -> the values it covers (请假全分、请假半分)
    for key in POINT_WORDS:
        if key not in scored and getattr(settings.points, key) != getattr(default, key):
            reasons.setdefault(key, [])
    if not reasons:
        return
    by_why: dict[tuple[str, str], list[tuple[str, str]]] = {}
    for key in reasons:
        why = (round_robin_unscored_text(key), round_robin_unscored_text(key, "en"))
        by_why.setdefault(why, []).append(POINT_WORDS[key])
    zh = "；".join("、".join(w[0] for w in words) + f"（{why[0]}）"
                  for why, words in by_why.items())
    en = "; ".join(", ".join(w[1] for w in words) + f" ({why[1]})"
                   for why, words in by_why.items())
    print(f"提示：{settings.name}的赛制（{settings.system.zh}）不计这些分值，已保存但不起作用：{zh} / "
          f"note: {settings.name}'s system ({settings.system.en}) does not score these, saved "
          f"without effect: {en}", file=sys.stderr)


def _changes(args: argparse.Namespace) -> dict[str, Any]:
    """The settings the options change, as `update_group` takes them."""
    fields: dict[str, Any] = {}
    for key in ("rounds", "fifth_move_offers"):
        if getattr(args, key) is not None:
            fields[key] = getattr(args, key)
    for key in ("system", "games_per_round", "rule_set", "opening"):
        if getattr(args, key):
            fields[key] = getattr(args, key)
    if args.tiebreaks is not None:
        fields["tiebreaks"] = [t.strip() for t in args.tiebreaks.split(",") if t.strip()]
    if args.points:
        fields["points"] = _points(args.points)
    settings: dict[str, Any] = {}
    for option, key in (("team_primary", "team_swiss_primary"),
                        ("team_colours", "team_swiss_colours")):
        if getattr(args, option, None):
            settings[key] = getattr(args, option)
    if getattr(args, "team_tiebreaks", None) is not None:
        settings["team_tiebreaks"] = [t.strip() for t in args.team_tiebreaks.split(",")
                                      if t.strip()]
    for item in args.set:
        key, sep, value = item.partition("=")
        if not sep or not key:
            raise UserError(f"应写作 KEY=JSON：{item!r}", f"write KEY=JSON: {item!r}", "--set")
        settings[key] = _json(value, f"--set {key}")
    if settings:
        fields["settings"] = settings
    return fields


def settings_lines(settings: GroupSettings, planned: int | None = None
                   ) -> list[tuple[str, str, str]]:
    """The group's main settings in words, (key, Chinese, English), as the setup form shows
    them; the other settings it changed from the defaults named by their labels. `planned`:
    the rounds the group plays (a round robin's table, a bracket's depth; None: not known)."""
    from app.group_settings import POINT_WORDS, RULE_SET_WORDS
    from app.standings.tiebreaks import REGISTRY
    from app.wording import TIEBREAK_ENGLISH, unplayed_text

    opening = Protocol(settings.opening)
    games = settings.games_per_round
    lines = [("system", settings.system.zh, settings.system.en),
             _rounds_line(settings, planned),
             ("games_per_round", f"{games}（{'双盘制' if games == 2 else '单盘制'}）",
              f"{games} ({'double game' if games == 2 else 'single game'})"),
             ("rule_set", *RULE_SET_WORDS[settings.rule_set]),
             ("opening", opening.zh, opening.en)]
    if opening is Protocol.DESIGNATED:
        offers = settings.fifth_move_offers
        lines.append(("fifth_move_offers", *(("由假先方申明", "declared by the tentative black")
                                             if offers == 0 else (str(offers), str(offers)))))
    if settings.time_control:
        lines.append(("time_control", settings.time_control, settings.time_control))
    if settings.system is System.TEAM_SWISS:  # the teams are ranked, not the players
        lines.append(_team_ranking_line(settings))
    elif settings.applies("tiebreaks"):
        lines.append(("tiebreaks", "、".join(settings.tiebreak_label(t)
                                             for t in settings.tiebreaks) or "（无）",
                      ", ".join(TIEBREAK_ENGLISH.get(t, REGISTRY[t].zh)
                                for t in settings.tiebreaks) or "(none)"))
    lines.append(_points_line(settings, POINT_WORDS))
    if settings.system is System.TEAM_SWISS:
        lines[-1] = _team_swiss_points(lines[-1], settings)
    if settings.system is System.DOUBLE_SWISS:
        lines.append(_double_swiss_points(settings))
    if settings.applies("unplayed_policy"):
        label = settings.tiebreak_label("buchholz")  # 对手分, or the regulation's 小分
        lines.append(("unplayed_policy", unplayed_text(settings.unplayed_policy, "zh", label),
                      unplayed_text(settings.unplayed_policy, "en", label)))
    if settings.system is System.TEAM_SWISS:
        lines += _team_swiss_lines(settings)
    return lines + _changed(settings)


def _rounds_line(settings: GroupSettings, planned: int | None) -> tuple[str, str, str]:
    """How many rounds the group plays: the setting, or a round robin's (its Berger table for
    its players, or the arbiter's count) and a knockout's (its bracket), which do not read it
    (`轮数 7（按单循环人数）`)."""
    system = settings.system
    if planned == 0 and system.round_robin:
        return ("rounds", f"按{system.zh}人数（尚不足两人）",
                f"by the {system.en}'s players (fewer than two yet)")
    if planned and system.round_robin:
        if settings.round_robin_rounds:
            return ("rounds", f"{planned}（裁判长定）", f"{planned} (the arbiter's count)")
        return ("rounds", f"{planned}（按{system.zh}人数）", f"{planned} (by the {system.en}'s "
                "players)")
    if system.bracket:  # log2 of the bracket's slots for its entrants, not the setting
        if planned:
            return ("rounds", f"{planned}（按淘汰赛对阵图）", f"{planned} (by the bracket)")
        who = ("两队", "two teams") if system.team else ("两人", "two players")
        return ("rounds", f"按淘汰赛对阵图（尚不足{who[0]}）",
                f"by the bracket (fewer than {who[1]} yet)")
    return ("rounds", str(settings.rounds), str(settings.rounds))


def _points_line(settings: GroupSettings, words: Mapping[str, tuple[str, str]]
                 ) -> tuple[str, str, str]:
    """The points the group scores; a round robin's bye is a rest round
    (`roundrobin.REST_OUTCOME`): `单循环轮空不计分`."""
    from app.pairing.roundrobin import REST_OUTCOME

    system = settings.system
    keys = settings.point_keys(system)  # a round robin: its games, and its rest said apart
    points = [(words[key], getattr(settings.points, key)) for key in keys
              if not (system.round_robin and key == REST_OUTCOME.value)]
    zh = " ".join(f"{zh}{value}" for (zh, _en), value in points)
    en = ", ".join(f"{en} {value}" for (_zh, en), value in points)
    if system.round_robin:
        rest = settings.points.points(REST_OUTCOME)
        zh += f" {system.zh}轮空不计分" if rest == 0 else f" {system.zh}轮空{rest}（按请假零分）"
        en += (f", {system.en} bye: no points (a rest round)" if rest == 0
               else f", {system.en} bye {rest} (as a zero-point bye)")
    return ("points", zh, en)


def _team_chain(settings: GroupSettings) -> tuple[str, ...]:
    """A Team Swiss group's team tie-breaks in force: its own, else the default chain for its
    primary score (C.07 4.1.1)."""
    from app.services.groups import default_team_tiebreaks

    return settings.team_tiebreaks or default_team_tiebreaks(settings.team_swiss_primary)


def _team_ranking_line(settings: GroupSettings) -> tuple[str, str, str]:
    """What ranks a Team Swiss group's teams, as the 秩序册 names it: the primary score, then
    the team tie-breaks (场分、局分、直胜、索伯分、对手分); its players are not ranked."""
    from app.pairing.team_swiss import PrimaryScore
    from app.standings.team_swiss import TIEBREAKS
    from app.wording import points_header

    primary = PrimaryScore(settings.team_swiss_primary)
    chain = _team_chain(settings)
    return ("tiebreaks", "、".join([points_header(primary), *(TIEBREAKS[k].zh for k in chain)]),
            ", ".join([points_header(primary, "en"), *(TIEBREAKS[k].en for k in chain)]))


def _team_swiss_points(line: tuple[str, str, str], settings: GroupSettings
                       ) -> tuple[str, str, str]:
    """A Team Swiss group's points line: the points of each board's game, then what the
    pairing-allocated bye gives the team (a match won, C.04.1 c, and a drawn game on every
    board), as its lists say it; no player has a bye or an absence of his own."""
    from app.pairing.types import Outcome
    from app.standings.team_swiss import bye_game_points, match_points_of
    from app.wording import team_bye_scores_text

    matches = match_points_of(Outcome.PAB)
    games = str(bye_game_points(settings.team.boards, settings.points.draw))
    key, zh, en = line
    return (key, f"每台 {zh}；轮空{team_bye_scores_text(matches, games)}",
            f"each board: {en}; the bye {team_bye_scores_text(matches, games, 'en')}")


def _double_swiss_points(settings: GroupSettings) -> tuple[str, str, str]:
    """What a round without a game played gives in a Double-Swiss group, which scores the
    games' points (FIDE C.04.5): the pairing-allocated bye a game won and one drawn (Art.
    3.4, not the 轮空 value of the points line), the byes requested in advance and a forfeit
    win two games at their value."""
    from app.pairing.double_swiss import bye_points
    from app.standings.scoring import bye_game_points

    points = settings.points
    values = [("轮空", "bye", bye_points(points))] + [
        (zh, en, bye_game_points(value, True) or 0) for zh, en, value in (
            ("请假全分", "full-point bye", points.full_bye),
            ("请假半分", "half-point bye", points.half_bye),
            ("请假零分", "zero-point bye", points.zero_bye),
            ("不战胜", "forfeit win", points.forfeit_win))]
    return ("double_swiss_points",
            "按两盘得分之和计（FIDE C.04.5）：" + " ".join(f"{zh}{v}" for zh, _en, v in values)
            + "（轮空为一胜一和）",
            "by the points of the two games (FIDE C.04.5): " + ", ".join(
                f"{en} {v}" for _zh, en, v in values) + " (the bye: a game won, one drawn)")


def _team_swiss_lines(settings: GroupSettings) -> list[tuple[str, str, str]]:
    """A Team Swiss group's own settings in words (FIDE C.04.6 Art. 1.2, 1.7); its team
    tie-breaks (C.07) are on the 名次区分 line, after the primary score."""
    from app.group_settings import TEAM_SWISS_WORDS

    return [("team_swiss_primary", *TEAM_SWISS_WORDS[settings.team_swiss_primary]),
            ("team_swiss_colours", *TEAM_SWISS_WORDS[settings.team_swiss_colours])]


def _changed(settings: GroupSettings) -> list[tuple[str, str, str]]:
    """The settings outside the form's main fields that differ from the defaults and that
    the group's system reads (`GroupSettings.applies`): named by their labels, their values
    behind `--json`."""
    from app.group_settings import LABELS

    shown = (("team_swiss_primary", "team_swiss_colours", "team_tiebreaks")
             if settings.system is System.TEAM_SWISS else ())
    changed = [key for key in settings.extra()
               if key in LABELS and key not in shown and settings.applies(key)]
    if not changed:
        return []
    return [("settings", "、".join(LABELS[k][0] for k in changed) + "（取值见 --json）",
             ", ".join(LABELS[k][1] for k in changed) + " (values: --json)")]


def _group_add(args: argparse.Namespace) -> int:
    from app.services.event import add_group

    with opened(args) as context:
        event = context.event
        add_group(event, args.name, like=args.like)
    return 0


def _group_remove(args: argparse.Namespace) -> int:
    from app.services.event import remove_group

    with opened(args) as context:
        event = context.event
        remove_group(event, args.name)
    return 0


def _event(args: argparse.Namespace) -> int:
    from app.services.event import (
        officials,
        schedule,
        set_officials,
        set_schedule_entry,
        update_event,
    )
    from app.services.queries import event_info

    fields = {key: value for key, value in (
        ("title", args.title), ("organisers", args.organisers), ("venue", args.venue),
        ("start_date", args.start_date), ("end_date", args.end_date)) if value is not None}
    people = {key: value for key in ("chief_arbiter", "deputy_chief_arbiters",
                                     "chief_pairing_officer", "appeals_committee",
                                     "appointed_by")
              if (value := getattr(args, key)) is not None}
    lines = [_schedule_line(text) for text in args.schedule]
    with opened(args) as context:
        event = context.event
        if fields:
            update_event(event, **fields)
        if people:
            set_officials(event, **people)
        for number, label, day, time, room in lines:
            set_schedule_entry(event, number, day, time, room, group=args.group or "",
                               label=label, remove=not day)
        info = event_info(event)
        staff = officials(event)
        entries = schedule(event)
    dates = " - ".join(str(d) for d in (info.start_date, info.end_date) if d)
    print("\n".join(line for line in (info.title, info.organisers, f"{info.venue} {dates}".strip())
                    if line))
    for label, value in (("裁判长", staff.chief_arbiter),
                         ("副裁判长", "、".join(staff.deputy_chief_arbiters)),
                         ("编排长", staff.chief_pairing_officer),
                         ("仲裁", "、".join(staff.appeals_committee))):
        if value:
            print(f"{label}：{value}")
    for entry in entries:
        what = f"第{entry.round}轮" if entry.round else entry.label
        print(f"  {entry.day or ''} {entry.time} {entry.group or '全部组别'} {what} {entry.room}"
              .rstrip())
    for group in info.groups:
        teams = (f"{group.team_count} 队 / teams, "
                 if group.system.team and group.team_count else "")
        print(f"  {group.name}: {teams}{group.player_count} 人 / players, "
              f"{group.rounds_paired}/{group.rounds_planned} 轮 / rounds")
    return 0


def _schedule_line(text: str) -> tuple[int, str, str, str, str]:
    """`3=2022-11-26 14:00 第一赛场` or `报到=2022-11-25` as (round, label, date, time, room);
    an empty date removes the line."""
    key, sep, rest = text.partition("=")
    key = key.strip()
    if not sep or not key:
        raise UserError(f"日程应写作 轮次=日期 时间 赛场：{text!r}",
                        f"write ROUND=DATE [TIME] [ROOM]: {text!r}", "--schedule")
    number, label = (int(key), "") if key.isdigit() else (0, key)
    parts = rest.split(maxsplit=1)
    day = parts[0] if parts else ""
    time, room = "", ""
    if len(parts) > 1:
        first, _, tail = parts[1].partition(" ")
        if ":" in first or "：" in first:
            time, room = first, tail.strip()
        else:
            room = parts[1].strip()
    return number, label, day, time, room
