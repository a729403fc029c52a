"""The two booklets an event prints, as plain content that the PDF and the Word writers lay
out alike: the 秩序册 (before the event: cover, organisers, officials, schedule, groups and
their rules, start lists by unit with 编号 (a team group: each team with its members in board
order), round-1 pairings) and the 成绩册 (after it: every
round's results, final standings of each group (the cross-group round's 出线名单), crosstables,
team standings, playoffs and the award list).

A booklet is a cover and a list of blocks: headings (they become bookmarks and the contents
page), text, tables (the same columns and rows as the single sheets print), page breaks and
knockout brackets.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from reportlab.lib.units import mm

from app import wording
from app.exports.fonts import register_fonts
from app.exports.model import Bracket, ExportModel, TeamStandings, has_crosstable, unique
from app.exports.pdf_common import KEPT_ROWS, Column, grouped, natural_width
from app.exports.pdf_lists import (
    MEMBERS_COLUMN,
    PROVISIONAL,
    QUALIFIER_COLUMNS,
    award_note,
    board_rows,
    crosstable_legend,
    crosstable_rows,
    members_whole,
    playoff_outcome_text,
    playoff_rows,
    qualifier_rows,
    qualifiers_summary,
    round_notes_text,
    standings_legend,
    standings_rows,
    standings_title,
    team_match_columns,
    team_match_groups,
    team_rows,
)


@dataclass(frozen=True)
class Heading:
    text: str
    level: int = 0  # 0: a part (组别, 竞赛日程 ...), 1: inside it (第3轮成绩)


@dataclass(frozen=True)
class Text:
    text: str
    size: float = 10.0


@dataclass(frozen=True)
class TableBlock:
    columns: tuple[Column, ...]
    rows: tuple[tuple[str, ...], ...]
    wide: bool = False  # needs a landscape page (crosstables)
    size: float = 9.0
    # groups of rows kept on one page, up to this many rows (0: the table breaks anywhere):
    # each led by a row of `leads`; without them, rows whose first cell is empty continue
    # the row above (a team's members, a unit's players: `pdf_common.row_leads`)
    keep_groups: int = 0
    leads: tuple[bool, ...] | None = None


@dataclass(frozen=True)
class BracketBlock:
    bracket: Bracket


@dataclass(frozen=True)
class Break:
    wide: bool = False  # the pages after it are landscape


Block = Heading | Text | TableBlock | BracketBlock | Break


@dataclass(frozen=True)
class Booklet:
    title: str  # 秩序册 / 成绩册
    cover_lines: tuple[str, ...]
    blocks: tuple[Block, ...] = field(default_factory=tuple)


def _table(columns: list[Column], rows: list[list[str]], wide: bool = False,
           size: float = 9.0, keep_groups: int = 0,
           leads: tuple[bool, ...] | None = None) -> TableBlock:
    return TableBlock(tuple(columns), tuple(tuple(r) for r in rows), wide, size, keep_groups,
                      leads)


def _cover(model: ExportModel) -> tuple[str, ...]:
    """The cover's lines under the title: venue, dates, then each organiser role with its
    bodies (主办单位：…, 承办单位：…), as the regulation's 组织机构 lists them."""
    event = model.event
    roles = tuple(line for r in event.roles for line in role_lines(r.role, r.names))
    return (*(x for x in (event.venue, event.dates_text) if x), *roles)


COVER_LINE = 30
"""Characters of a cover line at most: a role's bodies go on as many lines as they need (the
qiwang 主办单位 are seven) rather than shrink to an unreadable size."""


def role_lines(role: str, names: tuple[str, ...], width: int = COVER_LINE) -> list[str]:
    """`主办单位：A、B、` then `C、D` ...: the bodies broken after a 、, never inside a name."""
    lines: list[str] = []
    line = f"{role}："
    for k, name in enumerate(names):
        piece = name + ("、" if k < len(names) - 1 else "")
        if len(line) + len(piece) > width and line.strip("：") != role:
            lines.append(line)
            line = ""
        line += piece
    lines.append(line)
    return lines


