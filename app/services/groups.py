"""Changing a group's settings (组别设置): rules, system, rounds, points, tie-breaks, prizes.

Every key and its checks live in `app.group_settings`; this module stores a change in one
operation and refuses what the group's state forbids: the system and the games per round
shape the pairing, so they change only before round 1 is paired (the system: the core's
`check_system_switch`, shenzhen 十、(二)).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from app.errors import UserError
from app.group_settings import GroupSettings
from app.pairing.roundrobin import check_system_switch
from app.services.event import Event, settings_of, store_settings
from app.services.queries import GroupInfo, group_info


def _round_robin_rounds(old: GroupSettings, new: GroupSettings, given: set[str]
                        ) -> GroupSettings:
    """A group switched to round robin plays the rounds of its table (n-1, n for odd n,
    doubled) unless the arbiter sets another count, which is then kept as his choice
    (`round_robin_rounds`); a form that sends the count unchanged is no choice."""
    if new.system != old.system:
        new = replace(new, round_robin_rounds=None)
    if new.system.round_robin and "rounds" in given and new.rounds != old.rounds:
        new = replace(new, round_robin_rounds=new.rounds)
    return new


def known_tiebreaks() -> tuple[str, ...]:
    from app.standings.tiebreaks import REGISTRY

    return tuple(REGISTRY)


def tiebreak_choices() -> tuple[tuple[str, str], ...]:
    """Every tie-break the program knows, with its Chinese name (对手分, 中间对手分 ...)."""
    from app.standings.tiebreaks import REGISTRY

    return tuple((name, tb.zh) for name, tb in REGISTRY.items())


def team_tiebreak_choices() -> tuple[tuple[str, str, str], ...]:
    """The team tie-breaks a Team Swiss group can rank by (FIDE C.07), with their Chinese and
    English names (局分, 直胜, 索伯分 ...)."""
    from app.standings.team_swiss import TIEBREAKS

    return tuple((key, tb.zh, tb.en) for key, tb in TIEBREAKS.items())


def default_team_tiebreaks(primary: str) -> tuple[str, ...]:
    """The team tie-breaks in force in a Team Swiss group that names none: the default chain
    for its primary score (`team_swiss_primary`: match or game; C.07 4.1.1)."""
    from app.pairing.team_swiss import PrimaryScore
    from app.standings.team_swiss import default_tiebreaks

    return default_tiebreaks(PrimaryScore(primary))


def update_group(event: Event, group: str, **fields: Any) -> GroupInfo:
    """Change a group's settings, checking each field before anything is written.

    `fields` are keys of `GroupSettings` (the group's columns and its other settings), or
    `settings={...}` holding some of them, as the command line's `--set` gives them.
    """
    with event.operation("update_group", f"修改组别设置 {group} / change group {group}") as session:
        found = Event.group(session, group)
        old = settings_of(found)
        new = GroupSettings.from_json(fields, base=old)
        if new.system != old.system:
            check_system_switch(len(found.rounds_played), f"{group}: system")
        if found.rounds_played and new.games_per_round != old.games_per_round:
            raise UserError(
                "已编排后不能更改每轮局数",
                "games per round cannot change once a round is paired",
                f"{group}: games_per_round",
            )
        given = set(fields) | set(fields.get("settings") or {})
        switched = new.tiebreaks_after_switch(old.system)
        if "system" in given and "tiebreaks" not in given and switched is not None:
            new = GroupSettings.from_json({"tiebreaks": list(switched)}, base=new)
        new = _round_robin_rounds(old, new, given)
        if new.rounds < len(found.rounds_played):
            raise UserError(
                "轮数不能少于已编排的轮数",
                "rounds cannot be fewer than the rounds already paired",
                f"{group}: rounds",
            )
        store_settings(found, new)
        session.flush()
        return group_info(found)
