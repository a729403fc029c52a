"""The rounds view (轮次): pair the next round, the pairing list, manual changes, results.

Fast result entry by keyboard: type the board number, a space, then one key per game —
`1` first mover wins, `0` second mover wins, `=` draw, `+` forfeit win of the first mover,
`-` forfeit win of the second mover, `*` both forfeit. A single-game round saves on the
key; a double-game round (双盘制) saves on the second. In the table, the same keys enter the
result of the selected board and move to the next board.
"""

from __future__ import annotations

import re
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

from app.errors import UserError
from app.services import queries
from app.ui import common
from app.ui.i18n import both, tr
from app.ui.views.base import View

KEY_CODES = {"1": "1-0", "0": "0-1", "=": "=", "+": "+-", "-": "-+", "*": "--"}
_ENTRY = re.compile(r"^\s*(\d+)\s*[ .,/:]\s*([10=+\-*]+)\s*$")
_TEAM_PLAYOFF = re.compile(r"^\s*(\d+)\s*[ .,/:]\s*([10=+\-*]+)\s*[pP]\s*([10=]+)\s*$")


def parse_entry(text: str, games: int) -> tuple[int, list[str]] | None:
    """`"12 1"` -> `(12, ["1-0"])`; `"3 1="` with two games -> `(3, ["1-0", "="])`.

    None while the text is not yet a complete entry for `games` games a round.
    """
    match = _ENTRY.match(text)
    if match is None or len(match.group(2)) != games:
        return None
    return int(match.group(1)), [KEY_CODES[k] for k in match.group(2)]


def parse_team_playoff(text: str, games: int) -> tuple[int, list[str], list[str]] | None:
    """`"7 0=1 p1"`: match 7, one key per board, then the captains' playoff games (主将加赛)."""
    match = _TEAM_PLAYOFF.match(text)
    if match is None or len(match.group(2)) != games:
        return None
    return (int(match.group(1)), [KEY_CODES[k] for k in match.group(2)],
            [KEY_CODES[k] for k in match.group(3)])


def player_text(ref: queries.PlayerRef | None) -> str:
    if ref is None:
        return tr("bye")
    return f"{ref.number}. {ref.name}" if ref.number else ref.name


