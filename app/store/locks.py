"""Several stations (多机录入) on one event: who changed what, and one pairing at a time.

Three helpers for `EventStore.operation()` and the services:

- `watch_versions(session, station)`: installed on an operation's session, it stamps
  `changed_by` with the station on every row the operation inserts or changes, and notes, at
  each flush, the version and the values each changed row had when it was read.
- `stale_error(session, engine, where)`: after SQLAlchemy's version check refused a flush
  (`StaleDataError`: another station changed the row since it was read), reads the rows again
  and builds the `UserError` that names the row, the fields the other station changed, their
  new values and the station. Nothing of the refused operation is written.
- `pairing_lock(session, group_id, station, expected_round=None)`: called first in a pairing
  (or playoff, or unpairing) operation. On PostgreSQL it takes a transaction-scoped advisory
  lock on the group without waiting: a second station pairing the same group at that moment
  is refused with the name of the station that holds the lock. On SQLite it takes the file's
  write lock at once, so the pairing reads and writes under one lock. With `expected_round`
  it also refuses when that round exists already (paired meanwhile by another station).
"""

from __future__ import annotations

from typing import Any
from urllib.parse import quote, unquote

from sqlalchemy import Engine, and_, event, func, inspect, select, text, update
from sqlalchemy.orm import Session

from app.errors import UserError
from app.store.models import Base, Group, Round, Versioned

# Advisory-lock namespace: the first key of the (int, int) pair (ASCII "GA").
LOCK_NAMESPACE = 0x4741

_PENDING = "gomoku_pending_versions"
_TABLE_NAMES = {
    "tournament": ("赛事", "event"),
    "group": ("组别", "group"),
    "player": ("棋手", "player"),
    "team": ("队伍", "team"),
    "round": ("轮次", "round"),
    "board": ("台次", "board"),
    "game": ("棋局", "game"),
    "playoff": ("加赛", "playoff"),
}
_QUIET = {"version", "changed_by"}


# ----- who changed what ------------------------------------------------------------------


def watch_versions(session: Session, station: str) -> None:
    """Stamp `changed_by` and note the rows read at which version, at every flush."""

    def _before_flush(flushing: Session, _context: object, _instances: object) -> None:
        pending: list[dict[str, Any]] = []
        for obj in flushing.new:
            if isinstance(obj, Versioned):
                obj.changed_by = station
        for obj in list(flushing.dirty) + list(flushing.deleted):
            if not isinstance(obj, Versioned):
                continue
            if obj in flushing.dirty and not flushing.is_modified(obj, include_collections=False):
                continue
            state = inspect(obj)
            table = state.mapper.local_table
            original: dict[str, Any] = {}
            for attribute in state.mapper.column_attrs:
                column = attribute.columns[0]
                if column.table is not table:
                    continue
                history = state.attrs[attribute.key].history
                if history.deleted:
                    original[column.name] = history.deleted[0]
                elif history.unchanged:
                    original[column.name] = history.unchanged[0]
                else:
                    original[column.name] = getattr(obj, attribute.key)
            pk = {c.name: original.get(c.name) for c in table.primary_key.columns}
            pending.append({"table": table.name, "pk": pk, "original": original})
            if obj not in flushing.deleted:
                obj.changed_by = station
        flushing.info[_PENDING] = pending

    event.listen(session, "before_flush", _before_flush)


def describe_stale(session: Session, engine: Engine) -> list[tuple[str, str]]:
    """(zh, en) lines naming each row changed since it was read: fields, values, station."""
    lines: list[tuple[str, str]] = []
    pending = session.info.get(_PENDING, [])
    with engine.connect() as connection:
        for item in pending:
            table = Base.metadata.tables[item["table"]]
            where = and_(*(table.c[name] == value for name, value in item["pk"].items()))
            row = connection.execute(select(table).where(where)).mappings().first()
            zh_table, en_table = _TABLE_NAMES.get(table.name, (table.name, table.name))
            ident = ", ".join(str(v) for v in item["pk"].values())
            name = item["original"].get("name")
            label_zh = f"{zh_table} {ident}" + (f"（{name}）" if name else "")
            label_en = f"{en_table} {ident}" + (f" ({name})" if name else "")
            if row is None:
                lines.append((f"{label_zh} 已被其他工作站删除", f"{label_en} was deleted by another"
                              " station"))
                continue
            if row["version"] == item["original"].get("version"):
                continue
            by = row["changed_by"] or "另一工作站"
            by_en = row["changed_by"] or "another station"
            fields = [
                f"{column}={row[column]!r}"
                for column, value in item["original"].items()
                if column not in _QUIET and row[column] != value
            ]
            what = "、".join(fields) if fields else "版本"
            what_en = ", ".join(fields) if fields else "version"
            lines.append((f"{label_zh} 已被 {by} 修改：{what}",
                          f"{label_en} was changed by {by_en}: {what_en}"))
    return lines


