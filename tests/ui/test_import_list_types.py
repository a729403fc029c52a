"""The import wizard's list types (名单类别): a list left automatic whose 来源 column or file
name names none of the regulation's lists is pointed to the box where its type is chosen; a
list without a title row is told apart from the others of its type by what is sure of it."""

from __future__ import annotations

from app.services import queries
from tests.ui.helpers import GROUP, LISTS, screenshot, set_up_event, untitled_copy


def open_wizard(window):  # type: ignore[no-untyped-def]
    players = window.players_view
    window.tabs.setCurrentWidget(players)
    players.group.setCurrentIndex(players.group.findData(GROUP))
    players.import_button.click()
    return players.import_wizard


def test_a_list_of_no_known_type_is_pointed_to_the_box_that_chooses_it(
        window, qtbot, tmp_path):  # type: ignore[no-untyped-def]
    set_up_event(window, tmp_path)
    wizard = open_wizard(window)
    qtbot.addWidget(wizard)
    wizard.add_files([LISTS[1]], source="网络入围赛")
    wizard.add_files([untitled_copy(tmp_path, "第1期.csv")])  # left automatic
    report = wizard.check()
    assert report.untyped == (1,)
    said = wizard.summary.text()
    assert "来源“第1期”没有对应的晋级规则" in "".join(
        wizard.problems.item(r, 4).text() for r in range(wizard.problems.rowCount()))
    assert "“第1期.csv”" in said and "在“所选文件是哪一种名单”中选择（网络入围赛、外卡）" in said
    assert wizard.files.currentRow() == 1 and wizard.focusWidget() is wizard.source
    screenshot(wizard, "51-import-choose-the-list-type")
    wizard.source.setCurrentIndex(wizard.source.findData("网络入围赛"))
    report = wizard.check()
    assert report.untyped == () and "所选文件是哪一种名单" not in wizard.summary.text()
    assert wizard.write().written
    sources = {p.source for p in queries.players(window.ev, GROUP)}
    assert sources == {"网络入围赛"}
