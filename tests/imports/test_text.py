"""Cell normalisation: dates in their many forms, genders, whole numbers, full-width digits
and letters, stray spaces."""

from __future__ import annotations

import datetime as dt

import pytest

from app.imports.text import (
    BadCell,
    Gender,
    clean_name,
    clean_phone,
    clean_text,
    excel_serial_date,
    parse_date,
    parse_gender,
    parse_int,
)

NEW_YEAR_2010 = dt.date(2010, 1, 1)


@pytest.mark.parametrize(
    "cell",
    [
        "2010-01-01", "2010/1/1", "20100101", "2010年1月1日", "2010.1.1", "2010-1-1",
        "２０１０年１月１日", "2010年1月1号", " 2010 - 01 - 01 ", "2010-01-01 00:00:00", "2010/01/01 0:00",
        40179, 40179.0, "40179", dt.datetime(2010, 1, 1), NEW_YEAR_2010, 20100101,
    ],
)
def test_every_date_form_reads_as_the_same_day(cell: object) -> None:
    parsed = parse_date(cell)
    assert parsed is not None
    assert parsed.date == NEW_YEAR_2010
    assert not parsed.day_missing


@pytest.mark.parametrize("cell", ["2010-05", "2010年5月", "201005", "2010.5"])
def test_year_and_month_only_is_the_first_of_the_month_flagged(cell: object) -> None:
    parsed = parse_date(cell)
    assert parsed is not None
    assert parsed.date == dt.date(2010, 5, 1)
    assert parsed.day_missing


def test_unambiguous_day_month_orders_are_read() -> None:
    assert parse_date("25/12/2010").date == dt.date(2010, 12, 25)  # type: ignore[union-attr]
    assert parse_date("12/25/2010").date == dt.date(2010, 12, 25)  # type: ignore[union-attr]


@pytest.mark.parametrize("cell", ["3/4/2010", "2010-02-30", "2010", "明年", "2010-13-01", True])
def test_bad_or_ambiguous_dates_are_refused_with_a_message(cell: object) -> None:
    with pytest.raises(BadCell) as caught:
        parse_date(cell)
    assert caught.value.zh and caught.value.en


def test_empty_date_is_none() -> None:
    assert parse_date(None) is None
    assert parse_date("  ") is None


def test_excel_serials_follow_the_1900_system() -> None:
    assert excel_serial_date(1) == dt.date(1900, 1, 1)
    assert excel_serial_date(59) == dt.date(1900, 2, 28)
    assert excel_serial_date(61) == dt.date(1900, 3, 1)
    assert excel_serial_date(44713) == dt.date(2022, 6, 1)
    with pytest.raises(BadCell):
        excel_serial_date(60)


@pytest.mark.parametrize("cell", ["男", "男性", "M", "m", "male", "Male", "Ｍ", 1, " 男 "])
def test_male_forms(cell: object) -> None:
    assert parse_gender(cell) is Gender.MALE


@pytest.mark.parametrize("cell", ["女", "女性", "F", "f", "female", "FEMALE", "Ｆ", 2, "女子"])
def test_female_forms(cell: object) -> None:
    assert parse_gender(cell) is Gender.FEMALE


def test_unknown_gender_is_refused() -> None:
    with pytest.raises(BadCell):
        parse_gender("未知")
    assert parse_gender("") is None


@pytest.mark.parametrize(
    ("cell", "value"),
    [("１２０", 120), ("120分", 120), ("第3名", 3), ("并列3", 3), ("3=", 3), ("1,200", 1200),
     (12.0, 12), ("12.0", 12), (7, 7), ("", None), ("-", None),
     ("-2", -2)],  # escapes deduct 2 points (qiwang 十二(一)4): a total may fall below 0
)
def test_whole_numbers(cell: object, value: int | None) -> None:
    assert parse_int(cell, "积分", "points") == value


@pytest.mark.parametrize("cell", ["12.5", 12.5, "十二", True, "1e3"])
def test_not_whole_numbers_are_refused(cell: object) -> None:
    with pytest.raises(BadCell):
        parse_int(cell, "积分", "points")


def test_full_width_letters_and_digits_become_half_width() -> None:
    assert clean_text("ＡＢＣ１２３ｘｙｚ") == "ABC123xyz"
    assert clean_text("（杭州）棋院") == "（杭州）棋院"  # Chinese punctuation is kept


def test_stray_spaces_are_tidied() -> None:
    assert clean_text("  上海\u3000弈客   俱乐部 ") == "上海 弈客 俱乐部"
    assert clean_name("张　三") == "张三"
    assert clean_name(" 李  明 ") == "李明"
    assert clean_name("John   Smith") == "John Smith"
    assert clean_name("\u200b王浩\ufeff") == "王浩"


def test_phone_numbers_lose_separators() -> None:
    assert clean_phone("138-1234-5678") == ("13812345678", True)
    assert clean_phone("+86 138 1234 5678") == ("13812345678", True)
    assert clean_phone("１３８１２３４５６７８") == ("13812345678", True)
    assert clean_phone("12")[1] is False
