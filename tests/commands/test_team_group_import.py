"""A qualifier list imported into a team group (team matches, the cross-group round, Team
Swiss): refused, as `add-player` is, exit 2 and nothing written, naming how players enter (with
their team, by board: 添加队伍 / team-add, 修改队伍 / team-edit before play). A list's rows name
no team and no board (its 代表队 column is the unit), and the players it made belonged to no
team and were never paired; `team-import` is a team ranking's list over an individual group."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.commands.helpers import TEAM_GROUP, file_state, run, tuanti_teams

LIST = "姓名,性别,单位\n张三,男,北京\n李四,女,上海\n"


def _list(tmp_path: Path, text: str = LIST) -> Path:
    path = tmp_path / "名单.csv"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize(("preset", "group"), [("tuanti-2026", TEAM_GROUP),
                                               ("huazhi-2021", "决赛"), ("huazhi-2021", "复赛")])
def test_a_list_imported_into_a_team_group_is_refused(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], preset: str, group: str) -> None:
    path = tmp_path / "teams.gomoku"
    assert run(capsys, "new", path, "--preset", preset)[0] == 0
    assert run(capsys, "team-add", path, "--group", group, "第1队", "甲1/男", "乙1/男",
               "丙1/女")[0] == 0
    before = file_state(path)
    for extra in ((), ("--dry-run",), ("--valid-only",)):
        code, out, err = run(capsys, "import", path, "--group", group, _list(tmp_path), *extra)
        assert code == 2 and out == "", extra
        assert "团体赛" in err and "添加队伍" in err and "team-add" in err and "team-edit" in err
        assert "名单导入的棋手不属于任何队伍" in err and "比赛已开始" not in err
        assert "paired by teams" in err and "imported from a list" in err
        assert "never be paired" in err
    assert file_state(path) == before
    code, out, _err = run(capsys, "players", path, "--group", group, "--csv")
    assert code == 0 and "张三" not in out and "甲1" in out


def test_a_list_imported_into_a_running_team_swiss_says_play_has_started(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tuanti_teams(tmp_path / "tuanti.gomoku", capsys, paired=True)
    before = file_state(path)
    code, out, err = run(capsys, "import", path, "--group", TEAM_GROUP, _list(tmp_path))
    assert code == 2 and out == ""
    assert "比赛已开始" in err and "名单导入的棋手不会被编排" in err
    assert "play has started" in err and "imported from a list would never be paired" in err
    assert file_state(path) == before


def test_rows_whose_group_is_a_team_group_are_refused_row_by_row(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Without --group each row goes to its 组别: a row of the team group is an error on its
    row (nothing written); --valid-only imports the individual group's rows only."""
    path = tmp_path / "mixed.gomoku"
    assert run(capsys, "new", path, "--preset", "tuanti-2026")[0] == 0
    assert run(capsys, "group-add", path, "个人赛")[0] == 0
    assert run(capsys, "group", path, "--group", "个人赛", "--system", "swiss")[0] == 0
    rows = _list(tmp_path, f"姓名,性别,单位,组别\n张三,男,北京,个人赛\n李四,女,上海,{TEAM_GROUP}\n")
    report = tmp_path / "report.txt"
    before = file_state(path)
    code, _out, err = run(capsys, "import", path, rows, "--report", report)
    assert code == 2 and "未写入任何数据" in err
    lines = report.read_text(encoding="utf-8").splitlines()
    assert any(":3:组别:" in line and f"组别“{TEAM_GROUP}”是团体赛" in line and "team-add" in line
               and "never paired" in line for line in lines), lines
    assert file_state(path) == before
    code, _out, err = run(capsys, "import", path, rows, "--valid-only")
    assert code == 0, err
    code, out, _err = run(capsys, "players", path, "--csv")
    assert "张三" in out and "李四" not in out
