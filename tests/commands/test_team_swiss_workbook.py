"""A Team Swiss round in the workbook (赛事数据.xlsx), as its papers say it: the team with the
bye gets the match points and game points the bye gives (FIDE C.04.1 c: a match won; a drawn
game on every board), so a team's 局分 is the sum of its lines; and the members who do not
play the round are named as under the pairing list (分台定人制: the board lost by forfeit, a
team none of whose members plays not paired)."""

from __future__ import annotations

import re
from pathlib import Path

import openpyxl
import pytest

from tests.commands.helpers import run

GROUP = "团体赛"


def _event(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    """Six teams: 乙2 absent from round 1, every member of 队6 withdrawn from it, so five
    teams are paired and one has the bye; round 1 entered."""
    path = tmp_path / "tuanti.gomoku"
    assert run(capsys, "new", path, "--preset", "tuanti-2026")[0] == 0
    for k in range(1, 7):
        assert run(capsys, "team-add", path, "--group", GROUP, f"队{k}", f"甲{k}/男",
                   f"乙{k}/男", f"丙{k}/女")[0] == 0
    code, out, _err = run(capsys, "players", path, "--group", GROUP, "--csv")
    ids = {line.split(",")[1]: line.split(",")[0] for line in out.splitlines()[1:]}
    assert run(capsys, "absent", path, ids["乙2"], 1)[0] == 0
    for name in ("甲6", "乙6", "丙6"):
        assert run(capsys, "withdraw", path, ids[name], "--from-round", 1)[0] == 0
    code, out, _err = run(capsys, "pair", path, "--group", GROUP)
    assert code == 0, out
    boards: dict[int, list[str]] = {}
    match = 0
    for line in out.splitlines():
        found = re.match(r"^\s{2}(\d+)\s+\S+ - \S+$", line)
        if found:
            match = int(found.group(1))
            boards[match] = []
        board = re.match(r"^\s{7}\d\. .*?(\+-|-\+)?\s*$", line)
        if board and match:
            boards[match].append(board.group(1) or "1-0")  # the forfeit as paired
    assert len(boards) == 2, out
    for number, codes in boards.items():
        assert run(capsys, "team-result", path, "--group", GROUP, 1, number, *codes)[0] == 0
    return path


def _sheets(tmp_path: Path, capsys: pytest.CaptureFixture[str], path: Path
            ) -> openpyxl.Workbook:
    out = tmp_path / "out"
    assert run(capsys, "export", path, "--xlsx", "--out", out)[0] == 0
    (book,) = out.rglob("*.xlsx")
    return openpyxl.load_workbook(book)


def _round_one(tmp_path: Path, capsys: pytest.CaptureFixture[str]
               ) -> tuple[openpyxl.Workbook, dict[str, int], list[tuple[object, ...]]]:
    """The workbook, the round sheet's columns by header, and its rows."""
    book = _sheets(tmp_path, capsys, _event(tmp_path, capsys))
    header, *rows = book[f"{GROUP}第1轮"].iter_rows(values_only=True)
    return book, {str(name): header.index(name) for name in header}, rows


def test_the_round_sheet_gives_the_bye_the_points_it_gave(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The bye's line: 局分 3 where a board's game points go, 场分 2 and 局分 3 said."""
    book, col, rows = _round_one(tmp_path, capsys)

    (bye,) = [r for r in rows if r[col["结果"]] == "轮空"]
    assert bye[col["先手单位"]] == "队5"
    assert bye[col["先手得分"]] == 3  # a drawn game (1) on each of the 3 boards
    assert bye[col["终局方式"]] == "计胜一场：场分2，局分3"

    # each team's 局分 in the team standings is the sum of its lines in the round sheet
    team_header, *team_rows = book[f"{GROUP} 团体名次"].iter_rows(values_only=True)
    game_points = {r[team_header.index("代表队")]: r[team_header.index("局分")]
                   for r in team_rows}
    for team, points in game_points.items():
        own = sum((r[col["先手得分"]] or 0) if r[col["先手单位"]] == team else
                  (r[col["后手得分"]] or 0) if r[col["后手单位"]] == team else 0
                  for r in rows)
        assert own == points, (team, own, points)



def test_the_round_sheet_names_who_does_not_play(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """As the pairing list's 以下台次的棋手不出场，判其弃权负 and 本轮不参赛的队伍: 乙2 at the
    board lost by forfeit, 队6 (every member withdrawn) not paired; in the 成绩 sheet too."""
    book, col, rows = _round_one(tmp_path, capsys)
    (absent,) = [r for r in rows if r[col["先手（黑）"]] == "乙2"
                 and "不出场" in str(r[col["结果"]])]
    assert re.fullmatch(r"第\d场2台", str(absent[col["台次"]])), absent
    assert absent[col["结果"]] == "不出场（缺席），判弃权负"
    assert absent[col["先手单位"]] == "队2"
    seat = [r for r in rows if r[col["台次"]] == absent[col["台次"]]
            and "不出场" not in str(r[col["结果"]])]
    assert len(seat) == 1 and "乙2" in (seat[0][col["先手（黑）"]], seat[0][col["后手（白）"]])
    (gone,) = [r for r in rows if r[col["先手单位"]] == "队6"]
    assert gone[col["结果"]] == "本轮不参赛（退赛）" and gone[col["台次"]] is None

    # the 成绩 sheet (every round, one line each) says the same
    _header, *results = book[f"{GROUP}成绩"].iter_rows(values_only=True)
    assert [r[1:] for r in results] == rows
