"""Prizes, grade titles, team award shrinking and cancelled groups (qiwang 十五, shenzhen 十二)."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from app.pairing.types import Outcome, PlayerHistory, RoundRecord, TournamentSnapshot
from app.standings.awards import (
    QIWANG_JUNIOR_GRADES,
    QIWANG_OPEN_GRADES,
    QIWANG_OPEN_PRIZES,
    QIWANG_TEAM_MEN_PRIZES,
    QIWANG_WOMEN_PRIZES,
    SHENZHEN_INDIVIDUAL_PRIZES,
    SHENZHEN_MERGE_MINIMUM,
    AwardBasis,
    AwardScheme,
    Declines,
    GradeTable,
    Placing,
    Prize,
    PrizeTable,
    TeamAwardRule,
    TieRule,
    decide_awards,
    group_cancelled,
    needs_merge,
    placings,
    team_award_places,
)
from app.standings.ranking import RankingRules, rank
from app.standings.stakes import Stake

QIWANG_OPEN = AwardScheme(QIWANG_OPEN_PRIZES, QIWANG_OPEN_GRADES)


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
    result = decide_awards(placings(standings), QIWANG_OPEN).awards
    assert len(result) == 30
    first = result[0]
    assert (first.number, first.place, first.money, first.title) == (1, 1, 30000, "六段")
    assert first.basis is AwardBasis.PLACE and first.items == ("奖状",)
    assert result[15].money == 800 and not result[16].has_prize
    assert result[29].title == "三级"
    assert QIWANG_OPEN_PRIZES.prize_for(1) == Prize(30000, ("奖状",))


def test_grade_titles_are_not_passed_down() -> None:
    """qiwang 十五4 不顺延: a player who declines keeps the next player where he is."""
    standings = rank(_ladder(5))
    scheme = AwardScheme(grades=GradeTable(((1, 1, "六段"), (2, 3, "五段"))))
    decided = decide_awards(placings(standings), scheme, declines=Declines(titles=frozenset({1})))
    assert {a.number: a.title for a in decided.awards} == {1: None, 2: "五段", 3: "五段"}
    assert decided.of(1).declined_title


def test_qualification_passed_down_in_order() -> None:
    """2016 八(二)3 依次顺延: places move up past a decliner."""
    standings = rank(_ladder(5))
    scheme = AwardScheme(grades=GradeTable(((1, 2, "晋级"),), passed_down=True))
    decided = decide_awards(placings(standings), scheme, declines=Declines(titles=frozenset({1})))
    assert {a.number: a.title for a in decided.awards if a.title} == {2: "晋级", 3: "晋级"}


def test_a_declined_prize_is_not_paid_nor_passed_down() -> None:
    standings = rank(_ladder(5))
    scheme = AwardScheme(PrizeTable(((1, 1, Prize(300)), (2, 2, Prize(200)))))
    decided = decide_awards(placings(standings), scheme, declines=Declines(prizes=frozenset({1})))
    assert [(a.number, a.money, a.declined_prize) for a in decided.awards] == [
        (1, 0, True), (2, 200, False)]


def test_shenzhen_individual_prizes() -> None:
    """十二(一): 1st trophy, medal, certificate; 2-4 certificate and medal."""
    assert SHENZHEN_INDIVIDUAL_PRIZES.prize_for(1).items == ("奖杯", "奖牌", "奖状")
    assert SHENZHEN_INDIVIDUAL_PRIZES.prize_for(4).items == ("奖牌", "奖状")
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


def test_decisive_places_are_the_places_the_tables_reward() -> None:
    """Decisive places come from the prize and title tables (qiwang 十五1, 十五4)."""
    assert QIWANG_OPEN.admitted_places == frozenset(range(1, 31))
    assert AwardScheme(SHENZHEN_INDIVIDUAL_PRIZES).admitted_places == {1, 2, 3, 4}


def _tied(n: int, *pairs: tuple[int, int]) -> TournamentSnapshot:
    """The ladder of `n` with player b given a's results for each (a, b): a tie at a's place."""
    snap = _ladder(n)
    players = list(snap.players)
    for a, b in pairs:
        players[b - 1] = PlayerHistory(b, players[a - 1].rounds)
    return TournamentSnapshot(tuple(players), snap.total_rounds)


def test_tie_at_a_prize_edge_asks_for_a_playoff() -> None:
    """2016 八(二)1: 涉及录取名次的进行加赛 — places 16 (800元) and 17 (a title only) differ."""
    standings = rank(_tied(20, (16, 17)), RankingRules(tiebreaks=(), stakes=QIWANG_OPEN))
    assert standings.playoff_groups == ((16, 17),)
    (need,) = standings.needs
    assert (need.reason.first, need.reason.last) == (16, 17)
    assert Stake.MONEY in need.reason.stakes and Stake.TITLE not in need.reason.stakes


def test_tie_inside_one_band_is_shared_not_played_off() -> None:
    """shenzhen 九(一): 不影响到各组录取前4名，分数相同并列的不加赛 — places 2 and 3 give the same."""
    standings = rank(_tied(6, (2, 3)), RankingRules(tiebreaks=(),
                                                    stakes=AwardScheme(SHENZHEN_INDIVIDUAL_PRIZES)))
    assert standings.playoff_groups == ()
    decided = decide_awards(placings(standings), AwardScheme(SHENZHEN_INDIVIDUAL_PRIZES))
    assert [(a.place, a.shared, a.items, a.basis) for a in decided.awards[1:3]] == [
        (2, True, ("奖牌", "奖状"), AwardBasis.PLACE)] * 2


def test_tie_across_the_qualifying_edge_is_played_off() -> None:
    """shenzhen 十一(一)2: places 4 (a medal) and 5 (nothing) differ."""
    standings = rank(_tied(6, (4, 5)), RankingRules(tiebreaks=(),
                                                    stakes=AwardScheme(SHENZHEN_INDIVIDUAL_PRIZES)))
    assert standings.playoff_groups == ((4, 5),)
    assert standings.needs[0].reason.stakes == (Stake.ITEMS,)


def test_a_group_may_play_off_every_tie_inside_its_admitted_places() -> None:
    scheme = AwardScheme(SHENZHEN_INDIVIDUAL_PRIZES, playoff_all_admitted=True)
    standings = rank(_tied(8, (2, 3), (6, 7)), RankingRules(tiebreaks=(), stakes=scheme))
    assert standings.playoff_groups == ((2, 3),)
    assert standings.needs[0].reason.stakes == (Stake.ADMITTED,)


def test_a_tie_waiting_for_its_playoff_gets_nothing_yet() -> None:
    standings = rank(_tied(20, (16, 17)), RankingRules(tiebreaks=(), stakes=QIWANG_OPEN))
    decided = decide_awards(placings(standings), QIWANG_OPEN)
    waiting = [a for a in decided.awards if a.basis is AwardBasis.AWAITING_PLAYOFF]
    assert [a.number for a in waiting] == [16, 17] and not any(a.has_prize for a in waiting)
    assert not decided.final and decided.pending_playoffs == 2


def test_a_tie_that_waits_is_marked_as_the_scheme_waits() -> None:
    """A team's tie waits for lots (teams play no playoff), not for a playoff."""
    standings = rank(_tied(20, (16, 17)), RankingRules(tiebreaks=(), stakes=QIWANG_OPEN))
    scheme = replace(QIWANG_OPEN, waiting=AwardBasis.AWAITING_LOTS)
    decided = decide_awards(placings(standings), scheme)
    assert {a.basis for a in decided.awards if a.number in (16, 17)} == {
        AwardBasis.AWAITING_LOTS}
    assert not decided.final and decided.pending_playoffs == 2


