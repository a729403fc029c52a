"""The game rows of a stored board: one per game (double-game rounds, team boards, playoffs)."""

from __future__ import annotations

from collections.abc import Sequence

from app.pairing.types import Board
from app.results import GameResult
from app.rules.endings import Ending
from app.standings.scoring import double_game_boards
from app.store import codec
from app.store.models import BoardRow, Game


def movers_of_game(board: BoardRow, index: int) -> tuple[int | None, int | None]:
    """(first mover, second mover) of game `index` of an individual board as the core's
    double-game rule has it (game 2 exchanges the first move, 2016 七、(三))."""
    first, second = board.first_player_id, board.second_player_id
    if index == 2 and first is not None and second is not None:
        game_two = double_game_boards(Board(board.number, first, second))[1]
        return game_two.first, game_two.second
    return first, second


def game_row(board: BoardRow, index: int, black: int | None, white: int | None) -> Game:
    """The board's game `index`, created with its players when it is not there yet."""
    game = next((g for g in board.games if g.index == index), None)
    if game is None:
        game = Game(index=index, black_player_id=black, white_player_id=white)
        board.games.append(game)
    return game


def record_code(game: Game, result: GameResult) -> None:
    """A typed result on a game row: its code, and the ending a loss on time or a forfeit
    gives it. A correction typed without either takes away the ending the replaced result
    had: a loss on time corrected to a plain win no longer reads 超时 (nor loses a double-game
    round on time, 2016 七、(五)2); the ending of a game recorded move by move stays while its
    result does."""
    typed = codec.game_text(result)
    ending = codec.game_ending(result)
    if ending is not None:
        game.ending = ending.value
    elif game.result != typed or game.ending in _TYPED_ENDINGS:
        game.ending = ""
    game.result = typed


_TYPED_ENDINGS = (Ending.TIME.value, Ending.FORFEIT.value)
"""The endings a typed result gives a game (`codec.game_ending`), which a result typed
without them replaces."""


def sync_games(board: BoardRow, games: Sequence[GameResult]) -> None:
    """Keep one Game row per game played on the board, with the result of each."""
    for index, result in enumerate(games, start=1):
        black, white = movers_of_game(board, index)
        record_code(game_row(board, index, black, white), result)
    for extra in [g for g in board.games if g.index > len(games)]:
        board.games.remove(extra)
