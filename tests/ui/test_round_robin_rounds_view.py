"""The window's rounds of a round robin: the pairing table (the list it prints) marks a player
who does not play the round and forfeits the board (6. 张六（退赛）), as the papers do."""

from __future__ import annotations

from pathlib import Path

from app.services import rounds
from app.services.groups import update_group
from app.services.lots import give_round_robin_numbers
from app.services.players import add_player, set_absence, withdraw_player
from tests.ui.helpers import select_group

GROUP = "男子组"  # shenzhen-2022, played as 单循环
NAMES = ("张一", "张二", "张三", "张四", "张五", "张六")


def _scheduled(window, tmp_path: Path) -> list[int]:  # type: ignore[no-untyped-def]
    """Six players numbered by their ids (Berger round 1: 1-6, 2-5, 3-4), 张六 withdrawn and
    张三 absent from round 1, round 1 paired and shown."""
    assert window.new_event(tmp_path / "shenzhen.db", "shenzhen-2022"), window.last_error
    update_group(window.ev, GROUP, system="round_robin")
    ids = [add_player(window.ev, GROUP, name=name) for name in NAMES]
    give_round_robin_numbers(window.ev, GROUP, {pid: k for k, pid in enumerate(ids, 1)})
    withdraw_player(window.ev, ids[5], from_round=2)
    rounds.pair_next_round(window.ev, GROUP)
    rounds.enter_results(window.ev, GROUP, 1, {1: ["1-0"], 2: ["="], 3: ["0-1"]})
    set_absence(window.ev, ids[2], 2, "absent")
    rounds.pair_next_round(window.ev, GROUP)  # round 2: 6-4, 5-3, 1-2
    window.changed()
    view = window.rounds_view
    window.tabs.setCurrentWidget(view)
    select_group(view, GROUP)
    return ids


def test_the_pairing_table_marks_who_forfeits(window, qtbot, tmp_path: Path) -> None:
    _scheduled(window, tmp_path)
    view = window.rounds_view
    assert view.current_round_number() == 2
    texts = view.board_texts()
    assert (texts[0][1], texts[0][4], texts[0][5]) == ("6. 张六（退赛）", "黑弃权", "4. 张四")
    assert (texts[1][1], texts[1][5]) == ("5. 张五", "3. 张三（缺席）")
    assert (texts[2][1], texts[2][5]) == ("1. 张一", "2. 张二")
    window.set_language("en")
    assert view.board_texts()[0][1] == "6. 张六 (withdrawn)"


def test_exchange_is_disabled_saying_why_and_a_swap_is_checked_against_the_table(
        window, qtbot, tmp_path: Path) -> None:
    """FIDE C.05 Annex 1: the table fixes who meets whom; players are not exchanged by hand
    (the action is disabled, its tooltip saying why), a colour swap is taken and its report
    says where the colours now differ from the table, not the Swiss rules."""
    _scheduled(window, tmp_path)
    view = window.rounds_view
    assert view.select_board(3)
    window.changed()
    assert window.act_swap.isEnabled()
    assert not window.act_exchange.isEnabled() and not view.exchange_button.isEnabled()
    assert "\n— 单循环的对阵由伯格表排定：" in window.act_exchange.toolTip()
    assert view.exchange(3, "first", 2, "second") is None  # asked anyway: refused
    assert view.board_texts()[2][1] == "1. 张一"
    assert "不能人工调换棋手" in window.banner_message()
    warnings = view.swap_selected()
    assert warnings == ["第3台 先后手与伯格表不同：按表由张一（1号）先手 / board 3: colours differ "
                        "from the Berger table, which has 张一 (no. 1) move first"]
    assert view.board_texts()[2][1] == "2. 张二"
    assert "已经对局过" not in view.report.toPlainText()
