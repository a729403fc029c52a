"""The window's banner and status line: a message (a refusal, or what was done) belongs to
where it was made (the view, or the export), stays there to be read, and goes when the
arbiter moves on; a place it names is joined to its reason by the colon of the language
shown (公开组：… / Open: …)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from tests.ui.helpers import add_players, press_ctrl, screenshot, set_up_event

BYE_REFUSED = "公开组：第1轮第3台：轮空台不需要录入结果"


@pytest.fixture
def refused(window, qtbot, tmp_path):  # type: ignore[no-untyped-def]
    """Five players paired for round 1 (board 3 is the bye) and a result typed for the bye
    in the rounds view: refused."""
    set_up_event(window, tmp_path)
    add_players(window, "公开组", 5)
    rounds = window.rounds_view
    window.tabs.setCurrentWidget(rounds)
    assert rounds.pair_next() is not None, window.last_error
    assert rounds.round.boards[2].bye
    rounds.entry.setFocus()
    qtbot.keyClicks(rounds.entry, "3 1")
    assert window.banner_message() == BYE_REFUSED
    return rounds


def test_a_refusal_stays_on_its_view_and_goes_with_it(window, qtbot, refused):  # type: ignore[no-untyped-def]
    rounds = refused
    rounds.select_board(1)  # still on the rounds view: the reason stays, to be read
    assert window.banner_message() == BYE_REFUSED
    assert window.status_label.text() == BYE_REFUSED
    press_ctrl(window, qtbot, Qt.Key.Key_5)  # on to the standings
    assert window.tabs.currentWidget() is window.standings_view
    assert window.banner_message() == ""
    assert window.status_label.text() == ""
    screenshot(window, "48-standings-without-the-rounds-refusal")
    press_ctrl(window, qtbot, Qt.Key.Key_3)  # back: the entry line still says why
    assert window.banner_message() == ""
    assert rounds.entry_error.text() == BYE_REFUSED


def test_a_place_is_joined_by_the_colon_of_the_language_shown(window, refused):  # type: ignore[no-untyped-def]
    window.act_en.trigger()  # the banner says it again, in English, where it was made
    assert window.banner_message() == "公开组: round 1, board 3: a bye takes no result"
    window.act_zh.trigger()
    assert window.banner_message() == BYE_REFUSED


def test_the_export_takes_the_views_refusal_and_its_own_goes_with_it(  # type: ignore[no-untyped-def]
        window, qtbot, tmp_path, refused):
    press_ctrl(window, qtbot, Qt.Key.Key_P)
    dialog = window.export_dialog
    qtbot.addWidget(dialog)
    assert window.banner_message() == ""  # the bye of the rounds view is not the export's
    not_a_folder = tmp_path / "a-file.txt"
    not_a_folder.write_text("the arbiter's own file")
    dialog.folder.setText(str(not_a_folder))
    assert dialog.export() == []
    said = dialog.progress_label.text()
    assert said and window.banner_message() == said  # refused: said in the dialog and above
    dialog.close_button.click()
    assert window.banner_message() == "" and window.status_label.text() == ""


def test_a_message_of_what_was_done_goes_with_its_view_too(window, qtbot, tmp_path):  # type: ignore[no-untyped-def]
    """已保存组别设置：公开组 said in the setup view is about that form: read there, and gone
    from the status line once the arbiter moves on to the players (the same rule as a
    refusal's); one said where he now is stays."""
    set_up_event(window, tmp_path)
    window.tabs.setCurrentWidget(window.setup_view)
    setup = window.setup_view
    setup.rounds.setValue(setup.rounds.value() + 1)
    setup.save.click()
    assert window.status_label.text() == "已保存组别设置：公开组"
    setup.group_list.setCurrentRow(1)  # still in the setup view: it stays, to be read
    assert window.status_label.text() == "已保存组别设置：公开组"
    press_ctrl(window, qtbot, Qt.Key.Key_2)
    assert window.tabs.currentWidget() is window.players_view
    assert window.status_label.text() == ""
    add_players(window, "公开组", 1)  # said in the players view: stays there
    said = window.status_label.text()
    assert said == "已补报棋手：棋手1"
    screenshot(window, "49-players-with-their-own-message")
    window.players_view.group.setCurrentIndex(1)
    assert window.status_label.text() == said
    press_ctrl(window, qtbot, Qt.Key.Key_1)
    assert window.status_label.text() == ""
    press_ctrl(window, qtbot, Qt.Key.Key_2)  # gone, not kept for coming back
    assert window.status_label.text() == ""
