"""POSIX `--` on the result commands (docs/CLI.md "Arguments and output"): a `--` before the
positional arguments ends the options, a `--` in a result position is the double forfeit, and
no message shows a stand-in for either."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.services import queries
from app.wording import code_text
from tests.commands.helpers import qiwang_open, run


@pytest.fixture
def swiss(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    """A qiwang open group of eight, round 1 paired."""
    return qiwang_open(tmp_path / "q.db", capsys, players=8, paired=True)


def _results(path: Path, group: str = "公开组") -> list[str]:
    from app.services.event import Event

    event = Event.open(path)
    try:
        return [code_text(b.result) for b in queries.round_view(event, group, 1).boards]
    finally:
        event.close()


def test_a_double_dash_before_the_positionals_ends_the_options(
        swiss: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _out, err = run(capsys, "result", swiss, "--group", "公开组", "--", 1, 4, "-+")
    assert code == 0, err
    assert _results(swiss)[3] == "-+"


def test_a_double_dash_in_the_result_position_is_the_double_forfeit(
        swiss: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _out, err = run(capsys, "result", swiss, "--group", "公开组", 1, 4, "--")
    assert code == 0, err
    code, _out, err = run(capsys, "result", swiss, "--group", "公开组", "--", 1, 3, "--")
    assert code == 0, err
    assert _results(swiss)[2:4] == ["--", "--"]


def test_a_misplaced_dash_code_is_named_as_typed(
        swiss: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _out, err = run(capsys, "result", swiss, "--group", "公开组", "--", 1, "--", "1-0")
    assert code == 2
    assert "'--'" in err and "\uf8ff" not in err and "－" not in err


def test_team_result_takes_the_double_dash_before_its_positionals(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "h.db"
    assert run(capsys, "new", path, "--preset", "huazhi-2021")[0] == 0
    for t in range(4):
        members = [f"队{t}甲/男", f"队{t}乙/男", f"队{t}丙/女"]
        assert run(capsys, "team-add", path, "--group", "决赛", f"队{t}", *members)[0] == 0
    assert run(capsys, "pair", path, "--group", "决赛")[0] == 0
    code, _out, err = run(capsys, "team-result", path, "--group", "决赛", "--",
                          1, 1, "+-", "1-0", "1-0t")
    assert code == 0, err
    assert "－" not in err
    code, _out, err = run(capsys, "team-result", path, "--group", "决赛", 1, 2,
                          "-+", "--", "0-1")
    assert code == 0, err
