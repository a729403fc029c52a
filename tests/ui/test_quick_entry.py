"""Quick result entry in the rounds view when the arbiter types wrong (issue 25): a refused
entry is selected so the next one replaces it, its reason stays beside the box, the banner
goes with the next result stored; the same result typed again asks nothing and writes
nothing."""

from __future__ import annotations

import pytest

from app.services import queries
from app.wording import code_text
from tests.ui.helpers import add_players, set_up_event


@pytest.fixture
def view(window, tmp_path):  # type: ignore[no-untyped-def]
    set_up_event(window, tmp_path)
    add_players(window, "公开组", 6)
    rounds = window.rounds_view
    window.tabs.setCurrentWidget(rounds)
    assert rounds.pair_next() is not None, window.last_error
    rounds.entry.setFocus()
    return rounds


def _board_results(window) -> list[str]:  # type: ignore[no-untyped-def]
    return [code_text(b.result) for b in queries.round_view(window.ev, "公开组", 1).boards]


def test_a_refused_entry_is_replaced_by_the_next_one_typed(window, qtbot, view):  # type: ignore[no-untyped-def]
    qtbot.keyClicks(view.entry, "99 1")
    assert view.entry.text() == "99 1" and view.entry.selectedText() == "99 1"
    assert "99" in view.entry_error.text() and view.entry_error.isVisible()
    assert window.banner_message()
    qtbot.keyClicks(view.entry, "1 0")
    assert view.entry.text() == ""  # not "99 11 0"
    assert _board_results(window)[0] == "0-1"
    assert view.entry_error.text() == "" and window.banner_message() == ""


def test_text_that_does_not_read_is_selected_with_its_reason(window, qtbot, view):  # type: ignore[no-untyped-def]
    from PySide6.QtCore import Qt

    qtbot.keyClicks(view.entry, "2 x")
    qtbot.keyClick(view.entry, Qt.Key.Key_Return)
    assert view.entry.selectedText() == "2 x" and "2 x" in view.entry_error.text()
    # the entry line's label named once, by one colon (it read 录入成绩：：无法识别)
    assert window.last_error.startswith("录入成绩：无法识别：2 x"), window.last_error
    qtbot.keyClicks(view.entry, "2 =")
    assert view.entry.text() == "" and _board_results(window)[1] == "="
    assert view.entry_error.text() == "" and window.banner_message() == ""


def test_the_same_result_typed_again_asks_nothing_and_writes_nothing(  # type: ignore[no-untyped-def]
        window, qtbot, view, monkeypatch):
    from app.ui import common

    qtbot.keyClicks(view.entry, "1 0")
    entries = len(window.ev.history())
    asked: list[str] = []
    monkeypatch.setattr(common, "confirm", lambda *args: asked.append(args[-1]) or True)
    qtbot.keyClicks(view.entry, "99 1")  # refused: the banner says why
    assert window.banner_message()
    qtbot.keyClicks(view.entry, "1 0")
    assert asked == [] and view.entry.text() == ""
    assert len(window.ev.history()) == entries
    assert "未改动" in window.status_label.text()
    assert window.banner_message() == "" and view.entry_error.text() == ""
    qtbot.keyClicks(view.entry, "1 1")  # a real correction is still asked about
    assert len(asked) == 1 and _board_results(window)[0] == "1-0"


def test_a_team_match_typed_again_asks_nothing(window, qtbot, tmp_path, monkeypatch):  # type: ignore[no-untyped-def]
    from PySide6.QtCore import Qt

    from app.ui import common
    from tests.ui.helpers import select_group

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
    assert view.pair_next() is not None, window.last_error
    qtbot.keyClicks(view.entry, "1 101")
    qtbot.keyClick(view.entry, Qt.Key.Key_Return)
    entries = len(window.ev.history())
    asked: list[str] = []
    monkeypatch.setattr(common, "confirm", lambda *args: asked.append(args[-1]) or True)
    qtbot.keyClicks(view.entry, "1 101")
    qtbot.keyClick(view.entry, Qt.Key.Key_Return)
    assert asked == [] and view.entry.text() == ""
    assert len(window.ev.history()) == entries
    qtbot.keyClicks(view.entry, "1 100")  # another result: a correction, asked about
    qtbot.keyClick(view.entry, Qt.Key.Key_Return)
    assert len(asked) == 1


