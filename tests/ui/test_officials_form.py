"""The officials and the schedule in the setup view: the preset's text shown, names and
schedule lines typed and stored (each change undoable), a malformed date refused."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from PySide6.QtCore import Qt

from app.services import event as event_service
from tests.ui.helpers import press_ctrl, screenshot, type_into


def _open_qiwang(window, tmp_path: Path):  # type: ignore[no-untyped-def]
    assert window.new_event(tmp_path / "final.db", "qiwang-2022"), window.last_error
    window.tabs.setCurrentWidget(window.setup_view)
    return window.setup_view.officials_box


def test_preset_officials_text_is_shown_and_typed_names_are_stored_and_undone(
        window, qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    box = _open_qiwang(window, tmp_path)
    assert "中国棋院选派" in box.edits["appointed_by"].text()  # 规程十六
    items = [box.cell(r, "item").text() for r in range(box.table.rowCount())]
    assert items == ["报到", "离会"]

    type_into(qtbot, box.edits["chief_arbiter"], "张三")
    type_into(qtbot, box.edits["deputy_chief_arbiters"], "李四、王五")
    row = box.add_row()
    box.cell(row, "group").setCurrentIndex(box.cell(row, "group").findData("公开组"))
    type_into(qtbot, box.cell(row, "item"), "1")
    type_into(qtbot, box.cell(row, "day"), "2022-11-26")
    type_into(qtbot, box.cell(row, "time"), "09:00")
    type_into(qtbot, box.cell(row, "room"), "一号赛场")
    screenshot(window, "officials_form_typed")
    qtbot.mouseClick(box.save_button, Qt.MouseButton.LeftButton)
    assert window.banner_message() == ""

    ev = window.ev
    officials = event_service.officials(ev)
    assert officials.chief_arbiter == "张三"
    assert officials.deputy_chief_arbiters == ("李四", "王五")
    line = event_service.round_time(event_service.schedule(ev), "公开组", 1)
    assert line is not None
    assert (line.day, line.time, line.room) == (dt.date(2022, 11, 26), "09:00", "一号赛场")
    assert [box.cell(r, "item").text() for r in range(box.table.rowCount())] == [
        "报到", "1", "离会"]  # shown again in date order
    screenshot(window, "officials_form_saved")

    press_ctrl(window, qtbot, Qt.Key.Key_Z)  # the schedule line
    assert event_service.round_time(event_service.schedule(ev), "公开组", 1) is None
    assert box.table.rowCount() == 2
    window.act_undo.trigger()  # the officials
    assert event_service.officials(ev).chief_arbiter == ""
    assert box.edits["chief_arbiter"].text() == ""


def test_malformed_date_is_refused_naming_the_line_and_nothing_is_written(
        window, qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    box = _open_qiwang(window, tmp_path)
    ev = window.ev
    before = (event_service.officials(ev), event_service.schedule(ev), ev.can_undo())
    type_into(qtbot, box.edits["chief_arbiter"], "张三")
    row = box.add_row()
    type_into(qtbot, box.cell(row, "item"), "2")
    type_into(qtbot, box.cell(row, "day"), "2022-13-40")
    assert not box.save()
    message = window.banner_message()
    assert "日程第3行" in message and "日期" in message and "2022-13-40" in message
    assert (event_service.officials(ev), event_service.schedule(ev), ev.can_undo()) == before
    assert box.edits["chief_arbiter"].text() == "张三"  # the typing stays to be corrected
    screenshot(window, "officials_form_refused")


def test_a_line_the_event_refuses_takes_back_the_whole_save(
        window, qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    box = _open_qiwang(window, tmp_path)
    ev = window.ev
    before = (event_service.officials(ev), event_service.schedule(ev))
    type_into(qtbot, box.edits["chief_pairing_officer"], "赵六")
    row = box.add_row()
    box.cell(row, "group").setCurrentIndex(box.cell(row, "group").findData("公开组"))
    type_into(qtbot, box.cell(row, "item"), "40")  # more rounds than the group has
    assert not box.save()
    assert "日程第3行" in window.banner_message()
    assert (event_service.officials(ev), event_service.schedule(ev)) == before
    assert window.act_undo.isEnabled() == bool(ev.can_undo())
    assert box.edits["chief_pairing_officer"].text() == "赵六"


def test_time_control_takes_only_hours_and_minutes(window, qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    box = _open_qiwang(window, tmp_path)
    row = box.add_row()
    type_into(qtbot, box.cell(row, "item"), "1")
    type_into(qtbot, box.cell(row, "time"), "9x")
    assert box.cell(row, "time").text() == "9"  # the letter is not taken
    assert not box.save()
    assert "时间" in window.banner_message()


def test_the_form_speaks_english(window, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    box = _open_qiwang(window, tmp_path)
    window.set_language("en")
    assert box.title() == "Officials and schedule"
    assert box.labels["chief_arbiter"].text() == "Chief arbiter"
    assert box.cell(0, "group").currentText() == "Every group"
    headers = [box.table.horizontalHeaderItem(c).text() for c in range(box.table.columnCount())]
    assert headers == ["Group", "Round or item", "Date", "Time", "Room"]
    screenshot(window, "officials_form_english")


def test_a_removed_line_leaves_the_schedule(window, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    box = _open_qiwang(window, tmp_path)
    box.table.selectRow(1)  # 离会
    box.remove_button.click()
    assert box.save(), window.last_error
    assert [e.label for e in event_service.schedule(window.ev)] == ["报到"]
    window.act_undo.trigger()
    assert [e.label for e in event_service.schedule(window.ev)] == ["报到", "离会"]
