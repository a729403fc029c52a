"""Snapshots (快照): a full copy of the event before each pairing, playoff and export.

A snapshot is itself an event file (SQLite), so it can be opened, listed and restored. For a
SQLite event it is made with SQLite's online backup API (consistent even while the file is
in use, WAL included); for an event on a PostgreSQL server every table is read in one
repeatable-read transaction through SQLAlchemy and written into a new SQLite file.

Where they live: beside a SQLite event file, in the folder `<file>.snapshots/`; for a server
event, in the folder named by `GOMOKU_ARBITER_SNAPSHOTS` (or `~/.local/share/gomoku-arbiter/
snapshots`), one sub-folder per database. Each file is written under a temporary name and
renamed when complete, so a crash never leaves a half snapshot in the list. The newest N are
kept (`keep`, or the event setting `snapshot_keep`, default 20); older ones are removed, except
the newest snapshot of each moment held (before round 1, before each round's pairing: see
`take_snapshot`). A snapshot whose rows are those of one kept already is not stored twice.
Stations sharing the folder prune, and add a moment to a kept snapshot, one at a time (the
folder's lock file), so a moment held is never pruned away.

An operation that needs a snapshot first asks for it inside its transaction
(`EventStore.snapshot_first`): it is taken only once the operation has passed every check, just
before the commit, so a refused operation takes none.

Restoring first takes a snapshot of the current state ("before restore"), so a restore can
itself be taken back by restoring that one.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import os
import re
import sqlite3
from collections.abc import Iterator
from contextlib import closing, contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from sqlalchemy import Engine, Table, create_engine, delete, insert, select, text
from sqlalchemy.engine import make_url
from sqlalchemy.pool import NullPool

from app.errors import UserError
from app.store.database import (
    APPLICATION_ID,
    SCHEMA_VERSION,
    file_uri,
    open_event_database,
    sqlite_file_engine,
)
from app.store.files import file_error
from app.store.models import Base, Tournament
from app.store.undo import SNAPSHOT, WHOLE_EVENT, RowChange

if TYPE_CHECKING:  # only a type here: the store takes its snapshots through this module
    from app.store.session import EventStore

DEFAULT_KEEP = 20
ENVIRONMENT_FOLDER = "GOMOKU_ARBITER_SNAPSHOTS"
_SUFFIX = ".snapshot.sqlite"
_NAME = re.compile(r"^(\d{4,})-\d{8}T\d{6}" + re.escape(_SUFFIX) + "$")
# Keys the snapshot adds to its own `meta` table (removed again when it is restored).
_META_LABEL = "snapshot_label"
_META_TAKEN = "snapshot_taken_at"
_META_STATION = "snapshot_station"
_META_SOURCE = "snapshot_source"
_META_DIGEST = "snapshot_digest"  # of the event's rows: identical snapshots are kept once
_META_HOLDS = "snapshot_holds"  # JSON list: the moments it stands for ("before pairing ...")
# An empty SQLite file whose write lock stations take to prune, or to make a kept snapshot
# hold one more moment: no pruning can remove a snapshot between another station's adding
# its moment and that station's finding the file still there (SQLite: its locks work on
# every system the program runs on, and they go with a process that dies).
_FOLDER_LOCK = ".folder.lock"
_LOCK_WAIT_SECONDS = 10
_SNAPSHOT_KEYS = (_META_LABEL, _META_TAKEN, _META_STATION, _META_SOURCE, _META_DIGEST,
                  _META_HOLDS)


@dataclass(frozen=True)
class SnapshotInfo:
    """One snapshot in the list: its number, why it was taken, when, by which station."""

    id: int
    label: str
    taken_at: dt.datetime
    station: str
    path: Path
    size: int
    holds: tuple[str, ...] = ()  # the moments it is kept for ("pairing <group> <round>")


# ----- where snapshots live -------------------------------------------------------------


def snapshot_folder(store: EventStore) -> Path:
    """The folder holding the snapshots of this event (not created here)."""
    if store.path is not None:
        return store.path.with_name(store.path.name + ".snapshots")
    root = os.environ.get(ENVIRONMENT_FOLDER)
    base = Path(root) if root else Path.home() / ".local" / "share" / "gomoku-arbiter" / "snapshots"
    url = make_url(str(store.location))
    readable = re.sub(r"[^A-Za-z0-9_.-]+", "_", f"{url.host or 'local'}_{url.port or ''}_"
                      f"{url.database or ''}").strip("_")
    digest = hashlib.sha1(
        f"{url.drivername}|{url.host}|{url.port}|{url.database}".encode()
    ).hexdigest()[:8]
    return base / f"{readable}-{digest}"


def _snapshot_files(folder: Path) -> Iterator[tuple[int, Path]]:
    if not folder.is_dir():
        return
    for path in folder.iterdir():
        match = _NAME.match(path.name)
        if match:
            yield int(match.group(1)), path


# ----- taking ----------------------------------------------------------------------------


def take_snapshot(
    store: EventStore, label: str, keep: int | None = None, protect: int | None = None,
    hold: str | None = None,
) -> SnapshotInfo:
    """Copy the whole event into a new snapshot and prune the oldest beyond `keep`.

    `label` says why (e.g. "第3轮编排前 / before pairing round 3"). With `keep` None, the
    event setting `snapshot_keep` (tournament settings) applies, else `DEFAULT_KEEP`.
    The snapshot numbered `protect` (the one about to be restored) is never pruned.

    `hold` names a moment whose snapshot is always kept, whatever `keep` says: the newest
    snapshot holding "pairing <group> <round>" survives pruning, so the state before round 1
    and before each round's pairing can always be restored. A snapshot identical to one
    kept already (same rows) is not stored again: that one is returned, holding `hold` too.
    """
    folder = snapshot_folder(store)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise file_error(error, str(folder), "无法创建快照文件夹", "cannot create the snapshot "
                         "folder") from None
    keep = _keep_setting(store) if keep is None else keep
    if keep < 1:
        raise UserError("保留快照数至少为1", "snapshots to keep must be at least 1", "keep")
    try:
        number, partial = _claim_number(folder)
    except OSError as error:
        raise file_error(error, str(folder), "无法写入快照", "cannot write the snapshot") from None
    taken_at = dt.datetime.now().replace(microsecond=0)
    final = folder / f"{number:04d}-{taken_at:%Y%m%dT%H%M%S}{_SUFFIX}"
    try:
        if store.path is not None:
            _copy_sqlite(store.path, partial)
        else:
            _dump_to_sqlite(store.engine, partial)
        digest = _digest(partial)
        same = _identical(folder, digest)
        if same is not None and (hold is None or _add_hold_locked(folder, same.path, hold,
                                                                  label)):
            if hold is not None:
                same = _info(same.id, same.path)
            _prune(folder, keep, protect)
            store.saw((RowChange("insert", SNAPSHOT),))  # the list of snapshots changed
            return same
        _label_copy(partial, label, taken_at, store.station, str(store.location), digest, hold)
        _fsync(partial)
        os.replace(partial, final)
        _fsync_folder(folder)
    except (OSError, sqlite3.OperationalError) as error:
        raise file_error(error, str(folder), "无法写入快照", "cannot write the snapshot") from None
    finally:
        _remove_quietly(partial)
    _prune(folder, keep, protect)
    store.saw((RowChange("insert", SNAPSHOT),))
    return _info(number, final)


def _digest(path: Path) -> str:
    """A digest of every row of the copy (not of the pages: two copies of one state match)."""
    hasher = hashlib.sha256()
    with closing(sqlite3.connect(file_uri(path), uri=True)) as connection:
        tables = sorted(row[0] for row in connection.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"))
        for table in tables:
            rows = connection.execute(f'SELECT * FROM "{table}"').fetchall()
            if table == "meta":
                rows = [r for r in rows if not str(r[0]).startswith("snapshot_")]
            hasher.update(table.encode())
            for line in sorted(repr(tuple(row)) for row in rows):
                hasher.update(line.encode())
    return hasher.hexdigest()


def _identical(folder: Path, digest: str) -> SnapshotInfo | None:
    for number, path in sorted(_snapshot_files(folder), reverse=True):
        try:
            if _read_meta(path).get(_META_DIGEST) == digest:
                return _info(number, path)
        except (UserError, OSError):
            continue
    return None


def _holds(meta: dict[str, str]) -> list[str]:
    try:
        value = json.loads(meta.get(_META_HOLDS, "[]"))
    except ValueError:
        return []
    return [str(v) for v in value] if isinstance(value, list) else []


@contextmanager
def _folder_locked(folder: Path) -> Iterator[None]:
    """The folder's lock held (waiting up to `_LOCK_WAIT_SECONDS` for another station's);
    sqlite3.OperationalError when it stays taken."""
    with closing(sqlite3.connect(folder / _FOLDER_LOCK, timeout=_LOCK_WAIT_SECONDS,
                                 isolation_level=None)) as connection:
        connection.execute("BEGIN EXCLUSIVE")
        try:
            yield
        finally:
            connection.execute("ROLLBACK")


def _add_hold_locked(folder: Path, path: Path, hold: str, label: str) -> bool:
    """`_add_hold` under the folder's lock; False (the caller stores its own copy) when the
    lock cannot be had."""
    try:
        with _folder_locked(folder):
            return _add_hold(path, hold, label)
    except sqlite3.OperationalError:
        return False


def _add_hold(path: Path, hold: str, label: str) -> bool:
    """The kept snapshot stands for one more moment too: held, and its label says so.

    False if the file is gone (pruned by another station meanwhile): the caller stores its
    own copy then, and nothing is made in the old one's place. The holds are read and
    written back under the file's write lock, so two stations adding theirs at once both
    keep them.
    """
    try:
        connection = sqlite3.connect(file_uri(path, "rw"), uri=True, timeout=10,
                                     isolation_level=None)
    except sqlite3.OperationalError:
        return False
    with closing(connection):
        connection.execute("BEGIN IMMEDIATE")
        try:
            meta = dict(connection.execute("SELECT key, value FROM meta").fetchall())
            holds = _holds(meta)
            if hold not in holds:
                old_label = meta.get(_META_LABEL, "")
                both = label if not old_label or label in old_label else f"{old_label}；{label}"
                connection.executemany(
                    "INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)",
                    [(_META_HOLDS, json.dumps([*holds, hold], ensure_ascii=False)),
                     (_META_LABEL, both)])
            connection.execute("COMMIT")
        except BaseException:
            connection.execute("ROLLBACK")
            raise
    return path.exists()


def _claim_number(folder: Path) -> tuple[int, Path]:
    """The next snapshot number, claimed by creating its partial file exclusively.

    Two stations snapshotting into one folder at once get different numbers: a claim only
    stands if no finished snapshot has that number or a higher one (a finished one replaced
    its partial file atomically, so once a claim succeeds, an earlier taker's file is
    visible). Higher ones count too because numbers say which snapshot is newest: a number
    given back (its state was kept already) is not taken once a later one is finished.
    """
    number = max((n for n, _ in _snapshot_files(folder)), default=0) + 1
    while True:
        partial = folder / f".{number:04d}{_SUFFIX}.partial"
        try:
            os.close(os.open(partial, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o644))
        except FileExistsError:
            number += 1
            continue
        finished = max((n for n, _ in _snapshot_files(folder)), default=0)
        if finished >= number:
            _remove_quietly(partial)
            number = finished + 1
            continue
        return number, partial


def _keep_setting(store: EventStore) -> int:
    with store.reading() as session:
        tournament = session.scalars(select(Tournament)).first()
        value = (tournament.settings or {}).get("snapshot_keep") if tournament else None
    return int(value) if isinstance(value, int) and value > 0 else DEFAULT_KEEP


def _copy_sqlite(source: Path, target: Path) -> None:
    with closing(sqlite3.connect(source)) as src, closing(sqlite3.connect(target)) as dst:
        src.backup(dst)
        # A snapshot is a plain single file: no WAL beside it.
        dst.execute("PRAGMA journal_mode=DELETE")


def _dump_to_sqlite(engine: Engine, target: Path) -> None:
    """Every table of a server event, read in one consistent transaction, into SQLite."""
    sqlite_engine = sqlite_file_engine(target)
    try:
        with sqlite_engine.begin() as out:
            Base.metadata.create_all(out)
        with engine.connect() as source:
            if engine.dialect.name == "postgresql":
                source.execute(text("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY"))
            with sqlite_engine.begin() as out:
                for table in Base.metadata.sorted_tables:
                    _copy_table(source, out, table)
            source.rollback()
    finally:
        sqlite_engine.dispose()


def _copy_table(source: Any, target: Any, table: Table) -> None:
    order = list(table.primary_key.columns)
    batch: list[dict[str, Any]] = []
    for row in source.execute(select(table).order_by(*order)).mappings():
        batch.append(dict(row))
        if len(batch) >= 1000:
            target.execute(insert(table), batch)
            batch = []
    if batch:
        target.execute(insert(table), batch)


def _label_copy(path: Path, label: str, taken_at: dt.datetime, station: str, source: str,
                digest: str, hold: str | None) -> None:
    with closing(sqlite3.connect(path)) as connection, connection:
        connection.executemany(
            "INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)",
            [
                (_META_LABEL, label),
                (_META_TAKEN, taken_at.isoformat()),
                (_META_STATION, station),
                (_META_SOURCE, source),
                (_META_DIGEST, digest),
                (_META_HOLDS, json.dumps([hold] if hold else [], ensure_ascii=False)),
            ],
        )


def _prune(folder: Path, keep: int, protect: int | None = None) -> None:
    """Remove the oldest loose snapshots beyond `keep`, under the folder's lock (see
    `_FOLDER_LOCK`). Another station holding the lock too long: nothing is pruned this
    time; the next snapshot prunes."""
    try:
        with _folder_locked(folder):
            _prune_unlocked(folder, keep, protect)
    except sqlite3.OperationalError:
        return


def _prune_unlocked(folder: Path, keep: int, protect: int | None) -> None:
    # Partial files left by a station that crashed while taking a snapshot.
    stale = dt.datetime.now().timestamp() - 3600
    for path in folder.glob(f".*{_SUFFIX}.partial"):
        try:
            if path.stat().st_mtime < stale:
                _remove_quietly(path)
        except OSError:
            continue
    files = sorted(_snapshot_files(folder))
    held = _held(files)
    loose = [(n, p) for n, p in files if n not in held and n != protect]
    for _number, path in loose[:max(0, len(loose) - keep)]:
        _remove_quietly(path)


def _held(files: list[tuple[int, Path]]) -> set[int]:
    """The snapshots kept whatever the limit: the newest one for each moment held."""
    newest: dict[str, int] = {}
    for number, path in files:
        try:
            holds = _holds(_read_meta(path))
        except (UserError, OSError):
            continue
        for hold in holds:
            newest[hold] = max(number, newest.get(hold, 0))
    return set(newest.values())


# ----- listing -----------------------------------------------------------------------------


def list_snapshots(store: EventStore) -> list[SnapshotInfo]:
    """The snapshots of this event, oldest first (damaged ones are left out)."""
    infos = []
    for number, path in sorted(_snapshot_files(snapshot_folder(store))):
        try:
            infos.append(_info(number, path))
        except (UserError, OSError):  # damaged, or pruned by another station meanwhile
            continue
    return infos


def _read_meta(path: Path) -> dict[str, str]:
    try:
        with closing(sqlite3.connect(file_uri(path), uri=True)) as connection:
            return dict(connection.execute("SELECT key, value FROM meta").fetchall())
    except sqlite3.DatabaseError:
        raise UserError("快照文件已损坏", "the snapshot file is damaged", str(path)) from None


def _info(number: int, path: Path) -> SnapshotInfo:
    meta = _read_meta(path)
    if meta.get("application") != APPLICATION_ID:
        raise UserError("不是快照文件", "not a snapshot file", str(path))
    try:
        taken_at = dt.datetime.fromisoformat(meta.get(_META_TAKEN, ""))
    except ValueError:
        taken_at = dt.datetime.fromtimestamp(path.stat().st_mtime).replace(microsecond=0)
    return SnapshotInfo(
        id=number,
        label=meta.get(_META_LABEL, ""),
        taken_at=taken_at,
        station=meta.get(_META_STATION, ""),
        path=path,
        size=path.stat().st_size,
        holds=tuple(_holds(meta)),
    )


def find_snapshot(store: EventStore, snapshot_id: int) -> SnapshotInfo:
    """The snapshot numbered `snapshot_id`, or a UserError naming the numbers there are."""
    snapshots = list_snapshots(store)
    for info in snapshots:
        if info.id == snapshot_id:
            return info
    there = ", ".join(str(s.id) for s in snapshots) or "-"
    raise UserError(
        f"没有编号为 {snapshot_id} 的快照（现有：{there}）",
        f"no snapshot {snapshot_id} (there are: {there})",
        "--restore",
    )


# ----- restoring ---------------------------------------------------------------------------


def restore_snapshot(store: EventStore, snapshot_id: int) -> SnapshotInfo:
    """Put the event back as it was in snapshot `snapshot_id`; returns the snapshot taken of
    the state just before, so that the restore can be taken back too.

    The snapshot is checked (an event file of a schema this program knows) before anything
    is written. The undo log comes back with the snapshot: undo goes on from there.
    """
    info = find_snapshot(store, snapshot_id)
    version = _snapshot_schema(info.path)
    if version > SCHEMA_VERSION:
        raise UserError(
            f"快照由较新版本的程序写入（结构版本 {version}）",
            f"the snapshot was written by a newer program (schema {version})",
            str(info.path),
        )
    before = take_snapshot(
        store, f"恢复快照 {snapshot_id} 之前 / before restoring snapshot {snapshot_id}",
        protect=snapshot_id,
    )
    if store.path is not None:
        _restore_sqlite(store, info.path)
    else:
        _restore_server(store.engine, info.path)
    if version < SCHEMA_VERSION:
        # An older snapshot: upgraded as any older event file is, after a backup copy.
        open_event_database(store.location).dispose()
    store.saw((RowChange("replace", WHOLE_EVENT),))
    return before


def _snapshot_schema(path: Path) -> int:
    """The snapshot's schema version, after SQLite's own check of every page (a damaged
    snapshot must never be copied over the event)."""
    damaged = UserError("快照文件已损坏，未恢复", "the snapshot file is damaged; not restored",
                        str(path))
    meta = _read_meta(path)
    try:
        with closing(sqlite3.connect(file_uri(path), uri=True)) as connection:
            problems = [row[0] for row in connection.execute("PRAGMA quick_check")]
    except sqlite3.DatabaseError:
        raise damaged from None
    if problems != ["ok"]:
        raise damaged
    try:
        return int(meta["schema_version"])
    except (KeyError, ValueError):
        raise damaged from None


def _restore_sqlite(store: EventStore, snapshot: Path) -> None:
    assert store.path is not None
    store.engine.dispose()  # no pooled connection of ours may hold the file meanwhile
    with closing(sqlite3.connect(file_uri(snapshot), uri=True)) as src, \
            closing(sqlite3.connect(store.path, timeout=10)) as dst:
        dst.execute("PRAGMA journal_mode=WAL")
        src.backup(dst)
        with dst:
            dst.execute("PRAGMA journal_mode=WAL")
            dst.executemany("DELETE FROM meta WHERE key = ?", [(k,) for k in _SNAPSHOT_KEYS])


def _restore_server(engine: Engine, snapshot: Path) -> None:
    """Replace every row of the server event by the snapshot's, in one transaction."""
    uri = file_uri(snapshot)
    source_engine = create_engine("sqlite://", poolclass=NullPool, creator=lambda: sqlite3.connect(
        uri, uri=True, check_same_thread=False))
    tables = Base.metadata.sorted_tables
    try:
        with source_engine.connect() as source, engine.begin() as target:
            if engine.dialect.name == "postgresql":
                names = ", ".join(f'"{t.name}"' for t in tables)
                target.execute(text(f"LOCK TABLE {names} IN EXCLUSIVE MODE"))
            for table in reversed(tables):
                target.execute(delete(table))
            for table in tables:
                _copy_table(source, target, table)
            target.execute(delete(Base.metadata.tables["meta"]).where(
                Base.metadata.tables["meta"].c.key.in_(_SNAPSHOT_KEYS)))
            if engine.dialect.name == "postgresql":
                _reset_sequences(target, tables)
    finally:
        source_engine.dispose()


def _reset_sequences(connection: Any, tables: list[Table]) -> None:
    """After rows are put back with their ids, new ids must continue after the largest."""
    for table in tables:
        if "id" not in table.c or not table.c.id.primary_key:
            continue
        connection.execute(
            text(
                f"SELECT setval(pg_get_serial_sequence('\"{table.name}\"', 'id'),"
                f" COALESCE((SELECT MAX(id) FROM \"{table.name}\"), 0) + 1, false)"
            )
        )


# ----- small file helpers ------------------------------------------------------------------


def _fsync(path: Path) -> None:
    with path.open("rb") as handle:
        os.fsync(handle.fileno())


def _fsync_folder(folder: Path) -> None:
    try:
        descriptor = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(descriptor)
    finally:
        os.close(descriptor)


def _remove_quietly(path: Path) -> None:
    for suffix in ("", "-journal", "-wal", "-shm"):
        try:
            Path(str(path) + suffix).unlink()
        except FileNotFoundError:
            pass


__all__ = [
    "DEFAULT_KEEP",
    "SnapshotInfo",
    "file_error",
    "find_snapshot",
    "list_snapshots",
    "restore_snapshot",
    "snapshot_folder",
    "take_snapshot",
]
