"""The start page, a new event from a preset, the setup view, language switching, undo."""

from __future__ import annotations

from PySide6.QtCore import QDate, Qt

from app.services import groups as groups_service
from app.services import queries
from app.ui import common, i18n
from app.ui.texts import TEXTS
from tests.ui.helpers import screenshot


def test_every_text_has_chinese_and_english() -> None:
    for key, (zh, en) in TEXTS.items():
        assert zh.strip() and en.strip(), key


def test_start_page_lists_the_presets_and_creates_an_event(window, qtbot, tmp_path, monkeypatch):
    page = window.start_page
    names = [page.presets.item(i).data(Qt.ItemDataRole.UserRole)
             for i in range(page.presets.count())]
    assert "qiwang-2022" in names and "shenzhen-2022" in names
    shown = [page.presets.item(i).text() for i in range(page.presets.count())]
    # the arbiter reads the regulation's title and its groups, never the command-line name
    assert not any(name in text for name in names for text in shown)
    assert any("公开组" in text for text in shown)
    page.presets.setCurrentRow(names.index("qiwang-2022"))
    target = tmp_path / "final.db"
    monkeypatch.setattr(common, "ask_save_path", lambda *a, **k: target)
    page.new_preset.click()
    assert window.ev is not None and target.exists()
    assert window.stack.currentWidget() is window.tabs
    groups = [window.setup_view.group_list.item(i).text()
              for i in range(window.setup_view.group_list.count())]
    assert groups == ["公开组", "少儿组"]
    screenshot(window, "01-setup")
    # the file is remembered and offered on the start page
    window.close_event()
    assert window.ev is None and window.stack.currentWidget() is window.start_page
    assert page.recent.item(0).text() == str(target)
    page._open_recent(page.recent.item(0))  # opened in a worker, the window answering
    assert window.stack.currentWidget() is window.opening.page
    qtbot.waitUntil(lambda: window.ev is not None, timeout=10000)
    assert window.ev is not None and window.ev.store.path == target


def test_fifth_move_offers_declared_by_black_read_as_such(window, tmp_path):
    """qiwang 公开组: N of 五手N打 is declared with the opening (stored as 0), not "0"."""
    assert window.new_event(tmp_path / "final.db", "qiwang-2022")
    setup = window.setup_view
    window.tabs.setCurrentWidget(setup)
    setup.group_list.setCurrentRow(0)
    assert setup.fifth.value() == 0 and setup.fifth.text() == "由假先方申明"
    setup.group_list.setCurrentRow(1)  # 少儿组: 五手两打
    assert setup.fifth.text() == "2"
    setup.fifth.setValue(12)  # any N the rules take is kept as typed, not cut to 10
    assert setup.save_group(), window.last_error
    from app.services import queries

    junior = next(g for g in queries.event_info(window.ev).groups if g.name == "少儿组")
    assert junior.fifth_move_offers == 12


