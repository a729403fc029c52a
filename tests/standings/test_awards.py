"""Prizes, grade titles, team award shrinking and cancelled groups (qiwang 十五, shenzhen 十二)."""

from __future__ import annotations

from app.pairing.types import Outcome, PlayerHistory, RoundRecord, TournamentSnapshot
from app.standings.awards import (
    QIWANG_JUNIOR_GRADES,
    QIWANG_OPEN_GRADES,
    QIWANG_OPEN_PRIZES,
    QIWANG_TEAM_MEN_PRIZES,
    QIWANG_WOMEN_PRIZES,
    SHENZHEN_INDIVIDUAL_PRIZES,
    SHENZHEN_MERGE_MINIMUM,
    GradeTable,
    TeamAwardRule,
    awards,
    decisive_places,
    group_cancelled,
    needs_merge,
    team_award_places,
)
from app.standings.ranking import RankingRules, rank


def _ladder(n: int) -> TournamentSnapshot:
    """n players with distinct scores: player k scored n - k wins in n - 1 rounds."""
    players = []
    for k in range(1, n + 1):
        wins = n - k
        rounds = tuple(
            RoundRecord(r, Outcome.FULL_BYE if r <= wins else Outcome.ZERO_BYE,
                        points=2 if r <= wins else 0)
            for r in range(1, n)
        )
        players.append(PlayerHistory(k, rounds))
    return TournamentSnapshot(tuple(players), total_rounds=n - 1)


def test_qiwang_open_grade_titles_by_place() -> None:
    """十五4②: 1st 六段, 2-3 五段, 4-6 四段, 7-9 三段, 10-13 二段, 14-17 一段, 18-22 一级,
    23-26 二级, 27-30 三级."""
    expected = {1: "六段", 2: "五段", 3: "五段", 4: "四段", 6: "四段", 7: "三段", 9: "三段",
                10: "二段", 13: "二段", 14: "一段", 17: "一段", 18: "一级", 22: "一级",
                23: "二级", 26: "二级", 27: "三级", 30: "三级", 31: None}
    for place, title in expected.items():
        assert QIWANG_OPEN_GRADES.title_for(place) == title


def test_qiwang_junior_grade_titles() -> None:
    """十五4③: 1st 二段, 2-3 一段, 4-6 一级, 7-9 二级, 10-13 三级."""
    assert [QIWANG_JUNIOR_GRADES.title_for(p) for p in (1, 2, 4, 7, 13, 14)] == [
        "二段", "一段", "一级", "二级", "三级", None]


def test_qiwang_open_prizes() -> None:
    """十五1: 30000, 10000, 6000, 4-8 2000, 9-16 800."""
    money = [QIWANG_OPEN_PRIZES.prize_for(p).money for p in (1, 2, 3, 4, 8, 9, 16)]
    assert money == [30000, 10000, 6000, 2000, 2000, 800, 800]
    assert QIWANG_OPEN_PRIZES.prize_for(17) is None
    assert QIWANG_WOMEN_PRIZES.prize_for(6).money == 600


def test_awards_turn_places_into_prizes_and_titles() -> None:
    standings = rank(_ladder(32))
    result = awards(standings, QIWANG_OPEN_PRIZES, QIWANG_OPEN_GRADES)
    assert len(result) == 30
    first = result[0]
    assert (first.number, first.place, first.prize.money, first.title) == (1, 1, 30000, "六段")
    assert result[15].prize.money == 800 and result[16].prize is None
    assert result[29].title == "三级"
    assert QIWANG_OPEN_PRIZES.prize_for(1).describe() == "30000元、奖状"


def test_grade_titles_are_not_passed_down() -> None:
    """不顺延: a player who declines keeps the next player where he is."""
    standings = rank(_ladder(5))
    table = GradeTable(((1, 1, "六段"), (2, 3, "五段")))
    result = {a.number: a.title for a in awards(standings, grades=table, declined=[1])}
    assert result == {2: "五段", 3: "五段"}


def test_qualification_passed_down_in_order() -> None:
    """2016 八(二)3 依次顺延: places move up past a decliner."""
    standings = rank(_ladder(5))
    table = GradeTable(((1, 2, "晋级"),), passed_down=True)
    result = {a.number: a.title for a in awards(standings, grades=table, declined=[1])}
    assert result == {2: "晋级", 3: "晋级"}


def test_shenzhen_individual_prizes() -> None:
    """十二(一): 1st trophy, medal, certificate; 2-4 certificate and medal."""
    first = SHENZHEN_INDIVIDUAL_PRIZES.prize_for(1)
    assert first.trophy and first.medal and first.certificate
    fourth = SHENZHEN_INDIVIDUAL_PRIZES.prize_for(4)
    assert not fourth.trophy and fourth.medal and fourth.certificate
    assert SHENZHEN_INDIVIDUAL_PRIZES.prize_for(5) is None


def test_qiwang_team_awards_shrink() -> None:
    """十五2: 参加团体不足3支队录取冠军，3支队录取前两名."""
    assert team_award_places(2, 6, TeamAwardRule.QIWANG) == 1
    assert team_award_places(1, 6, TeamAwardRule.QIWANG) == 1
    assert team_award_places(3, 6, TeamAwardRule.QIWANG) == 2
    assert team_award_places(5, 6, TeamAwardRule.QIWANG) == 5
    assert team_award_places(9, 6, TeamAwardRule.QIWANG) == 6
    limited = QIWANG_TEAM_MEN_PRIZES.limited_to(2)
    assert limited.places == {1, 2}


def test_shenzhen_team_awards_teams_minus_one() -> None:
    """十二(二): 参赛数量不足4队时，按实际参赛队数减一录取."""
    assert [team_award_places(n, 4, TeamAwardRule.SHENZHEN) for n in (1, 2, 3, 4, 7)] == [
        0, 1, 2, 4, 4]


def test_shenzhen_group_of_four_or_fewer_is_cancelled() -> None:
    """九(三): 参赛人数少于4人（含4人），取消该组比赛."""
    assert group_cancelled(4) and group_cancelled(1)
    assert not group_cancelled(5)


def test_shenzhen_small_groups_merge() -> None:
    """九(一): 大众 groups under 8 players, 专业 under 6, merge with the same age group."""
    assert needs_merge(7, SHENZHEN_MERGE_MINIMUM["大众"])
    assert not needs_merge(8, SHENZHEN_MERGE_MINIMUM["大众"])
    assert needs_merge(5, SHENZHEN_MERGE_MINIMUM["专业"])
    assert not needs_merge(6, SHENZHEN_MERGE_MINIMUM["专业"])


def test_decisive_places_cover_prizes_titles_and_qualification() -> None:
    places = decisive_places(QIWANG_OPEN_PRIZES, QIWANG_OPEN_GRADES)
    assert places == frozenset(range(1, 31))
    assert decisive_places(None, qualifying=4) == {1, 2, 3, 4}


def test_tie_at_a_prize_place_asks_for_a_playoff() -> None:
    """A tie touching a prize place is played off (2016 八(二)1)."""
    snap = _ladder(20)
    players = list(snap.players)
    players[16] = PlayerHistory(17, players[15].rounds)  # 17 equals 16: places 16-17
    tied = TournamentSnapshot(tuple(players), snap.total_rounds)
    standings = rank(tied, RankingRules(tiebreaks=(),
                                        decisive_places=decisive_places(QIWANG_OPEN_PRIZES)))
    assert standings.playoff_groups == ((16, 17),)
