"""The standings view's lots panel (抽签) for a Team Swiss group: teams play no playoff, so a
tie between teams that touches the awards waits for lots (the standings service lists it,
with why); the arbiter types the order drawn, best first, and records it (undoable)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from app import wording
from app.services.operations import RECORD_GROUP_LOTS
from app.ui import common
from app.ui.i18n import language, names_text, tr
from app.ui.teams_dialog import split_names

if TYPE_CHECKING:
    from app.ui.views.standings import StandingsView

_PLACE = Qt.ItemDataRole.UserRole
_TEAMS = Qt.ItemDataRole.UserRole + 1


class LotsPanel(QWidget):
    """The ties of a Team Swiss group's final standings to be drawn by lots."""

    def __init__(self, view: StandingsView) -> None:
        super().__init__()
        self.view = view
        self.needs_label = QLabel()
        self.needs = common.wrapping_list()
        self.needs.setObjectName("lots_needs")
        self.needs.currentRowChanged.connect(lambda _r: self.show_selected_tie())
        self.order_label = QLabel()
        self.order = QLineEdit()
        self.order.setObjectName("lots_order")
        self.order.returnPressed.connect(self.record_selected)
        self.record_button = QPushButton()
        self.record_button.setObjectName("record_group_lots")
        self.record_button.clicked.connect(self.record_selected)

        entry = QHBoxLayout()
        entry.addWidget(self.order_label)
        entry.addWidget(self.order, 1)
        entry.addWidget(self.record_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.needs_label)
        layout.addWidget(self.needs, 1)
        layout.addLayout(entry)

    def show_needs(self, info: Any) -> None:
        """The ties of the standings `info` waiting for lots (none: says so)."""
        self.needs.clear()
        needs = getattr(info, "lots_needed", ()) if info is not None else ()
        for need in needs:
            teams = [p.name for p in need.players]
            text = tr("standings_lots_need", place=need.place, teams=names_text(teams))
            reason = wording.reason_text(need.why, language())
            if reason:
                text += "\n" + tr("standings_need_reason", reason=reason)
            item = QListWidgetItem(text)
            item.setToolTip(reason)
            item.setData(_PLACE, need.place)
            item.setData(_TEAMS, teams)
            self.needs.addItem(item)
        if not needs:
            self.needs.addItem(tr("standings_no_lots"))
        else:
            self.needs.setCurrentRow(0)
        self.show_selected_tie()

    def show_selected_tie(self) -> None:
        """The order field holds the selected tie's teams, to be put in the order drawn."""
        item = self.needs.currentItem()
        teams = item.data(_TEAMS) if item is not None else None
        tied = isinstance(teams, list) and bool(teams)
        self.order.setText(names_text(teams) if tied else "")
        self._enable(tied)

    def _enable(self, tied: bool) -> None:
        self.order.setEnabled(tied)
        self.record_button.setEnabled(tied)
        self.record_button.setToolTip(tr("teams_lots_tip") if tied else tr("teams_no_tie"))

    def record_selected(self) -> bool:
        """Record the order typed for the selected tie (the service checks that it names
        exactly the tied teams, and writes nothing otherwise)."""
        item = self.needs.currentItem()
        place = item.data(_PLACE) if item is not None else None
        group = self.view.selected_group()
        if not isinstance(place, int) or group is None:
            return False
        teams = split_names(self.order.text())
        if self.view.run(RECORD_GROUP_LOTS, self.view.ev, group, teams) is None:
            return False
        self.view.main.show_message(tr("standings_lots_recorded", place=place,
                                       teams=names_text(teams)))
        return True

    def retranslate(self) -> None:
        self.needs_label.setText(tr("standings_lots"))
        self.order_label.setText(tr("teams_lots_order"))
        self.order.setPlaceholderText(tr("teams_lots_hint"))
        self.record_button.setText(tr("teams_lots_record"))
        self._enable(self.record_button.isEnabled())  # keeps what was typed
