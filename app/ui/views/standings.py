"""The standings view (名次): tie-break columns, shared places, playoffs, sub-rankings, teams.

Which tie-breaks, which places share and which ties need a playoff (加赛) is the standings
service's business (regulations: 2016 and shenzhen 名次区分 clauses); this view shows them
and offers the playoff: create it, enter its games, see the final order. Beside the table,
the group's crosstable (交叉表) and, for a knockout, its bracket (对阵图) drawn.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QBrush, QColor
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPlainTextEdit,
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
from app.services import awards, knockout, playoffs, queries, ranking
from app.services.operations import CREATE_PLAYOFF, RECORD_PLAYOFF_RESULT, Area, Operation
from app.standings.ranking import PlayoffState
from app.ui import common
from app.ui.bracket_widget import BracketWidget
from app.ui.common import cell
from app.ui.crosstable_widget import CrosstableWidget
from app.ui.i18n import language, names_text, pick, tr
from app.ui.settings_controls import PlayoffFormatChoice
from app.ui.texts import PLAYOFF_STAGE_ENGLISH, TIEBREAK_ENGLISH
from app.ui.views.base import View

PLAYOFF_KEYS = {"1": "1-0", "=": "=", "0": "0-1"}
MAIN = "main"
TEAMS = "teams"
PRINTABLE = ("standings", "crosstable", "bracket", "team_standings", "award_list")
"""The lists of a group the window's Print menu prints from this view."""

DECLINE_AWARD = Operation(awards.decline_award, frozenset({Area.STANDINGS}),
                          name="decline_award")
"""A player declines (or takes back declining) a grade title or a prize: the standings, the
award list and the certificates follow (qiwang 2022 十五4 不顺延; 2016 八(二)3 依次顺延)."""


def _name_cell(player: Any, lang: str) -> str:
    """A ranking line's name, with the withdrawal mark (第5轮起退赛) of a withdrawn player."""
    mark = wording.withdrawn_text(getattr(player, "withdrawn_from", None), lang)
    return f"{player.name}（{mark}）" if mark else player.name


