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
