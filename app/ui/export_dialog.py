"""The print and export dialog: what to write, where, with progress; the folder opened after."""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

from PySide6.QtCore import QEvent, QObject, Qt, QUrl
from PySide6.QtGui import QDesktopServices, QKeyEvent
from PySide6.QtWidgets import (
    QApplication,
    QCheckBox,
    QComboBox,
    QDialog,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QProgressBar,
    QPushButton,
    QVBoxLayout,
)

from app.errors import NoAnswer, UserError
from app.services import exporting, queries, ranking
from app.services.operations import EXPORT
from app.ui import common
from app.ui.i18n import language, tr
from app.ui.operations import DialogEcho, run_operation
from app.ui.texts import DOCUMENT_ENGLISH


def document_text(label: str) -> str:
    """A document of the export by the name it has (Chinese, as its file and the command
    line name it), in English mode by what it is."""
    if language() == "zh":
        return label
    for pattern, english in DOCUMENT_ENGLISH:
        found = re.fullmatch(pattern, label)
        if found:
            return english.format(*found.groups())
    return label


def open_folder(folder: Path) -> bool:
    """Show the output folder in the system's file manager."""
    return QDesktopServices.openUrl(QUrl.fromLocalFile(str(folder)))


def open_file(path: Path) -> bool:
    """Open one written file in the program the system has for it (a PDF reader ...)."""
    return QDesktopServices.openUrl(QUrl.fromLocalFile(str(path)))


