"""The event's details and its groups edited in the setup view; snapshots listed and restored.

Driven through the real widgets (typing, clicks, Ctrl+Z), asserting on what they show and on
what is in the event file (read with sqlite3, apart from the program's own connection).
"""

from __future__ import annotations

import sqlite3
from contextlib import closing
from pathlib import Path

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication, QMessageBox

from app.services import queries
from app.ui import common, i18n
from tests.ui.helpers import add_players, press_ctrl, screenshot, select_group, type_into


def stored_event(path: Path) -> tuple[object, ...]:
    with closing(sqlite3.connect(path)) as db:
        return db.execute("SELECT title, organisers, venue, start_date, end_date "
                          "FROM tournament").fetchone()


def stored_groups(path: Path) -> list[tuple[str, int, str]]:
    with closing(sqlite3.connect(path)) as db:
        return db.execute('SELECT name, rounds, tiebreaks FROM "group" '
                          "ORDER BY position").fetchall()


def group_names(view) -> list[str]:
    return [view.group_list.item(i).text() for i in range(view.group_list.count())]


# ----- event details ---------------------------------------------------------------------------


def test_event_details_are_typed_stored_and_undone(window, qtbot, tmp_path):
    path = tmp_path / "e.db"
    assert window.new_event(path, "qiwang-2022")
    view = window.setup_view
    original = stored_event(path)
    assert view.event_edits["title"].text() == original[0]
    # The preset by its title, the regulation's event (not its code name qiwang-2022).
    from app.services.presets import list_presets

    title = next(p.title for p in list_presets() if p.name == "qiwang-2022")
    assert view.preset_label.text() == title
    type_into(qtbot, view.event_edits["title"], "2026年全国五子棋锦标赛决赛")
    type_into(qtbot, view.event_edits["venue"], "杭州棋院")
    type_into(qtbot, view.event_edits["start_date"], "2026-12-01")
    type_into(qtbot, view.event_edits["end_date"], "2026-12-03")
    qtbot.mouseClick(view.save_event_button, Qt.MouseButton.LeftButton)
    assert window.last_error == ""
    assert stored_event(path) == ("2026年全国五子棋锦标赛决赛", original[1], "杭州棋院",
                                  "2026-12-01", "2026-12-03")
    assert window.status_label.text() == "已保存赛事信息"
    assert "修改赛事信息" in window.act_undo.text()
    screenshot(window, "20-setup-event-details")
    # Enter in a field saves too
    type_into(qtbot, view.event_edits["organisers"], "中国棋院")
    qtbot.keyClick(view.event_edits["organisers"], Qt.Key.Key_Return)
    assert stored_event(path)[1] == "中国棋院"
    # Ctrl+Z takes the last change back and the form shows it, even with the cursor still
    # in the field (its own typing was stored, so the key goes to the window's undo)
    edit = view.event_edits["organisers"]
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    edit.setFocus()
    qtbot.keyClick(edit, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert stored_event(path)[1] == original[1]
    assert view.event_edits["organisers"].text() == original[1]
    press_ctrl(window, qtbot, Qt.Key.Key_Z)
    assert stored_event(path) == original
    assert view.event_edits["title"].text() == original[0]
    assert view.event_edits["start_date"].text() == (original[3] or "")


@pytest.mark.parametrize(("field", "text", "message"), [
    ("start_date", "2026/13/01", "开始日期：日期格式应为 YYYY-MM-DD"),
    ("end_date", "1999-01-01", "结束日期：结束日期早于开始日期"),
    ("title", "   ", "名称：赛事名称不能为空"),
])
def test_bad_event_details_are_refused_before_writing(window, qtbot, tmp_path, field, text,
                                                      message):
    path = tmp_path / "e.db"
    assert window.new_event(path, "qiwang-2022")
    view = window.setup_view
    type_into(qtbot, view.event_edits["start_date"], "2026-12-01")
    type_into(qtbot, view.event_edits["end_date"], "2026-12-03")
    assert view.save_event(), window.last_error
    before = stored_event(path)
    undo_text = window.act_undo.text()
    type_into(qtbot, view.event_edits[field], text)
    assert not view.save_event()
    assert message in window.last_error
    assert window.status_label.text() == window.last_error
    assert stored_event(path) == before
    assert window.act_undo.text() == undo_text  # nothing went into the undo log


# ----- groups ----------------------------------------------------------------------------------


def test_an_empty_event_gets_its_groups_from_the_window(window, qtbot, tmp_path):
    path = tmp_path / "empty.db"
    assert window.new_event(path, None)
    view = window.setup_view
    assert group_names(view) == [] and not view.group_box.isEnabled()
    assert "尚无组别" in view.group_box.title()
    assert not view.remove_group_button.isEnabled()
    screenshot(window, "21-setup-empty-event")
    # an empty group: the default settings
    type_into(qtbot, view.new_group_name, "公开组")
    assert view.new_group_like.currentData() is None
    qtbot.mouseClick(view.add_group_button, Qt.MouseButton.LeftButton)
    assert window.last_error == ""
    assert group_names(view) == ["公开组"] and view.group_box.isEnabled()
    assert view.new_group_name.text() == ""
    assert stored_groups(path) == [("公开组", 7, '["buchholz", "median_buchholz", "wins"]')]
    # its settings edited as any group's
    view.rounds.setValue(9)
    view.tiebreaks.set_tiebreaks(["buchholz", "median_buchholz", "wins"])
    view.tiebreaks.chosen.setCurrentRow(1)
    view.tiebreaks.remove_selected()  # 中间对手分 out
    assert view.save_group(), window.last_error
    # a second group like the first, chosen by the "like" list, added with Enter
    type_into(qtbot, view.new_group_name, "女子组")
    view.new_group_like.setCurrentIndex(view.new_group_like.findData("公开组"))
    assert view.new_group_like.currentText() == "同“公开组”"
    qtbot.keyClick(view.new_group_name, Qt.Key.Key_Return)
    assert group_names(view) == ["公开组", "女子组"]
    assert view.current_group().name == "女子组"  # the new group is shown
    assert view.rounds.value() == 9 and view.tiebreaks.tiebreaks() == ["buchholz", "wins"]
    assert stored_groups(path)[1] == ("女子组", 9, '["buchholz", "wins"]')
    # every view knows the new groups at once
    window.tabs.setCurrentWidget(window.players_view)
    players_groups = [window.players_view.group.itemData(i)
                      for i in range(window.players_view.group.count())]
    assert "公开组" in players_groups and "女子组" in players_groups
    window.tabs.setCurrentWidget(view)
    screenshot(window, "22-setup-groups-added")
    # a name taken already is refused, naming the group
    type_into(qtbot, view.new_group_name, "公开组")
    qtbot.mouseClick(view.add_group_button, Qt.MouseButton.LeftButton)
    assert window.last_error == "组名：已有组别“公开组”"
    assert view.new_group_name.text() == "公开组"  # kept, to be corrected
    assert len(stored_groups(path)) == 2


def test_a_group_is_removed_only_while_empty_and_the_removal_undone(window, qtbot, tmp_path):
    path = tmp_path / "e.db"
    assert window.new_event(path, "qiwang-2022")
    view = window.setup_view
    add_players(window, "公开组", 2)
    window.tabs.setCurrentWidget(view)
    view.group_list.setCurrentRow(0)
    assert not view.remove_group_button.isEnabled()
    assert "不能删除" in view.remove_group_button.toolTip()
    assert not view.remove_current_group()  # refused by the service too
    assert "不能删除" in window.last_error
    assert [g[0] for g in stored_groups(path)] == ["公开组", "少儿组"]
    view.group_list.setCurrentRow(1)
    assert view.remove_group_button.isEnabled()
    qtbot.mouseClick(view.remove_group_button, Qt.MouseButton.LeftButton)
    assert [g[0] for g in stored_groups(path)] == ["公开组"]
    assert group_names(view) == ["公开组"]
    assert window.status_label.text() == "已删除组别：少儿组"
    assert [view.new_group_like.itemData(i) for i in range(view.new_group_like.count())] == [
        None, "公开组"]
    press_ctrl(window, qtbot, Qt.Key.Key_Z)
    assert [g[0] for g in stored_groups(path)] == ["公开组", "少儿组"]
    assert group_names(view) == ["公开组", "少儿组"]


# ----- snapshots -------------------------------------------------------------------------------


def paired_event(window, tmp_path: Path) -> Path:
    path = tmp_path / "e.db"
    assert window.new_event(path, "qiwang-2022")
    add_players(window, "公开组", 4)
    rounds = window.rounds_view
    window.tabs.setCurrentWidget(rounds)
    select_group(rounds, "公开组")
    assert rounds.pair_next() is not None, window.last_error  # takes "编排前 公开组 第1轮"
    return path


def stored_rounds(path: Path) -> int:
    with closing(sqlite3.connect(path)) as db:
        return db.execute("SELECT COUNT(*) FROM round").fetchone()[0]


def open_snapshots(window, qtbot):
    assert window.act_snapshots.isEnabled()
    window.act_snapshots.trigger()
    dialog = window.snapshot_dialog
    qtbot.addWidget(dialog)
    assert dialog.isVisible() and not dialog.isModal()
    return dialog


def test_snapshots_are_listed_and_one_restored_after_a_confirmation(window, qtbot, tmp_path,
                                                                    monkeypatch):
    path = paired_event(window, tmp_path)
    rounds = window.rounds_view
    assert rounds.round_box.count() == 1 and stored_rounds(path) == 1
    dialog = open_snapshots(window, qtbot)
    rows = common.table_texts(dialog.table)
    assert len(rows) == 1
    number, when, station, _size, label = rows[0]
    assert label == "编排前 公开组 第1轮"  # the label in the language shown
    window.set_language("en")
    try:
        dialog.refresh()
        assert common.table_texts(dialog.table)[0][4] == "before pairing 公开组, round 1"  # which group, which round
    finally:
        window.set_language("zh")
        dialog.refresh()
    assert when.startswith(dialog.items[0].taken_at.strftime("%Y-%m-%d"))
    assert station == (dialog.items[0].station or "—")
    headers = [dialog.table.horizontalHeaderItem(c).text() for c in range(5)]
    assert headers == ["编号", "时间", "工作站", "大小", "说明"]
    assert not dialog.restore_button.isEnabled()  # nothing selected yet
    screenshot(dialog, "23-snapshots")
    # declined: nothing happens
    asked: list[str] = []
    monkeypatch.setattr(common, "confirm", lambda _p, _t, text: asked.append(text) or False)
    dialog.table.selectRow(0)
    assert dialog.restore_button.isEnabled()
    qtbot.mouseClick(dialog.restore_button, Qt.MouseButton.LeftButton)
    assert len(asked) == 1 and f"快照 {number}" in asked[0]
    assert "当前状态会先另存为一个新快照" in asked[0]  # says the state before is kept
    assert stored_rounds(path) == 1 and dialog.table.rowCount() == 1
    # accepted: the event goes back to before the pairing, every view shows it; the board
    # forgets the game of round 1 it was recording
    monkeypatch.setattr(common, "confirm", lambda _p, _t, text: asked.append(text) or True)
    assert window.board_view.link_board("公开组", 1, 1)
    window.tabs.setCurrentWidget(window.standings_view)
    qtbot.mouseClick(dialog.restore_button, Qt.MouseButton.LeftButton)
    assert window.last_error == ""
    assert stored_rounds(path) == 0
    assert all(not view.stale for view in window.views)
    assert rounds.round_box.count() == 0
    assert "已编排 0 轮" in window.setup_view.progress.text()
    assert window.board_view.link is None
    assert window.act_undo.text() == "撤销：添加棋手 棋手4"  # the log came back too
    before = dialog.items[0]  # newest first: the state before the restore
    assert window.status_label.text() == f"已恢复快照 {number}；恢复前的状态已存为快照 {before.id}"
    assert before.label.startswith(f"恢复快照 {number} 之前")
    assert dialog.table.rowCount() == 2
    # the restore itself is taken back by restoring the snapshot taken before it
    dialog.select(before.id)
    assert dialog.restore_selected() is not None
    assert stored_rounds(path) == 1 and rounds.round_box.count() == 1
    assert queries.event_info(window.ev).groups[0].rounds_paired == 1
    # undo goes on from the restored state: the pairing is taken back
    press_ctrl(window, qtbot, Qt.Key.Key_Z)
    window.tabs.setCurrentWidget(rounds)
    assert stored_rounds(path) == 0 and rounds.round_box.count() == 0


def test_the_snapshot_list_follows_the_event_and_a_snapshot_can_be_taken(window, qtbot,
                                                                         tmp_path):
    path = tmp_path / "e.db"
    assert window.new_event(path, "qiwang-2022")
    dialog = open_snapshots(window, qtbot)
    assert dialog.table.rowCount() == 0
    assert dialog.empty.isVisible() and "尚无快照" in dialog.empty.text()
    qtbot.mouseClick(dialog.take_button, Qt.MouseButton.LeftButton)
    assert dialog.table.rowCount() == 1 and not dialog.empty.isVisible()
    assert common.table_texts(dialog.table)[0][4] == "手动快照"
    assert window.status_label.text() == f"已保存快照 {dialog.items[0].id}"
    add_players(window, "公开组", 4)
    rounds = window.rounds_view
    window.tabs.setCurrentWidget(rounds)
    select_group(rounds, "公开组")
    assert rounds.pair_next() is not None
    assert dialog.table.rowCount() == 2  # the pairing's snapshot shows while the list is open
    assert common.table_texts(dialog.table)[0][4] == "编排前 公开组 第1轮"
    window.close_event()
    assert not dialog.isVisible() and not window.act_snapshots.isEnabled()


def test_the_real_confirmation_defaults_to_no(window, qtbot, tmp_path):
    path = paired_event(window, tmp_path)
    dialog = open_snapshots(window, qtbot)
    dialog.table.selectRow(0)
    seen: list[str] = []

    def answer() -> None:
        box = QApplication.activeModalWidget()
        if not isinstance(box, QMessageBox):
            QTimer.singleShot(20, answer)
            return
        seen.append(box.text())
        screenshot(box, "24-snapshot-confirm")
        assert box.defaultButton() is box.button(QMessageBox.StandardButton.No)
        box.button(QMessageBox.StandardButton.No).click()

    QTimer.singleShot(0, answer)
    assert dialog.restore_selected() is None
    assert seen and "恢复之前，当前状态会先另存为一个新快照" in seen[0]
    assert stored_rounds(path) == 1


def test_language_switch_relabels_the_new_controls(window, qtbot, tmp_path):
    assert window.new_event(tmp_path / "e.db", "qiwang-2022")
    view = window.setup_view
    dialog = open_snapshots(window, qtbot)
    for widget in (view.save_event_button, view.add_group_button, view.remove_group_button,
                   view.new_group_name, view.new_group_like, view.event_edits["end_date"],
                   dialog.take_button, dialog.restore_button):
        tip = widget.toolTip()
        assert tip and any("\u4e00" <= ch <= "\u9fff" for ch in tip), tip
    assert view.save_event_button.text() == "保存赛事信息"
    assert dialog.take() is not None
    window.act_en.trigger()
    assert i18n.language() == "en"
    assert view.save_event_button.text() == "Save event details"
    assert view.add_group_button.text() == "Add group"
    assert view.new_group_like.itemText(1) == "like '公开组'"
    assert view.groups_box.title() == "Groups"
    assert window.act_snapshots.text() == "Snapshots and restore…"
    assert dialog.windowTitle() == "Snapshots (automatic copies)"
    assert dialog.restore_button.text() == "Restore selected…"
    assert dialog.table.horizontalHeaderItem(1).text() == "Time"
    for widget in (view.save_event_button, dialog.take_button):  # tooltips: one language
        assert widget.toolTip() and not any("\u4e00" <= ch <= "\u9fff"
                                            for ch in widget.toolTip())
    type_into(qtbot, view.event_edits["start_date"], "1st Dec")
    assert not view.save_event()
    assert window.last_error == "First day: dates must be YYYY-MM-DD"
    screenshot(window, "25-setup-en")
    screenshot(dialog, "25-snapshots-en")
    window.act_zh.trigger()
    assert view.add_group_button.text() == "添加组别"
    assert dialog.table.horizontalHeaderItem(1).text() == "时间"


def test_a_snapshot_gone_meanwhile_is_named_and_nothing_changes(window, qtbot, tmp_path,
                                                                monkeypatch):
    path = paired_event(window, tmp_path)
    dialog = open_snapshots(window, qtbot)
    dialog.table.selectRow(0)
    dialog.items[0].path.unlink()  # e.g. pruned by another station
    monkeypatch.setattr(common, "confirm", lambda *_a: True)
    assert dialog.restore_selected() is None
    assert "没有编号为 1 的快照" in window.last_error
    assert stored_rounds(path) == 1 and window.rounds_view.round_box.count() == 1


def test_the_setup_view_says_how_many_rounds_a_round_robin_plays(window, tmp_path):
    """The rounds box is the Swiss count; a round robin plays its table's rounds (6 players:
    5), and the group's progress line says so (共 5 轮) whatever the box holds."""
    from app.pairing.system import System

    assert window.new_event(tmp_path / "rr.db", "qiwang-2022"), window.last_error
    setup = window.setup_view
    window.tabs.setCurrentWidget(setup)
    setup.group_list.setCurrentRow(0)
    setup.system.setCurrentIndex(setup.system.findData(System.ROUND_ROBIN))
    assert setup.save_group(), window.last_error
    add_players(window, "公开组", 6)
    window.tabs.setCurrentWidget(setup)
    setup.group_list.setCurrentRow(0)
    assert setup.rounds.value() != 5
    assert "6 名棋手，共 5 轮，已编排 0 轮" in setup.progress.text()
