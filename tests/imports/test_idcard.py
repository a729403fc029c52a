"""ID numbers after GB 11643-1999: the check digit, the old 15-digit form, and the birth date
and gender they encode cross-checked against the columns."""

from __future__ import annotations

import datetime as dt

import pytest
from hypothesis import given
from hypothesis import strategies as st

from app.imports import Gender, Severity, parse_rows
from app.imports.idcard import check_digit, parse_id_number, upgrade15
from app.imports.text import BadCell
from tests.imports.helpers import make_id


def test_published_example_number_is_valid() -> None:
    # the worked example of GB 11643-1999 (appendix): 11010519491231002X
    info = parse_id_number("11010519491231002X")
    assert info is not None
    assert info.birth_date == dt.date(1949, 12, 31)
    assert info.gender is Gender.FEMALE


def test_lower_case_x_and_full_width_digits_are_normalised() -> None:
    info = parse_id_number("１１０１０５１９４９１２３１００２ｘ")
    assert info is not None and info.number == "11010519491231002X"


@given(st.dates(dt.date(1900, 1, 1), dt.date(2020, 12, 31)), st.booleans(),
       st.integers(0, 499))
def test_every_single_wrong_check_character_is_caught(born: dt.date, male: bool,
                                                      serial: int) -> None:
    good = make_id(born, male, serial=serial)
    assert parse_id_number(good).gender is (Gender.MALE if male else Gender.FEMALE)  # type: ignore[union-attr]
    for wrong in "0123456789X":
        if wrong != good[17]:
            with pytest.raises(BadCell) as caught:
                parse_id_number(good[:17] + wrong)
            assert "校验位" in str(caught.value)


def test_wrong_length_and_impossible_birth_date_are_errors() -> None:
    with pytest.raises(BadCell, match="18"):
        parse_id_number("4403042010010112")
    first17 = "44030420100230123"
    with pytest.raises(BadCell, match="出生日期"):
        parse_id_number(first17 + check_digit(first17))


def test_old_15_digit_number_encodes_1900s_birth_and_gender() -> None:
    info = parse_id_number("110105750308123")
    assert info is not None
    assert info.birth_date == dt.date(1975, 3, 8)
    assert info.gender is Gender.MALE  # sequence 123 is odd
    assert info.key == upgrade15("110105750308123")
    assert info.key[:17] == "11010519750308123"  # century 19 inserted
    upgraded = parse_id_number(info.key)  # and its check digit is right
    assert upgraded is not None and upgraded.birth_date == info.birth_date


def test_other_documents_are_kept_unchecked() -> None:
    info = parse_id_number("E12345678")
    assert info is not None and not info.mainland


def test_excel_scientific_notation_is_an_error() -> None:
    with pytest.raises(BadCell, match="科学计数"):
        parse_id_number("4.40304E+17")
    with pytest.raises(BadCell, match="数字"):
        parse_id_number(4.40304201001011e17)


HEADER = ["姓名", "性别", "出生日期", "身份证号"]


def test_birth_date_column_disagreeing_with_the_id_number_is_an_error() -> None:
    number = make_id(dt.date(2010, 3, 4), male=True)
    parsed = parse_rows("t.csv", [HEADER, ["张三", "男", "2010-03-05", number]])
    (problem,) = parsed.problems
    assert (problem.row, problem.column, problem.severity) == (2, "出生日期", Severity.ERROR)
    assert "2010-03-04" in problem.zh and "2010-03-04" in problem.en
    assert not parsed.rows[0].valid


def test_gender_column_disagreeing_with_the_id_number_is_an_error() -> None:
    number = make_id(dt.date(2010, 3, 4), male=True)
    parsed = parse_rows("t.csv", [HEADER, ["张三", "女", "2010-03-04", number]])
    (problem,) = parsed.problems
    assert (problem.column, problem.severity) == ("性别", Severity.ERROR)


def test_missing_birth_date_and_gender_are_taken_from_the_id_number() -> None:
    number = make_id(dt.date(2011, 7, 8), male=False)
    parsed = parse_rows("t.csv", [HEADER, ["李四", "", "", number]])
    row = parsed.rows[0]
    assert (row.birth_date, row.gender, row.valid) == (dt.date(2011, 7, 8), Gender.FEMALE, True)
    assert parsed.problems == ()


def test_year_month_matching_the_id_number_takes_the_full_date_silently() -> None:
    number = make_id(dt.date(2011, 7, 8), male=False)
    parsed = parse_rows("t.csv", [HEADER, ["李四", "女", "2011年7月", number]])
    assert parsed.rows[0].birth_date == dt.date(2011, 7, 8)
    assert parsed.problems == ()
