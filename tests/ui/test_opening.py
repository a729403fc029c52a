"""Opening an event file in a worker thread (issue 28, app/ui/opening.py): the window shows
which file opens and keeps answering; the event's menus stay disabled until it is there; a
refusal is told as before and the window goes back to what it showed."""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
import shiboken6
from PySide6.QtCore import QTimer

from app.services import importing
from app.services.event import Event
from app.ui import opening
from tests.ui.helpers import GROUP, LISTS, screenshot


@pytest.fixture
def event_file(tmp_path: Path) -> Path:
    path = tmp_path / "赛事.db"
    with Event.create(path, preset="qiwang-2022") as event:
        importing.import_lists(event, LISTS, GROUP)
    return path


@pytest.fixture
def held(monkeypatch: pytest.MonkeyPatch) -> Iterator[threading.Event]:
    """The worker waits, once it has started, until the test lets it go on."""
    go = threading.Event()
    load = opening.load_and_open

    def waiting(path: str, view_module: str) -> Event:
        assert go.wait(20)
        return load(path, view_module)

    monkeypatch.setattr(opening, "load_and_open", waiting)
    yield go
    go.set()


def test_the_window_shows_the_file_it_opens_and_answers_meanwhile(window, qtbot, event_file,
                                                                  held) -> None:
    done: list[bool] = []
    assert window.opening.start(event_file, done.append)
    page = window.opening.page
    assert window.stack.currentWidget() is page
    assert page.text.text() == f"正在打开：{event_file}"
    assert page.bar.maximum() == 0  # a busy bar: how long is not known
    assert str(event_file) in window.status_label.text()
    ticks: list[int] = []
    timer = QTimer()
    timer.timeout.connect(lambda: ticks.append(1))
    timer.start(10)
    # the worker holds: the window's own loop runs meanwhile (its timer answers)
    qtbot.waitUntil(lambda: len(ticks) >= 3, timeout=10000)
    # the event's menus wait for the event; opening another file or closing waits too
    assert not window.act_close.isEnabled() and not window.act_export.isEnabled()
    assert not window.opening.start(event_file.with_name("other.db"))
    assert not window.open_demo(event_file.with_name("demo.db"))
    assert window.ev is None and window.stack.currentWidget() is page
    window.close()
    assert window.isVisible()  # not closed under the opening
    screenshot(window, "opening/01-opening")
    held.set()
    qtbot.waitUntil(lambda: bool(done), timeout=20000)
    timer.stop()
    assert done == [True]
    assert window.ev is not None and window.ev.store.path == event_file
    assert window.stack.currentWidget() is window.tabs
    setup = window.setup_view
    groups = [setup.group_list.item(i).text() for i in range(setup.group_list.count())]
    assert GROUP in groups
    assert "赛事.db" in window.windowTitle()
    assert window.act_close.isEnabled() and window.act_export.isEnabled()
    assert window.recent_files()[0] == str(event_file)
    assert window.status_label.text() == f"已打开：{event_file}"
    screenshot(window, "opening/02-opened")


def test_a_file_that_is_no_event_is_refused_and_the_start_page_shown_again(
        window, qtbot, tmp_path) -> None:
    bad = tmp_path / "not-an-event.db"
    bad.write_text("hello", encoding="utf-8")
    done: list[bool] = []
    assert window.opening.start(bad, done.append)
    qtbot.waitUntil(lambda: bool(done), timeout=20000)
    assert done == [False] and window.ev is None
    assert window.stack.currentWidget() is window.start_page
    assert "不是赛事文件" in window.banner_message()
    assert "not-an-event.db" in window.banner_message()
    assert not window.opening.busy and not window.act_close.isEnabled()


def test_a_file_of_a_newer_program_is_refused_and_the_open_event_stays(window, qtbot, tmp_path,
                                                                       event_file) -> None:
    assert window.open_event(event_file)
    newer = tmp_path / "newer.db"
    Event.create(newer, preset="qiwang-2022").close()
    with sqlite3.connect(newer) as connection:
        connection.execute("UPDATE meta SET value = '99' WHERE key = 'schema_version'")
    done: list[bool] = []
    window.set_language("en")
    assert window.opening.start(newer, done.append)
    assert window.opening.page.text.text() == f"Opening: {newer}"
    qtbot.waitUntil(lambda: bool(done), timeout=20000)
    assert done == [False]
    assert "newer" in window.banner_message()
    assert window.ev is not None and window.ev.store.path == event_file
    assert window.stack.currentWidget() is window.tabs


