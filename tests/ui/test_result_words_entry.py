"""The window's quick entry takes the result words arbiters say (issue 25): 胜 / 黑胜 / 先手胜,
负 / 白胜 / 后手胜, 和, 1:0, 0:1, ½:½ - saved on Enter - and F1 lists them."""

from __future__ import annotations

from PySide6.QtCore import Qt

from app.results import WORDS
from app.services import queries
from app.ui.views.rounds_entry import parse_entry, parse_spoken_entry
from app.wording import code_text
from tests.ui.helpers import GROUP, import_two_lists, set_up_event, type_into


def test_the_words_read_as_their_codes() -> None:
    assert parse_spoken_entry("12 胜", 1) == (12, ["1-0"])
    assert parse_spoken_entry("12 白胜", 1) == (12, ["0-1"])
    assert parse_spoken_entry("12 先手胜", 1) == (12, ["1-0"])
    assert parse_spoken_entry("12 后手胜超时", 1) == (12, ["0-1t"])
    assert parse_spoken_entry("12 ½:½", 1) == (12, ["="])
    assert parse_spoken_entry("12 1:0", 1) == (12, ["1-0"])
    assert parse_spoken_entry("3 胜 和", 2) == (3, ["1-0", "="])
    assert parse_spoken_entry("3 胜", 2) is None  # a double-game round needs game 2
    assert parse_spoken_entry("3 负超时", 2) == (3, ["0-1t"])  # decides the round alone
    assert parse_spoken_entry("3 赢", 1) is None
    assert parse_entry("12 胜", 1) is None  # words wait for Enter (keys save at once)


def test_f1_lists_the_result_words(window) -> None:
    window.show_shortcuts()
    text = window.shortcuts_dialog.findChild(object, "shortcuts").text()
    for word in (*WORDS, "1:0", "0:1", "½:½"):  # every word the results home reads
        assert word in text, word


def test_words_typed_in_the_entry_are_stored(window, qtbot, tmp_path) -> None:
    set_up_event(window, tmp_path)
    import_two_lists(window, qtbot).write()
    view = window.rounds_view
    window.tabs.setCurrentWidget(view)
    window.act_pair.trigger()
    for typed in ("1 胜", "2 白胜", "3 ½:½"):
        type_into(qtbot, view.entry, typed)
        qtbot.keyClick(view.entry, Qt.Key.Key_Return)
        assert view.entry.text() == "", window.last_error
    # "1:0" typed key by key: "4 1" saves at once, the rest (":0") is the same result
    qtbot.keyClicks(view.entry, "4 1:0")
    assert view.entry.text() == ""
    qtbot.keyClicks(view.entry, "5 0")
    boards = queries.round_view(window.ev, GROUP, 1).boards
    assert [code_text(b.result) for b in boards[:5]] == ["1-0", "0-1", "=", "1-0", "0-1"]
