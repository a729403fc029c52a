"""The standings view (名次): tie-break columns, shared places, playoffs, sub-rankings, teams.

Which tie-breaks, which places share and which ties need a playoff (加赛) is the standings
service's business (regulations: 2016 and shenzhen 名次区分 clauses); this view shows them
and offers the playoff: create it, enter its games, see the final order. Beside the table,
the group's crosstable (交叉表) and, for a knockout, its bracket (对阵图) drawn.

Its parts, each a module of its own: the playoff panel (`playoff_panel`), the declines of
titles and prizes (`declines_panel`), printing and the award list (`standings_print`), and
the table filled from a ranking (`standings_tables`).
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QSplitter,
    QTableWidget,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from app import wording
from app.errors import NoAnswer, UserError
from app.pairing.system import System
from app.services import knockout, queries, ranking, teams, venue_bracket
from app.services.cross_group import cross_group_outcome
from app.services.operations import Area
from app.services.ranking_lists import MAIN_RANKING, RankingKey, RankingKind, ranking_keys
from app.ui import common
from app.ui.bracket_widget import BracketWidget
from app.ui.crosstable_widget import CrosstableWidget
from app.ui.i18n import language, tr
from app.ui.views.base import View
from app.ui.views.declines_panel import DeclinesPanel
from app.ui.views.lots_panel import LotsPanel
from app.ui.views.playoff_panel import PlayoffPanel
from app.ui.views.standings_print import PRINTABLE, StandingsPrinting
from app.ui.views.standings_tables import (
    fill_cross_group,
    fill_standings,
    fill_team_standings,
)
from app.ui.views.team_crosstable import TeamCrosstablePage

MAIN = MAIN_RANKING.code
__all__ = ["MAIN", "PRINTABLE", "StandingsView"]


class StandingsView(View):
    """One ranking at a time: a group's overall standings, a sub-ranking, or the teams."""

    areas = frozenset({Area.ROUNDS, Area.STANDINGS, Area.PLAYOFFS, Area.PLAYERS, Area.TEAMS,
                       Area.EVENT})

    def __init__(self, main: Any) -> None:
        super().__init__(main)
        self.info: Any = None
        self.rankings: list[tuple[RankingKey, Any]] = []
        self.group_label = QLabel()
        self.group = QComboBox()
        self.group.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.group.setObjectName("standings_group")
        self.group.currentIndexChanged.connect(lambda _i: self._load())
        self.which = QComboBox()
        self.which.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.which.setObjectName("standings_which")
        self.which.currentIndexChanged.connect(lambda _i: self._show())
        self.table = QTableWidget()
        self.table.setObjectName("standings_table")
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.crosstable = CrosstableWidget()
        self.bracket = BracketWidget()
        self.bracket.matchActivated.connect(self.open_match)
        self.bracket_area = QScrollArea()
        self.bracket_area.setObjectName("bracket_area")
        self.bracket_area.setWidgetResizable(True)
        self.bracket_area.setWidget(self.bracket)
        self.pages = QTabWidget()
        self.pages.setObjectName("standings_pages")
        self.pages.addTab(self.table, "")
        self.pages.addTab(self.crosstable, "")
        self.pages.addTab(self.bracket_area, "")
        self.team_crosstable = TeamCrosstablePage(main)  # a Team Swiss's (团体交叉表)
        self.pages.addTab(self.team_crosstable, "")
        self.pages.currentChanged.connect(lambda _i: self._show_page())
        self.systems: dict[str, tuple[System | None, dict[str, Any]]] = {}
        self.rounds_paired: dict[str, int] = {}
        self._generation = 0
        self._team_names: list[str] = []
        self._team_rankings: list[Any] | None = None
        self._crosstable_for: tuple[str | None, int] | None = None
        self._bracket_for: tuple[str | None, int] | None = None
        self.state_label = QLabel()
        self.state_label.setObjectName("standings_state")
        self.legend = QLabel()
        self.legend.setObjectName("standings_legend")
        self.legend.setWordWrap(True)
        self.legend.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.teams_button = QPushButton()
        self.teams_button.setObjectName("declared_teams_button")
        self.teams_button.clicked.connect(self.open_teams_dialog)
        self.teams_dialog: Any = None

        self.playoffs = PlayoffPanel(self)
        self.lots = LotsPanel(self)  # a Team Swiss group's ties: lots, never a playoff
        self.awards = DeclinesPanel(self)
        self.printing = StandingsPrinting(self)
        # the parts' widgets, by the names the window and its tests know them
        self.needs_label = self.playoffs.needs_label
        self.needs = self.playoffs.needs
        self.create_button = self.playoffs.create_button
        self.playoff_format = self.playoffs.playoff_format
        self.playoff_list = self.playoffs.playoff_list
        self.result_buttons = self.playoffs.result_buttons
        self.board_button = self.playoffs.board_button
        self.playoff_label = self.playoffs.playoff_label
        self.declines = self.awards.declines
        self.decline_title_button = self.awards.decline_title_button
        self.decline_prize_button = self.awards.decline_prize_button
        self.withdraw_button = self.awards.withdraw_button
        self.act_decline_title = self.awards.act_decline_title
        self.act_decline_prize = self.awards.act_decline_prize
        self.print_button = self.printing.print_button
        self.pdf_button = self.printing.pdf_button
        self.award_print_button = self.printing.award_print_button
        self.award_pdf_button = self.printing.award_pdf_button
        self._lay_out()

    def _lay_out(self) -> None:
        top = QHBoxLayout()
        top.addWidget(self.group_label)
        top.addWidget(self.group)
        top.addWidget(self.which)
        top.addWidget(self.state_label)
        top.addStretch(1)
        top.addWidget(self.teams_button)
        top.addWidget(self.printing.print_button)
        top.addWidget(self.printing.pdf_button)
        lower = self.lower_part = QWidget()
        lower_layout = QVBoxLayout(lower)
        lower_layout.setContentsMargins(0, 0, 0, 0)
        lower_layout.addWidget(self.playoffs)
        lower_layout.addWidget(self.lots)
        self.decline_part = self.awards
        lower_layout.addWidget(self.awards)
        upper = QWidget()
        upper_layout = QVBoxLayout(upper)
        upper_layout.setContentsMargins(0, 0, 0, 0)
        upper_layout.addWidget(self.pages, 1)
        legend_row = QHBoxLayout()
        legend_row.addWidget(self.legend, 1)
        award_buttons = QVBoxLayout()
        award_buttons.addWidget(self.printing.award_print_button)
        award_buttons.addWidget(self.printing.award_pdf_button)
        award_buttons.addStretch(1)
        legend_row.addLayout(award_buttons)
        upper_layout.addLayout(legend_row)
        self.splitter = QSplitter(Qt.Orientation.Vertical)
        self.splitter.addWidget(upper)
        self.splitter.addWidget(lower)
        self.splitter.setStretchFactor(0, 3)
        self.splitter.setStretchFactor(1, 1)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.splitter, 1)

    # ----- the parts, as the window and its tests call them ------------------------------------

    @property
    def playoff_id(self) -> int | None:
        return self.playoffs.playoff_id

    @property
    def playoff_formats(self) -> dict[str, str]:
        return self.playoffs.playoff_formats

    def _tied(self) -> int:
        return self.playoffs.tied()

    def create_selected_playoff(self) -> int | None:
        return self.playoffs.create_selected_playoff()

    def create_playoff(self, place: int) -> int | None:
        return self.playoffs.create_playoff(place)

    def current_playoff(self) -> Any:
        return self.playoffs.current_playoff()

    def record_playoff(self, code: str) -> bool:
        return self.playoffs.record_playoff(code)

    def decline_selected(self, what: str) -> bool:
        return self.awards.decline_selected(what)

    def decline(self, player_id: int, what: str, ranking_name: str | None = None, *,
                withdraw: bool = False) -> bool:
        return self.awards.decline(player_id, what, ranking_name, withdraw=withdraw)

    def withdraw_selected(self) -> bool:
        return self.awards.withdraw_selected()

    def print_standings(self, pdf: bool = False) -> bool:
        return self.printing.print_standings(pdf)

    def award_rows(self) -> list[list[str]]:
        return self.printing.award_rows()

    def print_award_list(self, pdf: bool = False) -> bool:
        return self.printing.print_award_list(pdf)

    def print_refusals(self) -> dict[str, str | None]:
        return self.printing.print_refusals()

    def print_list(self, name: str, pdf: bool = False) -> bool:
        return self.printing.print_list(name, pdf)

    # ----- loading -----------------------------------------------------------------------------

    def reset(self) -> None:
        self._generation += 1
        self.group.blockSignals(True)
        self.group.clear()
        self.group.blockSignals(False)
        self.playoffs.forget()
        self.rankings = []
        self.info = None
        self._team_rankings = None

    def show_playoff_page(self, group: str | None) -> None:
        """The playoffs of `group`: the standings table with its ties and playoffs."""
        if self.stale and self.main.ev is not None:
            self.stale = False
            self.refresh()
        if group is not None and self.group.findText(group) >= 0:
            self.group.setCurrentIndex(self.group.findText(group))
        self.pages.setCurrentIndex(0)
        self.which.setCurrentIndex(0)
        # a Team Swiss group's teams draw lots instead
        (self.lots.needs if self.draws_lots() else self.playoffs.playoff_list).setFocus()

    def show_group(self, group: str | None) -> None:
        """Show `group` (the view brought up to date first, when it is out of date)."""
        if self.stale and self.main.ev is not None:
            self.stale = False
            self.refresh()
        if group is not None and group != self.selected_group() and \
                self.group.findText(group) >= 0:
            self.group.setCurrentIndex(self.group.findText(group))

    def selected_group(self) -> str | None:
        return self.group.currentText() or None

    def refresh(self) -> None:
        self._generation += 1  # the crosstable and the bracket are loaded again when shown
        self._team_rankings = None
        info = self.main.standings.event_info(self.ev)
        self._team_names = [spec.name for spec in teams.team_rankings(self.ev)]
        groups = info.groups
        self.systems = {g.name: (g.system, dict(g.points)) for g in groups}
        self.playoffs.playoff_formats.clear()
        self.playoffs.playoff_formats.update(
            {g.name: g.settings.playoff_format.value for g in groups})
        self.rounds_paired = {g.name: g.rounds_paired for g in groups}
        names = [g.name for g in groups]
        current = self.group.currentText()
        self.group.blockSignals(True)
        self.group.clear()
        self.group.addItems(names)
        if current in names:
            self.group.setCurrentText(current)
        self.group.blockSignals(False)
        self._load()
        if self.teams_dialog is not None and self.teams_dialog.isVisible():
            self.teams_dialog.refresh()  # an undo or redo shows in the open dialog too

    def _load(self) -> None:
        """Every ranking of the selected group: overall, sub-rankings, teams."""
        name = self.selected_group()
        self.rankings = []
        choice = self.which.currentData()
        self.which.blockSignals(True)
        self.which.clear()
        if name is not None:
            try:
                main, subs = self.main.standings.rankings(self.ev, name)  # shared, once
                keys = ranking_keys([sub.name for sub in subs], self._team_names)
                # a team ranking is worked out when one is chosen
                held = [main, *subs, *(None for _name in self._team_names)]
                self.rankings = list(zip(keys, held, strict=True))
            except (UserError, NoAnswer) as error:
                self.main.show_error(error)
        for key, info in self.rankings:
            label = tr("standings_main") if key.kind is RankingKind.MAIN else (
                tr("standings_team_ranking", name=key.name) if key.team else info.name)
            self.which.addItem(label, key.code)
        index = self.which.findData(choice)
        self.which.setCurrentIndex(index if index >= 0 else 0)
        self.which.blockSignals(False)
        self._show()
        self._set_pages()

    # ----- crosstable and bracket --------------------------------------------------------------

    def system(self) -> System | None:
        name = self.selected_group()
        return self.systems.get(name, (None, {}))[0] if name is not None else None

    def _set_pages(self) -> None:
        """The bracket page for a knockout only; the crosstable for groups of players."""
        system = self.system()
        # Teams play: a players' crosstable says little; a bracket (对阵图) for knockouts only.
        self.pages.setTabVisible(1, system is None or not system.team)
        self.pages.setTabVisible(2, system is not None and system.bracket)
        self.pages.setTabVisible(3, system is System.TEAM_SWISS)
        self._show_page()

    def show_crosstable(self) -> None:
        self.pages.setCurrentWidget(self.crosstable)

    def show_bracket(self) -> bool:
        if not self.pages.isTabVisible(2):
            return False
        self.pages.setCurrentWidget(self.bracket_area)
        return True

    def open_match(self, round_number: int, number: int) -> bool:
        """A knockout match on the rounds view (its board = the match number), the result
        entry started with the board number so that one key enters the result."""
        name = self.selected_group()
        if name is None:
            return False
        if round_number > self.rounds_paired.get(name, 0):
            self.main.show_message(tr("bracket_not_paired", round=round_number))
            return False
        rounds = self.main.rounds_view
        self.main.tabs.setCurrentWidget(rounds)
        rounds.group.setCurrentIndex(rounds.group.findText(name))
        rounds.round_box.setCurrentIndex(rounds.round_box.findData(round_number))
        if not rounds.select_board(number):
            return False
        rounds.entry.setText(f"{number} ")
        rounds.entry.setFocus()
        return True

    def _show_page(self) -> None:
        """Fill the page on screen (the others when they are shown); sub-rankings and
        playoffs belong to the table page, the grid and the drawing take the whole height."""
        table = self.pages.currentIndex() == 0
        self.which.setVisible(table)
        self._show_parts()
        self.legend.setVisible(table)
        if self.main.ev is not None:
            if self.pages.currentWidget() is self.crosstable:
                self._load_crosstable()
            elif self.pages.currentWidget() is self.bracket_area:
                self.load_bracket()
            elif self.pages.currentWidget() is self.team_crosstable:
                self.team_crosstable.load(self.ev, self.selected_group())
        self.printing.update_buttons()

    def _show_parts(self) -> None:
        """Below the table: a players' ranking's playoffs and declines, a Team Swiss group's
        lots, nothing for a team ranking (its lots are in the teams dialog)."""
        players = not self.shows_teams()
        lots = self.draws_lots()
        self.lower_part.setVisible(self.pages.currentIndex() == 0 and (players or lots))
        self.playoffs.setVisible(players)
        self.awards.setVisible(players)
        self.lots.setVisible(lots)

    def _load_crosstable(self) -> None:
        name = self.selected_group()
        if self._crosstable_for == (name, self._generation):
            return  # shown already, and nothing changed since
        self._crosstable_for = (name, self._generation)
        info = None
        if name is not None:
            try:
                # The table's own standings when they are the group's (worked out already).
                held = self.rankings[0][1] if self.rankings and \
                    self.rankings[0][0] == MAIN_RANKING else None
                info = self.main.standings.crosstable(self.ev, name, held)
            except (UserError, NoAnswer) as error:
                self.main.show_error(error)
        self.crosstable.set_info(info)

    def load_bracket(self) -> None:
        """The knockout's bracket, with team names (team knockout) or players' names, and
        their withdrawals (退赛) as the printed bracket marks them."""
        name = self.selected_group()
        if self._bracket_for == (name, self._generation):
            return
        self._bracket_for = (name, self._generation)
        bracket = None
        entrants: dict[int, queries.PlayerRef] = {}
        system = self.system()
        if name is not None and system is not None and system.bracket:
            try:
                entrants = venue_bracket.bracket_entrants(self.ev, name)
                if len(entrants) >= 2:  # fewer: the widget says a bracket needs two
                    bracket = knockout.bracket_view(self.ev, name)
            except (UserError, NoAnswer) as error:
                self.main.show_error(error)
                bracket = None
        self.bracket.set_bracket(bracket, entrants)

    def current_key(self) -> RankingKey | None:
        """The ranking chosen."""
        code = self.which.currentData()
        return next((key for key, _info in self.rankings if key.code == code), None)

    def current(self) -> tuple[RankingKey, Any] | None:
        """The ranking chosen and its standings (a team ranking worked out now, once)."""
        key = self.current_key()
        for index, entry in enumerate(self.rankings):
            if entry[0] == key:
                if entry[1] is None and key.team:
                    entry = (key, self._team_ranking(key.name))
                    self.rankings[index] = entry
                return entry if entry[1] is not None else None
        return None

    def _team_ranking(self, name: str) -> Any:
        """A team ranking of the event (all of them are worked out together, once)."""
        if self._team_rankings is None:
            try:
                self._team_rankings = list(ranking.team_standings(self.ev))
            except (UserError, NoAnswer) as error:
                self.main.show_error(error)
                self._team_rankings = []
        return next((t for t in self._team_rankings if t.name == name), None)

    # ----- showing -----------------------------------------------------------------------------

    def _show(self) -> None:
        entry = self.current()
        self.info = entry[1] if entry else None
        if getattr(self.info, "qualifying_round", False):  # no places: who goes on (出线)
            fill_cross_group(self.table, cross_group_outcome(self.ev, self.selected_group()))
        elif entry is None:
            common.fill_table(self.table, [], [])
        elif entry[0].team:
            fill_team_standings(self.table, entry[1])
        else:
            fill_standings(self.table, entry[1], self.system())
        self._show_state()
        self.playoffs.show_needs(self.info)
        self.lots.show_needs(self.info if self.draws_lots() else None)
        self._show_parts()
        self.awards.load()
        self.printing.update_buttons()

    def is_team(self) -> bool:
        key = self.current_key()
        return key is not None and key.team and self.current() is not None

    def shows_teams(self) -> bool:
        """Teams on the rows: a team ranking, or a group playing team matches; its rows are
        no players (no declines of a player's award, no players' playoff: a level team match
        is decided by its captains within the match, huazhi 六、(三)3)."""
        system = self.system()
        return self.is_team() or (system is not None and system.team)

    def draws_lots(self) -> bool:
        """A Team Swiss group's own standings shown: its ties that touch the awards are
        drawn by lots (C.04.6 names no playoff; team-lots --group on the command line)."""
        key = self.current_key()
        return self.system() is System.TEAM_SWISS and key is not None and \
            key.kind is RankingKind.MAIN

    def selected_player(self) -> int | None:
        """The player of the selected row of a players' ranking (not of teams)."""
        if self.shows_teams() or self.info is None:
            return None
        value = common.selected_data(self.table)
        return value if isinstance(value, int) else None

    def _show_state(self) -> None:
        """Final or provisional (临时，非最终) above the table, the legend below it: the
        policies in force as the standings service states them."""
        info = self.info
        if info is None:
            self.state_label.setText("")
            self.legend.setText("")
            self.teams_button.setVisible(False)
            return
        final = bool(getattr(info, "final", True))
        self.state_label.setText(tr("standings_final") if final else tr("standings_provisional"))
        self.state_label.setToolTip(tr("standings_final_tip" if final
                                         else "standings_provisional_tip"))
        self.state_label.setStyleSheet("" if final else "color: #b00020; font-weight: bold;")
        lines = [f"• {line}" for line in wording.legend_texts(getattr(info, "legend", ()),
                                                            language())]
        self.legend.setText(f"{tr('standings_legend')}\n" + "\n".join(lines) if lines else "")
        self.teams_button.setVisible(self.is_team())
        # players' playoffs and declines; a team tie is settled by lots in the teams dialog
        self.lower_part.setVisible(self.pages.currentIndex() == 0 and not self.shows_teams())

    def open_teams_dialog(self) -> Any:
        """The declared teams of the team ranking shown (qiwang 十二(四)4)."""
        from app.ui.teams_dialog import TeamsDialog

        entry = self.current()
        name = entry[1].name if entry is not None and entry[0].team else None
        if self.teams_dialog is not None:  # a fresh one: in the language now chosen
            self.teams_dialog.close()
            self.teams_dialog.deleteLater()
        self.teams_dialog = TeamsDialog(self.main)
        self.teams_dialog.refresh(name)
        self.teams_dialog.show()
        self.teams_dialog.raise_()
        return self.teams_dialog

    def standings_texts(self) -> list[list[str]]:
        return common.table_texts(self.table)

    def save_layout(self, settings: Any) -> None:
        settings.setValue("standings/splitter", self.splitter.saveState())
        settings.setValue("standings/page", self.pages.currentIndex())

    def restore_layout(self, settings: Any) -> None:
        state = settings.value("standings/splitter")
        if state is not None:
            self.splitter.restoreState(state)
        try:
            self.pages.setCurrentIndex(int(settings.value("standings/page", 0)))
        except (TypeError, ValueError):
            pass

    def retranslate(self) -> None:
        self.group_label.setText(tr("group"))
        self.printing.retranslate()
        for index, key in enumerate(("page_standings", "page_crosstable", "page_bracket",
                                     "page_team_crosstable")):
            self.pages.setTabText(index, tr(key))
            self.pages.setTabToolTip(index, tr(f"{key}_tip"))
        self.crosstable.retranslate()
        self.bracket.setToolTip("")
        self.bracket_area.setToolTip(tr("bracket_tip"))
        self.bracket.update()
        self.playoffs.retranslate()
        self.lots.retranslate()
        self.awards.retranslate()
        self.teams_button.setText(tr("declared_teams_open"))
        self.teams_button.setToolTip(tr("declared_teams_open_tip"))
