"""Opening and creating event files: SQLite (WAL, foreign keys on) or a PostgreSQL URL.

An event file carries its schema version in the `meta` table. A file written by a newer
program is refused; an older one is upgraded in place after a backup copy is made beside it.
A file that is not an event file (or is damaged) is refused with a clear message.
"""

from __future__ import annotations

import errno
import os
import shutil
import sqlite3
from collections.abc import Callable, Iterator
from contextlib import closing, contextmanager
from pathlib import Path

from sqlalchemy import (
    URL,
    Connection,
    Engine,
    create_engine,
    event,
    insert,
    inspect,
    select,
    text,
)
from sqlalchemy.exc import DatabaseError, OperationalError, SQLAlchemyError

from app.errors import UserError
from app.store.files import EVENT_SUFFIXES, check_name_fits, file_error
from app.store.models import Base, Meta

SCHEMA_VERSION = 1
APPLICATION_ID = "gomoku-arbiter"

# Upgrades from version k to k+1, applied in order to older files. Each takes a connection
# inside the upgrade transaction. Version 1 is the first schema: nothing to upgrade yet.
UPGRADES: dict[int, Callable[[Connection], None]] = {}


def is_url(location: str | Path) -> bool:
    """True when `location` names a database server rather than a file."""
    return "://" in str(location)


def _server_error(location: str | Path, error: Exception) -> UserError:
    detail = " ".join(str(getattr(error, "orig", None) or error).split())[:200]
    return UserError(
        f"无法连接数据库服务器或地址有误（{detail}）",
        f"cannot reach the database server, or the address is wrong ({detail})",
        str(location),
    )


def sqlite_file_engine(path: Path) -> Engine:
    """An engine on the SQLite file at `path`, whatever characters its name holds: written
    into a `sqlite:///` URL, a `?` would start the URL's query (`new 0?` made a file `0`)."""
    return create_engine(URL.create("sqlite", database=str(path)))


def engine_for(location: str | Path, *, read_only: bool = False) -> Engine:
    """An engine for an event file path or a database URL, with the pragmas we rely on."""
    if is_url(location):
        if not str(location).startswith("postgresql"):
            # Only a PostgreSQL server is a station database; anything else would quietly
            # create a file somewhere (sqlite:///x) or load an unknown driver.
            raise UserError(
                "只支持 PostgreSQL 服务器地址（postgresql+psycopg://...），或直接给出赛事文件路径",
                "only PostgreSQL addresses (postgresql+psycopg://...) or an event file path",
                str(location),
            )
        try:
            engine = create_engine(str(location), pool_pre_ping=True)
            # Connect now, so a wrong address or a server that is down is told at once.
            engine.connect().close()
        except (SQLAlchemyError, ValueError, ImportError) as error:
            raise _server_error(location, error) from None
        return engine
    path = Path(location)
    if read_only:
        # A read-only file or medium: opened for reading; every write is refused with
        # "read-only". Without a WAL beside it the file is complete and read as it is.
        uri = _read_only_uri(path)
        engine = create_engine("sqlite://", creator=lambda: sqlite3.connect(
            uri, uri=True, check_same_thread=False))
        return engine
    engine = sqlite_file_engine(path)

    @event.listens_for(engine, "connect")
    def _pragmas(dbapi_connection: sqlite3.Connection, _record: object) -> None:
        cursor = dbapi_connection.cursor()
        # WAL keeps readers and the writer apart and survives a killed process; FULL sync
        # makes every committed result durable across a power cut too.
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA synchronous=FULL")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute("PRAGMA busy_timeout=10000")
        cursor.close()

    return engine


def _not_an_event_file(location: str | Path, detail: str) -> UserError:
    return UserError(
        f"不是赛事文件，或文件已损坏（{detail}）",
        f"not an event file, or the file is damaged ({detail})",
        str(location),
    )


