"""The import wizard shows one 身份证号 under two names as two error rows, each naming the
other row (issue 24, item 6), and imports nothing from them."""

from __future__ import annotations

from pathlib import Path

from app.services import queries
from app.ui import common
from tests.services.test_import_identity import lists

GROUP = "公开组"


def test_the_wizard_shows_both_rows_refused(window, tmp_path: Path, monkeypatch,  # type: ignore[no-untyped-def]
                                            qtbot) -> None:
    assert window.new_event(tmp_path / "e.db", "qiwang-2022")
    paths = lists(tmp_path)
    chosen: list[object] = [[path] for path in paths]
    monkeypatch.setattr(common, "ask_open_paths", lambda *_a: chosen.pop(0))
    players = window.players_view
    window.tabs.setCurrentWidget(players)
    players.import_button.click()
    wizard = players.import_wizard
    qtbot.addWidget(wizard)
    for _path in paths:
        wizard.add.click()
        wizard.files.setCurrentRow(wizard.files.count() - 1)
        wizard.source.setCurrentIndex(wizard.source.findText("网络入围赛"))
    wizard.group.setCurrentIndex(wizard.group.findText(GROUP))
    wizard.check_button.click()
    rows = [[wizard.problems.item(r, c).text() for c in range(wizard.problems.columnCount())]
            for r in range(wizard.problems.rowCount())]
    refused = [" ".join(row) for row in rows if "错误" in row and "姓名不同" in " ".join(row)]
    assert len(refused) == 2
    left_out = [row for row in rows if "未录取" in row and "身份证号相同" in " ".join(row)]
    assert len(left_out) == 2
    assert any("第1期.csv" in row and "第2期.csv:3（钱多多）" in row for row in refused)
    assert any("第2期.csv" in row and "第1期.csv:2（邓坚）" in row for row in refused)
    assert queries.event_info(window.ev).groups[0].player_count == 0
    wizard.close()
