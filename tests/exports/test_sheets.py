"""The sheets an arbiter posts and hands out, as the venue needs them: pairing lists with
编号, points and an empty or filled result column and signature lines, standings after any
round with their legend, crosstables by 编号, result slips for each rule, team-match tables,
the knockout bracket, playoffs and the grade-title list."""

from __future__ import annotations

from dataclasses import replace
from datetime import date
from pathlib import Path

from app.exports import pdf_bracket, pdf_lists, pdf_slips
from app.exports.model import (
    BoardResult,
    Bracket,
    BracketMatch,
    EventInfo,
    ExportModel,
    Group,
    Player,
    PlayoffGame,
    PlayoffRecord,
    Round,
    ScheduleItem,
    Standings,
)
from app.pairing.system import System
from app.pairing.team import MatchScore
from app.results import FIRST_WINS, LevelDecision, read_notation
from tests.exports.helpers import (
    assert_all_fonts_embedded,
    pdf_layout_lines,
    pdf_text,
    small_event,
    squeezed,
    words_outside_page,
)


def _scheduled(model: ExportModel) -> ExportModel:
    event = replace(model.event, schedule=(
        ScheduleItem(2, date(2022, 11, 26), "14:00", "第一赛场"),))
    return replace(model, event=event)


def test_pairing_list_by_board_has_date_numbers_points_empty_results_and_signatures(
        tmp_path: Path) -> None:
    model = _scheduled(small_event())
    path = pdf_lists.write_pairings_by_board(model, "open", 2, tmp_path / "p.pdf")
    text = squeezed(pdf_text(path))
    assert "11月26日14:00" in text and "第一赛场" in text
    assert "编排长：" in text and "裁判长：" in text
    columns, rows = pdf_lists.board_rows(model, "open", 2, filled=False)
    headers = [c.header for c in columns]
    assert headers[:6] == ["台次", "编号", "先手（黑）", "单位", "积分", "结果"]
    before = model.score_before("open", 2)
    board = model.round("open", 2).boards[0]
    first = model.player(board.first)
    assert rows[0][1] == str(first.number)
    assert rows[0][4] == str(before[first.id])
    assert all(row[5] in ("", "轮空") for row in rows)  # left empty for posting
    assert_all_fonts_embedded(path)


def test_round_results_fill_the_result_column_and_how_the_game_ended(tmp_path: Path) -> None:
    model = small_event()
    columns, rows = pdf_lists.board_rows(model, "open", 1, filled=True)
    assert columns[-1].header == "终局方式"
    played = [r for r in rows if r[5] != "轮空"]
    assert played and all(r[5] for r in played)
    path = pdf_lists.write_round_results(model, "open", 1, tmp_path / "r.pdf")
    assert "第1轮成绩表" in squeezed(pdf_text(path))


def test_pairing_list_by_name_gives_number_and_points(tmp_path: Path) -> None:
    model = small_event()
    columns, rows = pdf_lists.name_rows(model, "open", 3)
    assert [c.header for c in columns][:4] == ["姓名", "编号", "单位", "积分"]
    before = model.score_before("open", 3)
    for row in rows:
        player = next(p for p in model.players_of("open") if p.name == row[0]
                      and str(p.number) == row[1])
        assert row[3] == str(before[player.id])


def _after(model: ExportModel, number: int) -> Standings:
    final = model.standings_of("open")
    assert final is not None
    return replace(final, final=False, after_round=number)


def test_standings_after_a_round_say_so_and_print_the_legend(tmp_path: Path) -> None:
    model = small_event()
    model = replace(model, groups=tuple(replace(g, unplayed_text="未赛轮次计算对手分时按0分计")
                                        for g in model.groups))
    path = pdf_lists.write_standings(model, _after(model, 3), tmp_path / "s.pdf")
    text = squeezed(pdf_text(path))
    assert "第3轮后名次" in text
    assert "本表为第3轮后名次，非最终名次" in text
    assert "名次依次按积分、对手分、中间对手分、胜局区分" in text
    assert "未赛轮次计算对手分时按0分计" in text


