"""The setup view's 赛事信息 box: the event's title, organisers, venue and dates as typed, the
regulation preset it was made from (by the regulation's title) and the button that saves them.
The view stores a change (one undoable operation); the box only shows and reads the fields."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import (
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QWidget,
)

from app.services import queries
from app.services.presets import preset_info
from app.ui.i18n import one_language, tr

EVENT_KEYS = ("title", "organisers", "venue", "start_date", "end_date")


class EventDetailsBox(QGroupBox):
    """The event's details as fields; `save` is called on Enter in a field and on the button."""

    def __init__(self, save: Callable[[], object]) -> None:
        super().__init__()
        form = QFormLayout(self)
        self.edits = {key: QLineEdit() for key in EVENT_KEYS}
        for key, edit in self.edits.items():
            edit.setObjectName(f"event_{key}")
            edit.returnPressed.connect(save)
        for key in ("start_date", "end_date"):
            self.edits[key].setPlaceholderText("YYYY-MM-DD")
            self.edits[key].setMaximumWidth(160)
        self.preset_label = QLabel()
        self.preset_title = QLabel()
        self.save_button = QPushButton()
        self.save_button.setObjectName("save_event")
        self.save_button.clicked.connect(save)
        dates = QWidget()
        dates_layout = QHBoxLayout(dates)
        dates_layout.setContentsMargins(0, 0, 0, 0)
        dates_layout.addWidget(self.edits["start_date"])
        dates_layout.addWidget(QLabel("–"))
        dates_layout.addWidget(self.edits["end_date"])
        dates_layout.addStretch(1)
        dates_layout.addWidget(self.preset_title)
        dates_layout.addWidget(self.preset_label)
        dates_layout.addStretch(1)
        dates_layout.addWidget(self.save_button)
        self.label_titles = {key: QLabel() for key in ("title", "organisers", "venue", "dates")}
        for key in ("title", "organisers", "venue"):
            form.addRow(self.label_titles[key], self.edits[key])
        form.addRow(self.label_titles["dates"], dates)
        self._preset_description = ""
        self._shown: tuple[dict[str, str], str] | None = None  # the event as last filled in

    def show_event(self, info: queries.EventInfo) -> None:
        """The event as stored. The fields are refilled only when it changed since they were
        last filled (saved, undone, restored): saving another box of the view keeps what was
        typed here and not saved yet."""
        shown = (stored_values(info), info.preset)
        if shown == self._shown:
            return
        self._shown = shown
        for key, text in shown[0].items():
            self.edits[key].setText(text)
            self.edits[key].setCursorPosition(0)
        preset = preset_info(info.preset) if info.preset else None
        # The preset by its title (the regulation's event), never by its file name.
        self.preset_label.setText(preset.title if preset else "—")
        self._preset_description = preset.description if preset else ""
        self.word_preset()

    def forget(self) -> None:
        """Another event was opened: its details are shown next, whatever they are."""
        self._shown = None

    def word_preset(self) -> None:
        description = one_language(self._preset_description) if self._preset_description else ""
        self.preset_label.setToolTip(tr("setup_preset_tip") + (
            "\n" + description if description else ""))

    def values(self) -> dict[str, str]:
        """The fields as update_event fields (text as typed, runs of spaces made one; the
        service checks it)."""
        return {key: " ".join(edit.text().split()) for key, edit in self.edits.items()}

    def changed(self, info: queries.EventInfo) -> dict[str, str]:
        """The fields whose text differs from the event as stored."""
        stored = stored_values(info)
        return {key: text for key, text in self.values().items() if stored[key] != text}

    def retranslate(self) -> None:
        self.setTitle(tr("setup_event"))
        for key, title in self.label_titles.items():
            title.setText(tr(f"setup_{key}"))
        for key, edit in self.edits.items():
            edit.setToolTip(tr(f"setup_{key}_tip"))
        self.preset_title.setText(tr("setup_preset_label"))
        self.save_button.setText(tr("setup_save_event"))
        self.save_button.setToolTip(tr("setup_save_event_tip"))
        self.word_preset()


def stored_values(info: queries.EventInfo) -> dict[str, str]:
    """The event's details as the fields show them (a date as YYYY-MM-DD, or empty)."""
    return {"title": info.title, "organisers": info.organisers, "venue": info.venue,
            "start_date": _date_text(info.start_date), "end_date": _date_text(info.end_date)}


def _date_text(value: object) -> str:
    return str(value) if value else ""
