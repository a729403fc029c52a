"""The window's Round menu (and toolbar) and its Print/Export menu: each action enabled only
when it can succeed now, a disabled one saying why, as the views and the services answer."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMenu

from app.ui.i18n import tr

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
