"""The window: a Team Swiss group whose final standings leave two teams level over the prize
(C.04.6 names no playoff). The standings view offers no playoff for them but the lots: it
lists the tie with why, takes the order drawn, refuses an order that names other teams
(writing nothing), and records the right one, after which the table, the legend and the
held award say 抽签决定名次."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt

from app import wording
from app.services.event import Event
from app.services.groups import update_group
from app.services.knockout import add_team, enter_team_result
from app.services.ranking import standings
from app.services.rounds import pair_next_round
from app.standings.awards import AwardBasis
from tests.ui.helpers import select_group, type_into

GROUP = "团体赛"


def _tied_event(path: Path) -> None:
    """Four teams, one round: T2 and T3 share place 3 and the 奖杯 goes to places 1-3."""
    with Event.create(path, preset="tuanti-2026") as event:
        update_group(event, GROUP, rounds=1)
        for k in range(1, 5):
            add_team(event, GROUP, f"T{k}", [(f"a{k}", "M"), (f"b{k}", "M"), (f"c{k}", "F")])
        pair_next_round(event, GROUP)
        for board in (1, 2):
            enter_team_result(event, GROUP, 1, board, ["1-0", "0-1", "1-0"])
        update_group(event, GROUP, prizes=[{"from": 1, "to": 3, "items": ["奖杯"]}])


def _texts(widget) -> list[str]:  # type: ignore[no-untyped-def]
    return [widget.item(i).text() for i in range(widget.count())]


def test_the_lots_of_a_team_swiss_tie_from_the_standings_view(window, qtbot, tmp_path):  # type: ignore[no-untyped-def]
    path = tmp_path / "ts.db"
    _tied_event(path)
    assert window.open_event(path), window.last_error
    view = window.standings_view
    window.tabs.setCurrentWidget(view)
    select_group(view, GROUP)
    assert view.lots.isVisible() and not view.playoffs.isVisible()
    (need,) = _texts(view.lots.needs)
    assert need.startswith("第3名需抽签：") and "T2" in need and "T3" in need
    assert "原因" in need  # why: the places are worth different things
    held = [row for row in view.standings_texts() if row[1] in ("T2", "T3")]
    assert held and all(any("待抽签" in cell for cell in row) for row in held)
    window.grab().save(str(tmp_path / "lots.png"))

    before = path.read_bytes()
    type_into(qtbot, view.lots.order, "T2、T4")  # not the tied teams: refused
    assert not view.lots.record_selected()
    assert "并列" in window.last_error
    assert path.read_bytes() == before

    type_into(qtbot, view.lots.order, "T3、T2")
    qtbot.keyClick(view.lots.order, Qt.Key.Key_Return)
    assert _texts(view.lots.needs) == ["无需抽签"]
    assert not view.lots.record_button.isEnabled()
    places = {row[1]: row[0] for row in view.standings_texts()}
    assert (places["T3"], places["T2"]) == ("3", "4")
    assert "抽签决定" in view.legend.text()
    with Event.open(path) as event:
        info = standings(event, GROUP)
    award = next(r.award for r in info.rows if r.player.name == "T3")
    assert award is not None and award.basis is AwardBasis.LOTS
    assert wording.decision_text(award) == "抽签决定名次"

    select_group(window.rounds_view, GROUP)
    window.show_playoffs()  # the 加赛 action: for this group, its lots
    assert window.tabs.currentWidget() is view and view.lots.isVisible()

    window.undo()  # the lots are undoable, as every operation
    assert len(_texts(view.lots.needs)) == 1 and _texts(view.lots.needs) != ["无需抽签"]
