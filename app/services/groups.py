"""Changing a group's settings (组别设置): rules, system, rounds, points, tie-breaks, prizes."""

from __future__ import annotations

from typing import Any

from app.errors import UserError
from app.pairing.types import PointSystem
from app.services.event import GROUP_FIELDS, Event, validate_group
from app.services.queries import GroupInfo, group_info

# Settings that shape the pairing: they may not change once round 1 is paired.
_FIXED_AFTER_PAIRING = {"system", "games_per_round"}


def known_tiebreaks() -> tuple[str, ...]:
    from app.standings.tiebreaks import REGISTRY

    return tuple(REGISTRY)


def tiebreak_choices() -> tuple[tuple[str, str], ...]:
    """Every tie-break the program knows, with its Chinese name (对手分, 中间对手分 ...)."""
    from app.standings.tiebreaks import REGISTRY

    return tuple((name, tb.zh) for name, tb in REGISTRY.items())


def update_group(event: Event, group: str, **fields: Any) -> GroupInfo:
    """Change a group's settings, checking each field before anything is written."""
    unknown = set(fields) - set(GROUP_FIELDS) - {"settings", "decisive_places"}
    if unknown:
        names = ", ".join(sorted(unknown))
        raise UserError(f"未知的组别设置：{names}", f"unknown group settings: {names}", group)
    with event.operation("update_group", f"修改组别设置 {group} / change group {group}") as session:
        found = Event.group(session, group)
        if found.rounds_played and _FIXED_AFTER_PAIRING & set(fields):
            changed = [f for f in _FIXED_AFTER_PAIRING & set(fields)
                       if fields[f] != getattr(found, f)]
            if changed:
                raise UserError(
                    "已编排后不能更改赛制或每轮局数",
                    "the system and games per round cannot change once a round is paired",
                    f"{group}: {', '.join(changed)}",
                )
        if "points" in fields:
            _check_points(fields["points"], group)
        if "tiebreaks" in fields:
            _check_tiebreaks(fields["tiebreaks"], group)
        settings = dict(found.settings)
        if "settings" in fields:
            settings.update(fields.pop("settings"))
        if "decisive_places" in fields:
            settings["decisive_places"] = int(fields.pop("decisive_places"))
        found.settings = settings
        by_system = settings.get("tiebreaks_by_system", {})
        if "system" in fields and "tiebreaks" not in fields and fields["system"] in by_system:
            # The regulation ranks each system its own way (shenzhen 十一、(一)1-2).
            fields["tiebreaks"] = list(by_system[fields["system"]])
        for name, value in fields.items():
            setattr(found, name, value)
        if "rounds" in fields and fields["rounds"] < len(found.rounds_played):
            raise UserError(
                "轮数不能少于已编排的轮数",
                "rounds cannot be fewer than the rounds already paired",
                f"{group}: rounds",
            )
        validate_group(found)
        session.flush()
        return group_info(found)


def _check_points(points: Any, group: str) -> None:
    allowed = set(PointSystem.__dataclass_fields__)
    if not isinstance(points, dict) or set(points) - allowed:
        raise UserError("分值设置有误", f"bad points; allowed keys: {sorted(allowed)}", group)
    for key, value in points.items():
        if not isinstance(value, int) or value < 0:
            raise UserError(f"分值 {key} 须为非负整数", f"points '{key}' must be a whole number ≥ 0",
                            group)


def _check_tiebreaks(tiebreaks: Any, group: str) -> None:
    known = known_tiebreaks()
    for name in tiebreaks:
        if name not in known:
            raise UserError(f"未知的破同分方法：{name}", f"unknown tie-break: {name}", group)


def point_system(points: dict[str, Any]) -> PointSystem:
    """The group's PointSystem (missing keys take the 2/1/0 defaults)."""
    return PointSystem(**{k: int(v) for k, v in points.items()
                          if k in PointSystem.__dataclass_fields__})
