"""The players view (棋手): table with search and pinyin sort, import, late entry, withdraw."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHBoxLayout,
    QInputDialog,
    QLabel,
    QLineEdit,
    QListWidget,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
)

from app import wording
from app.errors import NoAnswer, UserError
from app.imports.model import ListMark, list_mark
from app.pairing.system import System
from app.services import knockout, queries
from app.services.lookup import withdrawn_from
from app.services.operations import (
    ADD_PLAYER,
    ADD_TEAM,
    EDIT_TEAM,
    REINSTATE_PLAYER,
    SET_ABSENCE,
    UPDATE_PLAYER,
    WITHDRAW_PLAYER,
    Area,
)
from app.ui import common
from app.ui.common import cell
from app.ui.i18n import language, pick, tr
from app.ui.spelling import initials, pinyin
from app.ui.views.base import View
from app.ui.views.team_withdraw import TeamWithdrawal

SORT_ROLE = Qt.ItemDataRole.UserRole + 1
ALL = "*"


def matches(player: queries.PlayerInfo, needle: str) -> bool:
    """True when the search text is in the name, its pinyin or initials, unit or ids."""
    needle = needle.strip().lower()
    if not needle:
        return True
    spelled = pinyin(player.name)
    haystacks = (player.name.lower(), spelled, spelled.replace(" ", ""), initials(player.name),
                 player.unit.lower(), pinyin(player.unit).replace(" ", ""), player.platform_id.lower(),
                 str(player.id))
    return any(needle in h for h in haystacks)


class SortItem(QTableWidgetItem):
    """A cell that sorts by its SORT_ROLE key (pinyin for names, numbers for numbers)."""

    def __lt__(self, other: QTableWidgetItem) -> bool:
        mine, theirs = self.data(SORT_ROLE), other.data(SORT_ROLE)
        if mine is not None and theirs is not None:
            try:
                return bool(mine < theirs)
            except TypeError:
                return str(mine) < str(theirs)
        return super().__lt__(other)


def gender_text(code: str) -> str:
    return {"M": tr("gender_m"), "F": tr("gender_f")}.get(code, code)


def status_text(player: queries.PlayerInfo) -> str:
    """在赛 or 退赛 (from which round), a late entry's first round, the absences entered."""
    return wording.player_state_text(withdrawn_from(player), player.entered_round,
                                     player.absences, language())


def source_texts(players: list[queries.PlayerInfo]) -> dict[int, tuple[str, tuple[object, ...]]]:
    """Each player's 晋级途径 as the arbiter reads it, by player id, with its sort key: the
    list type, then which list when several of that type were imported (qiwang 十二(二)1:
    网络入围赛共分八期, so "网络入围赛 第1期 第1名" and "网络入围赛 第2期 第1名" differ), then
    the place in the list."""
    lists: dict[tuple[str, str], set[tuple[str, str]]] = {}
    for player in players:
        if player.list_file:
            lists.setdefault((player.group, player.source), set()).add(
                (player.list_title, player.list_file))
    first: dict[tuple[str, str], int] = {}  # each list's first player: lists sort as imported
    for player in sorted(players, key=lambda p: p.id):
        first.setdefault((player.list_title, player.list_file), player.id)
    marks: dict[tuple[str, str, str, str], str] = {}
    for (group, source), found in lists.items():
        if len(found) < 2:
            continue
        named = {key: list_mark(*key) for key in found}
        if len(set(named.values())) < len(named):  # the titles do not tell them apart
            named = {key: list_mark("", key[1]) for key in found}
        marks.update({(group, source, *key): _mark_text(mark) for key, mark in named.items()})
    texts: dict[int, tuple[str, tuple[object, ...]]] = {}
    for player in players:
        mark = marks.get((player.group, player.source, player.list_title, player.list_file), "")
        text = f"{player.source} {mark}".strip()
        if player.qualifier_rank is not None and player.list_file:
            text = tr("source_place", source=text, place=player.qualifier_rank)
        order = first[(player.list_title, player.list_file)] if mark else 0
        texts[player.id] = (text, (player.source, order, player.qualifier_rank or 0))
    return texts