def test_the_open_dialog_opens_in_the_worker(window, qtbot, event_file, monkeypatch) -> None:
    from app.ui import common

    monkeypatch.setattr(common, "ask_open_path", lambda *a, **k: event_file)
    window.act_open.trigger()
    assert window.stack.currentWidget() is window.opening.page
    qtbot.waitUntil(lambda: window.ev is not None, timeout=20000)
    assert window.stack.currentWidget() is window.tabs


def in_window_thread() -> bool:
    return threading.current_thread() is threading.main_thread()


def opened_in_worker(window, qtbot, path: Path) -> None:  # type: ignore[no-untyped-def]
    done: list[bool] = []
    assert window.opening.start(path, done.append)
    qtbot.waitUntil(lambda: bool(done), timeout=20000)
    assert done == [True], window.last_error


@pytest.fixture
def paired_file(event_file: Path) -> Path:
    from app.services import rounds

    with Event.open(event_file) as event:
        rounds.pair_next_round(event, GROUP)
    return event_file


def test_the_first_views_show_what_the_worker_read(window, qtbot, paired_file,
                                                   monkeypatch) -> None:
    from app.services import queries, ranking
    from app.services import rounds as rounds_service

    opened_in_worker(window, qtbot, paired_file)
    read: list[str] = []
    for module, name in ((queries, "players"), (queries, "round_view"),
                         (rounds_service, "points_before_round"),
                         (rounds_service, "round_refusals"), (ranking, "rankings")):
        real = getattr(module, name)
        monkeypatch.setattr(module, name, lambda *a, _r=real, _n=name, **k: (
            in_window_thread() and read.append(_n), _r(*a, **k))[1])
    window.tabs.setCurrentWidget(window.players_view)
    window.tabs.setCurrentWidget(window.rounds_view)
    window.tabs.setCurrentWidget(window.standings_view)
    assert read == []  # read in the worker, not in the window's thread
    with Event.open(paired_file) as event:
        players = queries.players(event)
        boards = queries.round_view(event, GROUP, 1).boards
    assert window.players_view.table.rowCount() == len(players)
    assert window.rounds_view.table.rowCount() == len(boards)
    in_group = [p for p in players if p.group == GROUP]
    assert window.standings_view.table.rowCount() == len(in_group)
    assert window.rounds_view.current_round_number() == 1
    assert window.act_unpair.isEnabled()  # the refusals read ahead: round 1 can be taken back
    read.clear()
    window.tabs.setCurrentWidget(window.setup_view)
    window.players_view.stale = True
    window.tabs.setCurrentWidget(window.players_view)
    assert read == ["players"]  # taken once: a later refresh reads afresh


def test_what_the_worker_read_is_not_shown_after_a_change(window, qtbot, event_file) -> None:
    from app.services.operations import ADD_PLAYER
    from app.ui.operations import run_operation

    opened_in_worker(window, qtbot, event_file)
    assert run_operation(window, ADD_PLAYER, window.ev, GROUP, name="后来者") is not None
    window.tabs.setCurrentWidget(window.players_view)
    names = [window.players_view.table.item(r, 1).text()
             for r in range(window.players_view.table.rowCount())]
    assert "后来者" in names


def test_a_window_closed_while_its_file_loads_is_left_alone(qtbot, settings, event_file,
                                                            held) -> None:
    from app.ui.main_window import MainWindow

    main = MainWindow(settings)
    main.show()
    assert main.opening.start(event_file)
    opening = main.opening
    main.deleteLater()  # (the program quitting, say)
    qtbot.waitUntil(lambda: not shiboken6.isValid(main), timeout=5000)
    held.set()
    qtbot.waitUntil(lambda: not opening.busy, timeout=20000)  # answered, nothing raised
    with Event.open(event_file) as event:  # and the file was let go
        assert event.store.path == event_file
