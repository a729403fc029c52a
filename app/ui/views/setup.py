"""The setup view (赛事设置): the event's details (赛事信息), its groups (组别: add, add like
another, remove while empty) and each group's rules, system and awards; every change undoable."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from app.errors import UserError
from app.group_settings import OPENINGS, RULE_SETS, TEAM_SWISS_WORDS
from app.pairing.system import System
from app.pairing.types import PointSystem
from app.rules.protocols import Protocol
from app.services import queries
from app.services.operations import ADD_GROUP, REMOVE_GROUP, UPDATE_EVENT, UPDATE_GROUP, Area
from app.standings.tiebreaks import Unplayed
from app.ui import common
from app.ui.i18n import pick, tr
from app.ui.officials_form import OfficialsBox
from app.ui.range_table import PRIZE_COLUMNS, TITLE_COLUMNS, RangeTable
from app.ui.settings_controls import (
    EligibilityEditor,
    FifthOffersField,
    PlayoffFormatChoice,
    SameUnitAvoidance,
    SubRankings,
)
from app.ui.texts import RULE_SET_TEXTS
from app.ui.views.base import View
from app.ui.views.setup_event import EventDetailsBox
from app.ui.views.setup_ranking import RankingChain
from app.ui.views.setup_rows import SystemRows
from app.wording import unplayed_text

POINT_KEYS = tuple(PointSystem.__dataclass_fields__)
UNPLAYED = tuple(policy.value for policy in Unplayed)  # the choices are the enum's
SYSTEMS = tuple(system.value for system in System)
UNPLAYED_TEXTS = {
    Unplayed.ZERO: ("按0分计", "count as zero"),
    Unplayed.OWN: ("按本人得分计", "own score (dummy opponent)"),
    Unplayed.LOWEST: ("按最低计", "lowest"),
    Unplayed.FIDE: ("按国际棋联规则计（C.07 第16条）", "FIDE rule (C.07 art. 16)"),
}
CHOICE_TEXTS = {
    **RULE_SET_TEXTS,
    **{system.value: (system.zh, system.en) for system in System},
    # a policy without a short label of its own shows its whole sentence (never its code)
    **{policy.value: UNPLAYED_TEXTS.get(policy, (unplayed_text(policy, "zh"),
                                                 unplayed_text(policy, "en")))
       for policy in Unplayed},
    **{p.value: (p.zh, p.en) for p in Protocol if p is not Protocol.FREE},
}
POINT_TEXTS = {
    "win": ("胜", "win"), "draw": ("和", "draw"), "loss": ("负", "loss"),
    "forfeit_win": ("不战胜", "forfeit win"), "forfeit_loss": ("弃权负", "forfeit loss"),
    "pab": ("轮空", "bye (PAB)"), "full_bye": ("请假全分", "full-point bye"),
    "half_bye": ("请假半分", "half-point bye"), "zero_bye": ("请假零分", "zero-point bye"),
    "absent": ("缺席", "absent"),
}
CHOICE_TEXTS["free_opening"] = ("自由开局", "free opening")
INITIAL_COLOURS = ("first", "second", "draw")


class SetupView(View):
    """Event details and the groups (editable, undoable), the group settings form."""

    areas = frozenset({Area.EVENT, Area.PLAYERS, Area.ROUNDS})

    def __init__(self, main: Any) -> None:
        super().__init__(main)
        self.info: queries.EventInfo | None = None
        self._select_name: str | None = None  # the group to show after the next refresh
        self._filled: queries.GroupInfo | None = None  # the group's rules the form was filled with
        self.event_box = EventDetailsBox(self.save_event)  # 赛事信息
        self.event_edits = self.event_box.edits
        self.preset_label = self.event_box.preset_label
        self.save_event_button = self.event_box.save_button
        self.officials_box = OfficialsBox(main, lambda: self.ev)
        self.officials_box.setObjectName("officials")

        self.group_list = QListWidget()
        self.group_list.setObjectName("setup_groups")
        self.group_list.currentRowChanged.connect(self._show_group)
        self.groups_box = QGroupBox()
        self.new_group_name = QLineEdit()
        self.new_group_name.setObjectName("new_group_name")
        self.new_group_name.returnPressed.connect(self.add_group_from_form)
        self.new_group_like = QComboBox()
        self.new_group_like.setObjectName("new_group_like")
        self.new_group_like.setSizeAdjustPolicy(
            QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.new_group_like.setMinimumContentsLength(8)
        self.add_group_button = QPushButton()
        self.add_group_button.setObjectName("add_group")
        self.add_group_button.clicked.connect(self.add_group_from_form)
        self.remove_group_button = QPushButton()
        self.remove_group_button.setObjectName("remove_group")
        self.remove_group_button.clicked.connect(self.remove_current_group)
        self.like_label = QLabel()
        groups_layout = QVBoxLayout(self.groups_box)
        groups_layout.addWidget(self.group_list, 1)
        groups_layout.addWidget(self.remove_group_button)
        groups_layout.addWidget(self.new_group_name)
        groups_layout.addWidget(self.like_label)
        groups_layout.addWidget(self.new_group_like)
        groups_layout.addWidget(self.add_group_button)
        self.group_box = QGroupBox()
        form = QFormLayout()
        self.form = form
        self.fields: dict[str, QWidget] = {}
        self.name = QLineEdit()
        self.rule_set = QComboBox()
        self.opening = QComboBox()
        self.fifth_field = FifthOffersField(self.rule_set, self.opening)  # 五手N打 where read
        self.fifth = self.fifth_field.spin
        self.time_control = QLineEdit()
        self.system = QComboBox()
        self.rounds = QSpinBox()
        self.rounds.setRange(1, 50)
        self.games = QSpinBox()
        self.games.setRange(1, 2)
        self.points: dict[str, QSpinBox] = {}
        points_widget = QWidget()
        points_layout = QGridLayout(points_widget)
        points_layout.setContentsMargins(0, 0, 0, 0)
        self.point_labels: dict[str, QLabel] = {}
        for i, key in enumerate(POINT_KEYS):
            spin = QSpinBox()
            spin.setRange(0, 100)
            self.points[key] = spin
            label = QLabel()
            self.point_labels[key] = label
            points_layout.addWidget(label, i // 5, 2 * (i % 5))
            points_layout.addWidget(spin, i // 5, 2 * (i % 5) + 1)
        self.ranking = RankingChain()  # 名次区分: the players' tie-breaks, or the teams'
        self.tiebreaks = self.ranking.picker
        self.unplayed = QComboBox()
        # FIDE Team Swiss (C.04.6 Art. 1.2, 1.7): the primary score and the colour preferences
        self.team_primary = QComboBox()
        self.team_primary.setObjectName("team_swiss_primary")
        self.team_colours = QComboBox()
        self.team_colours.setObjectName("team_swiss_colours")
        for combo in (self.system, self.team_primary):  # the chain that ranks by them
            combo.currentIndexChanged.connect(lambda _i: self.ranking.follow(
                self.system.currentData(), self.team_primary.currentData()))
        self._fill_choices()
        self.prizes = RangeTable(PRIZE_COLUMNS, "奖励 / prizes")
        self.prizes.setObjectName("prizes")
        self.titles = RangeTable(TITLE_COLUMNS, "段级位 / grade titles")
        self.titles.setObjectName("grade_titles")
        self.playoffs = QCheckBox()
        self.playoffs.setObjectName("playoffs")
        self.playoff_format = PlayoffFormatChoice()
        self.playoffs.toggled.connect(self.playoff_format.setEnabled)
        playoff_options = QWidget()
        playoff_row = QHBoxLayout(playoff_options)
        playoff_row.setContentsMargins(0, 0, 0, 0)
        playoff_row.addWidget(self.playoffs)
        playoff_row.addWidget(self.playoff_format)
        playoff_row.addStretch(1)
        self.median_cut = QSpinBox()
        self.median_cut.setObjectName("median_cut")
        self.median_cut.setRange(0, 5)
        self.wins_count_forfeits = QCheckBox()
        self.wins_count_byes = QCheckBox()
        self.same_unit = SameUnitAvoidance()
        self.forfeit_meeting = QCheckBox()
        self.initial_colour = QComboBox()
        self.initial_colour.setObjectName("initial_colour")
        self.late_entry_points = QSpinBox()
        self.late_entry_points.setRange(0, 100)
        team_swiss_options = QWidget()
        team_swiss_row = QHBoxLayout(team_swiss_options)
        team_swiss_row.setContentsMargins(0, 0, 0, 0)
        team_swiss_row.addWidget(self.team_primary)
        team_swiss_row.addWidget(self.team_colours)
        team_swiss_row.addStretch(1)
        self.eligibility = EligibilityEditor()
        self.subrankings = SubRankings()
        ranking_options = QWidget()
        ranking_row = QHBoxLayout(ranking_options)
        ranking_row.setContentsMargins(0, 0, 0, 0)
        self.median_cut_label = QLabel()
        for widget in (self.median_cut_label, self.median_cut, self.wins_count_forfeits,
                       self.wins_count_byes):
            ranking_row.addWidget(widget)
        ranking_row.addStretch(1)
        self.progress = QLabel()
        self.rows: list[tuple[str, QWidget]] = [
            ("f_name", self.name), ("f_rule_set", self.rule_set), ("f_opening", self.opening),
            ("f_fifth_move_offers", self.fifth_field), ("f_time_control", self.time_control),
            ("f_system", self.system), ("f_rounds", self.rounds),
            ("f_games_per_round", self.games), ("f_points", points_widget),
            ("f_tiebreaks", self.tiebreaks), ("f_tiebreak_options", ranking_options),
            ("f_unplayed_policy", self.unplayed),
            ("f_playoffs", playoff_options),
            ("f_same_unit", self.same_unit), ("f_forfeit_meeting", self.forfeit_meeting),
            ("f_initial_colour", self.initial_colour),
            ("f_late_entry_points", self.late_entry_points),
            ("f_team_swiss", team_swiss_options),
            ("f_eligibility", self.eligibility),
            ("f_subrankings", self.subrankings),
            ("f_prizes", self.prizes),
            ("f_grade_titles", self.titles),
            ("f_progress", self.progress),
        ]
        self.row_labels: dict[str, QLabel] = {}
        for key, row_widget in self.rows:
            label = QLabel()
            self.row_labels[key] = label
            form.addRow(label, row_widget)
        self.system_rows = SystemRows(form, dict(self.rows), (self.point_labels, self.points),
                                      {"playoff_format": self.playoff_format}, POINT_TEXTS)
        self.system.currentIndexChanged.connect(
            lambda _i: self.system_rows.follow(self.system.currentData()))
        common.pass_undo_to_window(*self.event_edits.values(), self.new_group_name, self.name,
                                   self.time_control)
        self.save = QPushButton()
        self.save.setObjectName("save_group")
        self.save.clicked.connect(self.save_group)
        inner = QWidget()
        inner_layout = QVBoxLayout(inner)
        inner_layout.addLayout(form)
        inner_layout.addWidget(self.save)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(inner)
        box_layout = QVBoxLayout(self.group_box)
        box_layout.addWidget(scroll)
        for combo in self.group_box.findChildren(QComboBox):  # sized by the words shown:
            combo.setSizeAdjustPolicy(  # English ones are longer than the first shown
                QComboBox.SizeAdjustPolicy.AdjustToContents)

        lower = QHBoxLayout()
        lower.addWidget(self.groups_box, 1)
        lower.addWidget(self.group_box, 4)
        layout = QVBoxLayout(self)
        layout.addWidget(self.event_box)
        layout.addWidget(self.officials_box)
        layout.addLayout(lower, 1)

    # ----- showing ---------------------------------------------------------------------------

    def refresh(self) -> None:
        try:
            self.info = self.main.standings.event_info(self.ev)
        except UserError as error:
            self.main.show_error(error)
            return
        info = self.info
        self.event_box.show_event(info)
        names = [g.name for g in info.groups]
        self.officials_box.show_event(names)
        row = max(self.group_list.currentRow(), 0)
        if self._select_name in names:
            row = names.index(self._select_name)
        self._select_name = None
        self.group_list.blockSignals(True)
        self.group_list.clear()
        self.group_list.addItems(names)
        self.group_list.blockSignals(False)
        like = self.new_group_like.currentData()
        self.new_group_like.blockSignals(True)
        self.new_group_like.clear()
        self.new_group_like.addItem(tr("setup_like_none"), None)
        for name in names:
            self.new_group_like.addItem(tr("setup_like_group", group=name), name)
        index = self.new_group_like.findData(like) if like is not None else 0
        self.new_group_like.setCurrentIndex(max(index, 0))
        self.new_group_like.blockSignals(False)
        if info.groups:
            self.group_list.blockSignals(True)
            self.group_list.setCurrentRow(min(row, len(info.groups) - 1))
            self.group_list.blockSignals(False)
            group = self.current_group()
            if group is not None and _rules(group) == self._filled:
                self._show_group_state(group)  # its rules unchanged: the typing stays
            else:
                self._show_group(self.group_list.currentRow())
        else:
            self._show_no_group()

    def _show_no_group(self) -> None:
        """An event without groups (created empty, or its last group removed)."""
        self.group_box.setEnabled(False)
        self.remove_group_button.setEnabled(False)
        self._word_group()

    def reset(self) -> None:
        """Another event was opened: its details, officials and first group are shown next."""
        self._filled = None
        self.event_box.forget()
        self.officials_box.forget()
        self.group_list.blockSignals(True)
        self.group_list.clear()
        self.group_list.blockSignals(False)

    def current_group(self) -> queries.GroupInfo | None:
        row = self.group_list.currentRow()
        if self.info is None or not 0 <= row < len(self.info.groups):
            return None
        return self.info.groups[row]

    def _show_group(self, _row: int) -> None:
        group = self.current_group()
        if group is None:
            return
        self._filled = _rules(group)
        self.name.setText(group.name)
        _choose(self.rule_set, group.rule_set)
        _choose(self.opening, group.opening)
        self.fifth.setValue(group.fifth_move_offers)
        self.time_control.setText(group.time_control)
        _choose(self.system, group.system.value)
        self.rounds.setValue(group.rounds)
        self.games.setValue(group.games_per_round)
        for key, spin in self.points.items():
            spin.setValue(int(group.points.get(key, 0)))
        _choose(self.unplayed, group.unplayed_policy)
        self.prizes.set_rows(list(group.prizes))
        self.titles.set_rows(list(group.grade_titles))
        self._show_settings(group.settings.to_json())
        self.ranking.show(group, self.system.currentData(), self.team_primary.currentData())
        self.system_rows.follow(group.system)
        self.eligibility.set_value(dict(group.eligibility))
        self._show_group_state(group)

    def _show_group_state(self, group: queries.GroupInfo) -> None:
        """What follows the group's players and rounds, not its rules: whether it can be
        removed, its progress, whether its system can still change."""
        self.group_box.setEnabled(True)
        self.remove_group_button.setEnabled(_removable(group))
        self._word_group()
        paired = group.rounds_paired > 0
        self.system.setEnabled(not paired)
        self.games.setEnabled(not paired)

    def _word_group(self) -> None:
        """What the form says of the group shown (its title, whether it can be removed, its
        progress), in the language shown; the fields are left as they are."""
        group = self.current_group()
        if group is None:
            self.group_box.setTitle(tr("setup_no_groups"))
            self.remove_group_button.setToolTip(tr("setup_remove_group_tip"))
            return
        self.group_box.setTitle(tr("setup_group_title", group=group.name))
        self.remove_group_button.setToolTip(tr("setup_remove_group_tip") if _removable(group)
                                            else tr("setup_remove_group_not"))
        self.progress.setText(progress_text(group))

    def relabel(self) -> None:
        """A change of language: the labels and what the form says of the event and the group
        in the new language, the fields as the arbiter left them — what he typed and has not
        saved yet stays, to be saved as usual (the event is shown again only when it
        changed)."""
        self.retranslate()
        self._word_group()

    # ----- the event's details and its groups ---------------------------------------------

    def event_values(self) -> dict[str, str]:
        """The event form as update_event fields (text as typed; the service checks it)."""
        return self.event_box.values()

    def save_event(self) -> bool:
        """Store the changed event details (one undoable change); errors in the status line."""
        if self.info is None:
            return False
        changed = self.event_box.changed(self.info)
        if not changed:
            return True
        if self.run(UPDATE_EVENT, self.ev, **changed) is None:
            return False
        self.main.show_message(tr("setup_event_saved"))
        return True

    def add_group_from_form(self) -> bool:
        """Add the group named in the field: empty (default settings) or like the chosen one."""
        name = " ".join(self.new_group_name.text().split())
        like = self.new_group_like.currentData()
        if self.add_group(name, like) is None:
            return False
        self.new_group_name.clear()
        return True

    def add_group(self, name: str, like: str | None = None) -> bool | None:
        self._select_name = name
        if self.run(ADD_GROUP, self.ev, name, like=like) is None:
            self._select_name = None
            return None
        self.main.show_message(tr("setup_group_added", group=name))
        return True

    def remove_current_group(self) -> bool:
        """Remove the group shown (refused by the service when it has players or rounds);
        undoable, so no question is asked."""
        group = self.current_group()
        if group is None:
            return False
        if self.run(REMOVE_GROUP, self.ev, group.name) is None:
            return False
        self.main.show_message(tr("setup_group_removed", group=group.name))
        return True

    # ----- editing ---------------------------------------------------------------------------

    def form_values(self) -> dict[str, Any]:
        """The form's values as update_group fields (every control holds only good values)."""
        values: dict[str, Any] = {
            "name": self.name.text().strip(),
            "rule_set": self.rule_set.currentData(),
            "opening": self.opening.currentData(),
            "fifth_move_offers": self.fifth.value(),
            "time_control": self.time_control.text().strip(),
            "system": self.system.currentData(),
            "rounds": self.rounds.value(),
            "games_per_round": self.games.value(),
            "points": {key: spin.value() for key, spin in self.points.items()},
            "tiebreaks": self.ranking.tiebreaks(),
            "unplayed_policy": self.unplayed.currentData(),
            "prizes": self.prizes.rows(),
            "grade_titles": self.titles.rows(),
            "eligibility": self.eligibility.value(),
            "settings": self.settings_values(),
        }
        return values

    def _show_settings(self, values: dict[str, Any]) -> None:
        self.playoffs.setChecked(bool(values["playoffs"]))
        self.playoff_format.set_value(str(values["playoff_format"]))
        self.playoff_format.setEnabled(self.playoffs.isChecked())
        self.median_cut.setValue(int(values["median_cut"]))
        self.wins_count_forfeits.setChecked(bool(values["wins_count_forfeits"]))
        self.wins_count_byes.setChecked(bool(values["wins_count_byes"]))
        self.same_unit.set_value(int(values["same_unit_avoidance_rounds"]))
        self.forfeit_meeting.setChecked(bool(values["forfeit_counts_as_meeting"]))
        _choose(self.initial_colour, str(values["initial_colour"]))
        self.late_entry_points.setValue(int(values["late_entry_points"]))
        _choose(self.team_primary, str(values["team_swiss_primary"]))
        _choose(self.team_colours, str(values["team_swiss_colours"]))
        self.subrankings.set_value(list(values["subrankings"]))

    def settings_values(self) -> dict[str, Any]:
        """The group's other settings as the controls hold them (the settings' own keys)."""
        return {
            "playoffs": self.playoffs.isChecked(),
            "playoff_format": self.playoff_format.value(),
            "median_cut": self.median_cut.value(),
            "wins_count_forfeits": self.wins_count_forfeits.isChecked(),
            "wins_count_byes": self.wins_count_byes.isChecked(),
            "same_unit_avoidance_rounds": self.same_unit.value(),
            "forfeit_counts_as_meeting": self.forfeit_meeting.isChecked(),
            "initial_colour": self.initial_colour.currentData(),
            "late_entry_points": self.late_entry_points.value(),
            "subrankings": self.subrankings.value(),
            "team_swiss_primary": self.team_primary.currentData(),
            "team_swiss_colours": self.team_colours.currentData(),
            "team_tiebreaks": self.ranking.team_tiebreaks(),
        }

    def save_group(self) -> bool:
        group = self.current_group()
        if group is None:
            return False
        try:
            values = self.form_values()
        except UserError as error:
            self.main.show_error(error)
            return False
        # the group's columns as its settings write them (app.group_settings), and those of
        # its other settings that have a control here
        shown = group.settings.to_json()
        before = {key: shown[key] for key in values["settings"]}
        old = {**group.settings.columns(), "settings": before}
        changed = {k: v for k, v in values.items() if old.get(k) != v}
        if "settings" in changed:  # only the settings that changed
            changed["settings"] = {k: v for k, v in values["settings"].items()
                                   if before.get(k) != v}
        if "points" in changed:
            changed["points"] = {**group.points, **changed["points"]}
        if not changed:
            return True
        if self.run(UPDATE_GROUP, self.ev, group.name, **changed) is None:
            return False
        self.main.show_message(tr("setup_saved", group=values["name"]))
        return True

    def _fill_choices(self) -> None:
        for combo, keys in ((self.rule_set, RULE_SETS), (self.opening, OPENINGS),
                            (self.system, SYSTEMS), (self.unplayed, UNPLAYED)):
            current = combo.currentData()
            combo.blockSignals(True)
            combo.clear()
            for key in keys:
                text = CHOICE_TEXTS.get("free_opening" if combo is self.opening and key == "free"
                                        else key)
                combo.addItem(pick(*text) if text else key, key)
            if current is not None:
                _choose(combo, current)
            combo.blockSignals(False)
        for combo, keys in ((self.team_primary, ("match", "game")),
                            (self.team_colours, ("A", "B", "none"))):
            current = combo.currentData()
            combo.blockSignals(True)
            combo.clear()
            for key in keys:
                combo.addItem(pick(*TEAM_SWISS_WORDS[key]), key)
            if current is not None:
                _choose(combo, current)
            combo.blockSignals(False)

    def retranslate(self) -> None:
        self._fill_choices()
        self.system_rows.follow(self.system.currentData() or SYSTEMS[0])  # the points' labels
        self.prizes.retranslate()
        self.titles.retranslate()
        self.event_box.retranslate()
        self.officials_box.retranslate()
        self.fifth_field.follow()
        self.groups_box.setTitle(tr("setup_groups"))
        self.group_list.setToolTip(tr("setup_groups_tip"))
        self.new_group_name.setPlaceholderText(tr("setup_new_group"))
        self.new_group_name.setToolTip(tr("setup_new_group_tip"))
        self.like_label.setText(tr("setup_like"))
        self.new_group_like.setToolTip(tr("setup_like_tip"))
        self.add_group_button.setText(tr("setup_add_group"))
        self.add_group_button.setToolTip(tr("setup_add_group_tip"))
        self.remove_group_button.setText(tr("setup_remove_group"))
        self.remove_group_button.setToolTip(tr("setup_remove_group_tip"))
        if self.new_group_like.count():
            self.new_group_like.setItemText(0, tr("setup_like_none"))
            for index in range(1, self.new_group_like.count()):
                self.new_group_like.setItemText(
                    index, tr("setup_like_group", group=self.new_group_like.itemData(index)))
        for key, label in self.row_labels.items():
            label.setText(tr(key))
        self.save.setText(tr("setup_save"))
        self.save.setToolTip(tr("setup_save_tip"))
        self.tiebreaks.retranslate()
        self.tiebreaks.setToolTip(tr("f_tiebreaks_tip"))
        self.same_unit.retranslate()
        self.playoff_format.retranslate()
        self.eligibility.retranslate()
        self.subrankings.retranslate()
        self.median_cut_label.setText(tr("f_median_cut"))
        self.median_cut.setToolTip(tr("f_median_cut_tip"))
        for box, key in ((self.playoffs, "f_playoffs_box"),
                         (self.wins_count_forfeits, "f_wins_count_forfeits"),
                         (self.wins_count_byes, "f_wins_count_byes"),
                         (self.forfeit_meeting, "f_forfeit_meeting_box")):
            box.setText(tr(key))
        _fill_initial_colours(self.initial_colour)


