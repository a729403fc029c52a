"""PDF lists to post and hand out: pairing lists (对阵表, by board and by name), round
results (成绩表), standings with tie-break columns and shared places (名次表), crosstables
(交叉表), team standings (团体名次), the cross-group round's qualifiers (出线名单),
sub-rankings, the award sheet (录取名单) and the grade-title application list (段级位申报表).

Each function reads the `ExportModel` and writes one PDF; A4, landscape when the table is
too wide for portrait. The first mover (先手) plays black (see app/pairing/types.py).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, KeepTogether, Spacer, Table, TableStyle

from app import wording
from app.exports.crosstable import REFERENCE, cell_headers, crosstable, crosstable_legend
from app.exports.fonts import SANS, register_fonts
from app.exports.model import (
    Award,
    BoardResult,
    ExportModel,
    PlayoffRecord,
    Qualifiers,
    Round,
    Standings,
    TeamBye,
    TeamStandings,
    award_cells,
    award_headers,
    board_result_zh,
    format_scaled,
    name_sort_key,
    remark,
    result_zh,
    unique,
)
from app.exports.pdf_common import (
    BASE_SIZE,
    KEPT_ROWS,
    Column,
    PageHeader,
    build_document,
    grouped,
    heading,
    make_table,
    natural_width,
    note,
    signature_line,
    usable_width,
)
from app.exports.pdf_qr import venue_qr
from app.exports.pdf_table import TableWithTail
from app.pairing.team import MatchScore
from app.pairing.types import SitOut


def _wide(columns: Sequence[Column], rows: Sequence[Sequence[str]],
          size: float = BASE_SIZE) -> bool:
    """Landscape when the table is wider than a portrait page, counting names and units
    (flexible columns) at no more than 8 characters: longer ones shrink or wrap."""
    register_fonts()
    return natural_width(columns, rows, size, flexible_cap=8) > usable_width(False)


def _table_document(path: Path, header: PageHeader, columns: Sequence[Column],
                    rows: Sequence[Sequence[str]], size: float = BASE_SIZE,
                    before: Sequence[Flowable] = (), after: Sequence[Flowable] = (),
                    shade_every: int = 0, force_wide: bool | None = None,
                    extra_styles: Sequence[tuple[object, ...]] = (), keep_groups: int = 0,
                    leads: Sequence[bool] | None = None) -> Path:
    """A paper of one table; what follows the table (its legend, the signatures) stays
    with it, the table's last rows going over with it when it does not fit
    on the table's last page, so that no page carries the signatures alone; groups of rows
    kept on one page as `make_table` keeps them."""
    wide = _wide(columns, rows, size) if force_wide is None else force_wide
    table = make_table(columns, rows, usable_width(wide), size, shade_every, extra_styles,
                       keep_groups, leads)
    if after:
        return build_document(path, header, [*before, TableWithTail(table, after)], wide=wide)
    return build_document(path, header, [*before, table, *after], wide=wide)


def _group_header(model: ExportModel, group: str, title: str, extra: str = "") -> PageHeader:
    info = model.group(group)
    bits = [info.name]
    if info.rules:
        bits.append(info.rules)
    if extra:
        bits.append(extra)
    return PageHeader(model.event, title, "  ".join(bits))


# ---------------------------------------------------------------------------- pairings


def round_subtitle(model: ExportModel, group: str, round_number: int) -> str:
    """第3轮  11月26日 09:00  第一赛场: when and where the round is played."""
    rnd = model.round(group, round_number)
    item = model.schedule_of(group, round_number)
    when = item.when if item and item.when else rnd.date_text
    room = item.room if item and item.room else rnd.room
    return "  ".join(x for x in (when, room) if x)


def _keeps_points(model: ExportModel, group: str) -> bool:
    """False for a group that keeps no player points (team matches)."""
    return any(b.first_points is not None for r in model.rounds_of(group) for b in r.boards)


def board_rows(model: ExportModel, group: str, round_number: int, filled: bool
               ) -> tuple[list[Column], list[list[str]]]:
    """The columns and rows of a pairing list by board (shared by the PDF, the booklets and
    the tests): board, 编号, names, units, points before the round, the result column (empty
    to post, filled for the results) and, when filled, how each game ended."""
    columns, groups = board_groups(model, group, round_number, filled)
    return columns, grouped(groups)[0]


def board_groups(model: ExportModel, group: str, round_number: int, filled: bool
                 ) -> tuple[list[Column], list[list[list[str]]]]:
    """`board_rows` in the groups a page keeps together: a team match's line with its
    boards, a team's bye alone, each board of an individual group alone."""
    rnd = model.round(group, round_number)
    scale = model.group(group).scale
    before = model.score_before(group, round_number)
    with_points = _keeps_points(model, group)
    points = [Column("积分")] if with_points else []
    columns = [
        Column("台次"), Column("编号"), Column("先手（黑）", "LEFT", True),
        Column("单位", "LEFT", True), *points, Column("结果", min_width=48 if not filled else 0),
        *points, Column("后手（白）", "LEFT", True), Column("单位", "LEFT", True),
        Column("编号"),
    ]
    if filled:
        columns.append(Column("终局方式", "LEFT"))
    groups: list[list[list[str]]] = []
    match = 0
    byes = sorted(rnd.team_byes, key=lambda bye: bye.match)
    for board in listed_boards(rnd, filled):
        if board.match and board.match != match:  # a team match: its line before its boards
            match = board.match
            while byes and byes[0].match < match:  # a team's bye in its place among them
                groups.append([team_bye_line(byes.pop(0), len(columns), filled, scale)])
            groups.append([match_line(board, len(columns), filled)])
        elif not board.match:
            groups.append([])
        first = model.player(board.first)
        row = [board.board_text, str(first.number or ""),
               model.seat_name(board.first, board.first_missing),
               board.first_team or first.unit]
        if with_points:
            row.append(format_scaled(before.get(first.id, 0), scale))
        if board.second is None:
            row += ["轮空", *([""] if with_points else []), "", "", ""]
        else:
            second = model.player(board.second)
            # a round robin's board of a player who does not play: its forfeit is known (and
            # entered) when the round is paired, so the posted list says it too
            known = filled or board.first_missing or board.second_missing
            row.append(result_cell(board) if known else "")
            if with_points:
                row.append(format_scaled(before.get(second.id, 0), scale))
            row += [model.seat_name(board.second, board.second_missing),
                    board.second_team or second.unit, str(second.number or "")]
        if filled:
            row.append(board.how_ended_zh if board.second is not None else "")
        groups[-1].append(row)
    groups += [[team_bye_line(bye, len(columns), filled, scale)] for bye in byes]
    return columns, groups


