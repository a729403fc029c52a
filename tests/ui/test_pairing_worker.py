"""Pairing from the window runs in a worker thread (issue 28): the window keeps answering while
the round is paired, its progress window is shown, and the round lands in the event exactly
once, even when pair is pressed again while it runs.

The pairing service is wrapped so that it waits, in the worker, until the GUI thread has
answered a timer: were the pairing run on the GUI thread, the timer could not fire before it
ended and the pairing would wait in vain (and the test fail)."""

from __future__ import annotations

import threading

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QProgressDialog

from app.services import queries
from app.services import rounds as rounds_service
from app.services.event import Event
from app.services.operations import PAIR_NEXT_ROUND, Operation
from app.ui.views import rounds as rounds_module
from tests.ui.helpers import GROUP, add_players, set_up_event

WAIT_SECONDS = 20.0


@pytest.fixture
def view(window, tmp_path):  # type: ignore[no-untyped-def]
    set_up_event(window, tmp_path)
    add_players(window, GROUP, 8)
    rounds = window.rounds_view
    window.tabs.setCurrentWidget(rounds)
    return rounds


class Gate:
    """The pairing service, held in its thread until the GUI thread has opened the gate."""

    def __init__(self) -> None:
        self.opened = threading.Event()
        self.threads: list[threading.Thread] = []
        self.waited_in_vain = False

    def pair(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        self.threads.append(threading.current_thread())
        if not self.opened.wait(WAIT_SECONDS):
            self.waited_in_vain = True
        return rounds_service.pair_next_round(*args, **kwargs)


def rounds_stored(path: str) -> int:
    with Event.open(path) as event:
        return queries.event_info(event).groups[0].rounds_paired


def test_the_window_answers_while_a_round_is_paired_and_it_is_paired_once(
        window, view, monkeypatch):  # type: ignore[no-untyped-def]
    gate = Gate()
    monkeypatch.setattr(rounds_module, "PAIR_NEXT_ROUND",
                        Operation(gate.pair, PAIR_NEXT_ROUND.warnings, PAIR_NEXT_ROUND.name))
    seen: dict[str, object] = {}

    def meanwhile() -> None:
        # In the GUI thread while the pairing waits: the progress window is up, and pair
        # pressed again (F5 twice, a double click) pairs nothing.
        seen["gui thread"] = threading.current_thread() is threading.main_thread()
        seen["progress shown"] = any(isinstance(w, QProgressDialog) and w.isVisible()
                                     for w in QApplication.topLevelWidgets())
        seen["paired again"] = view.pair_next()
        window.act_pair.trigger()
        gate.opened.set()

    QTimer.singleShot(0, meanwhile)
    info = view.pair_next()
    assert info is not None, window.last_error
    assert not gate.waited_in_vain, "the GUI thread did not answer while the pairing ran"
    assert seen == {"gui thread": True, "progress shown": True, "paired again": None}
    assert len(gate.threads) == 1 and gate.threads[0] is not threading.main_thread()
    assert info.number == 1
    path = str(window.ev.store.path)
    assert rounds_stored(path) == 1  # stored, once
    assert view.round is not None and view.round.number == 1  # and shown
    assert view.table.rowCount() == 4
    assert not any(isinstance(w, QProgressDialog) and w.isVisible()
                   for w in QApplication.topLevelWidgets())
    # The next pairing runs again (nothing was left marked as running).
    for board in queries.round_view(window.ev, GROUP, 1).boards:
        assert view.enter_result(board.number, ["1-0"]), window.last_error
    gate.opened.set()
    assert view.pair_next() is not None, window.last_error
    assert rounds_stored(path) == 2


def test_a_refused_pairing_in_the_worker_is_told_and_writes_nothing(window, view):  # type: ignore[no-untyped-def]
    assert view.pair_next() is not None, window.last_error
    # Round 1 has no results: the next round is refused, its reason in the banner.
    assert view.pair_next() is None
    assert window.banner_message() and window.last_error
    assert rounds_stored(str(window.ev.store.path)) == 1


def test_a_fault_in_the_worker_reaches_the_gui_thread(window, view, monkeypatch):  # type: ignore[no-untyped-def]
    def broken(*_args, **_kwargs):  # type: ignore[no-untyped-def]
        raise RuntimeError("engine fault")

    monkeypatch.setattr(rounds_module, "PAIR_NEXT_ROUND",
                        Operation(broken, PAIR_NEXT_ROUND.warnings, PAIR_NEXT_ROUND.name))
    with pytest.raises(RuntimeError, match="engine fault"):
        view.pair_next()
    monkeypatch.undo()
    assert view.pair_next() is not None, window.last_error  # the window pairs again
