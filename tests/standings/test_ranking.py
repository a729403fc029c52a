"""Ranking: points then tie-breaks, shared places, playoffs at decisive places, sub-rankings."""

from __future__ import annotations

import random
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from app.pairing.types import Outcome
from app.standings.ranking import PlayoffState, RankingRules, rank
from app.standings.tiebreaks import REGISTRY
from tests.standings.helpers import FOUR, paid_places, snapshot


def test_points_first_then_tiebreaks_in_order() -> None:
    """2016 八(二)1: 积分, then 对手分, 中间对手分, 胜局, all higher first."""
    # 1:5 3:4 2:2 4:1 by points alone
    standings = rank(FOUR)
    assert [r.number for r in standings.rows] == [1, 3, 2, 4]
    assert [(r.place, r.shared) for r in standings.rows] == [(1, False), (2, False), (3, False),
                                                             (4, False)]
    assert standings.row(1).tiebreaks == (Fraction(7), Fraction(2), Fraction(2))


def test_tiebreak_decides_between_equal_points() -> None:
    # 3 and 4 both 2 points; 3 met 1 (4) and 4 (2): 对手分 6; 4 met 3 and 2 (0): 对手分 2
    snap = snapshot(4, [[(1, 2, "1-0"), (3, 4, "1-0")], [(1, 3, "1-0"), (4, 2, "1-0")]])
    standings = rank(snap, RankingRules(tiebreaks=("buchholz",)))
    assert [r.number for r in standings.rows] == [1, 3, 4, 2]
    assert [r.tiebreaks[0] for r in standings.rows] == [2, 6, 2, 6]
    assert not any(r.shared for r in standings.rows)


def test_equal_on_every_criterion_shares_the_place() -> None:
    """不涉及录取名次的为并列名次: printed 3=."""
    snap = snapshot(4, [[(1, 2, "1-0"), (3, 4, "1-0")]])
    standings = rank(snap)
    assert [(r.place, r.shared) for r in standings.rows] == [(1, True), (1, True), (3, True),
                                                             (3, True)]
    assert standings.playoff_groups == ()


def test_tie_at_a_decisive_place_needs_a_playoff() -> None:
    """涉及录取名次的进行加赛."""
    snap = snapshot(4, [[(1, 2, "1-0"), (3, 4, "1-0")]])
    standings = rank(snap, RankingRules(stakes=paid_places(1)))
    assert standings.playoff_groups == ((1, 3),)
    assert standings.row(1).needs_playoff and standings.row(3).needs_playoff
    assert not standings.row(2).needs_playoff


def test_tie_crossing_the_last_decisive_place_needs_a_playoff() -> None:
    snap = snapshot(4, [[(1, 2, "1-0"), (3, 4, "1-0")]])
    standings = rank(snap, RankingRules(stakes=paid_places(3)))
    assert standings.playoff_groups == ((1, 3), (2, 4))


def test_playoff_result_orders_the_tied_players() -> None:
    snap = snapshot(4, [[(1, 2, "1-0"), (3, 4, "1-0")]])
    standings = rank(snap, RankingRules(stakes=paid_places(1)), playoffs=[(3, 1)])
    assert [(r.place, r.shared, r.number) for r in standings.rows[:2]] == [(1, False, 3),
                                                                           (2, False, 1)]
    assert standings.row(3).decided_by_playoff and not standings.row(3).needs_playoff
    assert standings.row(3).playoff is PlayoffState.PLAYED
    assert standings.playoff_groups == ()


def test_direct_encounter_separates_players_who_met() -> None:
    # 1 and 3 tie on points (2 each) and buchholz; 3 beat 1
    snap = snapshot(4, [[(3, 1, "1-0"), (2, 4, "1-0")], [(1, 4, "1-0"), (2, 3, "1-0")]])
    standings = rank(snap, RankingRules(tiebreaks=("direct_encounter",)))
    assert standings.place_of(3) < standings.place_of(1)


def test_sub_ranking_among_women_keeps_group_tiebreak_values() -> None:
    """qiwang 十五1: women ranked apart, a woman keeps her open place too."""
    open_ = rank(FOUR)
    women = rank(FOUR, among=[2, 4])
    assert [r.number for r in women.rows] == [2, 4]
    assert [r.place for r in women.rows] == [1, 2]
    assert women.row(2).tiebreaks == open_.row(2).tiebreaks
    assert open_.place_of(2) == 3


# --- property: a total preorder, shared places only where every criterion is equal ------------

@st.composite
def tournaments(draw: st.DrawFn):
    n = draw(st.integers(2, 9))
    rounds = draw(st.integers(1, 5))
    seed = draw(st.integers(0, 10_000))
    rng = random.Random(seed)
    played = []
    for _ in range(rounds):
        order = list(range(1, n + 1))
        rng.shuffle(order)
        games: list = []
        while len(order) >= 2:
            a, b = order.pop(), order.pop()
            games.append((a, b, rng.choice(["1-0", "0-1", "=", "=", "+-", "-+"])))
        if order:
            games.append((order[0], rng.choice([Outcome.PAB, Outcome.HALF_BYE])))
        played.append(games)
    names = draw(st.lists(st.sampled_from(sorted(REGISTRY)), max_size=4, unique=True))
    return snapshot(n, played), tuple(names)


@settings(max_examples=60, deadline=None)
@given(tournaments())
def test_ranking_is_a_total_preorder(case) -> None:
    snap, names = case
    standings = rank(snap, RankingRules(tiebreaks=names))
    rows = standings.rows
    assert sorted(r.number for r in rows) == [p.number for p in snap.players]
    keys = [(r.points, *r.tiebreaks) for r in rows]
    for i in range(len(rows) - 1):
        assert keys[i] >= keys[i + 1]  # non-increasing, lexicographically
    for row, key in zip(rows, keys, strict=True):
        better = sum(1 for other in keys if other > key)
        equal = sum(1 for other in keys if other == key)
        assert row.place == better + 1
        assert row.shared == (equal > 1)


@settings(max_examples=40, deadline=None)
@given(tournaments(), st.data())
def test_sub_ranking_keeps_the_open_order(case, data) -> None:
    """A sub-ranking (women, juniors) orders its players as the open ranking does (direct
    encounter aside, which is judged among the players of the ranking)."""
    snap, names = case
    names = tuple(n for n in names if n != "direct_encounter")
    numbers = [p.number for p in snap.players]
    among = data.draw(st.sets(st.sampled_from(numbers), min_size=1))
    rules = RankingRules(tiebreaks=names)
    full = [r.number for r in rank(snap, rules).rows if r.number in among]
    sub = rank(snap, rules, among=among)
    assert [r.number for r in sub.rows] == full
    assert sub.rows[0].place == 1