def listed_boards(rnd: Round, filled: bool) -> tuple[BoardResult, ...]:
    """The boards a list of the round prints: a pairing list (not `filled`) leaves out a
    level team match's captains' playoff game (主将加赛, huazhi 六、(三)3), a result of the
    round and no board of its pairing; a results list keeps it."""
    return rnd.boards if filled else tuple(b for b in rnd.boards if not b.is_captains_playoff)


def result_cell(board: BoardResult) -> str:
    """A board's result on a results list: each game in words (`board_result_zh`); a
    double-game round (双盘制) then its points, the first-named player's first: `黑胜／白胜 2:0`
    (what the two games come to, shenzhen 九、(一): 赢2盘或赢1盘和1盘计2分 …)."""
    return board_result_zh(board, with_points=True)


def team_bye_line(bye: TeamBye, width: int, filled: bool = False, scale: int = 1
                  ) -> list[str]:
    """A team without an opponent this round: 第N场, the team, 轮空 where the score goes;
    on the results list of a Team Swiss, what the bye gave in the last column (计胜一场：
    场分2，局分3), as the workbook's line says it."""
    row = [f"第{bye.match}场", "", bye.team, "", "轮空"]
    row += [""] * (width - len(row))
    if filled and bye.scores_text(scale):
        row[-1] = bye.scores_text(scale)
    return row


def match_score_cell(score: MatchScore | None, teams: tuple[str, str] | None = None) -> str:
    """A team match's score as the result lists print it: `5:1`, `3:3 主将加赛`, `3:3 抽签
    （队2胜）` (the two `teams` given, first-named first), or the level score still waiting for
    the captains' playoff (huazhi 六、(二)/(三)3)."""
    if score is None:
        return ""
    if score.waits_for_playoff:
        return f"{wording.match_score_text(score)} {wording.match_waiting_text()}"
    return wording.match_score_text(score, teams=teams)


def match_line(board: BoardResult, width: int, filled: bool) -> list[str]:
    """The line of a team match in a list by board (对阵表, 成绩表): 第N场, the first-named
    team (black on board 1), the match score when `filled`, the other team."""
    row = [f"第{board.match}场", "", board.first_team, "",
           match_score_cell(board.match_score, (board.first_team, board.second_team))
           if filled else "", board.second_team]
    return row + [""] * (width - len(row))


def sitting_out_line(model: ExportModel, rnd: Round) -> str:
    """The players with no board in the round, and why (`wording.sitting_out_text`), as a
    sentence below the pairing list; nothing when every player has a board."""
    text = wording.sitting_out_text(
        (model.player(o.player).number, model.player(o.player).name, o.why)
        for o in rnd.sitting_out)
    return f"{text}。" if text else ""


def team_missing_line(model: ExportModel, rnd: Round) -> str:
    """A team round's missing members below its pairing list (`wording.team_missing_text`):
    the boards lost by forfeit because their member does not play (分台定人制: nobody moves up)
    and the teams not paired because none of their members does."""
    seated, teams = model.team_missing_of(rnd)
    on_boards = [(place, model.player(o.player).name, o.why) for place, o in seated]
    text = wording.team_missing_text(on_boards, teams)
    return f"{text}。" if text else ""


