"""The store's codec: what board and game rows hold, read once as `app.results` values."""

from __future__ import annotations

from app.results import BoardResult, GameCode, GameResult, Side, parse_board
from app.rules.endings import Ending
from app.store import codec


def test_a_board_row_reads_as_its_result() -> None:
    assert codec.board_result("", False) is None and codec.board_result(None, True) is None
    assert codec.board_result(codec.BYE, False) is None and codec.is_bye(codec.BYE)
    timed = codec.board_result("0-1t", False)
    assert timed == BoardResult((GameResult(GameCode.SECOND_WINS, True),))
    double = codec.board_result("1-0 =", True)
    assert double is not None and double.winner is Side.FIRST
    assert codec.board_result("1-0 =", False) is None  # not a single game's result


def test_what_a_board_row_stores_reads_back() -> None:
    for typed, double in ((["0-1t"], True), (["1-0", "="], True), (["+-"], False)):
        result = parse_board(typed, double)
        assert codec.board_result(codec.board_text(result), double) == result
    assert codec.board_text(None) == codec.NO_RESULT


def test_a_game_row_keeps_the_time_loss_in_its_ending() -> None:
    lost = GameResult(GameCode.FIRST_WINS, True)
    assert codec.game_text(lost) == "1-0" and codec.game_ending(lost) is Ending.TIME
    assert codec.game_result("1-0", Ending.TIME.value) == lost
    assert codec.game_result("1-0", Ending.FIVE.value) == GameResult(GameCode.FIRST_WINS)
    assert codec.game_ending(GameResult(GameCode.DOUBLE_FORFEIT)) is Ending.FORFEIT
    assert codec.game_result("", "") is None and codec.game_result("胜") is None
