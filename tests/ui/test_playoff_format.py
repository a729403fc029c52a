"""The playoff format in the window: 小循环 or 淘汰 is asked when three or more are tied (two
always play a two-player playoff), offered first as the group's own setting, which the setup
view edits as a control; the next game's result buttons say it in the papers' words."""

from __future__ import annotations

from app.results import GameCode, GameResult
from app.services import playoffs, rounds
from app.services.groups import update_group
from app.services.players import add_player
from app.services.queries import event_info
from app.store.models import Playoff
from tests.ui.helpers import GROUP, screenshot, select_group


def tied_event(window, tmp_path, players: int, code: str) -> None:  # type: ignore[no-untyped-def]
    """A one-round qiwang final of `players` from four units, every board ending in `code`."""
    assert window.new_event(tmp_path / "final.db", "qiwang-2022"), window.last_error
    update_group(window.ev, GROUP, rounds=1, settings={"playoffs": True})
    for k in range(players):
        add_player(window.ev, GROUP, name=f"棋手{k + 1}", unit="甲乙丙丁"[k % 4], gender="M")
    info = rounds.pair_next_round(window.ev, GROUP)
    rounds.enter_results(window.ev, GROUP, 1, {b.number: [code] for b in info.boards
                                               if b.second})
    window.changed()


def standings_shown(window):  # type: ignore[no-untyped-def]
    view = window.standings_view
    window.tabs.setCurrentWidget(view)
    select_group(view, GROUP)
    return view


def stored_format(window, playoff_id: int) -> str:  # type: ignore[no-untyped-def]
    with window.ev.reading() as session:
        return playoffs.row_format(session.get(Playoff, playoff_id))


def test_three_or_more_tied_play_the_knockout_when_chosen(window, tmp_path):
    tied_event(window, tmp_path, 8, "=")
    view = standings_shown(window)
    assert view.needs.count() >= 1 and view._tied() >= 3
    choice = view.playoff_format
    assert choice.isVisible() and choice.value() == "round_robin"  # the group's default
    labels = [choice.choice.itemText(i) for i in range(choice.choice.count())]
    assert labels == ["小循环", "淘汰"] and choice.label.text() == "三人以上并列时："
    choice.choice.setCurrentIndex(choice.choice.findData("knockout"))
    screenshot(window, "45-playoff-format-choice")
    playoff_id = view.create_selected_playoff()
    assert playoff_id is not None, window.last_error
    assert stored_format(window, playoff_id) == "knockout"
    assert view.current_playoff().games[0].stage == "双盘加赛"  # a knockout's first meeting


def test_two_tied_are_not_asked_for_a_format(window, tmp_path):
    tied_event(window, tmp_path, 4, "1-0")
    view = standings_shown(window)
    assert view._tied() == 2
    assert not view.playoff_format.isVisible()


def test_the_groups_default_format_is_a_setup_control(window, tmp_path):
    tied_event(window, tmp_path, 8, "=")
    setup = window.setup_view
    window.tabs.setCurrentWidget(setup)
    setup.group_list.setCurrentRow(0)
    control = setup.playoff_format
    assert control.isVisible() and control.value() == "round_robin"
    control.choice.setCurrentIndex(control.choice.findData("knockout"))
    assert setup.save_group(), window.last_error
    group = next(g for g in event_info(window.ev).groups if g.name == GROUP)
    assert group.settings.playoff_format.value == "knockout"
    setup.playoffs.setChecked(False)
    assert not control.isEnabled()  # no playoffs: no format to choose
    setup.playoffs.setChecked(True)
    view = standings_shown(window)
    assert view.playoff_format.value() == "knockout"  # offered first as the group's own
    playoff_id = view.create_selected_playoff()
    assert playoff_id is not None and stored_format(window, playoff_id) == "knockout"