def test_final_standings_carry_prize_and_title_columns_only_when_final() -> None:
    model = small_event()
    final = model.standings_of("open")
    assert final is not None
    rows = tuple(replace(r, prize="30000元" if r.rank == 1 else "",
                         grade_title="六段" if r.rank == 1 else "") for r in final.rows)
    final = replace(final, rows=rows)
    columns, table = pdf_lists.standings_rows(model, final)
    headers = [c.header for c in columns]
    assert "奖励" in headers and "可申请段级位" in headers
    assert table[0][headers.index("奖励")] == "30000元"
    columns, _ = pdf_lists.standings_rows(model, replace(final, final=False))
    assert "奖励" not in [c.header for c in columns]


def test_the_workbook_and_federation_rankings_carry_the_prizes_the_pdf_has(
        tmp_path: Path) -> None:
    """The 名次 sheet (赛事数据.xlsx, the federation's workbook and CSV) gives each place its
    prize and title as the 名次表 PDF does, read back through openpyxl and csv."""
    import csv

    from openpyxl import Workbook, load_workbook

    from app.exports import federation_lists, xlsx

    model = small_event()
    final = model.standings_of("open")
    assert final is not None
    rows = tuple(replace(r, prize="30000元、奖状" if r.rank == 1 else "",
                         grade_title="六段" if r.rank == 1 else "") for r in final.rows)
    final = replace(final, rows=rows)
    workbook = Workbook()
    xlsx.standings_sheet(workbook, model, final)
    xlsx.save_workbook(workbook, tmp_path / "book.xlsx")
    sheet = load_workbook(tmp_path / "book.xlsx").worksheets[-1]
    table = [[c.value for c in row] for row in sheet.iter_rows()]
    header = next(k for k, row in enumerate(table) if row[0] == "名次")
    headers = table[header]
    assert headers[-4:] == ["奖励", "原段级位", "可申请段级位", "备注"]  # the lists gave grades
    assert table[header + 1][headers.index("奖励")] == "30000元、奖状"
    assert table[header + 1][headers.index("可申请段级位")] == "六段"
    text = federation_lists.standings_csv(model, final).decode("utf-8-sig")
    first = list(csv.reader(text.splitlines()))
    assert first[0][-4:] == headers[-4:] and "30000元、奖状" in first[1]
    provisional = federation_lists.standings_csv(model, replace(final, final=False))
    assert "奖励" not in provisional.decode("utf-8-sig").splitlines()[0]


def test_womens_list_shows_each_players_open_place() -> None:
    model = small_event()
    open_ = model.standings_of("open")
    assert open_ is not None
    women = [r for r in open_.rows if model.player(r.player).gender == "女"][:3]
    sub = Standings("open", "公开组（女子）", open_.columns,
                    tuple(replace(r, rank=k) for k, r in enumerate(women, start=1)),
                    parent=open_.title)
    columns, rows = pdf_lists.standings_rows(model, replace(model, sub_rankings=(sub,)).
                                             sub_rankings[0])
    index = [c.header for c in columns].index(f"{open_.title}名次")
    assert [row[index] for row in rows] == [r.rank_text for r in women]


def test_swiss_crosstable_names_opponents_by_their_row() -> None:
    """One reference (issue 24, item 8): an opponent is named by the row they stand in (序号,
    standings order), the 编号 is a column of its own."""
    model = small_event()
    columns, rows, _ = pdf_lists.crosstable_rows(model, "open")
    assert [c.header for c in columns[:5]] == ["序号", "编号", "名次", "姓名", "单位"]
    board = model.round("open", 1).boards[0]
    first, second = model.player(board.first), model.player(board.second or 0)
    row = next(r for r in rows if r[1] == str(first.number))
    other = next(r for r in rows if r[1] == str(second.number))
    assert row[5].startswith(f"{other[0]}黑")
    assert [r[0] for r in rows] == [str(k) for k in range(1, len(rows) + 1)]


def test_round_robin_crosstable_is_in_standings_order() -> None:
    model = small_event()
    group = next(g for g in model.groups if g.system.round_robin)
    columns, rows, _ = pdf_lists.crosstable_rows(model, group.key)
    standings = model.standings_of(group.key)
    assert standings is not None
    assert [r[3] for r in rows] == [model.player(r.player).name for r in standings.rows]
    assert [c.header for c in columns[5:5 + len(rows)]] == [r[0] for r in rows]


