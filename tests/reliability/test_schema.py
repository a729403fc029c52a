"""Schema versions: newer files refused, non-event and damaged files refused, older upgraded.

Upgrades of older event files are tested on a file of every earlier schema version
(tests/data/schema), after app/store/database.py (the `meta` table's schema_version, `UPGRADES`).
"""

from __future__ import annotations

import json
import shutil
import sqlite3
import subprocess
import sys
from contextlib import closing
from pathlib import Path

import pytest
from sqlalchemy import text

from app.errors import UserError
from app.services.event import Event
from app.store import database
from app.store.database import SCHEMA_VERSION, integrity_check, open_event_database
from tests.data.schema import generate

DATA = Path(__file__).resolve().parents[1] / "data" / "schema"
ROOT = Path(__file__).resolve().parents[2]


def _schema_version(path: Path) -> int:
    with closing(sqlite3.connect(path)) as connection:
        return int(connection.execute(
            "SELECT value FROM meta WHERE key = 'schema_version'").fetchone()[0])


def _content(path: Path) -> list[str]:
    """The file's content as SQL (what a refusal must leave unchanged)."""
    with closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True)) as connection:
        return list(connection.iterdump())


def _refused(path: Path | str) -> UserError:
    with pytest.raises(UserError) as error:
        Event.open(path)
    return error.value


# ----- refused files -----------------------------------------------------------------------


def test_a_file_from_a_newer_program_is_refused_and_left_alone(tmp_path: Path) -> None:
    path = tmp_path / "newer.gomoku"
    generate.make_current_file(path)
    with closing(sqlite3.connect(path)) as connection, connection:
        connection.execute("UPDATE meta SET value = ? WHERE key = 'schema_version'",
                           (str(SCHEMA_VERSION + 1),))
    before = _content(path)
    error = _refused(path)
    assert "newer" in error.en and str(SCHEMA_VERSION + 1) in error.en
    assert error.where == str(path)
    assert _content(path) == before
    assert not list(tmp_path.glob("*.bak"))


def test_a_sqlite_file_of_another_program_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "other.sqlite"
    with closing(sqlite3.connect(path)) as connection, connection:
        connection.execute("CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT)")
        connection.execute("INSERT INTO customers (name) VALUES ('x')")
    before = _content(path)
    error = _refused(path)
    assert "not an event file" in error.en
    assert _content(path) == before


def test_a_sqlite_file_with_a_foreign_meta_table_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "other.sqlite"
    with closing(sqlite3.connect(path)) as connection, connection:
        connection.execute("CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT)")
        connection.execute("INSERT INTO meta VALUES ('application', 'something-else'),"
                           " ('schema_version', '1')")
    assert "not written by this program" in _refused(path).en


def test_a_bad_schema_version_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "bad.gomoku"
    generate.make_current_file(path)
    with closing(sqlite3.connect(path)) as connection, connection:
        connection.execute("UPDATE meta SET value = 'one' WHERE key = 'schema_version'")
    assert "bad schema version" in _refused(path).en


@pytest.mark.parametrize(
    "content",
    [b"", b"hello, not a database\n", b"SQLite format 3\x00" + b"\xff" * 200, b"PK\x03\x04" * 50],
    ids=["empty", "text", "header-then-garbage", "zip"],
)
def test_files_that_are_not_databases_are_refused(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "event.gomoku"
    path.write_bytes(content)
    assert "not an event file" in _refused(path).en
    assert path.read_bytes() == content


def test_a_truncated_event_file_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "cut.gomoku"
    generate.make_current_file(path)
    data = path.read_bytes()
    path.write_bytes(data[:1500])
    error = _refused(path)
    assert "damaged" in error.en


def test_a_folder_and_a_missing_file_are_refused(tmp_path: Path) -> None:
    assert "not found" in _refused(tmp_path).en
    assert "not found" in _refused(tmp_path / "missing.gomoku").en


def test_the_command_line_refuses_a_damaged_file_in_one_line(tmp_path: Path) -> None:
    path = tmp_path / "event.gomoku"
    path.write_bytes(b"SQLite format 3\x00" + b"\x00" * 90)
    done = subprocess.run(
        [sys.executable, "-m", "app", "undo", str(path)],
        cwd=ROOT, capture_output=True, text=True, timeout=60,
    )
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr
    assert str(path) in done.stderr


# ----- upgrades ------------------------------------------------------------------------------


def _fake_older_version(monkeypatch: pytest.MonkeyPatch) -> tuple[int, list[str]]:
    """Pretend the schema gained a column `player.nickname` in the current version.

    Registers the downgrade (drop it) for the generator and the upgrade (add it, fill it from
    the name) for the program, as a real schema change would.
    """
    older = SCHEMA_VERSION - 1
    ran: list[str] = []

    def downgrade(connection: sqlite3.Connection) -> None:
        connection.execute("CREATE TABLE nickname_gone (x INTEGER)")

    def upgrade(connection) -> None:  # an SQLAlchemy Connection inside the upgrade transaction
        connection.execute(text("DROP TABLE nickname_gone"))
        connection.execute(text("UPDATE player SET notes = '{\"upgraded\": true}'"))
        ran.append(f"{older}->{older + 1}")

    monkeypatch.setitem(generate.DOWNGRADES, older, downgrade)
    monkeypatch.setitem(database.UPGRADES, older, upgrade)
    return older, ran


def test_an_older_file_is_upgraded_after_a_backup_copy(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    older, ran = _fake_older_version(monkeypatch)
    path = tmp_path / "old.gomoku"
    expected = generate.make_event_file(path, older)
    assert _schema_version(path) == older
    event = Event.open(path)
    try:
        assert generate.facts(event) == expected
        assert integrity_check(event.store.engine) == []
        with event.reading() as session:
            notes = session.execute(text("SELECT notes FROM player")).scalars().all()
        assert all(json.loads(n) == {"upgraded": True} for n in notes)
    finally:
        event.close()
    assert ran == [f"{older}->{older + 1}"]
    assert _schema_version(path) == SCHEMA_VERSION
    backup = tmp_path / f"old.gomoku.v{older}.bak"
    assert backup.is_file() and _schema_version(backup) == older
    with closing(sqlite3.connect(backup)) as connection:
        tables = {row[0] for row in connection.execute("SELECT name FROM sqlite_master")}
    assert "nickname_gone" in tables  # the backup is the file as it was before the upgrade
    # Opening again does not upgrade again.
    open_event_database(path).dispose()
    assert ran == [f"{older}->{older + 1}"]


def test_every_upgrade_step_is_registered() -> None:
    assert sorted(database.UPGRADES) == list(range(1, SCHEMA_VERSION))


@pytest.mark.parametrize("sample", sorted(DATA.glob("event-v*.gomoku")), ids=lambda p: p.name)
def test_sample_file_of_every_schema_version_opens_upgraded(tmp_path: Path, sample: Path) -> None:
    """Each committed file of an earlier (or the current) schema version opens, upgraded."""
    expected = json.loads(sample.with_suffix(".json").read_text(encoding="utf-8"))
    path = tmp_path / sample.name
    shutil.copyfile(sample, path)
    event = Event.open(path)
    try:
        assert generate.facts(event) == expected
        assert integrity_check(event.store.engine) == []
    finally:
        event.close()
    assert _schema_version(path) == SCHEMA_VERSION


def test_there_is_a_sample_file_of_the_current_version() -> None:
    assert (DATA / f"event-v{SCHEMA_VERSION}.gomoku").is_file()
