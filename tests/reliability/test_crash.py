"""Crash safety: SIGKILL in the middle of an import, a pairing and a burst of result entries.

After the kill the event file opens, passes the integrity check, and every operation
that had returned (printed its success) is there; an operation cut off before its commit left
nothing at all (one transaction each). The work is done by `crash_driver.py` in a subprocess,
through the same services the command line calls.
"""

from __future__ import annotations

import csv
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from sqlalchemy import func, select

from app.services.event import Event
from app.services.queries import round_view
from app.services.rounds import enter_result
from app.store.database import integrity_check
from app.store.models import BoardRow, Player, Round, UndoEntry
from app.store.snapshots import list_snapshots, take_snapshot
from app.wording import code_text
from tests.reliability.helpers import GROUP, add_players, make_event, player_names

pytestmark = [pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL is POSIX"),
              pytest.mark.slow]  # real processes killed mid-write

DRIVER = Path(__file__).resolve().parent / "crash_driver.py"
ROOT = Path(__file__).resolve().parents[2]
def write_list(path: Path, rows: int) -> None:
    with path.open("w", encoding="utf-8", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(["排名", "姓名", "性别", "单位", "积分"])
        for i in range(rows):
            writer.writerow([i + 1, f"选手{i:04d}", "女" if i % 2 else "男", f"单位{i % 23}",
                             rows - i])


class Driver:
    """The driver process: its output lines as they come, and a SIGKILL."""

    def __init__(self, *args: str) -> None:
        self.process = subprocess.Popen(
            [sys.executable, str(DRIVER), *args],
            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        )
        self.lines: list[str] = []

    def wait_for(self, prefix: str, timeout: float = 120) -> None:
        """Read lines until one starts with `prefix` (the driver must not end first)."""
        assert self.process.stdout is not None
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            line = self.process.stdout.readline()
            if not line:
                stderr = self.process.stderr.read() if self.process.stderr else ""
                raise AssertionError(f"driver ended before {prefix!r}: {self.lines} {stderr}")
            self.lines.append(line.strip())
            if line.startswith(prefix):
                return
        raise AssertionError(f"no {prefix!r} within {timeout}s")

    def kill(self) -> None:
        os.kill(self.process.pid, signal.SIGKILL)
        rest, _ = self.process.communicate(timeout=30)
        # Lines printed before the kill count as returned operations too.
        self.lines += [line.strip() for line in rest.splitlines()]
        # Killed, or (on a fast machine) done just before the kill: both must hold up.
        assert self.process.returncode in (-signal.SIGKILL, 0)


def reopen(path: Path, station: str = "after") -> Event:
    """Opening after the kill: it must open and pass the integrity check."""
    event = Event.open(path, station=station)
    assert integrity_check(event.store.engine) == []
    return event


def count(event: Event, model: type) -> int:
    with event.reading() as session:
        return session.scalar(select(func.count()).select_from(model))


# ----- import --------------------------------------------------------------------------------


def test_kill_inside_the_import_transaction_leaves_nothing(tmp_path: Path) -> None:
    path, listing = tmp_path / "event.gomoku", tmp_path / "list.csv"
    make_event(path, 0)
    write_list(listing, 300)
    driver = Driver("import", str(path), GROUP, str(listing), "--pause-at-flush")
    driver.wait_for("FLUSHED")  # the rows are in the database file, not committed
    driver.kill()
    event = reopen(path)
    try:
        assert count(event, Player) == 0
        assert count(event, UndoEntry) == 1  # setup (creating is not undoable): no import
    finally:
        event.close()


@pytest.mark.parametrize("delay", [0.0, 0.03, 0.1, 0.3])
def test_kill_at_any_time_during_an_import_is_all_or_nothing(tmp_path: Path, delay: float) -> None:
    path, listing = tmp_path / "event.gomoku", tmp_path / "list.csv"
    make_event(path, 0)
    write_list(listing, 300)
    driver = Driver("import", str(path), GROUP, str(listing))
    driver.wait_for("OPENED")
    time.sleep(delay)
    driver.kill()
    event = reopen(path)
    try:
        players = count(event, Player)
        assert players in (0, 300)
        if any(line.startswith("RETURNED") for line in driver.lines):
            assert players == 300
    finally:
        event.close()


# ----- pairing -------------------------------------------------------------------------------


def test_kill_inside_the_pairing_transaction_leaves_no_round(tmp_path: Path) -> None:
    path = tmp_path / "event.gomoku"
    make_event(path, 24)
    driver = Driver("pair", str(path), GROUP, "--pause-at-flush")
    driver.wait_for("FLUSHED")
    driver.kill()
    event = reopen(path)
    try:
        assert count(event, Round) == 0 and count(event, BoardRow) == 0
        # The snapshot is taken once the pairing has passed its checks, just before the
        # commit: a pairing killed before that leaves none (and no half file in the list).
        assert list_snapshots(event.store) == []
    finally:
        event.close()
    # Work goes on: the round can be paired now, and its snapshot is there.
    finished = subprocess.run([sys.executable, str(DRIVER), "pair", str(path), GROUP],
                              cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert finished.returncode == 0, finished.stderr
    assert "RETURNED 1 12" in finished.stdout
    event = reopen(path)
    try:
        assert [s.label for s in list_snapshots(event.store)] == [
            f"编排前 {GROUP} 第1轮 / before pairing {GROUP}, round 1"]
    finally:
        event.close()


@pytest.mark.parametrize("delay", [0.0, 0.05, 0.2])
def test_kill_at_any_time_during_a_pairing_is_all_or_nothing(tmp_path: Path, delay: float) -> None:
    path = tmp_path / "event.gomoku"
    make_event(path, 24)
    driver = Driver("pair", str(path), GROUP)
    driver.wait_for("OPENED")
    time.sleep(delay)
    driver.kill()
    event = reopen(path)
    try:
        rounds, boards = count(event, Round), count(event, BoardRow)
        assert (rounds, boards) in ((0, 0), (1, 12))
        if any(line.startswith("RETURNED") for line in driver.lines):
            assert rounds == 1
        list_snapshots(event.store)  # a snapshot cut off half-way is not in the way
        folder = Path(f"{path}.snapshots")
        listed = {s.path for s in list_snapshots(event.store)}
        assert all(p in listed or p.name.startswith(".") for p in folder.glob("*"))
    finally:
        event.close()


# ----- a burst of result entries ----------------------------------------------------------------


def _paired(tmp_path: Path, players: int) -> Path:
    path = tmp_path / "event.gomoku"
    make_event(path, players)
    done = subprocess.run([sys.executable, str(DRIVER), "pair", str(path), GROUP],
                          cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    return path


@pytest.mark.parametrize("after", [3, 17])
def test_kill_during_a_burst_of_results_loses_no_returned_result(tmp_path: Path,
                                                                 after: int) -> None:
    path = _paired(tmp_path, 60)
    driver = Driver("results", str(path), GROUP, "1")
    for _ in range(after):
        driver.wait_for("OK")
    driver.kill()
    returned = [int(line.split()[1]) for line in driver.lines if line.startswith("OK")]
    assert len(returned) >= after
    event = reopen(path, station="crash-driver")  # the same station, restarted
    try:
        with event.reading() as session:
            stored = dict(session.execute(select(BoardRow.number, BoardRow.result)).all())
        for board in returned:
            assert stored[board] == ("1-0" if board % 2 else "0-1")
        entered = [n for n, r in stored.items() if r]
        # At most the one result in flight at the kill committed without being reported.
        assert len(returned) <= len(entered) <= len(returned) + 1
        undo_entries = count(event, UndoEntry)
        # setup group, pair, then one per result (creating is not undoable): the log is
        # exactly as durable.
        assert undo_entries == 2 + len(entered)
        # Undo survives the restart: it takes back the station's last result stored.
        last = max(entered, key=lambda n: n)
        assert event.undo() is not None
        with event.reading() as session:
            assert session.scalar(select(BoardRow.result).where(BoardRow.number == last)) == ""
        # ... and work goes on.
        enter_result(event, GROUP, 1, last, ["="])
        assert code_text(round_view(event, GROUP, 1).boards[last - 1].result) == "="
    finally:
        event.close()


# ----- restoring a snapshot ----------------------------------------------------------------------


@pytest.mark.parametrize("delay", [0.0, 0.05, 0.2])
def test_kill_during_a_restore_leaves_the_old_or_the_restored_event(tmp_path: Path,
                                                                    delay: float) -> None:
    path = tmp_path / "event.gomoku"
    make_event(path, 0)
    event = Event.open(path)
    try:
        add_players(event, 200, prefix="早")
        snapshot = take_snapshot(event.store, "200 players")
        add_players(event, 100, prefix="晚")
        now = player_names(event)
    finally:
        event.close()
    driver = Driver("restore", str(path), "-", str(snapshot.id))
    driver.wait_for("OPENED")
    time.sleep(delay)
    driver.kill()
    event = reopen(path)
    try:
        names = player_names(event)
        assert names in (now, now[:200])
        if any(line.startswith("RETURNED") for line in driver.lines):
            assert names == now[:200]
    finally:
        event.close()
