"""Team standings of a Swiss of teams (app.standings.team_swiss), one test per rule of FIDE
C.04.6 Art. 1.2 and the C.07 tie-breaks it uses."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from app.pairing.team_swiss import PrimaryScore
from app.pairing.types import Outcome
from app.standings.team_swiss import (
    TIEBREAKS,
    TeamMatch,
    TeamRecord,
    bye_game_points,
    crosstable,
    default_tiebreaks,
    match_outcome,
    match_points_of,
    rank_teams,
)


def played(round_: int, opponent: int, own: int, other: int) -> TeamMatch:
    outcome = match_outcome(own, other)
    return TeamMatch(round_, outcome, opponent, match_points_of(outcome), own)


def test_match_points_are_2_1_0_a_forfeit_win_and_the_bye_as_a_win() -> None:
    assert [match_points_of(o) for o in (Outcome.WIN, Outcome.DRAW, Outcome.LOSS)] == [2, 1, 0]
    assert match_points_of(Outcome.FORFEIT_WIN) == 2 and match_points_of(Outcome.PAB) == 2
    assert match_points_of(Outcome.FORFEIT_LOSS) == 0 and match_points_of(Outcome.ABSENT) == 0


def test_a_match_is_won_on_game_points_and_level_is_a_drawn_match() -> None:
    assert match_outcome(5, 3) is Outcome.WIN
    assert match_outcome(4, 4) is Outcome.DRAW  # C.04.6: no captains' playoff
    assert match_outcome(1, 7) is Outcome.LOSS


def test_the_bye_scores_a_drawn_game_on_every_board() -> None:
    assert bye_game_points(4, 1) == 4 and bye_game_points(3, 2) == 6


# Four teams, two rounds, 4 boards (2 a game won): 1 beat 2 and drew 3; 2 beat 4 and lost
# to 1; 3 beat 4 and drew 1; 4 lost both.
TEAMS = (
    TeamRecord(1, (played(1, 2, 6, 2), played(2, 3, 4, 4))),
    TeamRecord(2, (played(1, 1, 2, 6), played(2, 4, 7, 1))),
    TeamRecord(3, (played(1, 4, 5, 3), played(2, 1, 4, 4))),
    TeamRecord(4, (played(1, 3, 3, 5), played(2, 2, 1, 7))),
)


def test_the_primary_score_orders_the_teams_c04_6_art_1_2() -> None:
    by_match = rank_teams(TEAMS, PrimaryScore.MATCH, ())
    assert [(p.number, p.place, p.shared) for p in by_match] == [
        (1, 1, True), (3, 1, True), (2, 3, False), (4, 4, False)]
    by_games = rank_teams(TEAMS, PrimaryScore.GAME, ())
    assert [p.number for p in by_games] == [1, 2, 3, 4]  # 10, 9, 9, 4 game points
    assert by_games[1].shared and by_games[2].shared


def test_game_points_break_a_tie_on_match_points_c07_13_1() -> None:
    ranked = rank_teams(TEAMS, PrimaryScore.MATCH, ("game_points",))
    assert [(p.number, p.values) for p in ranked[:2]] == [(1, (Fraction(10),)),
                                                          (3, (Fraction(9),))]
    assert not ranked[0].shared


def test_direct_encounter_counts_the_matches_among_the_tied_c07_6() -> None:
    # 2 and 3 both have 9 game points (game primary): they never met, so it separates nobody
    ranked = rank_teams(TEAMS, PrimaryScore.GAME, ("direct_encounter",))
    assert ranked[1].shared and ranked[1].values == ranked[2].values == (Fraction(0),)
    # 1 and 3 (3 match points each) drew each other: 1 match point each, still level
    level = rank_teams(TEAMS, PrimaryScore.MATCH, ("direct_encounter",))
    assert level[0].values == level[1].values == (Fraction(1),)


def test_a_direct_win_separates_teams_level_on_points() -> None:
    teams = (TeamRecord(1, (played(1, 2, 5, 3),)), TeamRecord(2, (played(1, 1, 3, 5),
                                                                   played(2, 3, 8, 0))),
             TeamRecord(3, (played(2, 2, 0, 8),)))
    ranked = rank_teams(teams, PrimaryScore.MATCH, ("direct_encounter",))
    assert [p.number for p in ranked] == [1, 2, 3] and not ranked[0].shared


def test_buchholz_and_sonneborn_berger_on_the_primary_score_c07_8_1_and_13_2() -> None:
    ranked = {p.number: p for p in rank_teams(TEAMS, PrimaryScore.MATCH,
                                               ("buchholz", "sonneborn_berger"))}
    # 1 met 2 (2 match points) and 3 (3): Buchholz 5; EMGSB 2 x 6 + 3 x 4 = 24
    assert ranked[1].values == (Fraction(5), Fraction(24))
    # 3 met 4 (0) and 1 (3): Buchholz 3; EMGSB 0 x 5 + 3 x 4 = 12
    assert ranked[3].values == (Fraction(3), Fraction(12))


def test_unplayed_rounds_give_no_opponent_and_wins_count_the_bye_c07_7_1() -> None:
    teams = (TeamRecord(1, (TeamMatch(1, Outcome.PAB, None, 2, 4),)),
             TeamRecord(2, (TeamMatch(1, Outcome.FORFEIT_WIN, 3, 2, 8),)),
             TeamRecord(3, (TeamMatch(1, Outcome.FORFEIT_LOSS, 2, 0, 0),)))
    ranked = {p.number: p for p in rank_teams(teams, PrimaryScore.MATCH,
                                               ("wins", "buchholz"))}
    assert ranked[1].values == (Fraction(1), Fraction(0))
    assert ranked[2].values == (Fraction(1), Fraction(0))  # a forfeit is not played


def test_the_default_chain_starts_with_the_secondary_score() -> None:
    assert default_tiebreaks(PrimaryScore.MATCH)[0] == "game_points"
    assert default_tiebreaks(PrimaryScore.GAME)[0] == "match_points"
    assert all(name in TIEBREAKS for p in PrimaryScore for name in default_tiebreaks(p))


def test_the_crosstable_names_each_opponent_by_its_row() -> None:
    places = rank_teams(TEAMS, PrimaryScore.MATCH, ("game_points",))
    cells = crosstable(places, TEAMS)
    assert [c.opponent_row for c in cells[0]] == [3, 2]  # team 1 met 2 (row 3), 3 (row 2)
    assert (cells[0][0].game_points, cells[0][0].opponent_game_points) == (6, 2)


@given(st.lists(st.tuples(st.integers(0, 8), st.integers(0, 8)), min_size=1, max_size=12))
def test_every_team_is_placed_once_in_primary_order(scores: list[tuple[int, int]]) -> None:
    teams = [TeamRecord(k + 1, (TeamMatch(1, match_outcome(a, b), None,
                                          match_points_of(match_outcome(a, b)), a),))
             for k, (a, b) in enumerate(scores)]
    ranked = rank_teams(teams, PrimaryScore.MATCH, default_tiebreaks(PrimaryScore.MATCH))
    assert sorted(p.number for p in ranked) == [t.number for t in teams]
    points = [p.match_points for p in ranked]
    assert points == sorted(points, reverse=True)
    for before, after in zip(ranked, ranked[1:], strict=False):
        assert before.place <= after.place
        assert (before.place == after.place) == (before.shared and after.shared
                                                and before.values == after.values
                                                and before.match_points == after.match_points)
