"""Tie-breaks, one test per definition, with figures computed by hand (units: win 2, draw 1)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from app.errors import UserError
from app.pairing.double_swiss import scored_by_games
from app.pairing.types import (
    Board,
    Colour,
    GameOutcome,
    Outcome,
    PlayerHistory,
    PointSystem,
    RoundRecord,
    TournamentSnapshot,
)
from app.results import parse_board
from app.standings.scoring import double_game_records
from app.standings.tiebreaks import (
    REGISTRY,
    TieBreakContext,
    TieBreakOptions,
    Unplayed,
    compute,
    tiebreak,
)
from tests.standings.helpers import BYES, FOUR, snapshot


def _values(name: str, snap=FOUR, **options) -> dict[int, int | float]:
    values = compute(name, snap, TieBreakOptions(**options))
    return {n: (int(v) if v.denominator == 1 else float(v)) for n, v in values.items()}


def test_buchholz_is_the_sum_of_opponents_scores() -> None:
    """对手分 (2016 八(二)1; shenzhen 九(一) 小分 = 所有对手得个人积分总和)."""
    assert _values("buchholz") == {1: 7, 2: 10, 3: 8, 4: 11}


def test_median_buchholz_drops_highest_and_lowest() -> None:
    """中间对手分: without the highest and the lowest opponent."""
    assert _values("median_buchholz") == {1: 2, 2: 4, 3: 2, 4: 4}


def test_median_buchholz_cut_is_configurable() -> None:
    assert _values("median_buchholz", cut=0) == _values("buchholz")
    assert _values("median_buchholz", cut=2) == {1: 0, 2: 0, 3: 0, 4: 0}


def test_wins_counts_games_won() -> None:
    """胜局."""
    assert _values("wins") == {1: 2, 2: 1, 3: 1, 4: 0}


def test_progressive_sums_running_scores() -> None:
    """累进分: 1 scores 2, 3, 5 after each round."""
    assert _values("progressive") == {1: 10, 2: 4, 3: 7, 4: 3}


def test_sonneborn_berger() -> None:
    """索伯分: beaten opponents' scores in full, drawn ones' by half (FIDE C.07 9.1)."""
    assert _values("sonneborn_berger") == {1: 5, 2: 1, 3: 5, 4: 2}


def test_buchholz_of_buchholz() -> None:
    """小小分 = the opponents' 小分 (shenzhen 九(一))."""
    assert _values("buchholz_of_buchholz") == {1: 29, 2: 26, 3: 28, 4: 25}


def test_black_games_and_wins_count_the_first_mover() -> None:
    """先手局 / 先手胜: Colour.FIRST is black (先手) in our program."""
    assert _values("black_games") == {1: 2, 2: 2, 3: 1, 4: 1}
    assert _values("black_wins") == {1: 1, 2: 1, 3: 0, 4: 0}


def test_unplayed_zero_is_the_default() -> None:
    """A bye contributes 0 to 对手分 (Chinese practice)."""
    assert _values("buchholz", BYES) == {1: 6, 2: 2, 3: 2}


def test_unplayed_own_is_the_fide_dummy_opponent() -> None:
    """FIDE C.07 (2024) 16.4: an unplayed round counts the player's own score."""
    assert _values("buchholz", BYES, unplayed=Unplayed.OWN) == {1: 6, 2: 4, 3: 6}


def test_unplayed_lowest_counts_the_lowest_score() -> None:
    assert _values("buchholz", BYES, unplayed=Unplayed.LOWEST) == {1: 6, 2: 4, 3: 4}


def test_unplayed_policy_in_sonneborn_berger() -> None:
    # 3 won a PAB (2 points = a whole win) and beat 1 (score 2): own policy adds 4 * 1
    assert _values("sonneborn_berger", BYES) == {1: 2, 2: 0, 3: 2}
    assert _values("sonneborn_berger", BYES, unplayed=Unplayed.OWN) == {1: 2, 2: 2, 3: 6}


def test_forfeit_is_an_unplayed_round_for_buchholz() -> None:
    snap = snapshot(4, [[(1, 2, "+-"), (3, 4, "1-0")], [(1, 3, "1-0"), (2, 4, "=")]])
    # scores: 1:4 2:1 3:2 4:1; 1 met only 3 over the board
    assert _values("buchholz", snap) == {1: 2, 2: 1, 3: 5, 4: 3}
    assert _values("buchholz", snap, unplayed=Unplayed.OWN)[1] == 6


