"""The window's import wizard on a team group (Team Swiss here): refused as the command line
refuses it (the service's one refusal), naming how players enter (with their team, by board:
添加队伍), in Chinese and, with the language switch, in English; nothing stored, and the
wizard offers no import of a list it refused."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.services import queries
from app.ui import common, i18n

GROUP = "团体赛"  # tuanti-2026: Team Swiss, before round 1


def test_the_import_wizard_refuses_a_list_for_a_team_group(
        window, qtbot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert window.new_event(tmp_path / "tuanti.db", "tuanti-2026"), window.last_error
    listed = tmp_path / "名单.csv"
    listed.write_text("姓名,性别,单位\n张三,男,北京\n李四,女,上海\n", encoding="utf-8")
    monkeypatch.setattr(common, "ask_open_paths", lambda *_a: [listed])
    view = window.players_view
    window.tabs.setCurrentWidget(view)
    view.import_button.click()
    wizard = view.import_wizard
    qtbot.addWidget(wizard)
    wizard.add.click()
    wizard.group.setCurrentIndex(wizard.group.findText(GROUP))
    wizard.check_button.click()
    said = window.last_error
    assert "本组是团体赛" in said and "添加队伍" in said and "名单导入的棋手" in said
    assert "不会被编排" in wizard.summary.text()
    assert not wizard.import_button.isEnabled()  # nothing checked: nothing to import
    assert wizard.write() is None  # the write itself refuses too (the operation's error)
    assert "添加队伍" in window.last_error
    window.last_error = ""
    i18n.set_language("en")
    try:
        wizard.check_button.click()
        said = window.last_error
    finally:
        i18n.set_language("zh")
    assert "paired by teams" in said and "Add team" in said and "imported from a list" in said
    assert queries.players(window.ev, GROUP) == []
    wizard.close()
