"""A team declared for a men's (or women's) team ranking checks each member's gender; a member
whose gender was never recorded is refused for that reason (未登记性别), not told he is of the
other sex, and nothing is written."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.commands.helpers import file_state, qiwang_open, run

MEN_TEAMS = "公开组团体（男子）"


def test_a_member_with_no_gender_recorded_is_refused_for_that_reason(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = qiwang_open(tmp_path / "qiwang.gomoku", capsys, players=3)  # 棋手0..2, no gender
    before = file_state(path)
    code, _out, err = run(capsys, "team-add", path, "--ranking", MEN_TEAMS, "甲队",
                          "棋手0", "棋手1", "棋手2")
    assert code == 2
    assert "棋手0 未登记性别，不能确认可参加男子团体" in err
    assert "has no gender recorded" in err
    assert "不是男选手" not in err
    assert file_state(path) == before


def test_a_woman_in_a_mens_team_is_refused_as_such(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = qiwang_open(tmp_path / "qiwang.gomoku", capsys, players=3)
    for player, gender in (("1", "男"), ("2", "女"), ("3", "男")):
        assert run(capsys, "player", path, player, "--gender", gender)[0] == 0
    before = file_state(path)
    code, _out, err = run(capsys, "team-add", path, "--ranking", MEN_TEAMS, "甲队",
                          "棋手0", "棋手1", "棋手2")
    assert code == 2
    assert "棋手1 不是男选手，不能参加该团体" in err
    assert file_state(path) == before
    for player in ("2",):
        assert run(capsys, "player", path, player, "--gender", "男")[0] == 0
    assert run(capsys, "team-add", path, "--ranking", MEN_TEAMS, "甲队",
               "棋手0", "棋手1", "棋手2")[0] == 0
