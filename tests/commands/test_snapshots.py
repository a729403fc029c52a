"""`python -m app snapshots FILE [--take NAME | --restore N | --keep N]` as docs/CLI.md states
it, on SQLite event files."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.cli import main
from tests.reliability.helpers import add_players, new_event, player_names


@pytest.fixture
def event(tmp_path: Path):
    event = new_event(tmp_path / "final.gomoku")
    yield event
    event.close()


def test_command_lists_takes_and_restores(event, tmp_path: Path, capsys) -> None:
    path = str(tmp_path / "final.gomoku")
    assert main(["snapshots", path]) == 0
    assert "no snapshots" in capsys.readouterr().out
    add_players(event, 1, prefix="甲")
    assert main(["snapshots", path, "--take", "手动快照"]) == 0
    assert capsys.readouterr().out.startswith("1\t")
    add_players(event, 1, prefix="乙")
    assert main(["snapshots", path]) == 0
    assert "手动快照" in capsys.readouterr().out
    assert main(["snapshots", path, "--restore", "1"]) == 0
    assert "2" in capsys.readouterr().out
    assert player_names(event) == ["甲000"]


@pytest.mark.parametrize(
    "arguments",
    [
        ["--restore", "x"],
        ["--restore", "0"],
        ["--restore", "3"],
        ["--keep", "2"],
        ["--take", "a", "--restore", "1"],
    ],
)
def test_command_refuses_bad_arguments(event, tmp_path: Path, capsys, arguments) -> None:
    path = str(tmp_path / "final.gomoku")
    before = path_bytes = Path(path).read_bytes()
    assert main(["snapshots", path, *arguments]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert Path(path).read_bytes() == path_bytes == before


def test_command_refuses_a_file_that_is_not_an_event(tmp_path: Path, capsys) -> None:
    other = tmp_path / "notes.txt"
    other.write_text("hello")
    assert main(["snapshots", str(other)]) == 2
    assert "not an event file" in capsys.readouterr().err
