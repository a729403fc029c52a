"""The players view as the arbiter reads it: every header whole, and each player's list."""

from __future__ import annotations

from tests.ui.helpers import import_two_lists, screenshot, set_up_event


def test_each_header_fits_with_its_sort_arrow(window, qtbot, tmp_path):
    set_up_event(window, tmp_path)
    import_two_lists(window, qtbot).write()
    view = window.players_view
    window.tabs.setCurrentWidget(view)
    header = view.table.horizontalHeader()
    assert header.isSortIndicatorShown()
    for column in range(view.table.columnCount() - 1):  # the last one stretches
        assert view.table.columnWidth(column) >= header.sectionSizeHint(column), column
    screenshot(view, "players/headers")