def officials_blocks(model: ExportModel) -> list[Block]:
    """组织机构 and 裁判人员 (2016 十一, huazhi 八, qiwang 十六 name who appoints them)."""
    event = model.event
    blocks: list[Block] = [Heading("组织机构")]
    rows = [[role.role if k == 0 else "", name] for role in event.roles
            for k, name in enumerate(role.names)]
    if rows:
        blocks.append(_table([Column("职责", "LEFT"), Column("单位", "LEFT", True)], rows))
    blocks.append(Heading("裁判人员", 1))
    rows = [[label, value] for label, value in (
        ("裁判长", event.chief_arbiter),
        ("副裁判长", "、".join(event.deputy_chief_arbiters)),
        ("编排长", event.chief_pairing_officer),
        ("仲裁委员会", "、".join(event.appeals_committee))) if value]
    if rows:
        blocks.append(_table([Column("职务", "LEFT"), Column("姓名", "LEFT", True)], rows))
    else:
        blocks.append(Text("裁判人员名单待定。"))
    if event.officials_note:  # labelled: a bare line under the names reads as one of them
        blocks.append(Text(f"选派办法：{event.officials_note}"))
    return blocks


def schedule_rows(model: ExportModel) -> list[list[str]]:
    """The schedule's lines; groups playing the same round at the same time and place share
    one line (男子组、女子组)."""
    names = {g.key: g.name for g in model.groups}
    merged: dict[tuple[str, str, str, str], list[str]] = {}
    for item in model.event.schedule:
        key = (item.day.isoformat() if item.day else "", item.time, item.what, item.room)
        group = names.get(item.group, "全部组别") if item.round else ""
        merged.setdefault(key, [])
        if group and group not in merged[key]:
            merged[key].append(group)
    return [[day, time, "、".join(groups), what, room]
            for (day, time, what, room), groups in merged.items()]


def schedule_blocks(model: ExportModel) -> list[Block]:
    blocks: list[Block] = [Heading("竞赛日程")]
    rows = schedule_rows(model)
    if rows:
        blocks.append(_table([Column("日期"), Column("时间"), Column("组别", "LEFT", True),
                              Column("项目", "LEFT"), Column("赛场", "LEFT", True)], rows))
    else:
        blocks.append(Text("日程待定。"))
    return blocks


def rules_blocks(model: ExportModel) -> list[Block]:
    """组别与竞赛规则: system, rules, opening, time control, tie-breaks, entrants."""
    rows = []
    for group in model.groups:
        opening = ""
        if group.designated_opening:
            n = group.fifth_move_offers
            opening = f"指定开局、三手交换、五手{n if n else 'N'}打"
        else:
            opening = "自由开局"
        rows.append([group.name, group.system_text, group.rules + ("（双盘制）" if
                     group.double_game else ""), opening, group.time_control,
                     group.tiebreak_text, entrants_text(model, group.key)])
    columns = [Column("组别", "LEFT", True), Column("赛制", "LEFT", True),
               Column("规则", "LEFT", True), Column("开局", "LEFT", True),
               Column("用时", "LEFT", True), Column("名次区分", "LEFT", True), Column("人数")]
    blocks: list[Block] = [Heading("组别与竞赛办法"), _table(columns, rows, size=8.5)]
    notes = list(unique(g.unplayed_text for g in model.groups if g.unplayed_text))
    certificates = unique(g.certificate_text for g in model.groups if g.certificate_text)
    notes += certificates if len(certificates) == 1 else [
        f"{g.name}：{g.certificate_text}" for g in model.groups if g.certificate_text]
    blocks += [Text(text + "。") for text in notes]
    return blocks


def team_count(model: ExportModel, group: str) -> int:
    """The teams of a team group (those with a member in it)."""
    players = {p.id for p in model.players_of(group)}
    return len({team for pid, team, _board in model.team_members if pid in players})


def entrants_text(model: ExportModel, group: str) -> str:
    """A group's entrants as the 秩序册 counts them: `33` players, a team group's `11队33人`."""
    count = len(model.players_of(group))
    teams = team_count(model, group) if model.group(group).system.team else 0
    return f"{teams}队{count}人" if teams else str(count)


