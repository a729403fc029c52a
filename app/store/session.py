"""An open event: one engine, operations as transactions with undo, and read sessions.

`EventStore.operation(name, description)` is the only way to change an event: it yields a
session, and on leaving the block either commits everything (with its undo entry) or rolls
everything back. A stale edit (another station changed the row since it was read) is refused
with a message naming the table, the row and who changed it.
"""

from __future__ import annotations

import datetime as dt
import getpass
import socket
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from sqlalchemy import Engine, Select, delete, select, text
from sqlalchemy.exc import OperationalError
from sqlalchemy.orm import Session
from sqlalchemy.orm.exc import StaleDataError

from app.errors import UserError
from app.store.database import (
    create_event_database,
    is_read_only,
    is_url,
    open_event_database,
)
from app.store.files import file_error
from app.store.limits import check_text_lengths
from app.store.locks import stale_error, watch_versions
from app.store.models import UndoEntry
from app.store.undo import ChangeRecorder, RowChange, apply_entry, row_changes

_SNAPSHOT_FIRST = "gomoku_snapshot_first"
READING = "gomoku_reading"  # in `Session.info`: a session of `EventStore.reading()`


def default_station() -> str:
    """A name for this station (laptop) in change records: user@host."""
    try:
        user = getpass.getuser()
    except Exception:  # no login name in some service environments
        user = "user"
    return f"{user}@{socket.gethostname()}"