def missing_forfeits_line(model: ExportModel, rnd: Round) -> str:
    """A round robin's boards held by a player who does not play the round, below its pairing
    lists (`ExportModel.missing_forfeits_of`): `第3台 王三（退赛）弃权，李四不战胜。`."""
    lines = model.missing_forfeits_of(rnd)
    return f"{'；'.join(lines)}。" if lines else ""


def round_notes_text(model: ExportModel, group: str, round_number: int,
                     filled: bool = True) -> str:
    """The note under a round's list (the pairing list, the results list, the 成绩册's round):
    the boards forfeited by a missing player, who sits the round out and why, how a
    double-game round reads, what 积分 holds."""
    info = model.group(group)
    rnd = model.round(group, round_number)
    bits = [missing_forfeits_line(model, rnd), sitting_out_line(model, rnd),
            team_missing_line(model, rnd)]
    if info.double_game:
        bits.append("双盘制：结果按盘次列出（第一盘／第二盘），黑白指该盘执子；"
                    "第二盘先后手互换，由本表后手方执黑"
                    + ("；其后的比分为本轮积分，本表先手方在前。" if filled else "。"))
    if _keeps_points(model, group):
        bits.append("积分为本轮前积分。")
    return "".join(bits)


def _round_notes(model: ExportModel, group: str, round_number: int,
                 filled: bool = True) -> list[Flowable]:
    text = round_notes_text(model, group, round_number, filled)
    return [Spacer(1, 3), note(text)] if text else []


def write_pairings_by_board(model: ExportModel, group: str, round_number: int,
                            path: Path, filled: bool = False) -> Path:
    """对阵表（按台次）: round date and time, each board with both players' 编号, units and
    points before the round, the result column left empty for posting (`filled`: the
    round's results), and the signature lines of the 编排长 and the 裁判长."""
    columns, groups = board_groups(model, group, round_number, filled)
    rows, leads = grouped(groups)
    title = f"第{round_number}轮成绩表" if filled else f"第{round_number}轮对阵表（按台次）"
    header = _group_header(model, group, title, round_subtitle(model, group, round_number))
    after = [*_round_notes(model, group, round_number, filled),
             signature_line(("编排长", "裁判长"))]
    if not filled:
        after += venue_qr(model.event.venue_address, model.group(group).name)
    if not model.group(group).system.team:
        return _table_document(path, header, columns, rows, after=after, shade_every=5)
    # team matches: each match's line shaded above its boards, kept on one page with them
    styles = _lead_shading(leads)
    return _table_document(path, header, columns, rows, after=after, extra_styles=styles,
                           keep_groups=KEPT_ROWS, leads=leads)


def _lead_shading(leads: Sequence[bool]) -> list[tuple[object, ...]]:
    """A team list's match lines (and byes) shaded above their boards."""
    shade = colors.Color(0.9, 0.9, 0.9)
    return [("BACKGROUND", (0, i + 1), (-1, i + 1), shade)
            for i, lead in enumerate(leads) if lead]


def name_rows(model: ExportModel, group: str, round_number: int
              ) -> tuple[list[Column], list[list[str]]]:
    """Columns and rows of a pairing list by name: every player in pinyin order of surname
    then given name (one surname together), with 编号, points, board, colour and opponent."""
    rnd = model.round(group, round_number)
    scale = model.group(group).scale
    before = model.score_before(group, round_number)
    with_points = _keeps_points(model, group)
    entries: list[tuple[int, str, str, int | None]] = []
    missing: dict[int, SitOut] = {}  # a round robin's seated players who do not play
    for board in rnd.boards:
        entries.append((board.first, board.board_text,
                        "黑（先）" if board.second is not None else "轮空", board.second))
        if board.second is not None:
            entries.append((board.second, board.board_text, "白（后）", board.first))
        for seated, why in ((board.first, board.first_missing),
                            (board.second, board.second_missing)):
            if seated is not None and why is not None:
                missing[seated] = why
    # a player who sits the round out finds his name too, with why (请假半分, 退赛)
    entries += [(out.player, "", wording.sit_out_text(out.why), None) for out in rnd.sitting_out]
    entries.sort(key=lambda e: (name_sort_key(model.player(e[0]).name),
                                model.player(e[0]).number))
    columns = [
        Column("姓名", "LEFT", True), Column("编号"), Column("单位", "LEFT", True),
        *([Column("积分")] if with_points else []), Column("台次"), Column("执子"),
        Column("对手编号"), Column("对手", "LEFT", True), Column("对手单位", "LEFT", True),
    ]
    rows = []
    for pid, number, colour, other in entries:
        player = model.player(pid)
        row = [model.seat_name(pid, missing.get(pid)), str(player.number or ""), player.unit]
        if with_points:
            row.append(format_scaled(before.get(pid, 0), scale))
        if other is None:
            row += [number, colour, "", "", ""]  # 轮空, or why he sits the round out
        else:
            opponent = model.player(other)
            row += [number, colour, str(opponent.number or ""),
                    model.seat_name(other, missing.get(other)), opponent.unit]
        rows.append(row)
    return columns, rows