def test_setup_edits_are_stored_and_undone(window, tmp_path, qtbot):
    window.new_event(tmp_path / "e.db", "qiwang-2022")
    view = window.setup_view
    view.group_list.setCurrentRow(1)
    before = view.rounds.value()
    view.rounds.setValue(before + 2)
    view.points["win"].setValue(3)
    assert view.save_group(), window.last_error
    junior = queries.event_info(window.ev).groups[1]
    assert junior.rounds == before + 2 and junior.points["win"] == 3
    assert window.act_undo.isEnabled()
    window.activateWindow()
    qtbot.waitUntil(lambda: window.isActiveWindow())
    qtbot.keyClick(window, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    junior = queries.event_info(window.ev).groups[1]
    assert junior.rounds == before and junior.points["win"] == 2
    assert view.rounds.value() == junior.rounds
    qtbot.keyClick(window, Qt.Key.Key_Y, Qt.KeyboardModifier.ControlModifier)
    assert queries.event_info(window.ev).groups[1].rounds == before + 2


def test_prizes_and_titles_are_edited_as_tables(window, tmp_path):
    window.new_event(tmp_path / "e.db", "qiwang-2022")
    view = window.setup_view
    assert view.prizes.table.rowCount() == 5
    assert [view.prizes.table.item(0, c).text() for c in range(4)] == ["1", "1", "30000", "奖状"]
    view.prizes.add_row()
    row = view.prizes.table.rowCount() - 1
    for column, text in enumerate(("17", "20", "", "奖状、纪念品")):
        view.prizes.table.item(row, column).setText(text)
    view.titles.table.selectRow(0)
    view.titles.remove_row()
    assert view.save_group(), window.last_error
    group = queries.event_info(window.ev).groups[0]
    assert group.prizes[-1] == {"from": 17, "to": 20, "money": 0, "items": ["奖状", "纪念品"]}
    assert group.prizes[0] == {"from": 1, "to": 1, "money": 30000, "items": ["奖状"]}
    assert group.grade_titles[0] == {"from": 2, "to": 3, "title": "五段"}
    screenshot(window, "01-setup-prizes")


def test_bad_setup_input_is_refused_before_writing(window, tmp_path):
    window.new_event(tmp_path / "e.db", "qiwang-2022")
    view = window.setup_view
    view.prizes.table.item(2, 2).setText("六千")
    assert not view.save_group()
    assert "第3行" in window.last_error and "六千" in window.last_error
    assert window.ev.can_undo() is None  # nothing was written: the log is still empty
    # the controls hold only good values: no free text for tie-breaks, no raw settings text
    assert not hasattr(view, "json_edits")
    known = {view.tiebreaks.available.itemData(i) for i in range(view.tiebreaks.available.count())}
    assert known | set(view.tiebreaks.tiebreaks()) <= {k for k, _zh in
                                                      groups_service.tiebreak_choices()}
    # a birth window cannot end before it starts
    view.group_list.setCurrentRow(1)  # 少儿组: born 2008-09-01 .. 2017-08-31
    assert view.eligibility.value()["born_from"] == "2008-09-01"
    view.eligibility.born_to.date.setDate(QDate(2001, 1, 1))
    assert view.eligibility.value()["born_to"] == "2008-09-01"


def test_group_settings_are_controls_stored_by_their_keys(window, tmp_path):
    window.new_event(tmp_path / "e.db", "qiwang-2022")
    view = window.setup_view
    view.group_list.setCurrentRow(0)
    picker = view.tiebreaks
    assert picker.chosen.item(0).text() == "1. 对手分"
    assert [picker.chosen.item(i).text() for i in range(3)] == ["1. 对手分", "2. 中间对手分",
                                                               "3. 胜局"]
    picker.chosen.setCurrentRow(2)
    picker.move_selected(-1)  # 胜局 before 中间对手分
    picker.add_key("sonneborn_berger")
    view.same_unit.mode.setCurrentIndex(view.same_unit.mode.findData("first"))
    view.same_unit.rounds.setValue(3)
    view.playoffs.setChecked(False)
    view.subrankings.add_row({})
    row = view.subrankings.table.rowCount() - 1
    view.subrankings.table.cellWidget(row, 0).setText("公开组（少年）")
    view.subrankings.table.cellWidget(row, 1).born_from.set_value("2008-01-01")
    screenshot(window, "02-setup-controls")
    assert view.save_group(), window.last_error
    group = queries.event_info(window.ev).groups[0]
    assert group.tiebreaks == ("buchholz", "wins", "median_buchholz", "sonneborn_berger")
    stored = group.settings.to_json()
    assert stored["same_unit_avoidance_rounds"] == 3
    assert stored["playoffs"] is False
    subs = stored["subrankings"]
    assert subs[0]["name"] == "公开组（女子）" and subs[0]["prizes"]  # kept with its prizes
    assert subs[-1]["name"] == "公开组（少年）" and "decisive_places" not in subs[-1]
    assert subs[-1]["filter"]["born_from"] == "2008-01-01"
    # shown again as they were stored; every-round avoidance is -1
    view.refresh()
    assert view.same_unit.value() == 3 and not view.playoffs.isChecked()
    view.same_unit.mode.setCurrentIndex(view.same_unit.mode.findData("all"))
    assert view.save_group(), window.last_error
    assert queries.event_info(window.ev).groups[0].settings.same_unit_avoidance_rounds == -1
    # English names of the tie-breaks
    i18n.set_language("en")
    assert view.tiebreaks.chosen.item(0).text() == "1. Buchholz"
    i18n.set_language("zh")


def test_language_switch_relabels_the_open_window(window, tmp_path):
    window.new_event(tmp_path / "e.db", "qiwang-2022")
    assert window.tabs.tabText(0) == "赛事设置"
    assert window.rounds_view.pair_button.text().startswith("编排下一轮")
    window.act_en.trigger()
    assert i18n.language() == "en"
    assert window.tabs.tabText(0) == "Setup"
    assert window.rounds_view.pair_button.text().startswith("Pair next round")
    assert window.setup_view.rule_set.currentText().startswith("renju")
    assert window.menu_file.title() == "&File"
    screenshot(window, "01-setup-en")
    window.act_zh.trigger()
    assert window.tabs.tabText(1) == "棋手"
    assert window.settings.value("language") == "zh"


def test_window_layout_is_remembered(qtbot, settings, tmp_path):
    from app.ui.main_window import MainWindow

    first = MainWindow(settings)
    qtbot.addWidget(first)
    first.show()
    first.resize(720, 520)
    qtbot.waitUntil(lambda: first.width() == 720)
    first.tabs.setCurrentIndex(2)
    first.close()
    second = MainWindow(settings)
    qtbot.addWidget(second)
    second.show()
    assert second.tabs.currentIndex() == 2
    assert second.size() == first.size()


def test_the_program_opens_the_event_file_given_on_its_command_line(qtbot, settings, tmp_path):
    from app.services.event import Event
    from app.ui.application import create_window, load_fonts

    path = tmp_path / "given.db"
    Event.create(path, "shenzhen-2022").close()
    window = create_window([str(path)], settings)
    qtbot.addWidget(window)
    assert window.ev is not None and window.ev.store.path == path
    assert window.stack.currentWidget() is window.tabs
    assert "given.db" in window.windowTitle()
    assert "WenQuanYi Micro Hei" in load_fonts()
    window.close()
    missing = create_window([str(tmp_path / "missing.db")], settings)
    qtbot.addWidget(missing)
    assert missing.ev is None and missing.last_error


def test_an_empty_event_and_a_bad_file_are_handled(window, tmp_path):
    assert window.new_event(tmp_path / "empty.db", None)
    assert window.setup_view.group_list.count() == 0
    assert window.setup_view.event_edits["title"].text() == "新赛事"
    for index in range(window.tabs.count()):
        window.tabs.setCurrentIndex(index)
    assert window.last_error == ""
    assert window.rounds_view.pair_next() is None and window.standings_view.table.rowCount() == 0
    bad = tmp_path / "not-an-event.db"
    bad.write_text("hello", encoding="utf-8")
    assert not window.open_event(bad)
    assert window.last_error and window.ev is not None  # the open event stays open


def test_f1_lists_the_keyboard_shortcuts_without_blocking(window, qtbot):
    window.act_keys.trigger()
    dialog = window.shortcuts_dialog
    qtbot.addWidget(dialog)
    assert dialog.isVisible() and not dialog.isModal()
    text = dialog.findChild(type(window.status_label), "shortcuts").text()
    assert "F5" in text and "Ctrl+Z" in text


def test_undo_stops_at_the_event_as_created(window, tmp_path):
    window.new_event(tmp_path / "e.db", "qiwang-2022")
    window.undo()  # creating the event is not undoable: nothing to undo, nothing lost
    assert not window.last_error
    window.tabs.setCurrentWidget(window.players_view)
    window.tabs.setCurrentWidget(window.setup_view)
    assert window.setup_view.group_list.count() == 2


def test_qt_standard_buttons_follow_the_language(window):
    from PySide6.QtWidgets import QDialogButtonBox

    def cancel_text() -> str:
        box = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        return box.button(QDialogButtonBox.StandardButton.Cancel).text()

    assert cancel_text() == "取消"
    window.set_language("en")
    assert cancel_text() == "Cancel"
    window.set_language("zh")
    assert cancel_text() == "取消"


def test_database_passwords_stay_out_of_titles_and_recent_files():
    from app.ui.recent import hide_password as _hide_password

    assert _hide_password("postgresql://arbiter:secret@10.0.0.2/final") == \
        "postgresql://arbiter@10.0.0.2/final"
    assert _hide_password("postgresql://arbiter@host/db") == "postgresql://arbiter@host/db"
    assert _hide_password("/tmp/final.db") == "/tmp/final.db"


def test_the_program_has_its_icon(qapp):
    from app.ui.icons import SIZES, app_icon

    icon = app_icon()
    assert not icon.isNull()
    assert sorted(s.width() for s in icon.availableSizes()) == sorted(SIZES)
    assert not qapp.windowIcon().isNull()


def test_an_internal_fault_is_named_in_the_status_line(window, monkeypatch):
    import sys

    from app.ui.application import report_unexpected

    monkeypatch.setattr(sys, "excepthook", sys.excepthook)
    report_unexpected(window)
    try:
        raise RuntimeError("boom")
    except RuntimeError as error:
        sys.excepthook(type(error), error, error.__traceback__)
    assert "boom" in window.last_error and "内部错误" in window.last_error


def test_a_sub_rankings_prize_table_decides_its_places(window, tmp_path):
    """No number of decisive places, for the group or a sub-ranking: the places its prize
    and title tables reward decide (qiwang 十五1), and editing the sub-ranking keeps them."""
    from app.services.event import Event
    from app.services.ranking import award_scheme

    window.new_event(tmp_path / "e.db", "qiwang-2022")
    view = window.setup_view
    assert view.subrankings.table.columnCount() == 2  # its name and who is ranked
    assert "decisive" not in [key for key, _ in view.rows]
    assert view.subrankings.table.cellWidget(0, 0).text() == "公开组（女子）"
    view.subrankings.table.cellWidget(0, 0).setText("公开组 女子")
    assert view.save_group(), window.last_error
    stored = queries.event_info(window.ev).groups[0].settings
    women = stored.subranking("公开组 女子")
    assert women is not None and women.filter.gender is not None and women.prizes
    rewarded = {place for entry in (*women.prizes, *women.grade_titles)
                for place in range(entry.places.first, entry.places.last + 1)}
    with window.ev.reading() as session:
        group = Event.group(session, stored.name)
        assert award_scheme(group, women).admitted_places == rewarded
        assert award_scheme(group).admitted_places != rewarded  # the group's own tables


def test_text_size_changes_and_is_remembered(window, qapp, settings):
    from app.ui.main_window import MainWindow

    before = qapp.font().pointSizeF()
    try:
        assert window.zoom(2) == before + 2
        assert qapp.font().pointSizeF() == before + 2
        qapp_font = qapp.font()
        qapp_font.setPointSizeF(before)
        qapp.setFont(qapp_font)
        again = MainWindow(settings)  # the size chosen comes back with the next window
        assert qapp.font().pointSizeF() == before + 2
        again.close()
    finally:
        font = qapp.font()
        font.setPointSizeF(before)
        qapp.setFont(font)
        settings.remove("font_size")


def test_fifth_move_offers_of_zero_read_as_declared_at_the_board(window, tmp_path):
    window.new_event(tmp_path / "e.db", "qiwang-2022")
    view = window.setup_view
    view.group_list.setCurrentRow(0)
    view.fifth.setValue(0)
    assert view.fifth.text() == "由假先方申明"  # never a bare 0 offers
    assert view.save_group(), window.last_error
    assert queries.event_info(window.ev).groups[0].settings.fifth_move_offers == 0
    i18n.set_language("en")
    try:
        assert view.fifth.text() == "declared by the tentative black"
    finally:
        i18n.set_language("zh")
    view.fifth.setValue(2)
    assert view.fifth.text() == "2"


def test_fifth_move_offers_are_not_asked_of_an_opening_rule_that_has_none(window, tmp_path):
    """五手N打 is 指定开局's (2013 rules: 三手交换、五手N打): a free-opening group (mindgames
    2016 无禁手组) shows, in its place, that it has no fifth-move offers; Swap2 the same;
    Yamaguchi declares N in each game. The value stays as stored."""
    assert window.new_event(tmp_path / "e.db", "mindgames-2016")
    setup = window.setup_view
    window.tabs.setCurrentWidget(setup)
    names = [g.name for g in queries.event_info(window.ev).groups]
    setup.group_list.setCurrentRow(names.index("无禁手组"))
    note = setup.fifth_field.note
    assert not setup.fifth.isVisibleTo(setup) and note.isVisibleTo(setup)
    assert note.text() == "自由开局没有五手打点（五手N打只用于指定开局）"
    screenshot(setup, "49-setup-free-opening-no-fifth-offers")
    window.act_en.trigger()
    assert note.text().startswith("a free opening has no fifth-move offers")
    window.act_zh.trigger()
    setup.group_list.setCurrentRow(names.index("禁手组"))  # 指定开局: N is the group's
    assert setup.fifth.isVisibleTo(setup) and not note.isVisibleTo(setup)
    assert setup.fifth.text() == "由假先方申明"
    setup.rule_set.setCurrentIndex(setup.rule_set.findData("free"))  # no forbidden moves
    assert not setup.fifth.isVisibleTo(setup) and "对局为自由开局" in note.text()
    setup.rule_set.setCurrentIndex(setup.rule_set.findData("renju"))
    setup.opening.setCurrentIndex(setup.opening.findData("yamaguchi"))
    assert "由假先方每局声明" in note.text()
    setup.opening.setCurrentIndex(setup.opening.findData("swap2"))
    assert note.text().startswith("Swap2 开局没有五手打点")
    assert setup.save_group(), window.last_error
    stored = next(g for g in queries.event_info(window.ev).groups if g.name == "禁手组")
    assert stored.opening == "swap2" and stored.fifth_move_offers == 0  # kept, not asked
