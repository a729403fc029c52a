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
