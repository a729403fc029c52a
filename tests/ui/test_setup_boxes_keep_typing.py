"""The setup view's boxes are saved one at a time: saving the event's details (赛事信息), the
officials or a group's rules keeps what the arbiter typed in the other boxes and has not saved
yet; a player added or a round paired elsewhere keeps it too. What a box shows is refilled
when what it shows changed in the store (its own save, an undo), and for another event."""

from __future__ import annotations

from app.services import event as event_service
from app.services import queries
from tests.ui.helpers import add_players, type_into


def _open(window, tmp_path):  # type: ignore[no-untyped-def]
    assert window.new_event(tmp_path / "final.db", "qiwang-2022"), window.last_error
    setup = window.setup_view
    window.tabs.setCurrentWidget(setup)
    setup.group_list.setCurrentRow(1)  # 少儿组
    return setup


def test_saving_the_events_details_keeps_the_groups_and_officials_typing(  # type: ignore[no-untyped-def]
        window, qtbot, tmp_path):
    setup = _open(window, tmp_path)
    type_into(qtbot, setup.time_control, "60+20")
    setup.points["win"].setValue(3)
    type_into(qtbot, setup.officials_box.edits["chief_arbiter"], "张裁判")
    typed = setup.form_values()
    type_into(qtbot, setup.event_edits["venue"], "市体育馆二楼")

    setup.save_event_button.click()
    assert queries.event_info(window.ev).venue == "市体育馆二楼", window.last_error
    assert setup.group_list.currentRow() == 1
    assert setup.form_values() == typed  # the group's rules typed, not saved, stay
    assert setup.officials_box.edits["chief_arbiter"].text() == "张裁判"
    stored = queries.event_info(window.ev).groups[1]
    assert stored.time_control != "60+20" and stored.points["win"] != 3  # nothing else saved

    setup.save.click()  # then saved as usual
    stored = queries.event_info(window.ev).groups[1]
    assert stored.time_control == "60+20" and stored.points["win"] == 3
    assert setup.officials_box.edits["chief_arbiter"].text() == "张裁判"
    setup.officials_box.save_button.click()
    assert event_service.officials(window.ev).chief_arbiter == "张裁判"


def test_saving_a_group_or_the_officials_keeps_the_events_details_typing(  # type: ignore[no-untyped-def]
        window, qtbot, tmp_path):
    setup = _open(window, tmp_path)
    type_into(qtbot, setup.event_edits["venue"], "市体育馆二楼")
    type_into(qtbot, setup.officials_box.edits["deputy_chief_arbiters"], "李裁判")
    type_into(qtbot, setup.time_control, "60+20")
    setup.save.click()
    assert queries.event_info(window.ev).groups[1].time_control == "60+20", window.last_error
    assert setup.event_edits["venue"].text() == "市体育馆二楼"
    assert queries.event_info(window.ev).venue != "市体育馆二楼"
    assert setup.officials_box.edits["deputy_chief_arbiters"].text() == "李裁判"

    type_into(qtbot, setup.officials_box.edits["chief_arbiter"], "张裁判")
    type_into(qtbot, setup.time_control, "90+30")
    setup.officials_box.save_button.click()
    assert event_service.officials(window.ev).chief_arbiter == "张裁判", window.last_error
    assert setup.time_control.text() == "90+30"  # the group's rules typed stay
    assert setup.event_edits["venue"].text() == "市体育馆二楼"


def test_a_player_added_elsewhere_keeps_the_typing_and_updates_the_progress(  # type: ignore[no-untyped-def]
        window, qtbot, tmp_path):
    setup = _open(window, tmp_path)
    setup.group_list.setCurrentRow(0)
    type_into(qtbot, setup.time_control, "60+20")
    before = setup.progress.text()
    add_players(window, "公开组", 2)  # from the players view
    window.tabs.setCurrentWidget(setup)
    assert setup.time_control.text() == "60+20"
    assert setup.progress.text() != before and "2" in setup.progress.text()


def test_an_undo_shows_what_is_stored_again(window, qtbot, tmp_path):  # type: ignore[no-untyped-def]
    setup = _open(window, tmp_path)
    old_venue = queries.event_info(window.ev).venue
    type_into(qtbot, setup.event_edits["venue"], "市体育馆二楼")
    setup.save_event_button.click()
    window.undo()
    assert setup.event_edits["venue"].text() == old_venue  # the store's, after the undo
    old_time = queries.event_info(window.ev).groups[1].time_control
    type_into(qtbot, setup.time_control, "60+20")
    setup.save.click()
    window.undo()
    assert setup.time_control.text() == old_time


def test_another_event_shows_its_own_details(window, qtbot, tmp_path):  # type: ignore[no-untyped-def]
    setup = _open(window, tmp_path)
    type_into(qtbot, setup.event_edits["venue"], "没有保存的场地")
    type_into(qtbot, setup.time_control, "60+20")
    assert window.new_event(tmp_path / "other.db", "qiwang-2022"), window.last_error
    window.tabs.setCurrentWidget(setup)
    info = queries.event_info(window.ev)
    assert setup.event_edits["venue"].text() == info.venue
    assert setup.group_list.currentRow() == 0
    assert setup.time_control.text() == info.groups[0].time_control