def test_a_correction_does_not_overwrite_what_another_station_entered_meanwhile(  # type: ignore[no-untyped-def]
        window, qtbot, view, monkeypatch):
    """The arbiter at the desk corrects board 1 while a hall tablet enters its own correction
    (issue 26: the desk's check and write were two transactions, the tablet's result lost):
    the desk's write is refused, naming the board, and the tablet's result stands."""
    from app.services import rounds as rounds_service
    from app.services import venue
    from app.ui import common

    qtbot.keyClicks(view.entry, "1 0")
    assert _board_results(window)[0] == "0-1"

    def tablet_corrects_first(*_args: object) -> bool:
        # While the question is open, the tablet corrects the board to a draw.
        venue.enter_hall_result(window.ev, "web:tablet", "公开组", 1, 1, ["="], replace=True,
                                expected="0-1")
        return True  # the arbiter then says yes to his own correction

    monkeypatch.setattr(common, "confirm", tablet_corrects_first)
    entries = len(window.ev.history())
    qtbot.keyClicks(view.entry, "1 1")
    assert _board_results(window)[0] == "="  # the tablet's result stands
    assert len(window.ev.history()) == entries + 1  # the tablet's entry only
    assert "web:tablet" in window.banner_message() or "tablet" in view.entry_error.text()
    assert rounds_service.same_result(window.ev, "公开组", 1, 1, ["="])


def test_a_loss_on_time_corrected_to_a_plain_win_no_longer_reads_on_time(  # type: ignore[no-untyped-def]
        window, qtbot, view, monkeypatch):
    """Board 2 typed `t1` (black won, white lost on time), then corrected to `0` (white won
    over the board): the table, and the game stored, say 白胜 — not 白胜（黑超时）, the loss on
    time of the result replaced."""
    from app.rules.endings import Ending
    from app.ui import common

    qtbot.keyClicks(view.entry, "2 t1")
    assert view.board_texts()[1][4] == "黑胜（白超时）"
    monkeypatch.setattr(common, "confirm", lambda *_args: True)  # yes, correct it
    qtbot.keyClicks(view.entry, "2 0")
    assert view.entry.text() == "", window.last_error
    assert view.board_texts()[1][4] == "白胜"
    game = queries.round_view(window.ev, "公开组", 1).boards[1].games[0]
    assert code_text(game.result) == "0-1" and game.ending is not Ending.TIME


def test_a_double_game_round_lost_on_time_corrected_reads_as_its_games(  # type: ignore[no-untyped-def]
        window, qtbot, tmp_path, monkeypatch):
    """A double-game round (双盘制) typed `t0` — black lost game 1 on time, which loses the
    whole round (2016 七、(五)2) — corrected to `00`, one game each: the table says the two
    games as they now are (白胜／白胜 1:1, no 超时 kept from the result replaced), and the
    standings give each player the round's 1 point."""
    from app.ui import common

    group = "无禁手组"  # mindgames-2016: two games a round
    assert window.new_event(tmp_path / "double.db", "mindgames-2016"), window.last_error
    add_players(window, group, 4)
    rounds = window.rounds_view
    window.tabs.setCurrentWidget(rounds)
    rounds.show_group(group)
    assert rounds.pair_next() is not None, window.last_error
    rounds.entry.setFocus()
    qtbot.keyClicks(rounds.entry, "1 t0")
    assert rounds.board_texts()[0][4].endswith("0:2")
    monkeypatch.setattr(common, "confirm", lambda *_args: True)
    qtbot.keyClicks(rounds.entry, "1 00")
    assert rounds.entry.text() == "", window.last_error
    assert rounds.board_texts()[0][4] == "白胜／白胜 1:1"
    board = queries.round_view(window.ev, group, 1).boards[0]
    assert board.first is not None and board.second is not None
    view = window.standings_view
    window.tabs.setCurrentWidget(view)
    view.show_group(group)
    points = {row[1]: row[3] for row in view.standings_texts()}  # name: 积分
    assert points[board.first.name] == points[board.second.name] == "1"
