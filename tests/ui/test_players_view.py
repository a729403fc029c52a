"""The players view as the arbiter reads it: every header whole, and each player's list."""

from __future__ import annotations

from app.services.queries import PlayerInfo
from app.ui.common import cell
from app.ui.views.players import COLUMNS, source_texts
from tests.ui.helpers import DATA, import_two_lists, screenshot, set_up_event


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
    assert [texts[1][0], texts[2][0]] == ["网络入围赛 入围赛甲 第1名", "网络入围赛 入围赛乙 第1名"]


def test_the_tenth_period_sorts_after_the_second():
    texts = source_texts([player(1, "第2期", "b.csv", 1), player(2, "第10期", "a.csv", 1)])
    assert texts[1][1] < texts[2][1]