class RoundsView(View):
    """One group's rounds: pairing list by board, result entry, manual changes, report."""

    def __init__(self, main: Any) -> None:
        super().__init__(main)
        self.round: queries.RoundInfo | None = None
        self.group_info: queries.GroupInfo | None = None
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
        self.pair_button.clicked.connect(self.pair_next)
        self.unpair_button = QPushButton()
        self.unpair_button.clicked.connect(self.unpair_last)
        self.swap_button = QPushButton()
        self.swap_button.clicked.connect(self.swap_selected)
        self.exchange_button = QPushButton()
        self.exchange_button.clicked.connect(self.ask_exchange)
        self.record_button = QPushButton()
        self.record_button.clicked.connect(self.record_selected)
        self.entry_label = QLabel()
        self.entry = QLineEdit()
        self.entry.setObjectName("result_entry")
        self.entry.textEdited.connect(self._entry_edited)
        self.entry.returnPressed.connect(self._entry_return)
        self.entry_hint = QLabel()
        self.entry_hint.setObjectName("entry_hint")
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
        manual = QHBoxLayout()
        manual.addWidget(self.swap_button)
        manual.addWidget(self.exchange_button)
        manual.addWidget(self.record_button)
        manual.addStretch(1)
        entry = QHBoxLayout()
        entry.addWidget(self.entry_label)
        entry.addWidget(self.entry, 1)
        entry.addWidget(self.entry_hint, 1)
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
        self.pair_shortcut = QShortcut(QKeySequence("F5"), self)
        self.pair_shortcut.activated.connect(self.pair_next)
        self.entry_shortcut = QShortcut(QKeySequence("Ctrl+R"), self)
        self.entry_shortcut.activated.connect(self.entry.setFocus)

    # ----- showing ---------------------------------------------------------------------------

    def selected_group(self) -> str | None:
        text = self.group.currentText()
        return text or None

    def refresh(self) -> None:
        info = queries.event_info(self.ev)
        names = [g.name for g in info.groups]
        current = self.group.currentText()
        self.group.blockSignals(True)
        self.group.clear()
        self.group.addItems(names)
        if current in names:
            self.group.setCurrentText(current)
        self.group.blockSignals(False)
        self._group_changed(keep_round=True)

    def _group_changed(self, keep_round: bool = False) -> None:
        name = self.selected_group()
        info = queries.event_info(self.ev) if self.main.ev is not None else None
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
        if number is not None and name is not None:
            try:
                self.round = queries.round_view(self.ev, name, number)
            except UserError as error:
                self.main.show_error(error)
        self._fill()

    def _fill(self) -> None:
        keys = (("col_match", "col_first_team", "col_label", "col_result", "col_second_team",
                 "col_blank") if self.is_team_group() else
                ("col_board", "col_first", "col_first_unit", "col_result", "col_second",
                 "col_second_unit"))
        headers = [tr(k) for k in keys]
        round_ = self.round
        rows: list[list[object]] = []
        data: list[object] = []
        if round_ is not None:
            for board in round_.boards:
                rows.append(self._board_row(board))
                data.append(board.number)
        row = self.table.currentRow()
        common.fill_table(self.table, headers, rows, data)
        for r in range(self.table.rowCount()):
            item = self.table.item(r, 3)
            item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
        if 0 <= row < self.table.rowCount():
            self.table.selectRow(row)
        total = len(round_.boards) if round_ else 0
        done = sum(1 for b in round_.boards if b.result) if round_ else 0
        self.progress.setRange(0, max(total, 1))
        self.progress.setValue(done)
        self.progress.setFormat(tr("rounds_progress", round=round_.number, done=done, total=total)
                                if round_ else tr("rounds_none"))
        self.report.setPlainText("\n".join(round_.report) if round_ else "")
        games = self.entry_games()
        self.entry.setPlaceholderText("12 " + "1=0"[:games] if games <= 3 else "12 1")

    def _board_row(self, board: queries.BoardInfo) -> list[object]:
        """Board number, first side, its unit, result, second side, its unit."""
        first_team = getattr(board, "first_team", None)
        second_team = getattr(board, "second_team", None)
        if first_team:  # a team match (分台定人制): teams, and each board's game
            games = " ".join(g.result or "·" for g in board.games)
            return [board.number, first_team, board.label, f"{board.result}  [{games}]",
                    second_team or tr("bye"), ""]
        result = tr("bye") if board.result == "bye" else board.result
        if len(board.games) > 1:
            parts = [g.result for g in board.games if g.result]
            if parts:
                result = f"{board.result}  ({' '.join(parts)})" if board.result else \
                    " ".join(parts)
        second = player_text(board.second) if board.second is not None else tr("bye")
        return [board.number, player_text(board.first), board.first.unit if board.first else "",
                result, second, board.second.unit if board.second else ""]

    def is_team_group(self) -> bool:
        return bool(self.group_info and self.group_info.system.team)

    def entry_games(self) -> int:
        """Keys per board: 2 in double-game rounds, one per board of a team match."""
        if self.is_team_group() and self.round is not None:
            counts = [len(b.games) for b in self.round.boards if getattr(b, "first_team", None)]
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
        try:
            rounds = common.service("rounds")
        except UserError as error:
            self.main.show_error(error)
            return None
        expected = (self.group_info.rounds_paired + 1) if self.group_info else None
        result = self.run(rounds.pair_next_round, self.ev, name, expected_round=expected)
        if result is not None:
            self.round_box.setCurrentIndex(self.round_box.count() - 1)
            self.main.show_message(tr("rounds_paired", round=result.number))
            self.entry.setFocus()
        return result

    def unpair_last(self) -> bool:
        name = self.selected_group()
        if name is None:
            return False
        try:
            rounds = common.service("rounds")
        except UserError as error:
            self.main.show_error(error)
            return False
        done = self.run(lambda: rounds.unpair_last_round(self.ev, name) or True)
        if done:
            self.main.show_message(tr("rounds_unpaired"))
        return bool(done)

    def selected_board(self) -> int | None:
        value = common.selected_data(self.table)
        return int(value) if isinstance(value, int) else None

    def select_board(self, number: int) -> bool:
        for row in range(self.table.rowCount()):
            if self.table.item(row, 0).data(Qt.ItemDataRole.UserRole) == number:
                self.table.selectRow(row)
                return True
        return False

    def swap_selected(self) -> list[str] | None:
        board = self.selected_board()
        number = self.current_round_number()
        if board is None or number is None:
            self.main.show_message(tr("select_board"))
            return None
        rounds = common.service("rounds")
        warnings = self.run(rounds.swap_colours, self.ev, self.selected_group(), number, board)
        if warnings is not None:
            self._warn(warnings)
        return warnings

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
        if number is None:
            return None
        rounds = common.service("rounds")
        warnings = self.run(rounds.exchange_players, self.ev, self.selected_group(), number,
                            board_a, seat_a, board_b, seat_b)
        if warnings is not None:
            self._warn(warnings)
        return warnings

    def _warn(self, warnings: list[str]) -> None:
        if warnings:
            self.main.show_error(UserError("；".join(warnings), "; ".join(warnings)))
            self.report.appendPlainText("\n".join(tr("rounds_warning", text=w) for w in warnings))

    # ----- results ---------------------------------------------------------------------------

    def enter_result(self, board: int, codes: list[str], playoff: list[str] | None = None
                     ) -> bool:
        """Store a board's result; warn when later rounds were paired on the old one."""
        number = self.current_round_number()
        name = self.selected_group()
        if number is None or name is None or self.round is None:
            self.main.show_message(tr("rounds_none"))
            return False
        old = next((b.result for b in self.round.boards if b.number == board), "")
        later = bool(self.group_info and self.group_info.rounds_paired > number)
        try:
            enter = common.function("rounds", "enter_result")
        except UserError as error:
            self.main.show_error(error)
            return False
        replace = bool(old) and old != "bye"
        if self.is_team_group():
            enter = common.function("knockout", "enter_team_result")
            match = self.run(enter, self.ev, name, number, board, codes, playoff or (),
                             replace=replace)
            if match is None:
                return False
            self.select_board(board)
            self.main.show_message(tr("rounds_match_saved", board=board,
                                      result=match or tr("rounds_match_level")))
            return True
        warnings = self.run(enter, self.ev, name, number, board, codes, replace=replace)
        if warnings is None:
            return False
        self.select_board(board)
        warnings = list(warnings)
        if replace and later and not warnings:
            warnings.append(tr("rounds_later_warning", round=number))
        if warnings:
            self._warn(warnings)
        elif self.round is not None and self.round.complete:
            self.main.show_message(tr("rounds_complete", round=number))
        else:
            self.main.show_message(tr("rounds_result_saved", board=board,
                                      result=" ".join(codes)))
        return True

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
        result = f"  [{board.result}]" if board.result else ""
        self.entry_hint.setText(f"{board.number}: {row[1]} — {row[4]}{result}")

    def _entry_edited(self, text: str) -> None:
        self._show_entry_board(text)
        if self.is_team_group():
            return  # a team match may go on with the captains' playoff: Enter saves it
        games = self.entry_games()
        parsed = parse_entry(text, games)
        if parsed is not None:
            if self.enter_result(*parsed):
                self.entry.clear()
                self.entry_hint.setText("")

    def _entry_return(self) -> None:
        text = self.entry.text()
        if not text.strip():
            return
        games = self.entry_games()
        if self.is_team_group():
            team = parse_team_playoff(text, games)
            if team is not None:
                if self.enter_result(*team):
                    self.entry.clear()
                    self.entry_hint.setText("")
                return
        parsed = parse_entry(text, games)
        if parsed is None:
            self.main.show_error(UserError(tr("bad_entry", text=text), tr("bad_entry", text=text),
                                           tr("rounds_entry")))
            return
        if self.enter_result(*parsed):
            self.entry.clear()
            self.entry_hint.setText("")

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt name)
        """Result keys typed on the pairing table enter the selected board's result."""
        if watched is self.table and event.type() == QEvent.Type.KeyPress:
            assert isinstance(event, QKeyEvent)
            key = event.text()
            if key in KEY_CODES and self.selected_board() is not None:
                self._table_key(key)
                return True
        return super().eventFilter(watched, event)

    def _table_key(self, key: str) -> None:
        games = self.entry_games()
        board = self.selected_board()
        if board is None:
            return
        pending = getattr(self, "_pending", ("", None))
        keys = pending[0] + key if pending[1] == board else key
        if len(keys) < games:
            self._pending = (keys, board)
            return
        self._pending = ("", None)
        row = self.table.currentRow()
        if self.enter_result(board, [KEY_CODES[k] for k in keys]):
            if row + 1 < self.table.rowCount():
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
        self.pair_button.setToolTip(both("rounds_pair_tip"))
        self.unpair_button.setText(tr("rounds_unpair"))
        self.unpair_button.setToolTip(both("rounds_unpair"))
        self.swap_button.setText(tr("rounds_swap"))
        self.swap_button.setToolTip(both("rounds_swap_tip"))
        self.exchange_button.setText(tr("rounds_exchange"))
        self.exchange_button.setToolTip(both("rounds_exchange_tip"))
        self.record_button.setText(tr("rounds_record"))
        self.record_button.setToolTip(both("rounds_record_tip"))
        self.entry_label.setText(tr("rounds_entry"))
        self.entry.setToolTip(both("rounds_entry_tip"))
        self.table.setToolTip(both("rounds_entry_tip"))
        self.report_label.setText(tr("rounds_report"))

    def save_layout(self, settings: Any) -> None:
        settings.setValue("rounds/splitter", self.splitter.saveState())

    def restore_layout(self, settings: Any) -> None:
        state = settings.value("rounds/splitter")
        if state is not None:
            self.splitter.restoreState(state)