def write_pairings_by_name(model: ExportModel, group: str, round_number: int,
                           path: Path) -> Path:
    """对阵表（按姓名）: every player in pinyin order (surname, then given name) with 编号,
    points, board, colour and opponent, so a player finds their board at a glance."""
    columns, rows = name_rows(model, group, round_number)
    header = _group_header(model, group, f"第{round_number}轮对阵表（按姓名）",
                           round_subtitle(model, group, round_number))
    forfeits = missing_forfeits_line(model, model.round(group, round_number))
    return _table_document(path, header, columns, rows, shade_every=5,
                           after=[Spacer(1, 3), note(f"{forfeits}按姓氏拼音排序，同姓者相连。"),
                                  *venue_qr(model.event.venue_address, model.group(group).name)])


def write_round_results(model: ExportModel, group: str, round_number: int, path: Path) -> Path:
    """第N轮成绩表: the pairing list by board with the results (黑胜/白胜/和/弃权) filled in
    and how each game ended."""
    return write_pairings_by_board(model, group, round_number, path, filled=True)


# ---------------------------------------------------------------------------- rankings


def _parent_places(model: ExportModel, standings: Standings) -> dict[int, str]:
    """A sub-ranking's players' places in the ranking it is taken from (the open place of
    each woman in qiwang's 公开组（女子）)."""
    if any(row.open_rank for row in standings.rows):
        return {row.player: row.open_rank for row in standings.rows}
    if not standings.parent:
        return {}
    for parent in model.standings:
        if parent.title == standings.parent and parent.group == standings.group:
            return {row.player: row.rank_text for row in parent.rows}
    return {}


def standings_rows(
    model: ExportModel, standings: Standings
) -> tuple[list[Column], list[list[str]]]:
    """The columns and text rows of a ranking (shared by the PDF, the booklets and the
    tests): with the open place for a sub-ranking, and prize and title when final."""
    scale = model.group(standings.group).scale if standings.group else 1
    parent = _parent_places(model, standings)
    columns = [Column("名次"), Column("编号"), Column("姓名", "LEFT", True),
               Column("单位", "LEFT", True)]
    if parent:
        columns.append(Column(f"{standings.parent or '公开组'}名次"))
    columns.append(Column(standings.points_header))
    columns += [Column(c.header) for c in standings.columns]
    awards = award_headers(model, standings)
    columns += [Column(h, "LEFT", True) if h == "奖励" else Column(h) for h in awards]
    columns.append(Column("备注", "LEFT"))
    rows = []
    for row in standings.rows:
        player = model.player(row.player)
        cells = [row.rank_text, str(player.number or ""), player.name, player.unit]
        if parent:
            cells.append(parent.get(row.player, ""))
        cells.append(format_scaled(row.points, scale))
        cells += [format_scaled(value, column.scale)
                  for value, column in zip(row.tiebreaks, standings.columns, strict=True)]
        cells += award_cells(model, row, awards)
        cells.append(remark(model, row, standings))
        rows.append(cells)
    return columns, rows


def standings_legend(model: ExportModel, standings: Standings) -> str:
    """The legend under a ranking: the order of criteria, what each tie-break counts, the
    unplayed-game policy, shared places and playoffs."""
    info = model.group(standings.group) if standings.group else None
    bits: list[str] = []
    if standings.legend:  # the ranking's own account of its criteria (the standings service)
        bits += [line if line.endswith("。") else line + "。" for line in standings.legend]
        info = None
    elif standings.columns:
        order = "、".join([standings.points_header, *(c.header for c in standings.columns)])
        bits.append(f"名次依次按{order}区分，均为高者列前。")
        legends = [c.legend for c in standings.columns if c.legend]
        if legends:
            bits.append("；".join(legends) + "。")
    if info is not None and info.unplayed_text and not standings.legend:
        bits.append(info.unplayed_text + "。")
    if any(r.shared for r in standings.rows):
        bits.append("名次后的“=”表示并列。")
    if standings.marks_note:
        bits.append(standings.marks_note)
    if not standings.final:
        bits.append(f"本表为第{standings.after_round}轮后名次，非最终名次。")
    return "".join(bits)


def standings_title(standings: Standings) -> str:
    kind = "最终名次" if standings.final else f"第{standings.after_round}轮后名次{PROVISIONAL}"
    return f"{standings.title}{kind}"


