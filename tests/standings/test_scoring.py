"""Results of a round: codes, points per group, forfeits, byes and double-game rounds."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from app.errors import UserError
from app.pairing.types import Board, Colour, Outcome, Pairing, PointSystem, RoundRecord
from app.results import BoardResult, GameCode, GameResult
from app.results import double_round_points as double_game_round_points
from app.results import parse_board as parse_board_result
from app.results import parse_game as parse_result
from app.standings.scoring import (
    bye_record,
    double_game_boards,
    double_game_records,
    enter_result,
    game_records,
    late_forfeit,
    missing_boards,
    parse_point_system,
    round_records,
    side_outcome,
)

DEFAULT = PointSystem()


def _double(*codes: str) -> BoardResult:
    """A double-game round's result as typed (game 1, game 2)."""
    return parse_board_result(list(codes), double=True)

FOUR = parse_point_system("4/1/0")
BOARD = Board(1, 7, 9)  # 7 moves first (black), 9 second


# --- result codes (docs/CLI.md) ------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("1-0", GameCode.FIRST_WINS),
        ("0-1", GameCode.SECOND_WINS),
        ("=", GameCode.DRAW),
        ("+-", GameCode.FIRST_FORFEIT_WIN),
        ("-+", GameCode.SECOND_FORFEIT_WIN),
        ("--", GameCode.DOUBLE_FORFEIT),
        ("１－０", GameCode.FIRST_WINS),
        ("＝", GameCode.DRAW),
        (" 0-1 ", GameCode.SECOND_WINS),
        ("1/2-1/2", GameCode.DRAW),
    ],
)
def test_result_codes_of_the_command_line(text: str, code: GameCode) -> None:
    assert parse_result(text) == GameResult(code)


@pytest.mark.parametrize("text", ["1-0t", "1-0T", "1-0超时"])
def test_time_loss_mark(text: str) -> None:
    assert parse_result(text) == GameResult(GameCode.FIRST_WINS, time_loss=True)


@pytest.mark.parametrize("text", ["", "2-0", "2:0", "w", "10", "=t", "+-t", "1-0x", "t"])
def test_bad_codes_are_refused_with_the_valid_codes(text: str) -> None:
    with pytest.raises(UserError) as raised:
        parse_result(text, "round 3 board 2")
    assert raised.value.where == "round 3 board 2"
    assert "1-0" in raised.value.en or "decisive" in raised.value.en or "only" in raised.value.en


def test_game_result_prints_as_its_code() -> None:
    assert str(parse_result("0-1t")) == "0-1t"
    assert str(parse_result("=")) == "="


# --- points per group ---------------------------------------------------------------------


def test_default_points_are_win_2_draw_1_loss_0() -> None:
    """2016 八、(一)2, shenzhen 九、(一): 胜2分 和1分 负0分."""
    win, loss = game_records(1, BOARD, parse_result("1-0"), DEFAULT)
    assert (win.points, loss.points) == (2, 0)
    draw1, draw2 = game_records(1, BOARD, parse_result("="), DEFAULT)
    assert (draw1.points, draw2.points) == (1, 1)


def test_points_configurable_4_1_0() -> None:
    """yike 2022 专业场: 4/1/0."""
    assert FOUR.win == 4 and FOUR.draw == 1 and FOUR.loss == 0
    assert FOUR.forfeit_win == 4 and FOUR.pab == 4 and FOUR.half_bye == 1
    first, second = game_records(2, BOARD, parse_result("0-1"), FOUR)
    assert (first.points, second.points) == (0, 4)


@pytest.mark.parametrize("text", ["2/1", "a/b/c", "1/2/0", "2/1/-1", ""])
def test_bad_point_system_is_refused(text: str) -> None:
    with pytest.raises(UserError):
        parse_point_system(text)


def test_single_game_records_name_opponent_and_colour() -> None:
    first, second = game_records(4, BOARD, parse_result("1-0"), DEFAULT)
    assert first == RoundRecord(4, Outcome.WIN, 9, Colour.FIRST, 2)
    assert second == RoundRecord(4, Outcome.LOSS, 7, Colour.SECOND, 0)


