"""The Round menu and toolbar (each action enabled only when it can succeed, the reason
otherwise), refusals in the banner, and result entry that cannot go wrong silently."""

from __future__ import annotations

from PySide6.QtCore import Qt

from app.services import queries
from app.ui import common
from app.ui.views.rounds_entry import parse_entry
from app.wording import code_text
from tests.ui.helpers import (
    DECLARED_FOUL_GAME,
    GROUP,
    SWAPPED_BLACK_FIVE,
    import_two_lists,
    play_clicks,
    screenshot,
    set_up_event,
)


def test_result_keys_cover_every_result_the_rules_know() -> None:
    assert parse_entry("12 1", 1) == (12, ["1-0"])
    assert parse_entry("12 t0", 1) == (12, ["0-1t"])  # the first mover lost on time
    assert parse_entry("4 *", 1) == (4, ["--"])
    assert parse_entry("4 -", 1) == (4, ["-+"])
    assert parse_entry("3 1", 2) is None  # a double-game round needs game 2 too
    assert parse_entry("3 1t0", 2) == (3, ["1-0", "0-1t"])
    assert parse_entry("3 +", 2) == (3, ["+-"])  # a forfeit settles the whole round
    assert parse_entry("3 t1", 2) == (3, ["1-0t"])  # a loss on time in game 1 too
    assert parse_entry("3 t", 1) is None  # still typing


def test_f1_lists_every_result_code(window) -> None:
    window.show_shortcuts()
    text = window.shortcuts_dialog.findChild(object, "shortcuts").text()
    for code in ("1-0", "0-1", "=", "+-", "-+", "--", "1-0t", "p1", "1 / = / 0"):
        assert code in text


def paired_round(window, qtbot, tmp_path):  # type: ignore[no-untyped-def]
    set_up_event(window, tmp_path)
    import_two_lists(window, qtbot).write()
    view = window.rounds_view
    window.tabs.setCurrentWidget(view)
    return view


