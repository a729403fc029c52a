"""The standings the window shows are worked out once per change and shared (issue 28), and
worked out ahead in a worker thread once the arbiter pauses: the standings view and the
crosstable then open without working them out again; what a worker brings back for the event
as it was before a change is never shown."""

from __future__ import annotations

import threading

import pytest
from PySide6.QtWidgets import QApplication

from app.services import ranking
from tests.ui.helpers import GROUP, add_players, set_up_event


@pytest.fixture
def calls(monkeypatch):  # type: ignore[no-untyped-def]
    """The threads `ranking.rankings` and `ranking.crosstable` were worked out in."""
    seen: dict[str, list[bool]] = {"rankings": [], "crosstable": []}
    for name in seen:
        original = getattr(ranking, name)

        def counted(*args, _original=original, _name=name, **kwargs):  # type: ignore[no-untyped-def]
            seen[_name].append(threading.current_thread() is threading.main_thread())
            return _original(*args, **kwargs)

        monkeypatch.setattr(ranking, name, counted)
    return seen


def quiet(cache) -> None:  # type: ignore[no-untyped-def]
    """No computation ahead running or coming (what one brought back arrived and dropped)."""
    cache.settle()
    QApplication.processEvents()
    cache.changed(warm=False)


@pytest.fixture
def paired(window, tmp_path):  # type: ignore[no-untyped-def]
    set_up_event(window, tmp_path)
    add_players(window, GROUP, 8)
    rounds = window.rounds_view
    window.tabs.setCurrentWidget(rounds)
    assert rounds.pair_next() is not None, window.last_error
    return rounds


def test_after_a_pause_the_standings_are_ready_when_shown(window, qtbot, paired, calls):  # type: ignore[no-untyped-def]
    cache = window.standings
    quiet(cache)
    for key in calls:
        calls[key].clear()
    assert paired.enter_result(1, ["1-0"]), window.last_error  # a change: worked out again
    qtbot.waitUntil(lambda: GROUP in cache._rankings and GROUP in cache._crosstables,
                    timeout=10000)
    assert calls == {"rankings": [False], "crosstable": [False]}  # once each, in a worker
    window.tabs.setCurrentWidget(window.standings_view)
    window.standings_view.pages.setCurrentIndex(1)
    assert calls == {"rankings": [False], "crosstable": [False]}  # shown, not worked out again
    assert window.standings_view.table.rowCount() == 8
    assert window.standings_view.crosstable.model.rowCount() == 8
    # The first board's winner leads: what is shown is the event after the change.
    winner = next(b for b in paired.round.boards if b.number == 1).first
    assert window.standings_view.table.item(0, 1).text() == winner.name


def test_what_a_worker_brings_back_for_the_event_before_a_change_is_dropped(
        window, qtbot, paired, calls):  # type: ignore[no-untyped-def]
    cache = window.standings
    quiet(cache)
    cache._warm()  # worked out ahead ...
    assert cache._warming
    assert paired.enter_result(1, ["0-1"]), window.last_error  # ... and the event changes
    qtbot.waitUntil(lambda: not cache._warming, timeout=10000)
    window.tabs.setCurrentWidget(window.standings_view)
    # Shown: the event after the change (the second mover of board 1 won), not before it
    # (no results: the first seed on top).
    winner = next(b for b in paired.round.boards if b.number == 1).second
    assert window.standings_view.table.item(0, 1).text() == winner.name


def test_the_standings_are_worked_out_once_for_the_table_and_the_crosstable(
        window, paired, calls):  # type: ignore[no-untyped-def]
    quiet(window.standings)
    for key in calls:
        calls[key].clear()
    window.tabs.setCurrentWidget(window.standings_view)
    window.standings_view.pages.setCurrentIndex(1)
    window.standings_view.pages.setCurrentIndex(0)
    window.tabs.setCurrentWidget(window.rounds_view)
    window.tabs.setCurrentWidget(window.standings_view)
    assert calls == {"rankings": [True], "crosstable": [True]}


def test_a_view_asking_while_a_worker_works_its_group_out_waits_for_it(window, paired, calls):  # type: ignore[no-untyped-def]
    cache = window.standings
    quiet(cache)
    for key in calls:
        calls[key].clear()
    cache._warm()
    assert cache._warming
    window.tabs.setCurrentWidget(window.standings_view)  # asks at once
    assert calls["rankings"] == [False]  # worked out once, by the worker
    assert window.standings_view.table.rowCount() == 8


def test_standings_held_are_shown_without_waiting_for_a_worker_on_the_crosstable(
        window, paired, calls, monkeypatch):  # type: ignore[no-untyped-def]
    cache = window.standings
    quiet(cache)
    event = window.ev
    cache.rankings(event, GROUP)  # held now; the worker would work out the crosstable only
    go = threading.Event()
    crosstable = ranking.crosstable

    def held_back(*args, **kwargs):  # type: ignore[no-untyped-def]
        assert go.wait(20)
        return crosstable(*args, **kwargs)

    monkeypatch.setattr(ranking, "crosstable", held_back)
    cache._warm()
    assert cache._warming
    try:
        window.tabs.setCurrentWidget(window.standings_view)  # not waiting for the crosstable
        assert cache._warming and window.standings_view.table.rowCount() == 8
    finally:
        go.set()
        cache.settle()
