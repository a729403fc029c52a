"""A ranking's legend names the opponents' scores as its columns do: shenzhen's online
groups head them 小分 (九(一): 小分 = 所有对手得个人积分总和), and their legend says how
unplayed rounds count in the 小分, not in a 对手分 column the paper does not have."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.commands.helpers import run

ONLINE = "男子组（大众规则·线上初赛）"


def test_the_legend_and_the_group_summary_name_the_columns_own_name(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "sz.gomoku"
    assert run(capsys, "new", path, "--preset", "shenzhen-2022")[0] == 0
    for k in range(6):
        assert run(capsys, "add-player", path, "--group", ONLINE, "--name", f"棋手{k}")[0] == 0
    code, out, err = run(capsys, "standings", path, "--group", ONLINE)
    assert code == 0, err
    header = next(line for line in out.splitlines() if line.startswith("名次"))
    assert "小分" in header and "对手分" not in header
    assert "未赛轮次（轮空、弃权）在小分中按0分计" in out and "对手分" not in out
    code, out, _err = run(capsys, "group", path, "--group", ONLINE)
    assert "在小分中按0分计" in out and "opponents' scores (小分)" in out
    # a group that heads them 对手分 says 对手分
    code, out, _err = run(capsys, "standings", path, "--group", "男子组")
    assert "在对手分中按0分计" in out
