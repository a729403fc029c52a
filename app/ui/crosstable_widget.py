"""The crosstable (交叉表) of a group as a grid: rows in standings order, names kept in view.

Round robin (循环赛): one column per opponent, numbered as the rows; a cell holds the points
the row player scored against the column player, '×' on the shaded diagonal. Swiss (积分编排):
one column per round with the opponent's place, the colour (黑 = first mover) and the
outcome, e.g. `12黑胜`; in English `12b+`. Wins, draws and losses are tinted. The names sit in
the vertical header, which stays put when the grid scrolls sideways. The cells come typed from
`app.services.ranking.crosstable` (each Swiss cell with its outcome, each round-robin cell with
its points); this module words and tints them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QAbstractTableModel, QEvent, QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QFontMetrics
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QLabel,
    QStyleOptionViewItem,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from app import wording
from app.pairing.types import Colour
from app.pairing.types import Outcome as RoundOutcome
from app.services.ranking import CrosstableInfo
from app.ui.i18n import language, tr

if TYPE_CHECKING:
    from app.standings.crosstable import RoundCell

WIN, DRAW, LOSS = "win", "draw", "loss"
TINTS = {WIN: QColor("#e2f3df"), DRAW: QColor("#fff4cc"), LOSS: QColor("#fbe3e3")}
DIAGONAL = QColor("#cfcfcf")


@dataclass(frozen=True)
class OutcomeText:
    """How a Swiss cell names an outcome: its tint, the cell's word, a short English mark,
    long names for the tooltip."""

    kind: str | None
    word: str
    short_en: str
    zh: str
    en: str


OUTCOMES: dict[RoundOutcome, OutcomeText] = {
    RoundOutcome.FORFEIT_WIN: OutcomeText(WIN, "不战胜", "+f", "不战胜", "forfeit win"),
    RoundOutcome.FORFEIT_LOSS: OutcomeText(LOSS, "弃权负", "−f", "弃权负", "forfeit loss"),
    RoundOutcome.FULL_BYE: OutcomeText(WIN, "免赛胜", "bye+", "免赛胜（记胜分）",
                                       "bye scored as a win"),
    RoundOutcome.HALF_BYE: OutcomeText(DRAW, "免赛和", "bye=", "免赛和（记和分）",
                                       "bye scored as a draw"),
    RoundOutcome.ZERO_BYE: OutcomeText(None, "免赛", "bye0", "免赛（不记分）", "bye without points"),
    RoundOutcome.PAB: OutcomeText(WIN, "轮空", "bye", "轮空", "pairing-allocated bye"),
    RoundOutcome.ABSENT: OutcomeText(None, "缺席", "abs", "缺席", "absent"),
    RoundOutcome.WIN: OutcomeText(WIN, "胜", "+", "胜", "win"),
    RoundOutcome.DRAW: OutcomeText(DRAW, "和", "=", "和", "draw"),
    RoundOutcome.LOSS: OutcomeText(LOSS, "负", "−", "负", "loss"),
}


def swiss_text(cell: RoundCell | None, lang: str) -> str:
    """A Swiss cell in the language shown: `12黑胜`, in English `12b+`."""
    if cell is None:
        return ""
    words = OUTCOMES[cell.outcome]
    place = "" if cell.opponent_place is None else str(cell.opponent_place)
    if cell.colour is None or cell.opponent_place is None:
        colour = ""
    elif lang == "zh":
        colour = "黑" if cell.colour is Colour.FIRST else "白"
    else:
        colour = "b" if cell.colour is Colour.FIRST else "w"
    return f"{place}{colour}{words.word if lang == 'zh' else words.short_en}"


def swiss_kind(cell: RoundCell | None) -> str | None:
    return None if cell is None else OUTCOMES[cell.outcome].kind


def points_text(points: tuple[int, ...] | None) -> str:
    """Round robin: the points against one opponent ('2 0' for two games), × for oneself."""
    return "×" if points is None else " ".join(str(p) for p in points)


def points_kind(points: tuple[int, ...] | None, draw: int) -> str | None:
    """Round robin: the points against one opponent as a win, a draw or a loss against the
    draw's worth; None when not played yet (or against oneself)."""
    if not points:
        return None
    total, even = sum(points), draw * len(points)
    if total == even:
        return DRAW
    return WIN if total > even else LOSS


