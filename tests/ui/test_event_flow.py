"""A small Swiss event driven through the real main window, as an arbiter would.

New event from a preset, the group cut to two rounds, two qualifier lists imported through
the wizard (checked first, then written), players searched by pinyin, rounds paired with F5,
results typed on the keyboard, standings shown; asserting on the widgets and the event file.
"""

from __future__ import annotations

from PySide6.QtCore import Qt

from app.services import queries
from app.ui import common
from app.wording import code_text, game_code
from tests.ui.helpers import (
    DATA,
    GROUP,
    LISTS,
    add_players,
    import_two_lists,
    screenshot,
    set_up_event,
)


def test_import_wizard_shows_problems_before_writing(window, qtbot, tmp_path):
    set_up_event(window, tmp_path)
    wizard = import_two_lists(window, qtbot)
    assert wizard.files.count() == 2 and "网络入围赛" in wizard.files.item(0).text()
    report = wizard.check()
    assert report is not None and not report.written
    # every problem, row by row, with file and column
    assert wizard.problems.rowCount() == len(report.problems) + len(report.left_out) > 0
    # every row left out by the quota is listed with its reason
    texts = [wizard.problems.item(r, 4).text() for r in range(wizard.problems.rowCount())]
    assert any("名额" in t for t in texts)
    cells = [wizard.problems.item(r, c).text() for r in range(wizard.problems.rowCount())
             for c in range(5)]
    assert "qiwang-2022-period-2.csv" in cells and "出生年月" in cells
    assert "21" in wizard.summary.text()
    assert queries.event_info(window.ev).groups[0].player_count == 0  # nothing written yet
    screenshot(wizard, "02-import-wizard")
    written = wizard.write()
    assert written.written and written.entrants == 21
    assert queries.event_info(window.ev).groups[0].player_count == 21
    assert window.players_view.table.rowCount() == 21


def test_import_wizard_lists_each_row_left_out_in_its_file_and_row_in_one_language(
        window, qtbot, tmp_path):
    set_up_event(window, tmp_path)
    wizard = import_two_lists(window, qtbot)
    report = wizard.check()
    rows = [[wizard.problems.item(r, c).text() for c in range(5)]
            for r in range(wizard.problems.rowCount())]
    left_out = [row for row in rows if row[3] == "未录取"]
    assert len(left_out) == len(report.left_out) > 0
    below = next(row for row in left_out if "名额" in row[4])
    assert below[0] == "qiwang-2022-period-1.csv" and below[1].isdigit()  # file and row
    for row in rows:
        assert str(DATA) not in row[4]  # a list is named by its file, not its folder
        assert " / " not in row[4] and "quota" not in row[4]  # Chinese only
    window.set_language("en")
    wizard.check()
    english = [wizard.problems.item(r, 4).text() for r in range(wizard.problems.rowCount())
               if wizard.problems.item(r, 3).text() == "Left out"]
    assert english and all("名额" not in text for text in english)


def test_import_wizard_file_order_and_sources(window, qtbot, tmp_path):
    set_up_event(window, tmp_path)
    wizard = import_two_lists(window, qtbot)
    wizard.files.setCurrentRow(1)
    wizard._move(-1)
    assert wizard.paths == LISTS[::-1]
    wizard.set_source(0, None)
    assert wizard.sources == [None, "网络入围赛"]
    wizard.files.setCurrentRow(0)
    assert wizard.source.currentData() is None
    wizard._remove()
    assert wizard.paths == [LISTS[0]] and wizard.sources == ["网络入围赛"]


def test_players_search_by_pinyin_sort_edit_and_withdraw(window, qtbot, tmp_path):
    set_up_event(window, tmp_path)
    import_two_lists(window, qtbot).write()
    view = window.players_view
    window.tabs.setCurrentWidget(view)
    qtbot.keyClicks(view.search, "heran")
    assert view.shown_names() == ["何然"]
    view.search.clear()
    qtbot.keyClicks(view.search, "hr")  # initials
    assert "何然" in view.shown_names()
    view.search.clear()
    view.sort_by_pinyin()
    names = view.shown_names()
    assert len(names) == 21
    from app.ui.views.players import pinyin

    assert [pinyin(n) for n in names] == sorted(pinyin(n) for n in names)
    first = queries.players(window.ev, GROUP)[0]
    assert view.select_player(first.id)
    assert view.selected_player().id == first.id
    assert view.edit_player(first.id, unit="绍兴棋院")
    assert queries.players(window.ev, GROUP)[0].unit == "绍兴棋院"
    assert view.withdraw(first.id, 2)
    assert queries.players(window.ev, GROUP)[0].status == "withdrawn"
    assert "第2轮起退赛" in [view.table.item(r, 11).text() for r in range(view.table.rowCount())]
    assert view.reinstate(first.id)
    assert queries.players(window.ev, GROUP)[0].status == "active"
    assert view.add_player(GROUP, name="补报 选手", gender="F") is not None
    assert len(queries.players(window.ev, GROUP)) == 22
    assert view.add_player(GROUP, name="  ") is None and "姓名" in window.last_error
    screenshot(window, "02-players")


