"""Withdrawing a Team Swiss team (整队退赛) from the players view, and bringing it back: two
buttons beside the team list, shown for a Team Swiss group only."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtWidgets import QInputDialog, QPushButton

from app import wording
from app.errors import NoAnswer, UserError
from app.pairing.system import System
from app.services.operations import REINSTATE_TEAM, WITHDRAW_TEAM
from app.ui.i18n import language, tr

if TYPE_CHECKING:
    from app.ui.views.players import PlayersView


class TeamWithdrawal:
    """The players view's part for a Team Swiss's withdrawals: a team withdrawn from a round
    on is paired no more (C.04.1); reinstated, it is paired again from the next round."""

    def __init__(self, view: PlayersView) -> None:
        self.view = view
        self.group: str | None = None
        self.withdrawn: dict[str, int] = {}  # team name -> first round it no longer plays
        self.next_round = 1
        self.withdraw_button = QPushButton()
        self.withdraw_button.setObjectName("withdraw_team")
        self.withdraw_button.clicked.connect(self.ask_withdraw)
        self.reinstate_button = QPushButton()
        self.reinstate_button.setObjectName("reinstate_team")
        self.reinstate_button.clicked.connect(self.reinstate_selected)

    @property
    def buttons(self) -> tuple[QPushButton, QPushButton]:
        return self.withdraw_button, self.reinstate_button

    def load(self, group: str | None, system: System | None) -> None:
        """Show the buttons for a Team Swiss group, with its teams' withdrawals."""
        shown = group is not None and system is System.TEAM_SWISS
        self.group = group if shown else None
        for button in self.buttons:
            button.setVisible(shown)
        self.withdrawn = {}
        if not shown or group is None:
            return
        from app.services import team_swiss

        try:
            self.withdrawn = team_swiss.withdrawals(self.view.ev, group)
            self.next_round = team_swiss.first_open_round(self.view.ev, group)
        except (UserError, NoAnswer) as error:
            self.view.main.show_error(error)
        self.update_buttons()

    def mark(self, team: str) -> str:
        """The list's mark of a withdrawn team: （第3轮起退赛）."""
        found = self.withdrawn.get(team)
        return f"（{wording.withdrawn_text(found, language())}）" if found else ""

    def update_buttons(self) -> None:
        """Withdraw a team that plays, reinstate one that withdrew."""
        team = self.view.selected_team()
        gone = team is not None and team.name in self.withdrawn
        self.withdraw_button.setEnabled(team is not None and not gone)
        self.reinstate_button.setEnabled(gone)

    def ask_withdraw(self) -> None:
        team = self.view.selected_team()
        if self.group is None or team is None:
            self.view.main.show_message(tr("select_team"))
            return
        number, ok = QInputDialog.getInt(
            self.view, tr("team_withdraw"), tr("team_withdraw_round", name=team.name),
            self.next_round, 1, 99)
        if ok:
            self.withdraw(team.name, number)

    def withdraw(self, team: str, from_round: int | None = None) -> bool:
        """Withdraw `team` from `from_round` on (None: the next round)."""
        if self.group is None:
            return False
        outcome = self.view.run(WITHDRAW_TEAM, self.view.ev, self.group, team, from_round)
        if outcome is None:
            return False
        self.view.main.show_message(tr("team_withdrawn", name=team, round=outcome.value))
        return True

    def reinstate_selected(self) -> None:
        team = self.view.selected_team()
        if team is None:
            self.view.main.show_message(tr("select_team"))
            return
        self.reinstate(team.name)

    def reinstate(self, team: str) -> bool:
        if self.group is None:
            return False
        if self.view.run(REINSTATE_TEAM, self.view.ev, self.group, team) is None:
            return False
        self.view.main.show_message(tr("team_reinstated", name=team))
        return True

    def retranslate(self) -> None:
        for button, key in ((self.withdraw_button, "team_withdraw"),
                            (self.reinstate_button, "team_reinstate")):
            button.setText(tr(key))
            button.setToolTip(tr(key + "_tip"))
