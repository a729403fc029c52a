"""The players view as the arbiter reads it: every header whole, and each player's list."""

from __future__ import annotations

import pytest

from app.services.queries import PlayerInfo
from app.ui.common import cell
from app.ui.views.players import COLUMNS, source_texts
from tests.ui.helpers import DATA, import_two_lists, screenshot, set_up_event, untitled_copy


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


def test_players_of_two_periods_read_apart_by_their_lists(window, qtbot, tmp_path):
    set_up_event(window, tmp_path)
    wizard = import_two_lists(window, qtbot)
    wizard.add_files([DATA / "qiwang-2022-wildcards.xlsx"], source="外卡")
    assert wizard.write().written
    view = window.players_view
    column = COLUMNS.index("col_source")
    routes = {cell(view.table, r, 1).text(): cell(view.table, r, column)
              for r in range(view.table.rowCount())}
    assert routes["何然"].text() == "网络入围赛 第1期 第1名"  # period 1's place 1
    assert routes["林平"].text() == "网络入围赛 第2期 第1名"  # period 2's place 1
    assert "第1期网络入围赛" in routes["何然"].toolTip()
    assert "qiwang-2022-period-1.csv 第3行" in routes["何然"].toolTip()
    wildcards = [item.text() for item in routes.values() if item.text().startswith("外卡")]
    assert wildcards and all("期" not in text for text in wildcards)  # one list: no period
    screenshot(view, "players/lists")

    first = next(p for p in view.all_players if p.name == "何然")
    dialog = view.edit_dialog(first)
    qtbot.addWidget(dialog)
    assert "网络入围赛 第1期 第1名" in dialog.origin.text()
    assert "qiwang-2022-period-1.csv" in dialog.origin.text()
    dialog.show()
    screenshot(dialog, "players/dialog")

    window.set_language("en")
    assert routes_of(view)["林平"] == "网络入围赛 第2期, place 1"


@pytest.mark.parametrize(("saved_as", "route"), [
    ("第1期.csv", "网络入围赛 第1期 第1名"),  # the period its file's name gives
    ("list-utf8.csv", "网络入围赛 文件“list-utf8” 第1名"),  # only the file tells: said so
])
def test_a_list_without_its_title_row_is_told_by_what_is_sure_of_it(
        window, qtbot, tmp_path, saved_as, route):  # type: ignore[no-untyped-def]
    """Period 1 saved in UTF-8 without its title row, imported as 网络入围赛 beside period 2."""
    set_up_event(window, tmp_path)
    wizard = import_two_lists(window, qtbot)
    wizard.files.setCurrentRow(0)
    wizard.remove.click()  # period 1 as it came, in its place the copy without a title
    wizard.add_files([untitled_copy(tmp_path, saved_as)], source="网络入围赛")
    wizard.files.setCurrentRow(1)
    wizard.up.click()
    assert [path.name for path in wizard.paths] == [saved_as, "qiwang-2022-period-2.csv"]
    assert wizard.write().written
    view = window.players_view
    assert routes_of(view)["何然"] == route
    screenshot(view, f"players/untitled-{saved_as}")
    assert routes_of(view)["林平"] == "网络入围赛 第2期 第1名"
    window.set_language("en")
    assert routes_of(view)["何然"] == route.replace("文件", "file ").replace(" 第1名", ", place 1")


def routes_of(view) -> dict[str, str]:  # type: ignore[no-untyped-def]
    column = COLUMNS.index("col_source")
    return {cell(view.table, r, 1).text(): cell(view.table, r, column).text()
            for r in range(view.table.rowCount())}


def player(number: int, title: str, file: str, rank: int) -> PlayerInfo:
    return PlayerInfo(id=number, group="公开组", name=f"棋手{number}", gender="", birth_date=None,
                      id_number="", unit="", platform_id="", source="网络入围赛",
                      qualifier_rank=rank, qualifier_points=None, grade="", status="active",
                      withdrawn_from_round=None, entered_round=1, seed=number, phone="",
                      absences={}, list_title=title, list_file=file, list_row=rank + 2)


def test_lists_whose_titles_do_not_differ_are_named_by_their_files():
    same = "网络入围赛 晋级名单"
    texts = source_texts([player(1, same, "入围赛甲.csv", 1), player(2, same, "入围赛乙.csv", 1)])
    assert [texts[1][0], texts[2][0]] == ["网络入围赛 文件“入围赛甲” 第1名",
                                          "网络入围赛 文件“入围赛乙” 第1名"]


def test_the_tenth_period_sorts_after_the_second():
    texts = source_texts([player(1, "第2期", "b.csv", 1), player(2, "第10期", "a.csv", 1)])
    assert texts[1][1] < texts[2][1]


def _press_ok(qtbot, dialog) -> None:  # type: ignore[no-untyped-def]
    """OK by the keyboard: Enter in the field that has the focus."""
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QApplication

    qtbot.keyClick(QApplication.focusWidget() or dialog, Qt.Key.Key_Return)


def test_a_late_entry_refused_keeps_the_dialog_open_with_what_was_typed(window, qtbot, tmp_path):
    """补报棋手 with the name left empty: the dialog stays, the unit typed still in it, and says
    which field is wrong (姓名, not the group form's 组名); nothing is stored. With the name
    typed, Enter stores the player and closes it."""
    from app.services import queries

    set_up_event(window, tmp_path)
    view = window.players_view
    window.tabs.setCurrentWidget(view)
    dialog = view.add_dialog()
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    dialog.activateWindow()
    qtbot.waitUntil(dialog.isActiveWindow)
    assert dialog.focusWidget() is dialog.edits["name"]  # the name is typed first
    dialog.edits["unit"].setText("姑苏慕容")
    dialog.gender.setCurrentIndex(dialog.gender.findData("M"))
    _press_ok(qtbot, dialog)
    assert dialog.isVisible() and dialog.result() == 0
    assert "姓名" in dialog.error.text() and "组名" not in dialog.error.text()
    assert dialog.edits["unit"].text() == "姑苏慕容"
    assert queries.players(window.ev, "公开组") == []
    screenshot(dialog, "players/late-entry-refused")
    dialog.edits["name"].setFocus()
    dialog.edits["name"].insert("慕容复")  # Chinese arrives whole, as from an input method
    _press_ok(qtbot, dialog)
    assert not dialog.isVisible()
    [stored] = queries.players(window.ev, "公开组")
    assert (stored.name, stored.unit, stored.gender) == ("慕容复", "姑苏慕容", "M")
    assert window.status_label.text() == "已补报棋手：慕容复"


def test_an_edit_refused_names_the_player_and_keeps_the_dialog_open(window, qtbot, tmp_path):
    """A birth date that does not read, typed in a player's dialog: the reason, in the dialog,
    names the player and the field (not the player's id); the stored date stays."""
    from app.services import queries

    set_up_event(window, tmp_path)
    view = window.players_view
    assert view.add_player("公开组", name="何然", birth_date="1994-12-22") is not None
    window.tabs.setCurrentWidget(view)
    [player] = queries.players(window.ev, "公开组")
    dialog = view.edit_dialog(player)
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.activateWindow()
    qtbot.waitUntil(dialog.isActiveWindow)
    dialog.edits["birth_date"].setText("1994-13-22")
    dialog.edits["birth_date"].setFocus()
    _press_ok(qtbot, dialog)
    assert dialog.isVisible()
    said = dialog.error.text()
    assert said.startswith("何然") and "出生日期" in said and "player" not in said
    assert str(queries.players(window.ev, "公开组")[0].birth_date) == "1994-12-22"
