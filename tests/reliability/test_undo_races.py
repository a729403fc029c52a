"""Undo and redo between stations (多机录入), on one SQLite file and on a PostgreSQL server.

- Undo is per station: Ctrl+Z takes back this station's own last operation; another
  station's only when it is named by its number in the log, which says whose and what.
- Two stations undoing the same entry at the same moment: exactly one is told it succeeded.
- A redo racing another station's new change of the same row: exactly one of the two is
  stored, and whatever is stored is what the undo log says (undoing it gives the row back).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path

import pytest

from app.cli import main
from app.errors import UserError
from app.services import players
from app.services.event import Event
from app.services.queries import players as listed
from tests.reliability.helpers import new_event

GROUP = "第二阶段"  # the first group of the preset the helpers use
RACES = 12  # rounds per race; each one is two stations released by one barrier


def _units(event: Event) -> dict[int, str]:
    return {p.id: p.unit for p in listed(event, GROUP)}


def _together(*calls: Callable[[], object]) -> list[object]:
    """Run the calls at once (one thread each, released together); their results or errors."""
    barrier = threading.Barrier(len(calls))
    out: list[object] = [None] * len(calls)

    def run(k: int) -> None:
        barrier.wait(10)
        try:
            out[k] = calls[k]()
        except BaseException as error:  # noqa: BLE001 - the test looks at it
            out[k] = error

    threads = [threading.Thread(target=run, args=(k,)) for k in range(len(calls))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    return out


def test_undo_takes_back_this_stations_operation_not_the_last_one(location: str) -> None:
    a = new_event(location, station="A")
    b = Event.open(location, station="B")
    try:
        mine = players.add_player(a, GROUP, name="甲")
        theirs = players.add_player(b, GROUP, name="乙")
        assert a.can_undo() is not None and "甲" in a.can_undo()
        assert "甲" in (a.undo() or "")
        assert sorted(_units(a)) == [theirs]  # B's player stays
        assert a.undo() is None  # A has nothing more of its own (creating is not undoable)
        assert b.can_redo() is None and "甲" in (a.can_redo() or "")
        # Taking back B's operation needs its number; the log says whose and what it is.
        [entry] = [e for e in a.history() if e.station == "B"]
        assert "乙" in entry.description
        assert a.undo(entry.id) == entry.description
        assert _units(a) == {}
        assert mine != theirs
    finally:
        a.close()
        b.close()


def test_two_stations_undoing_one_entry_at_once_only_one_succeeds(location: str) -> None:
    a = new_event(location, station="A")
    b = Event.open(location, station="B")
    try:
        for k in range(RACES):
            players.add_player(a, GROUP, name=f"棋手{k}")
            entry = a.history(1)[0]
            number = entry.id
            outcomes = _together(lambda: a.undo(number), lambda: b.undo(number))  # noqa: B023
            succeeded = [o for o in outcomes if o == entry.description]
            refused = [o for o in outcomes if isinstance(o, UserError)]
            assert len(succeeded) == 1 and len(refused) == 1, outcomes
            assert "already undone" in refused[0].en
            assert _units(a) == {}
            assert a.history(1)[0].undone
    finally:
        a.close()
        b.close()


def test_one_station_on_two_laptops_undoing_at_once_undoes_two_entries(location: str) -> None:
    """The same station name twice (two windows): each Ctrl+Z takes back a different entry."""
    a = new_event(location, station="A")
    a2 = Event.open(location, station="A")
    try:
        for k in range(RACES):
            players.add_player(a, GROUP, name=f"甲{k}")
            players.add_player(a, GROUP, name=f"乙{k}")
            outcomes = _together(a.undo, a2.undo)
            assert all(isinstance(o, str) for o in outcomes), outcomes
            assert len(set(outcomes)) == 2
            assert _units(a) == {}
    finally:
        a.close()
        a2.close()


def test_redo_racing_a_new_change_of_the_same_row_never_writes_behind_the_log(
        location: str) -> None:
    a = new_event(location, station="A")
    b = Event.open(location, station="B")
    try:
        pid = players.add_player(a, GROUP, name="张三", unit="原单位")
        wins = {"redo": 0, "edit": 0, "both": 0}
        for k in range(RACES):
            players.update_player(a, pid, unit=f"甲{k}")
            a.undo()
            assert _units(a)[pid] == "原单位"
            redo, edit = _together(a.redo, lambda k=k: players.update_player(b, pid,
                                                                             unit=f"乙{k}"))
            stored = _units(a)[pid]
            assert not isinstance(redo, BaseException) or isinstance(redo, UserError), redo
            assert not isinstance(edit, BaseException) or isinstance(edit, UserError), edit
            redone, edited = isinstance(redo, str), edit is None
            assert redone or edited  # one of them at least is stored
            if redone and edited:
                # One after the other: B edited what the redo had written (never the reverse:
                # a redo over B's change would write what the log does not record).
                assert stored == f"乙{k}"
                wins["both"] += 1
            else:
                assert stored == (f"甲{k}" if redone else f"乙{k}")
                wins["redo" if redone else "edit"] += 1
            # Whatever is stored, the log knows it: undoing the stored changes, newest
            # first, gives the row back as it was.
            if edited:
                assert b.undo() is not None
            if redone:
                assert a.undo() is not None
            assert _units(a)[pid] == "原单位"
        assert sum(wins.values()) == RACES
    finally:
        a.close()
        b.close()


def test_undo_command_names_whose_operation_it_takes_back(tmp_path: Path,
                                                          capsys: pytest.CaptureFixture
                                                          ) -> None:
    path = tmp_path / "e.gomoku"
    new_event(path, station="A").close()
    with Event.open(path, station="B") as b:
        players.add_player(b, GROUP, name="乙")
    assert main(["undo", str(path)]) == 1  # this station (the default name) has none
    assert main(["undo", str(path), "--list"]) == 0
    listing = capsys.readouterr().out
    assert "B" in listing and "乙" in listing
    number = next(line.split()[0] for line in listing.splitlines() if "乙" in line)
    assert main(["undo", str(path), "--entry", number]) == 0
    out = capsys.readouterr().out
    assert "B" in out and "乙" in out
    assert main(["undo", str(path), "--entry", number]) == 2
    assert "already undone" in capsys.readouterr().err
    assert main(["redo", str(path), "--entry", number]) == 0
    assert main(["undo", str(path), "--entry", str(10**30)]) == 2
