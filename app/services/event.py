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
from app.group_settings import GroupSettings
from app.services.presets import load_preset
from app.store.models import Group, Tournament
from app.store.session import EventStore, LoggedOperation


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
        # Not undoable: undo goes back to the event as created, never to an empty file.
        with store.operation("create_event", "新建赛事 / new event", undoable=False) as session:
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

    def snapshot_first(self, session: Session, label: str, hold: str | None = None) -> None:
        """Inside an operation: snapshot the event as it was, once the operation has passed
        its checks (a refused operation takes none); see `EventStore.snapshot_first`."""
        self.store.snapshot_first(session, label, hold)

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
    # Per station (each station's Ctrl+Z takes back its own operations); another station's
    # operation only when named by its number in `history()`, which says whose and what.

    def undo(self, entry: int | None = None) -> str | None:
        """Undo this station's last operation (or log entry `entry`, any station's)."""
        return self.store.undo(entry)

    def redo(self, entry: int | None = None) -> str | None:
        """Redo this station's last undone operation (or log entry `entry`)."""
        return self.store.redo(entry)

    def can_undo(self) -> str | None:
        return self.store.undo_description()

    def can_redo(self) -> str | None:
        return self.store.redo_description()

    def logged(self, entry: int) -> LoggedOperation | None:
        """Log entry `entry`: whose operation, what it did, whether undone."""
        return self.store.logged(entry)

    def history(self, limit: int = 30) -> list[LoggedOperation]:
        """The newest operations (newest first): number, station, what, whether undone."""
        return self.store.history(limit)


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
    """A new group with the settings of a preset's group (refused, naming the key, when one
    is unknown or bad)."""
    group = Group(tournament=tournament, position=position)
    store_settings(group, GroupSettings.from_json(data))
    return group


def settings_of(group: Group) -> GroupSettings:
    """The group's settings as the event file holds them, typed."""
    columns = {key: getattr(group, key) for key in GroupSettings.column_keys()}
    return GroupSettings.stored(columns, group.settings or {})


def store_settings(group: Group, settings: GroupSettings) -> None:
    """Write typed settings to the group's row: its columns and its JSON column. Keys of the
    JSON column this version does not know (written by a newer one) are kept as they were."""
    for key, value in settings.columns().items():
        setattr(group, key, value)
    known = set(GroupSettings.keys())
    kept = {k: v for k, v in (group.settings or {}).items() if k not in known}
    group.settings = {**kept, **settings.extra()}


EVENT_FIELDS = ("title", "organisers", "venue", "start_date", "end_date")


def update_event(event: Event, **fields: object) -> None:
    """Change the event's own details: title, organisers, venue, dates (赛事信息)."""
    unknown = set(fields) - set(EVENT_FIELDS)
    if unknown:
        names = ", ".join(sorted(unknown))
        raise UserError(f"未知的赛事字段：{names}", f"unknown event fields: {names}", "event")
    cleaned: dict[str, object] = {}
    for key, value in fields.items():
        if key in ("start_date", "end_date"):
            if isinstance(value, str):
                try:
                    value = dt.date.fromisoformat(value) if value.strip() else None
                except ValueError:
                    raise UserError("日期格式应为 YYYY-MM-DD", "dates must be YYYY-MM-DD",
                                    key) from None
            cleaned[key] = value
        else:
            cleaned[key] = " ".join(str(value or "").split())
    if "title" in cleaned and not cleaned["title"]:
        raise UserError("赛事名称不能为空", "the title is empty", "title")
    with event.operation("update_event", "修改赛事信息 / change event details") as session:
        tournament = Event.tournament(session)
        for key, value in cleaned.items():
            setattr(tournament, key, value)
        if tournament.start_date and tournament.end_date and (
                tournament.end_date < tournament.start_date):
            raise UserError("结束日期早于开始日期", "the end date is before the start date",
                            "end_date")


def add_group(event: Event, name: str, *, like: str | None = None, **fields: object) -> None:
    """Add a group (组别), empty or with the settings of group `like`, then `fields`."""
    name = " ".join(name.split())
    if not name:
        raise UserError("组别名称不能为空", "the group name is empty", "name")
    with event.operation("add_group", f"添加组别 {name} / add group") as session:
        tournament = Event.tournament(session)
        if any(g.name == name for g in tournament.groups):
            raise UserError(f"已有组别“{name}”", f"a group '{name}' exists already", "name")
        base = None
        if like is not None:
            base = settings_of(Event.group(session, like)).for_new_group()
        settings = GroupSettings.from_json({**fields, "name": name}, base=base)
        position = max((g.position for g in tournament.groups), default=-1) + 1
        group = Group(tournament=tournament, position=position)
        store_settings(group, settings)
        session.add(group)


def remove_group(event: Event, name: str) -> None:
    """Remove a group that has no players and no rounds yet."""
    with event.operation("remove_group", f"删除组别 {name} / remove group") as session:
        group = Event.group(session, name)
        if group.players or group.rounds_played or group.teams:
            raise UserError("该组已有棋手或轮次，不能删除",
                            "the group has players or rounds: it cannot be removed", name)
        session.delete(group)
