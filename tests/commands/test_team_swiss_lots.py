"""The repro of a Team Swiss tie through the commands: `playoff` refuses (exit 2, naming
team-lots), `team-standings` names the tie to draw and exits 1, `team-lots --group` decides
it and the standings say 抽签决定名次."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.commands.helpers import run

GROUP = "团体赛"


def test_a_team_swiss_tie_is_drawn_by_lots_through_the_commands(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "t.db"
    assert run(capsys, "new", path, "--preset", "tuanti-2026")[0] == 0
    assert run(capsys, "group", path, "--group", GROUP, "--rounds", "1")[0] == 0
    for k in range(1, 5):
        assert run(capsys, "team-add", path, "--group", GROUP, f"T{k}", f"a{k}/男", f"b{k}/男",
                   f"c{k}/女")[0] == 0
    assert run(capsys, "pair", path, "--group", GROUP)[0] == 0
    for match in (1, 2):
        assert run(capsys, "team-result", path, "--group", GROUP, 1, match,
                   "1-0", "0-1", "1-0")[0] == 0
    assert run(capsys, "group", path, "--group", GROUP, "--set",
               'prizes=[{"from":1,"to":3,"items":["奖杯"]}]')[0] == 0
    code, out, err = run(capsys, "playoff", path, "--group", GROUP, "--place", 3)
    assert code == 2 and "team-lots" in err and "加赛 " not in out
    code, out, _ = run(capsys, "team-standings", path)
    assert code == 1 and "临时" in out
    assert f"team-lots {path} --group {GROUP} T2 T3" in out
    assert run(capsys, "team-lots", path, "--group", GROUP, "T3", "T2")[0] == 0
    code, out, _ = run(capsys, "standings", path, "--group", GROUP)
    assert code == 0 and "临时" not in out
    assert "T3  T3  0  0  0  0  2  奖杯  抽签决定名次" in out
    assert run(capsys, "team-standings", path)[0] == 0