def test_forfeits_and_double_forfeit() -> None:
    first, second = game_records(1, BOARD, parse_result("+-"), DEFAULT)
    assert (first.outcome, first.points) == (Outcome.FORFEIT_WIN, 2)
    assert (second.outcome, second.points) == (Outcome.FORFEIT_LOSS, 0)
    first, second = game_records(1, BOARD, parse_result("-+"), DEFAULT)
    assert (first.outcome, second.outcome) == (Outcome.FORFEIT_LOSS, Outcome.FORFEIT_WIN)
    first, second = game_records(1, BOARD, parse_result("--"), DEFAULT)
    assert (first.outcome, second.outcome) == (Outcome.FORFEIT_LOSS, Outcome.FORFEIT_LOSS)
    assert first.points == second.points == 0


def test_late_beyond_fifteen_minutes_forfeits() -> None:
    """shenzhen 十、(三): 迟到时限为开赛后15分钟，超时未到者弃权，判到达者胜."""
    assert late_forfeit(0, 15) is None
    assert late_forfeit(16, 0) == GameResult(GameCode.SECOND_FORFEIT_WIN)
    assert late_forfeit(2, 15.5) == GameResult(GameCode.FIRST_FORFEIT_WIN)
    assert late_forfeit(None, 3) == GameResult(GameCode.SECOND_FORFEIT_WIN)
    assert late_forfeit(20, None) == GameResult(GameCode.DOUBLE_FORFEIT)


def test_late_limit_is_per_group() -> None:
    assert late_forfeit(12, 0, limit=10) == GameResult(GameCode.SECOND_FORFEIT_WIN)
    assert late_forfeit(12, 0, limit=30) is None


@pytest.mark.parametrize(
    ("outcome", "points"),
    [(Outcome.PAB, 2), (Outcome.FULL_BYE, 2), (Outcome.HALF_BYE, 1), (Outcome.ZERO_BYE, 0),
     (Outcome.ABSENT, 0)],
)
def test_byes_score_per_the_group(outcome: Outcome, points: int) -> None:
    record = bye_record(5, outcome, DEFAULT)
    assert record == RoundRecord(5, outcome, None, None, points)
    assert bye_record(5, outcome, DEFAULT, double_game=True).game_points == 2 * points


def test_a_game_outcome_is_not_a_bye() -> None:
    with pytest.raises(UserError):
        bye_record(1, Outcome.WIN, DEFAULT)


# --- double-game rounds (双盘制) ------------------------------------------------------------


# (first player's game 1, first player's game 2) -> first player's round points (table units)
SHENZHEN_TABLE = {
    ("W", "W"): 2,  # 赢2盘 -> 2
    ("W", "D"): 2, ("D", "W"): 2,  # 赢1盘和1盘 -> 2
    ("W", "L"): 1, ("L", "W"): 1,  # 赢1盘输1盘 -> 1
    ("D", "D"): 1,  # 和2盘 -> 1
    ("L", "L"): 0,  # 输2盘 -> 0
    ("L", "D"): 0, ("D", "L"): 0,  # 输1盘和1盘 -> 0
}


def _codes(g1: str, g2: str) -> tuple[str, str]:
    """Codes for a first player's own results in game 1 (as first mover) and game 2 (as
    second mover: game 2's code lists its first mover, the opponent, first)."""
    as_first = {"W": "1-0", "D": "=", "L": "0-1"}
    as_second = {"W": "0-1", "D": "=", "L": "1-0"}
    return as_first[g1], as_second[g2]


@pytest.mark.parametrize(("games", "expected"), list(SHENZHEN_TABLE.items()))
def test_each_double_game_score_maps_to_the_shenzhen_round_points(
        games: tuple[str, str], expected: int) -> None:
    """shenzhen 九、(一): 赢2盘或赢1盘和1盘计2分，赢1盘输1盘或和2盘计1分，输2盘或输1盘和1盘计0分."""
    first, second = double_game_records(3, BOARD, _double(*_codes(*games)), DEFAULT)
    assert first.points == expected
    assert second.points == 2 - expected
    game_value = {"W": 2, "D": 1, "L": 0}
    assert first.game_points == sum(game_value[g] for g in games)
    assert second.game_points == 4 - first.game_points
    assert first.outcome == {2: Outcome.WIN, 1: Outcome.DRAW, 0: Outcome.LOSS}[expected]
    assert (first.colour, second.colour) == (Colour.FIRST, Colour.SECOND)
    assert (first.opponent, second.opponent) == (9, 7)


