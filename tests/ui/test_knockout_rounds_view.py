"""The window's rounds of a knockout: 对调棋手 is disabled, its tooltip saying why (the
bracket fixes the matches), and asked anyway it changes nothing; 交换先后手 is taken."""

from __future__ import annotations

from pathlib import Path

from app.services import rounds
from app.services.groups import update_group
from app.services.players import add_player
from tests.ui.helpers import select_group

GROUP = "禁手组"  # mindgames-2016, played here as a knockout


def test_exchange_is_disabled_saying_why_and_a_swap_is_taken(
        window, qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    assert window.new_event(tmp_path / "mindgames.db", "mindgames-2016"), window.last_error
    update_group(window.ev, GROUP, system="knockout")
    for k in range(8):
        add_player(window.ev, GROUP, name=f"选手{k + 1}")
    rounds.pair_next_round(window.ev, GROUP)
    window.changed()
    view = window.rounds_view
    window.tabs.setCurrentWidget(view)
    select_group(view, GROUP)
    assert view.select_board(1)
    window.changed()
    assert window.act_swap.isEnabled()
    assert not window.act_exchange.isEnabled() and not view.exchange_button.isEnabled()
    assert "淘汰赛的对阵由对阵图决定" in window.act_exchange.toolTip()
    before = view.board_texts()
    assert view.exchange(1, "first", 2, "first") is None  # asked anyway: refused
    assert view.board_texts() == before
    assert "不能人工调换棋手" in window.banner_message()
    view.swap_selected()
    assert view.board_texts()[0][1] == before[0][5] and view.board_texts()[0][5] == before[0][1]
