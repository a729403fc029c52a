"""The result entry's tip says in words how a loss on time is typed (t1 / t0) and, in a
double-game group (双盘制), what one in game 1 does: it loses the round, one key alone (2016
七、(五)2, shenzhen 九、(三)1). Each example the tip gives is typed into the entry here and
stores what the tip says it does."""

from __future__ import annotations

from app.services import queries
from app.wording import game_code
from tests.ui.helpers import add_players, select_group

DOUBLE = "男子组（大众规则·线上初赛）"  # shenzhen-2022: Swiss, two games a round
SINGLE = "男子组"


def _rounds_view(window, tmp_path, group: str):  # type: ignore[no-untyped-def]
    assert window.new_event(tmp_path / "sz.db", "shenzhen-2022"), window.last_error
    add_players(window, group, 6)
    view = window.rounds_view
    window.tabs.setCurrentWidget(view)
    select_group(view, group)
    assert view.pair_next() is not None, window.last_error
    return view


def test_a_double_game_groups_tip_says_how_a_loss_on_time_is_typed(
        window, qtbot, tmp_path) -> None:  # type: ignore[no-untyped-def]
    view = _rounds_view(window, tmp_path, DOUBLE)
    tip = view.entry.toolTip()
    assert tip == view.table.toolTip()
    assert "t1 / t0 该盘先手胜 / 后手胜，对方超时负" in tip
    assert "12 1t0：第一盘先手胜，第二盘先手（本台后手）超时负" in tip
    assert "第一盘超时负即判当轮负，只按一个键：12 t0 为第12台先手第一盘超时，当轮负" in tip
    assert "一盘弃权" not in tip  # a shenzhen round's forfeit is the whole round's
    qtbot.keyClicks(view.entry, "1 1t0")  # the tip's first example, on board 1
    qtbot.keyClicks(view.entry, "2 t0")  # and its second, on board 2: one key saves
    assert view.entry.text() == ""
    boards = queries.round_view(window.ev, DOUBLE, 1).boards
    assert [game_code(g.result) for g in boards[0].games] == ["1-0", "0-1"]
    assert str(boards[0].result) == "1-0 0-1t"  # game 2's first mover lost on time
    assert str(boards[1].result) == "0-1t"  # the round lost on game 1's clock alone


def test_a_single_game_groups_tip_names_the_time_loss_keys(
        window, tmp_path) -> None:  # type: ignore[no-untyped-def]
    view = _rounds_view(window, tmp_path, SINGLE)
    tip = view.entry.toolTip()
    assert "t1 / t0 先手胜 / 后手胜，对方超时负（如 12 t0：第12台先手超时负）" in tip
    assert "双盘" not in tip


def test_a_double_swiss_groups_tip_adds_a_game_forfeited_alone(
        window, tmp_path) -> None:  # type: ignore[no-untyped-def]
    from app.services.groups import update_group

    assert window.new_event(tmp_path / "sz.db", "shenzhen-2022"), window.last_error
    update_group(window.ev, DOUBLE, system="double_swiss")
    window.changed()
    view = window.rounds_view
    window.tabs.setCurrentWidget(view)
    select_group(view, DOUBLE)
    assert "12 1-：第一盘先手胜，第二盘先手（本台后手）未到弃权" in view.entry.toolTip()
