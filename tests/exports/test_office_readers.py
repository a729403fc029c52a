"""The workbook and the Word booklets as their receivers print them: LibreOffice opens each
file and prints it to PDF, and the test reads that paper (pdftotext). A file that openpyxl
or python-docx reads back can still print badly: a footer's legend ran over the page
number, and the 成绩册's cover ran onto a second page."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.cli import main
from app.services import rounds
from app.services.event import Event
from app.services.players import add_player, withdraw_player
from app.services.queries import players, round_view
from tests.exports.helpers import office_pdf, pdf_layout_lines, pdf_pages, pdf_text, squeezed

pytestmark = pytest.mark.slow
GROUP = "公开组"


@pytest.fixture(scope="module")
def exported(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A qiwang final (its twelve lines of organisers on the cover) after two rounds, one
    player withdrawn: the workbook and both Word booklets exported."""
    folder = tmp_path_factory.mktemp("office")
    path = folder / "event.db"
    with Event.create(path, preset="qiwang-2022") as event:
        for k in range(12):
            add_player(event, GROUP, name=f"棋手{k + 1}", gender="F" if k % 4 == 0 else "M",
                       unit=f"单位{k % 3}")
        for number in (1, 2):
            if number == 2:
                withdraw_player(event, players(event, GROUP)[2].id, from_round=2)
            rounds.pair_next_round(event, GROUP)
            info = round_view(event, GROUP, number)
            rounds.enter_results(event, GROUP, number, {
                b.number: ["1-0"] for b in info.boards if b.second is not None})
    out = folder / "out"
    assert main(["export", str(path), "--out", str(out), "--overwrite",
                 "--only", "Excel 工作簿", "--only", "成绩册（Word）",
                 "--only", "秩序册（Word）"]) == 0
    return out


def _printed(exported: Path, name: str, tmp_path: Path) -> Path:
    return office_pdf(next(exported.rglob(name)), tmp_path)


def test_a_sheets_legend_prints_above_its_page_number_not_over_it(
        exported: Path, tmp_path: Path) -> None:
    printed = _printed(exported, "赛事数据.xlsx", tmp_path)
    pages = pdf_pages(printed)
    standings = [k for k in range(1, pages + 1)
                 if "名次后的" in squeezed(pdf_text(printed, k))]
    assert standings, "no sheet printed its standings legend"
    for page in standings:
        lines = [line.strip() for line in pdf_layout_lines(printed, page) if line.strip()]
        (number,) = [k for k, line in enumerate(lines)
                     if squeezed(line) == f"第{page}页共{pages}页"]
        legend = squeezed("".join(lines[:number]))
        assert legend.endswith("非最终名次。"), lines[number - 2:number + 1]
        assert "胜局：实战获胜的局数" in legend
        assert number == len(lines) - 1  # the page number is the last line, alone


def test_the_crosstable_legend_names_the_withdrawal_on_paper(
        exported: Path, tmp_path: Path) -> None:
    printed = _printed(exported, "赛事数据.xlsx", tmp_path)
    text = squeezed(pdf_text(printed))
    assert "退赛：棋手3第2轮起（此后不再编排，每轮计0分）。" in text


@pytest.mark.parametrize("name", ["成绩册.docx", "秩序册.docx"])
def test_a_booklets_cover_fits_its_first_page(
        exported: Path, tmp_path: Path, name: str) -> None:
    printed = _printed(exported, name, tmp_path)
    cover, second = squeezed(pdf_text(printed, 1)), squeezed(pdf_text(printed, 2))
    assert "成绩册" in cover or "秩序册" in cover
    assert "中国棋院杭州分院国际交流中心有限公司、杭州天元大厦有限公司" in cover
    assert "杭州天元大厦" not in second
    assert "目录" in second