def test_wins_switches_for_forfeits_and_byes() -> None:
    snap = snapshot(3, [[(1, 2, "+-"), (3, Outcome.PAB)]])
    assert _values("wins", snap) == {1: 1, 2: 0, 3: 0}
    assert _values("wins", snap, forfeit_wins_count=False) == {1: 0, 2: 0, 3: 0}
    assert _values("wins", snap, byes_count=True) == {1: 1, 2: 0, 3: 1}


def test_black_games_do_not_count_forfeits() -> None:
    snap = snapshot(2, [[(1, 2, "+-")]])
    assert _values("black_games", snap) == {1: 0, 2: 0}


def test_game_points_sum_the_double_game_scores() -> None:
    """双盘制 小分: round points 2/1/0 beside the games' own score."""
    snap = snapshot(2, [[(1, 2, "1-0")], [(2, 1, "=")]],
                    game_points={(1, 1): 3, (1, 2): 1, (2, 1): 2, (2, 2): 2})
    assert _values("game_points", snap) == {1: 5, 2: 3}


def test_direct_encounter_only_where_all_met() -> None:
    """直胜: results among the tied players, only if every two of them met (FIDE C.07 6.1)."""
    tb = tiebreak("direct_encounter")
    ctx = TieBreakContext(FOUR)
    assert tb.values(ctx, [1, 3]) == {1: 1, 3: 1}
    assert tb.values(ctx, [2, 3]) == {2: 0, 3: 2}
    assert tb.values(ctx, [1, 2, 3]) == {1: 3, 2: 0, 3: 3}
    snap = snapshot(4, [[(1, 2, "1-0"), (3, 4, "1-0")]])
    assert tiebreak("direct_encounter").values(TieBreakContext(snap), [1, 3]) == {1: 0, 3: 0}


def test_unknown_name_is_a_user_error() -> None:
    with pytest.raises(UserError) as info:
        tiebreak("koya")
    assert info.value.where == "--tiebreaks"


def test_registry_names_are_the_cli_contract() -> None:
    assert {"buchholz", "median_buchholz", "wins", "progressive", "sonneborn_berger",
            "buchholz_of_buchholz", "direct_encounter", "black_games", "black_wins",
            "game_points", "rounds_won", "games_won"} == set(REGISTRY)


# R1: 1-2 1-0, 3-4 1-0;  R2: 1-3 1-0, 2-4 =;  R3: 1-4 1-0, 2 half-point bye, 3 zero-point bye
# scores 1:6 2:2 3:2 4:1
LATE_BYES = snapshot(4, [
    [(1, 2, "1-0"), (3, 4, "1-0")],
    [(1, 3, "1-0"), (2, 4, "=")],
    [(1, 4, "1-0"), (2, Outcome.HALF_BYE), (3, Outcome.ZERO_BYE)],
])


def test_fide_policy_counts_an_opponents_late_vur_as_a_draw() -> None:
    """FIDE C.07 (2024) 16.3: 3's zero-point bye after his last game counts 1 (a draw) in the
    score his opponents are credited with; 16.4: own unplayed rounds = own score."""
    assert _values("buchholz", LATE_BYES, unplayed=Unplayed.OWN) == {1: 5, 2: 9, 3: 9, 4: 10}
    assert _values("buchholz", LATE_BYES, unplayed=Unplayed.FIDE) == {1: 6, 2: 9, 3: 9, 4: 11}


def test_fide_policy_cuts_vurs_first() -> None:
    """FIDE C.07 (2024) 16.5: the cut removes a voluntarily unplayed round before the lowest
    opponent (2: contributions 6, 1 and the bye's 2: the bye goes, not the 1)."""
    assert _values("median_buchholz", LATE_BYES, unplayed=Unplayed.OWN)[2] == 2
    assert _values("median_buchholz", LATE_BYES, unplayed=Unplayed.FIDE)[2] == 1
    assert _values("median_buchholz", LATE_BYES, unplayed=Unplayed.FIDE)[3] == 1