def write_standings(model: ExportModel, standings: Standings, path: Path) -> Path:
    """名次表 after any round: place (`3=` when shared, 并列), 编号, name, unit, points and
    every tie-break column in the group's order (2016 rules: 积分, 对手分, 中间对手分, 胜局),
    with a legend and the unplayed-game policy; prize and title columns when final; a
    sub-ranking (women) shows each player's place in the open ranking."""
    columns, rows = standings_rows(model, standings)
    header = PageHeader(model.event, standings_title(standings),
                        model.group(standings.group).name if standings.group else "")
    after: list[Flowable] = [Spacer(1, 3), note(standings_legend(model, standings)),
                             signature_line(("编排长", "裁判长"))]
    return _table_document(path, header, columns, rows, after=after, shade_every=5)


MEMBERS_COLUMN = Column("队员", "LEFT", True)
"""A team table's members (each with the points or the place that counted)."""


def members_whole(columns: Sequence[Column]) -> list[Column]:
    """A team table's columns with its members counted whole (`MEMBERS_COLUMN` not
    flexible): one list, not a name to shrink or wrap like the others, so that a table too
    wide for it turns landscape, and the names and prizes beside it give way first."""
    return [replace(c, flexible=False) if c == MEMBERS_COLUMN else c for c in columns]


def team_rows(team: TeamStandings, note_gives_way: bool = False
              ) -> tuple[list[Column], list[list[str]]]:
    """The columns and text rows of a team table (shared by the PDF and the booklets, as
    `standings_rows` is for a player's ranking): place, team, its values, the members where
    the table lists them (a Team Swiss group's 团体交叉表 lists none), the prize (奖励) when the
    ranking is final and gives one, as the individual 名次表 has it, and 备注 (how the place
    was decided, a withdrawal). `note_gives_way`: the 备注 may wrap (the booklet's crosstable,
    whose names need the width)."""
    members = any(row.members for row in team.rows)
    prizes = team.shows_prizes
    columns = [Column("名次"), Column(team.entrant, "LEFT", True),
               *[Column(c.header) for c in team.columns],
               *([MEMBERS_COLUMN] if members else []),
               *([Column("奖励", "LEFT", True)] if prizes else []),
               Column("备注", "LEFT", note_gives_way)]
    rows = [[row.rank_text, row.team,
             *[format_scaled(v, c.scale) for v, c in zip(row.values, team.columns, strict=True)],
             *(["、".join(row.members)] if members else []), *([row.prize] if prizes else []),
             row.note]
            for row in team.rows]
    return columns, rows


def write_team_standings(model: ExportModel, team: TeamStandings, path: Path) -> Path:
    """团体名次: place, team, the team's value columns, members, prize and 备注 (`team_rows`).
    The members are one list, not a name to shrink like the others: counted whole when the
    page is chosen, so that a table too wide for them beside the prize turns landscape
    instead of printing them smaller than the rest of the table."""
    columns, rows = team_rows(team)
    whole = members_whole(columns)
    subtitle = model.group(team.group).name if team.group else ""
    header = PageHeader(model.event, team.caption + ("" if team.final else PROVISIONAL),
                        subtitle)
    return _table_document(path, header, columns, rows, force_wide=_wide(whole, rows),
                           after=[*(note(line) for line in team.legend),
                                  signature_line(("裁判长", "编排长"))])


QUALIFIER_COLUMNS = (Column("场次"), Column("先行方", "LEFT", True), Column("比分"),
                     Column("后行方", "LEFT", True), Column("出线", "LEFT", True))
"""The columns of the cross-group round's 出线名单, as the window and `standings` head them."""


def qualifier_rows(qualifiers: Qualifiers) -> list[list[str]]:
    """The 出线名单's rows (the PDF, the workbook): each match, the teams with their lists'
    places (`大1（大众场第1名）`), the score (待赛 before its boards are in; a level one waiting
    for its captains, 战平，需主将加赛; 抽签 with the team drawn) and who goes on (待定 while
    open)."""
    rows = []
    for m in qualifiers.matches:
        score = match_score_cell(m.score, (m.first, m.second)) if m.score else "待赛"
        rows.append([f"第{m.number}场",
                     wording.cross_group_entrant_text(m.first, m.first_list, m.first_rank),
                     score,
                     wording.cross_group_entrant_text(m.second, m.second_list, m.second_rank),
                     m.qualified or "待定"])
    return rows


def qualifiers_summary(qualifiers: Qualifiers) -> str:
    """The line under the 出线名单: the teams that go on, in match order, of how many."""
    names = "、".join(qualifiers.qualified) or "尚无"
    return f"出线队伍（{len(qualifiers.qualified)}/{len(qualifiers.matches)}）：{names}"


