"""A level team match decided by lots (抽签, huazhi 八、(五)) in the window: typed on the rounds
view's entry line beside the captains' playoff (L1 / L2 after the boards, or alone once the
boards are in), refused where it decides nothing, and read 抽签 on the rounds list and in the
bracket (its box and tooltip), in both languages."""

from __future__ import annotations

from PySide6.QtCore import Qt

from app.services import knockout, queries
from app.wording import code_text
from tests.ui.helpers import screenshot, select_group


def test_lots_are_typed_beside_the_playoff_and_shown_as_lots(window, qtbot, tmp_path):  # type: ignore[no-untyped-def]
    assert window.new_event(tmp_path / "hz.db", "huazhi-2021")
    for k in range(1, 5):
        knockout.add_team(window.ev, "决赛", f"队{k}", [(f"甲{k}", "M"), (f"乙{k}", "M"),
                                                      (f"丙{k}", "F")])
    window.changed()
    view = window.rounds_view
    window.tabs.setCurrentWidget(view)
    select_group(view, "决赛")
    assert view.pair_next() is not None, window.last_error
    assert "L1 先行方、L2 后行方" in view.entry.toolTip()
    # match 1 is won on the boards (5:1): lots decide nothing there, and nothing is written
    qtbot.keyClicks(view.entry, "1 10= L1")
    qtbot.keyClick(view.entry, Qt.Key.Key_Return)
    assert "比赛未打平（5:1），胜负已由局分决定，不能抽签" in view.entry_error.text()
    assert view.entry.selectedText() == "1 10= L1"
    assert code_text(queries.round_view(window.ev, "决赛", 1).boards[0].result) == ""
    # match 2 level: the boards first, then the lots alone for the second-named team (队3)
    qtbot.keyClicks(view.entry, "2 1=0")
    qtbot.keyClick(view.entry, Qt.Key.Key_Return)
    assert view.board_texts()[1][3].startswith("战平，需主将加赛")
    qtbot.keyClicks(view.entry, "2 L2")
    qtbot.keyClick(view.entry, Qt.Key.Key_Return)
    assert view.entry.text() == "", window.last_error
    decided = queries.round_view(window.ev, "决赛", 1).boards[1]
    assert code_text(decided.result) == "0-1" and len(decided.games) == 3  # no playoff game
    assert "两队打平，抽签决定：队3胜" in window.status_label.text()
    assert view.board_texts()[1][2] == "3:3 抽签（队3胜）"
    window.set_language("en")
    assert view.board_texts()[1][2] == "3:3 lots (队3 wins)"
    window.set_language("zh")
    screenshot(window, "39-team-lots")
    qtbot.keyClicks(view.entry, "1 101")
    qtbot.keyClick(view.entry, Qt.Key.Key_Return)
    standings = window.standings_view
    window.tabs.setCurrentWidget(standings)
    select_group(standings, "决赛")
    assert standings.show_bracket()
    widget = standings.bracket
    assert widget.header_texts(widget.bracket.match(1, 2)) == ("第2场  抽签", "1–4名")
    assert widget.header_texts(widget.bracket.match(1, 1)) == ("第1场", "1–4名")
    assert "胜者：队3（抽签）" in widget.tooltip_for(widget.bracket.match(1, 2))
    window.set_language("en")
    assert widget.header_texts(widget.bracket.match(1, 2))[0] == "Match 2  lots"
    assert "Winner: 队3 (lots)" in widget.tooltip_for(widget.bracket.match(1, 2))
    window.set_language("zh")


def test_the_standings_note_the_lots_on_each_teams_way_to_its_place(window, tmp_path):  # type: ignore[no-untyped-def]
    """Round 1's match 2 drawn by lots for 队3, round 2 won on the boards: the standings table
    of the knockout notes the lots on the two lines they touched (第1轮抽签胜 / 第1轮抽签负),
    as the places papers do, in both languages; the other lines say nothing."""
    from app.services.rounds import pair_next_round

    assert window.new_event(tmp_path / "hz.db", "huazhi-2021")
    for k in range(1, 5):
        knockout.add_team(window.ev, "决赛", f"队{k}", [(f"甲{k}", "M"), (f"乙{k}", "M"),
                                                      (f"丙{k}", "F")])
    pair_next_round(window.ev, "决赛")
    knockout.enter_team_result(window.ev, "决赛", 1, 1, ["1-0", "0-1", "1-0"])
    knockout.enter_team_result(window.ev, "决赛", 1, 2, ["1-0", "=", "0-1"], lots="队3")
    pair_next_round(window.ev, "决赛")
    for match in (1, 2):
        knockout.enter_team_result(window.ev, "决赛", 2, match, ["1-0", "0-1", "1-0"])
    window.changed()
    standings = window.standings_view
    window.tabs.setCurrentWidget(standings)
    select_group(standings, "决赛")
    table = standings.standings_texts()
    assert [(row[1], row[-1]) for row in table] == [
        ("队1", ""), ("队3", "第1轮抽签胜"), ("队4", ""), ("队2", "第1轮抽签负")]
    window.set_language("en")
    assert [row[-1] for row in standings.standings_texts()] == [
        "", "won round 1 by lots", "", "lost round 1 by lots"]
    window.set_language("zh")
