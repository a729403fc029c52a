"""Team rankings: qiwang sums of scores, shenzhen sums of places, huazhi team matches."""

from __future__ import annotations

from fractions import Fraction

from app.standings.ranking import RankingRules, rank
from app.standings.subranking import Gender
from app.standings.teams import (
    BEST_PLACE,
    MemberTotals,
    PlaceEntry,
    TeamMatch,
    apply_orders,
    place_sum_ranking,
    preliminary_team_ranking,
    score_sum_ranking,
    team_match_ranking,
)
from tests.standings.helpers import FOUR

M, F = Gender.MALE, Gender.FEMALE


def test_qiwang_team_score_is_the_sum_of_members_scores() -> None:
    """qiwang 十二(四)4: 以队员个人赛成绩之和计算团体成绩 (scores 1:5 2:2 3:4 4:1)."""
    standings = rank(FOUR)
    rows = score_sum_ranking(standings, {"甲": [1, 4], "乙": [2, 3]}, size=2)
    assert {(r.team, r.place, r.total) for r in rows} == {("甲", 1, 6), ("乙", 1, 6)}
    assert all(r.shared for r in rows) and rows[0].rank_text == "1="


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
    assert rows[1].team == "乙" and rows[1].place is None and rows[1].rank_text == "-"


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


def test_team_match_points_then_game_points() -> None:
    """huazhi: 两队局分高的队伍获胜; ranking by match points, then game points."""
    matches = [
        TeamMatch(1, "A", "B", Fraction(2), Fraction(1)),
        TeamMatch(1, "C", "D", Fraction(3, 2), Fraction(3, 2)),
        TeamMatch(2, "A", "C", Fraction(1, 2), Fraction(5, 2)),
        TeamMatch(2, "B", "D", Fraction(3), Fraction(0)),
    ]
    rows = team_match_ranking("ABCD", matches)
    # match points: A 2, B 2, C 3, D 1; game points A 2.5, B 4, C 4, D 1.5
    assert [(r.team, r.total) for r in rows] == [("C", 3), ("B", 2), ("A", 2), ("D", 1)]
    assert rows[1].values[0] == 4 and rows[2].values[0] == Fraction(5, 2)


def _team(*rows: tuple[int, int]) -> list[MemberTotals]:
    return [MemberTotals(i, points, games) for i, (points, games) in enumerate(rows, 1)]


def test_huazhi_preliminary_total_then_fewer_games() -> None:
    """预选赛 (6): 总积分高者列前、总局数低者列前."""
    rows = preliminary_team_ranking({
        "甲": _team((20, 12), (18, 12), (10, 10)),  # 48 points, 34 games
        "乙": _team((30, 15), (10, 10), (8, 8)),  # 48 points, 33 games
        "丙": _team((40, 20), (10, 10), (10, 10)),  # 60 points
    })
    assert [(r.team, r.place) for r in rows] == [("丙", 1), ("乙", 2), ("甲", 3)]


def test_huazhi_preliminary_lowest_member_then_fewest_games() -> None:
    """队员最低积分高者列前; then 队员最少对局数低者列前."""
    rows = preliminary_team_ranking({
        "甲": _team((20, 10), (16, 10), (12, 10)),  # lowest 12
        "乙": _team((24, 10), (14, 10), (10, 10)),  # lowest 10
    })
    assert [r.team for r in rows] == ["甲", "乙"]
    rows = preliminary_team_ranking({
        "甲": _team((20, 12), (16, 10), (12, 8)),  # fewest games 8
        "乙": _team((20, 11), (16, 11), (12, 8)),  # equal down to 次少对局: 10 against 11
    })
    assert [(r.team, r.values[-1]) for r in rows] == [("甲", 10), ("乙", 11)]
    assert not any(r.shared for r in rows)
    rows = preliminary_team_ranking({
        "甲": _team((20, 12), (16, 10), (12, 8)),  # fewest games 8
        "乙": _team((20, 9), (16, 12), (12, 9)),  # fewest games 9
    })
    assert [r.team for r in rows] == ["甲", "乙"]


def test_huazhi_preliminary_all_equal_share() -> None:
    """其余允许并列."""
    rows = preliminary_team_ranking({"甲": _team((10, 5), (8, 5)), "乙": _team((8, 5), (10, 5))})
    assert [r.rank_text for r in rows] == ["1=", "1="]


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
    assert [r.rank_text for r in place_sum_ranking(entries, tiebreaks=())] == ["1=", "1="]
    assert [r.team for r in place_sum_ranking(entries)] == ["福田", "南山"]


def test_lots_order_teams_sharing_a_place() -> None:
    """huazhi 预选赛 (6): 涉及名次的进行抽签 — the order drawn gives the places."""
    rows = score_sum_ranking(rank(FOUR), {"甲": [1, 4], "乙": [2, 3]}, size=2)
    ordered = apply_orders(rows, [("乙", "甲")])
    assert [(r.team, r.place, r.shared, r.decided) for r in ordered] == [
        ("乙", 1, False, True), ("甲", 2, False, True)]
    assert apply_orders(rows, [("乙", "丙")]) == rows  # an order for no tie changes nothing
