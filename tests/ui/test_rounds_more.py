"""Rounds beyond the plain single game: double-game rounds, team matches, manual changes."""

from __future__ import annotations

from PySide6.QtCore import Qt

from app.rules.protocols import Protocol
from app.services import queries
from app.wording import code_text, game_code
from tests.ui.helpers import add_players, screenshot, select_group


def test_double_game_rounds_take_two_keys(window, qtbot, tmp_path):
    """双盘制 (shenzhen 大众规则): each board takes two results, first mover first."""
    assert window.new_event(tmp_path / "sz.db", "shenzhen-2022")
    group = "男子组（大众规则·线上初赛）"
    add_players(window, group, 6)
    view = window.rounds_view
    window.tabs.setCurrentWidget(view)
    select_group(view, group)
    assert view.entry_games() == 2
    assert view.pair_next() is not None, window.last_error
    qtbot.keyClicks(view.entry, "1 1")
    assert view.entry.text() == "1 1"  # one key is not a whole double-game result yet
    qtbot.keyClicks(view.entry, "=")
    assert view.entry.text() == ""
    board = queries.round_view(window.ev, group, 1).boards[0]
    assert [game_code(g.result) for g in board.games] == ["1-0", "="]
    assert board.result  # won 1 drew 1: the round is won
    # the board's result once (it was shown twice: 1-0 =  (1-0 =)), in the words the
    # results list prints (黑胜／和 2:0: each game, then the round's points), never the code
    assert view.board_texts()[0][4] == "黑胜／和 2:0"
    assert window.status_label.text() == "第1台：黑胜／和 2:0"
    # a loss on time in game 2 (typed t0: its first mover, the second-named, lost on time;
    # the first-named won both games)
    qtbot.keyClicks(view.entry, "2 1t0")
    assert view.entry.text() == ""
    assert code_text(queries.round_view(window.ev, group, 1).boards[1].result) == "1-0 0-1t"
    assert view.board_texts()[1][4] == "黑胜／白胜（黑超时） 2:0"
    assert window.status_label.text() == "第2台：黑胜／白胜（黑超时） 2:0"
    qtbot.keyClicks(view.entry, "2")  # the hint names the board's result in words
    assert view.entry_hint.text().endswith("【黑胜／白胜（黑超时） 2:0】")
    view.entry.clear()
    window.set_language("en")
    assert view.board_texts()[1][4] == "black won / white won (black lost on time) 2:0"
    window.set_language("zh")
    for row in view.board_texts():
        assert "1-0" not in row[4] and "0-1" not in row[4]


def test_team_matches_register_teams_and_take_one_key_per_board(window, qtbot, tmp_path):
    """分台定人制 (huazhi 2021): teams in board order, one result per board."""
    assert window.new_event(tmp_path / "hz.db", "huazhi-2021")
    players = window.players_view
    window.tabs.setCurrentWidget(players)
    select_group(players, "决赛")
    assert not players.team_button.isHidden()
    for i in range(4):
        assert players.add_team("决赛", f"队伍{i + 1}", [(f"甲{i}", "M"), (f"乙{i}", "M"),
                                                       (f"丙{i}", "F")]) is not None, \
            window.last_error
    assert players.teams.count() == 4 and "1. 甲0" in players.teams.item(0).text()
    # the regulation's team make-up is checked by the service, shown as an error here
    assert players.add_team("决赛", "坏队", [("甲", "M")]) is None and window.last_error
    # in the dialog, a refused line-up stays as typed, the reason beside it
    dialog = players.team_dialog_for("决赛")
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.name.setText("坏队")
    dialog.members.setPlainText("甲 男")
    dialog.accept()
    assert dialog.isVisible() and dialog.error.text()
    assert dialog.name.text() == "坏队" and dialog.members.toPlainText() == "甲 男"
    dialog.reject()
    assert players.teams.count() == 4
    view = window.rounds_view
    window.tabs.setCurrentWidget(view)
    select_group(view, "决赛")
    assert view.pair_next() is not None, window.last_error
    assert view.board_texts()[0][1] == "队伍1"
    assert view.report.toPlainText().splitlines()[0] == "名次段 1-4: 第1场"  # one language
    assert view.board_texts()[0][2] == "1–4名"  # the places the match decides, not a score
    window.set_language("en")
    assert view.board_texts()[0][2] == "places 1–4"
    window.set_language("zh")
    assert "甲" in view.board_texts()[0][5]  # the match's line-up, board by board
    assert view.entry_games() == 3
    qtbot.keyClicks(view.entry, "1 101")
    assert view.entry.text() == "1 101"  # a team match waits for Enter
    qtbot.keyClick(view.entry, Qt.Key.Key_Return)
    assert view.entry.text() == ""
    assert code_text(queries.round_view(window.ev, "决赛", 1).boards[0].result) == "1-0"
    # a level match waits for the captains' playoff (主将加赛), typed after "p"
    qtbot.keyClicks(view.entry, "2 1=0")
    qtbot.keyClick(view.entry, Qt.Key.Key_Return)
    assert code_text(queries.round_view(window.ev, "决赛", 1).boards[1].result) == ""
    assert "主将" in window.status_label.text()
    assert view.board_texts()[1][3].startswith("战平，需主将加赛")  # the list says so too
    qtbot.keyClicks(view.entry, "2 1=0 p0")
    qtbot.keyClick(view.entry, Qt.Key.Key_Return)
    assert view.entry.text() == "", window.last_error
    decided = queries.round_view(window.ev, "决赛", 1).boards[1]
    assert code_text(decided.result) in ("1-0", "0-1") and len(decided.games) == 4  # 3 boards + playoff
    assert view.board_texts()[1][2] == "3:3 主将加赛"  # the game points, then the playoff
    window.set_language("en")
    assert view.board_texts()[1][2] == "3:3 captains' playoff"
    assert view.board_texts()[0][2] == "6:0"
    window.set_language("zh")
    window.tabs.setCurrentWidget(view)
    screenshot(window, "06-team-rounds")
    window.tabs.setCurrentWidget(players)
    screenshot(window, "06-teams")


