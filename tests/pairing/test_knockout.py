"""Knockout with full placement (淘汰制，决出全部名次): 2021-huazhi 六、(三)1 and 5."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from app.errors import UserError
from app.pairing.knockout import (
    BYE,
    Bracket,
    Source,
    bracket_lines,
    bracket_order,
    bracket_size,
    build_bracket,
    draw_seeding,
    record_winner,
    round_pairing,
    sources,
)

TEAMS = tuple(range(101, 117))  # 16 teams, seed 1 = 101


def play_out(bracket: Bracket, choose: random.Random | list[bool]) -> Bracket:
    """Play every match; `choose` is a random source or a list of "upper entrant wins"."""
    k = 0
    while not bracket.complete:
        match = bracket.pending()[0]
        assert match.top is not None and match.bottom is not None
        if isinstance(choose, list):
            winner = match.top if choose[k] else match.bottom
        else:
            winner = choose.choice([match.top, match.bottom])
        k += 1
        bracket = record_winner(bracket, match.round, match.number, winner)
    return bracket


def test_sixteen_teams_play_four_rounds() -> None:
    """huazhi 六、(三)1: 决赛共16支代表队，采取淘汰制，共进行4轮比赛."""
    bracket = build_bracket(TEAMS)
    assert bracket.round_count == 4
    assert all(len(r) == 8 for r in bracket.rounds)


def test_round_one_is_seeded_one_against_sixteen() -> None:
    bracket = build_bracket(TEAMS)
    first = [(m.top, m.bottom) for m in bracket.rounds[0]]
    seeds = [(a - 100, b - 100) for a, b in first]  # type: ignore[operator]
    assert seeds == [(1, 16), (8, 9), (4, 13), (5, 12), (2, 15), (7, 10), (3, 14), (6, 11)]


def test_bracket_order_keeps_top_seeds_apart() -> None:
    order = bracket_order(16)
    assert sorted(order) == list(range(1, 17))
    assert order.index(1) < 8 <= order.index(2)
    quarters = {order.index(s) // 4 for s in (1, 2, 3, 4)}
    assert len(quarters) == 4


@settings(max_examples=60, deadline=None)
@given(st.lists(st.booleans(), min_size=32, max_size=32))
def test_round_one_winners_take_1_to_8_and_losers_9_to_16(upper_wins: list[bool]) -> None:
    """huazhi 六、(三)5: 首轮获胜的队伍为1-8名，败者为9-16名，第二轮前8名再决出1-4名和5-8名，
    后续比赛办法依此类推，直至决出所有名次. 16 teams: 32 matches, any results."""
    bracket = play_out(build_bracket(TEAMS), upper_wins)
    assert len(bracket.results) == 32
    places = bracket.final_places()
    assert sorted(places.values()) == list(range(1, 17))
    for m in bracket.rounds[0]:
        assert places[m.winner] <= 8 < places[m.loser]  # type: ignore[index]
    for r, matches in enumerate(bracket.rounds, start=1):
        for m in matches:
            best, worst = m.places
            assert worst - best + 1 == 16 >> (r - 1)
            middle = (best + worst) // 2
            # winners stay in the upper half of the match's place range, losers the lower
            assert best <= places[m.winner] <= middle < places[m.loser] <= worst  # type: ignore[index]
    # every pair of places (1-2, 3-4, ..., 15-16) is decided by exactly one final match
    finals = sorted(m.places for m in bracket.rounds[-1])
    assert finals == [(p, p + 1) for p in range(1, 17, 2)]
    for m in bracket.rounds[-1]:
        assert (places[m.winner], places[m.loser]) == m.places  # type: ignore[index]


@settings(max_examples=25, deadline=None)
@given(st.integers(min_value=0, max_value=2**32))
def test_winners_play_winners_and_losers_play_losers(seed: int) -> None:
    bracket = play_out(build_bracket(TEAMS), random.Random(seed))
    for r in range(1, bracket.round_count):
        winners = {m.winner for m in bracket.rounds[r - 1]}
        for m in bracket.rounds[r]:
            assert (m.top in winners) == (m.bottom in winners)


@settings(max_examples=60, deadline=None)
@given(n=st.integers(min_value=2, max_value=40), seed=st.integers(min_value=0, max_value=2**32))
def test_any_number_of_entrants_gets_places_1_to_n_with_byes(n: int, seed: int) -> None:
    entrants = list(range(1, n + 1))
    bracket = build_bracket(entrants)
    size = bracket_size(n)
    assert size >= n > size // 2
    byes = [m for m in bracket.rounds[0] if m.is_bye]
    assert len(byes) == size - n
    assert {m.top for m in byes} == set(range(1, size - n + 1))  # top seeds get the byes
    done = play_out(bracket, random.Random(seed))
    places = done.final_places()
    assert sorted(places) == entrants
    assert sorted(places.values()) == entrants
    # a real game was played in every match between two entrants, and only there
    games = sum(1 for r in done.rounds for m in r if m.is_game)
    assert games == len(done.results)


def test_two_entrants_play_one_match() -> None:
    bracket = record_winner(build_bracket([5, 9]), 1, 1, 9)
    assert bracket.final_places() == {9: 1, 5: 2}


def test_a_winner_not_in_the_match_is_refused_by_name() -> None:
    """The message names the entrants as the arbiter knows them, not by their ids."""
    names = {5: "张五", 9: "李九", 7: "王七"}
    with pytest.raises(UserError) as refused:
        record_winner(build_bracket([5, 9, 7, 3]), 1, 1, 7, names=names)
    text = refused.value.message()
    assert "王七 不在第1轮第1场（张五 对 " in text
    assert "7 不在" not in text
    bracket = record_winner(build_bracket([5, 9]), 1, 1, 9)
    with pytest.raises(UserError) as again:
        record_winner(bracket, 1, 1, 5, names=names)
    assert "已有结果（胜者 李九）" in again.value.message()


def test_seeding_by_lot_is_reproducible_and_keeps_fixed_seeds() -> None:
    drawn = draw_seeding(TEAMS, seed=11, fixed=8)
    assert drawn == draw_seeding(TEAMS, seed=11, fixed=8)
    assert drawn[:8] == TEAMS[:8]
    assert sorted(drawn) == list(TEAMS)
    assert len({draw_seeding(TEAMS, seed=s) for s in range(10)}) > 1


def test_bad_entrants_are_refused() -> None:
    with pytest.raises(UserError, match="at least 2"):
        build_bracket([1])
    with pytest.raises(UserError, match="twice"):
        build_bracket([1, 2, 2])
    with pytest.raises(UserError, match="positive"):
        build_bracket([0, 1])


def test_winner_must_play_the_match() -> None:
    bracket = build_bracket(TEAMS)
    with pytest.raises(UserError, match="does not play round 1 match 1"):
        record_winner(bracket, 1, 1, 102)


def test_second_result_needs_replace() -> None:
    bracket = record_winner(build_bracket(TEAMS), 1, 1, 101)
    with pytest.raises(UserError, match="already has a result"):
        record_winner(bracket, 1, 1, 116)
    replaced = record_winner(bracket, 1, 1, 116, replace=True)
    assert replaced.match(2, 1).top == 116
    assert replaced.match(2, 5).top == 101  # the loser goes to the 9-16 bracket


def test_result_for_a_match_not_yet_known_is_refused() -> None:
    with pytest.raises(UserError, match="not yet|no entrants yet"):
        record_winner(build_bracket(TEAMS), 2, 1, 101)


def test_result_for_a_bye_is_refused() -> None:
    bracket = build_bracket([1, 2, 3])
    with pytest.raises(UserError, match="is a bye"):
        record_winner(bracket, 1, 1, 1)


def test_unknown_round_or_match_is_refused() -> None:
    bracket = build_bracket(TEAMS)
    with pytest.raises(UserError, match="no round 5"):
        bracket.match(5, 1)
    with pytest.raises(UserError, match="no match 9"):
        bracket.match(1, 9)
    with pytest.raises(UserError, match="no match 9"):
        build_bracket(TEAMS, {(1, 9): 101})


def test_round_pairing_upper_entrant_first_and_byes() -> None:
    bracket = build_bracket([11, 12, 13, 14, 15])
    pairing = round_pairing(bracket, 1)
    assert [(b.number, b.first, b.second) for b in pairing.boards] == [
        (1, 11, None), (2, 14, 15), (3, 12, None), (4, 13, None)]
    with pytest.raises(UserError, match="not known yet"):
        round_pairing(bracket, 2)
    bracket = record_winner(bracket, 1, 2, 15)
    second = round_pairing(bracket, 2)
    assert [(b.first, b.second) for b in second.boards] == [(11, 15), (12, 13), (14, None)]


def test_final_places_refused_while_matches_remain() -> None:
    with pytest.raises(UserError, match="matches still to play"):
        build_bracket(TEAMS).final_places()


def test_bracket_lines_show_place_ranges() -> None:
    bracket = record_winner(build_bracket([1, 2, 3]), 1, 2, 3)
    lines = bracket_lines(bracket, {1: "北京", 2: "上海", 3: "杭州"})
    assert lines[0] == "R1 M1 [1-3] 北京 v 轮空/bye -> 北京"
    assert "R1 M2 [1-3] 上海 v 杭州 -> 杭州" in lines
    assert BYE == 0


@pytest.mark.parametrize("n", range(2, 34))
def test_every_size_up_to_33_places_entrants_above_empty_slots(n: int) -> None:
    """Empty slots never meet in a way that leaves an entrant below one: the seeds with byes
    are spread so that entrants take exactly places 1..n (upsets everywhere, for contrast
    with the random property above)."""
    bracket = build_bracket(list(range(1, n + 1)))
    upsets = [False] * (n * n)  # the lower entrant wins every game
    places = play_out(bracket, upsets).final_places()
    assert sorted(places.values()) == list(range(1, n + 1))


@settings(max_examples=60, deadline=None)
@given(n=st.integers(min_value=2, max_value=40), seed=st.integers(min_value=0, max_value=2**32))
def test_places_stop_at_the_number_of_entrants_byes_create_none(n: int, seed: int) -> None:
    """huazhi 六、(三)5 "直至决出所有名次": the places are the entrants' 1..n. No match plays
    for a place past n (six entrants play round 1 for 1-6, not 1-8); a match only empty slots
    reach is void, and every other match holds an entrant once its sides are known."""
    done = play_out(build_bracket(list(range(1, n + 1))), random.Random(seed))
    for matches in done.rounds:
        for m in matches:
            if m.void:
                assert m.top == BYE and m.bottom == BYE and m.decides_places is None
                continue
            best, worst = m.places
            assert 1 <= best <= worst <= n
            assert m.top != BYE or m.bottom != BYE
    given_places = {place for m in done.rounds[-1] if m.decides_places
                    for place in m.decides_places}
    assert given_places == set(range(1, n + 1))


def test_six_entrants_play_for_1_to_6_and_no_match_for_7_8() -> None:
    bracket = build_bracket([1, 2, 3, 4, 5, 6])
    assert {m.places for m in bracket.rounds[0]} == {(1, 6)}
    assert [m.places for m in bracket.rounds[1]] == [(1, 4), (1, 4), (5, 6), (5, 6)]
    last = bracket.rounds[2]
    assert [m.decides_places for m in last] == [(1, 2), (3, 4), (5, 6), None]
    assert last[3].void and not any(m.void for m in last[:3])
    assert all("7" not in line and "8" not in line for line in bracket_lines(bracket))
    notes = round_pairing(bracket, 1).notes
    assert notes[0] == "名次段 1-6: 第1场 / places 1-6: match 1"


def test_the_last_of_fifteen_takes_place_15_alone() -> None:
    """Fifteen entrants: the 15th plays its last round against an empty slot, which takes no
    place 16; the match decides place 15 alone (never a place range 15-15)."""
    bracket = build_bracket(list(range(1, 16)))
    last = bracket.match(4, 8)
    assert last.places == (15, 15) and last.decides_places == (15, 15) and not last.void
    assert "R4 M8 [15] ? v ?" in bracket_lines(bracket)


def test_a_knockout_match_takes_only_a_result_with_a_winner() -> None:
    """Someone goes through: a draw is played off, a double forfeit decided by the chief
    arbiter (lots) and entered as a forfeit win; a forfeit win or a game won stands."""
    from app.results import BoardResult, GameCode, GameResult

    def result(*codes: GameCode, double: bool = False) -> BoardResult:
        return BoardResult(tuple(GameResult(c) for c in codes), double)

    from app.pairing.knockout import undecided_result

    both = undecided_result(result(GameCode.DOUBLE_FORFEIT))
    assert both is not None and "抽签" in both.zh and "lots" in both.en
    drawn = undecided_result(result(GameCode.DRAW))
    assert drawn is not None and "加赛" in drawn.zh
    level = undecided_result(result(GameCode.FIRST_WINS, GameCode.FIRST_WINS, double=True))
    assert level is not None  # one game each in a double-game round: played off too
    for code in (GameCode.FIRST_WINS, GameCode.SECOND_FORFEIT_WIN):
        assert undecided_result(result(code)) is None


def test_a_corrected_winner_takes_the_old_winners_seat_and_the_loser_the_losers() -> None:
    from app.pairing.knockout import reseated_boards
    from app.pairing.types import Board

    paired = record_winner(record_winner(build_bracket([1, 2, 3, 4, 5, 6]), 1, 2, 4), 1, 4, 6)
    boards = round_pairing(paired, 2).boards
    corrected = record_winner(paired, 1, 2, 5, replace=True)
    assert reseated_boards(corrected, 2, boards) == (
        (Board(1, 1, 4), Board(1, 1, 5)), (Board(3, 5, None), Board(3, 4, None)))
    assert reseated_boards(paired, 2, boards) == ()


def test_lots_on_the_way_to_a_place_are_kept_apart_from_the_lots_that_decided_it() -> None:
    """huazhi 八、(五): a level team match may be decided by lots. Lots in round 1 of four
    sent their winner to the final and their loser to the match for third place: each place
    carries them (`lots_path`); lots in the match that decided the place decided the place
    itself (`place_match`, 抽签决定名次), not a step on the way."""
    from app.pairing.knockout import LotsDraw
    from app.results import LevelDecision

    lots = LevelDecision.LOTS
    # seeds 1 v 4, 2 v 3; 3 drawn over 2; the final 1 v 3, the match for third 4 v 2 by lots
    bracket = build_bracket([1, 2, 3, 4], {(1, 1): 1, (1, 2): 3, (2, 1): 1, (2, 2): 4},
                            decisions={(1, 2): lots, (2, 2): lots})
    assert bracket.places() == {1: 1, 3: 2, 4: 3, 2: 4}
    assert bracket.lots_path(3) == (LotsDraw(1, True),)
    assert bracket.lots_path(2) == (LotsDraw(1, False),)  # its own last match: not a step
    assert bracket.place_match(2) == bracket.match(2, 2) == bracket.place_match(4)
    assert bracket.lots_path(1) == () and bracket.lots_path(4) == ()
    # five entrants: the loser of 4 v 5 meets empty slots only after round 1, so the lots of
    # round 1 decided its place 5; the winner goes on with them on its way
    five = build_bracket([1, 2, 3, 4, 5], {(1, 2): 4, (2, 1): 1, (2, 2): 2, (3, 1): 1,
                                           (3, 2): 4}, decisions={(1, 2): lots})
    assert five.complete and five.places() == {1: 1, 2: 2, 4: 3, 3: 4, 5: 5}
    assert five.place_match(5) == five.match(1, 2)
    assert five.lots_path(5) == () and five.lots_path(4) == (LotsDraw(1, True),)


def test_a_board_neither_player_came_to_is_decided_by_lots_never_a_forfeit_win() -> None:
    """huazhi 六、(三)5 (someone goes on) and 八、(五) (lots, by the chief arbiter): both
    players missing, the lots send one on — the board's game is lost by both (neither won a
    game), the match's winner is the one drawn, and the bracket sends him on."""
    from app.pairing.knockout import decided_by_lots, undecided_result
    from app.pairing.types import Board
    from app.results import GameCode, GameResult, Side

    board = Board(2, 2, 6)
    for drawn, side in ((2, Side.FIRST), (6, Side.SECOND)):
        result = decided_by_lots(board, drawn)
        assert result.lots is side and result.decided_by_lots and result.winner is side
        assert result.games == (GameResult(GameCode.DOUBLE_FORFEIT),)
        assert result.round_points(Side.FIRST) == result.round_points(Side.SECOND) == 0
        assert undecided_result(result) is None  # it sends one on
    double = decided_by_lots(board, 6, double=True)
    assert double.double and double.winner is Side.SECOND
    after = record_winner(record_winner(build_bracket([1, 2, 3, 4, 5, 6]), 1, 2, 4), 1, 4, 6)
    assert after.match(2, 2).top == 2 and after.match(2, 2).bottom == 6
    sent = record_winner(after, 2, 2, 6)
    assert sent.match(3, 1).bottom == 6 and sent.match(3, 2).bottom == 2


