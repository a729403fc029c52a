"""Running one operation from the window: the one place that calls an `Operation`, shows a
refusal the same way everywhere (the banner above the views, and the status line), shows its
warnings, and refreshes only the views that show what the operation changed."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, ParamSpec, Protocol, TypeVar

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QApplication, QProgressDialog, QWidget

from app.errors import NoAnswer, UserError
from app.services.operations import Operation, Outcome

if TYPE_CHECKING:
    from collections.abc import Sequence

P = ParamSpec("P")
T = TypeVar("T")


class Runner(Protocol):
    """What the runner needs of the window."""

    def refuse(self, error: UserError | NoAnswer) -> None: ...

    def warn(self, warnings: Sequence[str]) -> None: ...

    def operation_did_execute(self, outcome: Outcome[Any]) -> None: ...

    def show_message(self, text: str) -> None: ...


def run_operation(window: Runner, operation: Operation[P, T], *args: P.args,
                  **kwargs: P.kwargs) -> Outcome[T] | None:
    """Run `operation`; None when it was refused (the reason is shown, nothing was written).

    A long operation (pairing, exporting) shows the busy cursor while it runs.
    """
    QGuiApplication.setOverrideCursor(Qt.CursorShape.WaitCursor)
    try:
        outcome = operation(*args, **kwargs)
    except (UserError, NoAnswer) as error:
        QGuiApplication.restoreOverrideCursor()
        window.refuse(error)
        return None
    QGuiApplication.restoreOverrideCursor()
    window.operation_did_execute(outcome)
    if outcome.warnings:
        window.warn(outcome.warnings)
    return outcome


@contextmanager
def busy(parent: QWidget, text: str) -> Iterator[QProgressDialog]:
    """A progress window for a long operation (pairing a round): shown at once, before the
    work starts, and closed when it ends."""
    dialog = QProgressDialog(text, "", 0, 0, parent)
    dialog.setObjectName("busy")
    dialog.setCancelButton(None)  # an operation is not cut halfway
    dialog.setWindowModality(Qt.WindowModality.WindowModal)
    dialog.setMinimumDuration(0)
    dialog.show()
    QApplication.processEvents()  # painted before the work blocks the event loop
    try:
        yield dialog
    finally:
        dialog.close()
        dialog.deleteLater()
