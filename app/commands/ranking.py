"""`standings`: a group's ranking with its tie-break columns, sub-rankings, playoff marks."""

from __future__ import annotations

import argparse
import csv
import sys
from typing import TYPE_CHECKING, Any

from app.commands import _words
from app.commands._context import NUMBER, add_event, opened

if TYPE_CHECKING:
    from app.services import knockout, playoffs, ranking
    from app.services.cross_group import CrossGroupOutcome
    from app.services.team_crosstable import TeamCrosstable


PLAYOFF_RESULT_WORDS = """\
加赛每盘一个结果，黑方（先手）在前：1-0 黑胜、0-1 白胜、= 和；也可写 黑胜、白胜、和。
超时负：胜负结果后加 t（或“超时”），如 0-1t：白胜，黑超时负（同 白胜超时）；超时负也是一盘
  下完的对局，按负计入加赛。和棋不能标超时；弃权不是加赛结果。
One result per playoff game, black (the first mover) first: 1-0 black won, 0-1 white won,
  = draw; the words 黑胜, 白胜, 和 too. A loss on time: add t (or 超时) to a win, e.g. 0-1t:
  white won, black lost on time (as 白胜超时); it is a game played, a loss in the playoff.
  A draw cannot be on time; a forfeit is no playoff result."""
"""How a playoff game's result is typed (under `playoff-result --help`), as `result` takes
it: the events' 超时判负, 2016 八(二)2 / shenzhen 十一(一)2 for the playoff's clock."""


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser("standings", help="名次 / standings of a group")
    add_event(parser)
    parser.add_argument("--csv", action="store_true", help="CSV 输出 / CSV output")
    parser.add_argument("--sub", action="store_true",
                        help="同时输出女子/少儿等分项名次 / also the sub-rankings")
    parser.set_defaults(handler=_standings)

    parser = subparsers.add_parser("crosstable", help="交叉表 / crosstable of a group")
    add_event(parser)
    parser.add_argument("--csv", action="store_true", help="CSV 输出 / CSV output")
    parser.set_defaults(handler=_crosstable)

    parser = subparsers.add_parser("team-standings", help="团体名次 / team standings")
    add_event(parser, group="none")
    parser.set_defaults(handler=_team_standings)

    parser = subparsers.add_parser("playoff", help="为并列名次安排加赛 / open a playoff")
    add_event(parser, group="required")
    parser.add_argument("--place", type=NUMBER, required=True, help="并列的名次 / tied place")
    parser.add_argument("--format", choices=["round_robin", "knockout"],
                        help="三人以上：小循环或淘汰（默认按组别设置 playoff_format）/ three or "
                        "more: mini round robin or knockout (default: the group's playoff_format)")
    parser.add_argument("--ranking", help="分项名次表，如 公开组（女子）/ a sub-ranking's name")
    parser.set_defaults(handler=_playoff)

    parser = subparsers.add_parser("playoff-result",
                                   help="录入下一盘加赛结果（先手在前）/ next playoff game result",
                                   epilog=PLAYOFF_RESULT_WORDS, formatter_class=_words.KeptLines)
    add_event(parser, group="none")
    parser.add_argument("playoff_id", type=NUMBER)
    parser.add_argument("code", metavar="RESULT",
                        help="结果，先手（黑）在前：1-0、0-1、=，超时负加 t，如 0-1t / result, "
                        "first mover (black) first; add t for a loss on time: 0-1t")
    parser.set_defaults(handler=_playoff_result)

    parser = subparsers.add_parser(
        "lots", help="并列名次不能加赛时抽签决定（按抽签顺序列出棋手）/ players tied at a place, "
        "placed by lots when no playoff can be played")
    add_event(parser, group="required")
    parser.add_argument("--place", type=NUMBER, required=True, help="并列的名次 / tied place")
    parser.add_argument("--ranking", help="分项名次表，如 公开组（女子）/ a sub-ranking's name")
    parser.add_argument("players", nargs="+", type=NUMBER, metavar="PLAYER",
                        help="并列棋手（players --csv 的 id），按抽签顺序，名次在前者在前 / the "
                        "tied players' ids in the order drawn, best first")
    parser.set_defaults(handler=_lots)

    parser = subparsers.add_parser(
        "decline", help="记录棋手放弃等级称号或奖励（可撤销）/ a player declines a title or prize")
    add_event(parser, group="check")
    parser.add_argument("player_id", type=NUMBER, metavar="PLAYER_ID")
    what = parser.add_mutually_exclusive_group(required=True)
    what.add_argument("--title", dest="what", action="store_const", const="title",
                      help="放弃等级称号 / the grade title")
    what.add_argument("--prize", dest="what", action="store_const", const="prize",
                      help="放弃奖励 / the prize")
    parser.add_argument("--ranking", help="分项名次表，如 公开组（女子）/ a sub-ranking's name")
    parser.add_argument("--withdraw", action="store_true",
                        help="撤销此前的放弃 / take a decline back")
    parser.set_defaults(handler=_decline)

    parser = subparsers.add_parser("declines", help="列出放弃的称号与奖励 / recorded declines")
    add_event(parser)
    parser.set_defaults(handler=_declines)

    parser = subparsers.add_parser("playoffs", help="列出加赛 / list playoffs")
    add_event(parser, group="required")
    parser.set_defaults(handler=_playoffs)