def _mark_text(mark: ListMark) -> str:
    """A list's mark as the 晋级途径 shows it: a period or title as is; a file's name said to
    be one (网络入围赛 文件“list-utf8” 第1名), not passed off as the list's name."""
    return tr("source_file_mark", file=mark.text) if mark.of_file else mark.text


def list_text(player: queries.PlayerInfo) -> str:
    """The list a player was imported from: its title, file and row ("" when typed in)."""
    if not player.list_file:
        return ""
    row = player.list_row if player.list_row is not None else "?"
    if player.list_title:
        return tr("source_list", title=player.list_title, file=player.list_file, row=row)
    return tr("source_file", file=player.list_file, row=row)


COLUMNS = ("col_id", "col_name", "col_pinyin", "col_gender", "col_birth", "col_unit",
           "col_grade", "col_group", "col_source", "col_qrank", "col_qpoints", "col_status")


class PlayersView(View):
    """All players of a group (or every group), searchable and sortable."""

    areas = frozenset({Area.PLAYERS, Area.TEAMS, Area.EVENT})

    def __init__(self, main: Any) -> None:
        super().__init__(main)
        self.all_players: list[queries.PlayerInfo] = []
        self.group = QComboBox()
        self.group.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.group.setObjectName("players_group")
        self.group.currentIndexChanged.connect(lambda _i: self.refresh())
        self.search = QLineEdit()
        self.search.setObjectName("players_search")
        self.search.setClearButtonEnabled(True)
        self.search.textChanged.connect(lambda _t: self._fill())
        self.count = QLabel()
        self.import_button = QPushButton()
        self.import_button.clicked.connect(self.show_import)
        self.add_button = QPushButton()
        self.add_button.clicked.connect(self.ask_add)
        self.edit_button = QPushButton()
        self.edit_button.clicked.connect(self.ask_edit)
        self.withdraw_button = QPushButton()
        self.withdraw_button.clicked.connect(self.ask_withdraw)
        self.reinstate_button = QPushButton()
        self.reinstate_button.clicked.connect(self._reinstate_selected)
        self.absent_button = QPushButton()
        self.absent_button.clicked.connect(self.ask_absence)
        self.team_button = QPushButton()
        self.team_button.clicked.connect(self.ask_team)
        self.edit_team_button = QPushButton()
        self.edit_team_button.setObjectName("edit_team")
        self.edit_team_button.clicked.connect(self.ask_edit_team)
        self.teams_label = QLabel()
        self.teams = QListWidget()
        self.teams.setObjectName("teams")
        self.teams.setMaximumHeight(140)
        self.teams.currentRowChanged.connect(lambda _r: self._update_team_buttons())
        self.teams.itemDoubleClicked.connect(lambda _item: self.ask_edit_team())
        self.team_infos: list[knockout.TeamInfo] = []
        self.team_withdrawal = TeamWithdrawal(self)
        self._systems: dict[str, System] = {}
        self.table = QTableWidget()
        self.table.setObjectName("players_table")
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setSortingEnabled(True)
        self.table.horizontalHeader().setSortIndicator(0, Qt.SortOrder.AscendingOrder)
        self.table.doubleClicked.connect(lambda _i: self.ask_edit())
        self.group_label = QLabel()
        top = QHBoxLayout()
        top.addWidget(self.group_label)
        top.addWidget(self.group)
        top.addWidget(self.search, 1)
        top.addWidget(self.count)
        buttons = QHBoxLayout()
        for button in (self.import_button, self.add_button, self.edit_button,
                       self.withdraw_button, self.reinstate_button, self.absent_button,
                       self.team_button, self.edit_team_button,
                       *self.team_withdrawal.buttons):
            buttons.addWidget(button)
        buttons.addStretch(1)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addLayout(buttons)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.teams_label)
        layout.addWidget(self.teams)
        self.search.setFocus()

    # ----- showing ---------------------------------------------------------------------------

    def group_names(self) -> list[str]:
        return [g.name for g in self.main.standings.event_info(self.ev).groups]

    def selected_group(self) -> str | None:
        value = self.group.currentData()
        return None if value in (None, ALL) else str(value)

    def refresh(self) -> None:
        groups = self.main.standings.event_info(self.ev).groups
        self._team_groups = {g.name for g in groups if g.system.team}
        self._systems = {g.name: g.system for g in groups}
        names = [g.name for g in groups]
        current = self.group.currentData()
        self.group.blockSignals(True)
        self.group.clear()
        self.group.addItem(tr("all_groups"), ALL)
        for name in names:
            self.group.addItem(name, name)
        index = self.group.findData(current) if current is not None else -1
        self.group.setCurrentIndex(index if index >= 0 else (1 if len(names) == 1 else 0))
        self.group.blockSignals(False)
        group = self.selected_group()
        chosen = self.selected_player()
        self.all_players = self.main.standings.prepared(  # read ahead by a worker, if it was
            ("players", group), lambda: queries.players(self.ev, group))
        self._fill()
        if chosen is not None:  # the player just withdrawn or edited stays selected
            self.select_player(chosen.id)
        self._fill_teams()

    def team_group(self) -> str | None:
        """The selected group when it plays team matches (分台定人制), else None."""
        name = self.selected_group()
        if self.stale or not hasattr(self, "_team_groups"):
            self._team_groups = {g.name for g in self.main.standings.event_info(self.ev).groups
                                 if g.system.team}
        return name if name in self._team_groups else None

    def _fill_teams(self) -> None:
        """Teams of a team group with their players in board order (台次)."""
        group = self.team_group()
        chosen = self.selected_team()
        self.teams.clear()
        self.team_infos = []
        for widget in (self.teams, self.teams_label, self.team_button, self.edit_team_button):
            widget.setVisible(group is not None)
        if group is None:
            self.team_withdrawal.load(None, None)
            return
        try:
            teams = knockout.teams(self.ev, group)
        except (UserError, NoAnswer) as error:
            self.main.show_error(error)
            return
        self.team_infos = teams
        self.team_withdrawal.load(group, self._systems.get(group))
        for team in teams:
            boards = "  ".join(f"{n}. {name}({gender_text(gender)})"
                               for n, (_id, name, gender) in enumerate(team.members, start=1))
            mark = self.team_withdrawal.mark(team.name)
            self.teams.addItem(f"{team.seed}. {team.name}（{team.unit}）{mark}  {boards}")
        self.teams_label.setText(tr("teams_count", count=len(teams)))
        kept = [k for k, team in enumerate(teams) if chosen is not None and team.id == chosen.id]
        if kept:  # the team chosen stays chosen after a change
            self.teams.setCurrentRow(kept[0])
        self._update_team_buttons()

    def selected_team(self) -> knockout.TeamInfo | None:
        row = self.teams.currentRow()
        return self.team_infos[row] if 0 <= row < len(self.team_infos) else None

    def team_edit_refusal(self) -> str | None:
        """Why the selected team's line-up cannot be edited now (None: it can)."""
        group, team = self.team_group(), self.selected_team()
        if group is None or team is None:
            return tr("select_team")
        refusal = knockout.team_edit_refusal(self.ev, group, team.name)
        return None if refusal is None else pick(refusal.zh, refusal.en)

    def _update_team_buttons(self) -> None:
        """Edit a line-up only before play starts; the disabled button says why."""
        why = self.team_edit_refusal() if self.team_group() is not None else None
        self.edit_team_button.setEnabled(why is None)
        self.team_withdrawal.update_buttons()
        self.edit_team_button.setToolTip(tr("players_team_edit_tip") if why is None
                                         else f"{tr('players_team_edit_tip')}\n— {why}")

    def visible_players(self) -> list[queries.PlayerInfo]:
        return [p for p in self.all_players if matches(p, self.search.text())]

    def _fill(self) -> None:
        shown = self.visible_players()
        sources = source_texts(self.all_players)
        table = self.table
        sort_column = table.horizontalHeader().sortIndicatorSection()
        sort_order = table.horizontalHeader().sortIndicatorOrder()
        table.setSortingEnabled(False)
        table.clear()
        table.setColumnCount(len(COLUMNS))
        table.setHorizontalHeaderLabels([tr(c) for c in COLUMNS])
        table.setRowCount(len(shown))
        read_only = SortItem().flags() & ~Qt.ItemFlag.ItemIsEditable
        texts: list[list[str]] = []
        for row, player in enumerate(shown):
            spelled = pinyin(player.name)
            cells: list[tuple[str, object]] = [
                (str(player.id), player.id),
                (player.name, spelled),
                (spelled, spelled),
                (gender_text(player.gender), player.gender),
                (str(player.birth_date or ""), str(player.birth_date or "")),
                (player.unit, pinyin(player.unit)),
                (player.grade, player.grade),
                (player.group, player.group),
                sources.get(player.id, (player.source, (player.source,))),
                ("" if player.qualifier_rank is None else str(player.qualifier_rank),
                 player.qualifier_rank if player.qualifier_rank is not None else 10**9),
                ("" if player.qualifier_points is None else str(player.qualifier_points),
                 player.qualifier_points if player.qualifier_points is not None else -1),
                (status_text(player), player.status),
            ]
            texts.append([text for text, _key in cells])
            for column, (text, key) in enumerate(cells):
                item = SortItem(text)
                item.setData(SORT_ROLE, key)
                item.setFlags(read_only)
                if column == 0:
                    item.setData(Qt.ItemDataRole.UserRole, player.id)
                if column == 1 and player.id_number:
                    item.setToolTip(player.id_number)
                if column == COLUMNS.index("col_source") and player.list_file:
                    item.setToolTip(list_text(player))
                table.setItem(row, column, item)
        # The widest cell of each column, found before the sort moves the rows.
        widest = [None if row < 0 else table.item(row, column)
                  for column, row in enumerate(common.widest_rows(table, texts))]
        table.verticalHeader().setVisible(False)
        table.setSortingEnabled(True)
        if sort_column >= 0:
            table.sortItems(sort_column, sort_order)
        # Sized once the sort indicator shows again, so that each header fits with its arrow.
        common.size_columns(table, [None if item is None else table.indexFromItem(item)
                                    for item in widest])
        table.horizontalHeader().setStretchLastSection(False)
        table.horizontalHeader().setStretchLastSection(True)
        self.count.setText(tr("players_count", count=len(shown)))

    def sort_by_pinyin(self) -> None:
        self.table.sortItems(COLUMNS.index("col_pinyin"), Qt.SortOrder.AscendingOrder)

    def shown_names(self) -> list[str]:
        column = COLUMNS.index("col_name")
        return [cell(self.table, r, column).text() for r in range(self.table.rowCount())]

    def selected_player(self) -> queries.PlayerInfo | None:
        row = self.table.currentRow()
        if row < 0:
            return None
        player_id = cell(self.table, row, 0).data(Qt.ItemDataRole.UserRole)
        for player in self.all_players:
            if player.id == player_id:
                return player
        return None

    def select_player(self, player_id: int) -> bool:
        for row in range(self.table.rowCount()):
            if cell(self.table, row, 0).data(Qt.ItemDataRole.UserRole) == player_id:
                self.table.selectRow(row)
                return True
        return False

    # ----- actions ---------------------------------------------------------------------------

    def show_import(self) -> None:
        from app.ui.import_wizard import ImportWizard

        self.import_wizard = ImportWizard(self.main, self.selected_group())
        self.import_wizard.show()

    def _need_player(self) -> queries.PlayerInfo | None:
        player = self.selected_player()
        if player is None:
            self.main.show_message(tr("select_player"))
        return player

    def ask_add(self) -> None:
        self.add_dialog().exec()

    def add_dialog(self) -> Any:
        """The late-entry dialog (补报棋手), in the group shown; OK stores the player, and a
        refusal stays in the dialog with what was typed."""
        from app.ui.player_dialog import PlayerDialog

        def submit(group: str, fields: dict[str, Any]) -> str | None:
            return None if self.add_player(group, **fields) is not None else self.main.last_error

        group = self.selected_group() or (self.group_names() or [""])[0]
        self.player_dialog = PlayerDialog(self, None, self.group_names(), group, submit=submit)
        return self.player_dialog

    def add_player(self, group: str, **fields: Any) -> int | None:
        outcome = self.run(ADD_PLAYER, self.ev, group, **fields)
        if outcome is None:
            return None
        self.main.show_message(tr("player_added", name=fields.get("name", "")))
        return outcome.value

    def ask_team(self) -> None:
        group = self.team_group()
        if group is not None:
            self.team_dialog_for(group).exec()

    def team_dialog_for(self, group: str) -> Any:
        """The dialog registering a team of `group`: name, unit, players in board order."""
        from app.ui.player_dialog import TeamDialog

        def submit(name: str, unit: str, members: list[tuple[str, str]]) -> str | None:
            stored = self.add_team(group, name, members, unit=unit)
            return None if stored is not None else self.main.last_error

        self.team_dialog = TeamDialog(self, submit)
        return self.team_dialog

    def ask_edit_team(self) -> None:
        dialog = self.edit_team_dialog()
        if dialog is not None:
            dialog.exec()

    def edit_team_dialog(self) -> Any:
        """The selected team's dialog, filled with its line-up; once play has started no
        dialog opens and the window says why (the board order is fixed)."""
        from app.ui.player_dialog import TeamDialog

        group, team = self.team_group(), self.selected_team()
        if group is None or team is None:
            self.main.show_message(tr("select_team"))
            return None
        refusal = knockout.team_edit_refusal(self.ev, group, team.name)
        if refusal is not None:
            self.main.refuse(refusal)
            return None

        def submit(name: str, unit: str, members: list[tuple[str, str]]) -> str | None:
            stored = self.edit_team(group, team.name, members, name=name, unit=unit)
            return None if stored else self.main.last_error

        self.team_dialog = TeamDialog(self, submit, team)
        return self.team_dialog

    def edit_team(self, group: str, team: str, members: list[tuple[str, str]], *,
                  name: str | None = None, unit: str | None = None) -> bool:
        """Correct a registered team's players in board order before play starts."""
        if self.run(EDIT_TEAM, self.ev, group, team, members, name=name, unit=unit) is None:
            return False
        self.main.show_message(tr("team_edited", name=name or team))
        return True

    def add_team(self, group: str, name: str, members: list[tuple[str, str]],
                 unit: str = "") -> int | None:
        """Register a team with its players in board order (board 1 = captain 主将)."""
        outcome = self.run(ADD_TEAM, self.ev, group, name, members, unit=unit)
        if outcome is None:
            return None
        self.main.show_message(tr("team_added", name=name))
        return outcome.value

    def ask_edit(self) -> None:
        player = self._need_player()
        if player is None:
            return
        self.edit_dialog(player).exec()

    def edit_dialog(self, player: queries.PlayerInfo) -> Any:
        """The dialog over one player's fields, saying which list they came from; OK stores
        what changed, and a refusal stays in the dialog with what was typed."""
        from app.ui.player_dialog import PlayerDialog

        def submit(_group: str, fields: dict[str, Any]) -> str | None:
            # The version the dialog was filled from: another station's change meanwhile is
            # refused with its name rather than overwritten.
            stored = self.edit_player(player.id, expected_version=player.version, **fields)
            return None if stored else self.main.last_error

        details = list_text(player)
        origin = ""
        if details:
            route = source_texts(self.all_players).get(player.id, (player.source, ()))[0]
            origin = f"{route}\n{details}"
        return PlayerDialog(self, player, self.group_names(), player.group, origin=origin,
                            submit=submit)

    def edit_player(self, player_id: int, expected_version: int | None = None,
                    **fields: Any) -> bool:
        name = fields.get("name") or self._name_of(player_id)
        if self.run(UPDATE_PLAYER, self.ev, player_id, expected_version=expected_version,
                    **fields) is None:
            return False
        self.main.show_message(tr("player_saved", name=name))
        return True

    def _name_of(self, player_id: int) -> str:
        return next((p.name for p in self.all_players if p.id == player_id), "")

    def open_rounds(self, group: str) -> tuple[int, int]:
        """The group's first round not paired yet and its last round: the rounds a withdrawal
        or an absence can still be for (a paired round's game is entered as a forfeit)."""
        info = next((g for g in self.main.standings.event_info(self.ev).groups
                     if g.name == group), None)
        if info is None:
            return 1, 1
        return info.rounds_paired + 1, max(info.rounds_planned or info.rounds, 1)

    def ask_withdraw(self) -> None:
        """退赛: from the next round to be paired, asked for the player named; when every round
        is paired, no round is asked (the services say what to do instead)."""
        player = self._need_player()
        if player is None:
            return
        first, last = self.open_rounds(player.group)
        if first > last:
            self.withdraw(player.id, None)
            return
        number, ok = QInputDialog.getInt(self, tr("withdraw_title"),
                                         tr("withdraw_round_of", name=player.name),
                                         first, first, last)
        if ok:
            self.withdraw(player.id, number)

    def withdraw(self, player_id: int, from_round: int | None) -> bool:
        name = self._name_of(player_id)
        if self.run(WITHDRAW_PLAYER, self.ev, player_id, from_round) is None:
            return False
        self.main.show_message(tr("player_withdrawn", name=name))
        return True

    def _reinstate_selected(self) -> None:
        player = self._need_player()
        if player is not None:
            self.reinstate(player.id)

    def reinstate(self, player_id: int) -> bool:
        """Undo a withdrawal (恢复参赛): paired again from the next round."""
        name = self._name_of(player_id)
        if self.run(REINSTATE_PLAYER, self.ev, player_id) is None:
            return False
        self.main.show_message(tr("player_reinstated", name=name))
        return True

    def ask_absence(self) -> None:
        player = self._need_player()
        if player is None:
            return
        first, last = self.open_rounds(player.group)
        number, ok = QInputDialog.getInt(self, tr("absent_title"),
                                         tr("absent_round_of", name=player.name),
                                         min(first, last), 1, last)
        if not ok:
            return
        kinds: list[str | None] = ["absent", "half_bye", "zero_bye", "full_bye", None]
        labels = [absence_text(k) for k in kinds]
        label, ok = QInputDialog.getItem(self, tr("absent_title"), tr("absent_kind"), labels,
                                         0, False)
        if ok:
            self.set_absence(player.id, number, kinds[labels.index(label)])

    def set_absence(self, player_id: int, round_number: int, kind: str | None) -> bool:
        name = self._name_of(player_id)
        if self.run(SET_ABSENCE, self.ev, player_id, round_number, kind) is None:
            return False
        self.main.show_message(tr("player_absence", name=name, round=round_number,
                                  kind=absence_text(kind)))
        return True

    def retranslate(self) -> None:
        self.group_label.setText(tr("group"))
        self.search.setPlaceholderText(tr("players_search"))
        self.search.setToolTip(tr("players_search"))
        self.import_button.setText(tr("players_import"))
        self.import_button.setToolTip(tr("players_import_tip"))
        for button, key in ((self.add_button, "players_add"), (self.edit_button, "players_edit"),
                            (self.withdraw_button, "players_withdraw"),
                            (self.reinstate_button, "players_reinstate"),
                            (self.absent_button, "players_absent")):
            button.setText(tr(key))
            button.setToolTip(tr(key))
        self.team_button.setText(tr("players_team"))
        self.team_button.setToolTip(tr("players_team_tip"))
        self.edit_team_button.setText(tr("players_team_edit"))
        self.team_withdrawal.retranslate()


ABSENCE_TEXTS = {
    "absent": ("缺席（不计分）", "absent (no points)"),
    "half_bye": ("请假半分", "half-point bye"),
    "zero_bye": ("请假零分", "zero-point bye"),
    "full_bye": ("请假全分", "full-point bye"),
    None: ("取消请假", "no absence"),
}


def absence_text(kind: str | None) -> str:
    """An absence as the arbiter reads it (never its stored key)."""
    zh, en = ABSENCE_TEXTS.get(kind, (str(kind), str(kind)))
    return pick(zh, en)
