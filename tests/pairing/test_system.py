"""The competition systems and what each one implies (app.pairing.system)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from app.errors import UserError
from app.pairing import knockout, roundrobin
from app.pairing.system import Engine, System


def test_stored_values_are_the_names_older_event_files_hold() -> None:
    assert [s.value for s in System] == [
        "swiss", "round_robin", "double_round_robin", "knockout", "team_knockout",
        "cross_group", "double_swiss", "team_swiss"]
    assert System.of("double_round_robin") is System.DOUBLE_ROUND_ROBIN


def test_an_unknown_system_is_refused_naming_it() -> None:
    with pytest.raises(UserError) as caught:
        System.of("ladder", "组别 公开组")
    assert "ladder" in caught.value.zh and "ladder" in caught.value.en
    assert caught.value.where == "组别 公开组"


def test_teams_play_the_team_knockout_the_cross_group_round_and_the_team_swiss() -> None:
    assert {s for s in System if s.team} == {System.TEAM_KNOCKOUT, System.CROSS_GROUP,
                                             System.TEAM_SWISS}


def test_only_the_team_swiss_scores_a_level_match_as_drawn_c04_6() -> None:
    assert {s for s in System if s.level_match_drawn} == {System.TEAM_SWISS}


def test_brackets_belong_to_the_knockouts() -> None:
    assert {s for s in System if s.bracket} == {System.KNOCKOUT, System.TEAM_KNOCKOUT}


def test_only_the_swiss_systems_and_round_robins_rank_by_points() -> None:
    assert {s for s in System if s.ranked_by_points} == {
        System.SWISS, System.ROUND_ROBIN, System.DOUBLE_ROUND_ROBIN, System.DOUBLE_SWISS,
        System.TEAM_SWISS}


def test_the_double_swiss_plays_two_games_a_round_c04_5_preface() -> None:
    assert System.DOUBLE_SWISS.games_per_round == 2
    assert {s for s in System if s.games_per_round is not None} == {System.DOUBLE_SWISS}


def test_a_trf_092_names_the_swiss_system() -> None:
    from app.pairing.system import TRF_TYPES, system_of_trf_type

    for system, text in TRF_TYPES.items():
        assert system_of_trf_type(text) is system
    assert system_of_trf_type("Double-Swiss (FIDE C.04.5)") is System.DOUBLE_SWISS
    assert system_of_trf_type("Swiss Team Pairing System") is System.TEAM_SWISS
    assert system_of_trf_type("Individual: Swiss-System") is None


def test_each_system_names_its_pairing_engine() -> None:
    assert System.SWISS.engine is Engine.DUTCH
    assert System.ROUND_ROBIN.engine is Engine.BERGER
    assert System.DOUBLE_ROUND_ROBIN.engine is Engine.BERGER
    assert System.KNOCKOUT.engine is Engine.BRACKET
    assert System.TEAM_KNOCKOUT.engine is Engine.BRACKET
    assert System.CROSS_GROUP.engine is Engine.CROSS_GROUP
    assert System.DOUBLE_SWISS.engine is Engine.DOUBLE_SWISS
    assert System.TEAM_SWISS.engine is Engine.TEAM_SWISS


def test_an_individual_knockout_match_needs_a_winner() -> None:
    assert {s for s in System if s.decisive_games} == {System.KNOCKOUT}


def test_round_robin_plans_n_minus_one_rounds_or_n_for_odd_n() -> None:
    assert System.ROUND_ROBIN.planned_rounds(8, rounds=99) == 7
    assert System.ROUND_ROBIN.planned_rounds(7, rounds=99) == 7
    assert System.DOUBLE_ROUND_ROBIN.planned_rounds(6, rounds=99) == 10
    assert System.ROUND_ROBIN.planned_rounds(1, rounds=99) == 0


def test_sixteen_teams_play_four_knockout_rounds() -> None:
    assert System.TEAM_KNOCKOUT.planned_rounds(16, rounds=1) == 4
    assert System.KNOCKOUT.planned_rounds(9, rounds=1) == 4


def test_swiss_plays_the_rounds_its_group_asks_for() -> None:
    assert System.SWISS.planned_rounds(40, rounds=9) == 9
    assert System.CROSS_GROUP.planned_rounds(16, rounds=1) == 1


@given(st.integers(min_value=2, max_value=200))
def test_planned_rounds_agree_with_the_pairing_engines(n: int) -> None:
    assert System.ROUND_ROBIN.planned_rounds(n, 0) == roundrobin.round_count(n)
    assert System.DOUBLE_ROUND_ROBIN.planned_rounds(n, 0) == roundrobin.round_count(n, True)
    size = knockout.bracket_size(n)
    assert System.KNOCKOUT.planned_rounds(n, 0) == size.bit_length() - 1
