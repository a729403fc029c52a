"""The setup form shows 迟到报名所缺轮次得分 only for the systems that take a late entry (a Swiss
of players): a round robin's table and a knockout's bracket are made for the players at
round 1 and refuse one, so the row is hidden for them and shown again for a Swiss."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.mark.parametrize(("system", "shown"), [("swiss", True), ("double_swiss", True),
                                                ("round_robin", False), ("knockout", False)])
def test_the_late_entry_points_row_follows_the_system(window, tmp_path: Path, system: str,
                                                       shown: bool) -> None:  # type: ignore[no-untyped-def]
    assert window.new_event(tmp_path / "shenzhen.db", "shenzhen-2022"), window.last_error
    setup = window.setup_view
    window.tabs.setCurrentWidget(setup)
    setup.group_list.setCurrentRow(0)
    setup.system.setCurrentIndex(setup.system.findData(system))
    assert ("f_late_entry_points" in setup.system_rows.shown()) is shown
    setup.system.setCurrentIndex(setup.system.findData("swiss"))
    assert "f_late_entry_points" in setup.system_rows.shown()