class StandingsView(View):
    """One ranking at a time: a group's overall standings, a sub-ranking, or the teams."""

    areas = frozenset({Area.ROUNDS, Area.STANDINGS, Area.PLAYOFFS, Area.PLAYERS, Area.TEAMS,
                       Area.EVENT})

    def __init__(self, main: Any) -> None:
        super().__init__(main)
        self.info: Any = None
        self.rankings: list[Any] = []
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
        self.pages.currentChanged.connect(lambda _i: self._show_page())
        self.systems: dict[str, tuple[System | None, dict[str, Any]]] = {}
        self.rounds_paired: dict[str, int] = {}
        self.needs_label = QLabel()
        self.needs = QListWidget()
        self.needs.setObjectName("playoff_needs")

        self.create_button = QPushButton()
        self.create_button.clicked.connect(self.create_selected_playoff)
        # 小循环 or 淘汰: asked only when three or more are tied (two always play a duel)
        self.playoff_format = PlayoffFormatChoice("playoff_create_format")
        self.needs.currentRowChanged.connect(lambda _r: self._show_selected_tie())
        self.playoff_formats: dict[str, str] = {}  # each group's own default
        self.playoff_list = QListWidget()
        self.playoff_list.setObjectName("playoffs")
        self.playoff_list.currentRowChanged.connect(self._playoff_selected)
        self.result_buttons: dict[str, QPushButton] = {}
        for code in ("1-0", "=", "0-1"):
            button = QPushButton()
            button.clicked.connect(lambda _c=False, k=code: self.record_playoff(k))
            self.result_buttons[code] = button
        self.board_button = QPushButton()
        self.board_button.clicked.connect(self.record_on_board)
        self.playoff_label = QPlainTextEdit()
        self.playoff_label.setObjectName("playoff_view")
        self.playoff_label.setReadOnly(True)
        self.playoff_id: int | None = None
        self._generation = 0
        self._team_names: list[str] = []
        self._team_rankings: list[Any] | None = None
        self._crosstable_for: tuple[str | None, int] | None = None
        self._bracket_for: tuple[str | None, int] | None = None
        self.playoff_list.installEventFilter(self)
        self.print_button = QPushButton()
        self.print_button.setObjectName("print_standings")
        self.print_button.clicked.connect(self.print_standings)
        self.pdf_button = QPushButton()
        self.pdf_button.setObjectName("pdf_standings")
        self.pdf_button.clicked.connect(lambda: self.print_standings(pdf=True))
        self.award_print_button = QPushButton()
        self.award_print_button.setObjectName("print_award_list")
        self.award_print_button.clicked.connect(self.print_award_list)
        self.award_pdf_button = QPushButton()
        self.award_pdf_button.setObjectName("pdf_award_list")
        self.award_pdf_button.clicked.connect(lambda: self.print_award_list(pdf=True))
        self.state_label = QLabel()
        self.state_label.setObjectName("standings_state")
        self.legend = QLabel()
        self.legend.setObjectName("standings_legend")
        self.legend.setWordWrap(True)
        self.legend.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
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
        self.declines.currentRowChanged.connect(lambda _r: self._update_decline_buttons())
        self.decline_infos: list[Any] = []
        self.act_decline_title = QAction(self)
        self.act_decline_title.triggered.connect(lambda: self.decline_selected("title"))
        self.act_decline_prize = QAction(self)
        self.act_decline_prize.triggered.connect(lambda: self.decline_selected("prize"))
        self.table.setContextMenuPolicy(Qt.ContextMenuPolicy.ActionsContextMenu)
        self.table.addAction(self.act_decline_title)
        self.table.addAction(self.act_decline_prize)
        self.table.itemSelectionChanged.connect(self._update_decline_buttons)
        self.teams_button = QPushButton()
        self.teams_button.setObjectName("declared_teams_button")
        self.teams_button.clicked.connect(self.open_teams_dialog)
        self.teams_dialog: Any = None
        top = QHBoxLayout()
        top.addWidget(self.group_label)
        top.addWidget(self.group)
        top.addWidget(self.which)
        top.addWidget(self.state_label)
        top.addStretch(1)
        top.addWidget(self.teams_button)
        top.addWidget(self.print_button)
        top.addWidget(self.pdf_button)
        playoff_row = QHBoxLayout()
        playoff_row.addWidget(self.needs, 2)
        buttons = QVBoxLayout()
        buttons.addWidget(self.create_button)
        buttons.addWidget(self.playoff_format)
        buttons.addStretch(1)
        playoff_row.addLayout(buttons)
        playoff_row.addWidget(self.playoff_list, 2)
        games = QVBoxLayout()
        games.addWidget(self.playoff_label, 1)
        result_row = QHBoxLayout()
        for button in self.result_buttons.values():
            result_row.addWidget(button)
        result_row.addWidget(self.board_button)
        games.addLayout(result_row)
        playoff_row.addLayout(games, 2)
        lower = self.lower_part = QWidget()
        lower_layout = QVBoxLayout(lower)
        lower_layout.setContentsMargins(0, 0, 0, 0)
        lower_layout.addWidget(self.needs_label)
        lower_layout.addLayout(playoff_row)
        self.decline_part = QWidget()
        decline_row = QHBoxLayout(self.decline_part)
        decline_row.setContentsMargins(0, 0, 0, 0)
        decline_row.addWidget(self.declines_label)
        decline_row.addWidget(self.declines, 1)
        decline_buttons = QVBoxLayout()
        for button in (self.decline_title_button, self.decline_prize_button,
                       self.withdraw_button):
            decline_buttons.addWidget(button)
        decline_row.addLayout(decline_buttons)
        lower_layout.addWidget(self.decline_part)
        upper = QWidget()
        upper_layout = QVBoxLayout(upper)
        upper_layout.setContentsMargins(0, 0, 0, 0)
        upper_layout.addWidget(self.pages, 1)
        legend_row = QHBoxLayout()
        legend_row.addWidget(self.legend, 1)
        award_buttons = QVBoxLayout()
        award_buttons.addWidget(self.award_print_button)
        award_buttons.addWidget(self.award_pdf_button)
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

    # ----- loading -----------------------------------------------------------------------------

    def reset(self) -> None:
        self._generation += 1
        self.group.blockSignals(True)
        self.group.clear()
        self.group.blockSignals(False)
        self.playoff_id = None
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
        self.playoff_list.setFocus()

    def eventFilter(self, watched: Any, event: Any) -> bool:  # noqa: N802 (Qt name)
        """On the playoff list, 1 / = / 0 enter the next game's result (first mover first)."""
        from PySide6.QtCore import QEvent

        if watched is self.playoff_list and event.type() == QEvent.Type.KeyPress:
            code = PLAYOFF_KEYS.get(event.text())
            if code is not None and self.playoff_id is not None:
                self.record_playoff(code)
                return True
        return super().eventFilter(watched, event)

    def print_standings(self, pdf: bool = False) -> bool:
        """The list on screen printed with a preview, or saved as a PDF in the event's
        folder: the standings (or a sub-ranking, or the team standings), or the crosstable."""
        from app.ui.printing import print_table

        group = self.selected_group() or ""
        folder = self.main.event_folder() if pdf else None
        if self.pages.currentWidget() is self.bracket_area:
            if not self.bracket.printable():
                return False
            from app.ui.printing import print_painting

            return print_painting(self, tr("print_bracket_title", group=group),
                                  self.bracket.paint_on_paper, pdf_folder=folder)
        if self.pages.currentWidget() is self.crosstable:
            model = self.crosstable.model
            if model.info is None:
                return False
            headers = [str(model.headerData(c, Qt.Orientation.Horizontal) or "")
                       for c in range(model.columnCount())]
            names = [str(model.headerData(r, Qt.Orientation.Vertical) or "")
                     for r in range(model.rowCount())]
            rows = [[name, *row] for name, row in zip(names, self.crosstable.texts(),
                                                      strict=True)]
            return print_table(self, tr("print_crosstable_title", group=group),
                               [tr("col_name"), *headers], rows, pdf_folder=folder)
        entry = self.current()
        if entry is None:
            return False
        title = tr("print_standings_title", group=group, ranking=self.which.currentText())
        if not getattr(entry[1], "final", True):
            title += " " + tr("standings_provisional")
        headers = [item.text() if (item := self.table.horizontalHeaderItem(c)) else ""
                   for c in range(self.table.columnCount())]
        return print_table(self, title, headers, self.standings_texts(), pdf_folder=folder)

    def award_rows(self) -> list[list[str]]:
        """The award list (奖励名单) of the ranking shown: place, name, unit, prize and
        grade title of each row that receives something, as the standings service awards
        them (a declined prize or title is not listed; 2016 八(二)3, qiwang 2022 十五4)."""
        entry = self.current()
        if entry is None:
            return []
        rows: list[list[str]] = []
        lang = language()
        for row in entry[1].rows:
            if entry[0].startswith("team:"):
                name, unit, title = row.team, "", ""
            else:
                name, unit, title = row.player.name, row.player.unit, wording.title_text(row.award)
            prize = wording.prize_text(row.award, lang)
            if prize or title:
                rows.append([wording.place_text(row.place, row.shared, "-"), name, unit, prize,
                             title])
        return rows

    def print_award_list(self, pdf: bool = False) -> bool:
        """The award list of the ranking shown, printed with a preview or saved as a PDF."""
        from app.ui.printing import print_table

        rows = self.award_rows()
        if not rows:
            return False
        title = tr("print_award_list_title", group=self.selected_group() or "",
                   ranking=self.which.currentText())
        entry = self.current()
        if entry is not None and not getattr(entry[1], "final", True):
            title += " " + tr("standings_provisional")
        headers = [tr("standings_rank"), tr("col_team") if self.shows_teams() else
                   tr("col_name"), tr("col_unit"), tr("standings_prize"),
                   tr("standings_title_apply")]
        if not any(row[4] for row in rows):  # no grade title in this ranking (huazhi 九(二))
            headers, rows = headers[:4], [row[:4] for row in rows]
        return print_table(self, title, headers, rows,
                           pdf_folder=self.main.event_folder() if pdf else None)

    def show_group(self, group: str | None) -> None:
        """Show `group` (the view brought up to date first, when it is out of date)."""
        if self.stale and self.main.ev is not None:
            self.stale = False
            self.refresh()
        if group is not None and group != self.selected_group() and \
                self.group.findText(group) >= 0:
            self.group.setCurrentIndex(self.group.findText(group))

    def _team_key(self) -> str | None:
        """The team ranking the menu prints: a team group's own standings, else the declared
        team ranking shown, else the first one."""
        system = self.system()
        if system is not None and system.team:
            return MAIN
        if self.is_team():
            return str(self.which.currentData())
        return next((key for key, _info in self.rankings if key.startswith("team:")), None)

    def print_refusals(self) -> dict[str, str | None]:
        """For each list of the group shown (PRINTABLE), why it cannot be printed now (None:
        it can)."""
        if self.selected_group() is None:
            return dict.fromkeys(PRINTABLE, tr("rounds_no_group"))
        system = self.system()
        team = system is not None and system.team
        main = next((info for key, info in self.rankings if key == MAIN), None)
        empty = tr("print_no_players_tip") if main is None or not main.rows else None
        if system is not None and system.bracket:
            self._load_bracket()
            bracket = None if self.bracket.printable() else tr("print_no_bracket_tip")
        else:
            bracket = tr("print_not_knockout_tip")
        awards = None if self.award_rows() else tr("print_award_list_none_tip")
        return {
            "standings": empty,
            "crosstable": tr("print_team_no_crosstable_tip") if team else empty,
            "bracket": bracket,
            "team_standings": (empty if team else None) if self._team_key() is not None
            else tr("print_no_team_ranking_tip"),
            "award_list": awards,
        }

    def print_list(self, name: str, pdf: bool = False) -> bool:
        """The menu's print of one list (PRINTABLE) of the group shown: its page (and
        ranking) is brought up, then printed by the same code as the view's own buttons."""
        if self.print_refusals().get(name) is not None:
            return False
        if name == "crosstable":
            self.show_crosstable()
        elif name == "bracket":
            self.show_bracket()
        else:
            self.pages.setCurrentIndex(0)
            key = self._team_key() if name == "team_standings" else (
                MAIN if name == "standings" and self.is_team() else None)
            if key is not None:
                self.which.setCurrentIndex(self.which.findData(key))
        return self.print_award_list(pdf) if name == "award_list" else self.print_standings(pdf)

    def _update_print_buttons(self) -> None:
        """Print and PDF only when the page shown has something to print; the tooltip
        says why not."""
        page = self.pages.currentWidget()
        if page is self.bracket_area:
            why = "" if self.bracket.printable() else "print_no_bracket_tip"
        elif page is self.crosstable:
            why = "" if self.crosstable.model.info is not None else "print_no_crosstable_tip"
        else:
            why = "" if self.current() is not None and self.table.rowCount() else \
                "print_no_standings_tip"
        for button, key in ((self.print_button, "print_tip"), (self.pdf_button, "save_pdf_tip")):
            button.setEnabled(not why)
            button.setToolTip(tr(why or key))
        awards_why = "" if page is self.table and self.award_rows() else (
            "print_award_list_page_tip" if page is not self.table
            else "print_award_list_none_tip")
        self.award_print_button.setVisible(page is self.table)
        self.award_pdf_button.setVisible(page is self.table)
        for button, key in ((self.award_print_button, "print_award_list_tip"),
                            (self.award_pdf_button, "pdf_award_list_tip")):
            button.setEnabled(not awards_why)
            button.setToolTip(tr(awards_why or key))

    def selected_group(self) -> str | None:
        return self.group.currentText() or None

    def refresh(self) -> None:
        self._generation += 1  # the crosstable and the bracket are loaded again when shown
        self._team_rankings = None
        info = queries.event_info(self.ev)
        self._team_names = [str(spec.get("name", "")) for spec in
                            info.settings.get("team_rankings", []) or []]
        groups = info.groups
        self.systems = {g.name: (g.system, dict(g.points)) for g in groups}
        self.playoff_formats = {g.name: g.settings.playoff_format.value for g in groups}
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
                main, subs = ranking.rankings(self.ev, name)
                self.rankings.append((MAIN, main))
                for sub in subs:
                    self.rankings.append((f"sub:{sub.name}", sub))
                for team_name in self._team_names:  # worked out when one is chosen
                    self.rankings.append((f"team:{team_name}", None))
            except (UserError, NoAnswer) as error:
                self.main.show_error(error)
        for key, info in self.rankings:
            label = tr("standings_main") if key == MAIN else (
                tr("standings_team_ranking", name=key[len("team:"):]) if key.startswith("team:")
                else info.name)
            self.which.addItem(label, key)
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
        self.lower_part.setVisible(table and not self.shows_teams())
        self.legend.setVisible(table)
        if self.main.ev is not None:
            if self.pages.currentWidget() is self.crosstable:
                self._load_crosstable()
            elif self.pages.currentWidget() is self.bracket_area:
                self._load_bracket()
        self._update_print_buttons()

    def _load_crosstable(self) -> None:
        name = self.selected_group()
        if self._crosstable_for == (name, self._generation):
            return  # shown already, and nothing changed since
        self._crosstable_for = (name, self._generation)
        info = None
        if name is not None:
            try:
                # The table's own standings when they are the group's (worked out already).
                held = self.rankings[0][1] if self.rankings and self.rankings[0][0] == MAIN \
                    else None
                info = ranking.crosstable(self.ev, name, held)
            except (UserError, NoAnswer) as error:
                self.main.show_error(error)
        self.crosstable.set_info(info)

    def _load_bracket(self) -> None:
        """The knockout's bracket, with team names (team knockout) or players' names."""
        name = self.selected_group()
        if self._bracket_for == (name, self._generation):
            return
        self._bracket_for = (name, self._generation)
        bracket = None
        names: dict[int, str] = {}
        system = self.system()
        if name is not None and system is not None and system.bracket:
            try:
                if system.team:
                    names = {t.id: t.name for t in knockout.teams(self.ev, name)}
                else:
                    names = {p.id: p.name for p in queries.players(self.ev, name)}
                if len(names) >= 2:  # fewer: the widget says a bracket needs two
                    bracket = knockout.bracket_view(self.ev, name)
            except (UserError, NoAnswer) as error:
                self.main.show_error(error)
                bracket = None
        self.bracket.set_bracket(bracket, names)

    def current(self) -> tuple[str, Any] | None:
        key = self.which.currentData()
        for index, entry in enumerate(self.rankings):
            if entry[0] == key:
                if entry[1] is None and key.startswith("team:"):
                    entry = (key, self._team_ranking(key[len("team:"):]))
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
        return next((t for t in self._team_rankings if _team_name(t) == name), None)

    # ----- showing -----------------------------------------------------------------------------

    def _show(self) -> None:
        entry = self.current()
        self.info = entry[1] if entry else None
        if entry is None:
            common.fill_table(self.table, [], [])
        elif entry[0].startswith("team:"):
            self._show_team(entry[1])
        else:
            self._show_standings(entry[1])
        self._show_state()
        self._show_needs()
        self._load_declines()
        self._update_print_buttons()

    def is_team(self) -> bool:
        entry = self.current()
        return entry is not None and entry[0].startswith("team:")

    def shows_teams(self) -> bool:
        """Teams on the rows: a team ranking, or a group playing team matches; its rows are
        no players (no declines of a player's award, no players' playoff: a level team match
        is decided by its captains within the match, huazhi 六、(三)3)."""
        system = self.system()
        return self.is_team() or (system is not None and system.team)

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

    def _show_standings(self, info: Any) -> None:
        sub = bool(getattr(info, "sub", False))
        system = self.system()
        # A knockout ranks by its bracket (places decided by matches won, huazhi 六、(三)5):
        # teams or players, matches won, no playoff of ties; a title column only if any.
        bracket = system is not None and system.bracket
        titles = not bracket or any(wording.title_text(row.award) for row in info.rows)
        headers = [tr("standings_rank"),
                   tr("col_team") if system is not None and system.team else tr("col_name"),
                   tr("col_unit"), tr("standings_matches_won" if bracket else "standings_points"),
                   *[_tiebreak_header(key, label) for key, label in info.columns],
                   *([tr("standings_open_place")] if sub else []),
                   *([] if bracket else [tr("standings_playoff")]), tr("standings_prize"),
                   *([tr("standings_title_apply")] if titles else [])]
        lang = language()
        rows = [[wording.place_text(row.place, row.shared), _name_cell(row.player, lang),
                 row.player.unit,
                 wording.number_text(row.points), *map(wording.number_text, row.tiebreaks),
                 *([wording.place_text(row.open_place, row.open_shared)] if sub else []),
                 *([] if bracket else [wording.playoff_text(row.playoff, lang)]),
                 wording.prize_text(row.award, lang),
                 *([wording.title_text(row.award)] if titles else [])]
                for row in info.rows]
        common.fill_table(self.table, headers, rows, [row.player.id for row in info.rows])
        shared = QBrush(QColor("#fff3cd"))
        need = QBrush(QColor("#f8d7da"))
        for r, row in enumerate(info.rows):
            brush = (need if row.playoff is PlayoffState.NEEDED
                     else (shared if row.shared else None))
            if brush is not None:
                for c in range(self.table.columnCount()):
                    cell(self.table, r, c).setBackground(brush)
            cell(self.table, r, 0).setTextAlignment(Qt.AlignmentFlag.AlignCenter)
        if sub:
            column = headers.index(tr("standings_open_place"))
            item = self.table.horizontalHeaderItem(column)
            if item is not None:
                item.setToolTip(tr("standings_open_place_tip"))

    def _show_team(self, info: Any) -> None:
        """A team ranking; a unit without a complete team shows no figure (its total and
        criteria are empty, never 0) and lists its members; a tie to settle by lots or a
        playoff says why."""
        lang = language()
        reasons = any(row.why is not None for row in info.rows)
        headers = [tr("standings_rank"), tr("col_team"),
                   wording.team_total_label(info.method, lang),
                   *[wording.team_criterion(key, label, lang) for key, label in info.columns],
                   tr("col_members"), tr("standings_prize"), tr("col_note"),
                   *([tr("standings_team_reason")] if reasons else [])]
        rows = [[wording.place_text(row.place, row.shared, "-"), row.team,
                 wording.number_text(row.total) if row.total is not None else "",
                 *(map(wording.number_text, row.values) if row.place is not None
                   else ["" for _ in row.values]),
                 names_text(row.members), wording.prize_text(row.award, lang),
                 wording.team_note_text(row.note, lang),
                 *([wording.reason_text(row.why, lang) if row.why else ""] if reasons else [])]
                for row in info.rows]
        common.fill_table(self.table, headers, rows)
        need = QBrush(QColor("#f8d7da"))
        for r, row in enumerate(info.rows):
            if row.why is not None:
                for c in range(self.table.columnCount()):
                    cell(self.table, r, c).setBackground(need)

    def _show_needs(self) -> None:
        self.needs.clear()
        needs = getattr(self.info, "playoffs_needed", ()) if self.info is not None else ()
        for need in needs:
            players = names_text(p.name for p in need.players)
            text = tr("standings_need", place=need.place, players=players)
            if need.open_playoff is not None:
                text += tr("standings_need_open")
            reason = wording.reason_text(need.why, language())
            if reason:
                text += "\n" + tr("standings_need_reason", reason=reason)
            item = QListWidgetItem(text)
            item.setToolTip(reason)
            item.setData(Qt.ItemDataRole.UserRole, need.place)
            item.setData(Qt.ItemDataRole.UserRole + 1, len(need.players))
            item.setData(Qt.ItemDataRole.UserRole + 2, need.open_playoff is not None)
            self.needs.addItem(item)
        self.playoff_format.set_value(self.playoff_formats.get(self.selected_group() or "",
                                                               "round_robin"))
        if not needs:
            self.needs.addItem(tr("standings_no_need"))
        else:
            self.needs.setCurrentRow(0)
        self._show_selected_tie()
        self._load_playoffs()

    def _tied(self) -> int:
        """How many players the selected tie holds (0: none selected)."""
        item = self.needs.currentItem()
        count = item.data(Qt.ItemDataRole.UserRole + 1) if item is not None else None
        return count if isinstance(count, int) else 0

    def _show_selected_tie(self) -> None:
        """The choice of 小循环 or 淘汰 only for a tie of three or more; a tie whose playoff
        is under way is not opened again (its results are entered below)."""
        self.playoff_format.setVisible(self._tied() >= 3)
        item = self.needs.currentItem()
        place = item.data(Qt.ItemDataRole.UserRole) if item is not None else None
        under_way = item is not None and bool(item.data(Qt.ItemDataRole.UserRole + 2))
        self.create_button.setEnabled(isinstance(place, int) and not under_way)
        self.create_button.setToolTip(tr("standings_playoff_open_tip", place=place) if under_way
                                      else tr("standings_create_playoff"))

    # ----- declines (放弃称号 / 放弃奖金) ---------------------------------------------------------

    def _load_declines(self) -> None:
        """The titles and prizes the group's players declined, in the order recorded."""
        self.declines.blockSignals(True)
        self.declines.clear()
        self.decline_infos = []
        name = self.selected_group()
        if name is not None and self.main.ev is not None:
            try:
                self.decline_infos = list(awards.declines(self.ev, name))
            except (UserError, NoAnswer) as error:
                self.main.show_error(error)
        for info in self.decline_infos:
            key = "decline_item_title" if str(info.what) == "title" else "decline_item_prize"
            self.declines.addItem(tr(key, name=info.name, ranking=info.ranking))
        if not self.decline_infos:
            self.declines.addItem(tr("declines_none"))
        self.declines.blockSignals(False)
        self._update_decline_buttons()

    def selected_player(self) -> int | None:
        """The player of the selected row of a players' ranking (not of teams)."""
        if self.shows_teams() or self.info is None:
            return None
        value = common.selected_data(self.table)
        return value if isinstance(value, int) else None

    def _ranking_name(self) -> str | None:
        """The ranking a decline is for: None for the group's own, else the sub-ranking."""
        entry = self.current()
        if entry is None or entry[0] == MAIN:
            return None
        return str(entry[1].name)

    def _update_decline_buttons(self) -> None:
        player = self.selected_player() is not None
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
        player = self.selected_player()
        if player is None:
            return False
        return self.decline(player, what, self._ranking_name())

    def decline(self, player_id: int, what: str, ranking_name: str | None = None, *,
                withdraw: bool = False) -> bool:
        outcome = self.run(DECLINE_AWARD, self.ev, player_id, what, ranking_name,
                           withdraw=withdraw)
        if outcome is None:
            return False
        self.main.show_message(tr("declines_withdrawn" if withdraw else "declines_recorded"))
        return True

    def withdraw_selected(self) -> bool:
        """Take back the decline selected in the list."""
        row = self.declines.currentRow()
        if not 0 <= row < len(self.decline_infos):
            return False
        info = self.decline_infos[row]
        return self.decline(info.player_id, str(info.what), info.ranking, withdraw=True)

    def open_teams_dialog(self) -> Any:
        """The declared teams of the team ranking shown (qiwang 十二(四)4)."""
        from app.ui.teams_dialog import TeamsDialog

        entry = self.current()
        name = entry[1].name if entry is not None and entry[0].startswith("team:") else None
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

    # ----- playoffs ----------------------------------------------------------------------------

    def create_selected_playoff(self) -> int | None:
        item = self.needs.currentItem()
        place = item.data(Qt.ItemDataRole.UserRole) if item is not None else None
        if not isinstance(place, int):
            return None
        return self.create_playoff(place)

    def create_playoff(self, place: int) -> int | None:
        """Open the playoff (加赛) for the players tied at `place` of the ranking shown; three
        or more play it in the format chosen (the group's setting unless changed here)."""
        name = self.selected_group()
        if name is None:
            return None
        need = next((n for n in getattr(self.info, "playoffs_needed", ()) if n.place == place),
                    None)
        playoff_format = self.playoff_format.value() if need is not None and \
            len(need.players) >= 3 else None
        entry = self.current()
        ranking_name = entry[1].name if entry is not None and entry[0].startswith("sub:") \
            else None
        outcome = self.run(CREATE_PLAYOFF, self.ev, name, place, playoff_format=playoff_format,
                           ranking=ranking_name)
        if outcome is None:
            return None
        self.playoff_id = int(outcome.value)
        self._load_playoffs()
        self.main.show_message(tr("standings_playoff_created", place=place))
        return self.playoff_id

    def _load_playoffs(self) -> None:
        """The group's playoffs; the selected one shows its games and the next to play."""
        self.playoff_list.blockSignals(True)
        self.playoff_list.clear()
        self.playoff_infos: list[Any] = []
        name = self.selected_group()
        if name is not None and self.main.ev is not None:
            try:
                self.playoff_infos = list(playoffs.playoffs(self.ev, name))
            except (UserError, NoAnswer) as error:
                self.main.show_error(error)
        for info in self.playoff_infos:
            names = names_text(p.name for p in info.players)
            state = (tr("playoff_decided", order=" > ".join(p.name for p in info.order))
                     if info.order else tr("playoff_open"))
            item = QListWidgetItem(tr("playoff_item", place=info.place, players=names,
                                      state=state))
            item.setData(Qt.ItemDataRole.UserRole, info.id)
            self.playoff_list.addItem(item)
        ids = [info.id for info in self.playoff_infos]
        if self.playoff_id not in ids:
            self.playoff_id = ids[-1] if ids else None
        if self.playoff_id is not None:
            self.playoff_list.setCurrentRow(ids.index(self.playoff_id))
        self.playoff_list.blockSignals(False)
        self.show_playoff()

    def _playoff_selected(self, row: int) -> None:
        if 0 <= row < len(self.playoff_infos):
            self.playoff_id = self.playoff_infos[row].id
            self.show_playoff()

    def current_playoff(self) -> Any:
        return next((p for p in self.playoff_infos if p.id == self.playoff_id), None)

    def show_playoff(self) -> None:
        info = self.current_playoff()
        self.playoff_label.setPlainText(_playoff_text(info) if info is not None else "")
        open_ = info is not None and not info.order and info.next_game is not None
        for button in (*self.result_buttons.values(), self.board_button):
            button.setEnabled(open_)

    def record_on_board(self) -> bool:
        """Play the playoff's next game on the board view."""
        if self.playoff_id is None:
            return False
        if self.main.board_view.link_playoff(self.playoff_id):
            self.main.tabs.setCurrentWidget(self.main.board_view)
            return True
        return False

    def record_playoff(self, code: str) -> bool:
        """The result of the selected playoff's next game (first mover first)."""
        if self.playoff_id is None:
            return False
        outcome = self.run(RECORD_PLAYOFF_RESULT, self.ev, self.playoff_id, code)
        if outcome is None:
            return False
        info = outcome.value
        self.main.show_message(
            tr("playoff_decided", order=" > ".join(p.name for p in info.order)) if info.order
            else tr("playoff_result_saved", place=info.place, result=code))
        return True

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
        self.print_button.setText(tr("print"))
        self.pdf_button.setText(tr("save_pdf"))
        self.award_print_button.setText(tr("print_award_list"))
        self.award_pdf_button.setText(tr("pdf_award_list"))
        self.playoff_format.retranslate()
        self._update_print_buttons()
        self.playoff_list.setToolTip(tr("playoff_keys_tip"))
        for index, key in enumerate(("page_standings", "page_crosstable", "page_bracket")):
            self.pages.setTabText(index, tr(key))
            self.pages.setTabToolTip(index, tr(f"{key}_tip"))
        self.crosstable.retranslate()
        self.bracket.setToolTip("")
        self.bracket_area.setToolTip(tr("bracket_tip"))
        self.bracket.update()
        self.needs_label.setText(tr("standings_playoff"))
        self.create_button.setText(tr("standings_create_playoff"))
        self._show_selected_tie()  # the create button's tooltip, in the language shown
        for code, key in (("1-0", "playoff_first_wins"), ("=", "playoff_draw"),
                          ("0-1", "playoff_second_wins")):
            self.result_buttons[code].setText(tr(key))
            self.result_buttons[code].setToolTip(tr(key))
        self.board_button.setText(tr("rounds_record"))
        self.board_button.setToolTip(tr("playoff_on_board_tip"))
        self.declines_label.setText(tr("declines_label"))
        self.decline_title_button.setText(tr("decline_title"))
        self.decline_prize_button.setText(tr("decline_prize"))
        self.withdraw_button.setText(tr("withdraw_decline"))
        self.act_decline_title.setText(tr("decline_title"))
        self.act_decline_prize.setText(tr("decline_prize"))
        self.teams_button.setText(tr("declared_teams_open"))
        self.teams_button.setToolTip(tr("declared_teams_open_tip"))
        self._update_decline_buttons()


def _team_name(team: Any) -> str:
    return str(getattr(team, "name", getattr(team, "title", "")))


def _tiebreak_header(key: str, label: str) -> str:
    """A tie-break column: the group's own name in Chinese (小分 ...); in English the
    tie-break's English name, with the group's Chinese name where it has its own."""
    english = TIEBREAK_ENGLISH.get(key, key)
    return pick(label, english)


def _playoff_text(info: Any) -> str:
    """A playoff's games (played and to play) and its order once decided."""
    lines = [tr("playoff_item", place=info.place,
                players=names_text(p.name for p in info.players), state="")]
    for game in info.games:
        mark = game.result or ("→ " + tr("playoff_next") if game is info.next_game else "")
        stage = pick(game.stage, PLAYOFF_STAGE_ENGLISH.get(game.stage, game.stage))
        lines.append(f"{game.index}. {stage}  {game.black.name} — {game.white.name}  "
                     f"{game.time_control}  {mark}")
    if info.order:
        lines.append(tr("playoff_decided", order=" > ".join(p.name for p in info.order)))
    return "\n".join(lines)
