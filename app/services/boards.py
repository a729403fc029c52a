"""The game rows of a stored board: one per game (double-game rounds, team boards, playoffs)."""

from __future__ import annotations

from app.rules.endings import Ending
from app.store.models import BoardRow, Game

FORFEIT_CODES = ("+-", "-+", "--")


def game_row(board: BoardRow, index: int, black: int | None, white: int | None) -> Game:
    """The board's game `index`, created with its players when it is not there yet."""
    game = next((g for g in board.games if g.index == index), None)
    if game is None:
        game = Game(index=index, black_player_id=black, white_player_id=white)
        board.games.append(game)
    return game


def record_code(game: Game, result: object) -> None:
    """A typed result on a game row: the code black first, `t` marking a loss on time."""
    code = str(result)
    game.result = code.rstrip("t")
    if code.endswith("t"):
        game.ending = Ending.TIME.value
    elif code in FORFEIT_CODES:
        game.ending = Ending.FORFEIT.value