def _print_lots_needed(file: str, info: ranking.StandingsInfo) -> None:
    """A Team Swiss's ties between teams that touch the awards: decided by lots (team-lots),
    never by an individual playoff; the command that records the order drawn."""
    from app import wording as w
    for need in info.lots_needed:
        names = [p.name for p in need.players]
        print(f"  * 第{need.place}名团体并列需抽签决定 / team tie at place {need.place} to be "
              f"drawn by lots: {'、'.join(names)}（{w.reason_text(need.why)}）\n"
              f"    按抽签顺序列出 / teams in the order drawn:  python -m app team-lots {file} "
              f"--group {info.group} {' '.join(names)}")


def _print_playoffs_needed(file: str, info: ranking.StandingsInfo) -> None:
    """The players' ties that wait for a playoff, why, and (given the file) the command that
    records lots instead where the playoff cannot be played."""
    from app import wording as w
    for need in info.playoffs_needed:
        names = "、".join(p.name for p in need.players)
        print(f"  * 第{need.place}名并列需加赛 / playoff needed at place {need.place}: {names}"
              f"（{w.reason_text(need.why)}）")
        if file:
            ranking = f" --ranking {info.name}" if info.sub else ""
            ids = "、".join(f"{p.id} {p.name}" for p in need.players)
            print(f"    不能加赛时由裁判长抽签，按抽签顺序列出棋手 id / if no playoff can be "
                  f"played, lots, the players' ids in the order drawn:  python -m app lots "
                  f"{file} --group {info.group} --place {need.place}{ranking} ID...（{ids}）")


def _print(info: ranking.StandingsInfo, as_csv: bool, file: str = "") -> None:
    from app import wording as w
    if as_csv:
        # Here only: the standings printed as text load nothing of the exports.
        from app.exports.model import csv_safe

        writer = csv.writer(sys.stdout, lineterminator="\n")
        writer.writerow(["rank", "number", "name", "unit", "points",
                         *(key for key, _label in info.columns), "playoff", "prize", "title",
                         *(["open_rank"] if info.sub else [])])
        for row in info.rows:
            writer.writerow([w.place_text(row.place, row.shared), row.player.number,
                             csv_safe(row.player.name), csv_safe(row.player.unit),
                             w.number_text(row.points), *map(w.number_text, row.tiebreaks),
                             w.playoff_text(row.playoff), w.prize_text(row.award),
                             w.title_text(row.award),
                             *([w.place_text(row.open_place, row.open_shared)]
                               if info.sub else [])])
        return
    state = "" if info.final else "（临时·非最终 / provisional）"
    print(f"{info.name}{state}（已完成 {info.rounds_complete}/{info.rounds_planned} 轮 / "
          f"{info.rounds_complete} of {info.rounds_planned} rounds done）")
    labels = "  ".join(label for _key, label in info.columns)
    # a Team Swiss ranks teams on 场分/局分, a team knockout by its bracket
    who = "队伍" if info.primary is not None or info.teams else "姓名"
    points = "胜场" if info.knockout else w.points_header(info.primary)  # matches won
    print(f"名次  {who}  单位  {points}  {labels}".rstrip()
          + ("  公开组名次" if info.sub else ""))
    for row in info.rows:
        title = w.applied_title(w.title_text(row.award))
        note = w.standing_note(row.player.withdrawn_from, row.award, lots_path=row.lots_path)
        extra = "  ".join(x for x in (w.playoff_text(row.playoff), w.prize_text(row.award),
                                      title, note) if x)
        opened = f"  ({w.place_text(row.open_place, row.open_shared)})" if info.sub else ""
        print(f"{w.place_text(row.place, row.shared):>4}  {row.player.name}  {row.player.unit}  "
              f"{w.number_text(row.points)}  {'  '.join(map(w.number_text, row.tiebreaks))}"
              f"{opened}  {extra}")
    _print_playoffs_needed(file, info)
    _print_lots_needed(file, info)
    for line in w.legend_texts(info.legend):
        print(f"  注：{line}")


