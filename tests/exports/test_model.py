"""The export model's helpers: shown numbers, Chinese places and dates, outcomes, lookups."""

from __future__ import annotations

from datetime import date

import pytest
from hypothesis import given
from hypothesis import strategies as st

from app.errors import UserError
from app.exports.model import (
    BoardResult,
    EventInfo,
    ExportModel,
    Player,
    format_scaled,
    number_zh,
    outcome_for,
    place_zh,
    result_zh,
    safe_filename,
    scaled,
)
from app.results import read_notation
from app.rules.endings import Ending


def test_points_shown_by_scale() -> None:
    assert format_scaled(7) == "7"
    assert format_scaled(7, 2) == "3.5"
    assert format_scaled(9, 4) == "2.25"
    assert scaled(8, 2) == 4 and isinstance(scaled(8, 2), int)
    assert scaled(7, 2) == 3.5


@given(st.integers(min_value=-10_000, max_value=10_000), st.sampled_from([1, 2, 4, 10]))
def test_shown_text_and_number_agree(value: int, scale: int) -> None:
    assert float(format_scaled(value, scale)) == pytest.approx(scaled(value, scale))


@pytest.mark.parametrize(
    ("place", "text"),
    [(1, "第一名"), (10, "第十名"), (12, "第十二名"), (20, "第二十名"), (31, "第三十一名"),
     (100, "第一百名"), (105, "第一百零五名"), (110, "第一百一十名"), (150, "第一百五十名")],
)
def test_places_in_chinese(place: int, text: str) -> None:
    assert place_zh(place) == text


def test_number_zh_rejects_negative() -> None:
    with pytest.raises(ValueError):
        number_zh(-1)


def test_event_dates_text() -> None:
    one = EventInfo("t", start_date=date(2022, 8, 6))
    assert one.dates_text == "2022年8月6日"
    span = EventInfo("t", start_date=date(2022, 8, 6), end_date=date(2022, 8, 8))
    assert span.dates_text == "2022年8月6日至8日"
    months = EventInfo("t", start_date=date(2022, 7, 30), end_date=date(2022, 8, 2))
    assert months.dates_text == "2022年7月30日至8月2日"


def test_safe_filename_strips_what_windows_forbids() -> None:
    assert safe_filename('a/b:c*?"<>|') == "a_b_c______"
    assert safe_filename("  ") == "event"
    assert safe_filename("棋王杯2022") == "棋王杯2022"


def test_results_in_chinese_first_mover_black() -> None:
    assert result_zh(read_notation("1-0")) == "黑胜"
    assert result_zh(read_notation("0-1")) == "白胜"
    assert result_zh(read_notation("1-0 =")) == "黑胜／和"
    assert result_zh(None) == ""


def test_outcome_from_each_side() -> None:
    board = BoardResult(1, 10, 20, read_notation("1-0"), (Ending.FIVE,), 2, 0)
    assert outcome_for(board, 10) == "胜" and outcome_for(board, 20) == "负"
    draw = BoardResult(1, 10, 20, read_notation("="), (), 1, 1)
    assert outcome_for(draw, 20) == "和"
    forfeit = BoardResult(1, 10, 20, read_notation("-+"), (Ending.FORFEIT,), 0, 2)
    assert outcome_for(forfeit, 20) == "弃胜" and outcome_for(forfeit, 10) == "弃负"
    double = BoardResult(1, 10, 20, read_notation("1-0 ="), (), 2, 0)
    assert outcome_for(double, 10) == "胜"
    # Without round points the games count, each code black first (colours swap in game 2).
    assert outcome_for(BoardResult(1, 10, 20, read_notation("1-0 0-1")), 10) == "胜"
    assert outcome_for(BoardResult(1, 10, 20, read_notation("1-0 1-0")), 10) == "和"
    assert outcome_for(BoardResult(1, 10, 20, read_notation("= 1-0")), 20) == "胜"
    assert outcome_for(BoardResult(2, 10, None), 10) == "轮空"
    assert outcome_for(BoardResult(3, 10, 20), 10) == ""


def test_model_rejects_duplicate_ids_and_reports_unknown_ones() -> None:
    event = EventInfo("t")
    with pytest.raises(UserError):
        ExportModel(event, (), (Player(1, "张三", "g"), Player(1, "李四", "g")))
    model = ExportModel(event, (), (Player(1, "张三", "g"),))
    assert model.player(1).name == "张三"
    with pytest.raises(UserError):
        model.player(2)


def test_values_may_be_fractions_or_preformatted_text() -> None:
    from fractions import Fraction

    assert format_scaled(Fraction(7, 2)) == "3.5"
    assert scaled(Fraction(7, 2), 1) == 3.5
    assert scaled(Fraction(8, 2), 2) == 2 and isinstance(scaled(Fraction(8, 2), 2), int)
    assert format_scaled("12.5") == "12.5" and scaled("12.5") == 12.5
    assert scaled("—") == "—" and format_scaled("—") == "—"
    assert scaled("7") == 7 and isinstance(scaled("7"), int)


def test_a_team_without_a_place_prints_no_rank() -> None:
    from app.exports.model import TeamRow

    assert TeamRow(0, "成都棋院", (0,), note="人数不足").rank_text == ""
    assert TeamRow(2, "成都棋院", (9,), shared=True).rank_text == "2="


def test_round_cells_join_two_boards_of_one_round() -> None:
    from app.exports.model import Round, round_cells

    rounds = [
        Round("g", 1, (BoardResult(1, 1, 2, read_notation("1-0"), (), 2, 0), BoardResult(2, 3, None))),
        Round("g", 2, (BoardResult(1, 2, 1, read_notation("="), (), 1, 1),
                         BoardResult(2, 1, 3, read_notation("0-1"), (), 0, 2))),
    ]
    cells = round_cells(rounds, [1, 2, 3])
    assert cells[1] == ["2黑胜", "2白和、3黑负"]
    assert cells[2] == ["1白负", "1黑和"]
    assert cells[3] == ["轮空", "1白胜"]
    assert round_cells(rounds[:1], [1, 2, 3, 4])[4] == ["—"]


def test_names_sort_by_surname_then_given_name_in_pinyin() -> None:
    """A surname read apart from its everyday reading (曾 zeng, 单 shan) sorts by the surname
    reading; one surname stays together (张 before 章 though both read zhang); a compound
    surname (欧阳) is one surname."""
    from app.exports.model import name_sort_key, split_name

    names = ["章子怡", "张三", "张二", "曾国藩", "单田芳", "欧阳修", "王五", "欧文", "陈明"]
    assert sorted(names, key=name_sort_key) == [
        "陈明", "欧文", "欧阳修", "单田芳", "王五", "曾国藩", "张二", "张三", "章子怡"]
    assert split_name("欧阳修") == ("欧阳", "修")
    assert split_name("欧文") == ("欧", "文")
