"""Team matches (分台定人制), captains' playoff and the cross-group round (2021-huazhi)."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from app.errors import UserError
from app.pairing.knockout import build_bracket, record_winner
from app.pairing.team import (
    HUAZHI_RULES,
    MatchScore,
    Team,
    TeamMember,
    TeamRules,
    check_lineup,
    cross_group_pairing,
    match_boards,
    playoff_board,
    team_match_result,
    validate_team,
    validate_teams,
)
from app.pairing.types import Board, PointSystem
from app.results import LevelDecision, Side
from app.results import parse_game as parse_result
from app.standings.scoring import outcomes


def team(number: int, name: str, women: tuple[bool, bool, bool] = (False, False, True)) -> Team:
    base = number * 10
    return Team(number, name, tuple(
        TeamMember(base + k, female, f"{name}{k}") for k, female in enumerate(women, start=1)))


HANGZHOU = team(1, "杭州")
SHANGHAI = team(2, "上海")


def results(*codes: str):  # type: ignore[no-untyped-def]
    return [parse_result(c) for c in codes]


# --- composition (五、(一)3, 五、(三)3) --------------------------------------------------------


def test_huazhi_team_is_three_players_with_the_woman_on_board_three() -> None:
    validate_team(HANGZHOU)
    validate_team(team(3, "深圳", (True, False, True)))


def test_woman_must_be_on_board_three() -> None:
    with pytest.raises(UserError, match="board 3 must be a woman") as raised:
        validate_team(team(4, "天津", (True, False, False)))
    assert raised.value.where == "天津"  # the team by its name, no code words


def test_team_needs_three_players() -> None:
    short = Team(5, "北京", HANGZHOU.members[:2])
    with pytest.raises(UserError, match="needs 3 board players"):
        validate_team(short)


def test_team_needs_a_woman_when_no_board_is_reserved() -> None:
    rules = TeamRules(boards=3, women_boards=frozenset(), min_women=1)
    with pytest.raises(UserError, match="at least 1 woman"):
        validate_team(team(6, "广州", (False, False, False)), rules)


def test_player_listed_twice_is_refused() -> None:
    member = TeamMember(1, True, "甲")
    with pytest.raises(UserError, match="listed twice"):
        validate_team(Team(7, "重复", (member, TeamMember(2), member)))


def test_player_in_two_teams_is_refused() -> None:
    other = Team(8, "苏州", (HANGZHOU.members[0], TeamMember(82), TeamMember(83, True)))
    with pytest.raises(UserError, match="in both 杭州 and 苏州"):
        validate_teams([HANGZHOU, other])
    with pytest.raises(UserError, match="used twice"):
        validate_teams([HANGZHOU, team(1, "又一队")])
    validate_teams([HANGZHOU, SHANGHAI], HUAZHI_RULES)


def test_board_order_cannot_change() -> None:
    """六、(三)3: 每队报名时必须提交队员的台号号码，比赛过程中不可改变."""
    check_lineup(HANGZHOU, [11, 12, 13])
    with pytest.raises(UserError, match="cannot change"):
        check_lineup(HANGZHOU, [12, 11, 13])


# --- first movers (六、(三)3) -----------------------------------------------------------------


def test_first_named_team_black_on_boards_one_and_three() -> None:
    """先行方第1、3台黑棋，后行方第2台黑棋."""
    boards = match_boards(HANGZHOU, SHANGHAI)
    assert boards == (Board(1, 11, 21), Board(2, 22, 12), Board(3, 13, 23))


def test_first_movers_alternate_by_board_for_any_size() -> None:
    big_a = Team(1, "A", tuple(TeamMember(10 + k) for k in range(5)))
    big_b = Team(2, "B", tuple(TeamMember(20 + k) for k in range(5)))
    firsts = [b.first for b in match_boards(big_a, big_b)]
    assert firsts == [10, 21, 12, 23, 14]


# --- match result and captains' playoff (六、(二), 六、(三)3) ------------------------------------


def test_match_is_won_on_game_points() -> None:
    """两队局分高的队伍获胜."""
    # board 1 11 beats 21; board 2 22 (first) beats 12; board 3 13 draws 23
    result = team_match_result(HANGZHOU, SHANGHAI, results("1-0", "1-0", "="))
    assert (result.first_points, result.second_points) == (3, 3)
    result = team_match_result(HANGZHOU, SHANGHAI, results("1-0", "0-1", "="))
    assert (result.first_points, result.second_points) == (5, 1)
    assert result.winner == 1 and result.loser == 2
    assert not result.decided_by_playoff


def test_level_match_goes_to_the_captains_playoff() -> None:
    """如两队打平，由两队主将进行加赛."""
    games = results("1-0", "1-0", "=")  # 3-3
    level = team_match_result(HANGZHOU, SHANGHAI, games)
    assert level.level and level.needs_playoff and level.winner is None
    # playoff game 1: Shanghai's captain (21) moves first; 21 loses -> Hangzhou wins
    board = playoff_board(HANGZHOU, SHANGHAI)
    assert board == Board(1, 21, 11)
    decided = team_match_result(HANGZHOU, SHANGHAI, games, results("0-1"))
    assert decided.winner == 1 and decided.decided_by_playoff
    assert decided.playoffs == tuple(results("0-1"))
    assert (decided.first_points, decided.second_points) == (3, 3)


def test_drawn_playoff_game_needs_another_with_colours_swapped() -> None:
    games = results("=", "=", "=")
    after_draw = team_match_result(HANGZHOU, SHANGHAI, games, results("="))
    assert after_draw.needs_playoff
    assert playoff_board(HANGZHOU, SHANGHAI, game=2) == Board(2, 11, 21)
    decided = team_match_result(HANGZHOU, SHANGHAI, games, results("=", "0-1"))
    assert decided.winner == 2  # game 2: 11 first, 21 wins


def test_a_level_match_the_playoff_cannot_decide_is_decided_by_lots() -> None:
    """八、(五) 抽签工作由赛会竞赛组会同裁判长共同主持: lots decide a level match, after playoff
    games none of which was decisive (or none), typed as lots and never as a playoff game."""
    games = results("1-0", "1-0", "=")  # 3-3
    drawn = team_match_result(HANGZHOU, SHANGHAI, games, lots_winner=2)
    assert drawn.winner == 2 and drawn.by_lots and drawn.playoffs == ()
    assert drawn.decided_by is LevelDecision.LOTS and not drawn.decided_by_playoff
    assert drawn.score == MatchScore(3, 3, LevelDecision.LOTS, level_winner=Side.SECOND)
    assert drawn.score.decided_by_lots and not drawn.score.waits_for_playoff
    after = team_match_result(HANGZHOU, SHANGHAI, games, results("="), lots_winner=1)
    assert after.winner == 1 and after.playoffs == tuple(results("="))
    assert after.decided_by is LevelDecision.LOTS
    played = team_match_result(HANGZHOU, SHANGHAI, games, results("0-1"))
    assert played.score.decided_by is LevelDecision.PLAYOFF
    assert played.score.level_winner is Side.FIRST


@pytest.mark.parametrize(("codes", "playoff", "lots", "said"), [
    (("1-0", "0-1", "="), (), 1, "比赛未打平（5:1），胜负已由局分决定，不能抽签"),
    (("1-0", "1-0", "="), ("0-1",), 2, "主将加赛已分出胜负，不能再抽签"),
    (("1-0", "1-0", "="), (), 7, "抽签胜方须为本场两队之一（杭州 或 上海）"),
])
def test_lots_that_decide_nothing_are_refused(codes: tuple[str, ...], playoff: tuple[str, ...],
                                              lots: int, said: str) -> None:
    with pytest.raises(UserError) as error:
        team_match_result(HANGZHOU, SHANGHAI, results(*codes), results(*playoff),
                          lots_winner=lots)
    assert said in error.value.zh


def test_playoff_first_mover_can_be_named() -> None:
    assert playoff_board(HANGZHOU, SHANGHAI, first_mover=11) == Board(1, 11, 21)
    decided = team_match_result(HANGZHOU, SHANGHAI, results("=", "=", "="), results("1-0"),
                                playoff_first_mover=11)
    assert decided.winner == 1
    with pytest.raises(UserError, match="not one of the two captains"):
        playoff_board(HANGZHOU, SHANGHAI, first_mover=12)


def test_playoff_refused_when_not_level_or_already_decided() -> None:
    with pytest.raises(UserError, match="not level"):
        team_match_result(HANGZHOU, SHANGHAI, results("1-0", "0-1", "="), results("1-0"))
    with pytest.raises(UserError, match="already decided"):
        team_match_result(HANGZHOU, SHANGHAI, results("=", "=", "="), results("1-0", "1-0"))


def test_wrong_number_of_board_results_is_refused() -> None:
    with pytest.raises(UserError, match="needs 3 board results, got 2"):
        team_match_result(HANGZHOU, SHANGHAI, results("1-0", "="))


@given(st.lists(st.sampled_from(["1-0", "0-1", "=", "+-", "-+", "--"]), min_size=3,
                max_size=3))
def test_team_points_are_the_sum_of_the_players_points(codes: list[str]) -> None:
    games = results(*codes)
    result = team_match_result(HANGZHOU, SHANGHAI, games)
    points = PointSystem()
    first = second = 0
    for board, game in zip(match_boards(HANGZHOU, SHANGHAI), games, strict=True):
        hangzhou_first = board.first in HANGZHOU.players
        first += points.points(outcomes(game)[0 if hangzhou_first else 1])
        second += points.points(outcomes(game)[1 if hangzhou_first else 0])
    assert (result.first_points, result.second_points) == (first, second)
    if result.first_points == result.second_points:
        assert result.needs_playoff
    else:
        assert result.winner == (1 if result.first_points > result.second_points else 2)


def test_points_per_game_follow_the_group() -> None:
    four = PointSystem(win=4, draw=1, loss=0)
    result = team_match_result(HANGZHOU, SHANGHAI, results("1-0", "=", "="), points=four)
    assert (result.first_points, result.second_points) == (6, 2)


def test_team_knockout_final_with_playoffs_plays_out_to_all_places() -> None:
    """huazhi 六、(三): 16 teams, knockout with full placement, team matches, playoffs."""
    teams = {n: team(n, f"T{n}") for n in range(1, 17)}
    bracket = build_bracket(list(teams))
    codes = itertools.cycle([("1-0", "1-0", "="), ("1-0", "0-1", "0-1"), ("=", "=", "=")])
    playoffs_played = 0
    while not bracket.complete:
        match = bracket.pending()[0]
        a, b = teams[match.top], teams[match.bottom]  # type: ignore[index]
        games = results(*next(codes))
        result = team_match_result(a, b, games)
        if result.needs_playoff:
            result = team_match_result(a, b, games, results("1-0"))
            playoffs_played += 1
        assert result.winner is not None
        bracket = record_winner(bracket, match.round, match.number, result.winner)
    assert sorted(bracket.final_places().values()) == list(range(1, 17))
    assert playoffs_played > 0


# --- cross-group round (五、(二)) --------------------------------------------------------------


def test_cross_group_round_first_of_a_against_eighth_of_b() -> None:
    """大众场规则的第一名对专业场规则的第八名，第二名对第七名，依次类推."""
    list_a = [101, 102, 103, 104, 105, 106, 107, 108]
    list_b = [201, 202, 203, 204, 205, 206, 207, 208]
    pairing = cross_group_pairing(list_a, list_b)
    assert [(b.number, b.first, b.second) for b in pairing.boards] == [
        (1, 101, 208), (2, 102, 207), (3, 103, 206), (4, 104, 205),
        (5, 105, 204), (6, 106, 203), (7, 107, 202), (8, 108, 201)]


def test_cross_group_lists_must_match() -> None:
    with pytest.raises(UserError, match="equal length"):
        cross_group_pairing([1, 2], [3])
    with pytest.raises(UserError, match="appears twice"):
        cross_group_pairing([1, 2], [2, 3])


def test_match_points_go_to_the_winner_only_after_the_playoff() -> None:
    level = team_match_result(HANGZHOU, SHANGHAI, results("=", "=", "="))
    with pytest.raises(UserError, match="playoff"):
        level.match_points()
    decided = team_match_result(HANGZHOU, SHANGHAI, results("=", "=", "="), results("1-0"))
    assert decided.match_points() == {2: 2, 1: 0}  # 21 moved first in the playoff and won


def test_a_missing_member_s_board_is_lost_by_forfeit_and_no_one_moves_up() -> None:
    """六、(三)3 分台定人制: a member not there (withdrawn, absent) keeps their board and loses it
    by forfeit; the opponent there wins it (判到达者胜); both missing: both lose; the other
    boards are played as paired."""
    from app.pairing.team import missing_member_forfeits
    from app.results import GameCode

    # 杭州 named first: black on boards 1 and 3, 上海 black on board 2
    found = missing_member_forfeits(HANGZHOU, SHANGHAI, {12})  # 杭州2, white on board 2
    assert {k: r.code for k, r in found.items()} == {2: GameCode.FIRST_FORFEIT_WIN}
    found = missing_member_forfeits(HANGZHOU, SHANGHAI, {11, 23})  # black on 1; 上海3 white
    assert {k: r.code for k, r in found.items()} == {1: GameCode.SECOND_FORFEIT_WIN,
                                                     3: GameCode.FIRST_FORFEIT_WIN}
    found = missing_member_forfeits(HANGZHOU, SHANGHAI, {13, 23})
    assert {k: r.code for k, r in found.items()} == {3: GameCode.DOUBLE_FORFEIT}
    assert missing_member_forfeits(HANGZHOU, SHANGHAI, set()) == {}
