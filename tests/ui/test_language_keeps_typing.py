"""A change of language in the setup view (赛事设置) relabels the form and keeps what the
arbiter typed but has not saved: the event's details, the officials, a group's rules; the
save buttons then store it as usual. A result half typed in the rounds view stays too, its
board named again in the new language."""

from __future__ import annotations

from app.services import event as event_service
from app.services import queries
from app.ui.officials_form import COLUMNS
from tests.ui.helpers import CJK, add_players, screenshot, set_up_event, type_into


def test_typing_in_the_setup_view_stays_through_a_change_of_language(  # type: ignore[no-untyped-def]
        window, qtbot, tmp_path):
    assert window.new_event(tmp_path / "final.db", "qiwang-2022"), window.last_error
    setup = window.setup_view
    window.tabs.setCurrentWidget(setup)
    setup.group_list.setCurrentRow(1)  # 少儿组
    type_into(qtbot, setup.event_edits["venue"], "市体育馆二楼")
    type_into(qtbot, setup.officials_box.edits["chief_arbiter"], "张裁判")
    type_into(qtbot, setup.time_control, "90+30")
    setup.rounds.setValue(setup.rounds.value() + 2)
    setup.points["win"].setValue(3)
    setup.playoffs.setChecked(not setup.playoffs.isChecked())
    setup.tiebreaks.add_key("sonneborn_berger")
    setup.prizes.table.item(0, 2).setText("1234")
    typed = setup.form_values()

    window.act_en.trigger()
    assert setup.save.text() == "Save group settings"  # the labels change ...
    assert setup.event_edits["venue"].text() == "市体育馆二楼"  # ... the typing stays
    assert setup.officials_box.edits["chief_arbiter"].text() == "张裁判"
    assert setup.group_list.currentRow() == 1
    assert setup.form_values() == typed
    screenshot(window, "setup-typing-kept-in-english")
    window.act_zh.trigger()
    assert setup.form_values() == typed
    assert setup.event_edits["venue"].text() == "市体育馆二楼"

    setup.save.click()  # the group's rules, as typed before the change of language
    assert window.banner_message() == "", window.banner_message()
    junior = queries.event_info(window.ev).groups[1]
    assert junior.time_control == "90+30" and junior.rounds == typed["rounds"]
    assert junior.points["win"] == 3 and "sonneborn_berger" in junior.tiebreaks
    assert junior.prizes[0]["money"] == 1234
    assert junior.settings.playoffs is typed["settings"]["playoffs"]


def test_the_events_details_and_officials_typed_are_saved_after_a_change_of_language(  # type: ignore[no-untyped-def]
        window, qtbot, tmp_path):
    assert window.new_event(tmp_path / "final.db", "qiwang-2022"), window.last_error
    setup = window.setup_view
    window.tabs.setCurrentWidget(setup)
    type_into(qtbot, setup.event_edits["venue"], "市体育馆二楼")
    window.act_en.trigger()
    setup.save_event_button.click()
    assert queries.event_info(window.ev).venue == "市体育馆二楼"
    type_into(qtbot, setup.officials_box.edits["chief_arbiter"], "张裁判")
    window.act_zh.trigger()
    setup.officials_box.save_button.click()
    assert event_service.officials(window.ev).chief_arbiter == "张裁判"
    assert window.banner_message() == ""


def test_a_change_of_language_words_the_group_shown_again(window, tmp_path):  # type: ignore[no-untyped-def]
    """What the form says of the group (its title, its progress, the preset's note) and the
    schedule's cells follow the language, though the fields are not filled again."""
    assert window.new_event(tmp_path / "final.db", "qiwang-2022"), window.last_error
    setup = window.setup_view
    window.tabs.setCurrentWidget(setup)
    assert setup.group_box.title().startswith("组别设置")
    assert "棋手" in setup.progress.text()
    window.act_en.trigger()
    assert "公开组" in setup.group_box.title() and "组别设置" not in setup.group_box.title()
    assert "players" in setup.progress.text()
    assert "regulation" in setup.preset_label.toolTip().lower()
    schedule = setup.officials_box  # the schedule's rows, kept, say what each cell takes
    assert schedule.table.rowCount() > 0
    assert not [key for key in COLUMNS for row in range(schedule.table.rowCount())
                if CJK.search(schedule.cell(row, key).toolTip())]
    window.act_zh.trigger()
    assert setup.group_box.title().startswith("组别设置")


def test_a_board_typed_in_the_rounds_view_is_named_again_in_the_new_language(  # type: ignore[no-untyped-def]
        window, qtbot, tmp_path):
    set_up_event(window, tmp_path)
    add_players(window, "公开组", 6)
    rounds = window.rounds_view
    window.tabs.setCurrentWidget(rounds)
    assert rounds.pair_next() is not None, window.last_error
    rounds.entry.setFocus()
    qtbot.keyClicks(rounds.entry, "2")
    assert rounds.entry_hint.text().startswith("第2台：")
    window.act_en.trigger()
    assert rounds.entry.text() == "2"
    assert rounds.entry_hint.text().startswith("Board 2: "), rounds.entry_hint.text()
    window.act_zh.trigger()
    assert rounds.entry_hint.text().startswith("第2台："), rounds.entry_hint.text()