def create_event_database(location: str | Path) -> Engine:
    """Create a new, empty event database and return its engine."""
    if not is_url(location):
        path = Path(location)
        check_name_fits(path, EVENT_SUFFIXES)
        if path.is_dir():
            raise UserError("这是一个文件夹，不是赛事文件", "it is a folder, not an event file",
                            str(path))
        if path.exists():
            raise UserError("文件已存在，不会覆盖", "file exists already; not overwritten", str(path))
        if not path.parent.exists():
            raise UserError("文件夹不存在", "folder does not exist", str(path.parent))
        if not os.access(path.parent, os.W_OK):
            raise UserError("文件夹是只读的（read-only），无法新建赛事文件",
                            "the folder is read-only: no event file can be created there",
                            str(path.parent))
    engine = engine_for(location)
    with _told(location, "无法新建赛事文件", "cannot create the event file"), \
            engine.begin() as connection:
        _begin_ddl(connection)
        if is_url(location) and inspect(connection).has_table("meta"):
            raise UserError(
                "该数据库已有赛事，不会覆盖",
                "the database holds an event already; not overwritten",
                str(location),
            )
        others = inspect(connection).get_table_names() if is_url(location) else []
        if others:
            shown = ", ".join(sorted(others)[:5]) + ("…" if len(others) > 5 else "")
            raise UserError(
                f"该数据库已有其他程序的数据表（{shown}），不会在其中新建赛事；请用空数据库",
                f"the database holds another program's tables ({shown}); no event is created"
                " in it: use an empty database",
                str(location),
            )
        Base.metadata.create_all(connection)
        connection.execute(
            insert(Meta),
            [
                {"key": "application", "value": APPLICATION_ID},
                {"key": "schema_version", "value": str(SCHEMA_VERSION)},
            ],
        )
    return engine


def open_event_database(location: str | Path) -> Engine:
    """Open an existing event database, upgrading an older schema after a backup copy."""
    if not is_url(location):
        path = Path(location)
        check_name_fits(path)
        if not path.is_file():
            raise UserError("找不到赛事文件", "event file not found", str(path))
        try:
            _check_sqlite_header(path)
        except OSError as error:
            raise file_error(error, str(path), "无法读取赛事文件", "cannot read the event file"
                             ) from None
        # Checked read-only first: a file that is not ours, or is damaged, is refused before
        # anything (the WAL switch included) is written to it.
        version, tables = _read_file_version(path)
        _check_known(version, tables, location)
        engine = engine_for(location, read_only=is_read_only(path))
    else:
        engine = engine_for(location)
        try:
            version = read_schema_version(engine, location)
            with engine.connect() as connection:
                tables = set(inspect(connection).get_table_names())
        except (DatabaseError, OperationalError) as error:
            engine.dispose()
            raise _not_an_event_file(location, type(error.orig).__name__) from None
        try:
            _check_known(version, tables, location)
        except UserError:
            engine.dispose()
            raise
    if version > SCHEMA_VERSION:
        engine.dispose()
        raise UserError(
            f"此文件由较新版本的程序写入（结构版本 {version}，本程序支持 {SCHEMA_VERSION}），请升级程序",
            f"written by a newer program (schema {version}; this program knows {SCHEMA_VERSION});"
            " please upgrade",
            str(location),
        )
    if version < SCHEMA_VERSION:
        if not is_url(location) and is_read_only(Path(location)):
            engine.dispose()
            raise UserError("此文件由较早版本的程序写入，需要升级，但文件是只读的（read-only）",
                            "written by an older program and needs upgrading, but it is"
                            " read-only: copy it somewhere writable first", str(location))
        upgrade(engine, location, version)
    return engine


def _check_known(version: int, tables: set[str], location: str | Path) -> None:
    """Refuse, before anything is written, a schema this program has no upgrade for (version
    0: no such file was ever written) and a file of the current version with tables missing."""
    if any(step not in UPGRADES for step in range(version, SCHEMA_VERSION)):
        raise _not_an_event_file(location, f"unknown schema version {version}")
    if version == SCHEMA_VERSION:
        missing = sorted(set(Base.metadata.tables) - tables)
        if missing:
            raise _not_an_event_file(location, "missing tables: " + ", ".join(missing))


def is_read_only(path: Path) -> bool:
    """True when this file (or its folder, where SQLite keeps its journal) cannot be
    written: a read-only file, folder or medium. Such a file is opened for reading only."""
    return not os.access(path, os.W_OK) or not os.access(path.parent, os.W_OK)


@contextmanager
def _told(location: str | Path, zh: str, en: str) -> Iterator[None]:
    """A full disk or a read-only medium while writing, told in one line."""
    try:
        yield
    except OperationalError as error:
        raise file_error(error.orig or error, str(location), zh, en) from None
    except OSError as error:
        raise file_error(error, str(location), zh, en) from None

def _check_sqlite_header(path: Path) -> None:
    with path.open("rb") as handle:
        header = handle.read(16)
    if header != b"SQLite format 3\x00":
        raise _not_an_event_file(path, "no SQLite header")


