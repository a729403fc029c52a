"""`python -m app berger N [--double]` as docs/CLI.md states it."""

from __future__ import annotations

import pytest

from app.cli import main


def test_berger_prints_one_line_per_round_first_mover_first(capsys: pytest.CaptureFixture[str]
                                                            ) -> None:
    assert main(["berger", "4"]) == 0
    assert capsys.readouterr().out == "1: 1-4 2-3\n2: 4-3 1-2\n3: 2-4 3-1\n"


def test_berger_odd_shows_the_player_who_sits_out_as_p_0(capsys: pytest.CaptureFixture[str]
                                                         ) -> None:
    assert main(["berger", "5"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines == [
        "1: 1-0 2-5 3-4",
        "2: 4-0 5-3 1-2",
        "3: 2-0 3-1 4-5",
        "4: 5-0 1-4 2-3",
        "5: 3-0 4-2 5-1",
    ]


def test_berger_double_adds_the_second_cycle_reversed(capsys: pytest.CaptureFixture[str]
                                                      ) -> None:
    assert main(["berger", "4", "--double"]) == 0
    assert capsys.readouterr().out.splitlines() == [
        "1: 1-4 2-3",
        "2: 4-3 1-2",
        "3: 2-4 3-1",
        "4: 4-1 3-2",
        "5: 3-4 2-1",
        "6: 4-2 1-3",
    ]


@pytest.mark.parametrize("arg", ["x", "1", "0", "-3", "2.5"])
def test_berger_bad_n_exits_2_with_one_line(arg: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["berger", arg]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert len(captured.err.strip().splitlines()) == 1
    assert "N" in captured.err


def test_berger_via_module_entry_point() -> None:
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-m", "app", "berger", "3"], capture_output=True,
                          text=True, check=False)
    assert done.returncode == 0
    assert done.stdout.splitlines() == ["1: 1-0 2-3", "2: 3-0 1-2", "3: 2-0 3-1"]