def test_double_game_first_move_exchanged_in_game_two() -> None:
    """2016 七、(三): 第一局比赛先手方执黑，第二局交换先后手 - each code lists its own game's
    first mover first, so `1-0 1-0` is one game won by each player."""
    game1, game2 = double_game_boards(BOARD)
    assert (game1.first, game1.second) == (7, 9)
    assert (game2.first, game2.second) == (9, 7)
    with pytest.raises(UserError, match="bye"):
        double_game_boards(Board(2, 5, None))
    first, second = double_game_records(1, BOARD, _double("1-0", "1-0"), DEFAULT)  # one each
    assert (first.points, second.points) == (1, 1)


def test_double_game_round_points_in_group_units() -> None:
    first, second = double_game_records(1, BOARD, _double("1-0", "1-0"), FOUR)  # one each
    assert (first.points, second.points) == (1, 1)
    assert (first.game_points, second.game_points) == (4, 4)


def test_double_game_table_rejects_impossible_scores() -> None:
    with pytest.raises(ValueError):
        double_game_round_points(2, 1, 0)


@given(st.sampled_from(["W", "D", "L"]), st.sampled_from(["W", "D", "L"]))
def test_double_game_round_points_follow_the_game_score(g1: str, g2: str) -> None:
    """Property: the shenzhen table gives the round to the higher game score, a level game
    score halves it."""
    value = {"W": 2, "D": 1, "L": 0}
    mine = value[g1] + value[g2]
    wins = [g1, g2].count("W")
    draws = [g1, g2].count("D")
    points = double_game_round_points(wins, draws, 2 - wins - draws)
    assert points == (2 if mine > 2 else 1 if mine == 2 else 0)


def test_time_loss_in_game_one_loses_the_round() -> None:
    """2016 七、(五)2: 如第一盘未结束有一方超时，则判超时方当轮比赛负."""
    first, second = double_game_records(2, BOARD, _double("0-1t"), DEFAULT)
    assert (first.outcome, first.points, first.game_points) == (Outcome.LOSS, 0, 0)
    assert (second.outcome, second.points, second.game_points) == (Outcome.WIN, 2, 4)


def test_time_loss_in_game_one_cannot_have_a_game_two() -> None:
    with pytest.raises(UserError, match="no game 2"):
        BoardResult((parse_result("0-1t"), parse_result("1-0")), double=True)
    with pytest.raises(UserError, match="no game 2"):
        parse_board_result(["1-0t", "="], double=True)


def test_time_loss_in_game_two_is_just_that_game() -> None:
    first, second = double_game_records(2, BOARD, _double("1-0", "1-0t"), DEFAULT)
    # game 2: 9 moved first and won on time against 7 -> one game each
    assert (first.points, second.points) == (1, 1)


def test_double_game_forfeit_is_one_code_for_the_round() -> None:
    first, second = double_game_records(1, BOARD, _double("-+"), DEFAULT)
    assert (first.outcome, second.outcome) == (Outcome.FORFEIT_LOSS, Outcome.FORFEIT_WIN)
    assert (first.game_points, second.game_points) == (0, 4)


def test_double_game_result_given_one_game_is_refused() -> None:
    with pytest.raises(UserError, match="give both games"):
        parse_board_result(["1-0"], double=True)
    with pytest.raises(UserError, match="give both games"):
        BoardResult((parse_result("="),), double=True)


def test_single_game_group_refuses_two_results() -> None:
    with pytest.raises(UserError, match="one result per board"):
        parse_board_result(["1-0", "="], double=False)


def test_double_game_refuses_three_results_and_mixed_forfeits() -> None:
    with pytest.raises(UserError, match="at most two"):
        parse_board_result(["1-0", "=", "="], double=True)
    with pytest.raises(UserError, match="forfeit is entered alone"):
        parse_board_result(["1-0", "+-"], double=True)


# --- results against the pairing -----------------------------------------------------------

PAIRING = Pairing(2, (Board(1, 1, 4), Board(2, 3, 2), Board(3, 5, None)))


def test_enter_results_board_by_board_and_build_the_round() -> None:
    entered = enter_result(PAIRING, {}, 1, ["1-0"], double_game=False)
    assert missing_boards(PAIRING, entered) == (2,)
    entered = enter_result(PAIRING, entered, 2, ["="], double_game=False)
    records = round_records(PAIRING, entered, DEFAULT, byes={6: Outcome.HALF_BYE})
    assert {p: r.points for p, r in records.items()} == {1: 2, 4: 0, 3: 1, 2: 1, 5: 2, 6: 1}
    assert records[5].outcome is Outcome.PAB
    assert records[6].outcome is Outcome.HALF_BYE