def write_qualifiers(model: ExportModel, qualifiers: Qualifiers, path: Path) -> Path:
    """出线名单 of the cross-group round (复赛, huazhi 五、(二), 五、(三)2), which ranks nobody:
    one line a match (`qualifier_rows`), then the teams that go on to the final and what the
    round decides; 临时·非最终 while a match is open; the signatures."""
    title = qualifiers.caption + ("" if qualifiers.final else PROVISIONAL)
    after: list[Flowable] = [Spacer(1, 3), note(qualifiers_summary(qualifiers), 10),
                             note(wording.cross_group_note_text() + "。"),
                             signature_line(("裁判长", "编排长"))]
    return _table_document(path, _group_header(model, qualifiers.group, title),
                           QUALIFIER_COLUMNS, qualifier_rows(qualifiers), after=after)


def _crosstable_columns(model: ExportModel, group: str) -> list[Column]:
    standings = model.crosstable_order_of(group)
    cells = [Column(h, min_width=22) if model.group(group).system.round_robin else Column(h)
             for h in cell_headers(model, group)]
    return [Column(REFERENCE), Column("编号"), Column("名次"), Column("姓名", "LEFT", True),
            Column("单位", "LEFT", True), *cells, Column("积分"),
            *(Column(c.header) for c in (standings.columns if standings else ()))]


def crosstable_rows(model: ExportModel, group: str
                    ) -> tuple[list[Column], list[list[str]], list[tuple[object, ...]]]:
    """Columns, rows and grid shading of a crosstable (`app.exports.crosstable`): rows in
    standings order, each with its 序号 (the reference every cell uses), 编号, place, name and
    unit, the cells (a column per round, or the round-robin grid), points and tie-breaks."""
    info = model.group(group)
    standings = model.crosstable_order_of(group)
    tiebreak_columns = standings.columns if standings is not None else ()
    rows = []
    for line in crosstable(model, group):
        player = model.player(line.player)
        row = line.standing
        cells = [str(line.reference), str(player.number or ""), row.rank_text if row else "",
                 line.name_text(player.name), player.unit, *line.cells,
                 format_scaled(row.points, info.scale) if row else ""]
        cells += ([format_scaled(v, c.scale)
                   for v, c in zip(row.tiebreaks, tiebreak_columns, strict=True)]
                  if row else ["" for _ in tiebreak_columns])
        rows.append(cells)
    grid_styles: list[tuple[object, ...]] = []
    if info.system.round_robin:  # the diagonal (oneself) shaded
        first = 5
        grid_styles = [("BACKGROUND", (first + i, 1 + i), (first + i, 1 + i),
                        colors.Color(0.7, 0.7, 0.7)) for i in range(len(rows))]
    return _crosstable_columns(model, group), rows, grid_styles


def write_crosstable(model: ExportModel, group: str, path: Path) -> Path:
    """交叉表, opponents by 序号: see `crosstable_rows`. Team groups print their team-match tables
    (`write_team_matches`) instead."""
    if model.group(group).system.team:
        return write_team_matches(model, group, path)
    columns, rows, grid_styles = crosstable_rows(model, group)
    size = 8.0 if len(columns) > 12 else 9.0
    wide = len(columns) > 9 or _wide(columns, rows, size)
    table = make_table(columns, rows, usable_width(wide), size, shade_every=5,
                       extra_styles=grid_styles)
    header = _group_header(model, group, "交叉表")
    return build_document(path, header, [table, Spacer(1, 3),
                                         note(crosstable_legend(model, group))], wide=wide)


def team_match_rows(model: ExportModel, rnd: Round) -> list[list[str]]:
    """One round of team matches (分台定人制): per match a line with both teams and the match
    score (game points 局分 as the rules gave them, first-named team first), then its boards."""
    return grouped(team_match_groups(model, rnd))[0]


TEAM_MATCH_COLUMNS = (Column("场次／台次"), Column("先行方／黑方", "LEFT", True),
                      Column("比分／结果"), Column("后行方／白方", "LEFT", True),
                      Column("终局方式", "LEFT"), Column("备注", "LEFT"))
"""The columns of a round of team matches (`team_match_groups`) with its results; before
play (`filled=False`) without 终局方式 (`team_match_columns`)."""


def team_match_columns(filled: bool = True) -> list[Column]:
    return [c for c in TEAM_MATCH_COLUMNS if filled or c.header != "终局方式"]


