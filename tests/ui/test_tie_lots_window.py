"""Lots (抽签) for players tied at a prize place, from the standings view: where it offers to
open a playoff for a tie it offers 抽签… too, a dialog that takes the order drawn (the
playoff cannot be played: a player has left, the time has run out)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from app.services import playoffs, rounds
from app.services.groups import update_group
from app.services.players import add_player
from app.services.ranking import standings
from app.standings.awards import AwardBasis
from app.ui import common
from tests.ui.helpers import GROUP, screenshot, select_group

LEFT = Qt.MouseButton.LeftButton


def tied_final(window, tmp_path):  # type: ignore[no-untyped-def]
    """A one-round qiwang final of four: the two winners tied at 1 (30000 / 10000 元), the
    two losers at 3 (6000 / 2000 元)."""
    assert window.new_event(tmp_path / "final.db", "qiwang-2022"), window.last_error
    update_group(window.ev, GROUP, rounds=1)
    for k in range(4):
        add_player(window.ev, GROUP, name=f"棋手{k + 1}", unit="甲乙丙丁"[k], gender="M")
    info = rounds.pair_next_round(window.ev, GROUP)
    rounds.enter_results(window.ev, GROUP, 1, {b.number: ["1-0"] for b in info.boards})
    window.changed()
    view = window.standings_view
    window.tabs.setCurrentWidget(view)
    select_group(view, GROUP)
    return view


def test_the_tie_offers_lots_beside_the_playoff_and_the_order_drawn_is_recorded(
        window, qtbot, tmp_path):  # type: ignore[no-untyped-def]
    view = tied_final(window, tmp_path)
    panel = view.playoffs
    need = standings(window.ev, GROUP).playoffs_needed[0]
    tied = [p.id for p in need.players]
    panel.needs.setCurrentRow(0)
    assert panel.lots_button.isVisible() and panel.lots_button.isEnabled()
    assert panel.lots_button.text() == "抽签…" and "裁判长抽签" in panel.lots_button.toolTip()
    dialog = panel.lots_dialog_for_selected()
    qtbot.addWidget(dialog)
    dialog.show()
    assert dialog.windowTitle() == "第1名抽签" and not dialog.replaces.isVisible()
    assert dialog.drawn() == tied  # the tie-break order until the order drawn is given
    dialog.order.setCurrentRow(1)
    qtbot.mouseClick(dialog.up, LEFT)
    assert dialog.drawn() == tied[::-1]
    screenshot(dialog, "46-lots-dialog")
    qtbot.mouseClick(dialog.ok_button, LEFT)
    assert not dialog.isVisible(), dialog.error.text()
    first, second = (standings(window.ev, GROUP).rows[k] for k in (0, 1))
    assert [first.player.id, second.player.id] == tied[::-1]
    assert first.award is not None and first.award.basis is AwardBasis.LOTS
    assert window.status_label.text().startswith("第1名由抽签决定：")
    rows = common.table_texts(view.table)
    for row in rows[:2]:  # marked 抽签, never read as a playoff (加赛)
        assert "抽签" in row and not any("加赛" in cell for cell in row)
    assert [row[7] for row in rows[2:]] == ["需加赛", "需加赛"]  # the tie at 3 still waits
    header = view.table.horizontalHeaderItem(7)
    assert header is not None and header.text() == "加赛／抽签"
    assert "由抽签决定：" in view.legend.text()
    assert all("第1名" not in panel.needs.item(k).text() for k in range(panel.needs.count()))
    window.undo()  # undoable like every operation
    assert [n.place for n in standings(window.ev, GROUP).playoffs_needed] == [1, 3]


def test_lots_replace_a_playoff_not_played_and_a_playoff_under_way_is_kept(
        window, qtbot, tmp_path):  # type: ignore[no-untyped-def]
    view = tied_final(window, tmp_path)
    panel = view.playoffs
    opened = view.create_playoff(3)
    assert opened is not None, window.last_error
    started = view.create_playoff(1)
    assert started is not None, window.last_error
    playoffs.record_playoff_result(window.ev, started, "1-0")
    window.changed()
    rows = {panel.needs.item(k).data(Qt.ItemDataRole.UserRole): k for k in range(panel.needs.count())}
    panel.needs.setCurrentRow(rows[1])
    refused = panel.lots_dialog_for_selected()
    qtbot.addWidget(refused)
    refused.show()
    assert refused.replaces.isVisible()  # a playoff is open for it
    qtbot.mouseClick(refused.ok_button, LEFT)
    assert refused.isVisible() and "已赛1盘" in refused.error.text()  # its games decide
    refused.reject()
    panel.needs.setCurrentRow(rows[3])
    dialog = panel.lots_dialog_for_selected()
    qtbot.addWidget(dialog)
    dialog.show()
    assert "取消" in dialog.replaces.text()
    qtbot.mouseClick(dialog.ok_button, LEFT)
    assert not dialog.isVisible(), dialog.error.text()
    assert f"未赛的加赛 {opened} 已取消" in window.status_label.text()
    assert [p.id for p in playoffs.playoffs(window.ev, GROUP)] == [started]
    assert panel.playoff_list.count() == 1


@pytest.mark.parametrize("size", [(1200, 800), (1024, 700)])  # the window's usual and least
def test_a_ties_reason_wraps_in_the_list_never_cut_off(
        window, qtbot, tmp_path, size):  # type: ignore[no-untyped-def]
    """The tie and the reason it needs a playoff (原因：第1-2名奖金不同…) read whole at the
    window's size: the item wraps at the list's width, no sideways scroll bar hides its end."""
    window.resize(*size)
    window.show()
    view = tied_final(window, tmp_path)
    panel = view.playoffs
    qtbot.waitExposed(window)
    item = panel.needs.item(0)
    assert "原因：" in item.text()
    width = panel.needs.viewport().width()
    rect = panel.needs.visualItemRect(item)
    assert rect.width() <= width
    assert not panel.needs.horizontalScrollBar().isVisible()
    lines = panel.needs.fontMetrics().boundingRect(
        0, 0, width, 10_000, int(Qt.TextFlag.TextWordWrap), item.text()).height()
    assert rect.height() >= lines - 2  # tall enough for every wrapped line
    screenshot(panel, f"47-tie-reason-wrapped-{size[0]}")
