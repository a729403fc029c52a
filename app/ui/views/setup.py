"""The setup view (赛事设置): the event's facts and each group's rules, system and awards."""

from __future__ import annotations

import json
from typing import Any

from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QPlainTextEdit,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from app.errors import UserError
from app.services import groups as groups_service
from app.services import queries
from app.services.event import RULE_SETS, SYSTEMS
from app.ui.i18n import both, pick, tr
from app.ui.range_table import PRIZE_COLUMNS, TITLE_COLUMNS, RangeTable
from app.ui.views.base import View

POINT_KEYS = ("win", "draw", "loss", "forfeit_win", "forfeit_loss", "pab", "full_bye",
              "half_bye", "zero_bye", "absent")
UNPLAYED = ("zero", "own", "lowest")
OPENINGS = ("designated", "free")
CHOICE_TEXTS = {
    "renju": ("专业规则（禁手）", "renju (forbidden moves)"),
    "free": ("大众规则（无禁手）", "free (no forbidden moves)"),
    "gomoku": ("标准五子棋", "standard gomoku"),
    "swiss": ("积分编排制", "Swiss"),
    "round_robin": ("单循环", "round robin"),
    "double_round_robin": ("双循环", "double round robin"),
    "knockout": ("淘汰制（全部排位）", "knockout (all places)"),
    "team_knockout": ("团体分台定人制", "team matches"),
    "cross_group": ("交叉赛", "cross-group round"),
    "zero": ("按0分计", "count as zero"),
    "own": ("按本人得分计", "own score (dummy opponent)"),
    "lowest": ("按最低计", "lowest"),
    "designated": ("指定开局（三手交换、五手N打）", "designated opening (swap, N fifth moves)"),
}
POINT_TEXTS = {
    "win": ("胜", "win"), "draw": ("和", "draw"), "loss": ("负", "loss"),
    "forfeit_win": ("不战胜", "forfeit win"), "forfeit_loss": ("弃权负", "forfeit loss"),
    "pab": ("轮空", "bye (PAB)"), "full_bye": ("请假全分", "full-point bye"),
    "half_bye": ("请假半分", "half-point bye"), "zero_bye": ("请假零分", "zero-point bye"),
    "absent": ("缺席", "absent"),
}
CHOICE_TEXTS["free_opening"] = ("自由开局", "free opening")
JSON_FIELDS = ("eligibility", "settings")