def _standings(args: argparse.Namespace) -> int:
    from app.services import ranking
    from app.services.cross_group import cross_group_outcome
    with opened(args) as context:
        event = context.event
        # the cross-group round ranks nobody: its matches and who qualified (出线)
        outcome = cross_group_outcome(event, context.group_name)
        if outcome is None:
            info, subs = (ranking.rankings(event, context.group_name) if args.sub
                          else (ranking.standings(event, context.group_name), ()))
    if outcome is not None:
        _print_cross_group(outcome, args.csv)
        return 0
    _print(info, args.csv, args.file)
    for sub in subs:
        if args.csv:
            print()
        _print(sub, args.csv, args.file)
    return 0


def _print_cross_group(outcome: CrossGroupOutcome, as_csv: bool = False) -> None:
    """The cross-group round (复赛, huazhi 五、(二)): each match, its score and the team that
    goes on to the final (出线), then the qualifiers; no places, no points (a team match
    scores no player)."""
    from app import wording as w

    if as_csv:
        writer = csv.writer(sys.stdout, lineterminator="\n")
        writer.writerow(["match", "first", "first_list", "first_rank", "second", "second_list",
                         "second_rank", "first_points", "second_points", "decided_by",
                         "qualified"])
        for m in outcome.matches:
            points = m.score
            writer.writerow([m.number, m.first.name, m.first.source, m.first.rank,
                             m.second.name, m.second.source, m.second.rank,
                             "" if points is None else points.first,
                             "" if points is None else points.second,
                             w.level_decision_text(points.decided_by)
                             if points and points.decided_by else "",
                             m.qualified.name if m.qualified else ""])
        return
    if not outcome.paired:
        print(f"{outcome.group} 出线名单 / qualifiers：尚未编排（pair --group {outcome.group}）/ "
              "not paired yet")
        print(f"  注：{w.cross_group_note_text()}")
        return
    state = "" if outcome.final else (
        f"（临时·非最终 / provisional：已决出 {outcome.decided}/{len(outcome.matches)} 场 / "
        f"{outcome.decided} of {len(outcome.matches)} matches decided）")
    print(f"{outcome.group} 出线名单 / qualifiers{state}")
    print("场次  先行方  比分  后行方  出线")
    for m in outcome.matches:
        score = "待赛"  # a board without its result
        if m.score is not None:
            score = w.match_score_text(m.score, teams=(m.first.name, m.second.name))
            if m.score.waits_for_playoff:
                score += f" {w.match_waiting_text()}"
        first = w.cross_group_entrant_text(m.first.name, m.first.source, m.first.rank)
        second = w.cross_group_entrant_text(m.second.name, m.second.source, m.second.rank)
        print(f"第{m.number}场  {first}  {score}  {second}  "
              f"{m.qualified.name if m.qualified else '待定'}")
    qualified = "、".join(e.name for e in outcome.qualified) or "（尚无 / none yet）"
    print(f"出线 / qualified（{len(outcome.qualified)}/{len(outcome.matches)}）：{qualified}")
    print(f"  注：{w.cross_group_note_text()}；各台成绩见 round --group {outcome.group} 1")


def print_playoff(info: playoffs.PlayoffInfo) -> None:
    from app import wording

    names = "、".join(p.name for p in info.players)
    print(f"加赛 {info.id}: {info.ranking or info.group} 第{info.place}名 / playoff for place "
          f"{info.place}: {names}")
    if info.reason:
        print(f"  原因 / why: {info.reason}")
    for game in info.games:
        # the game in the papers' words (黑胜 / black won), as the 加赛表 prints it; never its code
        result = (f"{wording.game_result_text(game.result)} / "
                  f"{wording.game_result_text(game.result, 'en')}"
                  if game.result is not None else "待赛 / to play")
        print(f"  {game.index}. {game.stage} {game.time_control}  {game.black.name} (黑) - "
              f"{game.white.name}  {result}")
    if info.order:
        print("  名次 / order: " + " > ".join(p.name for p in info.order))