def test_enter_result_returns_a_new_mapping() -> None:
    entered: dict[int, BoardResult] = {}
    new = enter_result(PAIRING, entered, 1, ["1-0"], double_game=False)
    assert entered == {} and 1 in new


def test_two_results_for_one_game_are_refused() -> None:
    entered = enter_result(PAIRING, {}, 1, ["1-0"], double_game=False)
    with pytest.raises(UserError, match="already has the result 1-0"):
        enter_result(PAIRING, entered, 1, ["0-1"], double_game=False)
    corrected = enter_result(PAIRING, entered, 1, ["0-1"], double_game=False, replace=True)
    assert corrected[1].games == (parse_result("0-1"),)


def test_wrong_board_is_refused_naming_the_boards() -> None:
    with pytest.raises(UserError, match=r"no board 7 \(boards: 1, 2, 3\)"):
        enter_result(PAIRING, {}, 7, ["1-0"], double_game=False)


def test_bye_board_takes_no_result() -> None:
    with pytest.raises(UserError, match="bye"):
        enter_result(PAIRING, {}, 3, ["1-0"], double_game=False)


def test_round_with_missing_results_is_refused_unless_partial() -> None:
    entered = enter_result(PAIRING, {}, 1, ["1-0"], double_game=False)
    with pytest.raises(UserError, match="on board 2"):
        round_records(PAIRING, entered, DEFAULT)
    partial = round_records(PAIRING, entered, DEFAULT, partial=True)
    assert set(partial) == {1, 4, 5}


def test_a_paired_player_cannot_also_have_a_bye() -> None:
    entered = enter_result(PAIRING, {}, 1, ["1-0"], double_game=False)
    entered = enter_result(PAIRING, entered, 2, ["1-0"], double_game=False)
    with pytest.raises(UserError, match="cannot also have a bye"):
        round_records(PAIRING, entered, DEFAULT, byes={3: Outcome.ZERO_BYE})


def test_double_game_round_against_its_pairing() -> None:
    entered = enter_result(PAIRING, {}, 1, ["1-0", "="], double_game=True)
    entered = enter_result(PAIRING, entered, 2, ["--"], double_game=True)
    records = round_records(PAIRING, entered, DEFAULT, double_game=True)
    assert (records[1].points, records[1].game_points) == (2, 3)
    assert (records[4].points, records[4].game_points) == (0, 1)
    assert records[3].outcome is records[2].outcome is Outcome.FORFEIT_LOSS
    assert (records[5].outcome, records[5].game_points) == (Outcome.PAB, 4)


def test_every_combination_of_two_played_games_sums_to_the_round_total() -> None:
    played = ["1-0", "0-1", "="]
    for a, b in itertools.product(played, played):
        first, second = double_game_records(1, BOARD, _double(a, b), DEFAULT)
        assert first.points + second.points == 2
        assert first.game_points is not None and second.game_points is not None
        assert first.game_points + second.game_points == 4


def test_unicode_half_draw_is_read() -> None:
    assert parse_result("½-½") == GameResult(GameCode.DRAW)


def test_two_games_typed_as_one_argument() -> None:
    """docs/CLI.md: double-game rounds take two codes, e.g. `1-0 =`, even quoted as one."""
    assert parse_board_result(["1-0 ="], double=True).games == (
        parse_result("1-0"), parse_result("="))


def test_a_side_s_outcome_of_a_board_or_of_one_game() -> None:
    """What the venue's find-yourself card says first (胜, 负, 对手弃权 ...): one game's, a
    double-game round's as it scores (shenzhen 九(一): won 1 drew 1 -> the round won), a
    team match's game black first."""
    from app.results import Side

    single = parse_board_result(["0-1t"], double=False)
    assert (side_outcome(single, Side.FIRST), side_outcome(single, Side.SECOND)) == (
        Outcome.LOSS, Outcome.WIN)
    forfeit = parse_board_result(["+-"], double=False)
    assert side_outcome(forfeit, Side.SECOND) is Outcome.FORFEIT_LOSS
    assert side_outcome(_double("1-0", "="), Side.SECOND) is Outcome.LOSS
    assert side_outcome(_double("1-0", "1-0"), Side.FIRST) is Outcome.DRAW  # one game each
    assert side_outcome(GameResult(GameCode.DOUBLE_FORFEIT), Side.FIRST) is Outcome.FORFEIT_LOSS
