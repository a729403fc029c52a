"""The window's add-player dialog in a team group: refused as the command line refuses it (the
service's one refusal), naming how a player enters (with their team), nothing stored."""

from __future__ import annotations

import pytest

from app.services import queries
from app.ui import i18n
from app.ui.player_dialog import PlayerDialog

GROUP = "决赛"  # huazhi-2021: team matches (分台定人制), before round 1


def test_a_player_added_alone_to_a_team_group_is_refused_in_the_window(
        window, qtbot, tmp_path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert window.new_event(tmp_path / "huazhi.db", "huazhi-2021"), window.last_error
    view = window.players_view
    window.tabs.setCurrentWidget(view)
    members = [("北京甲", "M"), ("北京乙", "M"), ("北京丙", "F")]
    assert view.add_team(GROUP, "北京队", members) is not None, window.last_error
    before = [p.name for p in queries.players(window.ev, GROUP)]

    def typed(dialog: PlayerDialog) -> int:  # the arbiter fills the dialog and presses OK
        dialog.group.setCurrentText(GROUP)
        dialog.edits["name"].setText("单独棋手")
        dialog.accept()  # OK: refused, the dialog stays open with the reason in it
        return dialog.result()

    monkeypatch.setattr(PlayerDialog, "exec", typed)
    view.add_button.click()
    said = window.last_error
    assert "本组是团体赛" in said and "添加队伍" in said and "不会被编排" in said
    window.last_error = ""
    i18n.set_language("en")  # the language switch: the same refusal in English
    try:
        view.add_button.click()
        said = window.last_error
    finally:
        i18n.set_language("zh")
    assert "paired by teams" in said and "Add team" in said and "never be paired" in said
    assert [p.name for p in queries.players(window.ev, GROUP)] == before
    assert "单独棋手" not in [p.name for p in view.all_players]


def test_a_members_leave_is_warned_to_forfeit_the_board(window, tmp_path) -> None:
    """请假半分 for a team's member: stored, and the banner says it scores nothing (the board
    is forfeited), as `absent` says it on the command line."""
    assert window.new_event(tmp_path / "huazhi.db", "huazhi-2021"), window.last_error
    view = window.players_view
    window.tabs.setCurrentWidget(view)
    members = [("北京甲", "M"), ("北京乙", "M"), ("北京丙", "F")]
    assert view.add_team(GROUP, "北京队", members) is not None, window.last_error
    assert view.add_team(GROUP, "上海队", [("上海甲", "M"), ("上海乙", "M"), ("上海丙", "F")]
                         ) is not None, window.last_error
    member = next(p for p in queries.players(window.ev, GROUP) if p.name == "北京乙")
    assert view.set_absence(member.id, 1, "half_bye"), window.last_error
    assert "北京乙 第1轮：团体赛请假不给分：请假的队员该轮所在台判弃权负" in window.banner_message()
    assert "a team event" not in window.banner_message()  # the language shown only
