"""The window refuses a late entry (迟到报名) into a round robin whose schedule exists, as the
command line does (the service's one refusal): the players view's add dialog and the import
wizard's check name the player and why, and nothing is stored."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.services import queries, rounds
from app.services.groups import update_group
from app.services.players import add_player
from app.ui import common
from app.ui.player_dialog import PlayerDialog

GROUP = "男子组"  # shenzhen-2022, played as 单循环


def _scheduled(window, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    assert window.new_event(tmp_path / "shenzhen.db", "shenzhen-2022"), window.last_error
    update_group(window.ev, GROUP, system="round_robin")
    for k in range(5):
        add_player(window.ev, GROUP, name=f"棋手{k + 1}")
    rounds.pair_next_round(window.ev, GROUP)
    window.changed()
    window.tabs.setCurrentWidget(window.players_view)


def test_the_add_dialog_refuses_a_late_entry_into_a_scheduled_round_robin(
        window, qtbot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _scheduled(window, tmp_path)
    view = window.players_view

    def typed(dialog: PlayerDialog) -> int:  # the arbiter fills the dialog and presses OK
        dialog.group.setCurrentText(GROUP)
        dialog.edits["name"].setText("孙六")
        dialog.accept()  # OK: refused, the dialog stays open with the reason in it
        return dialog.result()

    monkeypatch.setattr(PlayerDialog, "exec", typed)
    view.add_button.click()
    assert "单循环已编排，不能迟到报名：孙六" in window.last_error
    assert "伯格表" in window.last_error
    assert [p.name for p in queries.players(window.ev, GROUP)] == [f"棋手{k}" for k in
                                                                   range(1, 6)]
    assert "孙六" not in [p.name for p in view.all_players]


def test_the_import_check_refuses_a_list_for_a_scheduled_round_robin(
        window, qtbot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _scheduled(window, tmp_path)
    listed = tmp_path / "外卡.csv"
    listed.write_text("姓名,性别,单位\n孙六,男,北京\n", encoding="utf-8")
    monkeypatch.setattr(common, "ask_open_paths", lambda *_a: [listed])
    view = window.players_view
    view.import_button.click()
    wizard = view.import_wizard
    qtbot.addWidget(wizard)
    wizard.add.click()
    wizard.group.setCurrentIndex(wizard.group.findText(GROUP))
    wizard.check_button.click()
    assert "单循环已编排，不能迟到报名：孙六" in window.last_error
    assert "不能迟到报名" in wizard.summary.text()
    assert not wizard.import_button.isEnabled()
    assert len(queries.players(window.ev, GROUP)) == 5
    wizard.close()
