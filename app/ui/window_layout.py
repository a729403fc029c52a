"""The window's layout kept between sessions: its size and place, each view's own layout,
the view shown last, and the size of the text (read from across the room at the venue)."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication, QMainWindow, QTabWidget, QWidget


def restore_layout(window: QMainWindow, settings: QSettings, views: Sequence[QWidget],
                   tabs: QTabWidget) -> None:
    geometry = settings.value("window/geometry")
    if geometry is not None:
        window.restoreGeometry(geometry)
    else:
        window.resize(1200, 800)
    state = settings.value("window/state")
    if state is not None:
        window.restoreState(state)
    for view in views:
        restorer = getattr(view, "restore_layout", None)
        if restorer is not None:
            restorer(settings)
    tab = settings.value("window/tab", 0)
    try:
        tabs.setCurrentIndex(int(str(tab)))
    except (TypeError, ValueError):
        pass


def save_layout(window: QMainWindow, settings: QSettings, views: Sequence[QWidget],
                tabs: QTabWidget) -> None:
    settings.setValue("window/geometry", window.saveGeometry())
    settings.setValue("window/state", window.saveState())
    settings.setValue("window/tab", tabs.currentIndex())
    for view in views:
        saver = getattr(view, "save_layout", None)
        if saver is not None:
            saver(settings)
    settings.sync()


def zoom(settings: QSettings, step: int) -> float:
    """Larger or smaller text everywhere; the size is kept for the next session."""
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    font = app.font()
    size = min(28.0, max(7.0, font.pointSizeF() + step))
    font.setPointSizeF(size)
    app.setFont(font)
    settings.setValue("font_size", size)
    return size
