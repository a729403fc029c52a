"""A double-game Swiss group (双盘制, 2016 无禁手组: 七、(三) two games a round, colours
exchanged; 七、(五)2 a loss on time in game 1 loses the round) walked from the command line
to its papers on the odd paths: a withdrawal, an absence, a loss on time in game 1 and in
game 2, a forfeit, and a playoff (加赛) for a prize place. Each test reads a paper itself
(the command line's output, a PDF through pdftotext, the workbook through openpyxl)."""

from __future__ import annotations

import contextlib
import io
import shutil
import subprocess
from pathlib import Path

import openpyxl
import pytest

from app.cli import main
from tests.commands.helpers import run

GROUP = "无禁手组"  # mindgames-2016: Swiss, two games a round
NAMES = ("张一", "李二", "王三", "赵四", "钱五", "孙六", "周七", "吴八", "郑九")
ABSENT = "王三"  # absent from round 2 (缺席)
WITHDRAWN = "孙六"  # withdrawn from round 2 (退赛)


def _quiet(*args: object) -> str:
    """One command that must succeed, its output kept from the test's."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main([str(a) for a in args])
    assert code == 0, (args, out.getvalue(), err.getvalue())
    return out.getvalue()


@pytest.fixture(scope="module")
def walked(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Nine players (ids 1-9 in `NAMES` order), four rounds as the Dutch system pairs them:
    round 1 张一-钱五 won twice by 张一 (`1-0 0-1`), 孙六 lost on time in game 1 (`0-1t`), a
    draw twice, a game each; 王三 absent from round 2 and 孙六 withdrawn from it; round 2
    郑九 forfeits to 张一 (`-+`), 李二 wins and draws, 周七 wins game 2 on 吴八's time
    (`1-0 0-1t`); rounds 3 and 4; 张一 and 李二 level at place 2, whose prizes differ, play
    off: two draws, then 李二 wins the single game."""
    path = tmp_path_factory.mktemp("walk") / "mindgames.gomoku"
    _quiet("new", path, "--preset", "mindgames-2016")
    for name in NAMES:
        _quiet("add-player", path, "--group", GROUP, "--name", name, "--unit", f"单位{name}")
    _quiet("group", path, "--group", GROUP, "--rounds", "4")
    _quiet("pair", path, "--group", GROUP)
    _quiet("results", path, "--group", GROUP, "1", "1=1-0 0-1", "2=0-1t", "3== =", "4=1-0 1-0")
    _quiet("absent", path, "3", "2", "--group", GROUP)
    _quiet("withdraw", path, "6", "--from-round", "2", "--group", GROUP)
    _quiet("pair", path, "--group", GROUP)
    _quiet("results", path, "--group", GROUP, "2", "1=-+", "2=1-0 =", "3=1-0 0-1t")
    _quiet("pair", path, "--group", GROUP)
    _quiet("results", path, "--group", GROUP, "3", "1== =", "2=0-1 1-0", "3=1-0 1-0", "4=0-1t")
    _quiet("pair", path, "--group", GROUP)
    _quiet("results", path, "--group", GROUP, "4", "1== =", "2== =", "3== =", "4=1-0 0-1")
    _quiet("playoff", path, "--group", GROUP, "--place", "2")
    for result in ("=", "=", "0-1"):
        _quiet("playoff-result", path, "1", result)
    return path


@pytest.fixture
def event(walked: Path, tmp_path: Path) -> Path:
    """A copy of the walked event for one test (an export takes a snapshot in it)."""
    copy = tmp_path / walked.name
    shutil.copy(walked, copy)
    return copy


def _export(path: Path, capsys: pytest.CaptureFixture[str], *only: str) -> Path:
    out = path.parent / "out"
    code, _out, err = run(capsys, "export", path, "--out", out,
                          *[a for name in only for a in ("--only", name)])
    assert code == 0, err
    return out


def _pdf_lines(path: Path) -> list[str]:
    return subprocess.run(["pdftotext", "-layout", str(path), "-"], check=True,
                          capture_output=True, text=True).stdout.splitlines()


def _flat(text: str) -> str:
    return "".join(text.split())  # a legend wraps


def _crosstable_rows(capsys: pytest.CaptureFixture[str], path: Path) -> dict[str, list[str]]:
    """The command line's crosstable: each player's round cells by name."""
    code, out, _err = run(capsys, "crosstable", path, "--group", GROUP)
    assert code == 0
    rows = [line.split("  ") for line in out.splitlines()[2:] if not line.startswith("  注")]
    return {row[3]: row[4:-1] for row in rows}


# ---------------------------------------------------------------- 退赛 / 缺席 in the crosstable

WITHDRAWN_NOTE = "退赛：孙六 第2轮起（此后不再编排，每轮计0分）"
ABSENT_NOTE = "缺席：第2轮 王三（该轮不参加编排，计0分）"


def test_the_command_line_crosstable_marks_and_explains_a_withdrawal_and_an_absence(
        event: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """退赛 for the withdrawn player's rounds (they read 缺席, an absence's word, before), 缺席
    for the absent one's, and the notes below the table say whose and what they gave (the
    Swiss table printed none)."""
    cells = _crosstable_rows(capsys, event)
    assert cells[WITHDRAWN][1:] == ["退赛", "退赛", "退赛"]
    assert cells[ABSENT][1] == "缺席"
    _code, out, _err = run(capsys, "crosstable", event, "--group", GROUP)
    notes = [line.strip() for line in out.splitlines() if line.startswith("  注")]
    assert notes == [f"注：{WITHDRAWN_NOTE}", f"注：{ABSENT_NOTE}"]


@pytest.mark.parametrize("document", [f"{GROUP} 交叉表", "成绩册（PDF）"])
def test_the_printed_crosstable_marks_and_explains_them(
        event: Path, capsys: pytest.CaptureFixture[str], document: str) -> None:
    """The PDF's and the 成绩册's crosstable: the absence reads 缺席 (it read —, 未编排, as a
    round not paired), the withdrawal 退赛, and the legend names both."""
    (pdf,) = _export(event, capsys, document).rglob("*.pdf")
    lines = _pdf_lines(pdf)
    cross = lines[next(k for k, line in enumerate(lines) if "第4轮" in line and "序号" in line):]
    absent = next(line for line in cross if f" {ABSENT} " in line).split()
    assert absent[6] == "缺席" and "—" not in absent
    withdrawn = next(line for line in cross if f" {WITHDRAWN} " in line).split()
    assert withdrawn[6:9] == ["退赛"] * 3
    legend = _flat("".join(cross))
    assert _flat(WITHDRAWN_NOTE) in legend and _flat(ABSENT_NOTE) in legend


def test_the_workbook_crosstable_marks_and_explains_them(
        event: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (book,) = _export(event, capsys, "Excel 工作簿").rglob("*.xlsx")
    sheet = openpyxl.load_workbook(book)[f"{GROUP}交叉表"]
    rows = {row[3]: row for row in sheet.iter_rows(min_row=2, values_only=True)}
    assert rows[ABSENT][6] == "缺席"
    assert rows[WITHDRAWN][6:9] == ("退赛",) * 3
    legend = sheet.oddFooter.left.text
    assert WITHDRAWN_NOTE in legend and ABSENT_NOTE in legend