def test_pair_with_f5_and_enter_results_by_keyboard(window, qtbot, tmp_path, monkeypatch):
    set_up_event(window, tmp_path)
    import_two_lists(window, qtbot).write()
    view = window.rounds_view
    window.tabs.setCurrentWidget(view)
    window.tabs.setCurrentWidget(view)
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    view.setFocus()
    qtbot.keyClick(view, Qt.Key.Key_F5)
    assert queries.event_info(window.ev).groups[0].rounds_paired == 1
    assert view.table.rowCount() == 11
    assert view.board_texts()[10][5] == "轮空"
    # the board being typed is selected and its players named before the result key
    qtbot.keyClicks(view.entry, "3")
    board3 = queries.round_view(window.ev, GROUP, 1).boards[2]
    assert view.selected_board() == 3
    assert board3.first.name in view.entry_hint.text() and board3.second.name in \
        view.entry_hint.text()
    view.entry.clear()
    # board number, a space, the result key: saved as soon as it is typed
    keys = ["1", "0", "=", "1", "0", "1", "1", "0", "+", "1"]
    for board, key in enumerate(keys, start=1):
        qtbot.keyClicks(view.entry, f"{board} {key}")
        assert view.entry.text() == ""
    stored = queries.round_view(window.ev, GROUP, 1)
    assert [code_text(b.result) for b in stored.boards[:10]] == ["1-0", "0-1", "=", "1-0", "0-1", "1-0",
                                                       "1-0", "0-1", "+-", "1-0"]
    assert stored.complete and view.progress.value() == view.progress.maximum()
    assert "F5" in window.status_label.text()  # the round is complete: pair the next
    assert view.board_texts()[2][4] == "和"  # the result in words, as the papers say it
    assert view.board_texts()[8][4] == "白弃权"
    screenshot(window, "03-rounds")
    # a typo is refused with a message, nothing stored
    qtbot.keyClicks(view.entry, "99 1")
    assert "99" in window.last_error
    view.entry.clear()
    # round 2, results typed on the table itself: key on the selected board, then the next
    view.pair_button.click()
    assert view.current_round_number() == 2
    view.table.setFocus()
    view.table.selectRow(0)
    boards = len(queries.round_view(window.ev, GROUP, 2).boards)
    for _ in range(boards - 1):
        qtbot.keyClick(view.table, "1")
    assert all(b.done for b in queries.round_view(window.ev, GROUP, 2).boards)
    # correcting a round-1 result asks first, and once round 2 is paired warns
    asked: list[str] = []
    monkeypatch.setattr(common, "confirm", lambda _p, _t, text: asked.append(text) or True)
    view.round_box.setCurrentIndex(0)
    assert view.enter_result(1, ["0-1"])
    assert asked == ["第1台已有结果 黑胜。\n改为 白胜？"]  # in words, never the codes
    assert code_text(queries.round_view(window.ev, GROUP, 1).boards[0].result) == "0-1"
    assert "原结果" in window.banner_message()  # later rounds were paired on the old result
    # undo brings the old result back
    window.undo()
    assert code_text(queries.round_view(window.ev, GROUP, 1).boards[0].result) == "1-0"


def test_standings_after_two_rounds(window, qtbot, tmp_path):
    set_up_event(window, tmp_path)
    import_two_lists(window, qtbot).write()
    rounds = window.rounds_view
    window.tabs.setCurrentWidget(rounds)
    for number in (1, 2):
        assert rounds.pair_next() is not None, window.last_error
        info = queries.round_view(window.ev, GROUP, number)
        for board in info.boards:
            if board.second is not None:
                assert rounds.enter_result(board.number, ["1-0"]), window.last_error
    view = window.standings_view
    window.tabs.setCurrentWidget(view)
    texts = view.standings_texts()
    assert len(texts) == 21
    headers = [view.table.horizontalHeaderItem(c).text() for c in range(view.table.columnCount())]
    assert headers[:4] == ["名次", "姓名", "单位", "积分"]
    assert "对手分" in headers and "中间对手分" in headers and "胜局" in headers
    assert texts[0][0].startswith("1")
    assert texts[0][3] == "4"
    # shared places are shown with "=" and ties at prize places ask for a playoff
    assert any(row[0].endswith("=") for row in texts) or view.needs.count() > 0
    labels = [view.which.itemText(i) for i in range(view.which.count())]
    assert "公开组（女子）" in labels
    view.which.setCurrentIndex(labels.index("公开组（女子）"))
    women = view.standings_texts()
    assert 0 < len(women) < 21
    view.which.setCurrentIndex(0)
    screenshot(window, "05-standings")


