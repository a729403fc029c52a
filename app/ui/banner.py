"""The line above the views where a refusal or a warning is shown until dismissed (or until
the next operation succeeds): where the arbiter is looking."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QToolButton

_REFUSAL = ("#fde8ea", "#9b0016", "#e08a94")  # background, text, border
_WARNING = ("#fff4d6", "#7a4d00", "#e0b040")


class Banner(QFrame):
    """A refusal (red) or a warning (amber), with a button that dismisses it."""

    def __init__(self) -> None:
        super().__init__()
        self.setObjectName("banner")
        self.text = QLabel()
        self.text.setObjectName("banner_text")
        self.text.setWordWrap(True)
        self.text.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.close_button = QToolButton()
        self.close_button.setText("✕")
        self.close_button.setAutoRaise(True)
        self.close_button.clicked.connect(self.hide)
        row = QHBoxLayout(self)
        row.setContentsMargins(10, 6, 6, 6)
        row.addWidget(self.text, 1)
        row.addWidget(self.close_button)
        self.hide()

    def tell(self, text: str, *, warning: bool) -> None:
        colours = _WARNING if warning else _REFUSAL
        self.setStyleSheet(
            f"QFrame#banner {{ background: {colours[0]}; border-bottom: 1px solid {colours[2]}; }}"
            f" QLabel {{ color: {colours[1]}; font-weight: bold; }}")
        self.text.setText(text)
        self.setProperty("kind", "warning" if warning else "refusal")
        self.show()

    def message(self) -> str:
        """What the banner shows ('' when it is hidden)."""
        return self.text.text() if not self.isHidden() else ""
