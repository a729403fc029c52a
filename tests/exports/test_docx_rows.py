"""The Word booklets' table rows are written as one piece of XML (fast); each cell (and the
shaded header row) must come out exactly as python-docx's own `add_row` / `add_run` /
`font.size` / `bold` / alignment writes it,
for every kind of text a cell can hold (tabs, line breaks, spaces at either end, the
ideographic space, characters XML escapes)."""

from __future__ import annotations

import zipfile
from pathlib import Path

import pytest
from docx import Document
from docx.enum.text import WD_ALIGN_PARAGRAPH
from docx.oxml.simpletypes import ST_HpsMeasure, ST_TwipsMeasure
from docx.shared import Pt
from lxml import etree

from app.exports import docx_booklet
from app.exports.booklet import TableBlock
from app.exports.pdf_common import Column

TEXTS = ("张三", "", "a\tb", "第一行\n第二行", "x\r\ny", " 前空格", "后空格 ", "　全角", "<&>\"'",
         "\t", "\n\n", "1/2")


def _by_python_docx(block: TableBlock) -> bytes:
    """The rows as python-docx adds them one call at a time (what the booklets did): the
    header shaded, bold, centred and repeated on every page, then the body."""
    document = Document()
    table = document.add_table(rows=1, cols=len(block.columns))
    widths = [40.0 + 10 * k for k in range(len(block.columns))]
    header = table.rows[0]
    docx_booklet._repeat_header(header)
    for cell, column, width in zip(header.cells, block.columns, widths, strict=True):
        cell.width = Pt(width)
        cell.text = column.header
        cell.paragraphs[0].alignment = WD_ALIGN_PARAGRAPH.CENTER
        docx_booklet._shade(cell)
        for run in cell.paragraphs[0].runs:
            run.font.size = Pt(block.size)
            run.bold = True
    for column, width in zip(table.columns, widths, strict=True):
        column.width = Pt(width)
    for row in block.rows:
        cells = table.add_row().cells
        for cell, text, column, width in zip(cells, row, block.columns, widths, strict=True):
            cell.width = Pt(width)
            paragraph = cell.paragraphs[0]
            run = paragraph.add_run(text)
            run.font.size = Pt(block.size)
            if column.align == "CENTER":
                paragraph.alignment = WD_ALIGN_PARAGRAPH.CENTER
    return b"".join(etree.tostring(tr) for tr in table._tbl.tr_lst)


def _by_booklet(block: TableBlock) -> bytes:
    document = Document()
    table = document.add_table(rows=0, cols=len(block.columns))
    widths = [40.0 + 10 * k for k in range(len(block.columns))]
    twips = [ST_TwipsMeasure.convert_to_xml(Pt(width)) for width in widths]
    docx_booklet._append_rows(table, block, twips, ST_HpsMeasure.convert_to_xml(Pt(block.size)))
    return b"".join(etree.tostring(tr) for tr in table._tbl.tr_lst)


def test_fast_rows_are_what_python_docx_writes() -> None:
    columns = (Column("名次"), Column("姓名", "LEFT"), Column("<备注> & 说明", "LEFT"),
               Column(" 空格 "))
    rows = tuple((a, b, c, a) for a, b, c in zip(TEXTS, TEXTS[1:] + TEXTS[:1],
                                                 TEXTS[2:] + TEXTS[:2], strict=True))
    for size in (9.0, 7.0, 10.5):
        block = TableBlock(columns, rows, size=size)
        assert _by_booklet(block) == _by_python_docx(block)


def _saved_document_xml(deferred: bool, path: Path) -> bytes:
    """A document with two tables of TEXTS rows, saved with its rows put in as elements or
    deferred to the save (what the booklets do)."""
    document = Document()
    columns = (Column("名次"), Column("姓名", "LEFT"))
    later = docx_booklet._DeferredRows() if deferred else None
    for size in (9.0, 7.0):
        block = TableBlock(columns, tuple(zip(TEXTS, TEXTS[::-1], strict=True)), size=size)
        docx_booklet._table(document, block, False, later)
        document.add_paragraph("表后")
    if later is None:
        document.save(str(path))
    else:
        later.save(document, path)
    with zipfile.ZipFile(path) as saved:
        return saved.read("word/document.xml")


@pytest.mark.slow  # the fonts are registered for the widths
def test_rows_deferred_to_the_save_are_the_rows_as_elements(tmp_path: Path) -> None:
    deferred = _saved_document_xml(True, tmp_path / "deferred.docx")
    assert b"<!--rows" not in deferred
    assert deferred == _saved_document_xml(False, tmp_path / "elements.docx")
