"""The venue over a PostgreSQL event: phones read through the server's own concurrency while
a station writes; a tablet's result goes through the same operation."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import quote

import pytest

from app.services import rounds
from app.services.event import Event
from app.services.queries import round_view
from app.wording import code_text
from tests.pg import PostgresServer, find_binaries
from tests.web.conftest import CODE, GROUP, NAMES, start_venue

pytestmark = pytest.mark.slow  # a PostgreSQL server


@pytest.fixture
def pg_event(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    monkeypatch.setenv("GOMOKU_ARBITER_SNAPSHOTS", str(tmp_path / "server-snapshots"))
    binaries = find_binaries()
    assert binaries is not None, "Debian's postgresql package is needed (README, .ci/run)"
    server = PostgresServer(binaries).start()
    try:
        url = server.new_database()
        with Event.create(url, preset="qiwang-2022", station="setup") as event:
            from app.services.players import add_player

            for name in NAMES[:6]:
                add_player(event, GROUP, name=name)
            rounds.pair_next_round(event, GROUP)
        yield url
    finally:
        server.stop()


def test_phones_follow_a_postgresql_event_and_a_tablet_writes_to_it(pg_event: str) -> None:
    venue = start_venue(pg_event)
    api = f"/api/groups/{quote(GROUP)}"
    try:
        assert venue.get_json(api + "/round")["round"] == 1
        mark = venue.get_json("/api/changes")["mark"]
        with Event.open(pg_event, station="window") as event:
            rounds.enter_result(event, GROUP, 1, 1, ["1-0"])
        deadline = time.monotonic() + 2
        while venue.get_json("/api/changes")["mark"] == mark:
            assert time.monotonic() < deadline
            time.sleep(0.05)
        assert venue.get_json(api + "/round")["boards"][0]["result"] == "1-0"
        assert venue.post(api + "/results", {"round": 1, "board": 2, "result": "="})[0] == 401
        status, answer = venue.post(api + "/results", {"round": 1, "board": 2, "result": "="},
                                    {"X-Arbiter-Code": CODE})
        assert status == 200 and answer["station"] == "web:127.0.0.1"
        with Event.open(pg_event, station="check") as event:
            assert code_text(round_view(event, GROUP, 1).boards[1].result) == "="
    finally:
        venue.server.stop()