def start_list_rows(model: ExportModel, group: str) -> list[list[str]]:
    """A group's entrants by unit (units in order of their first 编号), 编号 order inside."""
    players = sorted(model.players_of(group), key=lambda p: p.number)
    units = unique(p.unit for p in players)
    rows = []
    for unit in units:
        for k, player in enumerate(p for p in players if p.unit == unit):
            rows.append([(unit or "（无单位）") if k == 0 else "", str(player.number),
                         player.name, player.gender, player.grade])
    return rows


def team_start_list_rows(model: ExportModel, group: str) -> list[list[str]]:
    """A team group's entrants (分台定人制, huazhi 六、(三)3): each team (in the order of its
    first 编号) with its unit, its members under it in board order (台次); when a team of the
    group entered by a list (外卡, A组: `teams`' source), a 备注 naming each team's."""
    players = {p.id: p for p in model.players_of(group)}
    sources = {team: source for key, team, source in model.team_sources if key == group}
    teams: dict[str, list[tuple[int, int]]] = {}
    for pid, team, board in model.team_members:
        if pid in players:
            teams.setdefault(team, []).append((board, pid))
    rows = []
    for team, members in sorted(teams.items(), key=lambda item: min(
            players[pid].number for _board, pid in item[1])):
        for k, (board, pid) in enumerate(sorted(members)):
            member = players[pid]
            rows.append([team if k == 0 else "", member.unit if k == 0 else "",
                         f"第{board}台", str(member.number), member.name, member.gender,
                         member.grade, *([sources.get(team, "") if k == 0 else ""]
                                         if sources else [])])
    return rows


# a team (its players and reserves) or a small unit is not split over two pages
_START_COLUMNS = (Column("单位", "LEFT", True), Column("编号"), Column("姓名", "LEFT", True),
                  Column("性别"), Column("段级位"))
_TEAM_START_COLUMNS = (Column("队名", "LEFT", True), Column("单位", "LEFT", True),
                       Column("台次"), Column("编号"), Column("姓名", "LEFT", True),
                       Column("性别"), Column("段级位"))


def start_list_blocks(model: ExportModel) -> list[Block]:
    """参赛名单: an individual group's players by unit; a team group's teams, each with its
    members in board order."""
    blocks: list[Block] = [Heading("参赛名单")]
    for group in model.groups:
        count = len(model.players_of(group.key))
        teams = team_start_list_rows(model, group.key) if group.system.team else []
        if teams:
            columns = list(_TEAM_START_COLUMNS)
            if len(teams[0]) > len(columns):  # the teams' lists (外卡 …)
                columns.append(Column("备注", "LEFT", True))
            blocks += [Heading(f"{group.name}（{team_count(model, group.key)}队，{count}人）", 1),
                       _table(columns, teams, keep_groups=KEPT_ROWS)]
            continue
        rows = start_list_rows(model, group.key)
        if rows:
            blocks += [Heading(f"{group.name}（{count}人）", 1),
                       _table(list(_START_COLUMNS), rows, keep_groups=KEPT_ROWS)]
    return blocks


def _round_heading(model: ExportModel, group: str, number: int, what: str) -> Heading:
    item = model.schedule_of(group, number)
    when = f"（{item.when}）" if item and item.when else ""
    return Heading(f"{model.group(group).name} 第{number}轮{what}{when}", 1)


def order_book(model: ExportModel) -> Booklet:
    """秩序册: what the event hands out before round 1."""
    blocks: list[Block] = [*officials_blocks(model), *schedule_blocks(model),
                           *rules_blocks(model), Break(), *start_list_blocks(model)]
    first = [g for g in model.groups if any(r.number == 1 for r in model.rounds_of(g.key))]
    if first:
        blocks += [Break(), Heading("第一轮对阵表")]
        for group in first:
            if group.system.team:  # the pairing as drawn: results go to the 成绩册
                blocks += [_round_heading(model, group.key, 1, "对阵"),
                           _team_table(model, group.key, 1, filled=False)]
                continue
            columns, rows = board_rows(model, group.key, 1, filled=False)
            blocks += [_round_heading(model, group.key, 1, "对阵"), _table(columns, rows)]
    return Booklet("秩序册", _cover(model), tuple(blocks))


