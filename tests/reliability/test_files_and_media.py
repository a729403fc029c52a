"""Files and media (文件与存储介质): a full disk, a read-only file or medium, names too long, a
file of an unknown schema, a server database that is not ours, texts too long.

Each is refused in one line naming what is wrong, before anything is written (or, for a disk
that fills up while writing, with the event file left as it was), never with a traceback.
Where the test runs as root it mounts small tmpfs file systems to have a real full disk and a
real read-only medium; a full database is also made on any machine with SQLite's page limit.
"""

from __future__ import annotations

import hashlib
import shutil
import sqlite3
import subprocess
from collections.abc import Iterator
from contextlib import closing
from pathlib import Path

import pytest
from sqlalchemy import create_engine, event, inspect, text

from app.cli import main
from app.errors import UserError
from app.services import players, rounds
from app.services.event import Event

GROUP = "少儿组"


def _digest(path: Path) -> str:
    """The event file's bytes (SQLite's own -wal/-shm index files aside)."""
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _ours(folder: Path) -> list[str]:
    """The files in `folder`, without SQLite's -wal/-shm files."""
    return sorted(p.name for p in folder.iterdir() if not p.name.endswith(("-wal", "-shm")))


def _event(path: Path, count: int = 4) -> Path:
    with Event.create(path, preset="qiwang-2022") as created:
        for k in range(count):
            players.add_player(created, GROUP, name=f"棋手{k}", unit=f"单位{k}")
    return path


def _mount(where: Path, size: str) -> Iterator[Path]:
    where.mkdir()
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(where)],
                          capture_output=True)
    if done.returncode != 0:
        pytest.skip("needs root to mount a small tmpfs (the page-limit test covers the rest)")
    try:
        yield where
    finally:
        subprocess.run(["umount", "-l", str(where)], check=False)


@pytest.fixture
def small_disk(tmp_path: Path) -> Iterator[Path]:
    yield from _mount(tmp_path / "small", "2m")


@pytest.fixture
def medium(tmp_path: Path) -> Iterator[Path]:
    yield from _mount(tmp_path / "medium", "8m")


def _fill(folder: Path) -> Path:
    """Fill the rest of a small disk; returns the filler file."""
    filler = folder / "filler"
    try:
        with filler.open("wb") as handle:
            while True:
                handle.write(b"\0" * 4096)
                handle.flush()
    except OSError:
        pass
    return filler


def _remount_read_only(where: Path) -> None:
    subprocess.run(["mount", "-o", "remount,ro", str(where)], check=True)


# ----- a full disk --------------------------------------------------------------------------


def test_a_full_database_says_disk_full_and_keeps_the_event(tmp_path: Path, capsys) -> None:
    path = _event(tmp_path / "e.gomoku")
    with Event.open(path) as opened:
        pages = opened.store.engine.connect().exec_driver_sql("PRAGMA page_count").scalar()
        opened.store.engine.dispose()

        @event.listens_for(opened.store.engine, "connect")
        def _limit(connection: sqlite3.Connection, _record: object) -> None:
            connection.execute(f"PRAGMA max_page_count = {pages}")

        before = [p.name for p in players_of(opened)]
        with pytest.raises(UserError) as error:
            players.add_player(opened, GROUP, name="满" * 90, unit="满" * 190)
            for k in range(400):  # the file cannot grow: some insert meets the limit
                players.add_player(opened, GROUP, name=f"填{k}" * 20, unit="满" * 190)
        assert "disk full" in error.value.en
        assert [p.name for p in players_of(opened)][:len(before)] == before


def players_of(opened: Event) -> list:
    from app.services.queries import players as listed
    return listed(opened, GROUP)


def test_a_full_disk_says_disk_full_keeps_the_file_and_prints_no_traceback(
        small_disk: Path, capsys) -> None:
    path = _event(small_disk / "e.gomoku", count=2)
    filler = _fill(small_disk)
    code = main(["add-player", str(path), "--group", GROUP, "--name", "新人" * 40,
                 "--unit", "单位" * 90])
    err = capsys.readouterr().err
    if code == 0:  # the page fitted in the file's free space: ask for more
        code = main(["import", str(path), "--group", GROUP, str(Path(__file__).parents[1] /
                     "data" / "imports" / "qiwang-2022-period-1.csv"), "--valid-only"])
        err = capsys.readouterr().err
    assert code == 2 and "disk full" in err and "Traceback" not in err
    assert err.count("\n") == 1
    filler.unlink()
    with Event.open(path) as reopened:
        assert len(players_of(reopened)) in (2, 3)


def test_a_snapshot_that_does_not_fit_refuses_the_pairing(small_disk: Path, capsys) -> None:
    path = _event(small_disk / "e.gomoku")
    filler = _fill(small_disk)
    code = main(["pair", str(path), "--group", GROUP])
    err = capsys.readouterr().err
    assert code == 2 and "disk full" in err and err.count("\n") == 1
    filler.unlink()
    with Event.open(path) as reopened, reopened.reading() as session:
        assert session.execute(text("SELECT count(*) FROM round")).scalar() == 0


# ----- a read-only file or medium ------------------------------------------------------------


