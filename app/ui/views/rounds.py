"""The rounds view (轮次): pair the next round, the pairing list, manual changes, results.

Fast result entry by keyboard: type the board number, a space, then one key per game —
`1` first mover wins, `0` second mover wins, `=` draw, `+` forfeit win of the first mover,
`-` forfeit win of the second mover, `*` both forfeit; `t1` / `t0`: that win came by a loss
on time (超时负). A single-game round saves on the key; a double-game round (双盘制) on the
second key (or on one forfeit, or one loss on time in game 1, which decide the whole round).
In the table, the same keys enter the result of the selected board and move to the next one.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QKeyEvent, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHBoxLayout,
    QInputDialog,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QProgressBar,
    QPushButton,
    QSplitter,
    QTableWidget,
    QVBoxLayout,
    QWidget,
)

from app import wording
from app.errors import NoAnswer, UserError
from app.services import exporting, queries
from app.services import rounds as rounds_service
from app.services.operations import (
    ENTER_RESULT,
    ENTER_TEAM_RESULT,
    EXCHANGE_PLAYERS,
    PAIR_NEXT_ROUND,
    SWAP_COLOURS,
    UNPAIR_LAST_ROUND,
    Area,
)
from app.ui import common
from app.ui.common import cell
from app.ui.i18n import language, pick, stored_text, tr
from app.ui.operations import busy
from app.ui.printing import print_document, print_table
from app.ui.views.base import View
from app.wording import number_text

KEY_CODES = {"1": "1-0", "0": "0-1", "=": "=", "+": "+-", "-": "-+", "*": "--",
             "t1": "1-0t", "t0": "0-1t"}
_KEY = re.compile(r"t[10]|[10=+\-*]")
_KEYS = r"(?:t[10]|[10=+\-*])+"
_ENTRY = re.compile(rf"^\s*(\d+)\s*[ .,/:]\s*({_KEYS})\s*$")
_TEAM_PLAYOFF = re.compile(rf"^\s*(\d+)\s*[ .,/:]\s*({_KEYS})\s*[pP]\s*({_KEYS})\s*$")
_ROUND_DECIDERS = ("+", "-", "*", "t1", "t0")  # one of these alone settles a double round


def entry_keys(text: str) -> list[str]:
    """`"1t0="` -> `["1", "t0", "="]`: the keys typed for one board's games."""
    return _KEY.findall(text)


def parse_entry(text: str, games: int) -> tuple[int, list[str]] | None:
    """`"12 1"` -> `(12, ["1-0"])`; `"3 1="` with two games -> `(3, ["1-0", "="])`;
    `"5 t0"` -> `(5, ["0-1t"])` (the first mover lost on time).

    None while the text is not yet a complete entry for `games` games a round. In a
    double-game round one forfeit or one loss on time in game 1 is complete on its own.
    """
    match = _ENTRY.match(text)
    if match is None:
        return None
    keys = entry_keys(match.group(2))
    complete = len(keys) == games or (games == 2 and len(keys) == 1
                                      and keys[0] in _ROUND_DECIDERS)
    if not complete:
        return None
    return int(match.group(1)), [KEY_CODES[k] for k in keys]


def parse_team_playoff(text: str, games: int) -> tuple[int, list[str], list[str]] | None:
    """`"7 0=1 p1"`: match 7, one key per board, then the captains' playoff games (主将加赛)."""
    match = _TEAM_PLAYOFF.match(text)
    if match is None:
        return None
    keys = entry_keys(match.group(2))
    if len(keys) != games:
        return None
    return (int(match.group(1)), [KEY_CODES[k] for k in keys],
            [KEY_CODES[k] for k in entry_keys(match.group(3))])


def player_text(ref: queries.PlayerRef | None) -> str:
    if ref is None:
        return tr("bye")
    return f"{ref.number}. {ref.name}" if ref.number else ref.name


