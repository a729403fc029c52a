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

from PySide6.QtCore import (
    QAbstractTableModel,
    QEvent,
    QModelIndex,
    QPersistentModelIndex,
    QSize,
    Qt,
)
from PySide6.QtGui import QBrush, QColor, QFont, QFontMetricsF
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
    """How a Swiss cell's outcome reads beyond its text (`wording.round_cell_text`): its
    tint and its long names for the tooltip."""

    kind: str | None
    zh: str
    en: str


OUTCOMES: dict[RoundOutcome, OutcomeText] = {
    RoundOutcome.FORFEIT_WIN: OutcomeText(WIN, "不战胜", "forfeit win"),
    RoundOutcome.FORFEIT_LOSS: OutcomeText(LOSS, "弃权负", "forfeit loss"),
    RoundOutcome.FULL_BYE: OutcomeText(WIN, "免赛胜（记胜分）", "bye scored as a win"),
    RoundOutcome.HALF_BYE: OutcomeText(DRAW, "免赛和（记和分）", "bye scored as a draw"),
    RoundOutcome.ZERO_BYE: OutcomeText(None, "免赛（不记分）", "bye without points"),
    RoundOutcome.PAB: OutcomeText(WIN, "轮空", "pairing-allocated bye"),
    RoundOutcome.ABSENT: OutcomeText(None, "缺席", "absent"),
    RoundOutcome.WIN: OutcomeText(WIN, "胜", "win"),
    RoundOutcome.DRAW: OutcomeText(DRAW, "和", "draw"),
    RoundOutcome.LOSS: OutcomeText(LOSS, "负", "loss"),
}


LATE = OutcomeText(None, "迟到报名：尚未参赛（按规程记分）",
                   "late entry: not entered yet (scored as the regulation says)")
WITHDRAWN = OutcomeText(None, "退赛：不再编排", "withdrawn: no longer paired")


def _words(cell: RoundCell) -> OutcomeText:
    if cell.late:
        return LATE
    return WITHDRAWN if cell.withdrawn else OUTCOMES[cell.outcome]


def swiss_text(cell: RoundCell | None, lang: str) -> str:
    """A Swiss cell in the language shown, as the command line words it
    (`wording.round_cell_text`): `12黑胜`, in English `12b+`; a double-game round
    `12黑胜／和 2:0`."""
    return "" if cell is None else wording.round_cell_text(cell, lang)


def swiss_kind(cell: RoundCell | None) -> str | None:
    return None if cell is None else _words(cell).kind


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


_DISPLAY = int(Qt.ItemDataRole.DisplayRole)
_ALIGNMENT = int(Qt.ItemDataRole.TextAlignmentRole)
_FONT = int(Qt.ItemDataRole.FontRole)
_BACKGROUND = int(Qt.ItemDataRole.BackgroundRole)
_TOOLTIP = int(Qt.ItemDataRole.ToolTipRole)
_LEFT = int(Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft)
_CENTER = int(Qt.AlignmentFlag.AlignCenter)
_ANSWERED = frozenset({_DISPLAY, _ALIGNMENT, _FONT, _BACKGROUND, _TOOLTIP})


