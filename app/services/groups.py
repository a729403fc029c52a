"""Changing a group's settings (组别设置): rules, system, rounds, points, tie-breaks, prizes.

Every key and its checks live in `app.group_settings`; this module stores a change in one
operation and refuses what the group's state forbids (the system once a round is paired).
"""

from __future__ import annotations

from typing import Any

from app.errors import UserError
from app.group_settings import GroupSettings
from app.services.event import Event, settings_of, store_settings
from app.services.queries import GroupInfo, group_info

# Settings that shape the pairing: they may not change once round 1 is paired.
_FIXED_AFTER_PAIRING = ("system", "games_per_round")


def known_tiebreaks() -> tuple[str, ...]:
    from app.standings.tiebreaks import REGISTRY

    return tuple(REGISTRY)


def update_group(event: Event, group: str, **fields: Any) -> GroupInfo:
    """Change a group's settings, checking each field before anything is written.

    `fields` are keys of `GroupSettings` (the group's columns and its other settings), or
    `settings={...}` holding some of them, as the command line's `--set` gives them.
    """
    with event.operation("update_group", f"修改组别设置 {group} / change group {group}") as session:
        found = Event.group(session, group)
        old = settings_of(found)
        new = GroupSettings.from_json(fields, base=old)
        if found.rounds_played:
            changed = [key for key in _FIXED_AFTER_PAIRING
                       if getattr(new, key) != getattr(old, key)]
            if changed:
                raise UserError(
                    "已编排后不能更改赛制或每轮局数",
                    "the system and games per round cannot change once a round is paired",
                    f"{group}: {', '.join(changed)}",
                )
        given = set(fields) | set(fields.get("settings") or {})
        by_system = new.tiebreaks_for(new.system)
        if "system" in given and "tiebreaks" not in given and by_system is not None:
            # The regulation ranks each system its own way (shenzhen 十一、(一)1-2).
            new = GroupSettings.from_json({"tiebreaks": list(by_system)}, base=new)
        if new.rounds < len(found.rounds_played):
            raise UserError(
                "轮数不能少于已编排的轮数",
                "rounds cannot be fewer than the rounds already paired",
                f"{group}: rounds",
            )
        store_settings(found, new)
        session.flush()
        return group_info(found)
