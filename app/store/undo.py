"""Undo and redo, built once for every operation (as Anki does), kept in the event file.

While an operation runs, `ChangeRecorder` watches the session's flushes and notes every row
inserted, updated or deleted, with its values before and after. At commit the notes become
one `UndoEntry` in the same transaction, so the log is exactly as durable as the change.
Undo writes the "before" values back; redo writes the "after" values. Before either, the
rows are compared with what the entry expects: if another station changed them since, the
undo is refused rather than overwriting that change.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Date, DateTime, Table, and_, delete, event, insert, inspect, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, object_session

from app.errors import UserError
from app.store.models import Base, UndoEntry

_TABLES: dict[str, Table] = {t.name: t for t in Base.metadata.sorted_tables}
_ORDER: dict[str, int] = {t.name: i for i, t in enumerate(Base.metadata.sorted_tables)}
_UNTRACKED = {"undo_log", "meta"}


def _encode(value: Any) -> Any:
    if isinstance(value, dt.datetime | dt.date):
        return value.isoformat()
    return value


def _decode(table: Table, column: str, value: Any) -> Any:
    if value is None:
        return None
    column_type = table.c[column].type
    if isinstance(column_type, DateTime):
        return dt.datetime.fromisoformat(value)
    if isinstance(column_type, Date):
        return dt.date.fromisoformat(value)
    return value


def _row_values(obj: Any, *, before: bool) -> dict[str, Any]:
    state = inspect(obj)
    values: dict[str, Any] = {}
    for attribute in state.mapper.column_attrs:
        column = attribute.columns[0]
        if column.table is not state.mapper.local_table:
            continue
        current = getattr(obj, attribute.key)
        if before:
            history = state.attrs[attribute.key].history
            if history.deleted:
                current = history.deleted[0]
        values[column.name] = _encode(current)
    return values


def _pk(obj: Any) -> dict[str, Any]:
    state = inspect(obj)
    return {
        column.name: _encode(getattr(obj, state.mapper.get_property_by_column(column).key))
        for column in state.mapper.local_table.primary_key.columns
    }


@dataclass
class _Change:
    op: str  # 'insert' | 'update' | 'delete'
    table: str
    pk: dict[str, Any]
    old: dict[str, Any] | None
    new: dict[str, Any] | None


_RECORDER = "gomoku_change_recorder"

SNAPSHOT = "snapshot"
"""The table a `RowChange` names when a snapshot of the event was written (a file beside the
event, no row of it)."""
WHOLE_EVENT = "*"
"""The table a `RowChange` names when the whole event was put back (a snapshot restored)."""


@dataclass(frozen=True)
class RowChange:
    """One row an operation, an undo or a redo wrote, as the recorder saw it: what was done
    to it (insert, update, delete), its table, its primary key; and for an update the
    columns whose value changed. What a screen shows afresh is derived from these."""

    done: str
    table: str
    key: tuple[tuple[str, Any], ...] = ()
    columns: frozenset[str] = frozenset()

    @property
    def pk(self) -> dict[str, Any]:
        return dict(self.key)


def row_changes(changes: list[dict[str, Any]], *, direction: str = "redo"
                ) -> tuple[RowChange, ...]:
    """The rows an undo entry's changes (`ChangeRecorder.as_json`) write when done again
    (`redo`, or as the operation first wrote them) or taken back (`undo`): an insert taken
    back is a delete."""
    reverse = {"insert": "delete", "delete": "insert", "update": "update"}
    rows = []
    for change in changes:
        done = str(change.get("op", ""))
        old, new = change.get("old") or {}, change.get("new") or {}
        columns = frozenset(k for k in set(old) | set(new) if old.get(k) != new.get(k)) \
            if done == "update" else frozenset()
        rows.append(RowChange(reverse.get(done, done) if direction == "undo" else done,
                              str(change.get("table", "")),
                              tuple(sorted((change.get("pk") or {}).items())), columns))
    return tuple(rows)


class ChangeRecorder:
    """Collects the row changes of one session until `as_json()` turns them into a log row.

    The rows are noted by mapper events as the flush writes them, so rows the flush deletes
    on its own (orphans of a collection, cascades) are recorded as surely as explicit ones.
    """

    def __init__(self, session: Session) -> None:
        self.session = session
        self.changes: dict[tuple[str, str], _Change] = {}
        self._order: list[tuple[str, str]] = []
        session.info[_RECORDER] = self

    def close(self) -> None:
        self.session.info.pop(_RECORDER, None)

    def _note(self, op: str, obj: Any) -> None:
        table = inspect(obj).mapper.local_table.name
        if table in _UNTRACKED:
            return
        pk = _pk(obj)
        key = (table, repr(sorted(pk.items())))
        old = None if op == "insert" else _row_values(obj, before=True)
        new = None if op == "delete" else _row_values(obj, before=False)
        previous = self.changes.get(key)
        if previous is None:
            if op == "update" and old == new:
                return  # marked dirty without a change of any column
            self.changes[key] = _Change(op, table, pk, old, new)
            self._order.append(key)
            return
        # Several flushes touched one row: keep the first "before" and the last "after".
        if previous.op == "insert" and op == "delete":
            del self.changes[key]
            self._order.remove(key)
        elif previous.op == "insert":
            previous.new = new
        elif op == "delete":
            previous.op, previous.new = "delete", None
        elif previous.op == "delete" and op == "insert":
            previous.op, previous.new = "update", new
        else:
            previous.new = new

    def has_changes(self) -> bool:
        return bool(self.changes)

    def as_json(self) -> list[dict[str, Any]]:
        return [
            {
                "op": c.op,
                "table": c.table,
                "pk": c.pk,
                "old": c.old,
                "new": c.new,
            }
            for c in (self.changes[k] for k in self._order)
        ]


def _recorder_of(target: Any) -> ChangeRecorder | None:
    session = object_session(target)
    return None if session is None else session.info.get(_RECORDER)


@event.listens_for(Base, "after_insert", propagate=True)
def _after_insert(_mapper: Any, _connection: Any, target: Any) -> None:
    recorder = _recorder_of(target)
    if recorder is not None:
        recorder._note("insert", target)


@event.listens_for(Base, "after_update", propagate=True)
def _after_update(_mapper: Any, _connection: Any, target: Any) -> None:
    recorder = _recorder_of(target)
    if recorder is not None:
        recorder._note("update", target)


@event.listens_for(Base, "before_delete", propagate=True)
def _before_delete(_mapper: Any, _connection: Any, target: Any) -> None:
    recorder = _recorder_of(target)
    if recorder is not None:
        recorder._note("delete", target)


def _where(table: Table, pk: dict[str, Any]) -> Any:
    return and_(*(table.c[name] == _decode(table, name, value) for name, value in pk.items()))


def _decoded(table: Table, values: dict[str, Any]) -> dict[str, Any]:
    return {name: _decode(table, name, value) for name, value in values.items()}


def _differs(table: Table, current: dict[str, Any], expected: dict[str, Any]) -> list[str]:
    """Columns whose current value is not what the log expects (version columns ignored)."""
    skip = {"version", "changed_by"}
    return [
        name
        for name, value in expected.items()
        if name not in skip and _encode(current.get(name)) != value
    ]


def _conflicts(session: Session, entry: UndoEntry, have: str, want: str) -> list[str]:
    """What stands in the way of writing `want` over `have`: rows changed, deleted or
    re-created since. The rows are read locked (PostgreSQL: FOR UPDATE), so no station can
    change them between this check and the write."""
    lock = session.get_bind().dialect.name == "postgresql"
    conflicts: list[str] = []
    for change in entry.changes:
        table = _TABLES[change["table"]]
        query = select(table).where(_where(table, change["pk"]))
        row = session.execute(query.with_for_update() if lock else query).mappings().first()
        if change[have] is None:
            if row is not None and change[want] is not None:
                conflicts.append(f"{change['table']} {change['pk']}: 已存在 / exists again")
            continue
        if row is None:
            conflicts.append(f"{change['table']} {change['pk']}: 已被删除 / deleted since")
            continue
        changed = _differs(table, dict(row), change[have])
        if changed:
            by = row.get("changed_by") or "?"
            conflicts.append(
                f"{change['table']} {change['pk']} {', '.join(changed)}: "
                f"已被 {by} 修改 / changed since by {by}"
            )
    return conflicts


def apply_entry(session: Session, entry: UndoEntry, *, direction: str, station: str) -> None:
    """Write an entry's 'old' values back (direction='undo') or its 'new' ones ('redo').

    Refused (UserError, nothing written) when any row it touches is no longer as the entry
    left it: the undo log must describe every change, so undo never overwrites another's.
    """
    want, have = ("old", "new") if direction == "undo" else ("new", "old")
    changes = entry.changes
    conflicts = _conflicts(session, entry, have, want)
    if conflicts:
        raise UserError(
            "无法撤销/重做：相关记录此后又被修改：" + "; ".join(conflicts),
            "cannot undo/redo: the rows were changed since: " + "; ".join(conflicts),
            entry.description,
        )
    # Rows that must exist afterwards and don't now; rows to change; rows to remove.
    to_insert = [c for c in changes if c[have] is None and c[want] is not None]
    to_update = [c for c in changes if c[have] is not None and c[want] is not None]
    to_delete = [c for c in changes if c[have] is not None and c[want] is None]
    try:
        for change in sorted(to_insert, key=lambda c: _ORDER[c["table"]]):
            table = _TABLES[change["table"]]
            session.execute(insert(table).values(**_decoded(table, change[want])))
        for change in to_update:
            table = _TABLES[change["table"]]
            values = _decoded(table, change[want])
            if "version" in table.c:
                values["version"] = table.c.version + 1
                values["changed_by"] = station
            session.execute(update(table).where(_where(table, change["pk"])).values(**values))
        for change in sorted(to_delete, key=lambda c: -_ORDER[c["table"]]):
            table = _TABLES[change["table"]]
            session.execute(delete(table).where(_where(table, change["pk"])))
    except IntegrityError as error:
        raise UserError(
            "无法撤销/重做：与此后的修改冲突",
            f"cannot undo/redo: it clashes with a later change ({error.orig})",
            entry.description,
        ) from None
