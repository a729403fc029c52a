"""Fixtures for the desktop program's tests: offscreen Qt, shipped fonts, a fresh window."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from collections.abc import Iterator  # noqa: E402
from pathlib import Path  # noqa: E402

import pytest  # noqa: E402
from PySide6.QtCore import QSettings  # noqa: E402

from app.ui import i18n  # noqa: E402
from app.ui.application import prepare_application  # noqa: E402


@pytest.fixture(scope="session")
def qapp_cls():  # type: ignore[no-untyped-def]
    from PySide6.QtWidgets import QApplication

    return QApplication


@pytest.fixture(scope="session", autouse=True)
def _fonts(qapp):  # type: ignore[no-untyped-def]
    prepare_application()
    yield


@pytest.fixture
def settings(tmp_path: Path) -> QSettings:
    """Settings in a file of the test's own (recent files, layout, language)."""
    return QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)


@pytest.fixture
def window(qtbot, settings: QSettings) -> Iterator[object]:  # type: ignore[no-untyped-def]
    from app.ui.main_window import MainWindow

    i18n.set_language("zh")
    main = MainWindow(settings)
    qtbot.addWidget(main)
    main.resize(1280, 860)
    main.show()
    yield main
    if main.ev is not None:
        main.close_event()
    i18n.set_language("zh")


@pytest.fixture
def saved(monkeypatch, tmp_path: Path) -> list[Path]:  # type: ignore[no-untyped-def]
    """The file dialog answers with a new PDF path in tmp_path (the event's folder, where it
    must open) each time it is asked; the paths given, in order."""
    from app.ui import common

    paths: list[Path] = []

    def save_at(_parent, _title, start, _filters):  # type: ignore[no-untyped-def]
        assert start.startswith(str(tmp_path))
        paths.append(tmp_path / f"saved-{len(paths) + 1}.pdf")
        return paths[-1]

    monkeypatch.setattr(common, "ask_save_path", save_at)
    return paths
