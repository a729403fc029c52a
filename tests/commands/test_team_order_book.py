"""The 秩序册 of a team event built from the command line: a wild-card team (外卡, entered
with `team-add --source 外卡`, qiwang 十二(四)1) is marked on the team start list, in the PDF
and in the Word booklet, as `teams` lists it; a start list of teams none of which came by a
list has no 备注 column."""

from __future__ import annotations

import subprocess
from pathlib import Path

import docx
import pytest

from tests.commands.helpers import run

GROUP = "团体赛"


def _order_book(tmp_path: Path, capsys: pytest.CaptureFixture[str], wild: bool
                ) -> tuple[list[str], list[list[str]]]:
    """The PDF's start-list lines and the Word start list's rows of a three-team event."""
    path = tmp_path / "tuanti.gomoku"
    assert run(capsys, "new", path, "--preset", "tuanti-2026")[0] == 0
    for k, city in enumerate(("杭州", "上海", "西安")):
        source = ["--source", "外卡"] if wild and k == 2 else []
        assert run(capsys, "team-add", path, "--group", GROUP, f"{city}队", f"{city}甲/男",
                   f"{city}乙/男", f"{city}丙/女", "--unit", f"{city}市", *source)[0] == 0
    out = tmp_path / "out"
    assert run(capsys, "export", path, "--out", out, "--only", "秩序册（PDF）",
               "--only", "秩序册（Word）")[0] == 0
    (pdf,) = out.rglob("*.pdf")
    text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True,
                          check=True, text=True).stdout
    lines = text.splitlines()
    start = next(k for k, line in enumerate(lines) if "队名" in line and "台次" in line)
    (book,) = out.rglob("*.docx")
    table = next(t for t in docx.Document(str(book)).tables if t.rows[0].cells[0].text == "队名")
    return lines[start:start + 10], [[c.text for c in row.cells] for row in table.rows]


def test_a_wild_card_team_is_marked_on_the_start_list(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    lines, rows = _order_book(tmp_path, capsys, wild=True)
    assert lines[0].split()[-1] == "备注"
    (wild,) = [line for line in lines if "西安队" in line]
    assert wild.split()[-1] == "外卡" and "第1台" in wild
    assert not any("外卡" in line for line in lines if "西安队" not in line)
    header, *body = rows
    assert header[-1] == "备注"
    assert [(r[0], r[-1]) for r in body if r[0]] == [("杭州队", ""), ("上海队", ""),
                                                    ("西安队", "外卡")]


def test_a_start_list_without_a_wild_card_has_no_remarks_column(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    lines, rows = _order_book(tmp_path, capsys, wild=False)
    assert lines[0].split()[-1] == "段级位" and rows[0][-1] == "段级位"


def test_the_event_summary_counts_a_team_groups_teams(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`event` says 团体赛: 2 队 / teams, 6 人 / players, and prints no empty line for the
    organisers and venue a new event has not been given yet."""
    path = tmp_path / "tuanti.gomoku"
    assert run(capsys, "new", path, "--preset", "tuanti-2026")[0] == 0
    for city in ("杭州", "上海"):
        assert run(capsys, "team-add", path, "--group", GROUP, f"{city}队", f"{city}甲/男",
                   f"{city}乙/男", f"{city}丙/女")[0] == 0
    code, out, _err = run(capsys, "event", path)
    assert code == 0
    assert f"  {GROUP}: 2 队 / teams, 6 人 / players, 0/" in out, out
    assert all(line.strip() for line in out.splitlines()), out


@pytest.mark.slow
def test_the_order_book_prints_round_one_as_paired_even_once_it_is_played(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The 秩序册 is the programme handed out before play: its round-1 pairings of a team
    group printed each match's score, every board's result and ending, and the captains'
    playoff game (加赛) once round 1 was played and the booklet exported again. In the PDF
    and the Word booklet they are now the pairing as drawn: the teams, the boards, nothing
    played; the 成绩册 keeps the results."""
    from tests.commands.helpers import KNOCKOUT_FINAL, team_knockout

    path = team_knockout(tmp_path / "hz.db", capsys, teams=4)
    for args in (("pair", path, "--group", KNOCKOUT_FINAL),
                 ("team-result", path, "--group", KNOCKOUT_FINAL, 1, 1, "1-0", "0-1", "1-0"),
                 ("team-result", path, "--group", KNOCKOUT_FINAL, 1, 2, "1-0", "=", "0-1",
                  "--playoff", "0-1")):
        assert run(capsys, *args)[0] == 0, args
    out = tmp_path / "out"
    assert run(capsys, "export", path, "--out", out, "--only", "秩序册（PDF）",
               "--only", "秩序册（Word）", "--only", "成绩册（PDF）")[0] == 0
    texts = {pdf.stem: subprocess.run(["pdftotext", "-layout", str(pdf), "-"],
                                      capture_output=True, check=True, text=True).stdout
             for pdf in out.rglob("*.pdf")}
    section = texts["秩序册"].split(f"{KNOCKOUT_FINAL} 第1轮对阵\n")[-1]  # the last part
    lines = section.splitlines()
    assert lines[0].split() == ["场次／台次", "先行方／黑方", "比分／结果", "后行方／白方", "备注"]
    assert [line.split() for line in lines[1:9]] == [
        ["第1场", "队1", "队4"], ["1台", "甲1（队1）", "甲4（队4）"],
        ["2台", "乙4（队4）", "乙1（队1）"], ["3台", "丙1（队1）", "丙4（队4）"],
        ["第2场", "队2", "队3"], ["1台", "甲2（队2）", "甲3（队3）"],
        ["2台", "乙3（队3）", "乙2（队2）"], ["3台", "丙2（队2）", "丙3（队3）"]]
    for word in ("6:0", "3:3", "黑胜", "白胜", "和", "加赛", "终局方式"):
        assert word not in section, word
    (book,) = out.rglob("*.docx")
    table = next(t for t in docx.Document(str(book)).tables
                 if t.rows[0].cells[0].text == "场次／台次")
    rows = [[c.text for c in row.cells] for row in table.rows]
    assert rows[0] == ["场次／台次", "先行方／黑方", "比分／结果", "后行方／白方", "备注"]
    assert [row[0] for row in rows[1:]] == ["第1场", "1台", "2台", "3台",
                                            "第2场", "1台", "2台", "3台"]
    assert all(row[2] == "" and row[4] == "" for row in rows[1:])
    results = texts["成绩册"]  # where the results go
    assert "6:0" in results and "3:3 主将加赛" in results and "加赛" in results
