"""Property tests: the importer never fails with anything but `UserError` on random bytes or
random cells, and merging keeps its promises on random lists (one place per person, quota
spent as 顺延 / 不顺延 say, nobody below the quota ranked above an entrant)."""

from __future__ import annotations

import datetime as dt
import tempfile
from collections import Counter
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.errors import UserError
from app.imports import (
    LeftOutReason,
    ListRule,
    MergeRules,
    ParsedList,
    TieRule,
    merge,
    read_list,
)
from app.imports.columns import _ALIASES
from tests.imports.helpers import make_id, parse_rows

FAST = settings(max_examples=120, deadline=None,
                suppress_health_check=[HealthCheck.too_slow])


@FAST
@given(data=st.binary(max_size=400), suffix=st.sampled_from([".csv", ".xlsx", ".txt", ".xls"]))
def test_random_bytes_give_a_list_or_a_user_error(data: bytes, suffix: str) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / f"list{suffix}"
        path.write_bytes(data)
        try:
            parsed = read_list(path)
        except UserError as caught:
            assert caught.where == str(path)
        else:
            assert isinstance(parsed, ParsedList)


@FAST
@given(text=st.text(st.characters(blacklist_characters="\x00", blacklist_categories=["Cs"]),
                   max_size=300),
       encoding=st.sampled_from(["utf-8", "utf-8-sig", "gb18030"]))
def test_random_text_with_a_header_line_reads(text: str, encoding: str) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "list.csv"
        try:
            path.write_bytes(("姓名,性别,出生日期,身份证号,积分\n" + text).encode(encoding))
        except UnicodeEncodeError:
            return
        parsed = read_list(path)
        assert all(problem.file == str(path) for problem in parsed.problems)


ALIASES = [alias for aliases in _ALIASES.values() for alias in aliases]
CELLS = st.one_of(
    st.none(),
    st.text(max_size=20),
    st.text(alphabet="0123456789０１２３４５６７８９Xx-./年月日男女 ", max_size=20),
    st.integers(-10**20, 10**20),
    st.floats(allow_nan=True, allow_infinity=True),
    st.booleans(),
    st.dates(),
    st.datetimes(),
    st.sampled_from(ALIASES),
)


@FAST
@given(
    header=st.lists(st.sampled_from(ALIASES), min_size=1, max_size=8),
    rows=st.lists(st.lists(CELLS, max_size=10), max_size=8),
)
def test_random_cells_give_problems_never_exceptions(
    header: list[str], rows: list[list[object]]
) -> None:
    try:
        parsed = parse_rows("r.xlsx", [["姓名", *header], *rows])
    except UserError:
        return
    for row in parsed.rows:
        assert row.valid == (not any(p.is_error and p.row == row.row_number
                                     for p in parsed.problems))
    merge([parsed], MergeRules((ListRule("r", quota=2),)))


PEOPLE = [(f"P{i}", f"u{i}", make_id(dt.date(1990, 1, 1) + dt.timedelta(days=i), True, serial=i))
          for i in range(12)]
ROW = st.tuples(st.integers(0, 11), st.integers(0, 4), st.integers(0, 3),
                st.sampled_from(["", "", "", "弃赛"]))
LISTS = st.lists(st.lists(ROW, max_size=10), min_size=1, max_size=3)


def build(lists: list[list[tuple[int, int, int, str]]]) -> list[ParsedList]:
    built = []
    for number, rows in enumerate(lists):
        grid: list[list[object]] = [["姓名", "平台ID", "身份证号", "积分", "胜局", "状态"]]
        for who, points, wins, status in rows:
            name, platform, id_number = PEOPLE[who]
            grid.append([name, platform, id_number, points, wins, status])
        built.append(parse_rows(f"list{number}.csv", grid, source=f"L{number}"))
    return built


@settings(max_examples=150, deadline=None)
@given(lists=LISTS, quota=st.integers(1, 5), pass_down=st.booleans(), replace=st.booleans(),
       tie=st.sampled_from([TieRule.WINS_THEN_SHARED, TieRule.LIST_ORDER]))
def test_merge_promises(lists: list[list[tuple[int, int, int, str]]], quota: int,
                        pass_down: bool, replace: bool, tie: TieRule) -> None:
    parsed = build(lists)
    rule = ListRule("L", quota=quota, pass_down=pass_down, replace_withdrawn=replace, tie=tie)
    result = merge(parsed, MergeRules((rule,)))
    # one place per person
    people = Counter(entrant.row.id_key for entrant in result.entrants)
    assert all(count == 1 for count in people.values())
    # every row is accounted for exactly once
    placed = Counter((e.row.file, e.row.row_number) for e in result.entrants)
    placed.update((item.row.file, item.row.row_number) for item in result.left_out)
    assert placed == Counter((row.file, row.row_number) for p in parsed for row in p.rows)
    for one in parsed:
        entrants = [e for e in result.entrants if e.row.file == one.file]
        below = [i for i in result.left_out
                 if i.row.file == one.file and i.reason is LeftOutReason.BELOW_QUOTA]
        dups = [i for i in result.left_out
                if i.row.file == one.file and i.reason is LeftOutReason.DUPLICATE]
        gone = [i for i in result.left_out
                if i.row.file == one.file and i.reason is LeftOutReason.WITHDRAWN]
        assert all(i.row.withdrawn for i in gone)
        assert not any(e.row.withdrawn for e in entrants)
        # places spent: entrants always; duplicates unless 顺延; withdrawals unless replaced
        spent = len(entrants) + (0 if pass_down else len(dups)) + (0 if replace else len(gone))
        if below:  # the quota was used up
            assert spent >= quota
        else:
            assert len(entrants) + len(dups) + len(gone) == len(one.rows)
        if tie is TieRule.LIST_ORDER:
            assert spent <= quota
        else:  # nobody left below the quota ranks level with or above an entrant
            for item in below:
                for entrant in entrants:
                    assert (item.row.points, item.row.wins) < (entrant.row.points,
                                                               entrant.row.wins)


@settings(max_examples=40, deadline=None)
@given(data=st.binary(max_size=300))
def test_damaged_zip_named_xlsx_is_a_user_error(data: bytes) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "list.xlsx"
        path.write_bytes(b"PK\x03\x04" + data)
        try:
            read_list(path)
        except UserError as caught:
            assert caught.where == str(path)


XLSX_CELLS = st.one_of(
    st.none(),
    st.text(st.characters(blacklist_categories=["Cc", "Cs"]), max_size=15),
    st.integers(-10**12, 10**12),
    st.floats(allow_nan=False, allow_infinity=False),
    st.dates(dt.date(1900, 3, 1), dt.date(2100, 1, 1)),
    st.sampled_from(ALIASES),
)


@settings(max_examples=25, deadline=None)
@given(rows=st.lists(st.lists(XLSX_CELLS, max_size=6), max_size=6))
def test_random_xlsx_cells_give_a_list_or_a_user_error(rows: list[list[object]]) -> None:
    import openpyxl

    book = openpyxl.Workbook()
    sheet = book.active
    sheet.append(["名次", "姓名", "性别", "出生日期", "积分"])
    for row in rows:
        sheet.append(row)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "list.xlsx"
        book.save(path)
        parsed = read_list(path)
        assert parsed.header_row >= 1
