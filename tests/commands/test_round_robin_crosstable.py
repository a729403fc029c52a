"""The round-robin crosstable (单循环交叉表) says what its grid holds besides points, on the
command line, in its CSV, on the PDF, in the 成绩册 and in the workbook: a game not played reads
不战胜 / 弃权负 (not 2 / 0), a withdrawn player's row is marked 第N轮起退赛, and the legend
explains them and lists the rest rounds of an odd round robin (轮空（不计分）：第1轮 张一…)."""

from __future__ import annotations

import subprocess
from pathlib import Path

import openpyxl
import pytest

from tests.commands.helpers import round_robin_numbered, run
from tests.exports.helpers import footer_legend

MEN = "男子组"  # shenzhen-2022, played here as 单循环
NAMES = ("张一", "张二", "张三", "张四", "张五", "张六", "张七")
FORFEITS = "不战胜：对手弃权（退赛、缺席或未到），判本人胜；弃权负：本人弃权，判负；该局未赛"
WITHDRAWN = "退赛：张二 第2轮起（此后各局判弃权负）"
RESTS = "轮空（不计分）：第1轮 张一、第2轮 张五"


@pytest.fixture
def played(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    """Seven players numbered by their ids (Berger: round 1 2-7 3-6 4-5, 1 rests; round 2
    6-4 7-3 1-2, 5 rests); round 1 played, 张二 withdrawn from round 2, round 2 paired."""
    path = round_robin_numbered(tmp_path / "shenzhen.gomoku", capsys, NAMES)
    assert run(capsys, "pair", path, "--group", MEN)[0] == 0
    assert run(capsys, "results", path, "--group", MEN, "1", "1=1-0", "2==", "3=0-1")[0] == 0
    assert run(capsys, "withdraw", path, "2")[0] == 0
    code, out, _err = run(capsys, "pair", path, "--group", MEN)
    assert code == 0 and "第3台 张二（退赛）弃权，张一不战胜" in out
    return path


def _grid(lines: list[list[str]], names: list[str], row: str, column: str) -> str:
    """The cell of `row`'s player against `column`'s (columns numbered as the rows)."""
    return lines[names.index(row)][names.index(column)]


def test_the_command_line_grid_names_the_games_not_played(
        played: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _err = run(capsys, "crosstable", played, "--group", MEN)
    assert code == 0
    rows = [line.split("  ") for line in out.splitlines()[2:] if not line.startswith("  注")]
    names = [row[3] for row in rows]
    assert "张二（第2轮起退赛）" in names
    names = [name.split("（")[0] for name in names]
    cells = [row[4:-1] for row in rows]
    assert _grid(cells, names, "张一", "张二") == "不战胜"
    assert _grid(cells, names, "张二", "张一") == "弃权负"
    assert _grid(cells, names, "张二", "张七") == "2"  # played: its points
    assert _grid(cells, names, "张三", "张六") == "1"
    notes = [line.strip() for line in out.splitlines() if line.startswith("  注")]
    assert notes == [f"注：{FORFEITS}", f"注：{WITHDRAWN}", f"注：{RESTS}"]


def test_the_csv_grid_says_it_in_english_marks(
        played: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _err = run(capsys, "crosstable", played, "--group", MEN, "--csv")
    assert code == 0
    rows = [line.split(",") for line in out.splitlines()[1:]]
    names = [row[2] for row in rows]
    cells = [row[3:-1] for row in rows]
    assert _grid(cells, names, "张一", "张二") == "+f"
    assert _grid(cells, names, "张二", "张一") == "-f"
    assert _grid(cells, names, "张二", "张七") == "2"


def _export(path: Path, capsys: pytest.CaptureFixture[str], *only: str) -> Path:
    out = path.parent / "out"
    args = [a for name in only for a in ("--only", name)]
    code, _out, err = run(capsys, "export", path, "--out", out, "--provisional", *args)
    assert code == 0, err
    return out


def _pdf_text(path: Path) -> str:
    return subprocess.run(["pdftotext", "-layout", str(path), "-"], check=True,
                          capture_output=True, text=True).stdout


@pytest.mark.parametrize("document", ["男子组 交叉表", "成绩册（PDF）"])
def test_the_pdf_grid_and_legend(played: Path, capsys: pytest.CaptureFixture[str],
                                 document: str) -> None:
    out = _export(played, capsys, document)
    (pdf,) = out.rglob("*.pdf")
    text = _pdf_text(pdf)
    line = next(x for x in text.splitlines() if "张二（第2轮起退赛）" in x)
    assert "弃权负" in line and "2" in line.split("张二（第2轮起退赛）")[1]
    first = next(x for x in text.splitlines() if " 张一 " in x and "不战胜" in x)
    assert first
    flat = "".join(text.split())  # the legend wraps
    for words in (FORFEITS, WITHDRAWN, RESTS):
        assert "".join(words.split()) in flat


def test_the_workbook_grid_and_its_legend(played: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    out = _export(played, capsys, "Excel 工作簿")
    (book,) = out.rglob("*.xlsx")
    sheet = next(ws for ws in openpyxl.load_workbook(book).worksheets if "交叉表" in ws.title)
    rows = [list(row) for row in sheet.iter_rows(values_only=True)]
    header = rows[0]
    grid = [row[5:5 + len(NAMES)] for row in rows[1:]]
    names = [str(row[3]).split("（")[0] for row in rows[1:]]
    assert header[3] == "姓名" and "张二（第2轮起退赛）" in [row[3] for row in rows[1:]]
    assert _grid(grid, names, "张一", "张二") == "不战胜"
    assert _grid(grid, names, "张二", "张一") == "弃权负"
    assert _grid(grid, names, "张二", "张七") == 2  # a game played stays a number
    legend = footer_legend(sheet)
    for words in (FORFEITS, WITHDRAWN, RESTS):
        assert words in legend


def test_a_full_round_robin_without_forfeits_adds_nothing_to_the_legend(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "even.gomoku"
    assert run(capsys, "new", path, "--preset", "shenzhen-2022")[0] == 0
    assert run(capsys, "group", path, "--group", MEN, "--system", "round_robin")[0] == 0
    for name in NAMES[:4]:
        assert run(capsys, "add-player", path, "--group", MEN, "--name", name)[0] == 0
    assert run(capsys, "pair", path, "--group", MEN)[0] == 0
    assert run(capsys, "results", path, "--group", MEN, "1", "1=1-0", "2=0-1")[0] == 0
    code, out, _err = run(capsys, "crosstable", path, "--group", MEN)
    assert code == 0
    assert "注：" not in out and "不战胜" not in out and "退赛" not in out
