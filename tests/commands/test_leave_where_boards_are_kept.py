"""Leave asked for (请假半分/零分/全分) where a player keeps their board and forfeits it (a team's
member, a round robin's Berger table, a knockout's bracket) scores no points: `absent` stores
it and says so, as the pairing will forfeit the board; in a Swiss the leave scores as asked
and nothing more is said."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.commands.helpers import individual_knockout, round_robin_numbered, run


def _ids(capsys: pytest.CaptureFixture[str], path: Path, group: str) -> dict[str, str]:
    code, out, err = run(capsys, "players", path, "--group", group, "--csv")
    assert code == 0, err
    return {line.split(",")[1]: line.split(",")[0] for line in out.splitlines()[1:]}


def test_a_team_members_leave_is_said_to_forfeit_the_board(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "tuanti.gomoku"
    assert run(capsys, "new", path, "--preset", "tuanti-2026")[0] == 0
    for k in (1, 2):
        assert run(capsys, "team-add", path, "--group", "团体赛", f"队{k}", f"甲{k}/男",
                   f"乙{k}/男", f"丙{k}/女")[0] == 0
    ids = _ids(capsys, path, "团体赛")
    code, out, err = run(capsys, "absent", path, ids["乙2"], 1, "--kind", "half_bye")
    assert code == 0, err
    assert out.strip() == ("乙2 第1轮：团体赛请假不给分：请假的队员该轮所在台判弃权负，对手不战胜 / 乙2, "
                           "round 1: a team event gives no points for leave: the member on "
                           "leave forfeits the round's board, the opponent wins it by forfeit")
    # an absence says what it is already: nothing more
    assert run(capsys, "absent", path, ids["甲2"], 1)[1] == ""


def test_leave_in_a_round_robin_and_a_knockout_is_said_to_forfeit(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    table = round_robin_numbered(tmp_path / "shenzhen.gomoku", capsys,
                                 ("张一", "张二", "张三", "张四"))
    code, out, err = run(capsys, "absent", table, 3, 2, "--kind", "full_bye")
    assert code == 0, err
    assert "单循环请假不给分：伯格表不变，请假者该轮的对局判弃权负，对手不战胜" in out
    bracket = individual_knockout(tmp_path / "ko.gomoku", capsys)
    code, out, err = run(capsys, "absent", bracket, 2, 1, "--kind", "zero_bye")
    assert code == 0, err
    assert "淘汰赛请假不给分：对阵图不变，请假者该轮的对局判弃权负，对手不战胜晋级" in out


def test_leave_in_a_swiss_scores_as_asked_and_says_nothing_more(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "qiwang.gomoku"
    assert run(capsys, "new", path, "--preset", "qiwang-2022")[0] == 0
    assert run(capsys, "add-player", path, "--group", "公开组", "--name", "王一")[0] == 0
    ids = _ids(capsys, path, "公开组")
    code, out, err = run(capsys, "absent", path, ids["王一"], 2, "--kind", "half_bye")
    assert (code, out) == (0, ""), err