class CrosstableModel(QAbstractTableModel):
    """Columns: unit, the cells (opponents or rounds), points, place.

    What a cell shows is worked out for the whole table at once, when the table is given
    (and again in another language): the view asks for every role of every cell on each
    paint, so that each answer is a look-up (a 150-player grid has 1 800 cells)."""

    def __init__(self) -> None:
        super().__init__()
        self.info: Any = None
        self._cells = 0  # counted once per table: data() asks for it for every cell
        self._language = language()
        self._rows: list[list[str]] = []  # each row's texts, unit to place
        self._kinds: list[list[str | None]] = []  # each row's grid cells' tints
        self._names: list[str] = []  # the rows' headers
        self._headers: dict[tuple[int, int], Any] = {}  # the columns' (section, role)
        self._bold = QFont()
        self._brushes = {kind: QBrush(colour) for kind, colour in TINTS.items()}
        self._diagonal = QBrush(DIAGONAL)

    def set_info(self, info: Any) -> None:
        self.beginResetModel()
        self.info = info
        self._cells = self._count_cells()
        self._work_out()
        self.endResetModel()

    def _work_out(self) -> None:
        """Every cell's text and tint and every row's header, in the language shown."""
        self._language = lang = language()
        self._headers = {}
        self._bold = QFont()
        self._bold.setBold(True)
        info = self.info
        if info is None:
            self._rows, self._kinds, self._names = [], [], []
            return
        grid = range(self._cells)
        self._rows = [[str(player.unit), *(self.text(row, column, lang) for column in grid),
                       str(info.points[row]),
                       wording.place_text(info.places[row], info.shared[row])]
                      for row, player in enumerate(info.players)]
        self._kinds = [[self.kind(row, column) for column in grid]
                       for row in range(len(info.players))]
        self._names = [f"{row + 1}  {self._name(player, lang)}"
                       for row, player in enumerate(info.players)]

    def _name(self, player: Any, lang: str) -> str:
        """A row's name; a round robin's withdrawn player marked (张六（第3轮起退赛）), a
        Swiss row says it in its cells."""
        if not self.info.round_robin:
            return str(player.name)
        return wording.withdrawn_row_text(player.name, player.withdrawn_from, lang)

    def _current(self) -> None:
        if self._language != language():
            self._work_out()

    def _count_cells(self) -> int:
        if self.info is None:
            return 0
        if self.info.round_robin:
            return len(self.info.players)
        return max([self.info.rounds, *(len(row) for row in self.info.by_round)])

    def cell_count(self) -> int:
        return self._cells

    def row_names(self) -> list[str]:
        """Every row's header as shown (place and name)."""
        self._current()
        return self._names

    def rows_texts(self) -> list[list[str]]:
        """Every row's texts as shown (unit, grid cells, points, place)."""
        self._current()
        return self._rows

    def rowCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: N802, B008
        return 0 if self.info is None or parent.isValid() else len(self.info.players)

    def columnCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:  # noqa: N802, B008
        return 0 if self.info is None or parent.isValid() else self._cells + 3

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
            return self.grid_text(row, column, lang)
        return swiss_text(self.swiss_cell(row, column), lang)

    def grid_text(self, row: int, column: int, lang: str) -> str:
        """A round-robin cell: the points against the column's player, a game not played
        不战胜 / 弃权负 (+f / -f), × for oneself."""
        if row == column:
            return points_text(None)
        games = self.info.grid[row][column] if column < len(self.info.grid[row]) else ()
        return " ".join(wording.grid_game_text(cell.outcome, cell.points, lang=lang)
                        for cell in games)

    def grid_legend(self, lang: str) -> tuple[str, ...]:
        """The legend lines under the caption, as the papers print them: a round robin's
        games not played, withdrawn rows and rest rounds; a Swiss table's rounds without a
        game (退赛, 缺席, 免赛, 迟报)."""
        if self.info is None:
            return ()
        names = [player.name for player in self.info.players]
        if not self.info.round_robin:
            return wording.round_legend(self.info.round_notes, names, lang=lang)
        return wording.round_robin_legend(self.info.notes, names, lang=lang)

    def kind(self, row: int, column: int) -> str | None:
        if self.info.round_robin:
            return points_kind(self.against(row, column), self.info.draw_points)
        return swiss_kind(self.swiss_cell(row, column))

    def display(self, row: int, column: int) -> str:
        """What a cell shows (unit, grid cell, points, place)."""
        return self.rows_texts()[row][column]

    def data(self, index: QModelIndex | QPersistentModelIndex,
             role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        # Asked for every role of every cell on each paint: each answer a look-up (and the
        # roles it does not answer, three of the seven a paint asks, the first thing).
        if role not in _ANSWERED or self.info is None or not index.isValid():
            return None
        if self._language != language():
            self._work_out()
        row, column = index.row(), index.column()
        if role == _DISPLAY:
            return self._rows[row][column]
        if role == _ALIGNMENT:
            return _LEFT if column == 0 else _CENTER
        last = self._cells + 1
        if role == _BACKGROUND:
            if not 0 < column < last:
                return None
            if self.info.round_robin and row == column - 1:
                return self._diagonal
            kind = self._kinds[row][column - 1]
            return self._brushes[kind] if kind is not None else None
        if role == _FONT:
            return self._bold if column >= last else None
        if role == _TOOLTIP:
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
            games = self.info.grid[row][grid] if grid < len(self.info.grid[row]) else ()
            if any(not cell.outcome.played for cell in games):  # 不战胜 / 弃权负: not played
                return tr("ct_cell_rr_unplayed_tip", row=player.name,
                          col=self.info.players[grid].name,
                          text=self.text(row, grid, language()),
                          points=" ".join(str(cell.points) for cell in games))
            return tr("ct_cell_rr_tip", row=player.name, col=self.info.players[grid].name,
                        text=text)
        cell = self.swiss_cell(row, grid)
        if cell is None:
            return tr("ct_cell_empty_tip")
        words = _words(cell)
        index = 0 if language() == "zh" else 1
        what = []
        place = cell.opponent_place
        if place is not None and 0 < place <= len(self.info.players):
            name = self.info.players[place - 1].name
            what.append(tr("ct_opponent", place=place, name=name))
        if cell.colour is not None and place is not None:
            what.append(tr("ct_black" if cell.colour is Colour.FIRST else "ct_white"))
        what.append((words.zh, words.en)[index])
        if cell.games and cell.opponent_points is not None:  # a double-game round's games
            what.append(wording.double_round_text(cell.games, cell.points,
                                                  cell.opponent_points, lang=language()))
        return tr("ct_cell_swiss_tip", row=player.name, round=grid + 1,
                  what=("，" if index == 0 else ", ").join(what))

    def header_tooltip(self, row: int) -> str:
        player = self.info.players[row]
        return tr("ct_player_tip", place=row + 1, name=player.name, unit=player.unit,
                    number=player.number)

    def headerData(self, section: int, orientation: Qt.Orientation,  # noqa: N802 (Qt name)
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        # Asked for every role of each of the 150 rows' headers whenever the header is sized
        # or painted: a row's name is a look-up, the columns' answers are kept.
        if self.info is None:
            return None
        if self._language != language():
            self._work_out()
        if orientation == Qt.Orientation.Vertical:
            if role == _DISPLAY:
                return self._names[section]
            return self.header_tooltip(section) if role == _TOOLTIP else None
        key = (section, int(role))
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


MEASURE_NEAR = 4.0
"""How far below the estimated widest text a text is still measured whole (pixels): more than
kerning and rounding make an estimate from single characters differ from the whole text's."""


def widest_cell(cells: dict[str, tuple[int, int]], font: QFont) -> tuple[int, int]:
    """The cell of the widest text (`cells`: each text and a cell that shows it), as Qt
    lays it out in `font` (the width a cell's or a header's size hint is made from). Each
    text's width is first estimated from its characters' (each character measured once),
    and only the texts near the widest estimate are measured whole: a grid has a few
    hundred texts of a dozen characters."""
    single = QFontMetricsF(font)
    advances: dict[str, float] = {}
    guesses = {}
    for text in cells:
        guess = 0.0
        for char in text:
            advance = advances.get(char)
            if advance is None:
                advance = advances[char] = single.horizontalAdvance(char)
            guess += advance
        guesses[text] = guess
    near = max(guesses.values()) - MEASURE_NEAR
    widest = max((text for text, guess in guesses.items() if guess >= near),
                 key=single.horizontalAdvance)
    return cells[widest]


class RowNames(QHeaderView):
    """The rows' header (place and name), as wide as Qt makes a table's vertical header (the
    size of its widest section among the first and the last hundred), that size worked out
    once per table and font: Qt works it out again, asking every row's header, each time the
    grid is shown or laid out (four times over on the first showing)."""

    def __init__(self, parent: QWidget) -> None:
        super().__init__(Qt.Orientation.Vertical, parent)
        self.setSectionsClickable(True)  # as a table's own vertical header
        self.setHighlightSections(True)
        self._hint: QSize | None = None

    def forget(self) -> None:
        """The rows, their names or the font changed: measured again when next asked."""
        self._hint = None

    def sizeHint(self) -> QSize:  # noqa: N802 (Qt name)
        if self._hint is None:
            self._hint = self._measure()
        return QSize(self._hint)

    def _measure(self) -> QSize:
        model = self.model()
        count = self.count()
        if not isinstance(model, CrosstableModel) or count == 0 or \
                any(self.isSectionHidden(i) for i in range(count)):
            return super().sizeHint()
        sections = sorted({*range(min(count, 100)), *range(max(0, count - 100), count)})
        names = model.row_names()
        cells: dict[str, tuple[int, int]] = {}
        for section in sections:
            cells.setdefault(names[section], (section, 0))
        return self.sectionSizeFromContents(widest_cell(cells, self.font())[0])

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 (Qt name)
        if event.type() in (QEvent.Type.FontChange, QEvent.Type.StyleChange):
            self.forget()
        super().changeEvent(event)


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
        self.rows = RowNames(self.table)
        self.table.setVerticalHeader(self.rows)
        self.table.setModel(self.model)
        self.model.modelReset.connect(self.rows.forget)
        self.model.headerDataChanged.connect(lambda *_args: self.rows.forget())
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
            lines = [tr(key, group=info.group), *self.model.grid_legend(language())]
            self.caption.setText("\n".join(lines))

    def _size_columns(self) -> None:
        """The unit sized to its text; every grid column as wide as the widest, a tidy grid.

        Each column as Qt's own sizing to contents makes it (the item's size hint, the
        header's), but measured on the one cell with the widest text (`widest_cell`): asking
        every cell of a 150-player grid for its size hint takes longer than the arbiter waits.
        """
        model = self.model
        table = self.table
        if model.rowCount() == 0:
            table.resizeColumnsToContents()
            return
        header = table.horizontalHeader()
        delegate = table.itemDelegate()
        option = QStyleOptionViewItem()
        option.initFrom(table)
        grid = 1 if table.showGrid() else 0
        plain, bold = QFont(table.font()), QFont(table.font())
        bold.setBold(True)
        texts = model.rows_texts()
        count = model.cell_count()
        last = count + 1

        def width(columns: range, font: QFont) -> int:
            """The widest cell's size hint among these columns, or their headers'."""
            found: dict[str, tuple[int, int]] = {}  # each text's first cell
            for row, line in enumerate(texts):
                for column in columns:
                    found.setdefault(line[column], (row, column))
            row, column = widest_cell(found, font)
            hint = delegate.sizeHint(option, model.index(row, column)).width() + grid
            return max(hint, *(header.sectionSizeHint(c) for c in columns))

        # The grid columns share the widest's width: measured once over all of them.
        cells = [width(range(1, last), plain)] * count if count else []
        widths = [width(range(1), plain), *cells, width(range(last, last + 1), bold),
                  width(range(last + 1, last + 2), bold)]
        for column, size in enumerate(widths):
            table.setColumnWidth(column, size)

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 (Qt name)
        if event.type() == QEvent.Type.FontChange:  # larger text (Ctrl++): wider columns
            self.rows.forget()
            self.rows.setDefaultSectionSize(self.fontMetrics().height() + 8)
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
