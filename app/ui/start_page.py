"""The start page: new event from a preset or empty, open a file (recent files), the demo."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QGroupBox,
    QHBoxLayout,
    QInputDialog,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from app.services.presets import list_presets
from app.ui.i18n import stored_text, tr

DESCRIPTION = Qt.ItemDataRole.UserRole + 1  # a preset's description, in both languages

if TYPE_CHECKING:
    from app.ui.main_window import MainWindow


class StartPage(QWidget):
    """What the program shows with no event open."""

    def __init__(self, main: MainWindow) -> None:
        super().__init__()
        self.main = main
        self.heading = QLabel()
        self.heading.setObjectName("heading")
        font = self.heading.font()
        font.setPointSizeF(font.pointSizeF() * 2.0)
        font.setBold(True)
        self.heading.setFont(font)
        self.sub = QLabel()

        self.new_box = QGroupBox()
        self.presets_label = QLabel()
        self.presets = QListWidget()
        self.presets.setObjectName("presets")
        for info in list_presets():
            item = QListWidgetItem(f"{info.title}\n    {'、'.join(info.groups)}")
            item.setData(Qt.ItemDataRole.UserRole, info.name)
            item.setData(DESCRIPTION, info.description)  # "Chinese / English"
            self.presets.addItem(item)
        self.presets.setSpacing(3)
        self.preset_description = QLabel()
        self.preset_description.setObjectName("preset_description")
        self.preset_description.setWordWrap(True)
        self.presets.currentItemChanged.connect(lambda item, _old: self._describe(item))
        if self.presets.count():
            self.presets.setCurrentRow(0)
        self.presets.itemDoubleClicked.connect(lambda _item: self._new_from_preset())
        self.new_preset = QPushButton()
        self.new_preset.clicked.connect(self._new_from_preset)
        self.new_empty = QPushButton()
        self.new_empty.clicked.connect(lambda: self.main.ask_new_event(None))
        new_layout = QVBoxLayout(self.new_box)
        new_layout.addWidget(self.presets_label)
        new_layout.addWidget(self.presets, 1)
        new_layout.addWidget(self.preset_description)
        buttons = QHBoxLayout()
        buttons.addWidget(self.new_preset)
        buttons.addWidget(self.new_empty)
        buttons.addStretch(1)
        new_layout.addLayout(buttons)

        self.open_box = QGroupBox()
        self.open_file = QPushButton()
        self.open_file.clicked.connect(self.main.ask_open_event)
        self.recent_label = QLabel()
        self.recent = QListWidget()
        self.recent.setObjectName("recent")
        self.recent.itemActivated.connect(self._open_recent)
        self.recent.itemDoubleClicked.connect(self._open_recent)
        self.open_url = QPushButton()
        self.open_url.clicked.connect(self._ask_url)
        self.demo = QPushButton()
        self.demo.clicked.connect(self.main.open_demo)
        open_layout = QVBoxLayout(self.open_box)
        open_layout.addWidget(self.open_file)
        open_layout.addWidget(self.open_url)
        open_layout.addWidget(self.recent_label)
        open_layout.addWidget(self.recent, 1)
        open_layout.addWidget(self.demo)

        columns = QHBoxLayout()
        columns.addWidget(self.new_box, 3)
        columns.addWidget(self.open_box, 2)
        layout = QVBoxLayout(self)
        layout.addWidget(self.heading)
        layout.addWidget(self.sub)
        layout.addLayout(columns, 1)
        self.retranslate()

    def _describe(self, item: QListWidgetItem | None) -> None:
        self.preset_description.setText(item.toolTip() if item is not None else "")

    def selected_preset(self) -> str | None:
        item = self.presets.currentItem()
        return None if item is None else str(item.data(Qt.ItemDataRole.UserRole))

    def _new_from_preset(self) -> None:
        preset = self.selected_preset()
        if preset is None:
            self.main.show_message(tr("no_preset_selected"))
            return
        self.main.ask_new_event(preset)

    def _ask_url(self) -> None:
        """A shared event on a PostgreSQL server (several stations at the venue)."""
        url, ok = QInputDialog.getText(self, tr("start_open_url"), tr("start_url_prompt"),
                                       text="postgresql://")
        if ok and url.strip():
            self.main.opening.start(url.strip())

    def _open_recent(self, item: QListWidgetItem) -> None:
        self.main.opening.start(str(item.data(Qt.ItemDataRole.UserRole)))

    def refresh(self) -> None:
        self.recent.clear()
        for path in self.main.recent_files():
            item = QListWidgetItem(path)
            item.setData(Qt.ItemDataRole.UserRole, path)
            self.recent.addItem(item)

    def retranslate(self) -> None:
        self.heading.setText(tr("start_heading"))
        self.sub.setText(tr("start_sub"))
        self.new_box.setTitle(tr("start_new"))
        self.presets_label.setText(tr("start_presets"))
        self.new_preset.setText(tr("start_new_preset"))
        self.new_preset.setToolTip(tr("start_new_preset_tip"))
        self.new_empty.setText(tr("start_new_empty"))
        self.open_box.setTitle(tr("start_open"))
        self.open_file.setText(tr("start_open_file"))
        self.open_file.setToolTip(tr("act_open_tip"))
        self.recent_label.setText(tr("start_recent"))
        self.open_url.setText(tr("start_open_url"))
        self.open_url.setToolTip(tr("start_url_prompt"))
        self.demo.setText(tr("start_demo"))
        self.demo.setToolTip(tr("act_demo_tip"))
        for row in range(self.presets.count()):
            item = self.presets.item(row)
            item.setToolTip(stored_text(str(item.data(DESCRIPTION))))
        self._describe(self.presets.currentItem())
        self.refresh()