def test_free_rule_slips_have_no_forbidden_move_box_and_renju_slips_the_opening(
        tmp_path: Path) -> None:
    model = small_event()
    free = replace(model, groups=tuple(replace(g, forbidden=False, designated_opening=False,
                                               rules="大众规则（无禁手）")
                                       for g in model.groups))
    text = squeezed(pdf_text(pdf_slips.write_result_slips(free, "open", 1, tmp_path / "f.pdf")))
    assert "禁手" not in text.replace("无禁手", "")
    assert "三手交换" not in text
    renju = replace(model, groups=tuple(replace(g, forbidden=True, designated_opening=True,
                                                fifth_move_offers=2) for g in model.groups))
    path = pdf_slips.write_result_slips(renju, "open", 1, tmp_path / "r.pdf")
    text = squeezed(pdf_text(path))
    assert "禁手" in text and "三手交换" in text and "五手2打" in text and "打点2" in text
    assert words_outside_page(path) == []


def _team_model() -> ExportModel:
    players = tuple(Player(i, f"队员{i}", "t", number=i, unit=f"{'甲' if i <= 3 else '乙'}队")
                    for i in range(1, 7))
    boards = (
        BoardResult(1, 1, 4, read_notation("1-0"), label="第1场1台", match=1, match_board=1, first_team="甲队",
                    second_team="乙队", match_score=MatchScore(2, 4)),
        BoardResult(2, 5, 2, read_notation("1-0"), label="第1场2台", match=1, match_board=2, first_team="乙队",
                    second_team="甲队", match_score=MatchScore(2, 4)),
        BoardResult(3, 3, 6, read_notation("0-1"), label="第1场3台", match=1, match_board=3, first_team="甲队",
                    second_team="乙队", match_score=MatchScore(2, 4)),
    )
    return ExportModel(EventInfo("团体赛"), (Group("t", "决赛", System.TEAM_KNOCKOUT, 1, board_count=3),),
                       players, rounds=(Round("t", 1, boards),))


def test_team_match_table_gives_the_match_score_first_named_team_first() -> None:
    model = _team_model()
    rows = pdf_lists.team_match_rows(model, model.round("t", 1))
    assert rows[0][:4] == ["第1场", "甲队", "2:4", "乙队"]
    assert len(rows) == 4


def test_team_round_lists_print_each_match_line_with_its_score(tmp_path: Path) -> None:
    """对阵表 and 成绩表 of a team round: before each match's boards, the match with both teams
    and (results) its game points, a level match decided by the captains' playoff so named."""
    model = _team_model()
    level = MatchScore(3, 3, LevelDecision.PLAYOFF)
    more = tuple(replace(b, number=b.number + 3, match=2, label=b.label.replace("第1场", "第2场"),
                         result=read_notation("=") if b.number == 1 else b.result,
                         match_score=level)
                 for b in model.rounds[0].boards)
    playoff = replace(more[0], number=7, label="第2场主将加赛", match_board=0,
                      result=read_notation("0-1"))
    model = replace(model, rounds=(Round("t", 1, (*model.rounds[0].boards, *more, playoff)),))
    columns, rows = pdf_lists.board_rows(model, "t", 1, filled=True)
    assert len(rows) == 2 + 7 and all(len(row) == len(columns) for row in rows)
    assert rows[0][:6] == ["第1场", "", "甲队", "", "2:4", "乙队"]
    assert rows[4][:6] == ["第2场", "", "甲队", "", "3:3 主将加赛", "乙队"]
    assert rows[8][0] == "第2场主将加赛"
    table = pdf_lists.team_match_rows(model, model.round("t", 1))
    assert [row[0] for row in table[4:]] == ["第2场", "1台", "2台", "3台", "主将加赛"]
    slips = squeezed(pdf_text(pdf_slips.write_result_slips(model, "t", 1, tmp_path / "s.pdf")))
    assert "1台黑" in slips and "3台黑" in slips
    _columns, posted = pdf_lists.board_rows(model, "t", 1, filled=False)
    assert posted[0][:6] == ["第1场", "", "甲队", "", "", "乙队"]  # no score on the posted list
    # the boards paired only: the captains' playoff is a result, no board of the pairing
    assert [row[0] for row in posted] == ["第1场", "第1场1台", "第1场2台", "第1场3台",
                                          "第2场", "第2场1台", "第2场2台", "第2场3台"]
    text = squeezed(pdf_text(pdf_lists.write_round_results(model, "t", 1, tmp_path / "r.pdf")))
    assert "第1场" in text and "2:4" in text and "3:3主将加赛" in text
    text = squeezed(pdf_text(pdf_lists.write_pairings_by_board(model, "t", 1,
                                                               tmp_path / "p.pdf")))
    assert "第2场" in text and "2:4" not in text
    waiting = replace(model, rounds=(Round("t", 1, tuple(
        replace(b, match_score=MatchScore(3, 3)) if b.match == 2 else b
        for b in model.rounds[0].boards[:6])),))
    _columns, rows = pdf_lists.board_rows(waiting, "t", 1, filled=True)
    assert rows[4][4] == "3:3 战平，需主将加赛"


