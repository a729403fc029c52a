"""What the command-line tests share: running a command in-process, and a small qiwang event
built through the commands themselves (Orange's habit: one helper, not a copy per module)."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.cli import main

OPEN = "公开组"


def run(capsys: pytest.CaptureFixture[str], *args: object) -> tuple[int, str, str]:
    """`python -m app ARGS…` in this process: its exit code, standard output and error."""
    code = main([str(a) for a in args])
    out, err = capsys.readouterr()
    return code, out, err


def qiwang_open(path: Path, capsys: pytest.CaptureFixture[str], players: int = 0,
                paired: bool = False) -> Path:
    """A qiwang event at `path` with `players` in its open group (棋手0, 棋手1 …), round 1
    paired when asked."""
    assert run(capsys, "new", path, "--preset", "qiwang-2022")[0] == 0
    for k in range(players):
        assert run(capsys, "add-player", path, "--group", OPEN, "--name", f"棋手{k}")[0] == 0
    if paired:
        assert run(capsys, "pair", path, "--group", OPEN)[0] == 0
    return path


TEAM_GROUP = "团体赛"


def tuanti_teams(path: Path, capsys: pytest.CaptureFixture[str], teams: int = 6,
                 paired: bool = False) -> Path:
    """A tuanti (Team Swiss, three boards) event at `path` with `teams` teams (第1队 …, members
    甲k 乙k 丙k), round 1 paired when asked."""
    assert run(capsys, "new", path, "--preset", "tuanti-2026")[0] == 0
    for k in range(1, teams + 1):
        assert run(capsys, "team-add", path, "--group", TEAM_GROUP, f"第{k}队", f"甲{k}/男",
                   f"乙{k}/男", f"丙{k}/女")[0] == 0
    if paired:
        assert run(capsys, "pair", path, "--group", TEAM_GROUP)[0] == 0
    return path


def file_state(path: Path) -> dict[str, bytes]:
    """The event file and its companions (journal, snapshots) byte for byte."""
    return {p.relative_to(path.parent).as_posix(): p.read_bytes()
            for p in path.parent.rglob("*") if p.is_file() and p.name.startswith(path.name)}
