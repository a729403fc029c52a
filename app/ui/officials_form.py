"""The officials (裁判人员) and the schedule (竞赛日程) of the event, as the setup view edits
them: who signs the sheets, and the date, time and room of each round or other item.

The regulations name who appoints the officials (qiwang 2022 十六; huazhi 2021 八), not the
people; `appointed_by` shows that text and the arbiter fills in the names.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QRegularExpression
from PySide6.QtGui import QRegularExpressionValidator
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QTableWidget,
    QVBoxLayout,
    QWidget,
)

from app.errors import NoAnswer, UserError
from app.services import event as event_service
from app.services.event import Event, Officials, ScheduleEntry
from app.services.operations import (
    SET_OFFICIALS,
    SET_SCHEDULE_ENTRY,
    Operation,
    Outcome,
    areas_changed,
)
from app.ui import common
from app.ui.i18n import tr
from app.ui.operations import Runner, run_operation
from app.ui.texts import TEXTS

OFFICIAL_KEYS = ("chief_arbiter", "deputy_chief_arbiters", "chief_pairing_officer",
                 "appeals_committee", "appointed_by")
LIST_KEYS = ("deputy_chief_arbiters", "appeals_committee")
COLUMNS = ("group", "item", "day", "time", "room")
TIME_PATTERN = r"([01]?[0-9]|2[0-3])[:：][0-5][0-9]"


@dataclass(frozen=True)
class ScheduleLine:
    """One row of the schedule table as typed, checked for its form (the service checks
    the rest: the group's number of rounds)."""

    row: int  # 1-based, as the arbiter counts
    group: str
    round: int
    label: str
    day: dt.date | None
    time: str
    room: str

    @property
    def key(self) -> tuple[str, int, str]:
        return (self.group, self.round, self.label)

    def same_as(self, entry: ScheduleEntry) -> bool:
        return (self.day, _time_key(self.time), self.room) == (
            entry.day, _time_key(entry.time), entry.room)


def _time_key(text: str) -> str:
    hours, _, minutes = text.replace("：", ":").partition(":")
    return f"{int(hours):02d}:{minutes}" if hours.isdigit() else text


class _RowRunner:
    """The window as the runner, with the schedule row named in a refusal."""

    def __init__(self, main: Runner, row: int) -> None:
        self.main = main
        self.row = row

    def refuse(self, error: UserError | NoAnswer) -> None:
        zh, en = TEXTS["officials_row"]
        self.main.refuse(UserError(f"{zh.format(row=self.row)}：{error.zh}",
                                   f"{en.format(row=self.row)}: {error.en}"))

    def warn(self, warnings: Sequence[str]) -> None:
        self.main.warn(warnings)

    def operation_did_execute(self, outcome: Outcome[Any]) -> None:
        self.main.operation_did_execute(outcome)

    def show_message(self, text: str) -> None:
        self.main.show_message(text)


class OfficialsBox(QGroupBox):
    """The officials' fields and the schedule table, saved with one button (an undoable
    change per changed part: the officials, each schedule line)."""

    def __init__(self, main: Any, event: Callable[[], Event]) -> None:
        super().__init__()
        self.main = main
        self._event = event
        self._saving = False
        self._filled = False  # the fields show an event's officials (`forget` clears it)
        self.shown_officials = Officials()
        self.shown_schedule: tuple[ScheduleEntry, ...] = ()
        self.group_names: list[str] = []
        self.edits = {key: QLineEdit() for key in OFFICIAL_KEYS}
        self.labels: dict[str, QLabel] = {}
        form = QFormLayout()
        for key, edit in self.edits.items():
            edit.setObjectName(f"official_{key}")
            edit.returnPressed.connect(self.save)
            self.labels[key] = QLabel()
            form.addRow(self.labels[key], edit)
        self.table = QTableWidget(0, len(COLUMNS))
        self.table.setObjectName("schedule")
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.verticalHeader().setVisible(True)
        self.table.horizontalHeader().setSectionResizeMode(
            len(COLUMNS) - 1, QHeaderView.ResizeMode.Stretch)
        self.table.horizontalHeader().setStretchLastSection(True)
        self.table.setMinimumHeight(120)
        self.table.setMaximumHeight(180)
        self.add_button = QPushButton()
        self.add_button.setObjectName("schedule_add")
        self.add_button.clicked.connect(lambda: self.add_row())
        self.remove_button = QPushButton()
        self.remove_button.setObjectName("schedule_remove")
        self.remove_button.clicked.connect(self.remove_current_row)
        self.save_button = QPushButton()
        self.save_button.setObjectName("save_officials")
        self.save_button.clicked.connect(self.save)
        buttons = QHBoxLayout()
        for button in (self.add_button, self.remove_button):
            buttons.addWidget(button)
        buttons.addStretch(1)
        buttons.addWidget(self.save_button)
        left = QWidget()
        left.setLayout(form)
        right = QVBoxLayout()
        right.addWidget(self.table, 1)
        right.addLayout(buttons)
        layout = QHBoxLayout(self)
        layout.addWidget(left, 2)
        layout.addLayout(right, 3)
        common.pass_undo_to_window(*self.edits.values())

    # ----- showing ---------------------------------------------------------------------------

    def show_event(self, group_names: list[str]) -> None:
        """Show the event's officials and schedule as stored — refilled only when they (or the
        groups a line may name) changed, so saving another box of the view keeps what was
        typed here; not while a save is under way: the arbiter's typing stays until every
        line is stored or one is refused."""
        if self._saving:
            return
        officials = event_service.officials(self._event())
        schedule = event_service.schedule(self._event())
        if self._filled and (officials, schedule, list(group_names)) == (
                self.shown_officials, self.shown_schedule, self.group_names):
            return  # nothing of them changed (another box was saved): the typing stays
        self._filled = True
        self.group_names = list(group_names)
        self.shown_officials = officials
        self.shown_schedule = schedule
        for key, edit in self.edits.items():
            edit.setText(_official_text(self.shown_officials, key))
            edit.setCursorPosition(0)
        self.table.setRowCount(0)
        for entry in self.shown_schedule:
            self.add_row(entry)

    def forget(self) -> None:
        """Another event was opened: its officials are shown next, whatever they are."""
        self._filled = False

    def add_row(self, entry: ScheduleEntry | None = None) -> int:
        """A schedule row (empty, or showing `entry`); its number."""
        row = self.table.rowCount()
        self.table.insertRow(row)
        group = QComboBox()
        # sized by its words again when relabelled (Every group is longer than 所有组别)
        group.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        group.addItem(tr("officials_all_groups"), "")
        for name in self.group_names:
            group.addItem(name, name)
        item = QLineEdit()
        day = QLineEdit()
        day.setPlaceholderText("YYYY-MM-DD")
        time = QLineEdit()
        time.setPlaceholderText("HH:MM")
        time.setValidator(QRegularExpressionValidator(QRegularExpression(TIME_PATTERN), time))
        room = QLineEdit()
        cells: tuple[QWidget, ...] = (group, item, day, time, room)
        for cell, key in zip(cells, COLUMNS, strict=True):
            cell.setObjectName(f"schedule_{key}")
            cell.setToolTip(tr(f"officials_col_{key}_tip"))
        common.pass_undo_to_window(item, day, time, room)
        if entry is not None:
            index = group.findData(entry.group)
            if index < 0:
                group.addItem(entry.group, entry.group)
                index = group.count() - 1
            group.setCurrentIndex(index)
            item.setText(entry.label if entry.round == 0 else str(entry.round))
            day.setText(entry.day.isoformat() if entry.day else "")
            time.setText(entry.time)
            room.setText(entry.room)
        for column, cell in enumerate(cells):
            self.table.setCellWidget(row, column, cell)
        self.table.resizeColumnsToContents()
        return row

    def remove_current_row(self) -> None:
        row = self.table.currentRow()
        if row < 0:
            row = self.table.rowCount() - 1
        if row >= 0:
            self.table.removeRow(row)

    def cell(self, row: int, key: str) -> Any:
        return self.table.cellWidget(row, COLUMNS.index(key))

    # ----- reading and saving ----------------------------------------------------------------

    def officials_changes(self) -> dict[str, str]:
        """The officials' fields the arbiter changed, as set_officials takes them."""
        return {key: " ".join(edit.text().split()) for key, edit in self.edits.items()
                if " ".join(edit.text().split()) != _official_text(self.shown_officials, key)}

    def schedule_lines(self) -> list[ScheduleLine]:
        """The table's rows, refused (naming row and column) when one is malformed."""
        lines: list[ScheduleLine] = []
        seen: dict[tuple[str, int, str], int] = {}
        for row in range(self.table.rowCount()):
            number = row + 1
            item = " ".join(self.cell(row, "item").text().split())
            day_text = self.cell(row, "day").text().strip()
            time_edit = self.cell(row, "time")
            if not item:
                raise self._bad(number, "item", "officials_bad_item")
            round_number, label = (int(item), "") if item.isdigit() else (0, item)
            if item.isdigit() and round_number == 0:
                raise self._bad(number, "item", "officials_bad_item")
            try:
                day = dt.date.fromisoformat(day_text) if day_text else None
            except ValueError:
                raise self._bad(number, "day", "officials_bad_day", text=day_text) from None
            time = time_edit.text().strip()
            if time and not time_edit.hasAcceptableInput():
                raise self._bad(number, "time", "officials_bad_time", text=time)
            line = ScheduleLine(number, self.cell(row, "group").currentData() or "",
                                round_number, label, day, time,
                                " ".join(self.cell(row, "room").text().split()))
            if line.key in seen:
                raise self._bad(number, "item", "officials_twice", other=seen[line.key])
            seen[line.key] = number
            lines.append(line)
        return lines

    @staticmethod
    def _bad(row: int, column: str, key: str, **values: object) -> UserError:
        row_zh, row_en = TEXTS["officials_row"]
        column_zh, column_en = TEXTS[f"officials_col_{column}"]
        place_zh = f"{row_zh.format(row=row)}“{column_zh}”"
        place_en = f"{row_en.format(row=row)}, {column_en}"
        zh, en = TEXTS[key]
        return UserError(f"{place_zh}：{zh.format(**values)}",
                         f"{place_en}: {en.format(**values)}")

    def save(self) -> bool:
        """Store what changed: the officials (one change), then each changed or removed
        schedule line (one change each). A malformed row is refused before anything is
        written; a line the event refuses takes back this save's earlier changes."""
        try:
            officials = self.officials_changes()
            lines = self.schedule_lines()
        except UserError as error:
            self.main.show_error(error)
            return False
        old = {entry.key: entry for entry in self.shown_schedule}
        new_keys = {line.key for line in lines}
        steps: list[tuple[Runner, Operation[..., Any], tuple[Any, ...], dict[str, Any]]] = []
        ev = self._event()
        if officials:
            steps.append((self.main, SET_OFFICIALS, (ev,), officials))
        for key, entry in old.items():
            if key not in new_keys:
                steps.append((self.main, SET_SCHEDULE_ENTRY, (ev, entry.round),
                              {"group": entry.group, "label": entry.label, "remove": True}))
        for line in lines:
            before = old.get(line.key)
            if before is not None and line.same_as(before):
                continue
            steps.append((_RowRunner(self.main, line.row), SET_SCHEDULE_ENTRY,
                          (ev, line.round, line.day, line.time, line.room),
                          {"group": line.group, "label": line.label}))
        if not steps:
            return True
        done = 0
        self._saving = True
        try:
            for runner, operation, args, kwargs in steps:
                if run_operation(runner, operation, *args, **kwargs) is None:
                    break
                done += 1
            if done < len(steps):
                with ev.store.watching() as undone:
                    for _ in range(done):  # nothing of a refused save stays written
                        ev.undo()
                if done:  # the other views show the event as it is again; the typing stays
                    self.main.changed(areas=areas_changed(undone))
                return False
        finally:
            self._saving = False
        self.show_event(self.group_names)
        self.main.show_message(tr("officials_saved"))
        return True

    def retranslate(self) -> None:
        self.setTitle(tr("officials_box"))
        for key, label in self.labels.items():
            label.setText(tr(f"officials_{key}"))
            self.edits[key].setToolTip(tr(f"officials_{key}_tip"))
        for key in LIST_KEYS:
            self.edits[key].setPlaceholderText(tr("officials_list_hint"))
        self.table.setHorizontalHeaderLabels([tr(f"officials_col_{key}") for key in COLUMNS])
        self.table.setToolTip(tr("officials_schedule_tip"))
        self.add_button.setText(tr("officials_add_row"))
        self.remove_button.setText(tr("officials_remove_row"))
        self.save_button.setText(tr("officials_save"))
        self.save_button.setToolTip(tr("officials_save_tip"))
        for row in range(self.table.rowCount()):  # the rows typed stay, relabelled
            self.cell(row, "group").setItemText(0, tr("officials_all_groups"))
            for key in COLUMNS:
                self.cell(row, key).setToolTip(tr(f"officials_col_{key}_tip"))
        self.table.resizeColumnsToContents()  # the words of the new language fit


def _official_text(officials: Officials, key: str) -> str:
    value = getattr(officials, key)
    return "、".join(value) if key in LIST_KEYS else str(value)
