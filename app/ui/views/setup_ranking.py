"""The setup form's 名次区分 row: the players' tie-breaks of a group, or in a Team Swiss the
team tie-breaks (FIDE C.07) that rank its teams after the primary score; its players are not
ranked, so their tie-breaks are kept as they are and not shown."""

from __future__ import annotations

from dataclasses import replace

from app.group_settings import GroupSettings
from app.pairing.system import System
from app.services import groups as groups_service
from app.services import queries
from app.ui.settings_controls import TieBreakPicker
from app.wording import TIEBREAK_ENGLISH


class RankingChain:
    """What the 名次区分 picker edits, by the system chosen in the form: the group's own
    tie-breaks, or its team tie-breaks (those in force: its own, else the default chain for
    the primary score chosen, C.07 4.1.1)."""

    def __init__(self) -> None:
        self.players_choices = tuple((key, zh, TIEBREAK_ENGLISH.get(key, key)) for key, zh in
                                     groups_service.tiebreak_choices())
        self.team_choices = groups_service.team_tiebreak_choices()
        self.picker = TieBreakPicker(self.players_choices)
        self.picker.setObjectName("tiebreaks")
        self.picker.changed.connect(self._edited)
        self._players: list[str] = []
        self._stored: GroupSettings | None = None  # the group's settings as saved
        self._system: object = None  # the form's system the players' chain was shown for
        self._labels: dict[str, str] = {}
        self._team: list[str] = []  # the group's own team chain; empty: the default one
        self._primary = "match"
        self._team_shown = False

    def show(self, group: queries.GroupInfo, system: object, primary: object) -> None:
        """The group's stored chains, shown for the form's system and primary score."""
        self._stored = group.settings
        self._system = group.system.value
        self._players = list(group.tiebreaks)
        self._labels = dict(group.settings.tiebreak_labels)
        self._team = list(group.settings.team_tiebreaks)
        self.follow(system, primary)

    def follow(self, system: object, primary: object) -> None:
        """The form's system or primary score changed: show the chain that ranks by them."""
        self._primary = str(primary or "match")
        previous, self._system = self._system, system
        self._team_shown = system == System.TEAM_SWISS.value
        if self._team_shown:
            self.picker.set_tiebreaks(self.team_tiebreaks() or self._default(), {},
                                      self.team_choices)
        else:
            if system != previous:  # (a change of the primary score keeps the edits)
                self._players = self._players_for(system)
            self.picker.set_tiebreaks(self._players, self._labels, self.players_choices)

    def _players_for(self, system: object) -> list[str]:
        """The players' chain for the form's system: what a switch to it brings (the
        regulation's chain for it, or the default one after a system ranking no players:
        `GroupSettings.tiebreaks_after_switch`, as the command line's switch does), the
        group's own chain on its saved system, else the chain as edited."""
        stored = self._stored
        if stored is None or system not in tuple(s.value for s in System):
            return self._players
        if System(system) is stored.system:
            return list(stored.tiebreaks)
        switched = replace(stored, system=System(system)).tiebreaks_after_switch(stored.system)
        return list(switched) if switched is not None else self._players

    def _default(self) -> list[str]:
        return list(groups_service.default_team_tiebreaks(self._primary))

    def _edited(self) -> None:
        keys = self.picker.tiebreaks()
        if self._team_shown:
            self._team = [] if keys == self._default() else keys
        else:
            self._players = keys

    def tiebreaks(self) -> list[str]:
        """The players' tie-breaks, as the form saves them."""
        return list(self._players)

    def team_tiebreaks(self) -> list[str]:
        """The team tie-breaks as the form saves them (empty: the default chain)."""
        return list(self._team)
