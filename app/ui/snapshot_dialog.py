"""The snapshots window (快照): the automatic copies of the event, and restoring one.

A copy of the whole event is taken before each pairing, playoff and export (and when the
arbiter asks for one). The window lists them, newest first, with the time, why it was taken
and the station that took it; restoring one asks first, because it replaces the whole event
(the state just before is snapshotted, so the restore itself can be taken back).
"""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QTableWidget,
    QVBoxLayout,
)

from app.errors import NoAnswer, UserError
from app.services import snapshots as snapshots_service
from app.services.operations import RESTORE_SNAPSHOT, TAKE_SNAPSHOT
from app.services.snapshots import SnapshotInfo
from app.ui import common
from app.ui.i18n import notifier, stored_text, tr
from app.ui.operations import run_operation

TIME_FORMAT = "%Y-%m-%d %H:%M:%S"
MANUAL_LABEL = "手动快照 / taken by hand"  # stored with the copy, in both languages as the
# automatic ones are ("编排前 公开组 第3轮 / before pairing 公开组, round 3")


def snapshot_row(info: SnapshotInfo) -> list[object]:
    """What the table shows of one snapshot: number, time, station, size and (last, in the
    widest column) why it was taken."""
    return [info.id, info.taken_at.strftime(TIME_FORMAT), info.station or "—",
            f"{max(1, round(info.size / 1024))} KB", stored_text(info.label)]


class SnapshotDialog(QDialog):
    """Non-modal: the list follows the event while the window stays open."""

    def __init__(self, main: Any) -> None:
        super().__init__(main)
        self.main = main
        self.setObjectName("snapshots")
        self.resize(760, 420)
        self.items: list[SnapshotInfo] = []
        self.intro = QLabel()
        self.intro.setWordWrap(True)
        self.empty = QLabel()
        self.empty.setObjectName("snapshot_none")
        self.empty.setWordWrap(True)
        self.table = QTableWidget()
        self.table.setObjectName("snapshot_table")
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.doubleClicked.connect(lambda _index: self.restore_selected())
        self.table.itemSelectionChanged.connect(self._update_buttons)
        self.take_button = QPushButton()
        self.take_button.setObjectName("take_snapshot")
        self.take_button.clicked.connect(self.take)
        self.restore_button = QPushButton()
        self.restore_button.setObjectName("restore_snapshot")
        self.restore_button.clicked.connect(self.restore_selected)
        self.close_button = QPushButton()
        self.close_button.clicked.connect(self.close)
        buttons = QHBoxLayout()
        buttons.addWidget(self.take_button)
        buttons.addStretch(1)
        buttons.addWidget(self.restore_button)
        buttons.addWidget(self.close_button)
        layout = QVBoxLayout(self)
        layout.addWidget(self.intro)
        layout.addWidget(self.empty)
        layout.addWidget(self.table, 1)
        layout.addLayout(buttons)
        notifier().changed.connect(self._language_changed)
        self.retranslate()
        self.refresh()

    # ----- showing -----------------------------------------------------------------------------

    def refresh(self) -> None:
        """List the event's snapshots, newest first; keep the one selected when still there."""
        chosen = self.selected()
        if self.main.ev is None:
            self.items = []
        else:
            try:
                self.items = list(reversed(snapshots_service.snapshots(self.main.ev)))
            except (UserError, NoAnswer) as error:
                self.main.show_error(error)
                self.items = []
        headers = [tr(k) for k in ("snap_col_id", "snap_col_time", "snap_col_station",
                                   "snap_col_size", "snap_col_label")]
        common.fill_table(self.table, headers, [snapshot_row(i) for i in self.items],
                          [i.id for i in self.items])
        self.empty.setVisible(not self.items)
        ids = [i.id for i in self.items]
        if chosen is not None and chosen.id in ids:
            self.table.selectRow(ids.index(chosen.id))
        self._update_buttons()

    def selected(self) -> SnapshotInfo | None:
        snapshot_id = common.selected_data(self.table)
        return next((i for i in self.items if i.id == snapshot_id), None)

    def select(self, snapshot_id: int) -> bool:
        for row, info in enumerate(self.items):
            if info.id == snapshot_id:
                self.table.selectRow(row)
                return True
        return False

    def _update_buttons(self) -> None:
        self.restore_button.setEnabled(self.selected() is not None)
        self.take_button.setEnabled(self.main.ev is not None)

    # ----- actions -----------------------------------------------------------------------------

    def take(self) -> SnapshotInfo | None:
        """A snapshot now, at the arbiter's request (e.g. before a risky change by hand)."""
        if self.main.ev is None:
            return None
        outcome = run_operation(self.main, TAKE_SNAPSHOT, self.main.ev, MANUAL_LABEL)
        if outcome is None:
            return None
        info = outcome.value
        self.refresh()
        self.select(info.id)
        self.main.show_message(tr("snap_taken", id=info.id))
        return info

    def confirmation_text(self, info: SnapshotInfo) -> str:
        return tr("snap_confirm", id=info.id, time=info.taken_at.strftime(TIME_FORMAT),
                  label=stored_text(info.label))

    def restore_selected(self) -> SnapshotInfo | None:
        """Restore the selected snapshot after a confirmation; every view shows it afresh.

        Returns the snapshot taken of the state just before (None if nothing was done)."""
        info = self.selected()
        if info is None or self.main.ev is None:
            self.main.show_message(tr("snap_select"))
            return None
        if not common.confirm(self, tr("snap_restore_title"), self.confirmation_text(info)):
            return None
        outcome = run_operation(self.main, RESTORE_SNAPSHOT, self.main.ev, info.id)
        if outcome is None:
            return None
        before = outcome.value
        self.main.event_replaced()
        self.refresh()
        self.main.show_message(tr("snap_restored", id=info.id, before=before.id))
        return before

    # ----- language ----------------------------------------------------------------------------

    def _language_changed(self, _code: str) -> None:
        self.retranslate()
        self.refresh()

    def retranslate(self) -> None:
        self.setWindowTitle(tr("snap_title"))
        self.intro.setText(tr("snap_intro"))
        self.empty.setText(tr("snap_none"))
        self.take_button.setText(tr("snap_take"))
        self.take_button.setToolTip(tr("snap_take_tip"))
        self.restore_button.setText(tr("snap_restore"))
        self.restore_button.setToolTip(tr("snap_restore_tip"))
        self.table.setToolTip(tr("snap_table_tip"))
        self.close_button.setText(tr("import_cancel"))
