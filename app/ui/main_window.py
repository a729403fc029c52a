"""The main window: start page or the open event's views, menus, undo/redo, language."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from PySide6.QtCore import QSettings, QStandardPaths, Qt
from PySide6.QtGui import QAction, QActionGroup, QCloseEvent, QKeySequence
from PySide6.QtWidgets import (
    QApplication,
    QFrame,
    QHBoxLayout,
    QLabel,
    QMainWindow,
    QStackedWidget,
    QTabWidget,
    QToolBar,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from app.errors import NoAnswer, UserError
from app.services import demo, queries
from app.services.event import Event
from app.services.operations import Area, Outcome, step_changes
from app.ui import common
from app.ui.i18n import error_text, language, notifier, set_language, stored_text, tr
from app.ui.start_page import StartPage
from app.ui.texts import TEXTS
from app.ui.views.base import View

MAX_RECENT = 8
PRINT_LISTS = ("pairings", "slips", "standings", "crosstable", "bracket", "team_standings",
               "award_list")
"""The lists the Print/Export menu prints (pairings and slips of the round shown; the
others of the group shown), each also saved as a PDF."""


class MainWindow(QMainWindow):
    """The arbiter's window. Holds at most one open `Event`."""

    def __init__(self, settings: QSettings | None = None) -> None:
        super().__init__()
        self.settings = settings if settings is not None else QSettings()
        self.ev: Event | None = None
        self.last_error: str = ""
        self._told: BaseException | tuple[str, ...] | None = None  # what the banner says
        self.stack = QStackedWidget()
        self.start_page = StartPage(self)
        self.tabs = QTabWidget()
        self.tabs.setObjectName("views")
        self.views: list[View] = []
        self._build_views()
        self.stack.addWidget(self.start_page)
        self.stack.addWidget(self.tabs)
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
        self.rounds_view.connect_actions()
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
        queries.prepare()  # the first event opened does not wait for it

    # ----- building --------------------------------------------------------------------------

    def _build_views(self) -> None:
        from app.ui.views.board import BoardView
        from app.ui.views.players import PlayersView
        from app.ui.views.rounds import RoundsView
        from app.ui.views.setup import SetupView
        from app.ui.views.standings import StandingsView

        self.setup_view = SetupView(self)
        self.players_view = PlayersView(self)
        self.rounds_view = RoundsView(self)
        self.board_view = BoardView(self)
        self.standings_view = StandingsView(self)
        self.views = [self.setup_view, self.players_view, self.rounds_view, self.board_view,
                      self.standings_view]
        for view in self.views:
            self.tabs.addTab(view, "")
        self.tabs.currentChanged.connect(lambda _i: self._refresh_view(self.tabs.currentWidget()))

    def _build_banner(self) -> None:
        """The line above the views where a refusal or a warning is shown until dismissed
        (or until the next operation succeeds): where the arbiter is looking."""
        self.banner = QFrame()
        self.banner.setObjectName("banner")
        self.banner_text = QLabel()
        self.banner_text.setObjectName("banner_text")
        self.banner_text.setWordWrap(True)
        self.banner_text.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        close = QToolButton()
        close.setText("✕")
        close.setAutoRaise(True)
        close.clicked.connect(self.banner.hide)
        self.banner_close = close
        row = QHBoxLayout(self.banner)
        row.setContentsMargins(10, 6, 6, 6)
        row.addWidget(self.banner_text, 1)
        row.addWidget(close)
        self.banner.hide()

    def _show_banner(self, text: str, *, warning: bool) -> None:
        colours = ("#fff4d6", "#7a4d00", "#e0b040") if warning else ("#fde8ea", "#9b0016",
                                                                        "#e08a94")
        self.banner.setStyleSheet(
            f"QFrame#banner {{ background: {colours[0]}; border-bottom: 1px solid {colours[2]}; }}"
            f" QLabel {{ color: {colours[1]}; font-weight: bold; }}")
        self.banner_text.setText(text)
        self.banner.setProperty("kind", "warning" if warning else "refusal")
        self.banner.show()

    def banner_message(self) -> str:
        """What the banner shows ('' when it is hidden)."""
        return self.banner_text.text() if not self.banner.isHidden() else ""

    def _action(self, shortcut: QKeySequence | QKeySequence.StandardKey | str | None,
                slot: object) -> QAction:
        action = QAction(self)
        if shortcut is not None:
            action.setShortcut(QKeySequence(shortcut))
        action.triggered.connect(slot)
        return action

    def _build_actions(self) -> None:
        self.act_new = self._action(QKeySequence.StandardKey.New, self.show_start_page)
        self.act_open = self._action(QKeySequence.StandardKey.Open, self.ask_open_event)
        self.act_demo = self._action(None, self.open_demo)
        self.act_close = self._action(QKeySequence.StandardKey.Close, self.close_event)
        self.act_quit = self._action("Ctrl+Q", self.close)
        self.act_undo = self._action("Ctrl+Z", self.undo)
        self.act_redo = self._action("Ctrl+Y", self.redo)
        self.act_export = self._action("Ctrl+P", self.show_export)
        self.act_snapshots = self._action(None, self.show_snapshots)
        self.snapshot_dialog: Any = None
        self.act_zh = self._action(None, lambda: self.set_language("zh"))
        self.act_en = self._action(None, lambda: self.set_language("en"))
        languages = QActionGroup(self)
        for act in (self.act_zh, self.act_en):
            act.setCheckable(True)
            languages.addAction(act)
        self.act_zh.setText("中文")
        self.act_en.setText("English")
        bar = self.menuBar()
        self.menu_file = bar.addMenu("")
        for act in (self.act_new, self.act_open, self.act_demo, self.act_close):
            self.menu_file.addAction(act)
        self.menu_file.addSeparator()
        self.menu_file.addAction(self.act_quit)
        self.menu_edit = bar.addMenu("")
        self.menu_edit.addAction(self.act_undo)
        self.menu_edit.addAction(self.act_redo)
        self.menu_edit.addSeparator()
        self.menu_edit.addAction(self.act_snapshots)
        self._build_round_actions()
        self.menu_round = bar.addMenu("")
        self.menu_round.setToolTipsVisible(True)  # a disabled action says why
        for act in self.round_actions:
            self.menu_round.addAction(act)
        self.toolbar = QToolBar()
        self.toolbar.setObjectName("round_toolbar")
        self.toolbar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        for act in self.round_actions:
            self.toolbar.addAction(act)
        self.addToolBar(self.toolbar)
        self.menu_print = bar.addMenu("")
        self._build_print_actions()
        self.menu_print.addSeparator()
        self.menu_print.addAction(self.act_export)
        from app.ui.serve_dialog import install_venue_action  # the venue switch (LAN)
        self.act_venue = install_venue_action(self, self.menu_print)
        self.menu_language = bar.addMenu("")
        self.menu_language.addAction(self.act_zh)
        self.menu_language.addAction(self.act_en)
        self.act_bigger = self._action(QKeySequence.StandardKey.ZoomIn, lambda: self.zoom(1))
        self.act_smaller = self._action(QKeySequence.StandardKey.ZoomOut, lambda: self.zoom(-1))
        self.menu_view = bar.addMenu("")
        self.menu_view.addAction(self.act_bigger)
        self.menu_view.addAction(self.act_smaller)
        for act in (self.act_bigger, self.act_smaller):
            self.addAction(act)
        self.menu_help = bar.addMenu("")
        self.act_keys = self._action("F1", self.show_shortcuts)
        self.menu_help.addAction(self.act_keys)
        self.addAction(self.act_keys)
        for act in (self.act_undo, self.act_redo, self.act_export):
            self.addAction(act)
        self.view_actions = []
        for index in range(len(self.views)):
            act = self._action(f"Ctrl+{index + 1}",
                               lambda _c=False, i=index: self.show_view(i))
            self.addAction(act)
            self.view_actions.append(act)

    def _build_round_actions(self) -> None:
        """The Round menu and toolbar: each action enabled only when it can succeed now."""
        rounds = self.rounds_view
        self.act_pair = self._action("F5", rounds.pair_next)
        self.act_unpair = self._action(None, rounds.unpair_last)
        self.act_swap = self._action(None, rounds.swap_selected)
        self.act_exchange = self._action(None, rounds.ask_exchange)
        self.act_playoff = self._action(None, self.show_playoffs)
        self.act_print_round = self._action(None, rounds.print_pairings)
        self.round_actions = [self.act_pair, self.act_unpair, self.act_swap, self.act_exchange,
                              self.act_playoff, self.act_print_round]
        self.round_action_keys = {self.act_pair: "rounds_pair", self.act_unpair: "rounds_unpair",
                                  self.act_swap: "rounds_swap",
                                  self.act_exchange: "rounds_exchange",
                                  self.act_playoff: "act_playoff",
                                  self.act_print_round: "act_print_round"}
        for act in self.round_actions:
            act.setObjectName(self.round_action_keys[act])
            self.addAction(act)

    def _build_print_actions(self) -> None:
        """The Print/Export menu: every list of the group shown (PRINT_LISTS), printed with a
        preview or saved as a PDF by the same code as its view's buttons; each enabled only
        when there is something to print, a disabled one saying why (asked when the menu
        opens). Printing the pairings is the Round menu's own action."""
        self.menu_print.setToolTipsVisible(True)
        self.menu_print.aboutToShow.connect(self.update_print_actions)
        self.print_actions: dict[tuple[str, bool], QAction] = {}
        for name in PRINT_LISTS:
            for pdf in (False, True):
                if (name, pdf) == ("pairings", False):
                    act = self.act_print_round
                else:
                    act = self._action(None, lambda _c=False, n=name, p=pdf:
                                       self.print_list(n, p))
                    act.setObjectName(f"menu_{'pdf' if pdf else 'print'}_{name}")
                self.print_actions[(name, pdf)] = act
                self.menu_print.addAction(act)

    def print_list(self, name: str, pdf: bool = False) -> bool:
        """Print one list (PRINT_LISTS) of the group shown, or save it as a PDF: the round's
        lists from the rounds view, the others from the standings view."""
        if self.ev is None:
            return False
        rounds = self.rounds_view
        if name == "pairings":
            return rounds.export_pairings_pdf() if pdf else rounds.print_pairings()
        if name == "slips":
            return rounds.print_slips(pdf)
        self._show_print_group()
        return self.standings_view.print_list(name, pdf)

    def _show_print_group(self) -> None:
        """The standings view shows the group the arbiter is looking at: its own on screen,
        else the rounds view's."""
        if self.tabs.currentWidget() is not self.standings_view:
            self._refresh_view(self.rounds_view)
            self.standings_view.show_group(self.rounds_view.selected_group())
        else:
            self.standings_view.show_group(None)

    def update_print_actions(self) -> None:
        """Ask the views which lists can be printed now; a disabled entry says why."""
        if self.ev is None:
            reasons: dict[str, str | None] = dict.fromkeys(PRINT_LISTS, tr("no_event"))
        else:
            self._show_print_group()
            reasons = {"pairings": self.rounds_view.print_refusal(),
                       "slips": self.rounds_view.print_refusal(),
                       **self.standings_view.print_refusals()}
        self._set_print_states(reasons)

    def _set_print_states(self, reasons: dict[str, str | None]) -> None:
        for (name, pdf), act in self.print_actions.items():
            if act is self.act_print_round or name not in reasons:
                continue  # the Round menu's action is kept by update_round_actions
            reason = reasons[name]
            tip = tr("menu_pdf_doc_tip" if pdf else "menu_print_doc_tip",
                     what=tr(f"doc_{name}"))
            if name == "slips" and not pdf:
                tip += "\n" + tr("print_slips_viewer_tip")
            act.setEnabled(reason is None)
            act.setToolTip(tip if reason is None else f"{tip}\n— {reason}")
            act.setStatusTip("" if reason is None else reason)

    def update_round_actions(self) -> None:
        """Ask the services which round actions can succeed; a disabled one says why."""
        reasons = self.rounds_view.action_refusals() if self.ev is not None else {}
        for act in self.round_actions:
            key = self.round_action_keys[act]
            reason = reasons.get(key, tr("no_event")) if self.ev is None else reasons.get(key)
            act.setEnabled(reason is None)
            tip = tr(f"{key}_tip")
            act.setToolTip(tip if reason is None else f"{tip}\n— {reason}")
            act.setStatusTip("" if reason is None else reason)
        if hasattr(self, "print_actions"):  # the round's lists follow the round shown
            why = tr("no_event") if self.ev is None else self.rounds_view.print_refusal()
            self._set_print_states({"pairings": why, "slips": why})

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
        self.menu_file.setTitle(tr("menu_file"))
        self.menu_edit.setTitle(tr("menu_edit"))
        self.menu_print.setTitle(tr("menu_print"))
        self.menu_round.setTitle(tr("menu_round"))
        self.toolbar.setWindowTitle(tr("menu_round").replace("&", ""))
        for act, key in self.round_action_keys.items():
            act.setText(tr(key))
        for (name, pdf), act in self.print_actions.items():
            if act is not self.act_print_round:
                act.setText(tr("menu_pdf_doc" if pdf else "menu_print_doc",
                               what=tr(f"doc_{name}")))
        self.menu_language.setTitle(tr("menu_language"))
        self.menu_help.setTitle(tr("menu_help"))
        self.menu_view.setTitle(tr("menu_view"))
        self.act_bigger.setText(tr("act_bigger"))
        self.act_smaller.setText(tr("act_smaller"))
        self.act_keys.setText(tr("act_keys"))
        self.act_zh.setChecked(language() == "zh")
        self.act_en.setChecked(language() == "en")
        for act, key in ((self.act_new, "act_new"), (self.act_open, "act_open"),
                         (self.act_demo, "act_demo"), (self.act_close, "act_close"),
                         (self.act_quit, "act_quit"), (self.act_export, "act_export"),
                         (self.act_snapshots, "act_snapshots")):
            act.setText(tr(key))
            tip = f"{key}_tip"
            act.setToolTip(tr(tip) if tip in TEXTS else tr(key))
        for index, key in enumerate(("tab_setup", "tab_players", "tab_rounds", "tab_board",
                                     "tab_standings")):
            self.tabs.setTabText(index, tr(key))
            self.tabs.setTabToolTip(index, f"{tr(key)}\nCtrl+{index + 1}")
        self.start_page.retranslate()
        for view in self.views:
            view.retranslate()
            view.stale = True
        self._refresh_view(self.tabs.currentWidget())
        self._update_actions()
        self._update_title()

    # ----- messages ----------------------------------------------------------------------------

    def _retell(self) -> None:
        """After a change of language: the banner says its refusal or warning again in the
        new language; the status line's message (made in the old one) goes."""
        self.status_label.clear()
        if self.banner.isHidden():
            return
        if isinstance(self._told, BaseException):
            self.show_error(self._told)
        elif self._told is not None:
            self.warn(self._told)

    def show_message(self, text: str) -> None:
        self.status_label.setStyleSheet("")
        self.status_label.setText(text)

    def show_error(self, error: BaseException) -> None:
        """A user's error: shown in the banner above the views and in the status line (red),
        never as a blocking dialog."""
        self.last_error = error_text(error)
        self._told = error
        self.status_label.setStyleSheet("color: #b00020;")
        self.status_label.setText(self.last_error)
        self._show_banner(self.last_error, warning=False)

    def refuse(self, error: UserError | NoAnswer) -> None:
        """A refused operation (nothing was written): its reason where the arbiter looks."""
        self.show_error(error)

    def warn(self, warnings: Sequence[str]) -> None:
        """An operation done, with rules it bends (e.g. a pairing changed by hand)."""
        self._told = tuple(warnings)
        shown = [stored_text(w) or w for w in warnings]
        text = "；".join(shown) if language() == "zh" else "; ".join(shown)
        self.status_label.setStyleSheet("color: #7a4d00;")
        self.status_label.setText(text)
        self._show_banner(tr("warning_banner", text=text), warning=True)

    def operation_did_execute(self, outcome: Outcome[object]) -> None:
        """An operation succeeded: the views that show what it changed show it afresh (the
        one on screen at once, the others when next shown); the banner's refusal is gone."""
        self.banner.hide()
        self.changed(areas=outcome.changes)

    # ----- events --------------------------------------------------------------------------------

    def recent_files(self) -> list[str]:
        value = self.settings.value("recent", [])
        if isinstance(value, str):
            return [value]
        return [str(v) for v in value] if isinstance(value, list | tuple) else []

    def _remember(self, path: str) -> None:
        path = _hide_password(path)  # a server's password is never written to the settings
        recent = [p for p in self.recent_files() if p != path]
        self.settings.setValue("recent", [path, *recent][:MAX_RECENT])

    def ask_new_event(self, preset: str | None) -> None:
        path = common.ask_save_path(self, tr("choose_new_file"),
                                    str(Path(self.last_folder()) / f"{preset or 'event'}.db"))
        if path is not None:
            self.new_event(path, preset)

    def ask_open_event(self) -> None:
        path = common.ask_open_path(self, tr("choose_open_file"), self.last_folder())
        if path is not None:
            self.open_event(path)

    def new_event(self, path: str | Path, preset: str | None = None,
                  title: str | None = None) -> bool:
        try:
            event = Event.create(path, preset=preset, title=title)
        except (UserError, NoAnswer) as error:
            self.show_error(error)
            return False
        self._set_event(event, str(path))
        self.show_message(tr("created", path=str(path)))
        return True

    def open_event(self, path: str | Path) -> bool:
        try:
            event = Event.open(path)
        except (UserError, NoAnswer) as error:
            self.show_error(error)
            return False
        self._set_event(event, str(path))
        self.show_message(tr("opened", path=str(path)))
        return True

    def demo_location(self) -> Path:
        base = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppDataLocation)
        folder = Path(base or Path.home() / ".gomoku-arbiter") / "demo"
        folder.mkdir(parents=True, exist_ok=True)
        return folder / f"demo-{dt.datetime.now():%Y%m%d-%H%M%S}.db"

    def open_demo(self, location: str | Path | None = None) -> bool:
        try:
            path = Path(location) if location else self.demo_location()
            event = demo.build_demo(path)
        except (UserError, NoAnswer) as error:
            self.show_error(error)
            return False
        self._set_event(event, str(path))
        self.show_message(tr("opened", path=str(path)))
        return True

    def _set_event(self, event: Event, path: str) -> None:
        self.close_event()
        self.ev = event
        self._remember(path)
        self.banner.hide()
        for view in self.views:
            view.reset()  # the event just opened: no group, round or board of the last one
        self.stack.setCurrentWidget(self.tabs)
        self.changed()

    def last_folder(self) -> str:
        """The open event's folder, else the folder of the event opened last."""
        if self.event_folder():
            return self.event_folder()
        for recent in self.recent_files():
            if "://" not in recent and Path(recent).parent.is_dir():
                return str(Path(recent).resolve().parent)
        return ""

    def event_folder(self) -> str:
        """The open event file's folder: where file dialogs start."""
        if self.ev is not None and self.ev.store.path is not None:
            return str(Path(self.ev.store.path).resolve().parent)
        return ""

    def close_event(self) -> None:
        if self.snapshot_dialog is not None:
            self.snapshot_dialog.close()
        if self.ev is not None:
            self.board_view.forget_event()
            self.ev.close()
            self.ev = None
        self.show_start_page()

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
            self.rounds_view._refusals_stale = True  # the Round actions ask again
            for view in self.views:
                if areas is None or view.areas & areas:
                    view.stale = True
            self._refresh_view(self.tabs.currentWidget())
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
        self.board_view.forget_event()
        self.changed()
        for view in self.views:
            self._refresh_view(view)

    def _refresh_view(self, widget: object) -> None:
        if self.ev is None or not isinstance(widget, View) or not widget.stale:
            return
        widget.stale = False
        try:
            widget.refresh()
        except (UserError, NoAnswer) as error:  # e.g. the creation itself undone
            self.show_error(error)

    def _update_title(self) -> None:
        title = tr("app_title")
        if self.ev is not None:
            path = self.ev.store.path
            name = path.name if path is not None else _hide_password(str(self.ev.store.location))
            title = f"{name} — {title}"
        self.setWindowTitle(title)

    def _update_actions(self) -> None:
        open_ = self.ev is not None
        for act in (self.act_close, self.act_export, self.act_snapshots):
            act.setEnabled(open_)
        if not open_:
            self._set_print_states(dict.fromkeys(PRINT_LISTS, tr("no_event")))
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
        if self.ev is None:
            return
        try:
            done = self.ev.redo() if redo else self.ev.undo()
        except (UserError, NoAnswer) as error:
            self.show_error(error)
            return
        if done:
            # what the step changed: a result taken back refreshes what entering it does
            step = step_changes(self.ev.store.last_step)
            self.rounds_view.boards_changed(step.boards)  # for the refresh that follows only
            try:
                self.changed(areas=step.areas)
            finally:
                self.rounds_view.boards_changed(())
        else:
            self.changed()
        if done:
            self.show_message(tr("redone" if redo else "undone",
                                 what=stored_text(done) or tr("the_last_change")))
        else:
            self.show_message(tr("nothing_to_redo" if redo else "nothing_to_undo"))

    def zoom(self, step: int) -> float:
        """Larger or smaller text everywhere (read from across the room at the venue)."""
        app = QApplication.instance()
        assert isinstance(app, QApplication)
        font = app.font()
        size = min(28.0, max(7.0, font.pointSizeF() + step))
        font.setPointSizeF(size)
        app.setFont(font)
        self.settings.setValue("font_size", size)
        return size

    def show_shortcuts(self) -> None:
        """The keyboard shortcuts, in a window that does not block the work."""
        from PySide6.QtWidgets import QDialog, QLabel, QVBoxLayout

        dialog = QDialog(self)
        dialog.setWindowTitle(tr("act_keys"))
        label = QLabel(tr("shortcuts_text"))
        label.setObjectName("shortcuts")
        label.setTextFormat(Qt.TextFormat.PlainText)
        QVBoxLayout(dialog).addWidget(label)
        dialog.show()
        self.shortcuts_dialog = dialog

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
        geometry = self.settings.value("window/geometry")
        if geometry is not None:
            self.restoreGeometry(geometry)
        else:
            self.resize(1200, 800)
        state = self.settings.value("window/state")
        if state is not None:
            self.restoreState(state)
        for view in self.views:
            restorer = getattr(view, "restore_layout", None)
            if restorer is not None:
                restorer(self.settings)
        tab = self.settings.value("window/tab", 0)
        try:
            self.tabs.setCurrentIndex(int(str(tab)))
        except (TypeError, ValueError):
            pass

    def save_layout(self) -> None:
        self.settings.setValue("window/geometry", self.saveGeometry())
        self.settings.setValue("window/state", self.saveState())
        self.settings.setValue("window/tab", self.tabs.currentIndex())
        for view in self.views:
            saver = getattr(view, "save_layout", None)
            if saver is not None:
                saver(self.settings)
        self.settings.sync()

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 (Qt name)
        self.save_layout()
        if self.ev is not None:
            self.ev.close()
            self.ev = None
        super().closeEvent(event)


def _hide_password(url: str) -> str:
    """`postgresql://user:secret@host/db` -> `postgresql://user@host/db` for the title bar."""
    head, sep, tail = url.partition("://")
    if sep and "@" in tail:
        credentials, _at, rest = tail.partition("@")
        return f"{head}://{credentials.split(':')[0]}@{rest}"
    return url
