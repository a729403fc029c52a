"""Which list a finalist came from: the period of the list's title, else its title or file."""

from __future__ import annotations

from app.imports import read_list
from app.imports.model import ListMark, list_mark
from tests.imports.helpers import DATA


def test_the_period_lists_are_told_apart_by_their_title_rows():
    """qiwang 十二(二)1: 网络入围赛共分八期; each period's list says its period above the header."""
    marks = [list_mark(parsed.title, parsed.file) for parsed in
             (read_list(DATA / "qiwang-2022-period-1.csv"),
              read_list(DATA / "qiwang-2022-period-2.csv"))]
    assert marks == [ListMark("第1期"), ListMark("第2期")]


def test_a_monthly_leaderboard_is_told_by_its_month():
    parsed = read_list(DATA / "yike-2022-05-leaderboard.xlsx")
    assert list_mark(parsed.title, parsed.file) == ListMark("2022年5月")


def test_a_title_without_a_period_is_the_title_and_no_title_the_file_name():
    assert list_mark("棋王争霸赛线下总决赛外卡名单（公示）", "w.xlsx") == ListMark(
        "棋王争霸赛线下总决赛外卡名单（公示）")
    assert list_mark("", "/lists/yike-2022-06-leaderboard.csv") == ListMark(
        "yike-2022-06-leaderboard", of_file=True)


def test_a_list_without_a_title_row_is_told_by_the_period_its_file_name_gives():
    """A period list saved without its title row, as 第1期.csv: its period, not its file."""
    assert list_mark("", "/lists/第1期.csv") == ListMark("第1期")
    assert list_mark("", "网络入围赛 第 3 期.xlsx") == ListMark("第3期")
