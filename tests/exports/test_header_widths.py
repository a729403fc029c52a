"""Every table file an export writes (CSV and Excel) has a header as wide as its rows: a row
longer than its header shows its cells under the wrong headings (issue 24, item 3: the
段级位申报表.csv showed 名次 "无" and 申报段级位 "8")."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import openpyxl
import pytest

from app.exports import export_all
from app.exports.model import ExportModel
from tests.exports.helpers import small_event


def csv_widths(path: Path) -> tuple[list[str], list[int]]:
    """The header of a CSV file and the width of each of its rows (trailing blanks count)."""
    text = path.read_bytes().decode("utf-8-sig")
    rows = list(csv.reader(io.StringIO(text)))
    return rows[0], [len(row) for row in rows[1:]]


def sheet_problems(path: Path) -> list[str]:
    """Sheets of a workbook whose rows have a filled cell right of the last header, or a
    blank header cell above filled cells."""
    problems = []
    workbook = openpyxl.load_workbook(path, read_only=True)
    for sheet in workbook.worksheets:
        rows = list(sheet.iter_rows(values_only=True))
        if not rows:
            continue
        header = list(rows[0])
        while header and header[-1] in (None, ""):
            header.pop()
        if any(cell in (None, "") for cell in header):
            problems.append(f"{path.name}/{sheet.title}: a blank header {header}")
        for number, row in enumerate(rows[1:], start=2):
            filled = [k for k, cell in enumerate(row) if cell not in (None, "")]
            if filled and filled[-1] >= len(header):
                problems.append(f"{path.name}/{sheet.title} row {number}: {len(header)} "
                                f"headers, a cell in column {filled[-1] + 1}")
                break
    return problems


def table_files_problems(root: Path) -> tuple[list[str], int]:
    """Every CSV and XLSX file under `root` checked; (problems, files checked)."""
    problems: list[str] = []
    files = sorted([*root.rglob("*.csv"), *root.rglob("*.xlsx")])
    for path in files:
        if path.suffix == ".csv":
            header, widths = csv_widths(path)
            wrong = sorted({w for w in widths if w != len(header)})
            if wrong:
                problems.append(f"{path.relative_to(root)}: {len(header)} headers, rows of "
                                f"{wrong} cells")
        else:
            problems += sheet_problems(path)
    return problems, len(files)


@pytest.fixture(scope="module")
def exported(tmp_path_factory: pytest.TempPathFactory) -> tuple[ExportModel, Path]:
    model = small_event()
    out = tmp_path_factory.mktemp("widths")
    export_all(model, out)
    return model, out


def test_every_csv_and_sheet_of_an_export_has_a_header_as_wide_as_its_rows(
        exported: tuple[ExportModel, Path]) -> None:
    _model, out = exported
    problems, checked = table_files_problems(out)
    assert checked >= 5  # 录取名单, 段级位申报表, 最终名次/*, the workbooks
    assert problems == []


def test_the_grade_application_csv_reads_under_its_headings(
        exported: tuple[ExportModel, Path]) -> None:
    """段级位申报表.csv: 原段级位 and 对局数 have their headings; 名次 holds the place and
    申报段级位 the title, as the signed PDF prints them."""
    model, out = exported
    path = next(out.rglob("段级位申报表.csv"))
    text = path.read_bytes().decode("utf-8-sig")
    rows = list(csv.DictReader(io.StringIO(text)))
    assert rows
    first = next(a for a in model.awards_in_place_order() if a.grade_title and a.player)
    assert rows[0]["姓名"] == model.player(first.player or 0).name
    assert rows[0]["名次"] == first.place_text
    assert rows[0]["申报段级位"] == first.grade_title
    assert rows[0]["对局数"] == str(model.games_played(first.player or 0))
    assert "原段级位" in rows[0]
