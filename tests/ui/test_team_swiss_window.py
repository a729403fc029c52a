"""The window: a huazhi team event with more teams than its bracket takes, played as a FIDE
Team Swiss (C.04.6). The setup form offers the system, the arbiter chooses it for the final,
registers five teams, pairs two rounds (one team has the bye, C.04.6 Art. 3.4), types each
match board by board (a level match is a drawn match, not a captains' playoff), and the
standings view ranks the teams on match points with game points beside them."""

from __future__ import annotations

import pytest

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


# ----- 24 teams, end to end from the window ----------------------------------------------------

TEAMS = 24
ROUNDS = 7
EVENT = "团体赛"  # the tuanti template's group
GONE = "第5队"  # withdraws after round 2 (rounds 3 and 4 away), reinstated for round 5
KEYS = ("1", "0", "=", "1", "0")


def _keys(round_: int, match: int) -> str:
    """The keys typed for a match's three boards (first-named team's boards first)."""
    if (round_, match) == (2, 3):
        return "11="  # each black wins (board 2's black is the second-named team's), one
        # drawn: each team 3 game points, a drawn match
    if (round_, match) == (4, 1):
        return "+++"  # every board forfeited, each by its second mover (4:2, a forfeit)
    return "".join(KEYS[(round_ * 7 + match * 3 + board) % 5] for board in range(1, 4))


def _pair_and_type(window, qtbot, round_: int) -> list:  # type: ignore[no-untyped-def]
    """Pair the round from the rounds view (F5) and type each match on the entry line."""
    from PySide6.QtCore import Qt

    rounds = window.rounds_view
    window.tabs.setCurrentWidget(rounds)
    select_group(rounds, EVENT)
    before = rounds.round_box.count()
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    qtbot.keyClick(window, Qt.Key.Key_F5)  # the arbiter's key for 编排下一轮
    try:
        qtbot.waitUntil(lambda: rounds.round_box.count() == before + 1, timeout=20_000)
    except Exception:
        raise AssertionError(window.last_error + " | " + window.status_label.text()) from None
    assert "FIDE C.04.6" in rounds.report.toPlainText()
    info = queries.round_view(window.ev, EVENT, round_)
    for board in info.boards:
        if board.second_team:
            rounds.entry.setFocus()
            qtbot.keyClicks(rounds.entry, f"{board.number} {_keys(round_, board.number)}")
            qtbot.keyClick(rounds.entry, Qt.Key.Key_Return)
            # saved: the line is cleared (with a bye's board in the round too)
            assert rounds.entry.text() == "", (round_, window.last_error)
    return list(queries.round_view(window.ev, EVENT, round_).boards)


def _withdraw_gone(window, monkeypatch, from_round: int):  # type: ignore[no-untyped-def]
    """The players view: choose the team in the list, 整队退赛…, the round asked."""
    from PySide6.QtWidgets import QInputDialog

    players = window.players_view
    window.tabs.setCurrentWidget(players)
    select_group(players, EVENT)
    row = next(k for k, team in enumerate(players.team_infos) if team.name == GONE)
    players.teams.setCurrentRow(row)
    withdrawal = players.team_withdrawal
    assert withdrawal.withdraw_button.isVisible() and withdrawal.withdraw_button.isEnabled()
    assert not withdrawal.reinstate_button.isEnabled()
    monkeypatch.setattr(QInputDialog, "getInt", lambda *args: (from_round, True))
    withdrawal.withdraw_button.click()
    return players