def test_voluntarily_unplayed_rounds() -> None:
    """16.2: byes given on request, forfeit losses and absences are voluntary; a PAB, a
    full-point bye and a forfeit win are not."""
    from app.pairing.types import RoundRecord
    from app.standings.tiebreaks import voluntarily_unplayed

    voluntary = {o for o in Outcome if voluntarily_unplayed(RoundRecord(1, o))}
    assert voluntary == {Outcome.HALF_BYE, Outcome.ZERO_BYE, Outcome.FORFEIT_LOSS,
                         Outcome.ABSENT}
    assert voluntarily_unplayed(None)


def test_the_default_tie_break_chain_is_defined_once() -> None:
    """积分, then 对手分, 中间对手分, 胜局 (2016 八、(二)1; shenzhen 十一、(一)2): the group's
    default and the ranking's are the one chain."""
    from app.group_settings import GroupSettings
    from app.standings.ranking import RankingRules
    from app.standings.tiebreaks import DEFAULT_TIEBREAKS

    assert DEFAULT_TIEBREAKS == ("buchholz", "median_buchholz", "wins")
    assert RankingRules().tiebreaks is DEFAULT_TIEBREAKS
    assert GroupSettings.__dataclass_fields__["tiebreaks"].default is DEFAULT_TIEBREAKS


@given(st.lists(st.fractions(max_denominator=12), max_size=30))
def test_exact_sum_is_the_sum_of_the_fractions(values: list[Fraction]) -> None:
    from app.standings.tiebreaks import exact_sum

    total = exact_sum(values)
    assert total == sum(values, Fraction(0)) and type(total) is Fraction
    assert exact_sum(iter(values)) == total  # a generator as well as a list


def _cut_one_at_a_time(values: list[Fraction], vur: list[bool], low: int, high: int,
                       fide: bool) -> list[Fraction]:
    """FIDE C.07 art. 14 and 16.5 as the text says it, one contribution at a time: the lowest
    dropped `low` times (under `fide` a VUR first while one is left), then the highest."""
    tagged = list(zip(values, vur, strict=True))
    for _ in range(min(low, len(tagged))):
        vurs = [t for t in tagged if t[1]] if fide else []
        tagged.remove(min(vurs or tagged, key=lambda t: t[0]))
    for _ in range(min(high, len(tagged))):
        tagged.remove(max(tagged, key=lambda t: t[0]))
    return [value for value, _ in tagged]


_UNPLAYED = (Outcome.HALF_BYE, Outcome.ZERO_BYE, Outcome.ABSENT, Outcome.PAB,
             Outcome.FULL_BYE)


@given(st.lists(st.tuples(st.fractions(min_value=0, max_value=20, max_denominator=4),
                          st.sampled_from(_UNPLAYED)), max_size=12),
       st.integers(0, 4), st.integers(0, 4), st.sampled_from(list(Unplayed)))
def test_the_cut_drops_what_one_removal_at_a_time_drops(
        rounds: list[tuple[Fraction, Outcome]], low: int, high: int, policy: Unplayed) -> None:
    """`TieBreakContext.cut` sorts once; what it keeps is what dropping the lowest (a VUR
    first under the `fide` policy) and then the highest, one at a time, keeps."""
    from app.pairing.types import PlayerHistory, RoundRecord, TournamentSnapshot
    from app.standings.tiebreaks import voluntarily_unplayed

    records = tuple(RoundRecord(k, outcome) for k, (_, outcome) in enumerate(rounds, start=1))
    context = TieBreakContext(TournamentSnapshot((PlayerHistory(1, records),), len(rounds)),
                              TieBreakOptions(unplayed=policy))
    values = [value for value, _ in rounds]
    vur = [voluntarily_unplayed(r) for r in records]
    kept = context.cut(1, values, low, high)
    assert sorted(kept) == sorted(_cut_one_at_a_time(values, vur, low, high,
                                                     policy is Unplayed.FIDE))


