"""Reading real-shaped list files: encodings, title rows, merged title cells, Excel date
serials, header aliases, unknown columns kept as notes, and files that cannot be read
(CSV in UTF-8 with or without BOM, GBK or GB18030, the encoding detected; XLSX; the header
row may sit below a title row or merged title cells)."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import openpyxl
import pytest

from app.errors import UserError
from app.imports import Gender, Severity, read_list
from app.imports.columns import field_of
from tests.imports.helpers import make_id, sample


def test_gbk_csv_with_a_title_row() -> None:
    parsed = read_list(sample("qiwang-2022-period-1.csv"))
    assert parsed.encoding == "gb18030"
    assert parsed.header_row == 2  # row 1 is the title 第1期网络入围赛 晋级名单
    assert parsed.columns[:3] == ("名次", "弈战ID", "姓名")
    assert [row.rank for row in parsed.rows] == list(range(1, 13))
    assert parsed.rows[0].row_number == 3
    assert all(row.platform_id.isdigit() and row.birth_date for row in parsed.rows)
    assert not parsed.has_errors


def test_utf8_bom_csv_with_full_width_digits_and_spaced_names() -> None:
    parsed = read_list(sample("yike-2022-06-leaderboard.csv"))
    assert parsed.encoding == "utf-8-sig"
    assert parsed.columns[0] == "排名"  # the BOM does not stick to the first header
    by_rank = {row.rank: row for row in parsed.rows}
    points = [row.points for row in parsed.rows]
    assert all(isinstance(p, int) for p in points)
    assert points == sorted(points, reverse=True)  # full-width rows (4, 8, 44) fit in order
    assert [by_rank[rank].name for rank in (5, 17)] == ["周超", "曾宇"]  # were "周 超", "曾 宇"
    assert by_rank[10].withdrawn and not by_rank[11].withdrawn
    assert all(len(row.phone) == 11 for row in parsed.rows)


def test_xlsx_with_merged_title_cells_and_date_serials() -> None:
    path = sample("yike-2022-05-leaderboard.xlsx")
    parsed = read_list(path)
    assert parsed.header_row == 3
    book = openpyxl.load_workbook(path)
    sheet = book.active
    assert sheet.merged_cells.ranges  # the sample really has merged title cells
    kinds = {type(sheet.cell(row, 6).value) for row in range(4, 10)}
    assert {int, dt.datetime, str} <= kinds  # serial numbers, date cells and text
    for row in parsed.rows:
        assert row.birth_date is not None
        # every birth date, whatever its cell type, agrees with the ID number
        assert row.id_number[6:14] == f"{row.birth_date:%Y%m%d}"
    assert not parsed.has_errors
    assert dict(parsed.rows[0].notes).keys() == {"昵称", "对局数"}  # unknown columns kept


def test_source_defaults_to_a_shared_source_column_else_the_file_name() -> None:
    assert read_list(sample("yike-2021-invited.csv")).source == "2021年第三阶段"
    assert read_list(sample("qiwang-2022-period-1.csv")).source == "qiwang-2022-period-1"
    assert read_list(sample("qiwang-2022-period-1.csv"), source="入围赛第1期").source == (
        "入围赛第1期"
    )


def test_messy_list_lists_every_problem_by_row_and_column() -> None:
    parsed = read_list(sample("mindgames-2016-messy.csv"))
    errors = {(p.row, p.column) for p in parsed.problems if p.severity is Severity.ERROR}
    assert errors == {(5, "身份证号"), (6, "出生日期"), (6, "性别"), (9, "性别"), (10, "姓名"),
                      (11, "身份证号")}
    assert [row.row_number for row in parsed.rows if row.valid] == [4, 7, 8]
    old = next(row for row in parsed.rows if row.row_number == 7)
    assert old.birth_date == dt.date(1975, 3, 8) and old.gender is Gender.MALE
    full_width = next(row for row in parsed.rows if row.row_number == 8)
    assert (full_width.birth_date, full_width.points, full_width.wins) == (
        dt.date(2001, 3, 4), 50, 24)
    footnote = [p for p in parsed.problems if p.row == 13]
    assert footnote and footnote[0].severity is Severity.WARNING
    for problem in parsed.problems:
        assert problem.format().startswith(f"{parsed.file}:{problem.row}")


def test_shenzhen_group_sheet_reads_groups_and_joined_headers() -> None:
    path = sample("shenzhen-2022-online-groups.xlsx")
    merged = {str(r) for r in openpyxl.load_workbook(path).active.merged_cells.ranges}
    assert "A3:A10" in merged  # the 组别 cell spans its group's eight rows
    parsed = read_list(path)
    assert all(row.group for row in parsed.rows)  # each row gets its merged group
    assert [row.group for row in parsed.rows].count("女子组（专业规则）") == 8
    assert "学校/单位" in parsed.columns
    assert all(row.unit for row in parsed.rows)  # "学校/单位" maps to 单位
    assert len({row.group for row in parsed.rows}) == 4
    assert {note for row in parsed.rows for note, _ in row.notes} == {"小分", "小小分", "备注"}


def write(tmp_path: Path, name: str, data: bytes) -> Path:
    path = tmp_path / name
    path.write_bytes(data)
    return path


def test_utf16_tab_separated_web_export_named_xls(tmp_path: Path) -> None:
    text = "排名\t姓名\t性别\n1\t王浩\t男\n2\t李娜\t女\n"
    parsed = read_list(write(tmp_path, "export.xls", text.encode("utf-16")))
    assert [row.name for row in parsed.rows] == ["王浩", "李娜"]


def test_semicolon_separated_utf8_without_bom(tmp_path: Path) -> None:
    parsed = read_list(write(tmp_path, "a.csv", b"Name;Gender;Points\nLi Na;F;12\n"))
    assert (parsed.rows[0].name, parsed.rows[0].points) == ("Li Na", 12)


def test_repeated_header_row_and_blank_rows_are_skipped(tmp_path: Path) -> None:
    text = "名次,姓名,积分\n1,王浩,10\n\n名次,姓名,积分\n2,李娜,9\n"
    parsed = read_list(write(tmp_path, "a.csv", text.encode("gbk")))
    assert [row.row_number for row in parsed.rows] == [2, 5]
    assert [p.row for p in parsed.problems] == [4]


def test_excel_number_id_column_is_reported(tmp_path: Path) -> None:
    book = openpyxl.Workbook()
    sheet = book.active
    number = make_id(dt.date(2010, 1, 1), male=True)
    sheet.append(["姓名", "性别", "身份证号"])
    sheet.append(["王浩", "男", float(number)])
    sheet.append(["李娜", "女", None])
    book.save(tmp_path / "a.xlsx")
    parsed = read_list(tmp_path / "a.xlsx")
    assert [(p.row, p.column) for p in parsed.problems if p.is_error] == [(2, "身份证号")]


def test_cells_beyond_the_header_are_kept_as_notes(tmp_path: Path) -> None:
    parsed = read_list(write(tmp_path, "a.csv", "姓名,性别\n王浩,男,多出的一格\n".encode()))
    assert parsed.rows[0].notes == (("列3", "多出的一格"),)


@pytest.mark.parametrize(
    ("name", "data", "words"),
    [
        ("missing.csv", None, "不存在"),
        ("list.pdf", b"%PDF-1.4", "CSV"),
        ("old.xls", b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + bytes(100), ".xls"),
        ("broken.xlsx", b"PK\x03\x04garbage", "XLSX"),
        ("fake.xlsx", b"name,gender\n", "XLSX"),
        ("no-header.csv", "第一行,第二列\n1,2\n".encode(), "表头"),
        ("empty.csv", b"", "表头"),
        ("binary.csv", b"\xff\xfe\x00\xd8", "编码"),
    ],
)
def test_unreadable_files_raise_user_error_naming_the_file(
    tmp_path: Path, name: str, data: bytes | None, words: str
) -> None:
    path = tmp_path / name
    if data is not None:
        path.write_bytes(data)
    with pytest.raises(UserError) as caught:
        read_list(path)
    assert caught.value.where == str(path)
    assert words in caught.value.message()


def test_a_folder_is_not_a_list(tmp_path: Path) -> None:
    with pytest.raises(UserError):
        read_list(tmp_path)


@pytest.mark.parametrize(
    ("header", "field"),
    [("序号", "seq"), ("排名", "rank"), ("名次", "rank"), ("姓名", "name"), ("名字", "name"),
     ("Name", "name"), ("性别", "gender"), ("出生日期", "birth_date"), ("出生年月", "birth_date"),
     ("身份证号", "id_number"), ("证件号", "id_number"), ("单位", "unit"), ("代表队", "unit"),
     ("俱乐部", "unit"), ("学校", "unit"), ("平台ID", "platform_id"), ("弈客ID", "platform_id"),
     ("弈战ID", "platform_id"), ("积分", "points"), ("胜局", "wins"), ("组别", "group"),
     ("段位", "grade"), ("等级", "grade"), ("来源", "source"), ("手机", "phone"),
     ("电话", "phone"), ("姓名（必填）", "name"), ("积分*", "points"), ("ＩＤ号码", None),
     ("平台 id", "platform_id"), ("学校/单位", "unit"), ("Gender", "gender"),
     ("ID", "platform_id"), ("联系方式", "phone")],
)
def test_header_aliases_in_chinese_and_english(header: str, field: str | None) -> None:
    found = field_of(header)
    assert (found.value if found else None) == field


def test_year_and_month_only_on_every_row_gives_one_warning_for_the_column() -> None:
    parsed = read_list(sample("qiwang-2022-period-2.csv"))
    (problem,) = parsed.problems
    assert (problem.row, problem.column, problem.severity) == (None, "出生年月", Severity.WARNING)
    assert "12" in problem.zh
    assert all(row.birth_date and row.birth_date.day == 1 for row in parsed.rows)


def test_text_above_the_header_is_the_list_title() -> None:
    parsed = read_list(sample("qiwang-2022-period-1.csv"))
    assert "第1期网络入围赛" in parsed.title
    assert read_list(sample("yike-2021-invited.csv")).title == ""


def periods_workbook(tmp_path: Path) -> Path:
    book = openpyxl.Workbook()
    first = book.active
    first.title = "说明"
    first.append(["本文件含第1期、第2期入围赛名单"])
    for period in (1, 2):
        sheet = book.create_sheet(f"第{period}期")
        sheet.append(["名次", "姓名", "积分"])
        sheet.append([1, f"甲{period}", 20])
    book.save(tmp_path / "periods.xlsx")
    return tmp_path / "periods.xlsx"


def test_first_sheet_holding_a_list_is_read_and_the_others_named(tmp_path: Path) -> None:
    parsed = read_list(periods_workbook(tmp_path))
    assert parsed.sheet == "第1期" and [row.name for row in parsed.rows] == ["甲1"]
    (problem,) = parsed.problems
    assert problem.severity is Severity.WARNING and "第2期" in problem.zh


def test_a_named_sheet_is_read(tmp_path: Path) -> None:
    path = periods_workbook(tmp_path)
    assert [row.name for row in read_list(path, sheet="第2期").rows] == ["甲2"]
    with pytest.raises(UserError) as caught:
        read_list(path, sheet="第3期")
    assert "第1期" in caught.value.zh
    with pytest.raises(UserError):
        read_list(path, sheet="说明")  # no header row on that sheet