class SetupView(View):
    """Event facts (read-only) and the group settings form (editable, undoable)."""

    def __init__(self, main: Any) -> None:
        super().__init__(main)
        self.info: queries.EventInfo | None = None
        self.event_box = QGroupBox()
        self.event_form = QFormLayout(self.event_box)
        self.event_labels = {key: QLabel() for key in ("title", "organisers", "venue", "dates",
                                                       "preset")}
        self.event_label_titles = {key: QLabel() for key in self.event_labels}
        for key, label in self.event_labels.items():
            label.setWordWrap(True)
            self.event_form.addRow(self.event_label_titles[key], label)

        self.group_list = QListWidget()
        self.group_list.setObjectName("setup_groups")
        self.group_list.currentRowChanged.connect(self._show_group)
        self.group_box = QGroupBox()
        form = QFormLayout()
        self.form = form
        self.fields: dict[str, QWidget] = {}
        self.name = QLineEdit()
        self.rule_set = QComboBox()
        self.opening = QComboBox()
        self.fifth = QSpinBox()
        self.fifth.setRange(0, 10)
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
        self.tiebreaks = QLineEdit()
        self.unplayed = QComboBox()
        self._fill_choices()
        self.decisive = QSpinBox()
        self.decisive.setRange(0, 1000)
        self.prizes = RangeTable(PRIZE_COLUMNS, "奖励 / prizes")
        self.prizes.setObjectName("prizes")
        self.titles = RangeTable(TITLE_COLUMNS, "段级位 / grade titles")
        self.titles.setObjectName("grade_titles")
        self.json_edits = {key: QPlainTextEdit() for key in JSON_FIELDS}
        for edit in self.json_edits.values():
            edit.setMinimumHeight(80)
        self.progress = QLabel()
        self.rows: list[tuple[str, QWidget]] = [
            ("f_name", self.name), ("f_rule_set", self.rule_set), ("f_opening", self.opening),
            ("f_fifth_move_offers", self.fifth), ("f_time_control", self.time_control),
            ("f_system", self.system), ("f_rounds", self.rounds),
            ("f_games_per_round", self.games), ("f_points", points_widget),
            ("f_tiebreaks", self.tiebreaks), ("f_unplayed_policy", self.unplayed),
            ("decisive", self.decisive),
            ("f_prizes", self.prizes),
            ("f_grade_titles", self.titles),
            ("f_eligibility", self.json_edits["eligibility"]),
            ("f_settings", self.json_edits["settings"]),
            ("f_progress", self.progress),
        ]
        self.row_labels: dict[str, QLabel] = {}
        for key, widget in self.rows:
            label = QLabel()
            self.row_labels[key] = label
            form.addRow(label, widget)
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

        lower = QHBoxLayout()
        lower.addWidget(self.group_list, 1)
        lower.addWidget(self.group_box, 4)
        layout = QVBoxLayout(self)
        layout.addWidget(self.event_box)
        layout.addLayout(lower, 1)

    # ----- showing ---------------------------------------------------------------------------

    def refresh(self) -> None:
        try:
            self.info = queries.event_info(self.ev)
        except UserError as error:
            self.main.show_error(error)
            return
        info = self.info
        self.event_labels["title"].setText(info.title)
        self.event_labels["organisers"].setText(info.organisers)
        self.event_labels["venue"].setText(info.venue)
        dates = " – ".join(str(d) for d in (info.start_date, info.end_date) if d)
        self.event_labels["dates"].setText(dates)
        self.event_labels["preset"].setText(info.preset or "")
        row = max(self.group_list.currentRow(), 0)
        self.group_list.blockSignals(True)
        self.group_list.clear()
        self.group_list.addItems([g.name for g in info.groups])
        self.group_list.blockSignals(False)
        if info.groups:
            self.group_list.setCurrentRow(min(row, len(info.groups) - 1))
            self._show_group(self.group_list.currentRow())

    def current_group(self) -> queries.GroupInfo | None:
        row = self.group_list.currentRow()
        if self.info is None or not 0 <= row < len(self.info.groups):
            return None
        return self.info.groups[row]

    def _show_group(self, _row: int) -> None:
        group = self.current_group()
        if group is None:
            return
        self.group_box.setTitle(tr("setup_group_title", group=group.name))
        self.name.setText(group.name)
        _choose(self.rule_set, group.rule_set)
        _choose(self.opening, group.opening)
        self.fifth.setValue(group.fifth_move_offers)
        self.time_control.setText(group.time_control)
        _choose(self.system, group.system)
        self.rounds.setValue(group.rounds)
        self.games.setValue(group.games_per_round)
        for key, spin in self.points.items():
            spin.setValue(int(group.points.get(key, 0)))
        self.tiebreaks.setText(", ".join(group.tiebreaks))
        _choose(self.unplayed, group.unplayed_policy)
        self.decisive.setValue(int(group.settings.get("decisive_places", 0) or 0))
        self.prizes.set_rows(list(group.prizes))
        self.titles.set_rows(list(group.grade_titles))
        values = {"eligibility": group.eligibility, "settings": _shown_settings(group)}
        for key, edit in self.json_edits.items():
            edit.setPlainText(json.dumps(values[key], ensure_ascii=False, indent=1))
        self.progress.setText(tr("progress_text", players=group.player_count,
                                 paired=group.rounds_paired, complete=group.rounds_complete))
        paired = group.rounds_paired > 0
        self.system.setEnabled(not paired)
        self.games.setEnabled(not paired)

    # ----- editing ---------------------------------------------------------------------------

    def form_values(self) -> dict[str, Any]:
        """The form's values as update_group fields; a UserError names a bad JSON field."""
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
            "tiebreaks": [t.strip() for t in self.tiebreaks.text().replace("，", ",").split(",")
                          if t.strip()],
            "unplayed_policy": self.unplayed.currentData(),
            "decisive_places": self.decisive.value(),
            "prizes": self.prizes.rows(),
            "grade_titles": self.titles.rows(),
        }
        for key, edit in self.json_edits.items():
            text = edit.toPlainText().strip() or "{}"
            try:
                values[key] = json.loads(text)
            except json.JSONDecodeError as error:
                label = tr(f"f_{key}")
                raise UserError(tr("bad_json", field=label, error=error.msg),
                                tr("bad_json", field=label, error=error.msg),
                                f"{label}:{error.lineno}:{error.colno}") from None
        return values

    def save_group(self) -> bool:
        group = self.current_group()
        if group is None:
            return False
        try:
            values = self.form_values()
        except UserError as error:
            self.main.show_error(error)
            return False
        old = {"name": group.name, "rule_set": group.rule_set, "opening": group.opening,
               "fifth_move_offers": group.fifth_move_offers, "time_control": group.time_control,
               "system": group.system, "rounds": group.rounds,
               "games_per_round": group.games_per_round, "points": dict(group.points),
               "tiebreaks": list(group.tiebreaks), "unplayed_policy": group.unplayed_policy,
               "decisive_places": int(group.settings.get("decisive_places", 0) or 0),
               "prizes": list(group.prizes), "grade_titles": list(group.grade_titles),
               "eligibility": dict(group.eligibility), "settings": _shown_settings(group)}
        changed = {k: v for k, v in values.items() if old.get(k) != v}
        if "points" in changed:
            changed["points"] = {**group.points, **changed["points"]}
        if not changed:
            return True
        result = self.run(groups_service.update_group, self.ev, group.name, **changed)
        if result is None:
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
        for key, label in self.point_labels.items():
            label.setText(pick(*POINT_TEXTS[key]))

    def retranslate(self) -> None:
        self._fill_choices()
        self.prizes.retranslate()
        self.titles.retranslate()
        self.event_box.setTitle(tr("setup_event"))
        for key, title in self.event_label_titles.items():
            title.setText(tr(f"setup_{key}"))
        for key, label in self.row_labels.items():
            label.setText(tr(key))
        self.save.setText(tr("setup_save"))
        self.save.setToolTip(both("setup_save_tip"))
        known = ", ".join(groups_service.known_tiebreaks())
        self.tiebreaks.setToolTip(f"{both('f_tiebreaks')}\n{known}")
        for key, edit in self.json_edits.items():
            edit.setToolTip(f"{both('f_' + key)}\n{both('json_hint')}")


def _choose(combo: QComboBox, key: str) -> None:
    """Select the item whose data is `key`, adding it when the list lacks it."""
    index = combo.findData(key)
    if index < 0:
        combo.addItem(key, key)
        index = combo.count() - 1
    combo.setCurrentIndex(index)


def _shown_settings(group: queries.GroupInfo) -> dict[str, Any]:
    """The group's other settings (sub-rankings, byes, ...) as the JSON editor shows them;
    the decisive places have their own field."""
    return {k: v for k, v in group.settings.items() if k != "decisive_places"}
