"""The standings view (名次): tie-break columns, shared places, playoffs, sub-rankings, teams.

Which tie-breaks, which places share and which ties need a playoff (加赛) is the standings
service's business (regulations: 2016 and shenzhen 名次区分 clauses); this view shows them
and offers the playoff: create it, enter its games, see the final order.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHBoxLayout,
    QInputDialog,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QTableWidget,
    QVBoxLayout,
)

from app.errors import NoAnswer, UserError
from app.services import queries
from app.ui import common
from app.ui.i18n import both, tr
from app.ui.views.base import View

MAIN = "main"
TEAMS = "teams"


class StandingsView(View):
    """One ranking at a time: a group's overall standings, a sub-ranking, or the teams."""

    def __init__(self, main: Any) -> None:
        super().__init__(main)
        self.info: Any = None
        self.rankings: list[Any] = []
        self.group_label = QLabel()
        self.group = QComboBox()
        self.group.setObjectName("standings_group")
        self.group.currentIndexChanged.connect(lambda _i: self._load())
        self.which = QComboBox()
        self.which.setObjectName("standings_which")
        self.which.currentIndexChanged.connect(lambda _i: self._show())
        self.table = QTableWidget()
        self.table.setObjectName("standings_table")
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.needs_label = QLabel()
        self.needs = QListWidget()
        self.needs.setObjectName("playoff_needs")
        self.needs.setMaximumHeight(110)
        self.create_button = QPushButton()
        self.create_button.clicked.connect(self.create_selected_playoff)
        self.result_button = QPushButton()
        self.result_button.clicked.connect(self.ask_playoff_result)
        self.playoff_label = QLabel()
        self.playoff_label.setObjectName("playoff_view")
        self.playoff_label.setWordWrap(True)
        self.playoff_id: int | None = None
        top = QHBoxLayout()
        top.addWidget(self.group_label)
        top.addWidget(self.group)
        top.addWidget(self.which)
        top.addStretch(1)
        playoff_row = QHBoxLayout()
        playoff_row.addWidget(self.needs, 2)
        buttons = QVBoxLayout()
        buttons.addWidget(self.create_button)
        buttons.addWidget(self.result_button)
        buttons.addStretch(1)
        playoff_row.addLayout(buttons)
        playoff_row.addWidget(self.playoff_label, 2)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.needs_label)
        layout.addLayout(playoff_row)

    # ----- loading -----------------------------------------------------------------------------

    def selected_group(self) -> str | None:
        return self.group.currentText() or None

    def refresh(self) -> None:
        names = [g.name for g in queries.event_info(self.ev).groups]
        current = self.group.currentText()
        self.group.blockSignals(True)
        self.group.clear()
        self.group.addItems(names)
        if current in names:
            self.group.setCurrentText(current)
        self.group.blockSignals(False)
        self._load()

    def _load(self) -> None:
        """Every ranking of the selected group: overall, sub-rankings, teams."""
        name = self.selected_group()
        self.rankings = []
        choice = self.which.currentData()
        self.which.blockSignals(True)
        self.which.clear()
        if name is not None:
            try:
                ranking = common.service("ranking")
                self.rankings.append((MAIN, ranking.standings(self.ev, name)))
                for sub in ranking.subrankings(self.ev, name):
                    self.rankings.append((f"sub:{sub.name}", sub))
                teams = getattr(ranking, "team_standings", None)
                if teams is not None:
                    for team in teams(self.ev):
                        self.rankings.append((f"team:{_team_name(team)}", team))
            except (UserError, NoAnswer) as error:
                self.main.show_error(error)
        for key, info in self.rankings:
            label = tr("standings_main") if key == MAIN else (
                f"{tr('standings_teams')}：{_team_name(info)}" if key.startswith("team:")
                else info.name)
            self.which.addItem(label, key)
        index = self.which.findData(choice)
        self.which.setCurrentIndex(index if index >= 0 else 0)
        self.which.blockSignals(False)
        self._show()

    def current(self) -> tuple[str, Any] | None:
        key = self.which.currentData()
        for entry in self.rankings:
            if entry[0] == key:
                return entry
        return None

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
        self._show_needs()

    def _show_standings(self, info: Any) -> None:
        headers = [tr("standings_rank"), tr("col_name"), tr("col_unit"), tr("standings_points"),
                   *[label for _key, label in info.columns], tr("standings_playoff"),
                   tr("standings_prize"), tr("standings_title")]
        rows = [[row.rank_text, row.player.name, row.player.unit, row.points_text, *row.values,
                 row.playoff_mark, row.prize, row.title] for row in info.rows]
        common.fill_table(self.table, headers, rows, [row.player.id for row in info.rows])
        shared = QBrush(QColor("#fff3cd"))
        need = QBrush(QColor("#f8d7da"))
        for r, row in enumerate(info.rows):
            brush = need if row.playoff_mark == "需加赛" else (shared if row.shared else None)
            if brush is not None:
                for c in range(self.table.columnCount()):
                    self.table.item(r, c).setBackground(brush)
            self.table.item(r, 0).setTextAlignment(Qt.AlignmentFlag.AlignCenter)

    def _show_team(self, info: Any) -> None:
        rows_in = list(getattr(info, "rows", ()))
        headers = [tr("standings_rank"), tr("col_team"), tr("standings_points"),
                   tr("col_members"), tr("standings_prize")]
        rows = []
        for row in rows_in:
            members = getattr(row, "members", ())
            names = "、".join(getattr(m, "name", str(m)) for m in members)
            rows.append([getattr(row, "rank_text", ""), getattr(row, "team", getattr(row, "unit", "")),
                         getattr(row, "points_text", getattr(row, "total_text", "")), names,
                         getattr(row, "prize", "")])
        common.fill_table(self.table, headers, rows)

    def _show_needs(self) -> None:
        self.needs.clear()
        needs = getattr(self.info, "playoffs_needed", ()) if self.info is not None else ()
        for need in needs:
            players = "、".join(p.name for p in need.players)
            item = QListWidgetItem(tr("standings_need", place=need.place, players=players))
            item.setData(Qt.ItemDataRole.UserRole, need.place)
            self.needs.addItem(item)
        if not needs:
            self.needs.addItem(tr("standings_no_need"))
        else:
            self.needs.setCurrentRow(0)
        self.create_button.setEnabled(bool(needs))
        self.result_button.setEnabled(self.playoff_id is not None)

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
        name = self.selected_group()
        try:
            create = common.function("ranking", "create_playoff")
        except UserError as error:
            self.main.show_error(error)
            return None
        playoff_id = self.run(create, self.ev, name, place)
        if playoff_id is not None:
            self.playoff_id = int(playoff_id)
            self.main.show_message(tr("standings_playoff_created", place=place))
            self.show_playoff()
        return playoff_id

    def show_playoff(self) -> None:
        if self.playoff_id is None:
            self.playoff_label.setText("")
            return
        try:
            view = common.function("ranking", "playoff_view")(self.ev, self.playoff_id)
        except (UserError, NoAnswer) as error:
            self.main.show_error(error)
            return
        self.playoff_label.setText(_playoff_text(view))
        self.result_button.setEnabled(True)

    def ask_playoff_result(self) -> None:
        if self.playoff_id is None:
            return
        text, ok = QInputDialog.getText(self, tr("standings_playoff_result"), tr("playoff_codes"))
        if ok and text.strip():
            self.record_playoff(text.split())

    def record_playoff(self, codes: list[str]) -> bool:
        if self.playoff_id is None:
            return False
        try:
            record = common.function("ranking", "record_playoff_result")
        except UserError as error:
            self.main.show_error(error)
            return False
        done = self.run(lambda: record(self.ev, self.playoff_id, codes) or True)
        if done:
            self.show_playoff()
        return bool(done)

    def retranslate(self) -> None:
        self.group_label.setText(tr("group"))
        self.needs_label.setText(tr("standings_playoff"))
        self.create_button.setText(tr("standings_create_playoff"))
        self.create_button.setToolTip(both("standings_create_playoff"))
        self.result_button.setText(tr("standings_playoff_result"))
        self.result_button.setToolTip(both("standings_playoff_result"))
        if self.main.ev is not None:
            self.refresh()
            self.show_playoff()


def _team_name(team: Any) -> str:
    return str(getattr(team, "name", getattr(team, "title", "")))


def _playoff_text(view: Any) -> str:
    """A playoff's games and order, from whatever the playoff view carries."""
    if view is None:
        return ""
    lines = []
    for attr in ("title", "name", "status"):
        value = getattr(view, attr, None)
        if value:
            lines.append(str(value))
    for game in getattr(view, "games", ()):
        black = getattr(getattr(game, "black", None), "name", "")
        white = getattr(getattr(game, "white", None), "name", "")
        lines.append(f"{getattr(game, 'index', '')}. {black} — {white}  "
                     f"{getattr(game, 'result', '')}")
    order = getattr(view, "order", None)
    if order:
        lines.append(" > ".join(getattr(p, "name", str(p)) for p in order))
    return "\n".join(lines) if lines else str(view)
