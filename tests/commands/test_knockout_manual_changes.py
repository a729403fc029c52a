"""A knockout's matches are its bracket's: players are not exchanged between boards by hand
(the pair would not be in the bracket: its result was refused naming player ids, 4 不在第1轮
第1场（1 对 8）, and the next round could not be paired), refused saying why and what to do,
nothing written; a colour swap on a board is taken and the bracket follows its result."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.commands.helpers import file_state, run

GROUP = "禁手组"  # mindgames-2016, played here as a knockout


def _drawn(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    """Eight players, round 1 paired: 1-8, 4-5, 2-7, 3-6."""
    path = tmp_path / "mindgames.gomoku"
    assert run(capsys, "new", path, "--preset", "mindgames-2016")[0] == 0
    assert run(capsys, "group", path, "--group", GROUP, "--system", "knockout")[0] == 0
    for k in range(8):
        assert run(capsys, "add-player", path, "--group", GROUP, "--name", f"选手{k + 1}")[0] == 0
    assert run(capsys, "pair", path, "--group", GROUP)[0] == 0
    return path


def test_an_exchange_between_boards_is_refused_nothing_written(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _drawn(tmp_path, capsys)
    before = file_state(path)
    code, _out, err = run(capsys, "exchange", path, "--group", GROUP, "1", "1", "first", "2",
                          "first")
    assert code == 2
    assert "淘汰赛的对阵由对阵图决定" in err and "不能人工调换棋手" in err
    assert "knockout-draw" in err and "swap" in err
    assert "a knockout's matches are its bracket's" in err
    assert file_state(path) == before


def test_a_colour_swap_is_taken_and_the_bracket_follows_its_result(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _drawn(tmp_path, capsys)
    assert run(capsys, "swap", path, "--group", GROUP, "1", "1")[0] == 0
    _code, out, _err = run(capsys, "round", path, "--group", GROUP, "1")
    assert "  1  选手8 (先手) - 选手1" in out
    assert run(capsys, "results", path, "--group", GROUP, "1",
               "1=1-0", "2=1-0", "3=1-0", "4=1-0")[0] == 0
    _code, out, _err = run(capsys, "bracket", path, "--group", GROUP)
    assert "选手1 — 选手8，胜者 / winner：选手8" in out
    code, out, err = run(capsys, "pair", path, "--group", GROUP)
    assert code == 0, err
    assert "选手8" in out.splitlines()[1]  # the winner of match 1 plays match 1 of round 2
