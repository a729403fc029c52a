"""Several stations (多机录入) on one event, on a real PostgreSQL server and on one SQLite file.

A change made on a record someone else changed meanwhile is refused, naming who
changed what, nothing overwritten; two stations entering a 300-player round's results at
once lose nothing; a pairing can only be made by one station at a time.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from sqlalchemy import func, select
from sqlalchemy.orm import Session
from sqlalchemy.orm.exc import StaleDataError

from app.errors import UserError
from app.services.event import Event
from app.services.rounds import enter_result, pair_next_round
from app.store.locks import pairing_lock, stale_error, watch_versions
from app.store.models import BoardRow, Player, Round, UndoEntry
from app.store.snapshots import list_snapshots, restore_snapshot, take_snapshot
from tests.reliability.crash_driver import __file__ as DRIVER
from tests.reliability.helpers import (
    GROUP,
    add_players,
    add_round,
    first_group_id,
    make_event,
    new_event,
    player_names,
    results,
    set_result,
)


@pytest.fixture
def stations(location: str):
    """Station A creates the event; B opens the same event from another 'laptop'."""
    a = new_event(location, station="A")
    b = Event.open(location, station="B")
    yield a, b
    a.close()
    b.close()


# ----- a stale edit is refused, nothing overwritten -------------------------------------------


def test_second_station_editing_a_changed_record_is_refused(stations) -> None:
    a, b = stations
    [pid] = add_players(a, 1, prefix="张")
    with pytest.raises(UserError) as error:
        with a.operation("edit_player", "修改棋手单位") as session:
            player = session.get(Player, pid)  # A reads the row (version 1) ...
            with b.operation("edit_player") as other:  # ... B changes it and commits ...
                other.get(Player, pid).unit = "杭州棋院"
            player.unit = "绍兴棋院"  # ... A's change is based on what it read
    assert error.value.where == "修改棋手单位"
    # The refusal names who changed what (store.operation uses app.store.locks.stale_error).
    assert "changed by B" in error.value.en and "unit='杭州棋院'" in error.value.en
    with b.reading() as session:
        assert session.get(Player, pid).unit == "杭州棋院"  # B's change is not overwritten
    # A's refused operation left no undo entry behind.
    with a.reading() as session:
        assert session.scalar(select(func.count()).select_from(UndoEntry)) == 2  # players, B


def test_refusal_names_the_station_and_the_fields_it_changed(stations) -> None:
    a, b = stations
    [pid] = add_players(a, 1, prefix="张")
    session = Session(a.store.engine)
    watch_versions(session, "A")
    try:
        player = session.get(Player, pid)
        with Session(b.store.engine) as other:
            watch_versions(other, "B-笔记本")
            other.get(Player, pid).unit = "杭州棋院"
            other.commit()
        player.unit = "绍兴棋院"
        with pytest.raises(StaleDataError):
            session.commit()
        session.rollback()
        error = stale_error(session, a.store.engine, "修改棋手")
    finally:
        session.close()
    assert "B-笔记本" in error.zh and "B-笔记本" in error.en
    assert "unit='杭州棋院'" in error.en
    assert "张000" in error.zh
    assert "nothing overwritten" in error.en


def test_changed_by_is_stamped_with_the_station(stations) -> None:
    a, _b = stations
    [pid] = add_players(a, 1)
    with Session(a.store.engine) as session:
        watch_versions(session, "裁判长-1")
        session.get(Player, pid).grade = "2段"
        session.commit()
    with a.reading() as session:
        player = session.get(Player, pid)
        assert (player.changed_by, player.version) == ("裁判长-1", 2)


# ----- two stations, one round of 300 players -------------------------------------------------


def _enter(event: Event, round_id: int, boards: list[int], done: list[int],
           failures: list[BaseException]) -> None:
    try:
        for board in boards:
            set_result(event, round_id, board, "1-0" if board % 3 else "=")
            done.append(board)  # only once the operation has returned
    except BaseException as error:  # surfaced by the test thread
        failures.append(error)


def test_two_stations_enter_a_300_player_round_at_once_nothing_lost(stations) -> None:
    a, b = stations
    ids = add_players(a, 300)
    round_id = add_round(a, ids)
    boards = list(range(1, 151))
    done: list[int] = []
    failures: list[BaseException] = []
    threads = [
        threading.Thread(target=_enter, args=(a, round_id, boards[0::2], done, failures)),
        threading.Thread(target=_enter, args=(b, round_id, boards[1::2], done, failures)),
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert not failures
    assert sorted(done) == boards
    stored = results(a, round_id)
    assert stored == {n: ("1-0" if n % 3 else "=") for n in boards}
    with a.reading() as session:
        entries = session.scalar(
            select(func.count()).select_from(UndoEntry).where(UndoEntry.operation == "enter_result")
        )
    assert entries == 150  # each result is its own undoable operation


# ----- one pairing at a time ------------------------------------------------------------------


def test_second_station_cannot_pair_while_the_first_pairs(tmp_path: Path, pg_url: str) -> None:
    a = new_event(pg_url, station="A-主裁")
    b = Event.open(pg_url, station="B")
    try:
        group_id = first_group_id(a)
        with a.operation("pair_round") as session:
            pairing_lock(session, group_id, "A-主裁")
            with pytest.raises(UserError) as error:
                with b.operation("pair_round") as other:
                    pairing_lock(other, group_id, "B")
            assert "A-主裁" in error.value.zh
        # Once A's transaction has ended, B may pair.
        with b.operation("pair_round") as other:
            pairing_lock(other, group_id, "B")
    finally:
        a.close()
        b.close()


def test_a_round_paired_meanwhile_is_not_paired_again(stations) -> None:
    a, b = stations
    ids = add_players(a, 4)
    group_id = first_group_id(a)
    with Session(a.store.engine) as session:
        watch_versions(session, "A")
        pairing_lock(session, group_id, "A", expected_round=1)
        session.add(Round(group_id=group_id, number=1))
        session.commit()
    with pytest.raises(UserError) as error:
        with b.operation("pair_round") as other:
            pairing_lock(other, group_id, "B", expected_round=1)
    assert "A" in error.value.en and "round 1" in error.value.en
    with pytest.raises(UserError):
        with b.operation("pair_round") as other:
            pairing_lock(other, group_id, "B", expected_round=3)
    with b.operation("pair_round") as other:
        pairing_lock(other, group_id, "B", expected_round=2)
    assert len(ids) == 4


def test_sqlite_pairings_are_serialised_by_the_file_lock(tmp_path: Path) -> None:
    location = tmp_path / "event.gomoku"
    a = new_event(location, station="A")
    b = Event.open(location, station="B")
    try:
        group_id = first_group_id(a)
        order: list[str] = []
        holding = threading.Event()

        def station_b() -> None:
            holding.wait(10)
            with b.operation("pair_round") as other:
                pairing_lock(other, group_id, "B")  # waits for A's commit
                order.append("B locked")

        thread = threading.Thread(target=station_b)
        thread.start()
        with a.operation("pair_round") as session:
            pairing_lock(session, group_id, "A")
            holding.set()
            thread.join(timeout=0.5)
            order.append("A commits")
        thread.join(timeout=20)
        assert order == ["A commits", "B locked"]
    finally:
        a.close()
        b.close()


# ----- snapshots of a server event -------------------------------------------------------------


def test_server_event_snapshot_and_restore(pg_url: str, tmp_path: Path,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GOMOKU_ARBITER_SNAPSHOTS", str(tmp_path / "snapshots"))
    event = new_event(pg_url)
    try:
        ids = add_players(event, 4, prefix="甲")
        round_id = add_round(event, ids)
        set_result(event, round_id, 1, "1-0")
        info = take_snapshot(event.store, "第2轮编排前")
        assert info.path.is_relative_to(tmp_path / "snapshots")
        set_result(event, round_id, 2, "0-1")
        add_players(event, 2, prefix="乙")
        restore_snapshot(event.store, info.id)
        assert player_names(event) == ["甲000", "甲001", "甲002", "甲003"]
        assert results(event, round_id) == {1: "1-0", 2: ""}
        # New rows continue after the restored ids (sequences were reset).
        new_ids = add_players(event, 1, prefix="丙")
        assert new_ids[0] > max(ids)
        assert [s.label for s in list_snapshots(event.store)][-1].startswith("恢复快照")
        # The undo log came back too: undoing now takes back board 1's result.
        assert event.undo() is not None
        assert event.undo() is not None
        assert results(event, round_id) == {1: "", 2: ""}
    finally:
        event.close()


def test_server_snapshot_is_consistent_while_another_station_writes(
    pg_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("GOMOKU_ARBITER_SNAPSHOTS", str(tmp_path / "snapshots"))
    a = new_event(pg_url, station="A")
    b = Event.open(pg_url, station="B")
    try:
        ids = add_players(a, 40)
        round_id = add_round(a, ids)
        stop = threading.Event()

        def keep_writing() -> None:
            board = 0
            while not stop.is_set():
                board = board % 20 + 1
                set_result(b, round_id, board, "1-0")

        writer = threading.Thread(target=keep_writing)
        writer.start()
        try:
            infos = [take_snapshot(a.store, f"s{i}") for i in range(3)]
        finally:
            stop.set()
            writer.join(timeout=30)
        for info in infos:
            engine = Event.open(info.path)
            try:
                with engine.reading() as session:
                    boards = session.scalar(select(func.count()).select_from(BoardRow))
                    undo = session.scalar(select(func.count()).select_from(UndoEntry))
                    entered = session.scalar(
                        select(func.count()).select_from(BoardRow).where(BoardRow.result != "")
                    )
                assert boards == 20
                # Every result in the copy has its undo entry in the same copy (2 entries:
                # players, round, as creating is not undoable; then one per result entered).
                assert undo - 2 >= entered
            finally:
                engine.close()
    finally:
        a.close()
        b.close()


def test_pg_server_is_run_by_a_non_root_user(pg_server) -> None:
    if os.geteuid() == 0:
        assert pg_server.user not in (None, "root")


# ----- through the services: racing stations, undo across stations, a station that dies -------


def _race(event: Event, station: str, code: str, boards: list[int], won: dict[int, str],
          refused: dict[int, str], failures: list[BaseException]) -> None:
    for board in boards:
        try:
            enter_result(event, GROUP, 1, board, [code])
            won.setdefault(board, station)
        except UserError as error:
            refused[board] = error.en
        except BaseException as error:  # surfaced by the test thread
            failures.append(error)
            return


def test_two_stations_racing_on_the_same_boards_never_overwrite(location: str) -> None:
    """Both stations try every board: each board gets exactly one result, from the station
    told it succeeded; the other is refused (already entered / changed by the other)."""
    make_event(location, 60)
    a = Event.open(location, station="A")
    b = Event.open(location, station="B")
    try:
        with a.reading() as session:
            ids = list(session.scalars(select(Player.id).order_by(Player.id)))
        round_id = add_round(a, ids)
        boards = list(range(1, 31))
        won_a: dict[int, str] = {}
        won_b: dict[int, str] = {}
        refused: dict[int, str] = {}
        failures: list[BaseException] = []
        threads = [
            threading.Thread(target=_race, args=(a, "A", "1-0", boards, won_a, refused, failures)),
            threading.Thread(target=_race, args=(b, "B", "0-1", boards, won_b, refused, failures)),
        ]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=120)
        assert not failures
        assert not set(won_a) & set(won_b)  # never both told "saved" for one board
        assert sorted(set(won_a) | set(won_b)) == boards
        stored = results(a, round_id)
        for board in boards:
            assert stored[board] == ("1-0" if board in won_a else "0-1")
        assert sorted(refused) == boards  # the other station was told, board by board
        for message in refused.values():
            assert "already has the result" in message or "changed by" in message
    finally:
        a.close()
        b.close()


def test_a_station_killed_while_pairing_leaves_no_round_and_no_lock(
    pg_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """SIGKILL a station inside its pairing transaction: the server rolls it back and
    releases the group's lock, so another station pairs at once."""
    make_event(pg_url, 12)
    monkeypatch.setenv("GOMOKU_ARBITER_SNAPSHOTS", str(tmp_path / "snapshots"))
    env = dict(os.environ)
    process = subprocess.Popen(
        [sys.executable, str(DRIVER), "pair", pg_url, GROUP, "--pause-at-flush"],
        cwd=Path(DRIVER).parents[2], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert process.stdout is not None
        lines = []
        while not lines or lines[-1] != "FLUSHED":
            line = process.stdout.readline()
            assert line, process.stderr.read() if process.stderr else ""
            lines.append(line.strip())
        # While the driver holds the group, another station is refused, naming it.
        other = Event.open(pg_url, station="B")
        try:
            with pytest.raises(UserError) as error:
                pair_next_round(other, GROUP)
            assert "crash-driver" in error.value.zh
        finally:
            other.close()
    finally:
        os.kill(process.pid, signal.SIGKILL)
        process.communicate(timeout=30)
    other = Event.open(pg_url, station="B")
    try:
        with other.reading() as session:
            assert session.scalar(select(func.count()).select_from(Round)) == 0
        info = pair_next_round(other, GROUP)
        assert info.number == 1 and len(info.boards) == 6
    finally:
        other.close()


def test_snapshots_command_on_a_server_event(pg_url: str, capsys: pytest.CaptureFixture) -> None:
    from app.cli import main

    event = new_event(pg_url)
    try:
        add_players(event, 2, prefix="甲")
        assert main(["snapshots", pg_url, "--take", "赛前"]) == 0
        add_players(event, 1, prefix="乙")
        assert main(["snapshots", pg_url]) == 0
        assert "赛前" in capsys.readouterr().out
        assert main(["snapshots", pg_url, "--restore", "1"]) == 0
        assert player_names(event) == ["甲000", "甲001"]
    finally:
        event.close()


def test_a_station_killed_in_a_burst_of_results_loses_no_returned_result(pg_url: str) -> None:
    """On the server as on a file: every result whose entry had returned is there."""
    make_event(pg_url, 40)
    event = Event.open(pg_url, station="setup")
    try:
        pair_next_round(event, GROUP)
    finally:
        event.close()
    process = subprocess.Popen(
        [sys.executable, str(DRIVER), "results", pg_url, GROUP, "1"],
        cwd=Path(DRIVER).parents[2], env=dict(os.environ),
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    returned: list[int] = []
    try:
        assert process.stdout is not None
        while len(returned) < 7:
            line = process.stdout.readline()
            assert line, process.stderr.read() if process.stderr else ""
            if line.startswith("OK"):
                returned.append(int(line.split()[1]))
    finally:
        os.kill(process.pid, signal.SIGKILL)
        rest, _ = process.communicate(timeout=30)
    returned += [int(line.split()[1]) for line in rest.splitlines() if line.startswith("OK")]
    event = Event.open(pg_url, station="after")
    try:
        with event.reading() as session:
            stored = dict(session.execute(select(BoardRow.number, BoardRow.result)).all())
        for board in returned:
            assert stored[board] == ("1-0" if board % 2 else "0-1")
        entered = [n for n, r in stored.items() if r and r != "bye"]
        assert len(returned) <= len(entered) <= len(returned) + 1
    finally:
        event.close()
