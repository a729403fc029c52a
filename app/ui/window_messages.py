"""The main window's messages: the banner above the views (a refusal in red, a warning in
amber) and the status line, each message belonging to the place it was made in — the view
shown then, or a dialog — and gone when the arbiter moves on to another."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtWidgets import QLabel, QTabWidget

from app.errors import NoAnswer, UserError
from app.ui.banner import Banner
from app.ui.i18n import error_text, language, stored_text, tr

_REFUSAL_COLOUR = "color: #b00020;"
_WARNING_COLOUR = "color: #7a4d00;"


class WindowMessages:
    """A part of `MainWindow` (kept apart to keep each class short): what it tells the
    arbiter, and where that belongs."""

    tabs: QTabWidget
    status_label: QLabel

    def _build_banner(self) -> None:
        self.last_error: str = ""
        self._told: BaseException | tuple[str, ...] | None = None  # what the banner says
        self._place: object = None  # where a message is made now (None: the view shown)
        self._said_at: object = None  # where the status line's message was made
        self.banner = Banner()
        self.banner_text = self.banner.text
        self.banner_close = self.banner.close_button

    def banner_message(self) -> str:
        """What the banner shows ('' when it is hidden)."""
        return self.banner.message()

    def message_place(self) -> object:
        """Where a message made now belongs: the dialog it is made from (`telling_from`),
        else the view shown (its tab)."""
        return self._place if self._place is not None else self.tabs.currentIndex()

    def telling_from(self, place: object) -> object:
        """Messages made from now on belong to `place` (a dialog; None: the view shown again);
        the place before, to put back."""
        before, self._place = self._place, place
        return before

    def move_on(self, place: object) -> None:
        """The arbiter moved on to `place` (another view, the export, or away from a dialog):
        a message made elsewhere goes, from the banner and from the status line — a refusal,
        a warning, or what was done (已保存组别设置：公开组 is about the setup form, not the
        players) — so that the standings never show 第3轮第6台：轮空台不需要录入结果 typed in
        the rounds view; one made where he now is stays, to be read."""
        self.banner.leave(place)
        if place != self._said_at:
            self.show_message("")

    def _retell(self) -> None:
        """After a change of language: the banner says its refusal or warning again in the
        new language; the status line's message (made in the old one) goes."""
        self.status_label.clear()
        if self.banner.isHidden():
            return
        place, self._place = self._place, self.banner.place  # told again where it was made
        try:
            if isinstance(self._told, BaseException):
                self.show_error(self._told)
            elif self._told is not None:
                self.warn(self._told)
        finally:
            self._place = place

    def show_message(self, text: str) -> None:
        """What was done (neutral), in the status line, belonging to where it was made."""
        self._say(text, "")

    def _say(self, text: str, colour: str) -> None:
        self.status_label.setStyleSheet(colour)
        self.status_label.setText(text)
        self._said_at = self.message_place()

    def show_error(self, error: BaseException) -> None:
        """A user's error: shown in the banner above the views and in the status line (red),
        never as a blocking dialog."""
        self.last_error = error_text(error)
        self._told = error
        self._say(self.last_error, _REFUSAL_COLOUR)
        self.banner.tell(self.last_error, warning=False, place=self.message_place())

    def refuse(self, error: UserError | NoAnswer) -> None:
        """A refused operation (nothing was written): its reason where the arbiter looks."""
        self.show_error(error)

    def warn(self, warnings: Sequence[str]) -> None:
        """An operation done, with rules it bends (e.g. a pairing changed by hand)."""
        self._told = tuple(warnings)
        shown = [stored_text(w) or w for w in warnings]
        text = "；".join(shown) if language() == "zh" else "; ".join(shown)
        self._say(text, _WARNING_COLOUR)
        self.banner.tell(tr("warning_banner", text=text), warning=True,
                         place=self.message_place())
