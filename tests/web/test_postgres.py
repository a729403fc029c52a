"""The venue over a PostgreSQL event: phones read through the server's own concurrency while
a station writes; a tablet's result goes through the same operation."""

from __future__ import annotations

import time
from urllib.parse import quote

import pytest

from app.services import rounds
from app.services.event import Event
from app.services.players import add_player
from app.services.queries import round_view
from app.wording import code_text
from tests.web.conftest import CODE, GROUP, NAMES, start_venue

pytestmark = pytest.mark.slow  # a PostgreSQL server


@pytest.fixture
def pg_event(pg_url: str) -> str:
    """Six players paired for round 1, in a fresh database on the suite's server."""
    with Event.create(pg_url, preset="qiwang-2022", station="setup") as event:
        for name in NAMES[:6]:
            add_player(event, GROUP, name=name)
        rounds.pair_next_round(event, GROUP)
    return pg_url


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
