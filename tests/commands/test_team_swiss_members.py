"""A Team Swiss group's members from the command line: a player cannot join a running team
event alone (it would never be paired)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.commands.helpers import run

GROUP = "团体赛"


def _file_state(path: Path) -> dict[str, bytes]:
    """The event file and its companions (journal, snapshots) byte for byte."""
    return {p.name: p.read_bytes() for p in path.parent.rglob("*")
            if p.is_file() and p.name.startswith(path.name)}


def _event(tmp_path: Path, capsys: pytest.CaptureFixture[str], teams: int = 4) -> Path:
    path = tmp_path / "tuanti.gomoku"
    assert run(capsys, "new", path, "--preset", "tuanti-2026")[0] == 0
    for k in range(1, teams + 1):
        assert run(capsys, "team-add", path, "--group", GROUP, f"队{k}", f"甲{k}/男",
                   f"乙{k}/男", f"丙{k}/女")[0] == 0
    return path


def test_a_player_added_alone_to_a_running_team_swiss_is_refused(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Players enter a team event with their team, in board order, fixed for the event
    (huazhi 六、(三)3): once round 1 is paired a player added alone would never be paired,
    so `add-player` exits 2 saying why in both languages, and the file is as it was."""
    path = _event(tmp_path, capsys)
    assert run(capsys, "pair", path, "--group", GROUP)[0] == 0
    before = _file_state(path)
    code, out, err = run(capsys, "add-player", path, "--group", GROUP, "--name", "新队员",
                         "--gender", "男")
    assert code == 2 and out == ""
    assert "比赛已开始" in err and "随队伍" in err and "不会被编排" in err
    assert "play has started" in err and "never be paired" in err
    assert _file_state(path) == before
    code, out, _err = run(capsys, "players", path, "--group", GROUP, "--csv")
    assert code == 0 and "新队员" not in out
