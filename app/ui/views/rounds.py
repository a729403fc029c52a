"""The rounds view (轮次): pair the next round, the pairing list, manual changes, results.

Fast result entry by keyboard: type the board number, a space, then one key per game —
`1` first mover wins, `0` second mover wins, `=` draw, `+` forfeit win of the first mover,
`-` forfeit win of the second mover, `*` both forfeit; `t1` / `t0`: that win came by a loss
on time (超时负). A single-game round saves on the key; a double-game round (双盘制) on the
second key (or on one forfeit, or one loss on time in game 1, which decide the whole round).
In the table, the same keys enter the result of the selected board and move to the next one.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHBoxLayout,
    QInputDialog,
    QLabel,
    QPlainTextEdit,
    QProgressBar,
    QPushButton,
    QSplitter,
    QTableWidget,
    QVBoxLayout,
    QWidget,
)

from app import wording
from app.errors import UserError
from app.services import queries
from app.services import rounds as rounds_service
from app.services.operations import (
    EXCHANGE_PLAYERS,
    PAIR_NEXT_ROUND,
    SWAP_COLOURS,
    UNPAIR_LAST_ROUND,
    Area,
)
from app.ui import common
from app.ui.common import cell
from app.ui.i18n import language, pick, stored_text, tr
from app.ui.operations import background_busy, run_in_background
from app.ui.views import rounds_lots, rounds_print, rounds_table
from app.ui.views.base import View
from app.ui.views.rounds_entry import ResultEntry


class RoundsView(View):
    """One group's rounds: pairing list by board, result entry, manual changes, report."""

    areas = frozenset({Area.ROUNDS, Area.PLAYERS, Area.TEAMS, Area.EVENT, Area.GAMES})

    def __init__(self, main: Any) -> None:
        super().__init__(main)
        self.round: queries.RoundInfo | None = None
        self.group_info: queries.GroupInfo | None = None
        self.points_before: dict[int, int] = {}
        self._refusals: rounds_service.RoundRefusals | None = None
        self._refusals_for: tuple[str | None, int | None] = (None, None)
        self._refusals_stale = True
        self.changed_board: int | None = None  # a result just stored on this board only
        self._show_last_round = False  # while pairing: the round paired is shown next
        self._shown_headers: list[str] | None = None
        self.group_label = QLabel()
        self.group = QComboBox()
        self.group.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.group.setObjectName("rounds_group")
        self.group.currentIndexChanged.connect(lambda _i: self._group_changed())
        self.round_label = QLabel()
        self.round_box = QComboBox()
        self.round_box.setObjectName("rounds_round")
        self.round_box.currentIndexChanged.connect(lambda _i: self._show_round())
        self.pair_button = _named_button("pair_next")
        self.unpair_button = QPushButton()
        self.swap_button = QPushButton()
        self.exchange_button = QPushButton()
        self.record_button = QPushButton()
        self.record_button.clicked.connect(self.record_selected)
        self.lots_button = rounds_lots.button(self)  # a knockout board neither player came to
        self.print_button = _named_button("print_pairings")
        self.pdf_button = _named_button("pdf_pairings")
        self.slips_button = _named_button("print_slips")
        self.slips_pdf_button = _named_button("pdf_slips")
        self.progress = QProgressBar()
        self.progress.setObjectName("round_progress")
        self.progress.setTextVisible(True)
        self.table = QTableWidget()
        self.table.setObjectName("pairings")
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.doubleClicked.connect(lambda _index: self.record_selected())
        self.table.itemSelectionChanged.connect(self.main_actions_changed)
        self.report_label = QLabel()
        self.report = QPlainTextEdit()
        self.report.setObjectName("pairing_report")
        self.report.setReadOnly(True)
        self.results = ResultEntry(self)  # the quick entry, and the keys typed on the table
        self.entry_label = self.results.entry_label
        self.entry = self.results.entry
        self.entry_hint = self.results.entry_hint
        self.entry_error = self.results.entry_error

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
        manual.addWidget(self.lots_button)
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
        rounds_lots.update_button(self)

    # ----- whether an action can succeed ------------------------------------------------------

    def _ask_refusals(self) -> None:
        """Ask the services once what the round operations would say (after each change)."""
        name = self.selected_group()
        number = self.current_round_number()
        if name is None and self.stale and self.main.ev is not None:
            # Not shown yet: what it will show first (the first group's last round), asked once
            groups = self.main.standings.event_info(self.ev).groups
            name = groups[0].name if groups else None
            number = (groups[0].rounds_paired or None) if groups else None
        self._refusals = None if name is None or self.main.ev is None else \
            self.main.standings.prepared(("refusals", name, number),  # read ahead, if it was
                                         lambda: rounds_service.round_refusals(self.ev, name, number))
        self._refusals_for = (name, number)

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
            "rounds_exchange": _why(refusals.exchange) or change,  # never in a round robin
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
        self.results.reset()
        self.table.clearSelection()

    def boards_changed(self, ids: tuple[int, ...]) -> None:
        """Undo or redo changed the result of these boards only (by stored id): when it is
        one board of the round shown, only its row is shown again."""
        numbers = [b.number for b in self.round.boards if b.id in ids] if self.round else []
        self.changed_board = numbers[0] if len(ids) == 1 and len(numbers) == 1 else None

    def refresh(self) -> None:
        # (What the Round actions say was marked out of date by the change that refreshes.)
        board, self.changed_board = self.changed_board, None
        if board is not None and self.round is not None and self._refresh_board(board):
            return
        info = self.main.standings.event_info(self.ev)
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
                             complete=all(b.done for b in boards))
        for column, value in enumerate(self.board_row(board)):
            item = self.table.item(row, column)
            if item is not None and not isinstance(value, int):
                item.setText("" if value is None else str(value))
        # The result column was sized when it was empty: a result is shown whole (0-1t).
        # Only this board's cell changed: only it is measured (not the whole column).
        result_column = 3 if self.is_team_group() else 4
        wanted = self.table.sizeHintForIndex(self.table.model().index(row, result_column)
                                             ).width() + (1 if self.table.showGrid() else 0)
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
            info = self.main.standings.event_info(self.ev)
        self.group_info = None
        if info is not None:
            for group in info.groups:
                if group.name == name:
                    self.group_info = group
        self.results.show_tip()
        paired = self.group_info.rounds_paired if self.group_info else 0
        current = self.round_box.currentData()
        shown = self.round_box.count()
        self.round_box.blockSignals(True)
        self.round_box.clear()
        for number in range(1, paired + 1):
            self.round_box.addItem(tr("round") + f" {number}", number)
        keep = keep_round and not self._show_last_round
        self.round_box.setCurrentIndex(_round_to_show(current, shown, paired, keep) - 1)
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
            team = self.is_team_group()
            try:  # read ahead by the opening's worker, if it was
                self.round, self.points_before = self.main.standings.prepared(
                    ("round", name, number),
                    lambda: rounds_table.read_round(self.ev, name, number, team))
            except UserError as error:
                self.main.show_error(error)
        self._fill()
        self.main_actions_changed()

    def _fill(self) -> None:
        round_ = self.round
        rows: list[list[object]] = []
        data: list[object] = []
        if round_ is not None:
            for board in round_.boards:
                rows.append(self.board_row(board))
                data.append(board.number)
        row = self.table.currentRow()
        if rounds_table.same_boards(self.table, self.headers(), self._shown_headers, rows, data):
            rounds_table.update_rows(self.table, rows)
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
        self.results.show_games(self.entry_games())

    def _show_progress(self) -> None:
        round_ = self.round
        total = len(round_.boards) if round_ else 0
        done = sum(1 for b in round_.boards if b.done) if round_ else 0
        self.progress.setRange(0, max(total, 1))
        self.progress.setValue(done)
        key = "rounds_progress_matches" if self.is_team_group() else "rounds_progress"
        self.progress.setFormat(tr(key, round=round_.number, done=done, total=total)
                                if round_ else tr("rounds_none"))
        self.report.setPlainText(_report_text(round_))

    def headers(self) -> list[str]:
        return rounds_table.headers(self.is_team_group(), rounds_table.places_shown(self))

    def board_row(self, board: queries.BoardInfo) -> list[object]:
        """Board, first side (points before the round, unit), result, second side (...)."""
        return rounds_table.board_row(board, self.points_before, rounds_table.places_shown(self))

    def is_team_group(self) -> bool:
        return bool(self.group_info and self.group_info.system.team)

    def entry_games(self) -> int:
        """Keys per board: 2 in double-game rounds, one per board of a team match."""
        if self.is_team_group() and self.round is not None:
            # a team's bye (轮空, a Team Swiss with an odd number of teams) has no games, a
            # level match's captains' playoff (主将加赛) is a game of no board
            counts = [sum(not g.playoff for g in b.games) for b in self.round.boards
                      if b.first_team and b.second_team]
            if counts:
                return min(counts)
        return self.group_info.games_per_round if self.group_info else 1

    def board_texts(self) -> list[list[str]]:
        return common.table_texts(self.table)

    # ----- pairing ---------------------------------------------------------------------------

    def pair_next(self) -> queries.RoundInfo | None:
        """Pair the group's next round in a worker thread, the window answering meanwhile
        (its progress shown); return when it is stored (None: refused, or a pairing is
        running already)."""
        name = self.selected_group()
        if name is None or background_busy():
            return None
        expected = (self.group_info.rounds_paired + 1) if self.group_info else None
        self.main.show_message(tr("rounds_pairing"))
        self._show_last_round = True  # the refresh that shows the change shows the new round
        try:
            outcome = run_in_background(self.main, self, tr("rounds_pairing"), PAIR_NEXT_ROUND,
                                        self.ev, name, expected_round=expected)
            if outcome is None:
                return None
            if self.stale:  # paired from another view (F5): not refreshed with the change
                self.stale = False
                self.refresh()
        finally:
            self._show_last_round = False
        if self.round_box.currentIndex() != self.round_box.count() - 1:
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

    # ----- printing (app.ui.views.rounds_print) -----------------------------------------------

    def print_pairings(self) -> bool:
        return rounds_print.print_pairings(self)

    def export_pairings_pdf(self) -> bool:
        return rounds_print.print_pairings(self, pdf=True)

    def print_refusal(self) -> str | None:
        return rounds_print.print_refusal(self)

    def print_slips(self, pdf: bool = False) -> bool:
        return rounds_print.print_slips(self, pdf)

    # ----- results (app.ui.views.rounds_entry) ------------------------------------------------

    def enter_result(self, board: int, codes: list[str], playoff: list[str] | None = None
                     ) -> bool:
        return self.results.enter_result(board, codes, playoff)

    def _entry_edited(self, text: str) -> None:
        self.results.edited(text)

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
        self.results.retranslate()
        self.results.show_tip()
        self.report_label.setText(tr("rounds_report"))

    def save_layout(self, settings: Any) -> None:
        settings.setValue("rounds/splitter", self.splitter.saveState())

    def restore_layout(self, settings: Any) -> None:
        state = settings.value("rounds/splitter")
        if state is not None:
            self.splitter.restoreState(state)


