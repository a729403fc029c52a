"""Two stations importing the same qualifier list at the same moment store each person once
(on one SQLite file and on a PostgreSQL server): the second import, waiting for the first,
finds them there and says so row by row."""

from __future__ import annotations

import shutil
import threading
from pathlib import Path

from app.services.event import Event
from app.services.importing import ImportReport, import_lists
from app.services.queries import players

IMPORTS = Path(__file__).resolve().parents[1] / "data" / "imports"
GROUP = "公开组"
ROUNDS = 3


def test_two_stations_importing_one_list_at_once_store_each_person_once(
        location: str, tmp_path: Path) -> None:
    source = tmp_path / "网络入围赛.csv"
    shutil.copy(IMPORTS / "qiwang-2022-period-1.csv", source)
    Event.create(location, preset="qiwang-2022", station="setup").close()
    for attempt in range(ROUNDS):
        a = Event.open(location, station="A")
        b = Event.open(location, station="B")
        barrier = threading.Barrier(2)
        reports: dict[str, ImportReport] = {}
        failures: list[BaseException] = []

        def run(event: Event, name: str, barrier: threading.Barrier = barrier,
                reports: dict[str, ImportReport] = reports,
                failures: list[BaseException] = failures) -> None:
            barrier.wait(10)
            try:
                reports[name] = import_lists(event, [source], GROUP, valid_only=True,
                                             sources=["网络入围赛"])
            except BaseException as error:  # surfaced below
                failures.append(error)

        threads = [threading.Thread(target=run, args=(a, "A")),
                   threading.Thread(target=run, args=(b, "B"))]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(120)
        try:
            assert not failures
            stored = players(a, GROUP)
            keys = [(p.name, p.id_number, p.platform_id) for p in stored]
            assert len(keys) == len(set(keys)) > 10  # nobody twice
            written = sum(r.entrants for r in reports.values())
            assert written == (len(stored) if attempt == 0 else 0)
        finally:
            a.close()
            b.close()