class ExportDialog(QDialog):
    """Non-modal; the progress bar follows the export's own progress callback."""

    def __init__(self, main: Any) -> None:
        super().__init__(main)
        self.main = main
        # The arbiter moved on to the export: a refusal of the view behind is not about it,
        # and what the export refuses belongs here, gone with the dialog.
        main.move_on(self)
        self.finished.connect(lambda _result: main.move_on(main.message_place()))
        self.setWindowTitle(tr("export_title"))
        self.resize(640, 420)
        self.written: list[Path] = []
        self.pdf = QCheckBox(tr("export_pdf"))  # the booklets' Word files come with the PDFs
        self.pdf.setToolTip(tr("export_pdf_tip"))
        self.pdf.setChecked(True)
        self.xlsx = QCheckBox(tr("export_xlsx"))
        self.xlsx.setChecked(True)
        self.federation = QCheckBox(tr("export_federation"))
        self.federation.setChecked(True)
        self.provisional = QCheckBox(tr("export_provisional"))
        self.provisional.setObjectName("export_provisional")
        self.provisional_note = QLabel()
        self.provisional_note.setObjectName("export_provisional_note")
        self.provisional_note.setWordWrap(True)
        self._set_provisional()
        # One document alone, or all the kinds ticked above (the default).
        self.document = QComboBox()
        self.document.setObjectName("export_document")
        self.document.addItem(tr("export_all_documents"), None)
        for label in self._documents():
            self.document.addItem(document_text(label), label)
        self.document.currentIndexChanged.connect(self._document_changed)
        self.open_after = QCheckBox(tr("export_open_folder"))
        self.open_after.setChecked(True)
        self.folder = QLineEdit(str(self._default_folder()))
        self.choose = QPushButton(tr("export_choose"))
        self.choose.clicked.connect(self._choose)
        self.progress = QProgressBar()
        self.progress.setObjectName("export_progress")
        self.progress_label = QLabel()
        self.files = QListWidget()
        self.files.setObjectName("export_files")
        self.files.setToolTip(tr("export_files_tip"))
        # Enter or a double click on a file written opens it (to check the paper at once);
        # Enter there is the list's, not the default button's (it would export again).
        self.files.itemDoubleClicked.connect(self._open_written)
        self.files.installEventFilter(self)
        self.run_button = QPushButton(tr("export_run"))
        self.run_button.setDefault(True)
        self.run_button.clicked.connect(self.export)
        self.close_button = QPushButton(tr("import_cancel"))
        self.close_button.clicked.connect(self.close)
        folder_row = QHBoxLayout()
        folder_row.addWidget(QLabel(tr("export_folder")))
        folder_row.addWidget(self.folder, 1)
        folder_row.addWidget(self.choose)
        buttons = QHBoxLayout()
        buttons.addWidget(self.open_after)
        buttons.addStretch(1)
        buttons.addWidget(self.run_button)
        buttons.addWidget(self.close_button)
        layout = QVBoxLayout(self)
        for box in (self.pdf, self.xlsx, self.federation, self.provisional):
            layout.addWidget(box)
        layout.addWidget(self.provisional_note)
        document_row = QHBoxLayout()
        document_row.addWidget(QLabel(tr("export_document")))
        document_row.addWidget(self.document, 1)
        layout.addLayout(document_row)
        layout.addLayout(folder_row)
        layout.addWidget(self.progress)
        layout.addWidget(self.progress_label)
        layout.addWidget(self.files, 1)
        layout.addLayout(buttons)

    def _open_written(self, item: QListWidgetItem | None) -> None:
        if item is not None:
            open_file(Path(item.data(Qt.ItemDataRole.UserRole)))

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt name)
        if watched is self.files and event.type() == QEvent.Type.KeyPress and isinstance(
                event, QKeyEvent) and event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            self._open_written(self.files.currentItem())
            return True
        return super().eventFilter(watched, event)

    def unfinished_rankings(self) -> list[str]:
        """The rankings not final yet (rounds or decisive playoffs remain): their awards,
        certificates and titles are printed only when asked for as provisional (临时，非最终)."""
        names: list[str] = []
        if self.main.ev is None:
            return names
        before = self.main.telling_from(self)
        try:  # a ranking with nobody in it has nothing to print, provisional or not
            for group in queries.event_info(self.main.ev).groups:
                info, subs = ranking.rankings(self.main.ev, group.name)
                if info.rows and not info.final:
                    names.append(group.name)
                names += [s.name for s in subs if s.rows and not s.final]
            names += [t.name for t in ranking.team_standings(self.main.ev)
                      if t.rows and not t.final]
        except (UserError, NoAnswer) as error:
            self.main.show_error(error)
        finally:
            self.main.telling_from(before)
        return names

    def _set_provisional(self) -> None:
        """The choice to print provisional awards, offered only while something is not
        final; disabled, saying why, when everything is."""
        unfinished = self.unfinished_rankings()
        self.provisional.setChecked(False)
        self.provisional.setEnabled(bool(unfinished))
        if unfinished:
            self.provisional.setToolTip(tr("export_provisional_tip"))
            self.provisional_note.setText(tr("export_provisional_which",
                                             rankings="、".join(unfinished)))
        else:
            self.provisional.setToolTip(tr("export_all_final"))
            self.provisional_note.setText(tr("export_all_final"))

    def _documents(self) -> list[str]:
        """Every document an export of the event writes, by the name its progress shows."""
        if self.main.ev is None:
            return []
        try:
            return exporting.export_documents(self.main.ev)
        except (UserError, NoAnswer):
            return []  # the export itself will say why the event cannot be exported

    def _document_changed(self) -> None:
        """A single document needs no choice of kinds: the kinds' boxes wait meanwhile."""
        alone = self.document.currentData() is not None
        for box in (self.pdf, self.xlsx, self.federation):
            box.setEnabled(not alone)

    def _default_folder(self) -> Path:
        path = self.main.ev.store.path if self.main.ev is not None else None
        if path is not None:
            return path.parent / f"{path.stem}-export"
        return Path.home() / "gomoku-export"

    def _choose(self) -> None:
        folder = common.ask_directory(self, tr("choose_folder"), self.folder.text())
        if folder is not None:
            self.folder.setText(str(folder))

    def _progress(self, done: int, total: int, label: str) -> None:
        self.progress.setRange(0, max(total, 1))
        self.progress.setValue(done)
        if label:  # the document now being written (none once all are written)
            self.progress_label.setText(f"{tr('export_progress')} {document_text(label)}")
        QApplication.processEvents()

    def export(self) -> list[Path]:
        folder = Path(self.folder.text().strip())
        try:
            target = exporting.export_target(self.main.ev, folder)
        except UserError:
            target = folder  # the export itself refuses it, saying why
        self.run_button.setEnabled(False)
        before = self.main.telling_from(self)
        try:
            document = self.document.currentData()
            alone = document is not None
            # The snapshot before the papers is a write: run as every write is (the runner).
            outcome = run_operation(
                DialogEcho(self.main, self.progress_label.setText), EXPORT, self.main.ev, folder,
                pdf=alone or self.pdf.isChecked(),
                xlsx=alone or self.xlsx.isChecked(),
                federation=alone or self.federation.isChecked(), progress=self._progress,
                provisional=self.provisional.isEnabled() and self.provisional.isChecked(),
                only=[document] if alone else None)
        finally:
            self.main.telling_from(before)
            self.run_button.setEnabled(True)
        if outcome is None:
            return []
        self.written = list(outcome.value)
        # a folder that holds files gets a dated folder inside it (导出-日期): name that one
        folder = written_folder(target, self.written)
        self.files.clear()
        for path in self.written:  # by their place in the folder written, not in full
            item = QListWidgetItem(_inside(path, folder))
            item.setData(Qt.ItemDataRole.UserRole, str(path))
            self.files.addItem(item)
        if self.written:
            self.files.setCurrentRow(0)
        message = tr("export_done", count=len(self.written), folder=str(folder))
        self.progress_label.setText(message)
        self.main.show_message(message)
        if self.open_after.isChecked():
            open_folder(folder)
        return self.written


def written_folder(target: Path, written: list[Path]) -> Path:
    """The folder an export wrote into: `target`, the one it was to write into
    (`export_target`), when every file is inside it; else (a new dated folder begun as the
    minute turned) the one folder holding them all."""
    resolved = target.resolve()
    if not written or all(resolved in path.resolve().parents for path in written):
        return target
    return Path(os.path.commonpath([str(path.resolve().parent) for path in written]))


def _inside(path: Path, folder: Path) -> str:
    """A written file by its path inside the output folder (PDF/公开组/第01轮/成绩表.pdf)."""
    try:
        return str(path.resolve().relative_to(folder.resolve()))
    except ValueError:  # written elsewhere: named in full
        return str(path)
