"""The papers' list table (app/exports/pdf_table.py): page breaks keep the header and every
row, long texts wrap into taller rows, and what it draws reads back from the PDF."""

from __future__ import annotations

import subprocess
from pathlib import Path

from app.exports.fonts import register_fonts
from app.exports.model import EventInfo
from app.exports.pdf_common import Column, PageHeader, build_document, make_table
from app.exports.pdf_table import ListTable


def _table(rows: int) -> ListTable:
    register_fonts()
    columns = [Column("名次"), Column("姓名", "LEFT", True), Column("单位", "LEFT", True)]
    return make_table(columns, [[str(i), f"棋手{i}", "某某单位"] for i in range(1, rows + 1)],
                      300, shade_every=5)


def test_a_split_repeats_the_header_and_keeps_every_row_once() -> None:
    table = _table(10)
    header, row = table.rows[0].height, table.rows[1].height
    first, rest = table.split(300, header + 3.5 * row)
    assert isinstance(first, ListTable) and isinstance(rest, ListTable)
    assert [r.cells[0] for r in first.rows] == ["名次", "1", "2", "3"]
    assert [r.cells[0] for r in rest.rows] == ["名次", *map(str, range(4, 11))]
    assert first.wrap(300, 1000)[1] <= header + 3.5 * row


def _teams(sizes: list[int], keep: int) -> ListTable:
    """Teams of `sizes` members: the team's name on its first member's row only."""
    register_fonts()
    columns = [Column("队名", "LEFT", True), Column("姓名", "LEFT", True)]
    rows = [[f"第{t}队" if k == 0 else "", f"队员{t}-{k}"]
            for t, size in enumerate(sizes, 1) for k in range(size)]
    return make_table(columns, rows, 300, keep_groups=keep)


def _first_cells(table: object) -> list[object]:
    assert isinstance(table, ListTable)
    return [r.cells[0] for r in table.rows]


def test_a_team_goes_over_to_the_next_page_whole() -> None:
    table = _teams([3, 3, 3], keep=10)
    header, row = table.rows[0].height, table.rows[1].height
    first, rest = table.split(300, header + 4.5 * row)  # the break would fall in team 2
    assert _first_cells(first) == ["队名", "第1队", "", ""]
    assert _first_cells(rest) == ["队名", "第2队", "", "", "第3队", "", ""]
    # without keep_groups the page ends inside team 2, the next page starting with no team
    plain = _teams([3, 3, 3], keep=0).split(300, header + 4.5 * row)
    assert _first_cells(plain[1])[:2] == ["队名", ""]


def test_a_group_too_long_to_carry_or_the_first_on_the_page_breaks_as_before() -> None:
    header = _teams([1], keep=10).rows[0].height
    row = _teams([1], keep=10).rows[1].height
    long = _teams([1, 8], keep=3)  # 6 of team 2's rows would stay: more than 3
    first, _rest = long.split(300, header + 7.5 * row)
    assert len(first.rows) == 8  # type: ignore[attr-defined]
    alone = _teams([12], keep=10)  # the page's only team: nothing to break before
    first, _rest = alone.split(300, header + 5.5 * row)
    assert len(first.rows) == 6  # type: ignore[attr-defined]


def test_no_split_where_only_the_header_fits_and_none_needed_where_all_fit() -> None:
    table = _table(3)
    assert table.split(300, table.rows[0].height + 1) == []
    assert table.split(300, table.height) == [table]


def test_a_long_unit_wraps_into_a_taller_row_and_prints_whole(tmp_path: Path) -> None:
    register_fonts()
    columns = [Column("姓名", "LEFT", True), Column("单位", "LEFT", True)]
    unit = "某省某市某区第一实验小学五子棋兴趣小组" * 3
    table = make_table(columns, [["张三", "甲"], ["李四", unit]], 200)
    assert table.rows[2].height > table.rows[1].height
    path = build_document(tmp_path / "t.pdf", PageHeader(EventInfo(title="测试赛"), "名单"),
                          [table])
    text = subprocess.run(["pdftotext", str(path), "-"], capture_output=True, text=True,
                          check=True).stdout
    assert "李四" in text and "张三" in text
    assert "".join(text.split()).count("某省某市某区第一实验小学五子棋兴趣小组") == 3


def test_the_rows_after_a_break_start_the_next_page_not_the_room_left(tmp_path: Path) -> None:
    """A team sent over whole leaves room on its page; the rest of the table starts the next
    page (under its header) instead of filling that room, where it cut the team after all."""
    table = _teams([5] * 30, keep=10)
    path = build_document(tmp_path / "t.pdf", PageHeader(EventInfo(title="测试赛"), "名单"),
                          [table])
    pages = subprocess.run(["pdftotext", "-layout", str(path), "-"], capture_output=True,
                           text=True, check=True).stdout.split("\f")
    firsts = [next(x.split()[0] for x in page.splitlines() if "队员" in x)
              for page in pages if "队员" in page]
    assert len(firsts) >= 3 and all(first.startswith("第") for first in firsts), firsts
