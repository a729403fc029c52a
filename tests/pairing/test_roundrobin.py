"""Round robin by the FIDE Berger tables (C.05 Annex 1), numbering by lot, unit spreading."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from app.errors import UserError
from app.pairing.roundrobin import (
    BYE,
    Numbering,
    berger_table,
    check_system_switch,
    double_berger_table,
    draw_numbers,
    given_numbers,
    may_switch_system,
    meeting_rounds,
    missing_player_forfeits,
    numbering_for_units,
    round_count,
    round_robin_pairing,
    unit_clashes,
)
from app.pairing.types import Board
from app.results import GameCode

# The FIDE Berger tables (Handbook C.05, Annex 1), written out from the published text:
# one line per round, "first-second" (white-black in the FIDE text = first mover first).
# "If there is an odd number of players, the highest number counts as a bye."
FIDE_TABLES = {
    4: """
        1-4 2-3
        4-3 1-2
        2-4 3-1
    """,
    6: """
        1-6 2-5 3-4
        6-4 5-3 1-2
        2-6 3-1 4-5
        6-5 1-4 2-3
        3-6 4-2 5-1
    """,
    8: """
        1-8 2-7 3-6 4-5
        8-5 6-4 7-3 1-2
        2-8 3-1 4-7 5-6
        8-6 7-5 1-4 2-3
        3-8 4-2 5-1 6-7
        8-7 1-6 2-5 3-4
        4-8 5-3 6-2 7-1
    """,
    10: """
        1-10 2-9 3-8 4-7 5-6
        10-6 7-5 8-4 9-3 1-2
        2-10 3-1 4-9 5-8 6-7
        10-7 8-6 9-5 1-4 2-3
        3-10 4-2 5-1 6-9 7-8
        10-8 9-7 1-6 2-5 3-4
        4-10 5-3 6-2 7-1 8-9
        10-9 1-8 2-7 3-6 4-5
        5-10 6-4 7-3 8-2 9-1
    """,
    12: """
        1-12 2-11 3-10 4-9 5-8 6-7
        12-7 8-6 9-5 10-4 11-3 1-2
        2-12 3-1 4-11 5-10 6-9 7-8
        12-8 9-7 10-6 11-5 1-4 2-3
        3-12 4-2 5-1 6-11 7-10 8-9
        12-9 10-8 11-7 1-6 2-5 3-4
        4-12 5-3 6-2 7-1 8-11 9-10
        12-10 11-9 1-8 2-7 3-6 4-5
        5-12 6-4 7-3 8-2 9-1 10-11
        12-11 1-10 2-9 3-8 4-7 5-6
        6-12 7-5 8-4 9-3 10-2 11-1
    """,
    14: """
        1-14 2-13 3-12 4-11 5-10 6-9 7-8
        14-8 9-7 10-6 11-5 12-4 13-3 1-2
        2-14 3-1 4-13 5-12 6-11 7-10 8-9
        14-9 10-8 11-7 12-6 13-5 1-4 2-3
        3-14 4-2 5-1 6-13 7-12 8-11 9-10
        14-10 11-9 12-8 13-7 1-6 2-5 3-4
        4-14 5-3 6-2 7-1 8-13 9-12 10-11
        14-11 12-10 13-9 1-8 2-7 3-6 4-5
        5-14 6-4 7-3 8-2 9-1 10-13 11-12
        14-12 13-11 1-10 2-9 3-8 4-7 5-6
        6-14 7-5 8-4 9-3 10-2 11-1 12-13
        14-13 1-12 2-11 3-10 4-9 5-8 6-7
        7-14 8-6 9-5 10-4 11-3 12-2 13-1
    """,
    16: """
        1-16 2-15 3-14 4-13 5-12 6-11 7-10 8-9
        16-9 10-8 11-7 12-6 13-5 14-4 15-3 1-2
        2-16 3-1 4-15 5-14 6-13 7-12 8-11 9-10
        16-10 11-9 12-8 13-7 14-6 15-5 1-4 2-3
        3-16 4-2 5-1 6-15 7-14 8-13 9-12 10-11
        16-11 12-10 13-9 14-8 15-7 1-6 2-5 3-4
        4-16 5-3 6-2 7-1 8-15 9-14 10-13 11-12
        16-12 13-11 14-10 15-9 1-8 2-7 3-6 4-5
        5-16 6-4 7-3 8-2 9-1 10-15 11-14 12-13
        16-13 14-12 15-11 1-10 2-9 3-8 4-7 5-6
        6-16 7-5 8-4 9-3 10-2 11-1 12-15 13-14
        16-14 15-13 1-12 2-11 3-10 4-9 5-8 6-7
        7-16 8-6 9-5 10-4 11-3 12-2 13-1 14-15
        16-15 1-14 2-13 3-12 4-11 5-10 6-9 7-8
        8-16 9-7 10-6 11-5 12-4 13-3 14-2 15-1
    """,
}


def _parse(text: str) -> list[list[tuple[int, int]]]:
    return [
        [tuple(int(x) for x in pair.split("-")) for pair in line.split()]  # type: ignore[misc]
        for line in text.strip().splitlines()
    ]


def _expected(n: int) -> list[list[tuple[int, int]]]:
    """The published table for n players; odd n uses the n+1 table, n+1 being the bye."""
    size = n if n % 2 == 0 else n + 1
    rounds = _parse(FIDE_TABLES[size])
    if size == n:
        return rounds
    return [[(b, BYE) if a == size else (a, BYE) if b == size else (a, b) for a, b in r]
            for r in rounds]


@pytest.mark.parametrize("n", range(3, 17))
def test_berger_table_equals_published_fide_table(n: int) -> None:
    """FIDE C.05 Annex 1: pairings and first movers exactly as printed, 3 to 16 players."""
    assert [list(r) for r in berger_table(n)] == _expected(n)


@pytest.mark.parametrize("n", range(2, 31))
def test_every_player_meets_every_other_exactly_once(n: int) -> None:
    games = Counter(
        frozenset(pair) for r in berger_table(n) for pair in r if BYE not in pair
    )
    assert set(games.values()) == {1}
    assert len(games) == n * (n - 1) // 2


@pytest.mark.parametrize("n", range(2, 31))
def test_each_player_plays_once_per_round_and_odd_groups_sit_out_once(n: int) -> None:
    table = berger_table(n)
    assert len(table) == round_count(n)
    for r in table:
        seated = [p for pair in r for p in pair if p != BYE]
        assert sorted(seated) == list(range(1, n + 1))
    byes = Counter(a for r in table for a, b in r if b == BYE)
    assert byes == (Counter(range(1, n + 1)) if n % 2 else Counter())


@pytest.mark.parametrize("n", range(2, 21))
def test_first_moves_balanced_within_one(n: int) -> None:
    """Berger tables give every player (n-1)/2 first moves, differing by at most one."""
    first = Counter(a for r in berger_table(n) for a, b in r if b != BYE)
    games = n - 1
    for player in range(1, n + 1):
        assert abs(2 * first[player] - games) <= 1


@pytest.mark.parametrize("n", range(2, 21))
def test_double_round_robin_meets_twice_with_first_movers_reversed(n: int) -> None:
    """FIDE C.05 Annex 1: the second cycle repeats the first with colours reversed."""
    table = double_berger_table(n)
    cycle = round_count(n)
    assert len(table) == 2 * cycle == round_count(n, double=True)
    games = Counter(frozenset(p) for r in table for p in r if BYE not in p)
    assert set(games.values()) == {2}
    for r in range(cycle):
        for (a, b), (c, d) in zip(table[r], table[r + cycle], strict=True):
            assert (c, d) == ((a, b) if b == BYE else (b, a))
    ordered = Counter((a, b) for r in table for a, b in r if b != BYE)
    assert set(ordered.values()) == {1}


def test_double_round_robin_can_swap_last_two_rounds_of_first_cycle() -> None:
    """FIDE C.05 Annex 1 recommendation: exchange the last two rounds of the first cycle."""
    plain = double_berger_table(6)
    swapped = double_berger_table(6, swap_last_two=True)
    assert swapped[3] == plain[4] and swapped[4] == plain[3]
    assert swapped[5:] == plain[5:]
    assert swapped[:3] == plain[:3]


def test_meeting_rounds_match_the_table() -> None:
    meets = meeting_rounds(8)
    assert meets[frozenset((1, 8))] == 1
    assert meets[frozenset((1, 2))] == 2
    assert meets[frozenset((7, 1))] == 7
    assert len(meets) == 28


def test_draw_by_lot_is_reproducible_from_its_seed() -> None:
    players = [101, 102, 103, 104, 105, 106, 107]
    first = draw_numbers(players, seed=2022)
    again = draw_numbers(players, seed=2022)
    assert first == again
    assert first.seed == 2022
    assert sorted(first.players) == players
    others = {draw_numbers(players, seed=s).players for s in range(20)}
    assert len(others) > 1


def test_draw_refuses_a_player_twice() -> None:
    with pytest.raises(UserError, match="appears twice"):
        draw_numbers([1, 2, 2], seed=1)


def test_given_numbers_are_used_as_they_are() -> None:
    numbering = given_numbers({11: 2, 12: 1, 13: 3})
    assert numbering == Numbering((12, 11, 13), None)
    assert numbering.number_of(13) == 3
    assert numbering.as_dict() == {12: 1, 11: 2, 13: 3}


@pytest.mark.parametrize("numbers", [{1: 1, 2: 1}, {1: 1, 2: 3}, {1: 0, 2: 1}])
def test_given_numbers_must_be_one_to_n(numbers: dict[int, int]) -> None:
    with pytest.raises(UserError, match="numbers must be 1.."):
        given_numbers(numbers)


def test_round_pairing_maps_numbers_to_players_and_puts_the_bye_last() -> None:
    numbering = Numbering((50, 40, 30, 20, 10))  # 5 players: table of 6, number 6 = bye
    pairing = round_robin_pairing(numbering, 2)
    # FIDE round 2 of 6: 6-4 5-3 1-2 -> number 4 sits out
    assert [(b.first, b.second) for b in pairing.boards] == [(10, 30), (50, 40), (20, None)]
    assert pairing.bye == 20
    assert [b.number for b in pairing.boards] == [1, 2, 3]


def test_round_pairing_second_cycle_reverses_first_movers() -> None:
    numbering = Numbering((1, 2, 3, 4))
    first = round_robin_pairing(numbering, 1, double=True)
    second = round_robin_pairing(numbering, 4, double=True)
    assert [(b.first, b.second) for b in first.boards] == [(1, 4), (2, 3)]
    assert [(b.first, b.second) for b in second.boards] == [(4, 1), (3, 2)]


def test_round_outside_the_schedule_is_refused() -> None:
    with pytest.raises(UserError, match="outside 1..3"):
        round_robin_pairing(Numbering((1, 2, 3, 4)), 4)


def test_fewer_than_two_players_is_refused() -> None:
    with pytest.raises(UserError):
        berger_table(1)


UNITS = {1: "A", 2: "A", 3: "B", 4: "B", 5: "B", 6: "C", 7: "C"}


def test_same_unit_players_meet_in_the_earliest_rounds() -> None:
    """RIF practice: same-unit players meet early, never in the last three rounds."""
    players = list(range(1, 13))
    numbering = numbering_for_units(players, UNITS, seed=5)
    assert unit_clashes(numbering, UNITS) == []
    meets = meeting_rounds(12)
    numbers = numbering.as_dict()
    same = [meets[frozenset((numbers[a], numbers[b]))]
            for a in UNITS for b in UNITS if a < b and UNITS[a] == UNITS[b]]
    # 5 same-unit pairs: A (1 pair), B (3 pairs), C (1 pair); a unit of 3 needs 3 rounds
    assert len(same) == 5
    assert max(same) <= 3
    assert numbering_for_units(players, UNITS, seed=5) == numbering


@settings(max_examples=30, deadline=None)
@given(
    n=st.integers(min_value=8, max_value=16),
    unit_sizes=st.lists(st.integers(min_value=2, max_value=3), min_size=1, max_size=3),
    seed=st.integers(min_value=0, max_value=10_000),
)
def test_unit_numbering_avoids_the_last_three_rounds(n: int, unit_sizes: list[int],
                                                     seed: int) -> None:
    units: dict[int, str] = {}
    player = 1
    for k, size in enumerate(unit_sizes):
        for _ in range(size):
            if player <= n:
                units[player] = f"U{k}"
                player += 1
    numbering = numbering_for_units(list(range(1, n + 1)), units, seed)
    assert sorted(numbering.players) == list(range(1, n + 1))
    assert unit_clashes(numbering, units) == []


def test_unit_clash_is_reported_when_the_numbering_puts_one_late() -> None:
    # numbers 1 and 7 meet in round 7 of 8 players (the last round): a clash
    numbering = Numbering((1, 2, 3, 4, 5, 6, 7, 8))
    notes = unit_clashes(numbering, {1: "A", 7: "A"})
    assert len(notes) == 1 and "round 7" in notes[0]
    named = unit_clashes(numbering, {1: "A", 7: "A"}, names={1: "张三", 7: "李四"})
    assert "张三-李四 round 7" in named[0]


def test_system_may_switch_only_before_round_one() -> None:
    """2022-shenzhen 十、(二): 积分编排制或单循环制 chosen per group, before round 1."""
    assert may_switch_system(0)
    assert not may_switch_system(1)
    check_system_switch(0)
    with pytest.raises(UserError, match="before round 1"):
        check_system_switch(2, "男子组")


def test_impossible_unit_spreading_returns_the_best_and_reports_the_clash() -> None:
    # 6 players, 5 rounds: a unit of three needs three rounds, only rounds 1-2 are early
    units = {1: "A", 2: "A", 3: "A"}
    numbering = numbering_for_units(list(range(1, 7)), units, seed=0)
    clashes = unit_clashes(numbering, units)
    assert len(clashes) == 1 and "round 3" in clashes[0]


@settings(max_examples=20, deadline=None)
@given(
    n=st.integers(min_value=3, max_value=9),
    double_game=st.booleans(),
    codes=st.lists(st.sampled_from(["1-0", "0-1", "=", "+-", "-+", "--", "1-0t"]),
                   min_size=60, max_size=60),
)
def test_a_round_robin_group_plays_out_with_results(n: int, double_game: bool,
                                                    codes: list[str]) -> None:
    """A shenzhen-style round-robin group (单盘制 or 双盘制) from the draw to the last result:
    every player has one record per round, meets everyone once, and sits out once when n is
    odd."""
    from app.pairing.types import Outcome, PointSystem
    from app.standings.scoring import enter_result, round_records

    players = [1000 + k for k in range(n)]
    numbering = draw_numbers(players, seed=n)
    history: dict[int, list] = {p: [] for p in players}  # type: ignore[type-arg]
    pool = iter(codes * 4)
    for r in range(1, round_count(n) + 1):
        pairing = round_robin_pairing(numbering, r)
        entered: dict = {}  # type: ignore[type-arg]
        for board in pairing.boards:
            if board.second is None:
                continue
            code = next(pool)
            second = next(pool)
            played = {"+-": "1-0", "-+": "0-1", "--": "=", "1-0t": "1-0"}.get(second, second)
            alone = not double_game or code in ("+-", "-+", "--", "1-0t")
            typed = [code] if alone else [code, played]
            entered = enter_result(pairing, entered, board.number, typed,
                                   double_game=double_game)
        records = round_records(pairing, entered, PointSystem(), double_game=double_game)
        assert set(records) == set(players)
        for player, record in records.items():
            history[player].append(record)
    for player, records in history.items():
        opponents = [rec.opponent for rec in records if rec.opponent is not None]
        assert sorted(opponents) == sorted(p for p in players if p != player)
        byes = [rec for rec in records if rec.outcome is Outcome.PAB]
        assert len(byes) == (1 if n % 2 else 0)


# --- a player who does not play a scheduled round (退赛, 缺席) --------------------------------


def test_a_missing_player_forfeits_the_board_and_the_one_who_came_wins() -> None:
    """shenzhen 十、(三): 判到达者胜，未到者负; both missing, lost by both; the bye is no board."""
    boards = (Board(1, 11, 16), Board(2, 12, 15), Board(3, 13, 14), Board(4, 17, None))
    due = missing_player_forfeits(boards, {16, 12, 13, 14, 17})
    assert {n: r.code for n, r in due.items()} == {
        1: GameCode.FIRST_FORFEIT_WIN, 2: GameCode.SECOND_FORFEIT_WIN,
        3: GameCode.DOUBLE_FORFEIT}
    assert missing_player_forfeits(boards, set()) == {}


# --- who the table is made for (退赛 before round 1) ------------------------------------------


def test_a_player_withdrawn_before_round_one_does_not_start() -> None:
    """The table is made for the players who play (FIDE C.05 Annex 1; shenzhen 十、(二)): not
    one withdrawn from round 1 on; a later withdrawal keeps its line."""
    from app.pairing.roundrobin import starts

    assert starts(None) and starts(2) and starts(7)
    assert not starts(1)


def test_a_player_left_out_of_the_table_is_not_reinstated_once_it_is_made() -> None:
    from app.errors import UserError
    from app.pairing.roundrobin import check_return

    check_return(0, False, "张六", "男子组")  # before round 1: the table is made with him
    check_return(3, True, "张六", "男子组")  # on the table: his line is there
    with pytest.raises(UserError, match="张六在第1轮前退赛.*已编排3轮.*不能恢复参赛"):
        check_return(3, False, "张六", "男子组")


# --- a round changed by hand (FIDE C.05 Annex 1: the table's pairs and first movers) -------


def test_a_colour_swap_is_a_departure_from_the_table() -> None:
    from app.pairing.roundrobin import ColourDeparture, Numbering, colour_departures

    numbering = Numbering((11, 12, 13, 14, 15, 16))  # round 1: 1-6 2-5 3-4
    as_paired = (Board(1, 11, 16), Board(2, 12, 15), Board(3, 13, 14))
    assert colour_departures(numbering, 1, False, as_paired, {}) == []
    swapped = (Board(1, 16, 11), Board(2, 12, 15), Board(3, 13, 14))
    assert colour_departures(numbering, 1, False, swapped, {}) == [
        ColourDeparture(1, 11, 16, None)]


def test_a_double_round_robin_swap_names_the_meeting_with_the_same_first_mover() -> None:
    """The second cycle reverses the first movers (double_berger_table): swapped in round 1
    the pair has the same first mover in round 4 by the table; swapped in round 4, the same
    as it had when round 1 was played (as played, not as the table had it)."""
    from app.pairing.roundrobin import ColourDeparture, Numbering, colour_departures

    numbering = Numbering((1, 2, 3, 4))  # round 1: 1-4 2-3; round 4: 4-1 3-2
    round_one = (Board(1, 4, 1), Board(2, 2, 3))
    assert colour_departures(numbering, 1, True, round_one, {}) == [
        ColourDeparture(1, 1, 4, 4)]
    round_four = (Board(1, 1, 4), Board(2, 3, 2))
    played = {frozenset((1, 4)): 1, frozenset((2, 3)): 2}
    assert colour_departures(numbering, 4, True, round_four, played) == [
        ColourDeparture(1, 4, 1, 1)]
    played_swapped = {frozenset((1, 4)): 4, frozenset((2, 3)): 2}  # round 1 swapped then
    assert colour_departures(numbering, 4, True, round_four, played_swapped) == [
        ColourDeparture(1, 4, 1, None)]
