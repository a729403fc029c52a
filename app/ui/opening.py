"""Opening an event file without freezing the window (issue 28): the database layer, the
services and the event are loaded in a worker thread while the window shows that it opens
which file (its menus of the event still disabled), then the event is shown.

The first event of a session loads SQLAlchemy, the models and every service, seconds of a
slow laptop's processor: the window is on the screen and answering meanwhile. A refusal (not
an event file, a locked file, a file of a newer program) is told as an opening in the window
thread tells it; the window goes back to what it showed before."""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, cast

import shiboken6
from PySide6.QtCore import QObject, QRunnable, QThreadPool, Signal
from PySide6.QtWidgets import QLabel, QProgressBar, QVBoxLayout, QWidget

from app import collector
from app.errors import NoAnswer, UserError
from app.ui.i18n import tr

if TYPE_CHECKING:
    from app.services.event import Event
    from app.ui.main_window import MainWindow
    from app.ui.standings_cache import Prepared

LOADED_WITH_AN_EVENT = ("app.services.event", "app.services.operations", "app.services.queries",
                        "app.ui.operations", "app.ui.standings_cache", "app.ui.views.setup",
                        "app.ui.views.players", "app.ui.views.rounds", "app.ui.views.board",
                        "app.ui.views.standings")
"""What showing an event needs, loaded in the worker before the event is opened: the
services, and every view's module (each view is built when first shown; its module loaded
here, the first visit of each does not load it, on the window's time)."""


def load_and_open(path: str, view_module: str) -> tuple[Event, Prepared]:
    """In the worker: the modules an open event needs (and the module of the view to be
    shown first), the event opened, and what the first views show read (`first_views`),
    so that the window thread only builds and fills the views."""
    for name in (*LOADED_WITH_AN_EVENT, view_module):
        importlib.import_module(name)
    from app.services.event import Event

    event = Event.open(path)
    try:
        return event, first_views(event)
    except BaseException:
        event.close()
        raise


def first_views(event: Event) -> Prepared:
    """What the first views show, as they choose it: the event's groups; the players of
    every group (of the one group when there is one), their names spelled in pinyin; the
    first group's last round paired with the points before it, its standings and crosstable,
    its declined awards and playoffs, and what the Round menu's actions would say of it.
    (An error is told by the view that shows it.)"""
    from app.services import awards, playoffs, queries, ranking, rounds
    from app.ui.spelling import spell_ahead
    from app.ui.views.rounds_table import read_round

    try:
        info = queries.event_info(event)
        groups = info.groups
        one = groups[0].name if len(groups) == 1 else None
        players = queries.players(event, one)
        # Spelled here (pypinyin loaded here): not when the arbiter first looks at them.
        spell_ahead({text for p in players for text in (p.name, p.unit)})
        prepared: Prepared = {("event_info",): info, ("players", one): players}
        if groups:  # what the Round menu asks the rounds view, and what it shows first
            first, number = groups[0], groups[0].rounds_paired or None
            prepared[("refusals", first.name, number)] = rounds.round_refusals(
                event, first.name, number)
            if number is not None:
                prepared[("round", first.name, number)] = read_round(
                    event, first.name, number, first.system.team)
    except (UserError, NoAnswer):
        return {}
    if groups and groups[0].rounds_paired:
        name = groups[0].name
        try:  # else worked out by the standings' worker while the arbiter clicks through
            found = prepared[("rankings", name)] = ranking.rankings(event, name)
            prepared[("declines", name)] = awards.declines(event, name)
            prepared[("playoffs", name)] = playoffs.playoffs(event, name)
            # last: a group without one (the cross-group round) is told so when it is shown
            prepared[("crosstable", name)] = ranking.crosstable(event, name, found[0])
        except (UserError, NoAnswer):
            pass
    return prepared


class _Relay(QObject):
    """Brings the worker's answer to the window thread (a queued signal: it lives there).
    Not app.ui.operations' own: that module loads the services."""

    finished = Signal(object)


