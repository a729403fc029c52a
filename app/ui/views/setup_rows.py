"""The setup form's rows that a group's system reads: a row whose settings the system chosen
never reads (a Team Swiss: the players' 未赛局计算, 同单位回避, the 名次区分 options, late
entries, sub-rankings; a Swiss of players: the Team Swiss options) is hidden, and shown again
when another system is chosen; so are the points it does not score (a round robin's shown
disabled, saying why). Which system reads which setting is the settings' own rule
(`GroupSettings.applies_to`); this module only knows which row holds which setting."""

from __future__ import annotations

from collections.abc import Mapping

from PySide6.QtWidgets import QFormLayout, QLabel, QWidget

from app.group_settings import GroupSettings
from app.pairing.roundrobin import REST_OUTCOME
from app.pairing.system import System
from app.ui.i18n import language, pick
from app.wording import round_robin_rest_label, round_robin_rest_tip, round_robin_unscored_text

ROW_SETTINGS: dict[str, tuple[str, ...]] = {
    # the 名次区分 picker edits the players' chain, or a Team Swiss's team chain (RankingChain)
    "f_tiebreaks": ("tiebreaks", "team_tiebreaks"),
    "f_tiebreak_options": ("median_cut", "wins_count_forfeits", "wins_count_byes"),
    "f_unplayed_policy": ("unplayed_policy",),
    "f_same_unit": ("same_unit_avoidance_rounds",),
    "f_forfeit_meeting": ("forfeit_counts_as_meeting",),
    "f_initial_colour": ("initial_colour",),
    "f_late_entry_points": ("late_entry_points",),
    "f_team_swiss": ("team_swiss_primary", "team_swiss_colours"),
    "f_subrankings": ("subrankings",),
}
"""The form's rows (by their label's key) that hold settings not every system reads."""


class SystemRows:
    """Shows the form's rows, the points and the controls inside a row (`parts`: setting key
    -> its control) that the system chosen reads; the values of the hidden ones are kept and
    saved as they are."""

    def __init__(self, form: QFormLayout, rows: Mapping[str, QWidget],
                 points: tuple[Mapping[str, QLabel], Mapping[str, QWidget]],
                 parts: Mapping[str, QWidget],
                 point_texts: Mapping[str, tuple[str, str]]) -> None:
        """`points`: the points' labels and their spin boxes, by the value's key;
        `point_texts`: each label's text (Chinese, English)."""
        self.form = form
        self.rows = {key: rows[key] for key in ROW_SETTINGS}
        labels, spins = points
        self.points = {key: (labels[key], spin) for key, spin in spins.items()}
        self.parts = dict(parts)
        self.point_texts = dict(point_texts)

    def follow(self, system: object) -> None:
        """The form's system is `system` (a System or its stored value)."""
        chosen = System.of(system)
        for row, widget in self.rows.items():
            self.form.setRowVisible(widget, any(GroupSettings.applies_to(key, chosen)
                                                for key in ROW_SETTINGS[row]))
        for key, widget in self.parts.items():
            widget.setVisible(GroupSettings.applies_to(key, chosen))
        self._follow_points(chosen)

    def _follow_points(self, chosen: System) -> None:
        """The points a system does not score: hidden in a team group (its boards' games are
        all it scores); in a round robin shown disabled, the tooltip saying why (leave and
        absence forfeit the game, the bye is a rest round), the rest round's value labelled
        as what it is there (单循环轮空, stored as the zero-point bye's)."""
        scored = set(GroupSettings.point_keys(chosen))
        for key, (label, spin) in self.points.items():
            text, tip = pick(*self.point_texts[key]), ""
            if chosen.round_robin and key == REST_OUTCOME.value:
                text, tip = round_robin_rest_label(language()), round_robin_rest_tip(language())
            elif chosen.round_robin and key not in scored:
                tip = round_robin_unscored_text(key, language())
            label.setText(text)
            for widget in (label, spin):
                widget.setVisible(key in scored or not chosen.team)
                widget.setEnabled(key in scored)
                widget.setToolTip(tip)

    def shown(self) -> list[str]:
        """The rows shown, by their label's key (what the tests read)."""
        return [row for row, widget in self.rows.items() if self.form.isRowVisible(widget)]
