"""What the arbiter signs reads as meant (issue 24): the grade columns say what they hold, a
withdrawn player is marked, the crosstable names opponents one way on every paper, and the
Excel results speak one notation. Checked through the real files (pdftotext, openpyxl)."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import openpyxl

from app.exports import pdf_lists, xlsx
from app.exports.model import ExportModel, Standings
from app.results import read_notation
from app.rules.endings import Ending
from tests.exports.helpers import pdf_layout_lines, small_event


def with_awards(model: ExportModel) -> Standings:
    """The open ranking with each row's prize and title, as a final ranking prints them."""
    table = model.standings[0]
    won = {a.player: a for a in model.awards if a.ranking == table.title}
    rows = tuple(replace(r, prize=won[r.player].prize, grade_title=won[r.player].grade_title)
                 if r.player in won else r for r in table.rows)
    return replace(table, rows=rows, final=True)


def header_line(path: Path, first: str) -> list[str]:
    """The words of the PDF's first line starting with `first` (a table's header row)."""
    for line in pdf_layout_lines(path):
        words = line.split()
        if words and words[0] == first:
            return words
    raise AssertionError(f"no line starting with {first} in {path.name}")


def test_the_standings_head_the_title_column_as_a_title_one_may_apply_for(
        tmp_path: Path) -> None:
    """A final 名次表's title column holds what the place gives the right to apply for
    (qiwang 十五4: 可申请); the grade held before the event stands apart (原段级位)."""
    model = small_event()
    table = with_awards(model)
    path = pdf_lists.write_standings(model, table, tmp_path / "s.pdf")
    header = header_line(path, "名次")
    assert "可申请段级位" in header and "原段级位" in header
    assert "段级位" not in header
    champion = model.player(table.rows[0].player)
    line = next(words for words in (ln.split() for ln in pdf_layout_lines(path))
                if champion.name in words)
    held, applied = header.index("原段级位"), header.index("可申请段级位")
    assert held < applied
    assert table.rows[0].grade_title in line
    if champion.grade:
        assert line.index(champion.grade) < line.index(table.rows[0].grade_title)


def test_the_award_lists_head_the_title_column_as_applied_for(tmp_path: Path) -> None:
    model = small_event()
    path = pdf_lists.write_award_sheet(model, tmp_path / "a.pdf")
    header = header_line(path, "名次")
    assert "可申请段级位" in header and "段级位" not in header
    from app.exports.federation_lists import awards_csv
    head = awards_csv(model).decode("utf-8-sig").splitlines()[0].split(",")
    assert "可申请段级位" in head and "段级位" not in head


def sheet_rows(path: Path, title: str) -> list[tuple[object, ...]]:
    workbook = openpyxl.load_workbook(path, read_only=True)
    return list(workbook[title].iter_rows(values_only=True))


CODES = re.compile(r"[01=+\-]")


def test_the_workbook_writes_every_result_in_one_notation_with_time_losses_in_words(
        tmp_path: Path) -> None:
    """Issue 24, item 11: the result column mixed 白胜/黑胜 with `0-1t`. Every result cell of
    the round and result sheets is in words; a loss on time says who ran out of time."""
    model = small_event()
    rnd = model.round("open", 1)
    boards = list(rnd.boards)
    boards[0] = replace(boards[0], result=read_notation("0-1t"))
    boards[1] = replace(boards[1], result=read_notation("1-0t"))
    boards[2] = replace(boards[2], result=read_notation("0-1"), how_ended=(Ending.TIME,))  # as stored
    timed = replace(model, rounds=tuple(replace(r, boards=tuple(boards)) if r is rnd else r
                                        for r in model.rounds))
    path = xlsx.write_workbook(timed, tmp_path / "w.xlsx")
    first = sheet_rows(path, "公开组第1轮")
    assert first[0][4] == "结果"
    assert first[1][4] == "白胜（黑超时）" and first[2][4] == "黑胜（白超时）"
    assert first[3][4] == "白胜（黑超时）" and first[3][8] == "超时"
    for title in ("公开组第1轮", "公开组成绩"):
        rows = sheet_rows(path, title)
        column = list(rows[0]).index("结果")
        results = [row[column] for row in rows[1:] if row[column] not in (None, "轮空")]
        assert results and not [r for r in results if CODES.search(str(r))], title
    pdf = pdf_lists.write_round_results(timed, "open", 1, tmp_path / "r.pdf")
    text = "".join(pdf_layout_lines(pdf))
    assert "白胜（黑超时）" in text.replace(" ", "") and "0-1t" not in text