def _team_table(model: ExportModel, group: str, number: int, filled: bool = True
                ) -> TableBlock:
    """A round's team matches, each match's line with its boards on one page; with their
    results when `filled`, else as paired (`team_match_groups`)."""
    rows, leads = grouped(team_match_groups(model, model.round(group, number), filled))
    return _table(team_match_columns(filled), rows, keep_groups=KEPT_ROWS, leads=leads)


def _group_results(model: ExportModel, group: str) -> list[Block]:
    info = model.group(group)
    blocks: list[Block] = [Break(), Heading(f"{info.name}")]
    for rnd in model.rounds_of(group):
        if info.system.team:
            blocks += [_round_heading(model, group, rnd.number, "成绩"),
                       _team_table(model, group, rnd.number)]
            continue
        columns, rows = board_rows(model, group, rnd.number, filled=True)
        blocks += [_round_heading(model, group, rnd.number, "成绩"), _table(columns, rows)]
        notes = round_notes_text(model, group, rnd.number)  # as the round's results list says
        if notes:
            blocks.append(Text(notes, 8.5))
    for qualifiers in model.qualifiers:  # the 复赛 ranks nobody: who goes on (出线)
        if qualifiers.group == group:
            title = qualifiers.caption + ("" if qualifiers.final else PROVISIONAL)
            blocks += [Heading(title, 1),
                       _table(list(QUALIFIER_COLUMNS), qualifier_rows(qualifiers)),
                       Text(qualifiers_summary(qualifiers), 8.5)]
    standings = [s for s in (*model.standings, *model.sub_rankings) if s.group == group]
    for table in standings:
        columns, rows = standings_rows(model, table)
        blocks += [Heading(standings_title(table), 1), _table(columns, rows),
                   Text(standings_legend(model, table), 8.5)]
    for bracket in model.brackets:
        if bracket.group == group:
            blocks += [Break(wide=True), Heading(f"{info.name} 淘汰赛对阵图", 1),
                       BracketBlock(bracket)]
            drawn = [f"{wording.match_place_text(match.round, match.number)}"
                     f"{wording.lots_board_text(match.winner)}"
                     for matches in bracket.rounds for match in matches if match.lots]
            if drawn:  # neither came: said below the drawing (签) or the Word table alike
                blocks.append(Text("；".join(drawn) + "。", 8.5))
    if standings or info.system.round_robin or has_crosstable(model, group):  # a knockout's
        columns, rows, _ = crosstable_rows(model, group)  # in the order of its places
        blocks += [Break(wide=True), Heading(f"{info.name} 交叉表", 1),
                   _table(columns, rows, wide=True, size=7.0),
                   Text(crosstable_legend(model, group), 8.5)]
    return blocks


WORD_CELL_MARGIN = 11.0
"""Room a Word table's cell takes beyond its text, in points: Word's cell margins (about
5.4 pt a side); the Word booklet sizes its columns with it (`docx_booklet`)."""
WORD_FONT_FACTOR = 1.15
"""How much wider than the shipped font the reader's own CJK font may set a text in Word
(often 宋体 / SimSun): the Word booklet measures its cells at its size times this."""
PORTRAIT_WIDTH = 180 * mm  # the Word booklet's text width on a portrait page (15 mm margins)


def team_table_wide(columns: Sequence[Column], rows: Sequence[Sequence[str]],
                    size: float = 9.0) -> bool:
    """Whether a team table of a booklet goes on a landscape page: when its members, counted
    whole (`members_whole`), do not fit a portrait page beside the other columns (names and
    prizes at no more than 8 characters, as `pdf_lists._wide` counts them), measured as the
    Word booklet sets them (its cell margins and the reader's wider font), so that neither
    booklet wraps a team's members (in Word, three lines of a name cut anywhere) nor prints
    one team's smaller than the others (the PDF shrinks a cell to one line). A table without
    members: never."""
    if MEMBERS_COLUMN not in columns:
        return False
    register_fonts()
    natural = natural_width(members_whole(columns), rows, size * WORD_FONT_FACTOR,
                            flexible_cap=8)
    return natural + WORD_CELL_MARGIN * len(columns) > PORTRAIT_WIDTH


