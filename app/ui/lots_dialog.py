"""The dialog that records lots (抽签) for players tied at a place that touches the awards,
where the playoff cannot be played (a player has left, the time has run out): the tied
players listed, put in the order drawn (best first) by moving them up and down, then
recorded as one undoable operation (`app.services.tie_lots.record_tie_lots`)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from app.ui.i18n import names_text, tr

_PLAYER = Qt.ItemDataRole.UserRole


def recording_controls(dialog: QDialog, replaces: str, name: str
                       ) -> tuple[QLabel, QLabel, QDialogButtonBox]:
    """The foot of a dialog that records lots: the note of what they replace (shown only when
    there is one), the line for a refusal, and 记录抽签 / 取消 wired to the dialog; the labels
    named `{name}_replaces` and `{name}_error` for the tests."""
    note = QLabel(replaces)
    note.setObjectName(f"{name}_replaces")
    note.setWordWrap(True)
    note.setVisible(bool(replaces))
    error = QLabel()
    error.setObjectName(f"{name}_error")
    error.setWordWrap(True)
    error.setStyleSheet("color: #b00020;")
    buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                               | QDialogButtonBox.StandardButton.Cancel)
    buttons.button(QDialogButtonBox.StandardButton.Ok).setText(tr("lots_record"))
    buttons.button(QDialogButtonBox.StandardButton.Cancel).setText(tr("cancel"))
    buttons.accepted.connect(dialog.accept)
    buttons.rejected.connect(dialog.reject)
    return note, error, buttons


class LotsDialog(QDialog):
    """The order drawn among the players tied at one place. `submit` records it (player ids,
    best first) and says why not (None: recorded); a refused order keeps the dialog open with
    the reason shown in it."""

    def __init__(self, parent: QWidget, place: int, players: Sequence[Any],
                 submit: Callable[[list[int]], str | None], playoff_open: bool = False
                 ) -> None:
        super().__init__(parent)
        self.submit = submit
        self.setWindowTitle(tr("lots_title", place=place))
        intro = QLabel(tr("lots_intro", place=place,
                          players=names_text(p.name for p in players)))
        intro.setWordWrap(True)
        self.order = QListWidget()
        self.order.setObjectName("lots_draw_order")
        self.order.setDragDropMode(QAbstractItemView.DragDropMode.InternalMove)
        for player in players:
            item = QListWidgetItem(tr("lots_player", id=player.id, name=player.name,
                                      unit=player.unit))
            item.setData(_PLAYER, player.id)
            self.order.addItem(item)
        self.order.setCurrentRow(0)
        self.up = QPushButton(tr("lots_up"))
        self.up.setObjectName("lots_up")
        self.up.clicked.connect(lambda: self.move_player(-1))
        self.down = QPushButton(tr("lots_down"))
        self.down.setObjectName("lots_down")
        self.down.clicked.connect(lambda: self.move_player(1))
        moves = QVBoxLayout()
        moves.addWidget(self.up)
        moves.addWidget(self.down)
        moves.addStretch(1)
        row = QHBoxLayout()
        row.addWidget(self.order, 1)
        row.addLayout(moves)
        # A playoff opened and not played is replaced by the lots (undo brings it back).
        self.replaces, self.error, buttons = recording_controls(
            self, tr("lots_replaces_playoff", place=place) if playoff_open else "", "lots")
        self.ok_button = buttons.button(QDialogButtonBox.StandardButton.Ok)
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addWidget(QLabel(tr("lots_order_hint")))
        layout.addLayout(row)
        layout.addWidget(self.replaces)
        layout.addWidget(self.error)
        layout.addWidget(buttons)

    def move_player(self, step: int) -> None:
        """Move the selected player up (-1) or down (+1) the order drawn."""
        row = self.order.currentRow()
        target = row + step
        if row < 0 or not 0 <= target < self.order.count():
            return
        item = self.order.takeItem(row)
        self.order.insertItem(target, item)
        self.order.setCurrentRow(target)

    def drawn(self) -> list[int]:
        """The players' ids in the order shown, best first."""
        return [int(self.order.item(k).data(_PLAYER)) for k in range(self.order.count())]

    def accept(self) -> None:
        refusal = self.submit(self.drawn())
        if refusal is not None:
            self.error.setText(refusal)  # the order stays for correcting
            return
        super().accept()
