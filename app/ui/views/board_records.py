"""The board view's game records as files: a record read (SGF, Piskvork, a list of moves)
and replayed on the board, the game on the board written to a record."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from app.errors import UserError
from app.rules.game import Game, GameSettings
from app.rules.records import read_record, record_of_game, write_record
from app.ui import common
from app.ui.i18n import tr

if TYPE_CHECKING:
    from app.ui.views.board import BoardView

RECORD_FILTERS = "SGF (*.sgf);;Piskvork (*.psq);;Moves (*.txt);;* (*)"


def record_text(game: Game, fmt: str) -> str:
    return write_record(record_of_game(game), fmt)


def replay(moves: Any, settings: GameSettings) -> Game:
    """A record's stones as a game (free opening: records hold no offers)."""
    game = Game.new(GameSettings(settings.rules, False, settings.fifth_offers))
    for point in moves:
        game = game.play(point)
    return game


def ask_open_record(view: BoardView) -> None:
    path = common.ask_open_path(view, tr("board_open_record"),
                                view.main.event_folder(), RECORD_FILTERS)
    if path is not None:
        open_record_file(view, path)


def open_record_file(view: BoardView, path: Path) -> bool:
    try:
        text = Path(path).read_text(encoding="utf-8")
        record = read_record(text, str(path))
        view.game = replay(record.moves, view.chosen_settings())
    except (UserError, OSError, UnicodeDecodeError) as error:
        view.main.show_error(error if isinstance(error, UserError)
                             else UserError("无法读取棋谱", f"cannot read the record: {error}",
                                            str(path)))
        return False
    view.shown = len(view.game.moves)
    view.show_game()
    return True


def ask_save_record(view: BoardView) -> None:
    path = common.ask_save_path(view, tr("board_save_record"),
                                str(Path(view.main.event_folder()) / "game.sgf"),
                                RECORD_FILTERS)
    if path is not None:
        save_record_file(view, path)


def save_record_file(view: BoardView, path: Path) -> bool:
    suffix = Path(path).suffix.lower()
    fmt = {".sgf": "sgf", ".psq": "psq"}.get(suffix, "moves")
    try:
        Path(path).write_text(record_text(view.game, fmt), encoding="utf-8")
    except OSError as error:
        view.main.show_error(UserError("无法保存棋谱", f"cannot save the record: {error}",
                                       str(path)))
        return False
    return True
