"""Playoffs (加赛): 2016 八(二)2 / shenzhen 十一(一)2, and the orders they give the standings."""

from __future__ import annotations

from collections.abc import Sequence

from hypothesis import given, settings
from hypothesis import strategies as st

from app.results import parse_game
from app.standings.playoff import (
    MATCH_TIME,
    SUDDEN_DEATH_TIME,
    PlayoffFormat,
    PlayoffGame,
    Stage,
    TimeControl,
    plan,
    resolve,
)
from app.standings.ranking import RankingRules, rank
from tests.standings.helpers import paid_places, snapshot


def _play(tied: Sequence[int], winners: dict[frozenset[int], int | None],
          playoff_format: PlayoffFormat = PlayoffFormat.ROUND_ROBIN, limit: int = 50):
    """Play the playoff to the end. Mini round robin games: `winners[pair]` wins (None: a
    draw); every other game is won by its first mover."""
    games: list[PlayoffGame] = []
    for _ in range(limit):
        state = resolve(tied, games, playoff_format)
        if state.decided:
            return state.order, games
        for game in state.pending:
            result = "1-0"
            if game.stage is Stage.MINI_ROUND_ROBIN:
                winner = winners[frozenset((game.first, game.second))]
                result = "=" if winner is None else ("1-0" if winner == game.first else "0-1")
            games.append(game.with_result(parse_game(result)))
    raise AssertionError("playoff did not end")


def test_two_players_play_two_games_each_black_once_at_5_plus_3() -> None:
    games = plan([7, 3])
    assert [(g.first, g.second) for g in games] == [(7, 3), (3, 7)]
    assert all(g.stage is Stage.MATCH and g.time_control == MATCH_TIME for g in games)
    assert MATCH_TIME == TimeControl(5, 3)


def test_two_game_total_decides() -> None:
    g1, g2 = plan([7, 3])
    state = resolve([7, 3], [g1.with_result(parse_game("=")),
                             g2.with_result(parse_game("0-1"))])  # 7 wins game 2
    assert state.order == (7, 3)


def test_level_match_goes_to_sudden_death_at_3_plus_2_until_a_win() -> None:
    g1, g2 = plan([7, 3])
    games = [g1.with_result(parse_game("1-0")),
             g2.with_result(parse_game("1-0"))]  # one win each
    state = resolve([7, 3], games)
    (sd1,) = state.pending
    assert sd1.stage is Stage.SUDDEN_DEATH and sd1.time_control == SUDDEN_DEATH_TIME
    assert SUDDEN_DEATH_TIME == TimeControl(3, 2)
    games.append(sd1.with_result(parse_game("=")))
    (sd2,) = resolve([7, 3], games).pending
    assert (sd2.first, sd2.second) == (sd1.second, sd1.first)  # first movers alternate
    games.append(sd2.with_result(parse_game("1-0")))
    assert resolve([7, 3], games).order == (sd2.first, sd2.second)


def test_three_players_mini_round_robin() -> None:
    games = plan([5, 8, 2])
    assert {frozenset((g.first, g.second)) for g in games} == {
        frozenset((5, 8)), frozenset((5, 2)), frozenset((8, 2))}
    assert all(g.stage is Stage.MINI_ROUND_ROBIN for g in games)
    order, _ = _play([5, 8, 2], {frozenset((8, 5)): 8, frozenset((5, 2)): 5,
                                 frozenset((8, 2)): 8})
    assert order == (8, 5, 2)


def test_mini_round_robin_then_two_player_rule_for_those_still_level() -> None:
    # 5 and 8 draw each other and both beat 2: level on 3 half-points, then a two-game match
    results = {frozenset((8, 5)): None, frozenset((5, 2)): 5, frozenset((8, 2)): 8}
    order, games = _play([5, 8, 2], results)
    assert order[2] == 2
    assert any(g.stage is Stage.MATCH and g.among == (5, 8) for g in games)


def test_mini_round_robin_all_level_goes_to_a_seeded_knockout() -> None:
    # a cycle: 5 beats 8, 8 beats 2, 2 beats 5
    results = {frozenset((5, 8)): 5, frozenset((8, 2)): 8, frozenset((2, 5)): 2}
    order, games = _play([5, 8, 2], results)
    assert sorted(order) == [2, 5, 8]
    assert any(g.stage is Stage.MATCH for g in games)


def test_knockout_seeded_by_tiebreak_order() -> None:
    games = plan([1, 2, 3, 4], PlayoffFormat.KNOCKOUT)
    pairs = {g.among for g in games}
    assert pairs == {(1, 4), (2, 3)}  # seed 1 meets the lowest seed
    # every game won by its first mover: each two-game match is level, and the first
    # sudden-death game (the higher seed moving first) decides: higher seeds go through
    order, games = _play([1, 2, 3, 4], {}, PlayoffFormat.KNOCKOUT)
    assert order == (1, 2, 3, 4)
    assert any(g.stage is Stage.SUDDEN_DEATH and g.among == (1, 2) for g in games)


def test_knockout_with_a_bye_for_the_top_seed() -> None:
    games = plan([1, 2, 3], PlayoffFormat.KNOCKOUT)
    assert {g.among for g in games} == {(2, 3)}


def test_playoff_order_decides_the_standings() -> None:
    """加赛 results order the tied players, marked as decided by playoff."""
    snap = snapshot(4, [[(1, 2, "1-0"), (3, 4, "1-0")]])
    rules = RankingRules(stakes=paid_places(1))
    before = rank(snap, rules)
    (tied,) = before.playoff_groups
    g1, g2 = plan(tied)
    state = resolve(tied, [g1.with_result(parse_game("0-1")),
                           g2.with_result(parse_game("1-0"))])  # 3 wins both
    after = rank(snap, rules, playoffs=[state.order])
    assert [r.number for r in after.rows[:2]] == [3, 1]
    assert all(r.decided_by_playoff for r in after.rows[:2])
    assert after.playoff_groups == ()


@settings(max_examples=40, deadline=None)
@given(
    n=st.integers(2, 6),
    playoff_format=st.sampled_from(list(PlayoffFormat)),
    outcomes=st.lists(st.sampled_from(["1-0", "0-1", "="]), min_size=1, max_size=30),
)
def test_every_playoff_ends_with_a_total_order(n, playoff_format, outcomes) -> None:
    """Whatever the results, the playoff ends (sudden death cannot end level forever once a
    game is won) and orders every tied player exactly once."""
    tied = list(range(10, 10 + n))
    games: list[PlayoffGame] = []
    feed = iter(outcomes + ["1-0"] * 200)
    for _ in range(300):
        state = resolve(tied, games, playoff_format)
        if state.decided:
            break
        assert state.pending
        games.extend(g.with_result(parse_game(next(feed))) for g in state.pending)
    assert state.decided and sorted(state.order) == tied