class _Load(QRunnable):
    """`load_and_open`, in a thread of the pool; the event or the error relayed."""

    def __init__(self, path: str, view_module: str, relay: _Relay) -> None:
        super().__init__()
        self.path, self.view_module, self.relay = path, view_module, relay

    def run(self) -> None:
        try:
            answer: tuple[bool, object] = (True, load_and_open(self.path, self.view_module))
        except BaseException as error:  # noqa: BLE001 (raised again in the window thread)
            answer = (False, error)
        self.relay.finished.emit(answer)


class OpeningPage(QWidget):
    """What the window shows while an event file opens: which file, a busy bar."""

    def __init__(self) -> None:
        super().__init__()
        self.setObjectName("opening_page")
        self.text = QLabel()
        self.text.setObjectName("opening_text")
        self.text.setWordWrap(True)
        font = self.text.font()
        font.setPointSizeF(font.pointSizeF() * 1.4)
        self.text.setFont(font)
        self.bar = QProgressBar()
        self.bar.setRange(0, 0)  # busy: how long is not known
        self.bar.setTextVisible(False)
        self.bar.setMaximumWidth(420)
        column = QVBoxLayout(self)
        column.setContentsMargins(48, 48, 48, 48)
        column.addStretch(1)
        column.addWidget(self.text)
        column.addSpacing(12)
        column.addWidget(self.bar)
        column.addStretch(2)
        self.path = ""

    def show_path(self, path: str) -> None:
        self.path = path
        self.retranslate()

    def retranslate(self) -> None:
        self.text.setText(tr("opening", path=self.path))


class EventOpening:
    """The window's opening of an event file in a worker thread (one at a time)."""

    def __init__(self, window: MainWindow, first_view: Callable[[], str]) -> None:
        self.window = window
        self.first_view = first_view  # the module of the view the event is shown in
        self.page = OpeningPage()
        window.stack.addWidget(self.page)
        self.path: str | None = None  # the file being opened
        self._before: QWidget | None = None  # the page shown before, shown again on a refusal
        self._done: list[Callable[[bool], None]] = []
        self._relay: _Relay | None = None
        # The program's own process (app.ui.application.run): the first event of the session
        # loads SQLAlchemy, the models and the services with the collector held off, as the
        # program's start does (`app.collector`).
        self.quiet_collector = False

    @property
    def busy(self) -> bool:
        """Whether a file is being opened (announced, or loading in the worker)."""
        return self.path is not None

    def announce(self, path: str | Path) -> None:
        """Show at once which file is opening (before the worker starts, e.g. before the
        window is first on the screen)."""
        window = self.window
        if self.path is None:
            self._before = window.stack.currentWidget()
        self.path = str(path)
        self.page.show_path(self.path)
        window.stack.setCurrentWidget(self.page)
        window.show_message(tr("opening", path=self.path))

    def start(self, path: str | Path, done: Callable[[bool], None] | None = None) -> bool:
        """Open `path` in a worker; `done(opened)` is called in the window thread once the
        event is shown (True) or refused (False). False at once when another file is being
        opened, or a pairing runs."""
        window = self.window
        if self._relay is not None or (not self.busy and window._working()):
            return False
        self.announce(path)
        if done is not None:
            self._done.append(done)
        relay = _Relay()
        relay.finished.connect(self._arrived)
        self._relay = relay
        if self.quiet_collector and "app.services.event" not in sys.modules:
            collector.hold()
        QThreadPool.globalInstance().start(_Load(cast("str", self.path), self.first_view(),
                                                 relay))
        return True

    def _arrived(self, answer: tuple[bool, object]) -> None:
        ok, value = answer
        path, before = cast("str", self.path), self._before
        self.path, self._before, self._relay = None, None, None
        done, self._done = self._done, []
        window = self.window
        collector.release()
        if not shiboken6.isValid(window):  # the window went while the file was loading
            if ok:
                cast("tuple[Event, Prepared]", value)[0].close()
            return
        opened = ok
        try:
            if ok:
                event, prepared = cast("tuple[Event, Prepared]", value)
                window.take_event(event, path, "opened", prepared)
            else:
                window.stack.setCurrentWidget(before if before is not None
                                              else window.start_page)
                if not isinstance(value, (UserError, NoAnswer)):
                    assert isinstance(value, BaseException)
                    raise value  # a fault of the program: told by the window's hook
                window.show_error(value)
        finally:
            for call in done:
                call(opened)