def _playoff(args: argparse.Namespace) -> int:
    from app.services import playoffs
    with opened(args) as context:
        event = context.event
        playoff_id = playoffs.create_playoff(event, context.group_name, args.place, args.format,
                                              args.ranking)
        print_playoff(playoffs.playoff_view(event, playoff_id))
    return 0


def _playoff_result(args: argparse.Namespace) -> int:
    from app.services import playoffs
    with opened(args) as context:
        event = context.event
        print_playoff(playoffs.record_playoff_result(event, args.playoff_id, args.code))
    return 0


def _lots(args: argparse.Namespace) -> int:
    from app.services.tie_lots import record_tie_lots
    with opened(args) as context:
        drawn = record_tie_lots(context.event, context.group_name, args.place, args.players,
                                args.ranking)
    last = drawn.place + len(drawn.order) - 1
    print(f"{drawn.ranking} 第{drawn.place}-{last}名由抽签决定 / places {drawn.place}-{last} "
          "placed by lots:")
    for place, player in enumerate(drawn.order, start=drawn.place):
        print(f"{place:>4}  {player.name}")
    if drawn.replaced_playoff is not None:
        print(f"已开始但未赛的加赛 {drawn.replaced_playoff} 已取消，由抽签代替（可撤销）/ playoff "
              f"{drawn.replaced_playoff}, opened and not played, is cancelled: the lots replace "
              "it (undoable)")
    return 0


def _playoffs(args: argparse.Namespace) -> int:
    from app.services import playoffs
    with opened(args) as context:
        event = context.event
        for info in playoffs.playoffs(event, context.group_name):
            print_playoff(info)
    return 0


def _team_standings(args: argparse.Namespace) -> int:
    from app.pairing.system import System
    from app.services import knockout, ranking
    from app.services.queries import event_info

    with opened(args) as context:
        event = context.event
        infos = ranking.team_standings(event)
        groups = event_info(event).groups
        crossed = _played_cross_groups(event, [g.name for g in groups
                                               if g.settings.system is System.CROSS_GROUP])
        swiss = [ranking.standings(event, g.name) for g in groups
                 if g.settings.system is System.TEAM_SWISS]
        brackets = [(ranking.standings(event, g.name), knockout.teams(event, g.name))
                    for g in groups if g.settings.system.team and g.settings.system.bracket]
    for table in swiss:
        _print_team_swiss(table, args.file)
    for outcome in crossed:
        _print_cross_group(outcome)
    for table, registered in brackets:
        _print_team_knockout(table, registered)
    for info in infos:
        _print_team_ranking(info, args.file)
    # 1 while a team tie that touches the awards waits for the arbiter (a choice or lots)
    return 1 if any(info.asks or any(r.why for r in info.rows) for info in infos) or any(
        table.lots_needed for table in swiss) else 0


def _print_team_ranking(info: ranking.TeamStandingsInfo, file: str) -> None:
    """A team ranking of an individual group's results (qiwang 十五2: the members' results
    summed): place, team, total, the criteria, the members, the prize and the notes; then
    what waits for the arbiter."""
    from app import wording as w

    print(f"{info.name}" + ("" if info.final else "（临时·非最终 / provisional）"))
    columns = "  ".join(w.team_criterion(key, label) for key, label in info.columns)
    print(f"名次  队伍  {w.team_total_label(info.method)}  {columns}  队员")
    for row in info.rows:
        note = w.team_row_note(row.note, row.award)
        extra = "  ".join(x for x in (w.prize_text(row.award), note,
                                      w.reason_text(row.why) if row.why else "") if x)
        total = w.number_text(row.total) if row.total is not None else ""
        print(f"{w.place_text(row.place, row.shared, '-'):>4}  {row.team}  {total}  "
              f"{'  '.join(map(w.number_text, row.values))}  "
              f"{'、'.join(row.members)}  {extra}")
    for line in w.legend_texts(info.legend):
        print(f"  注：{line}")
    _print_team_asks(file, info)