def stale_error(session: Session, engine: Engine, where: str) -> UserError:
    """The refusal of a stale edit, naming who changed what (call after the rollback)."""
    lines = describe_stale(session, engine)
    if not lines:
        lines = [("记录已被其他工作站修改", "the record was changed by another station")]
    zh = "；".join(line[0] for line in lines)
    en = "; ".join(line[1] for line in lines)
    return UserError(
        f"操作未保存，没有覆盖任何内容：{zh}。请刷新后重试",
        f"not saved, nothing overwritten: {en}. Reload and retry",
        where,
    )


def _ascii_name(station: str) -> str:
    """PostgreSQL keeps application_name in ASCII, at most 63 bytes: percent-encode it."""
    name = station
    while len(quote(name)) > 63:
        name = name[:-1]
    return quote(name)


# ----- one pairing at a time ---------------------------------------------------------------


def pairing_lock(
    session: Session, group_id: int, station: str, expected_round: int | None = None
) -> None:
    """Hold the group for this operation's transaction; refuse if another station holds it.

    Call it first in the operation, before reading the rounds. The lock ends with the
    transaction (commit or rollback), also when the station's process dies.
    """
    dialect = session.get_bind().dialect.name
    if dialect == "postgresql":
        session.execute(text("SELECT set_config('application_name', :s, true)"),
                        {"s": _ascii_name(station)})
        got = session.execute(
            text("SELECT pg_try_advisory_xact_lock(:ns, :gid)"),
            {"ns": LOCK_NAMESPACE, "gid": group_id},
        ).scalar_one()
        if not got:
            holder = session.execute(
                text(
                    "SELECT a.application_name FROM pg_locks l JOIN pg_stat_activity a"
                    " ON a.pid = l.pid WHERE l.locktype = 'advisory' AND l.granted"
                    " AND l.classid = :ns AND l.objid = :gid"
                ),
                {"ns": LOCK_NAMESPACE, "gid": group_id},
            ).scalar()
            holder = unquote(holder) if holder else None
            who = holder or "另一工作站"
            raise UserError(
                f"{who} 正在编排本组，请稍后刷新再试",
                f"{holder or 'another station'} is pairing this group now; reload and retry",
                f"组别 {group_id}",
            )
    else:
        # SQLite: a write takes the file's write lock now (waiting up to busy_timeout), so
        # what the pairing reads next cannot change under it.
        session.execute(update(Group).where(Group.id == group_id).values(id=Group.id))
    if expected_round is not None:
        existing = session.execute(
            select(Round.number, Round.changed_by).where(
                Round.group_id == group_id, Round.number >= expected_round
            ).order_by(Round.number)
        ).first()
        if existing is not None:
            who = existing.changed_by or "另一工作站"
            raise UserError(
                f"第{existing.number}轮已由 {who} 编排，请刷新",
                f"round {existing.number} was paired meanwhile by"
                f" {existing.changed_by or 'another station'}; reload",
                f"组别 {group_id}",
            )
        last = session.scalar(select(func.max(Round.number)).where(Round.group_id == group_id))
        if (last or 0) + 1 != expected_round:
            raise UserError(
                f"下一轮是第{(last or 0) + 1}轮，不是第{expected_round}轮",
                f"the next round is {(last or 0) + 1}, not {expected_round}",
                f"组别 {group_id}",
            )


__all__ = [
    "LOCK_NAMESPACE",
    "describe_stale",
    "pairing_lock",
    "stale_error",
    "watch_versions",
]
