"""Controls for a group's settings (组别设置), each taking only values the settings accept:
tie-breaks picked and ordered from a list, same-unit avoidance, the playoff format, birth-date
windows, the eligibility and sub-rankings (women, juniors). They read and give the settings' own keys."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import QDate, Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDateEdit,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from app.group_settings import RULE_SET_OF
from app.rules.game import GameSettings
from app.rules.protocols import Protocol
from app.standings.playoff import PlayoffFormat
from app.ui.i18n import language, pick, tr
from app.ui.range_table import RowsEditor
from app.wording import group_offers_unread_text

DATE_FORMAT = "yyyy-MM-dd"
GENDERS: tuple[str | None, ...] = (None, "M", "F")


def _row(owner: QWidget, *widgets: QWidget, stretch: bool = True) -> QHBoxLayout:
    """`widgets` side by side filling `owner` edge to edge (the rest left empty)."""
    row = QHBoxLayout(owner)
    row.setContentsMargins(0, 0, 0, 0)
    for widget in widgets:
        row.addWidget(widget)
    if stretch:
        row.addStretch(1)
    return row


def _refill(combo: QComboBox, items: Sequence[tuple[str, object]]) -> None:
    """The (label, value) items again (a change of language), keeping the value chosen."""
    current = combo.currentData()
    combo.blockSignals(True)
    combo.clear()
    for label, value in items:
        combo.addItem(label, value)
    combo.setCurrentIndex(max(combo.findData(current), 0))
    combo.blockSignals(False)


def gender_choice_text(gender: str | None) -> str:
    return {None: tr("gender_any"), "M": tr("gender_men"), "F": tr("gender_women")}[gender]


class TieBreakPicker(QWidget):
    """The tie-breaks in the order they apply, picked from the ones the program knows; each
    shown by its Chinese name (对手分, 中间对手分, 胜局, 小分 …) or its English one."""

    changed = Signal()

    def __init__(self, choices: Sequence[tuple[str, str, str]]) -> None:
        """`choices`: (key, Chinese name, English name) of every known tie-break."""
        super().__init__()
        self.choices = tuple(choices)
        self.labels: dict[str, str] = {}  # the group's own names (e.g. 小分 for 对手分)
        self.chosen = QListWidget()
        self.chosen.setObjectName("tiebreaks_chosen")
        self.chosen.setMaximumHeight(110)
        self.available = QComboBox()
        self.available.setObjectName("tiebreaks_available")
        self.add = QPushButton()
        self.add.clicked.connect(self.add_selected)
        self.remove = QPushButton()
        self.remove.clicked.connect(self.remove_selected)
        self.up = QPushButton("↑")
        self.up.clicked.connect(lambda: self.move_selected(-1))
        self.down = QPushButton("↓")
        self.down.clicked.connect(lambda: self.move_selected(1))
        buttons = QVBoxLayout()
        for button in (self.up, self.down, self.remove):
            buttons.addWidget(button)
        buttons.addStretch(1)
        adding = QHBoxLayout()
        adding.addWidget(self.available, 1)
        adding.addWidget(self.add)
        left = QVBoxLayout()
        left.setContentsMargins(0, 0, 0, 0)
        left.addWidget(self.chosen)
        left.addLayout(adding)
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        row.addLayout(left, 1)
        row.addLayout(buttons)
        self.retranslate()

    def label(self, key: str) -> str:
        for name, zh, en in self.choices:
            if name == key:
                own = self.labels.get(key)
                return pick(f"{own}（{zh}）" if own and own != zh else zh,
                            f"{en} ({own})" if own else en)
        return key

    def set_tiebreaks(self, keys: Sequence[str], labels: dict[str, str] | None = None,
                      choices: Sequence[tuple[str, str, str]] | None = None) -> None:
        """Show `keys` in order (named by `labels`, the group's own names), offering the others
        of `choices` (by default the ones it was made with)."""
        if choices is not None:
            self.choices = tuple(choices)
        self.labels = dict(labels or {})
        self.chosen.clear()
        for key in keys:
            self._append(key)
        self._fill_available()

    def _append(self, key: str) -> None:
        item = QListWidgetItem(f"{self.chosen.count() + 1}. {self.label(key)}")
        item.setData(Qt.ItemDataRole.UserRole, key)
        self.chosen.addItem(item)

    def tiebreaks(self) -> list[str]:
        return [str(self.chosen.item(i).data(Qt.ItemDataRole.UserRole))
                for i in range(self.chosen.count())]

    def _fill_available(self) -> None:
        taken = set(self.tiebreaks())
        self.available.clear()
        for key, _zh, _en in self.choices:
            if key not in taken:
                self.available.addItem(self.label(key), key)
        self.add.setEnabled(self.available.count() > 0)

    def _renumber(self, keys: list[str], current: int) -> None:
        self.chosen.clear()
        for key in keys:
            self._append(key)
        self.chosen.setCurrentRow(current)
        self._fill_available()
        self.changed.emit()

    def add_selected(self) -> None:
        key = self.available.currentData()
        if key is not None:
            keys = [*self.tiebreaks(), str(key)]
            self._renumber(keys, len(keys) - 1)

    def add_key(self, key: str) -> None:
        index = self.available.findData(key)
        if index >= 0:
            self.available.setCurrentIndex(index)
            self.add_selected()

    def remove_selected(self) -> None:
        row = self.chosen.currentRow()
        keys = self.tiebreaks()
        if 0 <= row < len(keys):
            del keys[row]
            self._renumber(keys, min(row, len(keys) - 1))

    def move_selected(self, step: int) -> None:
        row = self.chosen.currentRow()
        keys = self.tiebreaks()
        other = row + step
        if 0 <= row < len(keys) and 0 <= other < len(keys):
            keys[row], keys[other] = keys[other], keys[row]
            self._renumber(keys, other)

    def retranslate(self) -> None:
        self.add.setText(tr("tb_add"))
        self.remove.setText(tr("tb_remove"))
        self.up.setToolTip(tr("tb_up"))
        self.down.setToolTip(tr("tb_down"))
        keys = self.tiebreaks()
        self.chosen.clear()
        for key in keys:
            self._append(key)
        self._fill_available()


class SameUnitAvoidance(QWidget):
    """同单位回避: off, in the first K rounds, or in every round (the settings' 0 / K / -1)."""

    def __init__(self) -> None:
        super().__init__()
        self.mode = QComboBox()
        self.mode.setObjectName("same_unit_mode")
        self.rounds = QSpinBox()
        self.rounds.setObjectName("same_unit_rounds")
        self.rounds.setRange(1, 50)
        self.mode.currentIndexChanged.connect(lambda _i: self._mode_changed())
        _row(self, self.mode, self.rounds)
        self.retranslate()

    def _mode_changed(self) -> None:
        self.rounds.setVisible(self.mode.currentData() == "first")

    def set_value(self, rounds: int) -> None:
        mode = "off" if rounds == 0 else ("all" if rounds < 0 else "first")
        self.mode.setCurrentIndex(self.mode.findData(mode))
        if rounds > 0:
            self.rounds.setValue(rounds)
        self._mode_changed()

    def value(self) -> int:
        mode = self.mode.currentData()
        return 0 if mode == "off" else (-1 if mode == "all" else self.rounds.value())

    def retranslate(self) -> None:
        _refill(self.mode, [(tr(f"same_unit_{key}"), key) for key in ("off", "first", "all")])
        self.rounds.setSuffix(tr("same_unit_rounds_suffix"))
        self._mode_changed()


class PlayoffFormatChoice(QWidget):
    """加赛方式 when three or more are tied: 小循环 (a mini round robin) or 淘汰 (a knockout
    seeded by the tie-break order); the settings' `playoff_format` (app.standings.playoff)."""

    def __init__(self, name: str = "playoff_format") -> None:
        super().__init__()
        self.label = QLabel()
        self.choice = QComboBox()
        self.choice.setObjectName(name)
        self.choice.addItem("", PlayoffFormat.ROUND_ROBIN.value)
        _row(self, self.label, self.choice)
        self.retranslate()

    def set_value(self, value: str) -> None:
        self.choice.setCurrentIndex(max(self.choice.findData(str(value)), 0))

    def value(self) -> str:
        return str(self.choice.currentData())

    def retranslate(self) -> None:
        _refill(self.choice, [(tr(f"playoff_format_{member.value}"), member.value)
                              for member in PlayoffFormat])
        self.label.setText(tr("playoff_format_label"))
        self.choice.setToolTip(tr("playoff_format_tip"))


class FifthOffersField(QWidget):
    """五手N打: N of the fifth-move offers (0: declared by the tentative black with the opening),
    shown where the group's opening rule reads it (指定开局 under 专业规则); for any other rule
    a note in its place says why there is nothing to set (自由开局没有五手打点 …), following
    the form's choices of rule set and opening rule (their stored keys). The value is kept,
    and saved as it is."""

    def __init__(self, rule_set: QComboBox, opening: QComboBox) -> None:
        super().__init__()
        self.rule_set = rule_set
        self.opening = opening
        for combo in (rule_set, opening):
            combo.currentIndexChanged.connect(lambda _i: self.follow())
        self.spin = QSpinBox()
        self.spin.setRange(0, 20)  # as the group setting takes it (五手N打, N up to 20)
        self.note = QLabel()
        self.note.setObjectName("fifth_offers_note")
        self.note.setWordWrap(True)
        self.note.setEnabled(False)  # greyed, as the form's other fields not read
        _row(self, self.spin, self.note, stretch=False)

    def follow(self) -> None:
        """The spin box where the rule set and opening rule chosen read N, else the reason
        (called again on a change of language, to word both again)."""
        # N = 0: the tentative black declares N with the opening (2013 rules), not "0 offers"
        self.spin.setSpecialValueText(tr("f_fifth_declared"))
        self.spin.setToolTip(tr("f_fifth_declared_tip"))
        rules = RULE_SET_OF.get(str(self.rule_set.currentData()))
        protocol = next((p for p in Protocol if p.value == self.opening.currentData()), None)
        reason = ""  # none while the form shows no group (its choices not filled yet)
        if rules is not None and protocol is not None and not GameSettings.reads_group_offers(
                rules, protocol):
            reason = group_offers_unread_text(rules, protocol, language())
        self.spin.setVisible(not reason)
        self.note.setVisible(bool(reason))
        self.note.setText(reason)
        self.note.setToolTip(reason)


class DateField(QWidget):
    """A date or none: a tick to use it, then a date that can only be a real date."""

    def __init__(self, name: str) -> None:
        super().__init__()
        self.used = QCheckBox()
        self.used.setObjectName(f"{name}_used")
        self.date = QDateEdit()
        self.date.setObjectName(name)
        self.date.setDisplayFormat(DATE_FORMAT)
        self.date.setCalendarPopup(True)
        self.date.setMinimumDate(QDate(1900, 1, 1))
        self.used.toggled.connect(self.date.setEnabled)
        _row(self, self.used, self.date, stretch=False)
        self.set_value(None)

    def set_value(self, value: str | None) -> None:
        date = QDate.fromString(str(value), DATE_FORMAT) if value else QDate()
        self.used.setChecked(date.isValid())
        self.date.setEnabled(date.isValid())
        self.date.setDate(date if date.isValid() else QDate(2010, 1, 1))

    def value(self) -> str | None:
        if not self.used.isChecked():
            return None
        date = self.date.date()
        return dt.date(date.year(), date.month(), date.day()).isoformat()


class EligibilityEditor(QWidget):
    """参赛资格: who may play in the group (gender, born from, born to); the rule's other keys
    are kept as they were."""

    def __init__(self, name: str = "eligibility") -> None:
        super().__init__()
        self.kept: dict[str, Any] = {}
        self.gender = QComboBox()
        self.gender.setObjectName(f"{name}_gender")
        self.born_from = DateField(f"{name}_born_from")
        self.born_to = DateField(f"{name}_born_to")
        # born_to can never be before born_from: the control refuses such a date
        self.born_from.date.dateChanged.connect(self.born_to.date.setMinimumDate)
        _row(self, self.gender, self.born_from, self.born_to)
        self.retranslate()

    def set_value(self, rule: dict[str, Any]) -> None:
        self.kept = {k: v for k, v in rule.items() if k not in ("gender", "born_from", "born_to")}
        gender = rule.get("gender")
        self.gender.setCurrentIndex(GENDERS.index(gender) if gender in GENDERS else 0)
        self.born_from.set_value(rule.get("born_from"))
        self.born_to.set_value(rule.get("born_to"))

    def value(self) -> dict[str, Any]:
        rule = dict(self.kept)
        for key, value in (("gender", self.gender.currentData()),
                           ("born_from", self.born_from.value()),
                           ("born_to", self.born_to.value())):
            if value:
                rule[key] = value
        return rule

    def retranslate(self) -> None:
        _refill(self.gender, [(gender_choice_text(gender), gender) for gender in GENDERS])
        self.born_from.used.setText(tr("born_from"))
        self.born_to.used.setText(tr("born_to"))


class SubRankings(RowsEditor):
    """Separate rankings inside the group (公开组（女子）, juniors): a name, who is ranked
    (gender, birth dates); their prize and title tables are kept, and their places are the
    sub-ranking's decisive places (qiwang 十五)."""

    def __init__(self) -> None:
        super().__init__(2, 90)
        self.table.setObjectName("subrankings")
        self.retranslate()

    def set_value(self, subs: Sequence[dict[str, Any]]) -> None:
        self.set_rows(subs)

    def add_row(self, row: dict[str, Any]) -> None:
        r = self.table.rowCount()
        self.table.insertRow(r)
        self.kept.append(row)
        name = QLineEdit(str(row.get("name", "")))
        rule = EligibilityEditor(f"sub{r}")
        rule.set_value(dict(row.get("filter", {}) or {}))
        self.table.setCellWidget(r, 0, name)
        self.table.setCellWidget(r, 1, rule)
        self.table.resizeColumnsToContents()
        self.table.resizeRowsToContents()

    def value(self) -> list[dict[str, Any]]:
        """The sub-rankings; a row without a name is left out (there is nothing to call it)."""
        subs = []
        for row in range(self.table.rowCount()):
            name = self.table.cellWidget(row, 0)
            rule = self.table.cellWidget(row, 1)
            assert isinstance(name, QLineEdit) and isinstance(rule, EligibilityEditor)
            if not name.text().strip():
                continue
            subs.append({**self.kept[row], "name": " ".join(name.text().split()),
                         "filter": rule.value()})
        return subs

    def retranslate(self) -> None:
        self.table.setHorizontalHeaderLabels([tr("sub_name"), tr("sub_filter")])
        self.add.setText(tr("sub_add"))
        self.remove.setText(tr("sub_remove"))
        for row in range(self.table.rowCount()):
            rule = self.table.cellWidget(row, 1)
            if isinstance(rule, EligibilityEditor):
                rule.retranslate()
