"""A round robin's round changed by hand is checked against its Berger table, not by the Swiss
rules (FIDE C.05 Annex 1: the table fixes who meets whom in every round and who moves first):
`exchange` between boards is refused (a pair would meet twice, another never), saying what to
do instead, nothing written; `swap` is taken and says where the colours now differ from the
table, and in a double round robin that the same player then moves first in both meetings;
the table's own pairs meeting again in the second cycle are no "already met"."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.commands.helpers import file_state, round_robin_numbered, run

MEN = "男子组"  # shenzhen-2022, played here as 单循环 / 双循环
NAMES = ("张一", "张二", "张三", "张四", "张五", "张六")
REFUSAL = ("单循环的对阵由伯格表排定：抽签定号后每轮谁与谁对局、谁先手都已确定，每对棋手每个循环只相遇"
           "一次；在本轮调换两名棋手，他们就会遇到表上安排在其他轮次的对手")


def _scheduled(tmp_path: Path, capsys: pytest.CaptureFixture[str], players: int = 6,
               system: str = "round_robin") -> Path:
    """Players numbered by their ids; round 1 paired (six: 1-6 2-5 3-4; four: 1-4 2-3)."""
    path = round_robin_numbered(tmp_path / "shenzhen.gomoku", capsys, NAMES[:players], system)
    assert run(capsys, "pair", path, "--group", MEN)[0] == 0
    return path


def _boards(capsys: pytest.CaptureFixture[str], path: Path, number: int) -> list[list[str]]:
    _code, out, _err = run(capsys, "round", path, "--group", MEN, str(number))
    return [line.split()[1:5:3] for line in out.splitlines()[1:] if not line.startswith("  *")]


@pytest.mark.parametrize("seats", [("1", "second", "2", "second"), ("1", "first", "3", "first"),
                                   ("2", "first", "3", "second")])
def test_an_exchange_between_boards_is_refused_nothing_written(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], seats: tuple[str, ...]) -> None:
    path = _scheduled(tmp_path, capsys)
    before = file_state(path)
    code, out, err = run(capsys, "exchange", path, "--group", MEN, "1", *seats)
    assert code == 2 and out == ""
    assert REFUSAL in err
    assert "编号有误只能在第1轮录入成绩前撤销编排、重新指定编号（berger-numbers）后再编排" in err
    assert "请用“交换先后手”（swap）" in err
    assert "players cannot be exchanged by hand" in err
    assert "已经对局过" not in err
    assert file_state(path) == before
    assert _boards(capsys, path, 1) == [["张一", "张六"], ["张二", "张五"], ["张三", "张四"]]


def test_an_exchange_with_the_rest_round_is_refused_too(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _scheduled(tmp_path, capsys, players=5)  # round 1: 2-5 3-4, 1 rests (board 3)
    before = file_state(path)
    code, _out, err = run(capsys, "exchange", path, "--group", MEN, "1", "1", "first", "3",
                          "first")
    assert code == 2 and REFUSAL in err
    assert file_state(path) == before


def test_a_swap_says_the_colours_differ_from_the_table_and_back_says_nothing(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _scheduled(tmp_path, capsys)
    code, out, err = run(capsys, "swap", path, "--group", MEN, "1", "3")
    assert code == 0, err
    assert out.splitlines() == [
        "第3台 先后手与伯格表不同：按表由张三（3号）先手 / board 3: colours differ from the Berger "
        "table, which has 张三 (no. 3) move first"]
    assert _boards(capsys, path, 1)[2] == ["张四", "张三"]
    code, out, err = run(capsys, "swap", path, "--group", MEN, "1", "3")  # back to the table's
    assert code == 0 and out == ""


def test_the_same_board_exchanged_is_a_swap(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _scheduled(tmp_path, capsys)
    code, out, err = run(capsys, "exchange", path, "--group", MEN, "1", "2", "first", "2",
                         "second")
    assert code == 0, err
    assert out.startswith("第2台 先后手与伯格表不同：按表由张二（2号）先手")
    assert _boards(capsys, path, 1)[1] == ["张五", "张二"]


def _second_cycle(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    """A double round robin of four (rounds 1-3 the table, 4-6 its colours reversed): the
    first cycle played, round 4 (4-1 3-2) paired."""
    path = _scheduled(tmp_path, capsys, players=4, system="double_round_robin")
    for number in (1, 2, 3):
        assert run(capsys, "results", path, "--group", MEN, str(number), "1=1-0",
                   "2==")[0] == 0
        assert run(capsys, "pair", path, "--group", MEN)[0] == 0
    return path


def test_the_second_cycle_is_not_already_met_and_a_swap_names_the_repeat(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _second_cycle(tmp_path, capsys)
    assert _boards(capsys, path, 1) == [["张一", "张四"], ["张二", "张三"]]
    assert _boards(capsys, path, 4) == [["张四", "张一"], ["张三", "张二"]]
    code, out, err = run(capsys, "swap", path, "--group", MEN, "4", "1")
    assert code == 0, err
    assert "已经对局过" not in out and "have met" not in out  # the table's own second meeting
    assert out.splitlines() == [
        "第1台 先后手与伯格表不同：按表由张四（4号）先手；张一（1号）两次与张四（4号）相遇都先手（第1轮、第4轮）"
        " / board 1: colours differ from the Berger table, which has 张四 (no. 4) move first; "
        "张一 (no. 1) moves first in both meetings with 张四 (no. 4) (rounds 1 and 4)"]


def test_a_swap_in_the_first_cycle_names_the_meeting_to_come(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _scheduled(tmp_path, capsys, players=4, system="double_round_robin")
    code, out, err = run(capsys, "swap", path, "--group", MEN, "1", "2")
    assert code == 0, err
    assert out.startswith("第2台 先后手与伯格表不同：按表由张二（2号）先手；张三（3号）两次与张二（2号）"
                          "相遇都先手（第1轮、第4轮）")


def test_a_swap_names_the_players_by_the_numbers_the_lists_print(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Berger numbers drawn otherwise than the seeds (张六 Berger 1): the note names players
    by the 编号 the pairing lists print, as a Swiss note does."""
    path = round_robin_numbered(tmp_path / "drawn.gomoku", capsys, NAMES,
                                numbers=[7 - k for k in range(1, 7)])
    assert run(capsys, "pair", path, "--group", MEN)[0] == 0
    assert _boards(capsys, path, 1)[0] == ["张六", "张一"]  # Berger 1-6
    code, out, err = run(capsys, "swap", path, "--group", MEN, "1", "1")
    assert code == 0, err
    assert out.startswith("第1台 先后手与伯格表不同：按表由张六（6号）先手")
