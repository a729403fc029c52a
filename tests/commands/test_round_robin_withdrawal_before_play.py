"""A round robin's Berger table is made for the players who start (shenzhen 十、(二) 赛制、轮数
视参赛人数而定; FIDE C.05 Annex 1): a player who withdrew (退赛) before round 1 is left out of it
when round 1 is paired, the group plays the rounds of the smaller table, the report says so,
and the standings and the crosstable rank the players of the table. Once the table exists the
withdrawn player cannot be reinstated into it (nothing written), and Berger numbers given by
the arbiter that no longer fit are refused rather than silently drawn again."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.commands.helpers import file_state, run

MEN = "男子组"  # shenzhen-2022, played here as 单循环
NAMES = ("张一", "张二", "张三", "张四", "张五", "张六")


def _entered(tmp_path: Path, capsys: pytest.CaptureFixture[str], count: int = 6) -> Path:
    path = tmp_path / "shenzhen.gomoku"
    assert run(capsys, "new", path, "--preset", "shenzhen-2022")[0] == 0
    assert run(capsys, "group", path, "--group", MEN, "--system", "round_robin")[0] == 0
    for name in NAMES[:count]:
        assert run(capsys, "add-player", path, "--group", MEN, "--name", name)[0] == 0
    return path


def _seated(out: str) -> set[str]:
    """The names on the boards `pair` or `round` prints (a bye's player included)."""
    names = set()
    for line in out.splitlines()[1:]:
        if line.startswith("  * "):
            break
        names |= {word for word in line.split() if word in NAMES}
    return names


def test_a_player_withdrawn_before_round_one_is_not_on_the_table(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _entered(tmp_path, capsys)
    assert run(capsys, "withdraw", path, "6")[0] == 0
    _code, out, _err = run(capsys, "group", path, "--group", MEN)
    assert "轮数：5（按单循环人数）" in out  # five players: five rounds, one rests in each
    code, out, err = run(capsys, "pair", path, "--group", MEN)
    assert code == 0, err
    assert _seated(out) == set(NAMES[:5]) and "轮空" in out
    assert "不战胜" not in out and "弃权" not in out
    assert ("伯格表按5人排定，第1轮前退赛的张六不编入 / the Berger table is made for 5 players; "
            "张六, withdrawn before round 1, not on it") in out
    assert "本轮不参加编排：6号 张六（退赛）" in out
    for number in range(2, 6):  # every round of the five-player table, 张六 on none
        board = {1: "1=1-0", 2: "2=0-1"}
        assert run(capsys, "results", path, "--group", MEN, str(number - 1),
                   *board.values())[0] == 0
        code, out, err = run(capsys, "pair", path, "--group", MEN)
        assert code == 0, err
        assert _seated(out) == set(NAMES[:5]) and "张六" not in out
    assert run(capsys, "results", path, "--group", MEN, "5", "1=1-0", "2==")[0] == 0
    code, _out, err = run(capsys, "pair", path, "--group", MEN)
    assert code == 2 and "本组共5轮，已全部编排" in err


def test_the_standings_and_the_crosstable_rank_the_table(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _entered(tmp_path, capsys)
    assert run(capsys, "withdraw", path, "6")[0] == 0
    assert run(capsys, "pair", path, "--group", MEN)[0] == 0
    _code, out, _err = run(capsys, "standings", path, "--group", MEN, "--csv")
    assert [line.split(",")[2] for line in out.splitlines()[1:]] == list(NAMES[:5])
    _code, out, _err = run(capsys, "crosstable", path, "--group", MEN)
    assert "张六" not in out and "退赛" not in out
    assert out.splitlines()[1].split()[4:] == ["1", "2", "3", "4", "5", "积分"]


def test_a_withdrawal_from_a_later_round_keeps_the_line_and_forfeits(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _entered(tmp_path, capsys)
    assert run(capsys, "withdraw", path, "6", "--from-round", "2")[0] == 0
    code, out, _err = run(capsys, "pair", path, "--group", MEN)
    assert code == 0 and _seated(out) == set(NAMES) and "不编入" not in out
    _code, out, _err = run(capsys, "group", path, "--group", MEN)
    assert "轮数：5（按单循环人数）" in out  # six players: five rounds


def test_reinstated_before_round_one_the_player_is_on_the_table(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _entered(tmp_path, capsys)
    assert run(capsys, "withdraw", path, "6")[0] == 0
    assert run(capsys, "reinstate", path, "6")[0] == 0
    code, out, _err = run(capsys, "pair", path, "--group", MEN)
    assert code == 0 and _seated(out) == set(NAMES) and "轮空" not in out


def test_once_the_table_is_made_the_player_left_out_is_not_reinstated(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _entered(tmp_path, capsys)
    assert run(capsys, "withdraw", path, "6")[0] == 0
    assert run(capsys, "pair", path, "--group", MEN)[0] == 0
    before = file_state(path)
    code, _out, err = run(capsys, "reinstate", path, "6")
    assert code == 2
    assert ("张六在第1轮前退赛，男子组的伯格表已按第1轮编排时的人数排定（已编排1轮），表中没有该棋手，"
            "不能恢复参赛") in err
    assert file_state(path) == before


def test_a_player_withdrawn_later_is_reinstated_into_his_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _entered(tmp_path, capsys)
    assert run(capsys, "pair", path, "--group", MEN)[0] == 0
    assert run(capsys, "withdraw", path, "6")[0] == 0
    code, _out, err = run(capsys, "reinstate", path, "6")
    assert code == 0, err


def test_numbers_for_a_withdrawn_player_are_refused(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _entered(tmp_path, capsys)
    assert run(capsys, "withdraw", path, "6")[0] == 0
    before = file_state(path)
    numbers = [f"{k}={k}" for k in range(1, 7)]
    code, _out, err = run(capsys, "berger-numbers", path, "--group", MEN, *numbers)
    assert code == 2 and "张六已在第1轮前退赛，不编入伯格表：编号只给其余5名棋手" in err
    assert file_state(path) == before
    numbers = [f"{k}={k}" for k in range(1, 6)]
    assert run(capsys, "berger-numbers", path, "--group", MEN, *numbers)[0] == 0
    code, out, _err = run(capsys, "pair", path, "--group", MEN)
    assert code == 0
    assert out.splitlines()[1].split()[:5] == ["1", "张二", "(先手)", "-", "张五"]  # 2-5


def test_numbers_given_before_the_withdrawal_are_not_drawn_again_silently(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _entered(tmp_path, capsys)
    numbers = [f"{k}={k}" for k in range(1, 7)]
    assert run(capsys, "berger-numbers", path, "--group", MEN, *numbers)[0] == 0
    assert run(capsys, "withdraw", path, "3")[0] == 0
    before = file_state(path)
    code, _out, err = run(capsys, "pair", path, "--group", MEN)
    assert code == 2
    assert ("裁判长指定的循环赛编号与现在的棋手不符：张三已不在表中（第1轮前退赛）；请按5名棋手重新指定编号"
            "（berger-numbers），或清除编号改由程序抽签（group --set berger_numbers=null）") in err
    assert file_state(path) == before
    assert run(capsys, "group", path, "--group", MEN, "--set", "berger_numbers=null")[0] == 0
    code, out, err = run(capsys, "pair", path, "--group", MEN)
    assert code == 0, err
    assert _seated(out) == {"张一", "张二", "张四", "张五", "张六"}
