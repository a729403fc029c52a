"""A late entry (迟到报名) on the crosstables: the rounds before its entry are 迟报 (late),
not 缺席 (absent) — in the window, on the command line, the PDF and the workbook — and the
papers' legend says what 迟报 means."""

from __future__ import annotations

from pathlib import Path

import openpyxl

from app.cli import main
from tests.ui.helpers import pdf_text, select_group

GROUP = "公开组"


def _event(path: Path) -> Path:
    """Six players, round 1 played; two late entries (1 point each for round 1) and round 2
    played: 辛 won his round 2."""
    def run(*argv: object) -> None:
        assert main([str(a) for a in argv]) == 0, argv

    run("new", path, "--preset", "qiwang-2022")
    run("group", path, "--group", GROUP, "--rounds", "3", "--set", "late_entry_points=1")
    for name in ("甲", "乙", "丙", "丁", "戊", "己"):
        run("add-player", path, "--group", GROUP, "--name", name)
    run("pair", path, "--group", GROUP)
    for board in (1, 2, 3):
        run("result", path, "--group", GROUP, 1, board, "1-0")
    for name in ("庚", "辛"):
        run("add-player", path, "--group", GROUP, "--name", name)
    run("pair", path, "--group", GROUP)
    for board in (1, 2, 3, 4):
        run("result", path, "--group", GROUP, 2, board, "0-1")
    return path


def test_the_windows_crosstable_marks_a_late_entrys_rounds_late(window, tmp_path, capsys):
    path = _event(tmp_path / "late.db")
    capsys.readouterr()
    assert window.open_event(path), window.last_error
    view = window.standings_view
    window.tabs.setCurrentWidget(view)
    select_group(view, GROUP)
    view.show_crosstable()
    grid = view.crosstable
    rows = dict(zip((n.split(maxsplit=1)[1] for n in grid.row_names()), grid.texts(),
                    strict=True))
    assert rows["辛"][1] == "迟报" and rows["庚"][1] == "迟报"
    assert "缺席" not in [cell for row in rows.values() for cell in row]
    place = [n.split(maxsplit=1)[1] for n in grid.row_names()].index("辛")
    assert "迟到报名" in grid.model.tooltip(place, 1)
    window.set_language("en")
    assert grid.texts()[place][1] == "late"


def test_the_command_line_and_the_papers_mark_a_late_entrys_rounds_late(tmp_path, capsys):
    path = _event(tmp_path / "late.db")
    capsys.readouterr()
    assert main(["crosstable", str(path), "--group", GROUP]) == 0
    lines = capsys.readouterr().out.splitlines()
    (late,) = [line for line in lines if " 辛 " in f" {line} "]
    assert late.split()[4:6] == ["迟报", "7白胜"], late
    assert not any("缺席" in line for line in lines)
    assert main(["export", str(path), "--out", str(tmp_path / "out")]) == 0
    text = pdf_text(next((tmp_path / "out").rglob("交叉表.pdf")))
    assert "迟报" in text and "迟报：迟到报名，参赛前的轮次（按规程记分）" in text
    book = openpyxl.load_workbook(next((tmp_path / "out").rglob("*.xlsx")))
    sheet = book[f"{GROUP}交叉表"]
    found = [row for row in sheet.iter_rows(values_only=True) if "辛" in row]
    assert found and "迟报" in found[0]