@pytest.mark.slow  # seven rounds of 24 teams typed in the window, every paper written
def test_a_24_team_swiss_run_from_the_window(window, qtbot, tmp_path, monkeypatch):  # type: ignore[no-untyped-def]
    """The tuanti template's team event in the window: type B colours chosen on the form, 24
    teams registered (one through the team dialog), seven rounds paired by F5 and typed match
    by match on the entry line (a drawn match, a forfeited one), a team withdrawn after round
    2 in the players view (a refused withdrawal first: it says why and writes nothing) and
    reinstated after round 4, the standings headed 场分 / 局分, and the papers and the TRF from
    the export dialog, read back from the files."""
    import re

    from openpyxl import load_workbook

    from app.cli import main
    from app.services import team_swiss
    from app.ui import export_dialog
    from tests.ui.helpers import pdf_text, screenshot

    assert window.new_event(tmp_path / "tuanti.db", "tuanti-2026"), window.last_error
    setup = window.setup_view
    names = [setup.group_list.item(i).text() for i in range(setup.group_list.count())]
    setup.group_list.setCurrentRow(names.index(EVENT))
    assert setup.system.currentData() == "team_swiss"  # the template's system
    assert setup.team_primary.currentText().startswith("场分")
    setup.team_colours.setCurrentIndex(setup.team_colours.findData("B"))
    assert setup.rounds.value() == ROUNDS
    assert setup.save_group(), window.last_error

    players = window.players_view
    window.tabs.setCurrentWidget(players)
    select_group(players, EVENT)
    dialog = players.team_dialog_for(EVENT)  # the first team typed into the dialog
    dialog.name.setText("第1队")
    dialog.unit.setText("第1队")
    dialog.members.setPlainText("队1甲 男\n队1乙 男\n队1丙 女")
    dialog.ok_button.click()
    assert dialog.result(), dialog.error.text()
    for k in range(2, TEAMS + 1):
        members = [(f"队{k}甲", "M"), (f"队{k}乙", "M"), (f"队{k}丙", "F")]
        assert players.add_team(EVENT, f"第{k}队", members) is not None, window.last_error
    assert players.teams.count() == TEAMS

    met: set[frozenset[str]] = set()
    for round_ in range(1, ROUNDS + 1):
        if round_ == 3:  # after round 2: first a refused withdrawal, then from round 3
            _withdraw_gone(window, monkeypatch, 2)
            assert "第2轮已编排" in window.last_error and "第3轮起" in window.last_error
            assert team_swiss.withdrawals(window.ev, EVENT) == {}  # nothing written
            players = _withdraw_gone(window, monkeypatch, 3)
            assert team_swiss.withdrawals(window.ev, EVENT) == {GONE: 3}
            shown = players.teams.item(4).text()
            assert shown.startswith(f"5. {GONE}") and "第3轮起退赛" in shown
            assert players.team_withdrawal.reinstate_button.isEnabled()
            screenshot(window, "team_swiss/players-withdrawn")
        if round_ == 5:  # reinstated: paired again from round 5
            players = window.players_view
            window.tabs.setCurrentWidget(players)
            players.team_withdrawal.reinstate_button.click()
            assert team_swiss.withdrawals(window.ev, EVENT) == {}, window.last_error
        boards = _pair_and_type(window, qtbot, round_)
        teams = [t for b in boards for t in (b.first_team, b.second_team) if t]
        byes = [b for b in boards if not b.second_team]
        if round_ in (3, 4):
            assert GONE not in teams and len(byes) == 1  # 23 teams: one bye
        else:
            assert teams.count(GONE) == 1 and not byes
        for board in boards:
            if board.second_team:
                pair = frozenset((board.first_team, board.second_team))
                assert pair not in met  # C.04.1 b: never twice
                met.add(pair)
                assert board.result is not None, (round_, board.number)
        if round_ == 3:
            standings = window.standings_view
            window.tabs.setCurrentWidget(standings)
            select_group(standings, EVENT)
            row = next(r for r in standings.standings_texts() if r[1].startswith(GONE))
            assert row[1] == f"{GONE}（第3轮起退赛）"
    drawn = queries.round_view(window.ev, EVENT, 2).boards[2]
    assert drawn.result is not None and drawn.result.winner is None  # 3:3, a drawn match

    standings = window.standings_view
    window.tabs.setCurrentWidget(standings)
    select_group(standings, EVENT)
    table = standings.standings_texts()
    headers = [standings.table.horizontalHeaderItem(c).text()
               for c in range(standings.table.columnCount())]
    assert headers[1:8] == ["团体", "单位", "场分", "局分", "直胜", "索伯分", "对手分"]
    assert len(table) == TEAMS and "临时" not in standings.legend.text()
    points = [int(row[3]) for row in table]
    assert points == sorted(points, reverse=True)
    assert sum(points) == 2 * (TEAMS // 2 * 5 + (TEAMS // 2 - 1) * 2) + 2 * 2  # byes win 2
    screenshot(window, "team_swiss/standings")
    # the team crosstable page: teams x rounds, the opponent's row, side, result, game points
    assert standings.pages.isTabVisible(3) and not standings.pages.isTabVisible(1)
    standings.pages.setCurrentWidget(standings.team_crosstable)
    grid = standings.team_crosstable.texts()
    heads = [standings.team_crosstable.table.horizontalHeaderItem(c).text()
             for c in range(standings.team_crosstable.table.columnCount())]
    assert heads == ["序号", "名次", "团体", *(f"第{k}轮" for k in range(1, ROUNDS + 1)),
                     "场分", "局分"]
    assert [row[2] for row in grid] == [row[1] for row in table]  # in standings order
    cell = re.compile(r"(\d+)[先后] (胜|和|负|不战胜|弃权负) (\d+):(\d+)|轮空 \d+|缺赛")
    assert all(cell.fullmatch(c) for row in grid for c in row[3:3 + ROUNDS])
    assert [int(row[-2]) for row in grid] == points
    screenshot(window, "team_swiss/team-crosstable")
    standings.pages.setCurrentIndex(0)

    monkeypatch.setattr(export_dialog, "open_folder", lambda _folder: True)
    window.act_export.trigger()
    dialog = window.export_dialog
    dialog.document.setCurrentIndex(0)  # everything
    dialog.folder.setText(str(tmp_path / "papers"))
    written = dialog.export()
    assert written, window.last_error
    pdfs = {p.name: p for p in written if p.suffix == ".pdf"}
    ranking = pdf_text(next(p for n, p in pdfs.items() if "团体赛 团体名次" in n))
    header = next(line for line in ranking.splitlines() if "场分" in line)
    assert "局分" in header and "积分" not in header
    leader = next(line for line in ranking.splitlines() if line.strip().startswith("1 "))
    assert table[0][1] in leader
    cross = pdf_text(next(p for n, p in pdfs.items() if "团体交叉表" in n))
    line = next(x for x in cross.splitlines() if f"{GONE}" in x and "." in x)
    assert line.count("缺赛") == 2  # rounds 3 and 4 away (reinstated: no longer 退赛)
    book = load_workbook(next(p for p in written if p.name == "赛事数据.xlsx"), read_only=True)
    sheet = next(s for s in book.worksheets if "团体交叉表" in s.title)
    rows = list(sheet.iter_rows(values_only=True))
    gone = next(r for r in rows[1:] if GONE in str(r[2]))
    assert gone[3 + 2] == gone[3 + 3] == "缺赛" and re.fullmatch(r"\d+[先后] .+", gone[3])
    trf = next(p for p in written if p.suffix == ".trf" and "棋手" not in p.name)  # the teams
    text = trf.read_text(encoding="utf-8")
    assert len([x for x in text.splitlines() if x.startswith("310 ")]) == TEAMS
    # every round of the file re-paired from its team records is the round the window paired
    assert main(["trf", "check", str(trf), "--system", "team_swiss", "--team-colours", "B"]) == 0


def test_a_match_corrected_after_the_next_round_is_paired_is_warned(
        window, tmp_path, monkeypatch):  # type: ignore[no-untyped-def]
    """Correcting a round-1 match in the window once round 2 is paired asks first, stores the
    correction and says round 2 was paired on the old result, as a board's correction does."""
    from app.ui import common
    from app.wording import code_text

    assert window.new_event(tmp_path / "huazhi.db", "huazhi-2021"), window.last_error
    setup = window.setup_view
    names = [setup.group_list.item(i).text() for i in range(setup.group_list.count())]
    setup.group_list.setCurrentRow(names.index(GROUP))
    setup.system.setCurrentIndex(setup.system.findData("team_swiss"))
    assert setup.save_group(), window.last_error
    for city in CITIES[:4]:
        members = [(f"{city}甲", "M"), (f"{city}乙", "M"), (f"{city}丙", "F")]
        assert window.players_view.add_team(GROUP, f"{city}队", members) is not None
    rounds = window.rounds_view
    window.tabs.setCurrentWidget(rounds)
    select_group(rounds, GROUP)
    assert rounds.pair_next() is not None, window.last_error
    for board in queries.round_view(window.ev, GROUP, 1).boards:
        assert rounds.enter_result(board.number, ["1-0", "0-1", "1-0"]), window.last_error
    assert rounds.pair_next() is not None, window.last_error
    asked: list[str] = []
    monkeypatch.setattr(common, "confirm", lambda _p, _t, text: asked.append(text) or True)
    rounds.round_box.setCurrentIndex(0)
    assert rounds.enter_result(1, ["0-1", "0-1", "0-1"]), window.last_error
    assert asked  # a correction is asked for first
    assert code_text(queries.round_view(window.ev, GROUP, 1).boards[0].result) == "0-1"
    assert "第2轮已根据原结果编排" in window.banner_message()


def test_the_entry_tip_offers_the_captains_playoff_only_where_a_level_match_has_one(
        window, tmp_path):  # type: ignore[no-untyped-def]
    """The result entry's tip (on the entry line and on the pairing table): a team knockout's
    level match is decided by the captains (huazhi 六、(三)3: the playoff typed after p); a Team
    Swiss match with equal game points is drawn (C.04.6), the tip says so and offers no p."""
    assert window.new_event(tmp_path / "huazhi.db", "huazhi-2021"), window.last_error
    rounds = window.rounds_view
    window.tabs.setCurrentWidget(rounds)
    select_group(rounds, GROUP)  # the template's final: a placement knockout of teams
    assert "主将加赛" in rounds.entry.toolTip() and "p1" in rounds.table.toolTip()

    setup = window.setup_view
    window.tabs.setCurrentWidget(setup)
    names = [setup.group_list.item(i).text() for i in range(setup.group_list.count())]
    setup.group_list.setCurrentRow(names.index(GROUP))
    setup.system.setCurrentIndex(setup.system.findData("team_swiss"))
    assert setup.save_group(), window.last_error
    window.tabs.setCurrentWidget(rounds)
    select_group(rounds, GROUP)
    for tip in (rounds.entry.toolTip(), rounds.table.toolTip()):
        assert "p1" not in tip and "局分相同即为和局" in tip, tip
        assert "每台" in tip
    window.set_language("en")
    assert "drawn" in rounds.entry.toolTip() and "after p" not in rounds.entry.toolTip()


def _chain_shown(setup) -> list[str]:  # type: ignore[no-untyped-def]
    return [setup.tiebreaks.chosen.item(i).text() for i in range(setup.tiebreaks.chosen.count())]


def test_the_setup_form_shows_and_edits_the_team_tiebreaks_of_a_team_swiss(
        window, tmp_path):  # type: ignore[no-untyped-def]
    """A Team Swiss ranks its teams (FIDE C.07), not its players: the form's 名次区分 shows the
    team tie-breaks in force (the default chain after the primary score, 局分 first behind 场分,
    场分 first behind 局分), offers the other team tie-breaks, and saves them as the group's
    team tie-breaks; it was an empty list of the players' tie-breaks."""
    assert window.new_event(tmp_path / "tuanti.db", "tuanti-2026"), window.last_error
    setup = window.setup_view
    window.tabs.setCurrentWidget(setup)
    names = [setup.group_list.item(i).text() for i in range(setup.group_list.count())]
    setup.group_list.setCurrentRow(names.index(EVENT))
    assert _chain_shown(setup) == ["1. 局分", "2. 直胜", "3. 索伯分", "4. 对手分"]
    offered = [setup.tiebreaks.available.itemText(i)
               for i in range(setup.tiebreaks.available.count())]
    assert offered == ["场分", "胜场"]
    setup.team_primary.setCurrentIndex(setup.team_primary.findData("game"))
    assert _chain_shown(setup)[0] == "1. 场分"  # the default chain follows the primary score
    setup.team_primary.setCurrentIndex(setup.team_primary.findData("match"))
    setup.tiebreaks.add_key("wins")
    assert setup.save_group(), window.last_error
    group = next(g for g in queries.event_info(window.ev).groups if g.name == EVENT)
    assert group.settings.team_tiebreaks == (
        "game_points", "direct_encounter", "sonneborn_berger", "buchholz", "wins")
    assert group.tiebreaks == ()  # the players' tie-breaks as they were
    setup.group_list.setCurrentRow(names.index(EVENT))
    assert _chain_shown(setup)[-1] == "5. 胜场"
    window.set_language("en")
    assert _chain_shown(setup)[0] == "1. game points"
    # a group of another system shows its players' tie-breaks again
    setup.system.setCurrentIndex(setup.system.findData("swiss"))
    assert "game points" not in " ".join(_chain_shown(setup))


def test_the_setup_form_of_a_team_swiss_offers_only_what_it_reads(
        window, tmp_path):  # type: ignore[no-untyped-def]
    """The setup form of a Team Swiss shows its own options and its team 名次区分, not the
    players' settings its rounds and team standings never read (未赛局计算, 同单位回避, the
    名次区分 options, late entries, sub-rankings, a player's byes in 计分); they come back when
    a Swiss of players is chosen, which hides the Team Swiss options; what the group holds
    for the hidden rows is saved unchanged."""
    assert window.new_event(tmp_path / "tuanti.db", "tuanti-2026"), window.last_error
    setup = window.setup_view
    window.tabs.setCurrentWidget(setup)
    names = [setup.group_list.item(i).text() for i in range(setup.group_list.count())]
    setup.group_list.setCurrentRow(names.index(EVENT))
    shown = setup.system_rows.shown()
    assert shown == ["f_tiebreaks", "f_forfeit_meeting", "f_initial_colour", "f_team_swiss"]
    hidden_points = [k for k, spin in setup.points.items() if spin.isHidden()]
    assert hidden_points == ["pab", "full_bye", "half_bye", "zero_bye", "absent"]
    assert setup.playoff_format.isHidden()  # its teams play no playoff: lots decide
    setup.system.setCurrentIndex(setup.system.findData("swiss"))
    shown = setup.system_rows.shown()
    assert "f_team_swiss" not in shown
    assert {"f_unplayed_policy", "f_same_unit", "f_tiebreak_options", "f_late_entry_points",
            "f_subrankings"} <= set(shown)
    assert not any(spin.isHidden() for spin in setup.points.values())
    setup.system.setCurrentIndex(setup.system.findData("team_swiss"))
    assert setup.save_group(), window.last_error
    group = next(g for g in queries.event_info(window.ev).groups if g.name == EVENT)
    assert group.settings.system.value == "team_swiss"
    assert group.settings.points.full_bye == 2  # kept as it was


def test_the_setup_form_brings_the_players_chain_a_switch_of_system_brings(
        window, tmp_path):  # type: ignore[no-untyped-def]
    """Choosing another system on the form shows and saves the players' tie-breaks the
    command line's switch gives (`GroupSettings.tiebreaks_after_switch`): the tuanti group,
    which names none, as a Swiss of players the default chain (it showed an empty list and
    ranked by points alone); shenzhen's 男子组 as a round robin its regulation's 小分、胜局
    (十一、(一)1), and back on its Swiss its own chain."""
    assert window.new_event(tmp_path / "tuanti.db", "tuanti-2026"), window.last_error
    setup = window.setup_view
    window.tabs.setCurrentWidget(setup)
    names = [setup.group_list.item(i).text() for i in range(setup.group_list.count())]
    setup.group_list.setCurrentRow(names.index(EVENT))
    setup.system.setCurrentIndex(setup.system.findData("swiss"))
    assert _chain_shown(setup) == ["1. 对手分", "2. 中间对手分", "3. 胜局"]
    assert setup.save_group(), window.last_error
    group = next(g for g in queries.event_info(window.ev).groups if g.name == EVENT)
    assert group.tiebreaks == ("buchholz", "median_buchholz", "wins")

    assert window.new_event(tmp_path / "sz.db", "shenzhen-2022"), window.last_error
    names = [setup.group_list.item(i).text() for i in range(setup.group_list.count())]
    setup.group_list.setCurrentRow(names.index("男子组"))
    setup.system.setCurrentIndex(setup.system.findData("round_robin"))
    assert _chain_shown(setup) == ["1. 小分（索伯分）", "2. 胜局"]
    setup.system.setCurrentIndex(setup.system.findData("swiss"))
    assert _chain_shown(setup) == ["1. 对手分", "2. 中间对手分", "3. 胜局"]
    setup.system.setCurrentIndex(setup.system.findData("round_robin"))
    assert setup.save_group(), window.last_error
    group = next(g for g in queries.event_info(window.ev).groups if g.name == "男子组")
    assert group.tiebreaks == ("sonneborn_berger", "wins")
