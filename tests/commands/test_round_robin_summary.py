"""A round robin's group summary (`group`) says what the group plays: the rounds of its Berger
table for its players (轮数 7（按单循环人数）, not the stored Swiss setting) and its bye as the
rest round it is (单循环轮空不计分, not 轮空2); an absence may be entered for any of those
rounds."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.commands.helpers import run

MEN = "男子组"  # shenzhen-2022: 5 Swiss rounds, played here as 单循环


def _round_robin(tmp_path: Path, capsys: pytest.CaptureFixture[str], players: int) -> Path:
    path = tmp_path / "shenzhen.gomoku"
    assert run(capsys, "new", path, "--preset", "shenzhen-2022")[0] == 0
    assert run(capsys, "group", path, "--group", MEN, "--system", "round_robin")[0] == 0
    for k in range(players):
        assert run(capsys, "add-player", path, "--group", MEN, "--name", f"棋手{k + 1}")[0] == 0
    return path


def _line(out: str, label: str) -> str:
    return next(line.strip() for line in out.splitlines() if line.strip().startswith(label))


def test_the_rounds_are_the_berger_tables_for_the_players(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _round_robin(tmp_path, capsys, players=7)
    code, out, _err = run(capsys, "group", path, "--group", MEN)
    assert code == 0
    assert _line(out, "轮数") == "轮数：7（按单循环人数） / Rounds: 7 (by the round robin's players)"
    _code, out, _err = run(capsys, "event", path)
    assert "男子组: 7 人 / players, 0/7 轮 / rounds" in out  # the same count everywhere


def test_the_arbiters_count_of_rounds_is_said_as_such(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _round_robin(tmp_path, capsys, players=7)
    assert run(capsys, "group", path, "--group", MEN, "--rounds", "6")[0] == 0
    _code, out, _err = run(capsys, "group", path, "--group", MEN)
    assert _line(out, "轮数") == "轮数：6（裁判长定） / Rounds: 6 (the arbiter's count)"


def test_a_round_robin_without_players_has_no_count_yet(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _round_robin(tmp_path, capsys, players=1)
    _code, out, _err = run(capsys, "group", path, "--group", MEN)
    assert _line(out, "轮数").startswith("轮数：按单循环人数（尚不足两人）")


def test_the_bye_of_an_odd_round_robin_is_said_to_score_nothing(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _round_robin(tmp_path, capsys, players=7)
    _code, out, _err = run(capsys, "group", path, "--group", MEN)
    points = _line(out, "计分")
    assert "单循环轮空不计分" in points and "轮空2" not in points
    assert "请假全分" not in points and "缺席" not in points  # a missing player forfeits
    assert "round robin bye: no points (a rest round)" in points
    _code, out, _err = run(capsys, "group", path, "--group", "女子组")  # a Swiss group
    assert "轮空2" in _line(out, "计分")


def test_the_bye_scored_as_the_code_scores_it(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The resting player is scored as a zero-point bye: a group that gives that a point says
    so, and the standings give it."""
    path = _round_robin(tmp_path, capsys, players=3)
    assert run(capsys, "group", path, "--group", MEN, "--points",
               '{"win": 2, "draw": 1, "loss": 0, "zero_bye": 1}')[0] == 0
    _code, out, _err = run(capsys, "group", path, "--group", MEN)
    assert "单循环轮空1（按请假零分）" in _line(out, "计分")
    code, out, _err = run(capsys, "pair", path, "--group", MEN)
    assert code == 0
    rest = next(line.split()[1] for line in out.splitlines() if "轮空 / bye" in line)
    _code, out, _err = run(capsys, "standings", path, "--group", MEN)
    row = next(line.split() for line in out.splitlines() if rest in line.split())
    assert row[2] == "1"


def test_an_absence_is_taken_for_every_round_of_the_table(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _round_robin(tmp_path, capsys, players=7)
    code, _out, err = run(capsys, "absent", path, "2", "7")  # round 7 of 7 (setting: 5)
    assert code == 0, err
    assert run(capsys, "absent", path, "2", "8")[0] == 2


def test_points_a_round_robin_does_not_score_are_named_with_why(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`group --points` on a round robin keeps the values given but says which it does not
    score and why (the setup form greys them out with the same words); the points line names
    only what it scores."""
    path = _round_robin(tmp_path, capsys, players=5)
    code, out, err = run(capsys, "group", path, "--group", MEN, "--points",
                         '{"win": 3, "half_bye": 2, "full_bye": 3, "absent": 1}')
    assert code == 0, err
    assert err.startswith("提示：男子组的赛制（单循环）不计这些分值，已保存但不起作用："
                          "请假全分、请假半分（单循环请假不给分：伯格表不变，请假者该轮的对局判弃权负，"
                          "对手不战胜）；缺席（单循环缺席不另计分：")
    assert "轮空（" not in err  # the bye's value was not given: nothing to say of it
    assert _line(out, "计分").startswith("计分：胜3 和1 负0 不战胜2 弃权负0 单循环轮空不计分 / ")
    code, _out, err = run(capsys, "group", path, "--group", MEN, "--points", "2/1/0")
    assert code == 0 and err == ""  # the defaults: nothing given that goes unscored


def test_leave_in_a_round_robin_forfeits_the_game_whatever_its_points(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """请假 (a half-point bye asked for) in a round robin: the game of the round is forfeited,
    the half point is not given (the setup form and `group` say so)."""
    path = _round_robin(tmp_path, capsys, players=4)
    numbers = [f"{k}={k}" for k in range(1, 5)]
    assert run(capsys, "berger-numbers", path, "--group", MEN, *numbers)[0] == 0
    assert run(capsys, "absent", path, "4", "1", "--kind", "half_bye")[0] == 0
    code, out, err = run(capsys, "pair", path, "--group", MEN)
    assert code == 0, err
    assert "第1台 棋手4（请假）弃权，棋手1不战胜" in out  # round 1 of four: 1-4, 2-3
    code, out, _err = run(capsys, "standings", path, "--group", MEN, "--csv")
    points = {row.split(",")[2]: row.split(",")[4] for row in out.splitlines()[1:]}
    assert points["棋手4"] == "0" and points["棋手1"] == "2"
