"""Snapshots of SQLite event files: take, list, keep the last N, restore (and take it back)."""

from __future__ import annotations

import multiprocessing
import sqlite3
import threading
from contextlib import closing, suppress
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import select

from app.errors import UserError
from app.store import snapshots
from app.store.database import SCHEMA_VERSION, integrity_check, open_event_database
from app.store.models import Tournament
from app.store.snapshots import (
    DEFAULT_KEEP,
    find_snapshot,
    list_snapshots,
    restore_snapshot,
    snapshot_folder,
    take_snapshot,
)
from tests.reliability.helpers import add_players, new_event, player_names


def fresh(event, label: str, **options):
    """A snapshot after a change (identical states are kept once: see the test below)."""
    add_players(event, 1, prefix=label)
    return take_snapshot(event.store, label, **options)


@pytest.fixture
def event(tmp_path: Path):
    event = new_event(tmp_path / "final.gomoku")
    yield event
    event.close()


def test_snapshot_lives_beside_the_event_file(event, tmp_path: Path) -> None:
    info = take_snapshot(event.store, "第1轮编排前 / before pairing round 1")
    assert snapshot_folder(event.store) == tmp_path / "final.gomoku.snapshots"
    assert info.path.parent == tmp_path / "final.gomoku.snapshots"
    assert info.label == "第1轮编排前 / before pairing round 1"
    assert info.station == "A"
    assert info.size > 0


def test_a_snapshot_is_itself_an_event_file(event) -> None:
    add_players(event, 3)
    info = take_snapshot(event.store, "copy")
    engine = open_event_database(info.path)
    try:
        assert integrity_check(engine) == []
        with engine.connect() as connection:
            assert connection.execute(select(Tournament.title)).scalar_one()
    finally:
        engine.dispose()


def test_restore_brings_back_the_state_of_the_snapshot(event) -> None:
    add_players(event, 2, prefix="早")
    info = take_snapshot(event.store, "before more players")
    add_players(event, 3, prefix="晚")
    assert len(player_names(event)) == 5
    restore_snapshot(event.store, info.id)
    assert player_names(event) == ["早000", "早001"]
    assert integrity_check(event.store.engine) == []


def test_restore_is_taken_back_by_the_snapshot_made_before_it(event) -> None:
    add_players(event, 1, prefix="甲")
    first = take_snapshot(event.store, "one player")
    add_players(event, 1, prefix="乙")
    before = restore_snapshot(event.store, first.id)
    assert "恢复快照" in before.label
    assert player_names(event) == ["甲000"]
    restore_snapshot(event.store, before.id)
    assert player_names(event) == ["甲000", "乙000"]


def test_work_and_undo_go_on_after_a_restore(event) -> None:
    add_players(event, 1, prefix="甲")
    add_players(event, 1, prefix="乙")
    info = take_snapshot(event.store, "two players")
    add_players(event, 1, prefix="丙")
    restore_snapshot(event.store, info.id)
    # The undo log came back with the snapshot: the last operation there was adding 乙.
    assert event.undo() is not None
    assert player_names(event) == ["甲000"]
    add_players(event, 1, prefix="丁")
    assert player_names(event) == ["甲000", "丁000"]


def test_snapshot_meta_keys_do_not_leak_into_the_restored_event(event) -> None:
    info = take_snapshot(event.store, "x")
    restore_snapshot(event.store, info.id)
    with closing(sqlite3.connect(event.store.path)) as connection:
        keys = {row[0] for row in connection.execute("SELECT key FROM meta")}
    assert keys == {"application", "schema_version"}


def test_only_the_last_n_are_kept(event) -> None:
    taken = [fresh(event, f"s{i}", keep=3) for i in range(5)]
    assert [s.id for s in list_snapshots(event.store)] == [t.id for t in taken[-3:]]
    assert not taken[0].path.exists()


def test_keep_defaults_to_twenty(event) -> None:
    assert DEFAULT_KEEP == 20
    for i in range(DEFAULT_KEEP + 2):
        fresh(event, f"s{i}")
    ids = [s.id for s in list_snapshots(event.store)]
    assert ids == list(range(3, DEFAULT_KEEP + 3))


def test_keep_comes_from_the_event_setting(event) -> None:
    with event.operation("settings") as session:
        tournament = session.scalars(select(Tournament)).one()
        tournament.settings = {**tournament.settings, "snapshot_keep": 2}
    for i in range(4):
        fresh(event, f"s{i}")
    assert len(list_snapshots(event.store)) == 2


def test_ids_keep_growing_after_pruning(event) -> None:
    for i in range(4):
        fresh(event, f"s{i}", keep=1)
    assert [s.id for s in list_snapshots(event.store)] == [4]


