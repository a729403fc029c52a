"""The line above the views where a refusal or a warning is shown until dismissed, until the
next operation succeeds, or until the arbiter moves on to another view: where the arbiter is
looking, about what is in front of him."""

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
        self.place: object = None  # where the message was made (the view shown then)
        row = QHBoxLayout(self)
        row.setContentsMargins(10, 6, 6, 6)
        row.addWidget(self.text, 1)
        row.addWidget(self.close_button)
        self.hide()

    def tell(self, text: str, *, warning: bool, place: object = None) -> None:
        """Show `text`, made at `place` (the view shown: the message belongs there)."""
        colours = _WARNING if warning else _REFUSAL
        self.setStyleSheet(
            f"QFrame#banner {{ background: {colours[0]}; border-bottom: 1px solid {colours[2]}; }}"
            f" QLabel {{ color: {colours[1]}; font-weight: bold; }}")
        self.text.setText(text)
        self.setProperty("kind", "warning" if warning else "refusal")
        self.place = place
        self.show()

    def leave(self, place: object) -> bool:
        """The arbiter moved on to `place`: a message made elsewhere goes (it was about the
        view left, e.g. 第3轮第6台：轮空台不需要录入结果 on the standings). True when one went;
        a message made where he now is stays, to be read."""
        if self.isHidden() or place == self.place:
            return False
        self.hide()
        return True

    def message(self) -> str:
        """What the banner shows ('' when it is hidden)."""
        return self.text.text() if not self.isHidden() else ""