def test_manual_swap_and_exchange_show_the_rules_they_break(window, tmp_path):
    assert window.new_event(tmp_path / "e.db", "qiwang-2022")
    add_players(window, "公开组", 8)
    view = window.rounds_view
    window.tabs.setCurrentWidget(view)
    select_group(view, "公开组")
    assert view.pair_next() is not None
    before = queries.round_view(window.ev, "公开组", 1).boards[0]
    view.select_board(1)
    warnings = view.swap_selected()
    assert warnings is not None
    after = queries.round_view(window.ev, "公开组", 1).boards[0]
    assert (after.first.id, after.second.id) == (before.second.id, before.first.id)
    warnings = view.exchange(1, "first", 2, "second")
    assert warnings is not None
    assert view.report.toPlainText()  # the pairing report shows the change
    window.undo()
    window.undo()
    assert queries.round_view(window.ev, "公开组", 1).boards[0].first.id == before.first.id
    assert view.unpair_last()
    assert queries.event_info(window.ev).groups[0].rounds_paired == 0
    assert view.table.rowCount() == 0


def test_absence_and_late_entry_in_the_players_view(window, tmp_path):
    assert window.new_event(tmp_path / "e.db", "qiwang-2022")
    add_players(window, "公开组", 4)
    view = window.players_view
    window.tabs.setCurrentWidget(view)
    first = queries.players(window.ev, "公开组")[0]
    assert view.set_absence(first.id, 2, "half_bye")
    assert queries.players(window.ev, "公开组")[0].absences == {2: "half_bye"}
    states = [view.table.item(r, 11).text() for r in range(view.table.rowCount())]
    # the arbiter reads the round and the reason in words, never a code such as R2:half_bye
    assert "在赛（第2轮请假半分）" in states
    assert not any("half_bye" in text or "R2" in text for text in states)
    assert not view.set_absence(first.id, 2, "nonsense") and window.last_error


def test_double_game_round_recorded_on_the_board_game_by_game(window, qtbot, tmp_path):
    """Game 2 of a double-game round: colours exchanged, the board's result from both."""
    from tests.ui.helpers import play_clicks

    assert window.new_event(tmp_path / "sz.db", "shenzhen-2022")
    group = "男子组（大众规则·线上初赛）"
    add_players(window, group, 4)
    rounds = window.rounds_view
    window.tabs.setCurrentWidget(rounds)
    select_group(rounds, group)
    assert rounds.pair_next() is not None
    board = window.board_view
    assert board.link_board(group, 1, 1, 1)
    assert board.protocol_panel.chosen_protocol() is Protocol.FREE  # 大众规则: free opening
    black_five = ["h8", "a1", "h9", "a2", "h10", "a3", "h11", "a4", "h12"]
    play_clicks(qtbot, board, black_five)
    assert board.game.result is not None
    games = queries.round_view(window.ev, group, 1).boards[0].games
    assert game_code(games[0].result) == "1-0"
    assert queries.round_view(window.ev, group, 1).boards[0].result is None
    board.game_index.setValue(2)
    assert board.link == (group, 1, 1, 2) and board.game.moves == ()
    play_clicks(qtbot, board, black_five)  # black is the second mover in game 2
    stored = queries.round_view(window.ev, group, 1).boards[0]
    # black first, per game
    assert [game_code(g.result) for g in stored.games][:2] == ["1-0", "1-0"]
    assert stored.result  # one game each: the round is decided
    window.tabs.setCurrentWidget(rounds)
    # each game in words, black first per game, then the round's points (one game each)
    assert rounds.board_texts()[0][4] == "黑胜／黑胜 1:1"