def test_keep_below_one_is_refused(event) -> None:
    with pytest.raises(UserError):
        take_snapshot(event.store, "x", keep=0)


def test_half_written_and_damaged_snapshots_are_not_listed(event) -> None:
    good = take_snapshot(event.store, "good")
    folder = snapshot_folder(event.store)
    (folder / ".0009-20260101T000000.snapshot.sqlite.partial").write_bytes(b"half")
    (folder / "0010-20260101T000000.snapshot.sqlite").write_bytes(b"not a database at all")
    (folder / "notes.txt").write_text("x")
    assert [s.id for s in list_snapshots(event.store)] == [good.id]


def test_restoring_an_unknown_snapshot_changes_nothing(event) -> None:
    take_snapshot(event.store, "only")
    with pytest.raises(UserError) as error:
        restore_snapshot(event.store, 99)
    assert "99" in error.value.en and error.value.where == "--restore"
    assert len(list_snapshots(event.store)) == 1  # no "before restore" snapshot taken


def test_a_snapshot_from_a_newer_program_is_not_restored(event) -> None:
    info = take_snapshot(event.store, "x")
    with closing(sqlite3.connect(info.path)) as connection, connection:
        connection.execute("UPDATE meta SET value = ? WHERE key = 'schema_version'",
                           (str(SCHEMA_VERSION + 1),))
    add_players(event, 1)
    with pytest.raises(UserError) as error:
        restore_snapshot(event.store, info.id)
    assert "newer" in error.value.en
    assert len(player_names(event)) == 1


def test_find_snapshot_names_the_ones_there_are(event) -> None:
    fresh(event, "a")
    fresh(event, "b")
    with pytest.raises(UserError) as error:
        find_snapshot(event.store, 5)
    assert "1, 2" in error.value.en


def test_restoring_the_oldest_kept_snapshot_when_the_list_is_full(event) -> None:
    add_players(event, 1, prefix="甲")
    oldest = take_snapshot(event.store, "one player", keep=3)
    add_players(event, 1, prefix="乙")
    fresh(event, "two", keep=3)
    fresh(event, "three", keep=3)
    with event.operation("settings") as session:
        tournament = session.scalars(select(Tournament)).one()
        tournament.settings = {**tournament.settings, "snapshot_keep": 3}
    # The "before restore" snapshot would push the oldest out: it is kept for the restore.
    before = restore_snapshot(event.store, oldest.id)
    assert player_names(event) == ["甲000"]
    assert [s.id for s in list_snapshots(event.store)] == [oldest.id, 2, 3, before.id]


def _two_stations_at_once(event, tmp_path: Path, take) -> list[int]:
    """Stations A (`event`) and B (another Event on the same file), each running `take`
    (station -> snapshot ids) in its own thread; the ids both got."""
    from app.services.event import Event

    other = Event.open(tmp_path / "final.gomoku", station="B")
    taken: list[int] = []
    failures: list[BaseException] = []

    def run(station) -> None:
        try:
            taken.extend(take(station))
        except BaseException as error:  # surfaced below
            failures.append(error)

    threads = [threading.Thread(target=run, args=(station,)) for station in (event, other)]
    try:
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=60)
    finally:
        other.close()
    assert not failures
    return taken


