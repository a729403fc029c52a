"""Team Swiss commands as the arbiter reads them (FIDE C.04.6): a team match is 第N场, not a
board; a withdrawn team is marked on `standings` and `team-standings` as on paper; a hand
change of a team round is refused for its real reason; the automatic snapshots name their
round. Every refusal leaves the event file as it was."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.commands.helpers import TEAM_GROUP, file_state, run, tuanti_teams


def test_a_match_that_does_not_exist_is_named_as_a_match(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A team round is numbered by matches (第N场): `team-result` of a match the round lacks
    says 第13场 / match 13, never a board, and writes nothing."""
    path = tuanti_teams(tmp_path / "tuanti.gomoku", capsys, paired=True)
    before = file_state(path)
    code, out, err = run(capsys, "team-result", path, "--group", TEAM_GROUP, 1, 13,
                         "1-0", "1-0", "1-0")
    assert code == 2 and out == ""
    assert "第1轮没有第13场" in err and "round 1 has no match 13" in err, err
    assert "台" not in err and "board" not in err, err
    assert file_state(path) == before
