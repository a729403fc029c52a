"""Benchmark: two stations enter the results of a 300-player round (150 boards) at once.

    .venv/bin/python bench/bench_stations.py [--players 300] [--stations 2] [--sqlite-only]

Starts its own PostgreSQL server (as the tests do, tests/pg.py), creates an event with one
Swiss group of N players and a paired round, then runs the stations as separate processes,
each entering its share of the boards (interleaved: station k takes boards k, k+S, ...) through
`app.services.rounds.enter_result`, one operation (transaction + undo entry) per result.
Prints the wall time, results per second, per-result latency (median, 95th percentile, max),
and checks that nothing was lost (every board has its result and its undo entry). The same
run on one SQLite file (two processes on the same file) is printed for comparison. Last, the
time to take and to restore a snapshot of that event (taken before every pairing).
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from sqlalchemy import func, select  # noqa: E402

from app.services.event import Event  # noqa: E402
from app.services.rounds import enter_result  # noqa: E402
from app.store.models import BoardRow, UndoEntry  # noqa: E402
from app.store.snapshots import restore_snapshot, take_snapshot  # noqa: E402
from tests.pg import PostgresServer, find_binaries  # noqa: E402
from tests.reliability.helpers import GROUP, add_round, make_event  # noqa: E402


def _code(board: int) -> str:
    return ("1-0", "0-1", "=")[board % 3]


def _station(location: str, name: str, boards: list[int], start: float,
             queue: multiprocessing.Queue) -> None:
    event = Event.open(location, station=name)
    latencies = []
    try:
        while time.time() < start:  # all stations begin together
            time.sleep(0.001)
        for board in boards:
            began = time.perf_counter()
            enter_result(event, GROUP, 1, board, [_code(board)])
            latencies.append(time.perf_counter() - began)
    finally:
        event.close()
    queue.put((name, latencies))


def prepare(location: str, players: int) -> None:
    make_event(location, players)
    event = Event.open(location, station="setup")
    try:
        with event.reading() as session:
            from app.store.models import Player

            ids = list(session.scalars(select(Player.id).order_by(Player.id)))
        add_round(event, ids)
    finally:
        event.close()


def run(location: str, players: int, stations: int) -> dict[str, float]:
    prepare(location, players)
    boards = list(range(1, players // 2 + 1))
    context = multiprocessing.get_context("spawn")
    queue: multiprocessing.Queue = context.Queue()
    start = time.time() + 3.0  # time for the processes to start and import
    processes = [
        context.Process(target=_station,
                        args=(location, f"station-{k + 1}", boards[k::stations], start, queue))
        for k in range(stations)
    ]
    for process in processes:
        process.start()
    results = [queue.get(timeout=600) for _ in processes]
    for process in processes:
        process.join()
    wall = time.time() - start
    latencies = sorted(latency for _name, values in results for latency in values)

    event = Event.open(location, station="check")
    try:
        with event.reading() as session:
            stored = dict(session.execute(
                select(BoardRow.number, BoardRow.result)).all())
            undo = session.scalar(select(func.count()).select_from(UndoEntry).where(
                UndoEntry.operation == "enter_result"))
    finally:
        event.close()
    lost = [b for b in boards if stored.get(b) != _code(b)]
    return {
        "boards": len(boards),
        "wall": wall,
        "per_second": len(boards) / wall,
        "median_ms": statistics.median(latencies) * 1000,
        "p95_ms": latencies[int(0.95 * (len(latencies) - 1))] * 1000,
        "max_ms": latencies[-1] * 1000,
        "lost": len(lost),
        "undo_entries": undo or 0,
    }


def snapshot_times(location: str) -> str:
    event = Event.open(location, station="bench")
    try:
        began = time.perf_counter()
        info = take_snapshot(event.store, "bench")
        taken = time.perf_counter() - began
        began = time.perf_counter()
        restore_snapshot(event.store, info.id)
        restored = time.perf_counter() - began
    finally:
        event.close()
    return (f"snapshot of that event: {info.size / 1024:.0f} KB taken in {taken * 1000:.0f} ms,"
            f" restored (with its own 'before restore' snapshot) in {restored * 1000:.0f} ms")


def _print(title: str, figures: dict[str, float]) -> None:
    print(f"{title}: {figures['boards']} results by the stations in {figures['wall']:.2f} s"
          f" ({figures['per_second']:.0f}/s); per result median {figures['median_ms']:.1f} ms,"
          f" p95 {figures['p95_ms']:.1f} ms, max {figures['max_ms']:.1f} ms;"
          f" lost {figures['lost']}, undo entries {figures['undo_entries']}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=300)
    parser.add_argument("--stations", type=int, default=2)
    parser.add_argument("--sqlite-only", action="store_true")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as folder:
        location = str(Path(folder) / "event.gomoku")
        figures = run(location, args.players, args.stations)
        _print(f"SQLite file, {args.stations} processes", figures)
        print("  " + snapshot_times(location))
    failed = figures["lost"] > 0

    if not args.sqlite_only:
        binaries = find_binaries()
        if binaries is None:
            print("PostgreSQL: server binaries not found; skipped")
        else:
            server = PostgresServer(binaries).start()
            snapshots = tempfile.TemporaryDirectory()
            os.environ["GOMOKU_ARBITER_SNAPSHOTS"] = snapshots.name
            try:
                location = server.new_database()
                figures = run(location, args.players, args.stations)
                _print(f"PostgreSQL, {args.stations} stations", figures)
                print("  " + snapshot_times(location))
                failed = failed or figures["lost"] > 0
            finally:
                server.stop()
                snapshots.cleanup()
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