def team_match_groups(model: ExportModel, rnd: Round, filled: bool = True
                      ) -> list[list[list[str]]]:
    """`team_match_rows` in the groups a page keeps together: each match's line with its
    boards, a team's bye alone. `filled=False` gives the round as it was paired, to hand
    out before play (the 秩序册): the match line without its score, the boards without
    their results and endings, and no captains' playoff game (主将加赛, huazhi 六、(三)3:
    played only once a match is level, so no part of the pairing)."""
    rows: list[list[list[str]]] = []
    matches: dict[int, list[BoardResult]] = {}
    for board in listed_boards(rnd, filled):
        matches.setdefault(board.match or board.number, []).append(board)
    byes = sorted(rnd.team_byes, key=lambda bye: bye.match)
    width = len(team_match_columns(filled))
    for number, boards in matches.items():
        while byes and byes[0].match < number:  # a team's bye in its place among them
            rows.append([_team_bye_match_line(byes.pop(0), width)])
        first_team, second_team = boards[0].first_team, boards[0].second_team
        score = match_score_cell(boards[0].match_score, (first_team, second_team))
        rows.append([[f"第{number}场", first_team, score if filled else "", second_team,
                      *[""] * (width - 4)]])
        for board in boards:
            black = model.player(board.first)
            white = model.player(board.second) if board.second is not None else None
            place = f"{board.match_board}台" if board.match_board \
                else wording.captains_playoff_text()
            rows[-1].append([place, f"{black.name}（{board.first_team}）",
                             board_result_zh(board) if filled else "",
                             f"{white.name}（{board.second_team}）" if white else "轮空",
                             *([board.how_ended_zh] if filled else []), ""])
    return rows + [[_team_bye_match_line(bye, width)] for bye in byes]


def _team_bye_match_line(bye: TeamBye, width: int) -> list[str]:
    """A team without an opponent among the matches: 第N场, the team, 轮空 for the score."""
    row = [f"第{bye.match}场", bye.team, "轮空"]
    return row + [""] * (width - len(row))


def write_team_matches(model: ExportModel, group: str, path: Path) -> Path:
    """团体对抗表: each round's team matches with the match score and every board (the
    first-named team has black on boards 1 and 3, huazhi 六、(三)3)."""
    columns = team_match_columns()
    story: list[Flowable] = []
    width = usable_width(False)
    for rnd in model.rounds_of(group):
        rows, leads = grouped(team_match_groups(model, rnd))
        when = round_subtitle(model, group, rnd.number)
        story.append(heading(f"第{rnd.number}轮  {when}".strip()))
        story.append(make_table(columns, rows, width, 9.0, extra_styles=_lead_shading(leads),
                                keep_groups=KEPT_ROWS, leads=leads))
        story.append(Spacer(1, 4))
    story.append(note(wording.team_score_note(model.group(group).system.level_match_drawn)))
    return build_document(path, _group_header(model, group, "团体对抗成绩表"), story)


# ---------------------------------------------------------------------------- awards


def write_award_sheet(model: ExportModel, path: Path) -> Path:
    """录取名单: per ranking (each group, sub-ranking, teams) place, name, unit, prize and
    grade title (段级位), in place order."""
    awards = model.awards_in_place_order()
    story: list[Flowable] = []
    columns = [Column("名次"), Column("姓名／队名", "LEFT", True), Column("单位", "LEFT", True),
               Column("奖励", "LEFT", True), Column("可申请段级位"), Column("说明", "LEFT")]
    width = usable_width(False)
    for ranking in unique(a.ranking for a in awards):
        rows = [[wording.place_text(a.place, a.shared), a.recipient,
                 "" if a.is_team and a.unit == a.recipient else a.unit, a.prize,
                 wording.applied_title(a.grade_title), award_note(model, a)]
                for a in awards if a.ranking == ranking]
        story.append(KeepTogether([heading(ranking), make_table(columns, rows, width)]))
        story.append(Spacer(1, 6))
    story.append(signature_line(("裁判长", "仲裁")))
    title = "录取名单" + (PROVISIONAL if any(a.provisional for a in awards) else "")
    return build_document(path, PageHeader(model.event, title), story)


PROVISIONAL = "（临时·非最终）"


def award_note(model: ExportModel, award: Award) -> str:
    """The 说明 of an award line: a player's withdrawal (第3轮起退赛: the regulations are
    silent on a withdrawn player's award, so it is kept by place and the list says so for
    the arbiter to decide, `decline` taking it back), how the award was decided where not by
    place alone (加赛决定, 并列平分, a place shared inside one band), and declines
    (`wording.award_list_note`)."""
    withdrawn = model.player(award.player).withdrawn_from if award.player is not None else None
    return wording.with_withdrawal(withdrawn, wording.award_list_note(award.decision))


GRADE_HEADERS = ("序号", "姓名", "性别", "出生日期", "身份证号", "单位", "组别", "原段级位",
                 "对局数", "名次", "申报段级位")
"""The columns of the 段级位申报表, one list for the signed PDF and the package's CSV."""


def grade_application_rows(model: ExportModel) -> list[list[str]]:
    """One row per player who earned a grade title (段级位申报), in place order: identity,
    previous grade, games played in the event, place and the title applied for."""
    rows = []
    for award in model.awards_in_place_order():
        if not award.grade_title or award.player is None:
            continue
        player = model.player(award.player)
        group = model.group(player.group).name
        rows.append([player.name, player.gender,
                     player.birth_date.isoformat() if player.birth_date else "",
                     player.id_number, player.unit, group, player.grade or "无",
                     str(model.games_played(player.id)), award.place_text, award.grade_title])
    return [[str(i), *row] for i, row in enumerate(rows, start=1)]