def test_the_playoff_result_buttons_say_the_game_in_words(window, tmp_path):
    """The playoff panel's buttons read 黑胜 / 和 / 白胜, as the 加赛表 prints a game (each
    player has black once), never 先手胜 1-0; the tip names the key the list takes."""
    tied_event(window, tmp_path, 4, "1-0")
    view = standings_shown(window)
    assert view.create_selected_playoff() is not None, window.last_error
    buttons = view.result_buttons
    assert [b.text() for b in buttons.values()] == ["黑胜", "和", "白胜"]
    assert [buttons[c].toolTip() for c in ("1-0", "=", "0-1")] == [
        "下一盘：黑胜（先手执黑；在加赛列表上按 1 亦可）", "下一盘：和（先手执黑；在加赛列表上按 = 亦可）",
        "下一盘：白胜（先手执黑；在加赛列表上按 0 亦可）"]
    buttons["0-1"].click()
    assert view.current_playoff().games[0].result.code is GameCode.SECOND_WINS
    assert "本盘 白胜 已录入" in window.status_label.text()
    window.set_language("en")
    try:
        assert [b.text() for b in buttons.values()] == ["black won", "draw", "white won"]
        assert "press 0" in buttons["0-1"].toolTip()
    finally:
        window.set_language("zh")


def test_a_playoff_game_lost_on_time_is_entered_from_its_own_buttons_and_keys(
        window, qtbot, tmp_path):
    """A second row of buttons enters a win on time (黑胜（白超时） / 白胜（黑超时）), the
    playoff list takes t then 1 / 0 as the rounds entry takes t1 / t0; what is stored is a
    loss on time and the playoff's view says it in words. t then = is refused (a draw cannot
    be on time): nothing written."""
    tied_event(window, tmp_path, 4, "1-0")
    view = standings_shown(window)
    assert view.create_selected_playoff() is not None, window.last_error
    panel = view.playoffs
    timed = panel.time_buttons
    assert [b.text() for b in timed.values()] == ["黑胜（白超时）", "白胜（黑超时）"]
    assert [b.toolTip() for b in timed.values()] == [
        "下一盘：黑胜（白超时）（先手执黑；在加赛列表上按 t1 亦可）",
        "下一盘：白胜（黑超时）（先手执黑；在加赛列表上按 t0 亦可）"]
    assert all(b.isEnabled() and b.isVisible() for b in timed.values())
    assert "t0 白胜（黑超时）" in panel.playoff_list.toolTip()
    screenshot(window, "46-playoff-time-loss-buttons")
    timed["0-1t"].click()
    first = view.current_playoff().games[0]
    assert first.result == GameResult(GameCode.SECOND_WINS, time_loss=True)
    assert "本盘 白胜（黑超时） 已录入" in window.status_label.text()
    assert f"{first.black.name} — {first.white.name}" in panel.playoff_label.toPlainText()
    assert "白胜（黑超时）" in panel.playoff_label.toPlainText()
    panel.playoff_list.setFocus()
    before = (tmp_path / "final.db").read_bytes()
    qtbot.keyClick(panel.playoff_list, "t")
    assert "再按 1 为黑胜（白超时）" in window.status_label.text()
    qtbot.keyClick(panel.playoff_list, "=")  # a draw on time: refused
    assert "只有 1-0 或 0-1 可以标记超时" in window.last_error
    assert (tmp_path / "final.db").read_bytes() == before
    assert view.current_playoff().games[1].result is None
    qtbot.keyClick(panel.playoff_list, "0")  # the mark is spent: a plain win (1-1)
    assert view.current_playoff().games[1].result == GameResult(GameCode.SECOND_WINS)
    qtbot.keyClick(panel.playoff_list, "t")
    qtbot.keyClick(panel.playoff_list, "1")
    third = view.current_playoff().games[2]
    assert third.result == GameResult(GameCode.FIRST_WINS, time_loss=True)
    with window.ev.reading() as session:
        row = session.get(Playoff, panel.playoff_id)
        assert [(g.result, g.ending) for g in row.games][::2] == [("0-1", "time"), ("1-0", "time")]
    window.set_language("en")
    try:
        assert [b.text() for b in timed.values()] == [
            "black won (white lost on time)", "white won (black lost on time)"]
        assert "press t0" in timed["0-1t"].toolTip()
    finally:
        window.set_language("zh")
