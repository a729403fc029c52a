"""Running one operation from the window: the one place that calls an `Operation`, shows a
refusal the same way everywhere (the banner above the views, and the status line), shows its
warnings, and refreshes only the views that show what the operation changed.

A long operation (pairing a round) runs in a worker thread (`run_in_background`): the window
keeps answering (it repaints, the progress window turns) while the operation works in a
session and transaction of its own; what it did is shown by the GUI thread when it ends."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, ParamSpec, Protocol, TypeVar

from PySide6.QtCore import QEventLoop, QObject, QRunnable, Qt, QThreadPool, Signal
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QApplication, QProgressDialog, QWidget

from app.errors import NoAnswer, UserError
from app.services.operations import Area, Operation, Outcome, step_changes
from app.ui.i18n import error_text, stored_text, tr

if TYPE_CHECKING:
    from collections.abc import Sequence

    from app.services.event import Event
    from app.ui.views.rounds import RoundsView

P = ParamSpec("P")
T = TypeVar("T")


class Runner(Protocol):
    """What the runner needs of the window."""

    def refuse(self, error: UserError | NoAnswer) -> None: ...

    def warn(self, warnings: Sequence[str]) -> None: ...

    def operation_did_execute(self, outcome: Outcome[Any]) -> None: ...

    def show_message(self, text: str) -> None: ...


class DialogEcho:
    """The window as the operation runner sees it from a dialog: everything goes to the
    window, and a refusal is said in the dialog as well (`say`, in one language, no code
    names), where the arbiter is looking."""

    def __init__(self, window: Runner, say: Callable[[str], None]) -> None:
        self.window = window
        self.say = say

    def refuse(self, error: UserError | NoAnswer) -> None:
        self.say(error_text(error))
        self.window.refuse(error)

    def warn(self, warnings: Sequence[str]) -> None:
        self.window.warn(warnings)

    def operation_did_execute(self, outcome: Outcome[Any]) -> None:
        self.window.operation_did_execute(outcome)

    def show_message(self, text: str) -> None:
        self.window.show_message(text)


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
    return _done(window, outcome)


def _done(window: Runner, outcome: Outcome[T]) -> Outcome[T]:
    window.operation_did_execute(outcome)
    if outcome.warnings:
        window.warn(outcome.warnings)
    return outcome


class _Relay(QObject):
    """Brings the worker's answer to the GUI thread (a queued signal: the relay lives there)."""

    finished = Signal(object)


class _Work(QRunnable):
    """The operation, called in a thread of the pool; its outcome or its error relayed."""

    def __init__(self, call: Any, relay: _Relay) -> None:
        super().__init__()
        self.call = call
        self.relay = relay

    def run(self) -> None:
        try:
            answer: tuple[bool, object] = (True, self.call())
        except BaseException as error:  # noqa: BLE001 (raised again in the GUI thread)
            answer = (False, error)
        self.relay.finished.emit(answer)


_running: list[object] = []  # the operation in a worker now (one at a time)


def background_busy() -> bool:
    """Whether an operation is running in a worker thread now."""
    return bool(_running)


def run_in_background(window: Runner, parent: QWidget, text: str,
                      operation: Operation[P, T], *args: P.args,
                      **kwargs: P.kwargs) -> Outcome[T] | None:
    """Run `operation` in a worker thread, its progress window shown, and return when it has
    ended (as `run_operation` does: None when it was refused or another is running).

    The GUI thread waits in an event loop of its own meanwhile: the window repaints and the
    progress window turns, while the progress window (modal) keeps the arbiter from starting
    a second change. The operation opens its own session and transaction (the store's
    engine gives each thread its own connection) and touches nothing of the GUI; its outcome
    is shown here, in the GUI thread. A fault of the program is raised again here.
    """
    if _running:
        return None  # pair pressed again while the pairing runs: one pairing, not two
    answers: list[tuple[bool, object]] = []
    loop = QEventLoop()
    relay = _Relay()

    def arrived(answer: tuple[bool, object]) -> None:
        answers.append(answer)
        loop.quit()

    relay.finished.connect(arrived)
    work = _Work(lambda: operation(*args, **kwargs), relay)
    _running.append(work)
    QGuiApplication.setOverrideCursor(Qt.CursorShape.WaitCursor)
    try:
        with busy(parent, text):
            QThreadPool.globalInstance().start(work)
            if not answers:
                loop.exec()
    finally:
        QGuiApplication.restoreOverrideCursor()
        _running.remove(work)
    ok, value = answers[0]
    if not ok:
        if isinstance(value, (UserError, NoAnswer)):
            window.refuse(value)
            return None
        assert isinstance(value, BaseException)
        raise value
    return _done(window, value)  # type: ignore[arg-type]


class Stepper(Runner, Protocol):
    """What an undo or redo step needs of the window."""

    ev: Event | None

    @property
    def rounds_view(self) -> RoundsView: ...

    def show_error(self, error: BaseException) -> None: ...

    def changed(self, also: Any = None, areas: frozenset[Area] | None = None) -> None: ...


def run_undo_step(window: Stepper, *, redo: bool) -> None:
    """Undo (or redo) the last step of the open event; the views showing what it changed
    show it afresh (a result taken back refreshes what entering it does)."""
    if window.ev is None:
        return
    try:
        done = window.ev.redo() if redo else window.ev.undo()
    except (UserError, NoAnswer) as error:
        window.show_error(error)
        return
    if done:
        step = step_changes(window.ev.store.last_step)
        window.rounds_view.boards_changed(step.boards)  # for the refresh that follows only
        try:
            window.changed(areas=step.areas)
        finally:
            window.rounds_view.boards_changed(())
        window.show_message(tr("redone" if redo else "undone",
                               what=stored_text(done) or tr("the_last_change")))
    else:
        window.changed()
        window.show_message(tr("nothing_to_redo" if redo else "nothing_to_undo"))


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