class EventStore:
    """An event file (or database) opened for work."""

    def __init__(self, engine: Engine, location: str | Path, station: str | None = None) -> None:
        self.engine = engine
        self.location = location
        self.station = station or default_station()
        # The rows the last undo or redo of this store changed, for the window to refresh
        # what shows them.
        self.last_step: tuple[RowChange, ...] = ()
        self._watchers: list[list[RowChange]] = []

    @classmethod
    def create(cls, location: str | Path, station: str | None = None) -> EventStore:
        return cls(create_event_database(location), location, station)

    @classmethod
    def open(cls, location: str | Path, station: str | None = None) -> EventStore:
        return cls(open_event_database(location), location, station)

    @property
    def path(self) -> Path | None:
        return None if is_url(self.location) else Path(self.location)

    @property
    def read_only(self) -> bool:
        """An event file on a read-only file, folder or medium: read, never written."""
        return self.path is not None and is_read_only(self.path)

    def _refuse_if_read_only(self, what: str) -> None:
        if self.read_only:
            raise UserError("赛事文件是只读的（read-only），不能修改；可以查看、导出到别处",
                            "the event file is read-only: it can be read and exported"
                            " elsewhere, not changed", f"{self.location}: {what}")

    def close(self) -> None:
        self.engine.dispose()

    @contextmanager
    def watching(self) -> Iterator[list[RowChange]]:
        """The rows written while the block runs (by operations, undo and redo steps,
        snapshots taken or restored through this store), as the recorder saw them, once
        each is stored; what a refused operation wrote and took back is not among them."""
        seen: list[RowChange] = []
        self._watchers.append(seen)
        try:
            yield seen
        finally:  # this watcher, not another that saw the same rows (lists compare equal)
            self._watchers[:] = [w for w in self._watchers if w is not seen]

    def saw(self, rows: tuple[RowChange, ...]) -> None:
        """Tell the watchers of rows now stored."""
        for seen in self._watchers:
            seen.extend(rows)

    @contextmanager
    def reading(self) -> Iterator[Session]:
        """A session for reading; nothing done in it is written."""
        with Session(self.engine, expire_on_commit=False) as session:
            session.info[READING] = True  # what is read from it may be kept while it lasts
            try:
                yield session
            finally:
                session.rollback()

    @contextmanager
    def operation(self, name: str, description: str = "", *,
                  undoable: bool = True) -> Iterator[Session]:
        """One user operation: all of it is stored, with its undo entry, or none of it.

        `undoable=False` stores no undo entry (creating the event itself: undo stops there).
        A full disk or a read-only file refuses the operation whole, saying so in one line.
        """
        self._refuse_if_read_only(description or name)
        with Session(self.engine, expire_on_commit=False) as session:
            recorder = ChangeRecorder(session)
            # Stamps `changed_by` on what this station writes, and remembers what it read,
            # so a stale edit can name who changed what.
            watch_versions(session, self.station)
            check_text_lengths(session)
            try:
                yield session
                session.flush()
                request = session.info.pop(_SNAPSHOT_FIRST, None)
                if request is not None and recorder.has_changes():
                    # Every check has passed: the state before this operation is snapshotted
                    # now (other connections see only what is committed), then it commits.
                    from app.store.snapshots import take_snapshot
                    take_snapshot(self, request[0], hold=request[1])
                if undoable and recorder.has_changes():
                    # A new change makes the undone operations unreachable: drop the redo stack.
                    # (this station's: each station has its own redo stack).
                    session.execute(delete(UndoEntry).where(UndoEntry.undone.is_(True),
                                                            UndoEntry.station == self.station))
                    session.add(
                        UndoEntry(
                            operation=name,
                            description=description or name,
                            station=self.station,
                            created_at=dt.datetime.now(),
                            changes=recorder.as_json(),
                        )
                    )
                session.commit()
                self.saw(row_changes(recorder.as_json()))
            except StaleDataError:
                session.rollback()
                raise stale_error(session, self.engine, description or name) from None
            except OperationalError as error:
                session.rollback()
                raise write_error(error, description or name) from None
            except BaseException:
                session.rollback()
                raise
            finally:
                recorder.close()

    @staticmethod
    def snapshot_first(session: Session, label: str, hold: str | None = None) -> None:
        """Ask, inside an operation, for a snapshot of the event as it was before it: taken
        when the operation has passed all its checks, just before it commits; a refused
        operation takes none. `hold` keeps it whatever the limit (see `take_snapshot`)."""
        session.info[_SNAPSHOT_FIRST] = (label, hold)

    # ----- undo / redo -------------------------------------------------------------------
    #
    # Undo is per station (每台工作站各自撤销): without an entry named, undo takes back this
    # station's last operation and redo brings back the one it undid last. Another station's
    # operation is taken back only when named by its entry number (see `history`).

    def history(self, limit: int = 30) -> list[LoggedOperation]:
        """The newest operations in the undo log, newest first, with whose they are."""
        with self.reading() as session:
            rows = session.scalars(select(UndoEntry).order_by(UndoEntry.id.desc()).limit(limit))
            return [_logged(entry) for entry in rows]

    def logged(self, entry_id: int) -> LoggedOperation | None:
        """Entry `entry_id` of the undo log (whose, what, whether undone), or None."""
        with self.reading() as session:
            entry = session.get(UndoEntry, entry_id)
            return _logged(entry) if entry is not None else None

    def undo_description(self) -> str | None:
        """What Ctrl+Z would undo now (this station's last operation), or None."""
        return self._next_description("undo")

    def redo_description(self) -> str | None:
        """What Ctrl+Y would redo now (this station's last undone operation), or None."""
        return self._next_description("redo")

    def undo(self, entry_id: int | None = None) -> str | None:
        """Undo this station's last operation, or the entry `entry_id` (any station's);
        returns its description, or None when this station has nothing left to undo."""
        return self._step("undo", entry_id)

    def redo(self, entry_id: int | None = None) -> str | None:
        """Redo this station's last undone operation (or entry `entry_id`); its description."""
        return self._step("redo", entry_id)

    def _next_description(self, direction: str) -> str | None:
        """The description of the entry undo (or redo) would take next: one row, one column
        (the window asks after every change; the entries' change lists are not read)."""
        query = self._next_query(direction).limit(1)
        with self.reading() as session:
            return session.scalars(query.with_only_columns(UndoEntry.description)).first()

    def _next_query(self, direction: str) -> Select[UndoEntry]:
        query = select(UndoEntry).where(UndoEntry.undone.is_(direction == "redo"),
                                        UndoEntry.station == self.station)
        return query.order_by(UndoEntry.id if direction == "redo" else UndoEntry.id.desc())

    def _step(self, direction: str, entry_id: int | None) -> str | None:
        self._refuse_if_read_only(direction)
        with Session(self.engine, expire_on_commit=False) as session:
            try:
                entry = self._claim(session, direction, entry_id)
                if entry is None:
                    session.rollback()
                    return None
                watch_versions(session, self.station)
                apply_entry(session, entry, direction=direction, station=self.station)
                entry.undone = direction == "undo"
                session.commit()
                self.last_step = row_changes(entry.changes, direction=direction)
                self.saw(self.last_step)
            except StaleDataError:
                session.rollback()
                raise stale_error(session, self.engine, direction) from None
            except OperationalError as error:
                session.rollback()
                raise write_error(error, direction) from None
            except BaseException:
                session.rollback()
                raise
            return entry.description

    def _claim(self, session: Session, direction: str, entry_id: int | None) -> UndoEntry | None:
        """The entry to undo/redo, held for this transaction: two stations stepping at once
        never both apply one entry (the second sees it already stepped)."""
        if session.get_bind().dialect.name == "sqlite":
            # The file's write lock first: nothing can change between the choice and the write.
            session.execute(text("UPDATE meta SET value = value WHERE key = 'schema_version'"))
        wanted_undone = direction == "redo"
        if entry_id is not None:
            entry = session.scalars(
                select(UndoEntry).where(UndoEntry.id == entry_id).with_for_update()).first()
            if entry is None:
                raise UserError(f"操作记录中没有第 {entry_id} 项",
                                f"no entry {entry_id} in the undo log", "undo")
            if entry.undone is not wanted_undone:
                done = "撤销" if entry.undone else "重做"
                raise UserError(
                    f"第 {entry_id} 项（{entry.station}：{entry.description}）已{done}",
                    f"entry {entry_id} ({entry.station}: {entry.description}) is already "
                    f"{'undone' if entry.undone else 'in effect'}", "undo")
            return entry
        query = self._next_query(direction).limit(1)
        for _attempt in range(5):
            # FOR UPDATE: a second station waits for the first, and then no longer finds the
            # entry the first one stepped (PostgreSQL checks the condition again).
            entry = session.scalars(query.with_for_update().execution_options(
                populate_existing=True)).first()
            if entry is not None or session.scalars(query).first() is None:
                return entry
        return None


@dataclass(frozen=True)
class LoggedOperation:
    """One entry of the undo log as the arbiter sees it: number, whose, what, when."""

    id: int
    operation: str
    description: str
    station: str
    created_at: dt.datetime
    undone: bool


def _logged(entry: UndoEntry) -> LoggedOperation:
    return LoggedOperation(entry.id, entry.operation, entry.description, entry.station,
                           entry.created_at, bool(entry.undone))


def write_error(error: OperationalError, where: str) -> UserError:
    """A write the database refused: the file locked by another station longer than we wait,
    a full disk, a read-only medium. Told in one line; nothing of the operation is stored."""
    if "locked" in str(error.orig).lower():
        return UserError("赛事文件正被其他工作站写入，请稍后重试",
                         "the event is being written by another station; retry", where)
    return file_error(error.orig if isinstance(error.orig, Exception) else error, where,
                      "未保存", "not saved")
