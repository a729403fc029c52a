"""Opening and creating events, and the whole-event operations (undo, redo, settings).

`Event` is what the window and the command line hold while they work on an event; every
other service module takes one. Changes go through `event.store.operation(...)`, each one
transaction with its undo entry.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from app.errors import UserError
from app.group_settings import GroupSettings
from app.services.team_specs import team_specs
from app.store.models import Group, Tournament
from app.store.session import EventStore, LoggedOperation
from app.team_rankings import TeamRankingSpec


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
        from app.services.presets import load_preset  # only a new event reads a preset

        settings = load_preset(preset) if preset else None  # bad name: refused before writing
        store = EventStore.create(location, station)
        try:
            # Not undoable: undo goes back to the event as created, never to an empty file.
            with store.operation("create_event", "新建赛事 / new event",
                                 undoable=False) as session:
                if settings is None:
                    tournament = Tournament(title=title or "新赛事", settings={})
                    session.add(tournament)
                else:
                    tournament = _tournament_from_preset(settings, title)
                    session.add(tournament)
                    for position, group_settings in enumerate(settings["groups"]):
                        session.add(_group_from_settings(tournament, group_settings, position))
        except BaseException:
            # A refused `new` writes nothing: not even the empty file it had begun.
            store.close()
            if store.path is not None:
                for leftover in (store.path, *(store.path.with_name(store.path.name + end)
                                               for end in ("-wal", "-shm", "-journal"))):
                    leftover.unlink(missing_ok=True)
            raise
        return cls(store)

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


def organiser_roles(settings: dict[str, Any]) -> list[tuple[str, tuple[str, ...]]]:
    """The organiser roles after 主办单位 (冠名单位, 资助单位, 承办单位, 协办单位 ...) with their
    bodies, in the regulation's order, from a preset's or an event's settings
    (`"organiser_roles": [["承办单位", ["绍兴市体育局", ...]], ...]`)."""
    found = []
    for entry in settings.get("organiser_roles") or []:
        if not isinstance(entry, (list, tuple)) or len(entry) != 2:
            continue
        role, names = entry
        bodies = tuple(str(n).strip() for n in (names or []) if str(n).strip())
        if str(role).strip() and bodies:
            found.append((str(role).strip(), bodies))
    return found


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
            "team_rankings": [TeamRankingSpec.from_json(spec).to_json()
                              for spec in settings.get("team_rankings", [])],
            "regulation": settings.get("regulation", ""),
            "description": settings.get("description", ""),
            "officials": Officials.from_json(settings.get("officials")).to_json(),
            "organiser_roles": [[role, list(names)] for role, names in
                                organiser_roles(settings)],
            "schedule": [ScheduleEntry.from_json(e).to_json()
                         for e in settings.get("schedule", [])],
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
    """Remove a group that has no players and no rounds yet, and that no team ranking is
    worked out from (its standings would name a group that is gone)."""
    with event.operation("remove_group", f"删除组别 {name} / remove group") as session:
        group = Event.group(session, name)
        if group.players or group.rounds_played or group.teams:
            raise UserError("该组已有棋手或轮次，不能删除",
                            "the group has players or rounds: it cannot be removed", name)
        using = [spec.name for spec in team_specs(group.tournament) if name in spec.groups]
        if using:
            raise UserError(
                f"团体名次“{'、'.join(using)}”按本组计算，不能删除本组",
                f"the team ranking {', '.join(using)} is worked out from this group: it "
                "cannot be removed", name)
        session.delete(group)


# ----- officials and schedule (裁判人员、竞赛日程) ---------------------------------------


@dataclass(frozen=True)
class Officials:
    """The event's officials as printed in the 秩序册 and on every signed sheet.

    The regulations name who appoints them, not the people: qiwang 2022 十六 "裁判长、
    副裁判长、编排长等主要裁判由中国棋院选派"; 2016 十一(二)(三) and huazhi 2021 八(二)(三) the
    arbitration committee (仲裁委员会) named by the organiser. `appointed_by` keeps that text.
    """

    chief_arbiter: str = ""  # 裁判长
    deputy_chief_arbiters: tuple[str, ...] = ()  # 副裁判长
    chief_pairing_officer: str = ""  # 编排长
    appeals_committee: tuple[str, ...] = ()  # 仲裁委员会（主任在前）
    appointed_by: str = ""  # as the regulation states it

    def to_json(self) -> dict[str, Any]:
        return {"chief_arbiter": self.chief_arbiter,
                "deputy_chief_arbiters": list(self.deputy_chief_arbiters),
                "chief_pairing_officer": self.chief_pairing_officer,
                "appeals_committee": list(self.appeals_committee),
                "appointed_by": self.appointed_by}

    @classmethod
    def from_json(cls, data: dict[str, Any] | None) -> Officials:
        data = data or {}
        return cls(str(data.get("chief_arbiter", "")),
                   tuple(str(x) for x in data.get("deputy_chief_arbiters", ())),
                   str(data.get("chief_pairing_officer", "")),
                   tuple(str(x) for x in data.get("appeals_committee", ())),
                   str(data.get("appointed_by", "")))


@dataclass(frozen=True)
class ScheduleEntry:
    """One line of the schedule (竞赛日程): a round of a group (group "" = every group) or,
    with round 0, another item such as 报到 or 闭幕式 named by `label`."""

    round: int
    day: dt.date | None = None
    time: str = ""  # 09:00
    room: str = ""  # 比赛室 / 赛场
    group: str = ""
    label: str = ""

    def to_json(self) -> dict[str, Any]:
        return {"round": self.round, "day": self.day.isoformat() if self.day else "",
                "time": self.time, "room": self.room, "group": self.group, "label": self.label}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> ScheduleEntry:
        return cls(int(data.get("round", 0)), _date(data.get("day") or None),
                   str(data.get("time", "")), str(data.get("room", "")),
                   str(data.get("group", "")), str(data.get("label", "")))

    @property
    def key(self) -> tuple[str, int, str]:
        return (self.group, self.round, self.label)


def schedule_from_settings(settings: dict[str, Any]) -> tuple[ScheduleEntry, ...]:
    """The stored schedule in date, time, round order."""
    entries = [ScheduleEntry.from_json(e) for e in settings.get("schedule", [])]

    def when(entry: ScheduleEntry) -> str:
        # An item without a time closes its day (离会, 闭幕式), except 报到, which opens it.
        if entry.time or "报到" in entry.label:
            return entry.time
        return "24:00"

    return tuple(sorted(entries, key=lambda e: (e.day or dt.date.max, when(e), e.round,
                                                e.group, e.label)))


def round_time(entries: tuple[ScheduleEntry, ...], group: str, number: int
               ) -> ScheduleEntry | None:
    """When and where round `number` of `group` is played: its own line, else the line for
    every group."""
    for wanted in (group, ""):
        for entry in entries:
            if entry.round == number and entry.group == wanted:
                return entry
    return None


def officials(event: Event) -> Officials:
    with event.reading() as session:
        return Officials.from_json(Event.tournament(session).settings.get("officials"))


def schedule(event: Event) -> tuple[ScheduleEntry, ...]:
    with event.reading() as session:
        return schedule_from_settings(Event.tournament(session).settings)


def _names(value: object) -> tuple[str, ...]:
    if isinstance(value, str):
        parts = value.replace("，", "、").replace(",", "、").split("、")
    else:
        parts = [str(x) for x in value or ()]  # type: ignore[attr-defined]
    return tuple(" ".join(p.split()) for p in parts if p.strip())


def set_officials(event: Event, **fields: object) -> Officials:
    """Change the officials (裁判长、副裁判长、编排长、仲裁); lists may be given as text
    separated by 、 or commas. Fields not given stay as they are."""
    known = set(Officials.__dataclass_fields__)
    unknown = set(fields) - known
    if unknown:
        names = ", ".join(sorted(unknown))
        raise UserError(f"未知的裁判人员字段：{names}", f"unknown officials fields: {names}",
                        "officials")
    cleaned: dict[str, Any] = {}
    for key, value in fields.items():
        if key in ("deputy_chief_arbiters", "appeals_committee"):
            cleaned[key] = _names(value)
        else:
            cleaned[key] = " ".join(str(value or "").split())
    with event.operation("set_officials", "修改裁判人员 / change officials") as session:
        tournament = Event.tournament(session)
        current = Officials.from_json(tournament.settings.get("officials"))
        changed = replace(current, **cleaned)
        tournament.settings = {**tournament.settings, "officials": changed.to_json()}
    return changed


def _checked_time(text: str) -> str:
    text = text.strip().replace("：", ":")
    if not text:
        return ""
    hours, sep, minutes = text.partition(":")
    if not (sep and hours.isdigit() and minutes.isdigit() and int(hours) < 24
            and int(minutes) < 60 and len(minutes) == 2):
        raise UserError(f"时间“{text}”应写作 时:分，如 09:00", f"time {text!r}: write HH:MM",
                        "time")
    return f"{int(hours):02d}:{minutes}"


def set_schedule_entry(event: Event, round_number: int, day: dt.date | str | None = None,
                       time: str = "", room: str = "", *, group: str = "", label: str = "",
                       remove: bool = False) -> tuple[ScheduleEntry, ...]:
    """Set (or with `remove`, delete) one line of the schedule: round `round_number` of
    `group` (every group when empty), or a non-round item (round 0) named by `label`."""
    if isinstance(day, str):
        try:
            day = dt.date.fromisoformat(day.strip()) if day.strip() else None
        except ValueError:
            raise UserError(f"日期“{day}”应写作 YYYY-MM-DD", f"date {day!r}: write YYYY-MM-DD",
                            "date") from None
    if round_number < 0 or (round_number == 0 and not label.strip()):
        raise UserError("请给出轮次，或日程项目名称（如 报到）",
                        "give a round number or the item's name (e.g. 报到)", "round")
    entry = ScheduleEntry(round_number, day, _checked_time(time), " ".join(room.split()),
                          group.strip(), "" if round_number else " ".join(label.split()))
    with event.operation("set_schedule", "修改竞赛日程 / change the schedule") as session:
        tournament = Event.tournament(session)
        if entry.group:
            found = Event.group(session, entry.group)  # an unknown group is refused
            if round_number > found.rounds:
                raise UserError(f"{found.name} 只有 {found.rounds} 轮",
                                f"{found.name} has {found.rounds} rounds", "round")
        entries = [e for e in schedule_from_settings(tournament.settings) if e.key != entry.key]
        if not remove:
            entries.append(entry)
        tournament.settings = {**tournament.settings,
                               "schedule": [e.to_json() for e in entries]}
        return schedule_from_settings(tournament.settings)
