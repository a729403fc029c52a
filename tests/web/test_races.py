"""Writers racing on one board, with real concurrent clients, on SQLite and on PostgreSQL:
two corrections that saw the same result never both hear OK, and two players confirming at
once enter their result exactly once (issue 26)."""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest

from app.services import rounds
from app.services import venue as venue_service
from app.services.event import Event
from app.services.players import add_player
from app.services.queries import round_view
from app.wording import code_text
from tests.web.conftest import CODE, GROUP, start_venue

API = f"/api/groups/{quote(GROUP)}"
PLAYERS = 40  # 20 boards: 20 races of each kind


def _fill(event: Event) -> None:
    for k in range(PLAYERS):
        add_player(event, GROUP, name=f"棋手{k + 1:02d}", gender="M")
    rounds.pair_next_round(event, GROUP)


@pytest.fixture(params=["sqlite", "postgresql"])
def location(request: pytest.FixtureRequest, tmp_path: Path) -> str | Path:
    """The event, on a SQLite file or in a fresh database on the suite's server."""
    where: str | Path = tmp_path / "race.db" if request.param == "sqlite" \
        else request.getfixturevalue("pg_url")
    with Event.create(where, preset="qiwang-2022", station="setup") as event:
        _fill(event)
    return where


def _at_once(*calls: Callable[[], Any]) -> list[Any]:
    """Run the calls in threads released together; their answers (or exceptions)."""
    barrier = threading.Barrier(len(calls))
    answers: list[Any] = [None] * len(calls)

    def run(k: int) -> None:
        barrier.wait(timeout=30)
        try:
            answers[k] = calls[k]()
        except Exception as error:  # noqa: BLE001 (the answer is what the test looks at)
            answers[k] = error

    threads = [threading.Thread(target=run, args=(k,)) for k in range(len(calls))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    return answers


def _results(location: str | Path) -> list[str]:
    with Event.open(location, station="check") as event:
        return [code_text(b.result) for b in round_view(event, GROUP, 1).boards]


def test_corrections_that_saw_the_same_result_never_both_hear_ok(
        location: str | Path) -> None:
    """Two tablets and the desk correct one board at once, each having seen 1-0 (60 races):
    exactly one is told OK, the others are refused naming the new result."""
    boards = PLAYERS // 2
    with Event.open(location, station="desk") as event:
        rounds.enter_results(event, GROUP, 1, {b: ["1-0"] for b in range(1, boards + 1)})
    v = start_venue(location)
    desk = Event.open(location, station="desk")
    try:
        for race in range(3 * boards):
            board = race % boards + 1
            if race >= boards:  # the board back to 1-0 for the next race on it
                rounds.enter_result(desk, GROUP, 1, board, ["1-0"], replace=True)
            body = {"round": 1, "board": board, "replace": True, "expected": "1-0"}

            def tablet(result: str, body: dict[str, Any] = body) -> Callable[[], Any]:
                return lambda: v.post(API + "/results", {**body, "result": result},
                                      {"X-Arbiter-Code": CODE})

            def window(board: int = board) -> list[str]:
                # The desk's correction guarded the same way: it saw 1-0 and writes =.
                return venue_service.enter_hall_result(desk, "desk", GROUP, 1, board, ["="],
                                                       replace=True, expected="1-0")

            first, second, at_desk = _at_once(tablet("0-1"), tablet("="), window)
            told_ok = [first[0] == 200, second[0] == 200, isinstance(at_desk, list)]
            assert told_ok.count(True) == 1, (race, first, second, at_desk)
            for answer in (first, second):
                assert answer[0] in (200, 409), answer
            winner = ["0-1", "=", "="][told_ok.index(True)]
            assert _results(location)[board - 1] == winner
    finally:
        desk.close()
        v.server.stop()


def test_two_players_confirming_at_once_enter_the_result_once(location: str | Path) -> None:
    boards = PLAYERS // 2
    with Event.open(location, station="desk") as event:
        venue_service.set_player_confirmation(event, GROUP, True)
        codes = venue_service.slip_codes(event, GROUP, 1)
    v = start_venue(location)
    try:
        states = []
        for board in range(1, boards + 1):
            body = {"round": 1, "board": board, "result": "1-0"}
            first, second = codes[board]
            states.append(sorted(
                answer[1]["state"] for answer in _at_once(
                    lambda s=first, b=body: v.post(API + "/confirm", {**b, "slip": s}),
                    lambda s=second, b=body: v.post(API + "/confirm", {**b, "slip": s}))))
        assert states == [["entered", "waiting"]] * boards
        assert _results(location) == ["1-0"] * boards
        with Event.open(location, station="check") as event:
            from sqlalchemy import func, select

            from app.store.models import UndoEntry

            with event.reading() as session:
                entered = session.scalar(select(func.count()).select_from(UndoEntry).where(
                    UndoEntry.station == "web:player"))
        assert entered == boards  # one operation per board, not two
    finally:
        v.server.stop()


def test_a_confirmation_racing_the_arbiter_enters_one_result(location: str | Path) -> None:
    """The last player's confirmation and the arbiter's own entry of the board at once: one
    of them is stored, the other refused, never the result entered twice."""
    with Event.open(location, station="desk") as event:
        venue_service.set_player_confirmation(event, GROUP, True)
        codes = venue_service.slip_codes(event, GROUP, 1)
    v = start_venue(location)
    try:
        for board in range(1, 11):
            first, second = codes[board]
            body = {"round": 1, "board": board, "result": "1-0"}
            assert v.post(API + "/confirm", {**body, "slip": first})[1] == {"state": "waiting"}
            player, arbiter = _at_once(
                lambda s=second, b=body: v.post(API + "/confirm", {**b, "slip": s}),
                lambda b=body: v.post(API + "/results", {**b, "result": "0-1"},
                                      {"X-Arbiter-Code": CODE}))
            assert sorted([player[0], arbiter[0]]) == [200, 409], (player, arbiter)
            ok = player if player[0] == 200 else arbiter
            assert ok[1].get("state", "entered") == "entered"
        stored = _results(location)[:10]
        assert all(result in ("1-0", "0-1") for result in stored)
    finally:
        v.server.stop()