def test_a_playoff_gives_each_the_prize_of_his_own_place() -> None:
    standings = rank(_tied(20, (16, 17)), RankingRules(tiebreaks=(), stakes=QIWANG_OPEN),
                     playoffs=[(17, 16)])
    decided = decide_awards(placings(standings), QIWANG_OPEN)
    assert decided.final
    assert (decided.of(17).money, decided.of(17).basis) == (800, AwardBasis.PLAYOFF)
    assert not decided.of(16).has_prize and decided.of(16).title == "一段"


def test_shared_prizes_never_exceed_the_covered_places() -> None:
    """Three teams level on 3rd cover places 3-5 (4000 + 2000 + 1000): each is paid a third,
    never the 3rd prize three times (Hort)."""
    scheme = AwardScheme(QIWANG_TEAM_MEN_PRIZES, tie_rule=TieRule.SHARE)
    entries = [Placing("甲", 1), Placing("乙", 2)] + [Placing(t, 3, shared=True)
                                                      for t in ("丙", "丁", "戊")]
    entries.append(Placing("己", 6))
    decided = decide_awards(entries, scheme)
    shares = [decided.of(t) for t in ("丙", "丁", "戊")]
    assert all(a.money == Fraction(7000, 3) and a.basis is AwardBasis.SHARED for a in shares)
    assert all(a.covered == (3, 5) for a in shares)
    assert decided.of("己").money == 800
    assert sum(a.money for a in decided.awards) == 10000 + 6000 + 4000 + 2000 + 1000 + 800


def test_sharing_still_plays_off_what_cannot_be_shared() -> None:
    """Money is shared; a title or a trophy is not, so a tie over different ones is played off."""
    scheme = AwardScheme(QIWANG_OPEN_PRIZES, QIWANG_OPEN_GRADES, tie_rule=TieRule.SHARE)
    assert scheme.playoff_reason(2, 3) is None  # 10000 / 6000, both 五段
    reason = scheme.playoff_reason(1, 2)
    assert reason is not None and reason.stakes == (Stake.TITLE,)


def test_without_playoffs_a_tie_over_two_titles_gets_the_lower_one() -> None:
    scheme = AwardScheme(QIWANG_OPEN_PRIZES, QIWANG_OPEN_GRADES, playoffs=False)
    decided = decide_awards([Placing(1, 1, True), Placing(2, 1, True)], scheme)
    assert [(a.money, a.title) for a in decided.awards] == [(20000, "五段")] * 2


def test_provisional_awards_are_not_final() -> None:
    decided = decide_awards(placings(rank(_ladder(5))), QIWANG_OPEN, final=False)
    assert not decided.final and decided.awards


@settings(max_examples=60, deadline=None)
@given(sizes=st.lists(st.integers(1, 4), min_size=1, max_size=12),
       rule=st.sampled_from(list(TieRule)))
def test_no_tie_is_ever_paid_more_than_its_places(sizes: list[int], rule: TieRule) -> None:
    entries, place, key = [], 1, 0
    for size in sizes:
        for _ in range(size):
            key += 1
            entries.append(Placing(key, place, shared=size > 1))
        place += size
    scheme = AwardScheme(QIWANG_OPEN_PRIZES, tie_rule=rule, playoffs=False)
    paid = sum(a.money for a in decide_awards(entries, scheme).awards)
    worth = sum(scheme.place_award(p).money for p in range(1, place))
    assert paid == worth