def _fill_initial_colours(combo: QComboBox) -> None:
    """第1轮1号种子's choices in the language shown, the one chosen kept."""
    current = combo.currentData()
    combo.clear()
    for key in INITIAL_COLOURS:
        combo.addItem(tr(f"initial_colour_{key}"), key)
    if current is not None:
        _choose(combo, current)


def _choose(combo: QComboBox, key: str) -> None:
    """Select the item whose data is `key`, adding it when the list lacks it."""
    index = combo.findData(key)
    if index < 0:
        combo.addItem(key, key)
        index = combo.count() - 1
    combo.setCurrentIndex(index)


def _rules(group: queries.GroupInfo) -> queries.GroupInfo:
    """The group as its form shows it: its rules, without the counts of its players and
    rounds (a pairing or a new player elsewhere does not refill what is typed here)."""
    return replace(group, player_count=0, rounds_paired=0, rounds_complete=0, team_count=0,
                   rounds_planned=0)


def _removable(group: queries.GroupInfo) -> bool:
    """A group is removed only while empty: no players, no round paired."""
    return group.player_count == 0 and group.rounds_paired == 0


def progress_text(group: queries.GroupInfo) -> str:
    """The group's progress line: its players, the rounds it plays (a round robin its table's,
    a knockout its bracket's, whatever the rounds box holds: the box counts for a Swiss), the
    rounds paired and complete."""
    return tr("progress_text", players=group.player_count, planned=group.rounds_planned,
              paired=group.rounds_paired, complete=group.rounds_complete)
