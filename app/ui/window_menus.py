"""The window's Round menu (and toolbar) and its Print/Export menu: each action enabled only
when it can succeed now, a disabled one saying why, as the views and the services answer."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import QMenu, QToolBar

from app.ui.i18n import language, tr
from app.ui.texts import TEXTS

if TYPE_CHECKING:
    from app.ui.main_window import MainWindow

PRINT_LISTS = ("pairings", "slips", "standings", "crosstable", "bracket", "team_standings",
               "award_list")
"""The lists the Print/Export menu prints (pairings and slips of the round shown; the
others of the group shown), each also saved as a PDF."""


class RoundActions:
    """Pair, take back, swap, exchange, playoffs, print the round: the Round menu's actions,
    also on the toolbar and on the rounds view's buttons."""

    def __init__(self, window: MainWindow) -> None:
        self.window = window
        action = window.new_action
        # Through the window: the rounds view is built when first asked for.
        self.act_pair = action("F5", lambda: window.rounds_view.pair_next())
        self.act_unpair = action(None, lambda: window.rounds_view.unpair_last())
        self.act_swap = action(None, lambda: window.rounds_view.swap_selected())
        self.act_exchange = action(None, lambda: window.rounds_view.ask_exchange())
        self.act_playoff = action(None, window.show_playoffs)
        self.act_print_round = action(None, lambda: window.rounds_view.print_pairings())
        self.keys = {self.act_pair: "rounds_pair", self.act_unpair: "rounds_unpair",
                     self.act_swap: "rounds_swap", self.act_exchange: "rounds_exchange",
                     self.act_playoff: "act_playoff", self.act_print_round: "act_print_round"}
        self.actions = list(self.keys)
        for act in self.actions:
            act.setObjectName(self.keys[act])
            window.addAction(act)

    def update(self) -> None:
        """Ask the services which round actions can succeed; a disabled one says why."""
        window = self.window
        reasons = window.rounds_view.action_refusals() if window.ev is not None else {}
        for act in self.actions:
            key = self.keys[act]
            reason = reasons.get(key, tr("no_event")) if window.ev is None else reasons.get(key)
            act.setEnabled(reason is None)
            tip = tr(f"{key}_tip")
            act.setToolTip(tip if reason is None else f"{tip}\n— {reason}")
            act.setStatusTip("" if reason is None else reason)

    def retranslate(self) -> None:
        for act, key in self.keys.items():
            act.setText(tr(key))


class PrintMenu:
    """The Print/Export menu: every list of the group shown (PRINT_LISTS), printed with a
    preview or saved as a PDF by the same code as its view's buttons; each enabled only when
    there is something to print, a disabled one saying why (asked when the menu opens).
    Printing the pairings is the Round menu's own action."""

    def __init__(self, window: MainWindow, menu: QMenu, print_round: QAction) -> None:
        self.window = window
        self.print_round = print_round
        menu.setToolTipsVisible(True)
        menu.aboutToShow.connect(self.update)
        self.actions: dict[tuple[str, bool], QAction] = {}
        for name in PRINT_LISTS:
            for pdf in (False, True):
                if (name, pdf) == ("pairings", False):
                    act = print_round
                else:
                    act = window.new_action(None, lambda _c=False, n=name, p=pdf:
                                            window.print_list(n, p))
                    act.setObjectName(f"menu_{'pdf' if pdf else 'print'}_{name}")
                self.actions[(name, pdf)] = act
                menu.addAction(act)

    def print_list(self, name: str, pdf: bool = False) -> bool:
        """Print one list (PRINT_LISTS) of the group shown, or save it as a PDF: the round's
        lists from the rounds view, the others from the standings view."""
        window = self.window
        if window.ev is None:
            return False
        rounds = window.rounds_view
        if name == "pairings":
            return rounds.export_pairings_pdf() if pdf else rounds.print_pairings()
        if name == "slips":
            return rounds.print_slips(pdf)
        self._show_print_group()
        return window.standings_view.print_list(name, pdf)

    def _show_print_group(self) -> None:
        """The standings view shows the group the arbiter is looking at: its own on screen,
        else the rounds view's."""
        window = self.window
        if window.tabs.currentWidget() is not window.standings_view:
            window._refresh_view(window.rounds_view)
            window.standings_view.show_group(window.rounds_view.selected_group())
        else:
            window.standings_view.show_group(None)

    def update(self) -> None:
        """Ask the views which lists can be printed now; a disabled entry says why."""
        window = self.window
        if window.ev is None:
            reasons: dict[str, str | None] = dict.fromkeys(PRINT_LISTS, tr("no_event"))
        else:
            self._show_print_group()
            reasons = {"pairings": window.rounds_view.print_refusal(),
                       "slips": window.rounds_view.print_refusal(),
                       **window.standings_view.print_refusals()}
        self.set_states(reasons)

    def update_round_lists(self) -> None:
        """The round's lists follow the round shown."""
        window = self.window
        why = tr("no_event") if window.ev is None else window.rounds_view.print_refusal()
        self.set_states({"pairings": why, "slips": why})

    def set_states(self, reasons: dict[str, str | None]) -> None:
        for (name, pdf), act in self.actions.items():
            if act is self.print_round or name not in reasons:
                continue  # the Round menu's action is kept by the round actions
            reason = reasons[name]
            tip = tr("menu_pdf_doc_tip" if pdf else "menu_print_doc_tip",
                     what=tr(f"doc_{name}"))
            if name == "slips" and not pdf:
                tip += "\n" + tr("print_slips_viewer_tip")
            act.setEnabled(reason is None)
            act.setToolTip(tip if reason is None else f"{tip}\n— {reason}")
            act.setStatusTip("" if reason is None else reason)

    def retranslate(self) -> None:
        for (name, pdf), act in self.actions.items():
            if act is not self.print_round:
                act.setText(tr("menu_pdf_doc" if pdf else "menu_print_doc",
                               what=tr(f"doc_{name}")))