def test_rounds_won_in_a_double_swiss_counts_the_matches_won() -> None:
    """FIDE C.07 art. 7.1 (WIN) in a Double-Swiss (C.04.5): a round is a two-game match
    scored by its games (Art. 1.2.1), so a round is won with 1½ or 2 of its 2 points, the
    pairing-allocated bye (1½: a game won, one drawn, Art. 3.4) and a full-point bye among
    them; a drawn match (1:1) and a half-point bye are not, though each brings the points of
    one game won. R1: 1-2 2:0, 3-4 1:1; R2: 1-3 ½:1½, 2 the PAB, 4 a half-point bye."""
    matches = scored_by_games(snapshot(4, [
        [(1, 2, "1-0"), (3, 4, "=")],
        [(1, 3, "0-1"), (2, Outcome.PAB), (4, Outcome.HALF_BYE)],
    ], game_points={(1, 1): 4, (1, 2): 0, (1, 3): 2, (1, 4): 2,
                    (2, 1): 1, (2, 3): 3, (2, 4): 2}))
    assert _values("rounds_won", matches) == {1: 1, 2: 1, 3: 1, 4: 0}
    assert _values("wins", matches, unplayed=Unplayed.FIDE) == {1: 1, 2: 1, 3: 1, 4: 0}


def test_games_won_in_double_game_rounds_counts_each_game() -> None:
    """FIDE C.07 art. 7.2 (WON: games won over the board) where a round is two games (双盘制,
    a Double-Swiss match): each game won counts, the round's own outcome does not; a game
    forfeited alone (C.04.5 Preface) is no game won over the board. Player 1 wins R1 2:0 and
    R2 1½:½ (a game won, one drawn); player 2 wins R3 over player 1 with one game played and
    won, the other forfeited by player 1."""
    won, drawn, lost = (GameOutcome(o) for o in (Outcome.WIN, Outcome.DRAW, Outcome.LOSS))
    forfeit_won, forfeit_lost = GameOutcome(Outcome.FORFEIT_WIN), GameOutcome(
        Outcome.FORFEIT_LOSS)

    def rounds(*played: tuple[Outcome, int, tuple[GameOutcome, ...]]) -> tuple[RoundRecord, ...]:
        return tuple(RoundRecord(k, outcome, 2, Colour.FIRST, points, points, games)
                     for k, (outcome, points, games) in enumerate(played, start=1))

    matches = TournamentSnapshot((
        PlayerHistory(1, rounds((Outcome.WIN, 4, (won, won)), (Outcome.WIN, 3, (won, drawn)),
                                (Outcome.LOSS, 0, (lost, forfeit_lost)))),
        PlayerHistory(2, rounds((Outcome.LOSS, 0, (lost, lost)), (Outcome.LOSS, 1, (lost, drawn)),
                                (Outcome.WIN, 4, (won, forfeit_won)))),
    ), 3)
    assert _values("games_won", matches) == {1: 3, 2: 1}


def test_games_with_black_in_double_game_rounds_count_each_game() -> None:
    """FIDE C.07 art. 7.3 (BPG, 先手局: games played over the board with black) and 7.4 (BWG,
    先手胜: games won over the board with black) where a round is two games with the colours
    exchanged (双盘制, a Double-Swiss match, C.04.5): each game counts, in the colour the
    player had in it, not the round in the colour of its first game. R1 1-2 "1-0 =": 1 wins
    game 1 with black, 2 draws game 2 with black; R2 2-1 "1-0 1-0": each wins with black;
    R3 1-2 "0-1t": 1 loses game 1 on time with black, which settles the round alone (no game
    2); R4 2-1 "1-0 -+": 2 wins game 1 with black, 1 forfeits game 2 (black) alone, no game
    over the board."""
    rounds = [(Board(1, 1, 2), "1-0 ="), (Board(1, 2, 1), "1-0 1-0"),
              (Board(1, 1, 2), "0-1t"), (Board(1, 2, 1), "1-0 -+")]
    records: dict[int, list[RoundRecord]] = {1: [], 2: []}
    for number, (board, typed) in enumerate(rounds, start=1):
        first, second = double_game_records(number, board, parse_board(
            [typed], True, game_forfeits=True), PointSystem())
        records[board.first].append(first)
        records[board.second].append(second)
    played = TournamentSnapshot(tuple(PlayerHistory(n, tuple(r)) for n, r in records.items()),
                                len(rounds))
    assert _values("black_games", played) == {1: 3, 2: 3}
    assert _values("black_wins", played) == {1: 2, 2: 2}
    # a Double-Swiss scores its rounds by their games (C.04.5 Art. 1.2.1): the same counts
    assert _values("black_games", scored_by_games(played)) == {1: 3, 2: 3}
    assert _values("black_wins", scored_by_games(played)) == {1: 2, 2: 2}