def _played_cross_groups(event: Any, names: list[str]) -> list[CrossGroupOutcome]:
    """The cross-group rounds paired (it decides who goes on, before the final's places); one
    not played here says nothing."""
    from app.services.cross_group import cross_group_outcome

    found = [cross_group_outcome(event, name) for name in names]
    return [outcome for outcome in found if outcome is not None and outcome.paired]


def _print_team_knockout(table: ranking.StandingsInfo,
                         registered: list[knockout.TeamInfo]) -> None:
    """A team knockout's places as its bracket decides them (huazhi 六、(三)5): place, team,
    matches won (胜场), the members by board, the prize and a withdrawal."""
    from app import wording as w

    members = {t.id: "、".join(name for _pid, name, _g in t.members) for t in registered}
    print(f"{table.name} 团体名次 / team standings"
          + ("" if table.final else "（临时·非最终 / provisional）"))
    print("名次  队伍  胜场  队员")
    for row in table.rows:
        extra = "  ".join(x for x in (w.prize_text(row.award), w.standing_note(
            row.player.withdrawn_from, row.award, lots_path=row.lots_path)) if x)
        print(f"{w.place_text(row.place, row.shared, '-'):>4}  {row.player.name}  "
              f"{w.number_text(row.points)}  {members.get(row.player.id, '')}  {extra}".rstrip())
    for line in w.legend_texts(table.legend):
        print(f"  注：{line}")


def _print_team_swiss(table: ranking.StandingsInfo, file: str) -> None:
    """A Team Swiss group's team standings (FIDE C.04.6, C.07): place, team, its primary
    score, the tie-break chain, the prize."""
    from app import wording as w

    print(f"{table.name} 团体名次 / team standings"
          + ("" if table.final else "（临时·非最终 / provisional）"))
    print(f"名次  队伍  {w.points_header(table.primary)}  "
          + "  ".join(label for _key, label in table.columns))
    for row in table.rows:
        extra = "  ".join(x for x in (w.prize_text(row.award), w.standing_note(
            row.player.withdrawn_from, row.award)) if x)
        print(f"{w.place_text(row.place, row.shared, '-'):>4}  {row.player.name}  "
              f"{w.number_text(row.points)}  {'  '.join(map(w.number_text, row.tiebreaks))}"
              f"  {extra}".rstrip())
    _print_lots_needed(file, table)
    for line in w.legend_texts(table.legend):
        print(f"  注：{line}")


def _print_team_asks(file: str, info: ranking.TeamStandingsInfo) -> None:
    """Where the regulation gives no team tie rule, what the arbiter must choose for each tie
    that touches the awards, and the commands that record the choice (exit 1 until then)."""
    for first, last in info.asks:
        tied = [row.team for row in info.rows if row.place == first]
        print(f"  * {info.name} 第{first}-{last}名并列（{'、'.join(tied)}）：规程未规定团体名次的"
              f"破同分办法，请选择 / the regulation gives no team tie-break, choose one:\n"
              f"    破同分顺序 / a chain:  python -m app team-ranking {file} --ranking {info.name} "
              f"--tiebreaks best_place,buchholz\n"
              f"    抽签（按抽签顺序列出 / teams in the order drawn）/ lots:  python -m app "
              f"team-lots {file} --ranking {info.name} {' '.join(tied)}\n"
              f"    并列平分 / share:      python -m app team-ranking {file} --ranking {info.name} "
              f"--tie-rule share")


def _print_declines(recorded: list[Any]) -> None:
    from app.services import awards
    for entry in recorded:
        print(f"{entry.player_id}  {entry.name}  {entry.ranking}  放弃{awards.DECLINED_ZH[entry.what]}")


def _declines(args: argparse.Namespace) -> int:
    from app.services import awards
    with opened(args) as context:
        _print_declines(awards.declines(context.event, context.group_name))
    return 0


def _decline(args: argparse.Namespace) -> int:
    from app.services import awards
    with opened(args) as context:
        recorded = awards.decline_award(context.event, args.player_id, args.what, args.ranking,
                                        withdraw=args.withdraw)
    _print_declines(recorded)
    return 0