class WindowMenus:
    """The main window's menus, Round toolbar and keys: built, then worded again on each change
    of language (a part of `MainWindow`, kept apart to keep each class short)."""

    def new_action(self, shortcut: QKeySequence | QKeySequence.StandardKey | str | None,
                slot: object) -> QAction:
        action = QAction(cast("MainWindow", self))
        if shortcut is not None:
            action.setShortcut(QKeySequence(shortcut))
        action.triggered.connect(slot)
        return action

    def _build_actions(self) -> None:
        w = cast("MainWindow", self)
        self.act_new = self.new_action(QKeySequence.StandardKey.New, w.show_start_page)
        self.act_open = self.new_action(QKeySequence.StandardKey.Open, w.ask_open_event)
        self.act_demo = self.new_action(None, w.open_demo)
        self.act_close = self.new_action(QKeySequence.StandardKey.Close, w.close_event)
        self.act_quit = self.new_action("Ctrl+Q", w.close)
        self.act_undo = self.new_action("Ctrl+Z", w.undo)
        self.act_redo = self.new_action("Ctrl+Y", w.redo)
        self.act_export = self.new_action("Ctrl+P", w.show_export)
        self.act_snapshots = self.new_action(None, w.show_snapshots)
        self.snapshot_dialog: Any = None
        self.act_zh = self.new_action(None, lambda: w.set_language("zh"))
        self.act_en = self.new_action(None, lambda: w.set_language("en"))
        languages = QActionGroup(w)
        for act in (self.act_zh, self.act_en):
            act.setCheckable(True)
            languages.addAction(act)
        self.act_zh.setText("中文")
        self.act_en.setText("English")
        bar = w.menuBar()
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
        w.addToolBar(self.toolbar)
        self.menu_print = bar.addMenu("")
        self._build_print_actions()
        self.menu_print.addSeparator()
        self.menu_print.addAction(self.act_export)
        from app.ui.serve_dialog import install_venue_action  # the venue switch (LAN)
        self.act_venue = install_venue_action(w, self.menu_print)
        self.menu_language = bar.addMenu("")
        self.menu_language.addAction(self.act_zh)
        self.menu_language.addAction(self.act_en)
        self.act_bigger = self.new_action(QKeySequence.StandardKey.ZoomIn, lambda: w.zoom(1))
        self.act_smaller = self.new_action(QKeySequence.StandardKey.ZoomOut, lambda: w.zoom(-1))
        self.menu_view = bar.addMenu("")
        self.menu_view.addAction(self.act_bigger)
        self.menu_view.addAction(self.act_smaller)
        for act in (self.act_bigger, self.act_smaller):
            w.addAction(act)
        self.menu_help = bar.addMenu("")
        self.act_keys = self.new_action("F1", w.show_shortcuts)
        self.menu_help.addAction(self.act_keys)
        w.addAction(self.act_keys)
        for act in (self.act_undo, self.act_redo, self.act_export):
            w.addAction(act)
        self.view_actions = []
        for index in range(w.tabs.count()):
            act = self.new_action(f"Ctrl+{index + 1}",
                               lambda _c=False, i=index: w.show_view(i))
            w.addAction(act)
            self.view_actions.append(act)

    def _build_round_actions(self) -> None:
        """The Round menu and toolbar: each action enabled only when it can succeed now."""
        self.round_menu = RoundActions(cast("MainWindow", self))
        self.act_pair = self.round_menu.act_pair
        self.act_unpair = self.round_menu.act_unpair
        self.act_swap = self.round_menu.act_swap
        self.act_exchange = self.round_menu.act_exchange
        self.act_playoff = self.round_menu.act_playoff
        self.act_print_round = self.round_menu.act_print_round
        self.round_actions = self.round_menu.actions
        self.round_action_keys = self.round_menu.keys

    def _build_print_actions(self) -> None:
        self.print_menu = PrintMenu(cast("MainWindow", self), self.menu_print,
                                    self.act_print_round)
        self.print_actions = self.print_menu.actions

    def retranslate_menus(self) -> None:
        """The menus' and actions' texts in the language now chosen."""
        self.menu_file.setTitle(tr("menu_file"))
        self.menu_edit.setTitle(tr("menu_edit"))
        self.menu_print.setTitle(tr("menu_print"))
        self.menu_round.setTitle(tr("menu_round"))
        self.toolbar.setWindowTitle(tr("menu_round").replace("&", ""))
        self.round_menu.retranslate()
        self.print_menu.retranslate()
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

    def show_shortcuts(self) -> None:
        """The keyboard shortcuts, in a window that does not block the work."""
        from PySide6.QtWidgets import QDialog, QLabel, QVBoxLayout  # asked for rarely

        dialog = QDialog(cast("MainWindow", self))
        dialog.setWindowTitle(tr("act_keys"))
        label = QLabel(tr("shortcuts_text"))
        label.setObjectName("shortcuts")
        label.setTextFormat(Qt.TextFormat.PlainText)
        QVBoxLayout(dialog).addWidget(label)
        dialog.show()
        self.shortcuts_dialog = dialog
