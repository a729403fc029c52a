"""The main window: start page or the open event's views, menus, undo/redo, language."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QSettings
from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import (
    QApplication,
    QLabel,
    QMainWindow,
    QStackedWidget,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from app.errors import NoAnswer, UserError
from app.ui import common, recent, window_layout
from app.ui.i18n import language, notifier, set_language, stored_text, tr
from app.ui.opening import EventOpening
from app.ui.recent import hide_password
from app.ui.start_page import StartPage
from app.ui.window_menus import PRINT_LISTS, WindowMenus
from app.ui.window_messages import WindowMessages

if TYPE_CHECKING:
    # Loaded when an event is opened, not while the window comes up (issue 28): the
    # services bring SQLAlchemy and the models, the views the services.
    from app.services.event import Event
    from app.services.operations import Area, Outcome
    from app.ui.standings_cache import Prepared, StandingsCache
    from app.ui.views.base import View
    from app.ui.views.board import BoardView
    from app.ui.views.players import PlayersView
    from app.ui.views.rounds import RoundsView
    from app.ui.views.setup import SetupView
    from app.ui.views.standings import StandingsView

VIEWS = (("app.ui.views.setup", "SetupView", "tab_setup"),
         ("app.ui.views.players", "PlayersView", "tab_players"),
         ("app.ui.views.rounds", "RoundsView", "tab_rounds"),
         ("app.ui.views.board", "BoardView", "tab_board"),
         ("app.ui.views.standings", "StandingsView", "tab_standings"))
"""The event's views, one per tab, in order: each module is loaded and the view built when it
is first shown (or first asked for), not when the window comes up."""
SETUP, PLAYERS, ROUNDS, BOARD, STANDINGS = range(len(VIEWS))


class MainWindow(WindowMenus, WindowMessages, QMainWindow):
    """The arbiter's window. Holds at most one open `Event`."""

    def __init__(self, settings: QSettings | None = None) -> None:
        super().__init__()
        self.settings = settings if settings is not None else QSettings()
        self.ev: Event | None = None
        self.stack = QStackedWidget()
        self.start_page = StartPage(self)
        self.tabs = QTabWidget()
        self.tabs.setObjectName("views")
        self._built: list[View | None] = [None] * len(VIEWS)
        self._standings: StandingsCache | None = None
        self._build_tabs()
        self.stack.addWidget(self.start_page)
        self.stack.addWidget(self.tabs)
        self.opening = EventOpening(self, lambda: VIEWS[max(0, self.tabs.currentIndex())][0])
        self._build_banner()
        central = QWidget()
        column = QVBoxLayout(central)
        column.setContentsMargins(0, 0, 0, 0)
        column.setSpacing(0)
        column.addWidget(self.banner)
        column.addWidget(self.stack, 1)
        self.setCentralWidget(central)
        self.status_label = QLabel()
        self.statusBar().addWidget(self.status_label, 1)
        self._build_actions()
        self._restore_layout()
        size = self.settings.value("font_size")
        app = QApplication.instance()
        if size is not None and isinstance(app, QApplication):
            font = app.font()
            font.setPointSizeF(float(size))
            app.setFont(font)
        language_saved = str(self.settings.value("language", "zh"))
        if language_saved in ("zh", "en") and language_saved != language():
            set_language(language_saved)
        notifier().changed.connect(self._language_changed)
        self.retranslate()
        self.start_page.refresh()
        self._update_actions()

    # ----- building --------------------------------------------------------------------------

    def _build_tabs(self) -> None:
        """One empty page per view: a view is built into its tab when first shown."""
        for _ in VIEWS:
            self.tabs.addTab(QWidget(), "")
        self.tabs.currentChanged.connect(self._tab_shown)

    def _tab_shown(self, index: int) -> None:
        self.move_on(index)  # the view left takes its refusal or warning with it
        if self.ev is not None and index >= 0:
            self._refresh_view(self.view_at(index))

    @property
    def views(self) -> list[View]:
        """The views built so far, in tab order (the others are built when first shown)."""
        return [view for view in self._built if view is not None]

    def view_at(self, index: int) -> View:
        """The view of tab `index`, built now when it was not yet."""
        view = self._built[index]
        return view if view is not None else self._build_view(index)

    def _build_view(self, index: int) -> View:
        import importlib

        module, name, key = VIEWS[index]
        view: View = getattr(importlib.import_module(module), name)(self)
        self._built[index] = view
        if index == ROUNDS:
            view.connect_actions()  # type: ignore[attr-defined]
        restorer = getattr(view, "restore_layout", None)
        if restorer is not None:
            restorer(self.settings)
        view.retranslate()
        # The view takes its empty page's place (the tab shown stays shown, unannounced).
        shown = self.tabs.currentIndex()
        blocked = self.tabs.blockSignals(True)
        try:
            page = self.tabs.widget(index)
            self.tabs.removeTab(index)
            self.tabs.insertTab(index, view, tr(key))
            self.tabs.setTabToolTip(index, f"{tr(key)}\nCtrl+{index + 1}")
            self.tabs.setCurrentIndex(shown)
        finally:
            self.tabs.blockSignals(blocked)
        if page is not None:
            page.deleteLater()
        return view

    @property
    def standings(self) -> StandingsCache:
        """The open event's standings, worked out once per change and shared by the views
        (and ahead, in a worker, once the arbiter pauses)."""
        if self._standings is None:
            from app.ui.standings_cache import StandingsCache

            self._standings = StandingsCache(self._group_to_warm)
        return self._standings

    def _group_to_warm(self) -> tuple[Event, str] | None:
        """The group whose standings the arbiter will look at next: the standings view's, else
        the rounds view's, else the first (which both show first)."""
        if self.ev is None:
            return None
        for index in (STANDINGS, ROUNDS):
            view = self._built[index]
            group = view.selected_group() if view is not None else None  # type: ignore[attr-defined]
            if group:
                return self.ev, group
        groups = self.standings.event_info(self.ev).groups  # neither shown yet: the first
        return (self.ev, groups[0].name) if groups else None

    @property
    def setup_view(self) -> SetupView:
        return self.view_at(SETUP)  # type: ignore[return-value]

    @property
    def players_view(self) -> PlayersView:
        return self.view_at(PLAYERS)  # type: ignore[return-value]

    @property
    def rounds_view(self) -> RoundsView:
        return self.view_at(ROUNDS)  # type: ignore[return-value]

    @property
    def board_view(self) -> BoardView:
        return self.view_at(BOARD)  # type: ignore[return-value]

    @property
    def standings_view(self) -> StandingsView:
        return self.view_at(STANDINGS)  # type: ignore[return-value]

    def print_list(self, name: str, pdf: bool = False) -> bool:
        """Print one list (PRINT_LISTS) of the group shown, or save it as a PDF."""
        return self.print_menu.print_list(name, pdf)

    def update_print_actions(self) -> None:
        self.print_menu.update()

    def update_round_actions(self) -> None:
        """Ask the services which round actions can succeed; a disabled one says why."""
        self.round_menu.update()
        if hasattr(self, "print_menu"):  # the round's lists follow the round shown
            self.print_menu.update_round_lists()

    def show_playoffs(self) -> None:
        """The standings view's playoff page for the group shown in the rounds view."""
        self.standings_view.show_playoff_page(self.rounds_view.selected_group())
        self.tabs.setCurrentWidget(self.standings_view)

    def show_view(self, index: int) -> None:
        """Ctrl+1..5: the setup, players, rounds, board and standings views."""
        if self.ev is not None and 0 <= index < self.tabs.count():
            self.tabs.setCurrentIndex(index)

    # ----- language ----------------------------------------------------------------------------

    def set_language(self, code: str) -> None:
        self.settings.setValue("language", code)
        set_language(code)

    def _language_changed(self, _code: str) -> None:
        self.retranslate()

    def retranslate(self) -> None:
        self._retell()
        self.retranslate_menus()
        for index, (_module, _name, key) in enumerate(VIEWS):
            self.tabs.setTabText(index, tr(key))
            self.tabs.setTabToolTip(index, f"{tr(key)}\nCtrl+{index + 1}")
        self.start_page.retranslate()
        self.opening.page.retranslate()
        for view in self.views:
            view.relabel()
        self._refresh_current()
        self._update_actions()
        self._update_title()

    # ----- messages ----------------------------------------------------------------------------

    def operation_did_execute(self, outcome: Outcome[object]) -> None:
        """An operation succeeded: the views that show what it changed show it afresh (the
        one on screen at once, the others when next shown); the banner's refusal is gone."""
        self.banner.hide()
        self.changed(areas=outcome.changes)

    # ----- events --------------------------------------------------------------------------------

    def recent_files(self) -> list[str]:
        return recent.recent_files(self.settings)

    def ask_new_event(self, preset: str | None) -> None:
        path = common.ask_save_path(self, tr("choose_new_file"),
                                    str(Path(self.last_folder()) / f"{preset or 'event'}.db"))
        if path is not None:
            self.new_event(path, preset)

    def ask_open_event(self) -> None:
        path = common.ask_open_path(self, tr("choose_open_file"), self.last_folder())
        if path is not None:
            self.opening.start(path)

    def new_event(self, path: str | Path, preset: str | None = None,
                  title: str | None = None) -> bool:
        from app.services.event import Event

        return self._take(lambda: Event.create(path, preset=preset, title=title), path, "created")

    def open_event(self, path: str | Path) -> bool:
        """Open `path` now, in the window thread (the arbiter's opening is `opening.start`:
        in a worker, the window answering meanwhile)."""
        from app.services.event import Event

        return self._take(lambda: Event.open(path), path, "opened")

    def demo_location(self) -> Path:
        return recent.demo_location()

    def open_demo(self, location: str | Path | None = None) -> bool:
        from app.services import demo  # loaded when asked for: the start needs none of it

        path = Path(location) if location else self.demo_location()
        return self._take(lambda: demo.build_demo(path), path, "opened")

    def _take(self, make: Callable[[], Event], path: str | Path, said: str) -> bool:
        if self._working():
            return False
        try:
            event = make()
        except (UserError, NoAnswer) as error:
            self.show_error(error)
            return False
        self.take_event(event, str(path), said)
        return True

    def take_event(self, event: Event, path: str, said: str,
                   prepared: Prepared | None = None) -> None:
        """Show `event` (just opened or created from `path`) in place of the open one, with
        what its opening worker read for the first views."""
        self.close_event()
        if prepared is not None:
            self.standings.start_with(prepared)
        self.ev = event
        recent.remember(self.settings, path)
        self.banner.hide()
        for view in self.views:
            view.reset()  # the event just opened: no group, round or board of the last one
        self.stack.setCurrentWidget(self.tabs)
        self.changed()
        self.show_message(tr(said, path=path))

    def last_folder(self) -> str:
        """The open event's folder, else the folder of the event opened last."""
        return recent.last_folder(self.settings, self.event_folder())

    def event_folder(self) -> str:
        """The open event file's folder: where file dialogs start."""
        if self.ev is not None and self.ev.store.path is not None:
            return str(Path(self.ev.store.path).resolve().parent)
        return ""

    def _working(self) -> bool:
        """An operation (a pairing) runs in a worker on the open event: it is not closed
        under it (the progress window says to wait)."""
        if self.opening.busy:
            self.show_message(tr("opening", path=self.opening.path))
            return True
        if "app.ui.operations" not in sys.modules:
            return False
        from app.ui.operations import background_busy

        if background_busy():
            self.show_message(tr("rounds_pairing"))
            return True
        return False

    def close_event(self) -> None:
        if self._working():
            return
        if self.snapshot_dialog is not None:
            self.snapshot_dialog.close()
        if self.ev is not None:
            self._forget_board()
            self._settle_standings()
            self.ev.close()
            self.ev = None
        self.show_start_page()

    def _settle_standings(self) -> None:
        if self._standings is not None:
            self._standings.settle()  # its worker reads the event: done before it closes
            self._standings.changed(warm=False)

    def _forget_board(self) -> None:
        board = self._built[BOARD]
        if board is not None:
            board.forget_event()  # type: ignore[attr-defined]

    def show_start_page(self) -> None:
        self.start_page.refresh()
        self.stack.setCurrentWidget(self.start_page)
        self._update_actions()
        self._update_title()

    def changed(self, also: View | None = None,
                areas: frozenset[Area] | None = None) -> None:
        """The event changed (or was opened): the views showing one of `areas` (all views
        when not given) are out of date; the one on screen (and `also`) show it at once, the
        others when they are next shown."""
        if self.ev is not None:
            from app.services.operations import Area  # loaded with the event

            self.rounds_view._refusals_stale = True  # the Round actions ask again
            if areas is None or areas - {Area.SNAPSHOTS}:
                self.standings.changed()
            for view in self.views:
                if areas is None or view.areas & areas:
                    view.stale = True
            self._refresh_current()
            if also is not None:
                self._refresh_view(also)
            if self.snapshot_dialog is not None and self.snapshot_dialog.isVisible() and (
                    areas is None or Area.SNAPSHOTS in areas):
                self.snapshot_dialog.refresh()  # a pairing or an export took a snapshot
        self._update_actions()
        self._update_title()

    def event_replaced(self) -> None:
        """The whole event was put back (a snapshot restored): the board forgets the game it
        was linked to (that board may be gone) and every view shows the event afresh."""
        self._forget_board()
        self.changed()
        for view in self.views:
            self._refresh_view(view)

    def _refresh_current(self) -> None:
        """The view on screen shows the event afresh when it is out of date."""
        if self.ev is not None and self.tabs.currentIndex() >= 0:
            self._refresh_view(self.view_at(self.tabs.currentIndex()))

    def _refresh_view(self, widget: object) -> None:
        if self.ev is None or widget not in self._built or not getattr(widget, "stale", False):
            return
        assert widget is not None
        widget.stale = False
        try:
            widget.refresh()
        except (UserError, NoAnswer) as error:  # e.g. the creation itself undone
            self.show_error(error)

    def _update_title(self) -> None:
        title = tr("app_title")
        if self.ev is not None:
            path = self.ev.store.path
            name = path.name if path is not None else hide_password(str(self.ev.store.location))
            title = f"{name} — {title}"
        self.setWindowTitle(title)

    def _update_actions(self) -> None:
        open_ = self.ev is not None
        for act in (self.act_close, self.act_export, self.act_snapshots):
            act.setEnabled(open_)
        if not open_:
            self.print_menu.set_states(dict.fromkeys(PRINT_LISTS, tr("no_event")))
        self.update_round_actions()
        undo = self.ev.can_undo() if self.ev is not None else None
        redo = self.ev.can_redo() if self.ev is not None else None
        self.act_undo.setEnabled(bool(undo))
        self.act_redo.setEnabled(bool(redo))
        for act, step, key in ((self.act_undo, undo, "act_undo"), (self.act_redo, redo, "act_redo")):
            what = stored_text(step) if step else ""
            act.setText(tr(f"{key}_named", what=what) if what else tr(key))

    # ----- undo / redo -----------------------------------------------------------------------------

    def undo(self) -> None:
        self._undo_step(redo=False)

    def redo(self) -> None:
        self._undo_step(redo=True)

    def _undo_step(self, *, redo: bool) -> None:
        from app.ui.operations import run_undo_step

        run_undo_step(self, redo=redo)

    def zoom(self, step: int) -> float:
        """Larger or smaller text everywhere (read from across the room at the venue)."""
        return window_layout.zoom(self.settings, step)

    # ----- export ------------------------------------------------------------------------------------

    def show_export(self) -> None:
        if self.ev is None:
            return
        from app.ui.export_dialog import ExportDialog

        dialog = ExportDialog(self)
        dialog.show()
        self.export_dialog = dialog

    # ----- snapshots ---------------------------------------------------------------------------------

    def show_snapshots(self) -> None:
        """The snapshots window (non-modal), listing the open event's automatic copies."""
        if self.ev is None:
            return
        if self.snapshot_dialog is None:
            from app.ui.snapshot_dialog import SnapshotDialog

            self.snapshot_dialog = SnapshotDialog(self)
        else:
            self.snapshot_dialog.refresh()
        self.snapshot_dialog.show()
        self.snapshot_dialog.raise_()

    # ----- layout ----------------------------------------------------------------------------------

    def _restore_layout(self) -> None:
        window_layout.restore_layout(self, self.settings, self.views, self.tabs)

    def save_layout(self) -> None:
        window_layout.save_layout(self, self.settings, self.views, self.tabs)

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 (Qt name)
        if self._working():
            event.ignore()
            return
        self.save_layout()
        if self.ev is not None:
            self._settle_standings()
            self.ev.close()
            self.ev = None
        super().closeEvent(event)
