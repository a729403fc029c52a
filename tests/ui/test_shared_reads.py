"""What the views read once and share (issue 28): the event's groups (`queries.event_info`)
are read once per change for all the views, taken from the opening worker's read-ahead on
opening; the standings view's declined awards and playoffs come from the worker too."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from app.services import importing
from app.services.event import Event
from tests.ui.helpers import GROUP, LISTS


@pytest.fixture
def paired_file(tmp_path: Path) -> Path:
    from app.services import rounds

    path = tmp_path / "赛事.db"
    with Event.create(path, preset="qiwang-2022") as event:
        importing.import_lists(event, LISTS, GROUP)
        rounds.pair_next_round(event, GROUP)
    return path


def watch(monkeypatch: pytest.MonkeyPatch, read: list[str]) -> None:
    """Note each reading of the groups, the declines and the playoffs in the window thread."""
    from app.services import awards, playoffs, queries

    for module, name in ((queries, "event_info"), (awards, "declines"),
                         (playoffs, "playoffs")):
        real = getattr(module, name)

        def noted(*args, _real=real, _name=name, **kwargs):  # type: ignore[no-untyped-def]
            if threading.current_thread() is threading.main_thread():
                read.append(_name)
            return _real(*args, **kwargs)

        monkeypatch.setattr(module, name, noted)


def visit_every_view(window) -> None:  # type: ignore[no-untyped-def]
    for index in range(window.tabs.count()):
        window.tabs.setCurrentIndex(index)


@pytest.mark.slow
def test_the_views_share_one_reading_of_the_groups_per_change(window, qtbot, paired_file,  # type: ignore[no-untyped-def]
                                                              monkeypatch) -> None:
    from app.services.operations import ADD_PLAYER
    from app.ui.operations import run_operation

    read: list[str] = []
    watch(monkeypatch, read)
    done: list[bool] = []
    assert window.opening.start(paired_file, done.append)
    qtbot.waitUntil(lambda: bool(done), timeout=20000)
    assert done == [True], window.last_error
    visit_every_view(window)
    assert read == []  # read by the opening's worker
    before = window.setup_view.current_group().player_count
    assert run_operation(window, ADD_PLAYER, window.ev, GROUP, name="后来者") is not None
    visit_every_view(window)
    assert read.count("event_info") == 1  # once for every view, after the change
    assert window.setup_view.current_group().player_count == before + 1  # not the old one
    assert window.standings_view.table.rowCount() == before + 1
