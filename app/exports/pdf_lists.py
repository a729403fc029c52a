"""PDF lists to post and hand out: pairing lists (对阵表, by board and by name), round
results (成绩表), standings with tie-break columns and shared places (名次表), crosstables
(交叉表), team standings (团体名次), sub-rankings, the award sheet (录取名单) and the
grade-title application list (段级位申报表).

Each function reads the `ExportModel` and writes one PDF; A4, landscape when the table is
too wide for portrait. The first mover (先手) plays black (see app/pairing/types.py).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from pypinyin import lazy_pinyin
from reportlab.lib import colors
from reportlab.platypus import Flowable, KeepTogether, Spacer

from app.exports.fonts import register_fonts
from app.exports.model import (
    Award,
    ExportModel,
    Round,
    Standings,
    TeamStandings,
    format_scaled,
    result_zh,
    round_cells,
    unique,
)
from app.exports.pdf_common import (
    BASE_SIZE,
    Column,
    PageHeader,
    build_document,
    heading,
    make_table,
    natural_width,
    note,
    signature_line,
    usable_width,
)
from app.exports.pdf_qr import venue_qr


def _wide(columns: Sequence[Column], rows: Sequence[Sequence[str]],
          size: float = BASE_SIZE) -> bool:
    """Landscape when the table is wider than a portrait page, counting names and units
    (flexible columns) at no more than 8 characters: longer ones shrink or wrap."""
    register_fonts()
    return natural_width(columns, rows, size, flexible_cap=8) > usable_width(False)


def _table_document(path: Path, header: PageHeader, columns: Sequence[Column],
                    rows: Sequence[Sequence[str]], size: float = BASE_SIZE,
                    before: Sequence[Flowable] = (), after: Sequence[Flowable] = (),
                    shade_every: int = 0, force_wide: bool | None = None) -> Path:
    wide = _wide(columns, rows, size) if force_wide is None else force_wide
    table = make_table(columns, rows, usable_width(wide), size, shade_every)
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


def write_pairings_by_board(model: ExportModel, group: str, round_number: int,
                            path: Path) -> Path:
    """对阵表（按台次）: each board with both players, their units and points before it."""
    rnd = model.round(group, round_number)
    scale = model.group(group).scale
    before = model.score_before(group, round_number)
    # Points before the round, unless the group keeps no player points (team matches).
    with_points = any(b.first_points is not None for r in model.rounds_of(group)
                      for b in r.boards)
    points = [Column("积分")] if with_points else []
    columns = [
        Column("台次"), Column("编号"), Column("先手（黑）", "LEFT", True),
        Column("单位", "LEFT", True), *points,
        *points, Column("后手（白）", "LEFT", True), Column("单位", "LEFT", True),
        Column("编号"),
    ]
    rows = []
    for board in rnd.boards:
        first = model.player(board.first)
        row = [board.board_text, str(first.number or ""), first.name,
               board.first_team or first.unit]
        if with_points:
            row.append(format_scaled(before.get(first.id, 0), scale))
        if board.second is None:
            row += ["", "轮空", "", ""] if with_points else ["轮空", "", ""]
        else:
            second = model.player(board.second)
            if with_points:
                row.append(format_scaled(before.get(second.id, 0), scale))
            row += [second.name, board.second_team or second.unit, str(second.number or "")]
        rows.append(row)
    header = _group_header(model, group, f"第{round_number}轮对阵表（按台次）", rnd.date_text)
    return _table_document(path, header, columns, rows, shade_every=5,
                           after=venue_qr(model.event.venue_address, model.group(group).name))


def _pinyin_key(name: str) -> tuple[str, str]:
    return ("".join(lazy_pinyin(name)).lower(), name)


def write_pairings_by_name(model: ExportModel, group: str, round_number: int,
                           path: Path) -> Path:
    """对阵表（按姓名）: every player in pinyin order with board, colour and opponent, so a
    player finds their board on the wall at a glance."""
    rnd = model.round(group, round_number)
    entries = []
    for board in rnd.boards:
        entries.append((board.first, board.board_text, "黑（先）", board.second))
        if board.second is not None:
            entries.append((board.second, board.board_text, "白（后）", board.first))
    entries.sort(key=lambda e: _pinyin_key(model.player(e[0]).name))
    columns = [
        Column("姓名", "LEFT", True), Column("单位", "LEFT", True), Column("台次"),
        Column("执子"), Column("对手", "LEFT", True), Column("对手单位", "LEFT", True),
    ]
    rows = []
    for pid, number, colour, other in entries:
        player = model.player(pid)
        if other is None:
            rows.append([player.name, player.unit, number, "轮空", "", ""])
        else:
            opponent = model.player(other)
            rows.append([player.name, player.unit, number, colour, opponent.name,
                         opponent.unit])
    header = _group_header(model, group, f"第{round_number}轮对阵表（按姓名）", rnd.date_text)
    return _table_document(path, header, columns, rows, shade_every=5,
                           after=venue_qr(model.event.venue_address, model.group(group).name))


def write_round_results(model: ExportModel, group: str, round_number: int, path: Path) -> Path:
    """第N轮成绩表: board, both players, the result (黑胜/白胜/和/弃权) and how it ended."""
    rnd = model.round(group, round_number)
    columns = [
        Column("台次"), Column("先手（黑）", "LEFT", True), Column("单位", "LEFT", True),
        Column("结果"), Column("后手（白）", "LEFT", True), Column("单位", "LEFT", True),
        Column("终局方式", "LEFT"),
    ]
    rows = []
    for board in rnd.boards:
        first = model.player(board.first)
        if board.second is None:
            rows.append([board.board_text, first.name, first.unit, "轮空", "", "", ""])
            continue
        second = model.player(board.second)
        rows.append([board.board_text, first.name, board.first_team or first.unit,
                     result_zh(board.result), second.name, board.second_team or second.unit,
                     board.how_ended_zh])
    header = _group_header(model, group, f"第{round_number}轮成绩表", rnd.date_text)
    after: list[Flowable] = []
    if model.group(group).double_game:
        after = [Spacer(1, 3), note("双盘制：结果按盘次列出（第一盘／第二盘），黑白指该盘执子；"
                                    "第二盘先后手互换，由本表后手方执黑。")]
    return _table_document(path, header, columns, rows, after=after, shade_every=5)


# ---------------------------------------------------------------------------- rankings


def standings_rows(
    model: ExportModel, standings: Standings
) -> tuple[list[Column], list[list[str]]]:
    """The columns and text rows of a ranking (shared by the PDF and its tests)."""
    scale = model.group(standings.group).scale if standings.group else 1
    columns = [Column("名次"), Column("编号"), Column("姓名", "LEFT", True),
               Column("单位", "LEFT", True), Column(standings.points_header)]
    columns += [Column(c.header) for c in standings.columns]
    columns.append(Column("备注", "LEFT"))
    rows = []
    for row in standings.rows:
        player = model.player(row.player)
        cells = [row.rank_text, str(player.number or ""), player.name, player.unit,
                 format_scaled(row.points, scale)]
        cells += [format_scaled(value, column.scale)
                  for value, column in zip(row.tiebreaks, standings.columns, strict=True)]
        cells.append(row.playoff)
        rows.append(cells)
    return columns, rows


def write_standings(model: ExportModel, standings: Standings, path: Path) -> Path:
    """名次表: place (`3=` when shared, 并列), name, unit, points and every tie-break column
    in the group's order (2016 rules: 积分, 对手分, 中间对手分, 胜局)."""
    columns, rows = standings_rows(model, standings)
    kind = "最终名次" if standings.final else f"第{standings.after_round}轮后名次{PROVISIONAL}"
    header = PageHeader(model.event, f"{standings.title}{kind}",
                        model.group(standings.group).name if standings.group else "")
    if any(r.open_rank for r in standings.rows):
        columns = [*columns, Column("公开组名次")]
        rows = [[*cells, row.open_rank] for cells, row in zip(rows, standings.rows, strict=True)]
    legend = "名次后的“=”表示并列。" if any(r.shared for r in standings.rows) else ""
    lines = [line for line in (legend, *standings.legend) if line]
    after: list[Flowable] = [Spacer(1, 3), *(note(line) for line in lines)]
    after.append(signature_line(("裁判长", "编排长")))
    return _table_document(path, header, columns, rows, after=after, shade_every=5)


