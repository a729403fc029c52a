"""The setup form's choices are the enums' members: nothing the program can do is missing
from the window (issue 23)."""

from __future__ import annotations

from PySide6.QtWidgets import QComboBox

from app.pairing.system import System
from app.rules.protocols import Protocol
from app.standings.awards import TieRule
from app.standings.tiebreaks import Unplayed


def _data(combo: QComboBox) -> list[object]:
    return [combo.itemData(i) for i in range(combo.count())]


def _texts(combo: QComboBox) -> list[str]:
    return [combo.itemText(i) for i in range(combo.count())]


def test_every_unplayed_policy_system_and_opening_can_be_chosen(window, tmp_path) -> None:
    """The FIDE policy (C.07 art. 16) the command line offers is in the window too; every
    system and opening rule of the enums is listed, each by its words, never its code."""
    assert window.new_event(tmp_path / "e.db", "qiwang-2022")
    setup = window.setup_view
    setup.group_list.setCurrentRow(0)
    assert _data(setup.unplayed) == [p.value for p in Unplayed]
    assert _data(setup.system) == [s.value for s in System]
    assert _data(setup.opening) == [p.value for p in Protocol]
    for combo, values in ((setup.unplayed, Unplayed), (setup.system, System)):
        assert not set(_texts(combo)) & {v.value for v in values}


def test_the_fide_policy_chosen_in_the_window_is_stored(window, tmp_path) -> None:
    from app.services import queries

    assert window.new_event(tmp_path / "e.db", "qiwang-2022")
    setup = window.setup_view
    setup.group_list.setCurrentRow(0)
    setup.unplayed.setCurrentIndex(setup.unplayed.findData(Unplayed.FIDE.value))
    assert setup.save_group(), window.last_error
    group = next(g for g in queries.event_info(window.ev).groups if g.name == "公开组")
    assert group.unplayed_policy == Unplayed.FIDE.value


def test_the_team_tie_rules_are_the_enum_s() -> None:
    from app.ui.teams_dialog import TIE_RULES

    assert sorted(TIE_RULES) == sorted(rule.value for rule in TieRule)
    assert TIE_RULES[0] == TieRule.SHARE.value