def test_a_read_only_medium_opens_for_reading_and_refuses_writes(medium: Path, tmp_path: Path,
                                                                 capsys) -> None:
    path = _event(medium / "e.gomoku")
    with Event.open(path) as opened:
        rounds.pair_next_round(opened, GROUP)
    _remount_read_only(medium)
    before = _digest(path)
    assert main(["players", str(path), "--csv"]) == 0
    assert "棋手0" in capsys.readouterr().out
    assert main(["standings", str(path), "--group", GROUP]) == 0
    assert main(["round", str(path), "--group", GROUP, "1"]) == 0
    assert main(["snapshots", str(path)]) == 0
    capsys.readouterr()
    out = tmp_path / "导出"
    assert main(["export", str(path), "--out", str(out), "--xlsx"]) == 0
    assert any(out.iterdir())
    capsys.readouterr()
    for argv in (["add-player", str(path), "--group", GROUP, "--name", "新"],
                 ["result", str(path), "--group", GROUP, "1", "1", "1-0"],
                 ["undo", str(path)],
                 ["snapshots", str(path), "--take", "x"]):
        assert main(argv) == 2, argv
        err = capsys.readouterr().err
        assert "read-only" in err and err.count("\n") == 1 and "Traceback" not in err
    assert _digest(path) == before


def test_creating_an_event_on_a_read_only_medium_is_refused(medium: Path, capsys) -> None:
    _remount_read_only(medium)
    assert main(["new", str(medium / "e.gomoku"), "--preset", "qiwang-2022"]) == 2
    assert "read-only" in capsys.readouterr().err
    assert list(medium.iterdir()) == []


# ----- names too long --------------------------------------------------------------------------


@pytest.mark.parametrize("argv", [
    ["new", "{dir}/" + "赛" * 84 + ".gomoku", "--preset", "qiwang-2022"],  # 252+7 bytes
    ["new", "{dir}/" + "a" * 250, "--preset", "qiwang-2022"],  # fits, its .snapshots not
    ["new", "{dir}/" + "文件夹" * 30 + "/e.gomoku", "--preset", "qiwang-2022"],
    ["new", "{dir}/" + "/".join(["d" * 200] * 25) + "/e.gomoku"],
])
def test_long_names_are_refused_before_anything_is_written(tmp_path: Path, capsys,
                                                           argv: list[str]) -> None:
    code = main([a.format(dir=tmp_path) for a in argv])
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1 and "Traceback" not in err
    assert "too long" in err or "does not exist" in err
    assert list(tmp_path.iterdir()) == []


def test_export_and_report_into_a_name_too_long_are_refused(tmp_path: Path, capsys) -> None:
    path = _event(tmp_path / "e.gomoku")
    before = _digest(path)
    assert main(["export", str(path), "--out", str(tmp_path / ("出" * 90)), "--xlsx"]) == 2
    assert "too long" in capsys.readouterr().err
    lists = str(Path(__file__).parents[1] / "data" / "imports" / "qiwang-2022-period-1.csv")
    assert main(["import", str(path), "--group", GROUP, lists,
                 "--report", str(tmp_path / ("报" * 90))]) == 2
    assert "too long" in capsys.readouterr().err
    assert _digest(path) == before
    assert _ours(tmp_path) == ["e.gomoku"]


# ----- files this program cannot take ------------------------------------------------------------


def test_schema_version_zero_is_refused_before_anything_is_written(tmp_path: Path,
                                                                    capsys) -> None:
    path = _event(tmp_path / "e.gomoku")
    with closing(sqlite3.connect(path)) as connection, connection:
        connection.execute("UPDATE meta SET value = '0' WHERE key = 'schema_version'")
    before = _digest(path)
    assert main(["players", str(path)]) == 2
    err = capsys.readouterr().err
    assert "schema version 0" in err and err.count("\n") == 1
    assert _digest(path) == before
    assert _ours(tmp_path) == ["e.gomoku"]  # no .v0.bak


def test_missing_tables_are_refused_before_anything_is_written(tmp_path: Path, capsys) -> None:
    path = _event(tmp_path / "e.gomoku")
    with closing(sqlite3.connect(path)) as connection, connection:
        connection.execute("DROP TABLE absence")
    before = _digest(path)
    assert main(["pair", str(path), "--group", GROUP]) == 2
    assert "missing tables: absence" in capsys.readouterr().err
    assert _digest(path) == before


def test_a_server_database_holding_another_programs_tables_is_refused(pg_url: str,
                                                                      capsys) -> None:
    url = pg_url
    engine = create_engine(url)
    with engine.begin() as connection:
        connection.execute(text("CREATE TABLE invoices (id INTEGER PRIMARY KEY, total INT)"))
    assert main(["new", url, "--preset", "qiwang-2022"]) == 2
    err = capsys.readouterr().err
    assert "another program's tables (invoices)" in err
    with engine.connect() as connection:
        assert inspect(connection).get_table_names() == ["invoices"]
    engine.dispose()


def test_text_lengths_are_checked_the_same_on_both_databases(location: str) -> None:
    with Event.create(location, preset="qiwang-2022") as created:
        players.add_player(created, GROUP, name="长" * 100)  # exactly the limit
        with pytest.raises(UserError) as error:
            players.add_player(created, GROUP, name="长" * 101)
        assert "at most 100 characters" in error.value.en
        with pytest.raises(UserError) as error:
            players.add_player(created, GROUP, name="短", unit="单" * 201)
        assert "unit is too long" in error.value.en
        assert len(players_of(created)) == 1


def test_the_cli_tells_a_text_too_long_in_one_line(tmp_path: Path, capsys) -> None:
    path = _event(tmp_path / "e.gomoku")
    assert main(["event", str(path), "--title", "赛" * 201]) == 2
    err = capsys.readouterr().err
    assert "too long" in err and err.count("\n") == 1


def test_the_shared_tmp_is_not_touched() -> None:
    assert shutil.which("mount")
