"""A label joined to what it names by the colon of the language shown: 黑：宋梓, 第2台：…,
1：叶晨–高强 in Chinese text (full width), Black: …, Board 2: …, 1: … in English."""

from __future__ import annotations

from app.services import queries
from tests.ui.helpers import (
    ASCII_COLON_IN_CHINESE,
    add_players,
    open_demo,
    screenshot,
    set_up_event,
)


def test_the_board_names_who_holds_black_and_white_with_the_languages_colon(  # type: ignore[no-untyped-def]
        window, tmp_path):
    open_demo(window, tmp_path, "qiwang-2022")
    board = queries.round_view(window.ev, "公开组", 1).boards[0]
    view = window.board_view
    assert view.link_board("公开组", 1, board.number)
    window.tabs.setCurrentWidget(view)
    said = view.link_label.text()
    assert f"黑：{board.first.name}" in said and "白：" in said
    assert not ASCII_COLON_IN_CHINESE.search(said), said
    screenshot(window, "colons-board-players")
    window.act_en.trigger()
    assert f"Black: {board.first.name}" in view.link_label.text()


def test_the_entry_line_names_the_board_typed_with_the_languages_colon(  # type: ignore[no-untyped-def]
        window, qtbot, tmp_path):
    set_up_event(window, tmp_path)
    add_players(window, "公开组", 6)
    rounds = window.rounds_view
    window.tabs.setCurrentWidget(rounds)
    assert rounds.pair_next() is not None, window.last_error
    board = rounds.round.boards[1]
    rounds.entry.setFocus()
    qtbot.keyClicks(rounds.entry, "2")
    hint = rounds.entry_hint.text()
    assert hint.startswith("第2台：") and board.first.name in hint, hint
    assert not ASCII_COLON_IN_CHINESE.search(hint), hint
    screenshot(window, "colons-entry-hint")
    rounds.entry.clear()
    window.act_en.trigger()
    qtbot.keyClicks(rounds.entry, "2")
    assert rounds.entry_hint.text().startswith("Board 2: "), rounds.entry_hint.text()


def test_a_team_matchs_line_up_numbers_its_boards_with_the_languages_colon(  # type: ignore[no-untyped-def]
        window, tmp_path):
    open_demo(window, tmp_path, "tuanti-2026")
    rounds = window.rounds_view
    window.tabs.setCurrentWidget(rounds)
    table = rounds.table
    columns = [table.horizontalHeaderItem(c).text() for c in range(table.columnCount())]
    lineup = table.item(0, columns.index("各台对阵")).text()
    assert lineup.startswith("1：") and "；2：" in lineup, lineup
    screenshot(window, "colons-team-lineups")
    window.act_en.trigger()
    assert table.item(0, columns.index("各台对阵")).text().startswith("1: ")


def test_the_result_beside_a_board_is_set_in_the_languages_brackets(  # type: ignore[no-untyped-def]
        window, qtbot, tmp_path):
    """The result stored for a board, said after its players on the board view and on the
    entry line: 【白胜】 in Chinese text, `[white won]` in English — never ASCII brackets
    in Chinese text."""
    set_up_event(window, tmp_path)
    add_players(window, "公开组", 6)
    rounds = window.rounds_view
    window.tabs.setCurrentWidget(rounds)
    assert rounds.pair_next() is not None, window.last_error
    assert rounds.enter_result(2, ["0-1"]), window.last_error
    rounds.entry.setFocus()
    qtbot.keyClicks(rounds.entry, "2")
    hint = rounds.entry_hint.text()
    assert hint.endswith("【白胜】"), hint
    rounds.entry.clear()
    view = window.board_view
    assert view.link_board("公开组", 1, 2)
    window.tabs.setCurrentWidget(view)
    said = view.link_label.text()
    assert said.endswith("【白胜】"), said
    assert "[" not in said, said
    screenshot(window, "brackets-board-result")
    window.act_en.trigger()
    said = view.link_label.text()
    assert "[" in said and "【" not in said, said
