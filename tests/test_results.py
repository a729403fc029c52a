"""The results home (app/results.py): codes, the words arbiters say, boards and what settles
a double-game round (2022-shenzhen-championship.txt 九、(一), 九、(三)1)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from app.errors import UserError
from app.results import (
    BoardResult,
    GameCode,
    GameResult,
    Side,
    complete_entry,
    from_notation,
    notation,
    parse_board,
    parse_game,
    read_notation,
)


@pytest.mark.parametrize(("typed", "code"), [
    ("胜", GameCode.FIRST_WINS), ("黑胜", GameCode.FIRST_WINS), ("先手胜", GameCode.FIRST_WINS),
    ("1:0", GameCode.FIRST_WINS), ("1：0", GameCode.FIRST_WINS),
    ("负", GameCode.SECOND_WINS), ("白胜", GameCode.SECOND_WINS),
    ("后手胜", GameCode.SECOND_WINS), ("0:1", GameCode.SECOND_WINS),
    ("和", GameCode.DRAW), ("½:½", GameCode.DRAW), ("½", GameCode.DRAW), ("=", GameCode.DRAW),
])
def test_the_words_arbiters_say_mean_the_codes(typed: str, code: GameCode) -> None:
    """../shared/docs/CLI.md "Arguments and output"."""
    assert parse_game(typed) == GameResult(code)


def test_a_word_takes_the_time_mark_too() -> None:
    assert parse_game("白胜超时") == GameResult(GameCode.SECOND_WINS, time_loss=True)
    assert parse_game("1:0t") == GameResult(GameCode.FIRST_WINS, time_loss=True)
    with pytest.raises(UserError, match="loss on time"):
        parse_game("和t")


def test_a_loss_on_time_is_a_game_played_and_won() -> None:
    """超时判负: the game was played over the board, and the other player won it."""
    lost = parse_game("1-0t")
    assert lost.played and lost.winner is Side.FIRST and not lost.forfeit
    board = BoardResult((lost,))
    assert board.winner is Side.FIRST and board.games_played() == 1


def test_a_time_loss_in_game_one_settles_the_double_round_alone() -> None:
    """shenzhen 九、(三)1: 如第一盘未结束有一方超时，则判超时方当轮比赛负."""
    board = parse_board(["0-1t"], double=True)
    assert board.winner is Side.SECOND
    assert (board.round_points(Side.FIRST), board.round_points(Side.SECOND)) == (0, 2)
    assert board.game_scores(Side.SECOND) == (2, 2)
    assert complete_entry(board.games, 2) and not complete_entry([parse_game("1-0")], 2)
    with pytest.raises(UserError, match="no game 2"):
        parse_board(["0-1t", "="], double=True)


@pytest.mark.parametrize(("games", "first"), [
    (("1-0", "0-1"), 2), (("1-0", "="), 2), (("1-0", "1-0"), 1), (("=", "="), 1),
    (("0-1", "1-0"), 0), (("=", "1-0"), 0),
])
def test_the_double_round_table(games: tuple[str, str], first: int) -> None:
    """shenzhen 九、(一): 赢2盘或赢1盘和1盘计2分，赢1盘输1盘或和2盘计1分，输2盘或输1盘和1盘计0分;
    game 2's code lists its own first mover (the round's second player) first."""
    board = parse_board(list(games), double=True)
    assert board.round_points(Side.FIRST) == first
    assert board.round_points(Side.SECOND) == 2 - first


_GAMES = st.sampled_from([GameResult(code) for code in GameCode]
                         + [GameResult(GameCode.FIRST_WINS, True),
                            GameResult(GameCode.SECOND_WINS, True)])


@given(_GAMES)
def test_the_notation_reads_back(game: GameResult) -> None:
    assert from_notation(notation(game)) == game
    assert game.flipped().flipped() == game
    assert game.flipped().winner == (None if game.winner is None else game.winner.other)


@given(_GAMES, _GAMES)
def test_a_board_s_notation_reads_back(one: GameResult, two: GameResult) -> None:
    for games, double in (((one,), False), ((one, two), True)):
        try:
            board = BoardResult(games, double)
        except UserError:
            continue
        read = read_notation(str(board))  # the format is not known: the games and the winner
        assert read is not None and read.games == board.games and read.winner == board.winner


def test_a_board_decided_by_lots_is_lost_by_both_and_won_by_the_one_drawn() -> None:
    """A knockout board neither player came to (huazhi 八、(五)): the game lost by both, so
    neither scores; the match goes to the side the lots drew; no other game goes with it."""
    from app.results import drawn_by_lots

    drawn = drawn_by_lots(Side.SECOND)
    assert drawn.forfeit and drawn.winner is Side.SECOND and drawn.games_played() == 0
    assert drawn.game_scores(Side.SECOND) == (0,) and drawn != parse_board(["-+"], False)
    assert drawn != parse_board(["--"], False)  # the double forfeit sends no one on
    with pytest.raises(ValueError):
        BoardResult((GameResult(GameCode.SECOND_FORFEIT_WIN),), lots=Side.SECOND)
