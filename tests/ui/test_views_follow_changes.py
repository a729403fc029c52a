"""The views read the event in a few queries and keep what has not changed: after each change
(a result, undo and redo, a player's edit or absence, another station's change) every view
shows the event as it now is, never what it showed before."""

from __future__ import annotations

from app.services import players as players_service
from app.services import queries
from app.services import rounds as rounds_service
from app.services.event import Event
from tests.ui.helpers import GROUP, add_players, select_group, set_up_event


def _paired(window, qtbot, tmp_path, count: int = 8):  # type: ignore[no-untyped-def]
    set_up_event(window, tmp_path, rounds=3)
    add_players(window, GROUP, count)
    view = window.rounds_view
    window.tabs.setCurrentWidget(view)
    select_group(view, GROUP)
    assert view.pair_next() is not None, window.last_error
    return view


def _row(view, board: int) -> list[str]:  # type: ignore[no-untyped-def]
    return next(r for r in view.board_texts() if r[0] == str(board))


def _crosstable_cells(window) -> list[list[str]]:  # type: ignore[no-untyped-def]
    standings = window.standings_view
    window.tabs.setCurrentWidget(standings)
    standings.pages.setCurrentIndex(1)
    return standings.crosstable.texts()


def test_a_result_undo_and_redo_show_in_the_round_counts_and_the_crosstable(
        window, qtbot, tmp_path):  # type: ignore[no-untyped-def]
    view = _paired(window, qtbot, tmp_path)
    empty = _crosstable_cells(window)
    window.tabs.setCurrentWidget(view)
    assert view.progress.value() == 0
    view._entry_edited("1 1")
    assert _row(view, 1)[4] == "黑胜"
    assert view.progress.value() == 1
    after = _crosstable_cells(window)
    assert after != empty and any("胜" in c for row in after for c in row)
    window.tabs.setCurrentWidget(view)
    window.undo()
    assert _row(view, 1)[4] == ""
    assert view.progress.value() == 0
    assert _crosstable_cells(window) == empty
    window.redo()
    assert _crosstable_cells(window) == after
    window.tabs.setCurrentWidget(view)
    assert _row(view, 1)[4] == "黑胜"
    for board in range(2, 5):
        view._entry_edited(f"{board} =")
    info = next(g for g in queries.event_info(window.ev).groups if g.name == GROUP)
    assert (info.rounds_paired, info.rounds_complete) == (1, 1)
    window.undo()
    info = next(g for g in queries.event_info(window.ev).groups if g.name == GROUP)
    assert (info.rounds_paired, info.rounds_complete) == (1, 0)


def test_a_players_edit_and_absence_show_in_every_view(window, qtbot, tmp_path):  # type: ignore[no-untyped-def]
    view = _paired(window, qtbot, tmp_path)
    first = queries.round_view(window.ev, GROUP, 1).boards[0].first
    assert first is not None
    assert first.name in _row(view, 1)[1]
    players = window.players_view
    window.tabs.setCurrentWidget(players)
    assert first.name in players.shown_names()
    assert players.edit_player(first.id, name="改名棋手"), window.last_error
    assert "改名棋手" in players.shown_names() and first.name not in players.shown_names()
    window.tabs.setCurrentWidget(view)
    assert "改名棋手" in _row(view, 1)[1]
    assert any("改名棋手" in name for name in _crosstable_row_names(window))
    window.tabs.setCurrentWidget(players)
    assert players.set_absence(first.id, 2, "half_bye"), window.last_error
    shown = {p.id: p for p in players.all_players}
    assert shown[first.id].absences == {2: "half_bye"}
    window.undo()
    assert {p.id: p for p in players.all_players}[first.id].absences == {}


def _crosstable_row_names(window) -> list[str]:  # type: ignore[no-untyped-def]
    _crosstable_cells(window)
    return window.standings_view.crosstable.row_names()


