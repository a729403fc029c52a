"""A team knockout in the window (huazhi 2021, 决赛 of four teams) shows what the papers show:
a level match's captains' playoff (主将加赛, huazhi 六、(三)3) named so in the rounds table,
never as a fourth board (`4：甲4–甲1`), its result still typed and corrected in the entry
box; and the bracket marks a team withdrawn (退赛) in the matches it no longer plays, as
the printed bracket and the venue's page mark it."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt

from app.services import knockout, queries, rounds, team_swiss
from app.ui import common
from app.wording import code_text
from tests.ui.helpers import IDENTIFIERS, select_group

GROUP = "决赛"


def four_teams(window, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """huazhi's 决赛 with 队1…队4 (甲k 乙k 丙k, a woman on board 3), round 1 paired."""
    assert window.new_event(tmp_path / "hz.db", "huazhi-2021"), window.last_error
    for k in range(1, 5):
        knockout.add_team(window.ev, GROUP, f"队{k}", [(f"甲{k}", "M"), (f"乙{k}", "M"),
                                                     (f"丙{k}", "F")])
    rounds.pair_next_round(window.ev, GROUP)
    window.changed()


def type_result(window, qtbot, text: str) -> None:  # type: ignore[no-untyped-def]
    """A match's boards (and its playoff after `p`) typed in the entry box, then Enter."""
    entry = window.rounds_view.entry
    entry.setFocus()
    qtbot.keyClicks(entry, text)
    qtbot.keyClick(entry, Qt.Key.Key_Return)
    assert entry.text() == "", window.last_error


def test_the_captains_playoff_is_named_so_and_no_board_of_the_match(
        window, qtbot, tmp_path, monkeypatch):  # type: ignore[no-untyped-def]
    four_teams(window, tmp_path)
    view = window.rounds_view
    window.tabs.setCurrentWidget(view)
    select_group(view, GROUP)
    # both matches level 3:3 on game points, each decided by its captains' playoff
    type_result(window, qtbot, "1 1=0")
    type_result(window, qtbot, "1 1=0 p0")  # 队4's captain has black and loses
    type_result(window, qtbot, "2 1=0 p1")
    first, second = view.board_texts()
    assert first[2] == second[2] == "3:3 主将加赛"
    assert first[3] == "队1胜【黑胜 和 白胜】 主将加赛 白胜"
    assert first[5] == "1：甲1–甲4；2：乙4–乙1；3：丙1–丙4；主将加赛：甲4–甲1"
    assert "4：" not in first[5] + second[5] and "主将加赛：" in second[5]
    assert view.progress.format() == "第1轮：已录入 2/2 场"  # matches counted, not boards
    window.set_language("en")
    assert view.progress.format() == "Round 1: 2/2 matches entered"
    first = view.board_texts()[0]
    assert first[3].endswith("] captains' playoff white won")
    assert first[5].endswith("; captains' playoff: 甲4–甲1") and "4:" not in first[5]
    assert not any(IDENTIFIERS.search(text) for row in view.board_texts() for text in row)
    window.set_language("zh")
    # a match is still typed one key per board: every match of the round has a playoff game,
    # and the entry takes three boards' keys, not four
    assert view.entry_games() == 3
    monkeypatch.setattr(common, "confirm", lambda *_args: True)  # the correction: yes
    type_result(window, qtbot, "1 1=0 p1")  # the playoff corrected: 队4's captain won
    corrected = queries.round_view(window.ev, GROUP, 1).boards[0]
    assert code_text(corrected.result) == "0-1"
    assert view.board_texts()[0][3] == "队4胜【黑胜 和 白胜】 主将加赛 黑胜"


def test_the_bracket_marks_a_withdrawn_team_from_its_withdrawal_on(
        window, qtbot, tmp_path):  # type: ignore[no-untyped-def]
    four_teams(window, tmp_path)
    knockout.enter_team_result(window.ev, GROUP, 1, 1, ["1-0", "=", "0-1"], ["0-1"])
    knockout.enter_team_result(window.ev, GROUP, 1, 2, ["1-0", "0-1", "1-0"])
    team_swiss.withdraw_team(window.ev, GROUP, "队4")  # from round 2 on
    rounds.pair_next_round(window.ev, GROUP)  # its match for 3rd place: lost by forfeit
    window.changed()
    view = window.standings_view
    window.tabs.setCurrentWidget(view)
    select_group(view, GROUP)
    assert view.show_bracket()
    widget = view.bracket
    shown = {(m.round, m.number): (m.top, m.bottom) for m in widget.shown_matches()}
    assert shown[(1, 1)] == ("队1", "队4")  # round 1, which it played: no mark
    assert shown[(2, 2)] == ("队4（退赛）", "队3")  # the match it no longer plays
    assert [side for sides in shown.values() for side in sides
            if "退赛" in side] == ["队4（退赛）"]
    assert "队4（退赛）" in widget.tooltip_for(widget.bracket.match(2, 2))
    assert "退赛" not in widget.tooltip_for(widget.bracket.match(1, 1))
    view.grab().save("/tmp/uiko-bracket-withdrawn-zh.png")
    window.set_language("en")
    assert ("队4 (withdrawn)", "队3") in [(m.top, m.bottom) for m in widget.shown_matches()]
    view.grab().save("/tmp/uiko-bracket-withdrawn-en.png")
    window.set_language("zh")


def test_the_bracket_marks_a_withdrawn_player_of_an_individual_knockout(
        window, qtbot, tmp_path):  # type: ignore[no-untyped-def]
    """mindgames-2016's 禁手组 played as a knockout of eight: 选手6 withdraws after round 1,
    which he played; round 2's box reads `选手6（退赛）` (lost by forfeit when paired) and so
    does round 3's he goes to, round 1's `选手6` — as the printed bracket reads
    (tests/commands/test_knockout_paths.py)."""
    from app.services.groups import update_group
    from app.services.players import add_player, withdraw_player

    assert window.new_event(tmp_path / "ko.db", "mindgames-2016"), window.last_error
    group = "禁手组"
    update_group(window.ev, group, system="knockout")
    ids = {add_player(window.ev, group, name=f"选手{k}"): f"选手{k}" for k in range(1, 9)}
    paired = rounds.pair_next_round(window.ev, group)
    rounds.enter_results(window.ev, group, 1, {b.number: ["1-0"] for b in paired.boards})
    withdraw_player(window.ev, next(i for i, n in ids.items() if n == "选手6"))
    rounds.pair_next_round(window.ev, group)
    window.changed()
    view = window.standings_view
    window.tabs.setCurrentWidget(view)
    select_group(view, group)
    assert view.show_bracket()
    sides = [(m.round, side) for m in view.bracket.shown_matches() for side in (m.top, m.bottom)
             if side.startswith("选手6")]
    assert sides == [(1, "选手6"), (2, "选手6（退赛）"), (3, "选手6（退赛）")]
