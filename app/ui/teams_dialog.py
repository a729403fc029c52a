"""The declared teams of a team ranking over an individual group (团体报名): qiwang 2022
十二(四)4 "男子团体每队为3人、女子团体每队为2人 … 在总决赛前由各参赛队统一报名".

The arbiter declares a team (name, unit, members), corrects a declared one (chosen in the
list, its fields fill the form), imports a team list (CSV/XLSX) or removes a team; chooses the team tie-break chain and what a tie still level after it does (the
regulation is silent in qiwang: the arbiter's choice, printed in the legend; shenzhen 十一(二):
best individual place); and records the order drawn by lots among teams sharing a place.
Each is one undoable operation of `app.services.teams`; the rules themselves live there.
A refused declaration keeps what was typed and shows why.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QDialog,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
)

from app import wording
from app.errors import NoAnswer, UserError
from app.services import ranking, teams
from app.services.operations import (
    DECLARE_TEAM,
    IMPORT_TEAMS,
    RECORD_LOTS,
    REMOVE_TEAM,
    TEAM_RULES,
    UPDATE_TEAM,
    Operation,
)
from app.standings.awards import TieRule
from app.standings.teams import BEST_PLACE
from app.team_rankings import TeamRankingSpec
from app.ui import common
from app.ui.i18n import error_text, language, names_text, pick, place_colon, tr
from app.ui.operations import run_operation
from app.wording import TIEBREAK_ENGLISH

SEPARATORS = re.compile(r"[、,，;；\s]+")
# every TieRule (the enum is the list), sharing first; offered after "not chosen" (where the
# regulation gives no team tie rule, nothing is chosen until the arbiter chooses)
TIE_RULES = tuple(rule.value for rule in sorted(TieRule, key=lambda r: r is not TieRule.SHARE))


def split_names(text: str) -> list[str]:
    """Members as typed: names separated by 、 , ; or spaces."""
    return [part for part in SEPARATORS.split(text.strip()) if part]


class TeamsDialog(QDialog):
    """Non-modal: one team ranking (of those counting declared teams) at a time."""

    def __init__(self, main: Any) -> None:
        super().__init__(main)
        self.main = main
        self.setObjectName("teams_dialog")
        self.setWindowTitle(tr("teams_title"))
        self.resize(760, 620)
        self.specs: dict[str, TeamRankingSpec] = {}
        self.declared: list[teams.DeclaredTeam] = []
        self.info: Any = None
        self.ranking = QComboBox()
        self.ranking.setObjectName("team_ranking")
        self.ranking.currentIndexChanged.connect(lambda _i: self._load())
        self.how = QLabel()
        self.how.setWordWrap(True)
        self.teams = QListWidget()
        self.teams.setObjectName("declared_teams")
        self.teams.currentRowChanged.connect(self._team_chosen)
        self.remove_button = QPushButton(tr("teams_remove"))
        self.remove_button.setObjectName("remove_team")
        self.remove_button.clicked.connect(self.remove_selected)
        self.import_button = QPushButton(tr("teams_import"))
        self.import_button.setObjectName("import_teams")
        self.import_button.clicked.connect(self.ask_import)
        self.replace = QCheckBox(tr("teams_replace"))
        self.replace.setToolTip(tr("teams_replace_tip"))
        self.name = QLineEdit()
        self.name.setObjectName("team_name")
        self.unit = QLineEdit()
        self.unit.setObjectName("team_unit")
        self.unit.setPlaceholderText(tr("teams_unit_hint"))
        self.members = QLineEdit()
        self.members.setObjectName("team_members")
        self.members.setPlaceholderText(tr("teams_members_hint"))
        self.declare_button = QPushButton(tr("teams_declare"))
        self.declare_button.setObjectName("declare_team")
        self.declare_button.clicked.connect(self.declare)
        self.update_button = QPushButton(tr("teams_update"))
        self.update_button.setObjectName("update_team")
        self.update_button.clicked.connect(self.update_selected)
        self.error = QLabel()
        self.error.setObjectName("teams_error")
        self.error.setWordWrap(True)
        self.error.setStyleSheet("color: #b00020;")
        self.chain = QListWidget()
        self.chain.setObjectName("team_chain")
        self.chain.setDragDropMode(QAbstractItemView.DragDropMode.InternalMove)
        self.chain.setToolTip(tr("teams_chain_tip"))
        self.chain.setMaximumHeight(110)
        self.tie_rule = QComboBox()
        self.tie_rule.setObjectName("team_tie_rule")
        self.tie_rule.addItem(tr("teams_tie_unset"), "")
        for rule in TIE_RULES:
            self.tie_rule.addItem(tr(f"teams_tie_{rule}"), rule)
        self.asks = QLabel()
        self.asks.setObjectName("team_asks")
        self.asks.setWordWrap(True)
        self.asks.setStyleSheet("color: #b00020; font-weight: bold;")
        self.rules_button = QPushButton(tr("teams_rules_save"))
        self.rules_button.setObjectName("save_team_rules")
        self.rules_button.clicked.connect(self.save_rules)
        self.tie = QComboBox()
        self.tie.setObjectName("team_tie")
        self.tie.currentIndexChanged.connect(lambda _i: self._tie_selected())
        self.lots = QLineEdit()
        self.lots.setObjectName("team_lots")
        self.lots.setPlaceholderText(tr("teams_lots_hint"))
        self.lots_button = QPushButton(tr("teams_lots_record"))
        self.lots_button.setObjectName("record_lots")
        self.lots_button.clicked.connect(self.record_lots)
        self.close_button = QPushButton(tr("import_cancel"))
        self.close_button.clicked.connect(self.close)

        top = QHBoxLayout()
        top.addWidget(QLabel(tr("teams_ranking")))
        top.addWidget(self.ranking, 1)
        list_buttons = QHBoxLayout()
        list_buttons.addWidget(self.remove_button)
        list_buttons.addStretch(1)
        list_buttons.addWidget(self.replace)
        list_buttons.addWidget(self.import_button)
        form_box = QGroupBox(tr("teams_new"))
        form = QFormLayout(form_box)
        form.addRow(tr("teams_name"), self.name)
        form.addRow(tr("teams_unit"), self.unit)
        form.addRow(tr("teams_members"), self.members)
        form_buttons = QHBoxLayout()
        form_buttons.addWidget(self.declare_button)
        form_buttons.addWidget(self.update_button)
        form_buttons.addStretch(1)
        form.addRow("", form_buttons)
        rules_box = QGroupBox(tr("teams_rules"))
        rules = QFormLayout(rules_box)
        rules.addRow(tr("teams_chain"), self.chain)
        rules.addRow(tr("teams_tie_rule"), self.tie_rule)
        rules.addRow("", self.rules_button)
        lots_box = QGroupBox(tr("teams_lots"))
        lots = QFormLayout(lots_box)
        lots.addRow(tr("teams_tie"), self.tie)
        lots.addRow(tr("teams_lots_order"), self.lots)
        lots.addRow("", self.lots_button)
        bottom = QHBoxLayout()
        bottom.addStretch(1)
        bottom.addWidget(self.close_button)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.how)
        layout.addWidget(self.asks)
        layout.addWidget(self.teams, 1)
        layout.addLayout(list_buttons)
        layout.addWidget(form_box)
        layout.addWidget(self.error)
        layout.addWidget(rules_box)
        layout.addWidget(lots_box)
        layout.addLayout(bottom)

    # ----- loading ---------------------------------------------------------------------------

    def refresh(self, choose: str | None = None) -> None:
        """The event's team rankings; teams are declared for those that sum the members'
        scores (qiwang 十二(四)4); those adding unit places (shenzhen 十二(二)) take none."""
        current = choose or self.ranking.currentData()
        self.specs = {}
        if self.main.ev is not None:
            self.specs = {spec.name: spec for spec in teams.team_rankings(self.main.ev)}
        self.ranking.blockSignals(True)
        self.ranking.clear()
        for name in self.specs:
            self.ranking.addItem(name, name)
        index = self.ranking.findData(current)
        self.ranking.setCurrentIndex(index if index >= 0 else 0)
        self.ranking.blockSignals(False)
        self._load()

    def declares(self, name: str | None = None) -> bool:
        """Whether the ranking takes declared teams (it sums the members' scores)."""
        spec = self.specs.get(name or self.selected_ranking() or "")
        return spec is not None and spec.declares

    def selected_ranking(self) -> str | None:
        value = self.ranking.currentData()
        return str(value) if value else None

    def _load(self) -> None:
        name = self.selected_ranking()
        self.declared = []
        self.info = None
        if name is not None:
            try:
                if self.declares(name):
                    self.declared = teams.declared_teams(self.main.ev, name)
                self.info = next((t for t in ranking.team_standings(self.main.ev)
                                  if t.name == name), None)
            except (UserError, NoAnswer) as error:
                self.show_error(error)
        spec = self.specs.get(name or "")
        size = spec.members if spec is not None else 0
        if not self.declares():
            self.how.setText(tr("teams_how_places"))
        else:
            self.how.setText(tr("teams_how_declared", size=size) if self.declared
                             else tr("teams_how_best", size=size))
        self.teams.clear()
        for team in self.declared:
            members = names_text(member for _id, member in team.members)
            unit = pick(f"（{team.unit}）", f" ({team.unit})") if team.unit else ""
            item = QListWidgetItem(f"{team.name}{unit}{place_colon()}{members}")
            item.setData(Qt.ItemDataRole.UserRole, team.name)
            self.teams.addItem(item)
        self._load_rules(spec)
        self._load_asks()
        self._load_ties()
        self._update_buttons()

    def _load_rules(self, spec: TeamRankingSpec | None) -> None:
        """The chain offered: best individual place, then the group's own tie-breaks summed
        over the members counted; the stored chain checked, in its order."""
        self.chain.clear()
        groups = spec.groups if spec is not None else ()
        columns: list[tuple[str, str]] = []
        if groups and self.main.ev is not None:
            try:
                columns = list(ranking.tiebreak_columns(self.main.ev, groups[0]))
            except (UserError, NoAnswer):
                columns = []
        offered = [(BEST_PLACE, pick(wording.team_criterion(BEST_PLACE, ""),
                                     "Best individual place"))]
        if spec is not None and spec.declares:  # a sum of places has only the best place
            offered += [(key, pick(f"{label}之和", f"Sum of {TIEBREAK_ENGLISH.get(key, label)}"))
                        for key, label in columns]
        stored = list(spec.tiebreaks) if spec is not None else []
        order = [k for k in stored if any(k == key for key, _ in offered)]
        order += [key for key, _ in offered if key not in order]
        labels = dict(offered)
        for key in order:
            item = QListWidgetItem(labels[key])
            item.setData(Qt.ItemDataRole.UserRole, key)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Checked if key in stored
                               else Qt.CheckState.Unchecked)
            self.chain.addItem(item)
        rule = spec.tie_rule if spec is not None else None
        index = self.tie_rule.findData(rule.value if rule is not None else "")
        self.tie_rule.setCurrentIndex(max(index, 0))

    def _load_asks(self) -> None:
        """Where the regulation gives no team tie rule and a tie touches the awards, say so
        and ask for the chain, the tie rule or the lots (the ranking waits until then)."""
        asks = getattr(self.info, "asks", ())
        places = "、".join(tr("teams_asks_places", first=a, last=b) for a, b in asks)
        self.asks.setText(tr("teams_asks", ties=places) if asks else "")
        self.asks.setVisible(bool(asks))

    def _load_ties(self) -> None:
        """The places teams share where lots (or a playoff) decide, with why."""
        self.tie.blockSignals(True)
        self.tie.clear()
        ties: dict[int, list[Any]] = {}
        for row in getattr(self.info, "rows", ()):
            if row.place is not None and row.why is not None:
                ties.setdefault(row.place, []).append(row)
        for place, rows in ties.items():
            names = [r.team for r in rows]
            self.tie.addItem(tr("teams_tie_item", place=place, teams="、".join(names)), names)
            self.tie.setItemData(self.tie.count() - 1,
                                 wording.reason_text(rows[0].why, language()),
                                 Qt.ItemDataRole.ToolTipRole)
        if not ties:
            self.tie.addItem(tr("teams_no_tie"), None)
        self.tie.blockSignals(False)
        self._tie_selected()

    def _tie_selected(self) -> None:
        names = self.tie.currentData()
        self.lots.setText("、".join(names) if names else "")
        self.lots.setEnabled(bool(names))
        self.lots_button.setEnabled(bool(names))
        self.lots_button.setToolTip(tr("teams_lots_tip") if names else tr("teams_no_tie"))

    def _update_buttons(self) -> None:
        has_ranking = self.selected_ranking() is not None
        declares = has_ranking and self.declares()
        self.rules_button.setEnabled(has_ranking)
        for widget in (self.declare_button, self.import_button, self.name, self.unit,
                       self.members, self.replace):
            widget.setEnabled(declares)
        if not declares:
            for button in (self.declare_button, self.import_button):
                button.setToolTip(tr("teams_how_places"))
        else:
            self.declare_button.setToolTip(tr("teams_declare_tip"))
            self.import_button.setToolTip(tr("teams_import_tip"))
        chosen = 0 <= self.teams.currentRow() < len(self.declared)
        self.remove_button.setEnabled(chosen)
        self.remove_button.setToolTip(tr("teams_remove_tip") if chosen
                                      else tr("teams_select_tip"))
        self.update_button.setEnabled(chosen and declares)
        self.update_button.setToolTip(tr("teams_update_tip") if chosen
                                      else tr("teams_select_tip"))

    def _team_chosen(self, row: int) -> None:
        """A declared team chosen in the list: its name, unit and members in the form, to
        correct and save with 保存修改."""
        if 0 <= row < len(self.declared):
            team = self.declared[row]
            self.name.setText(team.name)
            self.unit.setText(team.unit)
            self.members.setText("、".join(member for _id, member in team.members))
        self._update_buttons()

    # ----- operations ------------------------------------------------------------------------

    def show_error(self, error: UserError | NoAnswer) -> None:
        self.error.setText(error_text(error))

    def _run(self, operation: Operation[Any, Any], *args: Any, **kwargs: Any) -> Any:
        """One operation through the window's runner; a refusal also shown in the dialog."""
        outcome = run_operation(self.main, operation, *args, **kwargs)
        if outcome is None:
            self.error.setText(self.main.last_error)
            return None
        self.error.setText("")
        if not self.main.standings_view.isVisible():  # else the view refreshes this dialog
            self.refresh()
        return outcome

    def declare(self) -> bool:
        """Declare the team typed; refused, what was typed stays and the reason is shown."""
        name = self.selected_ranking()
        if name is None:
            return False
        outcome = self._run(DECLARE_TEAM, self.main.ev, name, self.name.text(),
                            split_names(self.members.text()), self.unit.text().strip())
        if outcome is None:
            return False
        for edit in (self.name, self.unit, self.members):
            edit.clear()
        self.main.show_message(tr("teams_declared", name=outcome.value.name))
        return True

    def update_selected(self) -> bool:
        """Save the form over the chosen team; refused, what was typed stays with the reason."""
        name = self.selected_ranking()
        row = self.teams.currentRow()
        if name is None or not 0 <= row < len(self.declared):
            return False
        team = self.declared[row].name
        outcome = self._run(UPDATE_TEAM, self.main.ev, name, team,
                            split_names(self.members.text()), self.unit.text().strip(),
                            self.name.text())
        if outcome is None:
            return False
        for edit in (self.name, self.unit, self.members):
            edit.clear()
        self.main.show_message(tr("teams_updated", name=outcome.value.name))
        return True

    def remove_selected(self) -> bool:
        name = self.selected_ranking()
        row = self.teams.currentRow()
        if name is None or not 0 <= row < len(self.declared):
            return False
        team = self.declared[row].name
        if self._run(REMOVE_TEAM, self.main.ev, name, team) is None:
            return False
        self.main.show_message(tr("teams_removed", name=team))
        return True

    def ask_import(self) -> bool:
        path = common.ask_open_path(self, tr("teams_import"), str(self.main.event_folder()),
                                    tr("list_files"))
        return path is not None and self.import_file(path)

    def import_file(self, path: Path) -> bool:
        """A team list, all or nothing (a bad row is refused naming its row and field)."""
        name = self.selected_ranking()
        if name is None:
            return False
        outcome = self._run(IMPORT_TEAMS, self.main.ev, name, path, self.replace.isChecked())
        if outcome is None:
            return False
        self.main.show_message(tr("teams_imported", count=len(outcome.value)))
        return True

    def chosen_chain(self) -> list[str]:
        return [str(item.data(Qt.ItemDataRole.UserRole))
                for item in (self.chain.item(i) for i in range(self.chain.count()))
                if item is not None and item.checkState() == Qt.CheckState.Checked]

    def save_rules(self) -> bool:
        name = self.selected_ranking()
        if name is None:
            return False
        if self._run(TEAM_RULES, self.main.ev, name, self.chosen_chain(),
                     self.tie_rule.currentData() or None) is None:
            return False
        self.main.show_message(tr("teams_rules_saved"))
        return True

    def record_lots(self) -> bool:
        """The order drawn (or played off) among the teams sharing the chosen place."""
        name = self.selected_ranking()
        if name is None or not self.tie.currentData():
            return False
        if self._run(RECORD_LOTS, self.main.ev, name, split_names(self.lots.text())) is None:
            return False
        self.main.show_message(tr("teams_lots_recorded"))
        return True