def _crosstable(args: argparse.Namespace) -> int:
    from app import wording
    from app.pairing.system import System
    from app.services import ranking
    from app.services.event import Event
    from app.services.lookup import system_of
    with opened(args) as context:
        with context.event.reading() as session:  # a Team Swiss's code loads with one only
            team = system_of(Event.group(session, context.group_name)) is System.TEAM_SWISS
        if team:
            from app.services.team_crosstable import crosstable_view
            return _print_team_crosstable(crosstable_view(context.event, context.group_name),
                                          args.csv)
        table = ranking.crosstable(context.event, context.group_name)
        planned = ranking.planned_rounds_of(context.event, context.group_name)
    names = [player.name for player in table.players]
    legend: tuple[str, ...] = ()
    if table.round_robin:
        heads = [str(k) for k in range(1, len(table.players) + 1)]
        cells, legend = _grid_cells(table, "en" if args.csv else "zh")
        if not args.csv:  # a withdrawn player's row says so (张六（第3轮起退赛）)
            names = [wording.withdrawn_row_text(p.name, p.withdrawn_from) for p in table.players]
    else:
        heads = [f"R{k}" for k in range(1, table.rounds + 1)]
        cells = [[wording.round_cell_text(cell) for cell in row] for row in table.by_round]
        # the rounds without a game its cells mark (退赛, 缺席, 免赛, 迟报), as the papers say
        legend = wording.round_legend(table.round_notes, names)
    # opponents are named by their row (序号, standings order), as on every paper
    rows = [[str(row), wording.place_text(place, shared), str(player.number), name,
             *row_cells, wording.number_text(points)]
            for row, (place, shared, player, name, row_cells, points) in enumerate(zip(
                table.places, table.shared, table.players, names, cells, table.points,
                strict=True), start=1)]
    if args.csv:
        writer = csv.writer(sys.stdout, lineterminator="\n")
        writer.writerow(["rank", "number", "name", *heads, "points"])  # the line is the row
        writer.writerows(row[1:] for row in rows)
        return 0
    print(f"{table.group} 交叉表 / crosstable（{table.rounds}/{planned} 轮 / rounds）")
    print("  ".join(["序号", "名次", "编号", "姓名", *heads, "积分"]))
    for row in rows:
        print("  ".join(row))
    for line in legend:
        print(f"  注：{line}")
    return 0


def _grid_cells(table: ranking.CrosstableInfo, lang: str) -> tuple[list[list[str]], tuple[str, ...]]:
    """A round robin's grid as the papers word it (the points against each row's player,
    不战胜 / 弃权负 for a game not played, × for oneself) and its legend's lines."""
    from app import wording

    cells = [["×" if k == r else " ".join(wording.grid_game_text(c.outcome, c.points, lang=lang)
                                          for c in games)
              for k, games in enumerate(row)] for r, row in enumerate(table.grid)]
    return cells, wording.round_robin_legend(table.notes, [p.name for p in table.players])


def _print_team_crosstable(table: TeamCrosstable, as_csv: bool) -> int:
    """A Team Swiss group's team crosstable (团体交叉表): teams in standings order x rounds,
    as the papers and the window word each cell (the opponent's row, 先/后, the result, the
    game points); the CSV with the cells in English words."""
    from app import wording
    from app.pairing.team_swiss import PrimaryScore

    lang = "en" if as_csv else "zh"
    rows: list[list[str]] = []
    for row in table.rows:
        mark = "" if as_csv else wording.withdrawn_text(row.team.withdrawn_from, lang)
        rows.append([str(row.row), wording.place_text(row.place, row.shared),
                     f"{row.team.name}（{mark}）" if mark else row.team.name,
                     *wording.team_cross_cells(row.cells, row.team.withdrawn_from,
                                               table.rounds, lang),
                     str(row.match_points), str(row.game_points)])
    rounds = [f"R{k}" for k in range(1, table.rounds + 1)]
    if as_csv:
        writer = csv.writer(sys.stdout, lineterminator="\n")
        writer.writerow(["row", "rank", "team", *rounds, "match_points", "game_points"])
        writer.writerows(rows)
        return 0
    print(f"{table.group} 团体交叉表 / team crosstable（{table.rounds} 轮 / rounds）")
    print("  ".join(["序号", "名次", "队名", *rounds, wording.points_header(PrimaryScore.MATCH),
                     wording.points_header(PrimaryScore.GAME)]))
    for line in rows:
        print("  ".join(line))
    print(wording.team_cross_legend())
    return 0
