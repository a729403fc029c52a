"""The standings view's award panel: the titles and prizes the group's players declined
(放弃称号 / 放弃奖金), declining one for the selected player, and taking a decline back. The
standings, the award list and the certificates follow (qiwang 2022 十五4 不顺延; 2016 八(二)3
依次顺延)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QHBoxLayout, QLabel, QListWidget, QPushButton, QVBoxLayout, QWidget

from app.errors import NoAnswer, UserError
from app.services import awards
from app.services.operations import DECLINE_AWARD
from app.services.ranking_lists import RankingKind
from app.ui.i18n import tr

if TYPE_CHECKING:
    from app.ui.views.standings import StandingsView


class DeclinesPanel(QWidget):
    """Declines of the group the standings view shows; its actions also sit in the
    standings table's context menu."""

    def __init__(self, view: StandingsView) -> None:
        super().__init__()
        self.view = view
        self.decline_title_button = QPushButton()
        self.decline_title_button.setObjectName("decline_title")
        self.decline_title_button.clicked.connect(lambda: self.decline_selected("title"))
        self.decline_prize_button = QPushButton()
        self.decline_prize_button.setObjectName("decline_prize")
        self.decline_prize_button.clicked.connect(lambda: self.decline_selected("prize"))
        self.withdraw_button = QPushButton()
        self.withdraw_button.setObjectName("withdraw_decline")
        self.withdraw_button.clicked.connect(self.withdraw_selected)
        self.declines_label = QLabel()
        self.declines = QListWidget()
        self.declines.setObjectName("declines")
        self.declines.setMaximumHeight(90)
        self.declines.currentRowChanged.connect(lambda _r: self.update_buttons())
        self.decline_infos: list[Any] = []
        self.act_decline_title = QAction(self)
        self.act_decline_title.triggered.connect(lambda: self.decline_selected("title"))
        self.act_decline_prize = QAction(self)
        self.act_decline_prize.triggered.connect(lambda: self.decline_selected("prize"))
        table = view.table
        table.setContextMenuPolicy(Qt.ContextMenuPolicy.ActionsContextMenu)
        table.addAction(self.act_decline_title)
        table.addAction(self.act_decline_prize)
        table.itemSelectionChanged.connect(self.update_buttons)
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.declines_label)
        row.addWidget(self.declines, 1)
        buttons = QVBoxLayout()
        for button in (self.decline_title_button, self.decline_prize_button,
                       self.withdraw_button):
            buttons.addWidget(button)
        row.addLayout(buttons)

    def load(self) -> None:
        """The titles and prizes the group's players declined, in the order recorded."""
        self.declines.blockSignals(True)
        self.declines.clear()
        self.decline_infos = []
        name = self.view.selected_group()
        if name is not None and self.view.main.ev is not None:
            try:
                ev = self.view.ev
                self.decline_infos = list(self.view.main.standings.prepared(  # read ahead?
                    ("declines", name), lambda: awards.declines(ev, name)))
            except (UserError, NoAnswer) as error:
                self.view.main.show_error(error)
        for info in self.decline_infos:
            key = "decline_item_title" if str(info.what) == "title" else "decline_item_prize"
            self.declines.addItem(tr(key, name=info.name, ranking=info.ranking))
        if not self.decline_infos:
            self.declines.addItem(tr("declines_none"))
        self.declines.blockSignals(False)
        self.update_buttons()

    def _ranking_name(self) -> str | None:
        """The ranking a decline is for: None for the group's own, else the sub-ranking."""
        key = self.view.current_key()
        entry = self.view.current()
        if key is None or entry is None or key.kind is RankingKind.MAIN:
            return None
        return str(entry[1].name)

    def update_buttons(self) -> None:
        player = self.view.selected_player() is not None
        why = "" if player else tr("decline_select_tip")
        for button, action, key in (
                (self.decline_title_button, self.act_decline_title, "decline_title"),
                (self.decline_prize_button, self.act_decline_prize, "decline_prize")):
            button.setEnabled(player)
            action.setEnabled(player)
            button.setToolTip(why or tr(f"{key}_tip"))
        chosen = 0 <= self.declines.currentRow() < len(self.decline_infos)
        self.withdraw_button.setEnabled(chosen)
        self.withdraw_button.setToolTip(tr("withdraw_decline_tip") if chosen
                                        else tr("withdraw_select_tip"))

    def decline_selected(self, what: str) -> bool:
        """The selected player declines the title or the prize of the ranking shown."""
        player = self.view.selected_player()
        if player is None:
            return False
        return self.decline(player, what, self._ranking_name())

    def decline(self, player_id: int, what: str, ranking_name: str | None = None, *,
                withdraw: bool = False) -> bool:
        outcome = self.view.run(DECLINE_AWARD, self.view.ev, player_id, what, ranking_name,
                                withdraw=withdraw)
        if outcome is None:
            return False
        self.view.main.show_message(tr("declines_withdrawn" if withdraw
                                       else "declines_recorded"))
        return True

    def withdraw_selected(self) -> bool:
        """Take back the decline selected in the list."""
        row = self.declines.currentRow()
        if not 0 <= row < len(self.decline_infos):
            return False
        info = self.decline_infos[row]
        return self.decline(info.player_id, str(info.what), info.ranking, withdraw=True)

    def retranslate(self) -> None:
        self.declines_label.setText(tr("declines_label"))
        self.decline_title_button.setText(tr("decline_title"))
        self.decline_prize_button.setText(tr("decline_prize"))
        self.withdraw_button.setText(tr("withdraw_decline"))
        self.act_decline_title.setText(tr("decline_title"))
        self.act_decline_prize.setText(tr("decline_prize"))
        self.update_buttons()