def team_title(team: TeamStandings) -> str:
    """团体名次（团体总分）: the title of a team ranking."""
    return f"团体名次（{team.title}）" if team.title else "团体名次"


def write_team_standings(model: ExportModel, team: TeamStandings, path: Path) -> Path:
    """团体名次: place, team, members and the team's value columns."""
    columns = [Column("名次"), Column("代表队", "LEFT", True)]
    columns += [Column(c.header) for c in team.columns]
    columns += [Column("队员", "LEFT", True), Column("备注", "LEFT")]
    rows = []
    for row in team.rows:
        cells = [row.rank_text, row.team]
        cells += [format_scaled(v, c.scale) for v, c in zip(row.values, team.columns, strict=True)]
        cells += ["、".join(row.members), row.note]
        rows.append(cells)
    subtitle = model.group(team.group).name if team.group else ""
    header = PageHeader(model.event, team_title(team) + ("" if team.final else PROVISIONAL),
                        subtitle)
    return _table_document(path, header, columns, rows,
                           after=[*(note(line) for line in team.legend),
                                  signature_line(("裁判长", "编排长"))])


def write_crosstable(model: ExportModel, group: str, path: Path) -> Path:
    """交叉表: round robin as the grid (points scored against each opponent); Swiss as one
    column per round with the opponent's place, the colour (黑 first mover / 白) and 胜和负."""
    info = model.group(group)
    standings = model.standings_of(group)
    rounds = model.rounds_of(group)
    if standings is not None:
        order = [row.player for row in standings.rows]
        totals = {row.player: row for row in standings.rows}
    else:
        order = [p.id for p in sorted(model.players_of(group), key=lambda p: p.number)]
        totals = {}
    position = {pid: index for index, pid in enumerate(order, start=1)}
    columns = [Column("序"), Column("名次"), Column("姓名", "LEFT", True),
               Column("单位", "LEFT", True)]
    cells_by_player: dict[int, list[str]] = {pid: [] for pid in order}
    grid_styles: list[tuple[object, ...]] = []
    if info.system.round_robin:
        columns += [Column(str(i), min_width=22) for i in range(1, len(order) + 1)]
        against: dict[tuple[int, int], list[str]] = {}
        for rnd in rounds:
            for board in rnd.boards:
                if board.second is None:
                    continue
                for me, other, pts in ((board.first, board.second, board.first_points),
                                       (board.second, board.first, board.second_points)):
                    mark = "" if pts is None else format_scaled(pts, info.scale)
                    against.setdefault((me, other), []).append(mark)
        for pid in order:
            for other in order:
                if other == pid:
                    cells_by_player[pid].append("×")
                else:
                    cells_by_player[pid].append(" ".join(against.get((pid, other), [])))
        for i in range(len(order)):
            grid_styles.append(("BACKGROUND", (4 + i, 1 + i), (4 + i, 1 + i),
                                colors.Color(0.7, 0.7, 0.7)))
    else:
        columns += [Column(f"第{r.number}轮") for r in rounds]
        cells_by_player = round_cells(rounds, order)
    columns.append(Column("积分"))
    tiebreak_columns = standings.columns if standings is not None else ()
    columns += [Column(c.header) for c in tiebreak_columns]
    rows = []
    for pid in order:
        player = model.player(pid)
        row = totals.get(pid)
        cells = [str(position[pid]), row.rank_text if row else "", player.name, player.unit]
        cells += cells_by_player[pid]
        cells.append(format_scaled(row.points, info.scale) if row else "")
        if row:
            cells += [format_scaled(v, c.scale)
                      for v, c in zip(row.tiebreaks, tiebreak_columns, strict=True)]
        else:
            cells += ["" for _ in tiebreak_columns]
        rows.append(cells)
    size = 8.0 if len(columns) > 12 else 9.0
    wide = len(columns) > 9 or _wide(columns, rows, size)
    table = make_table(columns, rows, usable_width(wide), size, shade_every=5,
                       extra_styles=grid_styles)
    legend = ("各轮格内：对手序号、执子（黑为先手）、胜负。" if not info.system.round_robin
              else "格内为对该对手所得积分；×为本人。")
    header = _group_header(model, group, "交叉表")
    return build_document(path, header, [table, Spacer(1, 3), note(legend)], wide=wide)


