"""Small helpers shared by the views: file choosers, questions, read-only tables."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from PySide6.QtCore import QEvent, QKeyCombination, QModelIndex, QObject, Qt
from PySide6.QtGui import QFontMetrics, QKeyEvent, QKeySequence
from PySide6.QtWidgets import (
    QFileDialog,
    QLineEdit,
    QListView,
    QListWidget,
    QMessageBox,
    QTableWidget,
    QTableWidgetItem,
    QWidget,
)

from app.ui.i18n import tr

# File choosers and questions: module-level functions so that tests can replace them.


def wrapping_list() -> QListWidget:
    """A list whose items wrap at its width (a tie and the long reason it needs a playoff):
    read whole at the window's width, never cut off behind a sideways scroll bar."""
    found = QListWidget()
    found.setWordWrap(True)
    found.setResizeMode(QListView.ResizeMode.Adjust)
    found.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    found.setTextElideMode(Qt.TextElideMode.ElideNone)
    return found


def ask_save_path(parent: QWidget, title: str, start: str = "", filters: str = "") -> Path | None:
    path, _ = QFileDialog.getSaveFileName(parent, title, start, filters or tr("event_files"))
    return Path(path) if path else None


def ask_open_path(parent: QWidget, title: str, start: str = "", filters: str = "") -> Path | None:
    path, _ = QFileDialog.getOpenFileName(parent, title, start, filters or tr("event_files"))
    return Path(path) if path else None


def ask_open_paths(parent: QWidget, title: str, filters: str, start: str = "") -> list[Path]:
    paths, _ = QFileDialog.getOpenFileNames(parent, title, start, filters)
    return [Path(p) for p in paths]


def ask_directory(parent: QWidget, title: str, start: str = "") -> Path | None:
    path = QFileDialog.getExistingDirectory(parent, title, start)
    return Path(path) if path else None


class _UndoPassThrough(QObject):
    """Lets Ctrl+Z / Ctrl+Y reach the window's undo/redo of stored changes when the focused
    line edit has no typing of its own to take back (a QLineEdit otherwise keeps the keys)."""

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt name)
        if event.type() == QEvent.Type.ShortcutOverride and isinstance(watched, QLineEdit) \
                and isinstance(event, QKeyEvent):
            if event.matches(QKeySequence.StandardKey.Undo) and not watched.isUndoAvailable():
                return True  # not accepted: the window's shortcut fires
            if event.matches(QKeySequence.StandardKey.Redo) and not watched.isRedoAvailable():
                return True
            if event.keyCombination() == QKeyCombination(Qt.KeyboardModifier.ControlModifier,
                                                         Qt.Key.Key_Y) \
                    and not watched.isRedoAvailable():
                return True
        return False


_pass_through: list[_UndoPassThrough] = []


def pass_undo_to_window(*edits: QLineEdit) -> None:
    """Ctrl+Z in these fields undoes the last stored change once their own typing is undone."""
    if not _pass_through:
        _pass_through.append(_UndoPassThrough())
    for edit in edits:
        edit.installEventFilter(_pass_through[0])


def confirm(parent: QWidget, title: str, text: str) -> bool:
    """Ask a yes/no question (kept for what cannot simply be undone); No is the default."""
    buttons = QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No
    box = QMessageBox(QMessageBox.Icon.Question, title, text, buttons, parent)
    box.setDefaultButton(QMessageBox.StandardButton.No)
    box.setObjectName("confirm")
    return box.exec() == QMessageBox.StandardButton.Yes


def fill_table(
    table: QTableWidget,
    headers: Sequence[str],
    rows: Sequence[Sequence[object]],
    data: Sequence[object] | None = None,
) -> None:
    """Fill a read-only table; `data[i]` is kept on row i's first cell (Qt.UserRole)."""
    sorting = table.isSortingEnabled()
    table.setSortingEnabled(False)
    table.clear()
    table.setColumnCount(len(headers))
    table.setHorizontalHeaderLabels(list(headers))
    table.setRowCount(len(rows))
    # As few calls into Qt per cell as can be (a 150-player table has 2 000 cells).
    read_only = QTableWidgetItem().flags() & ~Qt.ItemFlag.ItemIsEditable
    for r, row in enumerate(rows):
        for c, value in enumerate(row):
            if isinstance(value, str):  # (most cells: asked first)
                item = QTableWidgetItem(value)
            elif isinstance(value, int | float) and not isinstance(value, bool):
                item = QTableWidgetItem()
                item.setData(Qt.ItemDataRole.DisplayRole, value)
            else:
                item = QTableWidgetItem("" if value is None else str(value))
            item.setFlags(read_only)
            if c == 0 and data is not None:
                item.setData(Qt.ItemDataRole.UserRole, data[r])
            table.setItem(r, c, item)
    fit_columns(table, [["" if v is None else str(v) for v in row] for row in rows])
    header = table.horizontalHeader()
    header.setStretchLastSection(False)  # re-stretch after the columns were sized
    header.setStretchLastSection(True)
    table.verticalHeader().setVisible(False)
    table.setSortingEnabled(sorting)


def fit_columns(table: QTableWidget, texts: Sequence[Sequence[str]]) -> None:
    """Each column as wide as Qt's sizing to contents makes it (its widest cell's size hint,
    or its header's), the widest cell found by the width of the texts shown (`texts[row]
    [column]`, in the table's order and font): asking every cell of a 150-player table for
    its size hint, as `resizeColumnsToContents` does, takes longer than the arbiter waits."""
    model = table.model()
    size_columns(table, [None if row < 0 else model.index(row, column)
                         for column, row in enumerate(widest_rows(table, texts))])


def widest_rows(table: QTableWidget, texts: Sequence[Sequence[str]]) -> list[int]:
    """For each column, the row of its widest text (-1 for none)."""
    metrics = QFontMetrics(table.font())
    advances: dict[str, int] = {}
    found = []
    for column in range(table.columnCount()):
        widest, widest_row = -1, -1
        for row, line in enumerate(texts):
            text = line[column] if column < len(line) else ""
            advance = advances.get(text)
            if advance is None:
                advance = advances[text] = metrics.horizontalAdvance(text)
            if advance > widest:
                widest, widest_row = advance, row
        found.append(widest_row)
    return found


def size_columns(table: QTableWidget, widest: Sequence[QModelIndex | None]) -> None:
    """Column i as wide as the size hint of cell `widest[i]` or of its header, as Qt's
    `resizeColumnToContents` makes it on the one cell."""
    header = table.horizontalHeader()
    grid = 1 if table.showGrid() else 0
    for column, index in enumerate(widest):
        width = header.sectionSizeHint(column)
        if index is not None and index.isValid():
            width = max(width, table.sizeHintForIndex(index).width() + grid)
        header.resizeSection(column, width)


def cell(table: QTableWidget, row: int, column: int) -> QTableWidgetItem:
    """The item of a cell (an empty one put there when the cell had none)."""
    item = table.item(row, column)
    if item is None:
        item = QTableWidgetItem()
        table.setItem(row, column, item)
    return item


def selected_data(table: QTableWidget) -> object | None:
    """The Qt.UserRole data of the current row's first cell."""
    row = table.currentRow()
    if row < 0:
        return None
    item = table.item(row, 0)
    return None if item is None else item.data(Qt.ItemDataRole.UserRole)


def table_texts(table: QTableWidget) -> list[list[str]]:
    """Every cell's text, row by row (what the user sees)."""
    out = []
    for r in range(table.rowCount()):
        out.append([item.text() if (item := table.item(r, c)) is not None else ""
                    for c in range(table.columnCount())])
    return out