def test_another_stations_change_shows_when_the_view_is_next_refreshed(
        window, qtbot, tmp_path):  # type: ignore[no-untyped-def]
    view = _paired(window, qtbot, tmp_path)
    board = queries.round_view(window.ev, GROUP, 1).boards[1]
    assert board.first is not None and board.second is not None
    other = Event.open(tmp_path / "final.db", station="second@venue")
    try:
        rounds_service.enter_result(other, GROUP, 1, board.number, ["0-1"])
        players_service.update_player(other, board.second.id, name="别台改名")
    finally:
        other.close()
    view._entry_edited("1 1")  # this station's own change: the views show the event afresh
    window.tabs.setCurrentWidget(window.players_view)
    assert "别台改名" in window.players_view.shown_names()
    window.tabs.setCurrentWidget(view)
    view.stale = True
    window._refresh_view(view)
    row = _row(view, board.number)
    assert row[4] == "白胜" and "别台改名" in row[5]
    assert view.progress.value() == 2


def test_after_undo_the_pairing_list_is_the_one_a_fresh_fill_shows(window, qtbot, tmp_path):  # type: ignore[no-untyped-def]
    view = _paired(window, qtbot, tmp_path)
    for board in range(1, 5):
        view._entry_edited(f"{board} {'1' if board % 2 else '='}")
    assert view.pair_next() is not None, window.last_error
    view._entry_edited("2 0")
    before_undo = view.board_texts()
    window.undo()
    shown = view.board_texts()
    assert shown != before_undo and next(r for r in shown if r[0] == "2")[4] == ""
    assert any(row[2] for row in shown)  # the points before the round are shown
    view.table.setRowCount(0)  # what a first showing of the round fills
    view.stale = True
    window._refresh_view(view)
    assert view.board_texts() == shown
    window.set_language("en")
    try:
        english = view.board_texts()
        view.table.setRowCount(0)
        view.stale = True
        window._refresh_view(view)
        assert view.board_texts() == english
    finally:
        window.set_language("zh")


def test_undo_of_a_result_elsewhere_refreshes_every_view_that_shows_it(window, qtbot, tmp_path):  # type: ignore[no-untyped-def]
    view = _paired(window, qtbot, tmp_path)
    view._entry_edited("3 1")
    window.tabs.setCurrentWidget(window.players_view)  # the rounds view is not on screen
    window.undo()
    window.tabs.setCurrentWidget(view)
    assert _row(view, 3)[4] == ""
    assert view.progress.value() == 0
    window.redo()  # on screen now: only that board's row is shown again
    assert _row(view, 3)[4] == "黑胜" and view.progress.value() == 1
    players = window.players_view
    window.tabs.setCurrentWidget(players)
    first = queries.round_view(window.ev, GROUP, 1).boards[3].first
    assert first is not None
    assert players.edit_player(first.id, name="又改名"), window.last_error
    window.tabs.setCurrentWidget(view)
    window.undo()  # a player's edit taken back: every view shows the old name again
    assert "又改名" not in _row(view, 4)[1] and first.name in _row(view, 4)[1]
    window.tabs.setCurrentWidget(players)
    assert first.name in players.shown_names() and "又改名" not in players.shown_names()


def test_a_pairing_undone_and_redone_by_keys_shows_its_round_again(  # type: ignore[no-untyped-def]
        window, qtbot, tmp_path):
    """Round 2 paired, Ctrl+Z takes it back (round 1 shown), Ctrl+Y pairs it again: the rounds
    view shows round 2 with its boards, as after F5 (it stayed on round 1)."""
    from PySide6.QtCore import Qt

    from tests.ui.helpers import press_ctrl

    view = _paired(window, qtbot, tmp_path)
    for board in queries.round_view(window.ev, GROUP, 1).boards:
        view._entry_edited(f"{board.number} 1")
    assert view.pair_next() is not None, window.last_error
    second = view.board_texts()
    press_ctrl(window, qtbot, Qt.Key.Key_Z)
    assert view.current_round_number() == 1 and view.round_box.count() == 1
    press_ctrl(window, qtbot, Qt.Key.Key_Y)
    assert view.round_box.count() == 2 and view.current_round_number() == 2
    assert view.board_texts() == second
    assert view.round_box.currentText() == "轮次 2"