# ---------------------------------------------------------------------------- awards


def write_award_sheet(model: ExportModel, path: Path) -> Path:
    """录取名单: per ranking (each group, sub-ranking, teams) place, name, unit, prize and
    grade title (段级位), in place order."""
    awards = model.awards_in_place_order()
    story: list[Flowable] = []
    columns = [Column("名次"), Column("姓名／队名", "LEFT", True), Column("单位", "LEFT", True),
               Column("奖励", "LEFT", True), Column("段级位"), Column("说明", "LEFT")]
    width = usable_width(False)
    for ranking in unique(a.ranking for a in awards):
        rows = [[f"{a.place}=" if a.shared else str(a.place), a.recipient,
                 "" if a.is_team and a.unit == a.recipient else a.unit, a.prize,
                 f"可申请{a.grade_title}" if a.grade_title else "", award_note(a)]
                for a in awards if a.ranking == ranking]
        story.append(KeepTogether([heading(ranking), make_table(columns, rows, width)]))
        story.append(Spacer(1, 6))
    story.append(signature_line(("裁判长", "仲裁")))
    title = "录取名单" + (PROVISIONAL if any(a.provisional for a in awards) else "")
    return build_document(path, PageHeader(model.event, title), story)


PROVISIONAL = "（临时·非最终）"


