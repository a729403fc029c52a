"""A correction that changes nothing is no correction (issue 25): the same result entered
again asks nothing, writes nothing and leaves no undo entry, in the service and on the command
line; a real correction without `--replace` says how to confirm it."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.services import rounds
from app.services.event import Event
from app.wording import code_text
from tests.commands.helpers import qiwang_open, run


@pytest.fixture
def paired(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    """A qiwang open group of six, round 1 paired, board 1 won by its first mover."""
    path = qiwang_open(tmp_path / "q.db", capsys, players=6, paired=True)
    assert run(capsys, "result", path, "--group", "公开组", 1, 1, "0-1")[0] == 0
    return path


def _log(path: Path) -> list[str]:
    event = Event.open(path)
    try:
        return [entry.description for entry in event.history()]
    finally:
        event.close()


def test_the_same_result_again_writes_nothing_in_the_service(paired: Path) -> None:
    before = _log(paired)
    event = Event.open(paired)
    try:
        assert rounds.same_result(event, "公开组", 1, 1, ["0-1"])
        assert not rounds.same_result(event, "公开组", 1, 1, ["1-0"])
        assert rounds.enter_result(event, "公开组", 1, 1, ["0-1"], replace=True) == []
        assert rounds.enter_result(event, "公开组", 1, 1, ["0-1"]) == []  # not a correction
    finally:
        event.close()
    assert _log(paired) == before


def test_the_same_result_again_on_the_command_line(paired: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    before = _log(paired)
    for extra in ((), ("--replace",)):
        code, out, err = run(capsys, "result", paired, "--group", "公开组", *extra, 1, 1, "0-1")
        assert code == 0, err
        assert "未改动" in out and "nothing changed" in out
    assert _log(paired) == before
    assert run(capsys, "results", paired, "--group", "公开组", 1, "1=0-1")[0] == 0
    assert _log(paired) == before


def test_a_correction_without_replace_names_the_option(paired: Path,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    code, _out, err = run(capsys, "result", paired, "--group", "公开组", 1, 1, "1-0")
    assert code == 2
    assert "0-1" in err and "--replace" in err
    assert err.index("--replace") < err.index(" / ")  # said in Chinese first
    code, _out, err = run(capsys, "results", paired, "--group", "公开组", 1, "1=1-0")
    assert code == 2 and "--replace" in err
    code, _out, err = run(capsys, "result", paired, "--group", "公开组", "--replace", 1, 1, "1-0")
    assert code == 0, err


@pytest.fixture
def match(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    """A huazhi final of four teams, round 1 paired, match 1 won 2:1 by its first team."""
    path = tmp_path / "h.db"
    assert run(capsys, "new", path, "--preset", "huazhi-2021")[0] == 0
    for t in range(4):
        assert run(capsys, "team-add", path, "--group", "决赛", f"队{t}",
                   f"队{t}甲/男", f"队{t}乙/男", f"队{t}丙/女")[0] == 0
    assert run(capsys, "pair", path, "--group", "决赛")[0] == 0
    assert run(capsys, "team-result", path, "--group", "决赛", 1, 1, "1-0", "0-1t", "1-0")[0] == 0
    return path


def test_a_team_match_entered_again_writes_nothing(match: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    from app.services import knockout

    before = _log(match)
    for extra in ((), ("--replace",)):
        code, out, err = run(capsys, "team-result", match, "--group", "决赛", *extra,
                             1, 1, "1-0", "0-1t", "1-0")
        assert code == 0, err
        assert "未改动" in out
    event = Event.open(match)
    try:
        assert knockout.same_team_result(event, "决赛", 1, 1, ["1-0", "0-1t", "1-0"])
        assert not knockout.same_team_result(event, "决赛", 1, 1, ["1-0", "0-1", "1-0"])
        assert code_text(knockout.enter_team_result(event, "决赛", 1, 1,
                                                    ["1-0", "0-1t", "1-0"]).result) == "1-0"
    finally:
        event.close()
    assert _log(match) == before


def test_a_team_correction_without_replace_names_the_option(
        match: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _out, err = run(capsys, "team-result", match, "--group", "决赛", 1, 1,
                          "0-1", "0-1", "1-0")
    assert code == 2 and "--replace" in err
    assert err.index("--replace") < err.index(" / ")
