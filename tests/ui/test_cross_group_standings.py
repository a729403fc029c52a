"""The standings view of huazhi's cross-group round (复赛, 五、(二), 五、(三)2), which ranks
nobody: it listed every player 1= with 0 points; it shows each match, its score and who goes
on (出线), provisional while a match is open, and prints as the round's 出线名单."""

from __future__ import annotations

from app.services import knockout, rounds
from tests.ui.helpers import screenshot, select_group


def test_the_cross_group_round_shows_who_goes_on_not_places(window, tmp_path):  # type: ignore[no-untyped-def]
    assert window.new_event(tmp_path / "hz.db", "huazhi-2021")
    for label, short in (("大众场", "大"), ("专业场", "专")):
        for k in (1, 2):
            knockout.add_team(window.ev, "复赛", f"{short}{k}",
                              [(f"甲{short}{k}", "M"), (f"乙{short}{k}", "M"),
                               (f"丙{short}{k}", "F")], source=label)
    rounds.pair_next_round(window.ev, "复赛")
    knockout.enter_team_result(window.ev, "复赛", 1, 1, ["1-0", "0-1", "1-0"])
    window.changed()
    view = window.standings_view
    window.tabs.setCurrentWidget(view)
    select_group(view, "复赛")
    headers = [view.table.horizontalHeaderItem(c).text() for c in range(view.table.columnCount())]
    assert headers == ["场次", "先行方", "比分", "后行方", "出线"]
    assert view.standings_texts() == [
        ["第1场", "大1（大众场第1名）", "6:0", "专2（专业场第2名）", "大1"],
        ["第2场", "大2（大众场第2名）", "待赛", "专1（专业场第1名）", "待定"]]
    assert view.state_label.text() == "临时（非最终）"
    assert "每场胜队出线进入决赛" in view.legend.text()
    assert not view.pages.isTabVisible(1) and not view.pages.isTabVisible(2)  # no grid, no bracket
    knockout.enter_team_result(window.ev, "复赛", 1, 2, ["1-0", "=", "0-1"], lots="专1")
    window.changed()
    assert view.standings_texts()[1] == ["第2场", "大2（大众场第2名）", "3:3 抽签（专1胜）",
                                         "专1（专业场第1名）", "专1"]
    assert view.state_label.text() == "最终名次"
    window.set_language("en")
    assert view.standings_texts()[1][2:] == ["3:3 lots (专1 wins)", "专1 (专业场 no. 1)", "专1"]
    window.set_language("zh")
    screenshot(window, "40-cross-group-standings")
