"""The papers of a knockout, read back from the saved files: the workbook holds an
individual knockout's crosstable as its PDF prints it (rows in the order of places, the same
cells), a team knockout none (its matches instead), and each team match's line with its score
and how a level match was decided (主将加赛, 抽签), as the round's PDF has it."""

from __future__ import annotations

import subprocess
from pathlib import Path

import openpyxl
import pytest

from tests.commands.helpers import KNOCKOUT_FINAL as FINAL
from tests.commands.helpers import KO, individual_knockout, ok, played_round_one, team_knockout


def _workbook(capsys: pytest.CaptureFixture[str], path: Path, out: Path) -> openpyxl.Workbook:
    ok(capsys, "export", path, "--out", out, "--xlsx", "--only", "Excel 工作簿")
    return openpyxl.load_workbook(next(out.rglob("*.xlsx")))


def _pdf_rows(capsys: pytest.CaptureFixture[str], path: Path, out: Path) -> list[list[str]]:
    ok(capsys, "export", path, "--out", out, "--pdf", "--only", f"{KO} 交叉表")
    text = subprocess.run(["pdftotext", "-layout", str(next(out.rglob("*.pdf"))), "-"],
                          capture_output=True, text=True, check=True).stdout
    return [line.split() for line in text.splitlines()
            if line.strip()[:1].isdigit() and "选手" in line]


def _played(path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    """Six players, all three rounds played (places 1–6: 选手6, 4, 1, 2, 3, 5)."""
    individual_knockout(path, capsys)
    played_round_one(path, capsys)
    ok(capsys, "pair", path, "--group", KO)
    ok(capsys, "results", path, "--group", KO, 2, "1=0-1", "2=0-1")
    ok(capsys, "pair", path, "--group", KO)
    ok(capsys, "results", path, "--group", KO, 3, "1=0-1", "2=1-0", "3=0-1")
    return path


def test_an_individual_knockouts_workbook_has_its_crosstable_as_the_pdf(tmp_path, capsys):
    """The workbook had no 交叉表 sheet for a knockout (it has no standings of points, only
    the order of its places): it has the PDF's, the same rows in the same order with the
    same cells, and its legend in the printed footer."""
    path = _played(tmp_path / "ko.db", capsys)
    book = _workbook(capsys, path, tmp_path / "xlsx")
    assert f"{KO}交叉表" in book.sheetnames
    sheet = book[f"{KO}交叉表"]
    rows = list(sheet.iter_rows(values_only=True))
    assert rows[0] == ("序号", "编号", "名次", "姓名", "单位", "第1轮", "第2轮", "第3轮", "积分")
    assert rows[1:] == [(1, 6, 1, "选手6", None, "5白胜", "4白胜", "2白胜", 6),
                        (2, 4, 2, "选手4", None, "6黑胜", "3白胜", "1黑负", 4),
                        (3, 1, 3, "选手1", None, "轮空", "2黑负", "4黑胜", 4),
                        (4, 2, 4, "选手2", None, "轮空", "1黑负", "3白负", 2),
                        (5, 3, 5, "选手3", None, "1黑负", "轮空", "6白胜", 4),
                        (6, 5, 6, "选手5", None, "2白负", "轮空", "5黑负", 2)]
    printed = _pdf_rows(capsys, path, tmp_path / "pdf")
    assert [[str(c) for c in row if c is not None] for row in rows[1:]] == printed
    assert "按名次排列" in sheet.oddFooter.center.text


def test_a_knockout_crosstable_leaves_the_places_not_yet_decided_blank(tmp_path, capsys):
    """After round 1 no place is decided: the rows stand in the bands still played for, as
    on the PDF, the 名次 empty (not 0)."""
    path = individual_knockout(tmp_path / "ko.db", capsys)
    played_round_one(path, capsys)
    rows = list(_workbook(capsys, path, tmp_path / "xlsx")[f"{KO}交叉表"]
                .iter_rows(min_row=2, values_only=True))
    assert [(row[2], row[3]) for row in rows] == [
        (None, "选手1"), (None, "选手2"), (None, "选手4"), (None, "选手6"), (None, "选手3"),
        (None, "选手5")]
    # the PDF's line without a place: 序号, 编号, then the name
    assert [row[3] for row in rows] == [row[2] for row in _pdf_rows(capsys, path,
                                                                     tmp_path / "pdf")]


def _level_matches(path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    """huazhi's 决赛 of four: round 1's match 1 level (3:3), decided by the captains'
    playoff (队4); round 2's final level, its playoff game drawn, decided by lots (队2)."""
    team_knockout(path, capsys, teams=4)
    ok(capsys, "pair", path, "--group", FINAL)
    ok(capsys, "team-result", path, "--group", FINAL, 1, 1, "1-0", "1-0", "=", "--playoff",
       "1-0")
    ok(capsys, "team-result", path, "--group", FINAL, 1, 2, "1-0", "0-1", "1-0")
    ok(capsys, "pair", path, "--group", FINAL)
    ok(capsys, "team-result", path, "--group", FINAL, 2, 1, "=", "=", "=", "--playoff", "=",
       "--lots", "队2")
    ok(capsys, "team-result", path, "--group", FINAL, 2, 2, "0-1", "1-0", "0-1")
    return path


def test_a_team_knockouts_workbook_has_each_matchs_score_line(tmp_path, capsys):
    """The round's sheet listed the boards of each team match but not the match's score nor
    how a level match was decided, which the round's PDF prints on the match's line: the
    line is there, before its boards, with 3:3 主将加赛 / 3:3 抽签（队2胜）, and no points (a
    team's 局分 stays the sum of its boards' lines). No players' crosstable: its matches."""
    path = _level_matches(tmp_path / "hz.db", capsys)
    book = _workbook(capsys, path, tmp_path / "xlsx")
    assert not any("交叉表" in name for name in book.sheetnames)
    first = list(book[f"{FINAL}第1轮"].iter_rows(min_row=2, values_only=True))
    assert first[0] == ("第1场", None, None, "队1", "3:3 主将加赛", None, None, "队4", None,
                        None, None)
    assert [row[0] for row in first] == ["第1场", "第1场1台", "第1场2台", "第1场3台",
                                         "第1场主将加赛", "第2场", "第2场1台", "第2场2台",
                                         "第2场3台"]
    assert first[5][3:8] == ("队2", "6:0", None, None, "队3")
    second = list(book[f"{FINAL}第2轮"].iter_rows(min_row=2, values_only=True))
    assert second[0][:8] == ("第1场", None, None, "队4", "3:3 抽签（队2胜）", None, None, "队2")
    results = list(book[f"{FINAL}成绩"].iter_rows(min_row=2, values_only=True))
    assert [(row[0], row[1], row[5]) for row in results if row[1] == "第1场"] == [
        (1, "第1场", "3:3 主将加赛"), (2, "第1场", "3:3 抽签（队2胜）")]
