"""The body rows of a sheet, written straight into the file (`xlsx.save_workbook`): read
back by openpyxl as openpyxl itself would have written them."""

from __future__ import annotations

from datetime import date, datetime
from pathlib import Path

import openpyxl
import pytest
from openpyxl import Workbook
from openpyxl.utils.exceptions import IllegalCharacterError

from app.exports import xlsx


def test_every_kind_of_cell_reads_back_with_its_type_and_format(tmp_path: Path) -> None:
    workbook = Workbook()
    workbook.remove(workbook.active)
    rows: list[list[xlsx.Cell]] = [
        [1, "张三", date(2010, 3, 4), 2.5, None],
        [2, " 前后有空格 ", None, -0.125, "A&B <c> \"d\""],
        [3, "=1+1", "", 10**12, "+86 123"],
    ]
    xlsx.write_sheet(workbook, "表", ["编号", "姓名", "出生日期", "积分", "备注"], rows, "打印")
    path = tmp_path / "t.xlsx"
    xlsx.save_workbook(workbook, path)
    sheet = openpyxl.load_workbook(path)["表"]
    assert sheet.dimensions == "A1:E4"
    assert sheet.auto_filter.ref == "A1:E4"
    got = list(sheet.iter_rows(min_row=2, values_only=True))
    assert got[0] == (1, "张三", datetime(2010, 3, 4), 2.5, None)  # a date reads as a datetime
    assert got[1] == (2, " 前后有空格 ", None, -0.125, "A&B <c> \"d\"")
    assert got[2][0] == 3 and got[2][1] == "=1+1" and got[2][3] == 10**12
    formula = sheet["B4"]
    assert formula.data_type == "s" and formula.quotePrefix  # text, never a formula
    assert sheet["E4"].quotePrefix and not sheet["B2"].quotePrefix
    assert sheet["C2"].number_format == "yyyy-mm-dd"
    for cell in (sheet["A2"], sheet["B3"], sheet["E2"], sheet["C3"]):
        assert cell.font.name == "宋体" and not cell.font.bold
    assert sheet["A1"].font.bold and sheet["A1"].value == "编号"
    assert sheet.freeze_panes == "A2"


def test_a_character_a_worksheet_refuses_is_refused_as_before(tmp_path: Path) -> None:
    workbook = Workbook()
    xlsx.write_sheet(workbook, "表", ["姓名"], [["坏\x01名"]])
    with pytest.raises(IllegalCharacterError):
        xlsx.save_workbook(workbook, tmp_path / "t.xlsx")
