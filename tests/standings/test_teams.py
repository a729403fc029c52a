"""Team rankings: qiwang sums of scores, shenzhen sums of places, orders drawn by lot."""

from __future__ import annotations

from fractions import Fraction

from app.standings.ranking import RankingRules, rank
from app.standings.subranking import Gender
from app.standings.teams import (
    BEST_PLACE,
    PlaceEntry,
    apply_orders,
    place_sum_ranking,
    score_sum_ranking,
)
from tests.standings.helpers import FOUR

M, F = Gender.MALE, Gender.FEMALE


def test_qiwang_team_score_is_the_sum_of_members_scores() -> None:
    """qiwang 十二(四)4: 以队员个人赛成绩之和计算团体成绩 (scores 1:5 2:2 3:4 4:1)."""
    standings = rank(FOUR)
    rows = score_sum_ranking(standings, {"甲": [1, 4], "乙": [2, 3]}, size=2)
    assert {(r.team, r.place, r.total) for r in rows} == {("甲", 1, 6), ("乙", 1, 6)}
    assert all(r.shared for r in rows) and (rows[0].place, rows[0].shared) == (1, True)


def test_team_tiebreak_sums_members_tiebreaks() -> None:
    standings = rank(FOUR, RankingRules(tiebreaks=("buchholz",)))
    rows = score_sum_ranking(standings, {"甲": [1, 4], "乙": [2, 3]}, size=2,
                             tiebreaks=("buchholz",))
    # 对手分 1:7 4:11 -> 18; 2:10 3:8 -> 18: still level
    assert [r.values for r in rows] == [(Fraction(18),), (Fraction(18),)]
    rows = score_sum_ranking(standings, {"甲": [1, 2], "乙": [3, 4]}, size=2)
    assert [(r.team, r.place, r.total) for r in rows] == [("甲", 1, 7), ("乙", 2, 5)]


def test_team_short_of_members_gets_no_result() -> None:
    standings = rank(FOUR)
    rows = score_sum_ranking(standings, {"甲": [1, 2, 3], "乙": [4]}, size=3)
    assert rows[0].team == "甲" and rows[0].total == 11
    assert rows[1].team == "乙" and rows[1].place is None and rows[1].total is None


def test_team_counts_its_best_members() -> None:
    standings = rank(FOUR)
    rows = score_sum_ranking(standings, {"甲": [1, 2, 4]}, size=2)
    assert rows[0].members == (1, 2) and rows[0].total == 7


def test_shenzhen_best_two_men_and_best_woman_places_lower_first() -> None:
    """shenzhen 十一(二): 成绩最好的2男和1女名次相加，小者名次列前."""
    entries = [
        PlaceEntry(1, "福田", M, 1), PlaceEntry(2, "福田", M, 6), PlaceEntry(3, "福田", M, 2),
        PlaceEntry(4, "福田", F, 3),  # 1 + 2 + 3 = 6
        PlaceEntry(5, "南山", M, 3), PlaceEntry(6, "南山", M, 4), PlaceEntry(7, "南山", F, 1),
        # 3 + 4 + 1 = 8
    ]
    rows = place_sum_ranking(entries)
    assert [(r.team, r.place, r.total) for r in rows] == [("福田", 1, 6), ("南山", 2, 8)]
    assert rows[0].members == (1, 3, 4)


def test_shenzhen_tie_broken_by_best_individual_place() -> None:
    """如相同则比较团体中个人最高名次."""
    entries = [
        PlaceEntry(1, "福田", M, 2), PlaceEntry(2, "福田", M, 3), PlaceEntry(3, "福田", F, 2),
        PlaceEntry(4, "南山", M, 1), PlaceEntry(5, "南山", M, 5), PlaceEntry(6, "南山", F, 1),
    ]
    rows = place_sum_ranking(entries)
    assert [r.team for r in rows] == ["南山", "福田"]  # both 7; 南山 has a 1st place
    assert [r.values for r in rows] == [(Fraction(1),), (Fraction(2),)]
    assert not any(r.shared for r in rows)


def test_shenzhen_units_short_of_two_men_and_a_woman_get_none() -> None:
    """不足2男和1女不计算团体成绩."""
    entries = [PlaceEntry(1, "罗湖", M, 1), PlaceEntry(2, "罗湖", M, 2),
               PlaceEntry(3, "宝安", M, 3), PlaceEntry(4, "宝安", F, 1)]
    rows = place_sum_ranking(entries)
    assert all(r.place is None for r in rows)


def test_a_team_short_of_members_shows_no_figure_and_lists_its_members() -> None:
    """A sum that is not there reads as nothing, never 0 (in a sum of places 0 would be best)."""
    rows = score_sum_ranking(rank(FOUR), {"甲": [1, 2, 3], "乙": [4]}, size=3)
    assert rows[1].total is None and rows[1].members == (4,)
    entries = [PlaceEntry(1, "福田", M, 1), PlaceEntry(2, "福田", F, 2)]
    (short,) = place_sum_ranking(entries)
    assert short.total is None and short.members == (1, 2)


def test_team_chain_best_individual_place_breaks_a_level_sum() -> None:
    """The arbiter's chain for qiwang teams (not stated there): the best individual place
    first; shenzhen 十一(二) states it for its place sums."""
    standings = rank(FOUR)  # places 1:1 3:2 2:3 4:4
    rows = score_sum_ranking(standings, {"甲": [2, 3], "乙": [1, 4]}, size=2,
                             tiebreaks=(BEST_PLACE,))
    assert [(r.team, r.place, r.values) for r in rows] == [("乙", 1, (Fraction(1),)),
                                                           ("甲", 2, (Fraction(2),))]


def test_an_empty_chain_leaves_a_level_place_sum_shared() -> None:
    entries = [PlaceEntry(1, "福田", M, 1), PlaceEntry(2, "福田", M, 5), PlaceEntry(3, "福田", F, 6),
               PlaceEntry(4, "南山", M, 2), PlaceEntry(5, "南山", M, 3), PlaceEntry(6, "南山", F, 7)]
    assert [(r.place, r.shared) for r in place_sum_ranking(entries, tiebreaks=())] == [
        (1, True), (1, True)]
    assert [r.team for r in place_sum_ranking(entries)] == ["福田", "南山"]


def test_lots_order_teams_sharing_a_place() -> None:
    """huazhi 预选赛 (6): 涉及名次的进行抽签 — the order drawn gives the places."""
    rows = score_sum_ranking(rank(FOUR), {"甲": [1, 4], "乙": [2, 3]}, size=2)
    ordered = apply_orders(rows, [("乙", "甲")])
    assert [(r.team, r.place, r.shared, r.decided) for r in ordered] == [
        ("乙", 1, False, True), ("甲", 2, False, True)]
    assert apply_orders(rows, [("乙", "丙")]) == rows  # an order for no tie changes nothing