def test_team_slip_is_one_per_match_with_line_up_score_and_captains(tmp_path: Path) -> None:
    model = _team_model()
    path = pdf_slips.write_result_slips(model, "t", 1, tmp_path / "t.pdf")
    text = squeezed(pdf_text(path))
    assert text.count("成绩记录单") == 1
    assert "先行方甲队" in text and "后行方乙队" in text
    for name in ("队员1", "队员4", "队员5", "队员2", "队员3", "队员6"):
        assert name in text
    assert "先行方队长" in text and "后行方队长" in text and "比分" in text


def test_knockout_bracket_is_drawn_with_every_entrant_and_the_places(tmp_path: Path) -> None:
    model = _team_model()
    bracket = Bracket("t", (
        (BracketMatch(1, 1, "甲队", "乙队", "甲队", (1, 4), MatchScore(2, 1)),
         BracketMatch(1, 2, "丙队", "丁队", "丁队", (1, 4), MatchScore(1, 2))),
        (BracketMatch(2, 1, "甲队", "丁队", "丁队", (1, 2), final=True),
         BracketMatch(2, 2, "乙队", "丙队", "乙队", (3, 4), final=True)),
    ))
    path = pdf_bracket.write_bracket(replace(model, brackets=(bracket,)), bracket,
                                     tmp_path / "b.pdf")
    text = squeezed(pdf_text(path))
    assert "淘汰赛对阵图" in text
    assert "第1名丁队" in text and "第2名甲队" in text and "第3名乙队" in text
    assert "2:1" in text
    assert_all_fonts_embedded(path)


def test_playoff_sheet_lists_games_colours_and_time_controls(tmp_path: Path) -> None:
    model = small_event()
    a, b = model.players_of("open")[:2]
    playoff = PlayoffRecord("open", "公开组", 3, (a.id, b.id), (
        PlayoffGame("双盘加赛", a.id, b.id, FIRST_WINS, "5′+3″"),
        PlayoffGame("双盘加赛", b.id, a.id, None, "5′+3″"),
    ))
    path = pdf_lists.write_playoffs(replace(model, playoffs=(playoff,)), tmp_path / "p.pdf")
    lines = [squeezed(line) for line in pdf_layout_lines(path)]
    assert any(f"1双盘加赛{a.number}{a.name}黑胜{b.name}{b.number}" in line for line in lines)
    text = squeezed(pdf_text(path))
    assert "每方5分钟，每步加3秒" in text
    assert pdf_lists.time_control_zh("3′+2″") == "每方3分钟，每步加2秒"
    assert "加赛尚未结束" in text


def test_grade_list_has_previous_grade_games_played_and_a_seal_box(tmp_path: Path) -> None:
    model = small_event()
    rows = pdf_lists.grade_application_rows(model)
    award = next(a for a in model.awards_in_place_order() if a.grade_title and a.player)
    player = model.player(award.player or 0)
    assert rows[0][7] == (player.grade or "无")
    assert rows[0][8] == str(model.games_played(player.id))
    path = pdf_lists.write_grade_applications(model, tmp_path / "g.pdf")
    assert "主办单位（盖章）" in squeezed(pdf_text(path))


def test_a_rif_opening_rule_gets_a_line_for_the_opening_as_played(tmp_path: Path) -> None:
    model = small_event()
    swap2 = replace(model, groups=tuple(replace(g, designated_opening=False,
                                                opening_text="Swap2") for g in model.groups))
    text = squeezed(pdf_text(pdf_slips.write_result_slips(swap2, "open", 1, tmp_path / "s.pdf")))
    assert "开局规则Swap2：开局过程" in text and "三手交换" not in text