class RoundsView(View):
    """One group's rounds: pairing list by board, result entry, manual changes, report."""

    areas = frozenset({Area.ROUNDS, Area.PLAYERS, Area.TEAMS, Area.EVENT, Area.GAMES})

    def __init__(self, main: Any) -> None:
        super().__init__(main)
        self.round: queries.RoundInfo | None = None
        self.group_info: queries.GroupInfo | None = None
        self.points_before: dict[int, int] = {}
        self._pending: tuple[str, int | None] = ("", None)
        self._refusals: rounds_service.RoundRefusals | None = None
        self._refusals_for: tuple[str | None, int | None] = (None, None)
        self._refusals_stale = True
        self._changed_board: int | None = None  # a result just stored on this board only
        self._entry_reason = ""  # why the last result entered was refused ('' if it was not)
        self.group_label = QLabel()
        self.group = QComboBox()
        self.group.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.group.setObjectName("rounds_group")
        self.group.currentIndexChanged.connect(lambda _i: self._group_changed())
        self.round_label = QLabel()
        self.round_box = QComboBox()
        self.round_box.setObjectName("rounds_round")
        self.round_box.currentIndexChanged.connect(lambda _i: self._show_round())
        self.pair_button = QPushButton()
        self.pair_button.setObjectName("pair_next")
        self.unpair_button = QPushButton()
        self.swap_button = QPushButton()
        self.exchange_button = QPushButton()
        self.record_button = QPushButton()
        self.record_button.clicked.connect(self.record_selected)
        self.print_button = QPushButton()
        self.print_button.setObjectName("print_pairings")
        self.pdf_button = QPushButton()
        self.pdf_button.setObjectName("pdf_pairings")
        self.slips_button = QPushButton()
        self.slips_button.setObjectName("print_slips")
        self.slips_pdf_button = QPushButton()
        self.slips_pdf_button.setObjectName("pdf_slips")
        self.entry_label = QLabel()
        self.entry = QLineEdit()
        self.entry.setObjectName("result_entry")
        self.entry.textEdited.connect(self._entry_edited)
        self.entry.returnPressed.connect(self._entry_return)
        common.pass_undo_to_window(self.entry)
        self.entry_hint = QLabel()
        self.entry_hint.setObjectName("entry_hint")
        self.entry_error = QLabel()  # why the last entry was refused, until one is stored
        self.entry_error.setObjectName("entry_error")
        self.entry_error.setStyleSheet("color: #b00020;")
        self.entry_error.setWordWrap(True)
        self.progress = QProgressBar()
        self.progress.setObjectName("round_progress")
        self.progress.setTextVisible(True)
        self.table = QTableWidget()
        self.table.setObjectName("pairings")
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.installEventFilter(self)
        self.table.doubleClicked.connect(lambda _index: self.record_selected())
        self.table.itemSelectionChanged.connect(self.main_actions_changed)
        self.report_label = QLabel()
        self.report = QPlainTextEdit()
        self.report.setObjectName("pairing_report")
        self.report.setReadOnly(True)

        top = QHBoxLayout()
        top.addWidget(self.group_label)
        top.addWidget(self.group)
        top.addWidget(self.round_label)
        top.addWidget(self.round_box)
        top.addWidget(self.pair_button)
        top.addWidget(self.unpair_button)
        top.addStretch(1)
        top.addWidget(self.print_button)
        top.addWidget(self.pdf_button)
        manual = QHBoxLayout()
        manual.addWidget(self.swap_button)
        manual.addWidget(self.exchange_button)
        manual.addWidget(self.record_button)
        manual.addStretch(1)
        manual.addWidget(self.slips_button)
        manual.addWidget(self.slips_pdf_button)
        entry = QHBoxLayout()
        entry.addWidget(self.entry_label)
        entry.addWidget(self.entry, 1)
        entry.addWidget(self.entry_hint, 1)
        entry.addWidget(self.entry_error, 1)
        entry.addWidget(self.progress, 1)
        splitter = QSplitter(Qt.Orientation.Vertical)
        splitter.addWidget(self.table)
        lower = QWidget()
        report_box = QVBoxLayout(lower)
        report_box.setContentsMargins(0, 0, 0, 0)
        report_box.addWidget(self.report_label)
        report_box.addWidget(self.report)
        splitter.addWidget(lower)
        splitter.setStretchFactor(0, 4)
        splitter.setStretchFactor(1, 1)
        self.splitter = splitter
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addLayout(entry)
        layout.addLayout(manual)
        layout.addWidget(splitter, 1)
        self.entry_shortcut = QShortcut(QKeySequence("Ctrl+R"), self)
        self.entry_shortcut.activated.connect(self.entry.setFocus)

    def connect_actions(self) -> None:
        """The buttons trigger the window's Round actions (one enabled state, one tooltip)."""
        main = self.main
        for button, act in ((self.pair_button, main.act_pair),
                            (self.unpair_button, main.act_unpair),
                            (self.swap_button, main.act_swap),
                            (self.exchange_button, main.act_exchange),
                            (self.print_button, main.act_print_round),
                            (self.pdf_button, main.print_actions[("pairings", True)]),
                            (self.slips_button, main.print_actions[("slips", False)]),
                            (self.slips_pdf_button, main.print_actions[("slips", True)])):
            button.clicked.connect(act.trigger)
            act.changed.connect(lambda b=button, a=act: _mirror(b, a))

    def main_actions_changed(self) -> None:
        """The window's Round actions follow (the services are asked again only after a
        change, or for another group or round: a new selection costs nothing)."""
        if self.main.ev is not None and hasattr(self.main, "round_actions"):
            self.main.update_round_actions()
        self._update_own_buttons()

    def _update_own_buttons(self) -> None:
        """Recording on the board needs a board chosen; disabled, the button says why (the
        print buttons follow the window's print actions)."""
        why = "rounds_none" if self.round is None else (
            "select_board" if self.selected_board() is None else None)
        self.record_button.setEnabled(why is None)
        tip = tr("rounds_record_tip")
        self.record_button.setToolTip(tip if why is None else f"{tip}\n— {tr(why)}")

    # ----- whether an action can succeed ------------------------------------------------------

    def _ask_refusals(self) -> None:
        """Ask the services once what the round operations would say (after each change)."""
        name = self.selected_group()
        if name is None and self.stale and self.main.ev is not None:
            groups = queries.event_info(self.ev).groups  # not shown yet: the first group
            name = groups[0].name if groups else None
        self._refusals = None if name is None or self.main.ev is None else \
            rounds_service.round_refusals(self.ev, name, self.current_round_number())
        self._refusals_for = (name, self.current_round_number())

    def action_refusals(self) -> dict[str, str | None]:
        """For each Round action, why it cannot succeed now (None: it can); the services say
        (asked again only when the event, the group or the round shown changed)."""
        if self._refusals_for != (self.selected_group(), self.current_round_number()) \
                or self._refusals_stale:
            self._ask_refusals()
            self._refusals_stale = False
        refusals = self._refusals
        if refusals is None:
            none = tr("rounds_no_group")
            return {key: none for key in ("rounds_pair", "rounds_unpair", "rounds_swap",
                                          "rounds_exchange", "act_playoff", "act_print_round")}
        change = _why(refusals.change_pairing)
        if change is None and self.selected_board() is None:
            change = tr("select_board")
        return {
            "rounds_pair": _why(refusals.pair),
            "rounds_unpair": _why(refusals.unpair),
            "act_playoff": _why(refusals.playoff),
            "act_print_round": tr("rounds_none") if self.round is None else None,
            "rounds_swap": change,
            "rounds_exchange": change,
        }

    # ----- showing ---------------------------------------------------------------------------

    def selected_group(self) -> str | None:
        text = self.group.currentText()
        return text or None

    def reset(self) -> None:
        self.group.blockSignals(True)
        self.group.clear()
        self.group.blockSignals(False)
        self.round_box.blockSignals(True)
        self.round_box.clear()
        self.round_box.blockSignals(False)
        self.round = None
        self.group_info = None
        self._pending = ("", None)
        self.entry.setText("")
        self.entry_hint.setText("")
        self.table.clearSelection()

    def boards_changed(self, ids: tuple[int, ...]) -> None:
        """Undo or redo changed the result of these boards only (by stored id): when it is
        one board of the round shown, only its row is shown again."""
        numbers = [b.number for b in self.round.boards if b.id in ids] if self.round else []
        self._changed_board = numbers[0] if len(ids) == 1 and len(numbers) == 1 else None

    def refresh(self) -> None:
        self._refusals_stale = True
        board, self._changed_board = self._changed_board, None
        if board is not None and self.round is not None and self._refresh_board(board):
            return
        info = queries.event_info(self.ev)
        names = [g.name for g in info.groups]
        current = self.group.currentText()
        self.group.blockSignals(True)
        self.group.clear()
        self.group.addItems(names)
        if current in names:
            self.group.setCurrentText(current)
        self.group.blockSignals(False)
        self._group_changed(keep_round=True, info=info)

    def _refresh_board(self, number: int) -> bool:
        """After a result on one board: that row and the progress, nothing else (the points
        before the round, the other boards and the group are as they were)."""
        assert self.round is not None
        name = self.selected_group()
        if name is None:
            return False
        row = next((r for r in range(self.table.rowCount())
                    if cell(self.table, r, 0).data(Qt.ItemDataRole.UserRole) == number), None)
        if row is None:
            return False
        board = rounds_service.board_view(self.ev, name, self.round.number, number)
        boards = tuple(board if b.number == number else b for b in self.round.boards)
        self.round = replace(self.round, boards=boards,
                             complete=all(b.result for b in boards))
        for column, value in enumerate(self._board_row(board)):
            item = self.table.item(row, column)
            if item is not None and not isinstance(value, int):
                item.setText("" if value is None else str(value))
        # The result column was sized when it was empty: a result is shown whole (0-1t).
        result_column = 3 if self.is_team_group() else 4
        wanted = self.table.sizeHintForColumn(result_column)
        if self.table.columnWidth(result_column) < wanted:
            self.table.setColumnWidth(result_column, wanted)
        self._show_progress()
        self.main_actions_changed()
        return True

    def show_group(self, name: str) -> bool:
        """Show this group's rounds (as the group list of another view asks)."""
        index = self.group.findText(name)
        if index < 0:
            return False
        self.group.setCurrentIndex(index)
        return True

    def _group_changed(self, keep_round: bool = False,
                       info: queries.EventInfo | None = None) -> None:
        name = self.selected_group()
        if info is None and self.main.ev is not None:
            info = queries.event_info(self.ev)
        self.group_info = None
        if info is not None:
            for group in info.groups:
                if group.name == name:
                    self.group_info = group
        paired = self.group_info.rounds_paired if self.group_info else 0
        current = self.round_box.currentData()
        self.round_box.blockSignals(True)
        self.round_box.clear()
        for number in range(1, paired + 1):
            self.round_box.addItem(tr("round") + f" {number}", number)
        if keep_round and isinstance(current, int) and 1 <= current <= paired:
            self.round_box.setCurrentIndex(current - 1)
        else:
            self.round_box.setCurrentIndex(paired - 1)
        self.round_box.blockSignals(False)
        self._show_round()

    def current_round_number(self) -> int | None:
        value = self.round_box.currentData()
        return int(value) if isinstance(value, int) else None

    def _show_round(self) -> None:
        number = self.current_round_number()
        name = self.selected_group()
        self.round = None
        self.points_before = {}
        if number is not None and name is not None:
            try:
                self.round = queries.round_view(self.ev, name, number)
                if not self.is_team_group():
                    self.points_before = rounds_service.points_before_round(self.ev, name,
                                                                            number)
            except UserError as error:
                self.main.show_error(error)
        self._refusals_stale = True  # asked once, by the first of the updates that follow
        self._fill()
        self.main_actions_changed()

    def headers(self) -> list[str]:
        keys = (("col_match", "col_first_team", "col_label", "col_result", "col_second_team",
                 "col_lineup") if self.is_team_group() else
                ("col_board", "col_first", "col_points_before", "col_first_unit", "col_result",
                 "col_second", "col_points_before", "col_second_unit"))
        return [tr(k) for k in keys]

    def _fill(self) -> None:
        round_ = self.round
        rows: list[list[object]] = []
        data: list[object] = []
        if round_ is not None:
            for board in round_.boards:
                rows.append(self._board_row(board))
                data.append(board.number)
        row = self.table.currentRow()
        if self._same_boards(rows, data):
            self._update_rows(rows)
        else:
            common.fill_table(self.table, self.headers(), rows, data)
            self._shown_headers = self.headers()
        result_column = 3 if self.is_team_group() else 4
        for r in range(self.table.rowCount()):
            item = cell(self.table, r, result_column)
            item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
        if 0 <= row < self.table.rowCount():
            self.table.selectRow(row)
        self._show_progress()
        games = self.entry_games()
        self.entry.setPlaceholderText("12 " + "1=0"[:games] if games <= 3 else "12 1")

    def _same_boards(self, rows: list[list[object]], data: list[object]) -> bool:
        """The table shows these boards already, under these headers (only texts differ:
        after undo or another full refresh of the round shown)."""
        table = self.table
        if not rows or table.rowCount() != len(rows) or table.columnCount() != len(rows[0]) \
                or getattr(self, "_shown_headers", None) != self.headers():
            return False
        for r, number in enumerate(data):
            item = table.item(r, 0)
            if item is None or item.data(Qt.ItemDataRole.UserRole) != number \
                    or item.data(Qt.ItemDataRole.DisplayRole) != rows[r][0]:
                return False
        return all(len(row) == table.columnCount() for row in rows)

    def _update_rows(self, rows: list[list[object]]) -> None:
        """Put the texts that changed into the table's cells (rather than building every
        cell again), then size the columns as filling the table does."""
        table = self.table
        changed = False
        for r, values in enumerate(rows):
            for c, value in enumerate(values):
                if c == 0:
                    continue  # the board number: the same, checked above
                item = cell(table, r, c)
                if isinstance(value, int | float) and not isinstance(value, bool):
                    if item.data(Qt.ItemDataRole.DisplayRole) != value:
                        item.setData(Qt.ItemDataRole.DisplayRole, value)
                        changed = True
                    continue
                text = "" if value is None else str(value)
                if item.text() != text:
                    item.setText(text)
                    changed = True
        if changed:
            table.resizeColumnsToContents()
            header = table.horizontalHeader()
            header.setStretchLastSection(False)  # re-stretch after the columns were sized
            header.setStretchLastSection(True)

    def _show_progress(self) -> None:
        round_ = self.round
        total = len(round_.boards) if round_ else 0
        done = sum(1 for b in round_.boards if b.result) if round_ else 0
        self.progress.setRange(0, max(total, 1))
        self.progress.setValue(done)
        self.progress.setFormat(tr("rounds_progress", round=round_.number, done=done, total=total)
                                if round_ else tr("rounds_none"))
        lines = (stored_text(line) for line in (round_.report if round_ else ()))
        self.report.setPlainText("\n".join(line for line in lines if line))

    def _points(self, ref: queries.PlayerRef | None) -> str:
        if ref is None or ref.id not in self.points_before:
            return ""
        return number_text(self.points_before[ref.id])

    def _board_row(self, board: queries.BoardInfo) -> list[object]:
        """Board, first side (points before the round, unit), result, second side (...)."""
        if board.first_team:  # a team match (分台定人制): teams, each board's game, line-ups
            games = " ".join(g.result or "·" for g in board.games)
            lineup = ("；" if language() == "zh" else "; ").join(
                f"{g.index}: {g.black.name if g.black else '—'}–"
                f"{g.white.name if g.white else '—'}" for g in board.games)
            # every board played, level on game points: waiting for the captains' playoff
            waiting = board.score is not None and board.score.waits_for_playoff
            result = wording.match_waiting_text(language()) if waiting else board.result
            return [board.number, board.first_team, match_note(board),
                    f"{result}  [{games}]",
                    board.second_team or tr("bye"), lineup]
        result = tr("bye") if board.result == "bye" else board.result
        if len(board.games) > 1:
            parts = [g.result for g in board.games if g.result]
            if parts:
                result = f"{board.result}  ({' '.join(parts)})" if board.result else \
                    " ".join(parts)
        second = player_text(board.second) if board.second is not None else tr("bye")
        return [board.number, player_text(board.first), self._points(board.first),
                board.first.unit if board.first else "", result, second,
                self._points(board.second), board.second.unit if board.second else ""]

    def is_team_group(self) -> bool:
        return bool(self.group_info and self.group_info.system.team)

    def entry_games(self) -> int:
        """Keys per board: 2 in double-game rounds, one per board of a team match."""
        if self.is_team_group() and self.round is not None:
            counts = [len(b.games) for b in self.round.boards if b.first_team]
            if counts:
                return min(counts)
        return self.group_info.games_per_round if self.group_info else 1

    def board_texts(self) -> list[list[str]]:
        return common.table_texts(self.table)

    # ----- pairing ---------------------------------------------------------------------------

    def pair_next(self) -> queries.RoundInfo | None:
        name = self.selected_group()
        if name is None:
            return None
        expected = (self.group_info.rounds_paired + 1) if self.group_info else None
        self.main.show_message(tr("rounds_pairing"))
        with busy(self, tr("rounds_pairing")):
            outcome = self.run(PAIR_NEXT_ROUND, self.ev, name, expected_round=expected)
        if outcome is None:
            return None
        self.stale = True
        self.refresh()
        self.round_box.setCurrentIndex(self.round_box.count() - 1)
        if self.table.rowCount():
            self.table.selectRow(0)  # a fresh round opens at board 1
            self.table.scrollToTop()
        self.main.show_message(tr("rounds_paired", round=outcome.value.number))
        self.entry.setFocus()
        return outcome.value

    def unpair_last(self) -> bool:
        name = self.selected_group()
        if name is None:
            return False
        if self.run(UNPAIR_LAST_ROUND, self.ev, name) is None:
            return False
        self.main.show_message(tr("rounds_unpaired"))
        return True

    def selected_board(self) -> int | None:
        value = common.selected_data(self.table)
        return int(value) if isinstance(value, int) else None

    def select_board(self, number: int) -> bool:
        for row in range(self.table.rowCount()):
            if cell(self.table, row, 0).data(Qt.ItemDataRole.UserRole) == number:
                self.table.selectRow(row)
                return True
        return False

    def swap_selected(self) -> list[str] | None:
        board = self.selected_board()
        number = self.current_round_number()
        name = self.selected_group()
        if board is None or number is None or name is None:
            self.main.show_message(tr("select_board"))
            return None
        outcome = self.run(SWAP_COLOURS, self.ev, name, number, board)
        return None if outcome is None else list(outcome.warnings)

    def ask_exchange(self) -> None:
        board = self.selected_board()
        if board is None or self.round is None:
            self.main.show_message(tr("select_board"))
            return
        other, ok = QInputDialog.getInt(self, tr("rounds_exchange"), tr("exchange_board_b"), 1, 1,
                                        max(len(self.round.boards), 1))
        if not ok:
            return
        seats = [tr("seat_first"), tr("seat_second")]
        seat_a, ok = QInputDialog.getItem(self, tr("rounds_exchange"), tr("exchange_seat_a"), seats,
                                          0, False)
        if not ok:
            return
        seat_b, ok = QInputDialog.getItem(self, tr("rounds_exchange"), tr("exchange_seat_b"), seats,
                                          0, False)
        if ok:
            self.exchange(board, "first" if seat_a == seats[0] else "second", other,
                          "first" if seat_b == seats[0] else "second")

    def exchange(self, board_a: int, seat_a: str, board_b: int, seat_b: str) -> list[str] | None:
        number = self.current_round_number()
        name = self.selected_group()
        if number is None or name is None:
            return None
        outcome = self.run(EXCHANGE_PLAYERS, self.ev, name, number, board_a, seat_a, board_b,
                           seat_b)
        if outcome is None:
            return None
        if outcome.warnings:
            self.report.appendPlainText("\n".join(tr("rounds_warning", text=stored_text(w))
                                                  for w in outcome.warnings))
        return list(outcome.warnings)

    # ----- printing ---------------------------------------------------------------------------

    def _print_title(self) -> str:
        number = self.current_round_number()
        return tr("print_pairings_title", group=self.selected_group() or "",
                  round=number or "")

    def print_pairings(self) -> bool:
        """The pairing list as shown, with a print preview (对阵表)."""
        if self.round is None:
            return False
        return print_table(self, self._print_title(), self.headers(), self.board_texts())

    def export_pairings_pdf(self) -> bool:
        if self.round is None:
            return False
        return print_table(self, self._print_title(), self.headers(), self.board_texts(),
                           pdf_folder=self.main.event_folder())

    def print_refusal(self) -> str | None:
        """Why the round's lists cannot be printed now (None: they can)."""
        return tr("rounds_none") if self.round is None else None

    def print_slips(self, pdf: bool = False) -> bool:
        """The round's result slips (成绩记录单) as the export draws them: shown in the PDF
        viewer to print, or saved as a PDF in the event's folder."""
        number, name = self.current_round_number(), self.selected_group()
        if self.round is None or number is None or name is None:
            return False
        title = tr("print_slips_title", group=name, round=number)
        try:
            return print_document(
                self, title, lambda path: exporting.write_result_slips(self.ev, name, number, path),
                pdf_folder=self.main.event_folder() if pdf else None)
        except (UserError, NoAnswer) as error:
            self.main.refuse(error)
            return False

    # ----- results ---------------------------------------------------------------------------

    def _confirm_replace(self, board: int, old: str, new: str) -> bool:
        return common.confirm(self, tr("rounds_replace_title"),
                              tr("rounds_replace_text", board=board, old=old, new=new))

    def enter_result(self, board: int, codes: list[str], playoff: list[str] | None = None
                     ) -> bool:
        """Store a board's result. A board that has one already is replaced only when the
        arbiter says so; later rounds paired on the old result are named."""
        self._entry_reason = ""
        number = self.current_round_number()
        name = self.selected_group()
        if number is None or name is None or self.round is None:
            self.main.show_message(tr("rounds_none"))
            return False
        old = next((b.result for b in self.round.boards if b.number == board), "")
        replace = bool(old) and old != "bye"
        new = " ".join(codes) + (f" p{' '.join(playoff)}" if playoff else "")
        if replace and not self.is_team_group() and rounds_service.same_result(
                self.ev, name, number, board, codes):
            self.main.show_message(tr("rounds_result_unchanged", board=board, result=old))
            return True  # nothing to correct: no question, nothing written
        if replace and not self._confirm_replace(board, old, new):
            self.main.show_message(tr("rounds_replace_kept", board=board, old=old))
            return False
        if self.is_team_group():
            team = self.run(ENTER_TEAM_RESULT, self.ev, name, number, board, codes,
                            playoff or (), replace=replace)
            if team is None:
                self._entry_reason = self.main.last_error
                return False
            self.select_board(board)
            if team.value and self.round is not None and self.round.complete:
                self._say_round_complete(name, number)
            else:
                self.main.show_message(tr("rounds_match_saved", board=board,
                                          result=team.value
                                          or wording.match_waiting_text(language())))
            return True
        self._changed_board = board  # only this board's row needs showing again
        outcome = self.run(ENTER_RESULT, self.ev, name, number, board, codes, replace=replace)
        self._changed_board = None
        if outcome is None:
            self._entry_reason = self.main.last_error
            return False
        self.select_board(board)
        if outcome.warnings:
            return True
        if self.round is not None and self.round.complete:
            self._say_round_complete(name, number)
        else:
            self.main.show_message(tr("rounds_result_saved", board=board,
                                      result=" ".join(codes)))
        return True

    def _say_round_complete(self, name: str, number: int) -> None:
        """The last result of a round: pair the next one, or the group is finished."""
        finished = rounds_service.round_refusals(self.ev, name, number).finished
        self.main.show_message(tr("rounds_group_finished", group=name) if finished
                               else tr("rounds_complete", round=number))

    def _show_entry_board(self, text: str) -> None:
        """While a board number is typed: select that board and name who plays there."""
        match = re.match(r"^\s*(\d+)", text)
        board = None
        if match and self.round is not None:
            number = int(match.group(1))
            board = next((b for b in self.round.boards if b.number == number), None)
        if board is None:
            self.entry_hint.setText("")
            return
        self.select_board(board.number)
        row = self._board_row(board)
        second = row[4] if self.is_team_group() else row[5]
        result = f"  [{board.result}]" if board.result else ""
        self.entry_hint.setText(f"{board.number}: {row[1]} — {second}{result}")

    def _entry_done(self) -> None:
        self.entry.setText("")  # setText, not clear(): the typing is no longer to undo
        self.entry_hint.setText("")
        self.entry_error.setText("")

    def _entry_refused(self) -> None:
        """A refused entry: its text selected, so that the next one typed replaces it (not
        "99 1" + "5 0" = "99 15 0"), and the reason beside the box."""
        self.entry.selectAll()
        self.entry_error.setText(self._entry_reason)

    def _entry_edited(self, text: str) -> None:
        self._show_entry_board(text)
        if self.is_team_group():
            return  # a team match may go on with the captains' playoff: Enter saves it
        parsed = parse_entry(text, self.entry_games())
        if parsed is None:
            return
        if self.enter_result(*parsed):
            self._entry_done()
        else:
            self._entry_refused()

    def _entry_return(self) -> None:
        text = self.entry.text()
        if not text.strip():
            return
        games = self.entry_games()
        if self.is_team_group():
            team = parse_team_playoff(text, games)
            if team is not None:
                if self.enter_result(*team):
                    self._entry_done()
                else:
                    self._entry_refused()
                return
        parsed = parse_entry(text, games)
        if parsed is None:
            self.main.show_error(UserError(tr("bad_entry", text=text), tr("bad_entry", text=text),
                                           tr("rounds_entry")))
            self._entry_reason = self.main.last_error
            self._entry_refused()
            return
        if self.enter_result(*parsed):
            self._entry_done()
        else:
            self._entry_refused()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt name)
        """Result keys typed on the pairing table enter the selected board's result."""
        if watched is self.table and event.type() == QEvent.Type.KeyPress:
            assert isinstance(event, QKeyEvent)
            key = event.text()
            if (key in KEY_CODES or key == "t") and self.selected_board() is not None:
                self._table_key(key)
                return True
        return super().eventFilter(watched, event)

    def _table_key(self, key: str) -> None:
        board = self.selected_board()
        if board is None:
            return
        pending, pending_board = self._pending
        keys = pending + key if pending_board == board else key
        parsed = parse_entry(f"{board} {keys}", self.entry_games())
        if parsed is None:
            self._pending = (keys, board)
            return
        self._pending = ("", None)
        row = self.table.currentRow()
        if self.enter_result(*parsed) and row + 1 < self.table.rowCount():
            self.table.selectRow(row + 1)

    def record_selected(self) -> None:
        board = self.selected_board()
        number = self.current_round_number()
        name = self.selected_group()
        if board is None or number is None or name is None:
            self.main.show_message(tr("select_board"))
            return
        self.main.board_view.link_board(name, number, board, 1)
        self.main.tabs.setCurrentWidget(self.main.board_view)

    def retranslate(self) -> None:
        self.group_label.setText(tr("group"))
        self.round_label.setText(tr("round"))
        self.pair_button.setText(tr("rounds_pair") + " (F5)")
        self.unpair_button.setText(tr("rounds_unpair"))
        self.swap_button.setText(tr("rounds_swap"))
        self.exchange_button.setText(tr("rounds_exchange"))
        self.record_button.setText(tr("rounds_record"))
        self.print_button.setText(tr("act_print_round"))
        self.pdf_button.setText(tr("save_pdf"))
        self._update_own_buttons()
        self.slips_button.setText(tr("print_slips"))
        self.slips_pdf_button.setText(tr("pdf_slips"))
        self.entry_label.setText(tr("rounds_entry"))
        self.entry.setToolTip(tr("rounds_entry_tip"))
        self.table.setToolTip(tr("rounds_entry_tip"))
        self.report_label.setText(tr("rounds_report"))

    def save_layout(self, settings: Any) -> None:
        settings.setValue("rounds/splitter", self.splitter.saveState())

    def restore_layout(self, settings: Any) -> None:
        state = settings.value("rounds/splitter")
        if state is not None:
            self.splitter.restoreState(state)


def match_note(board: queries.BoardInfo) -> str:
    """A team match's note in the language shown: its score once every board has its result
    ("3:3 主将加赛": the game points, decided by the captains' playoff); before, the places a
    knockout match decides (1–8名)."""
    if board.score is not None:
        return wording.match_score_text(board.score, language())
    if board.places is not None:
        return wording.places_text(board.places, language())
    return ""


def _why(error: UserError | None) -> str | None:
    """A refusal as the tooltip of a disabled action says it (no place prefix)."""
    return None if error is None else pick(error.zh, error.en)


def _mirror(button: QPushButton, action: Any) -> None:
    button.setEnabled(action.isEnabled())
    button.setToolTip(action.toolTip())