def team_table_blocks(team: TeamStandings) -> list[Block]:
    """A team table of the 成绩册 as its own paper prints it (`pdf_lists.write_team_standings`):
    place, team, its values, the members where the table lists them (a Team Swiss group's
    团体交叉表 lists none), the prize, 备注 (`pdf_lists.team_rows`), then its legend (the tie rule, an order drawn by lots, what a
    crosstable cell says). The members are counted whole (`members_whole`): the team's name
    and prize give way beside them, and a table too wide for them on a portrait page goes on
    a landscape one (`team_table_wide`, its own page: the heading with it)."""
    # a crosstable's 备注 gives way to its names
    columns, rows = team_rows(team, note_gives_way=not any(row.members for row in team.rows))
    wide = team_table_wide(columns, rows)
    return [*([Break(wide=True)] if wide else []), Heading(team.caption, 1),
            _table(members_whole(columns), rows, wide=wide),
            *(Text(line, 8.5) for line in team.legend)]


def _team_part(heading: str, tables: Sequence[TeamStandings]) -> list[Block]:
    """A part of the 成绩册 of team tables (淘汰赛名次, 团体名次): its heading on the page of
    its first table; a portrait table after a landscape one on a page of its own (a
    landscape one brings its own break)."""
    parts = [team_table_blocks(team) for team in tables]
    turns = isinstance(parts[0][0], Break)
    blocks: list[Block] = [parts[0][0] if turns else Break(), Heading(heading),
                           *parts[0][1 if turns else 0:]]
    for before, part in zip(parts, parts[1:], strict=False):
        turned = isinstance(before[0], Break) and not isinstance(part[0], Break)
        blocks += [*([Break()] if turned else []), *part]
    return blocks


def result_book(model: ExportModel) -> Booklet:
    """成绩册: everything the event decided, group by group, then teams, playoffs, awards."""
    blocks: list[Block] = [*officials_blocks(model)]
    for group in model.groups:
        if model.rounds_of(group.key):
            blocks += _group_results(model, group.key)
    for heading, tables in (("淘汰赛名次", [t for t in model.team_standings if not t.of_teams]),
                            ("团体名次", [t for t in model.team_standings if t.of_teams])):
        if tables:  # an individual knockout's places are no team's
            blocks += _team_part(heading, tables)
    if model.playoffs:
        blocks += [Break(), Heading("加赛")]
        columns = [Column("局"), Column("阶段", "LEFT"), Column("编号"),
                   Column("黑方（先手）", "LEFT", True), Column("结果"),
                   Column("白方（后手）", "LEFT", True), Column("编号"),
                   Column("用时", "LEFT", True)]
        for playoff in model.playoffs:
            names = "、".join(model.player(p).name for p in playoff.players)
            blocks += [Heading(f"{playoff.ranking} 第{playoff.place}名加赛：{names}", 1),
                       _table(columns, playoff_rows(model, playoff)),
                       Text(playoff_outcome_text(model, playoff), 8.5)]  # as 加赛表 says
    if model.awards:
        blocks += [Break(), Heading("录取名单")]
        # as the 录取名单 prints it: 说明 says how a place was decided (加赛, 抽签, 并列)
        columns = [Column("名次"), Column("姓名／队名", "LEFT", True),
                   Column("单位", "LEFT", True), Column("奖励", "LEFT", True),
                   Column("可申请段级位"), Column("说明", "LEFT")]
        awards = model.awards_in_place_order()
        for ranking in unique(a.ranking for a in awards):
            rows = [[wording.place_text(a.place, a.shared), a.recipient,
                     "" if a.is_team and a.unit == a.recipient else a.unit, a.prize,
                     a.grade_title, award_note(model, a)] for a in awards if a.ranking == ranking]
            blocks += [Heading(ranking, 1), _table(columns, rows)]
    return Booklet("成绩册", _cover(model), tuple(blocks))