def test_views_switch_with_ctrl_and_a_number(window, qtbot, tmp_path):
    assert window.new_event(tmp_path / "e.db", "qiwang-2022")
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    for index, key in enumerate((Qt.Key.Key_1, Qt.Key.Key_2, Qt.Key.Key_3, Qt.Key.Key_4,
                                 Qt.Key.Key_5)):
        qtbot.keyClick(window, key, Qt.KeyboardModifier.ControlModifier)
        assert window.tabs.currentIndex() == index


def test_player_and_team_dialogs_give_the_fields_the_services_take(window, qtbot, tmp_path):
    from app.ui.player_dialog import PlayerDialog, TeamDialog

    assert window.new_event(tmp_path / "e.db", "qiwang-2022")
    add_players(window, "公开组", 1)
    player = queries.players(window.ev, "公开组")[0]
    dialog = PlayerDialog(window, player, ["公开组", "少儿组"], "公开组")
    qtbot.addWidget(dialog)
    assert not dialog.group.isEnabled()  # a player stays in the group
    dialog.edits["unit"].setText("绍兴棋院")
    dialog.edits["birth_date"].setText("2001-02-03")
    group, fields = dialog.values()
    assert group == "公开组" and fields == {"unit": "绍兴棋院", "birth_date": "2001-02-03"}
    assert window.players_view.edit_player(player.id, **fields)
    assert str(queries.players(window.ev, "公开组")[0].birth_date) == "2001-02-03"
    late = PlayerDialog(window, None, ["公开组", "少儿组"], "少儿组")
    qtbot.addWidget(late)
    late.edits["name"].setText("王小明")
    late.gender.setCurrentIndex(late.gender.findData("M"))
    group, fields = late.values()
    assert group == "少儿组" and fields["name"] == "王小明" and fields["gender"] == "M"
    team = TeamDialog(window)
    qtbot.addWidget(team)
    team.name.setText("绍兴队")
    team.members.setPlainText("张 三 男\n李四 女\n\n王五")
    assert team.values() == ("绍兴队", "", [("张 三", "M"), ("李四", "F"), ("王五", "")])


def test_a_team_knockout_says_when_a_round_and_the_group_are_complete(window, qtbot, tmp_path):
    """The last match of a round says F5 pairs the next; after the bracket's last round the
    group is finished and F5 says why it is disabled (4 teams: 2 rounds)."""
    assert window.new_event(tmp_path / "hz.db", "huazhi-2021")
    players = window.players_view
    window.tabs.setCurrentWidget(players)
    select_group(players, "决赛")
    for i in range(4):
        assert players.add_team("决赛", f"队伍{i + 1}", [(f"甲{i}", "M"), (f"乙{i}", "M"),
                                                       (f"丙{i}", "F")]) is not None
    view = window.rounds_view
    window.tabs.setCurrentWidget(view)
    select_group(view, "决赛")
    for number in (1, 2):
        assert view.pair_next() is not None, window.last_error
        for match in (1, 2):
            qtbot.keyClicks(view.entry, f"{match} 101")
            qtbot.keyClick(view.entry, Qt.Key.Key_Return)
        if number == 1:
            assert "按 F5 编排下一轮" in window.status_label.text()
    assert "比赛已全部结束" in window.status_label.text()
    assert not window.act_pair.isEnabled() and "共2轮" in window.act_pair.toolTip()


def test_save_pdf_and_record_wait_for_a_round_and_a_board(window, qtbot, tmp_path):
    """Nothing paired: 存为 PDF and 在棋盘上记录 are disabled and say why."""
    assert window.new_event(tmp_path / "hz.db", "huazhi-2021")
    view = window.rounds_view
    window.tabs.setCurrentWidget(view)
    select_group(view, "决赛")
    for button in (view.pdf_button, view.record_button):
        assert not button.isEnabled() and "尚未编排" in button.toolTip()


