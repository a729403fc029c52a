"""What the arbiter signs reads as meant (issue 24): the grade columns say what they hold, a
withdrawn player is marked, the crosstable names opponents one way on every paper, and the
Excel results speak one notation. Checked through the real files (pdftotext, openpyxl)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import openpyxl

from app.exports import pdf_lists
from app.exports.model import ExportModel, Standings
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