def test_lots_are_refused_for_a_player_not_on_the_board_or_on_a_bye() -> None:
    """The lots are drawn between the board's two players; whether they came is the
    arbiter's word (recorded absences, or neither there when play began)."""
    from app.pairing.knockout import decided_by_lots
    from app.pairing.types import Board

    names = {2: "王二", 6: "李六", 1: "张一"}
    assert decided_by_lots(Board(2, 2, 6), 2, names=names).lots is not None
    with pytest.raises(UserError) as stranger:
        decided_by_lots(Board(2, 2, 6), 1, names=names)
    assert "张一 不在本台（本台：王二 对 李六）" in stranger.value.zh
    with pytest.raises(UserError):
        decided_by_lots(Board(3, 5, None), 5)  # a bye


@settings(max_examples=40, deadline=None)
@given(n=st.integers(min_value=2, max_value=40), seed=st.integers(min_value=0, max_value=2**32))
def test_each_match_knows_which_matches_its_entrants_come_from(n: int, seed: int) -> None:
    """huazhi 六、(三)5, read backwards for a drawing: each later match's upper and lower
    entrant are the winners (or the losers) of two matches of the round before."""
    done = play_out(build_bracket(list(range(1, n + 1))), random.Random(seed))
    for matches in done.rounds:
        for m in matches:
            came = sources(done.size, m.round, m.number)
            if m.round == 1:
                assert came is None
                continue
            assert came is not None
            upper, lower = (done.match(s.round, s.number) for s in came)
            assert came[0].won == came[1].won and came[1].number == came[0].number + 1
            pick = (lambda x: x.winner) if came[0].won else (lambda x: x.loser)
            assert (m.top, m.bottom) == (pick(upper), pick(lower))


