"""The store's codec: what board and game rows hold, read once as `app.results` values."""

from __future__ import annotations

from app.results import BoardResult, GameCode, GameResult, Side, drawn_by_lots, parse_board
from app.rules.endings import Ending
from app.store import codec


def test_a_board_row_reads_as_its_result() -> None:
    assert codec.board_result("", False, "") is None
    assert codec.board_result(None, True, "") is None
    assert codec.board_result(codec.BYE, False, "") is None and codec.is_bye(codec.BYE)
    timed = codec.board_result("0-1t", False, "")
    assert timed == BoardResult((GameResult(GameCode.SECOND_WINS, True),))
    double = codec.board_result("1-0 =", True, "")
    assert double is not None and double.winner is Side.FIRST
    assert codec.board_result("1-0 =", False, "") is None  # not a single game's result


def test_what_a_board_row_stores_reads_back() -> None:
    for typed, double in ((["0-1t"], True), (["1-0", "="], True), (["+-"], False)):
        result = parse_board(typed, double)
        assert codec.board_label(result) == ""
        assert codec.board_result(codec.board_text(result), double, "") == result
    assert codec.board_text(None) == codec.NO_RESULT


class _Row:
    result = "1-0"
    label = "x"


def test_a_board_decided_by_lots_keeps_the_one_drawn_beside_the_lots_label() -> None:
    """Neither came (huazhi 八、(五)): the row keeps the forfeit code of the side the lots sent
    on and `lots` beside it, and reads back as the board decided by lots — both lost the
    game, the match's winner the one drawn — never as that forfeit win."""
    for side, code in ((Side.FIRST, "+-"), (Side.SECOND, "-+")):
        for double in (False, True):
            drawn = drawn_by_lots(side, double)
            row = _Row()
            codec.store_board(row, drawn)
            assert (row.result, row.label) == (code, "lots")
            read = codec.board_result(row.result, double, row.label)
            assert read == drawn and read is not None and read.winner is side
            assert read.games == (GameResult(GameCode.DOUBLE_FORFEIT),)
            assert read.round_points(side) == read.round_points(side.other) == 0
            forfeit = codec.board_result(row.result, double, "")  # the label gone: as before
            assert forfeit is not None and forfeit.lots is None and forfeit.winner is side
    row = _Row()
    codec.store_board(row, parse_board(["1-0"], False))
    assert (row.result, row.label) == ("1-0", "")  # a correction clears the lots
    # a team match drawn by lots keeps its match result: no individual lots are read
    team = codec.board_result("1-0", False, "lots")
    assert team is not None and team.lots is None


def test_a_game_row_keeps_the_time_loss_in_its_ending() -> None:
    lost = GameResult(GameCode.FIRST_WINS, True)
    assert codec.game_text(lost) == "1-0" and codec.game_ending(lost) is Ending.TIME
    assert codec.game_result("1-0", Ending.TIME.value) == lost
    assert codec.game_result("1-0", Ending.FIVE.value) == GameResult(GameCode.FIRST_WINS)
    assert codec.game_ending(GameResult(GameCode.DOUBLE_FORFEIT)) is Ending.FORFEIT
    assert codec.game_result("", "") is None and codec.game_result("胜") is None
