"""`game` in a team match: `BOARD` is the match, `--index` its board (1 to the team's size);
once every board has its game the match has its result, and a level match's captains'
playoff (主将加赛) is game boards+1 — refused, nothing written, while the match has none."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.commands.helpers import KNOCKOUT_FINAL as FINAL
from tests.commands.helpers import ok, run, team_knockout


def test_a_team_match_recorded_game_by_game_with_its_playoff(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = team_knockout(tmp_path / "hz.db", capsys, teams=4)
    ok(capsys, "pair", path, "--group", FINAL)
    before = path.read_bytes()
    code, _out, err = run(capsys, "game", path, "--group", FINAL, 1, 1, "--index", 4,
                          "--actions", "resign:white")
    assert code == 2 and "第4局是主将加赛" in err, err  # the match is not level
    assert path.read_bytes() == before
    for index, actions in ((1, "resign:white"), (2, "resign:white"), (3, "draw")):
        ok(capsys, "game", path, "--group", FINAL, 1, 1, "--index", index, "--actions", actions)
    assert "3:3" in ok(capsys, "round", path, "--group", FINAL, 1)
    out = ok(capsys, "game", path, "--group", FINAL, 1, 1, "--index", 4, "--actions",
             "resign:black")  # the second-named team's captain moves first, and resigns
    assert "本台结果" in out or "board result" in out, out
    shown = ok(capsys, "round", path, "--group", FINAL, 1)
    assert "3:3 主将加赛" in shown, shown
    ok(capsys, "team-result", path, "--group", FINAL, 1, 2, "1-0", "1-0", "1-0")  # typed
    ok(capsys, "pair", path, "--group", FINAL)  # the bracket goes on
