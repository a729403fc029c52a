"""Sub-rankings: women in the open group (qiwang 十二(四)2, 十五1), juniors by birth window."""

from __future__ import annotations

from datetime import date

import pytest

from app.standings.ranking import RankingRules, rank
from app.standings.subranking import (
    QIWANG_JUNIOR_WINDOW,
    SHENZHEN_JUNIOR_WINDOW,
    Gender,
    PlayerProfile,
    men,
    profile_filter,
    sub_ranking,
    where,
    women,
)
from app.standings.tiebreaks import TieBreakContext, TieBreakOptions
from tests.standings.helpers import FOUR, paid_places, snapshot

PROFILES = (
    PlayerProfile(1, Gender.MALE, date(1990, 1, 1), "杭州"),
    PlayerProfile(2, Gender.FEMALE, date(2008, 9, 1), "绍兴"),
    PlayerProfile(3, Gender.MALE, date(2017, 8, 31), "杭州"),
    PlayerProfile(4, Gender.FEMALE, date(2017, 9, 1), "深圳"),
    PlayerProfile(5, None, None, ""),
)


def test_filters() -> None:
    assert women(PROFILES) == {2, 4}
    assert men(PROFILES) == {1, 3}
    assert where(PROFILES, lambda p: p.unit == "杭州") == {1, 3}


def test_qiwang_junior_window_is_inclusive() -> None:
    """qiwang 十二(四)3: born 2008-09-01 .. 2017-08-31."""
    assert where(PROFILES, profile_filter(None, *QIWANG_JUNIOR_WINDOW)) == {2, 3}


def test_shenzhen_juniors_born_2010_or_later() -> None:
    """shenzhen 八(三)3: 2010年1月1日及以后出生者; no birth date is not a junior."""
    assert where(PROFILES, profile_filter(None, *SHENZHEN_JUNIOR_WINDOW)) == {3, 4}


def test_women_keep_their_open_place() -> None:
    """A woman's open place stands; the women's ranking is separate (奖金可以累积)."""
    rules = RankingRules()
    open_ = rank(FOUR, rules)
    ladies = sub_ranking(FOUR, rules, women(PROFILES))
    assert [r.number for r in ladies.rows] == [2, 4]
    assert [(r.number, r.place) for r in open_.rows] == [(1, 1), (3, 2), (2, 3), (4, 4)]


def test_open_places_are_not_passed_down() -> None:
    """男子组名次则不再顺延录取: the open ranking is the same with or without a women's one."""
    rules = RankingRules(stakes=paid_places(2))
    before = rank(FOUR, rules)
    sub_ranking(FOUR, rules, women(PROFILES))
    assert rank(FOUR, rules) == before


def test_sub_ranking_has_its_own_awards() -> None:
    snap = snapshot(4, [[(1, 2, "1-0"), (3, 4, "1-0")]])
    profiles = [PlayerProfile(n, Gender.FEMALE) for n in (1, 3)]
    ladies = sub_ranking(snap, RankingRules(), women(profiles), stakes=paid_places(1))
    assert ladies.playoff_groups == ((1, 3),)
    decided = sub_ranking(snap, RankingRules(), women(profiles),
                          stakes=paid_places(1), playoffs=[(3, 1)])
    assert [r.number for r in decided.rows] == [3, 1]


def test_a_sub_ranking_may_share_the_open_rankings_tie_break_values() -> None:
    """A woman's 对手分 counts the men she met: the values over the whole group are the same
    for the open ranking and the women's, so they are worked out once."""
    rules = RankingRules()
    context = TieBreakContext(FOUR, rules.options)
    open_ = rank(FOUR, rules, context=context)
    ladies = sub_ranking(FOUR, rules, women(PROFILES), context=context)
    assert open_ == rank(FOUR, rules)
    assert ladies == sub_ranking(FOUR, rules, women(PROFILES))
    assert set(context.whole_group) == set(rules.tiebreaks)
    with pytest.raises(ValueError):
        rank(FOUR, RankingRules(options=TieBreakOptions(cut=0)), context=context)
