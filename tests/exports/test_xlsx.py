"""Excel workbooks: read back equal to the model, numbers as numbers, formatted for print."""

from __future__ import annotations

from datetime import datetime

import openpyxl
import pytest
from hypothesis import given
from hypothesis import strategies as st

from app.exports import xlsx
from app.exports.model import board_result_zh, scaled
from tests.exports.helpers import small_event


@pytest.fixture(scope="module")
def book(tmp_path_factory: pytest.TempPathFactory) -> openpyxl.Workbook:
    path = tmp_path_factory.mktemp("xlsx") / "e.xlsx"
    return openpyxl.load_workbook(xlsx.write_workbook(small_event(), path))


def test_standings_read_back_equal_the_model(book: openpyxl.Workbook) -> None:
    model = small_event()
    for standings in (*model.standings, *model.sub_rankings):
        sheet = book[f"{standings.title}名次"]
        rows = list(sheet.iter_rows(values_only=True))
        assert list(rows[0]) == ["名次", "并列", "编号", "姓名", "单位", "积分",
                                 *[c.header for c in standings.columns], "备注"]
        assert len(rows) == len(standings.rows) + 1
        for row, expected in zip(rows[1:], standings.rows, strict=True):
            player = model.player(expected.player)
            assert row[0] == expected.rank and isinstance(row[0], int)
            assert row[1] == ("并列" if expected.shared else None)
            assert row[3] == player.name and row[4] == player.unit
            assert row[5] == expected.points
            assert tuple(row[6:6 + len(expected.tiebreaks)]) == expected.tiebreaks


def test_players_sheet_keeps_dates_and_id_numbers(book: openpyxl.Workbook) -> None:
    model = small_event()
    sheet = book["棋手"]
    rows = list(sheet.iter_rows(min_row=2, values_only=True))
    assert len(rows) == len(model.players)
    by_name = {row[1]: row for row in rows}
    for player in model.players:
        row = by_name[player.name]
        assert row[0] == player.number
        assert isinstance(row[3], datetime) and row[3].date() == player.birth_date
        assert row[4] == player.id_number and isinstance(row[4], str)  # never 3.3e17
        assert row[5] == player.unit


def test_one_sheet_per_round_with_pairings_and_results(book: openpyxl.Workbook) -> None:
    model = small_event()
    for rnd in model.rounds_of("open"):
        rows = list(book[f"公开组第{rnd.number}轮"].iter_rows(min_row=2, values_only=True))
        assert len(rows) == len(rnd.boards)
        for row, board in zip(rows, rnd.boards, strict=True):
            assert row[0] == board.number
            assert row[2] == model.player(board.first).name
            if board.second is not None:
                assert row[6] == model.player(board.second).name
                assert row[4] == board_result_zh(board)
                assert row[9] == board.first_points and row[10] == board.second_points
    results = list(book["公开组成绩"].iter_rows(min_row=2, values_only=True))
    assert len(results) == sum(len(r.boards) for r in model.rounds_of("open"))


def test_crosstable_team_and_award_sheets(book: openpyxl.Workbook) -> None:
    model = small_event()
    grid = list(book["女子组交叉表"].iter_rows(min_row=2, values_only=True))
    assert all(row[5 + i] == "×" for i, row in enumerate(grid))
    swiss = list(book["公开组交叉表"].iter_rows(values_only=True))
    assert swiss[0][:6] == ("序号", "编号", "名次", "姓名", "单位", "第1轮")
    teams = list(book["团体名次（团体总分）"].iter_rows(min_row=2, values_only=True))
    assert [t[2] for t in teams] == [r.team for r in model.team_standings[0].rows]
    awards = list(book["录取名单"].iter_rows(min_row=2, values_only=True))
    assert [(a[0], a[1], a[3]) for a in awards] == [
        (a.ranking, a.place, a.recipient) for a in model.awards_in_place_order()]


def test_every_sheet_is_formatted_for_print(book: openpyxl.Workbook) -> None:
    for sheet in book.worksheets:
        assert sheet.freeze_panes == "A2", sheet.title
        assert all(cell.font.bold for cell in sheet[1] if cell.value is not None), sheet.title
        assert sheet.page_setup.fitToWidth == 1 and sheet.page_setup.fitToHeight == 0
        assert sheet.sheet_properties.pageSetUpPr.fitToPage
        assert sheet.print_title_rows == "$1:$1"
        assert sheet.column_dimensions["A"].width >= 5


def test_points_with_a_scale_are_numbers_not_text() -> None:
    assert scaled(7, 2) == 3.5 and isinstance(scaled(8, 2), int)


@given(st.lists(st.text(alphabet="公开组第1轮[]:*?/\\女子", min_size=1, max_size=40), max_size=8))
def test_sheet_names_are_valid_and_unique(titles: list[str]) -> None:
    taken: list[str] = []
    for title in titles:
        name = xlsx.sheet_name(title, taken)
        assert 1 <= len(name) <= 31
        assert not set(name) & set("[]:*?/\\")
        assert name.lower() not in {t.lower() for t in taken}
        taken.append(name)


def test_crosstable_places_are_numbers_unless_shared(book: openpyxl.Workbook) -> None:
    model = small_event()
    rows = list(book["公开组交叉表"].iter_rows(min_row=2, values_only=True))
    for row, standing in zip(rows, model.standings[0].rows, strict=True):
        assert row[2] == (standing.rank_text if standing.shared else standing.rank)
