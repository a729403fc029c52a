"""The import wizard (导入晋级名单): choose list files and their order, check, then import.

Every problem is shown row by row (file, row, column, severity, text) before anything is
written; the arbiter imports only when the check is clean, or asks for the valid rows only.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QDialog,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QPushButton,
    QTableWidget,
    QVBoxLayout,
)

from app.errors import NoAnswer, UserError
from app.services import importing, queries
from app.services.operations import IMPORT_LISTS
from app.ui import common
from app.ui.common import cell
from app.ui.i18n import names_text, pick, tr
from app.ui.operations import run_operation


class ImportWizard(QDialog):
    """Non-modal: the arbiter can look at the players table while checking lists."""

    def __init__(self, main: Any, group: str | None = None) -> None:
        super().__init__(main)
        self.main = main
        self.setWindowTitle(tr("import_title"))
        self.resize(900, 600)
        self.paths: list[Path] = []
        self.sources: list[str | None] = []
        self.report: Any = None
        self.files_label = QLabel(tr("import_files"))
        self.files = QListWidget()
        self.files.setObjectName("import_files")
        self.add = QPushButton(tr("import_add"))
        self.add.clicked.connect(self.ask_files)
        self.remove = QPushButton(tr("import_remove"))
        self.remove.clicked.connect(self._remove)
        self.up = QPushButton(tr("import_up"))
        self.up.clicked.connect(lambda: self._move(-1))
        self.down = QPushButton(tr("import_down"))
        self.down.clicked.connect(lambda: self._move(1))
        self.group = QComboBox()
        self.group.addItem(tr("import_group_auto"), None)
        event_info = queries.event_info(main.ev)
        for info in event_info.groups:
            self.group.addItem(info.name, info.name)
        if group is not None:
            self.group.setCurrentIndex(max(self.group.findData(group), 0))
        self.source_label = QLabel(tr("import_source"))
        self.source = QComboBox()
        self.source.setObjectName("import_source")
        self.source.setToolTip(tr("import_source_tip"))
        self.source.addItem(tr("import_source_auto"), None)
        qualifiers = event_info.settings.get("qualifiers", {}) or {}
        # The preset's merge rules name its lists (网络入围赛, 外卡 ...): qualifiers.rules.lists
        for rule in (qualifiers.get("rules", {}) or {}).get("lists", []) or []:
            label = rule.get("label") if isinstance(rule, dict) else None
            if label:
                self.source.addItem(str(label), str(label))
        self.source.currentIndexChanged.connect(self._source_changed)
        self.files.currentRowChanged.connect(self._file_selected)
        self.check_button = QPushButton(tr("import_check"))
        self.check_button.setToolTip(tr("import_check_tip"))
        self.check_button.clicked.connect(self.check)
        self.valid_only = QCheckBox(tr("import_valid_only"))
        self.import_button = QPushButton(tr("import_write"))
        self.import_button.clicked.connect(self.write)
        self.close_button = QPushButton(tr("import_cancel"))
        self.close_button.clicked.connect(self.close)
        self.summary = QLabel()
        self.summary.setWordWrap(True)
        self.problems = QTableWidget()
        self.problems.setObjectName("import_problems")
        self.problems.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)

        file_buttons = QVBoxLayout()
        for button in (self.add, self.remove, self.up, self.down):
            file_buttons.addWidget(button)
        file_buttons.addWidget(self.source_label)
        file_buttons.addWidget(self.source)
        file_buttons.addStretch(1)
        files_row = QHBoxLayout()
        files_row.addWidget(self.files, 1)
        files_row.addLayout(file_buttons)
        actions = QHBoxLayout()
        actions.addWidget(QLabel(tr("import_group")))
        actions.addWidget(self.group)
        actions.addWidget(self.check_button)
        actions.addStretch(1)
        actions.addWidget(self.valid_only)
        actions.addWidget(self.import_button)
        actions.addWidget(self.close_button)
        layout = QVBoxLayout(self)
        layout.addWidget(self.files_label)
        layout.addLayout(files_row)
        layout.addLayout(actions)
        layout.addWidget(self.summary)
        layout.addWidget(self.problems, 1)
        self._update_buttons()

    # ----- files -----------------------------------------------------------------------------

    def ask_files(self) -> None:
        self.add_files(common.ask_open_paths(self, tr("choose_lists"), tr("list_files"),
                                             self.main.event_folder()))

    def add_files(self, paths: list[Path], source: str | None = None) -> None:
        """Add list files (in merge order); `source` names the regulation's list they are."""
        for path in paths:
            if Path(path) not in self.paths:
                self.paths.append(Path(path))
                self.sources.append(source)
        self._show_files()

    def set_source(self, row: int, source: str | None) -> None:
        if 0 <= row < len(self.sources):
            self.sources[row] = source
            self._show_files()
            self.files.setCurrentRow(row)

    def _source_changed(self, _index: int) -> None:
        row = self.files.currentRow()
        if 0 <= row < len(self.sources) and self.sources[row] != self.source.currentData():
            self.set_source(row, self.source.currentData())

    def _file_selected(self, row: int) -> None:
        if 0 <= row < len(self.sources):
            self.source.blockSignals(True)
            index = self.source.findData(self.sources[row])
            self.source.setCurrentIndex(max(index, 0))
            self.source.blockSignals(False)

    def _show_files(self) -> None:
        self.files.blockSignals(True)
        self.files.clear()
        for path, source in zip(self.paths, self.sources, strict=True):
            self.files.addItem(f"{path}    ← {source or tr('import_source_auto')}")
        self.files.blockSignals(False)
        self.report = None
        self._update_buttons()

    def _remove(self) -> None:
        row = self.files.currentRow()
        if row >= 0:
            del self.paths[row]
            del self.sources[row]
            self._show_files()

    def _move(self, step: int) -> None:
        row = self.files.currentRow()
        other = row + step
        if row < 0 or not 0 <= other < len(self.paths):
            return
        self.paths[row], self.paths[other] = self.paths[other], self.paths[row]
        self.sources[row], self.sources[other] = self.sources[other], self.sources[row]
        self._show_files()
        self.files.setCurrentRow(other)

    def _update_buttons(self) -> None:
        self.check_button.setEnabled(bool(self.paths))
        self.import_button.setEnabled(self.report is not None)

    # ----- check and write --------------------------------------------------------------------

    def _import(self, dry_run: bool) -> Any:
        arguments = (self.main.ev, list(self.paths))
        options: dict[str, Any] = {"group": self.group.currentData(),
                                   "valid_only": self.valid_only.isChecked(),
                                   "sources": list(self.sources)}
        if dry_run:  # a check writes nothing: a plain call, no operation
            try:
                return importing.import_lists(*arguments, dry_run=True, **options)
            except (UserError, NoAnswer) as error:
                self.summary.setText(
                    f"<span style='color:#b00020'>{_escape(_error(error))}</span>")
                self.main.show_error(error)
                return None
        outcome = run_operation(self.main, IMPORT_LISTS, *arguments, dry_run=False, **options)
        if outcome is None:
            self.summary.setText(f"<span style='color:#b00020'>{_escape(self.main.last_error)}"
                                 "</span>")
            return None
        return outcome.value

    def check(self) -> Any:
        """A dry run: every problem shown, nothing written. A refused check (every round
        paired meanwhile, say) takes back the check before it: its rows, and the import."""
        report = self._import(dry_run=True)
        self.report = report
        if report is not None:
            self._show_report(report)
            self._ask_list_types(report)
        else:
            self.problems.setRowCount(0)
        self._update_buttons()
        return report

    def write(self) -> Any:
        report = self._import(dry_run=False)
        if report is None:
            return None
        self.report = report
        self._show_report(report)
        self._ask_list_types(report)
        if report.written:
            self.summary.setText(self.summary.text() + "\n" + tr("import_written",
                                                                  entrants=report.entrants))
            self.main.show_message(tr("import_written", entrants=report.entrants))
        else:
            self.summary.setText(self.summary.text() + "\n" + tr("import_not_written"))
        return report

    def _ask_list_types(self, report: Any) -> None:
        """Files whose list type, left automatic, was taken from a 来源 column or the file's
        name and names none of the regulation's lists (来源“第1期”没有对应的晋级规则): the
        summary says to choose it in the box where it is chosen, the first such file is
        selected and that box has the focus."""
        untyped = [i for i in report.untyped if 0 <= i < len(self.paths)]
        if not untyped:
            return
        lists = [self.source.itemText(i) for i in range(1, self.source.count())]
        files = names_text(f"“{self.paths[i].name}”" for i in untyped)
        self.summary.setText(self.summary.text() + "\n" + tr(
            "import_choose_source", files=files, box=tr("import_source_box"),
            lists=names_text(lists)))
        self.files.setCurrentRow(untyped[0])
        self.source.setFocus()

    def _show_report(self, report: Any) -> None:
        errors = sum(1 for p in report.problems if p.severity == "error")
        self.summary.setText(tr("import_summary", entrants=report.entrants,
                                problems=len(report.problems), errors=errors))
        headers = [tr(k) for k in ("col_file", "col_row", "col_column", "col_severity",
                                   "col_problem")]
        rows: list[tuple[object, ...]] = [
            (Path(str(p.file)).name, p.row, p.column,
             tr("severity_error") if p.severity == "error" else tr("severity_warning"),
             pick(p.zh, p.en))
            for p in report.problems]
        # Every row the quota or a rule leaves out, with the reason (as the dry run prints).
        rows += [(Path(line.file).name, line.row, "", tr("severity_left_out"),
                  tr("import_left_out_row", name=line.name, reason=pick(line.zh, line.en)))
                 for line in report.left_out]
        common.fill_table(self.problems, headers, rows)
        red = QBrush(QColor("#f8d7da"))
        for r, line in enumerate([*report.problems, *report.left_out]):
            cell(self.problems, r, 4).setToolTip(pick(line.zh, line.en))  # the language shown
        for r, problem in enumerate(report.problems):
            if problem.severity == "error":
                for c in range(5):
                    cell(self.problems, r, c).setBackground(red)


def _error(error: BaseException) -> str:
    from app.ui.i18n import error_text

    return error_text(error)


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")

