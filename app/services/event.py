"""Opening and creating events, and the whole-event operations (undo, redo, settings).

`Event` is what the window and the command line hold while they work on an event; every
other service module takes one. Changes go through `event.store.operation(...)`, each one
transaction with its undo entry.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from app.errors import UserError
from app.services.presets import load_preset
from app.store.models import Group, Tournament
from app.store.session import EventStore

GROUP_FIELDS = (
    "name",
    "rule_set",
    "opening",
    "fifth_move_offers",
    "time_control",
    "system",
    "rounds",
    "games_per_round",
    "points",
    "tiebreaks",
    "unplayed_policy",
    "prizes",
    "grade_titles",
    "eligibility",
)
RULE_SETS = ("renju", "free", "gomoku")
SYSTEMS = ("swiss", "round_robin", "double_round_robin", "knockout", "team_knockout", "cross_group")


class Event:
    """An event opened for work (a SQLite file or a PostgreSQL URL)."""

    def __init__(self, store: EventStore) -> None:
        self.store = store

    # ----- lifecycle ---------------------------------------------------------------------

    @classmethod
    def create(
        cls,
        location: str | Path,
        preset: str | None = None,
        title: str | None = None,
        station: str | None = None,
    ) -> Event:
        """A new event, from a preset (the five regulations) or empty."""
        settings = load_preset(preset) if preset else None  # bad name: refused before writing
        store = EventStore.create(location, station)
        event = cls(store)
        with store.operation("create_event", "新建赛事 / new event") as session:
            if settings is None:
                tournament = Tournament(title=title or "新赛事", settings={})
                session.add(tournament)
            else:
                tournament = _tournament_from_preset(settings, title)
                session.add(tournament)
                for position, group_settings in enumerate(settings["groups"]):
                    session.add(_group_from_settings(tournament, group_settings, position))
        return event

    @classmethod
    def open(cls, location: str | Path, station: str | None = None) -> Event:
        return cls(EventStore.open(location, station))

    def close(self) -> None:
        self.store.close()

    def __enter__(self) -> Event:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()

    # ----- sessions ----------------------------------------------------------------------

    @contextmanager
    def reading(self) -> Iterator[Session]:
        with self.store.reading() as session:
            yield session

    def operation(self, name: str, description: str = "") -> Any:
        return self.store.operation(name, description)

    # ----- look-ups ----------------------------------------------------------------------

    @staticmethod
    def tournament(session: Session) -> Tournament:
        tournament = session.scalars(select(Tournament)).first()
        if tournament is None:
            raise UserError("赛事文件中没有赛事", "the event file holds no event")
        return tournament

    @staticmethod
    def group(session: Session, name: str | None) -> Group:
        """The group called `name`; with None, the only group (an error when several)."""
        groups = list(session.scalars(select(Group).order_by(Group.position, Group.id)))
        if name is None:
            if len(groups) == 1:
                return groups[0]
            names = "、".join(g.name for g in groups) or "（无）"
            raise UserError(
                f"请用 --group 指定组别（{names}）",
                f"name the group with --group ({', '.join(g.name for g in groups)})",
                "--group",
            )
        for group in groups:
            if group.name == name:
                return group
        names = "、".join(g.name for g in groups) or "（无）"
        raise UserError(
            f"没有组别“{name}”（现有：{names}）",
            f"no group '{name}' (groups: {', '.join(g.name for g in groups)})",
            "--group",
        )

    # ----- undo / redo -------------------------------------------------------------------

    def undo(self) -> str | None:
        return self.store.undo()

    def redo(self) -> str | None:
        return self.store.redo()

    def can_undo(self) -> str | None:
        return self.store.undo_description()

    def can_redo(self) -> str | None:
        return self.store.redo_description()


def _date(value: str | None) -> dt.date | None:
    return dt.date.fromisoformat(value) if value else None


def _tournament_from_preset(settings: dict[str, Any], title: str | None) -> Tournament:
    return Tournament(
        title=title or settings["title"],
        organisers=settings.get("organisers", ""),
        venue=settings.get("venue", ""),
        start_date=_date(settings.get("start_date")),
        end_date=_date(settings.get("end_date")),
        preset=settings["name"],
        settings={
            "qualifiers": settings.get("qualifiers", {}),
            "team_rankings": settings.get("team_rankings", []),
            "regulation": settings.get("regulation", ""),
            "description": settings.get("description", ""),
        },
    )


def _group_from_settings(tournament: Tournament, data: dict[str, Any], position: int) -> Group:
    settings = dict(data.get("settings", {}))
    settings["decisive_places"] = data.get("decisive_places", 0)
    group = Group(tournament=tournament, position=position, settings=settings)
    for field in GROUP_FIELDS:
        if field in data:
            setattr(group, field, data[field])
    validate_group(group)
    return group


def validate_group(group: Group) -> None:
    """Refuse group settings that cannot work, naming the field."""
    where = f"组别 {group.name}"
    if group.rule_set not in RULE_SETS:
        raise UserError(f"未知规则 {group.rule_set}", f"unknown rule set {group.rule_set}", where)
    if group.system not in SYSTEMS:
        raise UserError(f"未知赛制 {group.system}", f"unknown system {group.system}", where)
    if not 1 <= group.rounds <= 50:
        raise UserError("轮数须在1到50之间", "rounds must be 1 to 50", where)
    if group.games_per_round not in (1, 2):
        raise UserError("每轮局数只能是1或2", "games per round must be 1 or 2", where)