def _read_file_version(path: Path) -> tuple[int, set[str]]:
    """The schema version of an event file, read without writing to it; the file's pages are
    checked too (PRAGMA quick_check), so a damaged file is refused with a clear message."""
    uri = _read_only_uri(path)
    try:
        with closing(sqlite3.connect(uri, uri=True)) as connection:
            tables = {row[0] for row in connection.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table'")}
            if "meta" not in tables:
                raise _not_an_event_file(path, "no meta table")
            rows = dict(connection.execute("SELECT key, value FROM meta").fetchall())
            check = [row[0] for row in connection.execute("PRAGMA quick_check")]
    except sqlite3.DatabaseError as error:
        if isinstance(error, sqlite3.OperationalError) and _disk_nearly_full(path.parent):
            # Reading a file with a write-ahead log needs a little room for its index.
            raise file_error(OSError(errno.ENOSPC, "disk full"), str(path),
                             "无法打开赛事文件", "cannot open the event file") from None
        raise _not_an_event_file(path, f"damaged: {error}") from None
    if check != ["ok"]:
        raise _not_an_event_file(path, f"damaged: {check[0]}")
    return _version_from_meta(rows, path), tables


def _read_only_uri(path: Path) -> str:
    """A URI reading the file without writing to it. A file nobody can write (read-only
    file, folder or medium) without a write-ahead log beside it is complete as it is: it is
    read immutable, as SQLite could not make its index file there."""
    uri = file_uri(path)
    if is_read_only(path) and not Path(f"{path}-wal").exists():
        return uri + "&immutable=1"
    return uri


def file_uri(path: Path, mode: str = "ro") -> str:
    """SQLite's URI opening `path` in `mode` ("ro", "rw"); its `?`, `#` and `%` escaped, so
    a file in any folder opens (written as `file:{path}`, a `?` in a name cut it short)."""
    return f"{path.resolve().as_uri().replace('file://', 'file:', 1)}?mode={mode}"


def _disk_nearly_full(folder: Path) -> bool:
    try:
        return shutil.disk_usage(folder).free < 256 * 1024
    except OSError:
        return False


def _version_from_meta(rows: dict[str, str], location: str | Path) -> int:
    if rows.get("application") != APPLICATION_ID or "schema_version" not in rows:
        raise _not_an_event_file(location, "not written by this program")
    try:
        return int(rows["schema_version"])
    except ValueError:
        raise _not_an_event_file(location, "bad schema version") from None


def read_schema_version(engine: Engine, location: str | Path) -> int:
    with engine.connect() as connection:
        if not inspect(connection).has_table("meta"):
            raise _not_an_event_file(location, "no meta table")
        rows = {key: value for key, value in connection.execute(select(Meta.key, Meta.value))}
    return _version_from_meta(rows, location)


def upgrade(engine: Engine, location: str | Path, version: int) -> None:
    """Upgrade an older event file in place, after copying it to `<file>.v<k>.bak`."""
    if not is_url(location):
        path = Path(location)
        backup = path.with_name(f"{path.name}.v{version}.bak")
        with sqlite3.connect(path) as source, sqlite3.connect(backup) as target:
            source.backup(target)
    with engine.begin() as connection:
        _begin_ddl(connection)
        for step in range(version, SCHEMA_VERSION):
            UPGRADES[step](connection)
        connection.execute(
            text("UPDATE meta SET value = :v WHERE key = 'schema_version'"),
            {"v": str(SCHEMA_VERSION)},
        )


def _begin_ddl(connection: Connection) -> None:
    """pysqlite runs DDL outside any transaction unless one is begun explicitly: begin it, so
    a schema change that fails half-way is rolled back whole."""
    if connection.dialect.name == "sqlite":
        connection.exec_driver_sql("BEGIN IMMEDIATE")


def integrity_check(engine: Engine) -> list[str]:
    """Problems found by the database's own check and our foreign keys ([] when sound)."""
    if engine.dialect.name != "sqlite":
        return []
    with engine.connect() as connection:
        problems = [row[0] for row in connection.execute(text("PRAGMA integrity_check"))]
        problems = [p for p in problems if p != "ok"]
        problems += [
            f"foreign key: {row}" for row in connection.execute(text("PRAGMA foreign_key_check"))
        ]
    return problems


def copy_file(source: Path, target: Path) -> None:
    """A consistent copy of a live SQLite event file (WAL included)."""
    with sqlite3.connect(source) as src, sqlite3.connect(target) as dst:
        src.backup(dst)


def remove_file(path: Path) -> None:
    for suffix in ("", "-wal", "-shm"):
        candidate = Path(str(path) + suffix)
        if candidate.exists():
            candidate.unlink()


__all__ = [
    "SCHEMA_VERSION",
    "copy_file",
    "create_event_database",
    "engine_for",
    "integrity_check",
    "is_read_only",
    "is_url",
    "open_event_database",
    "remove_file",
]
