"""The program's start: its names for settings and data, the start-up self-test."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QCoreApplication, QStandardPaths
from PySide6.QtWidgets import QWidget

from app.ui.application import APPLICATION, ORGANISATION, prepare_application, self_test


def test_settings_and_data_folders_are_named_after_the_program() -> None:
    prepare_application()
    assert QCoreApplication.applicationName() == APPLICATION
    assert QCoreApplication.organizationName() == ORGANISATION
    data = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppDataLocation)
    assert data.endswith(f"{ORGANISATION}/{APPLICATION}")
    assert "main" not in Path(data).name


def test_self_test_saves_the_shown_window_and_reports_success(window, qtbot, tmp_path) -> None:
    codes: list[int] = []
    shot = tmp_path / "window.png"
    self_test(window, shot, seconds=5, done=codes.append)
    qtbot.waitUntil(lambda: bool(codes), timeout=6000)
    assert codes == [0]
    assert shot.stat().st_size > 1000


def test_self_test_fails_when_the_window_never_appears(qtbot, tmp_path) -> None:
    codes: list[int] = []
    hidden = QWidget()
    qtbot.addWidget(hidden)
    self_test(hidden, tmp_path / "never.png", seconds=0.3, done=codes.append)
    qtbot.waitUntil(lambda: bool(codes), timeout=3000)
    assert codes == [1]
    assert not (tmp_path / "never.png").exists()


def test_an_event_named_on_the_command_line_opens_once_the_window_is_shown(
        window, qtbot, tmp_path) -> None:
    from app.services.event import Event
    from app.ui.application import open_when_shown

    path = tmp_path / "event.db"
    Event.create(path, preset="qiwang-2022").close()
    exposed_at_opening: list[bool] = []
    start = window.opening.start

    def opening(where, done):  # type: ignore[no-untyped-def]
        handle = window.windowHandle()
        exposed_at_opening.append(handle is not None and handle.isExposed())
        return start(where, done)

    window.opening.start = opening
    done: list[bool] = []
    open_when_shown(window, path, lambda: done.append(True))
    assert window.ev is None and str(path) in window.status_label.text()  # "opening …"
    assert window.stack.currentWidget() is window.opening.page  # shown at once
    qtbot.waitUntil(lambda: bool(done), timeout=10000)
    assert exposed_at_opening == [True]
    assert window.ev is not None and window.stack.currentWidget() is window.tabs


def test_the_self_test_waits_for_the_event_to_open(window, qtbot, tmp_path) -> None:
    codes: list[int] = []
    ready: list[bool] = []
    self_test(window, tmp_path / "window.png", seconds=5, done=codes.append,
              ready=lambda: bool(ready))
    qtbot.wait(200)
    assert codes == []  # shown, but the event is not open yet
    ready.append(True)
    qtbot.waitUntil(lambda: bool(codes), timeout=6000)
    assert codes == [0]