def write_grade_applications(model: ExportModel, path: Path) -> Path:
    """段级位申报表: player, gender, birth date, ID number, unit, group, previous grade,
    games played, place, title applied for (titles by final place, e.g. qiwang 2022 open:
    1st 六段, 2-3 五段 ...), and the organiser's seal box (主办单位盖章)."""
    wide = {"姓名", "单位"}
    columns = [Column(h, "LEFT", True) if h in wide else Column(h, "LEFT") if h == "组别"
               else Column(h) for h in GRADE_HEADERS]
    rows = grade_application_rows(model)
    signatures = "\n\n".join(f"{label}：＿＿＿＿＿＿＿＿" for label in ("裁判长", "填表人", "日期"))
    seal = Table([[signatures, "主办单位（盖章）：\n\n\n　　　　　　年　　月　　日"]],
                 colWidths=[110 * mm, 80 * mm], rowHeights=[26 * mm])
    seal.setStyle(TableStyle([("BOX", (1, 0), (1, 0), 0.8, colors.black),
                              ("FONT", (0, 0), (-1, -1), SANS, 10, 13),
                              ("VALIGN", (0, 0), (-1, -1), "TOP")]))
    seal.hAlign = "LEFT"
    after = [Spacer(1, 3), note("对局数为本次比赛实际对局盘数（不含轮空、弃权）。"),
             Spacer(1, 2 * mm), seal]
    provisional = any(a.provisional and a.grade_title for a in model.awards)
    title = "段级位申报表" + (PROVISIONAL if provisional else "")
    return _table_document(path, PageHeader(model.event, title), columns, rows,
                           after=after, force_wide=True)


def time_control_zh(text: str) -> str:
    """`5′+3″` (or `5'+3"`) as printed for players: 每方5分钟，每步加3秒 (other texts
    unchanged)."""
    match = re.fullmatch(r"(\d+)['′]\s*\+\s*(\d+)[\"″]", text.strip())
    if match is None:
        return text
    return f"每方{match.group(1)}分钟，每步加{match.group(2)}秒"


def playoff_rows(model: ExportModel, playoff: PlayoffRecord) -> list[list[str]]:
    rows = []
    for index, game in enumerate(playoff.games, start=1):
        black, white = model.player(game.black), model.player(game.white)
        rows.append([str(index), game.stage, f"{black.number or ''}", black.name,
                     result_zh(game.result) if game.result else "", white.name,
                     f"{white.number or ''}", time_control_zh(game.time_control)])
    return rows


def playoff_story(model: ExportModel, playoff: PlayoffRecord) -> list[Flowable]:
    """One playoff: who is tied, every game with colours (black moves first), time control
    and result, and the decided order."""
    names = "、".join(model.player(pid).name for pid in playoff.players)
    columns = [Column("局"), Column("阶段", "LEFT"), Column("编号"), Column("黑方（先手）",
               "LEFT", True), Column("结果"), Column("白方（后手）", "LEFT", True),
               Column("编号"), Column("用时", "LEFT", True)]
    story: list[Flowable] = [
        heading(f"{playoff.ranking} 第{playoff.place}名加赛：{names}"),
        make_table(columns, playoff_rows(model, playoff), usable_width(False), 9.5),
    ]
    story += [note(playoff_outcome_text(model, playoff)), Spacer(1, 6)]
    return story


def playoff_outcome_text(model: ExportModel, playoff: PlayoffRecord) -> str:
    """What a playoff decided, under its games (the 加赛表 and the 成绩册): `加赛结果：李二（第2名）、
    张一（第3名）`, or that it is still being played."""
    if not playoff.order:
        return "加赛尚未结束：结果栏空白处待填。"
    order = "、".join(f"{model.player(pid).name}（第{playoff.place + k}名）"
                     for k, pid in enumerate(playoff.order))
    return f"加赛结果：{order}"


def write_playoffs(model: ExportModel, path: Path, group: str = "") -> Path:
    """加赛表: every playoff (of `group`, or of the whole event) as its games fall: a
    two-game playoff with each player black once, then single games until one wins
    (2016 五(二), shenzhen 十(五)2)."""
    story: list[Flowable] = []
    for playoff in model.playoffs:
        if not group or playoff.group == group:
            story.append(KeepTogether(playoff_story(model, playoff)))
    if not story:
        story.append(note("本次比赛没有加赛。"))
    story.append(signature_line(("裁判长", "编排长")))
    subtitle = model.group(group).name if group else ""
    return build_document(path, PageHeader(model.event, "加赛表", subtitle), story)


def rounds_with_results(model: ExportModel, group: str) -> tuple[Round, ...]:
    return tuple(r for r in model.rounds_of(group) if any(b.result for b in r.boards))
