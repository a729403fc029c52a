"""The dialog that records the lots (抽签) of a knockout board neither of whose players came
(both withdrawn or absent): the two players named with why they are missing, the one the lots
sent on chosen, then recorded as one undoable operation (`app.services.rounds.enter_lots`).
Neither came, so neither wins by forfeit: the board reads 双方均未到场，抽签决定…晋级 on every
paper (2021-huazhi 八、(五): the lots are the chief arbiter's)."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import (
    QButtonGroup,
    QDialog,
    QDialogButtonBox,
    QLabel,
    QRadioButton,
    QVBoxLayout,
    QWidget,
)

from app.results import Side
from app.services.queries import BoardInfo
from app.ui.i18n import language, tr
from app.ui.lots_dialog import recording_controls


class BoardLotsDialog(QDialog):
    """Which of the board's two players the lots sent on. `submit` records it (the player's
    id) and says why not (None: recorded); a refusal keeps the dialog open with the reason."""

    def __init__(self, parent: QWidget, round_number: int, board: BoardInfo,
                 submit: Callable[[int], str | None]) -> None:
        super().__init__(parent)
        assert board.first is not None and board.second is not None
        self.submit = submit
        self.setWindowTitle(tr("board_lots_title", round=round_number, board=board.number))
        intro = QLabel(tr("board_lots_intro", players=board.missing_words(language())))
        intro.setObjectName("board_lots_intro")
        intro.setWordWrap(True)
        self.first = QRadioButton(tr("board_lots_first", name=board.first.name))
        self.first.setObjectName("board_lots_first")
        self.second = QRadioButton(tr("board_lots_second", name=board.second.name))
        self.second.setObjectName("board_lots_second")
        self.players = {self.first: board.first.id, self.second: board.second.id}
        choice = QButtonGroup(self)
        for button in self.players:
            choice.addButton(button)
        drawn = board.result.winner if board.result is not None and \
            board.result.lots is not None else None
        if drawn is not None:  # a correction: the lots as recorded, to change
            (self.first if drawn is Side.FIRST else self.second).setChecked(True)
        self.replaces, self.error, buttons = recording_controls(
            self, tr("board_lots_replaces") if board.result is not None else "", "board_lots")
        self.ok_button = buttons.button(QDialogButtonBox.StandardButton.Ok)
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addWidget(QLabel(tr("board_lots_hint")))
        layout.addWidget(self.first)
        layout.addWidget(self.second)
        layout.addWidget(self.replaces)
        layout.addWidget(self.error)
        layout.addWidget(buttons)

    def drawn(self) -> int | None:
        """The id of the player chosen (None while neither is)."""
        return next((pid for button, pid in self.players.items() if button.isChecked()), None)

    def accept(self) -> None:
        drawn = self.drawn()
        if drawn is None:
            self.error.setText(tr("board_lots_choose"))
            return
        refusal = self.submit(drawn)
        if refusal is not None:
            self.error.setText(refusal)  # the choice stays for correcting
            return
        super().accept()
