"""A round robin (单循环) keeps a withdrawn (退赛) or absent (缺席) player on the Berger
schedule once it is made (a withdrawal before round 1 leaves the player off it): `pair` enters their board at once as a forfeit (the opponent 不战胜; both missing,
`--`) and says so, any other result (or a recorded game) is refused naming the player and
why, nothing written; once the player is reinstated (or the absence taken back) the board
takes the result played, as a correction (shenzhen 十、(三): 判到达者胜，未到者负)."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.services.event import Event
from app.store.models import BoardRow, Round
from tests.commands.helpers import file_state, round_robin_numbered, run

MEN = "男子组"  # shenzhen-2022, played here as 单循环
NAMES = ("张一", "张二", "张三", "张四", "张五", "张六")


def _scheduled(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    """Six players numbered 1..6 by their ids: round 1 is 1-6, 2-5, 3-4 (Berger table)."""
    return round_robin_numbered(tmp_path / "shenzhen.gomoku", capsys, NAMES)


def _results(path: Path, round_number: int) -> dict[int, str]:
    event = Event.open(path)
    try:
        with event.reading() as session:
            rows = session.query(BoardRow).join(Round).filter(Round.number == round_number)
            return {row.number: row.result for row in rows}
    finally:
        event.close()


def _withdrawn_in_round_two(path: Path, capsys: pytest.CaptureFixture[str],
                            player: str = "6") -> str:
    """Round 1 (1-6, 2-5, 3-4) played, `player` withdrawn from round 2, round 2 (6-4, 5-3,
    1-2) paired: what `pair` printed. A withdrawal before round 1 leaves the player off the
    table instead (tests/commands/test_round_robin_withdrawal_before_play.py)."""
    assert run(capsys, "pair", path, "--group", MEN)[0] == 0
    assert run(capsys, "results", path, "--group", MEN, "1", "1=1-0", "2==", "3=0-1")[0] == 0
    assert run(capsys, "withdraw", path, player)[0] == 0
    code, out, err = run(capsys, "pair", path, "--group", MEN)
    assert code == 0, err
    return out


def test_a_withdrawn_players_board_is_entered_as_a_forfeit_when_the_round_is_paired(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _scheduled(tmp_path, capsys)
    out = _withdrawn_in_round_two(path, capsys)
    assert "第1台 张六（退赛）弃权，张四不战胜" in out
    assert "board 1: 张六 (withdrawn) forfeits, 张四 wins by forfeit" in out
    assert _results(path, 2) == {1: "-+", 2: "", 3: ""}
    _code, out, _err = run(capsys, "standings", path, "--group", MEN, "--csv")
    fourth = next(line.split(",") for line in out.splitlines() if ",张四," in line)
    assert fourth[4] == "4"  # 2 for beating 张三, 2 by forfeit


def test_both_players_missing_is_a_double_forfeit(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _scheduled(tmp_path, capsys)
    assert run(capsys, "absent", path, "3", "1")[0] == 0
    assert run(capsys, "absent", path, "4", "1")[0] == 0
    code, out, _err = run(capsys, "pair", path, "--group", MEN)
    assert code == 0
    assert "第3台 张三（缺席）、张四（缺席）双方弃权" in out
    assert _results(path, 1)[3] == "--"


@pytest.mark.parametrize("codes", [["1-0"], ["0-1"], ["="], ["+-"], ["1-0", "--replace"]])
def test_another_result_on_a_forfeited_board_is_refused_naming_the_player(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], codes: list[str]) -> None:
    path = _scheduled(tmp_path, capsys)
    _withdrawn_in_round_two(path, capsys)
    before = file_state(path)
    code, _out, err = run(capsys, "result", path, "--group", MEN, "2", "1", *codes)
    assert code == 2
    assert "第2轮第1台：张六 第2轮起退赛：该台判其弃权负，已录 -+，不能录入其他结果" in err
    assert "张六 withdrew from round 2: the board is lost by forfeit, entered as -+" in err
    assert file_state(path) == before


def test_a_game_is_not_recorded_on_a_forfeited_board(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _scheduled(tmp_path, capsys)
    assert run(capsys, "absent", path, "1", "1")[0] == 0
    assert run(capsys, "pair", path, "--group", MEN)[0] == 0
    before = file_state(path)
    code, _out, err = run(capsys, "game", path, "--group", MEN, "1", "1", "--actions", "h8")
    assert code == 2
    assert "张一 第1轮缺席：该台判其弃权负，已录 -+，不能记录对局" in err
    assert file_state(path) == before


def test_the_board_takes_the_result_played_once_the_player_is_reinstated(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _scheduled(tmp_path, capsys)
    _withdrawn_in_round_two(path, capsys)
    assert run(capsys, "reinstate", path, "6")[0] == 0
    code, _out, err = run(capsys, "result", path, "--group", MEN, "2", "1", "1-0")
    assert code == 2 and "如需更正，请加 --replace" in err  # a correction of the forfeit
    code, _out, err = run(capsys, "result", path, "--group", MEN, "2", "1", "1-0", "--replace")
    assert code == 0, err
    assert _results(path, 2)[1] == "1-0"


def test_an_absence_is_taken_back_once_its_round_is_paired(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _scheduled(tmp_path, capsys)
    assert run(capsys, "absent", path, "5", "1")[0] == 0
    assert run(capsys, "pair", path, "--group", MEN)[0] == 0
    assert _results(path, 1)[2] == "+-"
    code, _out, err = run(capsys, "absent", path, "5", "1", "--kind", "clear")
    assert code == 0, err
    code, _out, err = run(capsys, "result", path, "--group", MEN, "1", "2", "=", "--replace")
    assert code == 0, err
    assert _results(path, 1)[2] == "="


def test_the_pairing_with_its_forfeits_can_be_taken_back_and_paired_again(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _scheduled(tmp_path, capsys)
    _withdrawn_in_round_two(path, capsys, "2")
    code, _out, err = run(capsys, "unpair", path, "--group", MEN)
    assert code == 0, err
    assert run(capsys, "reinstate", path, "2")[0] == 0
    assert run(capsys, "pair", path, "--group", MEN)[0] == 0
    assert _results(path, 2) == {1: "", 2: "", 3: ""}


def test_a_colour_swap_keeps_the_forfeit_with_the_missing_player(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _scheduled(tmp_path, capsys)
    _withdrawn_in_round_two(path, capsys)
    code, out, err = run(capsys, "swap", path, "--group", MEN, "2", "1")
    assert code == 0, err
    assert "本轮不参加编排" not in out  # the schedule keeps him on his board
    assert _results(path, 2)[1] == "+-"  # 张四 now first: 张六 still forfeits


def test_a_later_round_forfeits_every_board_of_the_withdrawn_player(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _scheduled(tmp_path, capsys)
    assert run(capsys, "pair", path, "--group", MEN)[0] == 0
    assert run(capsys, "results", path, "--group", MEN, "1", "1=1-0", "2==", "3=0-1")[0] == 0
    assert run(capsys, "withdraw", path, "3")[0] == 0
    code, out, _err = run(capsys, "pair", path, "--group", MEN)
    assert code == 0
    forfeited = [line for line in out.splitlines()  # the report's lines, one a board
                 if line.startswith("  * ") and "张三（退赛）弃权" in line]
    assert len(forfeited) == 1
    assert sorted(_results(path, 2).values()).count("") == 2


def test_a_correction_says_nothing_of_later_rounds_paired_on_the_old_result(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The Berger schedule does not read results: the rounds paired since stand as they are,
    and no 注意：第2轮已根据原结果编排 is said (a Swiss says it, tests/test_wording.py)."""
    path = _scheduled(tmp_path, capsys)
    assert run(capsys, "pair", path, "--group", MEN)[0] == 0
    assert run(capsys, "results", path, "--group", MEN, "1", "1=1-0", "2==", "3=0-1")[0] == 0
    assert run(capsys, "pair", path, "--group", MEN)[0] == 0
    code, out, err = run(capsys, "result", path, "--group", MEN, "1", "1", "0-1", "--replace")
    assert code == 0, err
    assert "根据原结果编排" not in out + err and "paired on the old result" not in out + err
    assert _results(path, 1)[1] == "0-1"


def test_no_result_slip_is_printed_for_a_board_forfeited_at_pairing(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The 成绩记录单 are for the games played: the withdrawn player's board, already entered
    as his forfeit, gets none; the other two boards of round 2 get theirs."""
    import subprocess

    path = _scheduled(tmp_path, capsys)
    _withdrawn_in_round_two(path, capsys)
    out = tmp_path / "out"
    code, _out, err = run(capsys, "export", path, "--out", out, "--only", f"{MEN} 第2轮成绩记录单")
    assert code == 0, err
    (slips,) = out.rglob("成绩记录单.pdf")
    text = subprocess.run(["pdftotext", "-layout", str(slips), "-"], check=True,
                          capture_output=True, text=True).stdout
    titles = [line.split()[2] for line in text.splitlines() if "成绩记录单" in line]
    assert titles == ["第2台", "第3台"]
