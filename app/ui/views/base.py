"""The base of every view: access to the open event, running a service, relabelling."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

from PySide6.QtWidgets import QComboBox, QWidget

from app.errors import NoAnswer, UserError

if TYPE_CHECKING:
    from app.services.event import Event
    from app.ui.main_window import MainWindow

T = TypeVar("T")


class View(QWidget):
    """A page of the event window. Subclasses fill `refresh()` and `retranslate()`."""

    def __init__(self, main: MainWindow) -> None:
        super().__init__()
        self.main = main
        self.stale = True  # the event changed since this view last showed it

    @property
    def ev(self) -> Event:
        """The open event (named `ev`: `event` is QWidget's event handler)."""
        assert self.main.ev is not None
        return self.main.ev

    def run(self, action: Callable[..., T], *args: Any, changes: bool = True,
            **kwargs: Any) -> T | None:
        """Call a service; a user's error shows in the status line and returns None.

        When the call changes the event (`changes`), every view is refreshed afterwards.
        """
        try:
            result = action(*args, **kwargs)
        except (UserError, NoAnswer) as error:
            self.main.show_error(error)
            return None
        if changes:
            self.main.changed(also=self)
        return result

    def refresh(self) -> None:
        """Show the event's current state."""

    def retranslate(self) -> None:
        """Relabel after a change of language (the window then refreshes what it shows)."""


def fill_groups(combo: QComboBox, names: list[str]) -> None:
    """Put the group names into `combo`, keeping the current choice when it still exists."""
    current = combo.currentText()
    combo.blockSignals(True)
    combo.clear()
    combo.addItems(names)
    if current in names:
        combo.setCurrentText(current)
    combo.blockSignals(False)