def test_a_match_that_does_not_exist_has_no_sources() -> None:
    with pytest.raises(UserError):
        sources(16, 5, 1)
    with pytest.raises(UserError):
        sources(16, 2, 9)
    assert sources(16, 1, 8) is None
    assert sources(16, 4, 2) == (Source(3, 1, False), Source(3, 2, False))  # 3rd-4th


@settings(max_examples=30, deadline=None)
@given(n=st.integers(min_value=2, max_value=20), seed=st.integers(min_value=0, max_value=2**32))
def test_the_order_so_far_keeps_each_band_above_the_next_and_ends_in_the_places(
        n: int, seed: int) -> None:
    """huazhi 六、(三)5, as the crosstable's rows follow it: after every match each entrant
    stands with the band (名次段) it still plays for, every band above the ones below it;
    once all is played the order is the places 1..n."""
    choose = random.Random(seed)
    bracket = build_bracket(list(range(1, n + 1)))
    while True:
        order = bracket.standing_order()
        assert sorted(order) == list(range(1, n + 1))
        if bracket.complete:
            break
        # an entrant's band: the latest match holding it (its place once decided)
        band = {e: m.places for r in bracket.rounds for m in r for e in (m.top, m.bottom)
                if e not in (None, BYE)}
        band.update({e: (p, p) for e, p in bracket.places().items()})
        assert [band[e] for e in order] == sorted(band[e] for e in order)
        match = bracket.pending()[0]
        assert match.top is not None and match.bottom is not None
        bracket = record_winner(bracket, match.round, match.number,
                                choose.choice([match.top, match.bottom]))
    places = bracket.final_places()
    assert [places[e] for e in order] == list(range(1, n + 1))