def test_two_stations_snapshotting_at_once_get_distinct_numbers(
    event, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Both stations of one file see the same rows: with both changes made before either
    # snapshot, the second is the first one again (identical states are kept once), which
    # is right but is not what this test is about. So every snapshot is stored here, and the
    # two stations are made to look for the next number at the same moment.
    monkeypatch.setattr(snapshots, "_identical", lambda _folder, _digest: None)
    meet = threading.Barrier(2, timeout=2)
    claim = snapshots._claim_number

    def claim_together(folder: Path) -> tuple[int, Path]:
        with suppress(threading.BrokenBarrierError):
            meet.wait()
        return claim(folder)

    monkeypatch.setattr(snapshots, "_claim_number", claim_together)
    taken = _two_stations_at_once(
        event, tmp_path, lambda station: [take_snapshot(station.store, f"{station.store.station}{i}").id
                                          for i in range(5)])
    assert sorted(taken) == list(range(1, 11))
    assert [s.id for s in list_snapshots(event.store)] == list(range(1, 11))


def test_two_stations_changing_and_snapshotting_at_once_share_no_number(
    event, tmp_path: Path
) -> None:
    # Each station changes the event and snapshots it: the state one snapshots may hold the
    # other's change too, so two snapshots may be one (the same number returned to both).
    # What must hold: no number names two files, and every number returned is kept.
    taken = _two_stations_at_once(
        event, tmp_path, lambda station: [fresh(station, f"{station.store.station}{i}").id
                                          for i in range(5)])
    listed = [s.id for s in list_snapshots(event.store)]
    names = sorted(p.name for p in snapshot_folder(event.store).glob("*.snapshot.sqlite"))
    assert len(names) == len(listed) == len(set(listed))
    assert set(taken) == set(listed)


def test_two_stations_snapshotting_one_state_both_get_it(event, tmp_path: Path) -> None:
    add_players(event, 1)
    meet = threading.Barrier(2, timeout=10)

    def take(station) -> list[int]:
        meet.wait()  # both snapshot the same rows
        return [take_snapshot(station.store, f"{station.store.station}").id]

    taken = _two_stations_at_once(event, tmp_path, take)
    listed = [s.id for s in list_snapshots(event.store)]
    # Taken at the same moment both may be stored (neither saw the other's yet), or one.
    assert set(taken) == set(listed) and len(listed) == len(set(listed)) >= 1


def test_a_state_snapshotted_again_while_its_snapshot_is_pruned_is_stored_anew(
    event, monkeypatch: pytest.MonkeyPatch
) -> None:
    add_players(event, 1)
    kept = take_snapshot(event.store, "one player")
    identical = snapshots._identical

    def pruned_meanwhile(folder: Path, digest: str):
        same = identical(folder, digest)
        if same is not None:
            snapshots._remove_quietly(same.path)  # another station's pruning, just now
        return same

    monkeypatch.setattr(snapshots, "_identical", pruned_meanwhile)
    again = take_snapshot(event.store, "第1轮编排前", hold="pairing 1 1")
    assert again.id != kept.id and again.path.exists()
    assert again.holds == ("pairing 1 1",)
    assert [s.id for s in list_snapshots(event.store)] == [again.id]
    assert not kept.path.exists()  # nothing made in its place


def test_a_number_is_claimed_above_one_finished_meanwhile(
    event, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Numbers say which snapshot is newest (pruning and held moments go by them): a station
    # that looked at the folder before another finished number 4 (3 was claimed and given
    # back: that state was kept already) must not take 3, newer than 4.
    fresh(event, "a")
    second = fresh(event, "b")
    files = snapshots._snapshot_files
    calls = 0

    def another_station_finishes_4_meanwhile(folder: Path):
        nonlocal calls
        listed = list(files(folder))
        calls += 1
        if calls == 1:
            (folder / second.path.name.replace("0002-", "0004-", 1)).write_bytes(
                second.path.read_bytes())
        return iter(listed)

    add_players(event, 1, prefix="c")
    monkeypatch.setattr(snapshots, "_snapshot_files", another_station_finishes_4_meanwhile)
    assert take_snapshot(event.store, "c").id == 5


@pytest.mark.slow
def test_two_stations_holding_one_snapshot_at_once_both_keep_their_moment(
    event, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Two stations pairing two groups of a server event at once snapshot the same committed
    # rows: a snapshot kept already stands for both moments. Each reads the moments it holds
    # and writes them back with its own: made to read at the same moment, neither may lose
    # the other's.
    add_players(event, 1)
    kept = take_snapshot(event.store, "before")
    meet = threading.Barrier(2, timeout=1)
    holds = snapshots._holds

    def read_together(meta: dict[str, str]) -> list[str]:
        with suppress(threading.BrokenBarrierError):
            meet.wait()
        return holds(meta)

    monkeypatch.setattr(snapshots, "_holds", read_together)
    taken = _two_stations_at_once(
        event, tmp_path, lambda station: [take_snapshot(
            station.store, f"{station.store.station}", hold=f"pairing {station.store.station} 1").id])
    assert taken == [kept.id, kept.id]
    monkeypatch.setattr(snapshots, "_holds", holds)
    assert set(find_snapshot(event.store, kept.id).holds) == {"pairing A 1", "pairing B 1"}


def _station_process(path: str, station: str, start: Any, out: Any) -> None:
    """One station in its own process: 5 snapshots, every one stored (see above)."""
    from app.services.event import Event

    snapshots._identical = lambda _folder, _digest: None
    event = Event.open(Path(path), station=station)
    try:
        start.wait(timeout=60)
        out.put([take_snapshot(event.store, f"{station}{i}").id for i in range(5)])
    except BaseException as error:  # surfaced by the test
        out.put(repr(error))
    finally:
        event.close()


@pytest.mark.slow
def test_two_station_processes_snapshotting_at_once_get_distinct_numbers(
    event, tmp_path: Path
) -> None:
    # The real case: two laptops on one shared file are two processes, not two threads.
    context = multiprocessing.get_context("spawn")
    start = context.Barrier(2)
    out = context.Queue()
    workers = [context.Process(target=_station_process,
                               args=(str(tmp_path / "final.gomoku"), name, start, out))
               for name in ("P", "Q")]
    for worker in workers:
        worker.start()
    results = [out.get(timeout=120) for _ in workers]
    for worker in workers:
        worker.join(timeout=60)
    assert all(isinstance(r, list) for r in results), results
    assert sorted(n for r in results for n in r) == list(range(1, 11))
    assert [s.id for s in list_snapshots(event.store)] == list(range(1, 11))


def test_partial_files_of_a_crashed_station_are_cleared_after_an_hour(event) -> None:
    import os
    import time

    folder = snapshot_folder(event.store)
    folder.mkdir()
    old = folder / ".0001.snapshot.sqlite.partial"
    fresh = folder / ".0002.snapshot.sqlite.partial"
    old.write_bytes(b"half")
    fresh.write_bytes(b"being written by another station")
    two_hours_ago = time.time() - 7200
    os.utime(old, (two_hours_ago, two_hours_ago))
    info = take_snapshot(event.store, "x")
    assert info.id == 3  # numbers claimed by the partial files are not reused
    assert not old.exists() and fresh.exists()


def test_a_damaged_snapshot_is_not_restored(event) -> None:
    add_players(event, 50, prefix="甲")
    info = take_snapshot(event.store, "x")
    add_players(event, 1, prefix="乙")
    with closing(sqlite3.connect(info.path)) as connection:
        root = connection.execute(
            "SELECT rootpage FROM sqlite_master WHERE name = 'player'").fetchone()[0]
    content = bytearray(info.path.read_bytes())
    start = (root - 1) * 4096
    content[start:start + 64] = b"\xab" * 64  # the player table's page, overwritten
    info.path.write_bytes(bytes(content))
    with pytest.raises(UserError) as error:
        restore_snapshot(event.store, info.id)
    assert "damaged" in error.value.en
    assert len(player_names(event)) == 51
    assert len(list_snapshots(event.store)) == 1  # nothing taken, nothing written


@pytest.mark.slow
def test_a_moment_held_while_its_snapshot_is_pruned_is_never_lost(
    event, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Station A prunes: it reads which snapshots hold a moment, then removes the oldest loose
    # ones. Station B, snapshotting the state of the oldest one just then, makes it hold B's
    # moment (before pairing) instead of storing a copy. Either A sees that hold and keeps the
    # snapshot, or B finds it gone and stores its own: B's moment stays restorable.
    from app.services.event import Event

    oldest = fresh(event, "a")
    fresh(event, "b")
    monkeypatch.setattr(snapshots, "_identical", lambda _folder, _digest: (
        snapshots._info(oldest.id, oldest.path) if oldest.path.exists() else None))
    held = snapshots._held
    other = Event.open(tmp_path / "final.gomoku", station="B")
    got: list[Any] = []
    started = threading.Event()

    def station_b() -> None:
        try:
            got.append(take_snapshot(other.store, "第1轮编排前", hold="pairing 1 1"))
        except BaseException as error:  # surfaced below
            got.append(error)

    def b_holds_meanwhile(files: list[tuple[int, Path]]) -> set[int]:
        found = held(files)
        if not started.is_set():  # A's pruning (not B's own, later)
            started.set()
            thread = threading.Thread(target=station_b)
            thread.start()
            thread.join(timeout=1)  # B done by now, unless it waits for A to finish
            b_thread.append(thread)
        return found

    b_thread: list[threading.Thread] = []
    monkeypatch.setattr(snapshots, "_held", b_holds_meanwhile)
    try:
        snapshots._prune(snapshot_folder(event.store), keep=1)
        b_thread[0].join(timeout=60)
    finally:
        other.close()
    [snapshot] = got
    assert not isinstance(snapshot, BaseException), snapshot
    assert snapshot.path.exists() and "pairing 1 1" in snapshot.holds
    monkeypatch.setattr(snapshots, "_held", held)
    assert "pairing 1 1" in find_snapshot(event.store, snapshot.id).holds


def test_an_event_whose_folder_and_name_hold_url_characters_works_whole(tmp_path: Path) -> None:
    # `?`, `#` and `%` in a path once started a URL's query: `new 0?` wrote a file `0`.
    folder = tmp_path / "决赛?a#b%20c"
    folder.mkdir()
    location = folder / "0?.gomoku"
    event = new_event(location)
    try:
        add_players(event, 2, prefix="早")
        info = take_snapshot(event.store, "before more players")
        add_players(event, 1, prefix="晚")
        assert [s.id for s in list_snapshots(event.store)] == [info.id]
        restore_snapshot(event.store, info.id)
        assert player_names(event) == ["早000", "早001"]
    finally:
        event.close()
    assert sorted(p.name for p in folder.iterdir()) == ["0?.gomoku", "0?.gomoku.snapshots"]
    engine = open_event_database(location)
    try:
        assert integrity_check(engine) == []
    finally:
        engine.dispose()