def award_note(award: Award) -> str:
    """How an award was decided where not by place alone (加赛决定, 并列平分), and declines."""
    from app.standings.awards import AwardBasis

    decision = award.decision
    if decision is None:
        return ""
    parts = {AwardBasis.PLAYOFF: ["加赛决定"],
             AwardBasis.SHARED: [f"并列第{decision.covered[0]}-{decision.covered[1]}名平分"]
             }.get(decision.basis, [])
    if decision.declined_title:
        parts.append("放弃等级称号")
    if decision.declined_prize:
        parts.append("放弃奖励")
    return "，".join(parts)


def grade_application_rows(model: ExportModel) -> list[list[str]]:
    """One row per player who earned a grade title (段级位申报), in place order."""
    rows = []
    for award in model.awards_in_place_order():
        if not award.grade_title or award.player is None:
            continue
        player = model.player(award.player)
        group = model.group(player.group).name
        rows.append([player.name, player.gender,
                     player.birth_date.isoformat() if player.birth_date else "",
                     player.id_number, player.unit, group, award.place_text, award.grade_title])
    return [[str(i), *row] for i, row in enumerate(rows, start=1)]


def write_grade_applications(model: ExportModel, path: Path) -> Path:
    """段级位申报表: player, gender, birth date, ID number, unit, group, place, title applied
    for (titles by final place, e.g. qiwang 2022 open: 1st 六段, 2-3 五段 ...)."""
    columns = [Column("序号"), Column("姓名", "LEFT", True), Column("性别"), Column("出生日期"),
               Column("身份证号"), Column("单位", "LEFT", True), Column("组别", "LEFT"),
               Column("名次"), Column("申报段级位")]
    rows = grade_application_rows(model)
    after = [signature_line(("裁判长", "填表人", "日期"))]
    provisional = any(a.provisional and a.grade_title for a in model.awards)
    title = "段级位申报表" + (PROVISIONAL if provisional else "")
    return _table_document(path, PageHeader(model.event, title), columns, rows,
                           after=after, force_wide=True)


def rounds_with_results(model: ExportModel, group: str) -> tuple[Round, ...]:
    return tuple(r for r in model.rounds_of(group) if any(b.result for b in r.boards))