def test_a_board_game_recorded_by_clicks_fills_the_result(window, qtbot, tmp_path):
    from tests.ui.helpers import DECLARED_FOUL_GAME, play_clicks

    set_up_event(window, tmp_path)
    import_two_lists(window, qtbot).write()
    rounds = window.rounds_view
    window.tabs.setCurrentWidget(rounds)
    assert rounds.pair_next() is not None
    rounds.select_board(1)
    rounds.record_button.click()
    board = window.board_view
    assert window.tabs.currentWidget() is board
    assert board.link == (GROUP, 1, 1, 1)
    first = queries.round_view(window.ev, GROUP, 1).boards[0].first
    assert first.name in board.link_label.text()
    play_clicks(qtbot, board, DECLARED_FOUL_GAME)
    assert code_text(queries.round_view(window.ev, GROUP, 1).boards[0].result) == ""  # foul not claimed yet
    board.claim.click()
    stored = queries.round_view(window.ev, GROUP, 1).boards[0]
    assert code_text(stored.result) == "0-1"  # black (the first mover) lost by the claimed foul
    assert stored.games[0].moves.startswith("h8h9j8") and stored.games[0].ending == "foul"
    assert f"后手胜（{stored.second.name}胜）" in board.link_label.text()  # words, not 0-1
    screenshot(window, "04-board-linked")
    # the rounds view shows it too, and the game is loaded again from the file
    window.tabs.setCurrentWidget(rounds)
    assert rounds.board_texts()[0][4] == "白胜"
    board.new_game()
    assert board.link_board(GROUP, 1, 1, 1)
    assert len(board.game.moves) == 9 and board.game.result is not None


def test_playoff_created_played_and_ordered(window, qtbot, tmp_path):
    set_up_event(window, tmp_path)
    import_two_lists(window, qtbot).write()
    rounds = window.rounds_view
    window.tabs.setCurrentWidget(rounds)
    for number in (1, 2):
        assert rounds.pair_next() is not None, window.last_error
        for board in queries.round_view(window.ev, GROUP, number).boards:
            if board.second is not None:
                assert rounds.enter_result(board.number, ["1-0"]), window.last_error
    view = window.standings_view
    window.tabs.setCurrentWidget(view)
    assert view.create_button.isEnabled()
    need_text = view.needs.item(0).text()
    place = view.needs.item(0).data(Qt.ItemDataRole.UserRole)
    playoff_id = view.create_selected_playoff()
    assert playoff_id is not None, window.last_error
    assert view.playoff_list.count() == 1 and f"第{place}名" in view.playoff_list.item(0).text()
    assert "→" in view.playoff_label.toPlainText()
    # the first playoff game is played on the board: black fouls, white claims it
    from tests.ui.helpers import DECLARED_FOUL_GAME, play_clicks

    view.board_button.click()
    board = window.board_view
    assert window.tabs.currentWidget() is board and board.playoff_link is not None
    assert f"第{place}名" in board.link_label.text()
    play_clicks(qtbot, board, DECLARED_FOUL_GAME)
    board.claim.click()
    window.tabs.setCurrentWidget(view)
    first_game = view.current_playoff().games[0]
    assert game_code(first_game.result) == "0-1"
    for _ in range(30):
        info = view.current_playoff()
        if info.order:
            break
        view.result_buttons["1-0"].click()
    info = view.current_playoff()
    assert info.order, need_text
    assert "已决出" in view.playoff_list.item(0).text()
    assert not view.result_buttons["1-0"].isEnabled()
    # the playoff's order is the order of those players in the standings
    texts = view.standings_texts()
    order = [p.name for p in info.order]
    shown = [row[1] for row in texts if row[1] in order]
    assert shown == order
    screenshot(window, "05-standings-playoff")


