"""A small table editor for place ranges: prizes (奖励) and grade titles (段级位) by place."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from PySide6.QtWidgets import (
    QHBoxLayout,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from app.errors import UserError
from app.ui.common import cell
from app.ui.i18n import pick, tr


@dataclass(frozen=True)
class Column:
    key: str
    zh: str
    en: str
    kind: str  # 'int' (a whole number, may be empty when optional), 'text', 'list'
    optional: bool = False


PRIZE_COLUMNS = (
    Column("from", "从第几名", "from place", "int"),
    Column("to", "到第几名", "to place", "int"),
    Column("money", "奖金（元）", "money (yuan)", "int", optional=True),
    Column("items", "奖品（顿号分隔）", "items (separated by commas)", "list"),
)
TITLE_COLUMNS = (
    Column("from", "从第几名", "from place", "int"),
    Column("to", "到第几名", "to place", "int"),
    Column("title", "段级位", "grade title", "text"),
)


class RowsEditor(QWidget):
    """A table of rows with Add and Remove buttons under it, the layout every row editor of
    the settings shares; each row keeps the keys the editor does not show (`kept`), so that
    what it gives back has them again."""

    def __init__(self, columns: int, min_height: int) -> None:
        super().__init__()
        self.kept: list[dict[str, Any]] = []
        self.table = QTableWidget(0, columns)
        self.table.verticalHeader().setVisible(False)
        self.table.horizontalHeader().setStretchLastSection(True)
        self.table.setMinimumHeight(min_height)
        self.add = QPushButton()
        self.add.clicked.connect(lambda: self.add_row({}))
        self.remove = QPushButton()
        self.remove.clicked.connect(self.remove_row)
        buttons = QHBoxLayout()
        buttons.addWidget(self.add)
        buttons.addWidget(self.remove)
        buttons.addStretch(1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.table)
        layout.addLayout(buttons)

    def add_row(self, row: dict[str, Any]) -> None:
        """A new last row showing `row` (an empty one for {})."""
        raise NotImplementedError

    def set_rows(self, rows: Sequence[dict[str, Any]]) -> None:
        self.table.setRowCount(0)
        self.kept = []
        for row in rows:
            self.add_row(dict(row))
        self.table.resizeColumnsToContents()

    def remove_row(self) -> None:
        """The selected row goes (the last one when none is selected)."""
        r = self.table.currentRow()
        if r < 0:
            r = self.table.rowCount() - 1
        if r >= 0:
            self.table.removeRow(r)
            del self.kept[r]


class RangeTable(RowsEditor):
    """Rows of a place-range table; `rows()` gives the list of dicts the services take."""

    def __init__(self, columns: Sequence[Column], label: str) -> None:
        super().__init__(len(columns), 120)
        self.columns = tuple(columns)
        self.label = label
        self.retranslate()

    def retranslate(self) -> None:
        self.table.setHorizontalHeaderLabels([pick(c.zh, c.en) for c in self.columns])
        self.add.setText(tr("range_add"))
        self.remove.setText(tr("range_remove"))

    def add_row(self, row: dict[str, Any] | None = None) -> None:
        row = row or {}
        r = self.table.rowCount()
        self.table.insertRow(r)
        for c, column in enumerate(self.columns):
            value = row.get(column.key)
            if column.kind == "list":
                text = "、".join(str(v) for v in (value or []))
            else:
                text = "" if value is None else str(value)
            self.table.setItem(r, c, QTableWidgetItem(text))
        self.kept.append({k: v for k, v in row.items()
                          if k not in {col.key for col in self.columns}})

    def rows(self) -> list[dict[str, Any]]:
        """The rows as dicts; a UserError names the row and column of a bad number."""
        out = []
        for r in range(self.table.rowCount()):
            texts = [cell(self.table, r, c).text().strip() for c in range(len(self.columns))]
            if not any(texts):
                continue  # an empty row is no row
            row: dict[str, Any] = dict(self.kept[r])
            for column, text in zip(self.columns, texts, strict=True):
                where = f"{self.label} 第{r + 1}行 {column.zh} / row {r + 1} {column.en}"
                if column.kind == "int":
                    if not text:
                        if column.optional:
                            continue  # left out, as the presets leave it out
                        raise UserError("此处须填写名次", "a place is needed here", where)
                    try:
                        row[column.key] = int(text)
                    except ValueError:
                        raise UserError(f"应为整数：{text}", f"not a whole number: {text}",
                                        where) from None
                elif column.kind == "list":
                    parts = text.replace(",", "、").replace("，", "、").split("、")
                    row[column.key] = [p.strip() for p in parts if p.strip()]
                else:
                    row[column.key] = text
            if "from" in row and "to" in row and row["from"] > row["to"]:
                raise UserError("起始名次大于结束名次", "the first place is after the last",
                                f"{self.label} 第{r + 1}行 / row {r + 1}")
            out.append(row)
        return out
