"""The base of every view: access to the open event, running an operation, relabelling."""

from __future__ import annotations

from typing import TYPE_CHECKING, ParamSpec, TypeVar

from PySide6.QtWidgets import QComboBox, QWidget

from app.services.operations import Area, Operation, Outcome
from app.ui.operations import run_operation

if TYPE_CHECKING:
    from app.services.event import Event
    from app.ui.main_window import MainWindow

P = ParamSpec("P")
T = TypeVar("T")


class View(QWidget):
    """A page of the event window. Subclasses fill `refresh()` and `retranslate()`, and
    name the `areas` of the event they show (they refresh when an operation changes one)."""

    areas: frozenset[Area] = frozenset(Area)

    def __init__(self, main: MainWindow) -> None:
        super().__init__()
        self.main = main
        self.stale = True  # the event changed since this view last showed it

    @property
    def ev(self) -> Event:
        """The open event (named `ev`: `event` is QWidget's event handler)."""
        assert self.main.ev is not None
        return self.main.ev

    def run(self, operation: Operation[P, T], *args: P.args,
            **kwargs: P.kwargs) -> Outcome[T] | None:
        """Run an operation the one way the window does (`app.ui.operations`); None when it
        was refused (the reason is shown)."""
        return run_operation(self.main, operation, *args, **kwargs)

    def reset(self) -> None:
        """Forget the group, round and selection shown: another event was opened."""

    def refresh(self) -> None:
        """Show the event's current state."""

    def retranslate(self) -> None:
        """Relabel after a change of language (the window then refreshes what it shows)."""

    def relabel(self) -> None:
        """A change of language: relabelled now, and the event shown again in the new
        language (at once when on screen, else when next shown). A view whose fields hold the
        arbiter's unsaved typing words itself again in place instead (the setup view)."""
        self.retranslate()
        self.stale = True


def fill_groups(combo: QComboBox, names: list[str]) -> None:
    """Put the group names into `combo`, keeping the current choice when it still exists."""
    current = combo.currentText()
    combo.blockSignals(True)
    combo.clear()
    combo.addItems(names)
    if current in names:
        combo.setCurrentText(current)
    combo.blockSignals(False)
