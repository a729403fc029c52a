"""A Team Swiss group from the event file (app.services.team_swiss): rounds paired from the
stored matches by the C.04.6 engine, the bye, a level match drawn (no captains' playoff), a
forfeited match, and the standings on the primary score the group chose."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.errors import UserError
from app.pairing.types import Outcome
from app.services import queries, team_swiss
from app.services.event import Event
from app.services.groups import update_group
from app.services.knockout import add_team, enter_team_result
from app.services.players import withdraw_player
from app.services.ranking import standings
from app.services.rounds import pair_next_round
from app.services.team_swiss import forfeited_pairs, team_rounds, team_snapshot
from app.wording import code_text

GROUP = "团体赛"
CITIES = ("北京", "上海", "杭州", "南京", "广州")


@pytest.fixture
def event(tmp_path: Path) -> Event:
    created = Event.create(tmp_path / "e.db", preset="tuanti-2026")
    for city in CITIES:
        add_team(created, GROUP, f"{city}队", [(f"{city}甲", "M"), (f"{city}乙", "M"),
                                               (f"{city}丙", "F")])
    return created


def _matches(event: Event, number: int) -> list[queries.BoardInfo]:
    return list(queries.round_view(event, GROUP, number).boards)


def test_round_one_gives_the_lowest_team_the_bye_c04_6_art_3_4(event: Event) -> None:
    info = pair_next_round(event, GROUP)
    byes = [b.first_team for b in info.boards if not b.second_team]
    assert byes == ["广州队"]  # five teams: the one with the highest pairing number
    report = "\n".join(str(line) for line in queries.round_view(event, GROUP, 1).report)
    assert "广州队 轮空" in report and "FIDE C.04.6" in report


def test_a_level_match_is_drawn_and_takes_no_playoff(event: Event) -> None:
    pair_next_round(event, GROUP)
    first = _matches(event, 1)[0]
    with pytest.raises(UserError) as refused:
        enter_team_result(event, GROUP, 1, first.number, ["1-0", "1-0", "="], ["1-0"])
    assert "主将加赛" in refused.value.zh
    assert _matches(event, 1)[0].result is None  # refused: nothing written
    assert code_text(enter_team_result(event, GROUP, 1, first.number, ["1-0", "1-0", "="]).result) == "="
    board = _matches(event, 1)[0]
    assert board.result is not None and board.result.games[0].draw  # a drawn match
    assert board.score is not None and board.score.drawn and not board.score.waits_for_playoff


def test_a_forfeited_match_counts_as_met_and_is_not_paired_again(event: Event) -> None:
    met: dict[int, set[frozenset[str]]] = {}
    for number in range(1, 5):
        pair_next_round(event, GROUP)
        matches = [b for b in _matches(event, number) if b.second_team]
        for k, board in enumerate(matches):
            codes = ["+-", "-+", "+-"] if (number, k) == (1, 0) else ["1-0", "0-1", "="]
            enter_team_result(event, GROUP, number, board.number, codes)
        met[number] = {frozenset((b.first_team, b.second_team)) for b in matches}
    first_match = _matches(event, 1)[0]
    pair = frozenset((first_match.first_team, first_match.second_team))
    assert all(pair not in met[n] for n in range(2, 5))
    with event.reading() as session:
        group = Event.group(session, GROUP)
        records = team_rounds(group)
        forbidden = forfeited_pairs(team_snapshot(group, 5))
    assert records[1][0].match.outcome is Outcome.FORFEIT_WIN  # 北京队, named first
    opponent = records[1][0].match.opponent  # C.04.6 Art. 3.6.3: 3 in round 1 (1-3 2-4)
    assert opponent is not None
    assert records[opponent][0].match.outcome is Outcome.FORFEIT_LOSS
    assert forbidden == {frozenset((1, opponent))}  # never paired again (Chinese practice)


def test_the_primary_score_the_group_chose_orders_the_standings(event: Event) -> None:
    pair_next_round(event, GROUP)
    first, second = [b for b in _matches(event, 1) if b.second_team]
    enter_team_result(event, GROUP, 1, first.number, ["1-0", "0-1", "0-1"])  # 4:2
    enter_team_result(event, GROUP, 1, second.number, ["1-0", "0-1", "1-0"])  # 6:0
    by_match = standings(event, GROUP)
    assert [r.points for r in by_match.rows] == [2, 2, 2, 0, 0]  # the bye counts a win
    assert by_match.columns[0] == ("game_points", "局分")
    update_group(event, GROUP, settings={"team_swiss_primary": "game"})
    by_games = standings(event, GROUP)
    assert [r.points for r in by_games.rows] == [6, 4, 3, 2, 0]  # the bye: 3 drawn boards
    assert by_games.columns[0] == ("match_points", "场分")


def test_a_team_whose_members_all_withdrew_is_not_paired(event: Event) -> None:
    pair_next_round(event, GROUP)
    for board in _matches(event, 1):
        if board.second_team:
            enter_team_result(event, GROUP, 1, board.number, ["1-0", "0-1", "="])
    with event.reading() as session:
        team = next(t for t in Event.group(session, GROUP).teams if t.name == "杭州队")
        members = [m.player_id for m in team.members]
    for player in members:
        withdraw_player(event, player, from_round=2)
    info = pair_next_round(event, GROUP)
    teams = {b.first_team for b in info.boards} | {b.second_team for b in info.boards}
    assert "杭州队" not in teams and len(info.boards) == 2  # four teams: two matches, no bye
    report = "\n".join(str(x) for x in queries.round_view(event, GROUP, 2).report)
    assert "杭州队 本轮不参赛" in report


def _members(event: Event, team_name: str) -> dict[str, tuple[str, int | None]]:
    with event.reading() as session:
        team = next(t for t in Event.group(session, GROUP).teams if t.name == team_name)
        return {m.player.name: (m.player.status, m.player.withdrawn_from_round)
                for m in team.members}


def test_a_member_who_withdrew_alone_stays_withdrawn_through_the_team_s_return(
        event: Event) -> None:
    """整队退赛 then 恢复参赛 changes only what the team's withdrawal changed: a member who
    had withdrawn alone earlier keeps their own round, and stays withdrawn when the team
    comes back."""
    for number in (1, 2):
        pair_next_round(event, GROUP)
        for board in _matches(event, number):
            if board.second_team:
                enter_team_result(event, GROUP, number, board.number, ["1-0", "0-1", "="])
        if number == 1:
            with event.reading() as session:
                team = next(t for t in Event.group(session, GROUP).teams if t.name == "杭州队")
                alone = next(m.player_id for m in team.members if m.player.name == "杭州丙")
            withdraw_player(event, alone)  # from round 2
    assert team_swiss.withdraw_team(event, GROUP, "杭州队") == 3
    assert _members(event, "杭州队") == {"杭州甲": ("withdrawn", 3), "杭州乙": ("withdrawn", 3),
                                        "杭州丙": ("withdrawn", 2)}
    assert team_swiss.withdrawals(event, GROUP) == {"杭州队": 3}
    team_swiss.reinstate_team(event, GROUP, "杭州队")
    assert _members(event, "杭州队") == {"杭州甲": ("active", None), "杭州乙": ("active", None),
                                        "杭州丙": ("withdrawn", 2)}
    assert team_swiss.withdrawals(event, GROUP) == {}


def test_a_round_not_complete_names_its_matches_in_words(event: Event) -> None:
    """The matches still without a result read `第1、2场` / `matches 1, 2`, not a list."""
    pair_next_round(event, GROUP)
    with pytest.raises(UserError) as refused:
        pair_next_round(event, GROUP)
    assert refused.value.zh.endswith("第1轮还有场次没有结果：第1、2场")
    assert refused.value.en.endswith("round 1 still lacks results in matches 1, 2")
    enter_team_result(event, GROUP, 1, 1, ["1-0", "0-1", "="])
    with pytest.raises(UserError) as refused:
        pair_next_round(event, GROUP)
    assert refused.value.zh.endswith("第2场") and refused.value.en.endswith("in match 2")
    assert "[" not in refused.value.zh + refused.value.en


def test_a_line_up_that_differs_names_the_boards_and_the_players_in_words(
        event: Event) -> None:
    """huazhi 六、(三)3: the line-up handed in is checked against the registered board order;
    what differs is said by board and name, not as a list of player ids."""
    from app.services.knockout import lineup_problem

    assert lineup_problem(event, GROUP, "北京队", ["北京甲", "北京乙", "北京丙"]) is None
    problem = lineup_problem(event, GROUP, "北京队", ["北京乙", "北京甲", "北京丙"])
    assert problem is not None
    zh, en = problem
    assert "第1、2台" in zh and "第1台 北京甲，第2台 北京乙，第3台 北京丙" in zh
    assert "boards 1, 2" in en and "board 1 北京甲, board 2 北京乙, board 3 北京丙" in en
    assert "[" not in zh + en


def test_the_round_s_notes_read_in_both_languages_without_team_names_in_the_words(
        tmp_path: Path) -> None:
    """A bracket criterion the pairing could not keep is said of the round, with what it
    asks ([C10]: an upfloating team's opponent floated before); no team's name is put
    after a count ("1 pair", not "北京队（1） pair(s)")."""
    created = Event.create(tmp_path / "six.db", preset="tuanti-2026")
    for city in (*CITIES, "深圳"):
        add_team(created, GROUP, f"{city}队", [(f"{city}甲", "M"), (f"{city}乙", "M"),
                                               (f"{city}丙", "F")])
    for number in (1, 2, 3):
        pair_next_round(created, GROUP)
        if number < 3:
            for board in _matches(created, number):
                enter_team_result(created, GROUP, number, board.number, ["1-0", "1-0", "1-0"])
    report = [str(line) for line in queries.round_view(created, GROUP, 3).report]
    note = next(line for line in report if "C10" in line)
    zh, _sep, en = note.partition(" / ")
    assert zh.startswith("有1对：升档队伍的对手上一轮已是浮动队伍（FIDE C.04.6 准则C10；")
    assert en.startswith("1 pair: an upfloating team's opponent floated in the previous round "
                         "(FIDE C.04.6 criterion C10; ")
    assert "[" not in note  # the criterion cited as the text names it, no bracketed code
    assert "队" not in en and "pair(s)" not in en


def _player_id(event: Event, name: str) -> int:
    with event.reading() as session:
        return next(p.id for p in Event.group(session, GROUP).players if p.name == name)


def test_a_member_who_is_not_there_loses_their_board_by_forfeit(event: Event) -> None:
    """分台定人制 (huazhi 六、(三)3): a member withdrawn, or absent from the round, keeps their
    board and loses it by forfeit (the others do not move up); the opponent on that board
    wins it by forfeit. The board is entered so when the round is paired, the report says
    why, and a result that credits the missing member is refused, nothing written."""
    from app.services.players import set_absence

    pair_next_round(event, GROUP)
    for board in _matches(event, 1):
        if board.second_team:
            enter_team_result(event, GROUP, 1, board.number, ["1-0", "0-1", "="])
    withdraw_player(event, _player_id(event, "北京乙"))  # from round 2
    set_absence(event, _player_id(event, "上海甲"), 2, "absent")
    pair_next_round(event, GROUP)
    report = "\n".join(str(line) for line in queries.round_view(event, GROUP, 2).report)
    assert "北京乙 第2轮起退赛，该台判其弃权负" in report
    assert "上海甲 is absent from round 2: the board is lost by forfeit" in report
    checked = []
    for board in _matches(event, 2):
        dues = {}  # board -> (the missing member, the forfeit that board must hold)
        for game in board.games:
            for gone in ("北京乙", "上海甲"):
                if game.black is not None and game.black.name == gone:
                    dues[game.index] = (gone, "-+")
                elif game.white is not None and game.white.name == gone:
                    dues[game.index] = (gone, "+-")
            if game.index in dues:  # entered when paired
                assert game.result is not None and code_text(game.result) == dues[game.index][1]
        if not dues:
            continue
        codes = ["1-0", "1-0", "1-0"]
        on, (gone, due) = next(iter(dues.items()))
        codes[on - 1] = "1-0" if due == "-+" else "0-1"  # a win for the missing member
        with pytest.raises(UserError) as refused:
            enter_team_result(event, GROUP, 2, board.number, codes)
        assert gone in refused.value.zh and f"应录 {due}" in refused.value.zh
        assert f"entered as {due}" in refused.value.en
        assert next(b for b in _matches(event, 2) if b.number == board.number).result is None
        for k, (_gone, forfeit) in dues.items():
            codes[k - 1] = forfeit
        enter_team_result(event, GROUP, 2, board.number, codes)
        checked += [g for g, _due in dues.values()]
    assert sorted(checked) == ["上海甲", "北京乙"]
    with event.reading() as session:
        rounds = team_rounds(Event.group(session, GROUP))
    assert all(r.match.outcome.played for found in rounds.values() for r in found
               if r.match.round == 2 and r.match.opponent is not None)  # one board forfeited


def test_a_team_not_paired_is_said_with_the_real_reason(event: Event) -> None:
    """The pairing's report names why a team none of whose members plays is not paired, as
    its pairing list does (本轮不参赛的队伍：杭州队（退赛）): a team withdrawn reads 退赛, a team all
    of whose members are absent that round reads 缺席, never the two reasons at once."""
    from app.services.players import set_absence
    from app.services.team_swiss import withdraw_team

    pair_next_round(event, GROUP)
    for board in _matches(event, 1):
        if board.second_team:
            enter_team_result(event, GROUP, 1, board.number, ["1-0", "0-1", "="])
    withdraw_team(event, GROUP, "杭州队")
    for member in ("南京甲", "南京乙", "南京丙"):
        set_absence(event, _player_id(event, member), 2, "absent")
    pair_next_round(event, GROUP)
    report = [str(line) for line in queries.round_view(event, GROUP, 2).report]
    assert "杭州队 本轮不参赛（退赛） / 杭州队 not paired this round (withdrawn)" in report
    assert "南京队 本轮不参赛（缺席） / 南京队 not paired this round (absent)" in report
    assert not any("退赛或请假" in line for line in report)
