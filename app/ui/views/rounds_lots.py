"""The rounds view's lots (抽签) for a knockout board neither of whose players came (both
withdrawn or absent; 2021-huazhi 八、(五)): the 抽签… button, enabled for such a board only
and saying why not otherwise, and the dialog it opens (`app.ui.board_lots_dialog`), which
records through the view's result entry (`ResultEntry.enter_lots`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtWidgets import QPushButton

from app.ui.board_lots_dialog import BoardLotsDialog
from app.ui.i18n import tr

if TYPE_CHECKING:
    from app.services.queries import BoardInfo
    from app.ui.views.rounds import RoundsView


def button(view: RoundsView) -> QPushButton:
    """The 抽签… button of the view's manual row (labelled by `update_button`)."""
    lots = QPushButton()
    lots.setObjectName("board_lots")
    lots.clicked.connect(lambda: ask(view))
    return lots


def refusal(view: RoundsView) -> str | None:
    """Why the selected board takes no lots (a text key), None when it does: an individual
    knockout's board with two players, neither of whom came: recorded as missing, or not
    there when the round began (the services refuse any other, `missing_players.board_lots`)."""
    info = view.group_info
    if view.round is None:
        return "rounds_none"
    if info is None or not info.system.bracket or info.system.team:
        return "rounds_lots_not_knockout"
    board = selected(view)
    if board is None:
        return "select_board"
    if board.second is None:
        return "rounds_lots_bye"
    if board.result is not None and board.result.lots is None:
        return "rounds_lots_played"  # a game or a forfeit is in: neither came is not so
    return None


def selected(view: RoundsView) -> BoardInfo | None:
    """The selected board as the view shows it."""
    number = view.selected_board()
    boards = view.round.boards if view.round is not None else ()
    return next((b for b in boards if b.number == number), None)


def update_button(view: RoundsView) -> None:
    """抽签… enabled for such a board only; disabled, its tooltip says why."""
    why = refusal(view)
    view.lots_button.setText(tr("rounds_lots"))
    view.lots_button.setEnabled(why is None)
    tip = tr("rounds_lots_tip")
    view.lots_button.setToolTip(tip if why is None else f"{tip}\n— {tr(why)}")


def dialog_for_selected(view: RoundsView) -> BoardLotsDialog | None:
    """The dialog recording the lots of the selected board (None where it takes none, said
    in the message line)."""
    why = refusal(view)
    board = selected(view)
    number = view.current_round_number()
    if why is not None or board is None or number is None:
        view.main.show_message(tr(why or "select_board"))
        return None
    return BoardLotsDialog(
        view, number, board,
        lambda player: view.results.enter_lots(board.number, player, confirmed=True))


def ask(view: RoundsView) -> None:
    dialog = dialog_for_selected(view)
    if dialog is not None:
        dialog.exec()