def test_the_pairing_report_speaks_the_language_shown():
    """Report lines are stored in both languages; the window shows one."""
    from app.ui import i18n

    lines = ["名次段 1-8: 第1场 / places 1-8: match 1", "同单位 北京: 张三、李四 第2轮 / same "
             "unit 北京: 张三、李四 round 2", "第3台 同单位相遇（北京）/ board 3: same unit meets "
             "(北京)", "抽签种子 42 / draw seed: 42", "一行中文", "plain English"]
    i18n.set_language("zh")
    assert [i18n.one_language(line) for line in lines] == [
        "名次段 1-8: 第1场", "同单位 北京: 张三、李四 第2轮", "第3台 同单位相遇（北京）",
        "抽签种子 42", "一行中文", "plain English"]
    i18n.set_language("en")
    try:
        assert [i18n.one_language(line) for line in lines] == [
            "places 1-8: match 1", "same unit 北京: 张三、李四 round 2",
            "board 3: same unit meets (北京)", "draw seed: 42", "一行中文", "plain English"]
    finally:
        i18n.set_language("zh")


def test_a_result_typed_into_a_fresh_round_is_shown_whole(window, qtbot, tmp_path):
    """The result column, sized while the round had no results, widens for 0-1t."""
    from tests.ui.helpers import set_up_event

    set_up_event(window, tmp_path)
    add_players(window, "公开组", 6)
    view = window.rounds_view
    window.tabs.setCurrentWidget(view)
    assert view.pair_next() is not None, window.last_error
    qtbot.keyClicks(view.entry, "1 t0")
    assert view.board_texts()[0][4] == "白胜（黑超时）"
    assert view.table.columnWidth(4) >= view.table.sizeHintForColumn(4)  # no "0…"


def test_the_pairing_report_speaks_the_window_s_language(window, qtbot, tmp_path):
    """Each report line is stored in both languages; the view shows one, and a change by hand
    names the seats as the arbiter does (先手 / 后手), not by the program's words."""
    from tests.ui.helpers import set_up_event

    set_up_event(window, tmp_path)
    add_players(window, "公开组", 6)
    view = window.rounds_view
    window.tabs.setCurrentWidget(view)
    assert view.pair_next() is not None, window.last_error
    assert view.exchange(1, "first", 2, "second") is not None, window.last_error
    text = view.report.toPlainText()
    assert "人工调整：第1台先手 ↔ 第2台后手" in text
    assert " / " not in text and "first" not in text and "by hand" not in text
    window.set_language("en")
    english = view.report.toPlainText()
    assert "players exchanged by hand: board 1 first mover ↔ board 2 second mover" in english
    assert "人工" not in english


def test_the_rounds_view_says_who_sits_the_round_out(window, tmp_path):
    """A player on a bye requested in advance has no board: the round's report below the
    pairings names him and why, in the language shown."""
    assert window.new_event(tmp_path / "e.db", "qiwang-2022")
    add_players(window, "公开组", 5)
    first = queries.players(window.ev, "公开组")[0]
    assert window.players_view.set_absence(first.id, 1, "half_bye")
    rounds = window.rounds_view
    window.tabs.setCurrentWidget(rounds)
    select_group(rounds, "公开组")
    assert rounds.pair_next() is not None, window.last_error
    report = rounds.report.toPlainText()
    assert f"本轮不参加编排：1号 {first.name}（请假半分）" in report
    window.set_language("en")
    assert f"{first.name} (no. 1, half-point bye)" in rounds.report.toPlainText()


def test_the_bye_in_the_pairing_report_is_said_in_the_language_shown(window, qtbot, tmp_path):
    """Five players: the pairing report's bye line, stored in both languages with the player's
    name first in each, is shown in one (周杰（5号） 轮空, not "… 轮空 / … receives the
    pairing-allocated bye")."""
    from app.ui import i18n
    from tests.ui.helpers import set_up_event

    set_up_event(window, tmp_path)
    add_players(window, "公开组", 5)
    view = window.rounds_view
    window.tabs.setCurrentWidget(view)
    assert view.pair_next() is not None, window.last_error
    bye = next(row for row in view.board_texts() if row[4] == "轮空")[1].split(". ")[1]
    report = view.report.toPlainText()
    assert f"{bye}（" in report and "轮空" in report
    assert " / " not in report and "receives" not in report
    window.set_language("en")
    try:
        report = view.report.toPlainText()
        assert "receives the pairing-allocated bye" in report and "轮空" not in report
    finally:
        i18n.set_language("zh")
