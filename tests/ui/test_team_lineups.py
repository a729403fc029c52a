"""A registered team's line-up (分台定人制, huazhi 2021 六、(三)3) corrected in the window before
play starts, and refused with the reason once it has."""

from __future__ import annotations

from app.services import knockout
from tests.ui.helpers import select_group


def _register(players, count: int) -> None:  # type: ignore[no-untyped-def]
    for i in range(count):
        assert players.add_team("决赛", f"队伍{i + 1}", [(f"甲{i}", "M"), (f"乙{i}", "M"),
                                                       (f"丙{i}", "F")]) is not None


def test_a_line_up_is_edited_before_play_and_a_refused_one_keeps_what_was_typed(
        window, qtbot, tmp_path):  # type: ignore[no-untyped-def]
    assert window.new_event(tmp_path / "hz.db", "huazhi-2021")
    players = window.players_view
    window.tabs.setCurrentWidget(players)
    select_group(players, "决赛")
    _register(players, 2)
    assert not players.edit_team_button.isEnabled()  # no team chosen yet: it says so
    assert "选择" in players.edit_team_button.toolTip()
    players.teams.setCurrentRow(0)
    assert players.edit_team_button.isEnabled()
    dialog = players.edit_team_dialog()
    qtbot.addWidget(dialog)
    dialog.show()
    assert dialog.name.text() == "队伍1"
    assert dialog.members.toPlainText().splitlines() == ["甲0 男", "乙0 男", "丙0 女"]
    # a man on board 3: refused by the team rules, the typing stays with the reason
    dialog.members.setPlainText("丙0 女\n乙0 男\n甲0 男")
    dialog.ok_button.click()
    assert dialog.isVisible() and "第3台须为女棋手" in dialog.error.text()
    assert dialog.error.text().startswith("队伍1：")  # the team by name, not "team … board 3"
    assert dialog.members.toPlainText() == "丙0 女\n乙0 男\n甲0 男"
    # boards 1 and 2 exchanged and board 3 replaced
    dialog.members.setPlainText("乙0 男\n甲0 男\n丁0 女")
    dialog.name.setText("一队")
    dialog.ok_button.click()
    assert not dialog.isVisible(), dialog.error.text()
    team = knockout.teams(window.ev, "决赛")[0]
    assert team.name == "一队" and [m[1] for m in team.members] == ["乙0", "甲0", "丁0"]
    assert "1. 乙0" in players.teams.item(0).text() and "3. 丁0" in players.teams.item(0).text()
    assert players.teams.currentRow() == 0 and players.edit_team_button.isEnabled()
    # once round 1 is paired the board order is fixed: no dialog, the reason shown
    rounds = window.rounds_view
    window.tabs.setCurrentWidget(rounds)
    select_group(rounds, "决赛")
    assert rounds.pair_next() is not None, window.last_error
    window.tabs.setCurrentWidget(players)
    players.teams.setCurrentRow(0)
    assert not players.edit_team_button.isEnabled()
    assert "比赛已开始" in players.edit_team_button.toolTip()
    players.teams.itemDoubleClicked.emit(players.teams.item(0))
    assert "比赛已开始" in window.banner_message()
    assert [m[1] for m in knockout.teams(window.ev, "决赛")[0].members] == ["乙0", "甲0", "丁0"]
