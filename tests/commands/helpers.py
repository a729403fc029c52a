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