_ROLES = frozenset({Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.TextAlignmentRole,
                    Qt.ItemDataRole.FontRole, Qt.ItemDataRole.BackgroundRole,
                    Qt.ItemDataRole.ToolTipRole})
"""The roles the crosstable answers (a view asks for more)."""


class CrosstableModel(QAbstractTableModel):
    """Columns: unit, the cells (opponents or rounds), points, place."""

    def __init__(self) -> None:
        super().__init__()
        self.info: Any = None
        self._cells = 0  # counted once per table: data() asks for it for every cell
        self._shown: dict[tuple[int, int], tuple[str, str | None]] = {}
        self._shown_language = language()
        self._answers: dict[tuple[int, int, int], Any] = {}
        self._headers: dict[tuple[int, bool, int], Any] = {}
        self._headers_language = language()

    def set_info(self, info: Any) -> None:
        self.beginResetModel()
        self.info = info
        self._cells = self._count_cells()
        self._shown = {}
        self._shown_language = language()
        self._answers = {}
        self._headers = {}
        self.endResetModel()

    def _count_cells(self) -> int:
        if self.info is None:
            return 0
        if self.info.round_robin:
            return len(self.info.players)
        return max([self.info.rounds, *(len(row) for row in self.info.by_round)])

    def cell_count(self) -> int:
        return self._cells

    def shown(self, row: int, column: int) -> tuple[str, str | None]:
        """A grid cell's text and kind, worked out once (the view asks again at each paint)."""
        if self._shown_language != language():
            self._shown, self._shown_language = {}, language()
        key = (row, column)
        found = self._shown.get(key)
        if found is None:
            found = (self.text(row, column, language()), self.kind(row, column))
            self._shown[key] = found
        return found

    def rowCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: N802, B008
        return 0 if self.info is None or parent.isValid() else len(self.info.players)

    def columnCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: N802, B008
        return 0 if self.info is None or parent.isValid() else self.cell_count() + 3

    def swiss_cell(self, row: int, column: int) -> RoundCell | None:
        cells = self.info.by_round[row]
        return cells[column] if column < len(cells) else None

    def against(self, row: int, column: int) -> tuple[int, ...] | None:
        cells = self.info.against[row]
        return cells[column] if column < len(cells) else ()

    def text(self, row: int, column: int, lang: str) -> str:
        """A grid cell as shown (column counted among the cells, from 0); a round after the
        player withdrew reads 退赛."""
        if self.info.round_robin:
            return points_text(self.against(row, column))
        cell = self.swiss_cell(row, column)
        start = self.info.players[row].withdrawn_from
        if cell is not None and start is not None and cell.round >= start \
                and cell.outcome is RoundOutcome.ABSENT:
            return wording.withdrawn_cell(lang)
        return swiss_text(cell, lang)

    def kind(self, row: int, column: int) -> str | None:
        if self.info.round_robin:
            return points_kind(self.against(row, column), self.info.draw_points)
        return swiss_kind(self.swiss_cell(row, column))

    def display(self, row: int, column: int) -> str:
        """What a cell shows (unit, grid cell, points, place)."""
        last = self.cell_count() + 1
        if column == 0:
            return str(self.info.players[row].unit)
        if column == last:
            return str(self.info.points[row])
        if column == last + 1:
            return wording.place_text(self.info.places[row], self.info.shared[row])
        return self.shown(row, column - 1)[0]

    def data(self, index: QModelIndex | QPersistentModelIndex,
             role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        # Asked for every role of every cell on each paint: the roles answered are kept
        # (per language), the others answered at once.
        if role not in _ROLES or self.info is None or not index.isValid():
            return None
        if self._shown_language != language():
            self._shown, self._shown_language, self._answers = {}, language(), {}
        key = (index.row(), index.column(), role)
        if key in self._answers:
            return self._answers[key]
        value = self._data(key[0], key[1], role)
        if role != Qt.ItemDataRole.ToolTipRole:
            self._answers[key] = value
        return value

    def _data(self, row: int, column: int, role: int) -> Any:
        last = self.cell_count() + 1
        if role == Qt.ItemDataRole.DisplayRole:
            return self.display(row, column)
        if role == Qt.ItemDataRole.TextAlignmentRole:
            if column == 0:
                return int(Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft)
            return int(Qt.AlignmentFlag.AlignCenter)
        if role == Qt.ItemDataRole.FontRole and column >= last:
            font = QFont()
            font.setBold(True)
            return font
        if role == Qt.ItemDataRole.BackgroundRole and 0 < column < last:
            if self.info.round_robin and row == column - 1:
                return QBrush(DIAGONAL)
            kind = self.shown(row, column - 1)[1]
            return QBrush(TINTS[kind]) if kind is not None else None
        if role == Qt.ItemDataRole.ToolTipRole:
            return self.tooltip(row, column)
        return None

    def tooltip(self, row: int, column: int) -> str:
        """What a cell means, in the language shown."""
        player = self.info.players[row]
        last = self.cell_count() + 1
        if column == 0 or column >= last:
            return self.header_tooltip(row)
        grid = column - 1
        if self.info.round_robin:
            text = self.text(row, grid, "zh")
            if grid == row:
                return tr("ct_cell_self_tip", row=player.name)
            if not text:
                return f"{player.name} — {self.info.players[grid].name}\n" \
                       + tr("ct_cell_empty_tip")
            return tr("ct_cell_rr_tip", row=player.name, col=self.info.players[grid].name,
                        text=text)
        cell = self.swiss_cell(row, grid)
        if cell is None:
            return tr("ct_cell_empty_tip")
        words = OUTCOMES[cell.outcome]
        index = 0 if language() == "zh" else 1
        what = []
        place = cell.opponent_place
        if place is not None and 0 < place <= len(self.info.players):
            name = self.info.players[place - 1].name
            what.append(tr("ct_opponent", place=place, name=name))
        if cell.colour is not None and place is not None:
            what.append(tr("ct_black" if cell.colour is Colour.FIRST else "ct_white"))
        what.append((words.zh, words.en)[index])
        return tr("ct_cell_swiss_tip", row=player.name, round=grid + 1,
                  what=("，" if index == 0 else ", ").join(what))

    def header_tooltip(self, row: int) -> str:
        player = self.info.players[row]
        return tr("ct_player_tip", place=row + 1, name=player.name, unit=player.unit,
                    number=player.number)

    def headerData(self, section: int, orientation: Qt.Orientation,  # noqa: N802 (Qt name)
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        # Asked for every role of each of the 150 rows' headers whenever the header is sized
        # or painted: the answers are kept (per table and language).
        if self.info is None:
            return None
        if self._headers_language != language():
            self._headers, self._headers_language = {}, language()
        key = (section, orientation == Qt.Orientation.Vertical, int(role))
        if key not in self._headers:
            self._headers[key] = self._header(section, orientation, role)
        return self._headers[key]

    def _header(self, section: int, orientation: Qt.Orientation, role: int) -> Any:
        last = self.cell_count() + 1
        if orientation == Qt.Orientation.Vertical:
            if role == Qt.ItemDataRole.DisplayRole:
                return f"{section + 1}  {self.info.players[section].name}"
            if role == Qt.ItemDataRole.ToolTipRole:
                return self.header_tooltip(section)
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            if section == 0:
                return tr("ct_unit")
            if section == last:
                return tr("ct_points")
            if section == last + 1:
                return tr("ct_rank")
            return str(section) if self.info.round_robin else tr("ct_round", round=section)
        if role == Qt.ItemDataRole.ToolTipRole:
            if section == 0:
                return tr("ct_unit")
            if section == last:
                return tr("ct_points")
            if section == last + 1:
                return tr("ct_rank")
            if self.info.round_robin:
                return tr("ct_against_tip", place=section,
                            name=self.info.players[section - 1].name)
            return tr("ct_round_tip", round=section)
        return None


class CrosstableWidget(QWidget):
    """A caption saying how to read the grid, and the grid."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.caption = QLabel()
        self.caption.setObjectName("crosstable_caption")
        self.caption.setWordWrap(True)
        self.model = CrosstableModel()
        self.table = QTableView()
        self.table.setObjectName("crosstable")
        self.table.setModel(self.model)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setAlternatingRowColors(False)
        self.table.setHorizontalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
        vertical = self.table.verticalHeader()
        vertical.setDefaultAlignment(Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft)
        # one line per player: a fixed height (sizing every row to its contents asks every
        # cell of a 150-player grid on each show)
        vertical.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        vertical.setDefaultSectionSize(self.fontMetrics().height() + 8)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.caption)
        layout.addWidget(self.table, 1)
        self.retranslate()

    def set_info(self, info: CrosstableInfo | None) -> None:
        """Show a `CrosstableInfo` (None: nothing)."""
        self.model.set_info(info)
        self._caption()
        self._size_columns()

    def _caption(self) -> None:
        info = self.model.info
        if info is None:
            self.caption.setText(tr("ct_caption_none"))
        else:
            key = "ct_caption_rr" if info.round_robin else "ct_caption_swiss"
            self.caption.setText(tr(key, group=info.group))

    def _size_columns(self) -> None:
        """The unit sized to its text; every grid column as wide as the widest, a tidy grid.

        Each column as Qt's own sizing to contents makes it (the item's size hint, the
        header's), but measured on the one cell of the column with the widest text: asking
        every cell of a 150-player grid for its size hint takes longer than the arbiter waits.
        """
        model = self.model
        table = self.table
        rows, columns = model.rowCount(), model.columnCount()
        if rows == 0:
            table.resizeColumnsToContents()
            return
        header = table.horizontalHeader()
        delegate = table.itemDelegate()
        option = QStyleOptionViewItem()
        option.initFrom(table)
        grid = 1 if table.showGrid() else 0
        plain, bold = QFont(table.font()), QFont(table.font())
        bold.setBold(True)
        measures = {False: QFontMetrics(plain), True: QFontMetrics(bold)}
        advances: dict[tuple[bool, str], int] = {}
        last = model.cell_count() + 1
        widths = []
        for column in range(columns):
            strong = column >= last
            metrics = measures[strong]
            widest, widest_row = -1, 0
            for row in range(rows):
                text = model.display(row, column)
                key = (strong, text)
                advance = advances.get(key)
                if advance is None:
                    advance = advances[key] = metrics.horizontalAdvance(text)
                if advance > widest:
                    widest, widest_row = advance, row
            hint = delegate.sizeHint(option, model.index(widest_row, column)).width() + grid
            widths.append(max(hint, header.sectionSizeHint(column)))
        count = model.cell_count()
        if count:
            widest_cell = max(widths[1:count + 1])
            for c in range(1, count + 1):
                widths[c] = widest_cell
        for column, width in enumerate(widths):
            table.setColumnWidth(column, width)

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 (Qt name)
        if event.type() == QEvent.Type.FontChange:  # larger text (Ctrl++): wider columns
            self.table.verticalHeader().setDefaultSectionSize(self.fontMetrics().height() + 8)
            self._size_columns()
        super().changeEvent(event)

    def texts(self) -> list[list[str]]:
        """Every cell as shown (unit, grid, points, place), row by row."""
        model = self.model
        return [[str(model.data(model.index(r, c)) or "") for c in range(model.columnCount())]
                for r in range(model.rowCount())]

    def row_names(self) -> list[str]:
        return [str(self.model.headerData(r, Qt.Orientation.Vertical))
                for r in range(self.model.rowCount())]

    def column_titles(self) -> list[str]:
        return [str(self.model.headerData(c, Qt.Orientation.Horizontal))
                for c in range(self.model.columnCount())]

    def retranslate(self) -> None:
        self.table.setToolTip(tr("ct_table_tip"))
        self._caption()
        if self.model.rowCount():
            self.model.headerDataChanged.emit(Qt.Orientation.Horizontal, 0,
                                              self.model.columnCount() - 1)
            self.model.dataChanged.emit(self.model.index(0, 0), self.model.index(
                self.model.rowCount() - 1, self.model.columnCount() - 1))
            self._size_columns()
