"""The window: a huazhi team event with more teams than its bracket takes, played as a FIDE
Team Swiss (C.04.6). The setup form offers the system, the arbiter chooses it for the final,
registers five teams, pairs two rounds (one team has the bye, C.04.6 Art. 3.4), types each
match board by board (a level match is a drawn match, not a captains' playoff), and the
standings view ranks the teams on match points with game points beside them."""

from __future__ import annotations

from app.services import queries
from app.services.ranking import standings as standings_of
from app.wording import place_text
from tests.ui.helpers import select_group

GROUP = "决赛"
CITIES = ("北京", "上海", "杭州", "南京", "广州")


def test_choose_the_team_swiss_pair_enter_and_rank(window, tmp_path):
    assert window.new_event(tmp_path / "huazhi.db", "huazhi-2021"), window.last_error
    setup = window.setup_view
    names = [setup.group_list.item(i).text() for i in range(setup.group_list.count())]
    setup.group_list.setCurrentRow(names.index(GROUP))
    index = setup.system.findData("team_swiss")
    assert index >= 0  # the form offers the system, in words
    assert "团体积分编排" in setup.system.itemText(index)
    setup.system.setCurrentIndex(index)
    # its options in words (C.04.6 Art. 1.2, 1.7): type B colour preferences chosen
    assert setup.team_primary.currentText().startswith("场分")
    setup.team_colours.setCurrentIndex(setup.team_colours.findData("B"))
    assert setup.team_colours.currentText().startswith("B类")
    assert setup.save_group(), window.last_error
    group = next(g for g in queries.event_info(window.ev).groups if g.name == GROUP)
    assert group.settings.system.value == "team_swiss"
    assert group.settings.team_swiss_colours == "B"

    players = window.players_view
    for city in CITIES:
        members = [(f"{city}甲", "M"), (f"{city}乙", "M"), (f"{city}丙", "F")]
        assert players.add_team(GROUP, f"{city}队", members) is not None, window.last_error

    rounds = window.rounds_view
    window.tabs.setCurrentWidget(rounds)
    select_group(rounds, GROUP)
    met: set[frozenset[str]] = set()
    byes = []
    for number in (1, 2):
        assert rounds.pair_next() is not None, window.last_error
        assert "FIDE C.04.6" in rounds.report.toPlainText()
        info = queries.round_view(window.ev, GROUP, number)
        byes += [b.first_team for b in info.boards if not b.second_team]
        matches = [b for b in info.boards if b.second_team]
        assert len(matches) == 2
        for k, board in enumerate(matches):
            pair = frozenset((board.first_team, board.second_team))
            assert pair not in met
            met.add(pair)
            # round 1, match 1 level: each first mover wins, board 3 drawn (3:3, a drawn
            # match); the others the first-named team wins 5:1
            codes = ["1-0", "1-0", "="] if (number, k) == (1, 0) else ["1-0", "0-1", "="]
            assert rounds.enter_result(board.number, codes), window.last_error
        texts = rounds.board_texts()
        assert not any("加赛" in str(cell) for row in texts for cell in row)
    assert len(byes) == 2 and len(set(byes)) == 2  # C.04.1 d: no team has the bye twice
    drawn = queries.round_view(window.ev, GROUP, 1).boards[0]
    assert drawn.result is not None and drawn.result.winner is None  # the match drawn
    assert drawn.result.games[0].draw

    standings = window.standings_view
    window.tabs.setCurrentWidget(standings)
    select_group(standings, GROUP)
    table = standings.standings_texts()
    assert len(table) == len(CITIES)
    assert {row[1] for row in table} == {f"{city}队" for city in CITIES}
    headers = [standings.table.horizontalHeaderItem(c).text()
               for c in range(standings.table.columnCount())]
    assert headers[1:5] == ["团体", "单位", "场分", "局分"]  # the primary score by its name
    points = [int(row[3]) for row in table]
    assert points == sorted(points, reverse=True) and sum(points) == 2 * 3 * 2  # 2 a match
    ranked = standings_of(window.ev, GROUP)  # the view shows the service's team standings
    assert [(row[0], row[1], row[4]) for row in table] == [
        (place_text(r.place, r.shared), r.player.name, str(r.tiebreaks[0])) for r in ranked.rows]
