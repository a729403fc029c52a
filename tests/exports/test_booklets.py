"""The two booklets (秩序册 before the event, 成绩册 after it) as PDF with bookmarks and a
contents page, and as editable Word files; the workbook's Chinese font and language,
autofilter, A3 crosstable and formula-looking text kept as text."""

from __future__ import annotations

import re
import subprocess
import zipfile
from dataclasses import replace
from datetime import date
from pathlib import Path

from openpyxl import load_workbook

from app.exports import booklet, docx_booklet, pdf_booklet, xlsx
from app.exports.booklet import Heading, TableBlock
from app.exports.model import ExportModel, ScheduleItem, csv_safe
from tests.exports.helpers import (
    assert_all_fonts_embedded,
    pdf_layout_lines,
    pdf_pages,
    pdf_text,
    small_event,
    squeezed,
)


def _event() -> ExportModel:
    model = small_event()
    event = replace(model.event, chief_arbiter="林建国", deputy_chief_arbiters=("周海", "陈云"),
                    chief_pairing_officer="吴敏", appeals_committee=("王立新", "赵红"),
                    schedule=(ScheduleItem(0, date(2022, 8, 5), label="报到"),
                              ScheduleItem(1, date(2022, 8, 6), "09:00", "第一赛场")))
    return replace(model, event=event)


def _outline(path: Path) -> list[tuple[int, str]]:
    """(page, title) of every bookmark, from poppler's XML output."""
    xml = subprocess.run(["pdftohtml", "-xml", "-i", "-stdout", "-q", str(path)],
                         capture_output=True, check=True).stdout.decode("utf-8")
    return [(int(page), title) for page, title in
            re.findall(r'<item page="(\d+)">([^<]*)</item>', xml)]


def test_order_book_holds_officials_schedule_rules_start_lists_and_round_one() -> None:
    model = _event()
    book = booklet.order_book(model)
    headings = [b.text for b in book.blocks if isinstance(b, Heading)]
    for wanted in ("组织机构", "裁判人员", "竞赛日程", "组别与竞赛办法", "参赛名单", "第一轮对阵表"):
        assert wanted in headings
    tables = [b for b in book.blocks if isinstance(b, TableBlock)]
    officials = next(t for t in tables if t.columns[0].header == "职务")
    assert ("裁判长", "林建国") in officials.rows and ("编排长", "吴敏") in officials.rows
    schedule = next(t for t in tables if t.columns[0].header == "日期")
    assert ("2022-08-06", "09:00", "全部组别", "第1轮", "第一赛场") in schedule.rows


def test_start_list_is_by_unit_with_numbers() -> None:
    model = _event()
    rows = booklet.start_list_rows(model, "open")
    players = model.players_of("open")
    assert len(rows) == len(players)
    units = [r[0] for r in rows if r[0]]
    assert len(units) == len(set(units))  # each unit named once, its players under it
    unit = ""
    for row in rows:
        unit = row[0] or unit
        player = next(p for p in players if str(p.number) == row[1])
        assert player.unit == unit and player.name == row[2]


def test_result_book_pdf_has_contents_and_bookmarks_on_their_pages(tmp_path: Path) -> None:
    model = _event()
    book = booklet.result_book(model)
    path = pdf_booklet.write_booklet_pdf(model, book, tmp_path / "成绩册.pdf")
    outline = _outline(path)
    titles = [t for _page, t in outline]
    assert "公开组" in titles and "录取名单" in titles
    assert any("交叉表" in t for t in titles) and any("最终名次" in t for t in titles)
    assert "目录" in squeezed(pdf_text(path, 2))
    for page, title in outline:
        assert squeezed(title) in squeezed(pdf_text(path, page)), title
    pages = [page for page, _ in outline]
    assert pages == sorted(pages) and pages[0] >= 3  # after the cover and the contents
    assert_all_fonts_embedded(path)


