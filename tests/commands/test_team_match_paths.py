"""Odd paths of a Team Swiss round from the command line: a board command given a team
match is told results go match by match (never that the match is a bye), and a match with every board
forfeited is a forfeit on the round list, on the standings and on paper, not a drawn match."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

from tests.commands.helpers import run

GROUP = "团体赛"


def _event(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    """Five teams of three (the tuanti template), round 1 paired: matches 1 and 2, a bye."""
    path = tmp_path / "tuanti.gomoku"
    assert run(capsys, "new", path, "--preset", "tuanti-2026")[0] == 0
    for k in range(1, 6):
        assert run(capsys, "team-add", path, "--group", GROUP, f"T{k}", f"a{k}/男",
                   f"b{k}/男", f"c{k}/女")[0] == 0
    assert run(capsys, "pair", path, "--group", GROUP)[0] == 0
    return path


def _state(path: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in path.parent.rglob("*")
            if p.is_file() and p.name.startswith(path.name)}


def test_board_commands_on_a_team_match_point_to_team_result(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _event(tmp_path, capsys)
    before = _state(path)
    for args in (("result", path, "--group", GROUP, 1, 1, "1-0"),
                 ("results", path, "--group", GROUP, 1, "1=1-0"),
                 ("late", path, "--group", GROUP, 1, 2, 20, 0)):
        code, out, err = run(capsys, *args)
        assert code == 2 and out == "", (args, out)
        assert re.search(r"第1轮第\d场：团体赛按场录入", err), (args, err)
        assert "match by match" in err, (args, err)
        assert "轮空" not in err and "bye" not in err, (args, err)  # a match is no bye
        assert _state(path) == before, args  # refused: nothing written


def _round_codes(capsys: pytest.CaptureFixture[str], path: Path) -> dict[int, str]:
    code, out, err = run(capsys, "round", path, "--group", GROUP, 1)
    assert code == 0, err
    return {int(m[1]): m[2] for m in re.finditer(r"^\s+(\d+)\s+T\d - T\d.*\[(.+)\]$", out,
                                                 re.MULTILINE)}


def test_a_match_forfeited_on_every_board_is_a_forfeit_not_a_draw(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _event(tmp_path, capsys)
    assert run(capsys, "team-result", path, "--group", GROUP, 1, 1, "--", "--", "--")[0] == 0
    # forfeits that even out: lost by both teams, as when nobody came
    assert run(capsys, "team-result", path, "--group", GROUP, 1, 2, "+-", "--", "-+")[0] == 0
    assert _round_codes(capsys, path) == {1: "--", 2: "--"}
    code, out, _err = run(capsys, "standings", path, "--group", GROUP, "--csv")
    assert code == 0
    header, *rows = out.splitlines()
    column = header.split(",").index("points")  # the primary score: match points
    points = {r.split(",")[2]: r.split(",")[column] for r in rows}
    assert points["T5"] == "2" and all(points[t] == "0" for t in ("T1", "T2", "T3", "T4"))
    # one team ahead on forfeits: its forfeit win, the other's forfeit loss
    assert run(capsys, "team-result", path, "--group", GROUP, 1, 2, "+-", "+-", "-+",
               "--replace")[0] == 0
    codes = _round_codes(capsys, path)
    assert codes[1] == "--" and codes[2] in ("+-", "-+")
    code, out, _err = run(capsys, "crosstable", path, "--group", GROUP)
    assert "不战胜" in out and out.count("弃权负") == 3
    out_dir = tmp_path / "papers"
    assert run(capsys, "export", path, "--out", out_dir, "--only",
               f"{GROUP} 团体对抗成绩表")[0] == 0
    text = subprocess.run(["pdftotext", "-layout", str(next(out_dir.rglob("*.pdf"))), "-"],
                          capture_output=True, text=True, check=True).stdout
    assert "双方弃权" in text and "比分为两队的局分" in text and "胜局数" not in text


def test_the_workbook_lists_a_team_bye_in_its_match_place(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The round's sheet and the results sheet carry the team without an opponent (轮空) in
    its match's place, as the round's PDF does."""
    from openpyxl import load_workbook

    path = _event(tmp_path, capsys)
    for match in (1, 2):
        assert run(capsys, "team-result", path, "--group", GROUP, 1, match, "1-0", "0-1",
                   "1-0")[0] == 0
    out_dir = tmp_path / "papers"
    assert run(capsys, "export", path, "--out", out_dir, "--xlsx")[0] == 0
    book = load_workbook(next(out_dir.rglob("*.xlsx")), read_only=True)
    for title, skip in ((f"{GROUP}第1轮", 0), (f"{GROUP}成绩", 1)):
        rows = [row[skip:] for row in book[title].iter_rows(values_only=True)]
        assert [row[0] for row in rows[1:]] == [
            "第1场", "第1场1台", "第1场2台", "第1场3台", "第2场", "第2场1台", "第2场2台",
            "第2场3台", "第3场"]
        assert rows[-1][3:5] == ("T5", "轮空"), title


def test_the_team_matches_sheet_and_the_booklet_list_a_team_bye(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """团体对抗成绩表 and the 秩序册's first-round pairing show the team without an opponent
    in its match's place, as the round's pairing list does."""
    path = _event(tmp_path, capsys)
    out_dir = tmp_path / "papers"
    assert run(capsys, "export", path, "--out", out_dir, "--only", f"{GROUP} 团体对抗成绩表",
               "--only", "秩序册（PDF）")[0] == 0
    for name in ("团体对抗成绩表.pdf", "秩序册.pdf"):
        text = subprocess.run(["pdftotext", "-layout", str(next(out_dir.rglob(name))), "-"],
                              capture_output=True, text=True, check=True).stdout
        assert re.search(r"第3场\s+T5\s+轮空", text), name
