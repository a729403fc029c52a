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
from pathlib import Path

from sqlalchemy import Engine, delete, select
from sqlalchemy.orm import Session
from sqlalchemy.orm.exc import StaleDataError

from app.store.database import create_event_database, is_url, open_event_database
from app.store.locks import stale_error, watch_versions
from app.store.models import UndoEntry
from app.store.undo import ChangeRecorder, apply_entry


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

    @classmethod
    def create(cls, location: str | Path, station: str | None = None) -> EventStore:
        return cls(create_event_database(location), location, station)

    @classmethod
    def open(cls, location: str | Path, station: str | None = None) -> EventStore:
        return cls(open_event_database(location), location, station)

    @property
    def path(self) -> Path | None:
        return None if is_url(self.location) else Path(self.location)

    def close(self) -> None:
        self.engine.dispose()

    @contextmanager
    def reading(self) -> Iterator[Session]:
        """A session for reading; nothing done in it is written."""
        with Session(self.engine, expire_on_commit=False) as session:
            try:
                yield session
            finally:
                session.rollback()

    @contextmanager
    def operation(self, name: str, description: str = "", *,
                  undoable: bool = True) -> Iterator[Session]:
        """One user operation: all of it is stored, with its undo entry, or none of it.

        `undoable=False` stores no undo entry (creating the event itself: undo stops there).
        """
        with Session(self.engine, expire_on_commit=False) as session:
            recorder = ChangeRecorder(session)
            # Stamps `changed_by` on what this station writes, and remembers what it read,
            # so a stale edit can name who changed what.
            watch_versions(session, self.station)
            try:
                yield session
                session.flush()
                if undoable and recorder.has_changes():
                    # A new change makes the undone operations unreachable: drop the redo stack.
                    session.execute(delete(UndoEntry).where(UndoEntry.undone.is_(True)))
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
            except StaleDataError:
                session.rollback()
                raise stale_error(session, self.engine, description or name) from None
            except BaseException:
                session.rollback()
                raise
            finally:
                recorder.close()

    # ----- undo / redo -------------------------------------------------------------------

    def undo_description(self) -> str | None:
        """What Ctrl+Z would undo now, or None."""
        with self.reading() as session:
            return session.scalars(
                select(UndoEntry.description)
                .where(UndoEntry.undone.is_(False))
                .order_by(UndoEntry.id.desc())
            ).first()

    def redo_description(self) -> str | None:
        """What Ctrl+Y would redo now, or None."""
        with self.reading() as session:
            return session.scalars(
                select(UndoEntry.description)
                .where(UndoEntry.undone.is_(True))
                .order_by(UndoEntry.id)
            ).first()

    def undo(self) -> str | None:
        """Undo the last operation; returns its description, or None when nothing is left."""
        return self._step("undo")

    def redo(self) -> str | None:
        """Redo the last undone operation; returns its description, or None."""
        return self._step("redo")

    def _step(self, direction: str) -> str | None:
        with Session(self.engine, expire_on_commit=False) as session:
            query = select(UndoEntry).where(UndoEntry.undone.is_(direction == "redo"))
            order = UndoEntry.id if direction == "redo" else UndoEntry.id.desc()
            entry = session.scalars(query.order_by(order)).first()
            if entry is None:
                return None
            watch_versions(session, self.station)
            try:
                apply_entry(session, entry, direction=direction, station=self.station)
                entry.undone = direction == "undo"
                session.commit()
            except StaleDataError:
                session.rollback()
                raise stale_error(session, self.engine, entry.description) from None
            except BaseException:
                session.rollback()
                raise
            return entry.description
