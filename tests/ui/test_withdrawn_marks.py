"""A withdrawn player (退赛) is marked in the window's standings and crosstable (issue 24,
item 7), as on the papers; the crosstable's caption names its reference (序号, the row)."""

from __future__ import annotations

from pathlib import Path

from app.services import rounds
from app.services.event import Event
from app.services.players import add_player, withdraw_player
from app.services.queries import players, round_view
from tests.ui.helpers import select_group

GROUP = "公开组"


def make_event(path: Path) -> str:
    """Ten players, three rounds; the third player withdraws from round 2 on."""
    with Event.create(path, preset="qiwang-2022") as event:
        for k in range(10):
            add_player(event, GROUP, name=f"棋手{k + 1:02d}", gender="M", unit=f"单位{k % 4}")
        gone = players(event, GROUP)[2]
        for number in (1, 2, 3):
            if number == 2:
                withdraw_player(event, gone.id, from_round=2)
            rounds.pair_next_round(event, GROUP)
            info = round_view(event, GROUP, number)
            rounds.enter_results(event, GROUP, number, {
                b.number: ["1-0"] for b in info.boards if b.second is not None})
        return gone.name


def test_the_window_marks_a_withdrawn_player(window, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "withdrawn.db"
    name = make_event(path)
    assert window.open_event(path), window.last_error
    view = window.standings_view
    window.tabs.setCurrentWidget(view)
    select_group(view, GROUP)
    table = view.table
    names = [table.item(r, 1).text() for r in range(table.rowCount())]
    assert f"{name}（第2轮起退赛）" in names
    assert sum("退赛" in n for n in names) == 1
    view.show_crosstable()
    grid = view.crosstable
    rows = grid.row_names()
    row = next(k for k, text in enumerate(rows) if text.endswith(name))
    cells = grid.texts()[row]
    assert cells[2:4] == ["退赛", "退赛"]  # unit, round 1, then rounds 2 and 3
    assert "序号" in grid.caption.text()


def test_the_withdraw_dialog_asks_for_the_next_round_of_the_player_named(  # type: ignore[no-untyped-def]
        window, qtbot, tmp_path: Path) -> None:
    """退赛 once round 1 is paired: the dialog names the player and offers round 2, the first
    it can be for (it offered round 1, which the services refuse), and Enter takes it; the
    player stays selected (for 恢复参赛, or another look)."""
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QApplication, QInputDialog

    from app.ui import common
    from tests.ui.helpers import add_players, answer_modal, screenshot, set_up_event

    set_up_event(window, tmp_path, rounds=3)
    add_players(window, GROUP, 4)
    rounds.pair_next_round(window.ev, GROUP)
    window.changed()
    view = window.players_view
    window.tabs.setCurrentWidget(view)
    gone = players(window.ev, GROUP)[1]
    assert view.select_player(gone.id)
    asked: list[tuple[str, str, int, int, int]] = []

    def answer(dialog) -> None:  # type: ignore[no-untyped-def]
        assert isinstance(dialog, QInputDialog)
        asked.append((dialog.windowTitle(), dialog.labelText(), dialog.intValue(),
                      dialog.intMinimum(), dialog.intMaximum()))
        screenshot(dialog, "players/withdraw-round")
        qtbot.keyClick(QApplication.focusWidget() or dialog, Qt.Key.Key_Return)

    assert answer_modal(view.withdraw_button.click, answer)
    assert asked == [("退赛", f"{gone.name} 从第几轮起退赛：", 2, 2, 3)]
    assert window.banner_message() == ""
    [stored] = [p for p in players(window.ev, GROUP) if p.id == gone.id]
    assert stored.withdrawn_from_round == 2
    shown = {row[1]: row[-1] for row in common.table_texts(view.table)}  # name: 状态
    assert shown[gone.name] == "第2轮起退赛"
    assert window.status_label.text() == f"{gone.name} 已退赛"
    assert view.selected_player() is not None and view.selected_player().id == gone.id
    assert window.act_undo.text() == f"撤销：棋手退赛 {gone.name}"  # by name, not the id
    window.set_language("en")
    assert window.act_undo.text() == f"Undo: withdraw {gone.name}"


def test_with_every_round_paired_the_withdraw_button_asks_no_round(  # type: ignore[no-untyped-def]
        window, qtbot, tmp_path: Path, monkeypatch) -> None:
    """Past the last round a withdrawal changes no pairing: no round is asked, and the window
    says to enter forfeits; nothing is stored."""
    from PySide6.QtWidgets import QInputDialog

    from tests.ui.helpers import add_players, set_up_event

    set_up_event(window, tmp_path, rounds=1)
    add_players(window, GROUP, 4)
    rounds.pair_next_round(window.ev, GROUP)
    window.changed()
    view = window.players_view
    window.tabs.setCurrentWidget(view)
    gone = players(window.ev, GROUP)[1]
    assert view.select_player(gone.id)
    asked: list[object] = []
    monkeypatch.setattr(QInputDialog, "getInt", lambda *args: asked.append(args) or (1, True))
    view.withdraw_button.click()
    assert asked == []
    assert "已全部编排" in window.banner_message() and "弃权" in window.banner_message()
    assert [p.withdrawn_from_round for p in players(window.ev, GROUP)] == [None] * 4