def test_round_actions_say_why_they_cannot_run(window, qtbot, tmp_path, monkeypatch) -> None:
    view = paired_round(window, qtbot, tmp_path)
    assert window.act_pair.isEnabled() and view.pair_button.isEnabled()
    assert not window.act_unpair.isEnabled() and "还没有编排" in window.act_unpair.toolTip()
    assert not window.act_playoff.isEnabled() and "尚未全部结束" in window.act_playoff.toolTip()
    assert not window.act_swap.isEnabled()
    window.act_pair.trigger()  # F5
    assert view.current_round_number() == 1
    assert view.selected_board() == 1  # a freshly paired round opens at board 1
    assert window.act_unpair.isEnabled() and window.act_swap.isEnabled()
    assert not window.act_pair.isEnabled() and "没有结果" in window.act_pair.toolTip()
    assert view.headers()[2] == "轮前积分" and view.board_texts()[0][2] == "0"
    screenshot(window, "05-round-menu")
    qtbot.keyClicks(view.entry, "1 1")
    assert not window.act_unpair.isEnabled() and "已有结果" in window.act_unpair.toolTip()
    assert not window.act_swap.isEnabled()
    # a refusal (here asked for directly) is shown in the banner above the views
    assert not view.unpair_last()
    assert "已有结果" in window.banner_message()
    # Ctrl+Z in the entry box takes back the stored result; Ctrl+Y brings it back
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    view.entry.setFocus()
    qtbot.keyClick(view.entry, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert code_text(queries.round_view(window.ev, GROUP, 1).boards[0].result) == ""
    qtbot.keyClick(view.entry, Qt.Key.Key_Y, Qt.KeyboardModifier.ControlModifier)
    assert code_text(queries.round_view(window.ev, GROUP, 1).boards[0].result) == "1-0"
    # retyping a board with a result asks first; "no" keeps it
    asked: list[str] = []
    monkeypatch.setattr(common, "confirm", lambda _p, _t, text: asked.append(text) or False)
    qtbot.keyClicks(view.entry, "1 0")
    assert asked and code_text(queries.round_view(window.ev, GROUP, 1).boards[0].result) == "1-0"
    view.entry.setText("")
    # a loss on time by key
    qtbot.keyClicks(view.entry, "2 t0")
    assert code_text(queries.round_view(window.ev, GROUP, 1).boards[1].result) == "0-1t"
    # the last round: the status line says the group is finished, playoffs may follow
    boards = queries.round_view(window.ev, GROUP, 1).boards
    for board in boards[2:]:
        if not board.done:
            qtbot.keyClicks(view.entry, f"{board.number} =")
    window.act_pair.trigger()
    assert view.current_round_number() == 2 and view.selected_board() == 1
    points = {row[1]: row[2] for row in view.board_texts()}
    assert any(p not in ("0", "") for p in points.values())  # points before round 2
    for board in queries.round_view(window.ev, GROUP, 2).boards:
        if not board.done:
            qtbot.keyClicks(view.entry, f"{board.number} 1")
    assert "比赛已全部结束" in window.status_label.text()
    assert "F5" not in window.status_label.text()
    assert not window.act_pair.isEnabled() and "已全部编排" in window.act_pair.toolTip()
    assert window.act_playoff.isEnabled()
    window.act_playoff.trigger()
    assert window.tabs.currentWidget() is window.standings_view


def test_a_game_on_the_board_asks_before_it_changes_a_typed_result(window, qtbot, tmp_path,
                                                                   monkeypatch) -> None:
    view = paired_round(window, qtbot, tmp_path)
    assert view.pair_next() is not None
    qtbot.keyClicks(view.entry, "1 1")  # typed from the slip: the first mover won
    board = window.board_view
    assert board.link_board(GROUP, 1, 1, 1)
    first = queries.round_view(window.ev, GROUP, 1).boards[0].first
    assert f"黑：{first.name}" in board.link_label.text()  # who holds black, by name
    asked: list[str] = []
    monkeypatch.setattr(common, "confirm", lambda _p, _t, text: asked.append(text) or False)
    play_clicks(qtbot, board, DECLARED_FOUL_GAME)
    board.claim.click()  # black's foul: the game says 0-1
    # in words, never the codes (1-0 typed, the game said 0-1)
    second = queries.round_view(window.ev, GROUP, 1).boards[0].second
    assert asked == [f"该台已有成绩 黑胜；本局结果为 后手胜（{second.name}胜）。\n用本局结果替换？"]
    assert code_text(queries.round_view(window.ev, GROUP, 1).boards[0].result) == "1-0"  # kept
    monkeypatch.setattr(common, "confirm", lambda *_a: True)
    assert board.save() == "0-1"
    assert code_text(queries.round_view(window.ev, GROUP, 1).boards[0].result) == "0-1"


def test_after_the_swap_the_board_says_who_won_by_name(window, qtbot, tmp_path,
                                                       monkeypatch) -> None:
    view = paired_round(window, qtbot, tmp_path)
    assert view.pair_next() is not None
    qtbot.keyClicks(view.entry, "1 1")  # typed from the slip: the first mover won
    stored = queries.round_view(window.ev, GROUP, 1).boards[0]
    board = window.board_view
    assert board.link_board(GROUP, 1, 1, 1)
    asked: list[str] = []
    monkeypatch.setattr(common, "confirm", lambda _p, _t, text: asked.append(text) or True)
    play_clicks(qtbot, board, SWAPPED_BLACK_FIVE)
    # black (the second mover, after the swap) made five: the first mover lost, 0-1
    # in words, never the code: the board had 黑胜 (typed 1), the game ended 后手胜
    assert asked == [f"该台已有成绩 黑胜；本局结果为 后手胜（{stored.second.name}胜）。\n用本局结果替换？"]
    assert code_text(queries.round_view(window.ev, GROUP, 1).boards[0].result) == "0-1"
    header = board.link_label.text()
    assert f"黑：{stored.second.name}" in header
    assert f"后手胜（{stored.second.name}胜）" in header  # not a bare 白胜 beside 黑 …
    assert "0-1" not in header and "1-0" not in header


def test_every_view_forgets_the_last_event_when_another_opens(window, qtbot, tmp_path) -> None:
    view = paired_round(window, qtbot, tmp_path)
    assert view.pair_next() is not None
    window.board_view.link_board(GROUP, 1, 1, 1)
    other = tmp_path / "other.db"
    assert window.new_event(other, "shenzhen-2022")
    assert window.board_view.link is None
    window.tabs.setCurrentWidget(view)
    names = [view.group.itemText(i) for i in range(view.group.count())]
    assert GROUP not in names and view.current_round_number() is None
    assert view.table.rowCount() == 0
    assert not window.act_unpair.isEnabled()