def test_word_booklet_has_headings_tables_and_chinese_language(tmp_path: Path) -> None:
    model = _event()
    path = docx_booklet.write_booklet_docx(model, booklet.order_book(model),
                                           tmp_path / "秩序册.docx")
    with zipfile.ZipFile(path) as archive:
        document = archive.read("word/document.xml").decode("utf-8")
        styles = archive.read("word/styles.xml").decode("utf-8")
    assert 'w:eastAsia="zh-CN"' in styles and "宋体" in styles
    assert "裁判人员" in document and "林建国" in document
    assert document.count("<w:tbl>") >= 4
    assert "TOC" in document  # a contents field Word fills in
    model_player = model.players_of("open")[0]
    assert model_player.name in document


def test_workbook_is_chinese_with_autofilter_and_a_large_crosstable_on_a3(tmp_path: Path) -> None:
    model = small_event()
    path = xlsx.write_workbook(model, tmp_path / "w.xlsx")
    book = load_workbook(path)
    assert book.properties.language == "zh-CN"
    players = book["棋手"]
    assert players["B2"].font.name == "宋体" and players["B2"].font.charset == 134
    assert players.auto_filter.ref and players.auto_filter.ref.startswith("A1:")
    assert isinstance(players["A2"].value, int)
    cross = next(book[name] for name in book.sheetnames if name.endswith("交叉表"))
    assert int(cross.page_setup.paperSize) == 9  # A4 for 30 players
    assert cross["A1"].value == "序号"
    big = load_workbook(xlsx.write_workbook(small_event(players=60), tmp_path / "big.xlsx"))
    cross = next(big[name] for name in big.sheetnames if name.endswith("交叉表"))
    assert int(cross.page_setup.paperSize) == 8  # A3
    assert cross.page_setup.orientation == "landscape"


def test_formula_looking_text_is_text_in_the_workbook_and_in_csv(tmp_path: Path) -> None:
    model = small_event()
    first = model.players[0]
    hostile = replace(first, name="=HYPERLINK(\"http://x\",\"点我\")", unit="+1-2")
    model = replace(model, players=(hostile, *model.players[1:]))
    path = xlsx.write_workbook(model, tmp_path / "w.xlsx")
    with zipfile.ZipFile(path) as archive:
        sheets = [archive.read(n).decode("utf-8") for n in archive.namelist()
                  if n.startswith("xl/worksheets/sheet")]
    assert all("<f>" not in sheet for sheet in sheets)
    players = load_workbook(path)["棋手"]
    row = next(r for r in players.iter_rows(min_row=2) if r[0].value == hostile.number)
    assert row[1].value == hostile.name and row[1].data_type == "s"
    assert csv_safe("=1+1") == "'=1+1" and csv_safe("@x") == "'@x" and csv_safe(5) == 5
    assert csv_safe("张三") == "张三"


def test_groups_playing_a_round_together_share_one_schedule_line() -> None:
    model = small_event()
    day = date(2022, 8, 6)
    event = replace(model.event, schedule=(
        ScheduleItem(1, day, "09:00", "A厅", group="open"),
        ScheduleItem(1, day, "09:00", "A厅", group="women"),
        ScheduleItem(2, day, "14:00", "A厅", group="open")))
    rows = booklet.schedule_rows(replace(model, event=event))
    names = {g.key: g.name for g in model.groups}
    assert rows == [["2022-08-06", "09:00", f"{names['open']}、{names['women']}", "第1轮", "A厅"],
                    ["2022-08-06", "14:00", names["open"], "第2轮", "A厅"]]


def test_no_heading_of_the_result_book_is_left_alone_at_the_foot_of_a_page(
        tmp_path: Path) -> None:
    """A heading (公开组最终名次, 第3轮成绩, 女子组) starts the page its table starts on: these
    event sizes printed each of them as the last line of a page, its table on the next."""
    for players in (20, 24, 44):
        model = small_event(players=players, rounds=5)
        book = booklet.result_book(model)
        headings = {b.text for b in book.blocks if isinstance(b, Heading)}
        path = pdf_booklet.write_booklet_pdf(model, book, tmp_path / f"{players}.pdf")
        for page in range(3, pdf_pages(path) + 1):  # after the cover and the contents
            body = [line.strip() for line in pdf_layout_lines(path, page) if line.strip()][:-1]
            assert body and body[-1] not in headings, (players, page, body[-3:])