def _report_text(round_: queries.RoundInfo | None) -> str:
    """The round's pairing report, then who sits the round out and why (they have no board)."""
    lines = [stored_text(line) for line in (round_.report if round_ else ())]
    if round_ is not None and round_.sitting_out:
        lines.append(wording.sitting_out_text(
            ((ref.number, ref.name, why) for ref, why in round_.sitting_out), language()))
    return "\n".join(line for line in lines if line)


def _round_to_show(current: object, shown: int, paired: int, keep: bool) -> int:
    """The round the view shows after a change: the one shown (`current` of the `shown`
    rounds listed) when it is to be kept (`keep`) and is still paired, else the last. A round paired
    meanwhile (redone, or paired at another station) while the last one was shown is the
    one shown, as when paired here."""
    followed = current == shown < paired
    if keep and not followed and isinstance(current, int) and 1 <= current <= paired:
        return current
    return paired


def _why(error: UserError | None) -> str | None:
    """A refusal as the tooltip of a disabled action says it (no place prefix)."""
    return None if error is None else pick(error.zh, error.en)


def _named_button(name: str) -> QPushButton:
    """A button the tests find by its object name."""
    button = QPushButton()
    button.setObjectName(name)
    return button


def _mirror(button: QPushButton, action: Any) -> None:
    button.setEnabled(action.isEnabled())
    button.setToolTip(action.toolTip())

