"""A player who withdrew (退赛) keeps the place his points give him, and the award that goes
with it: the regulations say nothing of a withdrawn player's award (qiwang 十五 gives places
and titles by the final order), so the program does not decide it. But every line that shows
the award says the withdrawal, for the arbiter to decide (`decline` takes the award back):
the command line's standings, the 录取名单 on paper, in the workbook and in the federation
package's CSV."""

from __future__ import annotations

import csv
import subprocess
from pathlib import Path

import openpyxl
import pytest

from tests.commands.helpers import run

OPEN = "公开组"


def _final_with_a_withdrawal(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    """Twelve players, three rounds; player 1 wins round 1 and withdraws from round 2."""
    path = tmp_path / "qiwang.gomoku"
    assert run(capsys, "new", path, "--preset", "qiwang-2022")[0] == 0
    for k in range(1, 13):
        assert run(capsys, "add-player", path, "--group", OPEN, "--name", f"选手{k}",
                   "--unit", f"单位{k}")[0] == 0
    assert run(capsys, "group", path, "--group", OPEN, "--rounds", "3")[0] == 0
    for number in (1, 2, 3):
        assert run(capsys, "pair", path, "--group", OPEN)[0] == 0
        code, out, _err = run(capsys, "round", path, "--group", OPEN, str(number))
        boards = [line.split()[0] for line in out.splitlines()[1:]
                  if "先手" in line and "轮空" not in line]
        # black wins every board: 选手1 is black on board 1 of round 1 (seed 1)
        assert run(capsys, "results", path, "--group", OPEN, str(number),
                   *(f"{b}=1-0" for b in boards))[0] == 0
        if number == 1:
            assert run(capsys, "withdraw", path, "1")[0] == 0
    _settle_playoffs(path, capsys)
    return path


def _settle_playoffs(path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Every tie at a prize place decided by its playoff (first mover wins each game), so
    that the ranking is final and its awards are on the papers."""
    while True:
        _code, out, _err = run(capsys, "standings", path, "--group", OPEN)
        needed = [line for line in out.splitlines() if "名并列需加赛" in line]
        if not needed:
            return
        place = needed[0].split("第")[1].split("名")[0]
        code, out, err = run(capsys, "playoff", path, "--group", OPEN, "--place", place)
        assert code == 0, err
        playoff_id = out.split()[1].rstrip(":")
        while "名次 / order" not in out:
            code, out, err = run(capsys, "playoff-result", path, playoff_id, "1-0")
            assert code == 0, err


def test_a_withdrawn_players_award_line_says_he_withdrew(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _final_with_a_withdrawal(tmp_path, capsys)
    _code, out, _err = run(capsys, "standings", path, "--group", OPEN)
    line = next(ln for ln in out.splitlines() if "选手1 " in ln)
    assert "800元" in line and "第2轮起退赛" in line  # 16 places are awarded: all twelve
    assert [ln for ln in out.splitlines() if "退赛" in ln] == [line]

    folder = tmp_path / "out"
    assert run(capsys, "export", path, "--out", folder)[0] == 0
    package = next(p for p in folder.iterdir() if p.is_dir() and p.name.endswith("上报材料"))
    with (package / "录取名单.csv").open(encoding="utf-8-sig", newline="") as handle:
        rows = {row["姓名／队名"]: row for row in csv.DictReader(handle)}
    assert rows["选手1"]["说明"] == "第2轮起退赛"
    assert not any("退赛" in row["说明"] for name, row in rows.items() if name != "选手1")

    text = subprocess.run(["pdftotext", "-layout", str(folder / "PDF" / "录取名单.pdf"), "-"],
                          capture_output=True, text=True, check=True).stdout
    pdf_line = next(ln for ln in text.splitlines() if "选手1" in ln.split())
    assert pdf_line.split()[-1] == "第2轮起退赛"

    book = openpyxl.load_workbook(folder / "Excel" / "赛事数据.xlsx", read_only=True)
    sheet = next(book[name] for name in book.sheetnames if name.startswith("录取名单"))
    notes = {row[3]: row[7] for row in sheet.iter_rows(values_only=True) if row and row[3]}
    assert notes["选手1"] == "第2轮起退赛"


def test_a_declined_award_of_a_withdrawn_player_says_both(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _final_with_a_withdrawal(tmp_path, capsys)
    assert run(capsys, "decline", path, "1", "--title")[0] == 0
    _code, out, _err = run(capsys, "standings", path, "--group", OPEN)
    line = next(ln for ln in out.splitlines() if "选手1 " in ln)
    assert "第2轮起退赛，放弃等级称号" in line


def test_a_teams_member_who_withdrew_is_marked_where_the_team_is_listed(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """His results still count for the team (qiwang 十二(四)4: the members' results summed);
    the team's line says he withdrew, on the command line and the team ranking's paper."""
    path = _final_with_a_withdrawal(tmp_path, capsys)
    for player in range(1, 7):
        assert run(capsys, "player", path, str(player), "--gender", "男")[0] == 0
    for team, members in (("甲队", ("选手1", "选手2", "选手3")), ("乙队", ("选手4", "选手5", "选手6"))):
        assert run(capsys, "team-add", path, "--ranking", "公开组团体（男子）", team, *members)[0] == 0
    _code, out, _err = run(capsys, "team-standings", path)
    line = next(ln for ln in out.splitlines() if "甲队" in ln)
    assert "选手1（第2轮起退赛）" in line
    assert "退赛" not in next(ln for ln in out.splitlines() if "乙队" in ln)
    folder = tmp_path / "out"
    assert run(capsys, "export", path, "--out", folder, "--pdf")[0] == 0
    paper = next(folder.rglob("团体名次（公开组团体（男子））.pdf"))
    text = subprocess.run(["pdftotext", "-layout", str(paper), "-"], capture_output=True,
                          text=True, check=True).stdout
    assert "选手1（第2轮起退赛）" in "".join(text.split())
