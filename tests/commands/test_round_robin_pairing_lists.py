"""A round robin's pairing list (对阵表) says on the board that a withdrawn (退赛) or absent
(缺席) player forfeits it: the command line's round, the posted PDF lists by board and by name,
the results list (成绩表) and the workbook's round sheet name the player with why and read
`张六（退赛）弃权，张四不战胜` (shenzhen 十、(三): 判到达者胜，未到者负). A board both play, and a
Swiss round, say nothing of the kind."""

from __future__ import annotations

import subprocess
from pathlib import Path

import openpyxl
import pytest

from tests.commands.helpers import round_robin_numbered, run

MEN = "男子组"  # shenzhen-2022, played here as 单循环
NAMES = ("张一", "张二", "张三", "张四", "张五", "张六")


@pytest.fixture
def paired(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    """Six players numbered by their ids (Berger round 1: 1-6, 2-5, 3-4), round 1 played;
    张六 withdrawn from round 2 and 张三 absent from it; round 2 (6-4, 5-3, 1-2) paired."""
    path = round_robin_numbered(tmp_path / "shenzhen.gomoku", capsys, NAMES)
    assert run(capsys, "pair", path, "--group", MEN)[0] == 0
    assert run(capsys, "results", path, "--group", MEN, "1", "1=1-0", "2==", "3=0-1")[0] == 0
    assert run(capsys, "withdraw", path, "6")[0] == 0
    assert run(capsys, "absent", path, "3", "2")[0] == 0
    code, _out, err = run(capsys, "pair", path, "--group", MEN)
    assert code == 0, err
    return path


ROUND_TWO = {1: "第1台 张六（退赛）弃权，张四不战胜", 2: "第2台 张三（缺席）弃权，张五不战胜"}


def test_the_round_names_the_forfeit_on_its_board(
        paired: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _err = run(capsys, "round", paired, "--group", MEN, "2")
    assert code == 0
    boards = {int(line.split()[0]): line for line in out.splitlines()[1:4]}
    assert boards[1].endswith("[-+]  张六（退赛）弃权，张四不战胜 / 张六 (withdrawn) forfeits, "
                              "张四 wins by forfeit")
    assert "张三（缺席）弃权，张五不战胜" in boards[2]
    assert "弃权" not in boards[3] and "[" not in boards[3]  # 张一 - 张二: played
    code, out, _err = run(capsys, "round", paired, "--group", MEN, "1")
    assert "弃权" not in out and "退赛" not in out  # round 1 was played by all


def _export(path: Path, capsys: pytest.CaptureFixture[str], *only: str) -> Path:
    out = path.parent / "out"
    args = [a for name in only for a in ("--only", name)]
    code, _out, err = run(capsys, "export", path, "--out", out, "--provisional", *args)
    assert code == 0, err
    return out


def _pdf_lines(path: Path) -> list[str]:
    text = subprocess.run(["pdftotext", "-layout", str(path), "-"], check=True,
                          capture_output=True, text=True).stdout
    return text.splitlines()


@pytest.mark.parametrize("document", ["男子组 第2轮对阵表（按台次）", "男子组 第2轮成绩表"])
def test_the_pdf_list_by_board_marks_the_player_and_the_forfeit(
        paired: Path, capsys: pytest.CaptureFixture[str], document: str) -> None:
    (pdf,) = _export(paired, capsys, document).rglob("*.pdf")
    lines = _pdf_lines(pdf)
    board = next(line.split() for line in lines if line.split()[:1] == ["1"])
    assert "张六（退赛）" in board and "黑弃权" in board  # the posted list too: known already
    assert board.index("张六（退赛）") < board.index("黑弃权") < board.index("张四")
    board = next(line.split() for line in lines if line.split()[:1] == ["2"])
    assert board.index("张五") < board.index("白弃权") < board.index("张三（缺席）")
    board = next(line.split() for line in lines if line.split()[:1] == ["3"])
    assert not any("弃权" in cell or "（" in cell for cell in board)
    flat = "".join("".join(lines).split())
    assert f"{ROUND_TWO[1]}；{ROUND_TWO[2]}。".replace(" ", "") in flat


def test_the_pdf_list_by_name_marks_both_rows_of_the_board(
        paired: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (pdf,) = _export(paired, capsys, "男子组 第2轮对阵表（按姓名）").rglob("*.pdf")
    lines = _pdf_lines(pdf)
    own = next(line for line in lines if line.startswith("张六（退赛）"))
    assert "张四" in own
    opponent = next(line for line in lines if line.startswith("张四 "))
    assert opponent.rstrip().endswith("张六（退赛）")
    flat = "".join("".join(lines).split())
    assert ROUND_TWO[1].replace(" ", "") in flat


def test_the_workbook_round_sheet_says_why_where_the_ending_goes(
        paired: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (book,) = _export(paired, capsys, "Excel 工作簿").rglob("*.xlsx")
    sheet = openpyxl.load_workbook(book)["男子组第2轮"]
    rows = [list(row) for row in sheet.iter_rows(values_only=True)]
    header = rows[0]
    by_board = {row[0]: dict(zip(header, row, strict=True)) for row in rows[1:]}
    assert by_board[1]["先手（黑）"] == "张六" and by_board[1]["后手（白）"] == "张四"
    assert by_board[1]["结果"] == "黑弃权"
    assert by_board[1]["终局方式"] == "张六（退赛）弃权，张四不战胜"
    assert (by_board[1]["先手得分"], by_board[1]["后手得分"]) == (0, 2)
    assert by_board[2]["终局方式"] == "张三（缺席）弃权，张五不战胜"
    assert by_board[3]["终局方式"] in (None, "")  # 张一 - 张二: not played yet
    round_one = openpyxl.load_workbook(book)["男子组第1轮"]
    endings = [row[8] for row in round_one.iter_rows(min_row=2, values_only=True)]
    assert not any(ending and "弃权" in ending for ending in endings)


def test_both_players_missing_read_as_a_double_forfeit_on_the_list(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "both.gomoku"
    assert run(capsys, "new", path, "--preset", "shenzhen-2022")[0] == 0
    assert run(capsys, "group", path, "--group", MEN, "--system", "round_robin")[0] == 0
    for name in NAMES[:4]:
        assert run(capsys, "add-player", path, "--group", MEN, "--name", name)[0] == 0
    assert run(capsys, "berger-numbers", path, "--group", MEN, "1=1", "2=2", "3=3",
               "4=4")[0] == 0
    for player in ("1", "4"):  # round 1 of four: 1-4, 2-3
        assert run(capsys, "absent", path, player, "1")[0] == 0
    assert run(capsys, "pair", path, "--group", MEN)[0] == 0
    code, out, _err = run(capsys, "round", path, "--group", MEN, "1")
    assert "[--]  张一（缺席）、张四（缺席）双方弃权" in out
    (pdf,) = _export(path, capsys, "男子组 第1轮对阵表（按台次）").rglob("*.pdf")
    board = next(line.split() for line in _pdf_lines(pdf) if line.split()[:1] == ["1"])
    assert "张一（缺席）" in board and "双方弃权" in board and "张四（缺席）" in board


def test_a_swiss_pairing_list_has_no_such_marks(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "swiss.gomoku"
    assert run(capsys, "new", path, "--preset", "shenzhen-2022")[0] == 0
    for name in NAMES:
        assert run(capsys, "add-player", path, "--group", MEN, "--name", name)[0] == 0
    assert run(capsys, "withdraw", path, "6")[0] == 0
    code, out, _err = run(capsys, "pair", path, "--group", MEN)
    assert code == 0 and "不战胜" not in out
    assert "本轮不参加编排：" in out and "张六（退赛）" in out  # not paired, said so