def test_a_list_with_errors_is_written_only_when_valid_rows_are_asked_for(window, qtbot,
                                                                          tmp_path):
    assert window.new_event(tmp_path / "e.db", "mindgames-2016")
    window.tabs.setCurrentWidget(window.players_view)
    window.players_view.import_button.click()
    wizard = window.players_view.import_wizard
    qtbot.addWidget(wizard)
    wizard.add_files([DATA / "mindgames-2016-messy.csv"])
    wizard.group.setCurrentIndex(wizard.group.findData("禁手组"))
    report = wizard.check()
    errors = [p for p in report.problems if p.severity == "error"]
    assert errors and wizard.problems.rowCount() == len(report.problems)
    texts = [wizard.problems.item(r, 4).text() for r in range(wizard.problems.rowCount())]
    assert any("校验位" in t for t in texts) and any("姓名为空" in t for t in texts)
    assert "错误" in [wizard.problems.item(r, 3).text() for r in range(len(texts))]
    assert not wizard.write().written
    assert "未写入" in wizard.summary.text()
    assert queries.players(window.ev, "禁手组") == []
    wizard.valid_only.setChecked(True)
    written = wizard.write()
    assert written.written
    assert len(queries.players(window.ev, "禁手组")) == written.entrants > 0
    assert window.players_view.table.rowCount() == written.entrants
    screenshot(wizard, "02-import-errors")


def test_players_view_says_a_late_entry_and_the_absences_in_words(window, qtbot, tmp_path):
    """The 状态 column names a late entry's first round and each absence entered ahead in the
    arbiter's words (第3轮请假半分), never the stored kind (half_bye)."""
    set_up_event(window, tmp_path, rounds=3)
    add_players(window, GROUP, 4)
    window.tabs.setCurrentWidget(window.rounds_view)
    window.rounds_view.pair_next()
    qtbot.waitUntil(lambda: queries.round_view(window.ev, GROUP, 1) is not None, timeout=10_000)
    view = window.players_view
    window.tabs.setCurrentWidget(view)
    late = view.add_player(GROUP, name="迟到 选手")
    assert late is not None, window.last_error
    first = queries.players(window.ev, GROUP)[0]
    assert view.set_absence(first.id, 3, "half_bye"), window.last_error
    states = {view.table.item(r, 1).text(): view.table.item(r, 11).text()
              for r in range(view.table.rowCount())}
    assert states[first.name] == "在赛（第3轮请假半分）"
    assert states["迟到 选手"] == "在赛（迟到报名，第2轮起参赛）"
    assert not any("half_bye" in text or "R3" in text for text in states.values())
    screenshot(view, "players-late-entry-and-absence")


def test_a_list_without_a_group_column_says_its_rows_name_no_group(window, qtbot, tmp_path,
                                                                   monkeypatch):
    """A period list (GBK, Chinese headers, no 组别 column) checked into a two-group event with
    the group left to the list: each row is refused saying the row names no group and which
    groups to choose from — not 组别“”不在本赛事中 — and nothing is written; with 公开组 chosen
    it imports."""
    set_up_event(window, tmp_path)
    listed = tmp_path / "第1期.csv"
    listed.write_text("名次,姓名,性别,代表队,积分,胜局\r\n1,张伟,男,绍兴棋院,60,16\r\n"
                      "2,欧阳晓燕,女,杭州五子棋协会,58,15\r\n", encoding="gbk")
    players = window.players_view
    window.tabs.setCurrentWidget(players)
    players.import_button.click()
    wizard = players.import_wizard
    qtbot.addWidget(wizard)
    monkeypatch.setattr(common, "ask_open_paths", lambda *_a: [listed])
    wizard.add.click()
    wizard.files.setCurrentRow(0)
    wizard.source.setCurrentIndex(wizard.source.findText("网络入围赛"))
    assert wizard.group.currentData() is None  # (按名单判断)
    wizard.check_button.click()
    errors = [[wizard.problems.item(r, c).text() for c in range(5)]
              for r in range(wizard.problems.rowCount())
              if wizard.problems.item(r, 3).text() == "错误"]
    assert [row[:3] for row in errors] == [["第1期.csv", "2", "组别"], ["第1期.csv", "3", "组别"]]
    for row in errors:
        assert row[4] == "本行没有组别（名单无“组别”列或此格为空）；请指定导入的组别（公开组、少儿组）"
    screenshot(wizard, "import/no-group-column")
    wizard.import_button.click()
    assert queries.event_info(window.ev).groups[0].player_count == 0
    wizard.group.setCurrentIndex(wizard.group.findData(GROUP))
    wizard.check_button.click()
    wizard.import_button.click()
    assert [p.name for p in queries.players(window.ev, GROUP)] == ["张伟", "欧阳晓燕"]
