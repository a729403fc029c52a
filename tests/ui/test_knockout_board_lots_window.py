"""A knockout board neither of whose players came (both withdrawn), decided by the chief
arbiter's lots (抽签, huazhi 八、(五)) in the window: the rounds view's 抽签… enabled for that
board only, its dialog recording the one drawn (stored as lots, never a forfeit win), the
entry line's L1 / L2 correcting it, a forfeit typed there refused, and the rounds list and
the bracket reading 抽签."""

from __future__ import annotations

from PySide6.QtCore import Qt

from app.results import Side
from app.services import queries, rounds
from app.services.groups import update_group
from app.services.players import add_player, withdraw_player
from app.ui import common
from app.ui.views import rounds_lots
from tests.ui.helpers import select_group

GROUP = "禁手组"  # mindgames-2016, played here as a knockout


def _two_gone(window, tmp_path) -> None:  # type: ignore[no-untyped-def]
    """Six players; round 1 played (选手4 and 选手6 win); 选手2 and 选手6 withdrawn: round 2
    paired, they meet on board 2."""
    assert window.new_event(tmp_path / "ko.db", "mindgames-2016"), window.last_error
    update_group(window.ev, GROUP, system="knockout")
    ids = [add_player(window.ev, GROUP, name=f"选手{k}") for k in range(1, 7)]
    rounds.pair_next_round(window.ev, GROUP)
    rounds.enter_results(window.ev, GROUP, 1, {2: ["1-0"], 4: ["0-1"]})
    withdraw_player(window.ev, ids[1])
    withdraw_player(window.ev, ids[5])
    rounds.pair_next_round(window.ev, GROUP)


def _stored(window):  # type: ignore[no-untyped-def]
    return queries.round_view(window.ev, GROUP, 2).boards[1].result


def test_the_lots_are_recorded_from_the_window_and_read_as_lots(
        window, qtbot, tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    _two_gone(window, tmp_path)
    window.changed()
    view = window.rounds_view
    window.tabs.setCurrentWidget(view)
    select_group(view, GROUP)
    assert "L1 / L2 抽签决定先手 / 后手晋级" in view.entry.toolTip()
    assert view.select_board(3)  # 选手5's bye
    assert not view.lots_button.isEnabled()
    assert "所选台次是轮空，不需要抽签" in view.lots_button.toolTip()
    assert view.select_board(1)  # two players: neither may come when play begins
    assert view.lots_button.isEnabled()
    assert view.select_board(2)
    assert view.lots_button.isEnabled() and view.lots_button.text() == "抽签…"
    assert view.board_texts()[1][1] == "2. 选手2（退赛）" and view.board_texts()[1][5] == "6. 选手6（退赛）"
    # a forfeit win typed for it is refused, saying why and what to do
    qtbot.keyClicks(view.entry, "2 -")
    assert "双方都没有到场，不能判一方不战胜" in view.entry_error.text()
    assert _stored(window) is None
    dialog = rounds_lots.dialog_for_selected(view)
    assert dialog is not None
    assert "选手2（退赛）、选手6（退赛）均不出场" in dialog.findChild(
        type(dialog.error), "board_lots_intro").text()
    qtbot.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)  # nobody chosen yet
    assert dialog.error.text() == "请选择抽中晋级的棋手" and _stored(window) is None
    dialog.second.setChecked(True)
    qtbot.mouseClick(dialog.ok_button, Qt.MouseButton.LeftButton)
    stored = _stored(window)
    assert stored is not None and stored.lots is Side.SECOND and stored.winner is Side.SECOND
    assert view.board_texts()[1][4] == "双方均未到场，抽签决定选手6晋级"
    assert "双方均未到场，抽签决定选手6晋级" in window.status_label.text()
    window.set_language("en")
    assert view.board_texts()[1][4] == "neither came: the lots sent 选手6 on"
    window.set_language("zh")
    # corrected on the entry line: L1, the first mover (选手2), once the arbiter says so
    asked: list[str] = []
    monkeypatch.setattr(common, "confirm", lambda _p, _t, text: asked.append(text) or True)
    view.entry.setFocus()
    qtbot.keyClicks(view.entry, "2 L1")
    qtbot.keyClick(view.entry, Qt.Key.Key_Return)
    assert view.entry.text() == "", window.last_error
    assert asked and "双方均未到场，抽签决定选手6晋级" in asked[0] and "选手2晋级" in asked[0]
    stored = _stored(window)
    assert stored is not None and stored.lots is Side.FIRST
    assert view.board_texts()[1][4] == "双方均未到场，抽签决定选手2晋级"
    standings = window.standings_view
    window.tabs.setCurrentWidget(standings)
    select_group(standings, GROUP)
    assert standings.show_bracket()
    widget = standings.bracket
    assert widget.header_texts(widget.bracket.match(2, 2)) == ("第2场  抽签", "1–4名")
    assert "胜者：选手2（抽签）" in widget.tooltip_for(widget.bracket.match(2, 2))
